//! Each canister's checked-in `.did` file is the interface its Wasm exports: a method added to
//! a canister without its `.did` (or the reverse) fails here. After changing an interface on
//! purpose, `cargo xtask regenerate interfaces` rewrites the files
//! (it runs this test with `ICBLS_WRITE_DID=1`).

use icbls_bench::regenerate::DID_HEADER;
use icbls_canister_build::build::{build_canisters, workspace_root, CanisterPackage};
use icbls_testkit::backend::{Backend, MeterBackend, EMPTY_ARGS};

/// Whitespace-insensitive form of a Candid service description.
fn normalise(did: &str) -> String {
    did.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn checked_in_candid_files_match_the_wasm() {
    let packages = [CanisterPackage::Verifier, CanisterPackage::Bench, CanisterPackage::Baseline];
    let wasm = build_canisters(&packages).unwrap();
    let mut meter = MeterBackend::new();
    for (package, wasm) in packages.iter().zip(wasm) {
        let id = meter.install(&wasm, EMPTY_ARGS).unwrap();
        let reply = meter.query(id, "candid_interface", EMPTY_ARGS).unwrap().response.unwrap();
        let exported: String = candid::decode_one(&reply).unwrap();
        let path = workspace_root().join("canisters").join(package.name()).join(format!("{}.did", package.name()));
        let generated = format!("{DID_HEADER}{exported}\n");
        if std::env::var_os("ICBLS_WRITE_DID").is_some() {
            std::fs::write(&path, generated).unwrap();
            continue;
        }
        let checked_in =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        assert_eq!(
            normalise(&checked_in),
            normalise(&generated),
            "{} differs from the interface the canister exports (with its header):\n{generated}",
            path.display()
        );
    }
}

/// The shipped Wasm carries its interface as `icp:public candid:service` metadata, equal as a
/// Candid service to the checked-in `.did` (and so to what the canister exports, above), and
/// the deployable gzip holds exactly that Wasm.
#[test]
fn shipped_wasm_carries_its_candid_interface() {
    use candid_parser::utils::{service_equal, CandidSource};
    use icbls_canister_build::artifact::{candid_args, custom_section, CANDID_ARGS, CANDID_SERVICE};
    use icbls_canister_build::build::artifacts_dir;

    let packages = [CanisterPackage::Verifier, CanisterPackage::Bench, CanisterPackage::Baseline];
    let wasm = build_canisters(&packages).unwrap();
    for (package, wasm) in packages.iter().zip(wasm) {
        let section = custom_section(&wasm, CANDID_SERVICE)
            .unwrap()
            .unwrap_or_else(|| panic!("{} has no {CANDID_SERVICE} section", package.name()));
        let embedded = String::from_utf8(section).unwrap();
        let checked_in = std::fs::read_to_string(package.did_path()).unwrap();
        service_equal(CandidSource::Text(&embedded), CandidSource::Text(&checked_in))
            .unwrap_or_else(|e| panic!("{}: the metadata differs from the .did: {e}", package.name()));
        // The install argument's type, where the service takes one, as `icp:public candid:args`
        // that merges back into the service as dfx does.
        let args = custom_section(&wasm, CANDID_ARGS).unwrap().map(|b| String::from_utf8(b).unwrap());
        assert_eq!(args, candid_args(&checked_in).unwrap(), "{}: candid:args", package.name());
        if let Some(args) = args {
            candid_parser::utils::merge_init_args(&checked_in, &args).unwrap();
        }

        let gz = std::fs::read(artifacts_dir().join(format!("{}.wasm.gz", package.stem()))).unwrap();
        let mut unzipped = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut unzipped).unwrap();
        assert_eq!(unzipped, wasm, "{}: the .wasm.gz is not the shipped Wasm", package.name());
    }
    // A service that differs is told apart (the comparison is not vacuous).
    let verifier = std::fs::read_to_string(CanisterPackage::Verifier.did_path()).unwrap();
    assert!(candid_args(&verifier)
        .unwrap()
        .is_some_and(|a| a.contains("type InitArgs") && a.trim_end().ends_with("(opt InitArgs)")));
    assert!(service_equal(CandidSource::Text(&verifier), CandidSource::Text("service : {}")).is_err());
}
