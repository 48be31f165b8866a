//! The holdout family `extra/canister_signatures` of the public vectors (outside the
//! repository; see its PROVENANCE.md): real IC canister signatures (Internet Identity
//! delegations, verifiable credentials as JWS with `alg: IcCs`, the dfinity/ic ICCSA test
//! vector), the tampered cases derived from them, the Internet Identity delegation chains, the
//! root keys and a DER key vector, each run through `icbls::canister_signature` and
//! `icbls::certificate`.
//!
//! What is checked, per section of `canister_signatures.json`:
//!
//! - `cases` (15): the verdict of [`verify_canister_signature`] (under the DER and the raw root
//!   key, with and without a [`DelegationCache`]); for valid cases the certificate's `/time`
//!   against `certificate_time_ns`, with the freshness window at a fixed "now" just after that
//!   time (and `Stale` at a fixed later "now": the certificates are from 2021-2025); the key's
//!   canister id (bytes and text) and seed; the message rebuilt from the delegation
//!   ([`Delegation::signed_bytes`]) or from the JWS (message, key and signature all taken from
//!   the JWS itself) and the delegation verified with [`verify_delegation`].
//! - `tampered` (138): every one is rejected, and the error icbls names is the step the
//!   collector's reason names, or, where a tamper breaks several checks and icbls stops at an
//!   earlier one (or the collector's simplified lookup answers Unknown where the
//!   specification's answers Absent), the collector's failure is confirmed present on its own
//!   (icbls's decoders and [`verify_certificate`], dfinity's `ic-certification` for the lookup),
//!   printed and counted; the tampered delegations are rebuilt with [`Delegation`].
//! - `delegation_chains` (6): each link signed by the user's canister-signature key through
//!   [`verify_delegation`], at a fixed "now" inside the delegation's lifetime.
//! - `root_keys` (4) and `public_key_der_vectors` (1): the DER and raw forms, the mainnet key
//!   against the built-in one, the canister-signature key's DER written and read.
//!
//! The verdicts are about canister-signature validity only (not JWT claims such as `exp`).
//! Nothing in this family is outside today's API; a case that was (a later link of a
//! delegation chain, signed by a session key) would be named as not representable and counted.

use icbls_testkit::certificates;
use icbls_testkit::library as common;

use certificates::{principal_from_text, principal_text};
use common::hex;
use icbls::canister_signature::{
    verify_canister_signature, verify_canister_signature_cached, verify_delegation, CanisterSigPublicKey,
    CanisterSignature, CanisterSignatureError, Delegation, DelegationError,
};
use icbls::certificate::{
    bls_key_from_der, verify_certificate, Certificate, CertificateError, DelegationCache, Freshness, LookupResult,
    Target, Within, IC_MAINNET_ROOT_KEY, IC_MAINNET_ROOT_KEY_DER,
};
use icbls::G2Affine;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

use icbls_testkit::families::canister_signatures::{
    CASES, DELEGATION_CHAINS, DER_VECTORS, FILE, LATER_NS, MAX_AGE_NS, MINUTE_NS, ROOT_KEYS, TAMPERED, VALID_CASES,
};

fn vectors() -> Option<Value> {
    common::vector_json(FILE)
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("expected a string, got {v}"))
}

fn array<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v[key].as_array().unwrap_or_else(|| panic!("{FILE}: `{key}` is not an array"))
}

/// The root keys by name: `(DER, raw)`.
fn root_keys(v: &Value) -> BTreeMap<String, (Vec<u8>, Vec<u8>)> {
    let keys = v["root_keys"].as_object().expect("root_keys is an object");
    keys.iter().map(|(name, k)| (name.clone(), (hex(&k["der_hex"]), hex(&k["raw_hex"])))).collect()
}

