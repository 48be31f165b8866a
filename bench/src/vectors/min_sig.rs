//! IC min-sig BLS signatures with verdicts: `bls_verify` (MinSig).

use super::json::{expected_bool, hex_field};
use super::{verdict, Outcome};
use crate::verifier::{BlsVerifyArgs, Scheme, Verifier};
use serde_json::Value;

pub(super) fn run_min_sig(case: &Value, v: &mut Verifier) -> Outcome {
    let mut run = || -> Result<Outcome, String> {
        if let Some(dst) = case.get("dst").and_then(Value::as_str) {
            if dst.as_bytes() != icbls::bls::min_sig::DST {
                return Ok(Outcome::Skip(format!("no endpoint for DST {dst}")));
            }
        }
        let expected_valid = expected_bool(&case["expected_valid"], "expected_valid")?;
        let reply = v.bls_verify(BlsVerifyArgs::new(
            Scheme::MinSig,
            hex_field(case, "public_key_hex")?,
            hex_field(case, "message_hex")?,
            hex_field(case, "signature_hex")?,
        ));
        Ok(verdict(expected_valid, reply))
    };
    run().unwrap_or_else(Outcome::Fail)
}
