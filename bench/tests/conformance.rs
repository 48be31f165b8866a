//! The public vectors (`../shared/vectors` or `ICBLS_VECTORS`: every family, and the EIPs
//! repository's EIP-2537 files of `extra/eip2537`) through the verifier canister on the backend
//! (the meter; PocketIC when `POCKET_IC_BIN` is set), with the runner behind
//! `icbls-bench vectors PATH...`. `cargo test -p icbls-bench --test all -- conformance:: --nocapture`
//! prints the report.

use icbls_bench::vectors::run_vectors;
use icbls_bench::verifier::Verifier;
use icbls_testkit::backend::backend_from_env;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The vectors directory, or `None` when it is absent (the test is skipped; see
/// `icbls_testkit::vectors`).
fn public_vectors() -> Option<PathBuf> {
    icbls_testkit::vectors::family("eip2537")?;
    let path = icbls_testkit::vectors::dir();
    Some(std::fs::canonicalize(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// What the runner is given: every family folder but `extra/`, whose sets are in their
/// collectors' own formats (the `extra_*` tests of the library read them), and of `extra/` the
/// EIP-2537 files, which are in the runner's format.
fn runner_paths(root: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().is_some_and(|n| n != "extra"))
        .collect();
    paths.sort();
    paths.push(root.join("extra/eip2537"));
    paths
}

/// Runs `paths` and returns the verdict and the report.
fn run(v: &mut Verifier, paths: &[PathBuf]) -> (bool, String) {
    let mut out = Vec::new();
    let ok = run_vectors(paths, v, &mut out).unwrap();
    (ok, String::from_utf8(out).unwrap())
}

/// One canister for everything (installing builds the Wasm once).
#[test]
fn public_vectors_pass_through_the_canister() {
    let Some(root) = public_vectors() else { return };
    let mut v = Verifier::install(backend_from_env().unwrap()).unwrap();

    let start = Instant::now();
    let (ok, report) = run(&mut v, &runner_paths(&root));
    let elapsed = start.elapsed();
    println!("{report}");
    println!("conformance run on {}: {:.1} s", v.backend.name(), elapsed.as_secs_f64());
    assert!(ok, "some vectors failed:\n{report}");
    for folder in [
        "eip2537",
        "kzg_point_evaluation",
        "hash_to_curve",
        "bls_sig_min_pk_eth",
        "bls_sig_min_sig_ic",
        "ic_certificates",
        "serialization",
        "drand",
        "bls_sig_aug",
        "canister_signatures",
        "extra/eip2537",
    ] {
        let prefix = format!("{}/", root.join(folder).display());
        let passed: usize = report
            .lines()
            .filter(|line| line.starts_with(&prefix))
            .filter_map(|line| line.rsplit_once(": ")?.1.split(" passed").next()?.parse::<usize>().ok())
            .sum();
        assert!(passed > 0, "no case passed under {folder}:\n{report}");
    }
    assert!(report.contains("PROVENANCE.md: not a vector file (skipped)"), "{report}");
    // The cases with no canister method run through the library, each family at least once.
    for file in [
        "expand_message_xmd_SHA256_38.json",
        "g1_compressed_valid_test_vectors.dat: 1000 passed, 0 failed (1000 through the library",
        "g2_uncompressed_valid_test_vectors.dat: 1000 passed, 0 failed (1000 through the library",
    ] {
        assert!(report.lines().any(|l| l.contains(file) && l.contains("through the library")), "{file}:\n{report}");
    }
    for folder in ["sign", "aggregate", "deserialization_G1", "deserialization_G2"] {
        let marker = format!("/{folder}/");
        let lines: Vec<&str> = report.lines().filter(|l| l.contains(&marker)).collect();
        assert!(!lines.is_empty() && lines.iter().all(|l| l.contains("through the library")), "{folder}:\n{report}");
    }
    // Nothing is skipped but what cannot be expressed as an input at all, each with its reason.
    for line in report.lines().filter(|l| l.contains(" skipped (")) {
        assert!(line.contains("not representable") || line.contains("not a vector file"), "unexpected skip: {line}");
    }

    eips_assets_names(&mut v);
}

/// The EIPs repository's `assets/eip-2537` file names (not in the shared set), and how a failing
/// case and a broken file are reported.
fn eips_assets_names(v: &mut Verifier) {
    // The first case of go-ethereum's blsG1Add.json (2*G1 + 3*G1 = 5*G1), under the EIPs
    // repository's file names.
    let geth: serde_json::Value = serde_json::from_str(
        &icbls_testkit::vectors::read_to_string("eip2537/blsG1Add.json").expect("the caller found the vectors"),
    )
    .unwrap();
    let (g1_add_input, g1_add_expected) = (geth[0]["Input"].as_str().unwrap(), geth[0]["Expected"].as_str().unwrap());
    let dir = std::env::temp_dir().join(format!("icbls-conformance-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("good")).unwrap();
    std::fs::create_dir_all(dir.join("bad")).unwrap();
    let good = dir.join("good");
    let add = format!(
        r#"[{{"Input": "{g1_add_input}", "Name": "g1_add_5g1", "Expected": "{g1_add_expected}", "Gas": 375, "NoBenchmark": false}}]"#
    );
    std::fs::write(good.join("add_G1_bls.json"), &add).unwrap();
    std::fs::write(
        good.join("fail-pairing_check_bls.json"),
        r#"[{"Input": "", "ExpectedError": "invalid input length", "Name": "bls_pairing_empty_input"}]"#,
    )
    .unwrap();
    std::fs::write(
        good.join("fail-msm_G1_bls.json"),
        r#"[{"Input": "0x00", "ExpectedError": "invalid input length", "Name": "one_byte"}]"#,
    )
    .unwrap();
    let (ok, report) = run(v, std::slice::from_ref(&good));
    println!("{report}");
    assert!(ok, "{report}");
    assert!(report.contains("add_G1_bls.json: 1 passed, 0 failed\n"), "{report}");
    assert!(report.contains("fail-pairing_check_bls.json: 1 passed, 0 failed\n"), "{report}");
    assert!(report.contains("fail-msm_G1_bls.json: 1 passed, 0 failed\n"), "{report}");

    // A wrong expected output, a wrong gas, bad hex, a null input: failures and a skip, no panic.
    let bad = dir.join("bad");
    let wrong = add.replace("\"Expected\": \"00", "\"Expected\": \"01").replace("g1_add_5g1", "wrong_output");
    let wrong_gas = add.replace("375", "600").replace("g1_add_5g1", "wrong_gas");
    let cases = format!(
        "[{}, {}, {{\"Input\": \"zz\", \"Expected\": \"00\", \"Name\": \"bad_hex\", \"Gas\": 375}}, {{\"Input\": null, \"ExpectedError\": \"x\", \"Name\": \"null_input\"}}]",
        &wrong[1..wrong.len() - 1],
        &wrong_gas[1..wrong_gas.len() - 1]
    );
    std::fs::write(bad.join("add_G1_bls.json"), cases).unwrap();
    let (ok, report) = run(v, std::slice::from_ref(&bad));
    println!("{report}");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!ok, "{report}");
    assert!(report.contains("add_G1_bls.json: 0 passed, 3 failed, 1 skipped (input not representable)\n"), "{report}");
    assert!(report.contains("    wrong_output: output 0x"), "{report}");
    assert!(report.contains("    wrong_gas: gas 375 differs from the expected 600"), "{report}");
    assert!(report.contains("    bad_hex: Input: bad hex"), "{report}");
}
