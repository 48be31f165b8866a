//! The install argument (`opt InitArgs`): who is served free, the subnet's size and how many
//! sync committees to keep. It is kept in stable memory so that an upgrade keeps it (merged
//! field by field with the upgrade's argument, see `post_upgrade`); the heap holds a copy for
//! the calls.
//!
//! # Stable memory, layout 2
//!
//! * `[0, 4 MiB)`: the install argument's record: the magic `ICBLSV02` (the layout's version),
//!   the length of the Candid bytes (u32, little-endian), then the Candid encoding of
//!   [`InitArgs`]. A record that would not fit is refused.
//! * From 4 MiB ([`crate::sync_committees::REGION_START`]): the sync-committee slots.
//!
//! Layout 1 (the magic `ICBLSV01`, until this version) is the same but for the allow-list,
//! a `vec principal` where layout 2 has an `opt vec principal`; it is read, and the next write
//! is layout 2.

use candid::{CandidType, Principal};
use icbls_verifier_client::service::{DEFAULT_SYNC_COMMITTEE_SLOTS, MAX_SYNC_COMMITTEE_SLOTS, REFERENCE_SUBNET_NODES};
use icbls_verifier_client::InitArgs;
use serde::Deserialize;
use std::cell::RefCell;

/// The magic of layout 2, written now.
const MAGIC: &[u8; 8] = b"ICBLSV02";
/// The magic of layout 1, still read.
const MAGIC_V1: &[u8; 8] = b"ICBLSV01";
const HEADER_BYTES: u64 = 12;
const WASM_PAGE: u64 = 65_536;

/// The install argument as layout 1 stored it.
#[derive(CandidType, Deserialize)]
struct InitArgsV1 {
    allow_list: Vec<Principal>,
    subnet_nodes: Option<u32>,
    sync_committee_slots: Option<u32>,
}

thread_local! {
    static CONFIG: RefCell<InitArgs> = RefCell::new(InitArgs::default());
}

/// Takes `args` as the configuration and stores it in stable memory, or says why it cannot
/// (an allow-list the verifier cannot keep, a record past its region).
pub fn set(args: InitArgs) -> Result<(), String> {
    args.check()?;
    let bytes = candid::encode_one(&args).map_err(|e| format!("cannot encode the install argument: {e}"))?;
    let record = [&MAGIC[..], &(bytes.len() as u32).to_le_bytes(), &bytes].concat();
    if record.len() as u64 > crate::sync_committees::REGION_START {
        return Err(format!(
            "the install argument takes {} bytes, more than its {}-byte region of stable memory",
            record.len(),
            crate::sync_committees::REGION_START
        ));
    }
    let pages = (record.len() as u64).div_ceil(WASM_PAGE);
    let have = ic_cdk::stable::stable_size();
    if have < pages && ic_cdk::stable::stable_grow(pages - have).is_err() {
        return Err("cannot grow stable memory to store the install argument".into());
    }
    ic_cdk::stable::stable_write(0, &record);
    CONFIG.with(|c| *c.borrow_mut() = args);
    Ok(())
}

/// The configuration stored by an earlier installation (layout 2 or 1), if any.
pub fn stored() -> Option<InitArgs> {
    if ic_cdk::stable::stable_size() == 0 {
        return None;
    }
    let mut head = [0u8; HEADER_BYTES as usize];
    ic_cdk::stable::stable_read(0, &mut head);
    let len = u64::from(u32::from_le_bytes([head[8], head[9], head[10], head[11]]));
    if len > crate::sync_committees::REGION_START - HEADER_BYTES {
        return None;
    }
    let mut bytes = vec![0u8; len as usize];
    ic_cdk::stable::stable_read(HEADER_BYTES, &mut bytes);
    match &head[..8] {
        m if m == MAGIC => candid::decode_one(&bytes).ok(),
        m if m == MAGIC_V1 => candid::decode_one::<InitArgsV1>(&bytes).ok().map(|v1| InitArgs {
            allow_list: Some(v1.allow_list),
            subnet_nodes: v1.subnet_nodes,
            sync_committee_slots: v1.sync_committee_slots,
            eth_light_client: None,
        }),
        _ => None,
    }
}

/// Whether `caller` is on the allow-list.
pub fn allowed(caller: &Principal) -> bool {
    CONFIG.with(|c| c.borrow().allow_list.as_ref().is_some_and(|list| list.contains(caller)))
}

/// The subnet's size, for prices and charges.
pub fn subnet_nodes() -> u32 {
    CONFIG.with(|c| c.borrow().subnet_nodes.unwrap_or(REFERENCE_SUBNET_NODES).max(1))
}

/// How many sync committees the store keeps (the install argument's, at most the maximum).
pub fn sync_committee_slots() -> u32 {
    CONFIG
        .with(|c| c.borrow().sync_committee_slots.unwrap_or(DEFAULT_SYNC_COMMITTEE_SLOTS).min(MAX_SYNC_COMMITTEE_SLOTS))
}

/// The Ethereum light client's setting, if the install argument gives one.
pub fn eth_light_client() -> Option<icbls_verifier_client::EthLightClientInit> {
    CONFIG.with(|c| c.borrow().eth_light_client.clone())
}
