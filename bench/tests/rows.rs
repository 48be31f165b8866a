//! The runner's row selections (`icbls_bench::rows`) name methods the bench canister lists.

use icbls_bench::build::{build_canisters, CanisterPackage};
use icbls_bench::rows::{CHART_ROWS, README_ROWS, VARIANT_ROWS};
use icbls_bench::{Backend, MeterBackend};

#[test]
fn every_selected_row_is_a_bench_canister_method() {
    let wasm = build_canisters(&[CanisterPackage::Bench]).unwrap().remove(0);
    let mut meter = MeterBackend::new();
    let id = meter.install(&wasm, icbls_bench::EMPTY_ARGS).unwrap();
    let listed = icbls_bench::results::list(&mut meter, id).unwrap();
    for (selection, names) in [("CHART_ROWS", CHART_ROWS), ("README_ROWS", README_ROWS), ("VARIANT_ROWS", VARIANT_ROWS)]
    {
        for name in names {
            assert!(listed.iter().any(|m| m == name), "{selection}: {name} is not in the bench canister's benchmarks");
        }
    }
}
