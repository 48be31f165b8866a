//! Builds IC certificates signed under test keys (interface specification, "Certification":
//! hash trees, certificates and delegations in their CBOR encoding), for the tests that need a
//! certificate the vectors do not have: a long `subnet_id`, large leaves, paths of other
//! canisters. Shared by the library's tests and the verifier's.

use icbls::bls::{min_sig, SecretKey};
use icbls::certificate::{HashTree, DER_PREFIX};
use std::collections::BTreeMap;

/// CBOR (RFC 8949 §3): the head of an item of major type `major` with argument `n`.
fn head(out: &mut Vec<u8>, major: u8, n: u64) {
    let m = major << 5;
    match n {
        0..=23 => out.push(m | n as u8),
        24..=0xff => out.extend([m | 24, n as u8]),
        0x100..=0xffff => {
            out.push(m | 25);
            out.extend((n as u16).to_be_bytes());
        }
        0x1_0000..=0xffff_ffff => {
            out.push(m | 26);
            out.extend((n as u32).to_be_bytes());
        }
        _ => {
            out.push(m | 27);
            out.extend(n.to_be_bytes());
        }
    }
}

fn bytes(out: &mut Vec<u8>, b: &[u8]) {
    head(out, 2, b.len() as u64);
    out.extend(b);
}

fn text(out: &mut Vec<u8>, t: &str) {
    head(out, 3, t.len() as u64);
    out.extend(t.as_bytes());
}

/// The self-describe tag 55799 (`d9 d9 f7`).
const SELF_DESCRIBE: [u8; 3] = [0xd9, 0xd9, 0xf7];

/// A natural number as the state tree stores it: LEB128.
pub fn leb128(mut n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return out;
        }
        out.push(b | 0x80);
    }
}

/// A state tree under construction: labeled subtrees and leaves.
#[derive(Clone, Debug, Default)]
pub struct Tree(BTreeMap<Vec<u8>, Node>);

#[derive(Clone, Debug)]
enum Node {
    Leaf(Vec<u8>),
    Tree(Tree),
}

impl Tree {
    pub fn new() -> Tree {
        Tree::default()
    }

    /// Sets the leaf at `path` (creating the labeled subtrees on the way).
    pub fn insert(mut self, path: &[&[u8]], value: &[u8]) -> Tree {
        self.put(path, value);
        self
    }

    fn put(&mut self, path: &[&[u8]], value: &[u8]) {
        let (first, rest) = path.split_first().expect("a nonempty path");
        if rest.is_empty() {
            self.0.insert(first.to_vec(), Node::Leaf(value.to_vec()));
            return;
        }
        let child = self.0.entry(first.to_vec()).or_insert_with(|| Node::Tree(Tree::new()));
        if let Node::Leaf(_) = child {
            *child = Node::Tree(Tree::new());
        }
        if let Node::Tree(t) = child {
            t.put(rest, value);
        }
    }

    /// The tree's CBOR: labels in increasing order, under balanced forks (a well-formed tree,
    /// "Lookup").
    pub fn cbor(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let children: Vec<(&Vec<u8>, &Node)> = self.0.iter().collect();
        forest(&mut out, &children);
        out
    }
}

fn forest(out: &mut Vec<u8>, children: &[(&Vec<u8>, &Node)]) {
    match children {
        [] => out.extend([0x81, 0x00]),
        [(label, node)] => {
            out.extend([0x83, 0x02]);
            bytes(out, label);
            match node {
                Node::Leaf(v) => {
                    out.extend([0x82, 0x03]);
                    bytes(out, v);
                }
                Node::Tree(t) => out.extend(t.cbor()),
            }
        }
        _ => {
            let (l, r) = children.split_at(children.len() / 2);
            out.extend([0x83, 0x01]);
            forest(out, l);
            forest(out, r);
        }
    }
}

/// A test key pair, from a seed byte.
pub fn key(seed: u8) -> SecretKey {
    SecretKey::key_gen(&[seed; 32], b"icbls test certificates").unwrap()
}

/// The public key of `sk`, raw (96 bytes).
pub fn raw_key(sk: &SecretKey) -> Vec<u8> {
    min_sig::PublicKey::from_secret_key(sk).to_bytes().to_vec()
}

/// The public key of `sk`, DER-wrapped (133 bytes) as in `/subnet/<id>/public_key`.
pub fn der_key(sk: &SecretKey) -> Vec<u8> {
    let mut der = DER_PREFIX.to_vec();
    der.extend(raw_key(sk));
    der
}

/// A canister-ranges leaf: `tagged<[* [principal principal]]>`.
pub fn ranges_leaf(ranges: &[(&[u8], &[u8])]) -> Vec<u8> {
    let mut out = SELF_DESCRIBE.to_vec();
    head(&mut out, 4, ranges.len() as u64);
    for (low, high) in ranges {
        out.push(0x82);
        bytes(&mut out, low);
        bytes(&mut out, high);
    }
    out
}

/// `tagged<{tree, signature, ? delegation}>`, the signature by `sk` over
/// `domain_sep("ic-state-root") · reconstruct(tree)`.
pub fn certificate(sk: &SecretKey, tree: &Tree, delegation: Option<(&[u8], &[u8])>) -> Vec<u8> {
    certificate_of_cbor(sk, &tree.cbor(), delegation)
}

