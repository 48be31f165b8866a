//! Ethereum beacon light-client data from `extra/eth_light_client/` in the public vectors (see
//! its PROVENANCE.md: Snowbridge's and rainbow-bridge's bootstraps, LightClientUpdates and
//! execution-header proofs on Goerli, Sepolia, Ropsten and a local devnet, Bellatrix to
//! Electra, and collector-derived negatives), checked piece by piece, every piece against the
//! collector's recorded result (the same data runs through `icbls::light_client`'s store in
//! `extra_eth_light_client_store.rs`):
//!
//! - header roots (`BeaconBlockHeader::hash_tree_root`) and committee roots
//!   (`SyncCommittee::hash_tree_root`, `sync_committee_root`), every committee decoded with
//!   `SyncCommittee::from_compressed` and its sum compared with its `aggregate_pubkey`;
//! - every Merkle branch with `is_valid_merkle_branch` at the fork's generalized index
//!   (current/next committee 54/55, finalized root 105 before Electra, 86/87 and 169 from it;
//!   `block_roots` 37/69; the execution payload 25 in the body; NEAR's `block_hash` at
//!   25·16+12 or 25·32+12; Snowbridge's ancestry proofs into `block_roots`);
//! - every sync aggregate whose committee the data holds with `SyncCommittee::verify`, under the
//!   domain of the dataset's fork schedule and genesis validators root (the fork version also
//!   from `light_client::NetworkConfig`), and the 2/3 rule on the participant count it returns;
//! - every execution payload header's root, this kit's own SSZ against the library's
//!   `ExecutionPayloadHeader::hash_tree_root`;
//! - the committee that signs each update, found from the data (bootstrap, previous update's
//!   `next_sync_committee`, stand-alone committee files) as the collector's registry does.
//!
//! What today's API cannot check is named in [`NOT_REPRESENTABLE`] with its reason, and each
//! occurrence is printed and counted: every case is checked, and every check the vectors record
//! is either made here or named.

use icbls_testkit::beacon;
use icbls_testkit::library as common;

use beacon::*;
use common::hex;
use icbls::light_client::{Fork, NetworkConfig};
use icbls::sync_committee::{
    compute_domain, compute_signing_root, is_valid_merkle_branch, sync_committee_root, Root, SyncCommittee, SyncError,
    DOMAIN_SYNC_COMMITTEE, SYNC_COMMITTEE_SIZE,
};
use serde_json::Value;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

const FAMILY: &str = "extra/eth_light_client";

/// Slots in a sync-committee period (mainnet preset, which every dataset here uses).
const SLOTS_PER_PERIOD: u64 = 8192;
const SLOTS_PER_EPOCH: u64 = 32;
/// `SLOTS_PER_HISTORICAL_ROOT`: the length of `BeaconState.block_roots`.
const SLOTS_PER_HISTORICAL_ROOT: u64 = 8192;
/// `execution` in a `BeaconBlockBody` from Capella on (light-client `EXECUTION_PAYLOAD_GINDEX`).
const EXECUTION_PAYLOAD_GINDEX: u64 = 25;
/// `block_hash` is field 12 of an `ExecutionPayload`.
const BLOCK_HASH_FIELD: u64 = 12;

/// The forks in order: a schedule's fork at an epoch is the last one started by then.
const FORK_ORDER: [&str; 7] = ["genesis", "altair", "bellatrix", "capella", "deneb", "electra", "fulu"];

/// What the data does not let this test check, each with the reason.
const NOT_REPRESENTABLE: &[(&str, &str)] = &[
    (
        "signature without its committee",
        "the update's signing committee is not in the data (PROVENANCE: Sepolia 919, 926, Deneb-640, Goerli 640 x2), \
         so there is no key set to run SyncCommittee::verify with; the update's proofs are checked",
    ),
    (
        "proposer signature of a stand-alone header",
        "the header's source carries its proposer's signature (DOMAIN_BEACON_PROPOSER), but the proposer's public \
         key is not in the data",
    ),
];

/// What a test checked and named, printed at its end.
#[derive(Default)]
struct Tally {
    checks: BTreeMap<&'static str, usize>,
    named: BTreeMap<&'static str, Vec<String>>,
    /// Observations (not failures), each with how often it was made.
    notes: BTreeMap<String, usize>,
    /// The committees checked, by `file#pointer`.
    committees: BTreeSet<String>,
}

impl Tally {
    fn check(&mut self, what: &'static str) {
        *self.checks.entry(what).or_default() += 1;
    }

    fn name(&mut self, what: &'static str, case: impl Into<String>) {
        assert!(NOT_REPRESENTABLE.iter().any(|(n, _)| *n == what), "{what} is not in NOT_REPRESENTABLE");
        self.named.entry(what).or_default().push(case.into());
    }

    fn note(&mut self, note: String) {
        *self.notes.entry(note).or_default() += 1;
    }

    fn print(&self, title: &str) {
        println!("{title}: {} distinct committees checked; checks made", self.committees.len());
        for (what, n) in &self.checks {
            println!("  {n:4}  {what}");
        }
        println!("{title}: not representable with today's API");
        for (what, cases) in &self.named {
            let reason = NOT_REPRESENTABLE.iter().find(|(n, _)| n == what).unwrap().1;
            println!("  {:4}  {what}: {reason}", cases.len());
            println!("        {}", cases.join(", "));
        }
        for (note, n) in &self.notes {
            println!("note ({n}x): {note}");
        }
    }
}

/// A file of the family as JSON, or `None` when the family is absent (the test is skipped).
fn json(name: &str) -> Option<Value> {
    common::vector_json(&format!("{FAMILY}/{name}"))
}

fn committee_keys(c: &Value) -> (Vec<[u8; 48]>, [u8; 48]) {
    (c["pubkeys"].as_array().unwrap().iter().map(key48).collect(), key48(&c["aggregate_pubkey"]))
}

