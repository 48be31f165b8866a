//! `icbls::light_client` on the real data of `extra/eth_light_client/` (PROVENANCE.md there):
//! every bootstrap and update through the store, in order, with the verdict the data records;
//! every execution payload header's root against this test's own SSZ (testkit's
//! `execution_header_root`) and its branch under the body root; every container through SSZ
//! and back; and the attacks a stranger can send a canister that runs the store, each refused
//! with the rule it breaks and the store unchanged.

use icbls::light_client::{
    sync_committee_period_at_slot, zero_branch, ExecutionPayloadHeader, Fork, LightClientBootstrap, LightClientError,
    LightClientFinalityUpdate, LightClientHeader, LightClientOptimisticUpdate, LightClientStore, LightClientUpdate,
    NetworkConfig, SszRule, SyncAggregate, SyncCommitteeKeys, HOLESKY, HOODI, MAINNET, SEPOLIA,
};
use icbls::sync_committee::{BeaconBlockHeader, SyncError};
use icbls_testkit::beacon::{
    execution_header_root, execution_payload_header, header, key48, network_config, number, root, roots,
};
use icbls_testkit::library::vector_json;
use icbls_testkit::vectors::json_hex as hex;
use serde_json::Value;

const FAMILY: &str = "extra/eth_light_client";

fn json(name: &str) -> Option<Value> {
    vector_json(&format!("{FAMILY}/{name}"))
}

fn committee(c: &Value) -> SyncCommitteeKeys {
    if c.is_null() {
        return SyncCommitteeKeys::empty();
    }
    SyncCommitteeKeys {
        pubkeys: c["pubkeys"].as_array().unwrap().iter().map(key48).collect(),
        aggregate_pubkey: key48(&c["aggregate_pubkey"]),
    }
}

/// A light-client header: the beacon header, with its execution part where the data has one.
fn lc_header(beacon: &Value, execution_part: Option<(&Value, &Value)>) -> LightClientHeader {
    let mut h = LightClientHeader::from_beacon(header(beacon));
    if let Some((e, branch)) = execution_part.filter(|(e, _)| !e.is_null()) {
        h.execution = Some(execution_payload_header(e));
        h.execution_branch = roots(branch).try_into().expect("a 4-node execution branch");
    }
    h
}

/// A branch as given, or zero nodes of `gindex`'s depth when absent.
fn branch_or_zero(v: &Value, gindex: u64) -> Vec<[u8; 32]> {
    match v.as_array() {
        Some(nodes) if !nodes.is_empty() => roots(v),
        _ => zero_branch(gindex),
    }
}

fn update(u: &Value, fork: Fork) -> LightClientUpdate {
    let part = |side: &str| u.get(format!("{side}_execution")).map(|e| (e, &u[&format!("{side}_execution_branch")]));
    let finalized = if u["finalized_header"].is_null() {
        LightClientHeader::empty(fork)
    } else {
        lc_header(&u["finalized_header"], part("finalized"))
    };
    LightClientUpdate {
        attested_header: lc_header(&u["attested_header"], part("attested")),
        next_sync_committee: committee(&u["next_sync_committee"]),
        next_sync_committee_branch: branch_or_zero(&u["next_sync_committee_branch"], fork.next_sync_committee_gindex()),
        finalized_header: finalized,
        finality_branch: branch_or_zero(&u["finality_branch"], fork.finalized_root_gindex()),
        sync_aggregate: SyncAggregate {
            sync_committee_bits: hex(&u["sync_committee_bits"]).try_into().unwrap(),
            sync_committee_signature: hex(&u["sync_committee_signature"]).try_into().unwrap(),
        },
        signature_slot: signature_slot(u),
    }
}

/// `signature_slot`; for the two sources that lack it (Ropsten's and Goerli's 2022 updates,
/// which state the fork version instead), the earliest slot it can be: the attested one's
/// next, whose fork version must then be the one the source states.
fn signature_slot(u: &Value) -> u64 {
    if !u["signature_slot"].is_null() {
        return number(&u["signature_slot"]);
    }
    assert!(u["collector_check"]["fork_version_basis"].as_str().unwrap().starts_with("source fork_version"));
    number(&u["attested_header"]["slot"]) + 1
}

