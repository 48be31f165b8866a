//! What the canister's tests share.

use icbls_bench::verifier::Error;

/// An error's kind and the argument it names, as the tests compare them.
pub fn refusal(e: &Error) -> (&'static str, &str) {
    (e.kind(), e.field().unwrap_or_default())
}