/// The SSZ root of a committee as given (keys and stated sum), computed by the library.
fn committee_root(c: &Value) -> Root {
    let (keys, aggregate) = committee_keys(c);
    sync_committee_root(&keys, &aggregate)
}

/// `is_valid_merkle_branch` at a generalized index (the spec's `floorlog2(gindex)` depth). A
/// branch of another length is refused; the tally notes when, read at its own length, it would
/// have proven the leaf at another generalized index (`2^len + index`), which the depth argument
/// is there to prevent.
fn proves(leaf: &Root, branch: &[Root], gindex: u64, root: &Root, tally: &mut Tally, what: &str) -> bool {
    let depth = gindex.ilog2();
    let index = gindex - (1 << depth);
    let verdict = is_valid_merkle_branch(leaf, branch, depth, index, root);
    if branch.len() != depth as usize {
        assert!(!verdict, "{what}: a {}-node branch accepted at depth {depth}", branch.len());
        if is_valid_merkle_branch(leaf, branch, branch.len() as u32, index, root) {
            tally.note(format!(
                "{what}: a {}-node branch is refused at gindex {gindex}; read at its own length it would prove gindex {}",
                branch.len(),
                (1u64 << branch.len()) + index
            ));
        }
    }
    verdict
}

/// The generalized indices of a fork's `BeaconState` (altair and electra light-client sync
/// protocols).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Gindices {
    PreElectra,
    Electra,
}

impl Gindices {
    fn name(self) -> &'static str {
        match self {
            Gindices::PreElectra => "pre_electra",
            Gindices::Electra => "electra",
        }
    }

    fn finalized_root(self) -> u64 {
        match self {
            Gindices::PreElectra => 105,
            Gindices::Electra => 169,
        }
    }

    fn current_sync_committee(self) -> u64 {
        match self {
            Gindices::PreElectra => 54,
            Gindices::Electra => 86,
        }
    }

    fn next_sync_committee(self) -> u64 {
        match self {
            Gindices::PreElectra => 55,
            Gindices::Electra => 87,
        }
    }

    fn block_roots(self) -> u64 {
        match self {
            Gindices::PreElectra => 37,
            Gindices::Electra => 69,
        }
    }
}

/// A dataset's network: genesis validators root, fork schedule, genesis time.
struct Network {
    gvr: Root,
    forks: Vec<(&'static str, [u8; 4], u64)>,
    genesis_time: Option<u64>,
    /// The same schedule as the library's `NetworkConfig`.
    library: NetworkConfig,
}

/// The library's fork of a fork's name.
fn library_fork(name: &str) -> Fork {
    Fork::from_name(name).unwrap_or_else(|| panic!("{name} has no execution header"))
}

impl Network {
    fn new(config: &Value) -> Network {
        let versions = config["fork_versions"].as_object().unwrap();
        let epochs = config["fork_epochs"].as_object().unwrap();
        for name in versions.keys().chain(epochs.keys()) {
            assert!(FORK_ORDER.contains(&name.as_str()), "unknown fork {name}");
        }
        let forks = FORK_ORDER
            .iter()
            .filter_map(|&name| {
                let epoch = epochs.get(name)?.as_u64()?;
                Some((name, hex(&versions[name]).try_into().unwrap(), epoch))
            })
            .collect();
        Network {
            gvr: root(&config["genesis_validators_root"]),
            forks,
            genesis_time: config["genesis_time"].as_u64(),
            library: network_config(config),
        }
    }

    /// `compute_fork_version(epoch)` with this schedule, and the fork's name.
    fn fork_at_epoch(&self, epoch: u64) -> (&'static str, [u8; 4]) {
        self.forks.iter().rev().find(|f| epoch >= f.2).map(|f| (f.0, f.1)).expect("a fork at genesis")
    }

    fn fork_at_slot(&self, slot: u64) -> &'static str {
        self.fork_at_epoch(slot / SLOTS_PER_EPOCH).0
    }

    fn gindices(&self, slot: u64) -> Gindices {
        match self.forks.iter().find(|f| f.0 == "electra") {
            Some(f) if slot / SLOTS_PER_EPOCH >= f.2 => Gindices::Electra,
            _ => Gindices::PreElectra,
        }
    }
}

/// Committees decoded once per process (512 decompressions each), by `file#pointer`.
fn decoded(file: &str, pointer: &str, committee: &Value) -> Arc<OnceLock<SyncCommittee>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<OnceLock<SyncCommittee>>>>> = OnceLock::new();
    let slot =
        CACHE.get_or_init(Default::default).lock().unwrap().entry(format!("{file}#{pointer}")).or_default().clone();
    slot.get_or_init(|| {
        let (keys, _) = committee_keys(committee);
        SyncCommittee::from_compressed(&keys).unwrap_or_else(|e| panic!("{file}#{pointer}: {e}"))
    });
    slot
}

/// A committee as the data gives it: decodes, sums to its `aggregate_pubkey`, and has one SSZ
/// root whether computed from the bytes or from the decoded keys. Returns that root.
fn check_committee(file: &str, pointer: &str, c: &Value, tally: &mut Tally) -> Root {
    let (keys, aggregate) = committee_keys(c);
    assert_eq!(keys.len(), SYNC_COMMITTEE_SIZE, "{pointer}");
    let cell = decoded(file, pointer, c);
    let committee = cell.get().unwrap();
    assert_eq!(committee.aggregate_key().to_compressed(), aggregate, "{file}#{pointer}: the keys' sum");
    let ssz = sync_committee_root(&keys, &aggregate);
    assert_eq!(committee.hash_tree_root(), ssz, "{file}#{pointer}");
    tally.check("committee: decoded, summed to aggregate_pubkey, SSZ root");
    tally.committees.insert(format!("{file}#{pointer}"));
    ssz
}

