//! BLS signatures: the Ethereum (min-pk) and IC (min-sig) vectors, differential tests of key
//! generation, signing, verification, proofs of possession and aggregation against `blst`'s
//! BLS API, and the rogue-key attack on aggregation, refused.

use icbls_testkit::library as common;

use common::{hex, Rng};
use icbls::bls::{min_pk, min_sig, BlsError, SecretKey};
use icbls::{DecodeError, Fr, G1Projective, G2Projective};
use serde_json::Value;
use std::collections::HashMap;

/// The JSON files of a vectors folder by name, or `None` when the public vectors are absent
/// (the test is skipped).
fn vectors(dir: &str) -> Option<Vec<(String, Value)>> {
    let out: Vec<(String, Value)> = icbls_testkit::vectors::list(dir)?
        .into_iter()
        .filter(|p| p.ends_with(".json"))
        .map(|p| {
            let name = p.rsplit('/').next().unwrap().trim_end_matches(".json").to_string();
            (name, common::vector_json(&p).unwrap())
        })
        .collect();
    assert!(!out.is_empty(), "no vectors in {dir}");
    Some(out)
}

fn list(v: &Value) -> Vec<Vec<u8>> {
    v.as_array().unwrap().iter().map(hex).collect()
}

fn keys_pk(v: &Value) -> Result<Vec<min_pk::PublicKey>, BlsError> {
    list(v).iter().map(|k| min_pk::PublicKey::from_bytes(k)).collect()
}

/// The secret keys of the Ethereum `sign` vectors, by their public keys: every key in the
/// aggregation vectors is one of them (the upstream generator signs with these three), so
/// the tests make each key's proof of possession and verify it, as a registry would.
fn eth_secret_keys() -> Option<HashMap<Vec<u8>, SecretKey>> {
    let keys = vectors("bls_sig_min_pk_eth/sign")?
        .into_iter()
        .filter_map(|(_, case)| SecretKey::from_bytes(&hex(&case["input"]["privkey"])).ok())
        .map(|sk| (min_pk::PublicKey::from_secret_key(&sk).to_bytes().to_vec(), sk))
        .collect();
    Some(keys)
}

/// The keys of an aggregation vector, each decoded and admitted by `pop_verify_bytes` with a
/// proof made from its secret key.
fn pop_verified_keys_pk(
    v: &Value,
    secret_keys: &HashMap<Vec<u8>, SecretKey>,
) -> Result<Vec<min_pk::PopVerifiedPublicKey>, BlsError> {
    list(v)
        .iter()
        .map(|k| {
            min_pk::PublicKey::from_bytes(k)?; // decoding errors first, as a registry reports them
            let sk = secret_keys.get(k).expect("every valid key of the vectors has a known secret");
            min_pk::pop_verify_bytes(k, &min_pk::pop_prove(sk).to_bytes())
        })
        .collect()
}

#[test]
fn eth_sign() {
    let Some(cases) = vectors("bls_sig_min_pk_eth/sign") else { return };
    for (name, case) in cases {
        let sk = SecretKey::from_bytes(&hex(&case["input"]["privkey"]));
        let msg = hex(&case["input"]["message"]);
        match &case["output"] {
            Value::Null => assert_eq!(sk, Err(BlsError::SecretKey { rule: "the scalar is zero" }), "{name}"),
            out => {
                let sk = sk.unwrap();
                assert_eq!(min_pk::sign(&sk, &msg).to_bytes().to_vec(), hex(out), "{name}");
                let pk = min_pk::PublicKey::from_secret_key(&sk);
                assert_eq!(min_pk::verify(&pk, &msg, &min_pk::sign(&sk, &msg)), Ok(()), "{name}");
            }
        }
    }
}

#[test]
fn eth_verify() {
    let Some(cases) = vectors("bls_sig_min_pk_eth/verify") else { return };
    for (name, case) in cases {
        let input = &case["input"];
        let (pk, msg, sig) = (hex(&input["pubkey"]), hex(&input["message"]), hex(&input["signature"]));
        let result = min_pk::verify_bytes(&pk, &msg, &sig);
        assert_eq!(result.is_ok(), case["output"].as_bool().unwrap(), "{name}: {result:?}");
        // The typed form (lengths in the types) answers the same where the lengths fit.
        if let (Ok(pk), Ok(sig)) = (<&[u8; 48]>::try_from(&pk[..]), <&[u8; 96]>::try_from(&sig[..])) {
            assert_eq!(min_pk::verify_arrays(pk, &msg, sig), result, "{name}");
        }
        if name.contains("infinity_pubkey") {
            assert_eq!(result, Err(BlsError::IdentityPublicKey), "{name}");
        } else if name.contains("wrong_pubkey") {
            assert_eq!(result, Err(BlsError::InvalidSignature), "{name}");
        } else if name.contains("tampered") {
            assert!(matches!(result, Err(BlsError::InvalidSignature | BlsError::Signature(_))), "{name}: {result:?}");
        }
    }
}

#[test]
fn eth_aggregate() {
    let Some(cases) = vectors("bls_sig_min_pk_eth/aggregate") else { return };
    for (name, case) in cases {
        let sigs: Vec<min_pk::Signature> =
            list(&case["input"]).iter().map(|s| min_pk::Signature::from_bytes(s).unwrap()).collect();
        match &case["output"] {
            Value::Null => assert_eq!(
                min_pk::Signature::aggregate(&sigs),
                Err(BlsError::Empty { what: "signatures to aggregate" }),
                "{name}"
            ),
            out => assert_eq!(min_pk::Signature::aggregate(&sigs).unwrap().to_bytes().to_vec(), hex(out), "{name}"),
        }
    }
}

