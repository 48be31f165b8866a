//! Canister signatures and Internet Identity delegations: the real signatures of
//! `canister_signatures/` of the public vectors (and the cases derived from them), signatures built
//! here under test keys, and every single-bit flip and truncation, each verdict compared with
//! dfinity's `ic-signature-verification`; the error paths by name.

use icbls_testkit::certificates;
use icbls_testkit::library as common;

use certificates::{canister_signature, certificate, delegated_certificate, key, leb128, raw_key, Tree};
use common::hex;
use icbls::canister_signature::{
    self_authenticating_principal, verify_canister_signature, verify_delegation, CanisterSigPublicKey,
    CanisterSignatureError, Delegation, DelegationError, PublicKeyError, ALGORITHM_ID_DER,
};
use icbls::certificate::{CertificateError, Freshness, LookupResult, Within};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The cases, or `None` when the public vectors are absent (the test is skipped).
fn cases() -> Option<Vec<Value>> {
    Some(common::vector_json("canister_signatures/canister_signatures.json")?.as_array().unwrap().clone())
}

/// The case's inputs: message, signature, public key, root key.
fn inputs(case: &Value) -> [Vec<u8>; 4] {
    [
        hex(&case["message"]),
        hex(&case["signature_cbor"]),
        hex(&case["public_key_der"]),
        hex(&case["root_public_key_raw"]),
    ]
}

/// dfinity's verdict. Its key parser slices the DER at fixed offsets and panics on keys shorter
/// than its prefix, which counts as a rejection here.
fn reference(message: &[u8], signature: &[u8], public_key: &[u8], root: &[u8]) -> bool {
    std::panic::catch_unwind(|| {
        ic_signature_verification::verify_canister_sig(message, signature, public_key, root).is_ok()
    })
    .unwrap_or(false)
}

fn ours(message: &[u8], signature: &[u8], public_key: &[u8], root: &[u8]) -> Result<(), CanisterSignatureError> {
    verify_canister_signature(message, signature, public_key, root, None).map(|_| ())
}

fn sha256(b: &[u8]) -> Vec<u8> {
    Sha256::digest(b).to_vec()
}

#[test]
fn the_vectors_verify_as_expected_here_and_in_ic_signature_verification() {
    let Some(cases) = cases() else { return };
    assert_eq!(cases.len(), 50);
    let mut valid = 0;
    for case in &cases {
        let id = case["id"].as_str().unwrap();
        let expected = case["expected_valid"].as_bool().unwrap();
        let [message, signature, public_key, root] = inputs(case);
        let got = ours(&message, &signature, &public_key, &root);
        assert_eq!(got.is_ok(), expected, "{id}: {got:?}");
        assert_eq!(reference(&message, &signature, &public_key, &root), expected, "{id}: ic-signature-verification");
        // The root key in its DER form gives the same verdict.
        let root_der = hex(&case["root_public_key_der"]);
        assert_eq!(ours(&message, &signature, &public_key, &root_der).is_ok(), expected, "{id}: DER root key");
        valid += usize::from(expected);

        // The key's parts, and its DER written again.
        // (Every case's key parses: the derived cases change the signature, the message or
        // the key's seed and canister id, never its DER structure.)
        let key = CanisterSigPublicKey::from_der(&public_key).unwrap_or_else(|e| panic!("{id}: {e}"));
        if let Some(id_hex) = case.get("canister_id_hex").and_then(Value::as_str) {
            if !id.contains("__wrong_canister_id") {
                assert_eq!(hex::encode(key.canister_id), id_hex, "{id}: canister id");
            }
        }
        assert_eq!(key.to_der().unwrap(), public_key, "{id}: DER round trip");

        // Internet Identity delegations: the signed bytes from the delegation's fields.
        let Some(delegation) = case.get("delegation").filter(|d| d.is_object()) else { continue };
        let session_key = hex(&delegation["session_key"]);
        let expiration_ns = delegation["expiration_ns"].as_u64().unwrap();
        let targets: Option<Vec<Vec<u8>>> =
            delegation["targets"].as_array().map(|t| t.iter().map(hex).collect::<Vec<_>>());
        let target_refs: Option<Vec<&[u8]>> = targets.as_ref().map(|t| t.iter().map(Vec::as_slice).collect());
        let d = Delegation::new(&session_key, expiration_ns, target_refs.as_deref());
        if !id.contains("__wrong_message") {
            assert_eq!(d.signed_bytes().to_vec(), message, "{id}: the delegation's signed bytes");
        }
        if let Some(principal) = delegation.get("user_principal").and_then(Value::as_str) {
            assert_eq!(
                certificates::principal_text(&self_authenticating_principal(&public_key)),
                principal,
                "{id}: principal"
            );
        }
        let target = target_refs.as_ref().and_then(|t| t.first().copied());
        let at = verify_delegation(&d, &signature, &public_key, &root, expiration_ns, target, None);
        assert_eq!(at.is_ok(), expected && !id.contains("__wrong_message"), "{id}: {at:?}");
        if expected {
            assert_eq!(
                verify_delegation(&d, &signature, &public_key, &root, expiration_ns + 1, target, None),
                Err(DelegationError::Expired { expiration_ns, now_ns: expiration_ns + 1 }),
                "{id}"
            );
        }
    }
    assert_eq!(valid, 9);
}

