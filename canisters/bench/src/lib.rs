//! One query per `icbls` primitive, each returning the IC instructions it spent.
//!
//! Methods mirror `canisters/baseline` row for row. A primitive `icbls` does not have yet has
//! no method here: the results table shows the row with the baseline alone. Inputs are
//! prepared outside the measured region by [`icbls_harness::measure`]'s caller.

use ic_cdk::query;

/// The bench methods this canister has, in the order of the results table.
const BENCHMARKS: &[&str] = &[];

/// Lists the bench methods of this canister.
#[query]
fn benchmarks() -> Vec<String> {
    BENCHMARKS.iter().map(|s| s.to_string()).collect()
}

/// The version of the `icbls` library this canister measures.
#[query]
fn library_version() -> String {
    icbls::VERSION.to_string()
}

/// The Candid interface this Wasm exports, for the test that compares it with the checked-in
/// `.did` file. Hidden from the interface itself.
#[query(hidden = true)]
fn candid_interface() -> String {
    __export_service()
}

ic_cdk::export_candid!();