#[test]
fn eth_aggregate_verify() {
    let Some(secret_keys) = eth_secret_keys() else { return };
    let Some(cases) = vectors("bls_sig_min_pk_eth/aggregate_verify") else { return };
    for (name, case) in cases {
        let input = &case["input"];
        let messages = list(&input["messages"]);
        let messages: Vec<&[u8]> = messages.iter().map(|m| &m[..]).collect();
        let result = pop_verified_keys_pk(&input["pubkeys"], &secret_keys).and_then(|keys| {
            let sig = min_pk::Signature::from_bytes(&hex(&input["signature"]))?;
            min_pk::aggregate_verify(&keys, &messages, &sig)
        });
        assert_eq!(result.is_ok(), case["output"].as_bool().unwrap(), "{name}: {result:?}");
        let expected_error = match name.as_str() {
            "aggregate_verify_infinity_pubkey" => Some(BlsError::IdentityPublicKey),
            "aggregate_verify_na_pubkeys_and_infinity_signature" => Some(BlsError::Empty { what: "public keys" }),
            _ => None,
        };
        if name.contains("tampered") {
            assert!(matches!(result, Err(BlsError::InvalidSignature | BlsError::Signature(_))), "{name}: {result:?}");
        }
        if let Some(e) = expected_error {
            assert_eq!(result, Err(e), "{name}");
        }
    }
}

#[test]
fn eth_fast_aggregate_verify() {
    let Some(secret_keys) = eth_secret_keys() else { return };
    assert_eq!(secret_keys.len(), 3);
    let Some(cases) = vectors("bls_sig_min_pk_eth/fast_aggregate_verify") else { return };
    for (name, case) in cases {
        let input = &case["input"];
        let result = pop_verified_keys_pk(&input["pubkeys"], &secret_keys).and_then(|keys| {
            let sig = min_pk::Signature::from_bytes(&hex(&input["signature"]))?;
            min_pk::fast_aggregate_verify(&keys, &hex(&input["message"]), &sig)
        });
        assert_eq!(result.is_ok(), case["output"].as_bool().unwrap(), "{name}: {result:?}");
        if name.contains("infinity_pubkey") {
            assert_eq!(result, Err(BlsError::IdentityPublicKey), "{name}");
        } else if name.contains("na_pubkeys") {
            assert_eq!(result, Err(BlsError::Empty { what: "public keys to aggregate" }), "{name}");
        } else if name.contains("extra_pubkey") {
            assert_eq!(result, Err(BlsError::InvalidSignature), "{name}");
        } else if name.contains("tampered") {
            // A changed byte mostly leaves the curve; otherwise the pairing fails.
            assert!(matches!(result, Err(BlsError::InvalidSignature | BlsError::Signature(_))), "{name}: {result:?}");
        }
    }
}

#[test]
fn eth_batch_verify() {
    let Some(cases) = vectors("bls_sig_min_pk_eth/batch_verify") else { return };
    for (name, case) in cases {
        let input = &case["input"];
        let messages = list(&input["messages"]);
        let messages: Vec<&[u8]> = messages.iter().map(|m| &m[..]).collect();
        let result = keys_pk(&input["pubkeys"]).and_then(|keys| {
            let sigs: Result<Vec<_>, _> =
                list(&input["signatures"]).iter().map(|s| min_pk::Signature::from_bytes(s)).collect();
            min_pk::batch_verify(&keys, &messages, &sigs?)
        });
        assert_eq!(result.is_ok(), case["output"].as_bool().unwrap(), "{name}: {result:?}");
        if name.contains("forged") {
            assert_eq!(result, Err(BlsError::InvalidSignature), "{name}");
        } else if name.contains("infinity") {
            assert!(matches!(result, Err(BlsError::IdentityPublicKey | BlsError::IdentitySignature)), "{name}");
        }
    }
}

#[test]
fn eth_hash_to_g2() {
    let dst = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";
    let Some(cases) = vectors("bls_sig_min_pk_eth/hash_to_G2") else { return };
    for (name, case) in cases {
        let p = icbls::hash_to_curve::hash_to_g2(case["input"]["msg"].as_str().unwrap().as_bytes(), dst)
            .to_affine_vartime();
        let fp2 = |v: &Value| -> Vec<u8> {
            let parts: Vec<&str> = v.as_str().unwrap().split(',').collect();
            let mut out = hex::decode(&parts[1][2..]).unwrap(); // c1 first, as the encodings write it
            out.extend(hex::decode(&parts[0][2..]).unwrap());
            out
        };
        let mut expected = fp2(&case["output"]["x"]);
        expected.extend(fp2(&case["output"]["y"]));
        assert_eq!(p.to_uncompressed().to_vec(), expected, "{name}");
    }
}

