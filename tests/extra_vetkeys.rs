//! The holdout family `extra/vetkeys` of the public vectors (outside the repository; see its
//! PROVENANCE.md): vetKeys / vetKD vectors of dfinity's `ic-vetkeys` (Rust and TypeScript tests)
//! and of the IC replica's `ic_crypto_internal_bls12_381_vetkd`, run through `icbls::vetkeys`
//! and, where the module has no entry point for a value, through the lower-level public APIs it
//! is built from (`hash_to_curve`, `pairing`, `bls::threshold`, the groups and `Fr`).
//!
//! One test per file; each counts its cases and asserts that every one was checked or named:
//!
//! - `constants_and_domains.json`: the built-in master keys; each DST, format and size
//!   recomputed from the file's formulas with the lower-level APIs and compared with what
//!   `icbls::vetkeys` computes (key derivation, augmented BLS, IBE, VRF, encrypted keys,
//!   transport keys).
//! - `key_derivation.json`: master → canister → context keys, and canister → context.
//! - `augmented_bls_signature.json`: [`verify_bls_signature`] verdicts and the augmented
//!   hash-to-G1 known answer.
//! - `encrypted_vetkey.json`: the transport key from its seed (both byte orders), decryption
//!   and verification of the encrypted vetKey, the symmetric key.
//! - `ibe.json`: the IBE ciphertext from a fixed seed, and its decryption.
//! - `hash_to_scalar.json`: `expand_message_xmd` to 48 bytes reduced mod r (the vetKeys
//!   `hash_to_scalar`, private in icbls, from its public parts).
//! - `symmetric_kdf_and_aes_gcm.json`: HKDF-SHA256 with an empty salt, vetKey symmetric keys.
//! - `vrf.json`: the mainnet VRF output.
//! - `transport_public_key_validity.json`: transport public key encodings.
//! - `ic_vetkd_encrypted_key_shares.json`: the replica's transport-key known answer, the 13
//!   encrypted key shares (each decrypted and verified under its node's derived key), the
//!   polynomial's public coefficients and share keys ([`PublicCoefficients`]), and the
//!   combinations ([`threshold::combine`] on each component), decrypted to the vetKey or not.
//!
//! Not representable today (printed, named and counted): the AES-GCM cases and constants
//! (icbls has no AES-GCM), and the HKDF cases whose info is not UTF-8
//! ([`derive_symmetric_key`] takes the domain separator as `&str`).

use icbls_testkit::certificates;
use icbls_testkit::library as common;

use icbls::bls::keys::Signature;
use icbls::bls::threshold::{self, PublicCoefficients, ShareIndex};
use icbls::bls::{min_sig, MinPk, MinSig};
use icbls::hash_to_curve::{expand_message_xmd, hash_to_g1};
use icbls::pairing::{pairing, pairing_check};
use icbls::vetkeys::{
    derive_symmetric_key, is_valid_transport_public_key_encoding, verify_bls_signature, DerivedPublicKey,
    EncryptedVetKey, IbeCiphertext, IbeIdentity, IbeSeed, MasterPublicKey, TransportSecretKey, VetKey, VetKeyError,
    VrfOutput,
};
use icbls::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use serde_json::Value;

const DIR: &str = "extra/vetkeys";

/// Why the AES-GCM cases and constants cannot be checked.
const AES_GCM: &str = "icbls::vetkeys has no AES-GCM (ic-vetkeys's DerivedKeyMaterial is left out, see the module \
                       documentation), and no dev-dependency exposes one";

/// Why an HKDF case whose info is not UTF-8 cannot be checked.
const NON_UTF8_INFO: &str = "the info is not UTF-8: icbls::vetkeys::derive_symmetric_key takes the domain separator \
                             as &str (as ic-vetkeys does) and icbls has no public HKDF over byte-string info";

fn json(file: &str) -> Option<Value> {
    common::vector_json(&format!("{DIR}/{file}"))
}

fn h(v: &Value) -> Vec<u8> {
    common::hex(v)
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("expected a string, got {v}"))
}

fn array<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v[key].as_array().unwrap_or_else(|| panic!("`{key}` is not an array"))
}

/// Names a case that today's API cannot express: printed, and counted by the caller.
fn not_representable(file: &str, case: &str, reason: &str) {
    println!("{DIR}/{file}: {case}: not representable: {reason}");
}

/// The vetKeys `hash_to_scalar` from icbls's public parts: `expand_message_xmd` (SHA-256) to
/// 48 bytes, big-endian, reduced modulo r.
fn hash_to_scalar(msg: &[u8], dst: &[u8], len: usize) -> Fr {
    let okm = expand_message_xmd(msg, dst, len).unwrap();
    let mut wide = [0u8; 64];
    wide[64 - len..].copy_from_slice(&okm);
    Fr::from_be_bytes_wide(&wide)
}

fn with_lengths(parts: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::new();
    for part in parts {
        out.extend_from_slice(&(part.len() as u64).to_be_bytes());
        out.extend_from_slice(part);
    }
    out
}

fn fr(be: &[u8]) -> Fr {
    Fr::from_be_bytes(be.try_into().expect("32 bytes")).expect("a canonical scalar")
}

