//! The verifier's Ethereum light client on the bench rows' made-up mainnet chain
//! (`icbls_harness::light_client`: real roots, branches and signatures): it follows the chain
//! from the trusted block through a committee hand-off and keeps its store across upgrades; and
//! the attacks a stranger can send, each answered with an `Err` that names the field, the store
//! unchanged. The rules themselves are tested on real data in the library's
//! `extra_eth_light_client_store.rs`.

use crate::common::refusal;

use candid::Principal;
use icbls::bls::min_pk;
use icbls::hash_to_curve::hash_to_g2;
use icbls::light_client::{LightClientFinalityUpdate, LightClientUpdate, MAINNET};
use icbls::sync_committee::{compute_domain, compute_signing_root, DOMAIN_SYNC_COMMITTEE, SYNC_COMMITTEE_SIZE};
use icbls::Fr;
use icbls_bench::endpoints::light_client_setting;
use icbls_bench::verifier::*;
use icbls_harness::light_client::{current_committee_step, light_client_fixture, LightClientFixture, FORK};
use icbls_testkit::backend::{CallKind, MeterBackend, Sender};
use icbls_verifier_client::methods;
use icbls_verifier_client::service::Units;

type State = Result<EthLightClientState, Error>;

/// A verifier set up for the fixture's chain; the anonymous caller is its controller.
fn install() -> Verifier {
    Verifier::install_with(Box::new(MeterBackend::new()), Some(light_client_setting()), &[Principal::anonymous()])
        .unwrap()
}

fn bootstrap(v: &mut Verifier, bytes: &[u8]) -> State {
    v.call("eth_light_client_bootstrap", (EthLightClientBootstrapArgs::new("fulu", bytes.to_vec()),), true).unwrap()
}

fn send(v: &mut Verifier, kind: EthLightClientUpdateKind, fork: &str, bytes: &[u8]) -> State {
    v.call("eth_light_client_process", (EthLightClientUpdateArgs::new(kind, fork, bytes.to_vec()),), true).unwrap()
}

fn update(v: &mut Verifier, bytes: &[u8]) -> State {
    send(v, EthLightClientUpdateKind::Update, "fulu", bytes)
}

fn state(v: &mut Verifier) -> State {
    v.call("eth_light_client_state", (), false).unwrap()
}

/// A verifier whose light client took in the bootstrap and the hand-off.
fn handed_off(f: &LightClientFixture) -> Verifier {
    let mut v = install();
    bootstrap(&mut v, &f.bootstrap).unwrap();
    update(&mut v, &f.handoff).unwrap();
    v
}

#[test]
fn the_light_client_follows_the_chain_and_keeps_its_store_across_upgrades() {
    let f = light_client_fixture();
    let mut v = install();
    assert_eq!(refusal(&state(&mut v).unwrap_err()), ("unsupported", "eth_light_client"));
    // An update before the bootstrap is refused.
    assert_eq!(refusal(&update(&mut v, &f.handoff).unwrap_err()), ("unsupported", "update"));

    let started = bootstrap(&mut v, &f.bootstrap).unwrap();
    assert_eq!(started.network, "mainnet");
    assert_eq!(started.finalized.block_root, f.trusted_block_root.to_vec());
    assert_eq!(started.current_period, 1_610);
    assert!(!started.next_sync_committee_known);
    // One bootstrap only.
    assert_eq!(refusal(&bootstrap(&mut v, &f.bootstrap).unwrap_err()), ("unsupported", "bootstrap"));

    let handoff = LightClientUpdate::from_ssz_bytes(&f.handoff, FORK).unwrap();
    let after = update(&mut v, &f.handoff).unwrap();
    assert!(after.next_sync_committee_known);
    assert_eq!(after.finalized.slot, f.handoff_finalized_slot);
    assert_eq!(after.finalized.block_root, handoff.finalized_header.beacon.hash_tree_root().to_vec());
    let execution = handoff.finalized_header.execution.as_ref().unwrap();
    assert_eq!(
        after.finalized.execution,
        Some(EthExecutionHeader {
            block_number: execution.block_number,
            block_hash: execution.block_hash.to_vec(),
            state_root: execution.state_root.to_vec(),
        })
    );
    assert_eq!(after.optimistic.slot, handoff.attested_header.beacon.slot);
    let finality = send(&mut v, EthLightClientUpdateKind::FinalityUpdate, "fulu", &f.finality).unwrap();
    assert_eq!(finality.finalized.slot, f.finality_finalized_slot);
    assert_eq!(state(&mut v).unwrap(), finality);

    // An upgrade keeps the store (read back from stable memory) ...
    v.upgrade(None).unwrap();
    assert_eq!(state(&mut v).unwrap(), finality);
    v.upgrade(Some(InitArgs::default().with_subnet_nodes(13))).unwrap();
    assert_eq!(state(&mut v).unwrap(), finality);
    // ... unless it names another trusted block: the client starts again from that block.
    let other = EthLightClientInit::new("mainnet", vec![9; 32]);
    v.upgrade(Some(InitArgs::default().with_eth_light_client(other))).unwrap();
    assert_eq!(refusal(&state(&mut v).unwrap_err()), ("unsupported", "eth_light_client"));
    // The old block's bootstrap is not the new one's.
    assert_eq!(refusal(&bootstrap(&mut v, &f.bootstrap).unwrap_err()), ("failed", "bootstrap.header"));
}

