//! BLS under any ciphersuite: a caller-chosen DST and the message-augmentation scheme
//! (draft-irtf-cfrg-bls-signature-05, sections 3.2 and 4.1) in both variants, differential
//! against `blst` on random keys and messages, and the augmented scheme's public vectors
//! (`bls_sig_aug/` of the public vectors).

use icbls_testkit::library as common;

use common::Rng;
use icbls::bls::{min_pk, min_sig, BlsError, SecretKey};
use serde_json::Value;

/// A random key (through `KeyGen`, so blst's equals ours) and message.
fn key_and_message(rng: &mut Rng) -> (SecretKey, [u8; 40], Vec<u8>) {
    let mut ikm = [0u8; 40];
    rng.fill(&mut ikm);
    let mut msg = vec![0u8; (rng.next_u64() % 100) as usize];
    rng.fill(&mut msg);
    (SecretKey::key_gen(&ikm, b"").unwrap(), ikm, msg)
}

macro_rules! differential {
    ($test:ident, $ours:ident, $theirs:ident, $letter:literal) => {
        #[test]
        fn $test() {
            use blst::$theirs as theirs;
            use blst::BLST_ERROR::BLST_SUCCESS;
            use $ours::aug;
            assert_eq!(aug::DST, concat!("BLS_SIG_BLS12381", $letter, "_XMD:SHA-256_SSWU_RO_AUG_").as_bytes());
            let mut rng = Rng::new(0xa06 ^ $ours::DST[16] as u64);
            let mut sks = Vec::new();
            let mut msgs = Vec::new();
            for round in 0..24 {
                let (sk, ikm, msg) = key_and_message(&mut rng);
                let their = theirs::SecretKey::key_gen(&ikm, b"").unwrap();
                let pk = $ours::PublicKey::from_secret_key(&sk);
                let their_pk = their.sk_to_pk();
                let pk_bytes = pk.to_bytes();

                // A caller-chosen DST, short, long (over 255 bytes: hashed first) or odd.
                let dst: Vec<u8> = match round % 3 {
                    0 => b"MY_APP_V1".to_vec(),
                    1 => (0..300u32).map(|i| (i * 7) as u8).collect(),
                    _ => vec![round as u8; 1 + round],
                };
                let sig = $ours::sign_with_dst(&sk, &msg, &dst).unwrap();
                let their_sig = their.sign(&msg, &dst, &[]);
                assert_eq!(sig.to_bytes().to_vec(), their_sig.compress().to_vec(), "sign_with_dst");
                assert_eq!($ours::verify_with_dst(&pk, &msg, &sig, &dst), Ok(()));
                assert_eq!(
                    $ours::verify_with_dst(&pk, &msg, &sig, $ours::DST),
                    Err(BlsError::InvalidSignature),
                    "another DST"
                );

                // The augmented scheme: the signer's key is prefixed to the message.
                let sig = aug::sign(&sk, &msg);
                let their_sig = their.sign(&msg, aug::DST, &pk_bytes);
                assert_eq!(sig.to_bytes().to_vec(), their_sig.compress().to_vec(), "aug::sign");
                assert_eq!(their_sig.verify(true, &msg, aug::DST, &pk_bytes, &their_pk, true), BLST_SUCCESS);
                assert_eq!(aug::verify(&pk, &msg, &sig), Ok(()));
                assert_eq!(aug::verify_bytes(&pk_bytes, &msg, &sig.to_bytes()), Ok(()));
                let other = [&msg[..], b"!"].concat();
                assert_eq!(aug::verify(&pk, &other, &sig), Err(BlsError::InvalidSignature));
                // Not the basic or proof-of-possession scheme's signature, nor one without the prefix.
                assert!($ours::verify(&pk, &msg, &sig).is_err());
                assert_eq!(aug::verify(&pk, &msg, &$ours::sign(&sk, &msg)), Err(BlsError::InvalidSignature));
                let unprefixed = $ours::sign_with_dst(&sk, &msg, aug::DST).unwrap();
                assert_eq!(aug::verify(&pk, &msg, &unprefixed), Err(BlsError::InvalidSignature));
                sks.push((sk, their));
                msgs.push(msg);
            }

            // AggregateVerify, repeated messages included: blst is given PK_i || m_i.
            for n in [1usize, 2, 5, 9] {
                let chosen: Vec<usize> = (0..n).map(|i| (i * 5) % sks.len()).collect();
                let repeat = |i: usize| if i % 2 == 1 { &msgs[0][..] } else { &msgs[chosen[i]][..] };
                let keys: Vec<$ours::PublicKey> =
                    chosen.iter().map(|&j| $ours::PublicKey::from_secret_key(&sks[j].0)).collect();
                let messages: Vec<&[u8]> = (0..n).map(repeat).collect();
                let sigs: Vec<$ours::Signature> =
                    chosen.iter().zip(&messages).map(|(&j, m)| aug::sign(&sks[j].0, m)).collect();
                let agg = $ours::Signature::aggregate(&sigs).unwrap();
                assert_eq!(aug::aggregate_verify(&keys, &messages, &agg), Ok(()), "n = {n}");

                let their_keys: Vec<theirs::PublicKey> = chosen.iter().map(|&j| sks[j].1.sk_to_pk()).collect();
                let their_refs: Vec<&theirs::PublicKey> = their_keys.iter().collect();
                let augmented: Vec<Vec<u8>> =
                    keys.iter().zip(&messages).map(|(k, m)| [&k.to_bytes()[..], m].concat()).collect();
                let augmented: Vec<&[u8]> = augmented.iter().map(Vec::as_slice).collect();
                let their_agg = theirs::Signature::from_bytes(&agg.to_bytes()).unwrap();
                assert_eq!(their_agg.aggregate_verify(true, &augmented, aug::DST, &their_refs, true), BLST_SUCCESS);

                // A message swapped between two signers, or a missing key, fails.
                if n > 1 && messages[0] != messages[n - 1] {
                    let mut swapped = messages.clone();
                    swapped.swap(0, n - 1);
                    assert_eq!(aug::aggregate_verify(&keys, &swapped, &agg), Err(BlsError::InvalidSignature));
                }
                if n > 1 {
                    assert_eq!(
                        aug::aggregate_verify(&keys[1..], &messages[1..], &agg),
                        Err(BlsError::InvalidSignature)
                    );
                }
            }
            // Inputs that cannot be aggregated.
            let key = $ours::PublicKey::from_secret_key(&sks[0].0);
            let sig = aug::sign(&sks[0].0, b"m");
            assert!(matches!(aug::aggregate_verify(&[key], &[], &sig), Err(BlsError::LengthMismatch { .. })));
            assert!(matches!(aug::aggregate_verify(&[], &[], &sig), Err(BlsError::Empty { .. })));
            // An empty DST is refused before any work.
            assert!(matches!($ours::sign_with_dst(&sks[0].0, b"m", b""), Err(BlsError::InvalidDst { .. })));
            assert!(matches!($ours::verify_with_dst(&key, b"m", &sig, b""), Err(BlsError::InvalidDst { .. })));
        }
    };
}

