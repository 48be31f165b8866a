//! The conformance runner: public vector files through the verifier canister.
//!
//! [`run_vectors`] walks files and folders, tells each file's format by its content (the JSON or
//! YAML shape; the file name only where the format needs it, as go-ethereum names the precompile
//! by file name), runs every case through the canister's Candid interface and prints one line per
//! file. Formats:
//!
//! | format | where it comes from | canister method |
//! |---|---|---|
//! | precompile list `[{Input, Expected, Gas, Name} \| {Input, ExpectedError, Name}]` | go-ethereum `core/vm/testdata/precompiles`, the EIPs repository's `assets/eip-2537` | `eip2537_call` (0x0b..0x11), `kzg_point_evaluation` (0x0a) |
//! | `{ciphersuite, dst, vectors: [{msg, P}]}` | RFC 9380 (cfrg/draft-irtf-cfrg-hash-to-curve `poc/vectors`) | `hash_to_g1`, `hash_to_g2` |
//! | `{input, output}`, one case per file | ethereum/bls12-381-tests (and consensus-spec-tests YAML) | `bls_verify`, `bls_fast_aggregate_verify`, `bls_aggregate_verify`, `bls_batch_verify` (MinPk), `hash_to_g2` |
//! | `[{name, certificate_hex, root_key_hex, canister_id \| subnet_id, expected_valid, expected_time_ns}]` | IC certificates from agent-rs | `verify_certificate` |
//! | `[{name, signature_hex, message_hex, public_key_hex, dst, expected_valid}]` | IC min-sig BLS | `bls_verify` (MinSig) |
//! | `data.yaml` `{input: {commitment, z, y, proof}, output}` | c-kzg-4844 `verify_kzg_proof` | `kzg_point_evaluation` |
//! | `{ciphersuite, cases: [{operation, public_key(s), message(s), signature, expected_valid}]}` | BLS message-augmentation vectors (bls_sigs_ref, Chia) | `bls_verify` with its `ciphersuite`; `aggregate_verify` through the library |
//! | `{network, scheme, public_key, beacons: [{round, signature, previous_signature?, randomness, expected_valid}]}` | drand beacons | `drand_verify` |
//! | `[{id, message, signature_cbor, public_key_der, root_public_key_raw, expected_valid}]` | IC canister signatures (Internet Identity, verifiable credentials) | `verify_canister_signature` |
//!
//! The cases the canister has no method for run natively through the library
//! ([`crate::library_cases`]): ethereum/bls12-381-tests `sign`, `aggregate` and
//! `deserialization_G1`/`_G2`, RFC 9380's `_NU_` suites and `expand_message_xmd` files, and
//! zkcrypto's binary `g{1,2}_{compressed,uncompressed}_valid_test_vectors.dat`; the report counts
//! them apart. A file of none of these shapes is reported as `not a vector file (skipped)`. A
//! case that cannot be written as the method's input at all is skipped with the reason. Anything
//! wrong inside a recognised file (a missing field, bad hex) fails that case.

mod bls_suite;
mod certificate;
mod detect;
mod drand;
mod eth_bls;
mod hash_to_curve;
mod json;
mod kzg;
mod min_sig;
mod points;
mod precompile;
mod yaml;

