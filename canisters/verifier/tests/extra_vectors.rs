//! The `extra/` families of the public vectors (outside the repository; each family's
//! PROVENANCE.md gives its sources) through the VERIFIER CANISTER, installed on the backend (the
//! meter; PocketIC when `POCKET_IC_BIN` is set): what `tests/extra_*.rs` check on the library,
//! here through the canister's Candid methods, wherever one can express the case.
//!
//! One test per family, one installed canister per test. A test returns at once (before
//! installing anything) when its family is absent. Every case of the family's files is either
//! checked through the canister against the file's expected verdict, or printed as not
//! representable through the canister with the reason, and counted; the totals must be the
//! files' sizes. Failures are collected and reported together.
//!
//! - `extra/drand` ([`drand_through_the_verifier`]): every beacon and tampered case of the four
//!   networks. quicknet and the default chained network go through `drand_verify` with the
//!   built-in chain (`Quicknet`, `Mainnet`) and with `Other` (the file's scheme and key), which
//!   must agree; the testnet (`pedersen-bls-unchained`) through `Other`. fastnet's scheme
//!   `bls-unchained-on-g1` (G1 signatures under the G2 tag) is not one `drand_verify` takes (it
//!   answers `Unsupported` naming `chain.scheme`, asserted here), so fastnet's cases go through
//!   the canister's generic `bls_verify` (min-sig, `Ciphersuite::Dst` with fastnet's tag, the
//!   message `sha256(round)`), the randomness `sha256(signature)` computed here; so do the two
//!   cases that check a beacon under the other network's tag. A valid case must give the file's
//!   randomness; a tampered one the refusal the collector's reason names (a pairing mismatch is
//!   `VerificationFailed` naming `signature`, a bad encoding `MalformedInput` naming `signature`
//!   with the decoding error, round 0 `MalformedInput` naming `round`), or, for
//!   `randomness_mismatch`, a randomness other than the one the case claims.
//! - `extra/canister_signatures` ([`canister_signatures_through_the_verifier`]):
//!   `verify_canister_signature` (query and update) on the 15 cases (under the DER and the raw
//!   root key and the canister's default mainnet key; for valid ones the certificate time, fresh
//!   a minute after it and stale in 2026), the 138 tampered cases (refused with the kind and
//!   argument the collector's reason implies, and the library's own error message), the first
//!   link of the 6 delegation chains (the message rebuilt with `icbls`'s `Delegation`), and the
//!   4 root keys (each verified a valid case in both forms). Not representable: the DER vector
//!   (no method takes a canister-signature key alone) and the delegations' expiry and targets
//!   (the caller's part; no method checks a delegation).
//! - `extra/vetkeys` ([`vetkeys_through_the_verifier`]): `verify_vetkey` on the augmented BLS
//!   signatures, the decrypted vetKey, the IBE vetKey and the mainnet VRF proof (its key derived
//!   in the canister from `key_1`); `ibe_encrypt` against ic-vetkeys's ciphertext; key
//!   derivation (`VetKeyPublicKey::FromMaster`, from raw and built-in master keys) seen through
//!   `ibe_encrypt`, whose ciphertext depends on the derived key: the same ciphertext as with
//!   the expected key given as `Derived`; `hash_to_g1` on the augmented hash. Not representable
//!   (named): whatever needs a transport secret key (decryption, key shares, combinations), the
//!   symmetric KDF and AES-GCM, `hash_to_scalar`, transport-key encodings, derivations that
//!   start at a canister key, the PocketIC master keys' built-in names, and the scheme's
//!   constants and formulas.
//! - `extra/eth_sync_committee` ([`eth_sync_committee_through_the_verifier`]): every committee
//!   of the committee files registered once (by the canister's controller, so pinned; the
//!   returned root is the committee's SSZ root), the 12 real mainnet aggregates verified with
//!   the mainnet fork by default and with the file's fork given, query and update, and the 14
//!   derived negatives refused with the argument at fault. Not representable: the one negative
//!   signed under another domain type (`verify_sync_aggregate` fixes `DOMAIN_SYNC_COMMITTEE`,
//!   under which that aggregate verifies, as the canister confirms).

use crate::common;

use candid::Principal;
use common::{changed, refusal};
use icbls_bench::verifier::*;
use icbls_testkit::backend::backend_from_env;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

// ---------------------------------------------------------------------------------------------
// Shared helpers.

/// A file of a family that is present (checked first), as JSON.
fn json(path: &str) -> Value {
    let text = icbls_testkit::vectors::read_to_string(path)
        .unwrap_or_else(|| panic!("{path}: its family is present, the file must be too"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A hex string of the vectors (with or without `0x`) as bytes.
fn unhex(v: &Value) -> Vec<u8> {
    let text = v.as_str().unwrap_or_else(|| panic!("not a hex string: {v}"));
    hex::decode(text.strip_prefix("0x").unwrap_or(text)).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("expected a string, got {v}"))
}

fn array<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v[key].as_array().unwrap_or_else(|| panic!("`{key}` is not an array"))
}

/// A number as the sources write it: a JSON integer or a decimal string.
fn number(v: &Value) -> u64 {
    match v {
        Value::Number(n) => n.as_u64().unwrap(),
        Value::String(text) => text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}")),
        other => panic!("not a number: {other}"),
    }
}

/// An error's message (empty for the errors without one).
fn message(e: &Error) -> &str {
    match e {
        Error::MalformedInput(d) | Error::VerificationFailed(d) | Error::Unsupported(d) => &d.message,
        _ => "",
    }
}

/// A reply, or a panic with the reject: every call here must reach the method.
fn reply<T>(r: Reply<T>, what: &str) -> T {
    r.unwrap_or_else(|e| panic!("{what}: the call was rejected: {e}"))
}

/// What became of a family's cases: checked through the canister, or named as not
/// representable (printed with the reason); failures are collected and asserted at the end.
#[derive(Default)]
struct Tally {
    checked: usize,
    named: usize,
    failures: Vec<String>,
}

