//! Ethereum sync-committee aggregates: a real mainnet update (helios test data, see
//! `sync_committee/PROVENANCE.md` of the public vectors) and its mutations, then aggregates built here
//! with random participation over a committee of our own keys, checked against `blst`'s
//! `FastAggregateVerify` on the same signing root.

use icbls_testkit::library as common;

use common::Rng;
use icbls::bls::{min_pk, SecretKey};
use icbls::sync_committee::{
    compute_domain, compute_signing_root, is_valid_merkle_branch, mainnet_fork_version, sync_committee_root,
    BeaconBlockHeader, SyncCommittee, SyncError, DOMAIN_SYNC_COMMITTEE, MAINNET_GENESIS_VALIDATORS_ROOT,
    SYNC_COMMITTEE_SIZE,
};
use icbls::{DecodeError, Fr};
use icbls_testkit::beacon::{header, number, root};
use icbls_testkit::vectors::json_hex as hex;
use serde_json::Value;

struct Update {
    committee: Vec<Vec<u8>>,
    aggregate_key: Vec<u8>,
    header: BeaconBlockHeader,
    header_root: [u8; 32],
    signing_root: [u8; 32],
    bits: Vec<u8>,
    signature: Vec<u8>,
    signature_slot: u64,
    fork_version: [u8; 4],
}

/// The update's file, or `None` when the public vectors are absent (the test is skipped).
fn mainnet_update_json() -> Option<Value> {
    common::vector_json("sync_committee/mainnet_capella_update.json")
}

fn mainnet_update() -> Option<Update> {
    let v = mainnet_update_json()?;
    let h = &v["attested_header"];
    assert_eq!(root(&v["genesis_validators_root"]), MAINNET_GENESIS_VALIDATORS_ROOT);
    Some(Update {
        committee: v["committee"].as_array().unwrap().iter().map(hex).collect(),
        aggregate_key: hex(&v["aggregate_pubkey"]),
        header: header(h),
        header_root: root(&v["attested_header_root"]),
        signing_root: root(&v["signing_root"]),
        bits: hex(&v["sync_committee_bits"]),
        signature: hex(&v["sync_committee_signature"]),
        signature_slot: number(&v["signature_slot"]),
        fork_version: hex(&v["fork_version"]).try_into().unwrap(),
    })
}

