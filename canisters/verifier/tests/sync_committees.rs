//! The verifier's sync-committee methods on the meter: a real mainnet committee registered and
//! an update verified against it (and its mutations refused with the argument at fault), the
//! store kept across an upgrade, and the store attacked by a paying stranger who tries to evict
//! the operators' committees or fill the store.

use crate::common;

use candid::{CandidType, Principal};
use common::refusal;
use icbls::bls::{min_pk, SecretKey};
use icbls::sync_committee::{
    compute_domain, compute_signing_root, mainnet_fork_version, DOMAIN_SYNC_COMMITTEE, MAINNET_GENESIS_VALIDATORS_ROOT,
    SYNC_COMMITTEE_SIZE,
};
use icbls_bench::verifier::*;
use icbls_testkit::backend::{Backend, CallKind, MeterBackend, Outcome, Sender, REFUSED_BY_INSPECT};
use icbls_testkit::fixtures::mainnet_sync_update;
use icbls_verifier_client::methods;
use icbls_verifier_client::service::{Units, MAX_ALLOW_LIST};

fn controller() -> Principal {
    Principal::from_slice(&[7; 29])
}

/// A canister that pays for its calls (neither controller nor allow-listed).
fn stranger() -> Principal {
    Principal::from_slice(&[0, 0, 0, 0, 0, 0, 0, 42, 1, 1])
}

/// An allow-listed canister.
fn friend() -> Principal {
    Principal::from_slice(&[0, 0, 0, 0, 0, 0, 0, 43, 1, 1])
}

fn install(slots: Option<u32>) -> Verifier {
    let mut init = InitArgs::default().with_allow_list(vec![friend()]);
    init.sync_committee_slots = slots;
    Verifier::install_with(Box::new(MeterBackend::new()), Some(init), &[controller()]).unwrap()
}

fn call<A: CandidType>(v: &mut Verifier, method: &str, arg: &A, kind: CallKind, sender: Sender) -> Outcome {
    let bytes = candid::encode_one(arg).unwrap();
    v.backend.call(v.id, kind, method, &bytes, sender).unwrap()
}

fn decode<T: CandidType + serde::de::DeserializeOwned>(outcome: &Outcome) -> T {
    let reply = outcome.response.as_ref().unwrap_or_else(|e| panic!("rejected: {e}"));
    candid::decode_one(reply).unwrap()
}

fn register(
    v: &mut Verifier,
    args: &RegisterSyncCommitteeArgs,
    sender: Sender,
) -> Result<RegisteredSyncCommittee, Error> {
    decode(&call(v, "register_sync_committee", args, CallKind::Update, sender))
}

fn verify(v: &mut Verifier, args: &SyncAggregateArgs) -> Result<VerifiedSyncAggregate, Error> {
    decode(&call(v, "verify_sync_aggregate", args, CallKind::Query, Sender::User(Principal::anonymous())))
}

fn by_controller() -> Sender {
    Sender::User(controller())
}

/// What the `price` query asks now for a stranger's new committee: the work, plus the rent of a
/// slot, which grows with the slots held; an error when every slot is held.
fn price_now(v: &mut Verifier) -> Result<u128, Error> {
    let args = PriceArgs::new("register_sync_committee".into(), SYNC_COMMITTEE_SIZE as u64, 0);
    decode(&call(v, "price", &args, CallKind::Query, Sender::User(Principal::anonymous())))
}

/// The registration's price without rent (an empty store's).
fn work_price() -> u128 {
    let units = Units { items: SYNC_COMMITTEE_SIZE as u64, ..Units::default() };
    methods::price("register_sync_committee", &units, 13).unwrap()
}

/// The stranger, attaching what the `price` query asks now (or, when every slot is held, ten
/// times the work's price: the refusal is not for want of cycles).
fn paying(v: &mut Verifier) -> Sender {
    Sender::Canister { id: stranger(), cycles: price_now(v).unwrap_or(10 * work_price()) }
}

/// The stranger's registration of `committee`, attaching what the `price` query asks.
fn register_paying(v: &mut Verifier, committee: &RegisterSyncCommitteeArgs) -> Outcome {
    let sender = paying(v);
    call(v, "register_sync_committee", committee, CallKind::Update, sender)
}

