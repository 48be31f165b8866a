//! An Ethereum beacon-chain light client (consensus-specs, `specs/altair/light-client/
//! sync-protocol.md` and its Capella, Deneb and Electra versions, as of consensus-specs
//! v1.6; Fulu keeps Electra's): from a block root the client trusts, it follows the chain's
//! finalized and optimistic headers on the sync committees' signatures alone, with no RPC
//! provider to trust.
//!
//! - [`LightClientStore::initialize`] checks a [`LightClientBootstrap`] against the trusted
//!   root and takes its committee.
//! - [`LightClientStore::process_update`] (and the finality and optimistic forms) checks an
//!   update's branches and aggregate signature, and moves the store on; each refusal names the
//!   rule ([`LightClientError`]) and leaves the store unchanged.
//! - The containers decode from the beacon API's SSZ bodies ([`LightClientUpdate::from_ssz_bytes`],
//!   given the fork the API names) and encode back.
//! - [`NetworkConfig`]s for mainnet, Sepolia, Holesky and Hoodi give each slot its fork, which
//!   decides the containers' shapes, the proofs' generalized indices and the signing version.
//!
//! - [`LightClientStore::to_bytes`] and [`LightClientStore::from_bytes`] keep a store in a
//!   canister's stable memory across upgrades.
//!
//! The expensive step is taking in a committee: 512 keys decoded and checked, once a period.
//! Signature checks reuse [`crate::sync_committee::SyncCommittee`]'s precomputed sum.
//!
//! ```
//! use icbls::light_client::{sync_committee_period_at_slot, Fork, MAINNET, SEPOLIA};
//!
//! assert_eq!(MAINNET.fork_at_slot(364_032 * 32), Some(Fork::Electra));
//! assert_eq!(SEPOLIA.signature_fork_version(272_640 * 32), [0x90, 0, 0, 0x74]);
//! assert_eq!(sync_committee_period_at_slot(8192), 1);
//! assert_eq!(Fork::from_name("deneb"), Some(Fork::Deneb));
//! ```

mod config;
mod containers;
mod ssz;
mod store;
mod stored;

pub use config::{
    epoch_at_slot, sync_committee_period_at_slot, Fork, NetworkConfig, EPOCHS_PER_SYNC_COMMITTEE_PERIOD,
    EXECUTION_PAYLOAD_GINDEX, FAR_FUTURE_EPOCH, HOLESKY, HOODI, MAINNET, SEPOLIA,
};
pub use containers::{
    is_valid_normalized_merkle_branch, zero_branch, ExecutionPayloadHeader, LightClientBootstrap,
    LightClientFinalityUpdate, LightClientHeader, LightClientOptimisticUpdate, LightClientUpdate, SyncAggregate,
    SyncCommitteeKeys, MAX_EXTRA_DATA_BYTES,
};
pub use ssz::{SszError, SszRule};
pub use store::{
    is_better_update, LightClientError, LightClientStore, MIN_SYNC_COMMITTEE_PARTICIPANTS, UPDATE_TIMEOUT,
};
