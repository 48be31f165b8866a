//! SSZ decoding of the light-client containers (consensus-specs `ssz/simple-serialize.md`):
//! fixed-size fields in place, each variable-size field as a 4-byte offset into the part after
//! the fixed ones. The bytes are the beacon API's `application/octet-stream` bodies; the fork
//! they were written for (the API's `Eth-Consensus-Version`) decides their shape.
//!
//! Every rule of the encoding is checked: exact lengths, the first offset equal to the fixed
//! part's length, offsets in order and within the bytes, `extra_data` at most 32 bytes.

use super::config::Fork;
use super::containers::{
    floorlog2, ExecutionPayloadHeader, LightClientBootstrap, LightClientFinalityUpdate, LightClientHeader,
    LightClientOptimisticUpdate, LightClientUpdate, SyncAggregate, SyncCommitteeKeys, MAX_EXTRA_DATA_BYTES,
};
use crate::sync_committee::{BeaconBlockHeader, Root, SYNC_COMMITTEE_SIZE};
use alloc::vec::Vec;
use core::fmt;

/// Why bytes are not the SSZ encoding of a container.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SszError {
    /// The field (or container) whose bytes are wrong, as the specs name it.
    pub field: &'static str,
    /// The rule they break.
    pub reason: SszRule,
}

/// The SSZ rule bytes break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SszRule {
    /// Fewer or more bytes than the fixed-size value or container takes.
    Length {
        /// Bytes the shape takes (at least this many, for a container with variable fields).
        expected: usize,
        /// Bytes given.
        given: usize,
    },
    /// The first offset is not the length of the fixed-size part.
    FirstOffset {
        /// The fixed part's length.
        expected: usize,
        /// The offset given.
        given: usize,
    },
    /// An offset before the previous one or past the end.
    Offset {
        /// The offset given.
        given: usize,
    },
    /// A list longer than its limit.
    TooLong {
        /// The limit.
        limit: usize,
        /// Items given.
        given: usize,
    },
    /// A value the container does not allow: in a stored store ([`super::LightClientStore::from_bytes`]),
    /// an unknown version or fork, a flag other than 0 or 1, a key off the curve.
    Invalid,
}

impl fmt::Display for SszError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let field = self.field;
        match self.reason {
            SszRule::Length { expected, given } => write!(f, "SSZ {field}: {given} bytes, the shape takes {expected}"),
            SszRule::FirstOffset { expected, given } => {
                write!(f, "SSZ {field}: first offset {given}, the fixed part is {expected} bytes")
            }
            SszRule::Offset { given } => write!(f, "SSZ {field}: offset {given} out of order or past the end"),
            SszRule::TooLong { limit, given } => write!(f, "SSZ {field}: {given} items, at most {limit}"),
            SszRule::Invalid => write!(f, "SSZ {field}: a value the container does not allow"),
        }
    }
}

impl core::error::Error for SszError {}

/// A container's field: its name, and its size if fixed.
pub(super) struct Field {
    name: &'static str,
    size: Option<usize>,
}

pub(super) const fn fixed(name: &'static str, size: usize) -> Field {
    Field { name, size: Some(size) }
}

pub(super) const fn variable(name: &'static str) -> Field {
    Field { name, size: None }
}

/// Splits a container's bytes into its fields' bytes.
pub(super) fn fields<'a>(
    container: &'static str,
    bytes: &'a [u8],
    layout: &[Field],
) -> Result<Vec<&'a [u8]>, SszError> {
    let fixed_len: usize = layout.iter().map(|f| f.size.unwrap_or(4)).sum();
    let has_variable = layout.iter().any(|f| f.size.is_none());
    if bytes.len() < fixed_len || (!has_variable && bytes.len() != fixed_len) {
        return Err(SszError { field: container, reason: SszRule::Length { expected: fixed_len, given: bytes.len() } });
    }
    // The fixed part: each fixed field's bytes, each variable field's offset.
    let mut at = 0;
    let mut parts: Vec<(&'static str, Result<&'a [u8], usize>)> = Vec::with_capacity(layout.len());
    for field in layout {
        let size = field.size.unwrap_or(4);
        let raw = &bytes[at..at + size];
        at += size;
        parts.push((
            field.name,
            match field.size {
                Some(_) => Ok(raw),
                None => Err(u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]) as usize),
            },
        ));
    }
    // The variable part: from each offset to the next, the last to the end.
    let offsets: Vec<(&'static str, usize)> =
        parts.iter().filter_map(|(name, p)| p.err().map(|offset| (*name, offset))).collect();
    if let Some((name, first)) = offsets.first() {
        if *first != fixed_len {
            return Err(SszError { field: name, reason: SszRule::FirstOffset { expected: fixed_len, given: *first } });
        }
    }
    let mut variable_parts = Vec::with_capacity(offsets.len());
    for (i, (name, start)) in offsets.iter().enumerate() {
        let end = offsets.get(i + 1).map_or(bytes.len(), |(_, next)| *next);
        if end < *start || end > bytes.len() {
            return Err(SszError { field: name, reason: SszRule::Offset { given: end } });
        }
        variable_parts.push(&bytes[*start..end]);
    }
    let mut variable_parts = variable_parts.into_iter();
    Ok(parts.into_iter().map(|(_, p)| p.unwrap_or_else(|_| variable_parts.next().unwrap_or(&[]))).collect())
}

