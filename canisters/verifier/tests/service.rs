//! The verifier as a public service, attacked through its interface on the meter (calls from
//! a canister with cycles need the meter; the other tests run on PocketIC too):
//!
//! * who may send what: ingress updates only from controllers and the allow-list, queries from
//!   anyone, replicated queries only from privileged callers, the allow-list kept across
//!   upgrades;
//! * who pays: too few cycles is a typed error naming the price; enough is charged what the
//!   call spent, the rest refunded; a replicated query keeps nothing;
//! * what is bounded: over-cap inputs and hostile Candid refused for a sliver of the work they
//!   ask for (instructions asserted);
//! * what cannot be forged: the rogue-key attack on aggregation, through the canister.

use crate::common;

use candid::{CandidType, Principal};
use icbls::bls::{min_pk, min_sig, SecretKey};
use icbls::{Fr, G1Projective, G2Projective};
use icbls_bench::endpoints::{cancelling_pairs, msm_g1};
use icbls_bench::verifier::*;
use icbls_testkit::backend::{backend_from_env, CallKind, MeterBackend, Outcome, Sender, REFUSED_BY_INSPECT};
use icbls_verifier_client::methods;
use icbls_verifier_client::service::{cycles_for_instructions, Units, MAX_ARGUMENT_BYTES};

fn controller() -> Principal {
    Principal::from_slice(&[7; 29])
}

fn friend() -> Principal {
    Principal::from_slice(&[8; 29])
}

fn stranger() -> Principal {
    Principal::from_slice(&[9; 29])
}

/// A canister that pays for its calls (neither controller nor allow-listed).
fn paying_canister() -> Principal {
    Principal::from_slice(&[0, 0, 0, 0, 0, 0, 0, 42, 1, 1])
}

/// An allow-listed canister.
fn friendly_canister() -> Principal {
    Principal::from_slice(&[0, 0, 0, 0, 0, 0, 0, 43, 1, 1])
}

fn init() -> InitArgs {
    InitArgs::default().with_allow_list(vec![friend(), friendly_canister()])
}

fn on_meter() -> Verifier {
    Verifier::install_with(Box::new(MeterBackend::new()), Some(init()), &[controller()]).unwrap()
}

fn call(v: &mut Verifier, method: &str, arg: &[u8], kind: CallKind, sender: Sender) -> Outcome {
    v.backend.call(v.id, kind, method, arg, sender).unwrap()
}

fn decode<T: CandidType + serde::de::DeserializeOwned>(outcome: &Outcome) -> T {
    let reply = outcome.response.as_ref().unwrap_or_else(|e| panic!("rejected: {e}"));
    candid::decode_one(reply).unwrap()
}

/// Every method of `verifier.did`.
fn methods() -> Vec<String> {
    use candid_parser::utils::{instantiate_candid, CandidSource};
    let did = std::fs::read_to_string(icbls_canister_build::build::CanisterPackage::Verifier.did_path()).unwrap();
    let (_, (env, service)) = instantiate_candid(CandidSource::Text(&did)).unwrap();
    env.as_service(&service).unwrap().iter().map(|(name, _)| name.to_string()).collect()
}

fn bls_args() -> BlsVerifyArgs {
    let sk = SecretKey::key_gen(&[5; 32], b"").unwrap();
    BlsVerifyArgs::new(
        Scheme::MinSig,
        min_sig::PublicKey::from_secret_key(&sk).to_bytes().to_vec(),
        b"hello".to_vec(),
        min_sig::sign(&sk, b"hello").to_bytes().to_vec(),
    )
}

/// Ingress update calls are paid by the canister, so `canister_inspect_message` lets them
/// through only from controllers and the allow-list, for every method (query methods called
/// as updates included); queries are free and open to anyone. Runs on PocketIC too.
#[test]
fn ingress_updates_only_from_controllers_and_the_allow_list() {
    let mut v = Verifier::install_with(backend_from_env().unwrap(), Some(init()), &[controller()]).unwrap();
    let arg = candid::encode_one(bls_args()).unwrap();
    let names = methods();
    assert!(names.len() >= 29, "{names:?}");
    for method in &names {
        for sender in [Principal::anonymous(), stranger()] {
            let out = call(&mut v, method, &arg, CallKind::Update, Sender::User(sender));
            let refused = out
                .response
                .as_ref()
                .err()
                .is_some_and(|e| e.starts_with(REFUSED_BY_INSPECT) || e.contains("rejected the message"));
            assert!(refused, "{method} from {sender}: {:?}", out.response);
        }
    }
    // The controller's and an allow-listed user's ingress updates go through, free.
    for sender in [controller(), friend()] {
        let out = call(&mut v, "bls_verify_update", &arg, CallKind::Update, Sender::User(sender));
        assert_eq!(decode::<Result<(), Error>>(&out), Ok(()), "{sender}");
        let out = call(&mut v, "bls_verify", &arg, CallKind::Update, Sender::User(sender));
        assert_eq!(decode::<Result<(), Error>>(&out), Ok(()), "{sender}: a query method as an update");
    }
    // Queries: free, for anyone.
    let out = call(&mut v, "bls_verify", &arg, CallKind::Query, Sender::User(Principal::anonymous()));
    assert_eq!(decode::<Result<(), Error>>(&out), Ok(()));
}

