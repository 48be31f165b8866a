//! The verifier canister through Candid, on the backend (the meter; PocketIC when
//! `POCKET_IC_BIN` is set): each method's success and failure paths. The shared vectors go
//! through it in `conformance.rs`; the limits are found in `limits.rs`.

use crate::common;

use icbls_testkit::certificates;

use candid::Principal;
use common::changed;
use icbls::bls::{min_pk, min_sig, SecretKey};
use icbls::{G1Affine, G1Projective, G2Affine};
use icbls_bench::verifier::*;
use icbls_testkit::backend::backend_from_env;
use serde_json::Value;

/// A public vector file as JSON (tests that read one first skip when the vectors are absent).
fn json(path: &str) -> Value {
    let text = icbls_testkit::vectors::read_to_string(path).expect("the test checked fixtures::available");
    serde_json::from_str(&text).unwrap()
}

fn unhex(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().unwrap().trim_start_matches("0x")).unwrap()
}

/// One canister for all checks (installing builds the Wasm once).
#[test]
fn every_method_through_candid() {
    let mut v = Verifier::install(backend_from_env().unwrap()).unwrap();
    assert_eq!(v.version().unwrap(), icbls::VERSION);
    certificates(&mut v);
    certificate_bounds(&mut v);
    pairings(&mut v);
    signatures(&mut v);
    precompiles(&mut v);
    hashes(&mut v);
    drand(&mut v);
    canister_signatures(&mut v);
    // A malformed Candid argument is rejected (not a trap), with the decoder's message.
    let reject = v.call_raw::<Result<bool, Error>>("pairing_check", b"DIDL\x00\x01\x71\x03abc", false).unwrap_err();
    assert!(reject.starts_with("icbls verifier: the argument is not valid Candid for pairing_check"), "{reject}");
}

fn certificates(v: &mut Verifier) {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    let cases = json("ic_certificates/ic_certificates.json");
    let case = cases.as_array().unwrap().iter().find(|c| c["name"] == "ivg37_time_valid").unwrap();
    let time = case["expected_time_ns"].as_u64().unwrap();
    // No root key: the mainnet key.
    let args = |now: u64| {
        let lookup = vec![vec![b"time".to_vec()], vec![b"no such label".to_vec()], vec![]];
        VerifyCertificateArgs::new(unhex(&case["certificate_hex"]), lookup)
            .with_canister_id(principal(case["canister_id"].as_str().unwrap()).unwrap())
            .with_now_ns(now)
    };
    let ok = v.verify_certificate(args(time)).unwrap().unwrap();
    assert_eq!(ok.time_ns, time);
    assert!(matches!(ok.lookups[0], Lookup::Found(_)));
    // A pruned tree proves absence only where the neighbouring labels are kept.
    assert!(matches!(ok.lookups[1], Lookup::Absent | Lookup::Unknown), "{:?}", ok.lookups[1]);
    assert_eq!(ok.lookups[2], Lookup::NotALeaf);
    assert_eq!(ok.lookups.len(), 3);
    assert!(ok.delegation_subnet_id.is_some());
    // An hour later the certificate is stale.
    let stale = v.verify_certificate(args(time + 3_600_000_000_000)).unwrap().unwrap_err();
    assert!(matches!(stale, Error::VerificationFailed(_)), "{stale:?}");
    // Garbage, a wrong root key, no target.
    let mut bad = args(time);
    bad.certificate = vec![0xd9, 0xd9, 0xf7, 0xa1];
    assert!(matches!(v.verify_certificate(bad).unwrap(), Err(Error::MalformedInput(_))));
    let mut bad = args(time);
    bad.root_key = Some(vec![1, 2, 3]);
    assert_eq!(v.verify_certificate(bad).unwrap().unwrap_err().field(), Some("root_key"));
    let mut bad = args(time);
    bad.canister_id = None;
    assert!(matches!(v.verify_certificate(bad).unwrap(), Err(Error::Unsupported(_))));

    // The delegation's own `/time`, held to `delegation_max_age_ns` when it is given.
    let full = args(time).certificate;
    let delegation = icbls::certificate::Certificate::decode(&full).unwrap().delegation.unwrap();
    let delegation_time = tree_time(delegation.certificate);
    let age = time - delegation_time;
    let mut within = args(time);
    within.delegation_max_age_ns = Some(age);
    assert!(v.verify_certificate(within).unwrap().is_ok());
    let mut stale = args(time);
    stale.delegation_max_age_ns = Some(age - 1);
    let e = v.verify_certificate(stale).unwrap().unwrap_err();
    assert!(matches!(&e, Error::VerificationFailed(d) if d.message.contains("delegation certificate time")), "{e:?}");
}

/// The `/time` of a CBOR certificate.
fn tree_time(cert: &[u8]) -> u64 {
    let cert = icbls::certificate::Certificate::decode(cert).unwrap();
    let icbls::certificate::LookupResult::Found(leb) = cert.tree.lookup(&[b"time"]) else { panic!("no /time") };
    leb.iter().enumerate().fold(0, |t, (i, b)| t | u64::from(b & 0x7f) << (7 * i))
}

