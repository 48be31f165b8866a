//! `icbls::vetkeys` against dfinity's `ic-vetkeys` 0.8.1: every vector of its `tests/utils.rs`
//! that covers what the module implements (`vetkeys/` of the public vectors), differential
//! tests against the crate itself on seeded random inputs (encrypted keys built as the IC
//! builds them, with `ic_bls12_381`), and malformed or adversarial input, which must be
//! rejected with the field named and never panic.

use icbls_testkit::library as common;

use common::Rng;
use ic_bls12_381 as ic;
use ic_vetkeys as theirs;
use icbls::vetkeys::{
    derive_symmetric_key, is_valid_transport_public_key_encoding, verify_bls_signature, DerivedKeyMaterial,
    DerivedPublicKey, EncryptedVetKey, IbeCiphertext, IbeIdentity, IbeSeed, MasterPublicKey, TransportSecretKey,
    VetKey, VetKeyError, VrfOutput,
};
use icbls::{DecodeError, G1Affine, G2Affine};
use serde_json::Value;

/// `ic-vetkeys`'s vectors, or `None` when the public vectors are absent (the test is skipped).
fn vectors() -> Option<Value> {
    common::vector_json("vetkeys/ic_vetkeys_utils.json")
}

fn h(v: &Value) -> Vec<u8> {
    common::hex(v)
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap()
}

// ---------------------------------------------------------------------------------------------
// Vectors of ic-vetkeys's tests/utils.rs

#[test]
fn hkdf_vectors() {
    let Some(v) = vectors() else { return };
    let cases = v["hkdf"].as_array().unwrap();
    assert_eq!(cases.len(), 10);
    for c in cases {
        let out = h(&c["output"]);
        assert_eq!(derive_symmetric_key(&h(&c["input"]), s(&c["domain_sep"]), out.len()).unwrap(), out);
    }
}

#[test]
fn transport_public_key_validity_vectors() {
    let Some(v) = vectors() else { return };
    for c in v["transport_public_key_validity"].as_array().unwrap() {
        assert_eq!(is_valid_transport_public_key_encoding(&h(&c["bytes"])), c["valid"].as_bool().unwrap());
    }
}

#[test]
fn public_key_derivation_vector() {
    let Some(v) = vectors() else { return };
    let c = &v["public_key_derivation"];
    let mpk = MasterPublicKey::deserialize(&h(&c["master_public_key"])).unwrap();
    assert_eq!(mpk.serialize().to_vec(), h(&c["master_public_key"]));
    let canister_key = mpk.derive_canister_key(&h(&c["canister_id"]));
    assert_eq!(canister_key.serialize().to_vec(), h(&c["canister_key"]));
    assert_eq!(canister_key.derive_sub_key(&h(&c["context"])).serialize().to_vec(), h(&c["derived_key"]));
}

#[test]
fn second_level_derivation_vector() {
    let Some(v) = vectors() else { return };
    let c = &v["second_level_derivation"];
    let canister_key = DerivedPublicKey::deserialize(&h(&c["canister_key"])).unwrap();
    assert_eq!(canister_key.derive_sub_key(&[]), canister_key, "empty context is a no-op");
    assert_eq!(canister_key.derive_sub_key(&h(&c["context"])).serialize().to_vec(), h(&c["derived_key"]));
}

#[test]
fn mainnet_and_pocketic_derivation_vectors() {
    let Some(v) = vectors() else { return };
    let cases = v["mainnet_derivation"].as_array().unwrap();
    assert_eq!(cases.len(), 2);
    for c in cases {
        let mk = MasterPublicKey::for_mainnet_key(s(&c["key_name"])).unwrap();
        let canister_key = mk.derive_canister_key(&h(&c["canister_id"]));
        assert_eq!(canister_key.serialize().to_vec(), h(&c["canister_key"]), "{}", c["key_name"]);
        let derived = canister_key.derive_sub_key(&h(&c["context"]));
        assert_eq!(derived.serialize().to_vec(), h(&c["derived_key"]), "{}", c["key_name"]);
    }
    let cases = v["pocketic_derivation"].as_array().unwrap();
    assert_eq!(cases.len(), 3);
    for c in cases {
        let mk = MasterPublicKey::for_pocketic_key(s(&c["key_name"])).unwrap();
        let derived = mk.derive_canister_key(&h(&c["canister_id"])).derive_sub_key(&h(&c["context"]));
        assert_eq!(derived.serialize().to_vec(), h(&c["derived_key"]), "{}", c["key_name"]);
    }
}

#[test]
fn built_in_master_keys_equal_ic_vetkeys() {
    use ic_cdk_management_canister::{VetKDCurve, VetKDKeyId};
    for (name, mainnet) in [("key_1", true), ("test_key_1", true), ("dfx_test_key", false)] {
        let id = VetKDKeyId { curve: VetKDCurve::Bls12_381_G2, name: name.to_string() };
        let theirs = theirs::MasterPublicKey::for_pocketic_key(&id).unwrap();
        assert_eq!(MasterPublicKey::for_pocketic_key(name).unwrap().serialize().to_vec(), theirs.serialize());
        let theirs = theirs::MasterPublicKey::for_mainnet_key(&id);
        let ours = MasterPublicKey::for_mainnet_key(name);
        assert_eq!(ours.is_some(), mainnet);
        assert_eq!(ours.map(|k| k.serialize().to_vec()), theirs.map(|k| k.serialize()));
    }
}

#[test]
fn bls_signature_verification_vector() {
    let Some(v) = vectors() else { return };
    let c = &v["bls_signature_verification"];
    let dpk = DerivedPublicKey::deserialize(&h(&c["derived_public_key"])).unwrap();
    let sig = h(&c["signature"]);
    assert!(verify_bls_signature(&dpk, &h(&c["message"]), &sig));
    assert!(!verify_bls_signature(&dpk, &h(&c["wrong_message"]), &sig));
    assert!(!verify_bls_signature(&dpk, &h(&c["message"]), &sig[1..]));

    // The identity is refused as a public key, derived or master (where ic-vetkeys decodes
    // both): nothing verifies under it, and every key derived from an identity master key is a
    // public multiple of g2.
    let identity = G2Affine::identity().to_compressed();
    assert_eq!(DerivedPublicKey::deserialize(&identity).unwrap_err(), VetKeyError::IdentityPublicKey);
    assert_eq!(MasterPublicKey::deserialize(&identity).unwrap_err(), VetKeyError::IdentityMasterKey);
}

