//! drand beacons: every round of `drand/` in the public vectors (real rounds of quicknet and of the
//! default chained network, and tampered ones) through `icbls::drand`, each also checked with
//! `blst`; the chains' built-in constants against their published chain info; and every
//! error path.

use icbls_testkit::library as common;

use common::hex;
use icbls::bls::{min_pk, min_sig, BlsError, SecretKey};
use icbls::drand::{self, Chain, DrandError, Scheme};
use icbls::DecodeError;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// A network's file, or `None` when the public vectors are absent (the test is skipped).
fn network(name: &str) -> Option<Value> {
    common::vector_json(&format!("drand/{name}.json"))
}

/// drand's chain hash (`common/chain/info.go`, `Info.Hash`): SHA-256 of the period (u32),
/// the genesis time (i64), the key, the genesis seed and, for chains other than `default`,
/// the beacon ID.
fn chain_hash(info: &Value) -> Vec<u8> {
    let mut h = Sha256::new();
    h.update((info["period"].as_u64().unwrap() as u32).to_be_bytes());
    h.update(info["genesis_time"].as_i64().unwrap().to_be_bytes());
    h.update(hex(&info["public_key"]));
    h.update(hex(&info["genesis_seed"]));
    let id = info["beacon_id"].as_str().unwrap();
    if id != "default" {
        h.update(id.as_bytes());
    }
    h.finalize().to_vec()
}

#[test]
fn the_built_in_chains_are_the_published_ones() {
    let Some(quicknet) = network("quicknet") else { return };
    assert_eq!(hex(&quicknet["public_key"]), drand::QUICKNET_PUBLIC_KEY);
    assert_eq!(hex(&quicknet["chain_hash"]), drand::QUICKNET_CHAIN_HASH);
    assert_eq!(chain_hash(&quicknet), drand::QUICKNET_CHAIN_HASH);
    assert_eq!(quicknet["dst"].as_str().unwrap().as_bytes(), drand::DST_G1);
    assert_eq!(Scheme::from_id(quicknet["scheme"].as_str().unwrap()), Ok(Scheme::UnchainedG1));
    assert_eq!(Chain::quicknet().scheme(), Scheme::UnchainedG1);

    let Some(mainnet) = network("default") else { return };
    assert_eq!(hex(&mainnet["public_key"]), drand::MAINNET_PUBLIC_KEY);
    assert_eq!(hex(&mainnet["chain_hash"]), drand::MAINNET_CHAIN_HASH);
    assert_eq!(hex(&mainnet["genesis_seed"]), drand::MAINNET_GENESIS_SEED);
    assert_eq!(chain_hash(&mainnet), drand::MAINNET_CHAIN_HASH);
    assert_eq!(mainnet["dst"].as_str().unwrap().as_bytes(), drand::DST_G2);
    assert_eq!(Scheme::from_id(mainnet["scheme"].as_str().unwrap()), Ok(Scheme::ChainedG2));
    assert_eq!(Chain::mainnet().scheme(), Scheme::ChainedG2);
    for scheme in [Scheme::UnchainedG1, Scheme::ChainedG2, Scheme::UnchainedG2] {
        assert_eq!(Scheme::from_id(scheme.id()), Ok(scheme));
    }
}

/// The round's verdict by `blst`, with the network's groups, under `dst`.
fn blst_verifies(quicknet: bool, key: &[u8], msg: &[u8], sig: &[u8], dst: &[u8]) -> bool {
    use blst::BLST_ERROR::BLST_SUCCESS;
    if quicknet {
        let (Ok(pk), Ok(sig)) = (blst::min_sig::PublicKey::from_bytes(key), blst::min_sig::Signature::from_bytes(sig))
        else {
            return false;
        };
        sig.verify(true, msg, dst, &[], &pk, true) == BLST_SUCCESS
    } else {
        let (Ok(pk), Ok(sig)) = (blst::min_pk::PublicKey::from_bytes(key), blst::min_pk::Signature::from_bytes(sig))
        else {
            return false;
        };
        sig.verify(true, msg, dst, &[], &pk, true) == BLST_SUCCESS
    }
}