/// Base64url without padding (RFC 4648 §5, as JWS writes it).
fn base64url(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => panic!("not base64url: {:?}", c as char),
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in text.bytes() {
        acc = (acc << 6) | u32::from(value(c));
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// A JWS credential (`header.payload.signature`) as the VC SDK verifies it: the signed message
/// `26 ‖ "iccs_verifiable_credential" ‖ header.payload`, the key `header.jwk.k` (DER) and the
/// canister signature (the third part). `alg` must be `IcCs`.
fn jws_parts(jws: &str) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let parts: Vec<&str> = jws.split('.').collect();
    assert_eq!(parts.len(), 3, "a JWS has three parts");
    let header: Value = serde_json::from_slice(&base64url(parts[0])).expect("the JWS header is JSON");
    assert_eq!(header["alg"], "IcCs", "canister-signature credentials");
    let mut message = vec![26];
    message.extend_from_slice(b"iccs_verifiable_credential");
    message.extend_from_slice(parts[0].as_bytes());
    message.push(b'.');
    message.extend_from_slice(parts[1].as_bytes());
    (message, base64url(s(&header["jwk"]["k"])), base64url(parts[2]))
}

/// The delegation of a case or chain link: `(session key, expiration, targets)`.
fn delegation_fields(d: &Value) -> (Vec<u8>, u64, Option<Vec<Vec<u8>>>) {
    let targets = d["targets"].as_array().map(|t| t.iter().map(hex).collect());
    (hex(&d["pubkey_hex"]), d["expiration_ns"].as_u64().expect("expiration_ns"), targets)
}

/// Whether `err` is the failure the collector's reason (`collector_check`) names. Panics on a
/// reason it does not know, so that a new kind of tamper is looked at rather than passed.
fn is_the_named_failure(check: &str, err: &CanisterSignatureError) -> bool {
    use CanisterSignatureError as E;
    use CertificateError as C;
    let reason = collector_reason(check);
    let within =
        if reason.ends_with("[delegation cert]") { Within::DelegationCertificate } else { Within::Certificate };
    if reason.starts_with("signature tree does not contain /sig/") {
        let lookup = if reason.ends_with("(absent)") {
            LookupResult::Absent
        } else if reason.ends_with("(unknown)") {
            LookupResult::Unknown
        } else {
            panic!("unknown lookup in {check:?}")
        };
        *err == E::SignatureNotFound { lookup }
    } else if reason == "signature tree root != certified_data" {
        *err == E::CertifiedDataMismatch
    } else if reason == "certified_data not found for signing canister" {
        matches!(err, E::CertifiedDataNotFound { .. })
    } else if reason == "delegation: canister id not in subnet ranges" {
        *err == E::Certificate(C::CanisterNotInRange)
    } else if reason.starts_with("certificate BLS signature invalid (pairing mismatch)") {
        *err == E::Certificate(C::BadSignature { within })
    } else if reason.starts_with("certificate BLS signature invalid (compression flag clear)") {
        // The root key [42; 96]: not a point, reported as the root key's.
        matches!(err, E::Certificate(C::RootKey(_)))
    } else if reason.starts_with("certificate BLS signature invalid (") {
        // Not on the curve or not in the subgroup: the signature does not decode.
        matches!(err, E::Certificate(C::SignatureEncoding { within: w, .. }) if *w == within)
    } else if reason.starts_with("malformed CBOR") {
        // The collector's CBOR library and icbls's reader may name different steps (a key that
        // is not UTF-8 is an unknown key to icbls, and then the field is missing).
        matches!(err, E::Decode(_))
    } else if reason == "missing self-describe tag 55799" {
        *err == E::MissingSelfDescribeTag { within: Within::CanisterSignature }
    } else if reason == "canister sig pk too short" {
        matches!(err, E::PublicKey(_))
    } else {
        panic!("unknown collector reason {check:?}")
    }
}

/// The collector's reason: what follows "invalid: " (or "INVALID: ").
fn collector_reason(check: &str) -> &str {
    let at =
        check.to_ascii_lowercase().find("invalid: ").unwrap_or_else(|| panic!("not an invalid verdict: {check:?}"));
    &check[at + "invalid: ".len()..]
}

/// When icbls names another failing step than the collector: whether the collector's failure is
/// present too, established independently of [`verify_canister_signature`] (icbls's decoders,
/// lookups and [`verify_certificate`], and dfinity's `ic-certification` for the lookup answer).
/// Then the two only report different ones of several failures (icbls checks cheapest first),
/// and the reason is returned; `None` if the collector's failure is not found.
fn also_present(check: &str, t: &Value, err: &CanisterSignatureError) -> Option<&'static str> {
    use CanisterSignatureError as E;
    let reason = collector_reason(check);
    let (message, signature, public_key, root) = (
        hex(&t["message_hex"]),
        hex(&t["signature_hex"]),
        hex(&t["public_key_der_hex"]),
        hex(&t["root_public_key_der_hex"]),
    );
    let key = CanisterSigPublicKey::from_der(&public_key).ok()?;
    let sig = CanisterSignature::decode(&signature).ok()?;
    let certificate = Certificate::decode(sig.certificate).ok()?;
    let (seed_hash, message_hash) = (Sha256::digest(key.seed), Sha256::digest(&message));
    let sig_path: [&[u8]; 3] = [b"sig", &seed_hash, &message_hash];
    match (reason, err) {
        // A changed signature tree: its root is not the certified data, and the /sig lookup
        // fails too. icbls looks the signature up first.
        ("signature tree root != certified_data", E::SignatureNotFound { .. }) => {
            let certified = certificate.tree.lookup(&[b"canister".as_slice(), key.canister_id, b"certified_data"]);
            let mismatch = matches!(certified, LookupResult::Found(d) if d != sig.tree.root_hash());
            mismatch.then_some("the tree's root is not the certified data either; icbls looks /sig up first")
        }
        // Another canister: outside the subnet's ranges, and without certified data in the
        // certificate. icbls compares the certified data before verifying the certificate.
        ("delegation: canister id not in subnet ranges", E::CertifiedDataNotFound { .. }) => {
            let ranges = verify_certificate(sig.certificate, &root, Target::Canister(key.canister_id), None);
            (ranges.err() == Some(CertificateError::CanisterNotInRange)).then_some(
                "verify_certificate for that canister: CanisterNotInRange; icbls compares certified_data first",
            )
        }
        // The collector's lookup answers Unknown as soon as a pruned node is among a node's
        // children; the specification's find_label answers Absent when the label falls between
        // two adjacent labels. ic-certification (the specification's lookup) decides.
        (r, E::SignatureNotFound { lookup: LookupResult::Absent })
            if r.starts_with("signature tree does not contain") && r.ends_with("(unknown)") =>
        {
            let cbor: BTreeMap<String, serde_cbor::Value> = serde_cbor::from_slice(&signature).ok()?;
            let tree: ic_certification::HashTree = serde_cbor::value::from_value(cbor.get("tree")?.clone()).ok()?;
            matches!(tree.lookup_path(sig_path), ic_certification::LookupResult::Absent).then_some(
                "ic-certification's lookup (the specification's find_label) says Absent, as icbls; the collector's \
                 simplified lookup says Unknown",
            )
        }
        _ => None,
    }
}