/// A signing canister, its subnet, and a signature built under test keys.
struct Built {
    message: Vec<u8>,
    signature: Vec<u8>,
    public_key: Vec<u8>,
    root: Vec<u8>,
}

const CANISTER: &[u8] = &[0, 0, 0, 0, 0, 0x30, 0, 0x01, 0x01, 0x01];
const SUBNET: &[u8] = &[0x2f; 29];
const TIME_NS: u64 = 1_700_000_000_000_000_000;

fn sig_tree(seed: &[u8], message: &[u8], leaf: &[u8]) -> Tree {
    Tree::new().insert(&[b"sig", &sha256(seed), &sha256(message)], leaf)
}

/// A canister signature on `message` under `seed`; the certificate delegated to a subnet when
/// `delegated`, and its tree changed by `edit`.
fn build(seed: &[u8], message: &[u8], delegated: bool, edit: impl Fn(Tree, &[u8]) -> Tree) -> Built {
    let (root, subnet) = (key(1), key(2));
    let tree = sig_tree(seed, message, b"");
    let root_hash = icbls::certificate::HashTree::decode(&tree.cbor()).unwrap().root_hash();
    let state = Tree::new()
        .insert(&[b"canister", CANISTER, b"certified_data"], &root_hash)
        .insert(&[b"time"], &leb128(TIME_NS));
    let state = edit(state, &root_hash);
    let cert = if delegated {
        delegated_certificate(&root, &subnet, SUBNET, &[(CANISTER, CANISTER)], &state, TIME_NS)
    } else {
        certificate(&root, &state, None)
    };
    let public_key = CanisterSigPublicKey { canister_id: CANISTER, seed }.to_der().unwrap();
    Built { message: message.to_vec(), signature: canister_signature(&cert, &tree), public_key, root: raw_key(&root) }
}

fn unchanged(t: Tree, _: &[u8]) -> Tree {
    t
}

impl Built {
    fn verify(&self) -> Result<(), CanisterSignatureError> {
        ours(&self.message, &self.signature, &self.public_key, &self.root)
    }

    fn reference(&self) -> bool {
        reference(&self.message, &self.signature, &self.public_key, &self.root)
    }
}