fn bootstrap(b: &Value) -> LightClientBootstrap {
    LightClientBootstrap {
        header: lc_header(&b["header"], None),
        current_sync_committee: committee(&b["current_sync_committee"]),
        current_sync_committee_branch: roots(&b["current_sync_committee_branch"]),
    }
}

/// Every dataset of a file, with its network.
fn datasets(file: &str) -> Option<Vec<(Value, NetworkConfig)>> {
    let doc = json(file)?;
    Some(doc["datasets"].as_array().unwrap().iter().map(|d| (d.clone(), network_config(&d["config"]))).collect())
}

/// A store from a dataset's bootstrap, trusted by its header's root as the collector recorded
/// it. Snowbridge's data carries beacon headers alone, so the store follows those.
fn store_of(ds: &Value, config: &NetworkConfig) -> LightClientStore {
    let b = &ds["bootstrap"];
    let trusted = root(&b["collector_check"]["header_root"]);
    LightClientStore::initialize(config.clone(), &trusted, &bootstrap(b), false).expect("the bootstrap is valid")
}

fn fork_of(config: &NetworkConfig, u: &Value) -> Fork {
    config.fork_at_slot(number(&u["attested_header"]["slot"])).expect("an Altair or later slot")
}

/// Whether the data calls an update valid under the current spec.
fn expected_valid(u: &Value) -> bool {
    u["expected"]["verdict"].as_str() == Some("valid")
}

#[test]
fn every_bootstrap_and_update_runs_through_the_store_with_its_recorded_verdict() {
    let Some(sets) = datasets("snowbridge.json") else { return };
    let mut processed = 0;
    for (ds, config) in &sets {
        let id = ds["id"].as_str().unwrap();
        let mut store = store_of(ds, config);
        for u in ds["updates"].as_array().unwrap() {
            let version: [u8; 4] = hex(&u["collector_check"]["fork_version_used"]).try_into().unwrap();
            assert_eq!(config.signature_fork_version(signature_slot(u)), version, "{id}");
        }
        assert_eq!(
            store.current_sync_committee_root(),
            root(&ds["bootstrap"]["collector_check"]["current_sync_committee_root"]),
            "{id}"
        );
        for u in ds["updates"].as_array().unwrap() {
            let uid = u["id"].as_str().unwrap();
            let lc = update(u, fork_of(config, u));
            let before = store.clone();
            let result = store.process_update(&lc, lc.signature_slot);
            if expected_valid(u) {
                result.unwrap_or_else(|e| panic!("{id}/{uid}: {e}"));
                // An applied update moves the finalized header to the one the data says.
                if lc.finalized_header.beacon.slot > before.finalized_header().beacon.slot
                    && lc.sync_aggregate.participants() * 3 >= 1024
                {
                    assert_eq!(store.finalized_header().beacon, lc.finalized_header.beacon, "{id}/{uid}");
                }
                processed += 1;
            } else {
                // The two pre-2022 updates: their committee branch is against the finalized state.
                assert_eq!(result, Err(LightClientError::NextCommitteeBranch), "{id}/{uid}");
                assert_eq!(store, before, "{id}/{uid}: a refused update changed the store");
            }
        }
    }
    assert!(processed >= 9, "{processed} updates processed");
}

