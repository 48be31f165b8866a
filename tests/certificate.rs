//! IC certificate verification against mainnet certificates (the shared vectors from agent-rs's
//! tests), single-bit mutations of them, truncations, deep nesting and random inputs.

use icbls_testkit::certificates;
use icbls_testkit::library as common;

use certificates::{delegated_certificate, key, leb128, Tree};
use common::Rng;
use icbls::certificate::{
    read_state_response_certificate, verify_certificate, Certificate, CertificateError, DelegationCache, Freshness,
    HashTree, LookupResult, Target, Within, MAX_PRINCIPAL_BYTES,
};
use std::time::Instant;

/// A file of the family, its checksum checked. Each test that reads the family starts by
/// skipping when the public vectors are absent (`icbls_testkit::vectors::family`).
fn read(relative: &str) -> Vec<u8> {
    icbls_testkit::vectors::read(&format!("ic_certificates/{relative}")).expect("checked by the test")
}

struct Case {
    name: String,
    cert: Vec<u8>,
    root_key: Vec<u8>,
    canister: Option<Vec<u8>>,
    subnet: Option<Vec<u8>>,
    valid: bool,
    time_ns: u64,
}

impl Case {
    fn target(&self) -> Target<'_> {
        match (&self.canister, &self.subnet) {
            (Some(c), None) => Target::Canister(c),
            (None, Some(s)) => Target::Subnet(s),
            _ => panic!("{}: one of canister_id and subnet_id", self.name),
        }
    }
}

fn cases() -> Vec<Case> {
    let text = String::from_utf8(read("ic_certificates.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json.as_array()
        .unwrap()
        .iter()
        .map(|c| Case {
            name: c["name"].as_str().unwrap().to_string(),
            cert: hex::decode(c["certificate_hex"].as_str().unwrap()).unwrap(),
            root_key: hex::decode(c["root_key_hex"].as_str().unwrap()).unwrap(),
            canister: c.get("canister_id").and_then(|v| v.as_str()).map(certificates::principal_from_text),
            subnet: c.get("subnet_id").and_then(|v| v.as_str()).map(certificates::principal_from_text),
            valid: c["expected_valid"].as_bool().unwrap(),
            time_ns: c["expected_time_ns"].as_u64().unwrap(),
        })
        .collect()
}

fn case(name: &str) -> Case {
    cases().into_iter().find(|c| c.name == name).unwrap()
}

/// The error each invalid case must give, from its reason in the vectors' notes.
fn expected_error(name: &str) -> CertificateError {
    match name {
        "ivg37_time_wrong_canister" | "ivg37_delegated_v2_wrong_canister" | "224od_subnet_wrong_canister" => {
            CertificateError::CanisterNotInRange
        }
        "ivg37_time_pruned_ranges" | "ivg37_delegated_v2_pruned_subnet" => CertificateError::CanisterRangesNotFound,
        "uzr34_self_delegated_nested" => CertificateError::NestedDelegation,
        // The flipped last byte leaves x on the curve, but the point is outside G1.
        "ivg37_time_sig_bitflip" => CertificateError::SignatureEncoding {
            within: Within::Certificate,
            error: icbls::DecodeError::NotInSubgroup { what: "G1 compressed point" },
        },
        "ivg37_time_wrong_root_key" => CertificateError::BadSignature { within: Within::DelegationCertificate },
        other => panic!("no expected error for {other}"),
    }
}

#[test]
fn shared_vectors_give_their_verdicts() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let all = cases();
    assert_eq!(all.len(), 13);
    // PROVENANCE.md says 6 valid and 7 invalid; the file holds 5 valid and 8 invalid cases.
    assert_eq!(all.iter().filter(|c| c.valid).count(), 5);
    for c in &all {
        // The clock fixed to the certificate's own time, and five minutes allowed.
        let fresh = Some(Freshness::new(c.time_ns, 300_000_000_000));
        let got = verify_certificate(&c.cert, &c.root_key, c.target(), fresh);
        if c.valid {
            let v = got.unwrap_or_else(|e| panic!("{}: {e}", c.name));
            assert_eq!(v.time_ns(), c.time_ns, "{}", c.name);
            assert_eq!(
                v.lookup(&[b"time"]),
                Ok(LookupResult::Found(Certificate::decode(&c.cert).unwrap().tree.lookup(&[b"time"]).found().unwrap()))
            );
            assert!(v.delegation_subnet_id().is_some(), "{}: all vectors are delegated", c.name);
            if let Some(s) = &c.subnet {
                assert_eq!(v.delegation_subnet_id(), Some(&s[..]));
            }
        } else {
            assert_eq!(got.err(), Some(expected_error(&c.name)), "{}", c.name);
        }
        // Freshness: the same certificate a second too old, or a second too far ahead.
        let max_age_ns = 300_000_000_000;
        let late = Freshness::new(c.time_ns + max_age_ns + 1, max_age_ns);
        assert!(matches!(
            verify_certificate(&c.cert, &c.root_key, c.target(), Some(late)),
            Err(CertificateError::Stale { .. })
        ));
        let early = Freshness::new(c.time_ns - max_age_ns - 1, max_age_ns);
        assert!(matches!(
            verify_certificate(&c.cert, &c.root_key, c.target(), Some(early)),
            Err(CertificateError::FromFuture { .. })
        ));
        // Skipping the freshness check gives the same verdict.
        let skipped = verify_certificate(&c.cert, &c.root_key, c.target(), None);
        assert_eq!(skipped.is_ok(), c.valid, "{}", c.name);
    }
}

trait Found<'a> {
    fn found(self) -> Option<&'a [u8]>;
}

