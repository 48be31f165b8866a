//! Registered Ethereum sync committees, kept in stable memory so that an upgrade keeps them.
//!
//! A committee's 512 keys are decompressed and subgroup-checked once, at registration (an
//! update, about 1.2 billion instructions), and stored as uncompressed points with their sum;
//! a verification (a query) reads them back with an on-curve check only, for a few million
//! instructions. Committees are found by their SSZ `hash_tree_root`, the root a light client
//! proves against a beacon state, so the verifier never vouches for which committee is the
//! real one: the caller names the root it trusts.
//!
//! The store has [`InitArgs::sync_committee_slots`] slots. A committee registered by a
//! controller or an allow-listed caller is pinned: only such a caller's registration can
//! replace it. Others' committees are a cache with a minimum residency: a stranger's committee
//! keeps its slot for [`MIN_RESIDENCY_NS`] (one sync-committee period, the time a committee is
//! current) after its registration or its last paid use (a verification in an update, a
//! registration again), and only then may a stranger's registration replace it, least recently
//! used first. While every slot is pinned or resident, strangers are refused before any key is
//! decoded. A privileged caller's registration takes a free slot, else the least recently used
//! unpinned one, else the least recently used pinned one. A stranger's new committee pays, on
//! top of its work, a rent that grows with the slots held
//! ([`icbls_verifier_client::service::registration_rent`]), so that holding the last slots of
//! a full store is dear.
//!
//! So a stranger can rely on this: a committee it registered stays verifiable for a sync
//! period after its last paid use unless the canister's controllers or allow-list need the
//! slot; and no stranger can evict the operators' committees at any price.
//!
//! [`InitArgs::sync_committee_slots`]: icbls_verifier_client::InitArgs::sync_committee_slots
//!
//! Layout 2: slot `i` starts at [`REGION_START`] `+ i · SLOT_BYTES`: the magic `SC02`, the
//! pinned flag (one byte), three zero bytes, the time of the registration or the last paid use
//! (u64 nanoseconds, little-endian), the root (32 bytes), the keys' sum (96 bytes,
//! uncompressed) and the 512 keys (96 bytes each). A slot without a magic is free. Layout 1
//! (`SC01`) kept a registration sequence number where layout 2 keeps the time; its committees
//! are read as used at the upgrade, and their headers rewritten in layout 2. The heap keeps an
//! index of the slots, rebuilt from stable memory after an upgrade.

use icbls::sync_committee::{Root, SyncCommittee, SYNC_COMMITTEE_SIZE};
use icbls::G1Affine;
use icbls_verifier_client::service::MAX_SYNC_COMMITTEE_SLOTS;
use std::cell::RefCell;

const WASM_PAGE: u64 = 65_536;
/// Where the committees' region starts: after the install argument's record (at most the 2 MiB
/// argument and its 12-byte header, see `config`), at 4 MiB.
pub const REGION_START: u64 = 64 * WASM_PAGE;
const MAGIC: &[u8; 4] = b"SC02";
const MAGIC_V1: &[u8; 4] = b"SC01";
/// How long a stranger's committee keeps its slot after its registration or last paid use: one
/// sync-committee period, 256 epochs of 32 twelve-second slots (27.3 hours).
pub const MIN_RESIDENCY_NS: u64 = 256 * 32 * 12 * 1_000_000_000;
const HEADER_BYTES: usize = 4 + 1 + 3 + 8 + 32;
const POINT_BYTES: usize = 96;
/// The bytes of one slot.
pub const SLOT_BYTES: u64 = (HEADER_BYTES + POINT_BYTES * (1 + SYNC_COMMITTEE_SIZE)) as u64;

/// One stored committee, as the index sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    root: Root,
    last_used_ns: u64,
    pinned: bool,
}

impl Entry {
    /// Whether the entry keeps its slot against strangers at `now`.
    fn held(&self, now: u64) -> bool {
        self.pinned || now < self.last_used_ns.saturating_add(MIN_RESIDENCY_NS)
    }
}

#[derive(Default)]
struct Index {
    slots: Vec<Option<Entry>>,
}

thread_local! {
    static INDEX: RefCell<Index> = RefCell::new(Index::default());
}

