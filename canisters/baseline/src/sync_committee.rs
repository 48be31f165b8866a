//! Ethereum sync-committee aggregates on zkcrypto `bls12_381`, as a canister would write them
//! without icbls, on the bench canister's committee and header. Registering: 512 keys
//! decompressed (with the crate's subgroup check) and summed. Verifying (the committee
//! decoded before): the SSZ signing root (sha2), the participants' keys summed as the
//! consensus specification writes it (`eth_fast_aggregate_verify` over the participants), the
//! root hashed to G2, and `e(pk, H(m)) = e(G1, σ)` as one two-pair product.

use bls12_381::hash_to_curve::{ExpandMsgXmd, HashToCurve};
use bls12_381::{multi_miller_loop, G1Affine, G1Projective, G2Affine, G2Prepared, G2Projective, Gt, Scalar};
use icbls_harness::{measure, MIN_PK_DST};
use sha2::{Digest, Sha256};

const COMMITTEE: usize = 512;
/// The bench canister's attested header: slot, proposer index, parent, state and body roots.
const SLOT: u64 = 9_000_001;
const PROPOSER: u64 = 123_456;
const ROOTS: [[u8; 32]; 3] = [[1; 32], [2; 32], [3; 32]];
/// Deneb's fork version and mainnet's genesis validators root.
const FORK: [u8; 4] = [4, 0, 0, 0];
const GENESIS_VALIDATORS_ROOT: [u8; 32] = [
    0x4b, 0x36, 0x3d, 0xb9, 0x4e, 0x28, 0x61, 0x20, 0xd7, 0x6e, 0xb9, 0x05, 0x34, 0x0f, 0xdd, 0x4e, 0x54, 0xbf, 0xe9,
    0xf0, 0x6b, 0xf3, 0x3f, 0xf6, 0xcf, 0x5a, 0xd2, 0x7f, 0x51, 0x1b, 0xfe, 0x95,
];

fn node(left: &[u8; 32], right: &[u8; 32]) -> [u8; 32] {
    Sha256::new().chain_update(left).chain_update(right).finalize().into()
}

fn uint64(v: u64) -> [u8; 32] {
    let mut chunk = [0u8; 32];
    chunk[..8].copy_from_slice(&v.to_le_bytes());
    chunk
}

/// `compute_signing_root(header, compute_domain(DOMAIN_SYNC_COMMITTEE, FORK, GVR))`.
fn signing_root() -> [u8; 32] {
    let zero = [0u8; 32];
    let header = node(
        &node(&node(&uint64(SLOT), &uint64(PROPOSER)), &node(&ROOTS[0], &ROOTS[1])),
        &node(&node(&ROOTS[2], &zero), &node(&zero, &zero)),
    );
    let mut version = [0u8; 32];
    version[..4].copy_from_slice(&FORK);
    let fork_data = node(&version, &GENESIS_VALIDATORS_ROOT);
    let mut domain = [0u8; 32];
    domain[..4].copy_from_slice(&[7, 0, 0, 0]);
    domain[4..].copy_from_slice(&fork_data[..28]);
    node(&header, &domain)
}

/// The bench canister's committee: keys `[i·k]·G1`, i = 1..=512, and `k`.
pub(crate) fn committee_keys() -> (Scalar, Vec<G1Affine>) {
    let k = Scalar::from(0x5eed_1234_abcd).pow_vartime(&[0x9e37_79b9_7f4a_7c15, 7, 0, 0]);
    let step = G1Projective::generator() * k;
    let mut acc = G1Projective::identity();
    let points: Vec<G1Projective> = (0..COMMITTEE)
        .map(|_| {
            acc += step;
            acc
        })
        .collect();
    let mut keys = vec![G1Affine::identity(); COMMITTEE];
    G1Projective::batch_normalize(&points, &mut keys);
    (k, keys)
}

/// An update: 512 of the crate's checked decompressions exceed a query's 5 billion instructions.
pub(crate) fn sync_committee_register() -> u64 {
    let (_, keys) = committee_keys();
    let compressed: Vec<[u8; 48]> = keys.iter().map(G1Affine::to_compressed).collect();
    let mut decoded = None;
    let count = measure(compressed, |compressed| decoded = decode_committee(compressed));
    assert_eq!(decoded.map(|(k, _)| k), Some(keys), "sync_committee_register: the keys decode");
    count
}

/// The crate's checked decompression of every key (the identity refused), and their sum.
pub(crate) fn decode_committee(compressed: &[[u8; 48]]) -> Option<(Vec<G1Affine>, G1Projective)> {
    let keys: Option<Vec<G1Affine>> = compressed
        .iter()
        .map(|bytes| {
            Option::<G1Affine>::from(G1Affine::from_compressed(bytes)).filter(|k| !bool::from(k.is_identity()))
        })
        .collect();
    keys.map(|keys| {
        let sum = keys.iter().fold(G1Projective::identity(), |acc, k| acc + k);
        (keys, sum)
    })
}

/// `eth_fast_aggregate_verify` of the members `bits` names, over `signing_root`, as one
/// two-pair product.
pub(crate) fn aggregate_verifies(
    keys: &[G1Affine],
    bits: &[u8],
    signature: &[u8; 96],
    signing_root: &[u8; 32],
) -> bool {
    let Some(signature) = Option::<G2Affine>::from(G2Affine::from_compressed(signature)) else { return false };
    let participants = keys.iter().enumerate().filter(|(i, _)| bits[i / 8] >> (i % 8) & 1 == 1);
    let key = G1Affine::from(participants.fold(G1Projective::identity(), |acc, (_, k)| acc + k));
    let h = <G2Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::hash_to_curve([&signing_root[..]], MIN_PK_DST);
    let f = multi_miller_loop(&[
        (&key, &G2Prepared::from(G2Affine::from(h))),
        (&-G1Affine::generator(), &G2Prepared::from(signature)),
    ]);
    !bool::from(key.is_identity()) && f.final_exponentiation() == Gt::identity()
}

fn verify_row(participants: usize) -> u64 {
    let (k, keys) = committee_keys();
    let mut bits = [0u8; COMMITTEE / 8];
    for i in 0..participants {
        bits[i / 8] |= 1 << (i % 8);
    }
    let n = participants as u64;
    let secret = k * Scalar::from(n * (n + 1) / 2);
    let h = <G2Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::hash_to_curve([&signing_root()[..]], MIN_PK_DST);
    let signature = G2Affine::from(h * secret).to_compressed();
    let mut ok = false;
    let count = measure((keys, bits, signature), |(keys, bits, signature)| {
        ok = aggregate_verifies(keys, bits, signature, &signing_root())
    });
    assert!(ok, "sync_aggregate_verify: the aggregate verifies");
    count
}

pub(crate) fn sync_aggregate_verify_512() -> u64 {
    verify_row(512)
}

pub(crate) fn sync_aggregate_verify_400() -> u64 {
    verify_row(400)
}

pub(crate) fn sync_aggregate_verify_342() -> u64 {
    verify_row(342)
}