impl<'a> Found<'a> for LookupResult<'a> {
    fn found(self) -> Option<&'a [u8]> {
        match self {
            LookupResult::Found(v) => Some(v),
            _ => None,
        }
    }
}

#[test]
fn raw_read_state_responses_decode_and_verify() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let root = case("ivg37_time_valid").root_key;
    let ivg37 = certificates::principal_from_text("ivg37-qiaaa-aaaab-aaaga-cai");
    let c224od = certificates::principal_from_text("224od-giaaa-aaaao-ae5vq-cai");
    let o3ow2 = certificates::principal_from_text("o3ow2-2ipam-6fcjo-3j5vt-fzbge-2g7my-5fz2m-p4o2t-dwlc4-gt2q7-5ae");
    let uzr34 = certificates::principal_from_text("uzr34-akd3s-xrdag-3ql62-ocgoh-ld2ao-tamcv-54e7j-krwgb-2gm4z-oqe");
    let expected: &[(&str, Target<'_>, Result<(), CertificateError>)] = &[
        ("224od_subnet.bin", Target::Canister(&c224od), Ok(())),
        ("ivg37_delegated_v2.bin", Target::Canister(&ivg37), Ok(())),
        (
            "ivg37_delegated_v2_pruned_subnet.bin",
            Target::Canister(&ivg37),
            Err(CertificateError::CanisterRangesNotFound),
        ),
        ("ivg37_time.bin", Target::Canister(&ivg37), Ok(())),
        ("ivg37_time_pruned_ranges.bin", Target::Canister(&ivg37), Err(CertificateError::CanisterRangesNotFound)),
        ("o3ow2_subnet_key.bin", Target::Subnet(&o3ow2), Ok(())),
        ("uzr34_node_keys.bin", Target::Subnet(&uzr34), Ok(())),
    ];
    let mut seen = 0;
    for path in icbls_testkit::vectors::list("ic_certificates/agent-rs_raw_read_state_responses").unwrap() {
        let name = path.rsplit('/').next().unwrap().to_string();
        let (_, target, verdict) = expected.iter().find(|(n, ..)| *n == name).unwrap_or_else(|| panic!("{name}"));
        let body = icbls_testkit::vectors::read(&path).unwrap();
        let cert = read_state_response_certificate(&body).unwrap();
        let got = verify_certificate(cert, &root, *target, None).map(|_| ());
        assert_eq!(&got, verdict, "{name}");
        // The shared JSON cases hold the same certificates.
        let stem = name.trim_end_matches(".bin");
        if let Some(c) =
            cases().iter().find(|c| c.name.starts_with(stem) && (c.name.ends_with("_valid") || c.name == stem))
        {
            assert_eq!(c.cert, cert, "{name}");
        }
        seen += 1;
    }
    assert_eq!(seen, expected.len());
}

/// Byte ranges of a certificate: the outer signature, the delegation certificate, and the
/// delegation certificate's signature.
fn regions(cert: &[u8]) -> (std::ops::Range<usize>, std::ops::Range<usize>, std::ops::Range<usize>) {
    let at = |s: &[u8]| {
        let start = s.as_ptr() as usize - cert.as_ptr() as usize;
        start..start + s.len()
    };
    let c = Certificate::decode(cert).unwrap();
    let d = c.delegation.unwrap();
    let inner = Certificate::decode(d.certificate).unwrap();
    (at(c.signature), at(d.certificate), at(inner.signature))
}

#[test]
fn every_signature_bit_flip_is_rejected() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let c = case("ivg37_time_valid");
    let (sig, _, inner_sig) = regions(&c.cert);
    let mut n = 0;
    for range in [sig, inner_sig] {
        for i in range {
            for bit in 0..8 {
                let mut m = c.cert.clone();
                m[i] ^= 1 << bit;
                let got = verify_certificate(&m, &c.root_key, c.target(), None);
                assert!(
                    matches!(
                        got,
                        Err(CertificateError::BadSignature { .. } | CertificateError::SignatureEncoding { .. })
                    ),
                    "byte {i} bit {bit}: {got:?}"
                );
                n += 1;
            }
        }
    }
    assert_eq!(n, 2 * 48 * 8);
}

/// Every bit of the certificate outside the two signatures: the tree, the map keys and
/// headers, and the whole delegation (its subnet id, its certificate's tree). Each flip must
/// be rejected; most are rejected by decoding or lookups, the others by a BLS check.
#[test]
fn every_tree_and_delegation_bit_flip_is_rejected() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let c = case("ivg37_delegated_v2_valid");
    let (sig, _, inner_sig) = regions(&c.cert);
    let start = Instant::now();
    let (mut n, mut pairing) = (0, 0);
    for i in 0..c.cert.len() {
        if sig.contains(&i) || inner_sig.contains(&i) {
            continue;
        }
        for bit in 0..8 {
            let mut m = c.cert.clone();
            m[i] ^= 1 << bit;
            let got = verify_certificate(&m, &c.root_key, c.target(), None);
            if matches!(got, Err(CertificateError::BadSignature { .. })) {
                pairing += 1;
            }
            assert!(got.is_err(), "byte {i} bit {bit} accepted");
            n += 1;
        }
    }
    eprintln!(
        "{n} single-bit mutations of {} bytes rejected ({pairing} by a BLS check) in {:?}",
        c.cert.len() - 96,
        start.elapsed()
    );
}