#[test]
fn signatures_built_here_verify_and_every_failure_names_its_step() {
    for delegated in [false, true] {
        let ok = build(b"user seed", b"a message", delegated, unchanged);
        assert_eq!(ok.verify(), Ok(()), "delegated: {delegated}");
        assert!(ok.reference());
        let verified = verify_canister_signature(&ok.message, &ok.signature, &ok.public_key, &ok.root, None);
        assert_eq!(verified.unwrap().certificate_time_ns, TIME_NS);

        // Freshness of the certificate's /time.
        let fresh = Freshness::new(TIME_NS + 10, 60);
        assert!(verify_canister_signature(&ok.message, &ok.signature, &ok.public_key, &ok.root, Some(fresh)).is_ok());
        let stale = Freshness::new(TIME_NS + 61, 60);
        assert!(matches!(
            verify_canister_signature(&ok.message, &ok.signature, &ok.public_key, &ok.root, Some(stale)),
            Err(CanisterSignatureError::Certificate(CertificateError::Stale { .. }))
        ));

        // Another message: no leaf.
        let other =
            Built { message: b"another message".to_vec(), ..build(b"user seed", b"a message", delegated, unchanged) };
        assert!(matches!(
            other.verify(),
            Err(CanisterSignatureError::SignatureNotFound { lookup: LookupResult::Absent })
        ));
        assert!(!other.reference());

        // The certified data: missing, or another tree's.
        let missing = build(b"s", b"m", delegated, |_, _| Tree::new().insert(&[b"time"], &leb128(TIME_NS)));
        assert_eq!(
            missing.verify(),
            Err(CanisterSignatureError::CertifiedDataNotFound { lookup: LookupResult::Absent })
        );
        assert!(!missing.reference());
        let wrong =
            build(b"s", b"m", delegated, |t, _| t.insert(&[b"canister", CANISTER, b"certified_data"], &[7; 32]));
        assert_eq!(wrong.verify(), Err(CanisterSignatureError::CertifiedDataMismatch));
        assert!(!wrong.reference());

        // The certificate's signature under another root key.
        let mut other_root = build(b"s", b"m", delegated, unchanged);
        other_root.root = raw_key(&key(9));
        let within = if delegated { Within::DelegationCertificate } else { Within::Certificate };
        assert_eq!(
            other_root.verify(),
            Err(CanisterSignatureError::Certificate(CertificateError::BadSignature { within }))
        );
        assert!(!other_root.reference());
    }

    // A nonempty leaf at the signature's path.
    let (root, seed, message) = (key(1), b"s".as_slice(), b"m".as_slice());
    let tree = sig_tree(seed, message, b"x");
    let root_hash = icbls::certificate::HashTree::decode(&tree.cbor()).unwrap().root_hash();
    let state = Tree::new()
        .insert(&[b"canister", CANISTER, b"certified_data"], &root_hash)
        .insert(&[b"time"], &leb128(TIME_NS));
    let signature = canister_signature(&certificate(&root, &state, None), &tree);
    let public_key = CanisterSigPublicKey { canister_id: CANISTER, seed }.to_der().unwrap();
    assert_eq!(
        ours(message, &signature, &public_key, &raw_key(&root)),
        Err(CanisterSignatureError::SignatureLeafNotEmpty)
    );
    assert!(!reference(message, &signature, &public_key, &raw_key(&root)));

    // A canister outside the subnet's ranges.
    let subnet = key(2);
    let tree = sig_tree(seed, message, b"");
    let root_hash = icbls::certificate::HashTree::decode(&tree.cbor()).unwrap().root_hash();
    let state = Tree::new()
        .insert(&[b"canister", CANISTER, b"certified_data"], &root_hash)
        .insert(&[b"time"], &leb128(TIME_NS));
    let elsewhere: &[u8] = &[0, 0, 0, 0, 0, 0x40, 0, 0, 1, 1];
    let cert = delegated_certificate(&root, &subnet, SUBNET, &[(elsewhere, elsewhere)], &state, TIME_NS);
    let signature = canister_signature(&cert, &tree);
    assert_eq!(
        ours(message, &signature, &public_key, &raw_key(&root)),
        Err(CanisterSignatureError::Certificate(CertificateError::CanisterNotInRange))
    );
    assert!(!reference(message, &signature, &public_key, &raw_key(&root)));

    // The self-describe tag, on the signature and on its certificate.
    let ok = build(seed, message, false, unchanged);
    assert_eq!(
        ours(message, &ok.signature[3..], &ok.public_key, &ok.root),
        Err(CanisterSignatureError::MissingSelfDescribeTag { within: Within::CanisterSignature })
    );
    let cert = certificate(&root, &state, None);
    let untagged = canister_signature(&cert[3..], &tree);
    assert_eq!(
        ours(message, &untagged, &ok.public_key, &ok.root),
        Err(CanisterSignatureError::MissingSelfDescribeTag { within: Within::Certificate })
    );
    assert!(!reference(message, &untagged, &ok.public_key, &ok.root));
    // The delegation's certificate without its tag (no signature covers those three bytes).
    let delegation = certificates::delegation_certificate(&root, &subnet, SUBNET, &[(CANISTER, CANISTER)], TIME_NS);
    let cert = certificate(&subnet, &state, Some((SUBNET, &delegation[3..])));
    let untagged = canister_signature(&cert, &tree);
    assert_eq!(
        ours(message, &untagged, &ok.public_key, &ok.root),
        Err(CanisterSignatureError::MissingSelfDescribeTag { within: Within::DelegationCertificate })
    );
    assert!(!reference(message, &untagged, &ok.public_key, &ok.root));
    let tagged = canister_signature(&certificate(&subnet, &state, Some((SUBNET, &delegation))), &tree);
    assert_eq!(ours(message, &tagged, &ok.public_key, &ok.root), Ok(()));

    // A certificate without /time: every state tree has one, and icbls requires it (the
    // reference reads no time).
    let timeless = build(seed, message, false, |_, root_hash| {
        Tree::new().insert(&[b"canister", CANISTER, b"certified_data"], root_hash)
    });
    assert_eq!(
        timeless.verify(),
        Err(CanisterSignatureError::Certificate(CertificateError::MissingTime {
            within: Within::Certificate,
            lookup: LookupResult::Absent
        }))
    );
    assert!(timeless.reference());
}

