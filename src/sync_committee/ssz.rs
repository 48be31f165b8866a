//! The SSZ roots a sync-committee signature covers (consensus-specs, `ssz/simple-serialize.md`
//! and `phase0/beacon-chain.md`): `hash_tree_root` of a `BeaconBlockHeader`, of `ForkData` and
//! of `SigningData`, each a Merkle tree of SHA-256 over 32-byte chunks.

use sha2::{Digest, Sha256};

/// A 32-byte SSZ root.
pub type Root = [u8; 32];

/// `SHA-256(left ‖ right)`: one node of an SSZ Merkle tree.
fn node(left: &Root, right: &Root) -> Root {
    let mut h = Sha256::new();
    h.update(left);
    h.update(right);
    h.finalize().into()
}

/// A `uint64` as its SSZ chunk: little-endian, zero-padded to 32 bytes.
fn uint64_chunk(v: u64) -> Root {
    let mut chunk = [0u8; 32];
    chunk[..8].copy_from_slice(&v.to_le_bytes());
    chunk
}

/// A beacon block header (`phase0` container `BeaconBlockHeader`), whose root is what a sync
/// committee signs (the "attested header" of a light-client update).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeaconBlockHeader {
    /// `slot`.
    pub slot: u64,
    /// `proposer_index`.
    pub proposer_index: u64,
    /// `parent_root`.
    pub parent_root: Root,
    /// `state_root`.
    pub state_root: Root,
    /// `body_root`.
    pub body_root: Root,
}

impl BeaconBlockHeader {
    /// `hash_tree_root`: five field chunks padded with zero chunks to eight leaves.
    pub fn hash_tree_root(&self) -> Root {
        let zero = [0u8; 32];
        let leaves = [
            uint64_chunk(self.slot),
            uint64_chunk(self.proposer_index),
            self.parent_root,
            self.state_root,
            self.body_root,
        ];
        let a = node(&leaves[0], &leaves[1]);
        let b = node(&leaves[2], &leaves[3]);
        let c = node(&leaves[4], &zero);
        let d = node(&zero, &zero);
        node(&node(&a, &b), &node(&c, &d))
    }
}

/// `compute_domain(domain_type, fork_version, genesis_validators_root)`: the domain type
/// followed by the first 28 bytes of `hash_tree_root(ForkData(fork_version,
/// genesis_validators_root))`.
pub fn compute_domain(domain_type: [u8; 4], fork_version: [u8; 4], genesis_validators_root: &Root) -> Root {
    let mut version = [0u8; 32];
    version[..4].copy_from_slice(&fork_version);
    let fork_data_root = node(&version, genesis_validators_root);
    let mut domain = [0u8; 32];
    domain[..4].copy_from_slice(&domain_type);
    domain[4..].copy_from_slice(&fork_data_root[..28]);
    domain
}

/// `compute_signing_root(object, domain)`: `hash_tree_root(SigningData(object_root, domain))`.
pub fn compute_signing_root(object_root: &Root, domain: &Root) -> Root {
    node(object_root, domain)
}