#[test]
fn every_truncation_is_rejected() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    for name in ["ivg37_time_valid", "224od_subnet_valid"] {
        let c = case(name);
        for len in 0..c.cert.len() {
            let got = verify_certificate(&c.cert[..len], &c.root_key, c.target(), None);
            assert!(matches!(got, Err(CertificateError::Cbor { .. })), "{name} cut at {len}: {got:?}");
        }
        let mut longer = c.cert.clone();
        longer.push(0);
        assert!(matches!(
            verify_certificate(&longer, &c.root_key, c.target(), None),
            Err(CertificateError::Cbor { what: "trailing bytes after the data item", .. })
        ));
    }
}

/// `{"tree": <t>, "signature": h'00'}`, behind the self-describe tag.
fn certificate_with_tree(tree: &[u8]) -> Vec<u8> {
    let mut c = vec![0xd9, 0xd9, 0xf7, 0xa2, 0x64, b't', b'r', b'e', b'e'];
    c.extend(tree);
    c.extend([0x69, b's', b'i', b'g', b'n', b'a', b't', b'u', b'r', b'e', 0x41, 0x00]);
    c
}

#[test]
fn deep_nesting_is_rejected_cleanly() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let key = case("ivg37_time_valid").root_key;
    let target = Target::Canister(&[]);
    // 100,000 nested forks, labels, arrays; and a nested array as a map value.
    let forks: Vec<u8> = [0x83u8, 0x01].repeat(100_000);
    let labels: Vec<u8> = [0x83u8, 0x02, 0x40].repeat(100_000);
    let arrays = vec![0x81u8; 100_000];
    for (tree, tree_depth) in [(&forks, true), (&labels, true), (&arrays, false)] {
        let cert = certificate_with_tree(tree);
        let got = verify_certificate(&cert, &key, target, None);
        if tree_depth {
            assert!(matches!(got, Err(CertificateError::TreeDepth { within: Within::Certificate, .. })), "{got:?}");
        } else {
            assert!(matches!(got, Err(CertificateError::Cbor { .. })), "{got:?}");
        }
        assert!(HashTree::decode(tree).is_err());
    }
    // 100,000 nested maps and arrays as the value of an unknown key: skipped without a stack.
    let mut c = vec![0xa3, 0x61, b'x'];
    c.extend([0xa1u8, 0x60].repeat(50_000));
    c.extend(vec![0x81u8; 50_000]);
    c.push(0x00);
    c.extend(&certificate_with_tree(&[0x81, 0x00])[4..]);
    assert_eq!(
        verify_certificate(&c, &key, target, None).err(),
        Some(CertificateError::MissingTime { within: Within::Certificate, lookup: LookupResult::Absent })
    );
    // Nesting inside the delegation certificate.
    let mut d = vec![0xa3, 0x64, b't', b'r', b'e', b'e'];
    d.extend([0x83, 0x02, 0x44, b't', b'i', b'm', b'e', 0x82, 0x03, 0x41, 0x01]);
    d.extend([0x69, b's', b'i', b'g', b'n', b'a', b't', b'u', b'r', b'e', 0x58, 48]);
    let valid = case("ivg37_time_valid").cert;
    let sig = Certificate::decode(&valid).unwrap().signature.to_vec();
    d.extend(&sig);
    let inner = certificate_with_tree(&forks);
    d.extend([0x6a, b'd', b'e', b'l', b'e', b'g', b'a', b't', b'i', b'o', b'n', 0xa2]);
    d.extend([0x69, b's', b'u', b'b', b'n', b'e', b't', b'_', b'i', b'd', 0x41, 0x00]);
    d.extend([0x6b, b'c', b'e', b'r', b't', b'i', b'f', b'i', b'c', b'a', b't', b'e', 0x5a]);
    d.extend((inner.len() as u32).to_be_bytes());
    d.extend(&inner);
    assert!(matches!(
        verify_certificate(&d, &key, target, None),
        Err(CertificateError::TreeDepth { within: Within::DelegationCertificate, .. })
    ));
}

fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + rng.next_u64() % 3 {
        if v.is_empty() {
            break;
        }
        let i = rng.next_u64() as usize % v.len();
        match rng.next_u64() % 5 {
            0 => v[i] ^= 1 << (rng.next_u64() % 8),
            1 => v[i] = rng.next_u64() as u8,
            2 => v.truncate(i),
            3 => {
                let b = rng.next_u64() as u8;
                v.insert(i, b);
            }
            _ => {
                v.remove(i);
            }
        }
    }
    v
}