/// Whether a `collector_check` key is `known` (a key may carry a suffix, e.g. the gindex).
fn all_keys_known(cc: &Value, known: &[&str], what: &str) {
    for key in cc.as_object().unwrap().keys() {
        assert!(
            known.iter().any(|k| key == k || key.starts_with(&format!("{k} ("))),
            "{what}: collector_check.{key} is neither checked nor named here"
        );
    }
}

/// The generalized index written in a key such as `"… (gindex 412 vs …)"`.
fn gindex_in_key(key: &str) -> u64 {
    let after = &key[key.find("gindex ").expect("a gindex") + "gindex ".len()..];
    after[..after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len())].parse().unwrap()
}

/// The `collector_check` value whose key starts with `prefix` (keys may carry a suffix).
fn by_prefix<'a>(cc: &'a Value, prefix: &str) -> Option<(&'a str, &'a Value)> {
    cc.as_object().unwrap().iter().find(|(k, _)| k.starts_with(prefix)).map(|(k, v)| (k.as_str(), v))
}

const UPDATE_KEYS: &[&str] = &[
    "gindex_family",
    "attested_header_root",
    "finalized_header_root",
    "finality_branch_valid",
    "finality_gindex",
    "next_sync_committee_root",
    "next_sync_committee_branch_valid",
    "next_sync_committee_gindex",
    "next_sync_committee_branch_valid_vs_finalized_state_root",
    "attested_execution_branch_valid",
    "attested_execution_timestamp_matches_genesis_time_plus_12_slot",
    "finalized_execution_branch_valid",
    "finalized_execution_timestamp_matches_genesis_time_plus_12_slot",
    "block_roots_branch_valid",
    "execution_block_hash_branch_valid",
    "proofs_valid",
    "participants",
    "supermajority_3n_ge_2x512",
    "signature_period",
    "attested_period",
    "fork_for_signature",
    "fork_version_used",
    "fork_version_basis",
    "domain",
    "signing_root",
    "bls",
    "signature_valid",
    "signature_note",
];

/// An update's overrides (the derived negatives' "domain built with …" mutations).
#[derive(Default)]
struct Overrides {
    fork_version: Option<[u8; 4]>,
}

/// What an update comes to.
struct UpdateVerdict {
    proofs_valid: bool,
    /// `None`: the signing committee is absent.
    signature_valid: Option<bool>,
    supermajority: bool,
    /// The next committee's branch fails under the attested state root but holds under the
    /// finalized one (the 2022 semantics).
    legacy: bool,
    /// `signature_slot > attested slot >= finalized slot` (`validate_light_client_update`).
    slots_ordered: bool,
}

