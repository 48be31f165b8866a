//! The extra EIP-2537 family (`extra/eip2537` in the public vectors; its PROVENANCE.md gives the
//! source): the vectors the Final EIP links to (ethereum/EIPs `assets/eip-2537`), through
//! [`icbls::eip2537::run`] and [`icbls::eip2537::gas`].
//!
//! - Success files: for every case, the output byte for byte and the gas (`gas()` before the
//!   call and the gas `run` reports) are the file's.
//! - Failure files: every case fails, for the reason the file names (`invalid input length` is
//!   `InvalidLength`, `invalid field element top bytes` is `NonZeroPadding`, `invalid
//!   fp.Element encoding` is `NotCanonical`, `invalid point: not on curve` is `NotOnCurve`, and
//!   `g1/g2 point is not in the correct subgroup` is `NotInSubgroup` of a point of that group).
//!
//! Every case of every file is counted against the numbers PROVENANCE.md gives ([`FILES`]);
//! none is left unchecked (see [`NOT_REPRESENTABLE`]). `msm_G2_bls.json` is not in the family
//! (too large for the source snapshot), so G2MSM successes are only in the geth set
//! (`tests/eip2537.rs`).

use icbls_testkit::library as common;

use common::vector_json;
use icbls::eip2537::{gas, run, Precompile, PrecompileError};
use icbls::DecodeError;
use serde_json::Value;

/// Every file with its precompile's address, whether it holds failures, and its number of
/// cases (PROVENANCE.md).
const FILES: [(&str, u8, bool, usize); 17] = [
    ("add_G1_bls.json", 0x0b, false, 9),
    ("fail-add_G1_bls.json", 0x0b, true, 7),
    ("add_G2_bls.json", 0x0d, false, 9),
    ("fail-add_G2_bls.json", 0x0d, true, 7),
    ("mul_G1_bls.json", 0x0c, false, 11),
    ("fail-mul_G1_bls.json", 0x0c, true, 8),
    ("mul_G2_bls.json", 0x0e, false, 11),
    ("fail-mul_G2_bls.json", 0x0e, true, 8),
    ("msm_G1_bls.json", 0x0c, false, 163),
    ("fail-msm_G1_bls.json", 0x0c, true, 8),
    ("fail-msm_G2_bls.json", 0x0e, true, 8),
    ("pairing_check_bls.json", 0x0f, false, 15),
    ("fail-pairing_check_bls.json", 0x0f, true, 25),
    ("map_fp_to_G1_bls.json", 0x10, false, 5),
    ("fail-map_fp_to_G1_bls.json", 0x10, true, 5),
    ("map_fp2_to_G2_bls.json", 0x11, false, 5),
    ("fail-map_fp2_to_G2_bls.json", 0x11, true, 5),
];

/// Cases that today's API cannot express, as `(file, case name, reason)`: none, every
/// precompile of the EIP is [`Precompile`].
const NOT_REPRESENTABLE: &[(&str, &str, &str)] = &[];

fn cases(name: &str) -> Option<Vec<Value>> {
    let json = vector_json(&format!("extra/eip2537/{name}"))?;
    Some(json.as_array().unwrap_or_else(|| panic!("{name}: not a list of cases")).clone())
}

/// Whether `error` is the failure the file names.
fn is_reason(reason: &str, error: &PrecompileError) -> bool {
    let decode = match error {
        PrecompileError::InvalidLength { .. } => return reason == "invalid input length",
        PrecompileError::InvalidEncoding { error, .. } => error,
        _ => return false,
    };
    match reason {
        "invalid field element top bytes" => matches!(decode, DecodeError::NonZeroPadding { .. }),
        "invalid fp.Element encoding" => matches!(decode, DecodeError::NotCanonical { .. }),
        "invalid point: not on curve" => matches!(decode, DecodeError::NotOnCurve { .. }),
        "g1 point is not in the correct subgroup" => {
            matches!(decode, DecodeError::NotInSubgroup { what } if what.starts_with("G1"))
        }
        "g2 point is not in the correct subgroup" => {
            matches!(decode, DecodeError::NotInSubgroup { what } if what.starts_with("G2"))
        }
        other => panic!("unknown reason {other:?}"),
    }
}

fn check_file(name: &str, address: u8, failures: bool, expected_cases: usize) -> Option<(usize, usize)> {
    let cases = cases(name)?;
    let precompile = Precompile::from_address(address).expect("an EIP-2537 address");
    let (mut checked, mut named) = (0, 0);
    for case in &cases {
        let case_name = case["Name"].as_str().unwrap();
        if let Some((_, _, why)) = NOT_REPRESENTABLE.iter().find(|(f, c, _)| *f == name && *c == case_name) {
            println!("{name} {case_name}: not representable: {why}");
            named += 1;
            continue;
        }
        let input = hex::decode(case["Input"].as_str().unwrap()).unwrap();
        if failures {
            let reason = case["ExpectedError"].as_str().unwrap();
            let error = match run(address, &input) {
                Ok((output, _)) => {
                    panic!("{name} {case_name}: succeeded with {}, expected {reason}", hex::encode(output))
                }
                Err(e) => e,
            };
            assert!(is_reason(reason, &error), "{name} {case_name}: expected {reason}, got {error}");
            assert_eq!(precompile.run(&input), Err(error), "{name} {case_name}: Precompile::run");
        } else {
            let expected = hex::decode(case["Expected"].as_str().unwrap()).unwrap();
            let expected_gas = case["Gas"].as_u64().unwrap();
            assert_eq!(gas(address, &input), Ok(expected_gas), "{name} {case_name}: gas");
            let (output, used) = run(address, &input).unwrap_or_else(|e| panic!("{name} {case_name}: {e}"));
            assert_eq!(hex::encode(&output), hex::encode(&expected), "{name} {case_name}: output");
            assert_eq!(used, expected_gas, "{name} {case_name}: gas used");
        }
        checked += 1;
    }
    assert_eq!(checked + named, expected_cases, "{name}: every case checked or named");
    assert_eq!(cases.len(), expected_cases, "{name}: the file's cases");
    println!("{name} ({}): {checked} checked, {named} not representable", precompile.name());
    Some((checked, named))
}

fn check_files(address: u8) {
    for (name, a, failures, n) in FILES {
        if a == address && check_file(name, a, failures, n).is_none() {
            return;
        }
    }
}

#[test]
fn g1_add() {
    check_files(0x0b);
}

#[test]
fn g1_mul_and_msm() {
    check_files(0x0c);
}

#[test]
fn g2_add() {
    check_files(0x0d);
}

#[test]
fn g2_mul_and_msm() {
    check_files(0x0e);
}

#[test]
fn pairing_check() {
    check_files(0x0f);
}

#[test]
fn map_fp_to_g1() {
    check_files(0x10);
}

#[test]
fn map_fp2_to_g2() {
    check_files(0x11);
}

/// The table covers the family: every JSON file of the folder, and the 309 cases
/// PROVENANCE.md lists.
#[test]
fn every_file_is_listed() {
    let Some(files) = icbls_testkit::vectors::list("extra/eip2537") else { return };
    let json: Vec<&str> =
        files.iter().filter(|f| f.ends_with(".json")).map(|f| f.trim_start_matches("extra/eip2537/")).collect();
    let mut listed: Vec<&str> = FILES.iter().map(|(name, ..)| *name).collect();
    listed.sort_unstable();
    assert_eq!(json, listed);
    assert_eq!(FILES.iter().map(|f| f.3).sum::<usize>(), 309);
}
