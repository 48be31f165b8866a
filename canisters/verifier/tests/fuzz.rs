//! Fuzzing the verifier's Candid entry points on the meter: valid arguments of every method,
//! mutated (bits flipped, bytes inserted, deleted, overwritten with boundary values, slices
//! duplicated), and random blobs of random sizes, as queries and as paid updates from a
//! canister. A fixed seed and a bounded count keep it reproducible and short enough for CI.
//!
//! Every call must end with a reply that decodes as the method's result, or with the
//! verifier's own Candid rejection ("the argument is not valid Candid for ..."): no trap, no
//! instruction limit, no call left unanswered, no other reject.

use candid::{CandidType, Principal};
use icbls::bls::{min_pk, min_sig, SecretKey};
use icbls_bench::endpoints::{cancelling_pairs, eip_pairs, g1_points, msm_g1, msm_g2};
use icbls_bench::verifier::*;
use icbls_testkit::backend::{CallKind, MeterBackend, Sender};
use icbls_testkit::fixtures;
use icbls_verifier_client::methods::METHODS;
use icbls_verifier_client::service::EIP2537_METHODS;

/// SplitMix64: a small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        icbls::fields::splitmix64(&mut self.0)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A method, a valid argument, and how to tell its reply is well-formed.
struct Seed {
    method: String,
    arg: Vec<u8>,
    reply_ok: fn(&[u8]) -> bool,
}

fn decodes<T: CandidType + serde::de::DeserializeOwned>(reply: &[u8]) -> bool {
    candid::decode_one::<T>(reply).is_ok()
}