#[test]
fn the_store_follows_the_devnet_across_a_period_boundary() {
    let Some(sets) = datasets("snowbridge.json") else { return };
    let (ds, config) = sets.iter().find(|(d, _)| d["id"] == "snowbridge_local_deneb").expect("the Deneb devnet");
    let updates = ds["updates"].as_array().unwrap();
    let mut store = store_of(ds, config);
    assert_eq!(store.current_period(), 0);
    assert_eq!(store.next_sync_committee_root(), None);

    // Period 0's update brings period 1's committee (finalized in its own period).
    let first = update(&updates[0], Fork::Deneb);
    store.process_update(&first, first.signature_slot).unwrap();
    let committee_1 = first.next_sync_committee.hash_tree_root();
    assert_eq!(store.next_sync_committee_root(), Some(committee_1));
    // A header update of period 0: the optimistic header moves, the finalized one stays.
    let second = update(&updates[1], Fork::Deneb);
    store.process_update(&second, second.signature_slot).unwrap();
    assert_eq!(store.optimistic_header().beacon, second.attested_header.beacon);
    assert_eq!(store.finalized_header().beacon.slot, 2496);
    // Period 1's update, signed by period 1's committee: the store rotates.
    let third = update(&updates[2], Fork::Deneb);
    store.process_update(&third, third.signature_slot).unwrap();
    assert_eq!(store.current_period(), 1);
    assert_eq!(store.current_sync_committee_root(), committee_1);
    assert_eq!(store.next_sync_committee_root(), Some(third.next_sync_committee.hash_tree_root()));
    assert_eq!(store.finalized_header().beacon, header(&updates[2]["finalized_header"]));
    assert_eq!(
        store.finalized_header().beacon.hash_tree_root(),
        root(&updates[2]["collector_check"]["finalized_header_root"])
    );
    // The finality-only update of the same slot is valid but finalizes nothing new.
    let fourth = update(&updates[3], Fork::Deneb);
    let before = store.finalized_header().clone();
    store.process_update(&fourth, fourth.signature_slot).unwrap();
    assert_eq!(*store.finalized_header(), before);

    // An older update, replayed: not relevant any more.
    let mut replay = store.clone();
    assert_eq!(
        replay.process_update(&second, second.signature_slot + 20_000),
        Err(LightClientError::SignaturePeriod { store_period: 1, signature_period: 0 })
    );
    assert_eq!(replay, store);
}

/// The store as bytes ([`LightClientStore::to_bytes`], what a canister keeps in stable memory)
/// and back after every update of the devnet: the bytes come back the same, and the store read
/// back is the one that follows the chain, to the same headers and committees.
#[test]
fn the_store_follows_the_devnet_through_its_bytes() {
    let Some(sets) = datasets("snowbridge.json") else { return };
    let (ds, config) = sets.iter().find(|(d, _)| d["id"] == "snowbridge_local_deneb").expect("the Deneb devnet");
    let mut direct = store_of(ds, config);
    let mut through_bytes = direct.clone();
    for u in ds["updates"].as_array().unwrap() {
        let u = update(u, Fork::Deneb);
        direct.process_update(&u, u.signature_slot).unwrap();
        through_bytes.process_update(&u, u.signature_slot).unwrap();
        let bytes = through_bytes.to_bytes();
        through_bytes = LightClientStore::from_bytes(&bytes).unwrap();
        assert_eq!(through_bytes.to_bytes(), bytes);
        assert_eq!(through_bytes.finalized_header().beacon, direct.finalized_header().beacon);
        assert_eq!(through_bytes.optimistic_header().beacon, direct.optimistic_header().beacon);
        assert_eq!(through_bytes.current_sync_committee_root(), direct.current_sync_committee_root());
        assert_eq!(through_bytes.next_sync_committee_root(), direct.next_sync_committee_root());
        assert_eq!(through_bytes.best_valid_update().is_some(), direct.best_valid_update().is_some());
        assert_eq!(through_bytes.safety_threshold(), direct.safety_threshold());
    }
    assert_eq!(through_bytes.current_period(), 1);

    // Bytes of another layout, cut short, or with a key off the curve are refused by name.
    let bytes = direct.to_bytes();
    let refused = |bytes: &[u8]| LightClientStore::from_bytes(bytes).unwrap_err();
    // Cut short: the last variable field, the optimistic header, loses its end.
    assert!(matches!(refused(&bytes[..bytes.len() - 1]).reason, SszRule::Length { .. }));
    let short = refused(&bytes[..100]);
    assert_eq!((short.field, matches!(short.reason, SszRule::Length { .. })), ("LightClientStore", true));
    let mut other_version = bytes.clone();
    other_version[0] = 2;
    assert_eq!((refused(&other_version).field, refused(&other_version).reason), ("version", SszRule::Invalid));
    let mut off_curve = bytes.clone();
    // The fixed part: version, network, flag, the finalized header's offset; then the current
    // committee's root and sum, then its first key (x, y): a byte of its y.
    off_curve[1 + 108 + 1 + 4 + 32 + 96 + 60] ^= 1;
    assert_eq!((refused(&off_curve).field, refused(&off_curve).reason), ("current_sync_committee", SszRule::Invalid));
}