fn g2(bytes: &[u8]) -> G2Affine {
    G2Affine::from_compressed(bytes).expect("a G2 point")
}

fn g1_mul(k: &Fr) -> G1Affine {
    G1Projective::generator().mul_vartime(k).to_affine()
}

fn g2_mul(k: &Fr) -> G2Affine {
    G2Projective::generator().mul_vartime(k).to_affine()
}

/// A transport secret key from a big-endian scalar (icbls reads them little-endian).
fn tsk_from_be(be: &[u8]) -> TransportSecretKey {
    let mut le = be.to_vec();
    le.reverse();
    TransportSecretKey::deserialize(&le).expect("a canonical scalar")
}

/// A built-in master key by the file's id: `mainnet_<name>` or `pocketic_<name>`.
fn built_in_master_key(id: &str) -> Option<MasterPublicKey> {
    if let Some(name) = id.strip_prefix("mainnet_") {
        MasterPublicKey::for_mainnet_key(name)
    } else if let Some(name) = id.strip_prefix("pocketic_") {
        MasterPublicKey::for_pocketic_key(name)
    } else {
        panic!("unknown master key id {id}")
    }
}

// ---------------------------------------------------------------------------------------------

/// Every section of the constants file: metadata, checked against icbls (each formula
/// recomputed with the lower-level APIs from the file's DSTs and compared with icbls's output),
/// or named. The sections are counted, as are the master keys and the named entries.
#[test]
fn constants_and_domains() {
    let file = "constants_and_domains.json";
    let Some(v) = json(file) else { return };
    let sections = v.as_object().unwrap();
    assert_eq!(sections.len(), 15, "{file}: sections");

    // A key pair and a signature made here with the file's DST, for the formulas below.
    let sk = Fr::from_u64(0x5eed_0001);
    let dpk = DerivedPublicKey::deserialize(&g2_mul(&sk).to_compressed()).unwrap();
    let input = b"an input".as_slice();
    let bls_dst = s(&v["bls_signature_dst"]["ascii"]).as_bytes();
    let augmented = |dpk: &DerivedPublicKey, input: &[u8]| {
        let mut msg = dpk.serialize().to_vec();
        msg.extend_from_slice(input);
        hash_to_g1(&msg, bls_dst)
    };
    let sig = augmented(&dpk, input).mul_vartime(&sk).to_affine();

    let (mut checked, mut metadata, mut named, mut master_keys) = (0, 0, 0, 0);
    for (section, value) in sections {
        match section.as_str() {
            "source" | "license" | "description" | "master_public_keys_note" => metadata += 1,
            "master_public_keys_g2_compressed" => {
                for (id, key) in value.as_object().unwrap() {
                    let bytes = h(key);
                    let built_in = built_in_master_key(id).unwrap_or_else(|| panic!("{id}: no built-in key"));
                    assert_eq!(built_in.serialize().to_vec(), bytes, "{id}");
                    let decoded = MasterPublicKey::deserialize(&bytes).unwrap_or_else(|e| panic!("{id}: {e}"));
                    assert_eq!(decoded, built_in, "{id}: checked decoding");
                    master_keys += 1;
                }
                checked += 1;
            }
            "bls_signature_dst" => {
                assert_eq!(hex::decode(s(&value["hex"])).unwrap(), bls_dst);
                // A signature on H(dpk ‖ input) under this DST verifies, and not under another.
                assert!(verify_bls_signature(&dpk, input, &sig.to_compressed()));
                let other = hash_to_g1(&[dpk.serialize().as_slice(), input].concat(), icbls::bls::min_sig::DST);
                assert!(!verify_bls_signature(&dpk, input, &other.mul_vartime(&sk).to_affine().to_compressed()));
                // "Identity public key must be rejected": here already when it is decoded.
                assert!(DerivedPublicKey::deserialize(&G2Affine::identity().to_compressed()).is_err());
                checked += 1;
            }
            "hash_to_scalar" | "length_prefix" | "key_derivation" => {
                // canister_pk = mpk + g2·hash_to_scalar(u64be(96) ‖ mpk ‖ u64be(len) ‖ id, dst)
                // (L = 48), and the context key likewise; an empty context is a no-op.
                let kd = &sections["key_derivation"];
                let (canister_dst, context_dst) =
                    (s(&kd["canister_key"]["dst_ascii"]), s(&kd["context_key"]["dst_ascii"]));
                assert_eq!(hex::decode(s(&kd["canister_key"]["dst_hex"])).unwrap(), canister_dst.as_bytes());
                assert_eq!(hex::decode(s(&kd["context_key"]["dst_hex"])).unwrap(), context_dst.as_bytes());
                let derive = |key: &G2Affine, id: &[u8], dst: &str, len: usize| {
                    let offset = hash_to_scalar(&with_lengths(&[&key.to_compressed(), id]), dst.as_bytes(), len);
                    (G2Projective::generator().mul_vartime(&offset) + G2Projective::from(*key)).to_affine()
                };
                let mpk = MasterPublicKey::for_mainnet_key("key_1").unwrap();
                let (canister_id, context) =
                    (b"\x00\x00\x00\x00\x00\xc0\xa0\xd0\x01\x01".as_slice(), b"ctx".as_slice());
                let canister_key = mpk.derive_canister_key(canister_id);
                assert_eq!(*canister_key.point(), derive(mpk.point(), canister_id, canister_dst, 48), "{section}");
                assert_ne!(*canister_key.point(), derive(mpk.point(), canister_id, canister_dst, 64), "L is 48");
                let context_key = canister_key.derive_sub_key(context);
                assert_eq!(*context_key.point(), derive(canister_key.point(), context, context_dst, 48), "{section}");
                assert_eq!(canister_key.derive_sub_key(b""), canister_key, "empty context");
                checked += 1;
            }
            "symmetric_kdf" => {
                for (entry, _) in value.as_object().unwrap() {
                    match entry.as_str() {
                        "definition" | "vetkey_derive_symmetric_key" => {
                            // HKDF-SHA256 with an empty salt: RFC 5869's test case 3.
                            let okm = derive_symmetric_key(&[0x0b; 22], "", 42).unwrap();
                            assert_eq!(
                                hex::encode(okm),
                                "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"
                            );
                            // The vetKey's input key material is its 48-byte compressed encoding.
                            let vetkey = VetKey::deserialize(&sig.to_compressed()).unwrap();
                            assert_eq!(
                                vetkey.derive_symmetric_key("a domain", 32).unwrap(),
                                derive_symmetric_key(&sig.to_compressed(), "a domain", 32).unwrap()
                            );
                        }
                        _ => {
                            // DerivedKeyMaterial and its AES-GCM keys and formats.
                            not_representable(file, &format!("symmetric_kdf.{entry}"), AES_GCM);
                            named += 1;
                        }
                    }
                }
                checked += 1;
            }
            "ibe" => {
                // The ciphertext recomputed from the formulas with the file's DSTs, against
                // IbeCiphertext::encrypt (the ibe.json test checks it against ic-vetkeys).
                let header = h(&value["header_hex"]);
                assert_eq!(header, b"IC IBE\x00\x01", "{}", s(&value["header_ascii"]));
                let (identity, msg, seed) = (b"an identity".as_slice(), b"a message".as_slice(), [7u8; 32]);
                let ctext = IbeCiphertext::encrypt(
                    &dpk,
                    &IbeIdentity::from_bytes(identity),
                    msg,
                    &IbeSeed::from_bytes(&seed).unwrap(),
                )
                .serialize();
                let t = hash_to_scalar(
                    &[header.as_slice(), &seed, msg].concat(),
                    s(&value["hash_to_mask_dst"]).as_bytes(),
                    48,
                );
                let c1 = g2_mul(&t);
                let th = augmented(&dpk, identity).mul_vartime(&t).to_affine();
                let gt_mask =
                    derive_symmetric_key(&pairing(&th, dpk.point()).to_bytes(), s(&value["mask_seed_dst"]), 32);
                let c2: Vec<u8> = seed.iter().zip(gt_mask.unwrap()).map(|(a, b)| a ^ b).collect();
                let template = s(&value["mask_msg_dst_template"]);
                let dst = template.replace("{msg_len zero-padded to 20 decimal digits}", &format!("{:020}", msg.len()));
                assert_ne!(dst, template, "the template's placeholder");
                let shake_seed = derive_symmetric_key(&seed, &dst, 32).unwrap();
                let c3: Vec<u8> = shake256(&shake_seed, msg.len()).iter().zip(msg).map(|(a, b)| a ^ b).collect();
                let expected = [header.as_slice(), &c1.to_compressed(), &c2, &c3].concat();
                assert_eq!(ctext, expected, "IBE ciphertext from the formulas");
                assert_eq!(ctext.len() - msg.len(), sections["sizes"]["ibe_overhead"].as_u64().unwrap() as usize);
                assert_eq!(value["seed_bytes"], 32);
                // Seeds: 32 bytes as they are, 16 or more through HKDF(hash_seed_dst), fewer refused.
                let long = [9u8; 40];
                let hashed = derive_symmetric_key(&long, s(&value["hash_seed_dst"]), 32).unwrap();
                let encrypt_with = |seed: &IbeSeed| {
                    IbeCiphertext::encrypt(&dpk, &IbeIdentity::from_bytes(identity), msg, seed).serialize()
                };
                assert_eq!(
                    encrypt_with(&IbeSeed::from_bytes(&long).unwrap()),
                    encrypt_with(&IbeSeed::from_bytes(&hashed).unwrap())
                );
                assert!(IbeSeed::from_bytes(&[1; 16]).is_ok());
                assert!(matches!(IbeSeed::from_bytes(&[1; 15]), Err(VetKeyError::TooShort { min: 16, .. })));
                // Decryption: the vetKey for (dpk, identity) opens it.
                let vetkey_point = augmented(&dpk, identity).mul_vartime(&sk).to_affine();
                let vetkey = VetKey::deserialize(&vetkey_point.to_compressed()).unwrap();
                assert_eq!(IbeCiphertext::deserialize(&ctext).unwrap().decrypt(&vetkey).unwrap(), msg);
                checked += 1;
            }
            "vrf" => {
                // output = HKDF(u64be(48) ‖ vetkey ‖ u64be(96) ‖ dpk ‖ u64be(len) ‖ input, dst, 32).
                let proof = VetKey::deserialize(&sig.to_compressed()).unwrap();
                let vrf = VrfOutput::new(proof, dpk, input).unwrap();
                let ro = with_lengths(&[&sig.to_compressed(), &dpk.serialize(), input]);
                assert_eq!(vrf.output().to_vec(), derive_symmetric_key(&ro, s(&value["dst"]), 32).unwrap());
                assert_eq!(vrf.serialize(), [sig.to_compressed().as_slice(), &dpk.serialize(), input].concat());
                checked += 1;
            }
            "encrypted_vetkey_format" => {
                // c1 = g1·r, c2 = g2·r, c3 = vetkey + tpk·r decrypts (c3 − tsk·c1) and verifies.
                let (tsk_scalar, r) = (Fr::from_u64(0x7357), Fr::from_u64(0x4242_4242));
                let tsk = tsk_from_be(&tsk_scalar.to_bytes());
                let c3 =
                    (G1Projective::from(sig) + G1Projective::from(g1_mul(&tsk_scalar)).mul_vartime(&r)).to_affine();
                let bytes =
                    [g1_mul(&r).to_compressed().as_slice(), &g2_mul(&r).to_compressed(), &c3.to_compressed()].concat();
                assert_eq!(bytes.len(), sections["sizes"]["encrypted_vetkey"].as_u64().unwrap() as usize);
                let ek = EncryptedVetKey::deserialize(&bytes).unwrap();
                assert_eq!(ek.decrypt_and_verify(&tsk, &dpk, input).unwrap().serialize(), &sig.to_compressed());
                checked += 1;
            }
            "transport_secret_key" => {
                // Serialised little-endian in Rust (big-endian in TS); tpk = compress(g1·tsk); the
                // identity as tpk (tsk = 0) leaves the vetKey in c3.
                let scalar = Fr::from_u64(0x0102_0304_0506_0708);
                let tsk = tsk_from_be(&scalar.to_bytes());
                let mut le = scalar.to_bytes();
                le.reverse();
                assert_eq!(tsk.serialize(), le);
                assert_eq!(tsk.public_key(), g1_mul(&scalar).to_compressed());
                let zero = TransportSecretKey::deserialize(&[0; 32]).unwrap();
                assert_eq!(zero.public_key(), G1Affine::identity().to_compressed());
                assert!(is_valid_transport_public_key_encoding(&zero.public_key()));
                let r = Fr::from_u64(99);
                let bytes =
                    [g1_mul(&r).to_compressed().as_slice(), &g2_mul(&r).to_compressed(), &sig.to_compressed()].concat();
                let ek = EncryptedVetKey::deserialize(&bytes).unwrap();
                assert_eq!(ek.decrypt_and_verify(&zero, &dpk, input).unwrap().serialize(), &sig.to_compressed());
                checked += 1;
            }
            "sizes" => {
                let size = |k: &str| value[k].as_u64().unwrap() as usize;
                assert_eq!(size("G1_compressed"), VetKey::BYTES);
                assert_eq!(size("G1_compressed"), TransportSecretKey::from_seed(&[1; 32]).unwrap().public_key().len());
                assert_eq!(size("G2_compressed"), DerivedPublicKey::BYTES);
                assert_eq!(size("G2_compressed"), MasterPublicKey::BYTES);
                assert_eq!(size("encrypted_vetkey"), EncryptedVetKey::BYTES);
                assert_eq!(size("ibe_overhead"), IbeCiphertext::ciphertext_size(0));
                assert_eq!(value.as_object().unwrap().len(), 4, "{section}");
                checked += 1;
            }
            other => panic!("{file}: section {other} is neither checked nor named"),
        }
    }
    println!(
        "{DIR}/{file}: {checked} sections checked ({master_keys} master keys), {metadata} metadata, {named} \
         symmetric_kdf entries not representable"
    );
    assert_eq!(checked + metadata, sections.len());
    assert_eq!(master_keys, 5);
    assert_eq!(named, 7, "the AES-GCM entries of symmetric_kdf");
}