fn seeds() -> Vec<Seed> {
    let sks: Vec<SecretKey> = (0..3u8).map(|i| SecretKey::key_gen(&[i + 40; 32], b"fuzz").unwrap()).collect();
    let msg = b"fuzz me".to_vec();
    let seed = |method: &str, arg: Vec<u8>, reply_ok: fn(&[u8]) -> bool| Seed { method: method.into(), arg, reply_ok };
    let (ivg37_certificate, ivg37_time_ns) = fixtures::ivg37_certificate();
    let mut certificate =
        icbls_bench::endpoints::certificate(&ivg37_certificate, "ivg37-qiaaa-aaaab-aaaga-cai", ivg37_time_ns);
    certificate.lookup.push(vec![b"canister".to_vec(), vec![0; 10]]);
    let min_pk_sigs: Vec<min_pk::Signature> = sks.iter().map(|s| min_pk::sign(s, &msg)).collect();
    let fast = FastAggregateVerifyArgs::new(
        Scheme::MinPk,
        sks.iter().map(|s| min_pk::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect(),
        sks.iter().map(|s| min_pk::pop_prove(s).to_bytes().to_vec()).collect(),
        msg.clone(),
        min_pk::Signature::aggregate(&min_pk_sigs).unwrap().to_bytes().to_vec(),
    );
    let messages: Vec<Vec<u8>> = (0..3u8).map(|i| vec![i; 5]).collect();
    let min_sig_sigs: Vec<min_sig::Signature> = sks.iter().zip(&messages).map(|(s, m)| min_sig::sign(s, m)).collect();
    let aggregate = AggregateVerifyArgs::new(
        Scheme::MinSig,
        sks.iter().map(|s| min_sig::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect(),
        vec![],
        messages.clone(),
        min_sig::Signature::aggregate(&min_sig_sigs).unwrap().to_bytes().to_vec(),
    );
    let batch = BatchVerifyArgs::new(
        Scheme::MinSig,
        (0..3)
            .map(|i| {
                SignedMessage::new(
                    aggregate.public_keys[i].clone(),
                    messages[i].clone(),
                    min_sig_sigs[i].to_bytes().to_vec(),
                )
            })
            .collect(),
    );
    let verify = BlsVerifyArgs::new(
        Scheme::MinSig,
        aggregate.public_keys[0].clone(),
        messages[0].clone(),
        min_sig_sigs[0].to_bytes().to_vec(),
    );
    let g1 = g1_points(2);
    let hash = HashToCurveArgs::new(msg.clone(), min_sig::DST.to_vec());
    let kzg = fixtures::point_evaluation_input();
    let drand = fixtures::drand_mainnet_round();
    let canister_signature = fixtures::internet_identity_signature();
    let (_, sync_update, _) = fixtures::mainnet_sync_update();
    let (vetkey, ibe) = fixtures::vetkey_flow();
    let eip_inputs = |address: u8| -> Vec<u8> {
        match address {
            0x0b => [g1[0].to_eip2537(), g1[1].to_eip2537()].concat(),
            0x0c => msm_g1(2),
            0x0d => vec![0; 512],
            0x0e => msm_g2(1),
            0x0f => eip_pairs(2),
            0x10 => vec![0; 64],
            _ => vec![0; 128],
        }
    };
    let mut out = vec![
        seed("version", candid::encode_args(()).unwrap(), decodes::<String>),
        seed(
            "price",
            candid::encode_one(PriceArgs::new("pairing_check".into(), 3, 0)).unwrap(),
            decodes::<Result<u128, Error>>,
        ),
        seed(
            "verify_certificate",
            candid::encode_one(certificate).unwrap(),
            decodes::<Result<VerifiedCertificate, Error>>,
        ),
        seed("pairing_check", candid::encode_one(cancelling_pairs(2)).unwrap(), decodes::<Result<bool, Error>>),
        seed("bls_verify", candid::encode_one(verify).unwrap(), decodes::<Result<(), Error>>),
        seed("bls_fast_aggregate_verify", candid::encode_one(fast).unwrap(), decodes::<Result<(), Error>>),
        seed("bls_aggregate_verify", candid::encode_one(aggregate).unwrap(), decodes::<Result<(), Error>>),
        seed("bls_batch_verify", candid::encode_one(batch).unwrap(), decodes::<Result<(), Error>>),
        seed("kzg_point_evaluation", candid::encode_one(kzg).unwrap(), decodes::<Result<PrecompileOutput, Error>>),
        seed("hash_to_g1", candid::encode_one(&hash).unwrap(), decodes::<Result<Vec<u8>, Error>>),
        seed("hash_to_g2", candid::encode_one(&hash).unwrap(), decodes::<Result<Vec<u8>, Error>>),
        seed("drand_verify", candid::encode_one(drand).unwrap(), decodes::<Result<Vec<u8>, Error>>),
        seed(
            "verify_canister_signature",
            candid::encode_one(canister_signature).unwrap(),
            decodes::<Result<VerifiedCanisterSignature, Error>>,
        ),
        seed("verify_vetkey", candid::encode_one(&vetkey).unwrap(), decodes::<Result<VerifiedVetKey, Error>>),
        seed("ibe_encrypt", candid::encode_one(&ibe).unwrap(), decodes::<Result<Vec<u8>, Error>>),
        seed(
            "verify_sync_aggregate",
            candid::encode_one(sync_update).unwrap(),
            decodes::<Result<VerifiedSyncAggregate, Error>>,
        ),
    ];
    for &(method, address) in EIP2537_METHODS {
        out.push(seed(
            method,
            candid::encode_one(eip_inputs(address)).unwrap(),
            decodes::<Result<PrecompileOutput, Error>>,
        ));
        out.push(seed(
            "eip2537_call",
            candid::encode_args((address, eip_inputs(address))).unwrap(),
            decodes::<Result<PrecompileOutput, Error>>,
        ));
    }
    out
}

/// The seeds above, and for a method of the table that has none, its first example in the
/// per-endpoint table (`icbls_bench::endpoints`, measured on a canister of their own), whose reply must decode as
/// a `Result` of the verifier's `Error`. Every method is then fuzzed (and its twin, as the paid
/// update), except the registration and the light client's bootstrap and update: a valid one
/// costs over a billion instructions, and their hostile inputs have tests of their own
/// (`sync_committees.rs`, `eth_light_client.rs`).
fn seeds_for_every_method() -> Vec<Seed> {
    let mut out = seeds();
    let mut examples = Verifier::install(Box::new(MeterBackend::new())).unwrap();
    let examples = icbls_bench::endpoints::measure_endpoints(&mut examples).unwrap();
    let costly = ["register_sync_committee", "eth_light_client_bootstrap", "eth_light_client_process"];
    for m in METHODS.iter().filter(|m| !costly.contains(&m.name)) {
        if out.iter().any(|s| s.method == m.name) {
            continue;
        }
        let example = examples
            .iter()
            .find(|e| e.method == m.name)
            .unwrap_or_else(|| panic!("{}: no fuzz seed and no example in icbls_bench::endpoints", m.name));
        out.push(Seed {
            method: m.name.into(),
            arg: example.arg.clone(),
            reply_ok: decodes::<Result<candid::Reserved, Error>>,
        });
    }
    out
}

/// Bytes that sit on decoders' boundaries.
const INTERESTING: [u8; 10] = [0x00, 0x01, 0x7f, 0x80, 0xff, 0x6c, 0x6d, 0x6e, 0x7b, 0x71];

fn mutate(rng: &mut Rng, arg: &[u8]) -> Vec<u8> {
    let mut out = arg.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(7) {
            0 if !out.is_empty() => {
                let i = at.min(out.len() - 1);
                out[i] ^= 1 << rng.below(8);
            }
            1 => out.insert(at, rng.next() as u8),
            2 if !out.is_empty() => {
                out.remove(at.min(out.len() - 1));
            }
            3 if !out.is_empty() => {
                let i = at.min(out.len() - 1);
                out[i] = INTERESTING[rng.below(INTERESTING.len())];
            }
            4 => {
                // Duplicate a slice (repeats list elements, lengths, fields).
                let len = rng.below(64).min(out.len() - at.min(out.len()));
                let slice = out[at..at + len].to_vec();
                out.splice(at..at, slice);
            }
            5 => out.truncate(at),
            _ => {
                // A LEB128 length of the form 2^k - 1 written over the bytes at `at`.
                let k = 1 + rng.below(40);
                let mut n = (1u64 << k) - 1;
                let mut leb = Vec::new();
                loop {
                    let byte = (n & 0x7f) as u8;
                    n >>= 7;
                    if n == 0 {
                        leb.push(byte);
                        break;
                    }
                    leb.push(byte | 0x80);
                }
                let end = (at + leb.len()).min(out.len());
                out.splice(at..end, leb);
            }
        }
    }
    out
}

fn random_blob(rng: &mut Rng) -> Vec<u8> {
    let len = match rng.below(4) {
        0 => rng.below(16),
        1 => rng.below(256),
        2 => rng.below(4096),
        _ => rng.below(64 * 1024),
    };
    let mut blob: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
    if rng.below(2) == 0 && blob.len() >= 4 {
        blob[..4].copy_from_slice(b"DIDL");
    }
    blob
}

#[test]
fn random_and_mutated_arguments_never_trap() {
    if !fixtures::available() {
        return;
    }
    const CALLS: usize = 10_000;
    let mut v =
        Verifier::install_with(Box::new(MeterBackend::new()), None, &[Principal::from_slice(&[7; 29])]).unwrap();
    // The committee the sync-aggregate seed names is registered, so that mutated aggregates
    // reach its checks. (Registration itself, 1.2 billion instructions a call, is attacked in
    // `sync_committees.rs`, not here.)
    let (committee, _, _) = fixtures::mainnet_sync_update();
    let controller = Sender::User(Principal::from_slice(&[7; 29]));
    let registered: Result<RegisteredSyncCommittee, Error> =
        v.call_from("register_sync_committee", (committee,), CallKind::Update, controller).unwrap();
    assert!(registered.is_ok());
    let seeds = seeds_for_every_method();
    let mut rng = Rng(0x1cb1_5eed);
    let payer =
        Sender::Canister { id: Principal::from_slice(&[0, 0, 0, 0, 0, 0, 0, 42, 1, 1]), cycles: 50_000_000_000 };
    let (mut replies, mut rejects) = (0usize, 0usize);
    let started = std::time::Instant::now();
    for i in 0..CALLS {
        let seed = &seeds[rng.below(seeds.len())];
        let arg = match rng.below(10) {
            0 => seed.arg.clone(),
            1 | 2 => random_blob(&mut rng),
            _ => mutate(&mut rng, &seed.arg),
        };
        // A third as paid updates from a canister (the update twin; the per-precompile
        // methods and the free ones as replicated queries).
        let update = rng.below(3) == 0;
        let twin = METHODS.iter().find(|m| m.name == seed.method).and_then(|m| m.twin);
        let (method, kind, sender) = match (update, twin) {
            (false, _) => (seed.method.clone(), CallKind::Query, Sender::User(Principal::anonymous())),
            (true, Some(twin)) => (twin.to_string(), CallKind::Update, payer),
            (true, None) => (seed.method.clone(), CallKind::Update, payer),
        };
        let outcome = v
            .backend
            .call(v.id, kind, &method, &arg, sender)
            .unwrap_or_else(|e| panic!("call {i}: {method} with {}: {e}", hex::encode(&arg[..arg.len().min(200)])));
        match outcome.response {
            Ok(reply) => {
                assert!(
                    (seed.reply_ok)(&reply),
                    "call {i}: {method}: the reply does not decode as its result: {}",
                    hex::encode(&reply)
                );
                replies += 1;
            }
            Err(reject) => {
                assert!(
                    reject.starts_with("icbls verifier: the argument is not valid Candid for"),
                    "call {i}: {method} with {}: {reject}",
                    hex::encode(&arg[..arg.len().min(200)])
                );
                rejects += 1;
            }
        }
    }
    println!("{CALLS} calls in {:.1?}: {replies} answered, {rejects} rejected as invalid Candid", started.elapsed());
    assert!(replies > CALLS / 5, "too few arguments survived to be answered: {replies}");
}
