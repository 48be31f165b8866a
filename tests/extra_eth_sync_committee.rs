//! Ethereum mainnet sync-committee aggregates from `extra/eth_sync_committee/` in the public
//! vectors (see its PROVENANCE.md: Helios' Capella data and mapprotocol's Bellatrix data, plus
//! collector-derived negatives), through `icbls::sync_committee`:
//!
//! - the spec constants and the collector's mainnet domains against the library's constants,
//!   `compute_domain` and `mainnet_fork_version`;
//! - every committee (512 keys): decoded with `SyncCommittee::from_compressed`, its sum against
//!   the stated `aggregate_pubkey`, its SSZ root from the library both ways;
//! - every real aggregate (12, all valid) and every derived negative (14, all invalid): header
//!   root, domain and signing root against the collector's, then `SyncCommittee::verify` (the
//!   one negative signed under another domain *type* goes through `min_pk::fast_aggregate_verify`
//!   on the signing root built with `compute_domain`, since `verify` fixes
//!   `DOMAIN_SYNC_COMMITTEE`);
//! - the Merkle branches of the verbatim `raw/` sources: the bootstrap's current committee, every
//!   update's next committee and finality branch, the execution-payload branches (the
//!   `ExecutionPayloadHeader` root is this file's own SSZ: the library has no such type), and
//!   mapprotocol's period-621 branch, which proves the committee under the *finalized* state
//!   root (the 2022 semantics), not the attested one.
//!
//! Each test skips (returns) when the family is absent, and counts its cases against the file.

use icbls_testkit::beacon;
use icbls_testkit::library as common;

use beacon::*;
use common::hex;
use icbls::bls::{min_pk, BlsError};
use icbls::sync_committee::{
    compute_domain, compute_signing_root, is_valid_merkle_branch, mainnet_fork_version, sync_committee_root,
    BeaconBlockHeader, Root, SyncCommittee, SyncError, DOMAIN_SYNC_COMMITTEE, MAINNET_GENESIS_VALIDATORS_ROOT,
    SLOTS_PER_EPOCH, SYNC_COMMITTEE_SIZE,
};
use icbls::DecodeError;
use serde_json::Value;

use std::collections::BTreeMap;
use std::sync::OnceLock;

const FAMILY: &str = "extra/eth_sync_committee";

/// Slots in a sync-committee period (`EPOCHS_PER_SYNC_COMMITTEE_PERIOD · SLOTS_PER_EPOCH`).
const SLOTS_PER_PERIOD: u64 = 256 * SLOTS_PER_EPOCH;

/// Generalized indices in a pre-Electra `BeaconState` (altair light-client sync protocol).
const FINALIZED_ROOT_GINDEX: u64 = 105;
const CURRENT_SYNC_COMMITTEE_GINDEX: u64 = 54;
const NEXT_SYNC_COMMITTEE_GINDEX: u64 = 55;
/// `execution` in a Capella `BeaconBlockBody` (capella light-client sync protocol).
const EXECUTION_PAYLOAD_GINDEX: u64 = 25;

/// A file of the family as JSON, or `None` when the family is absent (the test is skipped).
fn json(name: &str) -> Option<Value> {
    common::vector_json(&format!("{FAMILY}/{name}"))
}

/// `is_valid_merkle_branch` at a generalized index: depth `floorlog2(gindex)`, the index below it.
fn proves(leaf: &Root, branch: &[Root], gindex: u64, state_root: &Root) -> bool {
    let depth = gindex.ilog2();
    is_valid_merkle_branch(leaf, branch, depth, gindex - (1 << depth), state_root)
}

/// A committee of the committee files: its keys' bytes, its stated sum, and the library's
/// decoding of them.
struct Committee {
    period: u64,
    keys: Vec<[u8; 48]>,
    aggregate: [u8; 48],
    decoded: SyncCommittee,
}

impl Committee {
    fn root(&self) -> Root {
        sync_committee_root(&self.keys, &self.aggregate)
    }
}