#[test]
fn symmetric_key_vector() {
    let Some(v) = vectors() else { return };
    let c = &v["symmetric_key"];
    let vetkey = VetKey::deserialize(&h(&c["vetkey"])).unwrap();
    let len = c["length"].as_u64().unwrap() as usize;
    assert_eq!(vetkey.derive_symmetric_key(s(&c["domain_sep"]), len).unwrap(), h(&c["key"]));
}

#[test]
fn fixed_protocol_flow_vector() {
    let Some(v) = vectors() else { return };
    let c = &v["fixed_protocol_flow"];
    let tsk = TransportSecretKey::from_seed(&h(&c["transport_seed"])).unwrap();
    assert_eq!(tsk.serialize().to_vec(), h(&c["transport_secret_key"]));
    assert_eq!(TransportSecretKey::deserialize(&tsk.serialize()).unwrap().serialize(), tsk.serialize());
    assert_eq!(tsk.public_key().to_vec(), h(&c["transport_public_key"]));

    let dpk = DerivedPublicKey::deserialize(&h(&c["derived_public_key"])).unwrap();
    let ek = EncryptedVetKey::deserialize(&h(&c["encrypted_key"])).unwrap();
    assert_eq!(ek.serialize().to_vec(), h(&c["encrypted_key"]));
    let input = h(&c["input"]);

    let msg = h(&c["ibe_message"]);
    let seed = IbeSeed::from_bytes(&h(&c["ibe_seed"])).unwrap();
    let ctext = IbeCiphertext::encrypt(&dpk, &IbeIdentity::from_bytes(&input), &msg, &seed);
    let ctext_bytes = ctext.serialize();
    assert_eq!(ctext_bytes, h(&c["ibe_ciphertext"]));
    assert_eq!(IbeCiphertext::deserialize(&ctext_bytes).unwrap(), ctext);

    let vetkey = ek.decrypt_and_verify(&tsk, &dpk, &input).unwrap();
    assert_eq!(vetkey.signature_bytes().to_vec(), h(&c["vetkey"]));
    assert_eq!(ctext.decrypt(&vetkey).unwrap(), msg);
}

/// The VRF output `ic-vetkeys` read from mainnet: its proof is a vetKey of key_1 for canister
/// `urq22-…` and context "vrf context", which must verify under the key derived offline; the
/// VRF value is HKDF-SHA256 of the length-prefixed vetKey, key and input.
#[test]
fn mainnet_vrf_vector() {
    let Some(v) = vectors() else { return };
    let c = &v["mainnet_vrf"];
    let vrf = h(&c["vrf_output"]);
    let (proof, rest) = vrf.split_at(48);
    let (dpk_bytes, input) = rest.split_at(96);
    assert_eq!(input, h(&c["input"]));
    let dpk = MasterPublicKey::for_mainnet_key(s(&c["key_name"]))
        .unwrap()
        .derive_canister_key(&h(&c["canister_id"]))
        .derive_sub_key(&h(&c["context"]));
    assert_eq!(dpk.serialize().to_vec(), dpk_bytes);
    assert!(verify_bls_signature(&dpk, input, proof));
    assert!(!verify_bls_signature(&dpk, b"vrf inpuT", proof));

    let mut ro = Vec::new();
    for part in [proof, dpk_bytes, input] {
        ro.extend_from_slice(&(part.len() as u64).to_be_bytes());
        ro.extend_from_slice(part);
    }
    assert_eq!(derive_symmetric_key(&ro, "ic-vetkd-bls12-381-g2-vrf", 32).unwrap(), h(&c["output"]));

    let parsed = VrfOutput::deserialize(&vrf).unwrap();
    assert_eq!(parsed.output().to_vec(), h(&c["output"]));
    assert_eq!(parsed.public_key(), &dpk);
    assert_eq!(parsed.input(), input);
    assert_eq!(parsed.serialize(), vrf);
}

// ---------------------------------------------------------------------------------------------
// Differential tests against the ic-vetkeys crate

fn bytes(rng: &mut Rng, len: usize) -> Vec<u8> {
    let mut b = vec![0u8; len];
    rng.fill(&mut b);
    b
}

fn random_len(rng: &mut Rng, max: usize) -> usize {
    (rng.next_u64() % (max as u64 + 1)) as usize
}

/// Random bytes of a random length up to `max`.
fn random_bytes(rng: &mut Rng, max: usize) -> Vec<u8> {
    let len = random_len(rng, max);
    bytes(rng, len)
}

fn ic_scalar(rng: &mut Rng) -> ic::Scalar {
    let mut wide = [0u8; 64];
    rng.fill(&mut wide);
    ic::Scalar::from_bytes_wide(&wide)
}

/// `hash_to_field` into a scalar as the IC does (ic_bls12_381's implementation).
fn ic_hash_to_scalar(a: &[u8], b: &[u8], dst: &[u8]) -> ic::Scalar {
    use ic::hash_to_curve::{ExpandMsgXmd, HashToField};
    let mut input = Vec::new();
    for part in [a, b] {
        input.extend_from_slice(&(part.len() as u64).to_be_bytes());
        input.extend_from_slice(part);
    }
    let mut out = [ic::Scalar::zero()];
    <ic::Scalar as HashToField>::hash_to_field::<ExpandMsgXmd<sha2::Sha256>>(&input, dst, &mut out);
    out[0]
}

/// The IC's side, computed with ic_bls12_381: the derived key pair for `(canister_id,
/// context)` and the vetKey for `input` encrypted to `tpk` (c1 = r·g1, c2 = r·g2,
/// c3 = dsk·H(dpk ‖ input) + r·tpk), as ic-vetkeys's test utilities and the IC build them.
struct IcSide {
    master_sk: ic::Scalar,
    master_pk: ic::G2Affine,
}

impl IcSide {
    fn new(rng: &mut Rng) -> IcSide {
        let master_sk = ic_scalar(rng);
        IcSide { master_sk, master_pk: ic::G2Affine::from(ic::G2Affine::generator() * master_sk) }
    }