/// Every check of one update against its `collector_check`: roots, branches, the signature
/// with `signer` (the decoded signing committee, if the data has it).
fn check_update(
    id: &str,
    u: &Value,
    cc: &Value,
    net: &Network,
    overrides: &Overrides,
    signer: Option<&SyncCommittee>,
    tally: &mut Tally,
) -> UpdateVerdict {
    all_keys_known(cc, UPDATE_KEYS, id);
    let attested = header(&u["attested_header"]);
    let attested_root = attested.hash_tree_root();
    assert_eq!(attested_root, root(&cc["attested_header_root"]), "{id}");
    tally.check("header root (attested)");
    let g = net.gindices(attested.slot);
    assert_eq!(cc["gindex_family"].as_str(), Some(g.name()), "{id}");
    let mut proofs = true;

    // The finalized header under the attested state root.
    let finalized = (!u["finalized_header"].is_null()).then(|| header(&u["finalized_header"]));
    match &finalized {
        None => assert!(cc["finality_branch_valid"].is_null() && u["finality_branch"].is_null(), "{id}"),
        Some(f) => {
            let f_root = f.hash_tree_root();
            assert_eq!(f_root, root(&cc["finalized_header_root"]), "{id}");
            tally.check("header root (finalized)");
            assert_eq!(cc["finality_gindex"].as_u64(), Some(g.finalized_root()), "{id}");
            let ok =
                proves(&f_root, &roots(&u["finality_branch"]), g.finalized_root(), &attested.state_root, tally, id);
            assert_eq!(Some(ok), cc["finality_branch_valid"].as_bool(), "{id}: finality branch");
            tally.check("finality branch");
            proofs &= ok;
        }
    }

    // The next committee under the attested state root.
    let mut legacy = false;
    if u["next_sync_committee"].is_null() {
        assert!(cc["next_sync_committee_branch_valid"].is_null(), "{id}");
    } else {
        let next_root = committee_root(&u["next_sync_committee"]);
        assert_eq!(next_root, root(&cc["next_sync_committee_root"]), "{id}");
        tally.check("committee SSZ root (next_sync_committee)");
        assert_eq!(cc["next_sync_committee_gindex"].as_u64(), Some(g.next_sync_committee()), "{id}");
        let branch = roots(&u["next_sync_committee_branch"]);
        let ok = proves(&next_root, &branch, g.next_sync_committee(), &attested.state_root, tally, id);
        assert_eq!(Some(ok), cc["next_sync_committee_branch_valid"].as_bool(), "{id}: next committee branch");
        tally.check("next_sync_committee branch");
        proofs &= ok;
        let legacy_key = "next_sync_committee_branch_valid_vs_finalized_state_root";
        match (by_prefix(cc, legacy_key), &finalized) {
            (Some((_, expected)), Some(f)) => {
                let under_finalized = proves(&next_root, &branch, g.next_sync_committee(), &f.state_root, tally, id);
                assert_eq!(Some(under_finalized), expected.as_bool(), "{id}: legacy branch");
                tally.check("next_sync_committee branch under the finalized state root (2022 semantics)");
                legacy = under_finalized;
            }
            (None, _) => assert!(ok || finalized.is_none(), "{id}: a failing branch has its legacy reading recorded"),
            (Some(_), None) => panic!("{id}: a legacy reading without a finalized header"),
        }
    }

    // Execution headers (beacon-API data from Capella on) under their body roots.
    for (side, h) in [("attested", Some(&attested)), ("finalized", finalized.as_ref())] {
        let payload = &u[format!("{side}_execution")];
        if payload.is_null() {
            assert!(cc[format!("{side}_execution_branch_valid")].is_null(), "{id}");
            continue;
        }
        let h = h.unwrap();
        let fork = net.fork_at_slot(h.slot);
        let leaf = execution_header_root(payload, fork);
        assert_eq!(execution_payload_header(payload).hash_tree_root(library_fork(fork)), leaf, "{id} ({side})");
        tally.check("ExecutionPayloadHeader root (the kit's SSZ and the library's)");
        let ok = proves(
            &leaf,
            &roots(&u[format!("{side}_execution_branch")]),
            EXECUTION_PAYLOAD_GINDEX,
            &h.body_root,
            tally,
            id,
        );
        assert_eq!(Some(ok), cc[format!("{side}_execution_branch_valid")].as_bool(), "{id}: {side} execution branch");
        tally.check("execution payload branch (gindex 25 under body_root)");
        proofs &= ok;
        let timestamp_key = format!("{side}_execution_timestamp_matches_genesis_time_plus_12_slot");
        if let Some(genesis) = net.genesis_time {
            let matches = number(&payload["timestamp"]) == genesis + 12 * h.slot;
            assert_eq!(Some(matches), cc[&timestamp_key].as_bool(), "{id}: {side} timestamp");
            tally.check("execution timestamp = genesis_time + 12 slot (data consistency)");
        } else {
            assert!(cc[&timestamp_key].is_null(), "{id}");
        }
    }

    // Snowbridge: block_roots under the finalized state root.
    let other = &u["source_other_fields"];
    if let Some((_, expected)) = by_prefix(cc, "block_roots_branch_valid") {
        let f = finalized.as_ref().expect("a finalized header");
        let gf = net.gindices(f.slot);
        let ok = proves(
            &root(&other["block_roots_root"]),
            &roots(&other["block_roots_branch"]),
            gf.block_roots(),
            &f.state_root,
            tally,
            id,
        );
        assert_eq!(Some(ok), expected.as_bool(), "{id}: block_roots branch");
        tally.check("block_roots branch (under the finalized state root)");
        proofs &= ok;
    } else {
        assert!(other["block_roots_root"].is_null() || finalized.is_none(), "{id}");
    }

    // NEAR: the finalized execution block hash under the finalized body root.
    if let Some((key, expected)) = by_prefix(cc, "execution_block_hash_branch_valid") {
        let f = finalized.as_ref().expect("a finalized header");
        // The payload's 16 (Bellatrix, Capella) or 32 (Deneb on) field leaves.
        let width = if matches!(net.fork_at_slot(f.slot), "bellatrix" | "capella") { 16 } else { 32 };
        let gindex = EXECUTION_PAYLOAD_GINDEX * width + BLOCK_HASH_FIELD;
        assert_eq!(gindex, gindex_in_key(key), "{id}");
        let ok = proves(
            &root(&other["execution_block_hash"]),
            &roots(&other["execution_hash_branch"]),
            gindex,
            &f.body_root,
            tally,
            id,
        );
        assert_eq!(Some(ok), expected.as_bool(), "{id}: execution block hash branch");
        tally.check("execution block_hash branch (under the finalized body_root)");
        proofs &= ok;
    } else {
        assert!(other["execution_block_hash"].is_null() || finalized.is_none(), "{id}");
    }
    assert_eq!(Some(proofs), cc["proofs_valid"].as_bool(), "{id}: proofs");

    // Participation, periods, the fork version and the domain.
    let bits = hex(&u["sync_committee_bits"]);
    let participants = bits.iter().map(|b| b.count_ones() as u64).sum::<u64>();
    assert_eq!(Some(participants), cc["participants"].as_u64(), "{id}");
    let signature_slot = u["signature_slot"].as_u64();
    let signature_period = signature_slot.unwrap_or(attested.slot) / SLOTS_PER_PERIOD;
    assert_eq!(Some(signature_period), cc["signature_period"].as_u64(), "{id}");
    assert_eq!(Some(attested.slot / SLOTS_PER_PERIOD), cc["attested_period"].as_u64(), "{id}");
    let (fork_name, fork_version) = match (overrides.fork_version, signature_slot) {
        (Some(v), _) => ("override", v),
        // compute_fork_version(compute_epoch_at_slot(max(signature_slot, 1) - 1)).
        (None, Some(s)) => net.fork_at_epoch((s.max(1) - 1) / SLOTS_PER_EPOCH),
        (None, None) => {
            // Sources without signature_slot: the fork version they state.
            let v: [u8; 4] = hex(&other["fork_version"]).try_into().unwrap();
            (net.forks.iter().find(|f| f.1 == v).expect("a fork of the schedule").0, v)
        }
    };
    let slots_ordered =
        signature_slot.is_none_or(|s| s > attested.slot) && finalized.as_ref().is_none_or(|f| attested.slot >= f.slot);
    tally.check("slot order: signature_slot > attested slot >= finalized slot");
    assert_eq!(cc["fork_for_signature"].as_str(), Some(fork_name), "{id}");
    assert_eq!(root_of4(&cc["fork_version_used"]), fork_version, "{id}");
    if let (None, Some(s)) = (overrides.fork_version, signature_slot) {
        assert_eq!(net.library.signature_fork_version(s), fork_version, "{id}");
        tally.check("fork version (NetworkConfig::signature_fork_version)");
    }
    let domain = compute_domain(DOMAIN_SYNC_COMMITTEE, fork_version, &net.gvr);
    assert_eq!(domain, root(&cc["domain"]), "{id}");
    assert_eq!(compute_signing_root(&attested_root, &domain), root(&cc["signing_root"]), "{id}");
    tally.check("domain and signing root");

    // The signature.
    let supermajority = 3 * participants >= 2 * SYNC_COMMITTEE_SIZE as u64;
    assert_eq!(Some(supermajority), cc["supermajority_3n_ge_2x512"].as_bool(), "{id}");
    let signature_valid = match signer {
        None => {
            assert!(cc["signature_valid"].is_null(), "{id}: the collector had a committee");
            tally.name("signature without its committee", id);
            None
        }
        Some(committee) => {
            let signature = hex(&u["sync_committee_signature"]);
            let result = committee.verify(&bits, &signature, &attested, fork_version, &net.gvr);
            match result {
                Ok(n) => assert_eq!(n as u64, participants, "{id}"),
                Err(SyncError::NoParticipants) => assert_eq!(participants, 0, "{id}"),
                Err(SyncError::InvalidSignature | SyncError::Signature(_)) => {}
                Err(e) => panic!("{id}: {e}"),
            }
            assert_eq!(Some(result.is_ok()), cc["signature_valid"].as_bool(), "{id}: signature: {result:?}");
            // Each implementation the collector ran agrees.
            if let Some(bls) = cc["bls"].as_object() {
                for (implementation, verdict) in bls.iter().filter(|(k, _)| !k.ends_with("_error")) {
                    assert_eq!(verdict.as_bool(), Some(result.is_ok()), "{id}: {implementation}");
                }
            }
            tally.check("sync aggregate: SyncCommittee::verify");
            Some(result.is_ok())
        }
    };
    if signature_valid.is_some() {
        assert!(cc["signature_note"].is_null() || participants == 0, "{id}");
    }
    UpdateVerdict { proofs_valid: proofs, signature_valid, supermajority, legacy, slots_ordered }
}

