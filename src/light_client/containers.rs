//! The light-client containers (consensus-specs `altair/light-client/sync-protocol.md`, with
//! Capella's, Deneb's and Electra's changes) and the roots the protocol takes of them.
//!
//! One Rust type serves every fork: a header's execution part is `None` in Altair's and
//! Bellatrix's shape, and a branch is as long as its fork's generalized index is deep. The
//! decoders ([`super::ssz`]) take the fork the bytes were written for.

use super::config::{epoch_at_slot, Fork, NetworkConfig, EXECUTION_PAYLOAD_GINDEX};
use crate::sync_committee::{
    is_valid_merkle_branch, node, sync_committee_root, uint64_chunk, BeaconBlockHeader, Root, SyncCommittee, SyncError,
    SYNC_COMMITTEE_SIZE,
};
use alloc::vec::Vec;

/// `ExecutionPayloadHeader` (Capella; Deneb adds the two blob fields, which Electra and Fulu
/// keep): the execution block a beacon block carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecutionPayloadHeader {
    /// `parent_hash`.
    pub parent_hash: Root,
    /// `fee_recipient`.
    pub fee_recipient: [u8; 20],
    /// `state_root`: the execution state's root, what account and storage proofs are checked
    /// against.
    pub state_root: Root,
    /// `receipts_root`.
    pub receipts_root: Root,
    /// `logs_bloom`.
    pub logs_bloom: [u8; 256],
    /// `prev_randao`.
    pub prev_randao: Root,
    /// `block_number`.
    pub block_number: u64,
    /// `gas_limit`.
    pub gas_limit: u64,
    /// `gas_used`.
    pub gas_used: u64,
    /// `timestamp`.
    pub timestamp: u64,
    /// `extra_data` (at most 32 bytes).
    pub extra_data: Vec<u8>,
    /// `base_fee_per_gas`, a `uint256`, little-endian.
    pub base_fee_per_gas: [u8; 32],
    /// `block_hash`.
    pub block_hash: Root,
    /// `transactions_root`.
    pub transactions_root: Root,
    /// `withdrawals_root`.
    pub withdrawals_root: Root,
    /// `blob_gas_used` (Deneb on; zero before).
    pub blob_gas_used: u64,
    /// `excess_blob_gas` (Deneb on; zero before).
    pub excess_blob_gas: u64,
}

/// Bytes in `extra_data` at most (`MAX_EXTRA_DATA_BYTES`).
pub const MAX_EXTRA_DATA_BYTES: usize = 32;

impl ExecutionPayloadHeader {
    /// The empty header (`ExecutionPayloadHeader()`), which a Capella-shaped header of an
    /// earlier fork carries.
    pub fn empty() -> ExecutionPayloadHeader {
        ExecutionPayloadHeader {
            parent_hash: [0; 32],
            fee_recipient: [0; 20],
            state_root: [0; 32],
            receipts_root: [0; 32],
            logs_bloom: [0; 256],
            prev_randao: [0; 32],
            block_number: 0,
            gas_limit: 0,
            gas_used: 0,
            timestamp: 0,
            extra_data: Vec::new(),
            base_fee_per_gas: [0; 32],
            block_hash: [0; 32],
            transactions_root: [0; 32],
            withdrawals_root: [0; 32],
            blob_gas_used: 0,
            excess_blob_gas: 0,
        }
    }

    /// `hash_tree_root` in `fork`'s shape: Capella's fifteen fields, or Deneb's seventeen.
    pub fn hash_tree_root(&self, fork: Fork) -> Root {
        let mut fee_recipient = [0u8; 32];
        fee_recipient[..20].copy_from_slice(&self.fee_recipient);
        let bloom: Vec<Root> = self.logs_bloom.chunks(32).map(|c| c.try_into().unwrap_or([0; 32])).collect();
        // `ByteList[32]`: one chunk, its length mixed in.
        let mut extra = [0u8; 32];
        let n = self.extra_data.len().min(MAX_EXTRA_DATA_BYTES);
        extra[..n].copy_from_slice(&self.extra_data[..n]);
        let extra_data = node(&extra, &uint64_chunk(self.extra_data.len() as u64));
        let mut leaves = alloc::vec![
            self.parent_hash,
            fee_recipient,
            self.state_root,
            self.receipts_root,
            merkleize(&bloom),
            self.prev_randao,
            uint64_chunk(self.block_number),
            uint64_chunk(self.gas_limit),
            uint64_chunk(self.gas_used),
            uint64_chunk(self.timestamp),
            extra_data,
            self.base_fee_per_gas,
            self.block_hash,
            self.transactions_root,
            self.withdrawals_root,
        ];
        if fork.has_blob_gas() {
            leaves.push(uint64_chunk(self.blob_gas_used));
            leaves.push(uint64_chunk(self.excess_blob_gas));
        }
        merkleize(&leaves)
    }
}