/// Random bytes, and mutated certificates and trees: never a panic, never accepted.
#[test]
fn random_and_mutated_inputs_never_panic() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let mut rng = Rng::new(7);
    let valid = cases().into_iter().filter(|c| c.valid).collect::<Vec<_>>();
    let key = &valid[0].root_key;
    let target = Target::Canister(&[0, 0, 0, 0, 0, 0x30, 0, 0x01, 0x01, 0x01]);
    let mut accepted = 0;
    for i in 0..3000 {
        let input = if i % 3 == 0 {
            let mut v = vec![0u8; (rng.next_u64() % 200) as usize];
            rng.fill(&mut v);
            // Some start like a certificate.
            if i % 2 == 0 && v.len() > 4 {
                v[..4].copy_from_slice(&[0xd9, 0xd9, 0xf7, 0xa3]);
            }
            v
        } else {
            mutate(&mut rng, &valid[i % valid.len()].cert)
        };
        let _ = Certificate::decode(&input);
        let _ = HashTree::decode(&input);
        let _ = read_state_response_certificate(&input);
        // Full verification only where decoding succeeds (the BLS checks are slow).
        if Certificate::decode(&input).is_ok() && verify_certificate(&input, key, target, None).is_ok() {
            accepted += 1;
        }
    }
    assert_eq!(accepted, 0);
}

#[test]
fn native_verification_time() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    for name in ["ivg37_time_valid", "224od_subnet_valid"] {
        let c = case(name);
        let start = Instant::now();
        let runs = 5;
        for _ in 0..runs {
            verify_certificate(&c.cert, &c.root_key, c.target(), None).unwrap();
        }
        eprintln!("{name}: {:?} per verification ({} bytes)", start.elapsed() / runs, c.cert.len());
    }
}

/// Every path of `tree` (labels down to a leaf), iteratively.
fn leaf_paths<'a>(tree: &HashTree<'a>) -> Vec<Vec<&'a [u8]>> {
    let mut out = Vec::new();
    let mut stack = vec![(Vec::new(), tree.root())];
    while let Some((path, node)) = stack.pop() {
        if node.leaf().is_some() {
            out.push(path.clone());
        }
        for (label, child) in node.children() {
            let mut p = path.clone();
            p.push(label);
            stack.push((p, child));
        }
    }
    out
}

/// The same root hashes and lookups as dfinity's `ic-certification` (decoded with serde_cbor),
/// on every tree of the vectors (outer and delegation certificates): all leaf paths, their
/// prefixes, and neighbours of every label (one byte more, the last byte changed).
#[test]
fn same_answers_as_ic_certification() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    type Theirs = ic_certification::Certificate;
    let mut trees = 0;
    let mut lookups = 0;
    for c in cases() {
        let ours = Certificate::decode(&c.cert).unwrap();
        let theirs: Theirs = serde_cbor::from_slice(&c.cert).unwrap();
        let mut pairs = vec![(ours.tree.clone(), theirs.tree.clone())];
        if let (Some(d), Some(td)) = (&ours.delegation, &theirs.delegation) {
            assert_eq!(d.subnet_id, &td.subnet_id[..]);
            let inner = Certificate::decode(d.certificate).unwrap();
            match serde_cbor::from_slice::<Theirs>(&td.certificate) {
                Ok(theirs_inner) => pairs.push((inner.tree, theirs_inner.tree)),
                // ic-certification 3.2 rejects `"delegation": null`, which one delegation
                // certificate of the vectors has; we read it as no delegation.
                Err(_) => {
                    assert!(d.certificate.ends_with(b"\x6adelegation\xf6"), "{}", c.name);
                    let theirs_tree: ic_certification::HashTree =
                        serde_cbor::from_slice(tree_bytes(d.certificate)).unwrap();
                    pairs.push((inner.tree, theirs_tree));
                }
            }
        }
        for (ours, theirs) in pairs {
            trees += 1;
            assert_eq!(ours.root_hash(), theirs.digest(), "{}", c.name);
            let mut paths = Vec::new();
            for p in leaf_paths(&ours) {
                for k in 0..=p.len() {
                    paths.push(p[..k].iter().map(|l| l.to_vec()).collect::<Vec<_>>());
                }
                for k in 0..p.len() {
                    let mut longer: Vec<Vec<u8>> = p.iter().map(|l| l.to_vec()).collect();
                    longer[k].push(0);
                    paths.push(longer.clone());
                    if let Some(last) = longer[k].iter_mut().rev().nth(1) {
                        *last = last.wrapping_add(1);
                    }
                    paths.push(longer);
                }
                let mut deeper: Vec<Vec<u8>> = p.iter().map(|l| l.to_vec()).collect();
                deeper.push(b"x".to_vec());
                paths.push(deeper);
            }
            for p in &paths {
                use ic_certification::LookupResult as L;
                let want = match theirs.lookup_path(p) {
                    L::Found(v) => LookupResult::Found(v),
                    L::Absent => LookupResult::Absent,
                    L::Unknown => LookupResult::Unknown,
                    L::Error => LookupResult::Error,
                };
                assert_eq!(ours.lookup(p), want, "{}: {p:02x?}", c.name);
                lookups += 1;
            }
        }
    }
    eprintln!("{trees} trees, {lookups} lookups compared with ic-certification");
    assert!(lookups > 1000);
}

/// The bytes of a certificate's tree: from after the "tree" key, as long as decodes.
fn tree_bytes(cert: &[u8]) -> &[u8] {
    let at = cert.windows(5).position(|w| w == b"dtree").unwrap() + 5;
    let len = (0..=cert.len() - at).find(|&n| HashTree::decode(&cert[at..at + n]).is_ok()).unwrap();
    &cert[at..at + len]
}