fn root_of4(v: &Value) -> [u8; 4] {
    hex(v).try_into().unwrap()
}

/// The collector's committee registry of a dataset: the committee of each period, from the
/// bootstrap, then each update's next committee (for the period after its attested slot's),
/// then the stand-alone committees; the first one found for a period is kept.
fn registry(ds: &Value, di: usize) -> BTreeMap<u64, String> {
    let mut reg = BTreeMap::new();
    if !ds["bootstrap"].is_null() {
        let period = number(&ds["bootstrap"]["header"]["slot"]) / SLOTS_PER_PERIOD;
        reg.entry(period).or_insert(format!("/datasets/{di}/bootstrap/current_sync_committee"));
    }
    for (ui, u) in ds["updates"].as_array().unwrap().iter().enumerate() {
        if !u["next_sync_committee"].is_null() {
            let period = number(&u["attested_header"]["slot"]) / SLOTS_PER_PERIOD + 1;
            reg.entry(period).or_insert(format!("/datasets/{di}/updates/{ui}/next_sync_committee"));
        }
    }
    if let Some(extra) = ds["extra_committees"].as_object() {
        for (name, c) in extra {
            reg.entry(c["period"].as_u64().unwrap()).or_insert(format!("/datasets/{di}/extra_committees/{name}"));
        }
    }
    reg
}

/// The expected verdict text of an update, from what the checks found.
fn verdict_text(v: &UpdateVerdict) -> &'static str {
    match (v.proofs_valid, v.signature_valid) {
        (true, Some(true)) => "valid",
        (true, None) => "proofs valid; signature not checkable",
        (false, Some(true)) if v.legacy => "INVALID under the current spec",
        _ => "INVALID",
    }
}

/// The bootstrap of a dataset: its committee under the header's state root.
fn check_bootstrap(file: &str, di: usize, b: &Value, net: &Network, tally: &mut Tally) -> bool {
    let id = format!("{file} bootstrap {}", b["id"].as_str().unwrap_or("(derived)"));
    let cc = &b["collector_check"];
    all_keys_known(
        cc,
        &[
            "header_root",
            "gindex_family",
            "current_sync_committee_gindex",
            "current_sync_committee_root",
            "current_sync_committee_branch_valid",
            "validators_root_equals_config_gvr",
            "block_roots_branch_valid",
        ],
        &id,
    );
    let h = header(&b["header"]);
    assert_eq!(h.hash_tree_root(), root(&cc["header_root"]), "{id}");
    tally.check("header root (bootstrap)");
    let g = net.gindices(h.slot);
    assert_eq!(cc["gindex_family"].as_str(), Some(g.name()), "{id}");
    assert_eq!(cc["current_sync_committee_gindex"].as_u64(), Some(g.current_sync_committee()), "{id}");
    let c = &b["current_sync_committee"];
    let c_root = check_committee(file, &format!("/datasets/{di}/bootstrap/current_sync_committee"), c, tally);
    assert_eq!(c_root, root(&cc["current_sync_committee_root"]), "{id}");
    let ok = proves(
        &c_root,
        &roots(&b["current_sync_committee_branch"]),
        g.current_sync_committee(),
        &h.state_root,
        tally,
        &id,
    );
    assert_eq!(Some(ok), cc["current_sync_committee_branch_valid"].as_bool(), "{id}");
    tally.check("current_sync_committee branch");
    let other = &b["source_other_fields"];
    if let Some(gvr) = other["validators_root"].as_str() {
        assert_eq!(Some(hex(&Value::from(gvr)) == net.gvr), cc["validators_root_equals_config_gvr"].as_bool(), "{id}");
    }
    let mut valid = ok;
    if let Some((_, expected)) = by_prefix(cc, "block_roots_branch_valid") {
        let br = proves(
            &root(&other["block_roots_root"]),
            &roots(&other["block_roots_branch"]),
            g.block_roots(),
            &h.state_root,
            tally,
            &id,
        );
        assert_eq!(Some(br), expected.as_bool(), "{id}");
        tally.check("block_roots branch (under the bootstrap state root)");
        valid &= br;
    }
    valid
}

