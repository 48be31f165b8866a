//! The extra drand family (`extra/drand` in the public vectors; its PROVENANCE.md gives the
//! sources and the format): real beacons of four League of Entropy networks and tampered
//! copies, every one through icbls.
//!
//! For each network the chain info is checked first (the chain hash recomputed with drand's
//! rule, the key and scheme against `icbls::drand`'s built-in constants where it has them).
//! Then every case, beacon or tampered, gets icbls's verdict and it must be the file's
//! `expected_valid`: a valid case verifies and its randomness is the file's; an invalid one is
//! rejected for the reason the collector found (a pairing mismatch is
//! `BlsError::InvalidSignature`, a point outside the subgroup `NotInSubgroup`, a wrong length
//! `WrongLength`, and so on), and a `randomness_mismatch` case verifies as BLS but returns
//! randomness other than the one the case claims.
//!
//! - quicknet (`bls-unchained-g1-rfc9380`), the default chain (`pedersen-bls-chained`) and the
//!   testnet (`pedersen-bls-unchained`) go through [`icbls::drand::Chain`] (the built-in
//!   chains and `Chain::new`, which must agree).
//! - fastnet (`bls-unchained-on-g1`, deprecated: G1 signatures hashed with the G2 tag) goes
//!   through `Chain::new` with [`Scheme::UnchainedOnG1`], and each verdict must be the one of
//!   the lower-level API (`min_sig::verify_with_dst` under `drand::DST_G2`, `drand::message`
//!   and `drand::randomness`). The test also holds that `Chain` with quicknet's scheme and
//!   fastnet's key rejects every real fastnet beacon (the tag is the only difference).
//! - Cases that carry a `dst` (a valid beacon checked under the other network's tag) are
//!   checked with `verify_with_dst` under that tag.
//!
//! Every case is counted, and the counts must be the files' (see [`NETWORKS`]); nothing in
//! these files is left unchecked (see [`NOT_REPRESENTABLE`]).

use icbls_testkit::library as common;

use common::{hex, vector_json};
use icbls::bls::{min_pk, min_sig, BlsError};
use icbls::drand::{self, Chain, DrandError, Scheme};
use icbls::DecodeError;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The files, with the number of real beacons and of tampered cases each holds (PROVENANCE.md).
const NETWORKS: [(&str, usize, usize); 4] = [
    ("quicknet.json", 23, 49),
    ("mainnet_default_chained.json", 34, 32),
    ("fastnet_bls_unchained_on_g1.json", 263, 19),
    ("testnet_pedersen_bls_unchained.json", 5, 18),
];

/// Cases that today's API cannot express, as `(label, reason)` with the label the test prints
/// (`"<file> case <i> (<kind or beacon>, round <r>)"`): none.
const NOT_REPRESENTABLE: &[(&str, &str)] = &[];

fn file(name: &str) -> Option<Value> {
    vector_json(&format!("extra/drand/{name}"))
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{key}: not a string"))
}

/// drand's chain hash (`common/chain/info.go`): SHA-256 of the period (u32), the genesis time
/// (i64), the key, the group hash and, for chains other than `default`, the beacon ID.
fn chain_hash(info: &Value) -> Vec<u8> {
    let mut h = Sha256::new();
    h.update(u32::try_from(info["period"].as_u64().unwrap()).unwrap().to_be_bytes());
    h.update(info["genesis_time"].as_i64().unwrap().to_be_bytes());
    h.update(hex(&info["public_key"]));
    h.update(hex(&info["groupHash"]));
    let id = str_of(info, "beaconID");
    if id != "default" {
        h.update(id.as_bytes());
    }
    h.finalize().to_vec()
}