pub(super) fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

pub(super) fn array<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut out = [0u8; N];
    out.copy_from_slice(&bytes[at..at + N]);
    out
}

/// Bytes in an encoded `BeaconBlockHeader`.
const BEACON_HEADER_BYTES: usize = 112;
/// Bytes in an encoded `SyncCommittee`.
const SYNC_COMMITTEE_BYTES: usize = 48 * SYNC_COMMITTEE_SIZE + 48;
/// Bytes in an encoded `SyncAggregate`.
const SYNC_AGGREGATE_BYTES: usize = SYNC_COMMITTEE_SIZE / 8 + 96;

fn beacon_header(bytes: &[u8]) -> BeaconBlockHeader {
    BeaconBlockHeader {
        slot: u64_at(bytes, 0),
        proposer_index: u64_at(bytes, 8),
        parent_root: array(bytes, 16),
        state_root: array(bytes, 48),
        body_root: array(bytes, 80),
    }
}

impl BeaconBlockHeader {
    /// Decodes an SSZ `BeaconBlockHeader` (112 bytes).
    pub fn from_ssz_bytes(bytes: &[u8]) -> Result<BeaconBlockHeader, SszError> {
        fields("BeaconBlockHeader", bytes, &[fixed("BeaconBlockHeader", BEACON_HEADER_BYTES)])?;
        Ok(beacon_header(bytes))
    }
}

impl ExecutionPayloadHeader {
    /// Decodes an SSZ `ExecutionPayloadHeader` of `fork`'s shape (Capella's, or Deneb's with the
    /// blob fields).
    pub fn from_ssz_bytes(bytes: &[u8], fork: Fork) -> Result<ExecutionPayloadHeader, SszError> {
        let mut layout = alloc::vec![
            fixed("parent_hash", 32),
            fixed("fee_recipient", 20),
            fixed("state_root", 32),
            fixed("receipts_root", 32),
            fixed("logs_bloom", 256),
            fixed("prev_randao", 32),
            fixed("block_number", 8),
            fixed("gas_limit", 8),
            fixed("gas_used", 8),
            fixed("timestamp", 8),
            variable("extra_data"),
            fixed("base_fee_per_gas", 32),
            fixed("block_hash", 32),
            fixed("transactions_root", 32),
            fixed("withdrawals_root", 32),
        ];
        if fork.has_blob_gas() {
            layout.push(fixed("blob_gas_used", 8));
            layout.push(fixed("excess_blob_gas", 8));
        }
        let f = fields("ExecutionPayloadHeader", bytes, &layout)?;
        if f[10].len() > MAX_EXTRA_DATA_BYTES {
            let reason = SszRule::TooLong { limit: MAX_EXTRA_DATA_BYTES, given: f[10].len() };
            return Err(SszError { field: "extra_data", reason });
        }
        let blob = |i: usize| f.get(i).map_or(0, |b| u64_at(b, 0));
        Ok(ExecutionPayloadHeader {
            parent_hash: array(f[0], 0),
            fee_recipient: array(f[1], 0),
            state_root: array(f[2], 0),
            receipts_root: array(f[3], 0),
            logs_bloom: array(f[4], 0),
            prev_randao: array(f[5], 0),
            block_number: u64_at(f[6], 0),
            gas_limit: u64_at(f[7], 0),
            gas_used: u64_at(f[8], 0),
            timestamp: u64_at(f[9], 0),
            extra_data: f[10].to_vec(),
            base_fee_per_gas: array(f[11], 0),
            block_hash: array(f[12], 0),
            transactions_root: array(f[13], 0),
            withdrawals_root: array(f[14], 0),
            blob_gas_used: blob(15),
            excess_blob_gas: blob(16),
        })
    }
}