#[test]
fn the_store_follows_the_devnet_from_ssz_bytes_as_from_json() {
    let Some(sets) = datasets("snowbridge.json") else { return };
    let (ds, config) = sets.iter().find(|(d, _)| d["id"] == "snowbridge_local_deneb").expect("the Deneb devnet");
    let mut from_json = store_of(ds, config);
    // The bootstrap and updates as a relayer sends them: SSZ in Deneb's shape, where a beacon
    // header alone carries an empty execution part.
    let b = bootstrap(&ds["bootstrap"]);
    let b = LightClientBootstrap::from_ssz_bytes(&b.to_ssz_bytes(Fork::Deneb), Fork::Deneb).unwrap();
    assert!(b.header.execution.is_some());
    let trusted = root(&ds["bootstrap"]["collector_check"]["header_root"]);
    let mut from_bytes = LightClientStore::initialize(config.clone(), &trusted, &b, false).unwrap();
    // The spec's rule refuses such a header: its empty execution part is not proven.
    assert_eq!(
        LightClientStore::initialize(config.clone(), &trusted, &b, true),
        Err(LightClientError::InvalidHeader { header: "header" })
    );
    for u in ds["updates"].as_array().unwrap() {
        let direct = update(u, Fork::Deneb);
        let decoded = LightClientUpdate::from_ssz_bytes(&direct.to_ssz_bytes(Fork::Deneb), Fork::Deneb).unwrap();
        from_json.process_update(&direct, direct.signature_slot).unwrap();
        from_bytes.process_update(&decoded, decoded.signature_slot).unwrap();
        assert_eq!(from_bytes.finalized_header().beacon, from_json.finalized_header().beacon);
        assert_eq!(from_bytes.next_sync_committee_root(), from_json.next_sync_committee_root());
    }
    assert_eq!(from_bytes.current_period(), 1);
}

/// A store and two valid updates of it, for the attacks below (Goerli, Capella, period 636):
/// one bringing the next committee, one with a newer header and no committee.
fn goerli_capella() -> Option<(LightClientStore, LightClientUpdate, LightClientUpdate)> {
    let sets = datasets("snowbridge.json")?;
    let (ds, config) = sets.into_iter().find(|(d, _)| d["id"] == "snowbridge_goerli_capella_p636")?;
    let (u, newer) = (&ds["updates"][0], &ds["updates"][1]);
    Some((store_of(&ds, &config), update(u, fork_of(&config, u)), update(newer, fork_of(&config, newer))))
}

/// Processes `update` on a copy of `store`, expects `error`, and that the copy is unchanged.
fn refused(store: &LightClientStore, update: &LightClientUpdate, current_slot: u64, error: LightClientError) {
    let mut copy = store.clone();
    assert_eq!(copy.process_update(update, current_slot), Err(error));
    assert_eq!(&copy, store, "a refused update changed the store");
}

#[test]
fn attacks_fail_closed() {
    let Some((store, good, newer)) = goerli_capella() else { return };
    let now = good.signature_slot;
    store.clone().process_update(&good, now).expect("the base update is valid");
    store.clone().process_update(&newer, newer.signature_slot).expect("the newer update is valid");
    assert!(
        !newer.is_sync_committee_update() && newer.attested_header.beacon.slot > store.finalized_header().beacon.slot
    );

    // A wrong next-committee branch, and a committee that is not the state's.
    let mut bad = good.clone();
    bad.next_sync_committee_branch[2][0] ^= 1;
    refused(&store, &bad, now, LightClientError::NextCommitteeBranch);
    let mut bad = good.clone();
    bad.next_sync_committee.pubkeys.swap(0, 1);
    refused(&store, &bad, now, LightClientError::NextCommitteeBranch);
    // Without its branch, the update is no committee update, and older than the store's header.
    let mut bad = good.clone();
    bad.next_sync_committee_branch.iter_mut().for_each(|n| *n = [0; 32]);
    refused(&store, &bad, now, LightClientError::NotRelevant);
    // A committee slipped into a newer header's update without a branch.
    let mut bad = newer.clone();
    bad.next_sync_committee = good.next_sync_committee.clone();
    refused(&store, &bad, newer.signature_slot, LightClientError::NextCommitteeNotEmpty);
    // A wrong finality branch, and a finalized header that is not the state's.
    let mut bad = good.clone();
    bad.finality_branch[3][31] ^= 1;
    refused(&store, &bad, now, LightClientError::FinalityBranch);
    let mut bad = good.clone();
    bad.finalized_header.beacon.proposer_index += 1;
    refused(&store, &bad, now, LightClientError::FinalityBranch);
    // The attested header changed: the signature no longer covers it.
    let mut bad = good.clone();
    bad.attested_header.beacon.body_root[0] ^= 1;
    refused(&store, &bad, now, LightClientError::Signature(SyncError::InvalidSignature));
    // Too few participants: bits cleared (the signature then does not verify), or none.
    let mut bad = good.clone();
    let byte = bad.sync_aggregate.sync_committee_bits.iter().position(|b| *b != 0).unwrap();
    bad.sync_aggregate.sync_committee_bits[byte] = 0;
    refused(&store, &bad, now, LightClientError::Signature(SyncError::InvalidSignature));
    let mut bad = good.clone();
    bad.sync_aggregate.sync_committee_bits = [0; 64];
    refused(&store, &bad, now, LightClientError::NoParticipants);
    // A signature that is not a point.
    let mut bad = good.clone();
    bad.sync_aggregate.sync_committee_signature = [0xff; 96];
    assert!(matches!(
        store.clone().process_update(&bad, now),
        Err(LightClientError::Signature(SyncError::Signature(_)))
    ));
    // Slots out of order, or an update from the future.
    let mut bad = good.clone();
    bad.signature_slot = bad.attested_header.beacon.slot;
    assert!(matches!(store.clone().process_update(&bad, now), Err(LightClientError::SlotOrder { .. })));
    assert!(matches!(store.clone().process_update(&good, now - 1), Err(LightClientError::SlotOrder { .. })));
    // A signature from a later period than the store can check (skipping a committee).
    let mut bad = good.clone();
    bad.signature_slot += 2 * 8192;
    refused(
        &store,
        &bad,
        bad.signature_slot,
        LightClientError::SignaturePeriod {
            store_period: store.current_period(),
            signature_period: store.current_period() + 2,
        },
    );
}