/// A round verified with the BLS API under `dst`, the key on G2 (signatures on G1) or on G1,
/// as `Chain::verify` does it but with the tag chosen here; the randomness on success.
fn verify_with_dst(
    key_on_g2: bool,
    key: &[u8],
    round: u64,
    signature: &[u8],
    previous: Option<&[u8]>,
    dst: &[u8],
) -> Result<[u8; 32], DrandError> {
    let msg = drand::message(round, previous.unwrap_or(&[]));
    if key_on_g2 {
        let pk = min_sig::PublicKey::from_bytes(key)?;
        min_sig::verify_with_dst(&pk, &msg, &min_sig::Signature::from_bytes(signature)?, dst)?;
    } else {
        let pk = min_pk::PublicKey::from_bytes(key)?;
        min_pk::verify_with_dst(&pk, &msg, &min_pk::Signature::from_bytes(signature)?, dst)?;
    }
    Ok(drand::randomness(signature))
}

/// How a network's rounds are verified.
enum Verifier {
    /// Through `icbls::drand::Chain`: a built-in chain (if any) and `Chain::new` from the file's
    /// scheme and key, which must agree.
    Chain { built_in: Option<Box<Chain>>, generic: Box<Chain> },
}

/// Why the collector says an invalid case fails, as icbls must report it.
#[derive(Debug)]
enum Rejection {
    /// Round 0 (the genesis): `DrandError::Round`, before any pairing.
    Round,
    /// A well-formed point that fails the pairing check.
    Pairing,
    /// The BLS part verifies; only the claimed randomness is wrong.
    Randomness,
    /// Not a valid compressed signature point; the decoding error, where the collector's
    /// reason names one.
    Decode(Option<fn(&DecodeError) -> bool>),
    /// The point at infinity.
    Identity,
}

fn expected_rejection(case: &Value, round: u64) -> Rejection {
    let kind = str_of(case, "kind");
    let check = str_of(case, "collector_check");
    if kind == "randomness_mismatch" {
        Rejection::Randomness
    } else if round == 0 {
        Rejection::Round
    } else if check.contains("pairing mismatch") {
        Rejection::Pairing
    } else if check.contains("not in subgroup") {
        Rejection::Decode(Some(|e| matches!(e, DecodeError::NotInSubgroup { .. })))
    } else if check.contains("not on G1") || check.contains("modular squareroot") {
        Rejection::Decode(Some(|e| matches!(e, DecodeError::NotOnCurve { .. })))
    } else if check.contains(" length ") {
        Rejection::Decode(Some(|e| matches!(e, DecodeError::WrongLength { .. })))
    } else if check.contains("less than field modulus") {
        Rejection::Decode(Some(|e| matches!(e, DecodeError::NotCanonical { .. })))
    } else if check.ends_with("invalid (infinity)") {
        Rejection::Identity
    } else if check.contains("flag") {
        // Flag rules (compression bit clear, infinity bit on a nonzero x, the sign bit on
        // infinity, x = 0 without the infinity bit): the decoders word these differently
        // from py_ecc; any decoding error of the signature is the rejection.
        Rejection::Decode(None)
    } else {
        panic!("{kind}: collector reason not classified: {check}")
    }
}

#[derive(Default)]
struct Counts {
    beacons: usize,
    tampered: usize,
    via_chain: usize,
    via_dst: usize,
    not_representable: usize,
    /// Tampered cases by the reason icbls gave, as the collector found it.
    rejections: std::collections::BTreeMap<String, usize>,
}