/// The committee files listed by `sync_aggregates_mainnet.json`, each committee decoded once for
/// all the tests of this file (512 decompressions each); `None` when the family is absent.
fn committees() -> Option<&'static BTreeMap<String, Committee>> {
    static COMMITTEES: OnceLock<Option<BTreeMap<String, Committee>>> = OnceLock::new();
    COMMITTEES
        .get_or_init(|| {
            let cases = json("sync_aggregates_mainnet.json")?;
            let mut out = BTreeMap::new();
            for file in cases["committee_files"].as_array().unwrap() {
                let doc = json(file.as_str().unwrap())?;
                for (name, c) in doc["committees"].as_object().unwrap() {
                    let keys: Vec<[u8; 48]> = c["pubkeys"].as_array().unwrap().iter().map(key48).collect();
                    let decoded = SyncCommittee::from_compressed(&keys)
                        .unwrap_or_else(|e| panic!("{file} {name}: the committee does not decode: {e}"));
                    let committee = Committee {
                        period: c["period"].as_u64().unwrap(),
                        keys,
                        aggregate: key48(&c["aggregate_pubkey"]),
                        decoded,
                    };
                    assert!(out.insert(name.clone(), committee).is_none(), "{name} twice");
                }
            }
            Some(out)
        })
        .as_ref()
}

/// How many committees the committee files hold, counted from the files themselves.
fn committees_in_files() -> Option<usize> {
    let cases = json("sync_aggregates_mainnet.json")?;
    let mut n = 0;
    for file in cases["committee_files"].as_array().unwrap() {
        n += json(file.as_str().unwrap())?["committees"].as_object().unwrap().len();
    }
    Some(n)
}

#[test]
fn spec_constants_agree_with_the_library() {
    let Some(spec) = json("spec_constants.json") else { return };
    assert_eq!(hex(&spec["DOMAIN_SYNC_COMMITTEE"]), DOMAIN_SYNC_COMMITTEE);
    assert_eq!(spec["SYNC_COMMITTEE_SIZE"].as_u64(), Some(SYNC_COMMITTEE_SIZE as u64));
    assert_eq!(spec["SLOTS_PER_EPOCH"].as_u64(), Some(SLOTS_PER_EPOCH));
    assert_eq!(spec["EPOCHS_PER_SYNC_COMMITTEE_PERIOD"].as_u64().unwrap() * SLOTS_PER_EPOCH, SLOTS_PER_PERIOD);
    assert_eq!(spec["MIN_SYNC_COMMITTEE_PARTICIPANTS"].as_u64(), Some(1));
    assert_eq!(spec["bls"]["ciphersuite"].as_str().unwrap().as_bytes(), min_pk::DST);
    let gindices = &spec["functions"]["gindices_pre_electra"];
    assert_eq!(gindices["FINALIZED_ROOT_GINDEX"].as_u64(), Some(FINALIZED_ROOT_GINDEX));
    assert_eq!(gindices["CURRENT_SYNC_COMMITTEE_GINDEX"].as_u64(), Some(CURRENT_SYNC_COMMITTEE_GINDEX));
    assert_eq!(gindices["NEXT_SYNC_COMMITTEE_GINDEX"].as_u64(), Some(NEXT_SYNC_COMMITTEE_GINDEX));

    let mainnet = &spec["mainnet"];
    let gvr = root(&mainnet["genesis_validators_root"]);
    assert_eq!(gvr, MAINNET_GENESIS_VALIDATORS_ROOT);
    let versions = mainnet["fork_versions"].as_object().unwrap();
    let epochs = mainnet["fork_epochs"].as_object().unwrap();
    // Each fork signs from the slot after its first one (the version of signature_slot - 1).
    let mut forks = 0;
    for (fork, epoch) in epochs {
        let version: [u8; 4] = hex(&versions[fork]).try_into().unwrap();
        let first = epoch.as_u64().unwrap() * SLOTS_PER_EPOCH;
        assert_eq!(mainnet_fork_version(first + 1), version, "{fork}");
        assert_ne!(mainnet_fork_version(first), version, "{fork}: the slot before belongs to the previous fork");
        forks += 1;
    }
    assert_eq!(forks, epochs.len());
    assert_eq!(mainnet_fork_version(1), hex(&versions["phase0"]).as_slice());
    // The collector's mainnet sync-committee domains.
    let mut domains = 0;
    for (fork, domain) in spec["collector_computed_mainnet_domains"].as_object().unwrap() {
        let version: [u8; 4] = hex(&versions[fork]).try_into().unwrap();
        assert_eq!(compute_domain(DOMAIN_SYNC_COMMITTEE, version, &gvr), root(domain), "{fork}");
        domains += 1;
    }
    assert_eq!(domains, versions.len());
    println!("spec constants: {forks} fork epochs and {domains} domains agree");
}