/// The allow-list is kept in stable memory: an upgrade without an argument keeps it, one that
/// gives it replaces it, one that does not keep it.
#[test]
fn the_allow_list_survives_upgrades() {
    let mut v = Verifier::install_with(backend_from_env().unwrap(), Some(init()), &[controller()]).unwrap();
    let arg = candid::encode_one(bls_args()).unwrap();
    let accepted = |v: &mut Verifier, who: Principal| {
        call(v, "bls_verify_update", &arg, CallKind::Update, Sender::User(who)).response.is_ok()
    };
    assert!(accepted(&mut v, friend()) && !accepted(&mut v, stranger()));
    v.upgrade(None).unwrap();
    assert!(accepted(&mut v, friend()) && !accepted(&mut v, stranger()));
    v.upgrade(Some(InitArgs::default().with_subnet_nodes(13))).unwrap();
    assert!(accepted(&mut v, friend()) && !accepted(&mut v, stranger()));
    v.upgrade(Some(InitArgs::default().with_allow_list(vec![stranger()]))).unwrap();
    assert!(!accepted(&mut v, friend()) && accepted(&mut v, stranger()));
}

/// A paid update: too few cycles is a typed error that names the price (the refusal keeps at
/// most what it cost, the rest goes back); the price is accepted as far as the call spent it
/// and the rest refunded; controllers and allow-listed canisters are not charged for lack of
/// cycles. The `price` query says the same as the shared function.
#[test]
fn calls_from_canisters_pay_what_they_use() {
    let mut v = on_meter();
    let pairs = cancelling_pairs(8);
    let arg = candid::encode_one(&pairs).unwrap();
    let units = Units { items: 8, ..Units::default() };
    let price = methods::price("pairing_check_update", &units, 13).unwrap();
    let asked = v.price(PriceArgs::new("pairing_check_update".into(), 8, 0)).unwrap();
    assert_eq!(asked, Ok(price));
    assert_eq!(v.price(PriceArgs::new("version".into(), 0, 0)).unwrap(), Ok(0));

    // Too few: the typed error, nothing done, the refusal's cost kept.
    for attached in [0u128, 1_000_000, price - 1] {
        let out = call(
            &mut v,
            "pairing_check_update",
            &arg,
            CallKind::Update,
            Sender::Canister { id: paying_canister(), cycles: attached },
        );
        let e = decode::<Result<bool, Error>>(&out).unwrap_err();
        assert_eq!(e, Error::InsufficientCycles(CyclesShortfall { price, attached }));
        let cycles = out.cycles.unwrap();
        let refusal = cycles_for_instructions(out.instructions.unwrap(), 13);
        assert!(cycles.accepted.abs_diff(refusal.min(attached)) <= 20_000, "{cycles:?}, refusal {refusal}");
        assert_eq!(cycles.accepted + cycles.refunded, attached);
        assert!(
            out.instructions.unwrap() < 1_000_000,
            "a refusal for cycles costs {:?} instructions",
            out.instructions
        );
    }
    // Enough: charged what it used.
    for attached in [price, 10 * price] {
        let out = call(
            &mut v,
            "pairing_check_update",
            &arg,
            CallKind::Update,
            Sender::Canister { id: paying_canister(), cycles: attached },
        );
        assert_eq!(decode::<Result<bool, Error>>(&out), Ok(true));
        let cycles = out.cycles.unwrap();
        let spent = cycles_for_instructions(out.instructions.unwrap(), 13);
        assert!(common::kept_what_it_spent(cycles.accepted, spent), "kept {}, spent {spent}", cycles.accepted);
        assert_eq!(cycles.refunded, attached - cycles.accepted);
        println!(
            "pairing_check_update, 8 pairs: price {price}, attached {attached}, kept {}, refunded {}",
            cycles.accepted, cycles.refunded
        );
    }
    // An allow-listed canister needs no cycles (what it attaches pays for the work, at most).
    let out = call(
        &mut v,
        "pairing_check_update",
        &arg,
        CallKind::Update,
        Sender::Canister { id: friendly_canister(), cycles: 0 },
    );
    assert_eq!(decode::<Result<bool, Error>>(&out), Ok(true));
    // Bigger subnets pay in proportion.
    assert!(methods::price("pairing_check_update", &units, 34).unwrap() > 2 * price);
}

