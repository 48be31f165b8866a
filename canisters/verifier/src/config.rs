//! The install argument (`opt InitArgs`): who is served free, the subnet's size and how many
//! sync committees to keep. It is kept
//! in stable memory so that an upgrade without an argument keeps it; the heap holds a copy for
//! the calls.

use candid::Principal;
use icbls_verifier_client::service::{DEFAULT_SYNC_COMMITTEE_SLOTS, MAX_SYNC_COMMITTEE_SLOTS, REFERENCE_SUBNET_NODES};
use icbls_verifier_client::InitArgs;
use std::cell::RefCell;

/// The stable-memory record: this magic, the length of the Candid bytes (u32, little-endian),
/// then the Candid encoding of [`InitArgs`].
const MAGIC: &[u8; 8] = b"ICBLSV01";
const WASM_PAGE: u64 = 65_536;

thread_local! {
    static CONFIG: RefCell<InitArgs> = RefCell::new(InitArgs::default());
}

/// Takes `args` as the configuration and stores it in stable memory.
pub fn set(args: InitArgs) {
    let bytes = candid::encode_one(&args).unwrap_or_default();
    let record = [&MAGIC[..], &(bytes.len() as u32).to_le_bytes(), &bytes].concat();
    let pages = (record.len() as u64).div_ceil(WASM_PAGE);
    let have = ic_cdk::stable::stable_size();
    if have < pages && ic_cdk::stable::stable_grow(pages - have).is_err() {
        ic_cdk::trap("cannot grow stable memory to store the install argument");
    }
    ic_cdk::stable::stable_write(0, &record);
    CONFIG.with(|c| *c.borrow_mut() = args);
}

/// The configuration stored by an earlier installation, if any.
pub fn stored() -> Option<InitArgs> {
    if ic_cdk::stable::stable_size() == 0 {
        return None;
    }
    let mut head = [0u8; 12];
    ic_cdk::stable::stable_read(0, &mut head);
    if &head[..8] != MAGIC {
        return None;
    }
    let len = u32::from_le_bytes([head[8], head[9], head[10], head[11]]) as usize;
    let mut bytes = vec![0u8; len];
    ic_cdk::stable::stable_read(12, &mut bytes);
    candid::decode_one(&bytes).ok()
}

/// Whether `caller` is on the allow-list.
pub fn allowed(caller: &Principal) -> bool {
    CONFIG.with(|c| c.borrow().allow_list.contains(caller))
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
