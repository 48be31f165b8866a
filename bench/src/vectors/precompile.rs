//! go-ethereum / EIPs precompile lists: each case through `eip2537_call` or `kzg_point_evaluation`.

use super::json::{json_u64, unhex};
use super::{query_or_update, show_error, Outcome};
use crate::verifier::{PrecompileOutput, Verifier};
use serde_json::Value;

/// A precompile case: output and gas equal, or the call fails (any error).
pub(super) fn run_precompile(address: u8, case: &Value, v: &mut Verifier) -> Outcome {
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