    fn derive(&self, canister_id: &[u8], context: &[u8]) -> (ic::Scalar, ic::G2Affine) {
        let d1 = ic_hash_to_scalar(&self.master_pk.to_compressed(), canister_id, b"ic-vetkd-bls12-381-g2-canister-id");
        let pk1 = ic::G2Affine::from(ic::G2Affine::generator() * d1 + self.master_pk);
        if context.is_empty() {
            return (self.master_sk + d1, pk1);
        }
        let d2 = ic_hash_to_scalar(&pk1.to_compressed(), context, b"ic-vetkd-bls12-381-g2-context");
        (self.master_sk + d1 + d2, ic::G2Affine::from(ic::G2Affine::generator() * d2 + pk1))
    }

    fn encrypted_key(&self, rng: &mut Rng, canister_id: &[u8], context: &[u8], tpk: &[u8], input: &[u8]) -> Vec<u8> {
        use ic::hash_to_curve::{ExpandMsgXmd, HashToCurve};
        let (dsk, dpk) = self.derive(canister_id, context);
        let tpk = ic::G1Affine::from_compressed(tpk.try_into().unwrap()).unwrap();
        let mut msg = dpk.to_compressed().to_vec();
        msg.extend_from_slice(input);
        let hm = <ic::G1Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::hash_to_curve(
            &msg,
            b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_",
        );
        let r = ic_scalar(rng);
        let c1 = ic::G1Affine::from(ic::G1Affine::generator() * r);
        let c2 = ic::G2Affine::from(ic::G2Affine::generator() * r);
        let c3 = ic::G1Affine::from(tpk * r + hm * dsk);
        [c1.to_compressed().as_slice(), &c2.to_compressed(), &c3.to_compressed()].concat()
    }
}

#[test]
fn key_derivation_matches_ic_vetkeys() {
    let mut rng = Rng::new(0x7e7_0001);
    for i in 0..40 {
        let side = IcSide::new(&mut rng);
        let mpk_bytes = side.master_pk.to_compressed();
        let ours = MasterPublicKey::deserialize(&mpk_bytes).unwrap();
        let them = theirs::MasterPublicKey::deserialize(&mpk_bytes).unwrap();
        let canister_id = random_bytes(&mut rng, 29);
        let context = if i % 4 == 0 { Vec::new() } else { random_bytes(&mut rng, 100) };
        let ours_ck = ours.derive_canister_key(&canister_id);
        let them_ck = them.derive_canister_key(&canister_id);
        assert_eq!(ours_ck.serialize().to_vec(), them_ck.serialize(), "case {i}");
        let ours_dk = ours_ck.derive_sub_key(&context);
        assert_eq!(ours_dk.serialize().to_vec(), them_ck.derive_sub_key(&context).serialize(), "case {i}");
        // And the IC's secret-side derivation gives the same public key.
        assert_eq!(ours_dk.serialize(), side.derive(&canister_id, &context).1.to_compressed(), "case {i}");
    }
}

#[test]
fn transport_keys_match_ic_vetkeys() {
    let mut rng = Rng::new(0x7e7_0002);
    for i in 0..100 {
        let seed = bytes(&mut rng, 32);
        let ours = TransportSecretKey::from_seed(&seed).unwrap();
        let them = theirs::TransportSecretKey::from_seed(seed.clone()).unwrap();
        assert_eq!(ours.serialize().to_vec(), them.serialize(), "case {i}");
        assert_eq!(ours.public_key().to_vec(), them.public_key(), "case {i}");
        let back = TransportSecretKey::deserialize(&them.serialize()).unwrap();
        assert_eq!(back.public_key(), ours.public_key());
    }
    for len in [0, 16, 31, 33, 64] {
        assert!(TransportSecretKey::from_seed(&vec![7; len]).is_err());
        assert!(theirs::TransportSecretKey::from_seed(vec![7; len]).is_err());
    }
}

#[test]
fn decrypt_and_verify_matches_ic_vetkeys() {
    let mut rng = Rng::new(0x7e7_0003);
    for i in 0..12 {
        let side = IcSide::new(&mut rng);
        let canister_id = bytes(&mut rng, 10);
        let context = random_bytes(&mut rng, 40);
        let input = random_bytes(&mut rng, 64);
        let seed = bytes(&mut rng, 32);
        let tsk = TransportSecretKey::from_seed(&seed).unwrap();
        let their_tsk = theirs::TransportSecretKey::from_seed(seed).unwrap();
        let ek = side.encrypted_key(&mut rng, &canister_id, &context, &tsk.public_key(), &input);
        let dpk_bytes = side.derive(&canister_id, &context).1.to_compressed();

        let dpk = DerivedPublicKey::deserialize(&dpk_bytes).unwrap();
        let ours = EncryptedVetKey::deserialize(&ek).unwrap().decrypt_and_verify(&tsk, &dpk, &input).unwrap();
        let their_dpk = theirs::DerivedPublicKey::deserialize(&dpk_bytes).unwrap();
        let them = theirs::EncryptedVetKey::deserialize(&ek)
            .unwrap()
            .decrypt_and_verify(&their_tsk, &their_dpk, &input)
            .unwrap();
        assert_eq!(ours.signature_bytes(), them.signature_bytes(), "case {i}");
        assert_eq!(
            ours.derive_symmetric_key("icbls-test", 32 + i).unwrap(),
            them.derive_symmetric_key("icbls-test", 32 + i),
            "case {i}"
        );
        assert!(verify_bls_signature(&dpk, &input, ours.signature_bytes()));
        assert_eq!(VetKey::deserialize(ours.signature_bytes()).unwrap(), ours);

        // Both reject the same wrong input and the wrong transport key.
        let mut wrong_input = input.clone();
        wrong_input.push(0);
        let ek_ours = EncryptedVetKey::deserialize(&ek).unwrap();
        let ek_them = theirs::EncryptedVetKey::deserialize(&ek).unwrap();
        assert_eq!(ek_ours.decrypt_and_verify(&tsk, &dpk, &wrong_input).unwrap_err(), VetKeyError::InvalidVetKey);
        assert!(ek_them.decrypt_and_verify(&their_tsk, &their_dpk, &wrong_input).is_err());
        let other_seed = bytes(&mut rng, 32);
        let other = TransportSecretKey::from_seed(&other_seed).unwrap();
        let their_other = theirs::TransportSecretKey::from_seed(other_seed).unwrap();
        assert_eq!(ek_ours.decrypt_and_verify(&other, &dpk, &input).unwrap_err(), VetKeyError::InvalidVetKey);
        assert!(ek_them.decrypt_and_verify(&their_other, &their_dpk, &input).is_err());
    }
}

