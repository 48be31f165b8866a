//! Beacon-chain data as the public vectors write it (beacon-API JSON and the collectors' own):
//! roots, numbers, headers, keys, execution payload headers and fork schedules, shared by the
//! sync-committee and light-client tests; and this kit's own SSZ root of an execution payload
//! header, which the library's is checked against.

use crate::vectors::json_hex as hex;
use icbls::light_client::{ExecutionPayloadHeader, Fork, NetworkConfig, FAR_FUTURE_EPOCH};
use icbls::sync_committee::{BeaconBlockHeader, Root};
use serde_json::Value;
use sha2::{Digest, Sha256};

pub fn root(v: &Value) -> Root {
    hex(v).try_into().unwrap_or_else(|b: Vec<u8>| panic!("a 32-byte root, not {} bytes", b.len()))
}

pub fn roots(v: &Value) -> Vec<Root> {
    v.as_array().expect("a list of roots").iter().map(root).collect()
}

/// A number, as the sources write it: a JSON integer or a decimal string.
pub fn number(v: &Value) -> u64 {
    match v {
        Value::Number(n) => n.as_u64().unwrap(),
        Value::String(s) => s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}")),
        other => panic!("not a number: {other}"),
    }
}

/// A `uint256` field that fits in 128 bits (a base fee), as a JSON integer or a decimal string.
pub fn number128(v: &Value) -> u128 {
    match v {
        Value::Number(n) => n.as_u64().unwrap().into(),
        Value::String(s) => s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}")),
        other => panic!("not a number: {other}"),
    }
}

pub fn header(v: &Value) -> BeaconBlockHeader {
    BeaconBlockHeader {
        slot: number(&v["slot"]),
        proposer_index: number(&v["proposer_index"]),
        parent_root: root(&v["parent_root"]),
        state_root: root(&v["state_root"]),
        body_root: root(&v["body_root"]),
    }
}

pub fn key48(v: &Value) -> [u8; 48] {
    hex(v).try_into().expect("a 48-byte key")
}

/// SHA-256 of two chunks, for the SSZ of an `ExecutionPayloadHeader`.
pub fn node(left: &Root, right: &Root) -> Root {
    let mut h = Sha256::new();
    h.update(left);
    h.update(right);
    h.finalize().into()
}

/// SSZ `merkleize`, padded with zero chunks to `limit` leaves.
pub fn merkleize(mut layer: Vec<Root>, limit: usize) -> Root {
    layer.resize(limit.max(layer.len()).max(1).next_power_of_two(), [0; 32]);
    while layer.len() > 1 {
        layer = layer.chunks(2).map(|pair| node(&pair[0], &pair[1])).collect();
    }
    layer[0]
}

pub fn chunk_of(bytes: &[u8]) -> Root {
    let mut chunk = [0u8; 32];
    chunk[..bytes.len()].copy_from_slice(bytes);
    chunk
}

/// `hash_tree_root` of an `ExecutionPayloadHeader` of `fork` (Capella; Deneb adds the blob gas
/// fields; Electra and Fulu keep Deneb's header), from beacon-API JSON.
pub fn execution_header_root(e: &Value, fork: &str) -> Root {
    let u64_chunk = |v: &Value| chunk_of(&number(v).to_le_bytes());
    let bytes_chunks = |b: &[u8]| b.chunks(32).map(chunk_of).collect::<Vec<_>>();
    let extra = hex(&e["extra_data"]);
    let mut fields = vec![
        root(&e["parent_hash"]),
        chunk_of(&hex(&e["fee_recipient"])),
        root(&e["state_root"]),
        root(&e["receipts_root"]),
        merkleize(bytes_chunks(&hex(&e["logs_bloom"])), 8),
        root(&e["prev_randao"]),
        u64_chunk(&e["block_number"]),
        u64_chunk(&e["gas_limit"]),
        u64_chunk(&e["gas_used"]),
        u64_chunk(&e["timestamp"]),
        // ByteList[32]: its one chunk mixed in with its length.
        node(&merkleize(bytes_chunks(&extra), 1), &chunk_of(&(extra.len() as u64).to_le_bytes())),
        chunk_of(&number128(&e["base_fee_per_gas"]).to_le_bytes()),
        root(&e["block_hash"]),
        root(&e["transactions_root"]),
    ];
    match fork {
        "capella" => fields.push(root(&e["withdrawals_root"])),
        "deneb" | "electra" | "fulu" => {
            fields.push(root(&e["withdrawals_root"]));
            fields.push(u64_chunk(&e["blob_gas_used"]));
            fields.push(u64_chunk(&e["excess_blob_gas"]));
        }
        other => panic!("no execution header in {other}"),
    }
    let width = fields.len();
    merkleize(fields, width)
}

/// A dataset's network from the collectors' `config` (`fork_versions`, `fork_epochs` and
/// `genesis_validators_root`): a fork it does not name is not scheduled.
pub fn network_config(config: &Value) -> NetworkConfig {
    let version = |name: &str| -> Option<[u8; 4]> {
        config["fork_versions"].get(name).map(|v| hex(v).try_into().expect("a 4-byte version"))
    };
    let epoch = |name: &str| config["fork_epochs"].get(name).map_or(FAR_FUTURE_EPOCH, number);
    let mut forks = [([0xff; 4], FAR_FUTURE_EPOCH); 6];
    for (i, fork) in Fork::ALL.into_iter().enumerate() {
        forks[i] = (version(fork.name()).unwrap_or([0xff; 4]), epoch(fork.name()));
    }
    NetworkConfig {
        genesis_validators_root: root(&config["genesis_validators_root"]),
        genesis_fork_version: version("genesis").expect("a genesis version"),
        forks,
    }
}

/// The library's `ExecutionPayloadHeader` from beacon-API JSON (the blob fields zero when
/// absent, as before Deneb).
pub fn execution_payload_header(e: &Value) -> ExecutionPayloadHeader {
    let mut base_fee_per_gas = [0u8; 32];
    base_fee_per_gas[..16].copy_from_slice(&number128(&e["base_fee_per_gas"]).to_le_bytes());
    let optional = |name: &str| e.get(name).filter(|v| !v.is_null()).map_or(0, number);
    ExecutionPayloadHeader {
        parent_hash: root(&e["parent_hash"]),
        fee_recipient: hex(&e["fee_recipient"]).try_into().expect("a 20-byte address"),
        state_root: root(&e["state_root"]),
        receipts_root: root(&e["receipts_root"]),
        logs_bloom: hex(&e["logs_bloom"]).try_into().expect("a 256-byte bloom"),
        prev_randao: root(&e["prev_randao"]),
        block_number: number(&e["block_number"]),
        gas_limit: number(&e["gas_limit"]),
        gas_used: number(&e["gas_used"]),
        timestamp: number(&e["timestamp"]),
        extra_data: hex(&e["extra_data"]),
        base_fee_per_gas,
        block_hash: root(&e["block_hash"]),
        transactions_root: root(&e["transactions_root"]),
        withdrawals_root: root(&e["withdrawals_root"]),
        blob_gas_used: optional("blob_gas_used"),
        excess_blob_gas: optional("excess_blob_gas"),
    }
}