/// Root hashes of mutated trees agree with `ic-certification` wherever both decode.
#[test]
fn mutated_tree_hashes_agree_with_ic_certification() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let mut rng = Rng::new(11);
    let mut compared = 0;
    for c in cases() {
        let cert = Certificate::decode(&c.cert).unwrap();
        let tree = tree_bytes(&c.cert);
        assert_eq!(HashTree::decode(tree).unwrap(), cert.tree);
        for _ in 0..400 {
            let m = mutate(&mut rng, tree);
            let theirs: Result<ic_certification::HashTree, _> = serde_cbor::from_slice(&m);
            match (HashTree::decode(&m), theirs) {
                (Ok(ours), Ok(theirs)) => {
                    assert_eq!(ours.root_hash(), theirs.digest());
                    compared += 1;
                }
                (Ok(_), Err(e)) => panic!("{}: we decode a tree serde_cbor rejects: {e}", c.name),
                _ => {}
            }
        }
    }
    eprintln!("{compared} mutated trees compared");
    assert!(compared > 500);
}

/// A canister id (class 0x01, "opaque") and a second one outside its one-canister range.
const CANISTER: &[u8] = &[0, 0, 0, 0, 0, 0x30, 0, 0x01, 0x01, 0x01];
const OTHER_CANISTER: &[u8] = &[0, 0, 0, 0, 0, 0x30, 0, 0x02, 0x01, 0x01];
const TIME_NS: u64 = 1_700_000_000_000_000_000;

/// A state tree with `/time` and the certified data of both canisters.
fn two_canisters_tree() -> Tree {
    Tree::new()
        .insert(&[b"canister", CANISTER, b"certified_data"], b"mine")
        .insert(&[b"canister", OTHER_CANISTER, b"certified_data"], b"not mine")
        .insert(&[b"time"], &leb128(TIME_NS))
}

/// The delegation's `subnet_id` is a principal, at most 29 bytes: a certificate with a 30-byte
/// subnet id, correctly signed under the caller's root key, is refused when it is decoded
/// (canisters turn the id into a principal type that may panic on it). The same certificate
/// with a 29-byte id verifies, so nothing else is wrong with it.
#[test]
fn delegation_subnet_id_longer_than_a_principal_is_rejected() {
    let (root, subnet) = (key(1), key(2));
    let root_key = certificates::raw_key(&root);
    let range: &[(&[u8], &[u8])] = &[(CANISTER, CANISTER)];
    let tree = two_canisters_tree();
    let ok_id = vec![0xab; MAX_PRINCIPAL_BYTES];
    let ok = delegated_certificate(&root, &subnet, &ok_id, range, &tree, TIME_NS);
    let v = verify_certificate(&ok, &root_key, Target::Canister(CANISTER), Some(Freshness::new(TIME_NS, 0))).unwrap();
    assert_eq!(v.delegation_subnet_id(), Some(&ok_id[..]));
    assert!(verify_certificate(&ok, &root_key, Target::Subnet(&ok_id), None).is_ok());

    let long_id = vec![0xab; MAX_PRINCIPAL_BYTES + 1];
    let long = delegated_certificate(&root, &subnet, &long_id, range, &tree, TIME_NS);
    let too_long =
        CertificateError::FieldTooLong { within: Within::Certificate, field: "delegation.subnet_id", len: 30, max: 29 };
    assert_eq!(Certificate::decode(&long).err(), Some(too_long));
    for target in [Target::Canister(CANISTER), Target::Subnet(&long_id[..29])] {
        assert_eq!(verify_certificate(&long, &root_key, target, None).err(), Some(too_long));
    }
    assert_eq!(too_long.to_string(), "certificate: field delegation.subnet_id has 30 bytes, more than the 29 allowed");
    // The target is a principal too.
    assert_eq!(
        verify_certificate(&long, &root_key, Target::Subnet(&long_id), None).err(),
        Some(CertificateError::TargetTooLong { len: 30 })
    );
    assert_eq!(
        verify_certificate(&ok, &root_key, Target::Canister(&[1; 30]), None).err(),
        Some(CertificateError::TargetTooLong { len: 30 })
    );
}

