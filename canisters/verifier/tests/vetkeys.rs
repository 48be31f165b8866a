//! The verifier's vetKeys methods through Candid on the backend (the meter; PocketIC when
//! `POCKET_IC_BIN` is set), on `ic-vetkeys`'s own vectors (`vetkeys/` of the public vectors): a vetKey
//! verified under a given derived key and under one derived here from a mainnet master key (the
//! proof of a mainnet VRF output), an IBE ciphertext equal to ic-vetkeys's bytes, and every
//! malformed argument refused with the argument at fault.

mod common;

use candid::Principal;
use common::refusal;
use icbls::vetkeys::{IbeCiphertext, VetKey, VrfOutput};
use icbls_bench::verifier::*;
use icbls_testkit::backend::backend_from_env;
use icbls_verifier_client::service::MAX_IBE_BYTES;
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
    let args = VerifyVetKeyArgs {
        public_key: VetKeyPublicKey::Derived(dpk.clone()),
        input: input.clone(),
        vetkey: vetkey.clone(),
    };
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
        (with(&|a| a.public_key = VetKeyPublicKey::Derived(identity.clone())), ("malformed", "public_key")),
        (
            with(&|a| {
                a.public_key = VetKeyPublicKey::FromMaster(VetKeyDerivation {
                    master_key: VetKdMasterKey::Mainnet("key_2".into()),
                    canister_id: Principal::anonymous(),
                    context: vec![],
                })
            }),
            ("unsupported", "public_key.FromMaster.master_key"),
        ),
        (
            with(&|a| {
                a.public_key = VetKeyPublicKey::FromMaster(VetKeyDerivation {
                    master_key: VetKdMasterKey::Raw(vec![1; 96]),
                    canister_id: Principal::anonymous(),
                    context: vec![],
                })
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
    let derivation = VetKeyDerivation {
        master_key: VetKdMasterKey::Mainnet(vrf["key_name"].as_str().unwrap().into()),
        canister_id: Principal::from_slice(&unhex(&vrf["canister_id"])),
        context: unhex(&vrf["context"]),
    };
    let mainnet = VerifyVetKeyArgs {
        public_key: VetKeyPublicKey::FromMaster(derivation.clone()),
        input: unhex(&vrf["input"]),
        vetkey: output.proof().signature_bytes().to_vec(),
    };
    let verified = verify(&mut v, &mainnet).unwrap();
    assert_eq!(verified.derived_public_key, output.public_key().serialize().to_vec());
    let mut other_context = mainnet.clone();
    other_context.public_key =
        VetKeyPublicKey::FromMaster(VetKeyDerivation { context: b"another context".to_vec(), ..derivation });
    assert_eq!(refusal(&verify(&mut v, &other_context).unwrap_err()), ("failed", "vetkey"));

    // IBE: ic-vetkeys's ciphertext byte for byte, which the flow's vetKey decrypts.
    let ibe = IbeEncryptArgs {
        public_key: VetKeyPublicKey::Derived(dpk.clone()),
        identity: input.clone(),
        message: unhex(&flow["ibe_message"]),
        seed: unhex(&flow["ibe_seed"]),
    };
    let ciphertext = encrypt(&mut v, &ibe).unwrap();
    assert_eq!(ciphertext, unhex(&flow["ibe_ciphertext"]));
    let long = IbeEncryptArgs { message: vec![0x5a; 100_000], seed: vec![3; 16], ..ibe.clone() };
    let ciphertext = encrypt(&mut v, &long).unwrap();
    let decrypted =
        IbeCiphertext::deserialize(&ciphertext).unwrap().decrypt(&VetKey::deserialize(&vetkey).unwrap()).unwrap();
    assert_eq!(decrypted, long.message);
    assert_eq!(
        refusal(&encrypt(&mut v, &IbeEncryptArgs { seed: vec![3; 15], ..ibe.clone() }).unwrap_err()),
        ("malformed", "seed")
    );
    let e = encrypt(&mut v, &IbeEncryptArgs { public_key: VetKeyPublicKey::Derived(vec![0; 96]), ..ibe.clone() })
        .unwrap_err();
    assert_eq!(refusal(&e), ("malformed", "public_key.Derived"));
    let huge = IbeEncryptArgs { message: vec![0; MAX_IBE_BYTES as usize], ..ibe.clone() };
    assert_eq!(refusal(&encrypt(&mut v, &huge).unwrap_err()), ("too large", "message"));
}