impl Tally {
    fn name(&mut self, what: &str, why: &str) {
        println!("{what}: not representable through the verifier: {why}");
        self.named += 1;
    }

    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.failures.push(what());
        }
    }

    fn assert_none(&self, family: &str) {
        assert!(
            self.failures.is_empty(),
            "{family}: {} failure(s) through the verifier:\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

fn install() -> Verifier {
    Verifier::install(backend_from_env().unwrap()).unwrap()
}

// ---------------------------------------------------------------------------------------------
// extra/drand

const DRAND: &str = "extra/drand";

/// The files, with the number of real beacons and of tampered cases each holds (PROVENANCE.md).
const NETWORKS: [(&str, usize, usize); 4] = [
    ("quicknet.json", 23, 49),
    ("mainnet_default_chained.json", 34, 32),
    ("fastnet_bls_unchained_on_g1.json", 263, 19),
    ("testnet_pedersen_bls_unchained.json", 5, 18),
];

/// The deprecated drand scheme (fastnet), which `drand_verify` takes as `Other` only: its
/// rounds are also checked through `bls_verify` under its tag, and the two must agree.
const FASTNET_SCHEME: &str = "bls-unchained-on-g1";

/// What the canister must answer for a case, from the collector's reason (as
/// `tests/extra_drand.rs` reads it).
#[derive(Debug)]
enum Expect {
    /// A beacon: its randomness.
    Valid,
    /// The BLS part verifies; the randomness is not the one the case claims.
    Randomness,
    /// Round 0: `MalformedInput` naming `round`.
    Round,
    /// A well-formed point that fails the pairing: `VerificationFailed` naming `signature`.
    Pairing,
    /// Not a valid encoding: `MalformedInput` naming `signature`, with this in its message
    /// (where the collector's reason names the decoding error).
    Decode(Option<&'static str>),
    /// The point at infinity: `MalformedInput` naming `signature`.
    Identity,
}

fn drand_expectation(case: &Value, round: u64) -> Expect {
    let kind = s(&case["kind"]);
    let check = s(&case["collector_check"]);
    if kind == "randomness_mismatch" {
        Expect::Randomness
    } else if round == 0 {
        Expect::Round
    } else if check.contains("pairing mismatch") {
        Expect::Pairing
    } else if check.contains("not in subgroup") {
        Expect::Decode(Some("not in the prime-order subgroup"))
    } else if check.contains("not on G1") || check.contains("modular squareroot") {
        Expect::Decode(Some("not on the curve"))
    } else if check.contains(" length ") {
        Expect::Decode(Some(" bytes, got "))
    } else if check.contains("less than field modulus") {
        Expect::Decode(Some("not below the modulus"))
    } else if check.ends_with("invalid (infinity)") {
        Expect::Identity
    } else if check.contains("flag") {
        // The flag rules: the decoders word them differently from py_ecc.
        Expect::Decode(None)
    } else {
        panic!("{kind}: collector reason not classified: {check}")
    }
}

/// Whether the canister's answer (the randomness, or the refusal) is the expected one.
fn drand_judge(expect: &Expect, got: &Result<Vec<u8>, Error>, signature: &[u8], claimed: Option<&[u8]>) -> bool {
    match (expect, got) {
        (Expect::Valid, Ok(r)) => claimed == Some(&r[..]),
        (Expect::Randomness, Ok(r)) => r[..] == icbls::drand::randomness(signature) && claimed != Some(&r[..]),
        (Expect::Round, Err(Error::MalformedInput(d))) => d.field == "round",
        (Expect::Pairing, Err(Error::VerificationFailed(d))) => d.field == "signature",
        (Expect::Decode(fragment), Err(Error::MalformedInput(d))) => {
            d.field == "signature" && fragment.is_none_or(|f| d.message.contains(f))
        }
        (Expect::Identity, Err(Error::MalformedInput(d))) => {
            d.field == "signature" && d.message.contains("point at infinity")
        }
        _ => false,
    }
}

/// A round through `drand_verify`.
fn drand_call(
    v: &mut Verifier,
    chain: &DrandChain,
    round: u64,
    signature: &[u8],
    previous: Option<&[u8]>,
) -> Result<Vec<u8>, Error> {
    let mut args = DrandVerifyArgs::new(chain.clone(), round, signature.to_vec());
    args.previous_signature = previous.map(<[u8]>::to_vec);
    reply(v.drand_verify(args, false), "drand_verify")
}

/// A round through `bls_verify` under `dst` (the key's length picks the variant): the
/// randomness, computed here, when the signature verifies.
fn drand_by_bls(
    v: &mut Verifier,
    key: &[u8],
    round: u64,
    signature: &[u8],
    previous: Option<&[u8]>,
    dst: &[u8],
) -> Result<Vec<u8>, Error> {
    let args = BlsVerifyArgs::new(
        if key.len() == 96 { Scheme::MinSig } else { Scheme::MinPk },
        key.to_vec(),
        icbls::drand::message(round, previous.unwrap_or(&[])).to_vec(),
        signature.to_vec(),
    )
    .with_ciphersuite(Ciphersuite::Dst(dst.to_vec()));
    reply(v.bls_verify(args), "bls_verify").map(|()| icbls::drand::randomness(signature).to_vec())
}

/// Every case of one network through the canister; `(cases checked, through drand_verify,
/// through bls_verify)`.
fn drand_network(v: &mut Verifier, name: &str, tally: &mut Tally) -> (usize, usize, usize) {
    let net = json(&format!("{DRAND}/{name}"));
    let (_, expected_beacons, expected_tampered) =
        *NETWORKS.iter().find(|(n, _, _)| *n == name).expect("a listed network");
    let scheme = s(&net["scheme"]).to_string();
    let key = unhex(&net["public_key_hex"]);
    let dst = s(&net["dst"]).as_bytes().to_vec();
    let info = &net["chain_info"];
    assert_eq!(unhex(&info["public_key"]), key, "{name}: chain info key");
    assert_eq!(s(&info["schemeID"]), scheme, "{name}: chain info scheme");
    let beacons = array(&net, "beacons");
    let tampered = array(&net, "tampered");
    assert_eq!((beacons.len(), tampered.len()), (expected_beacons, expected_tampered), "{name}: the file's cases");

    // The chain as its /info gives it, and the built-in chain of the same network if there is
    // one: drand_verify takes each, and they must agree.
    let mut chains = match scheme.as_str() {
        "bls-unchained-g1-rfc9380" => vec![DrandChain::Quicknet],
        "pedersen-bls-chained" => vec![DrandChain::Mainnet],
        _ => vec![],
    };
    chains.push(DrandChain::Other(DrandChainInfo::new(scheme.clone(), key.clone())));

    let (mut checked, mut via_drand, mut via_bls) = (0, 0, 0);
    let mut refusals: BTreeMap<String, usize> = BTreeMap::new();
    let cases = beacons.iter().map(|b| (true, b)).chain(tampered.iter().map(|t| (false, t)));
    for (i, (is_beacon, case)) in cases.enumerate() {
        let round = case["round"].as_u64().unwrap();
        let label = match case.get("kind") {
            Some(kind) => format!("{name} case {i} ({}, round {round})", s(kind)),
            None => format!("{name} case {i} (beacon, round {round})"),
        };
        let signature = unhex(&case["signature_hex"]);
        let previous = case.get("previous_signature_hex").map(unhex);
        let claimed = case.get("randomness_hex").map(unhex);
        let expected_valid = case["expected_valid"].as_bool().unwrap();
        assert_eq!(expected_valid, is_beacon, "{label}: beacons are valid, tampered cases are not");
        let expect = if is_beacon { Expect::Valid } else { drand_expectation(case, round) };

        let got = if let Some(other_dst) = case.get("dst") {
            // A valid beacon under the other network's tag: it verifies under its own, through
            // the network's route, and not under the other one, through bls_verify.
            let own = drand_call(v, &chains[0], round, &signature, previous.as_deref());
            tally.check(own.as_deref() == Ok(&icbls::drand::randomness(&signature)[..]), || {
                format!("{label}: under the network's own tag: {own:?}")
            });
            via_bls += 1;
            drand_by_bls(v, &key, round, &signature, previous.as_deref(), s(other_dst).as_bytes())
        } else {
            let answers: Vec<_> =
                chains.iter().map(|c| drand_call(v, c, round, &signature, previous.as_deref())).collect();
            tally.check(answers.iter().all(|a| *a == answers[0]), || {
                format!("{label}: the built-in chain and Other disagree: {answers:?}")
            });
            via_drand += 1;
            if scheme == FASTNET_SCHEME {
                // The deprecated scheme is BLS min-sig under its tag: bls_verify must say the same.
                let by_bls = drand_by_bls(v, &key, round, &signature, previous.as_deref(), &dst);
                tally.check(by_bls == answers[0], || {
                    format!("{label}: drand_verify says {:?}, bls_verify says {by_bls:?}", answers[0])
                });
                via_bls += 1;
            }
            answers.into_iter().next().unwrap()
        };
        let ok = drand_judge(&expect, &got, &signature, claimed.as_deref());
        tally.check(ok, || {
            format!(
                "{label}: expected {expect:?} (the collector: {}), the verifier says {got:?}",
                case["collector_check"].as_str().unwrap_or("")
            )
        });
        if !is_beacon {
            let class = match &got {
                Ok(_) => "Ok (another randomness)".to_string(),
                Err(e) => format!("{} {}", refusal(e).0, refusal(e).1),
            };
            *refusals.entry(class).or_default() += 1;
        }
        checked += 1;
    }
    assert_eq!(checked, expected_beacons + expected_tampered, "{name}: every case checked");
    println!(
        "{name}: {expected_beacons} beacons and {expected_tampered} tampered cases checked through the verifier \
         ({via_drand} through drand_verify, {via_bls} through bls_verify), 0 not representable; tampered cases \
         answered {refusals:?}"
    );
    (checked, via_drand, via_bls)
}

/// `extra/drand` through `drand_verify` (and `bls_verify` where `drand_verify` cannot say it).
#[test]
fn drand_through_the_verifier() {
    if icbls_testkit::vectors::family(DRAND).is_none() {
        return;
    }
    let start = Instant::now();
    let mut v = install();
    let mut tally = Tally::default();
    let (mut via_drand, mut via_bls) = (0, 0);
    for (name, _, _) in NETWORKS {
        let (checked, d, b) = drand_network(&mut v, name, &mut tally);
        tally.checked += checked;
        via_drand += d;
        via_bls += b;
    }
    let total: usize = NETWORKS.iter().map(|(_, b, t)| b + t).sum();
    println!(
        "{DRAND}: {} of {total} cases checked through the verifier ({via_drand} drand_verify, {via_bls} bls_verify), \
         {} not representable, in {:.1?}",
        tally.checked,
        tally.named,
        start.elapsed()
    );
    tally.assert_none(DRAND);
    assert_eq!(tally.checked + tally.named, total);
}

// ---------------------------------------------------------------------------------------------
// extra/canister_signatures

use icbls_testkit::families::canister_signatures::{
    CASES as CS_CASES, DELEGATION_CHAINS as CS_CHAINS, DER_VECTORS as CS_DER_VECTORS, FAMILY as CANISTER_SIGNATURES,
    FILE as CS_FILE, LATER_NS, MAX_AGE_NS, MINUTE_NS, ROOT_KEYS as CS_ROOT_KEYS, TAMPERED as CS_TAMPERED,
    VALID_CASES as CS_VALID_CASES,
};

/// The collector's reason: what follows "invalid: " (or "INVALID: ").
fn collector_reason(check: &str) -> &str {
    let at =
        check.to_ascii_lowercase().find("invalid: ").unwrap_or_else(|| panic!("not an invalid verdict: {check:?}"));
    &check[at + "invalid: ".len()..]
}

/// The refusal (kind, argument) the collector's reason implies through the canister's
/// interface: a signature that decodes but does not sign the message under the key fails
/// naming `signature`; one that does not decode is malformed naming `signature`; a bad key or
/// root key is malformed naming it. Panics on an unknown reason.
fn cs_expected_refusal(check: &str) -> (&'static str, &'static str) {
    let reason = collector_reason(check);
    if reason.starts_with("signature tree does not contain /sig/")
        || reason == "signature tree root != certified_data"
        || reason == "certified_data not found for signing canister"
        || reason == "delegation: canister id not in subnet ranges"
        || reason.starts_with("certificate BLS signature invalid (pairing mismatch)")
    {
        ("failed", "signature")
    } else if reason.starts_with("certificate BLS signature invalid (compression flag clear)") {
        // The root key [42; 96]: not a point.
        ("malformed", "root_key")
    } else if reason.starts_with("certificate BLS signature invalid (")
        || reason.starts_with("malformed CBOR")
        || reason == "missing self-describe tag 55799"
    {
        ("malformed", "signature")
    } else if reason == "canister sig pk too short" {
        ("malformed", "public_key")
    } else {
        panic!("unknown collector reason {check:?}")
    }
}

/// The library's own verdict on the same inputs (no time checked): the canister must give its
/// certificate time, or its error's message.
fn library_verdict(a: &CanisterSignatureArgs) -> Result<u64, String> {
    let root = a.root_key.as_deref().unwrap_or(&icbls::certificate::IC_MAINNET_ROOT_KEY_DER);
    icbls::canister_signature::verify_canister_signature(&a.message, &a.signature, &a.public_key, root, None)
        .map(|v| v.certificate_time_ns)
        .map_err(|e| e.to_string())
}

/// Whether the canister's answer is the library's.
fn same_as_library(got: &Result<VerifiedCanisterSignature, Error>, library: &Result<u64, String>) -> bool {
    match (got, library) {
        (Ok(v), Ok(t)) => v.certificate_time_ns == *t,
        (Err(e), Err(m)) => message(e) == m,
        _ => false,
    }
}

/// `verify_canister_signature` (or its update).
fn call(v: &mut Verifier, args: &CanisterSignatureArgs, update: bool) -> Result<VerifiedCanisterSignature, Error> {
    reply(v.verify_canister_signature(args.clone(), update), "verify_canister_signature")
}

/// `extra/canister_signatures` through `verify_canister_signature`.
#[test]
fn canister_signatures_through_the_verifier() {
    if icbls_testkit::vectors::family(CANISTER_SIGNATURES).is_none() {
        return;
    }
    let start = Instant::now();
    let mut v = install();
    let doc = json(CS_FILE);
    let mut tally = Tally::default();
    let roots: BTreeMap<String, (Vec<u8>, Vec<u8>)> = doc["root_keys"]
        .as_object()
        .expect("root_keys is an object")
        .iter()
        .map(|(name, k)| (name.clone(), (unhex(&k["der_hex"]), unhex(&k["raw_hex"]))))
        .collect();
    let cases = array(&doc, "cases");
    let tampered = array(&doc, "tampered");
    let chains = array(&doc, "delegation_chains");
    let ders = array(&doc, "public_key_der_vectors");
    assert_eq!(
        (cases.len(), tampered.len(), chains.len(), roots.len(), ders.len()),
        (CS_CASES, CS_TAMPERED, CS_CHAINS, CS_ROOT_KEYS, CS_DER_VECTORS),
        "{CS_FILE}: the sections' sizes"
    );

    // The cases (the updates fill the canister's delegation cache before the tampered cases).
    let mut valid = 0;
    let mut roots_verified: BTreeSet<String> = BTreeSet::new();
    for case in cases {
        let id = s(&case["id"]);
        let expected = case["expected_valid"].as_bool().expect("expected_valid");
        let root_name = s(&case["root_key"]);
        let (root_der, root_raw) = roots.get(root_name).unwrap_or_else(|| panic!("{id}: root key {root_name}"));
        tally.check(unhex(&case["root_public_key_der_hex"]) == *root_der, || {
            format!("{id}: root_public_key_der_hex is not root_keys[{root_name}]")
        });
        let args = CanisterSignatureArgs::new(
            unhex(&case["message_hex"]),
            unhex(&case["signature_hex"]),
            unhex(&case["public_key_der_hex"]),
        )
        .with_root_key(root_der.clone());
        let got = call(&mut v, &args, false);
        let raw = call(&mut v, &args.clone().with_root_key(root_raw.clone()), false);
        let update = call(&mut v, &args, true);
        tally.check(raw == got, || format!("{id}: under the raw root key {raw:?}, under the DER {got:?}"));
        tally.check(update == got, || format!("{id}: the update says {update:?}, the query {got:?}"));
        let library = library_verdict(&args);
        tally.check(same_as_library(&got, &library), || format!("{id}: the verifier {got:?}, the library {library:?}"));
        // The canister's default root key is mainnet's: the same answer for mainnet cases; a
        // local root's valid case fails under it.
        let default = call(&mut v, &changed(args.clone(), |a| a.root_key = None), false);
        if root_name == "ic_mainnet" {
            tally.check(default == got, || format!("{id}: under the default root key {default:?}, given {got:?}"));
        } else if expected {
            tally.check(default.as_ref().is_err_and(|e| refusal(e) == ("failed", "signature")), || {
                format!("{id}: a local root's signature under the default (mainnet) root key: {default:?}")
            });
        }

        if expected {
            let time = case["certificate_time_ns"].as_u64().expect("a valid case's certificate time");
            let verified = Ok(VerifiedCanisterSignature { certificate_time_ns: time });
            tally.check(got == verified, || format!("{id}: valid, with time {time}; the verifier says {got:?}"));
            let fresh = args.clone().with_max_age_ns(MAX_AGE_NS).with_now_ns(time + MINUTE_NS);
            let fresh = call(&mut v, &fresh, false);
            tally.check(fresh == verified, || format!("{id}: a minute after its certificate: {fresh:?}"));
            let stale = args.clone().with_max_age_ns(MAX_AGE_NS).with_now_ns(LATER_NS);
            let stale = call(&mut v, &stale, false);
            tally.check(
                stale
                    .as_ref()
                    .is_err_and(|e| refusal(e) == ("failed", "signature") && message(e).contains("before now")),
                || format!("{id}: stale in 2026: {stale:?}"),
            );
            if got == verified && raw == verified {
                roots_verified.insert(root_name.to_string());
            }
            valid += 1;
        } else {
            let check = s(&case["collector_check"]);
            let expected_kind = cs_expected_refusal(check);
            tally.check(got.as_ref().is_err_and(|e| refusal(e) == expected_kind), || {
                format!("{id}: expected {expected_kind:?} (the collector: {check}), the verifier says {got:?}")
            });
        }
        tally.checked += 1;
    }
    assert_eq!(valid, CS_VALID_CASES, "{CS_FILE}: valid cases");
    println!("{CS_FILE}: cases: {} checked ({valid} valid), 0 not representable", cases.len());

    // The tampered cases, query and update (the update with the delegations the valid cases
    // left in the canister's cache: they must not let a tampered case through).
    let mut by_refusal: BTreeMap<(&str, String), usize> = BTreeMap::new();
    for t in tampered {
        let id = s(&t["id"]);
        let check = s(&t["collector_check"]);
        tally.check(t["expected_valid"] == false, || format!("{id}: expected_valid is not false"));
        let args = CanisterSignatureArgs::new(
            unhex(&t["message_hex"]),
            unhex(&t["signature_hex"]),
            unhex(&t["public_key_der_hex"]),
        )
        .with_root_key(unhex(&t["root_public_key_der_hex"]));
        let got = call(&mut v, &args, false);
        let update = call(&mut v, &args, true);
        let expected_kind = cs_expected_refusal(check);
        match &got {
            Ok(_) => tally.failures.push(format!("{id}: ACCEPTED; the collector: {check}")),
            Err(e) => {
                tally.check(refusal(e) == expected_kind, || {
                    format!("{id}: expected {expected_kind:?} (the collector: {check}), the verifier says {e:?}")
                });
                *by_refusal.entry((refusal(e).0, refusal(e).1.to_string())).or_default() += 1;
            }
        }
        tally.check(update == got, || format!("{id}: the update says {update:?}, the query {got:?}"));
        let library = library_verdict(&args);
        tally.check(same_as_library(&got, &library), || format!("{id}: the verifier {got:?}, the library {library:?}"));
        tally.checked += 1;
    }
    println!("{CS_FILE}: tampered: {} checked, refused as {by_refusal:?}, 0 not representable", tampered.len());

    // The delegation chains: the first link is the user's canister signature on the
    // delegation; its message rebuilt here.
    let (mut links, mut later_links) = (0, 0);
    for chain in chains {
        let id = s(&chain["id"]);
        let expected = chain["expected_valid"].as_bool().expect("expected_valid");
        let (root_der, _) = roots.get(s(&chain["root_key"])).unwrap_or_else(|| panic!("{id}: root key"));
        let case = cases.iter().find(|c| c["id"] == chain["canister_signature_case"]);
        for (i, link) in array(chain, "delegations").iter().enumerate() {
            if i > 0 {
                tally.name(
                    &format!("{CS_FILE}: delegation_chains {id} link {i}"),
                    "signed by the previous session key (Ed25519, ECDSA), not a canister signature",
                );
                later_links += 1;
                continue;
            }
            let d = &link["delegation"];
            let pubkey = unhex(&d["pubkey_hex"]);
            let expiration_ns = d["expiration_ns"].as_u64().expect("expiration_ns");
            let targets: Option<Vec<Vec<u8>>> = d["targets"].as_array().map(|t| t.iter().map(unhex).collect());
            let target_refs: Option<Vec<&[u8]>> = targets.as_ref().map(|t| t.iter().map(Vec::as_slice).collect());
            let delegation = icbls::canister_signature::Delegation::new(&pubkey, expiration_ns, target_refs.as_deref());
            let args = CanisterSignatureArgs::new(
                delegation.signed_bytes().to_vec(),
                unhex(&link["signature_hex"]),
                unhex(&chain["user_public_key_der_hex"]),
            )
            .with_root_key(root_der.clone());
            if let Some(case) = case {
                tally.check(unhex(&case["message_hex"]) == args.message, || {
                    format!("{id}: the delegation's signed bytes are not its case's message")
                });
            }
            let got = call(&mut v, &args, false);
            if expected {
                let time = case.and_then(|c| c["certificate_time_ns"].as_u64());
                tally.check(got.as_ref().is_ok_and(|g| time.is_none_or(|t| g.certificate_time_ns == t)), || {
                    format!("{id}: valid; the verifier says {got:?}")
                });
            } else {
                tally.check(got.as_ref().is_err_and(|e| refusal(e) == ("failed", "signature")), || {
                    format!("{id}: invalid (the certificate does not verify); the verifier says {got:?}")
                });
            }
            println!(
                "{CS_FILE}: delegation_chains {id} link 0: its canister signature checked; its expiration \
                 ({expiration_ns} ns) and targets are the caller's to check (no verifier method takes a delegation)"
            );
            tally.checked += 1;
            links += 1;
        }
    }
    println!("{CS_FILE}: delegation_chains: {links} links checked, {later_links} not representable");
    assert_eq!(links, CS_CHAINS, "one canister-signed link per chain");

    // The root keys: each verified a valid case under its DER and its raw form (mainnet's also
    // as the canister's default).
    for name in roots.keys() {
        if roots_verified.contains(name) {
            tally.checked += 1;
        } else {
            tally.name(&format!("{CS_FILE}: root_keys {name}"), "no valid case is signed under this root");
        }
    }
    println!("{CS_FILE}: root_keys: {} checked (a valid case verified under each, DER and raw)", roots_verified.len());

    // The DER vector: a key by itself.
    for d in ders {
        tally.name(
            &format!("{CS_FILE}: public_key_der_vectors {}", s(&d["canister_id"])),
            "no verifier method takes a canister-signature public key by itself (verify_canister_signature reads \
             it but returns neither its canister id nor its seed), and no case is signed under this key",
        );
    }

    let total = CS_CASES + CS_TAMPERED + CS_CHAINS + CS_ROOT_KEYS + CS_DER_VECTORS + later_links;
    println!(
        "{CANISTER_SIGNATURES}: {} of {total} entries checked through the verifier, {} not representable, in {:.1?}",
        tally.checked,
        tally.named,
        start.elapsed()
    );
    tally.assert_none(CANISTER_SIGNATURES);
    assert_eq!(tally.checked + tally.named, total);
    assert_eq!(tally.named, CS_DER_VECTORS + later_links);
}

// ---------------------------------------------------------------------------------------------
// extra/vetkeys

const VETKEYS: &str = "extra/vetkeys";

/// Why a case that needs a transport secret key cannot go through the verifier.
const NEEDS_TRANSPORT_KEY: &str =
    "decrypting an encrypted vetKey (or key share) takes the transport secret key, which \
                                   no verifier method takes (the verifier would learn the vetKey)";
/// Why the symmetric KDF and AES-GCM cases cannot.
const NO_KDF: &str = "no verifier method derives symmetric keys (HKDF) or runs AES-GCM";

fn vk(file: &str) -> Value {
    json(&format!("{VETKEYS}/{file}"))
}

fn verify_vetkey(v: &mut Verifier, args: &VerifyVetKeyArgs) -> Result<VerifiedVetKey, Error> {
    reply(v.call("verify_vetkey", (args,), false), "verify_vetkey")
}

fn ibe_encrypt(v: &mut Verifier, args: &IbeEncryptArgs) -> Result<Vec<u8>, Error> {
    reply(v.call("ibe_encrypt", (args,), false), "ibe_encrypt")
}

/// The derived key the verifier makes of `key`, seen through `ibe_encrypt`: a fixed message
/// to a fixed identity with a fixed seed, whose ciphertext depends on the key (its mask is
/// derived from a pairing with it).
fn through_ibe(v: &mut Verifier, key: VetKeyPublicKey) -> Result<Vec<u8>, Error> {
    let args = IbeEncryptArgs::new(
        key,
        b"extra_vectors: which key?".to_vec(),
        b"the same ciphertext for the same derived key".to_vec(),
        vec![0x5e; 32],
    );
    ibe_encrypt(v, &args)
}

/// A key derived in the canister from `master` for `canister_id` and `context`.
fn from_master(master: VetKdMasterKey, canister_id: Principal, context: &[u8]) -> VetKeyPublicKey {
    VetKeyPublicKey::FromMaster(VetKeyDerivation::new(master, canister_id, context.to_vec()))
}

/// `extra/vetkeys` through `verify_vetkey`, `ibe_encrypt` (and `hash_to_g1`).
#[test]
fn vetkeys_through_the_verifier() {
    if icbls_testkit::vectors::family(VETKEYS).is_none() {
        return;
    }
    let start = Instant::now();
    let mut v = install();
    let mut tally = Tally::default();
    let mut total = 0;

    // augmented_bls_signature.json: verify_vetkey under the given key; the augmented hash
    // through hash_to_g1.
    let file = "augmented_bls_signature.json";
    let doc = vk(file);
    let (verify, hashes) = (array(&doc, "verify"), array(&doc, "augmented_hash_to_g1"));
    assert_eq!((verify.len(), hashes.len()), (4, 1), "{file}");
    total += verify.len() + hashes.len();
    for c in verify {
        let name = s(&c["name"]);
        let dpk = unhex(&c["derived_public_key"]);
        let args = VerifyVetKeyArgs::new(
            VetKeyPublicKey::Derived(dpk.clone()),
            unhex(&c["input_hex"]),
            unhex(&c["signature"]),
        );
        let got = verify_vetkey(&mut v, &args);
        if c["expected"].as_bool().unwrap() {
            tally.check(got == Ok(VerifiedVetKey { derived_public_key: dpk }), || format!("{file} {name}: {got:?}"));
        } else if name.contains("identity") {
            // The identity key (and signature) are refused as malformed.
            tally.check(got.as_ref().is_err_and(|e| refusal(e).0 == "malformed"), || format!("{file} {name}: {got:?}"));
        } else {
            tally.check(got.as_ref().is_err_and(|e| refusal(e) == ("failed", "vetkey")), || {
                format!("{file} {name}: {got:?}")
            });
        }
        tally.checked += 1;
    }
    let dst = s(&doc["dst"]).as_bytes().to_vec();
    for c in hashes {
        let msg = [unhex(&c["public_key"]), unhex(&c["message_hex"])].concat();
        let got = reply(v.hash_to(false, msg, dst.clone()), "hash_to_g1");
        let expected = unhex(&c["expected_g1_compressed"]);
        tally.check(got.as_ref() == Ok(&expected), || format!("{file} {}: hash_to_g1 {got:?}", s(&c["name"])));
        tally.checked += 1;
    }
    println!("{VETKEYS}/{file}: 4 verify_vetkey and 1 hash_to_g1 checked, 0 not representable");

    // encrypted_vetkey.json: the vetKey it decrypts to, verified; the decryption and the
    // symmetric key are not the verifier's.
    let file = "encrypted_vetkey.json";
    let doc = vk(file);
    let cases = array(&doc, "cases");
    assert_eq!(cases.len(), 1, "{file}");
    for c in cases {
        let name = s(&c["name"]);
        let dpk = unhex(&c["derived_public_key"]);
        let args = VerifyVetKeyArgs::new(
            VetKeyPublicKey::Derived(dpk.clone()),
            unhex(&c["input_hex"]),
            unhex(&c["expected_vetkey"]),
        );
        let got = verify_vetkey(&mut v, &args);
        tally.check(got == Ok(VerifiedVetKey { derived_public_key: dpk }), || format!("{file} {name}: {got:?}"));
        let other = verify_vetkey(&mut v, &changed(args, |a| a.input = b"another input".to_vec()));
        tally.check(other.as_ref().is_err_and(|e| refusal(e) == ("failed", "vetkey")), || {
            format!("{file} {name}: for another input {other:?}")
        });
        println!(
            "{VETKEYS}/{file} {name}: its vetKey checked with verify_vetkey; the decryption itself is not: \
             {NEEDS_TRANSPORT_KEY}"
        );
        tally.checked += 1;
        total += 1;
        for k in array(c, "symmetric_keys") {
            tally.name(&format!("{VETKEYS}/{file} {name}: symmetric key {}", s(&k["domain_sep"])), NO_KDF);
            total += 1;
        }
    }

    // ibe.json: ic-vetkeys's ciphertext byte for byte; the vetKey that opens it verified.
    let file = "ibe.json";
    let doc = vk(file);
    let cases = array(&doc, "cases");
    assert_eq!(cases.len(), 1, "{file}");
    for c in cases {
        let name = s(&c["name"]);
        let dpk = unhex(&c["derived_public_key"]);
        let identity = unhex(&c["identity_hex"]);
        let args = IbeEncryptArgs::new(
            VetKeyPublicKey::Derived(dpk.clone()),
            identity.clone(),
            unhex(&c["message_hex"]),
            unhex(&c["seed_hex"]),
        );
        let got = ibe_encrypt(&mut v, &args);
        let expected = unhex(&c["expected_ciphertext"]);
        tally.check(got.as_ref() == Ok(&expected), || format!("{file} {name}: ibe_encrypt {got:?}"));
        let key =
            VerifyVetKeyArgs::new(VetKeyPublicKey::Derived(dpk.clone()), identity, unhex(&c["vetkey_for_decryption"]));
        let verified = verify_vetkey(&mut v, &key);
        tally.check(verified == Ok(VerifiedVetKey { derived_public_key: dpk }), || {
            format!("{file} {name}: the decryption vetKey {verified:?}")
        });
        println!(
            "{VETKEYS}/{file} {name}: the ciphertext and the vetKey checked; decryption is the vetKey holder's (no \
             verifier method decrypts)"
        );
        tally.checked += 1;
        total += 1;
    }

    // key_derivation.json: master → canister → context in the canister (FromMaster), seen
    // through ibe_encrypt against the expected keys given as Derived.
    let file = "key_derivation.json";
    let doc = vk(file);
    let (chains, second) = (array(&doc, "master_to_canister_to_context"), array(&doc, "canister_key_to_context"));
    assert_eq!((chains.len(), second.len()), (6, 2), "{file}");
    total += chains.len() + second.len();
    let mut canister_keys = 0;
    let mut distinct = BTreeSet::new();
    for c in chains {
        let name = s(&c["name"]);
        let mpk = unhex(&c["master_public_key"]);
        let canister_id = Principal::try_from_slice(&unhex(&c["canister_id_hex"]))
            .unwrap_or_else(|e| panic!("{file} {name}: canister id: {e}"));
        let context = unhex(&c["context_hex"]);
        let expected = through_ibe(&mut v, VetKeyPublicKey::Derived(unhex(&c["expected_derived_key"])));
        tally.check(expected.is_ok(), || format!("{file} {name}: the expected key given as Derived: {expected:?}"));
        let mut masters = vec![("raw", VetKdMasterKey::Raw(mpk.clone()))];
        if let Some(key_name) =
            c.get("master_key_id").and_then(Value::as_str).and_then(|id| id.strip_prefix("mainnet_"))
        {
            masters.push(("built-in", VetKdMasterKey::Mainnet(key_name.to_string())));
        }
        for (how, master) in &masters {
            let got = through_ibe(&mut v, from_master(master.clone(), canister_id, &context));
            tally.check(got == expected, || format!("{file} {name}: derived from the {how} master key: {got:?}"));
        }
        if !c["expected_canister_key"].is_null() {
            let expected = through_ibe(&mut v, VetKeyPublicKey::Derived(unhex(&c["expected_canister_key"])));
            let got = through_ibe(&mut v, from_master(VetKdMasterKey::Raw(mpk.clone()), canister_id, b""));
            tally.check(expected.is_ok() && got == expected, || {
                format!("{file} {name}: the canister key (an empty context): {got:?}, expected {expected:?}")
            });
            distinct.insert(got.unwrap_or_default());
            canister_keys += 1;
        }
        distinct.insert(expected.unwrap_or_default());
        tally.checked += 1;
    }
    // The probe tells keys apart: six context keys and three canister keys, nine ciphertexts.
    tally.check(distinct.len() == chains.len() + canister_keys, || {
        format!("{file}: {} distinct ciphertexts for {} keys", distinct.len(), chains.len() + canister_keys)
    });
    assert_eq!(canister_keys, 3, "{file}: intermediate canister keys");
    for c in second {
        tally.name(
            &format!("{VETKEYS}/{file} canister_key_to_context: {}", s(&c["name"])),
            "the interface derives from a master key only (VetKeyPublicKey::FromMaster: master, then canister, then \
             context); a derivation that starts at a canister key has no argument",
        );
    }
    println!(
        "{VETKEYS}/{file}: {} checked ({canister_keys} canister keys too), {} not representable",
        chains.len(),
        second.len()
    );

    // vrf.json: the mainnet VRF proof is a vetKey under key_1 derived in the canister.
    let file = "vrf.json";
    let doc = vk(file);
    let cases = array(&doc, "cases");
    assert_eq!(cases.len(), 1, "{file}");
    for c in cases {
        let bytes = unhex(&c["vrf_output_bytes"]);
        let (proof, dpk, input) = (&bytes[..48], &bytes[48..144], &bytes[144..]);
        assert_eq!(input, s(&c["input_ascii"]).as_bytes(), "{file}: the input is the output's tail");
        let key_name = s(&c["master_key_id"]).strip_prefix("mainnet_").expect("a mainnet key");
        let canister_id = Principal::try_from_slice(&unhex(&c["canister_id_hex"])).unwrap();
        let args = VerifyVetKeyArgs::new(
            from_master(VetKdMasterKey::Mainnet(key_name.to_string()), canister_id, s(&c["context_ascii"]).as_bytes()),
            input.to_vec(),
            proof.to_vec(),
        );
        let got = verify_vetkey(&mut v, &args);
        let expected_valid = c["expected_valid"].as_bool().unwrap();
        tally.check(expected_valid && got == Ok(VerifiedVetKey { derived_public_key: dpk.to_vec() }), || {
            format!("{file}: expected valid = {expected_valid}, the verifier says {got:?}")
        });
        println!(
            "{VETKEYS}/{file}: the proof checked with verify_vetkey under {key_name} derived in the canister; the \
             output's hash (HKDF) is the caller's ({NO_KDF})"
        );
        tally.checked += 1;
        total += 1;
    }

    // ic_vetkd_encrypted_key_shares.json: the replica's side needs the transport secret key.
    let file = "ic_vetkd_encrypted_key_shares.json";
    let doc = vk(file);
    let e = &doc["encrypted_key_share_creation_is_stable"];
    let (shares, combinations) =
        (array(e, "encrypted_key_shares"), array(e, "combined_encrypted_keys_collector_derived"));
    assert_eq!((shares.len(), combinations.len()), (13, 5), "{file}");
    total += 1 + shares.len() + combinations.len();
    tally.name(
        &format!("{VETKEYS}/{file}: transport_key_gen_is_stable"),
        "no verifier method makes or takes a transport secret key",
    );
    for share in shares {
        tally.name(
            &format!("{VETKEYS}/{file}: encrypted key share of node {}", share["node_index"]),
            NEEDS_TRANSPORT_KEY,
        );
    }
    for c in combinations {
        tally.name(
            &format!("{VETKEYS}/{file}: combination of nodes {}", c["node_indices"]),
            "combining shares is not a verifier method, and decrypting the result takes the transport secret key",
        );
    }
    // What of it the verifier can say: the collector's vetKey under its derived key.
    let d = &e["collector_derived"];
    let dpk = unhex(&d["derived_public_key"]);
    let args =
        VerifyVetKeyArgs::new(VetKeyPublicKey::Derived(dpk.clone()), unhex(&d["input_hex"]), unhex(&d["vetkey"]));
    let got = verify_vetkey(&mut v, &args);
    tally.check(got == Ok(VerifiedVetKey { derived_public_key: dpk }), || {
        format!("{file}: the combined vetKey: {got:?}")
    });
    let id_len = unhex(&d["canister_id_hex"]).len();
    println!(
        "{VETKEYS}/{file}: besides, its vetKey verified under its derived key (given as Derived: the canister id is \
         {id_len} bytes, longer than a principal's 29, so FromMaster cannot derive it)"
    );

    // constants_and_domains.json: the built-in mainnet master keys; the rest is the scheme's
    // constants and formulas, which no method takes or returns (the IBE header and overhead
    // are seen in a ciphertext).
    let file = "constants_and_domains.json";
    let doc = vk(file);
    let sections = doc.as_object().unwrap();
    assert_eq!(sections.len(), 15, "{file}: sections");
    let (mut metadata, mut master_keys) = (0, 0);
    for (section, value) in sections {
        let label = format!("{VETKEYS}/{file}: {section}");
        match section.as_str() {
            "source" | "license" | "description" | "master_public_keys_note" => metadata += 1,
            "master_public_keys_g2_compressed" => {
                for (id, key) in value.as_object().unwrap() {
                    total += 1;
                    master_keys += 1;
                    let Some(name) = id.strip_prefix("mainnet_") else {
                        tally.name(
                            &format!("{label}.{id}"),
                            "the interface's built-in master keys are mainnet's (VetKdMasterKey::Mainnet: key_1, \
                             test_key_1); a PocketIC key is given as Raw bytes, with nothing built in to compare",
                        );
                        continue;
                    };
                    let (canister, context) = (Principal::anonymous(), b"extra_vectors".as_slice());
                    let built_in =
                        through_ibe(&mut v, from_master(VetKdMasterKey::Mainnet(name.into()), canister, context));
                    let raw = through_ibe(&mut v, from_master(VetKdMasterKey::Raw(unhex(key)), canister, context));
                    tally.check(built_in.is_ok() && built_in == raw, || {
                        format!("{label}.{id}: built in {built_in:?}, given {raw:?}")
                    });
                    tally.checked += 1;
                }
            }
            "ibe" => {
                total += 1;
                let sizes = &sections["sizes"];
                let msg = b"twelve bytes".to_vec();
                let args = IbeEncryptArgs::new(
                    from_master(VetKdMasterKey::Mainnet("key_1".into()), Principal::anonymous(), b""),
                    b"an identity".to_vec(),
                    msg.clone(),
                    vec![1; value["seed_bytes"].as_u64().unwrap() as usize],
                );
                let got = ibe_encrypt(&mut v, &args).unwrap_or_default();
                let header = unhex(&value["header_hex"]);
                let overhead = got.len().checked_sub(msg.len()).map(|n| n as u64);
                tally.check(got.starts_with(&header) && overhead == sizes["ibe_overhead"].as_u64(), || {
                    format!("{label}: header and overhead of {}", hex::encode(&got))
                });
                tally.checked += 1;
            }
            _ => {
                total += 1;
                tally.name(
                    &label,
                    "a constant or formula of the scheme (tags, encodings, sizes, KDFs): no verifier method takes or \
                     returns it; the methods built on it are checked with the other files",
                );
            }
        }
    }
    assert_eq!((metadata, master_keys), (4, 5), "{file}");

    // The files nothing maps onto.
    let file = "hash_to_scalar.json";
    for (i, _) in array(&vk(file), "cases").iter().enumerate() {
        total += 1;
        tally.name(&format!("{VETKEYS}/{file}[{i}]"), "hash_to_scalar is internal to the scheme: no verifier method");
    }
    let file = "symmetric_kdf_and_aes_gcm.json";
    let doc = vk(file);
    for section in ["hkdf_sha256_empty_salt", "vetkey_derive_symmetric_key", "derived_key_material_aes_gcm_decrypt"] {
        for (i, _) in array(&doc, section).iter().enumerate() {
            total += 1;
            tally.name(&format!("{VETKEYS}/{file}: {section}[{i}]"), NO_KDF);
        }
    }
    let file = "transport_public_key_validity.json";
    for (i, _) in array(&vk(file), "cases").iter().enumerate() {
        total += 1;
        tally.name(&format!("{VETKEYS}/{file}[{i}]"), "no verifier method takes a transport public key");
    }

    println!(
        "{VETKEYS}: {} of {total} cases checked through the verifier, {} not representable, in {:.1?}",
        tally.checked,
        tally.named,
        start.elapsed()
    );
    tally.assert_none(VETKEYS);
    assert_eq!(tally.checked + tally.named, total);
    // The files' sizes (tests/extra_vetkeys.rs): augmented BLS 5, encrypted vetKey 1 + 1 symmetric
    // key, IBE 1, key derivation 8, VRF 1, key shares 1 + 13 + 5, constants 5 master keys + 10
    // sections, hash_to_scalar 2, KDF and AES-GCM 27, transport keys 5.
    assert_eq!(total, 85, "{VETKEYS}: the cases of the files");
}

// ---------------------------------------------------------------------------------------------
// extra/eth_sync_committee

const SYNC: &str = "extra/eth_sync_committee";

/// `DOMAIN_SYNC_COMMITTEE`, the only domain type `verify_sync_aggregate` verifies under.
const DOMAIN_SYNC_COMMITTEE: [u8; 4] = icbls::sync_committee::DOMAIN_SYNC_COMMITTEE;

/// A case's arguments: the file's fields, with the committee's registered root; the fork given
/// explicitly when `fork` (the file's fork version and genesis validators root), else the
/// mainnet default from the signature slot (for mapprotocol's 2022 updates, which lack it, the
/// attested slot + 1: same period, same fork).
fn aggregate_args(c: &Value, committee_root: &[u8], fork: bool) -> SyncAggregateArgs {
    let h = &c["attested_header"];
    let header = BeaconBlockHeader::new(
        number(&h["slot"]),
        number(&h["proposer_index"]),
        unhex(&h["parent_root"]),
        unhex(&h["state_root"]),
        unhex(&h["body_root"]),
    );
    let signature_slot = match &c["signature_slot"] {
        Value::Null => header.slot + 1,
        slot => number(slot),
    };
    let mut args = SyncAggregateArgs::new(
        committee_root.to_vec(),
        header,
        unhex(&c["sync_committee_bits"]),
        unhex(&c["sync_committee_signature"]),
        signature_slot,
    );
    args.fork = fork.then(|| ForkArgs::new(unhex(&c["fork_version"]), unhex(&c["genesis_validators_root"])));
    args
}

/// `extra/eth_sync_committee` through `register_sync_committee` and `verify_sync_aggregate`.
#[test]
fn eth_sync_committee_through_the_verifier() {
    if icbls_testkit::vectors::family(SYNC).is_none() {
        return;
    }
    let start = Instant::now();
    let mut v = install();
    let mut tally = Tally::default();
    let real = json(&format!("{SYNC}/sync_aggregates_mainnet.json"));
    let negative = json(&format!("{SYNC}/sync_aggregates_negative_derived.json"));

    // Every committee registered once, by the canister's controller (the anonymous user of
    // Verifier::install): pinned, under its SSZ root.
    let mut roots: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut instructions = 0u64;
    for file in array(&real, "committee_files") {
        let doc = json(&format!("{SYNC}/{}", s(file)));
        for (name, c) in doc["committees"].as_object().unwrap() {
            let public_keys: Vec<Vec<u8>> = array(c, "pubkeys").iter().map(unhex).collect();
            let aggregate_public_key = unhex(&c["aggregate_pubkey"]);
            let keys: Vec<[u8; 48]> = public_keys.iter().map(|k| k.as_slice().try_into().unwrap()).collect();
            let ssz_root =
                icbls::sync_committee::sync_committee_root(&keys, &aggregate_public_key.as_slice().try_into().unwrap());
            let got = reply(
                v.register_sync_committee(RegisterSyncCommitteeArgs::new(public_keys, aggregate_public_key)),
                "register_sync_committee",
            );
            instructions += v.last_instructions.unwrap_or(0);
            let expected = RegisteredSyncCommittee { committee_root: ssz_root.to_vec(), pinned: true };
            tally.check(got.as_ref() == Ok(&expected), || format!("{name}: registered as {got:?}"));
            assert!(roots.insert(name.clone(), ssz_root.to_vec()).is_none(), "{name} twice");
        }
    }
    println!(
        "{SYNC}: {} committees registered ({:.2}B instructions in all), each under its SSZ root, pinned",
        roots.len(),
        instructions as f64 / 1e9
    );
    let root_of = |c: &Value| -> &Vec<u8> {
        let name = s(&c["committee"]);
        roots.get(name).unwrap_or_else(|| panic!("{}: no committee {name}", s(&c["id"])))
    };

    // The real aggregates: the mainnet fork by default and the file's given, query and update.
    let cases = array(&real, "cases");
    assert_eq!(cases.len(), 12, "PROVENANCE.md: 12 real cases");
    for c in cases {
        let id = s(&c["id"]);
        assert_eq!(c["expected"], Value::Bool(true), "{id}: this file holds valid aggregates only");
        let cc = &c["collector_computed"];
        let expected = Ok(VerifiedSyncAggregate {
            participants: cc["participants"].as_u64().unwrap() as u32,
            attested_header_root: unhex(&cc["attested_header_root"]),
        });
        let by_default = aggregate_args(c, root_of(c), false);
        let given = aggregate_args(c, root_of(c), true);
        for (how, args, update) in
            [("default fork", &by_default, false), ("given fork", &given, false), ("update", &by_default, true)]
        {
            let got = reply(v.verify_sync_aggregate(args.clone(), update), "verify_sync_aggregate");
            tally.check(got == expected, || format!("{id} ({how}): expected {expected:?}, the verifier says {got:?}"));
        }
        tally.checked += 1;
    }
    println!("{SYNC}/sync_aggregates_mainnet.json: {} checked (default fork, given fork, update)", cases.len());

    // The derived negatives, with the file's fork given (the mutation may be the fork).
    let negatives = array(&negative, "cases");
    assert_eq!(negatives.len(), 14, "PROVENANCE.md: 14 derived negatives");
    let mut named = 0;
    for c in negatives {
        let id = s(&c["id"]);
        assert_eq!(c["expected"], Value::Bool(false), "{id}: this file holds invalid aggregates only");
        let args = aggregate_args(c, root_of(c), true);
        let got = reply(v.verify_sync_aggregate(args.clone(), false), "verify_sync_aggregate");
        if unhex(&c["domain_type"]) != DOMAIN_SYNC_COMMITTEE {
            // Under the fixed domain the aggregate is the real one, and verifies.
            tally.check(got.is_ok(), || format!("{id}: under DOMAIN_SYNC_COMMITTEE: {got:?}"));
            tally.name(
                &format!("{SYNC}/sync_aggregates_negative_derived.json {id}"),
                &format!(
                    "signed-root check under domain type 0x{}: verify_sync_aggregate fixes DOMAIN_SYNC_COMMITTEE (no \
                     argument takes a domain type), under which this aggregate verifies ({got:?})",
                    hex::encode(unhex(&c["domain_type"]))
                ),
            );
            named += 1;
            continue;
        }
        let participants: u32 = args.sync_committee_bits.iter().map(|b| b.count_ones()).sum();
        tally.check(participants as u64 == c["collector_computed"]["participants"].as_u64().unwrap(), || {
            format!("{id}: participants")
        });
        let expected = if args.signature_slot <= args.attested_header.slot {
            // An aggregate signs an earlier block than the one that includes it.
            ("malformed", "signature_slot")
        } else if participants == 0 {
            ("malformed", "sync_committee_bits")
        } else if args.sync_committee_signature[0] & 0x80 == 0 {
            // Not a compressed G2 encoding.
            ("malformed", "sync_committee_signature")
        } else {
            ("failed", "sync_committee_signature")
        };
        tally.check(got.as_ref().is_err_and(|e| refusal(e) == expected), || {
            format!("{id} ({}): expected {expected:?}, the verifier says {got:?}", s(&c["mutation"]))
        });
        let update = reply(v.verify_sync_aggregate(args, true), "verify_sync_aggregate_update");
        tally.check(update == got, || format!("{id}: the update says {update:?}, the query {got:?}"));
        tally.checked += 1;
    }
    println!(
        "{SYNC}/sync_aggregates_negative_derived.json: {} refused as expected, {named} not representable",
        negatives.len() - named
    );

    let total = cases.len() + negatives.len();
    println!(
        "{SYNC}: {} of {total} aggregates checked through the verifier, {} not representable, {} committees \
         registered, in {:.1?}",
        tally.checked,
        tally.named,
        roots.len(),
        start.elapsed()
    );
    tally.assert_none(SYNC);
    assert_eq!(tally.checked + tally.named, total);
    assert_eq!(roots.len(), 10, "{SYNC}: the committees of the committee files");
}