#[test]
fn ic_min_sig_vectors() {
    let Some(cases) = common::vector_json("bls_sig_min_sig_ic/dfinity_verify_bls_signatures.json") else { return };
    let cases = cases.as_array().unwrap().clone();
    assert_eq!(cases.len(), 9);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        assert_eq!(case["dst"].as_str().unwrap().as_bytes(), min_sig::DST);
        let (sig, msg, pk) = (hex(&case["signature_hex"]), hex(&case["message_hex"]), hex(&case["public_key_hex"]));
        let result = min_sig::verify_bytes(&pk, &msg, &sig);
        assert_eq!(result.is_ok(), case["expected_valid"].as_bool().unwrap(), "{name}: {result:?}");
        if let (Ok(pk), Ok(sig)) = (<&[u8; 96]>::try_from(&pk[..]), <&[u8; 48]>::try_from(&sig[..])) {
            assert_eq!(min_sig::verify_arrays(pk, &msg, sig), result, "{name}");
        }
        match name {
            "reject_invalid_2" | "reject_invalid_3" => assert_eq!(result, Err(BlsError::InvalidSignature)),
            "reject_invalid_sig_4" => assert!(matches!(result, Err(BlsError::Signature(_))), "{result:?}"),
            "reject_invalid_key_5" => assert!(matches!(result, Err(BlsError::PublicKey(_))), "{result:?}"),
            "reject_invalid_key_and_signature_6" => assert_eq!(result, Err(BlsError::IdentityPublicKey)),
            _ => {}
        }
        if let Some(sk) = case.get("secret_key_hex").and_then(Value::as_str) {
            let sk = SecretKey::from_bytes(&hex::decode(sk).unwrap()).unwrap();
            assert_eq!(min_sig::sign(&sk, &msg).to_bytes().to_vec(), sig, "{name}");
            assert_eq!(min_sig::PublicKey::from_secret_key(&sk).to_bytes().to_vec(), pk, "{name}");
        }
        // The same key prepared ahead gives the same verdict.
        if let (Ok(pk), Ok(sig)) = (min_sig::PublicKey::from_bytes(&pk), min_sig::Signature::from_bytes(&sig)) {
            let prepared = min_sig::PreparedPublicKey::new(&pk);
            assert_eq!(min_sig::verify_prepared(&prepared, &msg, &sig), result, "{name}");
        }
    }
}

#[test]
fn ic_root_key_prepared_verifies() {
    // verify_valid_0 is signed by the IC mainnet root key, whose lines are built in.
    let Some(cases) = common::vector_json("bls_sig_min_sig_ic/dfinity_verify_bls_signatures.json") else { return };
    let cases = cases.as_array().unwrap().clone();
    let case = &cases[0];
    assert_eq!(hex(&case["public_key_hex"]), icbls::certificate::IC_MAINNET_ROOT_KEY);
    let sig = min_sig::Signature::from_bytes(&hex(&case["signature_hex"])).unwrap();
    let root = min_sig::PreparedPublicKey::ic_mainnet_root_key();
    assert_eq!(min_sig::verify_prepared(&root, &hex(&case["message_hex"]), &sig), Ok(()));
    assert_eq!(min_sig::verify_prepared(&root, b"other", &sig), Err(BlsError::InvalidSignature));
    // The compile-time lines are those of the key decoded and validated at run time, normalized.
    let validated = min_sig::PublicKey::from_bytes(&icbls::certificate::IC_MAINNET_ROOT_KEY).unwrap();
    assert_eq!(root.lines(), &icbls::pairing::G2Prepared::new_normalized(validated.point()));
    let plain = min_sig::PreparedPublicKey::new(&validated);
    assert_eq!(min_sig::verify_prepared(&plain, &hex(&case["message_hex"]), &sig), Ok(()));
}

#[test]
fn key_gen_rules() {
    assert_eq!(SecretKey::key_gen(&[1; 31], b""), Err(BlsError::KeyMaterialTooShort { actual: 31 }));
    assert!(SecretKey::from_bytes(&[0xff; 32]).is_err());
    assert!(SecretKey::from_bytes(&[1; 31]).is_err());
    let sk = SecretKey::key_gen(&[1; 32], b"").unwrap();
    assert_eq!(SecretKey::from_bytes(&sk.to_bytes()), Ok(sk.clone()));
    assert_eq!(format!("{sk:?}"), "SecretKey(<redacted>)");
}

