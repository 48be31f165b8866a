//! BLS signatures: the Ethereum (min-pk) and IC (min-sig) vectors, and differential tests of
//! key generation, signing, verification and aggregation against `blst`'s BLS API.

mod common;

use common::Rng;
use icbls::bls::{min_pk, min_sig, BlsError, SecretKey};
use serde_json::Value;
use std::path::Path;

fn vectors(dir: &str) -> Vec<(String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/vectors").join(dir);
    let mut out: Vec<(String, Value)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap())
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(!out.is_empty(), "no vectors in {}", dir.display());
    out
}

fn bytes(v: &Value) -> Vec<u8> {
    let s = v.as_str().unwrap();
    hex::decode(s.strip_prefix("0x").unwrap_or(s)).unwrap()
}

fn list(v: &Value) -> Vec<Vec<u8>> {
    v.as_array().unwrap().iter().map(bytes).collect()
}

fn keys_pk(v: &Value) -> Result<Vec<min_pk::PublicKey>, BlsError> {
    list(v).iter().map(|k| min_pk::PublicKey::from_bytes(k)).collect()
}

#[test]
fn eth_sign() {
    for (name, case) in vectors("bls_sig_min_pk_eth/sign") {
        let sk = SecretKey::from_bytes(&bytes(&case["input"]["privkey"]));
        let msg = bytes(&case["input"]["message"]);
        match &case["output"] {
            Value::Null => assert_eq!(sk, Err(BlsError::SecretKey { rule: "the scalar is zero" }), "{name}"),
            out => {
                let sk = sk.unwrap();
                assert_eq!(min_pk::sign(&sk, &msg).to_bytes().to_vec(), bytes(out), "{name}");
                let pk = min_pk::PublicKey::from_secret_key(&sk);
                assert_eq!(min_pk::verify(&pk, &msg, &min_pk::sign(&sk, &msg)), Ok(()), "{name}");
            }
        }
    }
}

