//! The Ethereum light client (`icbls::light_client`) that the install argument's
//! `eth_light_client` sets up: one store, which follows the network's finalized and optimistic
//! headers from the trusted block on the sync committees' signatures alone.
//!
//! Who can move it: anyone, with paid update calls. The bootstrap is taken only for the block
//! the install argument names, and an update only when its branches and the committee's
//! aggregate signature verify at the IC's clock; a refused call changes nothing. So a stranger
//! can spend its own cycles, not move the store back, nor give it a committee the chain did not
//! sign for, nor make it trap: a malformed body is an `Err` naming the field.
//!
//! The store is kept in the heap and written to stable memory after every change, at
//! [`REGION_START`]: the magic `LC01`, the trusted root it started from (32 bytes), the store's
//! length (u32, little-endian) and [`LightClientStore::to_bytes`]. An upgrade reads it back;
//! one whose argument names another trusted root, or no light client, drops it.

use crate::config;
use icbls::light_client::{
    Fork, LightClientBootstrap, LightClientError, LightClientFinalityUpdate, LightClientHeader,
    LightClientOptimisticUpdate, LightClientStore, LightClientUpdate, NetworkConfig, SszError, HOLESKY, HOODI, MAINNET,
    SEPOLIA,
};
use icbls_verifier_client::service::MAX_SYNC_COMMITTEE_SLOTS;
use icbls_verifier_client::*;
use std::cell::RefCell;

const WASM_PAGE: u64 = 65_536;
/// Where the store starts: at 8 MiB, after the sync committees' region (4 MiB and at most 64
/// slots of 48 KiB).
pub const REGION_START: u64 = 128 * WASM_PAGE;
const _: () = assert!(
    REGION_START
        >= crate::sync_committees::REGION_START + MAX_SYNC_COMMITTEE_SLOTS as u64 * crate::sync_committees::SLOT_BYTES
);
const MAGIC: &[u8; 4] = b"LC01";
const HEADER_BYTES: u64 = 4 + 32 + 4;
/// Seconds a slot lasts.
const SECONDS_PER_SLOT: u64 = 12;

thread_local! {
    static STORE: RefCell<Option<LightClientStore>> = const { RefCell::new(None) };
}

/// A network's fork schedule and its genesis time (seconds since the epoch; consensus-specs
/// `configs/mainnet.yaml` and the testnets' `config.yaml`: `MIN_GENESIS_TIME + GENESIS_DELAY`).
fn network(name: &str) -> Option<(NetworkConfig, u64)> {
    match name {
        "mainnet" => Some((MAINNET, 1_606_824_023)),
        "sepolia" => Some((SEPOLIA, 1_655_733_600)),
        "holesky" => Some((HOLESKY, 1_695_902_400)),
        "hoodi" => Some((HOODI, 1_742_213_400)),
        _ => None,
    }
}

/// What the install argument sets up: the network's name and schedule, its genesis time and
/// the trusted block root.
struct Setting {
    network: String,
    config: NetworkConfig,
    genesis: u64,
    trusted_block_root: [u8; 32],
}

/// The setting, or why there is none. `InitArgs::check` refused an unknown network and a root
/// that is not 32 bytes at installation, so only a missing setting is expected here.
fn setting() -> Result<Setting, Error> {
    let init = config::eth_light_client().ok_or_else(|| {
        Error::unsupported("eth_light_client", "this verifier's install argument sets up no Ethereum light client")
    })?;
    let (config, genesis) = network(&init.network)
        .ok_or_else(|| Error::unsupported("eth_light_client", format!("unknown network {:?}", init.network)))?;
    let trusted_block_root = init.trusted_block_root[..].try_into().map_err(|_| {
        Error::unsupported("eth_light_client", "the install argument's trusted_block_root is not 32 bytes")
    })?;
    Ok(Setting { network: init.network, config, genesis, trusted_block_root })
}

/// The slot of the IC's clock on a network whose genesis was at `genesis` seconds.
fn current_slot(genesis: u64) -> u64 {
    (ic_cdk::api::time() / 1_000_000_000).saturating_sub(genesis) / SECONDS_PER_SLOT
}

