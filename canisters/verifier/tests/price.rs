//! The price model of `icbls_verifier_client::service` against the verifier's measured costs:
//! each paid update method is called from a canister (not a controller, not allow-listed) with
//! its price attached, on inputs of a few sizes; the whole message's instructions must stay
//! within the model (before the margin), the method must keep what it spent (the same
//! conversion as the model's) and refund the rest, and the `price` query must agree with the
//! shared function; an input within a query's caps must also fit within 85% of a query's
//! limit. The table it prints is where the model's coefficients come from. Hash trees are
//! measured in their dearest shape per byte (forks over empty leaves, walked by lookups), up to
//! the query's caps.

use crate::common;

use icbls_testkit::certificates;

use candid::utils::ArgumentEncoder;
use candid::{CandidType, Principal};
use icbls::bls::{min_pk, min_sig, SecretKey};
use icbls_bench::endpoints::*;
use icbls_bench::verifier::*;
use icbls_testkit::backend::{CallKind, MeterBackend, Sender};
use icbls_testkit::fixtures::{self, internet_identity_signature, mainnet_sync_update, subnet_certificate};
use icbls_verifier_client::service::{self, cycles_for_instructions, Context, Units};
use serde::de::DeserializeOwned;
use std::sync::OnceLock;

/// A paying canister.
fn payer() -> Principal {
    Principal::from_slice(&[0, 0, 0, 0, 0, 0, 0, 42, 1, 1])
}

/// The verifier's controller in these tests (not the payer).
fn controller() -> Principal {
    Principal::from_slice(&[7; 29])
}

/// One measured call: the update method, a label, the encoded argument, the units it is priced
/// by, and a check that the reply is `Ok`.
struct Case {
    method: &'static str,
    label: String,
    arg: Vec<u8>,
    units: Units,
    ok: fn(&[u8]) -> Result<(), String>,
}

fn ok<T: CandidType + DeserializeOwned>(reply: &[u8]) -> Result<(), String> {
    match candid::decode_one::<Result<T, Error>>(reply) {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => Err(e.to_string()),
        Err(e) => Err(format!("undecodable reply: {e}")),
    }
}

fn case<A: ArgumentEncoder>(
    method: &'static str,
    label: String,
    args: A,
    units: Units,
    ok: fn(&[u8]) -> Result<(), String>,
) -> Case {
    Case { method, label, arg: candid::encode_args(args).unwrap(), units, ok }
}

fn items(items: u64, bytes: u64) -> Units {
    Units { address: None, items, bytes }
}

/// Keys no earlier case used (proof checks are cached by key).
fn fresh_keys(n: usize, seed: u8) -> Vec<SecretKey> {
    (0..n).map(|i| SecretKey::key_gen(&[seed; 32], &(i as u64).to_be_bytes()).unwrap()).collect()
}

/// Every method's example from the per-endpoint table (`icbls_bench::endpoints`), measured
/// once for the tests here.
fn examples() -> &'static [EndpointRow] {
    static EXAMPLES: OnceLock<Vec<EndpointRow>> = OnceLock::new();
    EXAMPLES.get_or_init(|| {
        let mut v = Verifier::install(Box::new(MeterBackend::new())).unwrap();
        measure_endpoints(&mut v).unwrap()
    })
}