/// The Merkle root of `chunks`, padded with zero chunks to a power of two (`merkleize`).
fn merkleize(chunks: &[Root]) -> Root {
    let mut layer: Vec<Root> = chunks.to_vec();
    layer.resize(chunks.len().max(1).next_power_of_two(), [0; 32]);
    while layer.len() > 1 {
        layer = layer.chunks(2).map(|pair| node(&pair[0], &pair[1])).collect();
    }
    layer[0]
}

/// `LightClientHeader`: a beacon block header and, from Capella on, its execution payload
/// header with the branch to the block body's root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightClientHeader {
    /// `beacon`.
    pub beacon: BeaconBlockHeader,
    /// `execution`: `None` in Altair's and Bellatrix's shape.
    pub execution: Option<ExecutionPayloadHeader>,
    /// `execution_branch`: the execution payload's root up to `beacon.body_root` (zero in
    /// Altair's and Bellatrix's shape).
    pub execution_branch: [Root; 4],
}

/// The empty beacon block header.
const EMPTY_BEACON: BeaconBlockHeader =
    BeaconBlockHeader { slot: 0, proposer_index: 0, parent_root: [0; 32], state_root: [0; 32], body_root: [0; 32] };

impl LightClientHeader {
    /// A header of Altair's and Bellatrix's shape: the beacon header alone. A Capella or later
    /// slot's header is valid so only for a client that follows beacon headers alone
    /// ([`Self::is_valid`]).
    pub fn from_beacon(beacon: BeaconBlockHeader) -> LightClientHeader {
        LightClientHeader { beacon, execution: None, execution_branch: [[0; 32]; 4] }
    }

    /// The empty header of `fork`'s shape (`LightClientHeader()`), which an update without a
    /// finalized header carries.
    pub fn empty(fork: Fork) -> LightClientHeader {
        LightClientHeader {
            beacon: EMPTY_BEACON,
            execution: fork.has_execution().then(ExecutionPayloadHeader::empty),
            execution_branch: [[0; 32]; 4],
        }
    }

    /// Whether this is the empty header (of any shape).
    pub fn is_empty(&self) -> bool {
        self.beacon == EMPTY_BEACON
            && self.execution.as_ref().is_none_or(|e| *e == ExecutionPayloadHeader::empty())
            && self.execution_branch == [[0; 32]; 4]
    }

    /// `get_lc_execution_root`: the execution payload header's root in the shape of the
    /// header's own fork, zero before Capella.
    pub fn execution_root(&self, config: &NetworkConfig) -> Root {
        match (config.fork_at_slot(self.beacon.slot), &self.execution) {
            (Some(fork), Some(execution)) if fork.has_execution() => execution.hash_tree_root(fork),
            _ => [0; 32],
        }
    }