#[test]
fn attacks_are_refused_naming_the_field_and_change_nothing() {
    let f = light_client_fixture();
    let mut v = handed_off(&f);
    let before = state(&mut v).unwrap();
    let handoff = LightClientUpdate::from_ssz_bytes(&f.handoff, FORK).unwrap();
    let finality = LightClientFinalityUpdate::from_ssz_bytes(&f.finality, FORK).unwrap().into_update(FORK);
    let refused = |v: &mut Verifier, bytes: &[u8], expected: (&str, &str)| {
        let e = update(v, bytes).unwrap_err();
        assert_eq!(refusal(&e), expected, "{e:?}");
        assert_eq!(state(v).unwrap(), before, "{expected:?} changed the store");
    };

    // Garbage and truncated SSZ, and bytes of another fork's shape.
    refused(&mut v, b"not ssz", ("malformed", "update.LightClientUpdate"));
    // A byte short: the last field, the finalized header's `extra_data`, is a byte shorter, and
    // its execution payload header no longer the one its branch proves.
    refused(&mut v, &f.handoff[..f.handoff.len() - 1], ("failed", "update.finalized_header"));
    let e = send(&mut v, EthLightClientUpdateKind::Update, "london", &f.handoff).unwrap_err();
    assert_eq!(refusal(&e), ("malformed", "fork"));
    let e = send(&mut v, EthLightClientUpdateKind::Update, "altair", &f.handoff).unwrap_err();
    assert_eq!(e.kind(), "malformed", "{e:?}");

    // A branch that does not prove the finalized header.
    let mut wrong_branch = finality.clone();
    wrong_branch.finality_branch[3][0] ^= 1;
    refused(&mut v, &wrong_branch.to_ssz_bytes(FORK), ("failed", "update.finality_branch"));
    // Too few participants: nobody.
    let mut nobody = finality.clone();
    nobody.sync_aggregate.sync_committee_bits = [0; SYNC_COMMITTEE_SIZE / 8];
    refused(&mut v, &nobody.to_ssz_bytes(FORK), ("failed", "update.sync_aggregate.sync_committee_bits"));
    // The right committee's signature under another fork's version (Electra's).
    let mut other_fork = finality.clone();
    let domain = compute_domain(DOMAIN_SYNC_COMMITTEE, [5, 0, 0, 0], &MAINNET.genesis_validators_root);
    let signing_root = compute_signing_root(&other_fork.attested_header.beacon.hash_tree_root(), &domain);
    let n = SYNC_COMMITTEE_SIZE as u64;
    let secret = current_committee_step() * Fr::from_u64(n * (n + 1) / 2);
    other_fork.sync_aggregate.sync_committee_signature =
        hash_to_g2(&signing_root, min_pk::DST).mul_vartime(&secret).to_affine_vartime().to_compressed();
    refused(&mut v, &other_fork.to_ssz_bytes(FORK), ("failed", "update.sync_aggregate.sync_committee_signature"));
    // A signature from two periods on: the committee of that period is one the store cannot
    // know (it skips the next), so the update is refused before its signature is checked.
    let mut skipping = finality.clone();
    skipping.signature_slot += 2 * 8192;
    refused(&mut v, &skipping.to_ssz_bytes(FORK), ("failed", "update.signature_slot"));
    // A next committee that the attested state does not hold (its branch proves another).
    let mut other_committee = handoff.clone();
    other_committee.next_sync_committee.pubkeys.swap(0, 1);
    refused(&mut v, &other_committee.to_ssz_bytes(FORK), ("failed", "update.next_sync_committee"));
    // A finalized header from the past: the replayed hand-off is valid, but finalizes nothing
    // newer, so the store does not go back.
    let replayed = update(&mut v, &f.handoff).unwrap();
    assert_eq!(replayed.finalized, before.finalized);
    assert_eq!(replayed.next_sync_committee_known, before.next_sync_committee_known);
}

#[test]
fn strangers_pay_for_updates() {
    let f = light_client_fixture();
    let mut v = handed_off(&f);
    let stranger = Principal::from_slice(&[0, 0, 0, 0, 0, 0, 0, 42, 1, 1]);
    let args = EthLightClientUpdateArgs::new(EthLightClientUpdateKind::FinalityUpdate, "fulu", f.finality.clone());
    let units = Units { bytes: f.finality.len() as u64, ..Units::default() };
    let price = methods::price("eth_light_client_process", &units, 13).unwrap();
    let unpaid: State = v
        .call_from(
            "eth_light_client_process",
            (args.clone(),),
            CallKind::Update,
            Sender::Canister { id: stranger, cycles: 0 },
        )
        .unwrap();
    assert!(matches!(unpaid, Err(Error::InsufficientCycles(ref s)) if s.price == price), "{unpaid:?}");
    let paid: State = v
        .call_from(
            "eth_light_client_process",
            (args,),
            CallKind::Update,
            Sender::Canister { id: stranger, cycles: price },
        )
        .unwrap();
    assert_eq!(paid.unwrap().finalized.slot, f.finality_finalized_slot);
    let kept = v.last_cycles.unwrap().accepted;
    assert!(kept > 0 && kept < price, "kept {kept} of {price}");
}