/// Failures, collected so that one run reports them all.
#[derive(Default)]
struct Failures(Vec<String>);

impl Failures {
    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.0.push(what());
        }
    }

    fn assert_none(&self, section: &str) {
        assert!(self.0.is_empty(), "{section}: {} failure(s):\n{}", self.0.len(), self.0.join("\n"));
    }
}

#[test]
fn cases_verify_as_recorded() {
    let Some(v) = vectors() else { return };
    let roots = root_keys(&v);
    let cases = array(&v, "cases");
    assert_eq!(cases.len(), CASES, "{FILE}: cases");
    let mut failures = Failures::default();
    let mut cache = DelegationCache::default();
    let (mut checked, mut valid, mut delegations, mut credentials) = (0, 0, 0, 0);
    for case in cases {
        let id = s(&case["id"]);
        let expected = case["expected_valid"].as_bool().expect("expected_valid");
        let (message, signature, public_key) =
            (hex(&case["message_hex"]), hex(&case["signature_hex"]), hex(&case["public_key_der_hex"]));
        let root_der = hex(&case["root_public_key_der_hex"]);
        let (named_der, root_raw) = roots.get(s(&case["root_key"])).unwrap_or_else(|| panic!("{id}: root key"));
        failures.check(*named_der == root_der, || format!("{id}: root_public_key_der_hex is not root_keys[root_key]"));

        // The key: canister id (bytes and text) and seed, and its DER written again.
        match CanisterSigPublicKey::from_der(&public_key) {
            Ok(key) => {
                failures.check(hex::encode(key.canister_id) == s(&case["canister_id_hex"]), || {
                    format!("{id}: canister id {}", hex::encode(key.canister_id))
                });
                failures.check(principal_text(key.canister_id) == s(&case["canister_id"]), || {
                    format!("{id}: canister id text {}", principal_text(key.canister_id))
                });
                failures.check(hex::encode(key.seed) == s(&case["seed_hex"]), || format!("{id}: seed"));
                failures.check(key.to_der().as_deref() == Some(&public_key[..]), || format!("{id}: DER round trip"));
            }
            Err(e) => failures.0.push(format!("{id}: the key does not parse: {e}")),
        }

        // The verdict, under the DER and the raw root key, with and without the cache.
        let time = case["certificate_time_ns"].as_u64();
        let fresh = time.map(|t| Freshness::new(t + MINUTE_NS, MAX_AGE_NS));
        let got = verify_canister_signature(&message, &signature, &public_key, &root_der, fresh);
        failures.check(got.is_ok() == expected, || format!("{id}: expected valid = {expected}, got {got:?}"));
        if let (Ok(verified), Some(time)) = (&got, time) {
            failures.check(verified.certificate_time_ns == time, || {
                format!("{id}: certificate time {} != {time}", verified.certificate_time_ns)
            });
        }
        let raw = verify_canister_signature(&message, &signature, &public_key, root_raw, None);
        failures.check(raw.is_ok() == expected, || format!("{id}: raw root key: {raw:?}"));
        let cached = verify_canister_signature_cached(&message, &signature, &public_key, &root_der, fresh, &mut cache);
        failures.check(cached == got, || format!("{id}: with a DelegationCache {cached:?}, without {got:?}"));
        if expected {
            valid += 1;
            let later = Freshness::new(LATER_NS, MAX_AGE_NS);
            let stale = verify_canister_signature(&message, &signature, &public_key, &root_der, Some(later));
            failures.check(
                matches!(stale, Err(CanisterSignatureError::Certificate(CertificateError::Stale { .. }))),
                || format!("{id}: at a later now: {stale:?}"),
            );
        } else {
            // The one invalid case: its certificate does not verify under the mainnet root.
            let reason = s(&case["collector_check"]);
            if let Err(e) = &got {
                failures.check(is_the_named_failure(reason, e), || format!("{id}: {e:?}, the collector: {reason}"));
            }
        }

        // The message, from its parts.
        if let Some(jws) = case.get("jws").and_then(Value::as_str) {
            credentials += 1;
            let (jws_message, jws_key, jws_signature) = jws_parts(jws);
            failures.check(jws_message == message, || format!("{id}: the JWS signing input is not message_hex"));
            failures.check(jws_key == public_key, || format!("{id}: header.jwk.k is not public_key_der_hex"));
            failures.check(jws_signature == signature, || format!("{id}: the JWS signature is not signature_hex"));
        }
        if let Some(d) = case.get("delegation").filter(|d| d.is_object()) {
            delegations += 1;
            let (pubkey, expiration_ns, targets) = delegation_fields(d);
            let target_refs: Option<Vec<&[u8]>> = targets.as_ref().map(|t| t.iter().map(Vec::as_slice).collect());
            let delegation = Delegation::new(&pubkey, expiration_ns, target_refs.as_deref());
            failures.check(delegation.signed_bytes().to_vec() == message, || {
                format!("{id}: Delegation::signed_bytes is not message_hex")
            });
            let target = target_refs.as_ref().and_then(|t| t.first().copied());
            let now = time.unwrap_or(expiration_ns);
            let at = verify_delegation(&delegation, &signature, &public_key, &root_der, now, target, fresh);
            failures.check(at.is_ok() == expected, || format!("{id}: verify_delegation: {at:?}"));
            let after =
                verify_delegation(&delegation, &signature, &public_key, &root_der, expiration_ns + 1, target, None);
            failures.check(after == Err(DelegationError::Expired { expiration_ns, now_ns: expiration_ns + 1 }), || {
                format!("{id}: verify_delegation after its expiration: {after:?}")
            });
        }
        checked += 1;
    }
    println!(
        "{FILE}: cases: {checked} checked ({valid} valid, {delegations} delegations, {credentials} credentials), 0 not representable"
    );
    failures.assert_none("cases");
    assert_eq!(checked, cases.len());
    assert_eq!(valid, VALID_CASES);
}