    /// `is_valid_light_client_header` (Deneb's version, which Electra and Fulu keep): before
    /// Deneb the blob fields are zero; before Capella the execution part is empty; from Capella
    /// on the execution payload header is proven under `beacon.body_root`. `extra_data` is at
    /// most 32 bytes (the SSZ limit, which a header built in code could break).
    ///
    /// With `execution_required` false (a client that follows beacon headers alone, as bridges
    /// such as Snowbridge do), a Capella or later header may come without its execution part:
    /// none, or an empty one with a zero branch (what such a header is once through SSZ).
    pub fn is_valid(&self, config: &NetworkConfig, execution_required: bool) -> bool {
        let epoch = epoch_at_slot(self.beacon.slot);
        let branch_is_zero = self.execution_branch == [[0; 32]; 4];
        let execution = match &self.execution {
            Some(e) if execution_required || !branch_is_zero || *e != ExecutionPayloadHeader::empty() => e,
            _ => return branch_is_zero && (!execution_required || epoch < config.fork_epoch(Fork::Capella)),
        };
        if execution.extra_data.len() > MAX_EXTRA_DATA_BYTES {
            return false;
        }
        if epoch < config.fork_epoch(Fork::Deneb) && (execution.blob_gas_used != 0 || execution.excess_blob_gas != 0) {
            return false;
        }
        if epoch < config.fork_epoch(Fork::Capella) {
            return *execution == ExecutionPayloadHeader::empty() && branch_is_zero;
        }
        is_valid_merkle_branch(
            &self.execution_root(config),
            &self.execution_branch,
            floorlog2(EXECUTION_PAYLOAD_GINDEX),
            subtree_index(EXECUTION_PAYLOAD_GINDEX),
            &self.beacon.body_root,
        )
    }
}

/// The branch an update carries where it proves nothing: zero nodes, as deep as `gindex`.
pub fn zero_branch(gindex: u64) -> Vec<Root> {
    alloc::vec![[0; 32]; floorlog2(gindex) as usize]
}

/// `floorlog2`.
pub(crate) fn floorlog2(gindex: u64) -> u32 {
    63 - gindex.max(1).leading_zeros()
}

/// `get_subtree_index`: a generalized index's position in its level.
pub(crate) fn subtree_index(gindex: u64) -> u64 {
    gindex - (1 << floorlog2(gindex))
}

/// `is_valid_normalized_merkle_branch` (Electra): a branch longer than `gindex` is deep is
/// valid only if the extra (leading) entries are zero, and then as its last `depth` entries.
/// One container type thus carries both an Electra branch and an older fork's shorter one.
pub fn is_valid_normalized_merkle_branch(leaf: &Root, branch: &[Root], gindex: u64, root: &Root) -> bool {
    let depth = floorlog2(gindex);
    let Some(extra) = branch.len().checked_sub(depth as usize) else {
        return false;
    };
    branch[..extra].iter().all(|r| *r == [0; 32])
        && is_valid_merkle_branch(leaf, &branch[extra..], depth, subtree_index(gindex), root)
}

/// The SSZ `SyncCommittee` as the chain has it: 512 compressed keys and their sum, not yet
/// decoded (decoding and checking the keys is what costs; [`Self::decode`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncCommitteeKeys {
    /// `pubkeys`, in committee order.
    pub pubkeys: Vec<[u8; 48]>,
    /// `aggregate_pubkey`.
    pub aggregate_pubkey: [u8; 48],
}

impl SyncCommitteeKeys {
    /// The empty committee (`SyncCommittee()`): zero keys, which an update without a next
    /// committee carries.
    pub fn empty() -> SyncCommitteeKeys {
        SyncCommitteeKeys { pubkeys: alloc::vec![[0; 48]; SYNC_COMMITTEE_SIZE], aggregate_pubkey: [0; 48] }
    }

    /// Whether this is the empty committee: 512 zero keys and a zero sum.
    pub fn is_empty(&self) -> bool {
        self.pubkeys.len() == SYNC_COMMITTEE_SIZE
            && self.aggregate_pubkey == [0; 48]
            && self.pubkeys.iter().all(|k| *k == [0; 48])
    }

    /// `hash_tree_root`: the root the beacon state commits to.
    pub fn hash_tree_root(&self) -> Root {
        sync_committee_root(&self.pubkeys, &self.aggregate_pubkey)
    }

    /// Decodes and checks the keys ([`SyncCommittee::from_compressed`]).
    pub fn decode(&self) -> Result<SyncCommittee, SyncError> {
        SyncCommittee::from_compressed(&self.pubkeys)
    }
}

/// `SyncAggregate`: who of the committee signed, and their aggregate signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncAggregate {
    /// `sync_committee_bits`: bit `i` (of byte `i / 8`, least significant first) for member `i`.
    pub sync_committee_bits: [u8; SYNC_COMMITTEE_SIZE / 8],
    /// `sync_committee_signature`, compressed.
    pub sync_committee_signature: [u8; 96],
}