/// Loads the store from stable memory for the current setting (at installation and upgrade);
/// drops one that another trusted root or no setting left.
pub fn load() {
    let trusted = config::eth_light_client().map(|init| init.trusted_block_root);
    let stored = read();
    let store = match (stored, trusted) {
        (Some((root, store)), Some(trusted)) if root[..] == trusted[..] => Some(store),
        (Some(_), _) => {
            erase();
            None
        }
        (None, _) => None,
    };
    STORE.with(|s| *s.borrow_mut() = store);
}

fn read() -> Option<([u8; 32], LightClientStore)> {
    if ic_cdk::stable::stable_size() * WASM_PAGE < REGION_START + HEADER_BYTES {
        return None;
    }
    let mut header = [0u8; HEADER_BYTES as usize];
    ic_cdk::stable::stable_read(REGION_START, &mut header);
    if &header[..4] != MAGIC {
        return None;
    }
    let mut root = [0u8; 32];
    root.copy_from_slice(&header[4..36]);
    let len = u32::from_le_bytes([header[36], header[37], header[38], header[39]]) as u64;
    if ic_cdk::stable::stable_size() * WASM_PAGE < REGION_START + HEADER_BYTES + len {
        return None;
    }
    let mut bytes = vec![0u8; len as usize];
    ic_cdk::stable::stable_read(REGION_START + HEADER_BYTES, &mut bytes);
    // Bytes this canister wrote: `to_bytes`'s layout, its keys checked when they came in.
    LightClientStore::from_bytes(&bytes).ok().map(|store| (root, store))
}

fn erase() {
    if ic_cdk::stable::stable_size() * WASM_PAGE >= REGION_START + HEADER_BYTES {
        ic_cdk::stable::stable_write(REGION_START, &[0u8; 4]);
    }
}

/// Writes `store` to stable memory and keeps it in the heap.
fn save(trusted: &[u8; 32], store: LightClientStore) {
    let bytes = store.to_bytes();
    let end = REGION_START + HEADER_BYTES + bytes.len() as u64;
    let have = ic_cdk::stable::stable_size();
    let pages = end.div_ceil(WASM_PAGE);
    if have < pages && ic_cdk::stable::stable_grow(pages - have).is_err() {
        ic_cdk::trap("cannot grow stable memory to store the light client");
    }
    // The store first, the header (which makes it valid) last.
    ic_cdk::stable::stable_write(REGION_START + HEADER_BYTES, &bytes);
    let header = [&MAGIC[..], &trusted[..], &(bytes.len() as u32).to_le_bytes()[..]].concat();
    ic_cdk::stable::stable_write(REGION_START, &header);
    STORE.with(|s| *s.borrow_mut() = Some(store));
}

fn fork(name: &str) -> Result<Fork, Error> {
    Fork::from_name(name).ok_or_else(|| {
        Error::malformed("fork", format!("{name:?} is not a fork with light clients (altair to fulu, lowercase)"))
    })
}

/// An SSZ error of the argument `arg`, naming the container's field.
fn ssz_error(arg: &str, e: SszError) -> Error {
    Error::malformed(format!("{arg}.{}", e.field), e)
}

/// A broken rule of the sync protocol, naming the field at fault.
fn light_client_error(arg: &str, e: LightClientError) -> Error {
    use LightClientError::*;
    let field = match e {
        PreAltair { header, .. } | InvalidHeader { header } => header,
        UntrustedBootstrap => "header",
        CurrentCommitteeBranch => "current_sync_committee_branch",
        CommitteeKey(_) => {
            let committee = if arg == "bootstrap" { "current_sync_committee" } else { "next_sync_committee" };
            return Error::malformed(format!("{arg}.{committee}"), e);
        }
        NoParticipants => "sync_aggregate.sync_committee_bits",
        SlotOrder { .. } | SignaturePeriod { .. } => "signature_slot",
        NotRelevant => "attested_header",
        FinalizedHeaderNotEmpty | FinalizedPeriod { .. } => "finalized_header",
        FinalityBranch => "finality_branch",
        NextCommitteeNotEmpty | NextCommitteeMismatch => "next_sync_committee",
        NextCommitteeBranch => "next_sync_committee_branch",
        Signature(_) => "sync_aggregate.sync_committee_signature",
        _ => "",
    };
    Error::failed(if field.is_empty() { arg.to_string() } else { format!("{arg}.{field}") }, e)
}