#[test]
fn public_keys_are_strict_der() {
    let good = CanisterSigPublicKey { canister_id: CANISTER, seed: b"seed" }.to_der().unwrap();
    let parsed = CanisterSigPublicKey::from_der(&good).unwrap();
    assert_eq!((parsed.canister_id, parsed.seed), (CANISTER, b"seed".as_slice()));
    // The encoding dfinity's ic-canister-sig-creation writes.
    assert_eq!(
        hex::encode(&good),
        format!("3020{}0310000a{}73656564", hex::encode(ALGORITHM_ID_DER), hex::encode(CANISTER))
    );

    let der = |check| PublicKeyError::Der { check };
    let err = |bytes: &[u8]| CanisterSigPublicKey::from_der(bytes).unwrap_err();
    assert_eq!(err(&[]), der("a SEQUENCE (SubjectPublicKeyInfo)"));
    let mut trailing = good.clone();
    trailing.push(0);
    assert_eq!(err(&trailing), der("a length that ends where its container does"));
    let mut oid = good.clone();
    oid[13] ^= 1;
    assert_eq!(CanisterSigPublicKey::from_der(&oid), Err(PublicKeyError::Algorithm));
    let mut unused = good.clone();
    unused[18] = 1;
    assert_eq!(err(&unused), der("a BIT STRING without unused bits"));
    let long_id = CanisterSigPublicKey { canister_id: &[1; 30], seed: b"" };
    assert_eq!(long_id.to_der(), None);
    let mut too_long = good.clone();
    too_long[19] = 30;
    assert_eq!(
        CanisterSigPublicKey::from_der(&too_long),
        Err(PublicKeyError::CanisterId { check: "at most 29 bytes" })
    );
    too_long[19] = 25;
    assert_eq!(
        CanisterSigPublicKey::from_der(&too_long),
        Err(PublicKeyError::CanisterId { check: "its length within the key" })
    );
    // A non-minimal length (0x81 before a short length).
    let mut non_minimal = vec![0x30, 0x81, good[1]];
    non_minimal.extend(&good[2..]);
    assert!(matches!(CanisterSigPublicKey::from_der(&non_minimal), Err(PublicKeyError::Der { .. })));

    // Long seeds take DER's long lengths, and sign as short ones do.
    for len in [99usize, 100, 300] {
        let seed = vec![0x5e; len];
        let key = CanisterSigPublicKey { canister_id: CANISTER, seed: &seed };
        let der = key.to_der().unwrap();
        assert_eq!(CanisterSigPublicKey::from_der(&der), Ok(key));
        let built = build(&seed, b"m", false, unchanged);
        assert_eq!(built.public_key, der);
        assert_eq!(built.verify(), Ok(()));
        // ic-signature-verification reads the key at fixed offsets, as if every length took one
        // byte: it refuses the keys whose DER needs a longer length (128 bytes of content or
        // more: from a 100-byte seed with a 10-byte canister id).
        assert_eq!(built.reference(), len < 100, "ic-signature-verification, {len}-byte seed");
    }

    // The other checks of the key, by name.
    assert_eq!(err(&[0; 65_540]), PublicKeyError::TooLong { len: 65_540 });
    let minimal = der("a definite, minimal DER length of at most two bytes");
    assert_eq!(err(&[0x30, 0x82, 0x00, 0x7f]), minimal);
    assert_eq!(err(&[0x30, 0x83, 0x00, 0x00, 0x10]), minimal);
    assert_eq!(err(&[0x30, 0x81, 0x05]), minimal);
    let with_bits = |bits: &[u8]| {
        let mut out = vec![0x30, (ALGORITHM_ID_DER.len() + bits.len()) as u8];
        out.extend(ALGORITHM_ID_DER);
        out.extend(bits);
        out
    };
    assert_eq!(err(&with_bits(&[0x03, 0x00])), der("a nonempty BIT STRING"));
    assert_eq!(err(&with_bits(&[0x03, 0x01, 0x00])), PublicKeyError::CanisterId { check: "its length byte" });
    assert_eq!(err(&with_bits(&[0x04, 0x01, 0x00])), der("a BIT STRING after the algorithm"));
    // An empty seed is a key (the canister signs under the seed "").
    let empty_seed = with_bits(&[0x03, 0x03, 0x00, 0x01, 0x07]);
    assert_eq!(CanisterSigPublicKey::from_der(&empty_seed), Ok(CanisterSigPublicKey { canister_id: &[7], seed: b"" }));
}

