//! The verifier's vetKeys methods through Candid on the backend (the meter; PocketIC when
//! `POCKET_IC_BIN` is set), on `ic-vetkeys`'s own vectors (`vetkeys/` of the public vectors): a vetKey
//! verified under a given derived key and under one derived here from a mainnet master key (the
//! proof of a mainnet VRF output), an IBE ciphertext equal to ic-vetkeys's bytes, and every
//! malformed argument refused with the argument at fault.

use crate::common;

use candid::Principal;
use common::{changed, refusal};
use icbls::vetkeys::{IbeCiphertext, VetKey, VrfOutput};
use icbls_bench::verifier::*;
use icbls_testkit::backend::backend_from_env;
use icbls_verifier_client::service::{MAX_IBE_BYTES, MAX_IBE_SEED_BYTES};
use serde_json::Value;

/// `ic-vetkeys`'s vectors, or `None` when the public vectors are absent (the test is skipped).
fn vectors() -> Option<Value> {
    let text = icbls_testkit::vectors::read_to_string("vetkeys/ic_vetkeys_utils.json")?;
    Some(serde_json::from_str(&text).unwrap())
}

fn unhex(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().unwrap()).unwrap()
}

fn verify(v: &mut Verifier, args: &VerifyVetKeyArgs) -> Result<VerifiedVetKey, Error> {
    v.call("verify_vetkey", (args,), false).unwrap()
}

fn encrypt(v: &mut Verifier, args: &IbeEncryptArgs) -> Result<Vec<u8>, Error> {
    v.call("ibe_encrypt", (args,), false).unwrap()
}

#[test]
fn vetkeys_through_the_verifier() {
    let mut v = Verifier::install(backend_from_env().unwrap()).unwrap();
    let Some(vectors) = vectors() else { return };
    let flow = &vectors["fixed_protocol_flow"];
    let dpk = unhex(&flow["derived_public_key"]);
    let input = unhex(&flow["input"]);
    let vetkey = unhex(&flow["vetkey"]);

    // Under the given derived key.
    let args = VerifyVetKeyArgs::new(VetKeyPublicKey::Derived(dpk.clone()), input.clone(), vetkey.clone());
    assert_eq!(verify(&mut v, &args), Ok(VerifiedVetKey { derived_public_key: dpk.clone() }));
    let with = |f: &dyn Fn(&mut VerifyVetKeyArgs)| {
        let mut a = args.clone();
        f(&mut a);
        a
    };
    let mut identity = vec![0u8; 96];
    identity[0] = 0xc0;
    let refusals: Vec<(VerifyVetKeyArgs, (&str, &str))> = vec![
        (with(&|a| a.input.push(0)), ("failed", "vetkey")),
        (with(&|a| a.vetkey = unhex(&vectors["symmetric_key"]["vetkey"])), ("failed", "vetkey")),
        (with(&|a| a.vetkey.pop().map(drop).unwrap()), ("malformed", "vetkey")),
        (with(&|a| a.vetkey[0] &= 0x7f), ("malformed", "vetkey")),
        (with(&|a| a.public_key = VetKeyPublicKey::Derived(dpk[..95].to_vec())), ("malformed", "public_key.Derived")),
        (with(&|a| a.public_key = VetKeyPublicKey::Derived(identity.clone())), ("malformed", "public_key.Derived")),
        (
            with(&|a| {
                a.public_key = VetKeyPublicKey::FromMaster(VetKeyDerivation::new(
                    VetKdMasterKey::Mainnet("key_2".into()),
                    Principal::anonymous(),
                    vec![],
                ))
            }),
            ("unsupported", "public_key.FromMaster.master_key"),
        ),
        (
            with(&|a| {
                a.public_key = VetKeyPublicKey::FromMaster(VetKeyDerivation::new(
                    VetKdMasterKey::Raw(vec![1; 96]),
                    Principal::anonymous(),
                    vec![],
                ))
            }),
            ("malformed", "public_key.FromMaster.master_key"),
        ),
    ];
    for (args, (kind, name)) in &refusals {
        let e = verify(&mut v, args).unwrap_err();
        assert_eq!(refusal(&e), (*kind, *name), "{args:?}");
    }

    // A mainnet vetKey: the proof of ic-vetkeys's mainnet VRF output, under key_1 derived here
    // for its canister and context.
    let vrf = &vectors["mainnet_vrf"];
    let output = VrfOutput::deserialize(&unhex(&vrf["vrf_output"])).unwrap();
    let derivation = VetKeyDerivation::new(
        VetKdMasterKey::Mainnet(vrf["key_name"].as_str().unwrap().into()),
        Principal::from_slice(&unhex(&vrf["canister_id"])),
        unhex(&vrf["context"]),
    );
    let mainnet = VerifyVetKeyArgs::new(
        VetKeyPublicKey::FromMaster(derivation.clone()),
        unhex(&vrf["input"]),
        output.proof().signature_bytes().to_vec(),
    );
    let verified = verify(&mut v, &mainnet).unwrap();
    assert_eq!(verified.derived_public_key, output.public_key().serialize().to_vec());
    let mut other_context = mainnet.clone();
    other_context.public_key =
        VetKeyPublicKey::FromMaster(changed(derivation, |d| d.context = b"another context".to_vec()));
    assert_eq!(refusal(&verify(&mut v, &other_context).unwrap_err()), ("failed", "vetkey"));

    // IBE: ic-vetkeys's ciphertext byte for byte, which the flow's vetKey decrypts.
    let ibe = IbeEncryptArgs::new(
        VetKeyPublicKey::Derived(dpk.clone()),
        input.clone(),
        unhex(&flow["ibe_message"]),
        unhex(&flow["ibe_seed"]),
    );
    let ciphertext = encrypt(&mut v, &ibe).unwrap();
    assert_eq!(ciphertext, unhex(&flow["ibe_ciphertext"]));
    let long = changed(ibe.clone(), |a| {
        a.message = vec![0x5a; 100_000];
        a.seed = vec![3; 16];
    });
    let ciphertext = encrypt(&mut v, &long).unwrap();
    let decrypted =
        IbeCiphertext::deserialize(&ciphertext).unwrap().decrypt(&VetKey::deserialize(&vetkey).unwrap()).unwrap();
    assert_eq!(decrypted, long.message);
    assert_eq!(
        refusal(&encrypt(&mut v, &changed(ibe.clone(), |a| a.seed = vec![3; 15])).unwrap_err()),
        ("malformed", "seed")
    );
    let e =
        encrypt(&mut v, &changed(ibe.clone(), |a| a.public_key = VetKeyPublicKey::Derived(vec![0; 96]))).unwrap_err();
    assert_eq!(refusal(&e), ("malformed", "public_key.Derived"));
    let huge = changed(ibe.clone(), |a| a.message = vec![0; MAX_IBE_BYTES as usize]);
    assert_eq!(refusal(&encrypt(&mut v, &huge).unwrap_err()), ("too large", "message"));
    // The seed is capped (issue 35, item 2): a 2,000,000-byte seed was hashed for about 290M
    // instructions on a price that counted none of it; it is refused before any work, and a
    // seed at the cap is priced with the message.
    let most = changed(ibe.clone(), |a| a.seed = vec![3; MAX_IBE_SEED_BYTES as usize]);
    assert!(encrypt(&mut v, &most).is_ok());
    assert_eq!(most.input_bytes(), ibe.input_bytes() - ibe.seed.len() as u64 + MAX_IBE_SEED_BYTES);
    for len in [MAX_IBE_SEED_BYTES as usize + 1, 2_000_000] {
        let seeded = changed(ibe.clone(), |a| a.seed = vec![3; len]);
        let e = encrypt(&mut v, &seeded).unwrap_err();
        assert_eq!(refusal(&e), ("too large", "seed"));
        assert!(v.last_instructions.is_none_or(|i| i < 20_000_000), "{len}-byte seed: {:?}", v.last_instructions);
    }
}

