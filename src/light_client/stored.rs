//! The store as bytes and back, for a canister that keeps it in stable memory across upgrades.
//!
//! The bytes are an SSZ container of our own (the specs define none for a store): a version
//! byte, the network, the headers and the kept update in the shape of their fork (after the
//! fork's index), and each committee as its root, its keys' sum and its 512 keys uncompressed,
//! so that reading a store back costs an on-curve check a key, not a decompression and a
//! subgroup check. That is sound only for bytes this code wrote from a store: the keys were
//! checked when the store took them in. Never read a store from bytes a stranger can give.
//!
//! A header the store holds without its execution part in a Capella or later shape (a client
//! that follows beacon headers alone) comes back with the empty execution payload header, which
//! the protocol treats the same ([`LightClientHeader::is_empty`], [`LightClientHeader::is_valid`]).

use super::config::{Fork, NetworkConfig};
use super::containers::{LightClientHeader, LightClientUpdate};
use super::ssz::{array, container, fields, fixed, u64_at, variable, SszError, SszRule};
use super::store::{Committee, LightClientStore};
use crate::sync_committee::{SyncCommittee, SYNC_COMMITTEE_SIZE};
use crate::G1Affine;
use alloc::vec::Vec;

/// The layout's version, the first byte.
const VERSION: u8 = 1;
const POINT_BYTES: usize = 96;
/// The genesis validators root, the genesis fork version, and each fork's version and epoch.
const CONFIG_BYTES: usize = 32 + 4 + 6 * (4 + 8);
/// The root, the keys' sum and the keys.
const COMMITTEE_BYTES: usize = 32 + POINT_BYTES * (1 + SYNC_COMMITTEE_SIZE);

fn invalid(field: &'static str) -> SszError {
    SszError { field, reason: SszRule::Invalid }
}

fn config_bytes(config: &NetworkConfig) -> Vec<u8> {
    let mut out = Vec::with_capacity(CONFIG_BYTES);
    out.extend_from_slice(&config.genesis_validators_root);
    out.extend_from_slice(&config.genesis_fork_version);
    for (version, epoch) in &config.forks {
        out.extend_from_slice(version);
        out.extend_from_slice(&epoch.to_le_bytes());
    }
    out
}

fn config_from(bytes: &[u8]) -> NetworkConfig {
    let mut forks = [([0; 4], 0); 6];
    for (i, fork) in forks.iter_mut().enumerate() {
        let at = 36 + 12 * i;
        *fork = (array(bytes, at), u64_at(bytes, at + 4));
    }
    NetworkConfig { genesis_validators_root: array(bytes, 0), genesis_fork_version: array(bytes, 32), forks }
}

fn committee_bytes(committee: &Committee) -> Vec<u8> {
    let mut out = Vec::with_capacity(COMMITTEE_BYTES);
    out.extend_from_slice(&committee.root);
    out.extend_from_slice(&committee.keys.aggregate_key().to_uncompressed());
    for key in committee.keys.keys() {
        out.extend_from_slice(&key.to_uncompressed());
    }
    out
}

fn committee_from(field: &'static str, bytes: &[u8]) -> Result<Committee, SszError> {
    if bytes.len() != COMMITTEE_BYTES {
        return Err(SszError { field, reason: SszRule::Length { expected: COMMITTEE_BYTES, given: bytes.len() } });
    }
    // Checked when the store took them in: on the curve is all that is left to check.
    let mut points = bytes[32..].chunks_exact(POINT_BYTES).map(G1Affine::from_uncompressed_unchecked);
    let sum = points.next().and_then(Result::ok).ok_or(invalid(field))?;
    let keys = points.collect::<Result<Vec<_>, _>>().map_err(|_| invalid(field))?;
    Ok(Committee { root: array(bytes, 0), keys: SyncCommittee::from_checked_keys_and_sum(keys, sum) })
}

/// `ssz` after the index of the fork whose shape it has.
fn forked(fork: Fork, ssz: Vec<u8>) -> Vec<u8> {
    let index = Fork::ALL.iter().position(|f| *f == fork).unwrap_or(0) as u8;
    let mut out = Vec::with_capacity(1 + ssz.len());
    out.push(index);
    out.extend_from_slice(&ssz);
    out
}

