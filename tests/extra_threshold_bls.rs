//! The extra threshold BLS family (`extra/threshold_bls` in the public vectors; its
//! PROVENANCE.md gives the sources): ssv-spec's key sets and partial-signature spec tests
//! (Ethereum min-pk, shares at x = operator id), through `icbls::bls::threshold`.
//!
//! - `ssv_shamir_key_sets.json`, each of its 4 key sets (4/3, 7/5, 10/7, 13/9 shares and
//!   threshold): the validator key is `SkToPk` of the validator secret; the share public keys,
//!   interpolated at zero by [`combine`] (which interpolates any points of G1 given as
//!   `min_sig` signatures), give the validator key from every threshold-size subset of shares
//!   (all of them: 4, 21, 120 and 715 subsets), and `threshold - 1` shares give another point;
//!   fewer shares than the threshold are `TooFewShares`.
//! - `ssv_partial_sig_reconstruction.json`, each of its 5 cases: every partial signature is
//!   icbls's own signature (`min_pk::sign`, deterministic) with the signer's share, byte for
//!   byte, and verifies under the share's key, except signer 2's in `invalid` (signer 1's
//!   signature presented as signer 2's); the container's rules (a repeated signer counts once,
//!   quorum = distinct signers ≥ `quorum`) are applied here, as ssv does before it calls
//!   herumi's `Recover`; [`combine`] then gives the expected signature byte for byte, and it
//!   verifies under the validator key (`min_pk::verify`, the POP ciphersuite); below quorum
//!   `combine` says `TooFewShares`, and the `invalid` combination does not verify (the file's
//!   error code 32). `combine` given the raw list with its repeated signer refuses it
//!   (`DuplicateIndex`) rather than interpolating a repeated point.
//!
//! Every case is counted against the files' numbers; none is left unchecked (see
//! [`NOT_REPRESENTABLE`]).

use icbls_testkit::library as common;

use common::{hex, vector_json};
use icbls::bls::threshold::{combine, ShareIndex, ThresholdError};
use icbls::bls::{min_pk, min_sig, BlsError, SecretKey};
use serde_json::Value;
use std::collections::BTreeMap;

/// Key sets in `ssv_shamir_key_sets.json`, reconstruction cases in
/// `ssv_partial_sig_reconstruction.json` (PROVENANCE.md).
const KEY_SETS: usize = 4;
const RECONSTRUCTION_CASES: usize = 5;

/// Cases that today's API cannot express: none (the container's deduplication and quorum
/// count are the application's, done here before `combine`).
const NOT_REPRESENTABLE: &[(&str, &str)] = &[];

fn file(name: &str) -> Option<Value> {
    vector_json(&format!("extra/threshold_bls/{name}"))
}

/// A key set's shares by operator id (the evaluation point).
fn shares(set: &Value) -> BTreeMap<u64, SecretKey> {
    set["shares"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(id, sk)| {
            let id: u64 = id.parse().unwrap();
            (id, SecretKey::from_bytes(&hex(sk)).unwrap_or_else(|e| panic!("share {id}: {e}")))
        })
        .collect()
}

/// Every `t`-subset of `0..n` (as index lists), in lexicographic order.
fn subsets(n: usize, t: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current: Vec<usize> = (0..t).collect();
    loop {
        out.push(current.clone());
        let Some(i) = (0..t).rev().find(|&i| current[i] != i + n - t) else { return out };
        current[i] += 1;
        for j in i + 1..t {
            current[j] = current[j - 1] + 1;
        }
    }
}

#[test]
fn ssv_shamir_key_sets() {
    let Some(json) = file("ssv_shamir_key_sets.json") else { return };
    let sets = json["key_sets"].as_object().unwrap();
    let (mut checked, mut named) = (0, 0);
    for (name, set) in sets {
        if let Some((_, why)) = NOT_REPRESENTABLE.iter().find(|(n, _)| n == name) {
            println!("{name}: not representable: {why}");
            named += 1;
            continue;
        }
        let n = set["share_count"].as_u64().unwrap() as usize;
        let t = set["threshold"].as_u64().unwrap() as usize;
        let validator_pk = hex(&set["validator_pk"]);
        let sk = SecretKey::from_bytes(&hex(&set["validator_sk"])).unwrap();
        assert_eq!(min_pk::PublicKey::from_secret_key(&sk).to_bytes().to_vec(), validator_pk, "{name}: SkToPk");
        min_pk::PublicKey::from_bytes(&validator_pk).unwrap_or_else(|e| panic!("{name}: validator key: {e}"));

        let shares = shares(set);
        assert_eq!(shares.keys().copied().collect::<Vec<_>>(), (1..=n as u64).collect::<Vec<_>>(), "{name}: ids");
        // The share public keys as points of G1, which `combine` interpolates at zero (its
        // `min_sig` signatures are G1 points).
        let points: Vec<(ShareIndex, min_sig::Signature)> = shares
            .iter()
            .map(|(&id, share)| {
                let pk = min_pk::PublicKey::from_secret_key(share);
                (ShareIndex::new(id).unwrap(), min_sig::Signature::from_point(*pk.point()).unwrap())
            })
            .collect();

        let all = subsets(n, t);
        for subset in &all {
            let chosen: Vec<_> = subset.iter().map(|&i| points[i]).collect();
            let combined = combine(&chosen, t).unwrap_or_else(|e| panic!("{name} {subset:?}: {e}"));
            assert_eq!(combined.to_bytes().to_vec(), validator_pk, "{name}: shares {subset:?}");
        }
        // threshold - 1 shares: not the key (a few subsets), and too few for `combine`.
        for subset in subsets(n, t - 1).iter().step_by(7).take(8) {
            let chosen: Vec<_> = subset.iter().map(|&i| points[i]).collect();
            assert_ne!(combine(&chosen, t - 1).unwrap().to_bytes().to_vec(), validator_pk, "{name}: {subset:?}");
            assert_eq!(
                combine(&chosen, t),
                Err(ThresholdError::TooFewShares { threshold: t, given: t - 1 }),
                "{name}: {subset:?}"
            );
        }
        println!("{name}: {n} shares, threshold {t}: {} subsets interpolate to the validator key", all.len());
        checked += 1;
    }
    assert_eq!(checked + named, KEY_SETS, "every key set checked or named");
    assert_eq!(sets.len(), KEY_SETS, "the file's key sets");
    println!("key sets: {checked} checked, {named} not representable");
}