/// Asserts that a stranger's registration was refused because every slot is held, before any
/// key was decompressed: the argument decoded and the root hashed, under 20M instructions.
fn assert_refused_cheaply(out: &Outcome) {
    let e = decode::<Result<RegisteredSyncCommittee, Error>>(out).unwrap_err();
    assert_eq!(refusal(&e), ("unsupported", "public_keys"));
    assert!(
        out.instructions.unwrap() < 20_000_000,
        "a refusal (decoded, hashed, no key decompressed) costs {:?}",
        out.instructions
    );
}

/// The stranger's paid verification of `update`: a use that keeps its committee's slot.
fn verify_paid(v: &mut Verifier, update: &SyncAggregateArgs) -> Result<VerifiedSyncAggregate, Error> {
    let price = methods::price("verify_sync_aggregate_update", &Units::default(), 13).unwrap();
    let sender = Sender::Canister { id: stranger(), cycles: price };
    decode(&call(v, "verify_sync_aggregate_update", update, CallKind::Update, sender))
}

/// One sync-committee period and a second: a stranger's committee unused for this long may be
/// replaced.
const PAST_RESIDENCY: std::time::Duration = std::time::Duration::from_secs(256 * 32 * 12 + 1);
const HOUR: std::time::Duration = std::time::Duration::from_secs(3600);

/// A committee of our own keys (`seed` picks them), and an aggregate signed by its first
/// `participants` members over a mainnet header.
fn own_committee(seed: u8, participants: usize) -> (RegisterSyncCommitteeArgs, SyncAggregateArgs) {
    let secrets: Vec<SecretKey> =
        (0..SYNC_COMMITTEE_SIZE).map(|i| SecretKey::key_gen(&[seed; 32], &(i as u32).to_be_bytes()).unwrap()).collect();
    let keys: Vec<min_pk::PublicKey> = secrets.iter().map(min_pk::PublicKey::from_secret_key).collect();
    let sum = keys.iter().fold(icbls::G1Projective::identity(), |acc, k| acc.add_affine(k.point()));
    let register = RegisterSyncCommitteeArgs::new(
        keys.iter().map(|k| k.to_bytes().to_vec()).collect(),
        sum.to_affine_vartime().to_compressed().to_vec(),
    );
    let header = icbls::sync_committee::BeaconBlockHeader {
        slot: 9_000_001,
        proposer_index: seed as u64,
        parent_root: [1; 32],
        state_root: [2; 32],
        body_root: [3; 32],
    };
    let signature_slot = header.slot + 1;
    let domain =
        compute_domain(DOMAIN_SYNC_COMMITTEE, mainnet_fork_version(signature_slot), &MAINNET_GENESIS_VALIDATORS_ROOT);
    let signing_root = compute_signing_root(&header.hash_tree_root(), &domain);
    let signatures: Vec<min_pk::Signature> =
        secrets[..participants].iter().map(|sk| min_pk::sign(sk, &signing_root)).collect();
    let mut bits = vec![0u8; SYNC_COMMITTEE_SIZE / 8];
    for i in 0..participants {
        bits[i / 8] |= 1 << (i % 8);
    }
    let keys: Vec<[u8; 48]> = register.public_keys.iter().map(|k| k.as_slice().try_into().unwrap()).collect();
    let aggregate_key: [u8; 48] = register.aggregate_public_key.as_slice().try_into().unwrap();
    let aggregate = SyncAggregateArgs::new(
        icbls::sync_committee::sync_committee_root(&keys, &aggregate_key).to_vec(),
        BeaconBlockHeader::new(
            header.slot,
            header.proposer_index,
            header.parent_root.to_vec(),
            header.state_root.to_vec(),
            header.body_root.to_vec(),
        ),
        bits,
        min_pk::Signature::aggregate(&signatures).unwrap().to_bytes().to_vec(),
        signature_slot,
    );
    (register, aggregate)
}