/// The IC's "unencrypted" vetKey: encrypted to the identity transport key, `c3` is the vetKey.
#[test]
fn identity_transport_key_gives_the_vetkey_in_c3() {
    let mut rng = Rng::new(0x7e7_0004);
    let side = IcSide::new(&mut rng);
    let identity_tpk = G1Affine::identity().to_compressed();
    assert!(is_valid_transport_public_key_encoding(&identity_tpk));
    let ek = side.encrypted_key(&mut rng, b"canister", b"ctx", &identity_tpk, b"input");
    let dpk = DerivedPublicKey::deserialize(&side.derive(b"canister", b"ctx").1.to_compressed()).unwrap();
    assert!(verify_bls_signature(&dpk, b"input", &ek[144..]));
}

#[test]
fn ibe_matches_ic_vetkeys_both_ways() {
    let mut rng = Rng::new(0x7e7_0005);
    let lens = [0usize, 1, 31, 32, 33, 64, 100, 1000, 5000];
    for (i, &len) in lens.iter().enumerate() {
        let side = IcSide::new(&mut rng);
        let identity = random_bytes(&mut rng, 40);
        let context = bytes(&mut rng, 8);
        let (_, dpk_point) = side.derive(b"canister", &context);
        let dpk_bytes = dpk_point.to_compressed();
        let dpk = DerivedPublicKey::deserialize(&dpk_bytes).unwrap();
        let their_dpk = theirs::DerivedPublicKey::deserialize(&dpk_bytes).unwrap();
        let msg = bytes(&mut rng, len);
        // 32-byte seeds are used as they are; other lengths go through HKDF.
        let seed_bytes = bytes(&mut rng, if i % 3 == 0 { 16 + i } else { 32 });
        let ours = IbeCiphertext::encrypt(
            &dpk,
            &IbeIdentity::from_bytes(&identity),
            &msg,
            &IbeSeed::from_bytes(&seed_bytes).unwrap(),
        );
        let them = theirs::IbeCiphertext::encrypt(
            &their_dpk,
            &theirs::IbeIdentity::from_bytes(&identity),
            &msg,
            &theirs::IbeSeed::from_bytes(&seed_bytes).unwrap(),
        );
        assert_eq!(ours.serialize(), them.serialize(), "case {i}: same seed, same bytes");
        assert_eq!(ours.serialize().len(), IbeCiphertext::ciphertext_size(len));
        assert_eq!(IbeCiphertext::plaintext_size(ours.serialize().len()), Some(len));

        // The vetKey for (dpk, identity), obtained through both decryptions.
        let seed = bytes(&mut rng, 32);
        let tsk = TransportSecretKey::from_seed(&seed).unwrap();
        let ek = side.encrypted_key(&mut rng, b"canister", &context, &tsk.public_key(), &identity);
        let vetkey = EncryptedVetKey::deserialize(&ek).unwrap().decrypt_and_verify(&tsk, &dpk, &identity).unwrap();
        let their_vetkey = theirs::VetKey::deserialize(vetkey.signature_bytes()).unwrap();

        // Ours decrypts theirs and theirs decrypts ours (a ciphertext of our own, with a
        // different seed, so the two directions are not the same computation).
        let ours2 = IbeCiphertext::encrypt(
            &dpk,
            &IbeIdentity::from_bytes(&identity),
            &msg,
            &IbeSeed::from_bytes(&seed).unwrap(),
        );
        let from_them = IbeCiphertext::deserialize(&them.serialize()).unwrap();
        assert_eq!(from_them.decrypt(&vetkey).unwrap(), msg, "case {i}");
        let to_them = theirs::IbeCiphertext::deserialize(&ours2.serialize()).unwrap();
        assert_eq!(to_them.decrypt(&their_vetkey).unwrap(), msg, "case {i}");
        assert_eq!(ours2.decrypt(&vetkey).unwrap(), msg, "case {i}");

        // Another identity's vetKey decrypts neither.
        let mut other_identity = identity.clone();
        other_identity.push(1);
        let ek = side.encrypted_key(&mut rng, b"canister", &context, &tsk.public_key(), &other_identity);
        let wrong = EncryptedVetKey::deserialize(&ek).unwrap().decrypt_and_verify(&tsk, &dpk, &other_identity).unwrap();
        assert_eq!(from_them.decrypt(&wrong).unwrap_err(), VetKeyError::IbeDecryptionFailed);
        assert!(to_them.decrypt(&theirs::VetKey::deserialize(wrong.signature_bytes()).unwrap()).is_err());
    }
}

/// The Gt encoding the IBE masks hash: icbls's against ic_bls12_381's `Gt::to_bytes`.
#[test]
fn gt_bytes_match_ic_bls12_381() {
    let mut rng = Rng::new(0x7e7_0006);
    for _ in 0..5 {
        let (a, b) = (ic_scalar(&mut rng), ic_scalar(&mut rng));
        let p = ic::G1Affine::from(ic::G1Affine::generator() * a);
        let q = ic::G2Affine::from(ic::G2Affine::generator() * b);
        let ours = icbls::pairing::pairing(
            &G1Affine::from_compressed(&p.to_compressed()).unwrap(),
            &G2Affine::from_compressed(&q.to_compressed()).unwrap(),
        );
        assert_eq!(ours.to_bytes(), ic::pairing(&p, &q).to_bytes());
    }
}

