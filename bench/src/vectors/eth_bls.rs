//! ethereum/bls12-381-tests cases (min-pk): the verify handlers through the canister, `sign`,
//! `aggregate` and `deserialization_*` through the library.

use super::detect::Handler;
use super::hash_to_curve::compare_hash;
use super::json::{expected_bool, hex_field, hex_list, optional_hex, unhex};
use super::points::compress_g2;
use super::{query_or_update, verdict, Outcome};
use crate::verifier::{
    AggregateVerifyArgs, BatchVerifyArgs, BlsVerifyArgs, FastAggregateVerifyArgs, Scheme, SignedMessage, Verifier,
};
use serde_json::Value;

/// The DST of the bls12-381-tests `hash_to_G2` cases (the RFC 9380 test DST, not the POP one).
pub(super) const ETH_HASH_TO_G2_DST: &str = "QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";

/// One ethereum/bls12-381-tests case (min-pk). `output` true: the call returns `Ok`; false or null
/// (the operation must fail): it returns `Err`.
pub(super) fn run_eth_bls(handler: Option<Handler>, value: &Value, v: &mut Verifier) -> Outcome {
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
            Handler::Verify => v.bls_verify(BlsVerifyArgs::new(
                scheme,
                hex_field(input, "pubkey")?,
                hex_field(input, "message")?,
                hex_field(input, "signature")?,
            )),
            Handler::FastAggregateVerify => {
                let public_keys = hex_list(input, "pubkeys")?;
                let proofs_of_possession = eth_proofs_of_possession(&public_keys);
                let args = FastAggregateVerifyArgs::new(
                    scheme,
                    public_keys,
                    proofs_of_possession,
                    hex_field(input, "message")?,
                    hex_field(input, "signature")?,
                );
                query_or_update(|update| v.bls_fast_aggregate_verify(args.clone(), update))
            }
            Handler::AggregateVerify => {
                let public_keys = hex_list(input, "pubkeys")?;
                let proofs_of_possession = eth_proofs_of_possession(&public_keys);
                let args = AggregateVerifyArgs::new(
                    scheme,
                    public_keys,
                    proofs_of_possession,
                    hex_list(input, "messages")?,
                    hex_field(input, "signature")?,
                );
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
                    .map(|((public_key, message), signature)| SignedMessage::new(public_key, message, signature))
                    .collect();
                let args = BatchVerifyArgs::new(scheme, items);
                query_or_update(|update| v.bls_batch_verify(args.clone(), update))
            }
        };
        Ok(verdict(expected_bool(output, "output")?, reply))
    };
    run().unwrap_or_else(Outcome::Fail)
}

/// The secret keys the Ethereum generator (ethereum/bls12-381-tests, `main.py`) signs every
/// aggregation vector with: the `privkey` inputs of its `sign` vectors, read from
/// `bls_sig_min_pk_eth/sign` of the public vectors directory (none when it is absent).
fn eth_generator_secret_keys() -> Vec<icbls::bls::SecretKey> {
    let Some(files) = icbls_testkit::vectors::list("bls_sig_min_pk_eth/sign") else { return Vec::new() };
    files
        .iter()
        .filter_map(|path| {
            let case: serde_json::Value = serde_json::from_str(&icbls_testkit::vectors::read_to_string(path)?).ok()?;
            let key = hex::decode(case["input"]["privkey"].as_str()?.trim_start_matches("0x")).ok()?;
            icbls::bls::SecretKey::from_bytes(&key).ok()
        })
        .collect()
}

/// A proof of possession for each key of an Ethereum aggregation vector, as the keys' owners
/// would register them (made here from the generator's secret keys). A key that is not one of
/// the generator's (a malformed or infinity key of a negative vector) gets 96 zero bytes, which
/// is no proof: the verifier refuses it, as the vector expects.
pub(super) fn eth_proofs_of_possession(keys: &[Vec<u8>]) -> Vec<Vec<u8>> {
    use icbls::bls::min_pk;
    static KNOWN: std::sync::OnceLock<Vec<(Vec<u8>, Vec<u8>)>> = std::sync::OnceLock::new();
    let known = KNOWN.get_or_init(|| {
        eth_generator_secret_keys()
            .iter()
            .map(|sk| {
                (min_pk::PublicKey::from_secret_key(sk).to_bytes().to_vec(), min_pk::pop_prove(sk).to_bytes().to_vec())
            })
            .collect()
    });
    keys.iter()
        .map(|k| known.iter().find(|(pk, _)| pk == k).map(|(_, proof)| proof.clone()).unwrap_or_else(|| vec![0; 96]))
        .collect()
}
