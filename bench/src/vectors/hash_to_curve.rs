//! RFC 9380 hash-to-curve suites: `hash_to_g1`/`hash_to_g2`, the nonuniform suites through the library.

use super::points::{compress_g1, compress_g2, fp_be, p as modulus};
use super::{abbreviate, case_name, show_error, FileReport, Outcome};
use crate::verifier::{Error, Reply, Verifier};
use serde_json::Value;

/// The RFC 9380 hash-to-curve suites the canister has a method for.
pub(super) const H2C_G1: &str = "BLS12381G1_XMD:SHA-256_SSWU_RO_";
pub(super) const H2C_G2: &str = "BLS12381G2_XMD:SHA-256_SSWU_RO_";
/// The nonuniform encodings, run through the library.
pub(super) const H2C_G1_NU: &str = "BLS12381G1_XMD:SHA-256_SSWU_NU_";
pub(super) const H2C_G2_NU: &str = "BLS12381G2_XMD:SHA-256_SSWU_NU_";

pub(super) fn run_hash_to_curve(value: &Value, v: &mut Verifier, report: &mut FileReport) {
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
            if fp_be(p)? != modulus() {
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

pub(super) fn compare_hash(reply: Reply<Result<Vec<u8>, Error>>, expected: &[u8]) -> Outcome {
    match reply {
        Err(reject) => Outcome::Fail(format!("the call was rejected: {reject}")),
        Ok(Err(e)) => Outcome::Fail(format!("expected 0x{}, got {}", hex::encode(expected), show_error(&e))),
        Ok(Ok(got)) if got == expected => Outcome::Pass,
        Ok(Ok(got)) => {
            Outcome::Fail(format!("point 0x{} differs from the expected 0x{}", hex::encode(got), hex::encode(expected)))
        }
    }
}