fn check_network(name: &str, chain: &Chain, real_rounds: usize) {
    let Some(info) = network(name) else { return };
    let quicknet = name == "quicknet";
    let key = hex(&info["public_key"]);
    let generic = Chain::new(Scheme::from_id(info["scheme"].as_str().unwrap()).unwrap(), &key).unwrap();
    let (mut real, mut tampered) = (0, 0);
    for beacon in info["beacons"].as_array().unwrap() {
        let id = beacon["id"].as_str().unwrap();
        let round = beacon["round"].as_u64().unwrap();
        let sig = hex(&beacon["signature"]);
        let previous = beacon.get("previous_signature").map(hex);
        let expected_valid = beacon["expected_valid"].as_bool().unwrap();
        let msg = drand::message(round, previous.as_deref().unwrap_or(&[]));
        let dst = beacon.get("dst_override").map_or(chain.scheme().dst(), |d| d.as_str().unwrap().as_bytes());
        assert_eq!(blst_verifies(quicknet, &key, &msg, &sig, dst), expected_valid, "{name} {id}: blst");
        if let Some(dst) = beacon.get("dst_override") {
            // A valid round, hashed with the other group's tag: refused under that tag.
            let dst = dst.as_str().unwrap().as_bytes();
            let under_dst = if quicknet {
                min_sig::verify_with_dst(
                    &min_sig::PublicKey::from_bytes(&key).unwrap(),
                    &msg,
                    &min_sig::Signature::from_bytes(&sig).unwrap(),
                    dst,
                )
            } else {
                min_pk::verify_with_dst(
                    &min_pk::PublicKey::from_bytes(&key).unwrap(),
                    &msg,
                    &min_pk::Signature::from_bytes(&sig).unwrap(),
                    dst,
                )
            };
            assert_eq!(under_dst, Err(BlsError::InvalidSignature), "{name} {id}");
            assert!(chain.verify(round, &sig, previous.as_deref()).is_ok(), "{name} {id}: under the chain's own tag");
            tampered += 1;
            continue;
        }
        let ours = chain.verify(round, &sig, previous.as_deref());
        assert_eq!(generic.verify(round, &sig, previous.as_deref()), ours, "{name} {id}: Chain::new");
        if expected_valid {
            assert_eq!(ours.map(|r| r.to_vec()), Ok(hex(&beacon["randomness"])), "{name} {id}");
            real += 1;
        } else {
            let checked = beacon["checked"].as_str().unwrap();
            let expected = if checked.contains("NOT in the prime-order subgroup") {
                let what = if quicknet { "G1 compressed point" } else { "G2 compressed point" };
                DrandError::Bls(BlsError::Signature(DecodeError::NotInSubgroup { what }))
            } else {
                DrandError::Bls(BlsError::InvalidSignature)
            };
            assert_eq!(ours, Err(expected), "{name} {id}: {checked}");
            tampered += 1;
        }
    }
    assert_eq!(real, real_rounds, "{name}: the real rounds");
    assert!(tampered >= 4, "{name}: the tampered rounds");
}

#[test]
fn quicknet_rounds_verify_and_tampered_ones_do_not() {
    check_network("quicknet", &Chain::quicknet(), 33);
}

#[test]
fn default_chain_rounds_verify_and_tampered_ones_do_not() {
    check_network("default", &Chain::mainnet(), 24);
}

#[test]
fn errors_name_what_is_wrong() {
    let Some(quicknet) = network("quicknet") else { return };
    let beacon = &quicknet["beacons"][0];
    let (round, sig) = (beacon["round"].as_u64().unwrap(), hex(&beacon["signature"]));
    let chain = Chain::quicknet();
    assert!(chain.verify(round, &sig, None).is_ok());
    assert!(matches!(chain.verify(0, &sig, None), Err(DrandError::Round { .. })));
    assert!(matches!(chain.verify(round, &sig, Some(&[1u8; 96])), Err(DrandError::PreviousSignature { .. })));
    assert!(matches!(chain.verify(round, &sig, Some(&[])), Err(DrandError::PreviousSignature { .. })));
    for bad in [&sig[..47], &[0u8; 48][..], &[0xffu8; 48][..], &[]] {
        assert!(matches!(chain.verify(round, bad, None), Err(DrandError::Bls(BlsError::Signature(_)))), "{bad:02x?}");
    }
    // The identity is a valid encoding, never a valid signature.
    let mut identity = [0u8; 48];
    identity[0] = 0xc0;
    assert_eq!(chain.verify(round, &identity, None), Err(DrandError::Bls(BlsError::IdentitySignature)));

    let mainnet = Chain::mainnet();
    let mut sig96 = [0u8; 96];
    sig96[0] = 0xc0;
    assert!(matches!(mainnet.verify(5, &sig96, None), Err(DrandError::PreviousSignature { .. })));
    assert_eq!(
        mainnet.verify(5, &sig96, Some(&drand::MAINNET_GENESIS_SEED)),
        Err(DrandError::Bls(BlsError::IdentitySignature))
    );

    assert_eq!(Scheme::from_id("bls-unchained-on-g1"), Ok(Scheme::UnchainedOnG1));
    assert_eq!(Scheme::from_id("bls-unchained-on-g2"), Err(DrandError::UnknownScheme));
    for scheme in [Scheme::UnchainedG1, Scheme::ChainedG2, Scheme::UnchainedG2, Scheme::UnchainedOnG1] {
        assert_eq!(Scheme::from_id(scheme.id()), Ok(scheme));
    }
    assert!(matches!(
        Chain::new(Scheme::UnchainedG1, &drand::MAINNET_PUBLIC_KEY),
        Err(DrandError::Bls(BlsError::PublicKey(DecodeError::WrongLength { .. })))
    ));
    assert!(matches!(Chain::new(Scheme::ChainedG2, &[0u8; 48]), Err(DrandError::Bls(BlsError::PublicKey(_)))));
    let mut id48 = [0u8; 48];
    id48[0] = 0xc0;
    assert_eq!(Chain::new(Scheme::ChainedG2, &id48).unwrap_err(), DrandError::Bls(BlsError::IdentityPublicKey));
    for e in [
        DrandError::UnknownScheme,
        DrandError::Round { rule: "r" },
        DrandError::PreviousSignature { rule: "r" },
        DrandError::Bls(BlsError::InvalidSignature),
    ] {
        assert!(!e.to_string().is_empty());
    }
}