fn message(e: &Error) -> String {
    e.to_string()
}

/// Certificates made here under a test root key, for what the vectors cannot show: a
/// `subnet_id` longer than a principal, replies over the IC's limit, lookups of other
/// canisters. Each comes back as `Err`, never as a trap.
fn certificate_bounds(v: &mut Verifier) {
    use certificates::{delegated_certificate, key, leb128, raw_key, Tree};
    const CANISTER: &[u8] = &[0, 0, 0, 0, 0, 0x30, 0, 0x01, 0x01, 0x01];
    const OTHER: &[u8] = &[0, 0, 0, 0, 0, 0x30, 0, 0x02, 0x01, 0x01];
    const TIME: u64 = 1_700_000_000_000_000_000;
    const VALUE_BYTES: usize = 40_000;
    let (root, subnet) = (key(1), key(2));
    let big = vec![0x5a; VALUE_BYTES];
    let tree = Tree::new()
        .insert(&[b"canister", CANISTER, b"certified_data"], &big)
        .insert(&[b"canister", OTHER, b"certified_data"], b"not mine")
        .insert(&[b"time"], &leb128(TIME));
    let ranges: &[(&[u8], &[u8])] = &[(CANISTER, CANISTER)];
    let args = |certificate: Vec<u8>, lookup: Vec<Vec<&[u8]>>| {
        VerifyCertificateArgs::new(
            certificate,
            lookup.into_iter().map(|p| p.into_iter().map(<[u8]>::to_vec).collect()).collect(),
        )
        .with_root_key(raw_key(&root))
        .with_canister_id(Principal::from_slice(CANISTER))
        .with_now_ns(TIME)
    };
    let mine: Vec<&[u8]> = vec![b"canister", CANISTER, b"certified_data"];
    let time: Vec<&[u8]> = vec![b"time"];

    // 1. A delegation whose subnet_id has 30 bytes, signed under the caller's root key: `Err`,
    //    not a trap in `Principal::from_slice`. With 29 bytes the same certificate verifies.
    let id29 = [0xab; 29];
    let ok = v.verify_certificate(args(
        delegated_certificate(&root, &subnet, &id29, ranges, &tree, TIME),
        vec![time.clone()],
    ));
    assert_eq!(ok.unwrap().unwrap().delegation_subnet_id, Some(Principal::from_slice(&id29)));
    let long = delegated_certificate(&root, &subnet, &[0xab; 30], ranges, &tree, TIME);
    let e = v.verify_certificate(args(long, vec![time.clone()])).unwrap().unwrap_err();
    assert!(matches!(&e, Error::MalformedInput(d) if d.field == "certificate"), "{e:?}");
    assert!(message(&e).contains("delegation.subnet_id has 30 bytes, more than the 29 allowed"), "{e:?}");

    // 2. Each value is in the reply once, and the reply stays under 2 MiB: the canister bounds
    //    the lookups before verifying (each value found is no longer than the certificate), so
    //    the most lookups it allows of a 40,000-byte value fit, and one more is refused with
    //    the limit named (a reply over 2 MiB would trap in ic0.msg_reply_data_append).
    let cert = delegated_certificate(&root, &subnet, &id29, ranges, &tree, TIME);
    let fit = ((2 * 1024 * 1024 - 64 * 1024) / cert.len()).min(64);
    let fits = v.verify_certificate(args(cert.clone(), vec![mine.clone(); fit])).unwrap().unwrap();
    assert!(fits.lookups.iter().all(|l| *l == Lookup::Found(big.clone())));
    let reply = candid::encode_one(Ok::<_, Error>(fits)).unwrap();
    assert!(reply.len() <= 2 * 1024 * 1024, "{} bytes", reply.len());
    assert!(reply.len() > fit * VALUE_BYTES, "each value once: {} bytes", reply.len());
    assert!(reply.len() < fit * (VALUE_BYTES + 100) + 1024, "each value once: {} bytes", reply.len());
    for n in [fit + 1, 64] {
        let e = v.verify_certificate(args(cert.clone(), vec![mine.clone(); n])).unwrap().unwrap_err();
        assert!(matches!(&e, Error::InputTooLarge(l) if l.field == "lookup" && l.limit == fit as u64), "{e:?}");
    }
    // The caps on the paths, checked before any verification (the certificate is garbage).
    let e = v.verify_certificate(args(vec![0xff], vec![time.clone(); 65])).unwrap().unwrap_err();
    assert!(matches!(&e, Error::InputTooLarge(l) if l.field == "lookup" && l.limit == 64 && l.actual == 65), "{e:?}");
    let deep: Vec<&[u8]> = vec![b"x"; 128];
    let e = v.verify_certificate(args(vec![0xff], vec![time.clone(), deep])).unwrap().unwrap_err();
    assert!(matches!(&e, Error::Unsupported(d) if d.field == "lookup[1]"), "{e:?}");
    assert!(message(&e).contains("128 labels, more than the 127 allowed"), "{e:?}");
    let label = [b'x'; 1025];
    let e = v.verify_certificate(args(vec![0xff], vec![vec![&label[..]]])).unwrap().unwrap_err();
    assert!(matches!(&e, Error::Unsupported(d) if d.field == "lookup[0]"), "{e:?}");
    assert!(message(&e).contains("1025 bytes of labels, more than the 1024 allowed"), "{e:?}");
    // At the caps: 64 paths of 127 labels, 1024 bytes in one path (on a small certificate,
    //    so that the reply bound allows 64 lookups).
    let small =
        Tree::new().insert(&[b"canister", CANISTER, b"certified_data"], b"small").insert(&[b"time"], &leb128(TIME));
    let small = delegated_certificate(&root, &subnet, &id29, ranges, &small, TIME);
    let at_caps = v.verify_certificate(args(
        small,
        vec![vec![&b"x"[..]; 127]; 63].into_iter().chain([vec![&label[..1024]]]).collect(),
    ));
    assert!(at_caps.unwrap().unwrap().lookups.iter().all(|l| *l == Lookup::Absent));

    // 3. `/canister/<id>/...` only for the canister verified; none in a subnet's certificate.
    let other: Vec<&[u8]> = vec![b"canister", OTHER, b"certified_data"];
    let e = v.verify_certificate(args(cert.clone(), vec![mine.clone(), other.clone()])).unwrap().unwrap_err();
    assert!(matches!(&e, Error::VerificationFailed(d) if d.field == "lookup[1]"), "{e:?}");
    assert!(message(&e).contains("other than the one the certificate was verified for"), "{e:?}");
    let mut subnet_args = args(cert.clone(), vec![time.clone(), mine.clone()]);
    subnet_args.canister_id = None;
    subnet_args.subnet_id = Some(Principal::from_slice(&id29));
    let e = v.verify_certificate(subnet_args.clone()).unwrap().unwrap_err();
    assert!(matches!(&e, Error::VerificationFailed(d) if d.field == "lookup[1]"), "{e:?}");
    assert!(message(&e).contains("subnet's certificate"), "{e:?}");
    subnet_args.lookup.pop();
    let ok = v.verify_certificate(subnet_args).unwrap().unwrap();
    assert_eq!(ok.lookups, vec![Lookup::Found(leb128(TIME))]);

    // 4. Through a delegation, `/subnet/<id>/...` and `/canister_ranges/<id>/...` only for the
    //    delegated subnet (issue 35, item 3): they were answered for any subnet, on the
    //    delegated subnet's word alone.
    let own_key: Vec<&[u8]> = vec![b"subnet", &id29, b"public_key"];
    let ok = v.verify_certificate(args(cert.clone(), vec![own_key])).unwrap().unwrap();
    assert_eq!(ok.lookups, vec![Lookup::Absent]);
    let elsewhere = [0xcd; 29];
    for path in [
        vec![&b"subnet"[..], &elsewhere, b"public_key"],
        vec![b"subnet", &elsewhere, b"canister_ranges"],
        vec![b"canister_ranges", &elsewhere, b"shard"],
    ] {
        let e = v.verify_certificate(args(cert.clone(), vec![mine.clone(), path])).unwrap().unwrap_err();
        assert!(matches!(&e, Error::VerificationFailed(d) if d.field == "lookup[1]"), "{e:?}");
        assert!(message(&e).contains("for a subnet other than the delegation's"), "{e:?}");
    }
}