#[test]
fn a_wrong_fork_schedule_or_network_is_refused() {
    let Some((_, good, _)) = goerli_capella() else { return };
    let now = good.signature_slot;
    let sets = datasets("snowbridge.json").unwrap();
    let (ds, config) = sets.into_iter().find(|(d, _)| d["id"] == "snowbridge_goerli_capella_p636").unwrap();
    // Capella's version swapped for Bellatrix's: every signature fails.
    let mut wrong = config.clone();
    wrong.forks[Fork::Capella as usize].0 = wrong.forks[Fork::Bellatrix as usize].0;
    let trusted = root(&ds["bootstrap"]["collector_check"]["header_root"]);
    let mut other = LightClientStore::initialize(wrong, &trusted, &bootstrap(&ds["bootstrap"]), false).unwrap();
    assert_eq!(other.process_update(&good, now), Err(LightClientError::Signature(SyncError::InvalidSignature)));
    // Another network's genesis validators root (mainnet's for Goerli's data).
    let mut wrong = config.clone();
    wrong.genesis_validators_root = MAINNET.genesis_validators_root;
    let mut other = LightClientStore::initialize(wrong, &trusted, &bootstrap(&ds["bootstrap"]), false).unwrap();
    assert_eq!(other.process_update(&good, now), Err(LightClientError::Signature(SyncError::InvalidSignature)));
    // A bootstrap the client does not trust, or whose committee is not the state's.
    let mut untrusted = trusted;
    untrusted[0] ^= 1;
    assert_eq!(
        LightClientStore::initialize(config.clone(), &untrusted, &bootstrap(&ds["bootstrap"]), false),
        Err(LightClientError::UntrustedBootstrap)
    );
    let mut b = bootstrap(&ds["bootstrap"]);
    b.current_sync_committee.pubkeys.swap(0, 1);
    assert_eq!(
        LightClientStore::initialize(config.clone(), &trusted, &b, false),
        Err(LightClientError::CurrentCommitteeBranch)
    );
    // The spec's rule: a Capella header needs its execution part.
    assert_eq!(
        LightClientStore::initialize(config, &trusted, &bootstrap(&ds["bootstrap"]), true),
        Err(LightClientError::InvalidHeader { header: "header" })
    );
}