/// A query method called from a canister runs replicated, where it cannot keep cycles (the
/// replica discards a replicated query's state and refunds what was attached): strangers are
/// told which paid method to call and its price, privileged callers are served; nothing is
/// kept either way.
#[test]
fn replicated_queries_serve_privileged_callers_and_keep_nothing() {
    let mut v = on_meter();
    let arg = candid::encode_args((0x0cu8, msm_g1(4))).unwrap();
    let units = Units { address: Some(0x0c), items: 0, bytes: 4 * 160 };
    let price = methods::price("eip2537_call_update", &units, 13).unwrap();
    for method_arg in [("eip2537_call", arg.clone()), ("eip2537_g1_msm", candid::encode_one(msm_g1(4)).unwrap())] {
        let out = call(
            &mut v,
            method_arg.0,
            &method_arg.1,
            CallKind::Update,
            Sender::Canister { id: paying_canister(), cycles: 10 * price },
        );
        let e = decode::<Result<PrecompileOutput, Error>>(&out).unwrap_err();
        assert_eq!(
            e,
            Error::PaymentRequired(PaidMethod { method: "eip2537_call_update".into(), price }),
            "{}",
            method_arg.0
        );
        assert_eq!(out.cycles.unwrap().accepted, 0);
        assert!(out.instructions.unwrap() < 1_000_000);
    }
    let out = call(
        &mut v,
        "eip2537_call",
        &arg,
        CallKind::Update,
        Sender::Canister { id: friendly_canister(), cycles: price },
    );
    assert!(decode::<Result<PrecompileOutput, Error>>(&out).is_ok());
    assert_eq!(out.cycles.unwrap(), icbls_testkit::backend::CyclesOutcome { accepted: 0, refunded: price });
    // The paid twin does the work for the stranger.
    let out = call(
        &mut v,
        "eip2537_call_update",
        &arg,
        CallKind::Update,
        Sender::Canister { id: paying_canister(), cycles: price },
    );
    assert!(decode::<Result<PrecompileOutput, Error>>(&out).is_ok());
    assert!(out.cycles.unwrap().accepted > 0);
    // Free methods are served to anyone, in every mode.
    let out = call(
        &mut v,
        "version",
        b"DIDL\x00\x00",
        CallKind::Update,
        Sender::Canister { id: paying_canister(), cycles: 0 },
    );
    assert_eq!(decode::<String>(&out), icbls::VERSION);
}

/// A certificate of `len` zero bytes for any canister, with `lookups` paths to look up.
fn garbage_certificate(len: usize, lookups: usize) -> VerifyCertificateArgs {
    VerifyCertificateArgs::new(vec![0; len], vec![vec![b"x".to_vec()]; lookups])
        .with_canister_id(Principal::anonymous())
}