fn pairings(v: &mut Verifier) {
    let (g1, g2) = (G1Affine::generator(), G2Affine::generator());
    let compressed = vec![
        PairingPair::new(g1.to_compressed().to_vec(), g2.to_compressed().to_vec()),
        PairingPair::new((-g1).to_compressed().to_vec(), g2.to_compressed().to_vec()),
    ];
    assert_eq!(v.pairing_check(compressed.clone(), false).unwrap(), Ok(true));
    assert_eq!(v.pairing_check(compressed.clone(), true).unwrap(), Ok(true));
    // The same pairs in the EIP-2537 and uncompressed encodings, mixed.
    let mixed = vec![
        PairingPair::new(g1.to_eip2537().to_vec(), g2.to_uncompressed().to_vec()),
        PairingPair::new((-g1).to_uncompressed().to_vec(), g2.to_eip2537().to_vec()),
    ];
    assert_eq!(v.pairing_check(mixed, false).unwrap(), Ok(true));
    assert_eq!(v.pairing_check(compressed[..1].to_vec(), false).unwrap(), Ok(false));
    assert_eq!(v.pairing_check(vec![], false).unwrap(), Ok(true));
    let mut bad = compressed;
    bad[1].g2 = vec![0u8; 95];
    let e = v.pairing_check(bad, false).unwrap().unwrap_err();
    assert_eq!(e.field(), Some("pairs[1].g2"));
    assert!(matches!(e, Error::MalformedInput(_)));
}