#[test]
fn a_mainnet_committee_registers_and_its_update_verifies() {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    let mut v = install(None);
    let (committee, update, header_root) = mainnet_sync_update();

    // Refused before any key is decoded: the wrong number of keys, a key of the wrong length.
    let mut short = committee.clone();
    short.public_keys.pop();
    assert_eq!(refusal(&register(&mut v, &short, by_controller()).unwrap_err()), ("malformed", "public_keys"));
    let mut long = committee.clone();
    long.public_keys.push(committee.public_keys[0].clone());
    assert_eq!(refusal(&register(&mut v, &long, by_controller()).unwrap_err()), ("too large", "public_keys"));
    let mut cut = committee.clone();
    cut.public_keys[9].pop();
    assert_eq!(refusal(&register(&mut v, &cut, by_controller()).unwrap_err()), ("malformed", "public_keys[9]"));
    // A key off the curve; an aggregate that is not the keys' sum.
    let mut bent = committee.clone();
    bent.public_keys[3][47] ^= 1;
    let out = call(&mut v, "register_sync_committee", &bent, CallKind::Update, by_controller());
    assert_eq!(
        refusal(&decode::<Result<RegisteredSyncCommittee, Error>>(&out).unwrap_err()),
        ("malformed", "public_keys[3]")
    );
    assert!(out.instructions.unwrap() < 40_000_000, "a bad fourth key costs {:?}", out.instructions);
    let mut wrong_sum = committee.clone();
    wrong_sum.aggregate_public_key = committee.public_keys[0].clone();
    assert_eq!(
        refusal(&register(&mut v, &wrong_sum, by_controller()).unwrap_err()),
        ("malformed", "aggregate_public_key")
    );
    // Nothing was stored by the refusals.
    assert_eq!(refusal(&verify(&mut v, &update).unwrap_err()), ("unsupported", "committee_root"));

    // Registered, and found by its SSZ root (proven under a mainnet state root in the vector).
    let out = call(&mut v, "register_sync_committee", &committee, CallKind::Update, by_controller());
    let registered = decode::<Result<RegisteredSyncCommittee, Error>>(&out).unwrap();
    println!("register_sync_committee: {} instructions", out.instructions.unwrap());
    assert_eq!(registered, RegisteredSyncCommittee { committee_root: update.committee_root.clone(), pinned: true });
    let out = call(&mut v, "verify_sync_aggregate", &update, CallKind::Query, Sender::User(Principal::anonymous()));
    let verified = decode::<Result<VerifiedSyncAggregate, Error>>(&out).unwrap();
    println!("verify_sync_aggregate (511 participants): {} instructions", out.instructions.unwrap());
    assert_eq!(verified, VerifiedSyncAggregate { participants: 511, attested_header_root: header_root });

    // Registering it again costs little.
    let out = call(&mut v, "register_sync_committee", &committee, CallKind::Update, by_controller());
    assert!(decode::<Result<RegisteredSyncCommittee, Error>>(&out).is_ok());
    assert!(out.instructions.unwrap() < 60_000_000, "a second registration costs {:?}", out.instructions);

    // Mutations, each refused with the argument at fault.
    let mutate = |f: &dyn Fn(&mut SyncAggregateArgs)| {
        let mut u = update.clone();
        f(&mut u);
        u
    };
    let cases: Vec<(SyncAggregateArgs, (&str, &str))> = vec![
        (mutate(&|u| u.sync_committee_bits[0] ^= 1), ("failed", "sync_committee_signature")),
        (mutate(&|u| u.attested_header.slot -= 1), ("failed", "sync_committee_signature")),
        (mutate(&|u| u.signature_slot = 11_000_000), ("failed", "sync_committee_signature")),
        (
            mutate(&|u| u.fork = Some(ForkArgs::new(vec![3, 0, 0, 0], vec![0; 32]))),
            ("failed", "sync_committee_signature"),
        ),
        (mutate(&|u| u.sync_committee_bits = vec![0; 64]), ("malformed", "sync_committee_bits")),
        (mutate(&|u| u.sync_committee_bits.push(0)), ("malformed", "sync_committee_bits")),
        (mutate(&|u| u.sync_committee_signature.pop().map(drop).unwrap()), ("malformed", "sync_committee_signature")),
        (mutate(&|u| u.sync_committee_signature[0] &= 0x7f), ("malformed", "sync_committee_signature")),
        (mutate(&|u| u.committee_root[0] ^= 1), ("unsupported", "committee_root")),
        (mutate(&|u| u.committee_root.push(0)), ("malformed", "committee_root")),
        (mutate(&|u| u.attested_header.body_root.pop().map(drop).unwrap()), ("malformed", "attested_header.body_root")),
        (mutate(&|u| u.fork = Some(ForkArgs::new(vec![3, 0, 0], vec![0; 32]))), ("malformed", "fork.fork_version")),
    ];
    for (args, expected) in &cases {
        assert_eq!(refusal(&verify(&mut v, args).unwrap_err()), *expected, "{args:?}");
    }
    // The mainnet fork given explicitly is the default.
    let explicit = mutate(&|u| {
        u.fork = Some(ForkArgs::new(
            mainnet_fork_version(u.signature_slot).to_vec(),
            MAINNET_GENESIS_VALIDATORS_ROOT.to_vec(),
        ))
    });
    assert_eq!(verify(&mut v, &explicit).unwrap().participants, 511);
    // An aggregate is included after the block it signs: a signature slot at or before the
    // attested header's is refused (issue 35, item 6). The verifier once answered 511
    // participants for the first of these, whose fork version is the same.
    for slot in [update.attested_header.slot, update.attested_header.slot - 100] {
        let early = mutate(&|u| u.signature_slot = slot);
        assert_eq!(refusal(&verify(&mut v, &early).unwrap_err()), ("malformed", "signature_slot"), "{slot}");
    }

    // The store is in stable memory: an upgrade keeps it.
    v.upgrade(None).unwrap();
    assert_eq!(verify(&mut v, &update).unwrap().participants, 511);
}

