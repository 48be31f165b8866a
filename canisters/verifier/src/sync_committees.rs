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
//! replace it. Others' committees are a cache: when every slot is taken, a registration
//! replaces the oldest unpinned committee; when all are pinned, a stranger's is refused and a
//! privileged caller's replaces the oldest. So strangers cannot evict what the canister's
//! operators registered; they can evict each other's, which is why a committee that matters
//! should be registered by an allow-listed caller.
//!
//! [`InitArgs::sync_committee_slots`]: icbls_verifier_client::InitArgs::sync_committee_slots
//!
//! Layout: slot `i` starts at [`REGION_START`] `+ i · SLOT_BYTES`: the magic `SC01`, the pinned
//! flag (one byte), three zero bytes, the registration's sequence number (u64, little-endian),
//! the root (32 bytes), the keys' sum (96 bytes, uncompressed) and the 512 keys (96 bytes each).
//! A slot without the magic is free. The heap keeps an index of the slots, rebuilt from stable
//! memory after an upgrade.

use icbls::sync_committee::{Root, SyncCommittee, SYNC_COMMITTEE_SIZE};
use icbls::G1Affine;
use icbls_verifier_client::service::MAX_SYNC_COMMITTEE_SLOTS;
use std::cell::RefCell;

const WASM_PAGE: u64 = 65_536;
/// Where the committees' region starts: after the install argument's record (at most the 2 MiB
/// argument and its 12-byte header, see `config`), at 4 MiB.
pub const REGION_START: u64 = 64 * WASM_PAGE;
const MAGIC: &[u8; 4] = b"SC01";
const HEADER_BYTES: usize = 4 + 1 + 3 + 8 + 32;
const POINT_BYTES: usize = 96;
/// The bytes of one slot.
pub const SLOT_BYTES: u64 = (HEADER_BYTES + POINT_BYTES * (1 + SYNC_COMMITTEE_SIZE)) as u64;

/// One stored committee, as the index sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    root: Root,
    sequence: u64,
    pinned: bool,
}

#[derive(Default)]
struct Index {
    slots: Vec<Option<Entry>>,
    next_sequence: u64,
}

thread_local! {
    static INDEX: RefCell<Index> = RefCell::new(Index::default());
}

/// Why a committee cannot be stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// Every slot holds a pinned committee and the caller may not replace one.
    FullOfPinned,
}

fn read_header(slot: usize) -> Option<Entry> {
    let offset = REGION_START + slot as u64 * SLOT_BYTES;
    if ic_cdk::stable::stable_size() * WASM_PAGE < offset + SLOT_BYTES {
        return None;
    }
    let mut header = [0u8; HEADER_BYTES];
    ic_cdk::stable::stable_read(offset, &mut header);
    if &header[..4] != MAGIC {
        return None;
    }
    let mut root = [0u8; 32];
    root.copy_from_slice(&header[16..48]);
    let mut sequence = [0u8; 8];
    sequence.copy_from_slice(&header[8..16]);
    Some(Entry { root, sequence: u64::from_le_bytes(sequence), pinned: header[4] == 1 })
}

fn write_header(slot: usize, entry: &Entry) {
    let mut header = [0u8; HEADER_BYTES];
    header[..4].copy_from_slice(MAGIC);
    header[4] = entry.pinned as u8;
    header[8..16].copy_from_slice(&entry.sequence.to_le_bytes());
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
/// after an upgrade), which is at least [`occupied_slots`].
pub fn load(slots: u32) {
    let slots = slots as usize;
    let entries: Vec<Option<Entry>> = (0..slots).map(read_header).collect();
    let next_sequence = entries.iter().flatten().map(|e| e.sequence + 1).max().unwrap_or(0);
    INDEX.with(|i| *i.borrow_mut() = Index { slots: entries, next_sequence });
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

/// Pins a stored committee (a privileged caller registered it again).
pub fn pin(root: &Root) {
    if let Some((slot, mut entry)) = find(root) {
        entry.pinned = true;
        write_header(slot, &entry);
        INDEX.with(|i| i.borrow_mut().slots[slot] = Some(entry));
    }
}

/// The slot a new committee goes to: a free one, else the oldest unpinned one, else (for a
/// privileged caller) the oldest.
fn choose_slot(index: &Index, privileged: bool) -> Result<usize, StoreError> {
    if let Some(free) = index.slots.iter().position(Option::is_none) {
        return Ok(free);
    }
    let oldest = |pinned_too: bool| {
        index
            .slots
            .iter()
            .enumerate()
            .filter_map(|(slot, e)| e.map(|e| (slot, e)))
            .filter(|(_, e)| pinned_too || !e.pinned)
            .min_by_key(|(_, e)| e.sequence)
            .map(|(slot, _)| slot)
    };
    oldest(false).or_else(|| if privileged { oldest(true) } else { None }).ok_or(StoreError::FullOfPinned)
}

/// Stores a checked committee under `root`, pinned when `privileged`.
pub fn store(root: &Root, committee: &SyncCommittee, privileged: bool) -> Result<(), StoreError> {
    let (slot, sequence) = INDEX.with(|i| {
        let index = i.borrow();
        choose_slot(&index, privileged).map(|slot| (slot, index.next_sequence))
    })?;
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
    let entry = Entry { root: *root, sequence, pinned: privileged };
    write_header(slot, &entry);
    INDEX.with(|i| {
        let mut index = i.borrow_mut();
        index.slots[slot] = Some(entry);
        index.next_sequence = sequence + 1;
    });
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