differential!(min_sig_suites_agree_with_blst, min_sig, min_sig, "G1");
differential!(min_pk_suites_agree_with_blst, min_pk, min_pk, "G2");

fn hex_of(case: &Value, key: &str) -> Vec<u8> {
    hex::decode(case[key].as_str().unwrap_or_else(|| panic!("{key} is not a string"))).unwrap()
}

fn hex_list(case: &Value, key: &str) -> Vec<Vec<u8>> {
    case[key].as_array().unwrap().iter().map(|x| hex::decode(x.as_str().unwrap()).unwrap()).collect()
}

/// The augmented scheme's public vectors (`bls_sig_aug/` of the public vectors, see its PROVENANCE.md):
/// `sign` cases are signed again from the secret key and verified, `verify` and
/// `aggregate_verify` cases are checked against their verdicts.
macro_rules! aug_vectors {
    ($test:ident, $ours:ident, $file:literal, $at_least:expr) => {
        #[test]
        fn $test() {
            use $ours::aug;
            let Some(file) = common::vector_json(concat!("bls_sig_aug/", $file)) else { return };
            assert_eq!(file["ciphersuite"].as_str().unwrap().as_bytes(), aug::DST);
            let cases = file["cases"].as_array().unwrap();
            let (mut valid, mut invalid) = (0, 0);
            for case in cases {
                let id = case["id"].as_str().unwrap();
                let expected = case["expected_valid"].as_bool().unwrap();
                let signature = hex_of(case, "signature");
                match case["operation"].as_str().unwrap() {
                    "sign" => {
                        assert!(expected, "{id}");
                        let sk = SecretKey::from_bytes(&hex_of(case, "secret_key")).unwrap();
                        let pk = $ours::PublicKey::from_secret_key(&sk);
                        assert_eq!(pk.to_bytes().to_vec(), hex_of(case, "public_key"), "{id}: public key");
                        let message = hex_of(case, "message");
                        assert_eq!(aug::sign(&sk, &message).to_bytes().to_vec(), signature, "{id}: signature");
                        assert_eq!(aug::verify_bytes(&pk.to_bytes(), &message, &signature), Ok(()), "{id}");
                    }
                    "verify" => {
                        let got = aug::verify_bytes(&hex_of(case, "public_key"), &hex_of(case, "message"), &signature);
                        assert_eq!(got.is_ok(), expected, "{id}: {got:?}");
                    }
                    "aggregate_verify" => {
                        let keys: Result<Vec<$ours::PublicKey>, BlsError> =
                            hex_list(case, "public_keys").iter().map(|k| $ours::PublicKey::from_bytes(k)).collect();
                        let messages = hex_list(case, "messages");
                        let messages: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
                        let got = keys.and_then(|keys| {
                            let sig = $ours::Signature::from_bytes(&signature)?;
                            aug::aggregate_verify(&keys, &messages, &sig)
                        });
                        assert_eq!(got.is_ok(), expected, "{id}: {got:?}");
                    }
                    other => panic!("{id}: unknown operation {other}"),
                }
                if expected {
                    valid += 1;
                } else {
                    invalid += 1;
                }
            }
            assert!(valid >= $at_least && invalid >= 5, "{valid} valid, {invalid} invalid cases");
        }
    };
}

aug_vectors!(min_pk_aug_vectors, min_pk, "min_pk.json", 100);
aug_vectors!(min_sig_aug_vectors, min_sig, "min_sig.json", 90);