#[test]
fn eth_verify() {
    for (name, case) in vectors("bls_sig_min_pk_eth/verify") {
        let input = &case["input"];
        let result = min_pk::verify_bytes(&bytes(&input["pubkey"]), &bytes(&input["message"]), &bytes(&input["signature"]));
        assert_eq!(result.is_ok(), case["output"].as_bool().unwrap(), "{name}: {result:?}");
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
    for (name, case) in vectors("bls_sig_min_pk_eth/aggregate") {
        let sigs: Vec<min_pk::Signature> =
            list(&case["input"]).iter().map(|s| min_pk::Signature::from_bytes(s).unwrap()).collect();
        match &case["output"] {
            Value::Null => assert_eq!(min_pk::Signature::aggregate(&sigs), Err(BlsError::Empty { what: "signatures to aggregate" }), "{name}"),
            out => assert_eq!(min_pk::Signature::aggregate(&sigs).unwrap().to_bytes().to_vec(), bytes(out), "{name}"),
        }
    }
}

#[test]
fn eth_aggregate_verify() {
    for (name, case) in vectors("bls_sig_min_pk_eth/aggregate_verify") {
        let input = &case["input"];
        let messages = list(&input["messages"]);
        let messages: Vec<&[u8]> = messages.iter().map(|m| &m[..]).collect();
        let result = keys_pk(&input["pubkeys"]).and_then(|keys| {
            let sig = min_pk::Signature::from_bytes(&bytes(&input["signature"]))?;
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
    for (name, case) in vectors("bls_sig_min_pk_eth/fast_aggregate_verify") {
        let input = &case["input"];
        let result = keys_pk(&input["pubkeys"]).and_then(|keys| {
            let sig = min_pk::Signature::from_bytes(&bytes(&input["signature"]))?;
            min_pk::fast_aggregate_verify(&keys, &bytes(&input["message"]), &sig)
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
    for (name, case) in vectors("bls_sig_min_pk_eth/batch_verify") {
        let input = &case["input"];
        let messages = list(&input["messages"]);
        let messages: Vec<&[u8]> = messages.iter().map(|m| &m[..]).collect();
        let result = keys_pk(&input["pubkeys"]).and_then(|keys| {
            let sigs: Result<Vec<_>, _> = list(&input["signatures"]).iter().map(|s| min_pk::Signature::from_bytes(s)).collect();
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
    for (name, case) in vectors("bls_sig_min_pk_eth/hash_to_G2") {
        let p = icbls::hash_to_curve::hash_to_g2(case["input"]["msg"].as_str().unwrap().as_bytes(), dst).to_affine_vartime();
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
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/vectors/bls_sig_min_sig_ic/dfinity_verify_bls_signatures.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(cases.len(), 9);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        assert_eq!(case["dst"].as_str().unwrap().as_bytes(), min_sig::DST);
        let (sig, msg, pk) = (bytes(&case["signature_hex"]), bytes(&case["message_hex"]), bytes(&case["public_key_hex"]));
        let result = min_sig::verify_bytes(&pk, &msg, &sig);
        assert_eq!(result.is_ok(), case["expected_valid"].as_bool().unwrap(), "{name}: {result:?}");
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
            let prepared = icbls::pairing::G2Prepared::new(pk.point());
            assert_eq!(min_sig::verify_prepared(&prepared, &msg, &sig), result, "{name}");
        }
    }
}

#[test]
fn ic_root_key_prepared_verifies() {
    // verify_valid_0 is signed by the IC mainnet root key, whose lines are built in.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/vectors/bls_sig_min_sig_ic/dfinity_verify_bls_signatures.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let case = &cases[0];
    assert_eq!(bytes(&case["public_key_hex"]), icbls::pairing::IC_MAINNET_ROOT_KEY);
    let sig = min_sig::Signature::from_bytes(&bytes(&case["signature_hex"])).unwrap();
    let root = icbls::pairing::G2Prepared::ic_mainnet_root_key();
    assert_eq!(min_sig::verify_prepared(&root, &bytes(&case["message_hex"]), &sig), Ok(()));
    assert_eq!(min_sig::verify_prepared(&root, b"other", &sig), Err(BlsError::InvalidSignature));
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

/// Differential tests against blst on random keys and messages, for both variants.
macro_rules! differential {
    ($test:ident, $ours:ident, $theirs:ident, $rounds:expr) => {
        #[test]
        fn $test() {
            use blst::$theirs as theirs;
            use blst::BLST_ERROR::BLST_SUCCESS;
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
                    // Proof of possession.
                    let proof = $ours::pop_prove(&sks[i]);
                    assert_eq!($ours::pop_verify(&pks[i], &proof), Ok(()));
                    let their_proof = their_sks[i].sign(&pks[i].to_bytes(), $ours::POP_DST, &[]);
                    assert_eq!(proof.to_bytes().to_vec(), their_proof.compress().to_vec(), "PopProve");
                    assert_eq!($ours::pop_verify(&pks[i], &sigs[i]), Err(BlsError::InvalidSignature));
                }
                // Aggregation.
                let agg = $ours::Signature::aggregate(&sigs).unwrap();
                let their_sigs: Vec<theirs::Signature> = their_sks.iter().zip(&msgs).map(|(s, m)| s.sign(m, dst, &[])).collect();
                let their_refs: Vec<&theirs::Signature> = their_sigs.iter().collect();
                let their_agg = theirs::AggregateSignature::aggregate(&their_refs, true).unwrap().to_signature();
                assert_eq!(agg.to_bytes().to_vec(), their_agg.compress().to_vec(), "Aggregate");
                let msg_refs: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
                let their_pk_refs: Vec<&theirs::PublicKey> = their_pks.iter().collect();
                assert_eq!($ours::aggregate_verify(&pks, &msg_refs, &agg), Ok(()));
                assert_eq!(their_agg.aggregate_verify(true, &msg_refs, dst, &their_pk_refs, true), BLST_SUCCESS);
                assert_eq!($ours::batch_verify(&pks, &msg_refs, &sigs), Ok(()));
                // Same message for all: fast aggregate verification.
                let same: Vec<$ours::Signature> = sks.iter().map(|s| $ours::sign(s, &msgs[0])).collect();
                let same_agg = $ours::Signature::aggregate(&same).unwrap();
                assert_eq!($ours::fast_aggregate_verify(&pks, &msgs[0], &same_agg), Ok(()));
                let their_same: Vec<theirs::Signature> = their_sks.iter().map(|s| s.sign(&msgs[0], dst, &[])).collect();
                let their_same_refs: Vec<&theirs::Signature> = their_same.iter().collect();
                let their_same_agg = theirs::AggregateSignature::aggregate(&their_same_refs, true).unwrap().to_signature();
                assert_eq!(their_same_agg.fast_aggregate_verify(true, &msgs[0], dst, &their_pk_refs), BLST_SUCCESS);
                assert_eq!(same_agg.to_bytes().to_vec(), their_same_agg.compress().to_vec());
                if n > 1 {
                    assert_eq!($ours::fast_aggregate_verify(&pks[1..], &msgs[0], &same_agg), Err(BlsError::InvalidSignature));
                    assert_eq!($ours::aggregate_verify(&pks, &msg_refs, &same_agg), Err(BlsError::InvalidSignature));
                    // Batch verification catches one swapped signature.
                    let mut swapped = sigs.clone();
                    swapped.swap(0, 1);
                    assert_eq!($ours::batch_verify(&pks, &msg_refs, &swapped), Err(BlsError::InvalidSignature));
                    // Two wrong signatures whose sum is right: aggregate verification accepts
                    // them (as the standard says), batch verification does not.
                    let delta = $ours::sign(&sks[0], b"delta");
                    let mut split = sigs.clone();
                    split[0] = $ours::Signature::aggregate(&[sigs[0], delta]).unwrap();
                    split[1] = $ours::Signature::aggregate(&[sigs[1], $ours::Signature::from_point(-*delta.point())]).unwrap();
                    assert_eq!($ours::batch_verify(&pks, &msg_refs, &split), Err(BlsError::InvalidSignature));
                }
            }
        }
    };
}

differential!(min_sig_matches_blst, min_sig, min_sig, 40);
differential!(min_pk_matches_blst, min_pk, min_pk, 30);

#[test]
fn basic_scheme_rejects_repeated_messages() {
    let sk = SecretKey::key_gen(&[3; 32], b"").unwrap();
    let pk = min_sig::PublicKey::from_secret_key(&sk);
    let sig = min_sig::Signature::aggregate(&[min_sig::sign(&sk, b"m"), min_sig::sign(&sk, b"m")]).unwrap();
    assert_eq!(min_sig::aggregate_verify(&[pk, pk], &[b"m", b"m"], &sig), Err(BlsError::DuplicateMessage { index: 1 }));
    // The proof-of-possession scheme allows them.
    let pk = min_pk::PublicKey::from_secret_key(&sk);
    let sig = min_pk::Signature::aggregate(&[min_pk::sign(&sk, b"m"), min_pk::sign(&sk, b"m")]).unwrap();
    assert_eq!(min_pk::aggregate_verify(&[pk, pk], &[b"m", b"m"], &sig), Ok(()));
}

#[test]
fn malformed_inputs_name_the_part() {
    let sk = SecretKey::key_gen(&[5; 32], b"").unwrap();
    let pk = min_sig::PublicKey::from_secret_key(&sk).to_bytes();
    let sig = min_sig::sign(&sk, b"m").to_bytes();
    assert!(matches!(min_sig::verify_bytes(&pk[..95], b"m", &sig), Err(BlsError::PublicKey(icbls::DecodeError::WrongLength { .. }))));
    assert!(matches!(min_sig::verify_bytes(&pk, b"m", &sig[1..]), Err(BlsError::Signature(icbls::DecodeError::WrongLength { .. }))));
    let mut identity = [0u8; 48];
    identity[0] = 0xc0;
    assert_eq!(min_sig::verify_bytes(&pk, b"m", &identity), Err(BlsError::IdentitySignature));
    assert_eq!(min_sig::batch_verify(&[], &[], &[]), Err(BlsError::Empty { what: "signatures to verify" }));
    assert!(matches!(min_sig::batch_verify(&[min_sig::PublicKey::from_bytes(&pk).unwrap()], &[], &[]), Err(BlsError::LengthMismatch { .. })));
    assert_eq!(min_sig::verify_bytes(&pk, b"m", &sig), Ok(()));
}