/// Differential tests against blst on random keys and messages, for both variants: `$ours`
/// holds the types and the ciphersuite of `Sign`/`Verify`/`AggregateVerify`, `$pop` the
/// proof-of-possession scheme of the same variant (for min-sig a ciphersuite of its own, for
/// min-pk the same module), and `$aggregate_verify` calls `$ours`'s `AggregateVerify` with the
/// keys it takes (plain in the basic scheme, proven in the proof-of-possession scheme).
macro_rules! differential {
    ($test:ident, $ours:ident, $pop:path, $theirs:ident, $rounds:expr, $aggregate_verify:expr) => {
        #[test]
        fn $test() {
            use blst::$theirs as theirs;
            use blst::BLST_ERROR::BLST_SUCCESS;
            use $pop as pop;
            let aggregate_verify: fn(
                &[$ours::PublicKey],
                &[pop::PopVerifiedPublicKey],
                &[&[u8]],
                &$ours::Signature,
            ) -> Result<(), BlsError> = $aggregate_verify;
            let mut rng = Rng::new(0xb15 ^ $rounds);
            for round in 0..$rounds {
                let n = 1 + round % 5;
                let mut sks = Vec::new();
                let mut their_sks = Vec::new();
                for _ in 0..n {
                    let mut ikm = [0u8; 40];
                    rng.fill(&mut ikm);
                    let info = if round % 2 == 0 { &b""[..] } else { &b"key info"[..] };
                    let sk = SecretKey::key_gen(&ikm, info).unwrap();
                    let their = theirs::SecretKey::key_gen(&ikm, info).unwrap();
                    assert_eq!(sk.to_bytes(), their.to_bytes(), "KeyGen");
                    sks.push(sk);
                    their_sks.push(their);
                }
                let msgs: Vec<Vec<u8>> = (0..n)
                    .map(|i| {
                        let mut m = vec![0u8; (rng.next_u64() % 80) as usize];
                        rng.fill(&mut m);
                        m.push(i as u8); // distinct, for the basic scheme
                        m
                    })
                    .collect();
                let dst = $ours::DST;
                let pks: Vec<$ours::PublicKey> = sks.iter().map($ours::PublicKey::from_secret_key).collect();
                let their_pks: Vec<theirs::PublicKey> = their_sks.iter().map(|s| s.sk_to_pk()).collect();
                let sigs: Vec<$ours::Signature> = sks.iter().zip(&msgs).map(|(s, m)| $ours::sign(s, m)).collect();
                let mut verified = Vec::new();
                for i in 0..n {
                    assert_eq!(pks[i].to_bytes().to_vec(), their_pks[i].compress().to_vec());
                    let their_sig = their_sks[i].sign(&msgs[i], dst, &[]);
                    assert_eq!(sigs[i].to_bytes().to_vec(), their_sig.compress().to_vec(), "Sign");
                    assert_eq!($ours::verify(&pks[i], &msgs[i], &sigs[i]), Ok(()));
                    assert_eq!(their_sig.verify(true, &msgs[i], dst, &[], &their_pks[i], true), BLST_SUCCESS);
                    // A different message, or another key, fails in both.
                    let other = [&msgs[i][..], b"!"].concat();
                    assert_eq!($ours::verify(&pks[i], &other, &sigs[i]), Err(BlsError::InvalidSignature));
                    assert_ne!(their_sig.verify(true, &other, dst, &[], &their_pks[i], true), BLST_SUCCESS);
                    // Proof of possession, under the proof-of-possession scheme's tag.
                    let proof = pop::pop_prove(&sks[i]);
                    let their_proof = their_sks[i].sign(&pks[i].to_bytes(), pop::POP_DST, &[]);
                    assert_eq!(proof.to_bytes().to_vec(), their_proof.compress().to_vec(), "PopProve");
                    assert_eq!(
                        their_proof.verify(true, &pks[i].to_bytes(), pop::POP_DST, &[], &their_pks[i], true),
                        BLST_SUCCESS
                    );
                    assert_eq!(pop::pop_verify(&pks[i], &sigs[i]), Err(BlsError::InvalidSignature));
                    if i > 0 {
                        // Another key's proof proves nothing about this one.
                        assert_eq!(pop::pop_verify(&pks[i], &pop::pop_prove(&sks[0])), Err(BlsError::InvalidSignature));
                    }
                    let key = pop::pop_verify(&pks[i], &proof).unwrap();
                    assert_eq!(key.public_key(), &pks[i]);
                    assert_eq!(pop::pop_verify_bytes(&pks[i].to_bytes(), &proof.to_bytes()), Ok(key));
                    verified.push(key);
                }
                // Aggregation.
                let agg = $ours::Signature::aggregate(&sigs).unwrap();
                let their_sigs: Vec<theirs::Signature> =
                    their_sks.iter().zip(&msgs).map(|(s, m)| s.sign(m, dst, &[])).collect();
                let their_refs: Vec<&theirs::Signature> = their_sigs.iter().collect();
                let their_agg = theirs::AggregateSignature::aggregate(&their_refs, true).unwrap().to_signature();
                assert_eq!(agg.to_bytes().to_vec(), their_agg.compress().to_vec(), "Aggregate");
                let msg_refs: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
                let their_pk_refs: Vec<&theirs::PublicKey> = their_pks.iter().collect();
                assert_eq!(aggregate_verify(&pks, &verified, &msg_refs, &agg), Ok(()));
                assert_eq!(their_agg.aggregate_verify(true, &msg_refs, dst, &their_pk_refs, true), BLST_SUCCESS);
                assert_eq!($ours::batch_verify(&pks, &msg_refs, &sigs), Ok(()));
                // The proof-of-possession scheme's AggregateVerify, under its own DST.
                let pop_sigs: Vec<$ours::Signature> = sks.iter().zip(&msgs).map(|(s, m)| pop::sign(s, m)).collect();
                let pop_agg = $ours::Signature::aggregate(&pop_sigs).unwrap();
                assert_eq!(pop::aggregate_verify(&verified, &msg_refs, &pop_agg), Ok(()));
                let their_pop_sigs: Vec<theirs::Signature> =
                    their_sks.iter().zip(&msgs).map(|(s, m)| s.sign(m, pop::DST, &[])).collect();
                let their_pop_refs: Vec<&theirs::Signature> = their_pop_sigs.iter().collect();
                let their_pop_agg =
                    theirs::AggregateSignature::aggregate(&their_pop_refs, true).unwrap().to_signature();
                assert_eq!(
                    pop_agg.to_bytes().to_vec(),
                    their_pop_agg.compress().to_vec(),
                    "Sign under the POP ciphersuite"
                );
                assert_eq!(
                    their_pop_agg.aggregate_verify(true, &msg_refs, pop::DST, &their_pk_refs, true),
                    BLST_SUCCESS
                );
                // Same message for all: fast aggregate verification (proof-of-possession scheme).
                let same: Vec<$ours::Signature> = sks.iter().map(|s| pop::sign(s, &msgs[0])).collect();
                let same_agg = $ours::Signature::aggregate(&same).unwrap();
                assert_eq!(pop::fast_aggregate_verify(&verified, &msgs[0], &same_agg), Ok(()));
                let aggregate_key = pop::PopVerifiedPublicKey::aggregate(&verified).unwrap();
                assert_eq!(pop::verify(&aggregate_key, &msgs[0], &same_agg), Ok(()));
                let their_same: Vec<theirs::Signature> =
                    their_sks.iter().map(|s| s.sign(&msgs[0], pop::DST, &[])).collect();
                let their_same_refs: Vec<&theirs::Signature> = their_same.iter().collect();
                let their_same_agg =
                    theirs::AggregateSignature::aggregate(&their_same_refs, true).unwrap().to_signature();
                assert_eq!(
                    their_same_agg.fast_aggregate_verify(true, &msgs[0], pop::DST, &their_pk_refs),
                    BLST_SUCCESS
                );
                assert_eq!(same_agg.to_bytes().to_vec(), their_same_agg.compress().to_vec());
                let repeated: Vec<&[u8]> = vec![&msgs[0][..]; n];
                assert_eq!(pop::aggregate_verify(&verified, &repeated, &same_agg), Ok(()));
                if n > 1 {
                    assert_eq!(
                        pop::fast_aggregate_verify(&verified[1..], &msgs[0], &same_agg),
                        Err(BlsError::InvalidSignature)
                    );
                    assert_eq!(pop::aggregate_verify(&verified, &msg_refs, &same_agg), Err(BlsError::InvalidSignature));
                    if $ours::DST != pop::DST {
                        assert_eq!(
                            aggregate_verify(&pks, &verified, &msg_refs, &pop_agg),
                            Err(BlsError::InvalidSignature),
                            "the other ciphersuite's signatures"
                        );
                        assert_eq!(
                            pop::aggregate_verify(&verified, &msg_refs, &agg),
                            Err(BlsError::InvalidSignature),
                            "the other ciphersuite's signatures"
                        );
                    }
                    // Batch verification catches one swapped signature.
                    let mut swapped = sigs.clone();
                    swapped.swap(0, 1);
                    assert_eq!($ours::batch_verify(&pks, &msg_refs, &swapped), Err(BlsError::InvalidSignature));
                    // Two wrong signatures whose sum is right: aggregate verification accepts
                    // them (as the standard says), batch verification does not.
                    let delta = $ours::sign(&sks[0], b"delta");
                    let mut split = sigs.clone();
                    split[0] = $ours::Signature::aggregate(&[sigs[0], delta]).unwrap();
                    split[1] =
                        $ours::Signature::aggregate(&[sigs[1], $ours::Signature::from_point(-*delta.point()).unwrap()])
                            .unwrap();
                    assert_eq!(
                        aggregate_verify(&pks, &verified, &msg_refs, &$ours::Signature::aggregate(&split).unwrap()),
                        Ok(())
                    );
                    assert_eq!($ours::batch_verify(&pks, &msg_refs, &split), Err(BlsError::InvalidSignature));
                }
            }
        }
    };
}

