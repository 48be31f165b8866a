//! What the canister's tests share.

// Each test file uses part of it.
#![allow(dead_code)]

use icbls_bench::verifier::Error;

/// An error's kind and the argument it names, as the tests compare them.
pub fn refusal(e: &Error) -> (&'static str, &str) {
    (e.kind(), e.field().unwrap_or_default())
}

/// `value` with `change` made: what `T { field, ..value }` was before the verifier's argument
/// types became `#[non_exhaustive]` (another crate can no longer build them with a literal).
pub fn changed<T>(mut value: T, change: impl FnOnce(&mut T)) -> T {
    change(&mut value);
    value
}

/// Whether an update that spent `spent` cycles (the meter's instructions, converted) kept about
/// that: the canister charges its performance counter, its reply and the 14 heap pages every
/// update writes, while the meter's total also has the pages the call wrote beyond those (the
/// replica's dirty-page charge, which no counter shows the canister). So never more than it
/// spent, and less by at most 1% of it (20,000 cycles of slack for the reply's estimate).
pub fn kept_what_it_spent(kept: u128, spent: u128) -> bool {
    kept <= spent + 20_000 && spent.saturating_sub(kept) <= 20_000 + spent / 100
}