#[test]
fn symmetric_keys_match_ic_vetkeys() {
    let mut rng = Rng::new(0x7e7_0007);
    for i in 0..50 {
        let input = random_bytes(&mut rng, 100);
        let dst: String = (0..random_len(&mut rng, 30)).map(|_| (b'a' + (rng.next_u64() % 26) as u8) as char).collect();
        let len = random_len(&mut rng, 300);
        assert_eq!(
            derive_symmetric_key(&input, &dst, len).unwrap(),
            theirs::derive_symmetric_key(&input, &dst, len),
            "case {i}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Malformed and adversarial input

/// A compressed G1 point on the curve but outside the prime-order subgroup, and one whose x has
/// no y on the curve.
fn bad_g1() -> ([u8; 48], [u8; 48]) {
    let (mut off_subgroup, mut off_curve) = (None, None);
    for x in 1u8..=255 {
        let mut b = [0u8; 48];
        b[0] = 0x80;
        b[47] = x;
        match G1Affine::from_compressed(&b) {
            Err(DecodeError::NotInSubgroup { .. }) => off_subgroup = off_subgroup.or(Some(b)),
            Err(DecodeError::NotOnCurve { .. }) => off_curve = off_curve.or(Some(b)),
            _ => {}
        }
    }
    (off_subgroup.unwrap(), off_curve.unwrap())
}

fn bad_g2() -> ([u8; 96], [u8; 96]) {
    let (mut off_subgroup, mut off_curve) = (None, None);
    for x in 1u8..=255 {
        let mut b = [0u8; 96];
        b[0] = 0x80;
        b[95] = x;
        match G2Affine::from_compressed(&b) {
            Err(DecodeError::NotInSubgroup { .. }) => off_subgroup = off_subgroup.or(Some(b)),
            Err(DecodeError::NotOnCurve { .. }) => off_curve = off_curve.or(Some(b)),
            _ => {}
        }
    }
    (off_subgroup.unwrap(), off_curve.unwrap())
}

fn field_of(e: VetKeyError) -> &'static str {
    match e {
        VetKeyError::Decode { field, .. } => field,
        other => panic!("expected a decoding error, got {other:?}"),
    }
}

#[test]
fn wrong_lengths_are_rejected() {
    for len in [0usize, 1, 47, 49, 95, 97, 191, 193] {
        let b = vec![0xc0u8; len];
        if len != 96 {
            assert!(matches!(
                MasterPublicKey::deserialize(&b),
                Err(VetKeyError::Decode { field: "MasterPublicKey", error: DecodeError::WrongLength { .. } })
            ));
            assert_eq!(field_of(DerivedPublicKey::deserialize(&b).unwrap_err()), "DerivedPublicKey");
        }
        if len != 48 {
            assert_eq!(field_of(VetKey::deserialize(&b).unwrap_err()), "VetKey");
            assert!(!is_valid_transport_public_key_encoding(&b));
        }
        assert!(matches!(
            EncryptedVetKey::deserialize(&b),
            Err(VetKeyError::Decode {
                field: "EncryptedVetKey",
                error: DecodeError::WrongLength { expected: 192, .. }
            })
        ));
        assert_eq!(field_of(TransportSecretKey::deserialize(&b).unwrap_err()), "TransportSecretKey");
        assert_eq!(field_of(TransportSecretKey::from_seed(&b).unwrap_err()), "TransportSecretKey seed");
        if len < 136 {
            assert!(matches!(IbeCiphertext::deserialize(&b), Err(VetKeyError::TooShort { min: 136, .. })));
        } else {
            assert_eq!(IbeCiphertext::deserialize(&b).unwrap_err(), VetKeyError::UnknownIbeHeader);
        }
    }
    assert!(matches!(IbeSeed::from_bytes(&[1; 15]), Err(VetKeyError::TooShort { min: 16, actual: 15, .. })));
    assert!(IbeSeed::from_bytes(&[1; 16]).is_ok());
    let vetkey = VetKey::deserialize(&G1Affine::generator().to_compressed()).unwrap();
    assert_eq!(vetkey.derive_symmetric_key("x", 8161).unwrap_err(), VetKeyError::OutputTooLong { requested: 8161 });
}

#[test]
fn invalid_points_are_rejected_naming_the_field() {
    let (g1_sub, g1_curve) = bad_g1();
    let (g2_sub, g2_curve) = bad_g2();
    for (bytes, check) in [(&g2_sub, "subgroup"), (&g2_curve, "curve")] {
        let e = MasterPublicKey::deserialize(bytes).unwrap_err();
        assert!(matches!(
            (e, check),
            (VetKeyError::Decode { error: DecodeError::NotInSubgroup { .. }, .. }, "subgroup")
                | (VetKeyError::Decode { error: DecodeError::NotOnCurve { .. }, .. }, "curve")
        ));
        assert_eq!(field_of(DerivedPublicKey::deserialize(bytes).unwrap_err()), "DerivedPublicKey");
        assert!(theirs::DerivedPublicKey::deserialize(bytes).is_err());
    }
    for bytes in [&g1_sub, &g1_curve] {
        assert_eq!(field_of(VetKey::deserialize(bytes).unwrap_err()), "VetKey");
        assert!(!is_valid_transport_public_key_encoding(bytes));
        assert!(!theirs::is_valid_transport_public_key_encoding(bytes));
    }

    let valid = [
        G1Affine::generator().to_compressed().as_slice(),
        &G2Affine::generator().to_compressed(),
        &G1Affine::generator().to_compressed(),
    ]
    .concat();
    assert!(EncryptedVetKey::deserialize(&valid).is_ok());
    let cases: [(&str, usize, &[u8]); 6] = [
        ("EncryptedVetKey c1", 0, &g1_sub),
        ("EncryptedVetKey c1", 0, &g1_curve),
        ("EncryptedVetKey c2", 48, &g2_sub),
        ("EncryptedVetKey c2", 48, &g2_curve),
        ("EncryptedVetKey c3", 144, &g1_sub),
        ("EncryptedVetKey c3", 144, &g1_curve),
    ];
    for (field, at, bad) in cases {
        let mut b = valid.clone();
        b[at..at + bad.len()].copy_from_slice(bad);
        assert_eq!(field_of(EncryptedVetKey::deserialize(&b).unwrap_err()), field);
        assert!(theirs::EncryptedVetKey::deserialize(&b).is_err());
    }
    // Flag bits: an uncompressed-flag encoding of c2.
    let mut b = valid.clone();
    b[48] &= 0x7f;
    assert!(matches!(
        EncryptedVetKey::deserialize(&b),
        Err(VetKeyError::Decode { field: "EncryptedVetKey c2", error: DecodeError::InvalidFlags { .. } })
    ));

    // IBE: C1 off the subgroup or the curve.
    let mut ibe = b"IC IBE\x00\x01".to_vec();
    ibe.extend_from_slice(&g2_sub);
    ibe.extend_from_slice(&[0; 40]);
    assert_eq!(field_of(IbeCiphertext::deserialize(&ibe).unwrap_err()), "IbeCiphertext C1");
    ibe[8..104].copy_from_slice(&g2_curve);
    assert_eq!(field_of(IbeCiphertext::deserialize(&ibe).unwrap_err()), "IbeCiphertext C1");
}

#[test]
fn transport_secret_key_must_be_canonical() {
    // r in little-endian, and r + 5: not below the modulus.
    let mut r = hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001").unwrap();
    r.reverse();
    assert!(matches!(
        TransportSecretKey::deserialize(&r),
        Err(VetKeyError::Decode { field: "TransportSecretKey", error: DecodeError::NotCanonical { .. } })
    ));
    assert!(theirs::TransportSecretKey::deserialize(&r).is_err());
    r[0] -= 1; // r - 1
    assert!(TransportSecretKey::deserialize(&r).is_ok());
    assert!(TransportSecretKey::deserialize(&[0xff; 32]).is_err());
}

/// A fixed encrypted key from the IC side with everything needed to decrypt it.
struct Fixture {
    tsk: TransportSecretKey,
    dpk: DerivedPublicKey,
    input: Vec<u8>,
    ek: Vec<u8>,
}

fn fixture(seed: u64) -> Fixture {
    let mut rng = Rng::new(seed);
    let side = IcSide::new(&mut rng);
    let tsk = TransportSecretKey::from_seed(&bytes(&mut rng, 32)).unwrap();
    let input = bytes(&mut rng, 20);
    let ek = side.encrypted_key(&mut rng, b"canister", b"context", &tsk.public_key(), &input);
    let dpk = DerivedPublicKey::deserialize(&side.derive(b"canister", b"context").1.to_compressed()).unwrap();
    Fixture { tsk, dpk, input, ek }
}

#[test]
fn corrupted_encrypted_keys_are_rejected() {
    let f = fixture(0x7e7_0010);
    let ek = EncryptedVetKey::deserialize(&f.ek).unwrap();
    assert!(ek.decrypt_and_verify(&f.tsk, &f.dpk, &f.input).is_ok());

    // c2 from another r: c1 and c2 disagree.
    let other = fixture(0x7e7_0011);
    let mut b = f.ek.clone();
    b[48..144].copy_from_slice(&other.ek[48..144]);
    let e = EncryptedVetKey::deserialize(&b).unwrap().decrypt_and_verify(&f.tsk, &f.dpk, &f.input);
    assert_eq!(e.unwrap_err(), VetKeyError::InconsistentEncryptedKey);
    // c1 and c2 both from another encryption (consistent), c3 kept: verification fails.
    let mut b = f.ek.clone();
    b[..144].copy_from_slice(&other.ek[..144]);
    let e = EncryptedVetKey::deserialize(&b).unwrap().decrypt_and_verify(&f.tsk, &f.dpk, &f.input);
    assert_eq!(e.unwrap_err(), VetKeyError::InvalidVetKey);
    // Wrong derived key; the identity as derived key.
    assert_eq!(ek.decrypt_and_verify(&f.tsk, &other.dpk, &f.input).unwrap_err(), VetKeyError::InvalidVetKey);
    let identity = DerivedPublicKey::deserialize(&G2Affine::identity().to_compressed());
    assert_eq!(identity.unwrap_err(), VetKeyError::IdentityPublicKey);

    // Every single-bit flip is an error (decoding or checking), never a panic nor a key.
    for bit in 0..f.ek.len() * 8 {
        let mut b = f.ek.clone();
        b[bit / 8] ^= 0x80 >> (bit % 8);
        let ours = EncryptedVetKey::deserialize(&b).and_then(|ek| ek.decrypt_and_verify(&f.tsk, &f.dpk, &f.input));
        assert!(ours.is_err(), "bit {bit}");
    }
}

#[test]
fn corrupted_ibe_ciphertexts_are_rejected() {
    let f = fixture(0x7e7_0012);
    let vetkey = EncryptedVetKey::deserialize(&f.ek).unwrap().decrypt_and_verify(&f.tsk, &f.dpk, &f.input).unwrap();
    let msg = b"attack at dawn".to_vec();
    let ctext = IbeCiphertext::encrypt(
        &f.dpk,
        &IbeIdentity::from_bytes(&f.input),
        &msg,
        &IbeSeed::from_bytes(&[9; 32]).unwrap(),
    )
    .serialize();
    assert_eq!(IbeCiphertext::deserialize(&ctext).unwrap().decrypt(&vetkey).unwrap(), msg);

    // Header: every byte changed is an unknown header.
    for i in 0..8 {
        let mut b = ctext.clone();
        b[i] ^= 1;
        assert_eq!(IbeCiphertext::deserialize(&b).unwrap_err(), VetKeyError::UnknownIbeHeader, "byte {i}");
        assert!(theirs::IbeCiphertext::deserialize(&b).is_err());
    }
    // Every single-bit flip fails to decode or to decrypt; so do truncations and extensions.
    for bit in 0..ctext.len() * 8 {
        let mut b = ctext.clone();
        b[bit / 8] ^= 0x80 >> (bit % 8);
        assert!(IbeCiphertext::deserialize(&b).and_then(|c| c.decrypt(&vetkey)).is_err(), "bit {bit}");
    }
    for len in 0..ctext.len() {
        assert!(IbeCiphertext::deserialize(&ctext[..len]).and_then(|c| c.decrypt(&vetkey)).is_err(), "len {len}");
    }
    let mut longer = ctext.clone();
    longer.push(0);
    assert_eq!(
        IbeCiphertext::deserialize(&longer).unwrap().decrypt(&vetkey).unwrap_err(),
        VetKeyError::IbeDecryptionFailed
    );
    // The wrong vetKey.
    let other = fixture(0x7e7_0013);
    let other_key = EncryptedVetKey::deserialize(&other.ek)
        .unwrap()
        .decrypt_and_verify(&other.tsk, &other.dpk, &other.input)
        .unwrap();
    assert_eq!(
        IbeCiphertext::deserialize(&ctext).unwrap().decrypt(&other_key).unwrap_err(),
        VetKeyError::IbeDecryptionFailed
    );
}

#[test]
fn errors_name_the_field_in_their_messages() {
    let e = EncryptedVetKey::deserialize(&[0u8; 10]).unwrap_err();
    assert_eq!(e.to_string(), "EncryptedVetKey: c1 || c2 || c3: expected 192 bytes, got 10");
    let (g1_sub, _) = bad_g1();
    let e = VetKey::deserialize(&g1_sub).unwrap_err();
    assert!(e.to_string().starts_with("VetKey: "), "{e}");
    assert!(e.to_string().contains("subgroup"), "{e}");
}

/// The seeded test generator behind `rand_core`'s traits (for `IbeSeed::random`; not secure).
struct TestRng(Rng);

impl rand_core::TryRng for TestRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.0.next_u64() as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.0.next_u64())
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        self.0.fill(dst);
        Ok(())
    }
}