#[test]
fn malformed_signatures_are_refused_by_name() {
    let ok = build(b"seed", b"message", false, unchanged);
    let decode = |signature: &[u8]| ours(&ok.message, signature, &ok.public_key, &ok.root).unwrap_err();
    let cbor_map = |entries: &[(&[u8], &[u8])]| {
        let mut out = vec![0xd9, 0xd9, 0xf7, 0xa0 | entries.len() as u8];
        for (key, value) in entries {
            out.extend(*key);
            out.extend(*value);
        }
        out
    };
    // The pieces of the good signature: its certificate (a byte string) and its tree.
    let tree = sig_tree(b"seed", b"message", b"").cbor();
    let at = ok.signature.len() - tree.len() - 5; // before "tree" (a 4-byte text key)
    let certificate_item = &ok.signature[4 + 12..at];
    let (cert_key, tree_key): (&[u8], &[u8]) = (b"\x6bcertificate", b"\x64tree");
    assert_eq!(ok.signature[4..16], *cert_key);
    assert_eq!(cbor_map(&[(cert_key, certificate_item), (tree_key, &tree)]), ok.signature);

    let within = Within::CanisterSignature;
    let err = |e| CanisterSignatureError::Decode(e);
    assert_eq!(
        decode(&cbor_map(&[(cert_key, certificate_item), (tree_key, &tree), (tree_key, &tree)])),
        err(CertificateError::DuplicateField { within, field: "tree" })
    );
    assert_eq!(
        decode(&cbor_map(&[(tree_key, &tree)])),
        err(CertificateError::MissingField { within, field: "certificate" })
    );
    assert_eq!(
        decode(&cbor_map(&[(cert_key, certificate_item)])),
        err(CertificateError::MissingField { within, field: "tree" })
    );
    // Keys it does not know are skipped.
    let extra: &[u8] = b"\x65extra";
    let with_extra = cbor_map(&[(extra, b"\x01".as_slice()), (cert_key, certificate_item), (tree_key, &tree)]);
    assert_eq!(ours(&ok.message, &with_extra, &ok.public_key, &ok.root), Ok(()));
    // A byte-string key.
    assert!(matches!(
        decode(&cbor_map(&[(b"\x4bcertificate".as_slice(), certificate_item), (tree_key, &tree)])),
        CanisterSignatureError::Decode(CertificateError::Cbor {
            what: "canister signature: map keys must be text",
            ..
        })
    ));
    // Longer than a certificate may be.
    let mut huge = ok.signature.clone();
    huge.resize(icbls::certificate::MAX_CERTIFICATE_BYTES + 1, 0);
    assert_eq!(decode(&huge), err(CertificateError::TooLarge { within, len: huge.len() }));

    // The /sig path behind a pruned branch: Unknown.
    let pruned_tree = {
        // A fork of a pruned node and an empty tree: nothing can be looked up.
        let mut t = vec![0x83, 0x01, 0x82, 0x04, 0x58, 0x20];
        t.extend([0x11; 32]);
        t.extend([0x81, 0x00]);
        t
    };
    assert_eq!(
        decode(&cbor_map(&[(cert_key, certificate_item), (tree_key, &pruned_tree)])),
        CanisterSignatureError::SignatureNotFound { lookup: LookupResult::Unknown }
    );
    // /sig/<seed> itself is a path to an inner node: Error.
    let short = Tree::new().insert(&[b"sig", &sha256(b"seed"), &sha256(b"message"), b"deeper"], b"").cbor();
    assert_eq!(
        decode(&cbor_map(&[(cert_key, certificate_item), (tree_key, &short)])),
        CanisterSignatureError::SignatureNotFound { lookup: LookupResult::Error }
    );
}

