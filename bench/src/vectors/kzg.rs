//! c-kzg `verify_kzg_proof` cases as point-evaluation precompile calls.

use super::json::{expected_bool, hex_field};
use super::{verdict, Outcome};
use crate::verifier::Verifier;
use icbls::kzg::{FIELD_ELEMENTS_PER_BLOB, POINT_EVALUATION_GAS};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// EIP-4844's `BLS_MODULUS`: the point-evaluation precompile's output is
/// `FIELD_ELEMENTS_PER_BLOB || BLS_MODULUS`, each 32 bytes big-endian, for
/// `POINT_EVALUATION_GAS`.
pub(super) const BLS_MODULUS_HEX: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";

/// A c-kzg `verify_kzg_proof` case as a point-evaluation precompile call: the input is
/// `versioned_hash || z || y || commitment || proof` with `versioned_hash = 0x01 ||
/// sha256(commitment)[1..]` (EIP-4844 `kzg_to_versioned_hash`). `output` true ⇔ `Ok` with the
/// precompile's fixed output; false or null ⇔ `Err`.
pub(super) fn run_kzg_proof(value: &Value, v: &mut Verifier) -> Outcome {
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
            return Ok(if expected {
                Outcome::Fail(format!("expected true, but the input cannot be a precompile input ({lengths})"))
            } else {
                Outcome::Skip("not representable as a precompile input".into())
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
pub(super) fn versioned_hash(commitment: &[u8]) -> [u8; 32] {
    let mut hash: [u8; 32] = Sha256::digest(commitment).into();
    hash[0] = 0x01;
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versioned_hash_of_the_geth_case() {
        // geth's pointEvaluation.json (public vectors): the input starts with the versioned
        // hash of its commitment (input bytes 96..144).
        let Some(text) = icbls_testkit::vectors::read_to_string("kzg_point_evaluation/geth_pointEvaluation.json")
        else {
            return;
        };
        let cases: serde_json::Value = serde_json::from_str(&text).unwrap();
        let input = hex::decode(cases[0]["Input"].as_str().unwrap()).unwrap();
        assert_eq!(versioned_hash(&input[96..144])[..], input[..32]);
    }
}