fn header(h: &LightClientHeader) -> EthHeader {
    EthHeader {
        slot: h.beacon.slot,
        block_root: h.beacon.hash_tree_root().to_vec(),
        state_root: h.beacon.state_root.to_vec(),
        execution: h.execution.as_ref().map(|e| EthExecutionHeader {
            block_number: e.block_number,
            block_hash: e.block_hash.to_vec(),
            state_root: e.state_root.to_vec(),
        }),
    }
}

fn state(network: &str, store: &LightClientStore) -> EthLightClientState {
    EthLightClientState {
        network: network.to_string(),
        finalized: header(store.finalized_header()),
        optimistic: header(store.optimistic_header()),
        current_period: store.current_period(),
        next_sync_committee_known: store.next_sync_committee_root().is_some(),
    }
}

/// `eth_light_client_bootstrap`: the store, from the trusted block's bootstrap.
pub fn eth_light_client_bootstrap(args: &EthLightClientBootstrapArgs) -> Result<EthLightClientState, Error> {
    let setting = setting()?;
    if STORE.with(|s| s.borrow().is_some()) {
        return Err(Error::unsupported(
            "bootstrap",
            "the light client has started already; it takes one bootstrap (an upgrade naming another \
             trusted_block_root starts it again)",
        ));
    }
    let fork = fork(&args.fork)?;
    let bootstrap =
        LightClientBootstrap::from_ssz_bytes(&args.bootstrap, fork).map_err(|e| ssz_error("bootstrap", e))?;
    // The spec's rule: from Capella on, headers carry their proven execution payload header.
    let store = LightClientStore::initialize(setting.config, &setting.trusted_block_root, &bootstrap, true)
        .map_err(|e| light_client_error("bootstrap", e))?;
    let answer = state(&setting.network, &store);
    save(&setting.trusted_block_root, store);
    Ok(answer)
}

/// `eth_light_client_process`: an update, at the IC's clock. A period without finality first
/// applies the best update kept (`process_light_client_store_force_update`).
pub fn eth_light_client_process(args: &EthLightClientUpdateArgs) -> Result<EthLightClientState, Error> {
    let setting = setting()?;
    if STORE.with(|s| s.borrow().is_none()) {
        return Err(no_store("update"));
    }
    let fork = fork(&args.fork)?;
    let slot = current_slot(setting.genesis);
    let decoded = match args.kind {
        EthLightClientUpdateKind::Update => LightClientUpdate::from_ssz_bytes(&args.update, fork),
        EthLightClientUpdateKind::FinalityUpdate => {
            LightClientFinalityUpdate::from_ssz_bytes(&args.update, fork).map(|u| u.into_update(fork))
        }
        EthLightClientUpdateKind::OptimisticUpdate => {
            LightClientOptimisticUpdate::from_ssz_bytes(&args.update, fork).map(|u| u.into_update(fork))
        }
    }
    .map_err(|e| ssz_error("update", e))?;
    // Taken out of its cell (not copied: it holds two committees, about 100 KB) and put back
    // below; a trap on the way discards the message's changes, this one included.
    let Some(mut store) = STORE.with(|s| s.borrow_mut().take()) else {
        return Err(no_store("update"));
    };
    let forced = store.process_force_update(slot);
    let processed = store.process_update(&decoded, slot);
    let answer = state(&setting.network, &store);
    // A refused update changes nothing; the forced one (applied or spent) is kept either way.
    if processed.is_ok() || !matches!(forced, Ok(false)) {
        save(&setting.trusted_block_root, store);
    } else {
        STORE.with(|s| *s.borrow_mut() = Some(store));
    }
    processed.map(|()| answer).map_err(|e| light_client_error("update", e))
}

/// `eth_light_client_state`.
pub fn eth_light_client_state() -> Result<EthLightClientState, Error> {
    let setting = setting()?;
    STORE
        .with(|s| s.borrow().as_ref().map(|store| state(&setting.network, store)))
        .ok_or_else(|| no_store("eth_light_client"))
}

fn no_store(arg: &str) -> Error {
    Error::unsupported(arg, "the light client has no store yet: send eth_light_client_bootstrap")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `InitArgs::check` accepts the client's `ETH_NETWORKS`; each must have its schedule and
    /// genesis time here, or an installation it accepted would answer `Unsupported` forever.
    #[test]
    fn every_network_the_install_argument_accepts_is_known() {
        for name in ETH_NETWORKS {
            assert!(network(name).is_some(), "{name} has no schedule or genesis time");
        }
        assert!(network("goerli").is_none());
    }
}