/// The attack of an identity master key: every key derived from the point at infinity is
/// `t·g2` for a scalar `t` anyone can compute (`H(len(mpk) ‖ mpk ‖ len(id) ‖ id)`, vetKD's
/// derivation step), so anyone can make its vetKeys. The canister once accepted such a key as
/// `Raw` and answered that a forged vetKey was valid; it now refuses the key.
#[test]
fn an_identity_master_key_is_refused() {
    use icbls::hash_to_curve::{expand_message_xmd, hash_to_g1};
    use icbls::{Fr, G2Affine, G2Projective};
    let mut v = Verifier::install(backend_from_env().unwrap()).unwrap();
    let identity = G2Affine::identity().to_compressed();
    let canister_id = Principal::from_slice(&[7; 10]);
    // The derivation's scalar, as the library computes it (src/vetkeys/mod.rs, hash_to_scalar).
    let mut framed = Vec::new();
    for part in [&identity[..], canister_id.as_slice()] {
        framed.extend_from_slice(&(part.len() as u64).to_be_bytes());
        framed.extend_from_slice(part);
    }
    let okm = expand_message_xmd(&framed, b"ic-vetkd-bls12-381-g2-canister-id", 48).unwrap();
    let mut wide = [0u8; 64];
    wide[16..].copy_from_slice(&okm);
    let t = Fr::from_be_bytes_wide(&wide);
    let derived = G2Projective::generator().mul_vartime(&t).to_affine_vartime().to_compressed();
    // The forged vetKey: t·H(dpk ‖ input), an augmented BLS signature under t·g2.
    let input = b"the attacker's input".to_vec();
    let message = [&derived[..], &input[..]].concat();
    let forged = hash_to_g1(&message, b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_").mul_vartime(&t);
    let vetkey = forged.to_affine_vartime().to_compressed().to_vec();
    // It is a valid vetKey of the key the identity master key derives to: the forgery is real.
    let under_derived = VerifyVetKeyArgs::new(VetKeyPublicKey::Derived(derived.to_vec()), input, vetkey.clone());
    assert_eq!(verify(&mut v, &under_derived), Ok(VerifiedVetKey { derived_public_key: derived.to_vec() }));
    // Named through the identity master key, it is refused, and so is encrypting to it.
    let from_identity =
        VetKeyPublicKey::FromMaster(VetKeyDerivation::new(VetKdMasterKey::Raw(identity.to_vec()), canister_id, vec![]));
    let args = changed(under_derived, |a| a.public_key = from_identity.clone());
    let e = verify(&mut v, &args).unwrap_err();
    assert_eq!(refusal(&e), ("malformed", "public_key.FromMaster.master_key"));
    assert!(e.to_string().contains("point at infinity"), "{e}");
    let ibe = IbeEncryptArgs::new(from_identity, vec![1], vec![2], vec![3; 32]);
    assert_eq!(refusal(&encrypt(&mut v, &ibe).unwrap_err()), ("malformed", "public_key.FromMaster.master_key"));
}