/// One over-cap input per kind of cap, in a query and in a paid update: refused with the
/// cap's typed error for less than 0.2% of the instructions the input asked for (the model's
/// estimate of the refused work).
#[test]
fn over_cap_inputs_are_refused_cheaply() {
    let mut v = on_meter();
    let pair = cancelling_pairs(2)[0].clone();
    let key = min_pk::PublicKey::from_secret_key(&SecretKey::key_gen(&[3; 32], b"").unwrap()).to_bytes().to_vec();
    let fast = |n: usize| {
        FastAggregateVerifyArgs::new(Scheme::MinPk, vec![key.clone(); n], vec![vec![0; 96]; n], vec![], vec![0; 96])
    };
    let batch =
        |n: usize| BatchVerifyArgs::new(Scheme::MinPk, vec![SignedMessage::new(key.clone(), vec![], vec![0; 96]); n]);
    let paying = Sender::Canister { id: paying_canister(), cycles: u64::MAX as u128 };
    let anyone = Sender::User(Principal::anonymous());
    /// Method, argument, how it is called, the cap's field and limit, the input's units.
    type OverCap<'a> = (&'a str, Vec<u8>, CallKind, Sender, &'a str, u64, Units);
    let cases: Vec<OverCap> = vec![
        (
            "pairing_check",
            candid::encode_one(vec![pair.clone(); 257]).unwrap(),
            CallKind::Query,
            anyone,
            "pairs",
            256,
            Units { items: 257, ..Units::default() },
        ),
        (
            "pairing_check_update",
            candid::encode_one(vec![pair.clone(); 2049]).unwrap(),
            CallKind::Update,
            paying,
            "pairs",
            2048,
            Units { items: 2049, ..Units::default() },
        ),
        (
            "bls_fast_aggregate_verify",
            candid::encode_one(fast(65)).unwrap(),
            CallKind::Query,
            anyone,
            "public_keys",
            64,
            Units { items: 65, ..Units::default() },
        ),
        (
            "bls_fast_aggregate_verify_update",
            candid::encode_one(fast(513)).unwrap(),
            CallKind::Update,
            paying,
            "public_keys",
            512,
            Units { items: 513, ..Units::default() },
        ),
        (
            "bls_batch_verify",
            candid::encode_one(batch(129)).unwrap(),
            CallKind::Query,
            anyone,
            "items",
            128,
            Units { items: 129, ..Units::default() },
        ),
        (
            "bls_batch_verify_update",
            candid::encode_one(batch(1025)).unwrap(),
            CallKind::Update,
            paying,
            "items",
            1024,
            Units { items: 1025, ..Units::default() },
        ),
        (
            "eip2537_g1_msm",
            candid::encode_one(vec![0u8; 1537 * 160]).unwrap(),
            CallKind::Query,
            anyone,
            "input",
            1536 * 160,
            Units { address: Some(0x0c), items: 0, bytes: 1537 * 160 },
        ),
        (
            "eip2537_call_update",
            candid::encode_args((0x0cu8, vec![0u8; 13057 * 160])).unwrap(),
            CallKind::Update,
            paying,
            "input",
            13056 * 160,
            Units { address: Some(0x0c), items: 0, bytes: 13057 * 160 },
        ),
        (
            "eip2537_call_update",
            candid::encode_args((0x0eu8, vec![0u8; 7265 * 288])).unwrap(),
            CallKind::Update,
            paying,
            "input",
            7264 * 288,
            Units { address: Some(0x0e), items: 0, bytes: 7265 * 288 },
        ),
        (
            "eip2537_pairing_check",
            candid::encode_one(vec![0u8; 289 * 384]).unwrap(),
            CallKind::Query,
            anyone,
            "input",
            288 * 384,
            Units { address: Some(0x0f), items: 0, bytes: 289 * 384 },
        ),
        // A certificate and a canister signature over a query's byte caps (their hash trees
        // may cost 3,400 instructions a byte).
        (
            "verify_certificate",
            candid::encode_one(garbage_certificate(640 * 1024 + 1, 0)).unwrap(),
            CallKind::Query,
            anyone,
            "certificate",
            640 * 1024,
            Units { address: None, items: 0, bytes: 640 * 1024 + 1 },
        ),
        (
            "verify_canister_signature",
            candid::encode_one(CanisterSignatureArgs::new(vec![], vec![0; 768 * 1024 + 1], vec![])).unwrap(),
            CallKind::Query,
            anyone,
            "signature",
            768 * 1024,
            Units { address: None, items: 0, bytes: 768 * 1024 + 1 },
        ),
        // A same-subnet call may carry 10 MiB: refused before it is read.
        (
            "eip2537_call_update",
            candid::encode_args((0x0cu8, vec![0u8; 8 * 1024 * 1024])).unwrap(),
            CallKind::Update,
            paying,
            "argument",
            MAX_ARGUMENT_BYTES,
            Units { address: Some(0x0c), items: 0, bytes: 8 * 1024 * 1024 },
        ),
    ];
    for (method, arg, kind, sender, field, limit, units) in cases {
        let out = call(&mut v, method, &arg, kind, sender);
        let e = decode::<Result<candid::Reserved, Error>>(&out).unwrap_err();
        let Error::InputTooLarge(l) = &e else { panic!("{method}: {e:?}") };
        assert_eq!((l.field.as_str(), l.limit), (field, limit), "{method}");
        let refused = methods::model(method, units.address).unwrap().instructions(&units);
        let spent = out.instructions.unwrap();
        println!(
            "{method} ({} bytes): {e}; {spent} instructions for {refused} refused ({:.4}%)",
            arg.len(),
            spent as f64 * 100.0 / refused as f64
        );
        assert!(spent * 500 < refused, "{method}: {spent} instructions to refuse {refused}");
        if let Sender::Canister { .. } = sender {
            // The refusal is charged what it cost, no more.
            let cycles = out.cycles.unwrap();
            assert!(cycles.accepted <= cycles_for_instructions(spent, 13) + 20_000);
        }
    }
    // A certificate verification whose reply could pass the 2 MiB reply limit.
    let e = v.verify_certificate(garbage_certificate(100_000, 21)).unwrap().unwrap_err();
    assert!(matches!(&e, Error::InputTooLarge(l) if l.field == "lookup" && l.limit == 20 && l.actual == 21), "{e:?}");
}

