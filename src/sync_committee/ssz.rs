//! The SSZ roots a sync-committee signature covers (consensus-specs, `ssz/simple-serialize.md`
//! and `phase0/beacon-chain.md`): `hash_tree_root` of a `BeaconBlockHeader`, of `ForkData`, of
//! `SigningData` and of a `SyncCommittee`, each a Merkle tree of SHA-256 over 32-byte chunks,
//! and the Merkle-branch check that ties a committee's root to a state root.

use sha2::{Digest, Sha256};

/// A 32-byte SSZ root.
pub type Root = [u8; 32];

/// `SHA-256(left ‖ right)`: one node of an SSZ Merkle tree.
pub(crate) fn node(left: &Root, right: &Root) -> Root {
    let mut h = Sha256::new();
    h.update(left);
    h.update(right);
    h.finalize().into()
}

/// A `uint64` as its SSZ chunk: little-endian, zero-padded to 32 bytes.
pub(crate) fn uint64_chunk(v: u64) -> Root {
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

/// `hash_tree_root` of a `BLSPubkey` (`Bytes48`): its two chunks, the second zero-padded.
fn pubkey_root(key: &[u8; 48]) -> Root {
    let mut low = [0u8; 32];
    let mut high = [0u8; 32];
    low.copy_from_slice(&key[..32]);
    high[..16].copy_from_slice(&key[32..]);
    node(&low, &high)
}

/// `hash_tree_root(SyncCommittee(pubkeys, aggregate_pubkey))` (altair `SyncCommittee`): the
/// Merkle root of the keys' roots (a `Vector[BLSPubkey, n]`, `n` a power of two) beside the
/// aggregate key's root. This is the root a light client trusts for a committee (the
/// `current_sync_committee` or `next_sync_committee` leaf of a beacon state).
pub fn sync_committee_root(pubkeys: &[[u8; 48]], aggregate_pubkey: &[u8; 48]) -> Root {
    let mut layer: alloc::vec::Vec<Root> = pubkeys.iter().map(pubkey_root).collect();
    while layer.len() > 1 {
        layer = layer.chunks(2).map(|pair| node(&pair[0], pair.get(1).unwrap_or(&[0; 32]))).collect();
    }
    let keys_root = layer.first().copied().unwrap_or([0; 32]);
    node(&keys_root, &pubkey_root(aggregate_pubkey))
}

/// `is_valid_merkle_branch(leaf, branch, depth, index, root)` (phase0): whether `leaf` sits at
/// `index` of a tree of `depth` levels under `root`, the sibling of each level taken from
/// `branch`, lowest first. The depth is the caller's, fixed by the container and fork, never
/// the branch's: a branch of another length would prove the leaf at another generalized index,
/// so one whose length is not `depth` is refused. For a generalized index `g`,
/// `depth = floor(log2(g))` and `index = g - 2^depth`; for example `current_sync_committee` is
/// at 54 in Capella's and Deneb's `BeaconState` (depth 5, index 22) and at 86 from Electra on
/// (depth 6, index 22).
pub fn is_valid_merkle_branch(leaf: &Root, branch: &[Root], depth: u32, index: u64, root: &Root) -> bool {
    if branch.len() != depth as usize || (depth < 64 && index >> depth != 0) {
        return false;
    }
    let computed = branch.iter().enumerate().fold(*leaf, |value, (level, sibling)| {
        if level < 64 && (index >> level) & 1 == 1 {
            node(sibling, &value)
        } else {
            node(&value, sibling)
        }
    });
    computed == *root
}