/// A certificate verified for a canister answers `/canister/<id>/...` for that canister only:
/// the range check covered it alone. The other canister's certified data is in the signed
/// tree, but the subnet has no authority over it.
#[test]
fn lookups_under_another_canister_are_refused() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let (root, subnet) = (key(1), key(2));
    let root_key = certificates::raw_key(&root);
    let subnet_id = [7u8; 29];
    let cert =
        delegated_certificate(&root, &subnet, &subnet_id, &[(CANISTER, CANISTER)], &two_canisters_tree(), TIME_NS);
    // The range check refuses the other canister as a target ...
    assert_eq!(
        verify_certificate(&cert, &root_key, Target::Canister(OTHER_CANISTER), None).err(),
        Some(CertificateError::CanisterNotInRange)
    );
    // ... and the lookups refuse it as a path.
    let v = verify_certificate(&cert, &root_key, Target::Canister(CANISTER), None).unwrap();
    assert_eq!(v.lookup(&[b"canister", CANISTER, b"certified_data"]), Ok(LookupResult::Found(b"mine")));
    assert_eq!(v.lookup(&[b"canister", CANISTER, b"module_hash"]), Ok(LookupResult::Absent));
    assert_eq!(v.lookup(&[b"canister", CANISTER]), Ok(LookupResult::Error));
    assert_eq!(v.lookup(&[b"canister".as_slice()]), Ok(LookupResult::Error));
    assert_eq!(v.lookup(&[b"time"]), Ok(LookupResult::Found(&leb128(TIME_NS)[..])));
    for path in [
        &[b"canister".as_slice(), OTHER_CANISTER, b"certified_data"][..],
        &[b"canister", OTHER_CANISTER, b"module_hash"],
        &[b"canister", OTHER_CANISTER],
        &[b"canister", &CANISTER[..9]],
        &[b"canister", b""],
    ] {
        assert_eq!(v.lookup(path), Err(CertificateError::LookupOtherCanister), "{path:02x?}");
    }
    // The tree itself still answers, unchecked.
    assert_eq!(v.tree().lookup(&[b"canister", OTHER_CANISTER, b"certified_data"]), LookupResult::Found(b"not mine"));

    // A certificate signed by the root key itself (no delegation) speaks for any target, but
    // its lookups too are held to the canister it was verified for.
    let root_signed = certificates::certificate(&root, &two_canisters_tree(), None);
    let v = verify_certificate(&root_signed, &root_key, Target::Canister(CANISTER), None).unwrap();
    assert_eq!(v.lookup(&[b"canister", CANISTER, b"certified_data"]), Ok(LookupResult::Found(b"mine")));
    assert_eq!(v.lookup(&[b"canister", OTHER_CANISTER, b"certified_data"]), Err(CertificateError::LookupOtherCanister));

    // A mainnet certificate: its own canister's paths are answered, another's are not.
    let c = case("ivg37_time_valid");
    let v = verify_certificate(&c.cert, &c.root_key, c.target(), None).unwrap();
    let ivg37 = c.canister.clone().unwrap();
    assert!(v.lookup(&[b"canister".as_slice(), &ivg37, b"certified_data"]).is_ok());
    let mut other = ivg37.clone();
    *other.last_mut().unwrap() ^= 1;
    assert_eq!(
        v.lookup(&[b"canister".as_slice(), &other, b"certified_data"]),
        Err(CertificateError::LookupOtherCanister)
    );
}

/// A subnet's own certificate speaks for no canister: every `/canister/<id>/...` lookup is
/// refused, inside the subnet's ranges or not; subnet paths and `/time` are answered.
#[test]
fn subnet_certificates_refuse_canister_lookups() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let (root, subnet) = (key(1), key(2));
    let root_key = certificates::raw_key(&root);
    let subnet_id = [7u8; 10];
    let tree = two_canisters_tree().insert(&[b"subnet", &subnet_id, b"metrics"], b"m");
    let cert = delegated_certificate(&root, &subnet, &subnet_id, &[(CANISTER, CANISTER)], &tree, TIME_NS);
    let v = verify_certificate(&cert, &root_key, Target::Subnet(&subnet_id), None).unwrap();
    for id in [CANISTER, OTHER_CANISTER] {
        assert_eq!(
            v.lookup(&[b"canister", id, b"certified_data"]),
            Err(CertificateError::LookupCanisterInSubnetCertificate)
        );
    }
    assert_eq!(v.lookup(&[b"subnet".as_slice(), &subnet_id, b"metrics"]), Ok(LookupResult::Found(b"m")));
    assert_eq!(v.lookup(&[b"time"]), Ok(LookupResult::Found(&leb128(TIME_NS)[..])));
    // What the delegated subnet says of another subnet is refused (see the next test).
    assert_eq!(v.lookup(&[b"subnet".as_slice(), &[8u8; 10], b"metrics"]), Err(CertificateError::LookupOtherSubnet));
    // Mainnet subnet certificates.
    for name in ["o3ow2_subnet_key.bin", "uzr34_node_keys.bin"] {
        let body = read(&format!("agent-rs_raw_read_state_responses/{name}"));
        let cert = read_state_response_certificate(&body).unwrap();
        let subnet = Certificate::decode(cert).unwrap().delegation.unwrap().subnet_id;
        let root = case("ivg37_time_valid").root_key;
        let v = verify_certificate(cert, &root, Target::Subnet(subnet), None).unwrap();
        assert_eq!(
            v.lookup(&[
                b"canister".as_slice(),
                &certificates::principal_from_text("ivg37-qiaaa-aaaab-aaaga-cai"),
                b"module_hash"
            ]),
            Err(CertificateError::LookupCanisterInSubnetCertificate),
            "{name}"
        );
        assert!(matches!(v.lookup(&[b"time"]), Ok(LookupResult::Found(_))), "{name}");
    }
}