/// [`certificate`] of a tree given as its CBOR (any tree, well-formed or not).
pub fn certificate_of_cbor(sk: &SecretKey, tree: &[u8], delegation: Option<(&[u8], &[u8])>) -> Vec<u8> {
    let root_hash = HashTree::decode(tree).unwrap().root_hash();
    let mut msg = b"\x0dic-state-root".to_vec();
    msg.extend(root_hash);
    let signature = min_sig::sign(sk, &msg).to_bytes();
    let mut out = SELF_DESCRIBE.to_vec();
    head(&mut out, 5, 2 + u64::from(delegation.is_some()));
    text(&mut out, "tree");
    out.extend(tree);
    text(&mut out, "signature");
    bytes(&mut out, &signature);
    if let Some((subnet_id, certificate)) = delegation {
        text(&mut out, "delegation");
        out.push(0xa2);
        text(&mut out, "subnet_id");
        bytes(&mut out, subnet_id);
        text(&mut out, "certificate");
        bytes(&mut out, certificate);
    }
    out
}

/// The root subnet's certificate for `subnet_id`: its key and its canister ranges (legacy
/// layout), at `time_ns`, signed by `root`.
pub fn delegation_certificate(
    root: &SecretKey,
    subnet: &SecretKey,
    subnet_id: &[u8],
    ranges: &[(&[u8], &[u8])],
    time_ns: u64,
) -> Vec<u8> {
    let tree = Tree::new()
        .insert(&[b"subnet", subnet_id, b"canister_ranges"], &ranges_leaf(ranges))
        .insert(&[b"subnet", subnet_id, b"public_key"], &der_key(subnet))
        .insert(&[b"time"], &leb128(time_ns));
    certificate(root, &tree, None)
}

/// A subnet's certificate of `tree` (which should hold `/time`), delegated by `root` to
/// `subnet_id` with `ranges`.
pub fn delegated_certificate(
    root: &SecretKey,
    subnet: &SecretKey,
    subnet_id: &[u8],
    ranges: &[(&[u8], &[u8])],
    tree: &Tree,
    time_ns: u64,
) -> Vec<u8> {
    let delegation = delegation_certificate(root, subnet, subnet_id, ranges, time_ns);
    certificate(subnet, tree, Some((subnet_id, &delegation)))
}

/// A canister signature (interface specification, "Canister signatures"):
/// `tagged<{certificate, tree}>`.
pub fn canister_signature(certificate: &[u8], tree: &Tree) -> Vec<u8> {
    canister_signature_of_cbor(certificate, &tree.cbor())
}

/// [`canister_signature`] with a tree given as its CBOR.
pub fn canister_signature_of_cbor(certificate: &[u8], tree: &[u8]) -> Vec<u8> {
    let mut out = SELF_DESCRIBE.to_vec();
    head(&mut out, 5, 2);
    text(&mut out, "certificate");
    bytes(&mut out, certificate);
    text(&mut out, "tree");
    out.extend(tree);
    out
}

/// The tree whose hashing costs the most per byte of CBOR: balanced forks (`83 01`, two
/// bytes, two SHA-256 blocks each) over `terminals` copies of `terminal` (such as an empty
/// leaf `82 03 40`, three bytes and one block, or `[0]`).
pub fn dense_tree(terminals: usize, terminal: &[u8]) -> Vec<u8> {
    fn go(out: &mut Vec<u8>, n: usize, terminal: &[u8]) {
        if n <= 1 {
            out.extend(terminal);
        } else {
            out.extend([0x83, 0x01]);
            go(out, n / 2, terminal);
            go(out, n - n / 2, terminal);
        }
    }
    let mut out = Vec::new();
    go(&mut out, terminals.max(1), terminal);
    out
}

/// `tree` with a [`dense_tree`] of `terminals` before it, under one fork: every path of `tree`
/// is found as before, after a lookup has walked the whole dense tree, and the whole is hashed.
pub fn with_dense_tree(tree: &Tree, terminals: usize, terminal: &[u8]) -> Vec<u8> {
    let mut out = vec![0x83, 0x01];
    out.extend(dense_tree(terminals, terminal));
    out.extend(tree.cbor());
    out
}

/// A principal's textual form (interface specification, "Textual representation of
/// principals"): base32 of CRC-32 · bytes, lower case, in groups of five.
pub fn principal_text(bytes: &[u8]) -> String {
    let mut data = crc32(bytes).to_be_bytes().to_vec();
    data.extend(bytes);
    const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";
    let (mut out, mut acc, mut bits) = (String::new(), 0u32, 0);
    for b in data {
        acc = acc << 8 | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[(acc >> bits) as usize & 31] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[(acc << (5 - bits)) as usize & 31] as char);
    }
    let groups: Vec<String> = out.as_bytes().chunks(5).map(|c| String::from_utf8(c.to_vec()).unwrap()).collect();
    groups.join("-")
}

/// A principal's bytes from its textual form (interface specification, "Textual
/// representation of principals": Base32 of CRC32 · bytes, grouped by dashes).
pub fn principal_from_text(text: &str) -> Vec<u8> {
    let mut bits = 0u64;
    let mut n = 0;
    let mut out = Vec::new();
    for c in text.chars().filter(|&c| c != '-') {
        let v = match c.to_ascii_lowercase() {
            c @ 'a'..='z' => c as u64 - 'a' as u64,
            c @ '2'..='7' => c as u64 - '2' as u64 + 26,
            _ => panic!("bad principal {text}"),
        };
        bits = (bits << 5) | v;
        n += 5;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
            bits &= (1 << n) - 1;
        }
    }
    let (crc, bytes) = out.split_at(4);
    assert_eq!(crc, crc32(bytes).to_be_bytes(), "checksum of {text}");
    bytes.to_vec()
}

/// CRC-32 (ISO-HDLC, as in zlib), the checksum of a principal's textual form.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 { (c >> 1) ^ 0xedb8_8320 } else { c >> 1 };
        }
    }
    !c
}