/// Every dataset of `snowbridge.json` or `rainbow_bridge.json`; returns the number of cases
/// (bootstraps, updates, execution proofs, stand-alone committees and headers) it checked.
fn check_file(file: &str, doc: &Value, tally: &mut Tally) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    for (di, ds) in doc["datasets"].as_array().unwrap().iter().enumerate() {
        let dsid = ds["id"].as_str().unwrap();
        let net = Network::new(&ds["config"]);
        let dcc = &ds["collector_check"];
        all_keys_known(dcc, &["committee_by_period", "committees", "committee_equalities"], dsid);

        // The committees: each as given, and the registry that says which one signs what.
        let reg = registry(ds, di);
        let mut proven: BTreeMap<String, bool> = BTreeMap::new();
        let theirs: BTreeMap<u64, String> = dcc["committee_by_period"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(p, ptr)| (p.parse().unwrap(), ptr.as_str().unwrap().to_string()))
            .collect();
        assert_eq!(reg, theirs, "{dsid}: committee of each period");
        for (ptr, info) in dcc["committees"].as_object().unwrap() {
            let c = doc.pointer(ptr).unwrap_or_else(|| panic!("{dsid}: {ptr}"));
            let keys = c["pubkeys"].as_array().unwrap();
            assert_eq!(info["size"].as_u64(), Some(keys.len() as u64), "{ptr}");
            let distinct: BTreeSet<&str> = keys.iter().map(|k| k.as_str().unwrap()).collect();
            assert_eq!(info["distinct_keys"].as_u64(), Some(distinct.len() as u64), "{ptr}");
            assert_eq!(info["aggregate_pubkey_equals_sum_of_pubkeys"], Value::Bool(true), "{ptr}");
            let c_root = check_committee(file, ptr, c, tally);
            assert_eq!(c_root, root(&info["hash_tree_root"]), "{ptr}");
            assert_eq!(Some(reg.iter().find(|(_, p)| *p == ptr).unwrap().0), info["period"].as_u64().as_ref(), "{ptr}");
        }
        for eq in dcc["committee_equalities"].as_array().into_iter().flatten() {
            let (a, b) =
                (doc.pointer(eq["a"].as_str().unwrap()).unwrap(), doc.pointer(eq["b"].as_str().unwrap()).unwrap());
            let same = a["pubkeys"] == b["pubkeys"] && a["aggregate_pubkey"] == b["aggregate_pubkey"];
            assert_eq!(Some(same), eq["equal"].as_bool(), "{dsid}");
            assert_eq!(committee_root(a) == committee_root(b), same, "{dsid}");
            tally.check("committee equality (same root)");
        }

        if !ds["bootstrap"].is_null() {
            let b = &ds["bootstrap"];
            let valid = check_bootstrap(file, di, b, &net, tally);
            assert_eq!(Some(valid), b["expected"]["valid"].as_bool(), "{dsid} bootstrap");
            *counts.entry("bootstraps").or_default() += 1;
        }

        for (ui, u) in ds["updates"].as_array().unwrap().iter().enumerate() {
            let id = format!("{dsid}/{}", u["id"].as_str().unwrap());
            // The signer: the registry's committee for the signature period (checked with the
            // dataset's committees above).
            let slot = u["signature_slot"].as_u64().unwrap_or_else(|| number(&u["attested_header"]["slot"]));
            let signer_ptr = reg.get(&(slot / SLOTS_PER_PERIOD));
            assert_eq!(u["signing_committee_ref"].as_str(), signer_ptr.map(String::as_str), "{id}");
            let signer = signer_ptr.map(|p| decoded(file, p, doc.pointer(p).unwrap()));
            // Where the signer came from: a bootstrap's or an earlier update's branch-proven
            // committee (a hand-off), or a stand-alone committee file (no branch).
            match signer_ptr {
                Some(p) if p.contains("/updates/") => {
                    assert_eq!(proven.get(p), Some(&true), "{id}: signed by {p}, which its update does not prove");
                    tally.check("committee hand-off: signer proven by an earlier update's next_sync_committee branch");
                }
                Some(p) if p.contains("/bootstrap/") => {
                    assert_eq!(ds["bootstrap"]["expected"]["valid"], Value::Bool(true), "{id}");
                    tally.check("signer proven by the bootstrap's current_sync_committee branch");
                }
                Some(p) => {
                    tally.note(format!("{dsid}: updates signed by the stand-alone committee {p} (no branch proves it)"))
                }
                None => {}
            }
            if !u["next_sync_committee"].is_null() {
                check_committee(
                    file,
                    &format!("/datasets/{di}/updates/{ui}/next_sync_committee"),
                    &u["next_sync_committee"],
                    tally,
                );
            }
            let v = check_update(
                &id,
                u,
                &u["collector_check"],
                &net,
                &Overrides::default(),
                signer.as_ref().map(|c| c.get().unwrap()),
                tally,
            );
            if !u["next_sync_committee"].is_null() {
                let next_ok = u["collector_check"]["next_sync_committee_branch_valid"] == Value::Bool(true);
                proven.insert(format!("/datasets/{di}/updates/{ui}/next_sync_committee"), next_ok);
            }
            let expected = &u["expected"];
            assert_eq!(Some(v.proofs_valid), expected["proofs_valid"].as_bool(), "{id}");
            assert_eq!(v.signature_valid, expected["signature_valid"].as_bool(), "{id}");
            assert_eq!(Some(v.supermajority), expected["supermajority"].as_bool(), "{id}");
            let verdict = expected["verdict"].as_str().unwrap();
            assert!(verdict.starts_with(verdict_text(&v)), "{id}: {verdict:?}, found {:?}", verdict_text(&v));
            if verdict == "valid" {
                assert!(v.supermajority && v.slots_ordered, "{id}");
            }
            *counts.entry("updates").or_default() += 1;
        }

        for ep in ds["execution_proofs"].as_array().into_iter().flatten() {
            check_execution_proof(file, di, ds, ep, tally);
            *counts.entry("execution proofs").or_default() += 1;
        }

        for h in ds["extra_headers"].as_array().into_iter().flatten() {
            let id = format!("{dsid}/{}", h["id"].as_str().unwrap());
            let cc = &h["collector_check"];
            all_keys_known(cc, &["header_root", "equals_source_root", "equals_finalized_header_of"], &id);
            let h_root = header(&h["header"]).hash_tree_root();
            assert_eq!(h_root, root(&cc["header_root"]), "{id}");
            tally.check("header root (stand-alone header)");
            if !h["source_root"].is_null() {
                assert_eq!(Some(h_root == root(&h["source_root"])), cc["equals_source_root"].as_bool(), "{id}");
                assert_eq!(cc["equals_source_root"], Value::Bool(true), "{id}");
            }
            let found: Vec<String> = ds["updates"]
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
                .filter(|(_, u)| {
                    !u["finalized_header"].is_null() && header(&u["finalized_header"]).hash_tree_root() == h_root
                })
                .map(|(ui, _)| format!("/datasets/{di}/updates/{ui}/finalized_header"))
                .collect();
            let theirs: Vec<String> = cc["equals_finalized_header_of"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().to_string())
                .collect();
            assert_eq!(found, theirs, "{id}");
            if !h["source_signature"].is_null() {
                tally.name("proposer signature of a stand-alone header", &id);
            }
            *counts.entry("stand-alone headers").or_default() += 1;
        }

        for (name, c) in ds["extra_committees"].as_object().into_iter().flatten() {
            let ptr = format!("/datasets/{di}/extra_committees/{name}");
            check_committee(file, &ptr, c, tally);
            // The same period's committee from an update's branch, where there is one, is this one.
            if let Some(p) = reg.get(&c["period"].as_u64().unwrap()) {
                if *p != ptr {
                    assert_eq!(committee_root(doc.pointer(p).unwrap()), committee_root(c), "{ptr}");
                }
            }
            *counts.entry("stand-alone committees").or_default() += 1;
        }
    }
    counts
}