use crate::verifier::{CanisterSignatureArgs, Error, Reply, Verifier};
use bls_suite::run_bls_suite;
use certificate::run_certificate;
use detect::{load, Kind};
use drand::run_drand;
use eth_bls::run_eth_bls;
use hash_to_curve::run_hash_to_curve;
use json::hex_field;
use kzg::run_kzg_proof;
use min_sig::run_min_sig;
use precompile::run_precompile;
use serde_json::Value;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Runs every vector file under `paths` (files, or directories walked recursively in sorted order) through the verifier canister;
/// prints one line per file: `PATH: N passed, M failed` (plus `, K skipped (reason)` when some cases could not be run),
/// and for each failure one indented line naming the case and what differed. Returns Ok(true) when nothing failed.
///
/// `Err` only when a path does not exist, a folder cannot be read or `out` cannot be written.
pub fn run_vectors(paths: &[PathBuf], verifier: &mut Verifier, out: &mut dyn Write) -> Result<bool, String> {
    let mut files = Vec::new();
    for path in paths {
        collect_files(path, &mut files)?;
    }
    let mut all_passed = true;
    for file in &files {
        let line = match load(file)? {
            None => format!("{}: not a vector file (skipped)\n", file.display()),
            Some((kind, value)) => {
                let report = run_file(file, &kind, &value, verifier);
                all_passed &= report.failures.is_empty();
                report.render(file)
            }
        };
        out.write_all(line.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write the report: {e}"))?;
    }
    Ok(all_passed)
}

/// `path` itself when it is a file, or every file under it when it is a folder, in sorted order.
fn collect_files(path: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !meta.is_dir() {
        files.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries = std::fs::read_dir(path)
        .and_then(|dir| dir.map(|entry| entry.map(|e| e.path())).collect::<Result<Vec<_>, _>>())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    entries.sort();
    for entry in entries {
        collect_files(&entry, files)?;
    }
    Ok(())
}

/// How one case ended.
enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
    /// Run natively through the library (no canister method): its verdict.
    Library(Result<(), String>),
}

/// The cases of one file.
#[derive(Default)]
struct FileReport {
    passed: usize,
    /// Case name and what differed.
    failures: Vec<(String, String)>,
    /// Case name and why it was not run.
    skipped: Vec<(String, String)>,
    /// Cases run through the library rather than the canister.
    library: usize,
}

impl FileReport {
    fn add(&mut self, case: impl Into<String>, outcome: Outcome) {
        match outcome {
            Outcome::Pass => self.passed += 1,
            Outcome::Fail(why) => self.failures.push((case.into(), why)),
            Outcome::Skip(why) => self.skipped.push((case.into(), why)),
            Outcome::Library(result) => {
                self.library += 1;
                self.add(case, result.map_or_else(Outcome::Fail, |()| Outcome::Pass));
            }
        }
    }

    fn render(&self, path: &Path) -> String {
        let mut line = format!("{}: {} passed, {} failed", path.display(), self.passed, self.failures.len());
        if self.library > 0 {
            line += &format!(" ({} through the library, no canister method)", self.library);
        }
        if !self.skipped.is_empty() {
            let reasons: BTreeSet<&str> = self.skipped.iter().map(|(_, why)| why.as_str()).collect();
            let reasons: Vec<&str> = reasons.into_iter().collect();
            line += &format!(", {} skipped ({})", self.skipped.len(), reasons.join("; "));
        }
        line.push('\n');
        for (case, why) in &self.failures {
            line += &format!("    {case}: {why}\n");
        }
        line
    }
}

fn run_file(path: &Path, kind: &Kind, value: &Value, v: &mut Verifier) -> FileReport {
    let mut report = FileReport::default();
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("case").to_string();
    match *kind {
        Kind::Precompile(address) => {
            for (i, case) in value.as_array().into_iter().flatten().enumerate() {
                let name = case_name(case, "Name", i);
                let outcome = match address {
                    Some(address) => run_precompile(address, case, v),
                    None => Outcome::Skip("the file name names no precompile".into()),
                };
                report.add(name, outcome);
            }
        }
        Kind::HashToCurve => run_hash_to_curve(value, v, &mut report),
        Kind::ExpandMessage => {
            let dst = value.get("DST").and_then(Value::as_str).unwrap_or("").as_bytes();
            for case in value["tests"].as_array().into_iter().flatten() {
                let name = format!(
                    "msg {:?} len {}",
                    abbreviate(case.get("msg").and_then(Value::as_str).unwrap_or("")),
                    case["len_in_bytes"]
                );
                let run = || -> Result<(), String> {
                    let msg = case["msg"].as_str().ok_or("msg is not a string")?.as_bytes();
                    let len = case["len_in_bytes"].as_str().ok_or("len_in_bytes is not a string")?;
                    let len = usize::from_str_radix(len.trim_start_matches("0x"), 16)
                        .map_err(|e| format!("len_in_bytes: {e}"))?;
                    crate::library_cases::expand_message(msg, dst, len, &hex_field(case, "uniform_bytes")?)
                };
                report.add(name, Outcome::Library(run()));
            }
        }
        Kind::ZkcryptoPoints(g2, compressed) => {
            let bytes = hex::decode(value.as_str().unwrap_or("")).unwrap_or_default();
            match crate::library_cases::zkcrypto_points(g2, compressed, &bytes) {
                Err(why) => report.add(stem, Outcome::Fail(why)),
                Ok(results) => {
                    for (i, result) in results.into_iter().enumerate() {
                        report.add(format!("{i}·G"), Outcome::Library(result));
                    }
                }
            }
        }
        Kind::EthBls(handler) => report.add(stem, run_eth_bls(handler, value, v)),
        Kind::IcCertificates => {
            for (i, case) in value.as_array().into_iter().flatten().enumerate() {
                report.add(case_name(case, "name", i), run_certificate(case, v));
            }
        }
        Kind::Drand => run_drand(value, v, &mut report),
        Kind::CanisterSignatures => {
            for (i, case) in value.as_array().into_iter().flatten().enumerate() {
                report.add(case_name(case, "id", i), run_canister_signature(case, v));
            }
        }
        Kind::BlsSuite => run_bls_suite(value, v, &mut report),
        Kind::MinSig => {
            for (i, case) in value.as_array().into_iter().flatten().enumerate() {
                report.add(case_name(case, "name", i), run_min_sig(case, v));
            }
        }
        Kind::KzgProof => {
            let name = path.parent().and_then(|p| p.file_name()).and_then(|n| n.to_str()).unwrap_or(&stem).to_string();
            report.add(name, run_kzg_proof(value, v));
        }
    }
    report
}

/// One canister signature through `verify_canister_signature`, under the case's root key.
fn run_canister_signature(case: &Value, v: &mut Verifier) -> Outcome {
    let field = |name: &str| -> Result<Vec<u8>, String> {
        let text = case.get(name).and_then(Value::as_str).ok_or(format!("{name} missing"))?;
        hex::decode(text).map_err(|e| format!("{name} is not hex ({e})"))
    };
    let args = (|| -> Result<CanisterSignatureArgs, String> {
        Ok(CanisterSignatureArgs::new(field("message")?, field("signature_cbor")?, field("public_key_der")?)
            .with_root_key(field("root_public_key_raw")?))
    })();
    let (args, expected) = match (args, case.get("expected_valid").and_then(Value::as_bool)) {
        (Ok(args), Some(expected)) => (args, expected),
        (Err(e), _) => return Outcome::Fail(e),
        (_, None) => return Outcome::Fail("expected_valid missing".into()),
    };
    let reply = query_or_update(|update| v.verify_canister_signature(args.clone(), update));
    verdict(expected, reply.map(|r| r.map(|_| ())))
}

fn case_name(case: &Value, key: &str, index: usize) -> String {
    match case.get(key).and_then(Value::as_str) {
        Some(name) => name.to_string(),
        None => format!("#{index}"),
    }
}

/// Calls `call` as a query, and again as an update when the query passed its instruction limit
/// or a query's caps.
fn query_or_update<T>(mut call: impl FnMut(bool) -> Reply<Result<T, Error>>) -> Reply<Result<T, Error>> {
    match call(false) {
        Err(reject) if reject.to_lowercase().contains("instruction limit") => call(true),
        // Over a query's caps: an update's are larger.
        Ok(Err(Error::InputTooLarge(_))) => call(true),
        other => other,
    }
}

/// Whether the call's verdict is the expected one.
fn verdict(expected_ok: bool, reply: Reply<Result<(), Error>>) -> Outcome {
    match reply {
        Err(reject) => Outcome::Fail(format!("the call was rejected: {reject}")),
        Ok(Ok(())) if expected_ok => Outcome::Pass,
        Ok(Ok(())) => Outcome::Fail("accepted, expected a rejection".into()),
        Ok(Err(_)) if !expected_ok => Outcome::Pass,
        Ok(Err(e)) => Outcome::Fail(format!("expected success, got {}", show_error(&e))),
    }
}

fn show_error(e: &Error) -> String {
    let (kind, detail) = match e {
        Error::MalformedInput(d) => ("MalformedInput", d),
        Error::VerificationFailed(d) => ("VerificationFailed", d),
        Error::Unsupported(d) => ("Unsupported", d),
        other => return other.to_string(),
    };
    format!("{kind}({}: {})", detail.field, detail.message)
}

fn abbreviate(s: &str) -> String {
    match s.char_indices().nth(24) {
        Some((at, _)) => format!("{}...({} bytes)", &s[..at], s.len()),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The EIPs repository's file names, read from a folder the way the runner reads them.
    #[test]
    fn eips_assets_file_in_a_folder() {
        let dir = std::env::temp_dir().join(format!("icbls-vectors-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("add_G1_bls.json"),
            r#"[{"Input": "00", "Expected": "00", "Name": "a", "Gas": 375, "NoBenchmark": false}]"#,
        )
        .unwrap();
        std::fs::write(
            dir.join("fail-pairing_check_bls.json"),
            r#"[{"Input": "", "ExpectedError": "invalid input length", "Name": "e"}]"#,
        )
        .unwrap();
        std::fs::write(dir.join("PROVENANCE.md"), "# where from\n").unwrap();
        std::fs::write(dir.join("z.bin"), [0xd9, 0xff, 0x00]).unwrap();
        let mut files = Vec::new();
        collect_files(&dir, &mut files).unwrap();
        let kinds: Vec<Option<Kind>> = files.iter().map(|f| load(f).unwrap().map(|(k, _)| k)).collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(kinds, vec![None, Some(Kind::Precompile(Some(0x0b))), Some(Kind::Precompile(Some(0x0f))), None]);
        assert!(collect_files(&dir, &mut files).is_err(), "the folder is gone");
    }
}