#[test]
fn every_committee_decodes_and_sums_to_its_aggregate_key() {
    let Some(committees) = committees() else { return };
    let mut checked = 0;
    for (name, c) in committees {
        assert_eq!(name, &format!("mainnet_period_{}", c.period));
        assert_eq!(c.keys.len(), SYNC_COMMITTEE_SIZE);
        assert_eq!(c.decoded.keys().len(), SYNC_COMMITTEE_SIZE);
        assert_eq!(c.decoded.aggregate_key().to_compressed(), c.aggregate, "{name}: the keys' sum");
        let ssz_root = c.root();
        assert_eq!(c.decoded.hash_tree_root(), ssz_root, "{name}: SSZ root from the decoded keys");
        // The keys come back as they were given.
        for (i, key) in c.decoded.keys().iter().enumerate() {
            assert_eq!(key.to_compressed(), c.keys[i], "{name}: key {i}");
        }
        // Two keys swapped, or another sum, make another root.
        let mut other = c.keys.clone();
        other.swap(0, 511);
        assert_ne!(sync_committee_root(&other, &c.aggregate), ssz_root, "{name}");
        assert_ne!(sync_committee_root(&c.keys, &c.keys[0]), ssz_root, "{name}");
        checked += 1;
    }
    assert_eq!(Some(checked), committees_in_files());
    println!("committees: {checked} checked");
}

/// One case of `sync_aggregates_*.json`.
struct Case<'a> {
    id: &'a str,
    v: &'a Value,
    header: BeaconBlockHeader,
    bits: Vec<u8>,
    signature: Vec<u8>,
    fork_version: [u8; 4],
    gvr: Root,
    domain_type: [u8; 4],
    committee: &'a Committee,
}

impl<'a> Case<'a> {
    fn new(v: &'a Value, committees: &'a BTreeMap<String, Committee>) -> Case<'a> {
        let id = v["id"].as_str().unwrap();
        let committee = v["committee"].as_str().unwrap();
        Case {
            id,
            v,
            header: header(&v["attested_header"]),
            bits: hex(&v["sync_committee_bits"]),
            signature: hex(&v["sync_committee_signature"]),
            fork_version: hex(&v["fork_version"]).try_into().unwrap(),
            gvr: root(&v["genesis_validators_root"]),
            domain_type: hex(&v["domain_type"]).try_into().unwrap(),
            committee: committees.get(committee).unwrap_or_else(|| panic!("{id}: no committee {committee}")),
        }
    }

    /// The header root, domain and signing root, each against the collector's.
    fn signing_root(&self) -> Root {
        let cc = &self.v["collector_computed"];
        let header_root = self.header.hash_tree_root();
        assert_eq!(header_root, root(&cc["attested_header_root"]), "{}: header root", self.id);
        let domain = compute_domain(self.domain_type, self.fork_version, &self.gvr);
        assert_eq!(domain, root(&cc["domain"]), "{}: domain", self.id);
        let signing_root = compute_signing_root(&header_root, &domain);
        assert_eq!(signing_root, root(&cc["signing_root"]), "{}: signing root", self.id);
        signing_root
    }

    /// Participants counted from the bits here, least significant bit first.
    fn participants(&self) -> Vec<usize> {
        (0..self.bits.len() * 8).filter(|i| self.bits[i / 8] >> (i % 8) & 1 == 1).collect()
    }

    /// The library's verdict through `SyncCommittee::verify`.
    fn verify(&self) -> Result<usize, SyncError> {
        self.committee.decoded.verify(&self.bits, &self.signature, &self.header, self.fork_version, &self.gvr)
    }

    /// The same check through the generic `FastAggregateVerify` on `signing_root` (for a domain
    /// type `verify` does not take): the participants' keys, decoded again from their bytes.
    fn fast_aggregate_verify(&self, signing_root: &Root) -> Result<(), BlsError> {
        let keys: Vec<min_pk::PopVerifiedPublicKey> = self
            .participants()
            .into_iter()
            .map(|i| {
                // Sync-committee members proved possession when they deposited.
                min_pk::PopVerifiedPublicKey::assume_pop_verified_unchecked(
                    min_pk::PublicKey::from_bytes(&self.committee.keys[i]).unwrap(),
                )
            })
            .collect();
        let signature = min_pk::Signature::from_bytes(&self.signature)?;
        min_pk::fast_aggregate_verify(&keys, signing_root, &signature)
    }
}