fn cases() -> Vec<Case> {
    let (ivg37_certificate, ivg37_time_ns) = fixtures::ivg37_certificate();
    let (subnet_certificate, subnet_time_ns) = subnet_certificate();
    let mut out = Vec::new();
    for (hex, canister, time, name) in [
        (&ivg37_certificate, "ivg37-qiaaa-aaaab-aaaga-cai", ivg37_time_ns, "1.2 KB"),
        (&subnet_certificate, "224od-giaaa-aaaao-ae5vq-cai", subnet_time_ns, "13 KB"),
    ] {
        for lookups in [1usize, 32] {
            let mut args = certificate(hex, canister, time);
            args.lookup = vec![vec![b"time".to_vec()]; lookups];
            let units = items(lookups as u64, (args.certificate.len() + 4 * lookups) as u64);
            out.push(case(
                "verify_certificate_update",
                format!("{name} certificate, {lookups} lookups"),
                (args,),
                units,
                ok::<VerifiedCertificate>,
            ));
        }
    }
    // The dearest certificates per byte: a state tree beside balanced forks over empty leaves
    // (`82 03 40`, five bytes and three SHA-256 blocks per leaf with its fork) or empty nodes
    // (`81 00`), signed under a test root key.
    let root = certificates::key(4);
    let state = certificates::Tree::new().insert(&[b"time"], &certificates::leb128(1));
    for (terminal, name, terminals, lookups) in [
        (&[0x82u8, 0x03, 0x40][..], "empty leaves", 13_000usize, 1usize),
        (&[0x82, 0x03, 0x40], "empty leaves", 52_000, 1),
        (&[0x81, 0x00], "empty nodes", 16_000, 1),
        (&[0x82, 0x03, 0x40], "empty leaves", 2_000, usize::MAX),
        (&[0x82, 0x03, 0x40], "empty leaves", 13_000, usize::MAX),
        (&[0x82, 0x03, 0x40], "empty leaves", 52_000, usize::MAX),
        // At the query's cap.
        (&[0x82, 0x03, 0x40], "empty leaves", 130_000, usize::MAX),
    ] {
        let tree = certificates::with_dense_tree(&state, terminals, terminal);
        let certificate = certificates::certificate_of_cbor(&root, &tree, None);
        // usize::MAX: as many lookups as the canister takes (64) and the reply limit allows.
        let fit = (service::MAX_REPLY_BYTES - service::REPLY_FRAMING_BYTES) as usize / certificate.len();
        let lookups = lookups.min(fit).min(64);
        // Each lookup of an absent label walks every node.
        let args = VerifyCertificateArgs::new(certificate, vec![vec![b"zzzz".to_vec()]; lookups])
            .with_root_key(certificates::raw_key(&root))
            .with_canister_id(Principal::from_slice(&[0, 0, 0, 0, 0, 0x30, 0, 1, 1, 1]))
            .with_now_ns(1);
        let units = items(lookups as u64, (args.certificate.len() + 4 * lookups) as u64);
        out.push(case(
            "verify_certificate_update",
            format!(
                "{} KB certificate, forks over {terminals} {name}, {lookups} lookups",
                args.certificate.len() / 1000
            ),
            (args,),
            units,
            ok::<VerifiedCertificate>,
        ));
    }
    for n in [2usize, 16, 64] {
        out.push(case(
            "pairing_check_update",
            format!("{n} pairs"),
            (cancelling_pairs(n),),
            items(n as u64, 0),
            ok::<bool>,
        ));
    }
    let sk = &fresh_keys(1, 200)[0];
    for len in [32usize, 65_536] {
        let message = vec![7u8; len];
        for scheme in [Scheme::MinSig, Scheme::MinPk] {
            let (public_key, signature) = match scheme {
                Scheme::MinSig => (
                    min_sig::PublicKey::from_secret_key(sk).to_bytes().to_vec(),
                    min_sig::sign(sk, &message).to_bytes().to_vec(),
                ),
                Scheme::MinPk => (
                    min_pk::PublicKey::from_secret_key(sk).to_bytes().to_vec(),
                    min_pk::sign(sk, &message).to_bytes().to_vec(),
                ),
            };
            let args = BlsVerifyArgs::new(scheme, public_key, message.clone(), signature);
            out.push(case(
                "bls_verify_update",
                format!("{scheme:?}, {len}-byte message"),
                (args,),
                items(0, len as u64),
                ok::<()>,
            ));
        }
    }
    // A caller-chosen DST is hashed into every block of expand_message_xmd, so its length is
    // priced with the message's: a 32-byte message under a 65,536-byte tag.
    let dst = vec![b'D'; 65_536];
    let message = b"a 32-byte message under long DST".to_vec();
    let signature = min_sig::sign_with_dst(sk, &message, &dst).unwrap().to_bytes().to_vec();
    let args = BlsVerifyArgs::new(
        Scheme::MinSig,
        min_sig::PublicKey::from_secret_key(sk).to_bytes().to_vec(),
        message.clone(),
        signature,
    )
    .with_ciphersuite(Ciphersuite::Dst(dst.clone()));
    out.push(case(
        "bls_verify_update",
        "MinSig, 32-byte message, 65,536-byte DST".into(),
        (args,),
        items(0, (message.len() + dst.len()) as u64),
        ok::<()>,
    ));
    let msg = b"a 32-byte message to be signed!!".to_vec();
    for (seed, n) in [(1u8, 4usize), (2, 32)] {
        let sks = fresh_keys(n, seed);
        let sigs: Vec<min_pk::Signature> = sks.iter().map(|s| min_pk::sign(s, &msg)).collect();
        let args = FastAggregateVerifyArgs::new(
            Scheme::MinPk,
            sks.iter().map(|s| min_pk::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect(),
            sks.iter().map(|s| min_pk::pop_prove(s).to_bytes().to_vec()).collect(),
            msg.clone(),
            min_pk::Signature::aggregate(&sigs).unwrap().to_bytes().to_vec(),
        );
        out.push(case(
            "bls_fast_aggregate_verify_update",
            format!("MinPk, {n} new keys"),
            (args,),
            items(n as u64, 32),
            ok::<()>,
        ));
        let sks = fresh_keys(n, seed + 10);
        let sigs: Vec<min_sig::Signature> = sks.iter().map(|s| min_sig::pop::sign(s, &msg)).collect();
        let args = FastAggregateVerifyArgs::new(
            Scheme::MinSig,
            sks.iter().map(|s| min_sig::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect(),
            sks.iter().map(|s| min_sig::pop::pop_prove(s).to_bytes().to_vec()).collect(),
            msg.clone(),
            min_sig::Signature::aggregate(&sigs).unwrap().to_bytes().to_vec(),
        );
        out.push(case(
            "bls_fast_aggregate_verify_update",
            format!("MinSig, {n} new keys"),
            (args,),
            items(n as u64, 32),
            ok::<()>,
        ));
        // Aggregate verification: distinct 32-byte messages.
        let messages: Vec<Vec<u8>> = (0..n).map(|i| [&msg[..28], &(i as u32).to_be_bytes()].concat()).collect();
        let sks = fresh_keys(n, seed + 20);
        let sigs: Vec<min_pk::Signature> = sks.iter().zip(&messages).map(|(s, m)| min_pk::sign(s, m)).collect();
        let args = AggregateVerifyArgs::new(
            Scheme::MinPk,
            sks.iter().map(|s| min_pk::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect(),
            sks.iter().map(|s| min_pk::pop_prove(s).to_bytes().to_vec()).collect(),
            messages.clone(),
            min_pk::Signature::aggregate(&sigs).unwrap().to_bytes().to_vec(),
        );
        out.push(case(
            "bls_aggregate_verify_update",
            format!("MinPk, {n} new keys"),
            (args,),
            items(n as u64, 32 * n as u64),
            ok::<()>,
        ));
        let sigs: Vec<min_sig::Signature> = sks.iter().zip(&messages).map(|(s, m)| min_sig::sign(s, m)).collect();
        let args = AggregateVerifyArgs::new(
            Scheme::MinSig,
            sks.iter().map(|s| min_sig::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect(),
            vec![],
            messages.clone(),
            min_sig::Signature::aggregate(&sigs).unwrap().to_bytes().to_vec(),
        );
        out.push(case(
            "bls_aggregate_verify_update",
            format!("MinSig, {n} keys"),
            (args,),
            items(n as u64, 32 * n as u64),
            ok::<()>,
        ));
        for scheme in [Scheme::MinSig, Scheme::MinPk] {
            let items_: Vec<SignedMessage> = sks
                .iter()
                .zip(&messages)
                .map(|(s, m)| match scheme {
                    Scheme::MinSig => SignedMessage::new(
                        min_sig::PublicKey::from_secret_key(s).to_bytes().to_vec(),
                        m.clone(),
                        min_sig::sign(s, m).to_bytes().to_vec(),
                    ),
                    Scheme::MinPk => SignedMessage::new(
                        min_pk::PublicKey::from_secret_key(s).to_bytes().to_vec(),
                        m.clone(),
                        min_pk::sign(s, m).to_bytes().to_vec(),
                    ),
                })
                .collect();
            let args = BatchVerifyArgs::new(scheme, items_);
            out.push(case(
                "bls_batch_verify_update",
                format!("{scheme:?}, {n} signatures"),
                (args,),
                items(n as u64, 32 * n as u64),
                ok::<()>,
            ));
        }
    }
    let eip = |address: u8, input: Vec<u8>| Units { address: Some(address), items: 0, bytes: input.len() as u64 };
    let g1 = g1_points(2);
    let g2 = g2_points(2);
    let mut eip_inputs: Vec<(u8, String, Vec<u8>)> = vec![
        (0x0b, "two points".into(), [g1[0].to_eip2537(), g1[1].to_eip2537()].concat()),
        (0x0d, "two points".into(), [&g2[0].to_eip2537()[..], &g2[1].to_eip2537()[..]].concat()),
        (0x10, "one field element".into(), [vec![0u8; 32], scalar(5).to_bytes().to_vec()].concat()),
        (
            0x11,
            "one Fp2 element".into(),
            [vec![0u8; 32], scalar(5).to_bytes().to_vec(), vec![0u8; 32], scalar(6).to_bytes().to_vec()].concat(),
        ),
    ];
    for n in [1usize, 16, 128] {
        eip_inputs.push((0x0c, format!("{n} points"), msm_g1(n)));
        eip_inputs.push((0x0e, format!("{n} points"), msm_g2(n)));
    }
    for n in [2usize, 16] {
        eip_inputs.push((0x0f, format!("{n} pairs"), eip_pairs(n)));
    }
    for (address, label, input) in eip_inputs {
        let units = eip(address, input.clone());
        out.push(case(
            "eip2537_call_update",
            format!("{address:#04x}, {label}"),
            (address, input),
            units,
            ok::<PrecompileOutput>,
        ));
    }
    let kzg = fixtures::point_evaluation_input();
    out.push(case(
        "kzg_point_evaluation_update",
        "a valid proof".into(),
        (kzg,),
        items(0, 192),
        ok::<PrecompileOutput>,
    ));
    // drand: the built-in chains, and chains given by their key (decoded, and for quicknet's
    // scheme prepared, in the call).
    let (quicknet, mainnet) = (fixtures::drand_quicknet_round(), fixtures::drand_mainnet_round());
    let (quicknet_signature, mainnet_signature) = (quicknet.signature, mainnet.signature);
    let previous = mainnet.previous_signature.expect("a chained round");
    let other = |scheme: &str, key: &[u8]| DrandChain::Other(DrandChainInfo::new(scheme.into(), key.to_vec()));
    let drand_cases = [
        ("quicknet", DrandChain::Quicknet, quicknet.round, &quicknet_signature, None),
        (
            "quicknet by its key",
            other("bls-unchained-g1-rfc9380", &icbls::drand::QUICKNET_PUBLIC_KEY),
            quicknet.round,
            &quicknet_signature,
            None,
        ),
        ("the default network", DrandChain::Mainnet, mainnet.round, &mainnet_signature, Some(&previous)),
        (
            "the default network by its key",
            other("pedersen-bls-chained", &icbls::drand::MAINNET_PUBLIC_KEY),
            mainnet.round,
            &mainnet_signature,
            Some(&previous),
        ),
    ];
    for (label, chain, round, signature, previous) in drand_cases {
        let mut args = DrandVerifyArgs::new(chain, round, signature.clone());
        args.previous_signature = previous.cloned();
        let bytes = previous.map_or(0, |p| p.len() as u64);
        out.push(case("drand_verify_update", label.into(), (args,), items(0, bytes), ok::<Vec<u8>>));
    }
    // A canister signature: Internet Identity's, with its certificate's delegation.
    let args = internet_identity_signature();
    let bytes = args.input_bytes();
    out.push(case(
        "verify_canister_signature_update",
        "Internet Identity's, with a delegation".into(),
        (args,),
        items(0, bytes),
        ok::<VerifiedCanisterSignature>,
    ));
    // Signature trees of the tests, under a root key of the tests: the signature on message
    // 7 by seed "seed" is in each, and each is hashed whole into the certified data.
    use sha2::{Digest, Sha256};
    let (root, canister): (_, &[u8]) = (certificates::key(3), &[0, 0, 0, 0, 0, 0x30, 0, 1, 1, 1]);
    let seed_hash = Sha256::digest(b"seed").to_vec();
    let signature_path = |i: u32| [b"sig".to_vec(), seed_hash.clone(), Sha256::digest(i.to_be_bytes()).to_vec()];
    let signed_with = |tree: &[u8]| {
        let root_hash = icbls::certificate::HashTree::decode(tree).unwrap().root_hash();
        let state = certificates::Tree::new()
            .insert(&[b"canister", canister, b"certified_data"], &root_hash)
            .insert(&[b"time"], &certificates::leb128(1));
        CanisterSignatureArgs::new(
            7u32.to_be_bytes().to_vec(),
            certificates::canister_signature_of_cbor(&certificates::certificate(&root, &state, None), tree),
            icbls::canister_signature::CanisterSigPublicKey { canister_id: canister, seed: b"seed" }.to_der().unwrap(),
        )
        .with_root_key(certificates::raw_key(&root))
    };
    // A large tree of signatures (what the price's bytes are for): 2,000 of one seed. Then the
    // dearest trees per byte: the signature's path after balanced forks over empty leaves, the
    // largest at the query's cap.
    let mut many = certificates::Tree::new();
    for i in 0..2_000u32 {
        let path = signature_path(i);
        many = many.insert(&[&path[0], &path[1], &path[2]], b"");
    }
    let path = signature_path(7);
    let one = certificates::Tree::new().insert(&[&path[0], &path[1], &path[2]], b"");
    let mut trees = vec![("2,000 signatures in its tree".to_string(), many.cbor())];
    for terminals in [13_000usize, 150_000] {
        let tree = certificates::with_dense_tree(&one, terminals, &[0x82, 0x03, 0x40]);
        trees.push((format!("forks over {terminals} empty leaves in its tree"), tree));
    }
    for (label, tree) in trees {
        let args = signed_with(&tree);
        let bytes = args.input_bytes();
        out.push(case(
            "verify_canister_signature_update",
            format!("{label}, {bytes} bytes"),
            (args,),
            items(0, bytes),
            ok::<VerifiedCanisterSignature>,
        ));
    }
    for (method, dst) in [("hash_to_g1_update", min_sig::DST), ("hash_to_g2_update", min_pk::DST)] {
        for len in [32usize, 65_536] {
            let args = HashToCurveArgs::new(vec![1; len], dst.to_vec());
            out.push(case(
                method,
                format!("{len}-byte message"),
                (args,),
                items(0, (len + dst.len()) as u64),
                ok::<Vec<u8>>,
            ));
        }
    }
    // A committee's registration (512 keys decompressed and checked, then stored), then an
    // update verified against it (read back from stable memory), then a registration of the
    // same committee again (found by its root, not checked again).
    let (committee, update, _) = mainnet_sync_update();
    let register = |label: &str| {
        case(
            "register_sync_committee",
            label.to_string(),
            (committee.clone(),),
            items(512, 0),
            ok::<RegisteredSyncCommittee>,
        )
    };
    out.push(register("a mainnet committee"));
    out.push(case(
        "verify_sync_aggregate_update",
        "a mainnet update, 511 participants".into(),
        (update,),
        items(0, 0),
        ok::<VerifiedSyncAggregate>,
    ));
    out.push(register("the same committee again"));
    // vetKeys: a key of our own, so that any input has its vetKey; then a mainnet key derived
    // here (an empty context, the canister's key).
    let secret = icbls::Fr::from_u64(0x5_eed0_f7e7);
    let dpk = icbls::G2Projective::generator().mul_vartime(&secret).to_affine_vartime().to_compressed().to_vec();
    let vetkey_of = |input: &[u8]| {
        let h = icbls::hash_to_curve::hash_to_g1(
            &[&dpk[..], input].concat(),
            b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_",
        );
        h.mul_vartime(&secret).to_affine_vartime().to_compressed().to_vec()
    };
    for len in [32usize, 65_536] {
        let input = vec![7u8; len];
        let vetkey = vetkey_of(&input);
        let args = VerifyVetKeyArgs::new(VetKeyPublicKey::Derived(dpk.clone()), input, vetkey);
        let bytes = args.input_bytes();
        out.push(case(
            "verify_vetkey_update",
            format!("a given derived key, {len}-byte input"),
            (args,),
            items(0, bytes),
            ok::<VerifiedVetKey>,
        ));
    }
    // ic-vetkeys's mainnet VRF proof: a vetKey under key_1 derived for a canister and context.
    let vectors: serde_json::Value = serde_json::from_str(
        &icbls_testkit::vectors::read_to_string("vetkeys/ic_vetkeys_utils.json").expect("fixtures::available"),
    )
    .unwrap();
    let vrf = &vectors["mainnet_vrf"];
    let unhex = |v: &serde_json::Value| hex::decode(v.as_str().unwrap()).unwrap();
    let output = icbls::vetkeys::VrfOutput::deserialize(&unhex(&vrf["vrf_output"])).unwrap();
    let args = VerifyVetKeyArgs::new(
        VetKeyPublicKey::FromMaster(VetKeyDerivation::new(
            VetKdMasterKey::Mainnet("key_1".into()),
            Principal::from_slice(&unhex(&vrf["canister_id"])),
            unhex(&vrf["context"]),
        )),
        unhex(&vrf["input"]),
        output.proof().signature_bytes().to_vec(),
    );
    let bytes = args.input_bytes();
    out.push(case(
        "verify_vetkey_update",
        "key_1 derived here (a mainnet VRF proof)".into(),
        (args,),
        items(0, bytes),
        ok::<VerifiedVetKey>,
    ));
    let mainnet_key = |context: Vec<u8>| {
        VetKeyPublicKey::FromMaster(VetKeyDerivation::new(
            VetKdMasterKey::Mainnet("key_1".into()),
            Principal::from_slice(&[0, 0, 0, 0, 0, 0xc0, 0xa0, 0xd0, 1, 1]),
            context,
        ))
    };
    for len in [3usize, 65_536, 1_000_000] {
        let args = IbeEncryptArgs::new(
            mainnet_key(b"an application".to_vec()),
            b"an identity".to_vec(),
            vec![0xa5; len],
            vec![9; 32],
        );
        let bytes = args.input_bytes();
        out.push(case(
            "ibe_encrypt_update",
            format!("key_1 derived here, {len}-byte message"),
            (args,),
            items(0, bytes),
            ok::<Vec<u8>>,
        ));
    }
    out
}

#[test]
fn prices_cover_what_paid_calls_spend() {
    if !fixtures::available() {
        return;
    }
    let backend = Box::new(MeterBackend::new());
    let mut v = Verifier::install_with(backend, None, &[controller()]).unwrap();
    let mut report = String::from("| method | input | instructions | model | model / measured | price | kept | refunded |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
    let mut failures = Vec::new();
    let cases = cases();
    for c in cases {
        let model = methods::model(c.method, c.units.address).unwrap();
        let modelled = model.instructions(&c.units);
        let price = methods::price(c.method, &c.units, 13).unwrap();
        // The price query agrees with the shared function, plus, for a stranger's new sync
        // committee, the rent of its slot (which grows with the slots held, see
        // `service::registration_rent`), kept beside what the work spent.
        let mut price_args = PriceArgs::new(c.method.into(), c.units.items, c.units.bytes);
        price_args.address = c.units.address;
        let asked = v.price(price_args).unwrap().unwrap_or_else(|e| panic!("{}: the price query: {e}", c.method));
        let rent = asked - price;
        if c.method != "register_sync_committee" {
            assert_eq!(asked, price, "{}: the price query", c.method);
        }
        let outcome = v
            .backend
            .call(v.id, CallKind::Update, c.method, &c.arg, Sender::Canister { id: payer(), cycles: asked })
            .unwrap();
        let reply = outcome.response.unwrap_or_else(|e| panic!("{} ({}): rejected: {e}", c.method, c.label));
        (c.ok)(&reply).unwrap_or_else(|e| panic!("{} ({}): {e}", c.method, c.label));
        let measured = outcome.instructions.unwrap();
        let cycles = outcome.cycles.unwrap();
        report.push_str(&format!(
            "| `{}` | {} | {measured} | {modelled} | {:.2} | {price} | {} | {} |\n",
            c.method,
            c.label,
            modelled as f64 / measured as f64,
            cycles.accepted,
            cycles.refunded
        ));
        // An input within a query's caps fits within 85% of a query's limit.
        if model.check_caps(&c.units, Context::Query).is_ok() {
            assert!(
                measured as f64 <= 0.85 * icbls_meter::QUERY_LIMIT as f64,
                "{} ({}): {measured} instructions, within the query's caps",
                c.method,
                c.label
            );
        }
        if measured > modelled {
            failures.push(format!("{} ({}): {measured} instructions, the model says {modelled}", c.method, c.label));
        }
        // Kept what it spent ([`common::kept_what_it_spent`]), converted as the model converts.
        // (A committee already stored takes no slot and keeps no rent.)
        let stored_before = c.label == "the same committee again";
        let spent = cycles_for_instructions(measured, 13) + if stored_before { 0 } else { rent };
        assert!(
            common::kept_what_it_spent(cycles.accepted, spent),
            "{} ({}): kept {}, spent {spent}",
            c.method,
            c.label,
            cycles.accepted
        );
        assert_eq!(cycles.accepted + cycles.refunded, asked);
    }
    println!("{report}");
    assert!(failures.is_empty(), "{}\n{report}", failures.join("\n"));
}

/// Every paid method of the table is priced on a real input: a method without a case above is
/// called on its example from the per-endpoint table (`icbls_bench::endpoints`), at the price
/// the verifier asks for it (`PaymentRequired`, from a replicated query), and must spend no
/// more than that price's model before the margin and keep what it spent. `hash_to_g1` goes
/// this way too, so that the path is exercised while every method has a case.
#[test]
fn methods_without_a_case_are_priced_on_their_example() {
    if !fixtures::available() {
        return;
    }
    use icbls_verifier_client::methods::METHODS;
    let examples = examples();
    let cases = cases();
    let mut v =
        Verifier::install_with(Box::new(MeterBackend::new()), Some(light_client_setting()), &[controller()]).unwrap();
    let unpriced = METHODS
        .iter()
        .filter(|m| m.paid_by.is_some_and(|paid| m.name == "hash_to_g1" || !cases.iter().any(|c| c.method == paid)));
    let mut checked = 0;
    for m in unpriced {
        let example = examples
            .iter()
            .find(|e| e.method == m.name || Some(e.method.as_str()) == m.twin)
            .unwrap_or_else(|| panic!("{}: no price case and no example in icbls_bench::endpoints", m.name));
        // The query, replicated from a canister that is not allowed: its price (an update only
        // row is asked through itself with nothing attached).
        let asked: Result<candid::Reserved, Error> = v
            .call_raw_from(m.name, &example.arg, CallKind::Update, Sender::Canister { id: payer(), cycles: 0 })
            .unwrap();
        let price = match asked {
            Err(Error::PaymentRequired(paid)) => paid.price,
            Err(Error::InsufficientCycles(shortfall)) => shortfall.price,
            other => panic!("{}: asked without cycles, answered {other:?}", m.name),
        };
        let paid = m.paid_by.unwrap();
        let answer: Result<candid::Reserved, Error> = v
            .call_raw_from(paid, &example.arg, CallKind::Update, Sender::Canister { id: payer(), cycles: price })
            .unwrap();
        assert!(answer.is_ok(), "{paid} ({}): {answer:?}", example.input);
        let measured = v.last_instructions.unwrap();
        let cycles = v.last_cycles.unwrap();
        let modelled_with_margin = price - service::BASE_FEE_CYCLES;
        assert!(
            u128::from(measured) * u128::from(100 + service::PRICE_MARGIN_PERCENT) / 100 <= modelled_with_margin,
            "{paid} ({}): {measured} instructions, over the model of its price {price}",
            example.input
        );
        // Kept what it spent ([`common::kept_what_it_spent`]: the light client's bootstrap and
        // hand-off write some 50 heap and stable pages beyond the 14 every update is charged).
        let spent = cycles_for_instructions(measured, 13);
        assert!(common::kept_what_it_spent(cycles.accepted, spent), "{paid}: kept {}, spent {spent}", cycles.accepted);
        assert_eq!(cycles.accepted + cycles.refunded, price);
        checked += 1;
    }
    assert!(checked >= 1);
}

/// The price a canister that is neither a controller nor allow-listed is asked for `arg`
/// (calling `method` without cycles), or the refusal that comes before any price.
fn asked_price(v: &mut Verifier, method: &str, arg: &[u8]) -> Result<u128, Error> {
    let asked: Result<candid::Reserved, Error> =
        v.call_raw_from(method, arg, CallKind::Update, Sender::Canister { id: payer(), cycles: 0 }).unwrap();
    match asked {
        Err(Error::PaymentRequired(paid)) => Ok(paid.price),
        Err(Error::InsufficientCycles(shortfall)) => Ok(shortfall.price),
        Err(refusal) => Err(refusal),
        Ok(_) => panic!("{method}: answered without cycles"),
    }
}

/// Grows the `index`-th variable-length byte field (a `blob`, a `text`) of `value`, in
/// depth-first order and in the first element of each list, by `extra` bytes: `Some` with its
/// path when there is one, `None` (and `index` counted down) otherwise.
fn grow_field(value: &mut candid::IDLValue, path: &str, index: &mut usize, extra: usize) -> Option<String> {
    use candid::types::value::IDLValue;
    let mut leaf = |grow: &mut dyn FnMut()| {
        if *index == 0 {
            grow();
            Some(path.to_string())
        } else {
            *index -= 1;
            None
        }
    };
    match value {
        IDLValue::Blob(bytes) => leaf(&mut || bytes.resize(bytes.len() + extra, 0)),
        IDLValue::Text(text) => leaf(&mut || text.push_str(&"a".repeat(extra))),
        IDLValue::Vec(items) if !items.is_empty() && items.iter().all(|i| matches!(i, IDLValue::Nat8(_))) => {
            leaf(&mut || items.resize(items.len() + extra, IDLValue::Nat8(0)))
        }
        IDLValue::Vec(items) => items.first_mut().and_then(|i| grow_field(i, &format!("{path}[0]"), index, extra)),
        IDLValue::Opt(inner) => grow_field(inner, path, index, extra),
        IDLValue::Record(fields) => {
            fields.iter_mut().find_map(|f| grow_field(&mut f.val, &format!("{path}.{}", f.id), index, extra))
        }
        IDLValue::Variant(v) => grow_field(&mut v.0.val, &format!("{path}.{}", v.0.id), index, extra),
        _ => None,
    }
}

/// No input field is unpriced (issue 35, item 2): every variable-length byte field of every
/// paid method's example is grown until the argument fills the 2 MiB limit, and the grown call,
/// paid at the price the verifier asks for it, must spend no more than that price's model
/// before the margin, or be refused before any price (a cap, a malformed input). The table it
/// prints gives each field's instructions per added byte against the price's.
#[test]
fn every_byte_field_is_priced() {
    if !fixtures::available() {
        return;
    }
    use candid_parser::utils::{instantiate_candid, CandidSource};
    use icbls_verifier_client::methods::METHODS;
    let did = std::fs::read_to_string(icbls_canister_build::build::CanisterPackage::Verifier.did_path()).unwrap();
    let (_, (env, service)) = instantiate_candid(CandidSource::Text(&did)).unwrap();
    let mut v =
        Verifier::install_with(Box::new(MeterBackend::new()), Some(light_client_setting()), &[controller()]).unwrap();
    let mut report = String::from("| method | field | added bytes | outcome |\n|---|---|---:|---|\n");
    let mut failures = Vec::new();
    let mut grown_fields = 0;
    for m in METHODS {
        // The update that does the method's own work with the method's argument: its twin, or
        // itself (the per-precompile queries are paid through `eip2537_call`, whose example is
        // its own row).
        let Some(paid) = m.twin.or(m.update.then_some(m.name)).filter(|_| m.paid_by.is_some()) else {
            continue;
        };
        let Some(example) = examples().iter().find(|e| e.method == m.name || e.method == paid) else {
            panic!("{}: no example in icbls_bench::endpoints", m.name);
        };
        let types = env.get_method(&service, m.name).unwrap().args.clone();
        let mut call = |arg: &[u8]| -> Result<(u128, u64), Error> {
            let price = asked_price(&mut v, paid, arg)?;
            let _: Result<candid::Reserved, Error> = v
                .call_raw_from(paid, arg, CallKind::Update, Sender::Canister { id: payer(), cycles: price })
                .unwrap_or_else(|e| panic!("{paid}: rejected: {e}"));
            Ok((price, v.last_instructions.unwrap()))
        };
        let (base_price, base_instructions) =
            call(&example.arg).unwrap_or_else(|e| panic!("{paid} ({}): refused: {e}", example.input));
        for index in 0.. {
            let mut args = candid::IDLArgs::from_bytes_with_types(&example.arg, &env, &types).unwrap();
            let extra = (service::MAX_ARGUMENT_BYTES as usize).saturating_sub(example.arg.len() + 64);
            let mut countdown = index;
            let Some(field) = args
                .args
                .iter_mut()
                .enumerate()
                .find_map(|(i, a)| grow_field(a, &format!("arg{i}"), &mut countdown, extra))
            else {
                break;
            };
            grown_fields += 1;
            let grown = args.to_bytes_with_types(&env, &types).unwrap();
            let outcome = match call(&grown) {
                Err(refusal) => format!("refused before a price: {refusal}"),
                Ok((price, measured)) => {
                    if u128::from(measured) * u128::from(100 + service::PRICE_MARGIN_PERCENT) / 100
                        > price - service::BASE_FEE_CYCLES
                    {
                        failures.push(format!(
                            "{paid} {field} +{extra} bytes: {measured} instructions, over the model of its price {price}"
                        ));
                    }
                    let per_byte = measured.saturating_sub(base_instructions) as f64 / extra as f64;
                    let priced = price.saturating_sub(base_price) as f64 / extra as f64;
                    format!("paid {price}, spent {measured} ({per_byte:.1} / {priced:.1} a byte)")
                }
            };
            report.push_str(&format!("| `{paid}` | `{field}` | {extra} | {outcome} |\n"));
        }
    }
    println!("{report}");
    assert!(grown_fields >= 40, "{grown_fields} fields grown\n{report}");
    assert!(failures.is_empty(), "{}\n{report}", failures.join("\n"));
}
