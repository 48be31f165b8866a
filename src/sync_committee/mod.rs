//! Ethereum light-client sync-committee aggregates (consensus-specs,
//! `altair/light-client/sync-protocol.md`, the signature check of
//! `validate_light_client_update`): 512 validators sign the root of a beacon block header under
//! the sync-committee domain; a `SyncAggregate` carries the participation bits and the
//! aggregate G2 signature, verified with the proof-of-possession ciphersuite of min-pk BLS
//! (`BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`, `FastAggregateVerify`).
//!
//! A committee's keys are decoded and checked once ([`SyncCommittee::from_compressed`], about
//! 512 G1 decompressions with subgroup checks) and then serve every update of its period
//! (about 27 hours). The aggregate key of the participants is the committee's precomputed sum
//! minus the absent keys when more than half take part, so a typical update (over 500
//! participants) adds few points.
//!
//! ```
//! use icbls::sync_committee::{compute_domain, BeaconBlockHeader, DOMAIN_SYNC_COMMITTEE};
//!
//! let header = BeaconBlockHeader {
//!     slot: 7061719,
//!     proposer_index: 45803,
//!     parent_root: [1; 32],
//!     state_root: [2; 32],
//!     body_root: [3; 32],
//! };
//! let domain = compute_domain(DOMAIN_SYNC_COMMITTEE, [3, 0, 0, 0], &[0; 32]);
//! assert_eq!(&domain[..4], &DOMAIN_SYNC_COMMITTEE);
//! assert_ne!(header.hash_tree_root(), [0; 32]);
//! ```

mod ssz;

pub use ssz::{
    compute_domain, compute_signing_root, is_valid_merkle_branch, sync_committee_root, BeaconBlockHeader, Root,
};
pub(crate) use ssz::{node, uint64_chunk};

use crate::bls::{min_pk, BlsError};
use crate::{DecodeError, G1Affine, G1Projective};
use alloc::vec::Vec;
use core::fmt;

/// Validators in a sync committee (`SYNC_COMMITTEE_SIZE`, mainnet preset).
pub const SYNC_COMMITTEE_SIZE: usize = 512;

/// `DOMAIN_SYNC_COMMITTEE`.
pub const DOMAIN_SYNC_COMMITTEE: [u8; 4] = [7, 0, 0, 0];

/// Ethereum mainnet's `genesis_validators_root`.
pub const MAINNET_GENESIS_VALIDATORS_ROOT: Root = [
    0x4b, 0x36, 0x3d, 0xb9, 0x4e, 0x28, 0x61, 0x20, 0xd7, 0x6e, 0xb9, 0x05, 0x34, 0x0f, 0xdd, 0x4e, 0x54, 0xbf, 0xe9,
    0xf0, 0x6b, 0xf3, 0x3f, 0xf6, 0xcf, 0x5a, 0xd2, 0x7f, 0x51, 0x1b, 0xfe, 0x95,
];

/// Slots in an epoch (`SLOTS_PER_EPOCH`, mainnet preset).
pub const SLOTS_PER_EPOCH: u64 = 32;

/// Mainnet's fork versions and the epochs they start at (consensus-specs `configs/mainnet.yaml`:
/// Altair, Bellatrix, Capella, Deneb, Electra, Fulu).
pub(crate) const MAINNET_FORKS: [([u8; 4], u64); 6] = [
    ([1, 0, 0, 0], 74_240),
    ([2, 0, 0, 0], 144_896),
    ([3, 0, 0, 0], 194_048),
    ([4, 0, 0, 0], 269_568),
    ([5, 0, 0, 0], 364_032),
    ([6, 0, 0, 0], 411_392),
];

/// The mainnet fork version that signs an aggregate included at `signature_slot`: that of the
/// epoch of `signature_slot - 1` (`compute_fork_version`). Sync committees exist from Altair
/// on; earlier slots give Phase 0's version.
pub fn mainnet_fork_version(signature_slot: u64) -> [u8; 4] {
    let epoch = signature_slot.max(1).saturating_sub(1) / SLOTS_PER_EPOCH;
    MAINNET_FORKS.iter().rev().find(|(_, start)| epoch >= *start).map_or([0; 4], |(version, _)| *version)
}

/// Why a committee or an aggregate was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyncError {
    /// A committee of the wrong size.
    CommitteeSize {
        /// Keys given.
        given: usize,
    },
    /// A committee member's key is not a valid compressed G1 point, or is the identity.
    PublicKey {
        /// Its position in the committee.
        index: usize,
        /// The check it failed.
        error: BlsError,
    },
    /// The participation bits are not `SYNC_COMMITTEE_SIZE / 8` bytes.
    ParticipationLength {
        /// Bytes given.
        given: usize,
    },
    /// No participant (`MIN_SYNC_COMMITTEE_PARTICIPANTS` is one).
    NoParticipants,
    /// The aggregate signature's bytes are not a valid compressed G2 point.
    Signature(DecodeError),
    /// The aggregate signature does not verify for the participants and the signing root.
    InvalidSignature,
}

impl fmt::Display for SyncError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyncError::CommitteeSize { given } => {
                write!(f, "sync committee: {given} keys, a committee has {SYNC_COMMITTEE_SIZE}")
            }
            SyncError::PublicKey { index, error } => write!(f, "sync committee key {index}: {error}"),
            SyncError::ParticipationLength { given } => {
                write!(f, "participation bits: {given} bytes, not {}", SYNC_COMMITTEE_SIZE / 8)
            }
            SyncError::NoParticipants => f.write_str("participation bits: no participant"),
            SyncError::Signature(e) => write!(f, "sync aggregate signature: {e}"),
            SyncError::InvalidSignature => f.write_str("sync aggregate signature: does not verify"),
        }
    }
}

