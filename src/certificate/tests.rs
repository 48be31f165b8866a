use super::*;
use alloc::vec;
use alloc::vec::Vec;

// The interface specification's example ("Certification", "Example"): the full tree and the
// tree pruned to /a/y, /ax and /d, with their shared root hash.
const FULL: &str = "8301830183024161830183018302417882034568656c6c6f810083024179820345776f726c6483024162820344676f6f648301830241638100830241648203476d6f726e696e67";
const PRUNED: &str = "83018301830241618301820458201b4feff9bef8131788b0c9dc6dbad6e81e524249c879e9f10f71ce3749f5a63883024179820345776f726c6483024162820458207b32ac0c6ba8ce35ac82c255fc7906f7fc130dab2a090f80fe12f9c2cae83ba6830182045820ec8324b8a1f1ac16bd2e806edba78006479c9877fed4eb464a25485465af601d830241648203476d6f726e696e67";
const ROOT: &str = "eb5c5b2195e62d996b84c9bcc8259d19a83786a2f59e0878cec84c811f669aa0";

#[test]
fn spec_example_root_hash() {
    for t in [FULL, PRUNED] {
        let bytes = hex::decode(t).unwrap();
        let tree = HashTree::decode(&bytes).unwrap();
        assert_eq!(tree.root_hash().to_vec(), hex::decode(ROOT).unwrap());
    }
}

#[test]
fn the_empty_nodes_hash_is_sha256_of_its_domain() {
    use sha2::{Digest, Sha256};
    let computed: [u8; 32] = Sha256::digest(b"\x11ic-hashtree-empty").into();
    assert_eq!(tree::EMPTY_HASH, computed);
    assert_eq!(HashTree::decode(&[0x81, 0x00]).unwrap().root_hash(), computed);
}

#[test]
fn spec_example_lookups_in_the_pruned_tree() {
    let bytes = hex::decode(PRUNED).unwrap();
    let tree = HashTree::decode(&bytes).unwrap();
    assert_eq!(tree.lookup(&[b"a", b"a"]), LookupResult::Unknown);
    assert_eq!(tree.lookup(&[b"a", b"y"]), LookupResult::Found(b"world"));
    assert_eq!(tree.lookup(&[b"aa"]), LookupResult::Absent);
    assert_eq!(tree.lookup(&[b"ax"]), LookupResult::Absent);
    assert_eq!(tree.lookup(&[b"b"]), LookupResult::Unknown);
    assert_eq!(tree.lookup(&[b"bb"]), LookupResult::Unknown);
    assert_eq!(tree.lookup(&[b"d"]), LookupResult::Found(b"morning"));
    assert_eq!(tree.lookup(&[b"e"]), LookupResult::Absent);
}