/// Issue 35, item 3: a subnet's state tree may say anything of another subnet, and a
/// certificate signed through a delegation carries only the delegated subnet's word. Its
/// `/subnet/<id>/...` and `/canister_ranges/<id>/...` lookups for another subnet were answered
/// `Found` (a compromised subnet could assert another subnet's key or ranges to a consumer
/// that trusts the lookup); they are refused, in canister and subnet certificates, while the
/// delegated subnet's own paths are answered, and a root-signed certificate (the NNS speaks for
/// every subnet) answers all of them.
#[test]
fn delegated_certificates_speak_for_their_own_subnet_only() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let (root, subnet) = (key(1), key(2));
    let root_key = certificates::raw_key(&root);
    let (own, other) = ([7u8; 10], [8u8; 10]);
    let mut tree = two_canisters_tree();
    for id in [&own, &other] {
        tree = tree
            .insert(&[b"subnet", id, b"public_key"], b"key")
            .insert(&[b"subnet", id, b"canister_ranges"], b"ranges")
            .insert(&[b"canister_ranges", id, b"shard"], b"ranges");
    }
    let cert = delegated_certificate(&root, &subnet, &own, &[(CANISTER, CANISTER)], &tree, TIME_NS);
    let root_signed = certificates::certificate(&root, &tree, None);
    for (target, name) in [(Target::Canister(CANISTER), "canister"), (Target::Subnet(&own), "subnet")] {
        let v = verify_certificate(&cert, &root_key, target, None).unwrap();
        let r = verify_certificate(&root_signed, &root_key, target, None).unwrap();
        for path in [
            &[b"subnet".as_slice(), b"", b"public_key"][..],
            &[b"subnet", b"", b"canister_ranges"],
            &[b"canister_ranges", b"", b"shard"],
            &[b"subnet", b""],
        ] {
            let with = |id: &[u8]| -> Vec<Vec<u8>> {
                path.iter().enumerate().map(|(i, l)| if i == 1 { id.to_vec() } else { l.to_vec() }).collect()
            };
            assert!(v.lookup(&with(&own)).is_ok(), "{name}: {path:02x?}");
            assert_eq!(v.lookup(&with(&other)), Err(CertificateError::LookupOtherSubnet), "{name}: {path:02x?}");
            assert_eq!(v.lookup(&with(&own[..9])), Err(CertificateError::LookupOtherSubnet), "{name}");
            // Signed by the root itself, every subnet's paths are answered.
            assert_eq!(r.lookup(&with(&other)), Ok(r.tree().lookup(&with(&other))), "{name}: {path:02x?}");
        }
        assert_eq!(
            v.lookup(&[b"subnet".as_slice(), &other, b"public_key"]).err(),
            Some(CertificateError::LookupOtherSubnet)
        );
        assert_eq!(r.lookup(&[b"subnet".as_slice(), &other, b"public_key"]), Ok(LookupResult::Found(b"key")));
        // One label names no subnet: answered as it is.
        assert_eq!(v.lookup(&[b"subnet"]), Ok(LookupResult::Error));
    }
    // A mainnet certificate with a delegation: its own subnet's key is answered, another's not.
    let c = case("ivg37_time_valid");
    let own = Certificate::decode(&c.cert).unwrap().delegation.unwrap().subnet_id.to_vec();
    let v = verify_certificate(&c.cert, &c.root_key, c.target(), None).unwrap();
    assert_eq!(v.delegation_subnet_id(), Some(&own[..]));
    let mut other = own.clone();
    *other.last_mut().unwrap() ^= 1;
    assert!(v.lookup(&[b"subnet".as_slice(), &own, b"public_key"]).is_ok());
    assert_eq!(v.lookup(&[b"subnet".as_slice(), &other, b"public_key"]), Err(CertificateError::LookupOtherSubnet));
}

/// The `/time` of a tree, as a number.
fn tree_time(tree: &HashTree<'_>) -> u64 {
    let leb = tree.lookup(&[b"time"]).found().unwrap();
    leb.iter().enumerate().fold(0, |t, (i, b)| t | u64::from(b & 0x7f) << (7 * i))
}

/// `delegation_max_age_ns` holds the delegation's own `/time` to a window around now, on a
/// mainnet certificate with the clock fixed to the certificate's time.
#[test]
fn delegation_max_age_is_checked_against_the_delegation_time() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let c = case("ivg37_time_valid");
    let cert = Certificate::decode(&c.cert).unwrap();
    let delegation_time = tree_time(&Certificate::decode(cert.delegation.unwrap().certificate).unwrap().tree);
    assert!(delegation_time < c.time_ns);
    let age = c.time_ns - delegation_time;
    let fresh = Freshness::new(c.time_ns, 300_000_000_000);
    // Not checked unless asked for.
    assert!(verify_certificate(&c.cert, &c.root_key, c.target(), Some(fresh)).is_ok());
    assert!(verify_certificate(&c.cert, &c.root_key, c.target(), Some(fresh.with_delegation_max_age(age))).is_ok());
    assert_eq!(
        verify_certificate(&c.cert, &c.root_key, c.target(), Some(fresh.with_delegation_max_age(age - 1))).err(),
        Some(CertificateError::DelegationStale { time_ns: delegation_time, now_ns: c.time_ns, max_age_ns: age - 1 })
    );
    // A clock behind the delegation: from the future (the outer window allows it).
    let behind = Freshness::new(delegation_time - 10, age + 10).with_delegation_max_age(9);
    assert_eq!(
        verify_certificate(&c.cert, &c.root_key, c.target(), Some(behind)).err(),
        Some(CertificateError::DelegationFromFuture {
            time_ns: delegation_time,
            now_ns: delegation_time - 10,
            max_age_ns: 9
        })
    );
    assert!(verify_certificate(&c.cert, &c.root_key, c.target(), Some(behind.with_delegation_max_age(10))).is_ok());

    // A delegation certificate without `/time` fails the check when it is asked for.
    let (root, subnet) = (key(1), key(2));
    let root_key = certificates::raw_key(&root);
    let subnet_id = [7u8; 10];
    let inner = certificates::certificate(
        &root,
        &Tree::new().insert(&[b"subnet", &subnet_id, b"public_key"], &certificates::der_key(&subnet)),
        None,
    );
    let outer = certificates::certificate(&subnet, &two_canisters_tree(), Some((&subnet_id, &inner)));
    let target = Target::Subnet(&subnet_id);
    assert!(verify_certificate(&outer, &root_key, target, Some(Freshness::new(TIME_NS, 0))).is_ok());
    assert_eq!(
        verify_certificate(
            &outer,
            &root_key,
            target,
            Some(Freshness::new(TIME_NS, 0).with_delegation_max_age(u64::MAX))
        )
        .err(),
        Some(CertificateError::MissingTime { within: Within::DelegationCertificate, lookup: LookupResult::Absent })
    );
    // A certificate without a delegation has no delegation time to check.
    let root_signed = certificates::certificate(&root, &two_canisters_tree(), None);
    let strict = Freshness::new(TIME_NS, 0).with_delegation_max_age(0);
    assert!(verify_certificate(&root_signed, &root_key, Target::Canister(CANISTER), Some(strict)).is_ok());
}