#[test]
fn real_mainnet_aggregates_verify() {
    let Some(file) = json("sync_aggregates_mainnet.json") else { return };
    let committees = committees().expect("the family is present");
    let cases = file["cases"].as_array().unwrap();
    let mut checked = 0;
    for v in cases {
        let case = Case::new(v, committees);
        let id = case.id;
        assert_eq!(v["expected"], Value::Bool(true), "{id}: this file holds valid aggregates only");
        assert_eq!(case.domain_type, DOMAIN_SYNC_COMMITTEE, "{id}");
        assert_eq!(case.gvr, MAINNET_GENESIS_VALIDATORS_ROOT, "{id}");
        case.signing_root();
        // The committee and the fork version follow from the signature slot (for mapprotocol's
        // 2022 updates, which lack it, from the attested slot: the period and the fork do not
        // change between the two there).
        let cc = &v["collector_computed"];
        let signature_slot = match &v["signature_slot"] {
            Value::Null => {
                assert!(cc["signature_period"].is_null(), "{id}");
                None
            }
            s => Some(number(s)),
        };
        let slot = signature_slot.unwrap_or(case.header.slot + 1);
        assert!(slot > case.header.slot, "{id}: signed after the attested slot");
        assert_eq!(mainnet_fork_version(slot), case.fork_version, "{id}: fork version");
        assert_eq!(case.committee.period, slot / SLOTS_PER_PERIOD, "{id}: the committee of the signature period");
        if let Some(s) = signature_slot {
            assert_eq!(cc["signature_period"].as_u64(), Some(s / SLOTS_PER_PERIOD), "{id}");
        }
        let participants = cc["participants"].as_u64().unwrap() as usize;
        assert_eq!(case.participants().len(), participants, "{id}");
        assert_eq!(case.verify(), Ok(participants), "{id}");
        checked += 1;
    }
    assert_eq!(checked, cases.len());
    assert_eq!(checked, 12, "PROVENANCE.md: 12 real cases");
    println!("real aggregates: {checked} verified");
}