/// SHAKE256 (FIPS 202), for the IBE message mask (sha3 is a dependency of icbls).
fn shake256(seed: &[u8], len: usize) -> Vec<u8> {
    use sha3::digest::{ExtendableOutput, Update, XofReader};
    let mut shake = sha3::Shake256::default();
    shake.update(seed);
    let mut out = vec![0u8; len];
    shake.finalize_xof().read(&mut out);
    out
}

#[test]
fn key_derivation() {
    let file = "key_derivation.json";
    let Some(v) = json(file) else { return };
    let chains = array(&v, "master_to_canister_to_context");
    let second = array(&v, "canister_key_to_context");
    assert_eq!((chains.len(), second.len()), (6, 2), "{file}");
    let (mut checked, mut canister_keys) = (0, 0);
    for c in chains {
        let name = s(&c["name"]);
        let mpk_bytes = h(&c["master_public_key"]);
        let mpk = MasterPublicKey::deserialize(&mpk_bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(id) = c.get("master_key_id").and_then(Value::as_str) {
            assert_eq!(built_in_master_key(id), Some(mpk), "{name}: the built-in {id}");
        }
        let canister_id = h(&c["canister_id_hex"]);
        if let Some(text) = c.get("canister_id_text").and_then(Value::as_str) {
            assert_eq!(certificates::principal_text(&canister_id), text, "{name}: canister id text");
        }
        let canister_key = mpk.derive_canister_key(&canister_id);
        if !c["expected_canister_key"].is_null() {
            assert_eq!(canister_key.serialize().to_vec(), h(&c["expected_canister_key"]), "{name}: canister key");
            canister_keys += 1;
        }
        let derived = canister_key.derive_sub_key(&h(&c["context_hex"]));
        assert_eq!(derived.serialize().to_vec(), h(&c["expected_derived_key"]), "{name}: derived key");
        checked += 1;
    }
    for c in second {
        let name = s(&c["name"]);
        let canister_key = DerivedPublicKey::deserialize(&h(&c["canister_key"])).unwrap();
        let derived = canister_key.derive_sub_key(&h(&c["context_hex"]));
        assert_eq!(derived.serialize().to_vec(), h(&c["expected_derived_key"]), "{name}");
        checked += 1;
    }
    println!("{DIR}/{file}: {checked} checked ({canister_keys} intermediate canister keys), 0 not representable");
    assert_eq!(checked, chains.len() + second.len());
    assert_eq!(canister_keys, 3);
}

#[test]
fn augmented_bls_signature() {
    let file = "augmented_bls_signature.json";
    let Some(v) = json(file) else { return };
    let dst = s(&v["dst"]).as_bytes();
    let verify = array(&v, "verify");
    let hashes = array(&v, "augmented_hash_to_g1");
    assert_eq!((verify.len(), hashes.len()), (4, 1), "{file}");
    let (mut checked, mut valid) = (0, 0);
    for c in verify {
        let name = s(&c["name"]);
        let expected = c["expected"].as_bool().unwrap();
        // The identity, which ic-vetkeys decodes as a derived key and verifies nothing under, is
        // refused here when it is decoded.
        let dpk = match DerivedPublicKey::deserialize(&h(&c["derived_public_key"])) {
            Err(VetKeyError::IdentityPublicKey) if !expected => {
                checked += 1;
                continue;
            }
            dpk => dpk.unwrap_or_else(|e| panic!("{name}: {e}")),
        };
        assert_eq!(verify_bls_signature(&dpk, &h(&c["input_hex"]), &h(&c["signature"])), expected, "{name}");
        valid += usize::from(expected);
        checked += 1;
    }
    for c in hashes {
        let msg = [h(&c["public_key"]), h(&c["message_hex"])].concat();
        let point = hash_to_g1(&msg, dst).to_affine();
        assert_eq!(point.to_compressed().to_vec(), h(&c["expected_g1_compressed"]), "{}", s(&c["name"]));
        checked += 1;
    }
    println!("{DIR}/{file}: {checked} checked ({valid} valid signatures), 0 not representable");
    assert_eq!(checked, verify.len() + hashes.len());
    assert_eq!(valid, 1);
}

#[test]
fn encrypted_vetkey() {
    let file = "encrypted_vetkey.json";
    let Some(v) = json(file) else { return };
    let cases = array(&v, "cases");
    assert_eq!(cases.len(), 1, "{file}");
    let (mut checked, mut symmetric) = (0, 0);
    for c in cases {
        let name = s(&c["name"]);
        let tsk = TransportSecretKey::from_seed(&h(&c["transport_secret_key_seed_hex"])).unwrap();
        assert_eq!(tsk.serialize().to_vec(), h(&c["transport_secret_key_le_hex"]), "{name}: little-endian");
        let mut be = tsk.serialize();
        be.reverse();
        assert_eq!(be.to_vec(), h(&c["transport_secret_key_be_hex"]), "{name}: big-endian");
        assert_eq!(tsk_from_be(&be).serialize(), tsk.serialize(), "{name}");
        assert_eq!(tsk.public_key().to_vec(), h(&c["transport_public_key"]), "{name}: tpk");

        let dpk = DerivedPublicKey::deserialize(&h(&c["derived_public_key"])).unwrap();
        let ek_bytes = h(&c["encrypted_vetkey"]);
        let ek = EncryptedVetKey::deserialize(&ek_bytes).unwrap();
        assert_eq!(ek.serialize().to_vec(), ek_bytes, "{name}");
        let input = h(&c["input_hex"]);
        assert_eq!(s(&c["expected_result"]), "ok");
        let vetkey = ek.decrypt_and_verify(&tsk, &dpk, &input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(vetkey.serialize().to_vec(), h(&c["expected_vetkey"]), "{name}: vetKey");
        assert_eq!(ek.decrypt_and_verify(&tsk, &dpk, b"another input").err(), Some(VetKeyError::InvalidVetKey));
        for k in array(c, "symmetric_keys") {
            let len = k["len"].as_u64().unwrap() as usize;
            let key = vetkey.derive_symmetric_key(s(&k["domain_sep"]), len).unwrap();
            assert_eq!(key, h(&k["expected"]), "{name}: symmetric key {}", s(&k["domain_sep"]));
            symmetric += 1;
        }
        checked += 1;
    }
    println!("{DIR}/{file}: {checked} checked ({symmetric} symmetric keys), 0 not representable");
    assert_eq!(checked, cases.len());
    assert_eq!(symmetric, 1);
}

#[test]
fn ibe() {
    let file = "ibe.json";
    let Some(v) = json(file) else { return };
    let cases = array(&v, "cases");
    assert_eq!(cases.len(), 1, "{file}");
    let mut checked = 0;
    for c in cases {
        let name = s(&c["name"]);
        let dpk = DerivedPublicKey::deserialize(&h(&c["derived_public_key"])).unwrap();
        let identity = IbeIdentity::from_bytes(&h(&c["identity_hex"]));
        let msg = h(&c["message_hex"]);
        let seed = IbeSeed::from_bytes(&h(&c["seed_hex"])).unwrap();
        let expected = h(&c["expected_ciphertext"]);
        let ctext = IbeCiphertext::encrypt(&dpk, &identity, &msg, &seed);
        assert_eq!(ctext.serialize(), expected, "{name}: ciphertext");
        let parsed = IbeCiphertext::deserialize(&expected).unwrap();
        assert_eq!(parsed, ctext, "{name}");
        assert_eq!(IbeCiphertext::plaintext_size(expected.len()), Some(msg.len()));
        let vetkey_bytes = h(&c["vetkey_for_decryption"]);
        assert!(verify_bls_signature(&dpk, identity.value(), &vetkey_bytes), "{name}: the vetKey is for the identity");
        let vetkey = VetKey::deserialize(&vetkey_bytes).unwrap();
        assert_eq!(parsed.decrypt(&vetkey).unwrap(), h(&c["expected_plaintext_hex"]), "{name}: plaintext");
        checked += 1;
    }
    println!("{DIR}/{file}: {checked} checked, 0 not representable");
    assert_eq!(checked, cases.len());
}

#[test]
fn hash_to_scalar_vectors() {
    let file = "hash_to_scalar.json";
    let Some(v) = json(file) else { return };
    let cases = array(&v, "cases");
    assert_eq!(cases.len(), 2, "{file}");
    let mut checked = 0;
    for c in cases {
        let scalar = hash_to_scalar(&h(&c["msg_hex"]), s(&c["dst"]).as_bytes(), 48);
        // Printed without leading zeros.
        let expected = format!("{:0>64}", s(&c["expected_scalar_hex"]));
        assert_eq!(hex::encode(scalar.to_bytes()), expected, "msg {}", s(&c["msg_hex"]));
        checked += 1;
    }
    println!("{DIR}/{file}: {checked} checked, 0 not representable");
    assert_eq!(checked, cases.len());
}

#[test]
fn symmetric_kdf_and_aes_gcm() {
    let file = "symmetric_kdf_and_aes_gcm.json";
    let Some(v) = json(file) else { return };
    let hkdf = array(&v, "hkdf_sha256_empty_salt");
    let vetkeys = array(&v, "vetkey_derive_symmetric_key");
    let aes = array(&v, "derived_key_material_aes_gcm_decrypt");
    assert_eq!((hkdf.len(), vetkeys.len(), aes.len()), (23, 2, 2), "{file}");
    let (mut checked, mut named) = (0, 0);
    for (i, c) in hkdf.iter().enumerate() {
        let info = h(&c["info_hex"]);
        let len = c["len"].as_u64().unwrap() as usize;
        match std::str::from_utf8(&info) {
            Ok(domain_sep) => {
                let okm = derive_symmetric_key(&h(&c["ikm_hex"]), domain_sep, len).unwrap();
                assert_eq!(okm, h(&c["expected_okm_hex"]), "hkdf_sha256_empty_salt[{i}]");
                checked += 1;
            }
            Err(_) => {
                not_representable(file, &format!("hkdf_sha256_empty_salt[{i}]"), NON_UTF8_INFO);
                named += 1;
            }
        }
    }
    for c in vetkeys {
        let vetkey = VetKey::deserialize(&h(&c["vetkey"])).unwrap();
        let len = c["len"].as_u64().unwrap() as usize;
        assert_eq!(vetkey.derive_symmetric_key(s(&c["domain_sep"]), len).unwrap(), h(&c["expected"]));
        checked += 1;
    }
    for c in aes {
        // What icbls does have is checked: the vetKey decodes.
        VetKey::deserialize(&h(&c["vetkey"])).unwrap();
        not_representable(file, &format!("derived_key_material_aes_gcm_decrypt: {}", s(&c["name"])), AES_GCM);
        named += 1;
    }
    println!("{DIR}/{file}: {checked} checked, {named} not representable");
    assert_eq!(checked + named, hkdf.len() + vetkeys.len() + aes.len());
    assert_eq!(named, 13 + 2, "the HKDF cases with non-UTF-8 info and the AES-GCM cases");
}

#[test]
fn vrf() {
    let file = "vrf.json";
    let Some(v) = json(file) else { return };
    let cases = array(&v, "cases");
    assert_eq!(cases.len(), 1, "{file}");
    let mut checked = 0;
    for c in cases {
        let bytes = h(&c["vrf_output_bytes"]);
        let dpk = built_in_master_key(s(&c["master_key_id"]))
            .unwrap()
            .derive_canister_key(&h(&c["canister_id_hex"]))
            .derive_sub_key(s(&c["context_ascii"]).as_bytes());
        assert_eq!(dpk.serialize(), bytes[48..144], "the key is the derived one");
        let parsed = VrfOutput::deserialize(&bytes);
        assert_eq!(parsed.is_ok(), c["expected_valid"].as_bool().unwrap(), "{parsed:?}");
        let vrf = parsed.unwrap();
        assert_eq!(vrf.output().to_vec(), h(&c["expected_output"]));
        assert_eq!(vrf.input(), s(&c["input_ascii"]).as_bytes());
        assert_eq!(vrf.public_key(), &dpk);
        assert_eq!(vrf.serialize(), bytes);
        checked += 1;
    }
    println!("{DIR}/{file}: {checked} checked, 0 not representable");
    assert_eq!(checked, cases.len());
}

#[test]
fn transport_public_key_validity() {
    let file = "transport_public_key_validity.json";
    let Some(v) = json(file) else { return };
    let cases = array(&v, "cases");
    assert_eq!(cases.len(), 5, "{file}");
    let mut checked = 0;
    for c in cases {
        let bytes = h(&c["bytes_hex"]);
        assert_eq!(is_valid_transport_public_key_encoding(&bytes), c["expected"].as_bool().unwrap(), "{c}");
        checked += 1;
    }
    println!("{DIR}/{file}: {checked} checked, 0 not representable");
    assert_eq!(checked, cases.len());
}

/// The replica's side: the published shares are checked as the IC checks them (each is an
/// encrypted vetKey share under the node's derived key), the collector's secrets against the
/// published keys, and the combinations as `threshold::combine` interpolates them.
#[test]
fn ic_vetkd_encrypted_key_shares() {
    let file = "ic_vetkd_encrypted_key_shares.json";
    let Some(v) = json(file) else { return };
    let mut checked = 0;

    // The transport key known answer (its secret drawn from the replica's RNG; the draw is the
    // replica's, the key pair is checked here).
    let kat = &v["transport_key_gen_is_stable"];
    let tsk = tsk_from_be(&h(&kat["transport_secret_key_be"]));
    assert_eq!(tsk.public_key().to_vec(), h(&kat["transport_public_key"]), "transport_key_gen_is_stable");
    checked += 1;

    let e = &v["encrypted_key_share_creation_is_stable"];
    let d = &e["collector_derived"];
    let tsk = tsk_from_be(&h(&d["transport_secret_key_be"]));
    assert_eq!(tsk.public_key().to_vec(), h(&d["transport_public_key"]));
    // The polynomial: f(0) is the master secret; its public coefficients give the master key and
    // every node's key; f(x) is every node's secret.
    let coefficients: Vec<Fr> = array(d, "polynomial_coefficients_be").iter().map(|c| fr(&h(c))).collect();
    let threshold = e["threshold"].as_u64().unwrap() as usize;
    assert_eq!(coefficients.len(), threshold);
    assert_eq!(coefficients[0], fr(&h(&d["master_secret_key_be"])));
    let public = PublicCoefficients::<MinSig>::from_points(coefficients.iter().map(g2_mul).collect()).unwrap();
    let mpk = MasterPublicKey::deserialize(&h(&d["master_public_key"])).unwrap();
    assert_eq!(public.public_key().unwrap().point(), mpk.point(), "master public key");
    let node_keys = array(d, "node_public_keys");
    let node_secrets = array(d, "node_secret_keys_be");
    assert_eq!((node_keys.len(), node_secrets.len()), (13, 13));
    for (i, (key, secret)) in node_keys.iter().zip(node_secrets).enumerate() {
        let index = ShareIndex::from_node_index(i as u32);
        let x = Fr::from_u64(index.x());
        let value = coefficients.iter().rev().fold(Fr::ZERO, |acc, c| acc * x + *c);
        assert_eq!(value, fr(&h(secret)), "node {i}: f(x)");
        assert_eq!(*public.share_public_key(index).unwrap().point(), g2(&h(key)), "node {i}: public key");
        assert_eq!(g2_mul(&value), g2(&h(key)), "node {i}: g2·f(x)");
    }
    let dpk = mpk.derive_canister_key(&h(&d["canister_id_hex"])).derive_sub_key(&h(&d["context_hex"]));
    assert_eq!(dpk.serialize().to_vec(), h(&d["derived_public_key"]), "derived public key");
    let input = h(&d["input_hex"]);
    let vetkey = h(&d["vetkey"]);
    assert!(verify_bls_signature(&dpk, &input, &vetkey), "the vetKey verifies");
    // The key shares are signature shares on H(dpk ‖ input) (augmented with the combined key)
    // under node_pk + g2·delta: the public coefficients of the derived polynomial, whose constant
    // term is dpk itself (delta = the derivation's offset, dpk − mpk).
    let mut derived_points = public.points().to_vec();
    derived_points[0] = *dpk.point();
    let derived = PublicCoefficients::<MinSig>::from_points(derived_points).unwrap();
    let signed = [dpk.serialize().as_slice(), &input].concat();
    let tsk_scalar = fr(&h(&d["transport_secret_key_be"]));
    let neg_g2 = -G2Affine::generator();

    // The 13 published shares, checked as the IC checks them: c1 and c2 have one discrete
    // logarithm, and c3 − tsk·c1 is the node's signature share.
    let shares = array(e, "encrypted_key_shares");
    assert_eq!(shares.len(), e["nodes"].as_u64().unwrap() as usize);
    let mut eks = Vec::new();
    let mut key_shares = Vec::new();
    for share in shares {
        let i = share["node_index"].as_u64().unwrap() as usize;
        let index = ShareIndex::from_node_index(i as u32);
        assert_eq!(share["x"].as_u64(), Some(index.x()), "node {i}: x = index + 1");
        let bytes = h(&share["eks"]);
        let ek = EncryptedVetKey::deserialize(&bytes).unwrap_or_else(|e| panic!("node {i}: {e}"));
        assert_eq!(ek.serialize().to_vec(), bytes);
        assert!(
            pairing_check(&[(*ek.c1(), neg_g2), (G1Affine::generator(), *ek.c2())]),
            "node {i}: e(c1,g2) = e(g1,c2)"
        );
        let k = (G1Projective::from(*ek.c3()) - G1Projective::from(*ek.c1()).mul_vartime(&tsk_scalar)).to_affine();
        let key_share = Signature::<MinSig>::from_point(k).unwrap();
        let verified = derived.verify_share(index, &signed, &key_share, min_sig::aug::DST);
        assert!(verified.is_ok(), "node {i}: the decrypted share: {verified:?}");
        // Not a vetKey by itself.
        assert_eq!(ek.decrypt_and_verify(&tsk, &dpk, &input).err(), Some(VetKeyError::InvalidVetKey), "node {i}");
        eks.push((index, ek));
        key_shares.push((index, key_share));
        checked += 1;
    }

    // The combinations: Lagrange coefficients at zero, each component interpolated, and the
    // result decrypted to the vetKey (or, below the threshold, not).
    let combinations = array(e, "combined_encrypted_keys_collector_derived");
    for c in combinations {
        let nodes: Vec<usize> = array(c, "node_indices").iter().map(|n| n.as_u64().unwrap() as usize).collect();
        let used: Vec<&(ShareIndex, EncryptedVetKey)> = nodes.iter().map(|&n| &eks[n]).collect();
        let xs: Vec<Fr> = used.iter().map(|(index, _)| Fr::from_u64(index.x())).collect();
        for (i, lambda) in array(c, "lagrange_coefficients_at_zero_be").iter().enumerate() {
            let expected = xs
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .fold(Fr::ONE, |acc, (_, xj)| acc * *xj * (*xj - xs[i]).invert_vartime().expect("distinct points"));
            assert_eq!(expected, fr(&h(lambda)), "{nodes:?}: lambda {i}");
        }
        let g1_shares = |part: fn(&EncryptedVetKey) -> G1Affine| -> G1Affine {
            let sigs: Vec<_> =
                used.iter().map(|(index, ek)| (*index, Signature::<MinSig>::from_point(part(ek)).unwrap())).collect();
            *threshold::combine(&sigs, sigs.len()).unwrap().point()
        };
        let c1 = g1_shares(|ek| *ek.c1());
        let c3 = g1_shares(|ek| *ek.c3());
        let c2_shares: Vec<_> =
            used.iter().map(|(index, ek)| (*index, Signature::<MinPk>::from_point(*ek.c2()).unwrap())).collect();
        let c2 = *threshold::combine(&c2_shares, c2_shares.len()).unwrap().point();
        let combined = [c1.to_compressed().as_slice(), &c2.to_compressed(), &c3.to_compressed()].concat();
        assert_eq!(combined, h(&c["encrypted_key"]), "{nodes:?}: the combined encrypted key");
        let ek = EncryptedVetKey::deserialize(&combined).unwrap();
        let got = ek.decrypt_and_verify(&tsk, &dpk, &input);
        // The decrypted shares combine as the encrypted ones do.
        let used_keys: Vec<_> = nodes.iter().map(|&n| key_shares[n]).collect();
        let combined_key = threshold::combine(&used_keys, used_keys.len()).unwrap();
        assert_eq!(
            verify_bls_signature(&dpk, &input, &combined_key.to_bytes()),
            c["decrypts_to_vetkey"].as_bool().unwrap(),
            "{nodes:?}: the combined decrypted shares"
        );
        if c["decrypts_to_vetkey"].as_bool().unwrap() {
            assert!(nodes.len() >= threshold);
            assert_eq!(got.map(|k| k.serialize().to_vec()), Ok(vetkey.clone()), "{nodes:?}");
        } else {
            assert!(nodes.len() < threshold);
            assert_eq!(got.err(), Some(VetKeyError::InvalidVetKey), "{nodes:?}");
        }
        checked += 1;
    }
    println!(
        "{DIR}/{file}: {checked} checked (1 transport key, {} shares, {} combinations), 0 not representable",
        shares.len(),
        combinations.len()
    );
    assert_eq!(checked, 1 + shares.len() + combinations.len());
    assert_eq!((shares.len(), combinations.len()), (13, 5));
}