#[test]
fn a_mainnet_update_verifies_and_its_mutations_do_not() {
    let Some(u) = mainnet_update() else { return };
    let gvr = MAINNET_GENESIS_VALIDATORS_ROOT;
    assert_eq!(u.header.hash_tree_root(), u.header_root);
    let domain = compute_domain(DOMAIN_SYNC_COMMITTEE, u.fork_version, &gvr);
    assert_eq!(compute_signing_root(&u.header_root, &domain), u.signing_root);
    assert_eq!(mainnet_fork_version(u.signature_slot), u.fork_version);
    let committee = SyncCommittee::from_compressed(&u.committee).unwrap();
    assert_eq!(committee.aggregate_key().to_compressed().to_vec(), u.aggregate_key);
    let verify = |bits: &[u8], sig: &[u8], header: &BeaconBlockHeader, fork: [u8; 4]| {
        committee.verify(bits, sig, header, fork, &gvr)
    };
    assert_eq!(verify(&u.bits, &u.signature, &u.header, u.fork_version), Ok(511));

    // One participation bit flipped either way, another header, another fork, another network.
    for i in [0, 7, 300, 511] {
        let mut bits = u.bits.clone();
        bits[i / 8] ^= 1 << (i % 8);
        assert_eq!(verify(&bits, &u.signature, &u.header, u.fork_version), Err(SyncError::InvalidSignature), "bit {i}");
    }
    let later = BeaconBlockHeader { slot: u.header.slot + 1, ..u.header };
    assert_eq!(verify(&u.bits, &u.signature, &later, u.fork_version), Err(SyncError::InvalidSignature));
    assert_eq!(verify(&u.bits, &u.signature, &u.header, [2, 0, 0, 0]), Err(SyncError::InvalidSignature));
    assert_eq!(
        committee.verify(&u.bits, &u.signature, &u.header, u.fork_version, &[0; 32]),
        Err(SyncError::InvalidSignature)
    );

    // Malformed input: each error names what is wrong.
    assert_eq!(
        verify(&u.bits[..63], &u.signature, &u.header, u.fork_version),
        Err(SyncError::ParticipationLength { given: 63 })
    );
    assert_eq!(verify(&[0; 64], &u.signature, &u.header, u.fork_version), Err(SyncError::NoParticipants));
    assert!(matches!(
        verify(&u.bits, &u.signature[..95], &u.header, u.fork_version),
        Err(SyncError::Signature(DecodeError::WrongLength { .. }))
    ));
    let mut not_on_curve = u.signature.clone();
    not_on_curve[95] ^= 1;
    assert!(matches!(verify(&u.bits, &not_on_curve, &u.header, u.fork_version), Err(SyncError::Signature(_))));
    // On the curve but outside G2 (the check read off the signature's lines), and the identity.
    let outside = (1u8..=255)
        .map(|x| {
            let mut b = vec![0u8; 96];
            b[0] = 0x80;
            b[95] = x;
            b
        })
        .find(|b| matches!(icbls::G2Affine::from_compressed(b), Err(DecodeError::NotInSubgroup { .. })))
        .unwrap();
    assert!(matches!(
        verify(&u.bits, &outside, &u.header, u.fork_version),
        Err(SyncError::Signature(DecodeError::NotInSubgroup { .. }))
    ));
    let mut identity_signature = vec![0u8; 96];
    identity_signature[0] = 0xc0;
    assert_eq!(verify(&u.bits, &identity_signature, &u.header, u.fork_version), Err(SyncError::InvalidSignature));
    assert_eq!(SyncCommittee::from_compressed(&u.committee[..511]), Err(SyncError::CommitteeSize { given: 511 }));
    let mut bad = u.committee.clone();
    bad[7][47] ^= 1;
    assert!(matches!(SyncCommittee::from_compressed(&bad), Err(SyncError::PublicKey { index: 7, .. })));
    let mut identity = u.committee.clone();
    identity[9] = {
        let mut b = vec![0u8; 48];
        b[0] = 0xc0;
        b
    };
    assert!(matches!(SyncCommittee::from_compressed(&identity), Err(SyncError::PublicKey { index: 9, .. })));
}

#[test]
fn mainnet_fork_versions_switch_at_their_epochs() {
    // The version of the epoch of signature_slot - 1 (compute_fork_version).
    let first_slot = |epoch: u64| epoch * 32;
    assert_eq!(mainnet_fork_version(first_slot(74_240)), [0, 0, 0, 0]);
    assert_eq!(mainnet_fork_version(first_slot(74_240) + 1), [1, 0, 0, 0]);
    assert_eq!(mainnet_fork_version(first_slot(194_048) + 1), [3, 0, 0, 0]);
    assert_eq!(mainnet_fork_version(first_slot(269_568)), [3, 0, 0, 0]);
    assert_eq!(mainnet_fork_version(first_slot(269_568) + 1), [4, 0, 0, 0]);
    assert_eq!(mainnet_fork_version(first_slot(364_032) + 1), [5, 0, 0, 0]);
    assert_eq!(mainnet_fork_version(first_slot(411_392) + 1), [6, 0, 0, 0]);
    assert_eq!(mainnet_fork_version(0), [0, 0, 0, 0]);
    assert_eq!(mainnet_fork_version(u64::MAX), [6, 0, 0, 0]);
}

