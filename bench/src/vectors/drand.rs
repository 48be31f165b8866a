//! drand beacons with verdicts (`drand/` of the public vectors): `drand_verify`, the randomness of each
//! valid round checked.

use super::json::hex_field;
use super::{show_error, FileReport, Outcome};
use crate::verifier::{DrandChain, DrandChainInfo, DrandVerifyArgs, Verifier};
use serde_json::Value;

pub(super) fn run_drand(file: &Value, v: &mut Verifier, report: &mut FileReport) {
    let chain = match file["network"].as_str() {
        Some("quicknet") => Ok(DrandChain::Quicknet),
        Some("default") => Ok(DrandChain::Mainnet),
        _ => match (file["scheme"].as_str(), hex_field(file, "public_key")) {
            (Some(scheme), Ok(public_key)) => Ok(DrandChain::Other(DrandChainInfo::new(scheme.into(), public_key))),
            (None, _) => Err("scheme is missing or not a string".to_string()),
            (_, Err(e)) => Err(e),
        },
    };
    for (i, beacon) in file["beacons"].as_array().into_iter().flatten().enumerate() {
        let name = beacon.get("id").and_then(Value::as_str).map_or_else(|| format!("beacon {i}"), str::to_owned);
        let outcome = match &chain {
            Err(e) => Outcome::Fail(e.clone()),
            Ok(chain) => run_beacon(chain, beacon, v).unwrap_or_else(Outcome::Fail),
        };
        report.add(name, outcome);
    }
}

fn run_beacon(chain: &DrandChain, beacon: &Value, v: &mut Verifier) -> Result<Outcome, String> {
    if beacon.get("dst_override").is_some() {
        return Ok(Outcome::Skip(
            "not representable as an input of drand_verify, which hashes with the chain's own DST".into(),
        ));
    }
    let round = beacon["round"].as_u64().ok_or("round is missing or not a number")?;
    let previous_signature = match beacon.get("previous_signature") {
        None => None,
        Some(_) => Some(hex_field(beacon, "previous_signature")?),
    };
    let expected_valid = beacon["expected_valid"].as_bool().ok_or("expected_valid is missing or not a boolean")?;
    let mut args = DrandVerifyArgs::new(chain.clone(), round, hex_field(beacon, "signature")?);
    args.previous_signature = previous_signature;
    Ok(match v.drand_verify(args, false) {
        Err(reject) => Outcome::Fail(format!("the call was rejected: {reject}")),
        Ok(Ok(randomness)) if expected_valid => {
            if randomness == hex_field(beacon, "randomness")? {
                Outcome::Pass
            } else {
                Outcome::Fail(format!("randomness {} differs", hex::encode(randomness)))
            }
        }
        Ok(Ok(_)) => Outcome::Fail("accepted, expected a rejection".into()),
        Ok(Err(_)) if !expected_valid => Outcome::Pass,
        Ok(Err(e)) => Outcome::Fail(format!("expected success, got {}", show_error(&e))),
    })
}