#[test]
fn execution_headers_match_this_tests_ssz_and_are_proven_under_the_body_root() {
    let mut checked = 0;
    for file in ["snowbridge.json", "rainbow_bridge.json"] {
        let Some(sets) = datasets(file) else { return };
        for (ds, config) in &sets {
            let mut headers = Vec::new();
            for u in ds["updates"].as_array().unwrap() {
                for side in ["attested", "finalized"] {
                    let e = u.get(format!("{side}_execution")).filter(|e| !e.is_null());
                    if let Some(e) = e {
                        headers.push((
                            u[&format!("{side}_header")].clone(),
                            e.clone(),
                            u[&format!("{side}_execution_branch")].clone(),
                        ));
                    }
                }
            }
            for ep in ds["execution_proofs"].as_array().into_iter().flatten() {
                headers.push((ep["header"].clone(), ep["execution_header"].clone(), ep["execution_branch"].clone()));
            }
            for (beacon, e, branch) in headers {
                let h = lc_header(&beacon, Some((&e, &branch)));
                let fork = config.fork_at_slot(h.beacon.slot).unwrap();
                let name = if fork >= Fork::Deneb { "deneb" } else { fork.name() };
                let ours = execution_header_root(&e, name);
                assert_eq!(h.execution_root(config), ours, "{}", ds["id"]);
                assert!(h.is_valid(config, true), "{}: the execution branch does not verify", ds["id"]);
                // Its execution root changed, or its blob fields set before Deneb: invalid.
                let mut bad = h.clone();
                bad.execution.as_mut().unwrap().block_number += 1;
                assert!(!bad.is_valid(config, true));
                // `extra_data` past its 32-byte limit (a header built in code) is invalid.
                let mut long = h.clone();
                long.execution.as_mut().unwrap().extra_data = vec![0; 33];
                assert!(!long.is_valid(config, true) && !long.is_valid(config, false));
                // Through SSZ and back, in its fork's shape.
                let bytes = h.to_ssz_bytes(fork);
                assert_eq!(LightClientHeader::from_ssz_bytes(&bytes, fork), Ok(h.clone()));
                checked += 1;
            }
        }
    }
    assert!(checked >= 9, "{checked} execution headers");
}

/// A header as it decodes in `fork`'s shape: from Capella on, one given without its execution
/// part (beacon-only data) carries an empty one.
fn shaped(mut h: LightClientHeader, fork: Fork) -> LightClientHeader {
    if fork.has_execution() && h.execution.is_none() {
        h.execution = Some(ExecutionPayloadHeader::empty());
    }
    h
}

#[test]
fn every_update_goes_through_ssz_and_back_in_its_forks_shape() {
    let mut checked = 0;
    for file in ["snowbridge.json", "rainbow_bridge.json"] {
        let Some(sets) = datasets(file) else { return };
        for (ds, config) in &sets {
            for u in ds["updates"].as_array().unwrap() {
                let fork = fork_of(config, u);
                let mut lc = update(u, fork);
                lc.attested_header = shaped(lc.attested_header, fork);
                lc.finalized_header = shaped(lc.finalized_header, fork);
                let bytes = lc.to_ssz_bytes(fork);
                assert_eq!(LightClientUpdate::from_ssz_bytes(&bytes, fork).as_ref(), Ok(&lc), "{}", u["id"]);
                // The branch depths are the fork's: Electra's update does not decode as Deneb's.
                if fork >= Fork::Electra {
                    assert!(LightClientUpdate::from_ssz_bytes(&bytes, Fork::Deneb).is_err());
                }
                let finality = LightClientFinalityUpdate {
                    attested_header: lc.attested_header.clone(),
                    finalized_header: lc.finalized_header.clone(),
                    finality_branch: lc.finality_branch.clone(),
                    sync_aggregate: lc.sync_aggregate.clone(),
                    signature_slot: lc.signature_slot,
                };
                let bytes = finality.to_ssz_bytes(fork);
                assert_eq!(LightClientFinalityUpdate::from_ssz_bytes(&bytes, fork), Ok(finality));
                let optimistic = LightClientOptimisticUpdate {
                    attested_header: lc.attested_header.clone(),
                    sync_aggregate: lc.sync_aggregate.clone(),
                    signature_slot: lc.signature_slot,
                };
                let bytes = optimistic.to_ssz_bytes(fork);
                assert_eq!(LightClientOptimisticUpdate::from_ssz_bytes(&bytes, fork), Ok(optimistic));
                checked += 1;
            }
            if !ds["bootstrap"].is_null() {
                let fork = config.fork_at_slot(number(&ds["bootstrap"]["header"]["slot"])).unwrap();
                let mut b = bootstrap(&ds["bootstrap"]);
                b.header = shaped(b.header, fork);
                assert_eq!(LightClientBootstrap::from_ssz_bytes(&b.to_ssz_bytes(fork), fork), Ok(b));
            }
        }
    }
    assert!(checked >= 40, "{checked} updates");
}