fn signatures(v: &mut Verifier) {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    // The IC's scheme, on a shared vector.
    let ic = json("bls_sig_min_sig_ic/dfinity_verify_bls_signatures.json");
    let case = &ic[0];
    let args = BlsVerifyArgs::new(
        Scheme::MinSig,
        unhex(&case["public_key_hex"]),
        unhex(&case["message_hex"]),
        unhex(&case["signature_hex"]),
    );
    assert_eq!(v.bls_verify(args.clone()).unwrap(), Ok(()));
    let mut other = args.clone();
    other.message.push(0);
    assert!(matches!(v.bls_verify(other).unwrap(), Err(Error::VerificationFailed(_))));
    let mut bad = args.clone();
    bad.public_key.pop();
    assert_eq!(v.bls_verify(bad).unwrap().unwrap_err().field(), Some("public_key"));
    let mut wrong_scheme = args;
    wrong_scheme.scheme = Scheme::MinPk;
    assert!(matches!(v.bls_verify(wrong_scheme).unwrap(), Err(Error::MalformedInput(_))));

    ciphersuites(v);

    // Keys and signatures made here, for both schemes.
    let sks: Vec<SecretKey> = (0..4u8).map(|i| SecretKey::key_gen(&[i + 1; 32], b"").unwrap()).collect();
    let msgs: Vec<Vec<u8>> = (0..4u8).map(|i| vec![i; 10]).collect();
    let min_pk_keys: Vec<Vec<u8>> =
        sks.iter().map(|s| min_pk::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect();
    let min_sig_keys: Vec<Vec<u8>> =
        sks.iter().map(|s| min_sig::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect();
    let same: Vec<min_pk::Signature> = sks.iter().map(|s| min_pk::sign(s, b"block")).collect();
    let fast = FastAggregateVerifyArgs::new(
        Scheme::MinPk,
        min_pk_keys.clone(),
        sks.iter().map(|s| min_pk::pop_prove(s).to_bytes().to_vec()).collect(),
        b"block".to_vec(),
        min_pk::Signature::aggregate(&same).unwrap().to_bytes().to_vec(),
    );
    assert_eq!(v.bls_fast_aggregate_verify(fast.clone(), false).unwrap(), Ok(()));
    // A proof for another key does not verify (a query caches nothing).
    let mut swapped = fast.clone();
    swapped.proofs_of_possession.swap(0, 1);
    let e = v.bls_fast_aggregate_verify(swapped.clone(), false).unwrap().unwrap_err();
    assert!(matches!(&e, Error::VerificationFailed(d) if d.field == "proofs_of_possession[0]"), "{e:?}");
    let e = v.bls_fast_aggregate_verify(swapped.clone(), false).unwrap().unwrap_err();
    assert!(matches!(&e, Error::VerificationFailed(_)), "{e:?}");
    assert_eq!(v.bls_fast_aggregate_verify(fast.clone(), true).unwrap(), Ok(()));
    let mut missing = fast.clone();
    missing.public_keys.pop();
    missing.proofs_of_possession.pop();
    assert!(matches!(v.bls_fast_aggregate_verify(missing, false).unwrap(), Err(Error::VerificationFailed(_))));
    // One proof per key; a proof for another key does not verify.
    let mut unpaired = fast.clone();
    unpaired.proofs_of_possession.pop();
    assert_eq!(
        v.bls_fast_aggregate_verify(unpaired, false).unwrap().unwrap_err().field(),
        Some("proofs_of_possession")
    );
    // Once an update verified the keys' proofs, they are cached: the proofs are not checked
    // again (even a wrong one), in queries as in updates.
    assert_eq!(v.bls_fast_aggregate_verify(swapped, false).unwrap(), Ok(()));
    let mut empty = fast;
    empty.public_keys.clear();
    empty.proofs_of_possession.clear();
    assert!(matches!(v.bls_fast_aggregate_verify(empty, false).unwrap(), Err(Error::MalformedInput(_))));
    // Min-sig fast aggregation: the proof-of-possession ciphersuite.
    let pop_sigs: Vec<min_sig::Signature> = sks.iter().map(|s| min_sig::pop::sign(s, b"block")).collect();
    let min_sig_fast = FastAggregateVerifyArgs::new(
        Scheme::MinSig,
        min_sig_keys.clone(),
        sks.iter().map(|s| min_sig::pop::pop_prove(s).to_bytes().to_vec()).collect(),
        b"block".to_vec(),
        min_sig::Signature::aggregate(&pop_sigs).unwrap().to_bytes().to_vec(),
    );
    assert_eq!(v.bls_fast_aggregate_verify(min_sig_fast, false).unwrap(), Ok(()));
    // Min-pk aggregate verification takes proofs too; messages may repeat.
    let repeated_msgs = vec![b"a".to_vec(), b"a".to_vec(), b"b".to_vec(), b"c".to_vec()];
    let min_pk_sigs: Vec<min_pk::Signature> = sks.iter().zip(&repeated_msgs).map(|(s, m)| min_pk::sign(s, m)).collect();
    let min_pk_aggregate = AggregateVerifyArgs::new(
        Scheme::MinPk,
        min_pk_keys.clone(),
        sks.iter().map(|s| min_pk::pop_prove(s).to_bytes().to_vec()).collect(),
        repeated_msgs,
        min_pk::Signature::aggregate(&min_pk_sigs).unwrap().to_bytes().to_vec(),
    );
    assert_eq!(v.bls_aggregate_verify(min_pk_aggregate.clone(), false).unwrap(), Ok(()));
    let mut no_proofs = min_pk_aggregate;
    no_proofs.proofs_of_possession.clear();
    assert_eq!(v.bls_aggregate_verify(no_proofs, false).unwrap().unwrap_err().field(), Some("proofs_of_possession"));

    let sigs: Vec<min_sig::Signature> = sks.iter().zip(&msgs).map(|(s, m)| min_sig::sign(s, m)).collect();
    let aggregate = AggregateVerifyArgs::new(
        Scheme::MinSig,
        min_sig_keys.clone(),
        vec![],
        msgs.clone(),
        min_sig::Signature::aggregate(&sigs).unwrap().to_bytes().to_vec(),
    );
    assert_eq!(v.bls_aggregate_verify(aggregate.clone(), false).unwrap(), Ok(()));
    let mut repeated = aggregate.clone();
    repeated.messages[1] = repeated.messages[0].clone();
    assert!(v.bls_aggregate_verify(repeated, true).unwrap().is_err());
    // The basic scheme takes no proofs.
    let mut with_proofs = aggregate;
    with_proofs.proofs_of_possession = vec![vec![0; 48]; 4];
    assert!(matches!(v.bls_aggregate_verify(with_proofs, false).unwrap(), Err(Error::Unsupported(_))));

    let items: Vec<SignedMessage> = (0..4)
        .map(|i| SignedMessage::new(min_sig_keys[i].clone(), msgs[i].clone(), sigs[i].to_bytes().to_vec()))
        .collect();
    let batch = BatchVerifyArgs::new(Scheme::MinSig, items);
    assert_eq!(v.bls_batch_verify(batch.clone(), false).unwrap(), Ok(()));
    assert_eq!(v.bls_batch_verify(batch.clone(), true).unwrap(), Ok(()));
    let mut swapped = batch.clone();
    let s0 = swapped.items[0].signature.clone();
    swapped.items[0].signature = swapped.items[1].signature.clone();
    swapped.items[1].signature = s0;
    assert!(matches!(v.bls_batch_verify(swapped, false).unwrap(), Err(Error::VerificationFailed(_))));
    let mut broken = batch;
    broken.items[2].signature[0] ^= 0x40; // the infinity flag on a nonzero body
    assert_eq!(v.bls_batch_verify(broken, false).unwrap().unwrap_err().field(), Some("items[2].signature"));
}

fn precompiles(v: &mut Verifier) {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    let methods = [
        ("blsG1Add", 0x0b, "eip2537_g1_add"),
        ("blsG1MultiExp", 0x0c, "eip2537_g1_msm"),
        ("blsG2Add", 0x0d, "eip2537_g2_add"),
        ("blsG2MultiExp", 0x0e, "eip2537_g2_msm"),
        ("blsPairing", 0x0f, "eip2537_pairing_check"),
        ("blsMapG1", 0x10, "eip2537_map_fp_to_g1"),
        ("blsMapG2", 0x11, "eip2537_map_fp2_to_g2"),
    ];
    for (file, address, method) in methods {
        let cases = json(&format!("eip2537/{file}.json"));
        let case = &cases[0];
        let expected = PrecompileOutput { output: unhex(&case["Expected"]), gas: case["Gas"].as_u64().unwrap() };
        let input = unhex(&case["Input"]);
        assert_eq!(v.eip2537_method(method, input.clone()).unwrap(), Ok(expected.clone()), "{method}");
        assert_eq!(v.eip2537_call(address, input.clone(), false).unwrap(), Ok(expected.clone()), "{method}");
        assert_eq!(v.eip2537_call(address, input.clone(), true).unwrap(), Ok(expected), "{method}");
        let failure = &json(&format!("eip2537/fail-{file}.json"))[0];
        let e = v.eip2537_method(method, unhex(&failure["Input"])).unwrap().unwrap_err();
        assert!(matches!(e, Error::MalformedInput(_)), "{method}: {e:?}");
    }
    assert!(matches!(v.eip2537_call(0x0a, vec![], false).unwrap(), Err(Error::Unsupported(_))));

    let cases = json("kzg_point_evaluation/geth_pointEvaluation.json");
    let input = unhex(&cases[0]["Input"]);
    let out = v.kzg_point_evaluation(input.clone()).unwrap().unwrap();
    assert_eq!((out.output, out.gas), (unhex(&cases[0]["Expected"]), 50_000));
    let mut wrong_y = input.clone();
    wrong_y[95] ^= 1;
    assert!(matches!(v.kzg_point_evaluation(wrong_y).unwrap(), Err(Error::VerificationFailed(_))));
    assert!(matches!(v.kzg_point_evaluation(input[..100].to_vec()).unwrap(), Err(Error::MalformedInput(_))));
}

fn hashes(v: &mut Verifier) {
    let dst = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_".to_vec();
    let ours = icbls::hash_to_curve::hash_to_g1(b"abc", &dst).to_affine_vartime().to_compressed().to_vec();
    assert_eq!(v.hash_to(false, b"abc".to_vec(), dst).unwrap(), Ok(ours));
    let dst2 = min_pk::DST.to_vec();
    let ours = icbls::hash_to_curve::hash_to_g2(b"abc", &dst2).to_affine_vartime().to_compressed().to_vec();
    assert_eq!(v.hash_to(true, b"abc".to_vec(), dst2).unwrap(), Ok(ours));
    assert_eq!(v.hash_to(true, b"abc".to_vec(), vec![]).unwrap().unwrap_err().field(), Some("dst"));
    let _ = G1Projective::generator();
}

/// `drand_verify`: a round of each built-in chain and of a chain given by its `/info`, its
/// randomness, and every failure path with the argument it names.
fn drand(v: &mut Verifier) {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    let quicknet = json("drand/quicknet.json");
    let q = &quicknet["beacons"][0];
    let q_args = DrandVerifyArgs::new(DrandChain::Quicknet, q["round"].as_u64().unwrap(), unhex(&q["signature"]));
    assert_eq!(v.drand_verify(q_args.clone(), false).unwrap(), Ok(unhex(&q["randomness"])));
    assert_eq!(v.drand_verify(q_args.clone(), true).unwrap(), Ok(unhex(&q["randomness"])), "the update");
    let info = DrandChainInfo::new(quicknet["scheme"].as_str().unwrap().into(), unhex(&quicknet["public_key"]));
    let by_info = changed(q_args.clone(), |a| a.chain = DrandChain::Other(info.clone()));
    assert_eq!(v.drand_verify(by_info, false).unwrap(), Ok(unhex(&q["randomness"])));

    let mainnet = json("drand/default.json");
    let m = &mainnet["beacons"][0];
    let m_args = DrandVerifyArgs::new(DrandChain::Mainnet, m["round"].as_u64().unwrap(), unhex(&m["signature"]))
        .with_previous_signature(unhex(&m["previous_signature"]));
    assert_eq!(v.drand_verify(m_args.clone(), false).unwrap(), Ok(unhex(&m["randomness"])));

    // Each failure names its argument.
    let fails = |v: &mut Verifier, args: DrandVerifyArgs| v.drand_verify(args, false).unwrap().unwrap_err();
    let e = fails(v, changed(q_args.clone(), |a| a.round += 1));
    assert!(matches!(&e, Error::VerificationFailed(d) if d.field == "signature"), "{e:?}");
    let e = fails(v, changed(q_args.clone(), |a| a.round = 0));
    assert!(matches!(&e, Error::MalformedInput(d) if d.field == "round"), "{e:?}");
    let e = fails(v, q_args.clone().with_previous_signature(vec![1; 48]));
    assert!(matches!(&e, Error::MalformedInput(d) if d.field == "previous_signature"), "{e:?}");
    let e = fails(v, changed(m_args.clone(), |a| a.previous_signature = None));
    assert!(matches!(&e, Error::MalformedInput(d) if d.field == "previous_signature"), "{e:?}");
    // The round-123 signature with its last bit flipped: on the curve, outside the subgroup.
    let tampered = quicknet["beacons"].as_array().unwrap().iter().find(|b| b["id"] == "derived_sig_bitflip").unwrap();
    let args = changed(q_args.clone(), |a| {
        a.round = tampered["round"].as_u64().unwrap();
        a.signature = unhex(&tampered["signature"]);
    });
    let e = fails(v, args);
    assert!(
        matches!(&e, Error::MalformedInput(d) if d.field == "signature" && d.message.contains("subgroup")),
        "{e:?}"
    );
    for bad in [vec![], vec![0; 48], q_args.signature[..40].to_vec(), m_args.signature.clone()] {
        let e = fails(v, changed(q_args.clone(), |a| a.signature = bad));
        assert!(matches!(&e, Error::MalformedInput(d) if d.field == "signature"), "{e:?}");
    }
    let e = fails(v, m_args.clone().with_previous_signature(m_args.signature.clone()));
    assert!(matches!(&e, Error::VerificationFailed(d) if d.field == "signature"), "{e:?}");
    let other = |scheme: &str, public_key: Vec<u8>| {
        changed(q_args.clone(), |a| a.chain = DrandChain::Other(DrandChainInfo::new(scheme.into(), public_key)))
    };
    let e = fails(v, other("bls-unchained-on-g2", info.public_key.clone()));
    assert!(matches!(&e, Error::Unsupported(d) if d.field == "chain.scheme"), "{e:?}");
    // The deprecated bls-unchained-on-g1 (G2 key, G1 signatures under the G2 tag) is taken: a
    // quicknet round does not verify under it, only under quicknet's tag.
    let e = fails(v, other("bls-unchained-on-g1", info.public_key.clone()));
    assert!(matches!(&e, Error::VerificationFailed(d) if d.field == "signature"), "{e:?}");
    let e = fails(v, other(&info.scheme, info.public_key[..48].to_vec()));
    assert!(matches!(&e, Error::MalformedInput(d) if d.field == "chain.public_key"), "{e:?}");
    let e = fails(v, other("pedersen-bls-chained", info.public_key.clone()));
    assert!(matches!(&e, Error::MalformedInput(d) if d.field == "chain.public_key"), "{e:?}");
}

/// `bls_verify`'s ciphersuites: each verifies its own signature and no other, in both variants;
/// an empty DST is refused naming `ciphersuite`.
fn ciphersuites(v: &mut Verifier) {
    let sk = SecretKey::key_gen(&[9; 32], b"").unwrap();
    let msg = b"one message, many suites".to_vec();
    let custom = b"MY_APP_BLS_V1".to_vec();
    for scheme in [Scheme::MinSig, Scheme::MinPk] {
        let (public_key, signatures) = match scheme {
            Scheme::MinSig => (
                min_sig::PublicKey::from_secret_key(&sk).to_bytes().to_vec(),
                [
                    min_sig::sign(&sk, &msg),
                    min_sig::sign(&sk, &msg),
                    min_sig::pop::sign(&sk, &msg),
                    min_sig::aug::sign(&sk, &msg),
                    min_sig::sign_with_dst(&sk, &msg, &custom).unwrap(),
                ]
                .map(|s| s.to_bytes().to_vec()),
            ),
            Scheme::MinPk => (
                min_pk::PublicKey::from_secret_key(&sk).to_bytes().to_vec(),
                [
                    min_pk::sign(&sk, &msg),
                    min_pk::sign_with_dst(&sk, &msg, min_pk::BASIC_DST).unwrap(),
                    min_pk::sign(&sk, &msg),
                    min_pk::aug::sign(&sk, &msg),
                    min_pk::sign_with_dst(&sk, &msg, &custom).unwrap(),
                ]
                .map(|s| s.to_bytes().to_vec()),
            ),
        };
        let suites = [
            None,
            Some(Ciphersuite::Basic),
            Some(Ciphersuite::ProofOfPossession),
            Some(Ciphersuite::MessageAugmentation),
            Some(Ciphersuite::Dst(custom.clone())),
        ];
        for (i, suite) in suites.iter().enumerate() {
            for (j, signature) in signatures.iter().enumerate() {
                let mut args = BlsVerifyArgs::new(scheme, public_key.clone(), msg.clone(), signature.clone());
                args.ciphersuite = suite.clone();
                // The default suite is the basic one for min-sig and the proof-of-possession
                // one for min-pk: signatures 0 and 1, or 0 and 2, are the same there.
                let same = i == j
                    || (i == 0 && j == if scheme == Scheme::MinSig { 1 } else { 2 })
                    || (j == 0 && i == if scheme == Scheme::MinSig { 1 } else { 2 });
                let got = v.bls_verify(args).unwrap();
                if same {
                    assert_eq!(got, Ok(()), "{scheme:?} suite {suite:?}, signature {j}");
                } else {
                    assert!(matches!(got, Err(Error::VerificationFailed(_))), "{scheme:?} {suite:?} {j}: {got:?}");
                }
            }
        }
        let empty = BlsVerifyArgs::new(scheme, public_key, msg.clone(), signatures[0].clone())
            .with_ciphersuite(Ciphersuite::Dst(vec![]));
        assert_eq!(v.bls_verify(empty).unwrap().unwrap_err().field(), Some("ciphersuite"));
    }
}

/// `verify_canister_signature`: every real signature of `canister_signatures/` in the public vectors
/// (and the cases derived from them) through Candid, and every failure path with the argument
/// it names.
fn canister_signatures(v: &mut Verifier) {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    let cases = json("canister_signatures/canister_signatures.json");
    let args = |case: &serde_json::Value| {
        CanisterSignatureArgs::new(
            unhex(&case["message"]),
            unhex(&case["signature_cbor"]),
            unhex(&case["public_key_der"]),
        )
        .with_root_key(unhex(&case["root_public_key_raw"]))
    };
    for case in cases.as_array().unwrap() {
        let id = case["id"].as_str().unwrap();
        let got = v.verify_canister_signature(args(case), false).unwrap();
        if case["expected_valid"].as_bool().unwrap() {
            let time = case["certificate_time_ns"].as_u64().unwrap();
            assert_eq!(got, Ok(VerifiedCanisterSignature { certificate_time_ns: time }), "{id}");
        } else {
            let e = got.unwrap_err();
            assert!(matches!(&e, Error::MalformedInput(_) | Error::VerificationFailed(_)), "{id}: {e:?}");
        }
    }
    let mainnet =
        cases.as_array().unwrap().iter().find(|c| c["id"] == "ii_sig_verifier_js_mainnet_delegation").unwrap();
    let good = changed(args(mainnet), |a| a.root_key = None);
    let time = mainnet["certificate_time_ns"].as_u64().unwrap();
    let verified = Ok(VerifiedCanisterSignature { certificate_time_ns: time });
    assert_eq!(v.verify_canister_signature(good.clone(), false).unwrap(), verified, "the mainnet key by default");
    assert_eq!(v.verify_canister_signature(good.clone(), true).unwrap(), verified, "the update");
    let fresh = good.clone().with_max_age_ns(60_000_000_000).with_now_ns(time + 1);
    assert_eq!(v.verify_canister_signature(fresh, false).unwrap(), verified, "fresh");

    // Each failure names its argument.
    let fails =
        |v: &mut Verifier, args: CanisterSignatureArgs| v.verify_canister_signature(args, false).unwrap().unwrap_err();
    let named = |e: &Error, malformed: bool, name: &str| match e {
        Error::MalformedInput(d) if malformed => d.field == name,
        Error::VerificationFailed(d) if !malformed => d.field == name,
        _ => false,
    };
    let e = fails(v, changed(good.clone(), |a| a.public_key = good.public_key[..20].to_vec()));
    assert!(named(&e, true, "public_key"), "{e:?}");
    let e = fails(v, good.clone().with_root_key(vec![1; 5]));
    assert!(named(&e, true, "root_key"), "{e:?}");
    let e = fails(v, changed(good.clone(), |a| a.signature = good.signature[..100].to_vec()));
    assert!(named(&e, true, "signature"), "{e:?}");
    let e = fails(v, changed(good.clone(), |a| a.signature = good.signature[3..].to_vec()));
    assert!(named(&e, true, "signature") && e.to_string().contains("55799"), "{e:?}");
    let e = fails(v, changed(good.clone(), |a| a.message = b"another message".to_vec()));
    assert!(named(&e, false, "signature") && e.to_string().contains("/sig/"), "{e:?}");
    let other_root = cases.as_array().unwrap().iter().find(|c| c["id"] == "ic_iccsa_stability_1").unwrap();
    let e = fails(v, good.clone().with_root_key(unhex(&other_root["root_public_key_raw"])));
    assert!(named(&e, false, "signature") && e.to_string().contains("BLS"), "{e:?}");
    let stale = good.with_max_age_ns(60_000_000_000).with_now_ns(time + 61_000_000_000);
    let e = fails(v, stale);
    assert!(named(&e, false, "signature"), "{e:?}");
}

/// Issue 34: with `root_key` absent, the verifier takes the key of the network it runs on
/// (`ic0.root_key_copy`: the mainnet key on mainnet), so a local replica's or PocketIC's
/// certificates verify without naming theirs; a key given is still the one used.
#[test]
fn an_absent_root_key_is_the_networks() {
    use icbls_testkit::backend::{Backend, CallKind, MeterBackend, Sender};
    use icbls_testkit::certificates::{certificate, der_key, key, leb128, raw_key, Tree};
    const TIME: u64 = 1_700_000_000_000_000_000;
    let root = key(41);
    let cert = certificate(&root, &Tree::new().insert(&[b"time"], &leb128(TIME)), None);
    let mut meter = MeterBackend::new();
    let no_args = candid::encode_one(None::<InitArgs>).unwrap();
    let id = meter.install_with_controllers(&Verifier::wasm().unwrap(), &no_args, &[Principal::anonymous()]).unwrap();
    let verify = |meter: &mut MeterBackend, root_key: Option<Vec<u8>>| {
        let mut args = VerifyCertificateArgs::new(cert.clone(), vec![vec![b"time".to_vec()]])
            .with_canister_id(Principal::from_slice(&[0, 0, 0, 0, 0, 0, 0, 7, 1, 1]))
            .with_now_ns(TIME);
        args.root_key = root_key;
        let arg = candid::encode_one(args).unwrap();
        let out =
            meter.call(id, CallKind::Query, "verify_certificate", &arg, Sender::User(Principal::anonymous())).unwrap();
        candid::decode_one::<Result<VerifiedCertificate, Error>>(&out.response.unwrap()).unwrap()
    };
    // On mainnet (the meter's default root key), the certificate verifies only under its key.
    let e = verify(&mut meter, None).unwrap_err();
    assert!(matches!(&e, Error::VerificationFailed(d) if d.field == "certificate"), "{e:?}");
    assert_eq!(verify(&mut meter, Some(raw_key(&root))).unwrap().time_ns, TIME);
    // On a local network whose root key it is, it verifies without one.
    meter.canister(id).unwrap().set_root_key(der_key(&root));
    assert_eq!(verify(&mut meter, None).unwrap().lookups, vec![Lookup::Found(leb128(TIME))]);
    // A key given is still the one used.
    let mainnet = icbls::certificate::IC_MAINNET_ROOT_KEY_DER.to_vec();
    assert!(verify(&mut meter, Some(mainnet)).is_err());
}