/// A header field of a container of `fork`: fixed before Capella, variable after.
fn header_field(name: &'static str, fork: Fork) -> Field {
    if fork.has_execution() {
        variable(name)
    } else {
        fixed(name, BEACON_HEADER_BYTES)
    }
}

/// A branch field of `gindex`'s depth.
fn branch_field(name: &'static str, gindex: u64) -> Field {
    fixed(name, 32 * floorlog2(gindex) as usize)
}

fn branch(bytes: &[u8]) -> Vec<Root> {
    bytes.chunks(32).map(|c| array(c, 0)).collect()
}

impl LightClientHeader {
    /// Decodes an SSZ `LightClientHeader` of `fork`'s shape (`name`: the field it fills, for
    /// errors).
    fn decode(bytes: &[u8], fork: Fork, name: &'static str) -> Result<LightClientHeader, SszError> {
        if !fork.has_execution() {
            fields(name, bytes, &[fixed(name, BEACON_HEADER_BYTES)])?;
            return Ok(LightClientHeader::from_beacon(beacon_header(bytes)));
        }
        let f = fields(
            name,
            bytes,
            &[fixed("beacon", BEACON_HEADER_BYTES), variable("execution"), fixed("execution_branch", 4 * 32)],
        )?;
        let execution_branch = [array(f[2], 0), array(f[2], 32), array(f[2], 64), array(f[2], 96)];
        Ok(LightClientHeader {
            beacon: beacon_header(f[0]),
            execution: Some(ExecutionPayloadHeader::from_ssz_bytes(f[1], fork)?),
            execution_branch,
        })
    }

    /// Decodes an SSZ `LightClientHeader` of `fork`'s shape.
    pub fn from_ssz_bytes(bytes: &[u8], fork: Fork) -> Result<LightClientHeader, SszError> {
        LightClientHeader::decode(bytes, fork, "LightClientHeader")
    }
}

impl SyncCommitteeKeys {
    /// Decodes an SSZ `SyncCommittee` (512 keys and their sum, 24,624 bytes); the keys are not
    /// decoded as points here ([`SyncCommitteeKeys::decode`]).
    pub fn from_ssz_bytes(bytes: &[u8]) -> Result<SyncCommitteeKeys, SszError> {
        fields("SyncCommittee", bytes, &[fixed("SyncCommittee", SYNC_COMMITTEE_BYTES)])?;
        let pubkeys = bytes[..48 * SYNC_COMMITTEE_SIZE].chunks(48).map(|k| array(k, 0)).collect();
        Ok(SyncCommitteeKeys { pubkeys, aggregate_pubkey: array(bytes, 48 * SYNC_COMMITTEE_SIZE) })
    }
}

impl SyncAggregate {
    /// Decodes an SSZ `SyncAggregate` (the 64 bytes of bits, then the signature).
    pub fn from_ssz_bytes(bytes: &[u8]) -> Result<SyncAggregate, SszError> {
        fields("SyncAggregate", bytes, &[fixed("SyncAggregate", SYNC_AGGREGATE_BYTES)])?;
        Ok(SyncAggregate { sync_committee_bits: array(bytes, 0), sync_committee_signature: array(bytes, 64) })
    }
}

impl LightClientBootstrap {
    /// Decodes an SSZ `LightClientBootstrap` of `fork`'s shape.
    pub fn from_ssz_bytes(bytes: &[u8], fork: Fork) -> Result<LightClientBootstrap, SszError> {
        let f = fields(
            "LightClientBootstrap",
            bytes,
            &[
                header_field("header", fork),
                fixed("current_sync_committee", SYNC_COMMITTEE_BYTES),
                branch_field("current_sync_committee_branch", fork.current_sync_committee_gindex()),
            ],
        )?;
        Ok(LightClientBootstrap {
            header: LightClientHeader::decode(f[0], fork, "header")?,
            current_sync_committee: SyncCommitteeKeys::from_ssz_bytes(f[1])?,
            current_sync_committee_branch: branch(f[2]),
        })
    }
}