/// `pedersen-bls-unchained` and `bls-unchained-on-g1` have no live chain in these vectors: rounds
/// signed here, checked against blst, and the other schemes' rounds made here too.
#[test]
fn rounds_signed_here_verify_in_every_scheme() {
    for i in 1..=8u64 {
        let sk = SecretKey::key_gen(&[i as u8; 32], b"drand").unwrap();
        let round = i * 1_000_003;
        // A real previous round's signature, so that a swap below is refused as a signature
        // that does not verify, not as a bad encoding.
        let previous = min_pk::sign_with_dst(&sk, &drand::message(round - 1, &[]), drand::DST_G2).unwrap().to_bytes();
        // Signatures on G2 (both pedersen schemes).
        let g1_key = min_pk::PublicKey::from_secret_key(&sk).to_bytes();
        for (scheme, prev) in [(Scheme::UnchainedG2, None), (Scheme::ChainedG2, Some(&previous[..]))] {
            let msg = drand::message(round, prev.unwrap_or(&[]));
            let sig = min_pk::sign_with_dst(&sk, &msg, drand::DST_G2).unwrap().to_bytes();
            assert!(blst_verifies(false, &g1_key, &msg, &sig, drand::DST_G2));
            let chain = Chain::new(scheme, &g1_key).unwrap();
            assert_eq!(chain.verify(round, &sig, prev), Ok(drand::randomness(&sig)), "{scheme:?}");
            assert!(chain.verify(round + 1, &sig, prev).is_err());
            let beacon = drand::Beacon { round, signature: &sig, previous_signature: prev };
            assert_eq!(chain.verify_beacon(&beacon), Ok(drand::randomness(&sig)), "{scheme:?}");
            if let Some(prev) = prev {
                // drand-verify's order carried over into the named fields: refused.
                let swapped = drand::Beacon { round, signature: prev, previous_signature: Some(&sig) };
                assert_eq!(chain.verify_beacon(&swapped), Err(DrandError::Bls(BlsError::InvalidSignature)));
            }
        }
        // Signatures on G1.
        let g2_key = min_sig::PublicKey::from_secret_key(&sk).to_bytes();
        let msg = drand::message(round, &[]);
        let sig = min_sig::sign_with_dst(&sk, &msg, drand::DST_G1).unwrap().to_bytes();
        assert!(blst_verifies(true, &g2_key, &msg, &sig, drand::DST_G1));
        let chain = Chain::new(Scheme::UnchainedG1, &g2_key).unwrap();
        assert_eq!(chain.verify(round, &sig, None), Ok(drand::randomness(&sig)));
        assert!(Chain::quicknet().verify(round, &sig, None).is_err());
        // Signatures on G1 under the G2 tag (the deprecated bls-unchained-on-g1): they verify
        // there only, and the other G1 scheme's do not verify here.
        let on_g1 = min_sig::sign_with_dst(&sk, &msg, drand::DST_G2).unwrap().to_bytes();
        assert!(blst_verifies(true, &g2_key, &msg, &on_g1, drand::DST_G2));
        let fastnet = Chain::new(Scheme::UnchainedOnG1, &g2_key).unwrap();
        assert_eq!(Scheme::UnchainedOnG1.dst(), drand::DST_G2);
        assert!(!Scheme::UnchainedOnG1.is_chained());
        assert_eq!(fastnet.verify(round, &on_g1, None), Ok(drand::randomness(&on_g1)));
        assert!(fastnet.verify(round + 1, &on_g1, None).is_err());
        assert!(fastnet.verify(round, &on_g1, Some(&previous)).is_err());
        assert_eq!(fastnet.verify(round, &sig, None), Err(DrandError::Bls(BlsError::InvalidSignature)));
        assert_eq!(chain.verify(round, &on_g1, None), Err(DrandError::Bls(BlsError::InvalidSignature)));
    }
}