/// A stranger pays for registrations and fills the store: the operators' committee stays, the
/// stranger's own committees replace each other once a sync period has passed, and a store
/// full of pinned committees refuses the stranger before any key is decoded. Queries from a
/// stranger canister must go to the paid twin.
#[test]
fn strangers_cannot_evict_the_operators_committees() {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    let mut v = install(Some(2));
    let (mainnet, mainnet_update, _) = mainnet_sync_update();
    assert!(register(&mut v, &mainnet, by_controller()).unwrap().pinned);
    let (a, a_update) = own_committee(1, 400);
    let (b, b_update) = own_committee(2, 342);

    // Without the price: refused, nothing stored. The price is the work's and a slot's rent:
    // one of two slots is held, so the rent is the work's price again.
    let e = register(&mut v, &a, Sender::Canister { id: stranger(), cycles: 1_000_000 }).unwrap_err();
    assert!(matches!(e, Error::InsufficientCycles(_)), "{e:?}");
    let price = price_now(&mut v).unwrap();
    assert_eq!(price, 2 * work_price());
    let e = register(&mut v, &a, Sender::Canister { id: stranger(), cycles: work_price() }).unwrap_err();
    assert_eq!(e, Error::InsufficientCycles(CyclesShortfall { price, attached: work_price() }));
    let out = call(&mut v, "register_sync_committee", &a, CallKind::Update, Sender::User(stranger()));
    let reject = out.response.unwrap_err();
    assert!(reject.starts_with(REFUSED_BY_INSPECT), "an ingress registration by a stranger: {reject}");
    assert_eq!(refusal(&verify(&mut v, &a_update).unwrap_err()), ("unsupported", "committee_root"));

    // Paid: stored, unpinned; it verifies.
    let sender = paying(&mut v);
    assert!(!register(&mut v, &a, sender).unwrap().pinned);
    assert_eq!(verify(&mut v, &a_update).unwrap().participants, 400);
    // The store is full and a is resident: the next stranger's committee is refused, cheaply.
    assert_refused_cheaply(&register_paying(&mut v, &b));
    assert_eq!(refusal(&price_now(&mut v).unwrap_err()), ("unsupported", "public_keys"));
    // A sync period on, it replaces the stranger's, not the operators'.
    v.backend.advance_time(PAST_RESIDENCY);
    let sender = paying(&mut v);
    assert!(!register(&mut v, &b, sender).unwrap().pinned);
    assert_eq!(verify(&mut v, &b_update).unwrap().participants, 342);
    assert_eq!(refusal(&verify(&mut v, &a_update).unwrap_err()), ("unsupported", "committee_root"));
    assert_eq!(verify(&mut v, &mainnet_update).unwrap().participants, 511);

    // An allow-listed canister registers b again, without cycles: now pinned, and cheaply.
    let out =
        call(&mut v, "register_sync_committee", &b, CallKind::Update, Sender::Canister { id: friend(), cycles: 0 });
    assert!(decode::<Result<RegisteredSyncCommittee, Error>>(&out).unwrap().pinned);
    assert!(out.instructions.unwrap() < 60_000_000);
    // Every slot pinned: the stranger is refused before its keys are decoded, both stay.
    assert_refused_cheaply(&register_paying(&mut v, &a));
    assert_eq!(verify(&mut v, &b_update).unwrap().participants, 342);
    assert_eq!(verify(&mut v, &mainnet_update).unwrap().participants, 511);
    // The pins survive an upgrade.
    v.upgrade(None).unwrap();
    let sender = paying(&mut v);
    assert_eq!(refusal(&register(&mut v, &a, sender).unwrap_err()), ("unsupported", "public_keys"));
    assert_eq!(verify(&mut v, &b_update).unwrap().participants, 342);

    // A replicated query from the stranger is sent to the paid twin, which serves it.
    let out = call(
        &mut v,
        "verify_sync_aggregate",
        &b_update,
        CallKind::Update,
        Sender::Canister { id: stranger(), cycles: 1_000_000_000 },
    );
    let price = methods::price("verify_sync_aggregate_update", &Units::default(), 13).unwrap();
    assert_eq!(
        decode::<Result<VerifiedSyncAggregate, Error>>(&out).unwrap_err(),
        Error::PaymentRequired(PaidMethod { method: "verify_sync_aggregate_update".into(), price })
    );
    let out = call(
        &mut v,
        "verify_sync_aggregate_update",
        &b_update,
        CallKind::Update,
        Sender::Canister { id: stranger(), cycles: price },
    );
    assert_eq!(decode::<Result<VerifiedSyncAggregate, Error>>(&out).unwrap().participants, 342);
}