differential!(min_sig_matches_blst, min_sig, min_sig::pop, min_sig, 40, |pks, _, msgs, sig| min_sig::aggregate_verify(
    pks, msgs, sig
));
differential!(min_pk_matches_blst, min_pk, min_pk, min_pk, 30, |_, verified, msgs, sig| min_pk::aggregate_verify(
    verified, msgs, sig
));

#[test]
fn basic_scheme_rejects_repeated_messages() {
    let sk = SecretKey::key_gen(&[3; 32], b"").unwrap();
    let pk = min_sig::PublicKey::from_secret_key(&sk);
    let sig = min_sig::Signature::aggregate(&[min_sig::sign(&sk, b"m"), min_sig::sign(&sk, b"m")]).unwrap();
    assert_eq!(min_sig::aggregate_verify(&[pk, pk], &[b"m", b"m"], &sig), Err(BlsError::DuplicateMessage { index: 1 }));
    // Three repeats: the first index that repeats an earlier message is named.
    let msgs: [&[u8]; 5] = [b"a", b"b", b"c", b"b", b"a"];
    assert_eq!(min_sig::aggregate_verify(&[pk; 5], &msgs, &sig), Err(BlsError::DuplicateMessage { index: 3 }));
    // The proof-of-possession schemes allow them, for proven keys.
    let pk = min_pk::pop_verify(&min_pk::PublicKey::from_secret_key(&sk), &min_pk::pop_prove(&sk)).unwrap();
    let sig = min_pk::Signature::aggregate(&[min_pk::sign(&sk, b"m"), min_pk::sign(&sk, b"m")]).unwrap();
    assert_eq!(min_pk::aggregate_verify(&[pk, pk], &[b"m", b"m"], &sig), Ok(()));
    let pk =
        min_sig::pop::pop_verify(&min_sig::PublicKey::from_secret_key(&sk), &min_sig::pop::pop_prove(&sk)).unwrap();
    let sig = min_sig::Signature::aggregate(&[min_sig::pop::sign(&sk, b"m"), min_sig::pop::sign(&sk, b"m")]).unwrap();
    assert_eq!(min_sig::pop::aggregate_verify(&[pk, pk], &[b"m", b"m"], &sig), Ok(()));
}