impl SyncAggregate {
    /// The number of participants.
    pub fn participants(&self) -> usize {
        self.sync_committee_bits.iter().map(|b| b.count_ones() as usize).sum()
    }
}

/// `LightClientBootstrap`: a header and its state's current sync committee, which a client
/// trusts once the header's root is one it trusts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightClientBootstrap {
    /// `header`.
    pub header: LightClientHeader,
    /// `current_sync_committee`.
    pub current_sync_committee: SyncCommitteeKeys,
    /// `current_sync_committee_branch`, up to `header.beacon.state_root`.
    pub current_sync_committee_branch: Vec<Root>,
}

/// `LightClientUpdate`: a header the sync committee signed (`attested_header`), and what its
/// state proves: the next committee, the finalized header, or both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightClientUpdate {
    /// `attested_header`: the header the aggregate signs.
    pub attested_header: LightClientHeader,
    /// `next_sync_committee` (empty when the update does not carry it).
    pub next_sync_committee: SyncCommitteeKeys,
    /// `next_sync_committee_branch`, up to the attested state root (zero when absent).
    pub next_sync_committee_branch: Vec<Root>,
    /// `finalized_header` (empty when the update carries no finality).
    pub finalized_header: LightClientHeader,
    /// `finality_branch`, up to the attested state root (zero when absent).
    pub finality_branch: Vec<Root>,
    /// `sync_aggregate`.
    pub sync_aggregate: SyncAggregate,
    /// `signature_slot`: the slot of the block that includes the aggregate.
    pub signature_slot: u64,
}

impl LightClientUpdate {
    /// `is_sync_committee_update`: the next-committee branch is not zero.
    pub fn is_sync_committee_update(&self) -> bool {
        self.next_sync_committee_branch.iter().any(|r| *r != [0; 32])
    }

    /// `is_finality_update`: the finality branch is not zero.
    pub fn is_finality_update(&self) -> bool {
        self.finality_branch.iter().any(|r| *r != [0; 32])
    }
}

/// `LightClientFinalityUpdate`: an update without the next committee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightClientFinalityUpdate {
    /// `attested_header`.
    pub attested_header: LightClientHeader,
    /// `finalized_header`.
    pub finalized_header: LightClientHeader,
    /// `finality_branch`.
    pub finality_branch: Vec<Root>,
    /// `sync_aggregate`.
    pub sync_aggregate: SyncAggregate,
    /// `signature_slot`.
    pub signature_slot: u64,
}

/// `LightClientOptimisticUpdate`: a signed header alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightClientOptimisticUpdate {
    /// `attested_header`.
    pub attested_header: LightClientHeader,
    /// `sync_aggregate`.
    pub sync_aggregate: SyncAggregate,
    /// `signature_slot`.
    pub signature_slot: u64,
}

impl LightClientFinalityUpdate {
    /// The full update it stands for (`process_light_client_finality_update`): no next
    /// committee, a zero branch of `fork`'s depth.
    pub fn into_update(self, fork: Fork) -> LightClientUpdate {
        LightClientUpdate {
            attested_header: self.attested_header,
            next_sync_committee: SyncCommitteeKeys::empty(),
            next_sync_committee_branch: zero_branch(fork.next_sync_committee_gindex()),
            finalized_header: self.finalized_header,
            finality_branch: self.finality_branch,
            sync_aggregate: self.sync_aggregate,
            signature_slot: self.signature_slot,
        }
    }
}

impl LightClientOptimisticUpdate {
    /// The full update it stands for (`process_light_client_optimistic_update`): no next
    /// committee, no finalized header, zero branches of `fork`'s depths.
    pub fn into_update(self, fork: Fork) -> LightClientUpdate {
        LightClientUpdate {
            attested_header: self.attested_header,
            next_sync_committee: SyncCommitteeKeys::empty(),
            next_sync_committee_branch: zero_branch(fork.next_sync_committee_gindex()),
            finalized_header: LightClientHeader::empty(fork),
            finality_branch: zero_branch(fork.finalized_root_gindex()),
            sync_aggregate: self.sync_aggregate,
            signature_slot: self.signature_slot,
        }
    }
}