#[test]
fn tampered_cases_are_rejected_at_the_named_step() {
    let Some(v) = vectors() else { return };
    let cases = array(&v, "cases");
    let by_id: BTreeMap<&str, &Value> = cases.iter().map(|c| (s(&c["id"]), c)).collect();
    let tampered = array(&v, "tampered");
    assert_eq!(tampered.len(), TAMPERED, "{FILE}: tampered");
    let mut failures = Failures::default();
    // One cache for all: delegations remembered from a case must not let a tampered one through.
    let mut cache = DelegationCache::default();
    let mut checked = 0;
    let (mut rebuilt, mut other_step) = (0, 0);
    for t in tampered {
        let id = s(&t["id"]);
        let reason = s(&t["collector_check"]);
        failures.check(t["expected_valid"] == false, || format!("{id}: expected_valid is not false"));
        let (message, signature, public_key, root) = (
            hex(&t["message_hex"]),
            hex(&t["signature_hex"]),
            hex(&t["public_key_der_hex"]),
            hex(&t["root_public_key_der_hex"]),
        );
        let got = verify_canister_signature(&message, &signature, &public_key, &root, None);
        match &got {
            Ok(_) => failures.0.push(format!("{id}: ACCEPTED; the collector: {reason}")),
            Err(e) if is_the_named_failure(reason, e) => {}
            Err(e) => match also_present(reason, t, e) {
                Some(why) => {
                    println!("{id}: icbls {e:?}, the collector {:?}: {why}", collector_reason(reason));
                    other_step += 1;
                }
                None => failures.0.push(format!("{id}: {e:?}; the collector: {reason}")),
            },
        }
        let cached = verify_canister_signature_cached(&message, &signature, &public_key, &root, None, &mut cache);
        failures.check(cached == got, || format!("{id}: with a DelegationCache {cached:?}, without {got:?}"));

        // The tampered delegations, rebuilt from the base case's: the message is what
        // Delegation::signed_bytes gives for them, and verify_delegation rejects them.
        let tamper = s(&t["tamper"]);
        if tamper.starts_with("delegation_expiration") || tamper.starts_with("delegation_with_targets") {
            let base = by_id.get(s(&t["base_case"])).unwrap_or_else(|| panic!("{id}: base case"));
            let (pubkey, expiration_ns, _) = delegation_fields(&base["delegation"]);
            let canister_id = hex(&base["canister_id_hex"]);
            let targets: [&[u8]; 1] = [&canister_id];
            let delegation = match tamper {
                "delegation_expiration_plus_1ns" => Delegation::new(&pubkey, expiration_ns + 1, None),
                "delegation_with_targets_added" => Delegation::new(&pubkey, expiration_ns, Some(&targets)),
                other => panic!("{id}: unknown delegation tamper {other}"),
            };
            failures.check(delegation.signed_bytes().to_vec() == message, || {
                format!("{id}: Delegation::signed_bytes is not message_hex")
            });
            let at =
                verify_delegation(&delegation, &signature, &public_key, &root, expiration_ns, Some(&canister_id), None);
            failures.check(
                matches!(
                    at,
                    Err(DelegationError::Signature(CanisterSignatureError::SignatureNotFound {
                        lookup: LookupResult::Absent
                    }))
                ),
                || format!("{id}: verify_delegation: {at:?}"),
            );
            rebuilt += 1;
        }
        checked += 1;
    }
    println!(
        "{FILE}: tampered: {checked} checked ({rebuilt} delegations rebuilt; {other_step} rejected at another step \
         than the collector names, its failure confirmed present), 0 not representable"
    );
    failures.assert_none("tampered");
    assert_eq!(checked, tampered.len());
    assert_eq!(rebuilt, 12);
    assert_eq!(other_step, 6, "the order-of-checks and lookup differences printed above");
}