/// Snowbridge's execution-header proofs: the execution header under the block's body root, and
/// the block's root in a finalized state's `block_roots`.
fn check_execution_proof(file: &str, di: usize, ds: &Value, ep: &Value, tally: &mut Tally) {
    let id = format!("{file} {}/{}", ds["id"].as_str().unwrap(), ep["id"].as_str().unwrap());
    let cc = &ep["collector_check"];
    all_keys_known(
        cc,
        &[
            "header_root",
            "execution_header_root",
            "execution_branch_valid",
            "inline_block_roots_root_is_finalized_block_root_of",
            "inline_block_roots_root_literal_branch_valid",
            "ancestry_branch_valid",
            "finalized_block_root_found_in",
        ],
        &id,
    );
    let h = header(&ep["header"]);
    let h_root = h.hash_tree_root();
    assert_eq!(h_root, root(&cc["header_root"]), "{id}");
    tally.check("header root (execution proof)");
    let fork = ep["execution_header_fork"].as_str().unwrap();
    let leaf = execution_header_root(&ep["execution_header"], fork);
    assert_eq!(leaf, root(&cc["execution_header_root"]), "{id}");
    assert_eq!(execution_payload_header(&ep["execution_header"]).hash_tree_root(library_fork(fork)), leaf, "{id}");
    tally.check("ExecutionPayloadHeader root (the kit's SSZ and the library's)");
    let (_, expected) = by_prefix(cc, "execution_branch_valid").unwrap();
    let ok = proves(&leaf, &roots(&ep["execution_branch"]), EXECUTION_PAYLOAD_GINDEX, &h.body_root, tally, &id);
    assert_eq!(Some(ok), expected.as_bool(), "{id}");
    tally.check("execution payload branch (gindex 25 under body_root)");

    // The header's root at its slot in block_roots (a Vector[Root, 8192]: depth 13).
    let gindex = SLOTS_PER_HISTORICAL_ROOT + h.slot % SLOTS_PER_HISTORICAL_ROOT;
    let finalized_with_block_roots = |block_root: &Root| -> Vec<(String, Root)> {
        let mut out = Vec::new();
        if !ds["bootstrap"].is_null() && header(&ds["bootstrap"]["header"]).hash_tree_root() == *block_root {
            let other = &ds["bootstrap"]["source_other_fields"];
            if !other["block_roots_root"].is_null() {
                out.push((format!("/datasets/{di}/bootstrap"), root(&other["block_roots_root"])));
            }
        }
        for (ui, u) in ds["updates"].as_array().unwrap().iter().enumerate() {
            let other = &u["source_other_fields"];
            if !u["finalized_header"].is_null()
                && header(&u["finalized_header"]).hash_tree_root() == *block_root
                && !other["block_roots_root"].is_null()
            {
                out.push((format!("/datasets/{di}/updates/{ui}"), root(&other["block_roots_root"])));
            }
        }
        out
    };
    let pointers =
        |v: &Value| -> Vec<String> { v.as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_string()).collect() };
    let (branch, candidates) = if !ep["ancestry_proof"].is_null() {
        let proof = &ep["ancestry_proof"];
        let candidates = finalized_with_block_roots(&root(&proof["finalized_block_root"]));
        assert_eq!(
            candidates.iter().map(|c| c.0.clone()).collect::<Vec<_>>(),
            pointers(&cc["finalized_block_root_found_in"]),
            "{id}"
        );
        (roots(&proof["header_branch"]), candidates)
    } else {
        // The 2023 layout: its `block_roots_root` holds the finalized block's root (PROVENANCE,
        // "Doubts and gaps"); taken literally, the branch does not verify under it.
        let inline = root(&ep["block_roots_root"]);
        let branch = roots(&ep["block_roots_branch"]);
        let literal = proves(&h_root, &branch, gindex, &inline, tally, &id);
        assert_eq!(Some(literal), cc["inline_block_roots_root_literal_branch_valid"].as_bool(), "{id}");
        let candidates = finalized_with_block_roots(&inline);
        assert_eq!(
            candidates.iter().map(|c| c.0.clone()).collect::<Vec<_>>(),
            pointers(&cc["inline_block_roots_root_is_finalized_block_root_of"]),
            "{id}"
        );
        (branch, candidates)
    };
    let (key, expected) = by_prefix(cc, "ancestry_branch_valid").unwrap();
    assert_eq!(gindex_in_key(key), gindex, "{id}");
    let ok = candidates.iter().any(|(_, block_roots)| proves(&h_root, &branch, gindex, block_roots, tally, &id));
    assert_eq!(Some(ok), expected.as_bool(), "{id}: ancestry");
    tally.check("ancestry branch (header root in a finalized state's block_roots)");
}