/// Issue 35, item 1: strangers' committees were a cache evicted oldest first, so a stranger
/// registering `slots` fresh committees (about 39 billion cycles for 32) flushed every unpinned
/// committee, and a paid verification did not refresh one. Now a stranger's committee keeps
/// its slot a sync period after its registration or last paid use; a registration finding
/// every slot held is refused before its keys are decoded; and the rent of a slot grows with
/// the slots held.
#[test]
fn strangers_cannot_flush_each_others_committees() {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    let mut v = install(Some(3));
    let (victim, victim_update) = own_committee(10, 300);
    let attacker: Vec<_> = (11..16).map(|seed| own_committee(seed, 200)).collect();
    let registers = |v: &mut Verifier, committee: &RegisterSyncCommitteeArgs| {
        let sender = paying(v);
        let Sender::Canister { cycles, .. } = sender else { unreachable!() };
        register(v, committee, sender).map(|_| cycles)
    };

    // The victim's committee, then the attacker's two: each slot's rent is the work's price
    // times held / free (0, 1/2, 2).
    let p = work_price();
    let rent = |held| icbls_verifier_client::service::registration_rent(p, held, 3).unwrap();
    assert_eq!(registers(&mut v, &victim).unwrap(), p + rent(0));
    assert_eq!(registers(&mut v, &attacker[0].0).unwrap(), p + rent(1));
    assert_eq!(registers(&mut v, &attacker[1].0).unwrap(), p + rent(2));
    println!("a slot's price in cycles, 0, 1 and 2 of 3 held: {}, {}, {}", p + rent(0), p + rent(1), p + rent(2));
    // The store is full: the attacker's third is refused, cheaply, and the victim's stays.
    assert_refused_cheaply(&register_paying(&mut v, &attacker[2].0));
    assert_eq!(verify(&mut v, &victim_update).unwrap().participants, 300);

    // 20 hours on, the victim verifies in a paid update (a query would not count); 8 hours
    // later the attacker's committees are past their residency and the victim's is not.
    v.backend.advance_time(20 * HOUR);
    assert_eq!(verify_paid(&mut v, &victim_update).unwrap().participants, 300);
    v.backend.advance_time(8 * HOUR);
    assert!(registers(&mut v, &attacker[2].0).is_ok());
    assert!(registers(&mut v, &attacker[3].0).is_ok());
    assert_eq!(refusal(&registers(&mut v, &attacker[4].0).unwrap_err()), ("unsupported", "public_keys"));
    assert_eq!(verify(&mut v, &victim_update).unwrap().participants, 300);
    assert_eq!(refusal(&verify(&mut v, &attacker[0].1).unwrap_err()), ("unsupported", "committee_root"));
    // Residency survives an upgrade.
    v.upgrade(None).unwrap();
    assert_eq!(refusal(&registers(&mut v, &attacker[4].0).unwrap_err()), ("unsupported", "public_keys"));
    // A sync period after its last paid use, the victim's committee may go: the least recently
    // used goes first.
    v.backend.advance_time(PAST_RESIDENCY - 8 * HOUR);
    assert!(registers(&mut v, &attacker[4].0).is_ok());
    assert_eq!(refusal(&verify(&mut v, &victim_update).unwrap_err()), ("unsupported", "committee_root"));
    assert_eq!(verify(&mut v, &attacker[2].1).unwrap().participants, 200);
}