#[test]
fn ssv_partial_signature_reconstruction() {
    let Some(json) = file("ssv_partial_sig_reconstruction.json") else { return };
    let key_sets = file("ssv_shamir_key_sets.json").expect("the family is present");
    let cases = json["cases"].as_array().unwrap();
    let (mut checked, mut named) = (0, 0);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        if let Some((_, why)) = NOT_REPRESENTABLE.iter().find(|(n, _)| *n == name) {
            println!("{name}: not representable: {why}");
            named += 1;
            continue;
        }
        let set_name = case["key_set"].as_str().unwrap().split_whitespace().next().unwrap();
        let shares = shares(&key_sets["key_sets"][set_name]);
        let quorum = case["quorum"].as_u64().unwrap() as usize;
        let validator_pk = min_pk::PublicKey::from_bytes(&hex(&case["validator_pubkey"])).unwrap();

        let mut raw = Vec::new();
        let mut root = None;
        for partial in case["partial_signatures"].as_array().unwrap() {
            let signer = partial["signer"].as_u64().unwrap();
            let msg = hex(&partial["signing_root"]);
            assert_eq!(*root.get_or_insert_with(|| msg.clone()), msg, "{name}: one signing root");
            let bytes = hex(&partial["partial_signature"]);
            let sig = min_pk::Signature::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name} {signer}: {e}"));
            let share = &shares[&signer];
            let own = min_pk::verify(&min_pk::PublicKey::from_secret_key(share), &msg, &sig);
            // Signer 2's partial in `invalid` is signer 1's signature (PROVENANCE.md).
            if name == "invalid" && signer == 2 {
                assert_eq!(own, Err(BlsError::InvalidSignature), "{name}: signer {signer}");
            } else {
                assert_eq!(own, Ok(()), "{name}: signer {signer}");
                assert_eq!(min_pk::sign(share, &msg).to_bytes().to_vec(), bytes, "{name}: signer {signer} signs so");
            }
            raw.push((ShareIndex::new(signer).unwrap(), sig));
        }
        let root = root.expect("at least one partial signature");

        // The container keeps one signature per signer (the first).
        let mut distinct: Vec<(ShareIndex, min_pk::Signature)> = Vec::new();
        for &(index, sig) in &raw {
            if !distinct.iter().any(|(i, _)| *i == index) {
                distinct.push((index, sig));
            }
        }
        if distinct.len() < raw.len() && raw.len() >= quorum {
            // `combine` itself refuses a repeated index among those it uses.
            assert!(
                matches!(combine(&raw, raw.len()), Err(ThresholdError::DuplicateIndex { .. })),
                "{name}: combine on the raw list"
            );
        }
        let has_quorum = distinct.len() >= quorum;
        assert_eq!(has_quorum, case["expected_quorum"].as_bool().unwrap(), "{name}: quorum");

        let expected_code = case["expected_error_code"].as_u64().unwrap();
        let expected = case["expected_result"].as_str().map(|s| hex::decode(s).unwrap());
        let reconstructed = combine(&distinct, quorum);
        if !has_quorum {
            assert_eq!(
                reconstructed,
                Err(ThresholdError::TooFewShares { threshold: quorum, given: distinct.len() }),
                "{name}"
            );
            assert_eq!((expected_code, expected), (32, None), "{name}: below quorum, the file expects code 32");
        } else {
            let sig = reconstructed.unwrap_or_else(|e| panic!("{name}: {e}"));
            let verdict = min_pk::verify(&validator_pk, &root, &sig);
            match expected {
                Some(expected) => {
                    assert_eq!(sig.to_bytes().to_vec(), expected, "{name}: the reconstructed signature");
                    assert_eq!(verdict, Ok(()), "{name}: verifies under the validator key");
                    assert_eq!(expected_code, 0, "{name}");
                }
                None => {
                    assert_eq!(verdict, Err(BlsError::InvalidSignature), "{name}: must not verify");
                    assert_eq!(expected_code, 32, "{name}: ReconstructSignatureErrorCode");
                }
            }
        }
        println!("{name}: checked");
        checked += 1;
    }
    assert_eq!(checked + named, RECONSTRUCTION_CASES, "every case checked or named");
    assert_eq!(cases.len(), RECONSTRUCTION_CASES, "the file's cases");
    println!("reconstruction: {checked} checked, {named} not representable");
}
