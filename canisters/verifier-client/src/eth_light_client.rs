//! The Candid types of the verifier's Ethereum light client (`icbls::light_client` in the
//! canister): its setting in the install argument, the beacon API's SSZ bodies it takes, and
//! the headers it answers with.

use candid::CandidType;
use serde::Deserialize;

/// The networks the light client can follow, as [`EthLightClientInit::network`] names them.
pub const ETH_NETWORKS: [&str; 4] = ["mainnet", "sepolia", "holesky", "hoodi"];

/// The light client's setting in [`InitArgs`](crate::InitArgs): the network it follows and the
/// block it starts from.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct EthLightClientInit {
    /// One of [`ETH_NETWORKS`]: `"mainnet"`, `"sepolia"`, `"holesky"` or `"hoodi"`.
    pub network: String,
    /// The root of the beacon block the client starts from (32 bytes): a checkpoint the
    /// operator checked outside the protocol (a recent finalized block root, from sources it
    /// trusts). `eth_light_client_bootstrap` takes only this block's bootstrap. An upgrade that
    /// names another root drops the store: the client starts again from the new block.
    #[serde(with = "serde_bytes")]
    pub trusted_block_root: Vec<u8>,
}

impl EthLightClientInit {
    /// The setting for `network`, from the block whose root is `trusted_block_root`.
    pub fn new(network: impl Into<String>, trusted_block_root: Vec<u8>) -> Self {
        EthLightClientInit { network: network.into(), trusted_block_root }
    }

    /// Why the verifier cannot keep this setting, if it cannot.
    pub fn check(&self) -> Result<(), String> {
        if !ETH_NETWORKS.contains(&self.network.as_str()) {
            return Err(format!("eth_light_client.network: {:?}, not one of {ETH_NETWORKS:?}", self.network));
        }
        if self.trusted_block_root.len() != 32 {
            return Err(format!(
                "eth_light_client.trusted_block_root: {} bytes, a root is 32",
                self.trusted_block_root.len()
            ));
        }
        Ok(())
    }
}

/// The arguments of `eth_light_client_bootstrap`.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EthLightClientBootstrapArgs {
    /// The fork the bytes were written for, as the beacon API's `Eth-Consensus-Version` header
    /// names it: `"altair"`, `"bellatrix"`, `"capella"`, `"deneb"`, `"electra"` or `"fulu"`.
    pub fork: String,
    /// The `LightClientBootstrap`, SSZ, as `/eth/v1/beacon/light_client/bootstrap/{root}`
    /// serves it for the trusted block root.
    #[serde(with = "serde_bytes")]
    pub bootstrap: Vec<u8>,
}

impl EthLightClientBootstrapArgs {
    /// The arguments of `eth_light_client_bootstrap`.
    pub fn new(fork: impl Into<String>, bootstrap: Vec<u8>) -> Self {
        EthLightClientBootstrapArgs { fork: fork.into(), bootstrap }
    }
}

/// Which light-client container an update's bytes are.
#[derive(CandidType, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EthLightClientUpdateKind {
    /// `LightClientUpdate` (`/eth/v1/beacon/light_client/updates`): it may hand off the next
    /// period's committee.
    Update,
    /// `LightClientFinalityUpdate` (`/eth/v1/beacon/light_client/finality_update`).
    FinalityUpdate,
    /// `LightClientOptimisticUpdate` (`/eth/v1/beacon/light_client/optimistic_update`).
    OptimisticUpdate,
}

/// The arguments of `eth_light_client_process`.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EthLightClientUpdateArgs {
    /// Which container the bytes are.
    pub kind: EthLightClientUpdateKind,
    /// The fork the bytes were written for (the beacon API's `Eth-Consensus-Version`).
    pub fork: String,
    /// The container, SSZ, as the beacon API serves it.
    #[serde(with = "serde_bytes")]
    pub update: Vec<u8>,
}

impl EthLightClientUpdateArgs {
    /// The arguments of `eth_light_client_process`.
    pub fn new(kind: EthLightClientUpdateKind, fork: impl Into<String>, update: Vec<u8>) -> Self {
        EthLightClientUpdateArgs { kind, fork: fork.into(), update }
    }
}

/// A block's execution payload header, as much of it as a caller checks proofs against.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct EthExecutionHeader {
    /// `block_number`.
    pub block_number: u64,
    /// `block_hash` (32 bytes).
    #[serde(with = "serde_bytes")]
    pub block_hash: Vec<u8>,
    /// `state_root` (32 bytes): what account and storage proofs are checked against.
    #[serde(with = "serde_bytes")]
    pub state_root: Vec<u8>,
}

/// A beacon block header the light client holds.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct EthHeader {
    /// `slot`.
    pub slot: u64,
    /// The block's root (the header's `hash_tree_root`, 32 bytes).
    #[serde(with = "serde_bytes")]
    pub block_root: Vec<u8>,
    /// The beacon state's root (32 bytes).
    #[serde(with = "serde_bytes")]
    pub state_root: Vec<u8>,
    /// The execution block, from Capella on.
    pub execution: Option<EthExecutionHeader>,
}

/// What the light client knows.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct EthLightClientState {
    /// The network it follows.
    pub network: String,
    /// The latest finalized header.
    pub finalized: EthHeader,
    /// The latest header signed by more than the safety threshold of the committee, final or
    /// not.
    pub optimistic: EthHeader,
    /// The sync-committee period of the finalized header.
    pub current_period: u64,
    /// Whether the next period's committee is known (an update handed it off).
    pub next_sync_committee_known: bool,
}
