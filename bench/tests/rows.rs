//! The table of rows (`icbls_harness::bench_rows!`) is what the bench canisters export: each
//! lists exactly the table's rows, in its order, and answers each as the table says (a query or
//! an update); the rows tagged `precompile` are those the bench canister has a precompile input
//! for (and an Ethereum gas figure).

use icbls_canister_build::build::{build_canisters, CanisterPackage};
use icbls_testkit::backend::{Backend, MeterBackend};

use icbls_harness::rows::{methods, tagged, Canister, Export, Tag, ROWS};

#[test]
fn the_canisters_export_the_table() {
    let packages = [(CanisterPackage::Bench, Canister::Bench), (CanisterPackage::Baseline, Canister::Baseline)];
    let wasm = build_canisters(&packages.map(|(package, _)| package)).unwrap();
    for ((package, canister), wasm) in packages.iter().zip(&wasm) {
        let mut meter = MeterBackend::new();
        let id = meter.install(wasm, icbls_testkit::backend::EMPTY_ARGS).unwrap();
        let (listed, updates) = (methods(*canister, None), methods(*canister, Some(Export::Update)));
        assert_eq!(icbls_bench::results::list(&mut meter, id).unwrap(), listed, "{}", package.name());
        assert_eq!(icbls_bench::results::list_updates(&mut meter, id), updates, "{}", package.name());
        let exports = exported_functions(wasm);
        for row in ROWS {
            let name = match row.export(*canister) {
                Some(Export::Query) => format!("canister_query {}", row.name),
                Some(Export::Update) => format!("canister_update {}", row.name),
                None => continue,
            };
            assert!(exports.contains(&name), "{}: {name} is not exported", package.name());
        }
        if *package == CanisterPackage::Bench {
            let gas = icbls_bench::results::eth_gas(&mut meter, id).unwrap();
            let with_gas: Vec<&str> = gas.iter().map(|(row, _)| row.as_str()).collect();
            assert_eq!(with_gas, tagged(Tag::Precompile), "the precompile rows");
        }
    }
}

/// The names a Wasm module exports.
fn exported_functions(wasm: &[u8]) -> Vec<String> {
    let mut names = Vec::new();
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        if let wasmparser::Payload::ExportSection(exports) = payload.expect("a valid module") {
            names.extend(exports.into_iter().map(|e| e.expect("an export").name.to_string()));
        }
    }
    names
}