/// Byte strings that no price counts (a root key, a proof of possession without its key, a
/// long lookup label) are decoded as bytes: an argument of almost 2 MiB of them is refused for
/// under 4 instructions a byte, within the fixed part of any price.
#[test]
fn unpriced_byte_strings_decode_cheaply() {
    let mut v = on_meter();
    let big = vec![0u8; 1_900_000];
    let anyone = Sender::User(Principal::anonymous());
    let mut certificate = garbage_certificate(1, 0);
    certificate.root_key = Some(big.clone());
    let mut long_label = garbage_certificate(1, 0);
    long_label.lookup = vec![vec![big.clone()]];
    let signature = CanisterSignatureArgs::new(vec![], vec![0xff], vec![]).with_root_key(big.clone());
    let fast = FastAggregateVerifyArgs::new(Scheme::MinPk, vec![], vec![big.clone()], vec![], vec![0; 96]);
    let cases = [
        ("verify_certificate", candid::encode_one(certificate).unwrap()),
        ("verify_certificate", candid::encode_one(long_label).unwrap()),
        ("verify_canister_signature", candid::encode_one(signature).unwrap()),
        ("bls_fast_aggregate_verify", candid::encode_one(fast).unwrap()),
    ];
    for (method, arg) in cases {
        let out = call(&mut v, method, &arg, CallKind::Query, anyone);
        let e = decode::<Result<candid::Reserved, Error>>(&out).unwrap_err();
        let spent = out.instructions.unwrap();
        println!("{method} ({} bytes): {e}; {spent} instructions", arg.len());
        assert!(spent < 4 * arg.len() as u64, "{method}: {spent} instructions for {} bytes", arg.len());
    }
    // The fixed-size precompiles, whose price is mostly fixed, refuse a long input within it.
    for (method, address) in [("eip2537_g1_add", 0x0b), ("eip2537_g2_add", 0x0d), ("eip2537_map_fp_to_g1", 0x10)] {
        let out = call(&mut v, method, &candid::encode_one(&big).unwrap(), CallKind::Query, anyone);
        decode::<Result<candid::Reserved, Error>>(&out).unwrap_err();
        let spent = out.instructions.unwrap();
        let units = Units { address: Some(address), items: 0, bytes: big.len() as u64 };
        let modelled = methods::model(method, Some(address)).unwrap().instructions(&units);
        assert!(spent <= modelled, "{method}: {spent} instructions, the model says {modelled}");
    }
}

/// An error repeats at most a short prefix of what the caller sent (issue 35, item 6): a
/// `price` for a 1.9 MB method name, and a vetKD key named by 1.9 MB of control characters
/// (each escaped to six), were once echoed whole with `{:?}`, a reply up to six times the
/// argument.
#[test]
fn errors_echo_a_bounded_prefix_of_caller_strings() {
    let mut v = on_meter();
    let anyone = Sender::User(Principal::anonymous());
    let long = "\u{1}".repeat(1_900_000);
    let price = PriceArgs::new(long.clone(), 0, 0);
    let vetkey = VerifyVetKeyArgs::new(
        VetKeyPublicKey::FromMaster(VetKeyDerivation::new(
            VetKdMasterKey::Mainnet(long.clone()),
            Principal::anonymous(),
            vec![],
        )),
        vec![],
        icbls::G1Affine::generator().to_compressed().to_vec(),
    );
    for (method, arg, field) in [
        ("price", candid::encode_one(price).unwrap(), "method"),
        ("verify_vetkey", candid::encode_one(vetkey).unwrap(), "public_key.FromMaster.master_key"),
    ] {
        let out = call(&mut v, method, &arg, CallKind::Query, anyone);
        let e = decode::<Result<candid::Reserved, Error>>(&out).unwrap_err();
        assert_eq!(e.field(), Some(field), "{method}: {e}");
        let reply = out.response.as_ref().unwrap().len();
        assert!(reply < 1_000, "{method}: a {reply}-byte reply to a {}-byte argument", arg.len());
        assert!(e.to_string().contains("(1900000 bytes)"), "{method}: {e}");
    }
}