/// Where the committees' slots start in stable memory, and the bytes of one (the layout in
/// `canisters/verifier/src/sync_committees.rs`: a 48-byte header and 513 uncompressed points).
const REGION_START: usize = 4 * 1024 * 1024;
const SLOT_BYTES: usize = 48 + 96 * (1 + SYNC_COMMITTEE_SIZE);

/// The install argument as layout 1 stored it (`ICBLSV01`), before the allow-list was optional.
#[derive(CandidType)]
struct InitArgsV1 {
    allow_list: Vec<Principal>,
    subnet_nodes: Option<u32>,
    sync_committee_slots: Option<u32>,
}

/// Issue 35, item 4: an upgrade with an argument replaced the whole stored argument, so
/// leaving out `sync_committee_slots` dropped the committees above slot 32 (pinned ones too)
/// and leaving out `subnet_nodes` reset it to 13 (every paid call under-charged 2.2x on a
/// 28-node subnet). Upgrades now merge their argument field by field, refuse to shrink the
/// store below its committees and refuse an allow-list the verifier cannot keep, leaving the
/// canister as it was; and a canister whose stable memory is in today's layout (1) upgrades
/// to layout 2 with everything kept.
#[test]
fn upgrades_merge_their_argument_and_keep_every_committee() {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    let wasm = Verifier::wasm().unwrap();
    let mut meter = MeterBackend::new();
    let init = InitArgs::default().with_allow_list(vec![friend()]).with_subnet_nodes(28).with_sync_committee_slots(40);
    let id = meter.install_with_controllers(&wasm, &candid::encode_one(Some(init)).unwrap(), &[controller()]).unwrap();
    let call = |meter: &mut MeterBackend, method: &str, arg: &[u8], kind: CallKind, sender: Sender| {
        meter.call(id, kind, method, arg, sender).unwrap()
    };
    let (committee, update) = own_committee(5, 300);
    let out = call(
        &mut meter,
        "register_sync_committee",
        &candid::encode_one(&committee).unwrap(),
        CallKind::Update,
        by_controller(),
    );
    assert!(decode::<Result<RegisteredSyncCommittee, Error>>(&out).unwrap().pinned);
    let update_arg = candid::encode_one(&update).unwrap();
    // What the tests below read: the committee verifies; the price is a 28-node subnet's; the
    // allow-listed canister is served without cycles, a stranger is not.
    let state = |meter: &mut MeterBackend| {
        let out =
            call(meter, "verify_sync_aggregate", &update_arg, CallKind::Query, Sender::User(Principal::anonymous()));
        let verified = decode::<Result<VerifiedSyncAggregate, Error>>(&out).map(|v| v.participants);
        let price_args = PriceArgs::new("verify_sync_aggregate_update".into(), 0, 0);
        let out = call(
            meter,
            "price",
            &candid::encode_one(price_args).unwrap(),
            CallKind::Query,
            Sender::User(Principal::anonymous()),
        );
        let price = decode::<Result<u128, Error>>(&out).unwrap();
        let free = |meter: &mut MeterBackend, who: Principal| {
            let out = call(
                meter,
                "verify_sync_aggregate_update",
                &update_arg,
                CallKind::Update,
                Sender::Canister { id: who, cycles: 0 },
            );
            decode::<Result<VerifiedSyncAggregate, Error>>(&out).is_ok()
        };
        (verified, price, free(meter, friend()), free(meter, stranger()))
    };
    let nodes_28 = methods::price("verify_sync_aggregate_update", &Units::default(), 28).unwrap();
    let expected = (Ok(300), nodes_28, true, false);
    assert_eq!(state(&mut meter), expected);

    // The committee moved to slot 35, past the default 32 slots; the install argument's record
    // rewritten in layout 1, as the verifier before this change stored it.
    let stable = meter.canister(id).unwrap().stable_memory_mut();
    let (from, to) = (REGION_START, REGION_START + 35 * SLOT_BYTES);
    stable.resize((to + SLOT_BYTES).div_ceil(65_536) * 65_536, 0);
    stable.copy_within(from..from + SLOT_BYTES, to);
    stable[from..from + 4].fill(0);
    // Its header in layout 1 too: the magic SC01 and a registration sequence number, 7.
    stable[to..to + 4].copy_from_slice(b"SC01");
    stable[to + 8..to + 16].copy_from_slice(&7u64.to_le_bytes());
    let v1 = InitArgsV1 { allow_list: vec![friend()], subnet_nodes: Some(28), sync_committee_slots: Some(40) };
    let bytes = candid::encode_one(v1).unwrap();
    let record = [&b"ICBLSV01"[..], &(bytes.len() as u32).to_le_bytes(), &bytes].concat();
    stable[..record.len()].copy_from_slice(&record);
    let upgrade = |meter: &mut MeterBackend, args: Option<InitArgs>| {
        let arg = match args {
            Some(a) => candid::encode_one(Some(a)).unwrap(),
            None => icbls_testkit::backend::EMPTY_ARGS.to_vec(),
        };
        meter.upgrade(id, &wasm, &arg)
    };
    upgrade(&mut meter, None).unwrap();
    assert_eq!(state(&mut meter), expected, "after the upgrade from layout 1");
    let now = meter.canister(id).unwrap().time_ns();
    let stable = meter.canister(id).unwrap().stable_memory_mut();
    assert_eq!(&stable[..8], b"ICBLSV02");
    // The slot's header rewritten in layout 2, as used at the upgrade.
    assert_eq!((&stable[to..to + 4], &stable[to + 8..to + 16]), (&b"SC02"[..], &now.to_le_bytes()[..]));

    // An argument that gives no field changes nothing (it reset the subnet to 13 nodes and
    // dropped the committee in slot 35).
    upgrade(&mut meter, Some(InitArgs::default())).unwrap();
    assert_eq!(state(&mut meter), expected, "after an upgrade with an empty argument");
    // Fewer slots than the committees occupy: refused, nothing changed; as many: taken.
    let slots = |n| InitArgs::default().with_sync_committee_slots(n);
    let e = upgrade(&mut meter, Some(slots(35))).unwrap_err();
    assert!(e.contains("the stored committees occupy 36 slots"), "{e}");
    assert_eq!(state(&mut meter), expected);
    upgrade(&mut meter, Some(slots(36))).unwrap();
    assert_eq!(state(&mut meter), expected);
    // An allow-list the verifier cannot keep: refused, nothing changed.
    for (list, why) in [
        (vec![friend(), Principal::anonymous()], "the anonymous principal"),
        (vec![friend(); MAX_ALLOW_LIST + 1], "more than the 256 allowed"),
    ] {
        let e = upgrade(&mut meter, Some(InitArgs::default().with_allow_list(list))).unwrap_err();
        assert!(e.contains(why), "{e}");
        assert_eq!(state(&mut meter), expected);
    }
    // A field given replaces: the subnet's size, then an empty allow-list.
    upgrade(&mut meter, Some(InitArgs::default().with_subnet_nodes(13))).unwrap();
    let nodes_13 = methods::price("verify_sync_aggregate_update", &Units::default(), 13).unwrap();
    assert_eq!(state(&mut meter), (Ok(300), nodes_13, true, false));
    upgrade(&mut meter, Some(InitArgs::default().with_allow_list(vec![]))).unwrap();
    assert_eq!(state(&mut meter), (Ok(300), nodes_13, false, false));
    // An installation with the anonymous principal on the allow-list is refused too.
    let anyone = InitArgs::default().with_allow_list(vec![Principal::anonymous()]);
    let e = meter.install_with_controllers(&wasm, &candid::encode_one(Some(anyone)).unwrap(), &[controller()]);
    assert!(e.is_err_and(|e| e.contains("the anonymous principal")));
}
