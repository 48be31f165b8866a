//! The conformance runner (issue 9): public vector files through the verifier canister.
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
//!
//! The cases the canister has no method for run natively through the library
//! ([`crate::library_cases`]): ethereum/bls12-381-tests `sign`, `aggregate` and
//! `deserialization_G1`/`_G2`, RFC 9380's `_NU_` suites and `expand_message_xmd` files, and
//! zkcrypto's binary `g{1,2}_{compressed,uncompressed}_valid_test_vectors.dat`; the report counts
//! them apart. A file of none of these shapes is reported as `not a vector file (skipped)`. A
//! case that cannot be written as the method's input at all is skipped with the reason. Anything
//! wrong inside a recognised file (a missing field, bad hex) fails that case.

use crate::verifier::{
    AggregateVerifyArgs, BatchVerifyArgs, BlsVerifyArgs, Error, FastAggregateVerifyArgs, PrecompileOutput, Reply,
    Scheme, SignedMessage, Verifier, VerifyCertificateArgs,
};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
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

// ---------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------

/// The formats, told apart by content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// go-ethereum / EIPs precompile list; the address named by the file name, if it names one.
    Precompile(Option<u8>),
    /// RFC 9380 hash-to-curve suite vectors.
    HashToCurve,
    /// RFC 9380 `expand_message` vectors (run through the library).
    ExpandMessage,
    /// zkcrypto's binary serialization file: `(g2, compressed)`.
    ZkcryptoPoints(bool, bool),
    /// One ethereum/bls12-381-tests case; the handler from the folder or file name, if known.
    EthBls(Option<Handler>),
    /// IC certificates with verdicts.
    IcCertificates,
    /// IC min-sig BLS signatures with verdicts.
    MinSig,
    /// One c-kzg `verify_kzg_proof` case.
    KzgProof,
}

/// The handlers of ethereum/bls12-381-tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Handler {
    Verify,
    FastAggregateVerify,
    AggregateVerify,
    BatchVerify,
    HashToG2,
    Sign,
    Aggregate,
    DeserializationG1,
    DeserializationG2,
}

/// Handler names, longest first where one is a prefix of another (`aggregate_verify` before
/// `aggregate`), so a file-name prefix finds the right one.
const HANDLERS: [(&str, Handler); 9] = [
    ("fast_aggregate_verify", Handler::FastAggregateVerify),
    ("aggregate_verify", Handler::AggregateVerify),
    ("aggregate", Handler::Aggregate),
    ("batch_verify", Handler::BatchVerify),
    ("verify", Handler::Verify),
    ("hash_to_G2", Handler::HashToG2),
    ("sign", Handler::Sign),
    ("deserialization_G1", Handler::DeserializationG1),
    ("deserialization_G2", Handler::DeserializationG2),
];

/// The precompile a file of precompile cases is for, from its name as go-ethereum
/// (`core/vm/testdata/precompiles`) and the EIPs repository (`assets/eip-2537`) name them, with an
/// optional `fail-` prefix. Single-pair `Mul` files go to the MSM precompiles, as in the Final EIP.
fn precompile_address(path: &Path) -> Option<u8> {
    let stem = path.file_stem()?.to_str()?;
    let name = stem.strip_prefix("fail-").unwrap_or(stem);
    let address = match name {
        "blsG1Add" | "add_G1_bls" => 0x0b,
        "blsG1Mul" | "blsG1MultiExp" | "mul_G1_bls" | "msm_G1_bls" | "multiexp_G1_bls" => 0x0c,
        "blsG2Add" | "add_G2_bls" => 0x0d,
        "blsG2Mul" | "blsG2MultiExp" | "mul_G2_bls" | "msm_G2_bls" | "multiexp_G2_bls" => 0x0e,
        "blsPairing" | "pairing_check_bls" => 0x0f,
        "blsMapG1" | "map_fp_to_G1_bls" => 0x10,
        "blsMapG2" | "map_fp2_to_G2_bls" => 0x11,
        _ if name.contains("pointEvaluation") || name.contains("point_evaluation") => 0x0a,
        _ => return None,
    };
    Some(address)
}

/// The bls12-381-tests handler of a case file: its folder's name, else its file name's prefix,
/// else a folder further up (consensus-spec-tests put cases at `<handler>/bls/<case>/data.yaml`).
fn eth_handler(path: &Path) -> Option<Handler> {
    let exact = |name: &str| HANDLERS.iter().find(|(h, _)| *h == name).map(|(_, h)| *h);
    let name = |p: Option<&Path>| p.and_then(|p| p.file_name()).and_then(|n| n.to_str()).map(str::to_owned);
    if let Some(handler) = name(path.parent()).as_deref().and_then(exact) {
        return Some(handler);
    }
    if let Some(file) = name(Some(path)) {
        if let Some((_, handler)) = HANDLERS.iter().find(|(h, _)| file.starts_with(h)) {
            return Some(*handler);
        }
    }
    path.ancestors().skip(2).take(3).find_map(|a| name(Some(a)).as_deref().and_then(exact))
}

/// Reads `path` and tells its format; `None` when it is not a vector file (binary, or text of
/// no known shape). `Err` when it cannot be read.
fn load(path: &Path) -> Result<Option<(Kind, Value)>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if let Some((g2, compressed)) = crate::library_cases::zkcrypto_file_kind(name) {
        return Ok(Some((Kind::ZkcryptoPoints(g2, compressed), Value::String(hex::encode(&bytes)))));
    }
    let Ok(text) = String::from_utf8(bytes) else { return Ok(None) };
    let value = match serde_json::from_str::<Value>(&text) {
        Ok(value) => value,
        Err(_) => match parse_yaml(&text) {
            Some(value) => value,
            None => return Ok(None),
        },
    };
    Ok(detect(path, &value).map(|kind| (kind, value)))
}