fn check_network(name: &str) -> Option<Counts> {
    let net = file(name)?;
    let (_, expected_beacons, expected_tampered) =
        *NETWORKS.iter().find(|(n, _, _)| *n == name).expect("a listed network");
    let key = hex(&net["public_key_hex"]);
    let key_on_g2 = str_of(&net, "public_key_group") == "G2";
    assert_eq!(str_of(&net, "signature_group"), if key_on_g2 { "G1" } else { "G2" }, "{name}");
    let scheme_id = str_of(&net, "scheme");
    let dst = str_of(&net, "dst").as_bytes();

    // The chain info: the hash by drand's rule, the key and scheme as the file gives them.
    let info = &net["chain_info"];
    assert_eq!(chain_hash(info), hex(&info["hash"]), "{name}: chain hash");
    assert_eq!(hex(&info["public_key"]), key, "{name}: chain info key");
    assert_eq!(str_of(info, "schemeID"), scheme_id, "{name}: chain info scheme");

    let verifier = match Scheme::from_id(scheme_id) {
        Ok(scheme) => {
            assert_eq!(scheme.id(), scheme_id);
            assert_eq!(scheme.dst(), dst, "{name}: the scheme's DST");
            assert_eq!(scheme.is_chained(), str_of(&net, "message").contains("previous_signature"), "{name}");
            let generic = Chain::new(scheme, &key).unwrap_or_else(|e| panic!("{name}: Chain::new: {e}"));
            let built_in = match scheme {
                Scheme::UnchainedG1 => {
                    assert_eq!(key, drand::QUICKNET_PUBLIC_KEY, "{name}");
                    assert_eq!(hex(&info["hash"]), drand::QUICKNET_CHAIN_HASH, "{name}");
                    Some(Box::new(Chain::quicknet()))
                }
                Scheme::ChainedG2 => {
                    assert_eq!(key, drand::MAINNET_PUBLIC_KEY, "{name}");
                    assert_eq!(hex(&info["hash"]), drand::MAINNET_CHAIN_HASH, "{name}");
                    assert_eq!(hex(&info["groupHash"]), drand::MAINNET_GENESIS_SEED, "{name}");
                    Some(Box::new(Chain::mainnet()))
                }
                _ => None,
            };
            Verifier::Chain { built_in, generic: Box::new(generic) }
        }
        Err(e) => panic!("{name}: scheme {scheme_id}: {e}"),
    };

    // A chained network's consecutive rounds link: each previous signature is the signature
    // of the round before (what makes the chain's messages).
    let beacons = net["beacons"].as_array().unwrap();
    if str_of(&net, "message").contains("previous_signature") {
        let mut links = 0;
        for b in beacons {
            let round = b["round"].as_u64().unwrap();
            if let Some(before) = beacons.iter().find(|p| p["round"].as_u64() == Some(round - 1)) {
                assert_eq!(hex(&b["previous_signature_hex"]), hex(&before["signature_hex"]), "{name} {round}");
                links += 1;
            }
        }
        assert_eq!(links, net["chain_links_checked"].as_u64().unwrap() as usize, "{name}: chain links");
        let first = beacons.iter().find(|b| b["round"].as_u64() == Some(1)).expect("round 1");
        assert_eq!(hex(&first["previous_signature_hex"]), hex(&info["groupHash"]), "{name}: genesis seed");
    }

    let mut counts = Counts::default();
    let tampered = net["tampered"].as_array().unwrap();
    for (i, case) in beacons.iter().map(|b| (true, b)).chain(tampered.iter().map(|t| (false, t))).enumerate() {
        let (is_beacon, case) = case;
        let round = case["round"].as_u64().unwrap();
        let label = match case.get("kind") {
            Some(kind) => format!("{name} case {i} ({}, round {round})", kind.as_str().unwrap()),
            None => format!("{name} case {i} (beacon, round {round})"),
        };
        if let Some((_, why)) = NOT_REPRESENTABLE.iter().find(|(l, _)| *l == label) {
            println!("{label}: not representable: {why}");
            counts.not_representable += 1;
            continue;
        }
        let signature = hex(&case["signature_hex"]);
        let previous = case.get("previous_signature_hex").map(hex);
        let claimed = case.get("randomness_hex").map(hex);
        let expected_valid = case["expected_valid"].as_bool().unwrap();
        assert_eq!(expected_valid, is_beacon, "{label}: beacons are valid, tampered cases are not");

        let ours = if let Some(other_dst) = case.get("dst") {
            // A valid beacon checked under the other network's tag.
            let other_dst = other_dst.as_str().unwrap().as_bytes();
            assert_ne!(other_dst, dst, "{label}");
            let Verifier::Chain { generic, .. } = &verifier;
            let own = generic.verify(round, &signature, previous.as_deref());
            assert_eq!(own, Ok(drand::randomness(&signature)), "{label}: under the network's own tag");
            counts.via_dst += 1;
            verify_with_dst(key_on_g2, &key, round, &signature, previous.as_deref(), other_dst)
        } else {
            let Verifier::Chain { built_in, generic } = &verifier;
            let ours = generic.verify(round, &signature, previous.as_deref());
            if let Some(chain) = built_in {
                assert_eq!(chain.verify(round, &signature, previous.as_deref()), ours, "{label}: built-in");
            }
            if scheme_id == "bls-unchained-on-g1" {
                // The deprecated scheme's Chain is the lower-level check under the G2 tag.
                let lower = verify_with_dst(key_on_g2, &key, round, &signature, previous.as_deref(), drand::DST_G2);
                assert_eq!(ours, lower, "{label}: Chain against verify_with_dst");
                counts.via_dst += 1;
            }
            counts.via_chain += 1;
            ours
        };

        let valid = match (&ours, &claimed) {
            (Ok(randomness), Some(claimed)) => randomness[..] == claimed[..],
            (Ok(_), None) => true,
            (Err(_), _) => false,
        };
        assert_eq!(valid, expected_valid, "{label}: icbls says {ours:?}");
        if is_beacon {
            assert_eq!(ours.map(|r| r.to_vec()), Ok(claimed.expect("a beacon's randomness")), "{label}");
            if scheme_id == "bls-unchained-on-g1" {
                // Quicknet's scheme with fastnet's key: the RFC's G1 tag, not fastnet's.
                let rfc = Chain::new(Scheme::UnchainedG1, &key).unwrap().verify(round, &signature, None);
                assert_eq!(rfc, Err(DrandError::Bls(BlsError::InvalidSignature)), "{label}: under the G1 tag");
            }
            counts.beacons += 1;
        } else {
            let rejection = expected_rejection(case, round);
            let ok = match (&rejection, &ours) {
                (Rejection::Randomness, Ok(r)) => *r == drand::randomness(&signature),
                (Rejection::Round, Err(DrandError::Round { .. })) => true,
                (Rejection::Pairing, Err(DrandError::Bls(BlsError::InvalidSignature))) => true,
                (Rejection::Identity, Err(DrandError::Bls(BlsError::IdentitySignature))) => true,
                (Rejection::Decode(which), Err(DrandError::Bls(BlsError::Signature(e)))) => which.is_none_or(|f| f(e)),
                _ => false,
            };
            assert!(ok, "{label}: expected {rejection:?} ({}), icbls says {ours:?}", str_of(case, "collector_check"));
            // The variant's name: the decoding error's, `InvalidSignature`, `Round`, ...
            let class = match &ours {
                Ok(_) => "RandomnessMismatch".to_string(),
                Err(DrandError::Bls(BlsError::Signature(e))) => format!("{e:?}"),
                Err(DrandError::Bls(e)) => format!("{e:?}"),
                Err(e) => format!("{e:?}"),
            };
            let class = class.split([' ', '{', '(']).next().unwrap().to_string();
            *counts.rejections.entry(class).or_default() += 1;
            counts.tampered += 1;
        }
    }
    assert_eq!(
        counts.beacons + counts.tampered + counts.not_representable,
        expected_beacons + expected_tampered,
        "{name}: every case checked or named"
    );
    assert_eq!((beacons.len(), tampered.len()), (expected_beacons, expected_tampered), "{name}: the file's cases");
    println!(
        "{name}: {} beacons and {} tampered cases checked ({} through Chain, {} also with verify_with_dst), {} not \
         representable",
        counts.beacons, counts.tampered, counts.via_chain, counts.via_dst, counts.not_representable
    );
    println!("{name}: tampered cases rejected as {:?}", counts.rejections);
    Some(counts)
}

#[test]
fn quicknet() {
    check_network("quicknet.json");
}

#[test]
fn mainnet_default_chained() {
    check_network("mainnet_default_chained.json");
}

#[test]
fn fastnet_bls_unchained_on_g1() {
    check_network("fastnet_bls_unchained_on_g1.json");
}

#[test]
fn testnet_pedersen_bls_unchained() {
    check_network("testnet_pedersen_bls_unchained.json");
}