/// The fork a [`forked`] value names, and its SSZ.
fn fork_from<'a>(field: &'static str, bytes: &'a [u8]) -> Result<(Fork, &'a [u8]), SszError> {
    let (index, ssz) =
        bytes.split_first().ok_or(SszError { field, reason: SszRule::Length { expected: 1, given: 0 } })?;
    Fork::ALL.get(*index as usize).map(|fork| (*fork, ssz)).ok_or(invalid(field))
}

impl LightClientStore {
    /// The fork whose shape the store writes a header of `slot` in.
    fn shape_at(&self, slot: u64) -> Fork {
        self.config.fork_at_slot(slot).unwrap_or(Fork::Altair)
    }

    /// The store as bytes ([`Self::from_bytes`] reads them back), about 100 KiB with both
    /// committees: for the canister's own stable memory (see the module's documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let header = |h: &LightClientHeader| {
            let fork = self.shape_at(h.beacon.slot);
            forked(fork, h.to_ssz_bytes(fork))
        };
        let update = |u: &LightClientUpdate| {
            let fork = self.shape_at(u.attested_header.beacon.slot);
            forked(fork, u.to_ssz_bytes(fork))
        };
        container(&[
            (false, alloc::vec![VERSION]),
            (false, config_bytes(&self.config)),
            (false, alloc::vec![u8::from(self.execution_required)]),
            (true, header(&self.finalized_header)),
            (false, committee_bytes(&self.current_sync_committee)),
            (true, self.next_sync_committee.as_ref().map_or_else(Vec::new, committee_bytes)),
            (true, self.best_valid_update.as_ref().map_or_else(Vec::new, update)),
            (true, header(&self.optimistic_header)),
            (false, (self.previous_max_active_participants as u64).to_le_bytes().to_vec()),
            (false, (self.current_max_active_participants as u64).to_le_bytes().to_vec()),
        ])
    }

    /// A store from the bytes [`Self::to_bytes`] wrote. The keys are read back with an on-curve
    /// check alone, so the bytes must be ones this code wrote (the canister's stable memory),
    /// never a stranger's. Bytes of another layout or cut short are refused, naming the field.
    pub fn from_bytes(bytes: &[u8]) -> Result<LightClientStore, SszError> {
        let layout = [
            fixed("version", 1),
            fixed("config", CONFIG_BYTES),
            fixed("execution_required", 1),
            variable("finalized_header"),
            fixed("current_sync_committee", COMMITTEE_BYTES),
            variable("next_sync_committee"),
            variable("best_valid_update"),
            variable("optimistic_header"),
            fixed("previous_max_active_participants", 8),
            fixed("current_max_active_participants", 8),
        ];
        let f = fields("LightClientStore", bytes, &layout)?;
        if f[0] != [VERSION] {
            return Err(invalid("version"));
        }
        let execution_required = match f[2] {
            [0] => false,
            [1] => true,
            _ => return Err(invalid("execution_required")),
        };
        let header = |field: &'static str, bytes: &[u8]| {
            let (fork, ssz) = fork_from(field, bytes)?;
            LightClientHeader::from_ssz_bytes(ssz, fork)
        };
        let participants = |bytes: &[u8]| usize::try_from(u64_at(bytes, 0)).unwrap_or(usize::MAX);
        Ok(LightClientStore {
            config: config_from(f[1]),
            execution_required,
            finalized_header: header("finalized_header", f[3])?,
            current_sync_committee: committee_from("current_sync_committee", f[4])?,
            next_sync_committee: match f[5] {
                [] => None,
                committee => Some(committee_from("next_sync_committee", committee)?),
            },
            best_valid_update: match f[6] {
                [] => None,
                update => {
                    let (fork, ssz) = fork_from("best_valid_update", update)?;
                    Some(LightClientUpdate::from_ssz_bytes(ssz, fork)?)
                }
            },
            optimistic_header: header("optimistic_header", f[7])?,
            previous_max_active_participants: participants(f[8]),
            current_max_active_participants: participants(f[9]),
        })
    }
}