#[test]
fn garbage_ssz_is_refused_with_the_field_and_rule() {
    let Some(sets) = datasets("rainbow_bridge.json") else { return };
    let (ds, config) = &sets[1];
    let u = &ds["updates"][0];
    let fork = fork_of(config, u);
    assert!(fork.has_execution());
    let bytes = update(u, fork).to_ssz_bytes(fork);
    // No truncation decodes to the update (one that only shortens the last header's
    // `extra_data` is still an encoding, of another update); none panics.
    let original = update(u, fork);
    for len in (0..bytes.len()).step_by(97).chain([bytes.len() - 1]) {
        assert_ne!(
            LightClientUpdate::from_ssz_bytes(&bytes[..len], fork).ok().as_ref(),
            Some(&original),
            "{len} bytes"
        );
    }
    // Bytes past the end lengthen the last header's `extra_data`, past its limit here.
    let mut longer = bytes.clone();
    longer.extend_from_slice(&[0; 33]);
    let e = LightClientUpdate::from_ssz_bytes(&longer, fork).unwrap_err();
    assert_eq!(e.field, "extra_data");
    // The first offset (the attested header's) must be the fixed part's length.
    let mut bad = bytes.clone();
    bad[0] ^= 1;
    let e = LightClientUpdate::from_ssz_bytes(&bad, fork).unwrap_err();
    assert_eq!(e.field, "attested_header");
    assert!(matches!(e.reason, SszRule::FirstOffset { .. }), "{e}");
    // The finalized header's offset past the end.
    let fixed = u32::from_le_bytes(bytes[..4].try_into().unwrap()) as usize;
    let at = 4 + 24_624 + 32 * 6;
    assert!(at + 4 <= fixed);
    let mut bad = bytes.clone();
    bad[at..at + 4].copy_from_slice(&(bytes.len() as u32 + 1).to_le_bytes());
    assert!(matches!(LightClientUpdate::from_ssz_bytes(&bad, fork).unwrap_err().reason, SszRule::Offset { .. }));
    // `extra_data` longer than 32 bytes.
    let mut h = update(u, fork).attested_header;
    h.execution.as_mut().unwrap().extra_data = vec![1; 33];
    let e = LightClientHeader::from_ssz_bytes(&h.to_ssz_bytes(fork), fork).unwrap_err();
    assert_eq!((e.field, e.reason), ("extra_data", SszRule::TooLong { limit: 32, given: 33 }));
    // Random bytes of every length up to a header's: an error, never a panic.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for len in 0..700 {
        let noise: Vec<u8> = (0..len)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        let _ = LightClientHeader::from_ssz_bytes(&noise, fork);
        let _ = LightClientOptimisticUpdate::from_ssz_bytes(&noise, fork);
        assert!(BeaconBlockHeader::from_ssz_bytes(&noise).is_ok() == (len == 112));
    }
}

#[test]
fn the_networks_fork_schedules() {
    // Every network signs an Altair-or-later aggregate under the version of signature_slot - 1.
    for (config, electra) in [(&MAINNET, 364_032u64), (&SEPOLIA, 222_464), (&HOLESKY, 115_968), (&HOODI, 2_048)] {
        let slot = electra * 32;
        assert_eq!(config.fork_at_slot(slot), Some(Fork::Electra));
        assert_eq!(config.fork_at_slot(slot - 1), Some(Fork::Deneb));
        assert_eq!(config.signature_fork_version(slot), config.forks[Fork::Deneb as usize].0);
        assert_eq!(config.signature_fork_version(slot + 1), config.forks[Fork::Electra as usize].0);
        for pair in config.forks.windows(2) {
            assert!(pair[0].1 <= pair[1].1);
        }
    }
    assert_eq!(MAINNET.fork_at_slot(74_240 * 32 - 1), None);
    assert_eq!(sync_committee_period_at_slot(8191), 0);
    assert_eq!(SEPOLIA.genesis_validators_root[..4], [0xd8, 0xea, 0x17, 0x1f]);
}