impl rand_core::TryCryptoRng for TestRng {}

#[test]
fn random_ibe_seed_is_the_generator_output() {
    let f = fixture(0x7e7_0014);
    let vetkey = EncryptedVetKey::deserialize(&f.ek).unwrap().decrypt_and_verify(&f.tsk, &f.dpk, &f.input).unwrap();
    let identity = IbeIdentity::from_bytes(&f.input);
    let seed = IbeSeed::random(&mut TestRng(Rng::new(5)));
    let mut expected = [0u8; 32];
    Rng::new(5).fill(&mut expected);
    let a = IbeCiphertext::encrypt(&f.dpk, &identity, b"m", &seed);
    let b = IbeCiphertext::encrypt(&f.dpk, &identity, b"m", &IbeSeed::from_bytes(&expected).unwrap());
    assert_eq!(a, b);
    assert_eq!(a.decrypt(&vetkey).unwrap(), b"m");
}

/// VRF outputs made from unencrypted vetKeys (identity transport key) on random inputs: ours
/// and ic-vetkeys's agree on the output and on rejecting altered ones.
#[test]
fn vrf_matches_ic_vetkeys() {
    let mut rng = Rng::new(0x7e7_0015);
    let identity_tpk = G1Affine::identity().to_compressed();
    for i in 0..8 {
        let side = IcSide::new(&mut rng);
        let context = random_bytes(&mut rng, 20);
        let input = random_bytes(&mut rng, 50);
        let ek = side.encrypted_key(&mut rng, b"canister", &context, &identity_tpk, &input);
        let dpk = DerivedPublicKey::deserialize(&side.derive(b"canister", &context).1.to_compressed()).unwrap();
        let proof = VetKey::deserialize(&ek[144..]).unwrap();
        let ours = VrfOutput::new(proof, dpk, &input).unwrap();
        let bytes = ours.serialize();
        let them = theirs::VrfOutput::deserialize(&bytes).unwrap();
        assert_eq!(ours.output(), them.output(), "case {i}");
        assert_eq!(VrfOutput::deserialize(&bytes).unwrap(), ours);

        // Another input, a flipped bit anywhere, a truncation: rejected by both.
        let mut other = bytes.clone();
        other.push(0);
        assert_eq!(VrfOutput::deserialize(&other).unwrap_err(), VetKeyError::InvalidVrfProof);
        assert!(theirs::VrfOutput::deserialize(&other).is_err());
        for bit in (0..bytes.len() * 8).step_by(5) {
            let mut b = bytes.clone();
            b[bit / 8] ^= 0x80 >> (bit % 8);
            assert!(VrfOutput::deserialize(&b).is_err(), "case {i} bit {bit}");
        }
        assert!(matches!(
            VrfOutput::deserialize(&bytes[..143]),
            Err(VetKeyError::TooShort { field: "VrfOutput", min: 144, actual: 143 })
        ));
    }
    // The identity as key, with the identity as proof.
    let mut b = G1Affine::identity().to_compressed().to_vec();
    b.extend_from_slice(&G2Affine::identity().to_compressed());
    assert_eq!(VrfOutput::deserialize(&b).unwrap_err(), VetKeyError::IdentityPublicKey);
    let (g1_sub, _) = bad_g1();
    b[..48].copy_from_slice(&g1_sub);
    assert_eq!(field_of(VrfOutput::deserialize(&b).unwrap_err()), "VrfOutput proof");
}