#[test]
fn random_participation_against_blst() {
    let mut rng = Rng::new(0x5c);
    let secrets: Vec<Fr> = (0..SYNC_COMMITTEE_SIZE).map(|_| common::scalar(&mut rng)).collect();
    let keys: Vec<SecretKey> = secrets.iter().map(|s| SecretKey::from_bytes(&s.to_bytes()).unwrap()).collect();
    let public: Vec<[u8; 48]> = keys.iter().map(|k| min_pk::PublicKey::from_secret_key(k).to_bytes()).collect();
    let committee = SyncCommittee::from_compressed(&public).unwrap();
    let gvr = [0x42; 32];
    for (round, participants) in [512usize, 400, 342, 257, 256, 1].into_iter().enumerate() {
        let header = BeaconBlockHeader {
            slot: 9_000_000 + round as u64,
            proposer_index: rng.next_u64() % 1_000_000,
            parent_root: [round as u8; 32],
            state_root: [1; 32],
            body_root: [2; 32],
        };
        // `participants` members chosen at random.
        let mut order: Vec<usize> = (0..SYNC_COMMITTEE_SIZE).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        let mut bits = [0u8; 64];
        for &i in &order[..participants] {
            bits[i / 8] |= 1 << (i % 8);
        }
        let fork = [4, 0, 0, 0];
        let signing_root =
            compute_signing_root(&header.hash_tree_root(), &compute_domain(DOMAIN_SYNC_COMMITTEE, fork, &gvr));
        // The aggregate signature is the signature of the participants' summed secret.
        let sum = order[..participants].iter().fold(Fr::ZERO, |acc, &i| acc + secrets[i]);
        let signature = min_pk::sign(&SecretKey::from_bytes(&sum.to_bytes()).unwrap(), &signing_root).to_bytes();
        assert_eq!(
            committee.verify(&bits, &signature, &header, fork, &gvr),
            Ok(participants),
            "{participants} participants"
        );
        // blst agrees on the same keys, root and signature.
        let their_keys: Vec<blst::min_pk::PublicKey> =
            order[..participants].iter().map(|&i| blst::min_pk::PublicKey::from_bytes(&public[i]).unwrap()).collect();
        let refs: Vec<&blst::min_pk::PublicKey> = their_keys.iter().collect();
        let sig = blst::min_pk::Signature::from_bytes(&signature).unwrap();
        assert_eq!(sig.fast_aggregate_verify(true, &signing_root, min_pk::DST, &refs), blst::BLST_ERROR::BLST_SUCCESS);
        // Another header is refused by both.
        let other = BeaconBlockHeader { body_root: [3; 32], ..header };
        assert_eq!(committee.verify(&bits, &signature, &other, fork, &gvr), Err(SyncError::InvalidSignature));
    }
}

/// The committee's SSZ root, from the library, equals the root the bootstrap's Merkle branch
/// proves under the beacon state's root; a changed key, aggregate, sibling or index does not.
#[test]
fn the_committee_root_is_proven_by_the_bootstrap_branch() {
    let Some(v) = mainnet_update_json() else { return };
    let Some(u) = mainnet_update() else { return };
    let expected = root(&v["committee_root"]);
    let state_root = root(&v["bootstrap_header_state_root"]);
    let branch: Vec<[u8; 32]> = v["current_sync_committee_branch"].as_array().unwrap().iter().map(root).collect();
    let gindex = v["current_sync_committee_gindex"].as_u64().unwrap();
    let depth = gindex.ilog2();
    let index = gindex - (1 << depth);

    let committee = SyncCommittee::from_compressed(&u.committee).unwrap();
    assert_eq!(committee.hash_tree_root(), expected);
    let keys: Vec<[u8; 48]> = u.committee.iter().map(|k| k.as_slice().try_into().unwrap()).collect();
    let aggregate: [u8; 48] = u.aggregate_key.as_slice().try_into().unwrap();
    assert_eq!(sync_committee_root(&keys, &aggregate), expected);
    assert!(is_valid_merkle_branch(&expected, &branch, depth, index, &state_root));

    let mut swapped = keys.clone();
    swapped.swap(0, 1);
    assert_ne!(sync_committee_root(&swapped, &aggregate), expected);
    assert_ne!(sync_committee_root(&keys, &keys[0]), expected);
    assert!(!is_valid_merkle_branch(&expected, &branch, depth, index ^ 1, &state_root));
    assert!(!is_valid_merkle_branch(&expected, &branch, depth, index + (1 << branch.len()), &state_root));
    assert!(!is_valid_merkle_branch(&expected, &branch[..4], depth, index, &state_root));
    // A branch one level longer, read at its own depth, proves the leaf at another generalized
    // index: at the container's depth it is refused.
    let mut longer = branch.clone();
    longer.push([0; 32]);
    assert!(!is_valid_merkle_branch(&expected, &longer, depth, index, &state_root));
    assert!(!is_valid_merkle_branch(&expected, &branch, depth + 1, index, &state_root));
    let mut bent = branch.clone();
    bent[2][0] ^= 1;
    assert!(!is_valid_merkle_branch(&expected, &bent, depth, index, &state_root));
}