#[test]
fn malformed_inputs_name_the_part() {
    let sk = SecretKey::key_gen(&[5; 32], b"").unwrap();
    let pk = min_sig::PublicKey::from_secret_key(&sk).to_bytes();
    let sig = min_sig::sign(&sk, b"m").to_bytes();
    assert!(matches!(
        min_sig::verify_bytes(&pk[..95], b"m", &sig),
        Err(BlsError::PublicKey(icbls::DecodeError::WrongLength { .. }))
    ));
    assert!(matches!(
        min_sig::verify_bytes(&pk, b"m", &sig[1..]),
        Err(BlsError::Signature(icbls::DecodeError::WrongLength { .. }))
    ));
    let mut identity = [0u8; 48];
    identity[0] = 0xc0;
    assert_eq!(min_sig::verify_bytes(&pk, b"m", &identity), Err(BlsError::IdentitySignature));
    assert_eq!(min_sig::batch_verify(&[], &[], &[]), Err(BlsError::Empty { what: "signatures to verify" }));
    assert!(matches!(
        min_sig::batch_verify(&[min_sig::PublicKey::from_bytes(&pk).unwrap()], &[], &[]),
        Err(BlsError::LengthMismatch { .. })
    ));
    assert_eq!(min_sig::verify_bytes(&pk, b"m", &sig), Ok(()));
}

/// The rogue-key attack on aggregation over one message (Boneh, Drijvers, Neven, "Compact
/// multi-signatures for smaller blockchains", 2018; the reason for draft-irtf-cfrg-bls-
/// signature-05, section 3.3): the attacker publishes `rogue = x·g − pk_victim` (a valid key:
/// on the curve, in the subgroup, not the identity) and signs `x·H(m)` alone, which verifies
/// against the sum `pk_victim + rogue = x·g` as if the victim had signed too.
///
/// The test builds the attack with the library's own group operations and checks that the
/// algebra works: the forgery verifies against the sum of the two keys, which is what a
/// `fast_aggregate_verify` over plain keys (or an `aggregate_verify` with `[m, m]`) would
/// check. It then shows that the proof-of-possession scheme refuses it: the rogue key cannot
/// become a `PopVerifiedPublicKey` (every proof the attacker can compute without the victim's
/// secret fails `pop_verify`), and the keys that do verify do not accept the forgery. That
/// `fast_aggregate_verify` and `min_pk::aggregate_verify` do not take plain keys is shown by
/// the `compile_fail` examples in `src/bls/min_sig.rs` and `src/bls/min_pk.rs`.
macro_rules! rogue_key_attack {
    ($test:ident, $ours:ident, $pop:path, $pk_proj:ident, $hash:path) => {
        #[test]
        fn $test() {
            use $pop as pop;
            let victim = SecretKey::key_gen(&[0x11; 32], b"victim").unwrap();
            let pk_victim = $ours::PublicKey::from_secret_key(&victim);
            let x_key = SecretKey::key_gen(&[0x22; 32], b"attacker").unwrap();
            let x = Fr::from_be_bytes(&x_key.to_bytes()).unwrap();
            let rogue_point =
                ($pk_proj::generator().mul_vartime(&x) - $pk_proj::from(pk_victim.point())).to_affine_vartime();
            let rogue = $ours::PublicKey::from_point(rogue_point).expect("a valid key");
            assert_eq!($ours::PublicKey::from_bytes(&rogue.to_bytes()), Ok(rogue));
            let m: &[u8] = b"pay the attacker";
            let forged = $ours::Signature::from_point($hash(m, pop::DST).mul_vartime(&x).to_affine_vartime()).unwrap();

            // The attack is real: the forged signature verifies against the sum of the keys.
            let sum = ($pk_proj::from(pk_victim.point()) + $pk_proj::from(rogue.point())).to_affine_vartime();
            let sum = $ours::PublicKey::from_point(sum).unwrap();
            assert_eq!(pop::verify(&sum, m, &forged), Ok(()), "keys [pk_victim, rogue] aggregate to x·g");

            // The rogue key cannot prove possession: not with the attacker's own proof for x·g,
            // not with x·H_pop(rogue) (the rogue key's secret is x − sk_victim, unknown), not
            // with the victim's proof, not with the forgery.
            let attempts = [
                pop::pop_prove(&x_key),
                $ours::Signature::from_point(
                    $hash(&rogue.to_bytes(), pop::POP_DST).mul_vartime(&x).to_affine_vartime(),
                )
                .unwrap(),
                pop::pop_prove(&victim),
                forged,
            ];
            for (i, proof) in attempts.iter().enumerate() {
                assert_eq!(pop::pop_verify(&rogue, proof), Err(BlsError::InvalidSignature), "attempt {i}");
                assert_eq!(
                    pop::pop_verify_bytes(&rogue.to_bytes(), &proof.to_bytes()),
                    Err(BlsError::InvalidSignature)
                );
            }

            // The keys that can be proven (the victim's, and the attacker's honest x·g) reject
            // the forgery, in both aggregate verifications.
            let victim_key = pop::pop_verify(&pk_victim, &pop::pop_prove(&victim)).unwrap();
            let attacker_key =
                pop::pop_verify(&$ours::PublicKey::from_secret_key(&x_key), &pop::pop_prove(&x_key)).unwrap();
            assert_eq!(
                pop::fast_aggregate_verify(&[victim_key, attacker_key], m, &forged),
                Err(BlsError::InvalidSignature)
            );
            assert_eq!(
                pop::aggregate_verify(&[victim_key, attacker_key], &[m, m], &forged),
                Err(BlsError::InvalidSignature)
            );
            assert_eq!(pop::fast_aggregate_verify(&[victim_key], m, &forged), Err(BlsError::InvalidSignature));

            // Only the escape hatch, whose caller vouches for a proof it never checked, lets
            // the rogue key in; then the forgery passes, which is what its name warns about.
            let vouched = pop::PopVerifiedPublicKey::assume_pop_verified_unchecked(rogue);
            assert_eq!(pop::fast_aggregate_verify(&[victim_key, vouched], m, &forged), Ok(()));
            assert_eq!(pop::aggregate_verify(&[victim_key, vouched], &[m, m], &forged), Ok(()));
        }
    };
}