#[test]
fn delegation_chains_verify_as_recorded() {
    let Some(v) = vectors() else { return };
    let roots = root_keys(&v);
    let cases = array(&v, "cases");
    let chains = array(&v, "delegation_chains");
    assert_eq!(chains.len(), DELEGATION_CHAINS, "{FILE}: delegation_chains");
    let mut failures = Failures::default();
    let (mut checked, mut not_representable) = (0, 0);
    for chain in chains {
        let id = s(&chain["id"]);
        let expected = chain["expected_valid"].as_bool().expect("expected_valid");
        let user_key = hex(&chain["user_public_key_der_hex"]);
        let (root, _) = roots.get(s(&chain["root_key"])).unwrap_or_else(|| panic!("{id}: root key"));
        let case = cases.iter().find(|c| c["id"] == chain["canister_signature_case"]);
        let time = case.and_then(|c| c["certificate_time_ns"].as_u64());
        let links = array(chain, "delegations");
        assert!(!links.is_empty(), "{id}: a chain has a link");
        for (i, link) in links.iter().enumerate() {
            if i > 0 {
                // A later link is signed by the previous session key (Ed25519, ECDSA), which
                // this crate does not verify.
                println!("{id}: link {i}: not representable: signed by a session key, not a canister signature");
                not_representable += 1;
                continue;
            }
            let (pubkey, expiration_ns, targets) = delegation_fields(&link["delegation"]);
            let target_refs: Option<Vec<&[u8]>> = targets.as_ref().map(|t| t.iter().map(Vec::as_slice).collect());
            let delegation = Delegation::new(&pubkey, expiration_ns, target_refs.as_deref());
            let signature = hex(&link["signature_hex"]);
            let target = target_refs.as_ref().and_then(|t| t.first().copied());
            // A fixed "now": a minute after the certificate, inside the delegation's lifetime.
            let now = time.map_or(expiration_ns, |t| (t + MINUTE_NS).min(expiration_ns));
            let fresh = time.map(|_| Freshness::new(now, MAX_AGE_NS));
            let got = verify_delegation(&delegation, &signature, &user_key, root, now, target, fresh);
            failures.check(got.is_ok() == expected, || format!("{id}: expected valid = {expected}, got {got:?}"));
            if let Some(case) = case {
                failures.check(
                    hex(&case["message_hex"]) == delegation.signed_bytes().to_vec()
                        && hex(&case["signature_hex"]) == signature
                        && hex(&case["public_key_der_hex"]) == user_key,
                    || format!("{id}: differs from its canister-signature case"),
                );
            }
            if !expected {
                let pairing =
                    CanisterSignatureError::Certificate(CertificateError::BadSignature { within: Within::Certificate });
                failures.check(got == Err(DelegationError::Signature(pairing)), || format!("{id}: {got:?}"));
            }
            checked += 1;
        }
    }
    println!("{FILE}: delegation_chains: {checked} links checked, {not_representable} not representable");
    failures.assert_none("delegation_chains");
    assert_eq!(checked, chains.len(), "one canister-signed link per chain");
    assert_eq!(not_representable, 0);
}

