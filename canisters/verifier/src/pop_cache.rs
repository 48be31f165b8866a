//! Public keys whose proofs of possession this canister has verified, by their compressed
//! bytes, so that a key sent again is not checked again (a proof check is a pairing check and
//! a hash to the curve: about as much as verifying a signature).
//!
//! Only keys that passed `pop_verify_bytes` here enter it. It lives in the heap: an update
//! call's insertions are kept, a query's are discarded with the rest of its state (queries
//! still read what updates stored). It holds at most [`CAPACITY`] keys per scheme and forgets
//! the oldest first; a forgotten key's proof is simply checked again.

use std::cell::RefCell;
use std::collections::{HashSet, VecDeque};

/// The most keys kept per scheme (96-byte min-sig keys: under 1 MiB of heap in all).
pub const CAPACITY: usize = 8192;

/// The schemes whose keys are cached apart (a key's bytes mean a different point in each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suite {
    /// min-sig's proof-of-possession ciphersuite (keys in G2).
    MinSigPop,
    /// min-pk (keys in G1).
    MinPk,
}

#[derive(Default)]
struct Cache {
    keys: [HashSet<Vec<u8>>; 2],
    order: [VecDeque<Vec<u8>>; 2],
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// Whether `key`'s proof of possession was verified here before.
pub fn contains(suite: Suite, key: &[u8]) -> bool {
    CACHE.with(|c| c.borrow().keys[suite as usize].contains(key))
}

/// Records that `key`'s proof of possession verified.
pub fn insert(suite: Suite, key: &[u8]) {
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let i = suite as usize;
        if !c.keys[i].insert(key.to_vec()) {
            return;
        }
        c.order[i].push_back(key.to_vec());
        while c.order[i].len() > CAPACITY {
            if let Some(old) = c.order[i].pop_front() {
                c.keys[i].remove(&old);
            }
        }
    })
}