impl LightClientUpdate {
    /// Decodes an SSZ `LightClientUpdate` of `fork`'s shape.
    pub fn from_ssz_bytes(bytes: &[u8], fork: Fork) -> Result<LightClientUpdate, SszError> {
        let f = fields(
            "LightClientUpdate",
            bytes,
            &[
                header_field("attested_header", fork),
                fixed("next_sync_committee", SYNC_COMMITTEE_BYTES),
                branch_field("next_sync_committee_branch", fork.next_sync_committee_gindex()),
                header_field("finalized_header", fork),
                branch_field("finality_branch", fork.finalized_root_gindex()),
                fixed("sync_aggregate", SYNC_AGGREGATE_BYTES),
                fixed("signature_slot", 8),
            ],
        )?;
        Ok(LightClientUpdate {
            attested_header: LightClientHeader::decode(f[0], fork, "attested_header")?,
            next_sync_committee: SyncCommitteeKeys::from_ssz_bytes(f[1])?,
            next_sync_committee_branch: branch(f[2]),
            finalized_header: LightClientHeader::decode(f[3], fork, "finalized_header")?,
            finality_branch: branch(f[4]),
            sync_aggregate: SyncAggregate::from_ssz_bytes(f[5])?,
            signature_slot: u64_at(f[6], 0),
        })
    }
}

impl LightClientFinalityUpdate {
    /// Decodes an SSZ `LightClientFinalityUpdate` of `fork`'s shape.
    pub fn from_ssz_bytes(bytes: &[u8], fork: Fork) -> Result<LightClientFinalityUpdate, SszError> {
        let f = fields(
            "LightClientFinalityUpdate",
            bytes,
            &[
                header_field("attested_header", fork),
                header_field("finalized_header", fork),
                branch_field("finality_branch", fork.finalized_root_gindex()),
                fixed("sync_aggregate", SYNC_AGGREGATE_BYTES),
                fixed("signature_slot", 8),
            ],
        )?;
        Ok(LightClientFinalityUpdate {
            attested_header: LightClientHeader::decode(f[0], fork, "attested_header")?,
            finalized_header: LightClientHeader::decode(f[1], fork, "finalized_header")?,
            finality_branch: branch(f[2]),
            sync_aggregate: SyncAggregate::from_ssz_bytes(f[3])?,
            signature_slot: u64_at(f[4], 0),
        })
    }
}

impl LightClientOptimisticUpdate {
    /// Decodes an SSZ `LightClientOptimisticUpdate` of `fork`'s shape.
    pub fn from_ssz_bytes(bytes: &[u8], fork: Fork) -> Result<LightClientOptimisticUpdate, SszError> {
        let f = fields(
            "LightClientOptimisticUpdate",
            bytes,
            &[
                header_field("attested_header", fork),
                fixed("sync_aggregate", SYNC_AGGREGATE_BYTES),
                fixed("signature_slot", 8),
            ],
        )?;
        Ok(LightClientOptimisticUpdate {
            attested_header: LightClientHeader::decode(f[0], fork, "attested_header")?,
            sync_aggregate: SyncAggregate::from_ssz_bytes(f[1])?,
            signature_slot: u64_at(f[2], 0),
        })
    }
}

// Encoding: the inverse of the decoders, for callers that build requests (a relayer, tests).

/// A container from its fields' encodings (`true`: a variable-size field), offsets written for the
/// variable ones.
pub(super) fn container(parts: &[(bool, Vec<u8>)]) -> Vec<u8> {
    let fixed_len: usize = parts.iter().map(|(variable, p)| if *variable { 4 } else { p.len() }).sum();
    let mut out = Vec::with_capacity(fixed_len + parts.iter().filter(|p| p.0).map(|p| p.1.len()).sum::<usize>());
    let mut offset = fixed_len;
    for (variable, part) in parts {
        if *variable {
            out.extend_from_slice(&(offset as u32).to_le_bytes());
            offset += part.len();
        } else {
            out.extend_from_slice(part);
        }
    }
    for (_, part) in parts.iter().filter(|p| p.0) {
        out.extend_from_slice(part);
    }
    out
}

fn branch_bytes(branch: &[Root]) -> Vec<u8> {
    branch.concat()
}

impl BeaconBlockHeader {
    /// The SSZ encoding (112 bytes).
    pub fn to_ssz_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(BEACON_HEADER_BYTES);
        out.extend_from_slice(&self.slot.to_le_bytes());
        out.extend_from_slice(&self.proposer_index.to_le_bytes());
        out.extend_from_slice(&self.parent_root);
        out.extend_from_slice(&self.state_root);
        out.extend_from_slice(&self.body_root);
        out
    }
}