rogue_key_attack!(rogue_key_refused_min_pk, min_pk, min_pk, G1Projective, icbls::hash_to_curve::hash_to_g2);
rogue_key_attack!(rogue_key_refused_min_sig_pop, min_sig, min_sig::pop, G2Projective, icbls::hash_to_curve::hash_to_g1);

/// The basic scheme (min-sig, `_NUL_`) takes plain keys in `AggregateVerify` and refuses the
/// rogue key's repeated message instead; it has no `FastAggregateVerify` at all.
#[test]
fn rogue_key_refused_min_sig_basic() {
    let victim = SecretKey::key_gen(&[0x33; 32], b"").unwrap();
    let pk_victim = min_sig::PublicKey::from_secret_key(&victim);
    let x = Fr::from_u64(0xa77ac);
    let rogue = min_sig::PublicKey::from_point(
        (G2Projective::generator().mul_vartime(&x) - G2Projective::from(pk_victim.point())).to_affine_vartime(),
    )
    .unwrap();
    let m: &[u8] = b"pay the attacker";
    let forged = min_sig::Signature::from_point(
        icbls::hash_to_curve::hash_to_g1(m, min_sig::DST).mul_vartime(&x).to_affine_vartime(),
    )
    .unwrap();
    let sum = min_sig::PublicKey::from_point(
        (G2Projective::from(pk_victim.point()) + G2Projective::from(rogue.point())).to_affine_vartime(),
    )
    .unwrap();
    assert_eq!(min_sig::verify(&sum, m, &forged), Ok(()), "the algebra of the attack");
    assert_eq!(
        min_sig::aggregate_verify(&[pk_victim, rogue], &[m, m], &forged),
        Err(BlsError::DuplicateMessage { index: 1 })
    );
    // With distinct messages the attacker has nothing to cancel against.
    assert_eq!(
        min_sig::aggregate_verify(&[pk_victim, rogue], &[m, b"other"], &forged),
        Err(BlsError::InvalidSignature)
    );
}

/// `from_point` validates as the decoders do: a point outside the prime-order subgroup is
/// named, and the identity is no key.
#[test]
fn from_point_checks_the_subgroup() {
    // A point on the curve outside the subgroup: decoded without the subgroup check.
    let mut x = 0u64;
    let (g1, g2) = loop {
        x += 1;
        let mut bytes = [0u8; 48];
        bytes[40..].copy_from_slice(&x.to_be_bytes());
        bytes[0] |= 0x80;
        if let Ok(p) = icbls::G1Affine::from_compressed_unchecked(&bytes) {
            if !p.is_torsion_free() {
                let mut bytes2 = [0u8; 96];
                bytes2[88..].copy_from_slice(&x.to_be_bytes());
                bytes2[0] |= 0x80;
                if let Ok(q) = icbls::G2Affine::from_compressed_unchecked(&bytes2) {
                    if !q.is_torsion_free() {
                        break (p, q);
                    }
                }
            }
        }
    };
    assert_eq!(
        min_pk::PublicKey::from_point(g1),
        Err(BlsError::PublicKey(DecodeError::NotInSubgroup { what: "G1 point" }))
    );
    assert_eq!(
        min_sig::Signature::from_point(g1),
        Err(BlsError::Signature(DecodeError::NotInSubgroup { what: "G1 point" }))
    );
    assert_eq!(
        min_sig::PublicKey::from_point(g2),
        Err(BlsError::PublicKey(DecodeError::NotInSubgroup { what: "G2 point" }))
    );
    assert_eq!(
        min_pk::Signature::from_point(g2),
        Err(BlsError::Signature(DecodeError::NotInSubgroup { what: "G2 point" }))
    );
    assert!(matches!(
        min_pk::PublicKey::from_bytes(&g1.to_compressed()),
        Err(BlsError::PublicKey(DecodeError::NotInSubgroup { .. }))
    ));
    assert_eq!(min_pk::PublicKey::from_point(icbls::G1Affine::identity()), Err(BlsError::IdentityPublicKey));
    assert_eq!(min_sig::PublicKey::from_point(icbls::G2Affine::identity()), Err(BlsError::IdentityPublicKey));
    assert_eq!(min_sig::Signature::from_point(icbls::G1Affine::identity()).map(|s| s.to_bytes()[0]), Ok(0xc0));
    let g = icbls::G1Affine::generator();
    assert_eq!(min_pk::PublicKey::from_point(g).map(|k| *k.point()), Ok(g));
}