/// Why a committee cannot be stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The store has no slots.
    NoSlots,
    /// Every slot holds a pinned committee and the caller may not replace one.
    FullOfPinned,
    /// Every slot holds a pinned committee or a stranger's still resident one; the first of
    /// those frees at this time (nanoseconds since the epoch).
    AllHeld {
        /// When the least recently used stranger's committee may be replaced.
        until_ns: u64,
    },
}

/// The current time, in nanoseconds since the epoch.
pub fn now() -> u64 {
    ic_cdk::api::time()
}

/// Reads slot `slot`'s header; a layout-1 header reads as used at `now`.
fn read_header(slot: usize) -> Option<Entry> {
    let offset = REGION_START + slot as u64 * SLOT_BYTES;
    if ic_cdk::stable::stable_size() * WASM_PAGE < offset + SLOT_BYTES {
        return None;
    }
    let mut header = [0u8; HEADER_BYTES];
    ic_cdk::stable::stable_read(offset, &mut header);
    let mut root = [0u8; 32];
    root.copy_from_slice(&header[16..48]);
    let mut time = [0u8; 8];
    time.copy_from_slice(&header[8..16]);
    let last_used_ns = match &header[..4] {
        m if m == MAGIC => u64::from_le_bytes(time),
        m if m == MAGIC_V1 => now(),
        _ => return None,
    };
    Some(Entry { root, last_used_ns, pinned: header[4] == 1 })
}

fn write_header(slot: usize, entry: &Entry) {
    let mut header = [0u8; HEADER_BYTES];
    header[..4].copy_from_slice(MAGIC);
    header[4] = entry.pinned as u8;
    header[8..16].copy_from_slice(&entry.last_used_ns.to_le_bytes());
    header[16..48].copy_from_slice(&entry.root);
    ic_cdk::stable::stable_write(REGION_START + slot as u64 * SLOT_BYTES, &header);
}

/// How many slots the stored committees need: one more than the last slot that holds one (0
/// when none does), whatever the configured number of slots. An upgrade may not make the store
/// smaller than this.
pub fn occupied_slots() -> u32 {
    (0..MAX_SYNC_COMMITTEE_SLOTS).rev().find(|&slot| read_header(slot as usize).is_some()).map_or(0, |slot| slot + 1)
}

/// Rebuilds the index from stable memory for a store of `slots` slots (at installation and
/// after an upgrade), which is at least [`occupied_slots`]; headers in layout 1 are rewritten
/// in layout 2.
pub fn load(slots: u32) {
    let entries: Vec<Option<Entry>> = (0..slots as usize).map(read_header).collect();
    for (slot, entry) in entries.iter().enumerate() {
        if let Some(entry) = entry {
            write_header(slot, entry);
        }
    }
    INDEX.with(|i| *i.borrow_mut() = Index { slots: entries });
}

fn find(root: &Root) -> Option<(usize, Entry)> {
    INDEX.with(|i| {
        let index = i.borrow();
        index.slots.iter().enumerate().find_map(|(slot, e)| e.filter(|e| e.root == *root).map(|e| (slot, e)))
    })
}

/// Whether a committee with this root is stored, and whether it is pinned.
pub fn lookup(root: &Root) -> Option<bool> {
    find(root).map(|(_, e)| e.pinned)
}

/// Rewrites a stored committee's entry with `change` applied.
fn update(root: &Root, change: impl FnOnce(&mut Entry)) {
    if let Some((slot, mut entry)) = find(root) {
        change(&mut entry);
        write_header(slot, &entry);
        INDEX.with(|i| i.borrow_mut().slots[slot] = Some(entry));
    }
}

/// Pins a stored committee (a privileged caller registered it again), as used now.
pub fn pin(root: &Root) {
    update(root, |e| {
        e.pinned = true;
        e.last_used_ns = now();
    });
}

/// Marks a stored committee as used now (a paid verification or registration): a stranger's
/// committee keeps its slot for [`MIN_RESIDENCY_NS`] from now.
pub fn touch(root: &Root) {
    update(root, |e| e.last_used_ns = now());
}