/// Hostile Candid arguments: cheap to send, expensive to decode without quotas. Each is
/// rejected (a reject with the verifier's Candid message, not a trap) within a stated bound.
#[test]
fn hostile_candid_is_refused_within_a_bound() {
    let mut v = on_meter();
    let leb = |mut n: u64| {
        let mut out = Vec::new();
        loop {
            let byte = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                out.push(byte);
                return out;
            }
            out.push(byte | 0x80);
        }
    };
    let kzg_input = vec![0u8; 192];
    let blob = [&leb(192)[..], &kzg_input].concat();
    // Types: 0 = record {}, 1 = vec 0, 2 = vec nat8, 3 = vec null.
    let table = b"DIDL\x04\x6c\x00\x6d\x00\x6d\x7b\x6d\x7f".to_vec();
    // Types: 0 = vec nat8, 1 = opt 1 (recursive).
    let recursive = b"DIDL\x02\x6d\x7b\x6e\x01".to_vec();
    // 63 nested opts around a vec null (the deepest nesting a table of 64 entries allows).
    let nested = {
        let mut b = b"DIDL\x40\x6d\x7b".to_vec();
        for i in 2..64u8 {
            b.extend([0x6e, i]);
        }
        b.extend([0x6d, 0x7f]);
        b
    };
    let junk_field = {
        #[derive(CandidType)]
        struct WithJunk {
            scheme: Scheme,
            public_key: Vec<u8>,
            message: Vec<u8>,
            signature: Vec<u8>,
            junk: Vec<u8>,
        }
        let a = bls_args();
        candid::encode_one(WithJunk {
            scheme: a.scheme,
            public_key: a.public_key,
            message: a.message,
            signature: a.signature,
            junk: vec![0xaa; 1_900_000],
        })
        .unwrap()
    };
    let many_types = {
        let mut b = b"DIDL".to_vec();
        b.extend(leb(10_000));
        for _ in 0..10_000 {
            b.extend([0x6d, 0x7b]);
        }
        b.extend([1, 0, 0]);
        b
    };
    let wide_record = {
        let mut b = b"DIDL\x01\x6c".to_vec();
        b.extend(leb(5_000));
        for i in 0..5_000u64 {
            b.extend(leb(i));
            b.push(0x7f);
        }
        b.extend([2, 0x71, 0]);
        b.extend([0, 0]);
        b
    };
    // `n` empty keys and as many empty proofs: a valid type, one byte a value on the wire.
    let empty_keys = |n: usize| {
        let none = FastAggregateVerifyArgs::new(Scheme::MinPk, vec![vec![]; n], vec![vec![]; n], vec![], vec![]);
        candid::encode_one(none).unwrap()
    };
    let cases: Vec<(&str, &str, Vec<u8>)> = vec![
        // kzg_point_evaluation(blob) plus an extra argument `vec record {}` of 10^12 elements
        // (zero bytes each on the wire).
        (
            "kzg_point_evaluation",
            "extra vec record {} x 10^12",
            [&table[..], &[2, 2, 1], &blob, &leb(1_000_000_000_000)].concat(),
        ),
        // The same as the method's only argument, where a `vec PairingPair` is expected.
        (
            "pairing_check",
            "vec record {} x 10^12 for vec PairingPair",
            [&table[..], &[1, 1], &leb(1_000_000_000_000)].concat(),
        ),
        // An extra `vec null` of 10^12 elements.
        (
            "kzg_point_evaluation",
            "extra vec null x 10^12",
            [&table[..], &[2, 2, 3], &blob, &leb(1_000_000_000_000)].concat(),
        ),
        // A recursive `opt opt opt ...` value nested a million deep, as an extra argument.
        (
            "kzg_point_evaluation",
            "extra opt nested 10^6 deep (recursive type)",
            [&recursive[..], &[2, 0, 1], &blob, &vec![1u8; 1_000_000], &[0]].concat(),
        ),
        // 63 nested opts (no recursion) holding a vec null of 10^12 elements.
        (
            "kzg_point_evaluation",
            "extra opt x 63 around vec null x 10^12",
            [&nested[..], &[2, 0, 1], &blob, &[1u8; 62], &leb(1_000_000_000_000)].concat(),
        ),
        // A record with an extra 1.9 MB field the method does not take.
        ("bls_verify", "extra 1.9 MB field", junk_field),
        // 10,000 type-table entries; a record type with 5,000 fields.
        ("kzg_point_evaluation", "10,000 type-table entries", many_types),
        ("version", "record with 5,000 fields", wide_record),
        // A million empty keys and as many empty proofs: a valid type, one byte a value on the
        // wire, over 800 instructions a value to decode (1.7 billion in all) if the candid
        // crate got to it.
        ("bls_fast_aggregate_verify", "10^6 empty keys and proofs", empty_keys(1_000_000)),
        // 30,000 empty keys and as many proofs: under the bound of 65,536 values this once had,
        // they passed this pass and cost the candid crate about 50M instructions to decode
        // before the caps refused them, unpaid (issue 35, item 6).
        ("bls_fast_aggregate_verify", "30,000 empty keys and proofs", empty_keys(30_000)),
        // Garbage and truncations.
        ("bls_verify", "no magic", vec![0xff; 100]),
        ("pairing_check", "a length past the end", [&table[..], &[1, 2], &leb(u32::MAX as u64)].concat()),
    ];
    for (method, what, arg) in cases {
        for (kind, sender) in [
            (CallKind::Query, Sender::User(Principal::anonymous())),
            (CallKind::Update, Sender::Canister { id: paying_canister(), cycles: 1_000_000_000 }),
        ] {
            let method = match kind {
                CallKind::Update if method != "version" => format!("{method}_update"),
                _ => method.to_string(),
            };
            let out = call(&mut v, &method, &arg, kind, sender);
            let reject = out.response.clone().expect_err(&format!("{method} ({what}) was answered"));
            assert!(
                reject.starts_with("icbls verifier: the argument is not valid Candid for"),
                "{method} ({what}): {reject}"
            );
            let spent = out.instructions.unwrap();
            // The bound: 5 million instructions, plus 2 per byte sent (the copy of the argument
            // and a pass over it).
            let bound = 5_000_000 + 2 * arg.len() as u64;
            println!("{method}: {what} ({} bytes): refused after {spent} instructions: {reject}", arg.len());
            assert!(spent <= bound, "{method} ({what}): {spent} instructions, over {bound}");
        }
    }
}

