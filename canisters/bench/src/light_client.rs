//! Bench rows of the Ethereum light client (`icbls::light_client`), on the harness's made-up
//! mainnet chain ([`icbls_harness::light_client`]): taking in a bootstrap, an update that hands
//! off the next committee, and a finality update, each from the beacon API's SSZ bytes, as a
//! canister receives them. The updates apply to a store taken in from the bootstrap before the
//! measured region; the method checks the store's answer after measuring.

use icbls::light_client::{LightClientBootstrap, LightClientFinalityUpdate, LightClientStore, LightClientUpdate};
use icbls_harness::light_client::{light_client_fixture, CONFIG, CURRENT_SLOT, FORK};
use icbls_harness::measure;

/// Decode a bootstrap, check it against the trusted root and take in its committee (512 keys
/// decoded and checked): what a light client does once, at its start.
pub(crate) fn eth_light_client_bootstrap() -> u64 {
    let f = light_client_fixture();
    let mut store = None;
    let count = measure(f.bootstrap.clone(), |bytes| {
        store = LightClientBootstrap::from_ssz_bytes(bytes, FORK)
            .ok()
            .and_then(|b| LightClientStore::initialize(CONFIG, &f.trusted_block_root, &b, true).ok())
    });
    assert_eq!(
        store.map(|s| s.current_sync_committee_root()),
        Some(f.current_committee_root),
        "eth_light_client_bootstrap: the bootstrap is taken in"
    );
    count
}

/// Decode an update, verify its aggregate and both branches, and take in the next committee
/// (512 keys decoded and checked): what a light client does once a period.
pub(crate) fn eth_light_client_update_handoff() -> u64 {
    let f = light_client_fixture();
    let mut store = f.store();
    let mut applied = None;
    let count = measure(f.handoff.clone(), |bytes| {
        applied = LightClientUpdate::from_ssz_bytes(bytes, FORK).ok().map(|u| store.process_update(&u, CURRENT_SLOT))
    });
    assert_eq!(applied, Some(Ok(())), "eth_light_client_update_handoff: the update applies");
    assert_eq!(store.next_sync_committee_root(), Some(f.next_committee_root), "the next committee is taken in");
    assert_eq!(store.finalized_header().beacon.slot, f.handoff_finalized_slot, "the header is finalized");
    count
}

/// Decode a finality update, verify its aggregate and finality branch, and move the finalized
/// header: what a light client does every few minutes.
pub(crate) fn eth_light_client_finality_update() -> u64 {
    let f = light_client_fixture();
    let mut store = f.store();
    let mut applied = None;
    let count = measure(f.finality.clone(), |bytes| {
        applied = LightClientFinalityUpdate::from_ssz_bytes(bytes, FORK)
            .ok()
            .map(|u| store.process_finality_update(u, CURRENT_SLOT))
    });
    assert_eq!(applied, Some(Ok(())), "eth_light_client_finality_update: the update applies");
    assert_eq!(store.finalized_header().beacon.slot, f.finality_finalized_slot, "the header is finalized");
    count
}