/// How many slots are held against a stranger at `now` (pinned, or a stranger's committee
/// still resident), and how many there are.
pub fn held_slots(now: u64) -> (u32, u32) {
    INDEX.with(|i| {
        let index = i.borrow();
        let held = index.slots.iter().flatten().filter(|e| e.held(now)).count();
        (held as u32, index.slots.len() as u32)
    })
}

/// The slot a new committee goes to at `now`: a free one, else the least recently used
/// unpinned one (for a stranger, only one no longer resident), else (for a privileged caller)
/// the least recently used pinned one.
fn choose_slot(index: &Index, privileged: bool, now: u64) -> Result<usize, StoreError> {
    if index.slots.is_empty() {
        return Err(StoreError::NoSlots);
    }
    if let Some(free) = index.slots.iter().position(Option::is_none) {
        return Ok(free);
    }
    let least_recently_used = |eligible: &dyn Fn(&Entry) -> bool| {
        index
            .slots
            .iter()
            .enumerate()
            .filter_map(|(slot, e)| e.filter(|e| eligible(e)).map(|e| (slot, e)))
            .min_by_key(|(slot, e)| (e.last_used_ns, *slot))
            .map(|(slot, _)| slot)
    };
    if privileged {
        return Ok(least_recently_used(&|e| !e.pinned).or_else(|| least_recently_used(&|_| true)).unwrap_or(0));
    }
    if let Some(slot) = least_recently_used(&|e| !e.held(now)) {
        return Ok(slot);
    }
    let until = index.slots.iter().flatten().filter(|e| !e.pinned).map(|e| e.last_used_ns).min();
    match until {
        Some(t) => Err(StoreError::AllHeld { until_ns: t.saturating_add(MIN_RESIDENCY_NS) }),
        None => Err(StoreError::FullOfPinned),
    }
}

/// Whether a new committee can be stored now by this caller, before its keys are checked.
pub fn can_store(privileged: bool) -> Result<(), StoreError> {
    INDEX.with(|i| choose_slot(&i.borrow(), privileged, now()).map(drop))
}

/// Stores a checked committee under `root`, pinned when `privileged`, as used now.
pub fn store(root: &Root, committee: &SyncCommittee, privileged: bool) -> Result<(), StoreError> {
    let now = now();
    let slot = INDEX.with(|i| choose_slot(&i.borrow(), privileged, now))?;
    let offset = REGION_START + slot as u64 * SLOT_BYTES;
    let pages = (offset + SLOT_BYTES).div_ceil(WASM_PAGE);
    let have = ic_cdk::stable::stable_size();
    if have < pages && ic_cdk::stable::stable_grow(pages - have).is_err() {
        ic_cdk::trap("cannot grow stable memory to store a sync committee");
    }
    let mut points = Vec::with_capacity(POINT_BYTES * (1 + SYNC_COMMITTEE_SIZE));
    points.extend_from_slice(&committee.aggregate_key().to_uncompressed());
    for key in committee.keys() {
        points.extend_from_slice(&key.to_uncompressed());
    }
    // The points first, the header (which marks the slot taken) last.
    ic_cdk::stable::stable_write(offset + HEADER_BYTES as u64, &points);
    let entry = Entry { root: *root, last_used_ns: now, pinned: privileged };
    write_header(slot, &entry);
    INDEX.with(|i| i.borrow_mut().slots[slot] = Some(entry));
    Ok(())
}

/// The stored committee with this root, read back from stable memory.
pub fn get(root: &Root) -> Option<SyncCommittee> {
    let (slot, _) = find(root)?;
    let mut points = vec![0u8; POINT_BYTES * (1 + SYNC_COMMITTEE_SIZE)];
    ic_cdk::stable::stable_read(REGION_START + slot as u64 * SLOT_BYTES + HEADER_BYTES as u64, &mut points);
    // The keys were checked when they were registered; only this canister writes the region.
    let mut points = points.chunks_exact(POINT_BYTES).map(G1Affine::from_uncompressed_unchecked);
    let sum = points.next()?.ok()?;
    let keys = points.collect::<Result<Vec<_>, _>>().ok()?;
    Some(SyncCommittee::from_checked_keys_and_sum(keys, sum))
}