/// The rogue-key attack (Boneh, Drijvers, Neven 2018) through the canister, for both schemes:
/// the attacker publishes `rogue = x·g − pk_victim` and the signature `x·H(m)`, which verifies
/// against the sum of `[pk_victim, rogue]`. Without a valid proof of possession for the rogue
/// key (which needs `x − sk_victim`), the canister refuses it, in queries and in updates, even
/// after the victim's key was cached; honest keys with their proofs verify.
#[test]
fn rogue_key_forgeries_fail_in_the_canister() {
    let mut v = on_meter();
    v.sender = Sender::User(controller());
    let victim = SecretKey::key_gen(&[0x11; 32], b"victim").unwrap();
    let attacker = SecretKey::key_gen(&[0x22; 32], b"attacker").unwrap();
    let x = Fr::from_be_bytes(&attacker.to_bytes()).unwrap();
    let m = b"pay the attacker".to_vec();

    // Min-pk: keys in G1.
    let pk_victim = min_pk::PublicKey::from_secret_key(&victim);
    let rogue = min_pk::PublicKey::from_point(
        (G1Projective::generator().mul_vartime(&x) - G1Projective::from(pk_victim.point())).to_affine_vartime(),
    )
    .unwrap();
    let forged = min_pk::Signature::from_point(
        icbls::hash_to_curve::hash_to_g2(&m, min_pk::DST).mul_vartime(&x).to_affine_vartime(),
    )
    .unwrap();
    // The attack is real: through the library's escape hatch the forgery verifies.
    let vouched = [
        min_pk::PopVerifiedPublicKey::assume_pop_verified_unchecked(pk_victim),
        min_pk::PopVerifiedPublicKey::assume_pop_verified_unchecked(rogue),
    ];
    assert_eq!(min_pk::fast_aggregate_verify(&vouched, &m, &forged), Ok(()));
    let proofs_for_rogue = [
        min_pk::pop_prove(&attacker).to_bytes().to_vec(),
        min_pk::Signature::from_point(
            icbls::hash_to_curve::hash_to_g2(&rogue.to_bytes(), min_pk::POP_DST).mul_vartime(&x).to_affine_vartime(),
        )
        .unwrap()
        .to_bytes()
        .to_vec(),
        min_pk::pop_prove(&victim).to_bytes().to_vec(),
        forged.to_bytes().to_vec(),
    ];
    for update in [false, true] {
        for proof in &proofs_for_rogue {
            let fast = FastAggregateVerifyArgs::new(
                Scheme::MinPk,
                vec![pk_victim.to_bytes().to_vec(), rogue.to_bytes().to_vec()],
                vec![min_pk::pop_prove(&victim).to_bytes().to_vec(), proof.clone()],
                m.clone(),
                forged.to_bytes().to_vec(),
            );
            let e = v.bls_fast_aggregate_verify(fast.clone(), update).unwrap().unwrap_err();
            assert!(matches!(&e, Error::VerificationFailed(d) if d.field == "proofs_of_possession[1]"), "{e:?}");
            let aggregate = AggregateVerifyArgs::new(
                Scheme::MinPk,
                fast.public_keys.clone(),
                fast.proofs_of_possession.clone(),
                vec![m.clone(), m.clone()],
                fast.signature.clone(),
            );
            let e = v.bls_aggregate_verify(aggregate, update).unwrap().unwrap_err();
            assert!(matches!(&e, Error::VerificationFailed(d) if d.field == "proofs_of_possession[1]"), "{e:?}");
        }
    }
    // Honest keys with their proofs verify, and reject the forgery.
    let honest = [&victim, &attacker];
    let sigs: Vec<min_pk::Signature> = honest.iter().map(|s| min_pk::sign(s, &m)).collect();
    let mut fast = FastAggregateVerifyArgs::new(
        Scheme::MinPk,
        honest.iter().map(|s| min_pk::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect(),
        honest.iter().map(|s| min_pk::pop_prove(s).to_bytes().to_vec()).collect(),
        m.clone(),
        min_pk::Signature::aggregate(&sigs).unwrap().to_bytes().to_vec(),
    );
    assert_eq!(v.bls_fast_aggregate_verify(fast.clone(), true).unwrap(), Ok(()));
    fast.signature = forged.to_bytes().to_vec();
    assert!(matches!(v.bls_fast_aggregate_verify(fast, false).unwrap(), Err(Error::VerificationFailed(_))));

    // Min-sig (the proof-of-possession ciphersuite): keys in G2.
    let pk_victim = min_sig::PublicKey::from_secret_key(&victim);
    let rogue = min_sig::PublicKey::from_point(
        (G2Projective::generator().mul_vartime(&x) - G2Projective::from(pk_victim.point())).to_affine_vartime(),
    )
    .unwrap();
    let forged = min_sig::Signature::from_point(
        icbls::hash_to_curve::hash_to_g1(&m, min_sig::pop::DST).mul_vartime(&x).to_affine_vartime(),
    )
    .unwrap();
    let vouched = [
        min_sig::pop::PopVerifiedPublicKey::assume_pop_verified_unchecked(pk_victim),
        min_sig::pop::PopVerifiedPublicKey::assume_pop_verified_unchecked(rogue),
    ];
    assert_eq!(min_sig::pop::fast_aggregate_verify(&vouched, &m, &forged), Ok(()));
    for update in [false, true] {
        for proof in [min_sig::pop::pop_prove(&attacker), min_sig::pop::pop_prove(&victim), forged] {
            let fast = FastAggregateVerifyArgs::new(
                Scheme::MinSig,
                vec![pk_victim.to_bytes().to_vec(), rogue.to_bytes().to_vec()],
                vec![min_sig::pop::pop_prove(&victim).to_bytes().to_vec(), proof.to_bytes().to_vec()],
                m.clone(),
                forged.to_bytes().to_vec(),
            );
            let e = v.bls_fast_aggregate_verify(fast, update).unwrap().unwrap_err();
            assert!(matches!(&e, Error::VerificationFailed(d) if d.field == "proofs_of_possession[1]"), "{e:?}");
        }
    }
    // The basic scheme's aggregate (no proofs) refuses the repeated message the attack needs.
    let aggregate = AggregateVerifyArgs::new(
        Scheme::MinSig,
        vec![pk_victim.to_bytes().to_vec(), rogue.to_bytes().to_vec()],
        vec![],
        vec![m.clone(), m.clone()],
        min_sig::Signature::from_point(
            icbls::hash_to_curve::hash_to_g1(&m, min_sig::DST).mul_vartime(&x).to_affine_vartime(),
        )
        .unwrap()
        .to_bytes()
        .to_vec(),
    );
    assert!(v.bls_aggregate_verify(aggregate, false).unwrap().is_err());
}