impl core::error::Error for SyncError {}

/// A sync committee's keys, decoded and checked, and their sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncCommittee {
    keys: Vec<G1Affine>,
    sum: G1Projective,
}

impl SyncCommittee {
    /// Decodes `SYNC_COMMITTEE_SIZE` compressed keys (on the curve, in the subgroup, not the
    /// identity: `KeyValidate`); the error names the first bad key. The keys' proofs of
    /// possession were checked when their validators deposited, which is what makes
    /// `FastAggregateVerify` sound for them.
    pub fn from_compressed<B: AsRef<[u8]>>(keys: &[B]) -> Result<SyncCommittee, SyncError> {
        if keys.len() != SYNC_COMMITTEE_SIZE {
            return Err(SyncError::CommitteeSize { given: keys.len() });
        }
        let keys = keys
            .iter()
            .enumerate()
            .map(|(index, bytes)| {
                min_pk::PublicKey::from_bytes(bytes.as_ref())
                    .map(|pk| *pk.point())
                    .map_err(|error| SyncError::PublicKey { index, error })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SyncCommittee::from_checked_keys(keys))
    }

    /// A committee from keys already checked (decoded with the checked decoders, none the
    /// identity), such as a canister's own stored copy of a committee it checked before.
    pub fn from_checked_keys(keys: Vec<G1Affine>) -> SyncCommittee {
        let sum = keys.iter().fold(G1Projective::identity(), |acc, k| acc.add_affine(k));
        SyncCommittee { keys, sum }
    }

    /// A committee from keys already checked and their sum as stored with them (a canister's
    /// copy of a committee it checked before, read back without adding 512 points again).
    /// `sum` must be the sum of `keys`: a wrong one makes [`SyncCommittee::verify`] check
    /// aggregates under the wrong key.
    pub fn from_checked_keys_and_sum(keys: Vec<G1Affine>, sum: G1Affine) -> SyncCommittee {
        SyncCommittee { keys, sum: G1Projective::from(sum) }
    }

    /// The keys, in committee order.
    pub fn keys(&self) -> &[G1Affine] {
        &self.keys
    }

    /// The sum of the keys (the SSZ `SyncCommittee`'s `aggregate_pubkey`).
    pub fn aggregate_key(&self) -> G1Affine {
        self.sum.to_affine_vartime()
    }

    /// `hash_tree_root` of the SSZ `SyncCommittee` (the keys and their sum, compressed): the
    /// root a light client knows the committee by ([`sync_committee_root`]).
    pub fn hash_tree_root(&self) -> Root {
        let keys: Vec<[u8; 48]> = self.keys.iter().map(G1Affine::to_compressed).collect();
        sync_committee_root(&keys, &self.aggregate_key().to_compressed())
    }

    /// The aggregate key of the participants marked in `bits` (bit i of byte i/8, least
    /// significant first, as SSZ lays out a `Bitvector`), and their number.
    fn participants_key(&self, bits: &[u8]) -> Result<(G1Projective, usize), SyncError> {
        if bits.len() * 8 != self.keys.len() {
            return Err(SyncError::ParticipationLength { given: bits.len() });
        }
        let takes_part = |i: usize| bits[i / 8] >> (i % 8) & 1 == 1;
        let count = bits.iter().map(|b| b.count_ones() as usize).sum::<usize>();
        if count == 0 {
            return Err(SyncError::NoParticipants);
        }
        let key = if 2 * count > self.keys.len() {
            // The sum minus the absent keys.
            let absent = self.keys.iter().enumerate().filter(|(i, _)| !takes_part(*i));
            absent.fold(self.sum, |acc, (_, k)| acc.add_affine(&-*k))
        } else {
            let present = self.keys.iter().enumerate().filter(|(i, _)| takes_part(*i));
            present.fold(G1Projective::identity(), |acc, (_, k)| acc.add_affine(k))
        };
        Ok((key, count))
    }

    /// Checks a sync aggregate (`bits`: the 64 bytes of `sync_committee_bits`; `signature`:
    /// `sync_committee_signature`, compressed) over `attested_header`, signed under the domain
    /// of `fork_version` and `genesis_validators_root` (for mainnet,
    /// [`mainnet_fork_version`] of the update's `signature_slot` and
    /// [`MAINNET_GENESIS_VALIDATORS_ROOT`]). Returns the number of participants: whether they
    /// are enough for the caller's purpose (two thirds, 342, for a light client to accept a
    /// header as final) is the caller's rule.
    pub fn verify(
        &self,
        bits: &[u8],
        signature: &[u8],
        attested_header: &BeaconBlockHeader,
        fork_version: [u8; 4],
        genesis_validators_root: &Root,
    ) -> Result<usize, SyncError> {
        let (key, count) = self.participants_key(bits)?;
        // Decoded with its lines, its subgroup check read off them (`G2Prepared::from_compressed`).
        let (signature, signature_lines) =
            crate::pairing::G2Prepared::from_compressed(signature).map_err(SyncError::Signature)?;
        let domain = compute_domain(DOMAIN_SYNC_COMMITTEE, fork_version, genesis_validators_root);
        let signing_root = compute_signing_root(&attested_header.hash_tree_root(), &domain);
        // The participants' keys are in the subgroup, so is their sum; the identity (keys that
        // cancel) is rejected as a public key.
        let key = min_pk::PublicKey::non_identity(key.to_affine_vartime()).map_err(|_| SyncError::InvalidSignature)?;
        min_pk::verify_with_signature_lines(&key, &signing_root, &signature, &signature_lines, min_pk::DST)
            .map_err(|_| SyncError::InvalidSignature)?;
        Ok(count)
    }
}