/// `DerivedKeyMaterial` against ic-vetkeys's on random vetKeys, messages, domain separators and
/// associated data: each side decrypts what the other encrypts (so the key derivations, header
/// and layout agree), messages of the first, headerless format decrypt on both sides, and every
/// altered message, domain separator or associated data is refused on both sides.
#[test]
fn derived_key_material_matches_ic_vetkeys() {
    use aes_gcm::aead::{Aead, KeyInit};
    use rand_chacha::rand_core::SeedableRng;
    let mut rng = Rng::new(0x7e7_0016);
    let mut their_rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x7e7_0016);
    let f = fixture(0x7e7_0017);
    let vetkey = EncryptedVetKey::deserialize(&f.ek).unwrap().decrypt_and_verify(&f.tsk, &f.dpk, &f.input).unwrap();
    let ours: DerivedKeyMaterial = vetkey.as_derived_key_material();
    let theirs = theirs::VetKey::deserialize(vetkey.signature_bytes()).unwrap().as_derived_key_material();
    for case in 0..64 {
        let message = random_bytes(&mut rng, 300);
        let domain_sep = format!("domain {case}");
        let aad = if case % 4 == 0 { Vec::new() } else { random_bytes(&mut rng, 40) };
        let mut nonce = [0u8; 12];
        rng.fill(&mut nonce);

        let by_us = ours.encrypt_message_with_nonce(&message, &domain_sep, &aad, &nonce).unwrap();
        assert_eq!(by_us.len(), 8 + 12 + message.len() + 16);
        assert_eq!(&by_us[..8], b"IC GCMv2");
        assert_eq!(theirs.decrypt_message(&by_us, &domain_sep, &aad).unwrap(), message, "case {case}");
        let by_them = theirs.encrypt_message(&message, &domain_sep, &aad, &mut their_rng).unwrap();
        assert_eq!(ours.decrypt_message(&by_them, &domain_sep, &aad).unwrap(), message, "case {case}");
        // The same nonce gives their bytes exactly.
        let their_nonce: [u8; 12] = by_them[8..20].try_into().unwrap();
        assert_eq!(ours.encrypt_message_with_nonce(&message, &domain_sep, &aad, &their_nonce).unwrap(), by_them);

        // Altered: a bit of the message, the domain separator, the associated data, a truncation.
        let mut flipped = by_us.clone();
        let bit = (rng.next_u64() % (flipped.len() as u64 * 8)) as usize;
        flipped[bit / 8] ^= 0x80 >> (bit % 8);
        assert!(ours.decrypt_message(&flipped, &domain_sep, &aad).is_err(), "case {case}: bit {bit}");
        assert!(theirs.decrypt_message(&flipped, &domain_sep, &aad).is_err(), "case {case}: bit {bit}");
        assert_eq!(ours.decrypt_message(&by_us, "other", &aad), Err(VetKeyError::GcmDecryptionFailed));
        assert_eq!(ours.decrypt_message(&by_us, &domain_sep, b"other"), Err(VetKeyError::GcmDecryptionFailed));
        let cut = (rng.next_u64() % by_us.len() as u64) as usize;
        assert!(ours.decrypt_message(&by_us[..cut], &domain_sep, &aad).is_err(), "case {case}: cut at {cut}");

        // The first format: nonce ‖ AES-256-GCM under HKDF(vetKey, domain_sep), no header.
        let legacy_key = derive_symmetric_key(vetkey.signature_bytes(), &domain_sep, 32).unwrap();
        let gcm = aes_gcm::Aes256Gcm::new_from_slice(&legacy_key).unwrap();
        let legacy = [&nonce[..], &gcm.encrypt(aes_gcm::Nonce::from_slice(&nonce), &message[..]).unwrap()].concat();
        if legacy.len() < 36 {
            // Shorter than the new format's least, which both sides check first.
            assert!(ours.decrypt_message(&legacy, &domain_sep, &[]).is_err());
            assert!(theirs.decrypt_message(&legacy, &domain_sep, &[]).is_err());
        } else if legacy[..8] != b"IC GCMv2"[..] {
            assert_eq!(ours.decrypt_message(&legacy, &domain_sep, &[]).unwrap(), message, "case {case}");
            assert_eq!(theirs.decrypt_message(&legacy, &domain_sep, &[]).unwrap(), message, "case {case}");
            // With associated data, a headerless message is refused by its header.
            assert_eq!(ours.decrypt_message(&legacy, &domain_sep, b"aad"), Err(VetKeyError::UnknownGcmHeader));
        }
    }
    // Shorter than header, nonce and tag.
    assert_eq!(
        ours.decrypt_message(&[0u8; 35], "d", &[]),
        Err(VetKeyError::TooShort { field: "DerivedKeyMaterial message", min: 36, actual: 35 })
    );
    assert_eq!(format!("{ours:?}"), "DerivedKeyMaterial(..)");
    // A nonce from the generator, and the message decrypts.
    let drawn = ours.encrypt_message(b"m", "d", &[], &mut TestRng(Rng::new(9))).unwrap();
    let mut expected = [0u8; 12];
    Rng::new(9).fill(&mut expected);
    assert_eq!(drawn[8..20], expected);
    assert_eq!(ours.decrypt_message(&drawn, "d", &[]).unwrap(), b"m");
}