impl ExecutionPayloadHeader {
    /// The SSZ encoding in `fork`'s shape.
    pub fn to_ssz_bytes(&self, fork: Fork) -> Vec<u8> {
        let mut parts = alloc::vec![
            (false, self.parent_hash.to_vec()),
            (false, self.fee_recipient.to_vec()),
            (false, self.state_root.to_vec()),
            (false, self.receipts_root.to_vec()),
            (false, self.logs_bloom.to_vec()),
            (false, self.prev_randao.to_vec()),
            (false, self.block_number.to_le_bytes().to_vec()),
            (false, self.gas_limit.to_le_bytes().to_vec()),
            (false, self.gas_used.to_le_bytes().to_vec()),
            (false, self.timestamp.to_le_bytes().to_vec()),
            (true, self.extra_data.clone()),
            (false, self.base_fee_per_gas.to_vec()),
            (false, self.block_hash.to_vec()),
            (false, self.transactions_root.to_vec()),
            (false, self.withdrawals_root.to_vec()),
        ];
        if fork.has_blob_gas() {
            parts.push((false, self.blob_gas_used.to_le_bytes().to_vec()));
            parts.push((false, self.excess_blob_gas.to_le_bytes().to_vec()));
        }
        container(&parts)
    }
}

impl LightClientHeader {
    /// The SSZ encoding in `fork`'s shape (an execution part the header lacks is written
    /// empty; one a pre-Capella shape has no room for is left out).
    pub fn to_ssz_bytes(&self, fork: Fork) -> Vec<u8> {
        if !fork.has_execution() {
            return self.beacon.to_ssz_bytes();
        }
        let execution = self.execution.clone().unwrap_or_else(ExecutionPayloadHeader::empty);
        container(&[
            (false, self.beacon.to_ssz_bytes()),
            (true, execution.to_ssz_bytes(fork)),
            (false, branch_bytes(&self.execution_branch)),
        ])
    }
}

impl SyncCommitteeKeys {
    /// The SSZ encoding (24,624 bytes for a full committee).
    pub fn to_ssz_bytes(&self) -> Vec<u8> {
        let mut out = self.pubkeys.concat();
        out.extend_from_slice(&self.aggregate_pubkey);
        out
    }
}

impl SyncAggregate {
    /// The SSZ encoding (160 bytes).
    pub fn to_ssz_bytes(&self) -> Vec<u8> {
        [&self.sync_committee_bits[..], &self.sync_committee_signature[..]].concat()
    }
}

impl LightClientBootstrap {
    /// The SSZ encoding in `fork`'s shape.
    pub fn to_ssz_bytes(&self, fork: Fork) -> Vec<u8> {
        container(&[
            (fork.has_execution(), self.header.to_ssz_bytes(fork)),
            (false, self.current_sync_committee.to_ssz_bytes()),
            (false, branch_bytes(&self.current_sync_committee_branch)),
        ])
    }
}

impl LightClientUpdate {
    /// The SSZ encoding in `fork`'s shape.
    pub fn to_ssz_bytes(&self, fork: Fork) -> Vec<u8> {
        container(&[
            (fork.has_execution(), self.attested_header.to_ssz_bytes(fork)),
            (false, self.next_sync_committee.to_ssz_bytes()),
            (false, branch_bytes(&self.next_sync_committee_branch)),
            (fork.has_execution(), self.finalized_header.to_ssz_bytes(fork)),
            (false, branch_bytes(&self.finality_branch)),
            (false, self.sync_aggregate.to_ssz_bytes()),
            (false, self.signature_slot.to_le_bytes().to_vec()),
        ])
    }
}

impl LightClientFinalityUpdate {
    /// The SSZ encoding in `fork`'s shape.
    pub fn to_ssz_bytes(&self, fork: Fork) -> Vec<u8> {
        container(&[
            (fork.has_execution(), self.attested_header.to_ssz_bytes(fork)),
            (fork.has_execution(), self.finalized_header.to_ssz_bytes(fork)),
            (false, branch_bytes(&self.finality_branch)),
            (false, self.sync_aggregate.to_ssz_bytes()),
            (false, self.signature_slot.to_le_bytes().to_vec()),
        ])
    }
}

impl LightClientOptimisticUpdate {
    /// The SSZ encoding in `fork`'s shape.
    pub fn to_ssz_bytes(&self, fork: Fork) -> Vec<u8> {
        container(&[
            (fork.has_execution(), self.attested_header.to_ssz_bytes(fork)),
            (false, self.sync_aggregate.to_ssz_bytes()),
            (false, self.signature_slot.to_le_bytes().to_vec()),
        ])
    }
}
