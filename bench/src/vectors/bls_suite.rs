//! BLS cases of one ciphersuite other than the variants' own (`bls_sig_aug/` of the public vectors):
//! `sign` and `verify` cases through `bls_verify` with that ciphersuite, `aggregate_verify`
//! through the library (the canister aggregates only in the variants' own suites).

use super::json::{hex_field, hex_list};
use super::{verdict, FileReport, Outcome};
use crate::verifier::{BlsVerifyArgs, Ciphersuite, Scheme, Verifier};
use serde_json::Value;

pub(super) fn run_bls_suite(file: &Value, v: &mut Verifier, report: &mut FileReport) {
    let suite = file["ciphersuite"].as_str().unwrap_or("");
    let scheme = if suite.starts_with("BLS_SIG_BLS12381G1_") { Scheme::MinSig } else { Scheme::MinPk };
    let ciphersuite = if suite.ends_with("_AUG_") {
        Ciphersuite::MessageAugmentation
    } else if suite.ends_with("_POP_") {
        Ciphersuite::ProofOfPossession
    } else if suite.ends_with("_NUL_") {
        Ciphersuite::Basic
    } else {
        Ciphersuite::Dst(suite.as_bytes().to_vec())
    };
    for (i, case) in file["cases"].as_array().into_iter().flatten().enumerate() {
        let name = case.get("id").and_then(Value::as_str).map_or_else(|| format!("case {i}"), str::to_owned);
        let mut run = || -> Result<Outcome, String> {
            let expected = case["expected_valid"].as_bool().ok_or("expected_valid is missing or not a boolean")?;
            Ok(match case["operation"].as_str() {
                Some("sign" | "verify") => verdict(
                    expected,
                    v.bls_verify(
                        BlsVerifyArgs::new(
                            scheme,
                            hex_field(case, "public_key")?,
                            hex_field(case, "message")?,
                            hex_field(case, "signature")?,
                        )
                        .with_ciphersuite(ciphersuite.clone()),
                    ),
                ),
                Some("aggregate_verify") => Outcome::Library(crate::library_cases::aug_aggregate_verify(
                    scheme == Scheme::MinPk,
                    &hex_list(case, "public_keys")?,
                    &hex_list(case, "messages")?,
                    &hex_field(case, "signature")?,
                    expected,
                )),
                other => Outcome::Fail(format!("unknown operation {other:?}")),
            })
        };
        report.add(name, run().unwrap_or_else(Outcome::Fail));
    }
}
