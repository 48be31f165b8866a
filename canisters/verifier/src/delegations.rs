//! The subnet delegations this canister has verified (`icbls::certificate::DelegationCache`),
//! so that a second certificate from a subnet skips its delegation's BLS check.
//!
//! It lives in the heap: an update call's insertions are kept, a query's are discarded with the
//! rest of its state (queries still read what updates stored). It holds at most
//! [`DEFAULT_DELEGATIONS`] delegations (about 20 KiB each) and forgets the oldest first.

use icbls::certificate::{DelegationCache, DEFAULT_DELEGATIONS};
use std::cell::RefCell;

thread_local! {
    static CACHE: RefCell<DelegationCache> = RefCell::new(DelegationCache::new(DEFAULT_DELEGATIONS));
}

/// Runs `f` with the cache.
pub fn with<R>(f: impl FnOnce(&mut DelegationCache) -> R) -> R {
    CACHE.with(|c| f(&mut c.borrow_mut()))
}