/// A `DelegationCache` answers as `verify_certificate` does: every vector twice through one
/// cache (the second time with its delegation remembered), and the certificate's own signature
/// still checked when its delegation is remembered.
#[test]
fn a_delegation_cache_gives_the_same_answers() {
    if icbls_testkit::vectors::family("ic_certificates").is_none() {
        return;
    }
    let mut cache = DelegationCache::new(4);
    for round in 0..2 {
        for c in &cases() {
            let fresh = Some(Freshness::new(c.time_ns, 300_000_000_000));
            let plain = verify_certificate(&c.cert, &c.root_key, c.target(), fresh);
            let cached = cache.verify_certificate(&c.cert, &c.root_key, c.target(), fresh);
            assert_eq!(cached, plain, "{} (round {round})", c.name);
        }
    }
    assert_eq!(cache.len(), 4, "the valid vectors' delegations, the oldest forgotten");

    // The signature bits of a certificate whose delegation is remembered.
    let c = case("ivg37_time_valid");
    let mut cache = DelegationCache::default();
    assert!(cache.verify_certificate(&c.cert, &c.root_key, c.target(), None).is_ok());
    assert_eq!(cache.len(), 1);
    let (sig, _, _) = regions(&c.cert);
    for i in sig {
        let mut m = c.cert.clone();
        m[i] ^= 0x10;
        let got = cache.verify_certificate(&m, &c.root_key, c.target(), None);
        assert_eq!(got, verify_certificate(&m, &c.root_key, c.target(), None), "byte {i}");
        assert!(got.is_err());
    }
    // Another root key is another delegation: checked, and refused.
    let other_root = case("ivg37_time_wrong_root_key");
    assert_eq!(
        cache.verify_certificate(&c.cert, &other_root.root_key, c.target(), None).err(),
        Some(CertificateError::BadSignature { within: Within::DelegationCertificate })
    );
    // Another canister of the remembered subnet is still checked against its ranges.
    let elsewhere = case("ivg37_time_wrong_canister");
    assert_eq!(
        cache.verify_certificate(&elsewhere.cert, &elsewhere.root_key, elsewhere.target(), None).err(),
        Some(CertificateError::CanisterNotInRange)
    );
    // A cache of no delegations remembers none.
    let mut none = DelegationCache::new(0);
    assert!(none.verify_certificate(&c.cert, &c.root_key, c.target(), None).is_ok());
    assert!(none.is_empty());
    cache.clear();
    assert!(cache.is_empty());
}

/// Delegations built here: a certificate signed by the subnet with a bad signature, after its
/// delegation is remembered, and a second certificate of the same subnet.
#[test]
fn a_remembered_delegation_serves_other_certificates_of_its_subnet() {
    let (root, subnet) = (key(1), key(2));
    let canister: &[u8] = &[0, 0, 0, 0, 0, 0x30, 0, 1, 1, 1];
    let subnet_id: &[u8] = &[0x2f; 29];
    let delegation = certificates::delegation_certificate(&root, &subnet, subnet_id, &[(canister, canister)], 5);
    let first = Tree::new().insert(&[b"time"], &leb128(5));
    let second = Tree::new().insert(&[b"time"], &leb128(6)).insert(&[b"canister", canister, b"x"], b"y");
    let cert = |tree: &Tree, key| certificates::certificate(key, tree, Some((subnet_id, &delegation)));
    let root_raw = certificates::raw_key(&root);
    let mut cache = DelegationCache::default();
    let target = Target::Canister(canister);
    assert_eq!(cache.verify_certificate(&cert(&first, &subnet), &root_raw, target, None).unwrap().time_ns(), 5);
    let second_cert = cert(&second, &subnet);
    let v = cache.verify_certificate(&second_cert, &root_raw, target, None).unwrap();
    assert_eq!((v.time_ns(), v.lookup(&[b"canister".as_slice(), canister, b"x"])), (6, Ok(LookupResult::Found(b"y"))));
    assert_eq!(cache.len(), 1);
    // Signed by another key than the remembered subnet's: refused as without the cache.
    let forged = cert(&second, &key(3));
    assert_eq!(
        cache.verify_certificate(&forged, &root_raw, target, None).err(),
        Some(CertificateError::BadSignature { within: Within::Certificate })
    );
}