/// How many cases of each kind a file holds, counted from the file itself.
fn cases_in(doc: &Value) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    for ds in doc["datasets"].as_array().unwrap() {
        let mut add = |kind: &'static str, n: usize| {
            if n > 0 {
                *counts.entry(kind).or_default() += n;
            }
        };
        add("bootstraps", usize::from(!ds["bootstrap"].is_null()));
        add("updates", ds["updates"].as_array().unwrap().len());
        add("execution proofs", ds["execution_proofs"].as_array().map_or(0, Vec::len));
        add("stand-alone headers", ds["extra_headers"].as_array().map_or(0, Vec::len));
        add("stand-alone committees", ds["extra_committees"].as_object().map_or(0, |m| m.len()));
    }
    counts
}

fn run_file(file: &str) -> Option<BTreeMap<&'static str, usize>> {
    let doc = json(file)?;
    let mut tally = Tally::default();
    let counts = check_file(file, &doc, &mut tally);
    assert_eq!(counts, cases_in(&doc), "{file}: every case checked");
    tally.print(file);
    println!("{file}: cases checked: {counts:?}");
    Some(counts)
}

#[test]
fn snowbridge_bootstraps_updates_and_execution_proofs() {
    let Some(counts) = run_file("snowbridge.json") else { return };
    // PROVENANCE.md: 5 bootstraps, 12 updates, 3 execution-header proofs.
    assert_eq!(counts.values().sum::<usize>(), 20);
}

#[test]
fn rainbow_bridge_updates_committees_and_headers() {
    let Some(counts) = run_file("rainbow_bridge.json") else { return };
    // PROVENANCE.md: 28 updates, 4 stand-alone committees, 3 stand-alone headers.
    assert_eq!(counts.values().sum::<usize>(), 35);
}

/// The collector-derived cases: each mutates one real update or bootstrap (or the config it is
/// checked under); 15 are invalid, and of the two re-signed boundary cases 341/512 is rejected by
/// the 2/3 rule and 342/512 accepted.
#[test]
fn derived_negatives_and_the_participation_boundary() {
    let Some(neg) = json("negative_derived.json") else { return };
    let sources: BTreeMap<&str, Value> = ["snowbridge.json", "rainbow_bridge.json"]
        .into_iter()
        .map(|f| (f, json(f).expect("the family is present")))
        .collect();
    let mut tally = Tally::default();
    let cases = neg["cases"].as_array().unwrap();
    let (mut checked, mut refused) = (0, 0);
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let expected_valid = case["expected"]["valid"].as_bool().unwrap();
        let base = &case["base"];
        let source = &sources[base["file"].as_str().unwrap()];
        let base_ds = source["datasets"].as_array().unwrap().iter().find(|d| d["id"] == base["dataset"]).unwrap();
        // The case's config: its own network (gvr and schedule, possibly changed), with the base
        // dataset's genesis time.
        let mut config = case["config"].clone();
        config["genesis_time"] = base_ds["config"]["genesis_time"].clone();
        let net = Network::new(&config);
        let valid = match case["kind"].as_str().unwrap() {
            "bootstrap" => {
                let b = &case["bootstrap"];
                all_keys_known(&case["collector_check"], &["current_sync_committee_branch_valid"], id);
                let h = header(&b["header"]);
                let g = net.gindices(h.slot);
                let ok = proves(
                    &committee_root(&b["current_sync_committee"]),
                    &roots(&b["current_sync_committee_branch"]),
                    g.current_sync_committee(),
                    &h.state_root,
                    &mut tally,
                    id,
                );
                assert_eq!(Some(ok), case["collector_check"]["current_sync_committee_branch_valid"].as_bool(), "{id}");
                tally.check("current_sync_committee branch");
                ok
            }
            "update" => {
                let signer = case["signing_committee_ref"].as_str().map(|r| {
                    let (file, ptr) = r.split_once('#').unwrap();
                    let c = sources[file].pointer(ptr).unwrap_or_else(|| panic!("{id}: {r}"));
                    check_committee(file, ptr, c, &mut tally);
                    decoded(file, ptr, c)
                });
                let overrides = Overrides {
                    fork_version: case["config"]["fork_version_override_for_signature"]
                        .as_str()
                        .map(|v| root_of4(&Value::from(v))),
                };
                let v = check_update(
                    id,
                    &case["update"],
                    &case["collector_check"],
                    &net,
                    &overrides,
                    signer.as_ref().map(|c| c.get().unwrap()),
                    &mut tally,
                );
                if let Some(sig) = case["expected"]["signature_valid"].as_bool() {
                    assert_eq!(v.signature_valid, Some(sig), "{id}");
                }
                // A light client takes an update whose proofs and signature hold and whose
                // participants are at least 2/3 of the committee; a committee the data lacks
                // leaves only the proofs to decide.
                v.proofs_valid && v.signature_valid != Some(false) && v.supermajority && v.slots_ordered
            }
            other => panic!("{id}: kind {other}"),
        };
        assert_eq!(valid, expected_valid, "{id}: {}", case["expected"]);
        if !expected_valid {
            refused += 1;
        }
        checked += 1;
    }
    assert_eq!(checked, cases.len());
    // PROVENANCE.md: 17 cases, of which 16 are rejected (15 invalid, and 341/512).
    assert_eq!((checked, refused), (17, 16));
    tally.print("negative_derived.json");
    println!("negative_derived.json: {checked} cases checked, {refused} refused");
}