/// Every single-bit flip and every truncation of a signature, of its key and of its message:
/// icbls and ic-signature-verification give the same verdict. ic-signature-verification reads
/// the key at fixed offsets without its DER lengths, tags or unused-bits byte; on those five
/// bytes icbls must reject and the reference is not asked.
fn flips_agree(name: &str, message: &[u8], signature: &[u8], public_key: &[u8], root: &[u8], stride: usize) {
    let agree = |m: &[u8], s: &[u8], k: &[u8], what: &str| {
        let (a, b) = (ours(m, s, k, root), reference(m, s, k, root));
        assert_eq!(a.is_ok(), b, "{name}: {what}: icbls {a:?}, ic-signature-verification {b}");
    };
    for bit in (0..signature.len() * 8).step_by(stride) {
        let mut s = signature.to_vec();
        s[bit / 8] ^= 1 << (bit % 8);
        // A byte string made text or the other way round (bit 5 of the head swaps CBOR's
        // major types 2 and 3): serde_cbor reads text map keys and hash-tree labels from
        // either, icbls follows the specification's CDDL (text keys, byte-string labels and
        // values) and refuses the other.
        let string_type_swapped = bit % 8 == 5 && matches!(signature[bit / 8] >> 5, 2 | 3);
        if string_type_swapped && reference(message, &s, public_key, root) {
            let got = ours(message, &s, public_key, root);
            assert!(
                matches!(
                    got,
                    Err(CanisterSignatureError::Decode(CertificateError::Cbor { .. })
                        | CanisterSignatureError::Certificate(CertificateError::Cbor { .. }))
                ),
                "{name}: signature bit {bit}: {got:?}"
            );
            continue;
        }
        agree(message, &s, public_key, &format!("signature bit {bit}"));
    }
    for len in (0..signature.len()).step_by(stride) {
        agree(message, &signature[..len], public_key, &format!("signature cut to {len} bytes"));
    }
    for bit in 0..public_key.len() * 8 {
        let mut k = public_key.to_vec();
        k[bit / 8] ^= 1 << (bit % 8);
        if [0, 1, 16, 17, 18].contains(&(bit / 8)) {
            assert!(ours(message, signature, &k, root).is_err(), "{name}: key bit {bit}");
        } else {
            agree(message, signature, &k, &format!("key bit {bit}"));
        }
    }
    for len in 0..public_key.len() {
        assert!(ours(message, signature, &public_key[..len], root).is_err(), "{name}: key cut to {len}");
    }
    for bit in 0..message.len().min(64) * 8 {
        let mut m = message.to_vec();
        m[bit / 8] ^= 1 << (bit % 8);
        agree(&m, signature, public_key, &format!("message bit {bit}"));
    }
    agree(&message[..message.len() - 1], signature, public_key, "message cut by one byte");
}

// Every bit of the signatures without a delegation. Of those with one, every 13th: nearly
// every flip there costs both verifiers two BLS checks (a changed tree still has to fail its
// signature), and ic-signature-verification's take about 4 ms each. The debug-profile run
// (overflow checks) takes every seventh of those.
const DEBUG_STRIDE: usize = if cfg!(debug_assertions) { 7 } else { 1 };

#[test]
fn every_bit_flip_and_truncation_of_real_signatures_agrees_with_ic_signature_verification() {
    let Some(cases) = cases() else { return };
    for (id, stride) in [("ic_iccsa_stability_1", 1), ("ii_sig_verifier_js_mainnet_delegation", 13)] {
        let case = cases.iter().find(|c| c["id"] == id).unwrap();
        let [message, signature, public_key, root] = inputs(case);
        flips_agree(id, &message, &signature, &public_key, &root, stride * DEBUG_STRIDE);
    }
}

#[test]
fn every_bit_flip_and_truncation_of_built_signatures_agrees_with_ic_signature_verification() {
    for (delegated, stride) in [(false, 1), (true, 13)] {
        let b = build(b"seed", b"message", delegated, unchanged);
        let name = format!("built, delegated: {delegated}");
        flips_agree(&name, &b.message, &b.signature, &b.public_key, &b.root, stride * DEBUG_STRIDE);
    }
}