/// The format of a parsed file, from its shape (and, for the precompile and bls12-381-tests
/// formats, its name).
fn detect(path: &Path, value: &Value) -> Option<Kind> {
    let objects_with = |keys: &[&str]| match value.as_array() {
        Some(list) if !list.is_empty() => {
            list.iter().all(|case| case.as_object().is_some_and(|o| keys.iter().all(|k| o.contains_key(*k))))
        }
        _ => false,
    };
    if objects_with(&["Input"]) {
        return Some(Kind::Precompile(precompile_address(path)));
    }
    if objects_with(&["certificate_hex"]) {
        return Some(Kind::IcCertificates);
    }
    if objects_with(&["signature_hex", "public_key_hex"]) {
        return Some(Kind::MinSig);
    }
    let object = value.as_object()?;
    if object.contains_key("ciphersuite") && object.get("vectors").is_some_and(Value::is_array) {
        return Some(Kind::HashToCurve);
    }
    let name_is_expand = object.get("name").and_then(Value::as_str).is_some_and(|n| n.starts_with("expand_message"));
    if object.get("tests").is_some_and(Value::is_array) && (name_is_expand || object.contains_key("DST")) {
        return Some(Kind::ExpandMessage);
    }
    if object.contains_key("input") && object.contains_key("output") {
        let input = &object["input"];
        if ["commitment", "z", "y", "proof"].iter().all(|k| input.get(k).is_some()) {
            return Some(Kind::KzgProof);
        }
        return Some(Kind::EthBls(eth_handler(path)));
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------

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

fn case_name(case: &Value, key: &str, index: usize) -> String {
    match case.get(key).and_then(Value::as_str) {
        Some(name) => name.to_string(),
        None => format!("#{index}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Runners
// ---------------------------------------------------------------------------------------------

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

/// A precompile case: output and gas equal, or the call fails (any error).
fn run_precompile(address: u8, case: &Value, v: &mut Verifier) -> Outcome {
    let mut run = || -> Result<Outcome, String> {
        let input = match case.get("Input") {
            Some(Value::Null) => return Ok(Outcome::Skip("input not representable".into())),
            Some(Value::String(s)) => unhex(s).map_err(|e| format!("Input: {e}"))?,
            _ => return Err("Input is not a hex string".into()),
        };
        let reply = match address {
            0x0a => v.kzg_point_evaluation(input),
            _ => query_or_update(|update| v.eip2537_call(address, input.clone(), update)),
        };
        let result = reply.map_err(|reject| format!("the call was rejected: {reject}"))?;
        if let Some(expected) = case.get("Expected") {
            let expected =
                unhex(expected.as_str().ok_or("Expected is not a string")?).map_err(|e| format!("Expected: {e}"))?;
            let gas = match case.get("Gas") {
                None => None,
                Some(gas) => Some(json_u64(gas).ok_or("Gas is not a number")?),
            };
            let PrecompileOutput { output, gas: got_gas } = match result {
                Ok(out) => out,
                Err(e) => {
                    return Ok(Outcome::Fail(format!(
                        "expected output 0x{}, got {}",
                        hex::encode(&expected),
                        show_error(&e)
                    )))
                }
            };
            if output != expected {
                return Ok(Outcome::Fail(format!(
                    "output 0x{} differs from the expected 0x{}",
                    hex::encode(output),
                    hex::encode(expected)
                )));
            }
            if gas.is_some_and(|gas| gas != got_gas) {
                return Ok(Outcome::Fail(format!(
                    "gas {got_gas} differs from the expected {}",
                    gas.unwrap_or_default()
                )));
            }
            Ok(Outcome::Pass)
        } else if let Some(error) = case.get("ExpectedError") {
            match result {
                Err(_) => Ok(Outcome::Pass),
                Ok(out) => Ok(Outcome::Fail(format!(
                    "expected an error ({}), got output 0x{} (gas {})",
                    error.as_str().unwrap_or("?"),
                    hex::encode(out.output),
                    out.gas
                ))),
            }
        } else {
            Err("the case has neither Expected nor ExpectedError".into())
        }
    };
    run().unwrap_or_else(Outcome::Fail)
}

/// The RFC 9380 hash-to-curve suites the canister has a method for.
const H2C_G1: &str = "BLS12381G1_XMD:SHA-256_SSWU_RO_";
const H2C_G2: &str = "BLS12381G2_XMD:SHA-256_SSWU_RO_";
/// The nonuniform encodings, run through the library.
const H2C_G1_NU: &str = "BLS12381G1_XMD:SHA-256_SSWU_NU_";
const H2C_G2_NU: &str = "BLS12381G2_XMD:SHA-256_SSWU_NU_";

fn run_hash_to_curve(value: &Value, v: &mut Verifier, report: &mut FileReport) {
    let cases = value["vectors"].as_array().cloned().unwrap_or_default();
    let suite = value["ciphersuite"].as_str().unwrap_or("");
    let (g2, nonuniform) = match suite {
        H2C_G1 => (false, false),
        H2C_G2 => (true, false),
        H2C_G1_NU => (false, true),
        H2C_G2_NU => (true, true),
        _ => {
            let why = format!("not a BLS12-381 SHA-256 suite: {suite}");
            for (i, case) in cases.iter().enumerate() {
                report.add(case_name(case, "msg", i), Outcome::Skip(why.clone()));
            }
            return;
        }
    };
    let header = || -> Result<Vec<u8>, String> {
        if let Some(p) = value.get("field").and_then(|f| f.get("p")).and_then(Value::as_str) {
            if fp_be(p)? != P {
                return Err(format!("field.p {p} is not the BLS12-381 modulus"));
            }
        }
        Ok(value["dst"].as_str().ok_or("dst is not a string")?.as_bytes().to_vec())
    };
    let dst = header();
    for (i, case) in cases.iter().enumerate() {
        let name = format!("msg {:?}", abbreviate(case.get("msg").and_then(Value::as_str).unwrap_or(&format!("#{i}"))));
        let mut run = || -> Result<Outcome, String> {
            let dst = dst.clone()?;
            let msg = case["msg"].as_str().ok_or("msg is not a string")?.as_bytes().to_vec();
            let point = &case["P"];
            let (x, y) =
                (point["x"].as_str().ok_or("P.x is not a string")?, point["y"].as_str().ok_or("P.y is not a string")?);
            let expected = if g2 { compress_g2(x, y)? } else { compress_g1(x, y)? };
            if nonuniform {
                return Ok(Outcome::Library(crate::library_cases::encode_to_curve(g2, &msg, &dst, &expected)));
            }
            Ok(compare_hash(v.hash_to(g2, msg, dst), &expected))
        };
        report.add(name, run().unwrap_or_else(Outcome::Fail));
    }
}

fn compare_hash(reply: Reply<Result<Vec<u8>, Error>>, expected: &[u8]) -> Outcome {
    match reply {
        Err(reject) => Outcome::Fail(format!("the call was rejected: {reject}")),
        Ok(Err(e)) => Outcome::Fail(format!("expected 0x{}, got {}", hex::encode(expected), show_error(&e))),
        Ok(Ok(got)) if got == expected => Outcome::Pass,
        Ok(Ok(got)) => {
            Outcome::Fail(format!("point 0x{} differs from the expected 0x{}", hex::encode(got), hex::encode(expected)))
        }
    }
}

/// The DST of the bls12-381-tests `hash_to_G2` cases (the RFC 9380 test DST, not the POP one).
const ETH_HASH_TO_G2_DST: &str = "QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";

/// One ethereum/bls12-381-tests case (min-pk). `output` true: the call returns `Ok`; false or null
/// (the operation must fail): it returns `Err`.
fn run_eth_bls(handler: Option<Handler>, value: &Value, v: &mut Verifier) -> Outcome {
    let Some(handler) = handler else {
        return Outcome::Skip("unknown handler (neither the folder nor the file name names one)".into());
    };
    let mut run = || -> Result<Outcome, String> {
        let input = &value["input"];
        let output = &value["output"];
        let scheme = Scheme::MinPk;
        let reply = match handler {
            Handler::Sign => {
                let expected = optional_hex(output, "output")?;
                let result = crate::library_cases::sign(
                    &hex_field(input, "privkey")?,
                    &hex_field(input, "message")?,
                    expected.as_deref(),
                );
                return Ok(Outcome::Library(result));
            }
            Handler::Aggregate => {
                let list = input.as_array().ok_or("input is not a list")?;
                let signatures = list
                    .iter()
                    .enumerate()
                    .map(|(i, s)| unhex(s.as_str().ok_or_else(|| format!("input[{i}] is not a string"))?))
                    .collect::<Result<Vec<_>, String>>()?;
                let expected = optional_hex(output, "output")?;
                return Ok(Outcome::Library(crate::library_cases::aggregate(&signatures, expected.as_deref())));
            }
            Handler::DeserializationG1 => {
                let result = crate::library_cases::deserialize(
                    false,
                    &hex_field(input, "pubkey")?,
                    expected_bool(output, "output")?,
                );
                return Ok(Outcome::Library(result));
            }
            Handler::DeserializationG2 => {
                let result = crate::library_cases::deserialize(
                    true,
                    &hex_field(input, "signature")?,
                    expected_bool(output, "output")?,
                );
                return Ok(Outcome::Library(result));
            }
            Handler::HashToG2 => {
                let msg = input["msg"].as_str().ok_or("input.msg is not a string")?.as_bytes().to_vec();
                let reply = v.hash_to(true, msg, ETH_HASH_TO_G2_DST.as_bytes().to_vec());
                if output.is_null() {
                    return Ok(verdict(false, reply.map(|r| r.map(|_| ()))));
                }
                let x = output["x"].as_str().ok_or("output.x is not a string")?;
                let y = output["y"].as_str().ok_or("output.y is not a string")?;
                return Ok(compare_hash(reply, &compress_g2(x, y)?));
            }
            Handler::Verify => v.bls_verify(BlsVerifyArgs {
                scheme,
                public_key: hex_field(input, "pubkey")?,
                message: hex_field(input, "message")?,
                signature: hex_field(input, "signature")?,
            }),
            Handler::FastAggregateVerify => {
                let public_keys = hex_list(input, "pubkeys")?;
                let args = FastAggregateVerifyArgs {
                    scheme,
                    proofs_of_possession: eth_proofs_of_possession(&public_keys),
                    public_keys,
                    message: hex_field(input, "message")?,
                    signature: hex_field(input, "signature")?,
                };
                query_or_update(|update| v.bls_fast_aggregate_verify(args.clone(), update))
            }
            Handler::AggregateVerify => {
                let public_keys = hex_list(input, "pubkeys")?;
                let args = AggregateVerifyArgs {
                    scheme,
                    proofs_of_possession: eth_proofs_of_possession(&public_keys),
                    public_keys,
                    messages: hex_list(input, "messages")?,
                    signature: hex_field(input, "signature")?,
                };
                query_or_update(|update| v.bls_aggregate_verify(args.clone(), update))
            }
            Handler::BatchVerify => {
                let (keys, messages, signatures) =
                    (hex_list(input, "pubkeys")?, hex_list(input, "messages")?, hex_list(input, "signatures")?);
                if keys.len() != messages.len() || keys.len() != signatures.len() {
                    return Ok(Outcome::Skip(
                        "not representable: pubkeys, messages and signatures differ in length".into(),
                    ));
                }
                let items = keys
                    .into_iter()
                    .zip(messages)
                    .zip(signatures)
                    .map(|((public_key, message), signature)| SignedMessage { public_key, message, signature })
                    .collect();
                let args = BatchVerifyArgs { scheme, items };
                query_or_update(|update| v.bls_batch_verify(args.clone(), update))
            }
        };
        Ok(verdict(expected_bool(output, "output")?, reply))
    };
    run().unwrap_or_else(Outcome::Fail)
}

/// An IC certificate: valid ⇔ `Ok`, and then `/time` is the expected one. "Now" is the
/// certificate's own time with no slack, so the freshness check passes only on the exact time.
fn run_certificate(case: &Value, v: &mut Verifier) -> Outcome {
    let mut run = || -> Result<Outcome, String> {
        let expected_valid = expected_bool(&case["expected_valid"], "expected_valid")?;
        let time = json_u64(&case["expected_time_ns"]).ok_or("expected_time_ns is not a number")?;
        let principal = |key: &str| -> Result<Option<candid::Principal>, String> {
            match case.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(text)) => crate::verifier::principal(text).map(Some),
                Some(_) => Err(format!("{key} is not a string")),
            }
        };
        let root_key = match case.get("root_key_hex") {
            None | Some(Value::Null) => None,
            Some(_) => Some(hex_field(case, "root_key_hex")?),
        };
        let args = VerifyCertificateArgs {
            certificate: hex_field(case, "certificate_hex")?,
            root_key,
            canister_id: principal("canister_id")?,
            subnet_id: principal("subnet_id")?,
            now_ns: Some(time),
            max_age_ns: Some(0),
            delegation_max_age_ns: None,
            lookup: vec![],
        };
        Ok(match v.verify_certificate(args) {
            Err(reject) => Outcome::Fail(format!("the call was rejected: {reject}")),
            Ok(Ok(cert)) if expected_valid && cert.time_ns != time => {
                Outcome::Fail(format!("valid, but /time is {} ns, expected {time} ns", cert.time_ns))
            }
            Ok(result) => verdict(expected_valid, Ok(result.map(|_| ()))),
        })
    };
    run().unwrap_or_else(Outcome::Fail)
}

/// The IC's BLS ciphersuite (min-sig, basic scheme).
const MIN_SIG_DST: &str = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

fn run_min_sig(case: &Value, v: &mut Verifier) -> Outcome {
    let mut run = || -> Result<Outcome, String> {
        if let Some(dst) = case.get("dst").and_then(Value::as_str) {
            if dst != MIN_SIG_DST {
                return Ok(Outcome::Skip(format!("no endpoint for DST {dst}")));
            }
        }
        let expected_valid = expected_bool(&case["expected_valid"], "expected_valid")?;
        let reply = v.bls_verify(BlsVerifyArgs {
            scheme: Scheme::MinSig,
            public_key: hex_field(case, "public_key_hex")?,
            message: hex_field(case, "message_hex")?,
            signature: hex_field(case, "signature_hex")?,
        });
        Ok(verdict(expected_valid, reply))
    };
    run().unwrap_or_else(Outcome::Fail)
}

/// EIP-4844 constants: the point-evaluation precompile's output is
/// `FIELD_ELEMENTS_PER_BLOB || BLS_MODULUS`, each 32 bytes big-endian, for 50,000 gas.
const FIELD_ELEMENTS_PER_BLOB: u64 = 4096;
const BLS_MODULUS_HEX: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
const POINT_EVALUATION_GAS: u64 = 50_000;

/// A c-kzg `verify_kzg_proof` case as a point-evaluation precompile call: the input is
/// `versioned_hash || z || y || commitment || proof` with `versioned_hash = 0x01 ||
/// sha256(commitment)[1..]` (EIP-4844 `kzg_to_versioned_hash`). `output` true ⇔ `Ok` with the
/// precompile's fixed output; false or null ⇔ `Err`.
fn run_kzg_proof(value: &Value, v: &mut Verifier) -> Outcome {
    let mut run = || -> Result<Outcome, String> {
        let input = &value["input"];
        let expected = expected_bool(&value["output"], "output")?;
        let (commitment, z, y, proof) = (
            hex_field(input, "commitment")?,
            hex_field(input, "z")?,
            hex_field(input, "y")?,
            hex_field(input, "proof")?,
        );
        if commitment.len() != 48 || z.len() != 32 || y.len() != 32 || proof.len() != 48 {
            let lengths =
                format!("commitment {}, z {}, y {}, proof {} bytes", commitment.len(), z.len(), y.len(), proof.len());
            return Ok(match expected {
                false => Outcome::Skip("not representable as a precompile input".into()),
                true => Outcome::Fail(format!("expected true, but the input cannot be a precompile input ({lengths})")),
            });
        }
        let mut call = versioned_hash(&commitment).to_vec();
        for part in [&z, &y, &commitment, &proof] {
            call.extend_from_slice(part);
        }
        let reply = v.kzg_point_evaluation(call);
        if let Ok(Ok(out)) = &reply {
            let mut fixed = [0u8; 64];
            fixed[24..32].copy_from_slice(&FIELD_ELEMENTS_PER_BLOB.to_be_bytes());
            fixed[32..].copy_from_slice(&hex::decode(BLS_MODULUS_HEX).expect("a constant"));
            if out.output != fixed || out.gas != POINT_EVALUATION_GAS {
                return Ok(Outcome::Fail(format!(
                    "output 0x{} (gas {}) is not the precompile's fixed output",
                    hex::encode(&out.output),
                    out.gas
                )));
            }
        }
        Ok(verdict(expected, reply.map(|r| r.map(|_| ()))))
    };
    run().unwrap_or_else(Outcome::Fail)
}

/// EIP-4844 `kzg_to_versioned_hash`: `0x01 || sha256(commitment)[1..]`.
fn versioned_hash(commitment: &[u8]) -> [u8; 32] {
    let mut hash: [u8; 32] = Sha256::digest(commitment).into();
    hash[0] = 0x01;
    hash
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

/// The secret keys the Ethereum generator (ethereum/bls12-381-tests, `main.py`) signs every
/// aggregation vector with; they are the `privkey` inputs of its `sign` vectors.
const ETH_GENERATOR_SECRET_KEYS: [&str; 3] = [
    "263dbd792f5b1be47ed85f8938c0f29586af0d3ac7b977f21c278fe1462040e3",
    "47b8192d77bf871b62e87859d653922725724a5c031afeabc60bcef5ff665138",
    "328388aff0d4a5b7dc9205abd374e7e98f3cd9f3418edb4eafda5fb16473d216",
];

/// A proof of possession for each key of an Ethereum aggregation vector, as the keys' owners
/// would register them (made here from the generator's secret keys). A key that is not one of
/// the generator's (a malformed or infinity key of a negative vector) gets 96 zero bytes, which
/// is no proof: the verifier refuses it, as the vector expects.
fn eth_proofs_of_possession(keys: &[Vec<u8>]) -> Vec<Vec<u8>> {
    use icbls::bls::{min_pk, SecretKey};
    let known: Vec<(Vec<u8>, Vec<u8>)> = ETH_GENERATOR_SECRET_KEYS
        .iter()
        .filter_map(|h| SecretKey::from_bytes(&hex::decode(h).ok()?).ok())
        .map(|sk| {
            (min_pk::PublicKey::from_secret_key(&sk).to_bytes().to_vec(), min_pk::pop_prove(&sk).to_bytes().to_vec())
        })
        .collect();
    keys.iter()
        .map(|k| known.iter().find(|(pk, _)| pk == k).map(|(_, proof)| proof.clone()).unwrap_or_else(|| vec![0; 96]))
        .collect()
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

// ---------------------------------------------------------------------------------------------
// Field parsing
// ---------------------------------------------------------------------------------------------

/// Hex with or without `0x`.
fn unhex(s: &str) -> Result<Vec<u8>, String> {
    let digits = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")).unwrap_or(s);
    hex::decode(digits).map_err(|e| format!("bad hex {:?}: {e}", abbreviate(s)))
}

fn hex_field(object: &Value, key: &str) -> Result<Vec<u8>, String> {
    let s = object.get(key).and_then(Value::as_str).ok_or_else(|| format!("{key} is missing or not a string"))?;
    unhex(s).map_err(|e| format!("{key}: {e}"))
}

fn hex_list(object: &Value, key: &str) -> Result<Vec<Vec<u8>>, String> {
    let list = object.get(key).and_then(Value::as_array).ok_or_else(|| format!("{key} is missing or not a list"))?;
    list.iter()
        .enumerate()
        .map(|(i, item)| {
            let s = item.as_str().ok_or_else(|| format!("{key}[{i}] is not a string"))?;
            unhex(s).map_err(|e| format!("{key}[{i}]: {e}"))
        })
        .collect()
}

/// `null` (the operation must fail) or a hex string.
fn optional_hex(value: &Value, key: &str) -> Result<Option<Vec<u8>>, String> {
    match value {
        Value::Null => Ok(None),
        Value::String(s) => unhex(s).map(Some).map_err(|e| format!("{key}: {e}")),
        _ => Err(format!("{key} is neither null nor a hex string")),
    }
}

/// A verdict: `true`, `false`, or `null` (the operation must fail, so: false).
fn expected_bool(value: &Value, key: &str) -> Result<bool, String> {
    match value {
        Value::Bool(b) => Ok(*b),
        Value::Null => Ok(false),
        _ => Err(format!("{key} is neither true, false nor null")),
    }
}

/// A number, or a string of decimal digits (go-ethereum writes `"Gas": "375"`).
fn json_u64(value: &Value) -> Option<u64> {
    match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Compressed points (ZCash / IETF encoding) from RFC 9380 affine coordinates
// ---------------------------------------------------------------------------------------------

/// The BLS12-381 base field modulus p, big-endian.
const P: [u8; 48] =
    hex_48("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab");

const fn hex_48(s: &str) -> [u8; 48] {
    const fn nibble(c: u8) -> u8 {
        match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            _ => panic!("not a lowercase hex digit"),
        }
    }
    let s = s.as_bytes();
    assert!(s.len() == 96);
    let mut out = [0u8; 48];
    let mut i = 0;
    while i < 48 {
        out[i] = nibble(s[2 * i]) << 4 | nibble(s[2 * i + 1]);
        i += 1;
    }
    out
}

/// (p - 1) / 2, big-endian: p is odd, so it is p shifted right by one bit.
fn half_p() -> [u8; 48] {
    let mut half = [0u8; 48];
    let mut carry = 0u8;
    for (h, p) in half.iter_mut().zip(P) {
        *h = (p >> 1) | carry;
        carry = p << 7;
    }
    half
}

/// An Fp element from `0x`-hex (any number of digits) as 48 bytes big-endian; must be below p.
fn fp_be(s: &str) -> Result<[u8; 48], String> {
    let digits = s.trim().strip_prefix("0x").unwrap_or(s.trim());
    let digits = digits.trim_start_matches('0');
    if digits.len() > 96 {
        return Err(format!("field element {s} is longer than 48 bytes"));
    }
    let padded = format!("{digits:0>96}");
    let bytes = hex::decode(&padded).map_err(|e| format!("field element {s}: {e}"))?;
    let mut out = [0u8; 48];
    out.copy_from_slice(&bytes);
    Ok(out)
}

fn fp_checked(s: &str) -> Result<[u8; 48], String> {
    let x = fp_be(s)?;
    if x >= P {
        return Err(format!("field element {s} is not below p"));
    }
    Ok(x)
}

/// Whether y > (p - 1) / 2 (the "lexicographically largest" of y and -y).
fn largest(y: &[u8; 48]) -> bool {
    *y > half_p()
}

/// An Fp2 element written `c0,c1`.
fn fp2(s: &str) -> Result<([u8; 48], [u8; 48]), String> {
    let (c0, c1) = s.split_once(',').ok_or_else(|| format!("Fp2 element {s} is not \"c0,c1\""))?;
    Ok((fp_checked(c0)?, fp_checked(c1)?))
}

/// The compressed G1 encoding of the affine point (x, y): x big-endian with the flags 0x80
/// (compressed) and 0x20 (y is the larger root).
fn compress_g1(x: &str, y: &str) -> Result<Vec<u8>, String> {
    let (mut out, y) = (fp_checked(x)?, fp_checked(y)?);
    out[0] |= 0x80 | if largest(&y) { 0x20 } else { 0 };
    Ok(out.to_vec())
}

/// The compressed G2 encoding of (x, y): x.c1 || x.c0 with the flags in the first byte; y is the
/// larger root when y.c1 > (p-1)/2, or y.c1 = 0 and y.c0 > (p-1)/2.
fn compress_g2(x: &str, y: &str) -> Result<Vec<u8>, String> {
    let ((x0, x1), (y0, y1)) = (fp2(x)?, fp2(y)?);
    let y_largest = if y1 != [0u8; 48] { largest(&y1) } else { largest(&y0) };
    let mut out = [x1, x0].concat();
    out[0] |= 0x80 | if y_largest { 0x20 } else { 0 };
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// A small YAML reader: block mappings, block and flow sequences of scalars, quoted or plain
// scalars. Enough for consensus-spec style `data.yaml` files; anything else is "not YAML".
// ---------------------------------------------------------------------------------------------

fn parse_yaml(text: &str) -> Option<Value> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .map(|l| l.trim_end())
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#') && l.trim() != "---")
        .map(|l| (l.len() - l.trim_start().len(), l.trim_start()))
        .collect();
    let first = lines.first()?;
    let (value, next) = yaml_block(&lines, 0, first.0)?;
    (next == lines.len()).then_some(value)
}

/// The block at `lines[i..]` indented by `indent`; returns it and the index after it.
fn yaml_block(lines: &[(usize, &str)], mut i: usize, indent: usize) -> Option<(Value, usize)> {
    if lines[i].1 == "-" || lines[i].1.starts_with("- ") {
        let mut items = Vec::new();
        while i < lines.len() && lines[i].0 == indent && (lines[i].1 == "-" || lines[i].1.starts_with("- ")) {
            let rest = lines[i].1[1..].trim();
            i += 1;
            if rest.is_empty() {
                let (item, next) = match lines.get(i) {
                    Some(&(deeper, _)) if deeper > indent => yaml_block(lines, i, deeper)?,
                    _ => (Value::Null, i),
                };
                items.push(item);
                i = next;
            } else {
                items.push(yaml_scalar(rest)?);
            }
        }
        return Some((Value::Array(items), i));
    }
    let mut map = Map::new();
    while i < lines.len() && lines[i].0 == indent {
        let line = lines[i].1;
        let (key, rest) = match line.split_once(": ") {
            Some((k, r)) => (k, r.trim()),
            None => (line.strip_suffix(':')?, ""),
        };
        let key = unquote(key.trim()).unwrap_or_else(|| key.trim().to_string());
        i += 1;
        let value = if !rest.is_empty() {
            yaml_scalar(rest)?
        } else {
            match lines.get(i) {
                Some(&(deeper, _)) if deeper > indent => {
                    let (v, next) = yaml_block(lines, i, deeper)?;
                    i = next;
                    v
                }
                Some(&(same, l)) if same == indent && (l == "-" || l.starts_with("- ")) => {
                    let (v, next) = yaml_block(lines, i, same)?;
                    i = next;
                    v
                }
                _ => Value::Null,
            }
        };
        map.insert(key, value);
    }
    if i < lines.len() && lines[i].0 > indent {
        return None;
    }
    Some((Value::Object(map), i))
}

fn unquote(s: &str) -> Option<String> {
    if s.len() >= 2 && s.starts_with('\'') && s.ends_with('\'') {
        return Some(s[1..s.len() - 1].replace("''", "'"));
    }
    if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') {
        return serde_json::from_str(s).ok();
    }
    None
}

fn yaml_scalar(s: &str) -> Option<Value> {
    let s = s.trim();
    if let Some(text) = unquote(s) {
        return Some(Value::String(text));
    }
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        if inner.trim().is_empty() {
            return Some(Value::Array(vec![]));
        }
        return inner.split(',').map(yaml_scalar).collect::<Option<Vec<_>>>().map(Value::Array);
    }
    Some(match s {
        "null" | "~" | "Null" | "NULL" => Value::Null,
        "true" | "True" | "TRUE" => Value::Bool(true),
        "false" | "False" | "FALSE" => Value::Bool(false),
        _ => match s.parse::<u64>() {
            Ok(n) => Value::from(n),
            Err(_) => Value::String(s.to_string()),
        },
    })
}

// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(path: &str, text: &str) -> Option<Kind> {
        let value = serde_json::from_str(text).ok().or_else(|| parse_yaml(text))?;
        detect(Path::new(path), &value)
    }

    #[test]
    fn precompile_files_by_shape_and_name() {
        let ok = r#"[{"Input": "00", "Expected": "00", "Name": "a", "Gas": "375", "NoBenchmark": "False"}]"#;
        let fail = r#"[{"Input": "", "ExpectedError": "invalid input length", "Name": "b"}]"#;
        assert_eq!(kind("x/blsG1Add.json", ok), Some(Kind::Precompile(Some(0x0b))));
        assert_eq!(kind("x/fail-blsG1Add.json", fail), Some(Kind::Precompile(Some(0x0b))));
        assert_eq!(kind("blsG1Mul.json", ok), Some(Kind::Precompile(Some(0x0c))));
        assert_eq!(kind("blsG1MultiExp.json", ok), Some(Kind::Precompile(Some(0x0c))));
        assert_eq!(kind("blsG2Add.json", ok), Some(Kind::Precompile(Some(0x0d))));
        assert_eq!(kind("fail-blsG2Mul.json", fail), Some(Kind::Precompile(Some(0x0e))));
        assert_eq!(kind("blsG2MultiExp.json", ok), Some(Kind::Precompile(Some(0x0e))));
        assert_eq!(kind("blsPairing.json", ok), Some(Kind::Precompile(Some(0x0f))));
        assert_eq!(kind("blsMapG1.json", ok), Some(Kind::Precompile(Some(0x10))));
        assert_eq!(kind("blsMapG2.json", ok), Some(Kind::Precompile(Some(0x11))));
        assert_eq!(kind("geth_pointEvaluation.json", ok), Some(Kind::Precompile(Some(0x0a))));
        assert_eq!(kind("point_evaluation_precompile_derived.json", ok), Some(Kind::Precompile(Some(0x0a))));
        // The EIPs repository's assets/eip-2537 names.
        let eips = [
            ("add_G1_bls", 0x0b),
            ("add_G2_bls", 0x0d),
            ("mul_G1_bls", 0x0c),
            ("mul_G2_bls", 0x0e),
            ("msm_G1_bls", 0x0c),
            ("msm_G2_bls", 0x0e),
            ("multiexp_G1_bls", 0x0c),
            ("pairing_check_bls", 0x0f),
            ("map_fp_to_G1_bls", 0x10),
            ("map_fp2_to_G2_bls", 0x11),
        ];
        for (name, address) in eips {
            assert_eq!(kind(&format!("{name}.json"), ok), Some(Kind::Precompile(Some(address))), "{name}");
            assert_eq!(kind(&format!("fail-{name}.json"), fail), Some(Kind::Precompile(Some(address))), "fail-{name}");
        }
        // Numbers for Gas and booleans (the EIPs files) are the same format.
        let numeric = r#"[{"Input": "00", "Expected": "00", "Name": "a", "Gas": 375, "NoBenchmark": false}]"#;
        assert_eq!(kind("add_G1_bls.json", numeric), Some(Kind::Precompile(Some(0x0b))));
        // The shape is a precompile list, the name names none: recognised, skipped when run.
        assert_eq!(kind("something.json", ok), Some(Kind::Precompile(None)));
    }

    #[test]
    fn other_json_formats_by_shape() {
        let h2c = r#"{"ciphersuite": "BLS12381G1_XMD:SHA-256_SSWU_RO_", "dst": "D", "vectors": [{"msg": "", "P": {"x": "0x1", "y": "0x2"}}]}"#;
        assert_eq!(kind("anything.json", h2c), Some(Kind::HashToCurve));
        let expand = r#"{"DST": "QUUX", "hash": "SHA256", "name": "expand_message_xmd", "tests": [{"msg": ""}]}"#;
        assert_eq!(kind("e.json", expand), Some(Kind::ExpandMessage));
        let verify = r#"{"input": {"pubkey": "0x00", "message": "0x00", "signature": "0x00"}, "output": true}"#;
        assert_eq!(kind("bls/verify/verify_valid_case_1.json", verify), Some(Kind::EthBls(Some(Handler::Verify))));
        assert_eq!(kind("elsewhere/verifycase_one_privkey_4.json", verify), Some(Kind::EthBls(Some(Handler::Verify))));
        assert_eq!(kind("x/aggregate_verify_valid.json", verify), Some(Kind::EthBls(Some(Handler::AggregateVerify))));
        assert_eq!(kind("x/aggregate_infinity_signature.json", verify), Some(Kind::EthBls(Some(Handler::Aggregate))));
        assert_eq!(
            kind("x/fast_aggregate_verify_valid_3d.json", verify),
            Some(Kind::EthBls(Some(Handler::FastAggregateVerify)))
        );
        assert_eq!(kind("x/batch_verify_valid.json", verify), Some(Kind::EthBls(Some(Handler::BatchVerify))));
        assert_eq!(kind("x/hash_to_G2__2782.json", verify), Some(Kind::EthBls(Some(Handler::HashToG2))));
        assert_eq!(kind("x/sign_case_zero_privkey.json", verify), Some(Kind::EthBls(Some(Handler::Sign))));
        assert_eq!(
            kind("deserialization_G2/whatever.json", verify),
            Some(Kind::EthBls(Some(Handler::DeserializationG2)))
        );
        assert_eq!(kind("x/unknown.json", verify), Some(Kind::EthBls(None)));
        let certs = r#"[{"name": "c", "certificate_hex": "d9d9f7", "root_key_hex": "30", "expected_valid": true, "expected_time_ns": 1}]"#;
        assert_eq!(kind("ic.json", certs), Some(Kind::IcCertificates));
        let min_sig = r#"[{"name": "s", "expected_valid": true, "signature_hex": "00", "message_hex": "", "public_key_hex": "00", "dst": "D"}]"#;
        assert_eq!(kind("ms.json", min_sig), Some(Kind::MinSig));
    }

    #[test]
    fn non_vector_files() {
        // PROVENANCE.md, trusted_setup.txt, tau_g2.json, an empty list, a README.
        assert_eq!(kind("PROVENANCE.md", "# PROVENANCE\n\nSource: x @ y, path: z\n| a | b |\n"), None);
        assert_eq!(kind("trusted_setup.txt", "4096\n65\na0413c0dcafec6dbc9f47d66785cf1e8c981044f7d13cfe3e4fcbb71b5408dfde6312493cb3c1d30516cb3ca88c03654\n"), None);
        assert_eq!(
            kind("tau_g2.json", r#"{"g2_generator_compressed_hex": "93", "tau_g2_compressed_hex": "b5", "note": "n"}"#),
            None
        );
        assert_eq!(kind("empty.json", "[]"), None);
        assert_eq!(kind("list.json", r#"[{"a": 1}]"#), None);
        assert_eq!(kind("README.md", "Folders: eip2537/ (EIP-2537 precompiles)\n"), None);
        assert!(load(Path::new("/nonexistent/file.json")).is_err());
    }

    #[test]
    fn kzg_yaml() {
        let text = "input:\n  commitment: '0xc0'\n  z: '0x00'\n  y: '0x01'\n  proof: '0xc0'\noutput: null\n";
        let value = parse_yaml(text).unwrap();
        assert_eq!(value["input"]["z"], "0x00");
        assert!(value["output"].is_null());
        assert_eq!(detect(Path::new("verify_kzg_proof/case/data.yaml"), &value), Some(Kind::KzgProof));
        let value =
            parse_yaml("input:\n  commitment: '0xc0'\n  z: '0x00'\n  y: '0x01'\n  proof: '0xc0'\noutput: true\n")
                .unwrap();
        assert_eq!(value["output"], true);
        // Consensus-spec-tests BLS YAML: the handler from a folder further up.
        let text = "input:\n  pubkeys: ['0xaa', '0xbb']\n  message: '0xab'\n  signature: '0xcc'\noutput: false\n";
        let value = parse_yaml(text).unwrap();
        assert_eq!(value["input"]["pubkeys"][1], "0xbb");
        let path = Path::new("general/phase0/bls/fast_aggregate_verify/bls/case_1/data.yaml");
        assert_eq!(detect(path, &value), Some(Kind::EthBls(Some(Handler::FastAggregateVerify))));
        let value = parse_yaml("input:\n- '0xaa'\n- '0xbb'\noutput: '0xcc'\n").unwrap();
        assert_eq!(value["input"][0], "0xaa");
        // Not YAML of this kind.
        assert_eq!(parse_yaml("a: 1\n    b: 2\n"), None);
    }

    #[test]
    fn versioned_hash_of_the_geth_case() {
        // geth's pointEvaluation.json: the commitment (input bytes 96..144) and the versioned
        // hash the input starts with.
        let commitment = hex::decode(
            "8f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca25f26936857bc3a7c2539ea8ec3a952b7",
        )
        .unwrap();
        assert_eq!(
            hex::encode(versioned_hash(&commitment)),
            "01e798154708fe7789429634053cbf9f99b619f9f084048927333fce637f549b"
        );
    }

    #[test]
    fn half_p_doubles_back_to_p() {
        let half = half_p();
        let mut doubled = [0u8; 48];
        let mut carry = 1u16; // 2 * half + 1
        for i in (0..48).rev() {
            let v = 2 * half[i] as u16 + carry;
            doubled[i] = v as u8;
            carry = v >> 8;
        }
        assert_eq!(carry, 0);
        assert_eq!(doubled, P);
    }

    const G1_X: &str =
        "0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
    const G1_Y: &str =
        "0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1";
    const G1_NEG_Y: &str =
        "0x114d1d6855d545a8aa7d76c8cf2e21f267816aef1db507c96655b9d5caac42364e6f38ba0ecb751bad54dcd6b939c2ca";

    #[test]
    fn compressed_generators() {
        let g1 = "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
        assert_eq!(hex::encode(compress_g1(G1_X, G1_Y).unwrap()), g1);
        // -G1: the larger y, flag 0x20.
        assert_eq!(hex::encode(compress_g1(G1_X, G1_NEG_Y).unwrap()), format!("b{}", &g1[1..]));
        // Leading zeros may be left out.
        assert_eq!(
            compress_g1(
                "0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
                "0x8b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"
            )
            .unwrap(),
            compress_g1(G1_X, G1_Y).unwrap()
        );
        // G2 generator (x = c0,c1; y = c0,c1): the compressed form in c-kzg's trusted setup.
        let x = "0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8,0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e";
        let y = "0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801,0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be";
        let g2 = "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
        assert_eq!(hex::encode(compress_g2(x, y).unwrap()), g2);
        // With y.c1 = 0 the sign comes from y.c0.
        assert_eq!(compress_g2(x, &format!("{G1_NEG_Y},0x0")).unwrap()[0] & 0x20, 0x20);
        assert_eq!(compress_g2(x, &format!("{G1_Y},0x0")).unwrap()[0] & 0x20, 0);
        // Not below p, not "c0,c1", not hex: errors, no panic.
        assert!(compress_g1(
            "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
            G1_Y
        )
        .is_err());
        assert!(compress_g2(G1_X, G1_Y).is_err());
        assert!(compress_g1("0xzz", G1_Y).is_err());
        assert!(compress_g1(&format!("{G1_X}00"), G1_Y).is_err());
    }

    #[test]
    fn hex_with_or_without_prefix() {
        assert_eq!(unhex("0xab01").unwrap(), vec![0xab, 0x01]);
        assert_eq!(unhex("ab01").unwrap(), vec![0xab, 0x01]);
        assert_eq!(unhex("").unwrap(), Vec::<u8>::new());
        assert!(unhex("0xabc").is_err());
        assert_eq!(json_u64(&Value::from("375")), Some(375));
        assert_eq!(json_u64(&Value::from(600)), Some(600));
    }

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
