//! Bench rows of Ethereum sync-committee aggregates: registering a committee (decoding and
//! checking its 512 keys) and verifying an update against a committee decoded before (as a
//! canister keeps it), with 512, 400 and 342 (two thirds) participants. The committee's keys
//! are `k, 2k, 3k, …` so that the setup stays cheap; the method checks the answer after
//! measuring.

use icbls::bls::min_pk;
use icbls::sync_committee::{
    compute_domain, compute_signing_root, BeaconBlockHeader, SyncCommittee, DOMAIN_SYNC_COMMITTEE,
    MAINNET_GENESIS_VALIDATORS_ROOT, SYNC_COMMITTEE_SIZE,
};
use icbls::{Fr, G1Affine};
use icbls_harness::{light_client, measure};

/// A Deneb-era attested header, and the fork version that signs it.
const HEADER: BeaconBlockHeader = BeaconBlockHeader {
    slot: 9_000_001,
    proposer_index: 123_456,
    parent_root: [1; 32],
    state_root: [2; 32],
    body_root: [3; 32],
};
const FORK: [u8; 4] = [4, 0, 0, 0];

/// The committee's secret keys' common step and their public keys `[i·k]·G1`, i = 1..=512: the
/// harness's committee, which the light-client rows use too.
fn committee_keys() -> (Fr, Vec<G1Affine>) {
    let k = light_client::current_committee_step();
    let keys = light_client::committee_keys(&k);
    (k, keys)
}

/// Decode and check 512 compressed keys and sum them: what a canister does once per period
/// (about 27 hours), in an update.
pub(crate) fn sync_committee_register() -> u64 {
    let (_, keys) = committee_keys();
    let compressed: Vec<[u8; 48]> = keys.iter().map(|k| k.to_compressed()).collect();
    let mut committee = None;
    let count = measure(compressed, |compressed| committee = SyncCommittee::from_compressed(compressed).ok());
    assert_eq!(committee.map(|c| c.keys().to_vec()), Some(keys), "sync_committee_register: the keys decode");
    count
}

/// The first `participants` members take part.
fn verify_row(participants: usize) -> u64 {
    let (k, keys) = committee_keys();
    let committee = SyncCommittee::from_checked_keys(keys);
    let mut bits = [0u8; SYNC_COMMITTEE_SIZE / 8];
    for i in 0..participants {
        bits[i / 8] |= 1 << (i % 8);
    }
    let domain = compute_domain(DOMAIN_SYNC_COMMITTEE, FORK, &MAINNET_GENESIS_VALIDATORS_ROOT);
    let signing_root = compute_signing_root(&HEADER.hash_tree_root(), &domain);
    // Σ i·k over the participants i = 1..=participants.
    let n = participants as u64;
    let secret = k * Fr::from_u64(n * (n + 1) / 2);
    let h = icbls::hash_to_curve::hash_to_g2(&signing_root, min_pk::DST);
    let signature = h.mul_vartime(&secret).to_affine_vartime().to_compressed();
    let mut result = None;
    let count = measure((committee, bits, signature), |(committee, bits, signature)| {
        result = Some(committee.verify(bits, signature, &HEADER, FORK, &MAINNET_GENESIS_VALIDATORS_ROOT))
    });
    assert_eq!(result, Some(Ok(participants)), "sync_aggregate_verify: the aggregate verifies");
    count
}

pub(crate) fn sync_aggregate_verify_512() -> u64 {
    verify_row(512)
}

pub(crate) fn sync_aggregate_verify_400() -> u64 {
    verify_row(400)
}

/// Two thirds of the committee, the least a light client accepts for finality.
pub(crate) fn sync_aggregate_verify_342() -> u64 {
    verify_row(342)
}