/// `decrypt_and_verify_bytes` (the G2 subgroup checks read off the Miller-loop lines) answers
/// exactly as `deserialize` twice and `decrypt_and_verify`: valid keys, wrong inputs and
/// transport keys, an inconsistent `c2`, and every field malformed, alone and two at a time
/// (the first error in the same order).
#[test]
fn decrypt_and_verify_bytes_equals_the_three_calls() {
    let three_calls = |ek: &[u8], tsk: &TransportSecretKey, dpk: &[u8], input: &[u8]| {
        let ek = EncryptedVetKey::deserialize(ek)?;
        ek.decrypt_and_verify(tsk, &DerivedPublicKey::deserialize(dpk)?, input)
    };
    let (g1_sub, g1_curve) = bad_g1();
    let (g2_sub, g2_curve) = bad_g2();
    let mut rng = Rng::new(0x7e7_0009);
    let mut outcomes = std::collections::BTreeSet::new();
    for _ in 0..3 {
        let side = IcSide::new(&mut rng);
        let canister_id = bytes(&mut rng, 10);
        let input = random_bytes(&mut rng, 40);
        let tsk = TransportSecretKey::from_seed(&bytes(&mut rng, 32)).unwrap();
        let other_tsk = TransportSecretKey::from_seed(&bytes(&mut rng, 32)).unwrap();
        let ek = side.encrypted_key(&mut rng, &canister_id, b"", &tsk.public_key(), &input);
        let dpk = side.derive(&canister_id, b"").1.to_compressed().to_vec();
        let mut eks = vec![ek.clone(), ek[..191].to_vec()];
        for (start, bads) in
            [(0, [&g1_sub[..], &g1_curve[..]]), (48, [&g2_sub[..], &g2_curve[..]]), (144, [&g1_sub[..], &g1_curve[..]])]
        {
            for bad in bads {
                let mut e = ek.clone();
                e[start..start + bad.len()].copy_from_slice(bad);
                eks.push(e.clone());
                // And c3 broken too: the earlier field's error comes first.
                e[144..].copy_from_slice(&g1_curve);
                eks.push(e);
            }
        }
        // A valid c2 of another discrete logarithm.
        let mut inconsistent = ek.clone();
        inconsistent[48..144].copy_from_slice(&G2Affine::generator().to_compressed());
        eks.push(inconsistent);
        let dpks = [
            dpk.clone(),
            g2_sub.to_vec(),
            g2_curve.to_vec(),
            G2Affine::identity().to_compressed().to_vec(),
            dpk[..95].to_vec(),
        ];
        let mut wrong_input = input.clone();
        wrong_input.push(1);
        for ek in &eks {
            for dpk in &dpks {
                for (tsk, input) in [(&tsk, &input), (&other_tsk, &input), (&tsk, &wrong_input)] {
                    let expected = three_calls(ek, tsk, dpk, input);
                    assert_eq!(EncryptedVetKey::decrypt_and_verify_bytes(ek, tsk, dpk, input), expected);
                    outcomes.insert(format!("{:?}", expected.map(|_| ())));
                }
            }
        }
    }
    // The cases reach every kind of answer: a vetKey, the two verification failures, the
    // identity key, and decoding errors (lengths, curve, subgroup) of each field.
    assert!(outcomes.len() >= 12, "{outcomes:#?}");
}