#[test]
fn derived_negative_aggregates_fail() {
    let Some(file) = json("sync_aggregates_negative_derived.json") else { return };
    let Some(real) = json("sync_aggregates_mainnet.json") else { return };
    let committees = committees().expect("the family is present");
    let real_ids: Vec<&str> = real["cases"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    let cases = file["cases"].as_array().unwrap();
    let (mut checked, mut through_generic) = (0, 0);
    for v in cases {
        let case = Case::new(v, committees);
        let id = case.id;
        assert_eq!(v["expected"], Value::Bool(false), "{id}: this file holds invalid aggregates only");
        let base = v["derived_from"].as_str().unwrap();
        assert!(real_ids.contains(&base), "{id}: derived from {base}, a case that verifies");
        let signing_root = case.signing_root();
        let participants = case.participants().len();
        assert_eq!(participants as u64, v["collector_computed"]["participants"].as_u64().unwrap(), "{id}");
        if case.domain_type != DOMAIN_SYNC_COMMITTEE {
            // `verify` fixes DOMAIN_SYNC_COMMITTEE: the generic FastAggregateVerify refuses the
            // signature over the other domain's signing root, and takes it over the right one.
            assert_eq!(case.fast_aggregate_verify(&signing_root), Err(BlsError::InvalidSignature), "{id}");
            let right = compute_domain(DOMAIN_SYNC_COMMITTEE, case.fork_version, &case.gvr);
            assert_eq!(
                case.fast_aggregate_verify(&compute_signing_root(&case.header.hash_tree_root(), &right)),
                Ok(())
            );
            through_generic += 1;
        } else if participants == 0 {
            assert_eq!(case.verify(), Err(SyncError::NoParticipants), "{id}");
        } else if case.signature[0] & 0x80 == 0 {
            // The compression flag is clear: not a compressed G2 encoding.
            assert!(
                matches!(case.verify(), Err(SyncError::Signature(DecodeError::InvalidFlags { .. }))),
                "{id}: {:?}",
                case.verify()
            );
        } else {
            assert_eq!(case.verify(), Err(SyncError::InvalidSignature), "{id}");
        }
        checked += 1;
    }
    assert_eq!(checked, cases.len());
    assert_eq!(checked, 14, "PROVENANCE.md: 14 derived negatives");
    println!("negative aggregates: {checked} refused ({through_generic} through min_pk::fast_aggregate_verify)");
}

/// A beacon-API `LightClientHeader` (Capella): the beacon header, and its execution header
/// proven under `body_root`.
fn light_client_header(v: &Value, what: &str) -> BeaconBlockHeader {
    let beacon = header(&v["beacon"]);
    let execution = execution_header_root(&v["execution"], "capella");
    assert!(
        proves(&execution, &roots(&v["execution_branch"]), EXECUTION_PAYLOAD_GINDEX, &beacon.body_root),
        "{what}: execution branch"
    );
    beacon
}

/// mapprotocol's `.js` test data as JSON: the object literal after `let update =`, with
/// `BigNumber.from(x)` as the string `"x"`, `"…" + "…"` joined and trailing commas dropped.
fn js_update(text: &str) -> Value {
    let start = text.find("let update = ").expect("an update") + "let update = ".len();
    let body = &text[start..];
    let mut out = String::new();
    let mut rest = body;
    while let Some(i) = rest.find("BigNumber.from(") {
        out.push_str(&rest[..i]);
        let after = &rest[i + "BigNumber.from(".len()..];
        let close = after.find(')').unwrap();
        let literal = after[..close].trim();
        let value = match literal.strip_prefix("0x") {
            Some(h) => u64::from_str_radix(h, 16).unwrap(),
            None => literal.parse().unwrap(),
        };
        out.push_str(&format!("\"{value}\""));
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    // Joined strings, then trailing commas.
    let mut joined = String::new();
    let mut it = out.split("\" +");
    joined.push_str(it.next().unwrap());
    for part in it {
        joined.push_str(part.trim_start().strip_prefix('"').expect("a string after +"));
    }
    let mut text = String::new();
    let chars: Vec<char> = joined.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c == ',' && chars[i + 1..].iter().find(|c| !c.is_whitespace()).is_some_and(|&n| n == '}' || n == ']') {
            continue;
        }
        text.push(c);
    }
    // The object ends where its braces balance.
    let mut depth = 0;
    let end = text
        .char_indices()
        .find(|&(_, c)| {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            c == '}' && depth == 0
        })
        .map(|(i, _)| i + 1)
        .unwrap();
    serde_json::from_str(&text[..end]).unwrap_or_else(|e| panic!("mapprotocol update: {e}"))
}

/// A header as mapprotocol's `period620.js` writes it (camelCase).
fn camel_header(v: &Value) -> BeaconBlockHeader {
    BeaconBlockHeader {
        slot: number(&v["slot"]),
        proposer_index: number(&v["proposerIndex"]),
        parent_root: root(&v["parentRoot"]),
        state_root: root(&v["stateRoot"]),
        body_root: root(&v["bodyRoot"]),
    }
}

fn raw(name: &str) -> String {
    icbls_testkit::vectors::read_to_string(&format!("{FAMILY}/raw/{name}")).expect("the family is present")
}

/// Every Merkle branch of the verbatim sources in `raw/`: committees under state roots,
/// finalized headers under attested state roots, execution headers under body roots.
#[test]
fn raw_sources_branches_prove_committees_headers_and_payloads() {
    let Some(committees) = committees() else { return };
    let by_period = |p: u64| &committees[&format!("mainnet_period_{p}")];
    let helios = |name: &str| -> Value { serde_json::from_str(&raw(&format!("helios/{name}"))).unwrap() };
    let (mut committee_branches, mut finality_branches, mut execution_branches) = (0, 0, 0);

    // The bootstrap: committee 862 under the checkpoint's state root.
    let bootstrap = &helios("bootstrap.json")["data"];
    let checkpoint = light_client_header(&bootstrap["header"], "bootstrap");
    execution_branches += 1;
    let current = &bootstrap["current_sync_committee"];
    let c862 = by_period(checkpoint.slot / SLOTS_PER_PERIOD);
    assert_eq!(c862.period, 862);
    assert_eq!(current["pubkeys"].as_array().unwrap().iter().map(key48).collect::<Vec<_>>(), c862.keys);
    assert_eq!(key48(&current["aggregate_pubkey"]), c862.aggregate);
    let branch = roots(&bootstrap["current_sync_committee_branch"]);
    assert!(proves(&c862.root(), &branch, CURRENT_SYNC_COMMITTEE_GINDEX, &checkpoint.state_root));
    assert!(!proves(&c862.root(), &branch, NEXT_SYNC_COMMITTEE_GINDEX, &checkpoint.state_root));
    assert!(!proves(&by_period(863).root(), &branch, CURRENT_SYNC_COMMITTEE_GINDEX, &checkpoint.state_root));
    committee_branches += 1;

    // Each update: the next committee and the finalized header under the attested state root.
    let updates = helios("updates.json");
    for (i, u) in updates.as_array().unwrap().iter().enumerate() {
        let d = &u["data"];
        let attested = light_client_header(&d["attested_header"], "update attested header");
        let finalized = light_client_header(&d["finalized_header"], "update finalized header");
        execution_branches += 2;
        let next = by_period(attested.slot / SLOTS_PER_PERIOD + 1);
        let given = &d["next_sync_committee"];
        assert_eq!(given["pubkeys"].as_array().unwrap().iter().map(key48).collect::<Vec<_>>(), next.keys, "update {i}");
        assert_eq!(key48(&given["aggregate_pubkey"]), next.aggregate, "update {i}");
        let branch = roots(&d["next_sync_committee_branch"]);
        assert!(
            proves(&next.decoded.hash_tree_root(), &branch, NEXT_SYNC_COMMITTEE_GINDEX, &attested.state_root),
            "{i}"
        );
        assert!(!proves(&next.root(), &branch, NEXT_SYNC_COMMITTEE_GINDEX, &finalized.state_root), "{i}");
        committee_branches += 1;
        let finality = roots(&d["finality_branch"]);
        assert!(proves(&finalized.hash_tree_root(), &finality, FINALIZED_ROOT_GINDEX, &attested.state_root), "{i}");
        assert!(!proves(&attested.hash_tree_root(), &finality, FINALIZED_ROOT_GINDEX, &attested.state_root), "{i}");
        finality_branches += 1;
    }
    let finality = &helios("finality.json")["data"];
    let attested = light_client_header(&finality["attested_header"], "finality update attested header");
    let finalized = light_client_header(&finality["finalized_header"], "finality update finalized header");
    execution_branches += 2;
    assert!(proves(
        &finalized.hash_tree_root(),
        &roots(&finality["finality_branch"]),
        FINALIZED_ROOT_GINDEX,
        &attested.state_root
    ));
    finality_branches += 1;
    light_client_header(&helios("optimistic.json")["data"]["attested_header"], "optimistic update");
    execution_branches += 1;

    // mapprotocol (Bellatrix, 2022 API): finality branches, and committee 621, proven under the
    // finalized state root rather than the attested one (the sync protocol's early semantics).
    let p620 = js_update(&raw("mapprotocol/period620.js"));
    let attested = camel_header(&p620["attestedHeader"]);
    let finalized = camel_header(&p620["finalizedHeader"]);
    let c621 = by_period(attested.slot / SLOTS_PER_PERIOD + 1);
    assert_eq!(c621.period, 621);
    let given = &p620["nextSyncCommittee"];
    assert_eq!(hex(&given["pubkeys"]), c621.keys.concat());
    assert_eq!(key48(&given["aggregatePubkey"]), c621.aggregate);
    let branch = roots(&p620["nextSyncCommitteeBranch"]);
    assert!(proves(&c621.decoded.hash_tree_root(), &branch, NEXT_SYNC_COMMITTEE_GINDEX, &finalized.state_root));
    assert!(!proves(&c621.root(), &branch, NEXT_SYNC_COMMITTEE_GINDEX, &attested.state_root));
    committee_branches += 1;
    assert!(proves(
        &finalized.hash_tree_root(),
        &roots(&p620["finalityBranch"]),
        FINALIZED_ROOT_GINDEX,
        &attested.state_root
    ));
    finality_branches += 1;
    let p619 = js_update(&raw("mapprotocol/period619_update1.js"));
    let mut snake = vec![p619];
    for name in ["period620_update1.json", "period620_update2.json"] {
        let v: Value = serde_json::from_str(&raw(&format!("mapprotocol/{name}"))).unwrap();
        snake.push(v["data"].clone());
    }
    for u in &snake {
        let attested = header(&u["attested_header"]);
        let finalized = header(&u["finalized_header"]);
        assert!(proves(
            &finalized.hash_tree_root(),
            &roots(&u["finality_branch"]),
            FINALIZED_ROOT_GINDEX,
            &attested.state_root
        ));
        finality_branches += 1;
    }

    // Helios: the bootstrap and 6 updates' committees, 7 finality branches, 16 execution headers;
    // mapprotocol: committee 621 and 4 finality branches.
    assert_eq!((committee_branches, finality_branches, execution_branches), (8, 11, 16));
    println!(
        "raw sources: {committee_branches} committee branches, {finality_branches} finality branches, \
         {execution_branches} execution branches verified"
    );
}