/// Secret keys compare in constant time, erase themselves, and never print.
#[test]
fn secret_key_hygiene() {
    use subtle::ConstantTimeEq;
    let a = SecretKey::key_gen(&[1; 32], b"").unwrap();
    let b = SecretKey::from_bytes(&a.to_bytes()).unwrap();
    let c = SecretKey::key_gen(&[2; 32], b"").unwrap();
    assert!(bool::from(a.ct_eq(&b)));
    assert!(!bool::from(a.ct_eq(&c)));
    assert!(a == b && a != c);
    assert_eq!(format!("{a:?}"), "SecretKey(<redacted>)");
    assert_eq!(format!("{:?}", Ok::<_, BlsError>(c)), "Ok(SecretKey(<redacted>))");
    fn erases_on_drop<T: zeroize::ZeroizeOnDrop>() {}
    erases_on_drop::<SecretKey>();
}

/// `PreparedPublicKey::from_bytes` (the subgroup check read off the key's lines) accepts what
/// `PublicKey::from_bytes` accepts, with the same lines as `PreparedPublicKey::new`, and
/// refuses the rest with the same error: lengths, flags, points off the curve or outside G2,
/// the identity. `verify_bytes`, which decodes through it, answers as `verify` on the decoded
/// key.
#[test]
fn prepared_keys_from_bytes_equal_decoded_then_prepared_ones() {
    let mut encodings: Vec<Vec<u8>> = vec![vec![], vec![0xc0; 95], vec![0xff; 96]];
    let mut identity = [0u8; 96];
    identity[0] = 0xc0;
    encodings.push(identity.to_vec());
    for i in 1..=4u8 {
        let sk = SecretKey::key_gen(&[i; 32], b"").unwrap();
        encodings.push(min_sig::PublicKey::from_secret_key(&sk).to_bytes().to_vec());
    }
    let (mut subgroup, mut curve) = (0, 0);
    for x in 1u8..=255 {
        let mut b = [0u8; 96];
        b[0] = 0x80;
        b[95] = x;
        match icbls::G2Affine::from_compressed(&b) {
            Err(DecodeError::NotInSubgroup { .. }) => subgroup += 1,
            Err(DecodeError::NotOnCurve { .. }) => curve += 1,
            _ => {}
        }
        encodings.push(b.to_vec());
    }
    assert!(subgroup > 10 && curve > 10);
    let sk = SecretKey::key_gen(&[9; 32], b"").unwrap();
    let sig = min_sig::sign(&sk, b"m");
    for bytes in &encodings {
        let prepared = min_sig::PreparedPublicKey::from_bytes(bytes);
        let decoded = min_sig::PublicKey::from_bytes(bytes);
        match (&prepared, &decoded) {
            (Ok(p), Ok(pk)) => assert_eq!(p, &min_sig::PreparedPublicKey::new(pk)),
            (Err(a), Err(b)) => assert_eq!(a, b),
            _ => panic!("{bytes:x?}: {prepared:?} against {decoded:?}"),
        }
        let expected = decoded.and_then(|pk| min_sig::verify(&pk, b"m", &sig));
        assert_eq!(min_sig::verify_bytes(bytes, b"m", &sig.to_bytes()), expected);
    }
    let pk = min_sig::PublicKey::from_secret_key(&sk).to_bytes();
    assert_eq!(min_sig::verify_bytes(&pk, b"m", &sig.to_bytes()), Ok(()));
    assert_eq!(min_sig::verify_bytes(&pk, b"n", &sig.to_bytes()), Err(BlsError::InvalidSignature));
}

/// `min_pk::verify_bytes` decodes the signature with its lines (the subgroup check read off
/// them) and answers as decoding both then `verify`: valid and wrong messages, and signatures
/// of every bad kind (lengths, flags, off the curve, outside G2, the identity).
#[test]
fn min_pk_verify_bytes_equals_decode_then_verify() {
    let sk = SecretKey::key_gen(&[3; 32], b"").unwrap();
    let pk = min_pk::PublicKey::from_secret_key(&sk).to_bytes();
    let sig = min_pk::sign(&sk, b"m").to_bytes();
    let mut signatures: Vec<Vec<u8>> = vec![sig.to_vec(), vec![], sig[..95].to_vec(), vec![0xff; 96]];
    let mut identity = [0u8; 96];
    identity[0] = 0xc0;
    signatures.push(identity.to_vec());
    let (mut subgroup, mut curve) = (0, 0);
    for x in 1u8..=60 {
        let mut b = [0u8; 96];
        b[0] = 0x80;
        b[95] = x;
        match icbls::G2Affine::from_compressed(&b) {
            Err(DecodeError::NotInSubgroup { .. }) => subgroup += 1,
            Err(DecodeError::NotOnCurve { .. }) => curve += 1,
            _ => {}
        }
        signatures.push(b.to_vec());
    }
    assert!(subgroup > 5 && curve > 5);
    let mut bad_key = pk;
    bad_key[0] ^= 0x20;
    for key in [&pk[..], &bad_key[..], &pk[..47]] {
        for s in &signatures {
            for msg in [&b"m"[..], b"n"] {
                let expected = min_pk::PublicKey::from_bytes(key)
                    .and_then(|k| min_pk::Signature::from_bytes(s).and_then(|s| min_pk::verify(&k, msg, &s)));
                assert_eq!(min_pk::verify_bytes(key, msg, s), expected, "{s:x?}");
            }
        }
    }
    assert_eq!(min_pk::verify_bytes(&pk, b"m", &sig), Ok(()));
}