#[test]
fn delegation_hashes_match_ic_canister_sig_creation() {
    let targets: [&[u8]; 3] = [b"", &[1], &[0xff; 29]];
    for expiration_ns in [0, 1, 127, 128, u64::MAX] {
        for t in [None, Some(&targets[..0]), Some(&targets[..1]), Some(&targets[..])] {
            let d = Delegation::new(b"key", expiration_ns, t);
            let owned: Option<Vec<Vec<u8>>> = t.map(|t| t.iter().map(|x| x.to_vec()).collect());
            let expected = ic_canister_sig_creation::delegation_signature_msg(b"key", expiration_ns, owned.as_ref());
            assert_eq!(d.hash().to_vec(), expected, "expiration {expiration_ns}, targets {t:?}");
        }
    }
}

#[test]
fn delegations_are_checked_for_expiry_and_targets() {
    let session_key = b"session key (DER)";
    let (a, b, c): (&[u8], &[u8], &[u8]) = (&[1, 1], &[2, 2], &[3, 3]);
    let targets = [a, b];
    for t in [None, Some(&targets[..])] {
        let d = Delegation::new(session_key, TIME_NS + 1_000, t);
        // The signed bytes as dfinity's ic-canister-sig-creation builds them.
        let owned: Option<Vec<Vec<u8>>> = t.map(|t| t.iter().map(|x| x.to_vec()).collect());
        let mut expected = b"\x1Aic-request-auth-delegation".to_vec();
        expected.extend(ic_canister_sig_creation::delegation_signature_msg(
            session_key,
            d.expiration_ns,
            owned.as_ref(),
        ));
        assert_eq!(d.signed_bytes().to_vec(), expected);

        let built = build(b"user", &d.signed_bytes(), true, unchanged);
        let verify =
            |now, target| verify_delegation(&d, &built.signature, &built.public_key, &built.root, now, target, None);
        assert!(verify(TIME_NS, Some(a)).is_ok());
        assert!(verify(TIME_NS + 1_000, Some(b)).is_ok());
        assert_eq!(
            verify(TIME_NS + 1_001, Some(a)),
            Err(DelegationError::Expired { expiration_ns: TIME_NS + 1_000, now_ns: TIME_NS + 1_001 })
        );
        match t {
            None => {
                assert!(verify(TIME_NS, Some(c)).is_ok());
                assert!(verify(TIME_NS, None).is_ok());
            }
            Some(_) => {
                assert_eq!(verify(TIME_NS, Some(c)), Err(DelegationError::TargetNotAllowed));
                assert_eq!(verify(TIME_NS, None), Err(DelegationError::TargetNotAllowed));
            }
        }
        // Another delegation (a later expiry) is not what was signed.
        let later = Delegation::new(d.pubkey, d.expiration_ns + 1, d.targets);
        assert!(matches!(
            verify_delegation(&later, &built.signature, &built.public_key, &built.root, TIME_NS, Some(a), None),
            Err(DelegationError::Signature(CanisterSignatureError::SignatureNotFound { .. }))
        ));
    }
    // A key may not delegate to itself.
    let built = build(b"user", b"m", false, unchanged);
    let to_itself = Delegation::new(&built.public_key, TIME_NS, None);
    assert_eq!(
        verify_delegation(&to_itself, &built.signature, &built.public_key, &built.root, 0, None, None),
        Err(DelegationError::SelfDelegation)
    );
    // An empty list of targets allows no target.
    let none_allowed = Delegation::new(session_key, TIME_NS, Some(&[]));
    assert_eq!(
        verify_delegation(&none_allowed, &[], &[], &[], 0, Some(a), None),
        Err(DelegationError::TargetNotAllowed)
    );
    // A thousand targets are allowed (the signature is checked next, and fails here).
    let thousand: Vec<&[u8]> = vec![a; 1_000];
    let d = Delegation::new(session_key, TIME_NS, Some(&thousand));
    assert!(matches!(verify_delegation(&d, &[], &[], &[], 0, Some(a), None), Err(DelegationError::Signature(_))));
    let many: Vec<&[u8]> = vec![a; 1_001];
    let d = Delegation::new(session_key, TIME_NS, Some(&many));
    assert_eq!(
        verify_delegation(&d, &[], &[], &[], 0, Some(a), None),
        Err(DelegationError::TooManyTargets { count: 1_001 })
    );
}
