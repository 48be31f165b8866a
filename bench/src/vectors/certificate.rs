//! IC certificates with verdicts: `verify_certificate`.

use super::json::{expected_bool, hex_field, json_u64};
use super::{verdict, Outcome};
use crate::verifier::{Verifier, VerifyCertificateArgs};
use serde_json::Value;

/// An IC certificate: valid ⇔ `Ok`, and then `/time` is the expected one. "Now" is the
/// certificate's own time with no slack, so the freshness check passes only on the exact time.
pub(super) fn run_certificate(case: &Value, v: &mut Verifier) -> Outcome {
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
        let mut args = VerifyCertificateArgs::new(hex_field(case, "certificate_hex")?, vec![])
            .with_now_ns(time)
            .with_max_age_ns(0);
        args.root_key = root_key;
        args.canister_id = principal("canister_id")?;
        args.subnet_id = principal("subnet_id")?;
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