#[test]
fn root_keys_and_public_key_der_vectors() {
    let Some(v) = vectors() else { return };
    let roots = v["root_keys"].as_object().expect("root_keys is an object");
    assert_eq!(roots.len(), ROOT_KEYS, "{FILE}: root_keys");
    let mut checked = 0;
    for (name, key) in roots {
        let (der, raw) = (hex(&key["der_hex"]), hex(&key["raw_hex"]));
        assert_eq!(bls_key_from_der(&der).map(|k| k.to_vec()), Ok(raw.clone()), "{name}: the DER holds the raw key");
        assert!(G2Affine::from_compressed(&raw).is_ok(), "{name}: a G2 point of the subgroup");
        if name == "ic_mainnet" {
            assert_eq!(raw, IC_MAINNET_ROOT_KEY, "{name}: the built-in key");
            assert_eq!(der, IC_MAINNET_ROOT_KEY_DER, "{name}: the built-in DER");
        } else {
            assert_ne!(raw, IC_MAINNET_ROOT_KEY, "{name}: a local root, not mainnet");
        }
        checked += 1;
    }
    assert_eq!(checked, ROOT_KEYS);

    let ders = array(&v, "public_key_der_vectors");
    assert_eq!(ders.len(), DER_VECTORS, "{FILE}: public_key_der_vectors");
    let mut der_checked = 0;
    for d in ders {
        let canister_id = principal_from_text(s(&d["canister_id"]));
        let seed = hex(&d["seed_hex"]);
        let der = hex(&d["public_key_der_hex"]);
        let key = CanisterSigPublicKey { canister_id: &canister_id, seed: &seed };
        assert_eq!(key.to_der(), Some(der.clone()), "{}: DER written", s(&d["canister_id"]));
        assert_eq!(CanisterSigPublicKey::from_der(&der), Ok(key), "{}: DER read", s(&d["canister_id"]));
        der_checked += 1;
    }
    assert_eq!(der_checked, DER_VECTORS);
    println!(
        "{FILE}: root_keys: {checked} checked; public_key_der_vectors: {der_checked} checked; 0 not representable"
    );
}
