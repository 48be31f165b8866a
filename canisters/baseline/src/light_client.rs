//! The Ethereum light-client rows on zkcrypto `bls12_381`, on the bench canister's input
//! ([`icbls_harness::light_client`]). A canister on zkcrypto's crate has no light client to
//! call, so this one runs the same path as `icbls::light_client`'s store: icbls's SSZ decoding,
//! header and Merkle-branch checks and signing root (SHA-256, no BLS in them), and zkcrypto's
//! checked key decompression and aggregate signature check (the sync-committee rows' code).
//! The ratio is thus the BLS work's.

use super::sync_committee::{aggregate_verifies, committee_keys, decode_committee};
use bls12_381::G1Affine;
use icbls::light_client::{
    is_valid_normalized_merkle_branch, LightClientBootstrap, LightClientFinalityUpdate, LightClientUpdate,
};
use icbls::sync_committee::{compute_domain, compute_signing_root, DOMAIN_SYNC_COMMITTEE};
use icbls_harness::light_client::{light_client_fixture, CONFIG, FORK};
use icbls_harness::measure;

/// `initialize_light_client_store`: the header is valid and the trusted block, the branch
/// proves the committee, and its keys decode.
pub(crate) fn eth_light_client_bootstrap() -> u64 {
    let f = light_client_fixture();
    let mut decoded = None;
    let count = measure(f.bootstrap.clone(), |bytes| {
        decoded = LightClientBootstrap::from_ssz_bytes(bytes, FORK)
            .ok()
            .filter(|b| {
                b.header.is_valid(&CONFIG, true)
                    && b.header.beacon.hash_tree_root() == f.trusted_block_root
                    && is_valid_normalized_merkle_branch(
                        &b.current_sync_committee.hash_tree_root(),
                        &b.current_sync_committee_branch,
                        FORK.current_sync_committee_gindex(),
                        &b.header.beacon.state_root,
                    )
            })
            .and_then(|b| decode_committee(&b.current_sync_committee.pubkeys))
    });
    assert!(decoded.is_some(), "eth_light_client_bootstrap: the bootstrap is taken in");
    count
}

/// The checks of `validate_light_client_update` that cost: the headers' execution branches,
/// the finality branch, the next committee's branch (when it carries one) and the aggregate
/// signature of the committee `keys`.
fn update_verifies(u: &LightClientUpdate, keys: &[G1Affine]) -> bool {
    let (attested, finalized) = (&u.attested_header, &u.finalized_header);
    let domain = compute_domain(
        DOMAIN_SYNC_COMMITTEE,
        CONFIG.signature_fork_version(u.signature_slot),
        &CONFIG.genesis_validators_root,
    );
    attested.is_valid(&CONFIG, true)
        && finalized.is_valid(&CONFIG, true)
        && is_valid_normalized_merkle_branch(
            &finalized.beacon.hash_tree_root(),
            &u.finality_branch,
            FORK.finalized_root_gindex(),
            &attested.beacon.state_root,
        )
        && (!u.is_sync_committee_update()
            || is_valid_normalized_merkle_branch(
                &u.next_sync_committee.hash_tree_root(),
                &u.next_sync_committee_branch,
                FORK.next_sync_committee_gindex(),
                &attested.beacon.state_root,
            ))
        && aggregate_verifies(
            keys,
            &u.sync_aggregate.sync_committee_bits,
            &u.sync_aggregate.sync_committee_signature,
            &compute_signing_root(&attested.beacon.hash_tree_root(), &domain),
        )
}

/// An update that hands off the next committee: verified, then its 512 keys decoded (an
/// update call: the keys alone exceed a query's 5 billion instructions).
pub(crate) fn eth_light_client_update_handoff() -> u64 {
    let f = light_client_fixture();
    let (_, keys) = committee_keys();
    let mut next = None;
    let count = measure((f.handoff.clone(), keys), |(bytes, keys)| {
        next = LightClientUpdate::from_ssz_bytes(bytes, FORK)
            .ok()
            .filter(|u| update_verifies(u, keys))
            .and_then(|u| decode_committee(&u.next_sync_committee.pubkeys))
    });
    assert!(next.is_some(), "eth_light_client_update_handoff: the update applies");
    count
}

/// A finality update, verified.
pub(crate) fn eth_light_client_finality_update() -> u64 {
    let f = light_client_fixture();
    let (_, keys) = committee_keys();
    let mut ok = false;
    let count = measure((f.finality.clone(), keys), |(bytes, keys)| {
        ok = LightClientFinalityUpdate::from_ssz_bytes(bytes, FORK)
            .is_ok_and(|u| update_verifies(&u.into_update(FORK), keys))
    });
    assert!(ok, "eth_light_client_finality_update: the update applies");
    count
}