#[test]
fn lookups_in_the_full_tree() {
    let bytes = hex::decode(FULL).unwrap();
    let tree = HashTree::decode(&bytes).unwrap();
    assert_eq!(tree.lookup(&[b"a", b"x"]), LookupResult::Found(b"hello"));
    assert_eq!(tree.lookup(&[b"a", b"y"]), LookupResult::Found(b"world"));
    assert_eq!(tree.lookup(&[b"b"]), LookupResult::Found(b"good"));
    assert_eq!(tree.lookup(&[b"c"]), LookupResult::Absent); // Labeled "c" Empty
    assert_eq!(tree.lookup(&[b"a"]), LookupResult::Error); // an inner node
    assert_eq!(tree.lookup::<&[u8]>(&[]), LookupResult::Error);
    assert_eq!(tree.lookup(&[b"a", b"z"]), LookupResult::Absent);
    assert_eq!(tree.lookup(&[b"b", b"x"]), LookupResult::Absent); // into a leaf: [Leaf] is Absent
    assert_eq!(tree.lookup(&[b"0"]), LookupResult::Absent); // before the first label
    let labels: Vec<&[u8]> = tree.root().children().map(|(l, _)| l).collect();
    assert_eq!(labels, vec![&b"a"[..], b"b", b"c", b"d"]);
    match tree.root().lookup_subtree(&[b"a"]) {
        SubtreeLookup::Found(a) => {
            let labels: Vec<&[u8]> = a.children().map(|(l, _)| l).collect();
            assert_eq!(labels, vec![&b"x"[..], b"y"]);
            assert!(!a.has_pruned());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn find_label_clauses() {
    // [Labeled "b" Leaf, Pruned, Labeled "d" Leaf]: "c" is between a label and a pruned node.
    let mut t = vec![0x83, 0x01, 0x83, 0x02, 0x41, b'b', 0x82, 0x03, 0x40, 0x83, 0x01, 0x82, 0x04, 0x58, 0x20];
    t.extend([7u8; 32]);
    t.extend([0x83, 0x02, 0x41, b'd', 0x82, 0x03, 0x40]);
    let tree = HashTree::decode(&t).unwrap();
    assert_eq!(tree.lookup(&[b"c"]), LookupResult::Unknown);
    assert_eq!(tree.lookup(&[b"a"]), LookupResult::Absent);
    assert_eq!(tree.lookup(&[b"e"]), LookupResult::Absent);
    assert_eq!(tree.lookup(&[b"d"]), LookupResult::Found(b""));
    // A lone pruned node, a lone leaf and an empty tree.
    let mut p = vec![0x82, 0x04, 0x58, 0x20];
    p.extend([1u8; 32]);
    assert_eq!(HashTree::decode(&p).unwrap().lookup(&[b"x"]), LookupResult::Unknown);
    assert_eq!(HashTree::decode(&p).unwrap().lookup::<&[u8]>(&[]), LookupResult::Unknown);
    assert_eq!(HashTree::decode(&[0x82, 0x03, 0x41, 9]).unwrap().lookup(&[b"x"]), LookupResult::Absent);
    assert_eq!(HashTree::decode(&[0x82, 0x03, 0x41, 9]).unwrap().lookup::<&[u8]>(&[]), LookupResult::Found(&[9]));
    assert_eq!(HashTree::decode(&[0x81, 0x00]).unwrap().lookup(&[b"x"]), LookupResult::Absent);
    assert_eq!(HashTree::decode(&[0x81, 0x00]).unwrap().lookup::<&[u8]>(&[]), LookupResult::Absent);
}

#[test]
fn malformed_trees_are_rejected() {
    let cases: &[&[u8]] = &[
        &[],
        &[0x80],                                                             // empty array
        &[0x81, 0x05],                                                       // unknown tag
        &[0x82, 0x00, 0x00],                                                 // Empty with an element
        &[0x82, 0x04, 0x41, 0x00],                                           // pruned hash of 1 byte
        &[0x82, 0x03, 0x61, 0x61],                                           // leaf as text
        &[0x9f, 0x00, 0xff],                                                 // indefinite array
        &[0x82, 0x03, 0x5f, 0xff],                                           // indefinite bytes
        &[0x81, 0x00, 0x00],                                                 // trailing byte
        &[0x82, 0x03, 0x5b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], // huge length
        &[0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],             // huge array
        &[0x81, 0x1c],                                                       // reserved additional information
        &[0x83, 0x01, 0x81, 0x00],                                           // fork missing its right child
    ];
    for c in cases {
        assert!(matches!(HashTree::decode(c), Err(CertificateError::Cbor { .. })), "{c:02x?}");
    }
}

#[test]
fn deep_trees_are_rejected_without_recursion() {
    // 100,000 nested forks: [1, [1, [1, ... ]]].
    let mut t = Vec::new();
    for _ in 0..100_000 {
        t.extend([0x83, 0x01]);
    }
    assert!(matches!(HashTree::decode(&t), Err(CertificateError::TreeDepth { .. })));
    // 100,000 nested labels.
    let mut t = Vec::new();
    for _ in 0..100_000 {
        t.extend([0x83, 0x02, 0x40]);
    }
    assert!(matches!(HashTree::decode(&t), Err(CertificateError::TreeDepth { .. })));
    // 100,000 nested arrays: the first element of a node must be an integer.
    let t = vec![0x81u8; 100_000];
    assert!(matches!(HashTree::decode(&t), Err(CertificateError::Cbor { .. })));
    // At the limit exactly: MAX_TREE_DEPTH - 1 labels and a leaf decode.
    let mut t = Vec::new();
    for _ in 0..MAX_TREE_DEPTH - 1 {
        t.extend([0x83, 0x02, 0x41, b'x']);
    }
    t.extend([0x82, 0x03, 0x40]);
    let tree = HashTree::decode(&t).unwrap();
    let path = vec![b"x"; MAX_TREE_DEPTH - 1];
    assert_eq!(tree.lookup(&path), LookupResult::Found(b""));
    t.splice(0..0, [0x83, 0x02, 0x41, b'x']);
    assert!(matches!(HashTree::decode(&t), Err(CertificateError::TreeDepth { .. })));
}

#[test]
fn unknown_certificate_fields_are_skipped_iteratively() {
    // {"x": [[[[...]]]] (100,000 deep), "tree": [0], "signature": h''}
    let mut c = vec![0xa3, 0x61, b'x'];
    c.extend(vec![0x81u8; 100_000]);
    c.push(0x00);
    c.extend([0x64, b't', b'r', b'e', b'e', 0x81, 0x00]);
    c.extend([0x69, b's', b'i', b'g', b'n', b'a', b't', b'u', b'r', b'e', 0x40]);
    let cert = Certificate::decode(&c).unwrap();
    assert_eq!(cert.signature, b"");
    assert!(cert.delegation.is_none());
    // The same key twice.
    let mut d = vec![0xa3, 0x64, b't', b'r', b'e', b'e', 0x81, 0x00, 0x64, b't', b'r', b'e', b'e', 0x81, 0x00];
    d.extend([0x69, b's', b'i', b'g', b'n', b'a', b't', b'u', b'r', b'e', 0x40]);
    assert_eq!(
        Certificate::decode(&d),
        Err(CertificateError::DuplicateField { within: Within::Certificate, field: "tree" })
    );
    // Missing signature.
    let e = [0xa1, 0x64, b't', b'r', b'e', b'e', 0x81, 0x00];
    assert_eq!(
        Certificate::decode(&e),
        Err(CertificateError::MissingField { within: Within::Certificate, field: "signature" })
    );
}

fn time_tree(leb: &[u8]) -> Vec<u8> {
    let mut t = vec![0x83, 0x02, 0x44, b't', b'i', b'm', b'e', 0x82, 0x03];
    assert!(leb.len() < 24);
    t.push(0x40 + leb.len() as u8);
    t.extend(leb);
    t
}

#[test]
fn time_is_leb128() {
    let ok: &[(&[u8], u64)] = &[
        (&[0x00], 0),
        (&[0x7f], 127),
        (&[0xe5, 0x8e, 0x26], 624_485),
        (&[0x80, 0x00], 0), // not minimal, but a LEB128 number
        (&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01], u64::MAX),
    ];
    for (leb, v) in ok {
        let t = time_tree(leb);
        assert_eq!(certificate_time(&HashTree::decode(&t).unwrap(), Within::Certificate), Ok(*v));
    }
    let bad: &[&[u8]] = &[
        &[],
        &[0x80],
        &[0x00, 0x00],
        &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02],
        &[0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00],
    ];
    for leb in bad {
        let t = time_tree(leb);
        assert_eq!(
            certificate_time(&HashTree::decode(&t).unwrap(), Within::Certificate),
            Err(CertificateError::BadTime { within: Within::Certificate }),
            "{leb:02x?}"
        );
    }
    let t = hex::decode(FULL).unwrap();
    assert_eq!(
        certificate_time(&HashTree::decode(&t).unwrap(), Within::Certificate),
        Err(CertificateError::MissingTime { within: Within::Certificate, lookup: LookupResult::Absent })
    );
}

#[test]
fn der_keys() {
    assert_eq!(IC_MAINNET_ROOT_KEY_DER[..37], DER_PREFIX);
    assert_eq!(bls_key_from_der(&IC_MAINNET_ROOT_KEY_DER), Ok(&IC_MAINNET_ROOT_KEY));
    assert_eq!(bls_key_from_der(&IC_MAINNET_ROOT_KEY_DER[1..]), Err(KeyError::WrongLength { actual: 132 }));
    for i in 0..37 {
        let mut k = IC_MAINNET_ROOT_KEY_DER;
        k[i] ^= 1;
        assert_eq!(bls_key_from_der(&k), Err(KeyError::WrongDerPrefix));
    }
    // Raw and DER root keys are both accepted; the identity is not.
    assert!(root_key(&IC_MAINNET_ROOT_KEY_DER).is_ok());
    assert!(root_key(&IC_MAINNET_ROOT_KEY).is_ok());
    let mut identity = [0u8; 96];
    identity[0] = 0xc0;
    assert!(matches!(root_key(&identity), Err(CertificateError::RootKey(KeyError::Identity))));
    assert!(matches!(root_key(&[0u8; 95]), Err(CertificateError::RootKey(KeyError::WrongLength { actual: 95 }))));
}

#[test]
fn canister_ranges_leaf() {
    // tagged [[h'01', h'03'], [h'05', h'0800']]
    let leaf = [0xd9, 0xd9, 0xf7, 0x82, 0x82, 0x41, 1, 0x41, 3, 0x82, 0x41, 5, 0x42, 8, 0];
    for (c, inside) in [
        (&[1u8][..], true),
        (&[2], true),
        (&[3], true),
        (&[3, 0], false),
        (&[4], false),
        (&[5], true),
        (&[8], true),
        (&[8, 0], true),
        (&[8, 0, 0], false),
        (&[], false),
        (&[0, 9], false),
    ] {
        assert_eq!(ranges::leaf_covers(&leaf, c), Ok(inside), "{c:?}");
    }
    assert!(ranges::leaf_covers(&[0x81, 0x81, 0x41, 1], &[1]).is_err()); // a range of one
    assert!(ranges::leaf_covers(&[0x81, 0x82, 0x41, 1], &[1]).is_err()); // truncated
    let mut long = vec![0x81, 0x82, 0x58, 30];
    long.extend([0u8; 30]);
    long.extend([0x41, 1]);
    assert!(ranges::leaf_covers(&long, &[1]).is_err()); // principal of 30 bytes
}

#[test]
fn read_state_body() {
    // {"status": "x", "certificate": h'0102'}
    let body = [
        0xa2, 0x66, b's', b't', b'a', b't', b'u', b's', 0x61, b'x', 0x6b, b'c', b'e', b'r', b't', b'i', b'f', b'i',
        b'c', b'a', b't', b'e', 0x42, 1, 2,
    ];
    assert_eq!(read_state_response_certificate(&body), Ok(&[1u8, 2][..]));
    assert!(read_state_response_certificate(&body[..body.len() - 1]).is_err());
    assert!(read_state_response_certificate(&[0xa0]).is_err());
}
