//! The meter's messages against the interface specification's rules (System API section:
//! "Ingress message inspection", "Cycles", "Replicated and non-replicated execution mode", and
//! the table of where each `ic0` function may be called): callers and controllers,
//! `canister_inspect_message` before ingress updates only, cycles attached to calls from
//! canisters (accepted, refunded), query methods called as updates (replicated, nothing kept),
//! reply size limits and upgrades.

use icbls_meter::{CallKind, Canister, Error, Origin, Response};

const ALICE: &[u8] = &[1, 2, 3];
const BOB: &[u8] = &[9, 9];
const CALLER_CANISTER: &[u8] = &[0, 0, 0, 0, 0, 0, 0, 7, 1, 1];

/// A module whose methods exercise one System API function each (memory at 0..64 is scratch).
fn module() -> Vec<u8> {
    wat::parse_str(
        r#"(module
        (import "ic0" "msg_reply" (func $reply))
        (import "ic0" "msg_reply_data_append" (func $append (param i32 i32)))
        (import "ic0" "msg_caller_size" (func $caller_size (result i32)))
        (import "ic0" "msg_caller_copy" (func $caller_copy (param i32 i32 i32)))
        (import "ic0" "msg_method_name_size" (func $name_size (result i32)))
        (import "ic0" "msg_method_name_copy" (func $name_copy (param i32 i32 i32)))
        (import "ic0" "accept_message" (func $accept_message))
        (import "ic0" "is_controller" (func $is_controller (param i32 i32) (result i32)))
        (import "ic0" "msg_cycles_available128" (func $available (param i32)))
        (import "ic0" "msg_cycles_accept128" (func $accept (param i64 i64 i32)))
        (import "ic0" "in_replicated_execution" (func $replicated (result i32)))
        (import "ic0" "canister_cycle_balance128" (func $balance (param i32)))
        (import "ic0" "stable64_grow" (func $stable_grow (param i64) (result i64)))
        (import "ic0" "stable64_write" (func $stable_write (param i64 i64 i64)))
        (import "ic0" "stable64_read" (func $stable_read (param i64 i64 i64)))
        (import "ic0" "msg_arg_data_size" (func $arg_size (result i32)))
        (import "ic0" "msg_arg_data_copy" (func $arg_copy (param i32 i32 i32)))
        (import "ic0" "trap" (func $trap (param i32 i32)))
        (memory 64)
        (global $counter (mut i32) (i32.const 0))
        (data (i32.const 100) "allowed")

        ;; Accepts `allowed` from anyone and any method from a controller; traps for `trap`,
        ;; accepts twice for `twice`, replies (which it may not) for `reply`.
        (func (export "canister_inspect_message") (local $n i32)
          call $name_size  local.set $n
          i32.const 0  i32.const 0  local.get $n  call $name_copy
          ;; "trap" -> trap
          local.get $n  i32.const 4  i32.eq
          if  i32.const 0  i32.load  i32.const 0x70617274  i32.eq  ;; "trap" little-endian
            if  i32.const 0  i32.const 4  call $trap  end
          end
          ;; "twice" -> accept twice
          local.get $n  i32.const 5  i32.eq
          if  i32.const 0  i32.load  i32.const 0x63697774  i32.eq  ;; "twic"
            if  call $accept_message  call $accept_message  end
          end
          ;; "reply" -> msg_reply
          local.get $n  i32.const 5  i32.eq
          if  i32.const 0  i32.load  i32.const 0x6c706572  i32.eq  ;; "repl"
            if  call $reply  end
          end
          ;; "allowed" -> accept
          local.get $n  i32.const 7  i32.eq
          if  i32.const 0  i64.load  i32.const 100  i64.load  i64.eq
            if  call $accept_message  return  end
          end
          ;; a controller -> accept
          i32.const 200  i32.const 0  call $caller_size  call $caller_copy
          i32.const 200  call $caller_size  call $is_controller
          if  call $accept_message  end)

        (func $reply_u128 (param $at i32)
          local.get $at  i32.const 16  call $append  call $reply)
        (func $reply_i32 (param $v i32)
          i32.const 0  local.get $v  i32.store
          i32.const 0  i32.const 4  call $append  call $reply)

        (func (export "canister_update allowed") i32.const 1 call $reply_i32)
        (func (export "canister_update other") i32.const 2 call $reply_i32)
        (func (export "canister_update trap") i32.const 3 call $reply_i32)
        (func (export "canister_update twice") i32.const 4 call $reply_i32)
        (func (export "canister_update reply") i32.const 5 call $reply_i32)
        (func (export "canister_query caller")
          i32.const 0  i32.const 0  call $caller_size  call $caller_copy
          i32.const 0  call $caller_size  call $append  call $reply)
        (func (export "canister_query am_i_controller")
          i32.const 200  i32.const 0  call $caller_size  call $caller_copy
          i32.const 200  call $caller_size  call $is_controller  call $reply_i32)
        (func (export "canister_query replicated") call $replicated call $reply_i32)
        (func (export "canister_update replicated_update") call $replicated call $reply_i32)
        (func (export "canister_query method_name") call $name_size call $reply_i32)
        (func (export "canister_update accept_message_here") call $accept_message i32.const 0 call $reply_i32)

        ;; Cycles: available, accept half, reply (available, accepted) then try to accept more.
        (func (export "canister_update take_half")
          i32.const 0  call $available
          i32.const 0  i64.load offset=8  i32.const 0  i64.load  i64.const 1  i64.shr_u  i32.const 16  call $accept
          i32.const 0  i32.const 32  call $append
          call $reply
          ;; after the reply nothing is available and nothing more is accepted
          i32.const 32  call $available
          i64.const 0  i64.const -1  i32.const 48  call $accept
          i32.const 32  i64.load  i32.const 48  i64.load  i64.or  i64.eqz
          i32.eqz  if  unreachable  end)
        (func (export "canister_update take_all_then_trap")
          i64.const 0  i64.const -1  i32.const 0  call $accept
          unreachable)
        (func (export "canister_query query_take_all")
          i32.const 0  call $available
          i64.const 0  i64.const -1  i32.const 16  call $accept
          i32.const 0  i32.const 32  call $append  call $reply)
        (func (export "canister_query balance") i32.const 0 call $balance i32.const 0 call $reply_u128)

        ;; State: a query bumps the counter and replies its new value.
        (func (export "canister_query bump")
          global.get $counter  i32.const 1  i32.add  global.set $counter
          global.get $counter  call $reply_i32)
        (func (export "canister_update bump_update")
          global.get $counter  i32.const 1  i32.add  global.set $counter
          global.get $counter  call $reply_i32)

        ;; Replies of the size given as a little-endian u32 argument.
        (func (export "canister_query big") (call $big))
        (func (export "canister_update big_update") (call $big))
        (func $big
          i32.const 0  i32.const 0  i32.const 4  call $arg_copy
          i32.const 65536  i32.const 0  i32.load  call $append  call $reply)

        ;; Upgrades: the counter in stable memory survives, the heap global does not.
        (func (export "canister_init")
          i64.const 1  call $stable_grow  drop
          i32.const 7  global.set $counter)
        (func (export "canister_pre_upgrade")
          i32.const 0  global.get $counter  i32.store
          i64.const 0  i64.const 0  i64.const 4  call $stable_write)
        (func (export "canister_post_upgrade")
          i64.const 0  i64.const 0  i64.const 4  call $stable_read
          ;; the new counter: the old one plus the argument's size
          i32.const 0  i32.load  call $arg_size  i32.add  global.set $counter)
        (func (export "canister_query counter") global.get $counter call $reply_i32)
        )"#,
    )
    .unwrap()
}

fn canister() -> Canister {
    Canister::install_with_controllers(&module(), &[], &[ALICE.to_vec()]).unwrap()
}

fn ingress(sender: &[u8]) -> Origin {
    Origin::Ingress { sender: sender.to_vec() }
}

fn from_canister(cycles: u128) -> Origin {
    Origin::Canister { caller: CALLER_CANISTER.to_vec(), cycles }
}

fn reply(outcome: &icbls_meter::CallOutcome) -> &[u8] {
    match &outcome.response {
        Response::Reply(bytes) => bytes,
        Response::Reject(m) => panic!("rejected: {m}"),
    }
}

fn reply_i32(outcome: &icbls_meter::CallOutcome) -> i32 {
    i32::from_le_bytes(reply(outcome)[..4].try_into().unwrap())
}

fn u128_at(bytes: &[u8], at: usize) -> u128 {
    u128::from_le_bytes(bytes[at..at + 16].try_into().unwrap())
}

#[test]
fn the_caller_and_controllers_are_those_of_the_message() {
    let mut c = canister();
    let out = c.call_from(CallKind::Query, "caller", &[], &ingress(BOB)).unwrap();
    assert_eq!(reply(&out), BOB);
    let out = c.call_from(CallKind::Update, "caller", &[], &from_canister(0)).unwrap();
    assert_eq!(reply(&out), CALLER_CANISTER);
    assert_eq!(reply_i32(&c.call_from(CallKind::Query, "am_i_controller", &[], &ingress(ALICE)).unwrap()), 1);
    assert_eq!(reply_i32(&c.call_from(CallKind::Query, "am_i_controller", &[], &ingress(BOB)).unwrap()), 0);
    // The plain calls come from the default sender, the installer.
    assert_eq!(reply(&c.query("caller", &[]).unwrap()), ALICE);
    c.set_controllers(vec![BOB.to_vec()]);
    assert_eq!(reply_i32(&c.call_from(CallKind::Query, "am_i_controller", &[], &ingress(BOB)).unwrap()), 1);
}

#[test]
fn inspect_message_runs_before_ingress_updates_only() {
    let mut c = canister();
    // An ingress update: inspected; accepted for `allowed` from anyone, any method from a
    // controller; refused otherwise, and the method does not run.
    let out = c.call_from(CallKind::Update, "allowed", &[], &ingress(BOB)).unwrap();
    assert_eq!(reply_i32(&out), 1);
    assert!(out.inspect_instructions > 0);
    assert_eq!(reply_i32(&c.call_from(CallKind::Update, "other", &[], &ingress(ALICE)).unwrap()), 2);
    match c.call_from(CallKind::Update, "other", &[], &ingress(BOB)) {
        Err(Error::MessageRefused { reason, instructions }) => {
            assert!(reason.contains("did not call ic0.accept_message"), "{reason}");
            assert!(instructions > 0);
        }
        other => panic!("{other:?}"),
    }
    // A query method called as an ingress update is inspected too.
    assert!(matches!(c.call_from(CallKind::Update, "caller", &[], &ingress(BOB)), Err(Error::MessageRefused { .. })));
    // Not inspected: queries, and calls from canisters.
    assert_eq!(reply(&c.call_from(CallKind::Query, "caller", &[], &ingress(BOB)).unwrap()), BOB);
    let out = c.call_from(CallKind::Update, "other", &[], &from_canister(0)).unwrap();
    assert_eq!((reply_i32(&out), out.inspect_instructions), (2, 0));
    // A trap refuses the message; so does accepting twice (a trap) and replying from it.
    for method in ["trap", "twice", "reply"] {
        match c.call_from(CallKind::Update, method, &[], &ingress(ALICE)) {
            Err(Error::MessageRefused { reason, .. }) => assert!(reason.contains("trapped"), "{method}: {reason}"),
            other => panic!("{method}: {other:?}"),
        }
    }
    // accept_message and the method name exist only in canister_inspect_message.
    let e = c.call_from(CallKind::Update, "accept_message_here", &[], &from_canister(0)).unwrap_err();
    assert!(
        matches!(&e, Error::Trapped { message, .. } if message.contains("accept_message cannot be called")),
        "{e:?}"
    );
    let e = c.query("method_name", &[]).unwrap_err();
    assert!(
        matches!(&e, Error::Trapped { message, .. } if message.contains("msg_method_name_size cannot be called")),
        "{e:?}"
    );
}

#[test]
fn in_replicated_execution_tells_queries_from_replicated_calls() {
    let mut c = canister();
    assert_eq!(reply_i32(&c.query("replicated", &[]).unwrap()), 0);
    assert_eq!(reply_i32(&c.call_from(CallKind::Update, "replicated", &[], &ingress(ALICE)).unwrap()), 1);
    assert_eq!(reply_i32(&c.call_from(CallKind::Update, "replicated", &[], &from_canister(5)).unwrap()), 1);
    assert_eq!(reply_i32(&c.call_from(CallKind::Update, "replicated_update", &[], &from_canister(0)).unwrap()), 1);
}

#[test]
fn an_update_keeps_what_it_accepts_and_refunds_the_rest() {
    let mut c = canister();
    let before = c.cycle_balance();
    let out = c.call_from(CallKind::Update, "take_half", &[], &from_canister(1_000_001)).unwrap();
    let bytes = reply(&out);
    assert_eq!((u128_at(bytes, 0), u128_at(bytes, 16)), (1_000_001, 500_000));
    assert_eq!((out.cycles_accepted, out.cycles_refunded), (500_000, 500_001));
    assert_eq!(c.cycle_balance(), before + 500_000);
    // A trap undoes the accept: everything goes back.
    let e = c.call_from(CallKind::Update, "take_all_then_trap", &[], &from_canister(77)).unwrap_err();
    assert!(matches!(e, Error::Trapped { .. }), "{e:?}");
    assert_eq!(c.cycle_balance(), before + 500_000);
    // Ingress messages carry no cycles.
    let out = c.call_from(CallKind::Update, "take_half", &[], &ingress(ALICE)).unwrap();
    assert_eq!((out.cycles_accepted, out.cycles_refunded), (0, 0));
}

#[test]
fn a_query_method_called_as_an_update_keeps_no_state_and_no_cycles() {
    let mut c = canister();
    let before = c.cycle_balance();
    // It sees the cycles and may accept them during the message (RQ in the specification's
    // table), but a replicated query's state changes are discarded: all go back.
    let out = c.call_from(CallKind::Update, "query_take_all", &[], &from_canister(900)).unwrap();
    assert_eq!((u128_at(reply(&out), 0), u128_at(reply(&out), 16)), (900, 900));
    assert_eq!((out.cycles_accepted, out.cycles_refunded), (0, 900));
    assert_eq!(c.cycle_balance(), before);
    // Its other state changes are discarded too, unlike an update method's (the counter
    // starts at 7, set by canister_init).
    assert_eq!(reply_i32(&c.call_from(CallKind::Update, "bump", &[], &ingress(ALICE)).unwrap()), 8);
    assert_eq!(reply_i32(&c.call_from(CallKind::Update, "bump", &[], &from_canister(0)).unwrap()), 8);
    assert_eq!(reply_i32(&c.call_from(CallKind::Update, "bump_update", &[], &ingress(ALICE)).unwrap()), 8);
    assert_eq!(reply_i32(&c.call_from(CallKind::Update, "bump_update", &[], &ingress(ALICE)).unwrap()), 9);
    // A non-replicated query cannot read cycles, and a query call cannot carry any.
    let e = c.query("query_take_all", &[]).unwrap_err();
    assert!(
        matches!(&e, Error::Trapped { message, .. } if message.contains("msg_cycles_available128 cannot be called")),
        "{e:?}"
    );
    assert_eq!(c.call_from(CallKind::Query, "caller", &[], &from_canister(1)).unwrap_err(), Error::CyclesOnQuery);
}

#[test]
fn replies_are_bounded_by_the_maximum_response_size() {
    let mut c = canister();
    let size = |n: u32| n.to_le_bytes().to_vec();
    const MIB: u32 = 1024 * 1024;
    assert_eq!(reply(&c.query("big", &size(3 * MIB)).unwrap()).len(), 3 * MIB as usize);
    assert!(
        matches!(c.query("big", &size(3 * MIB + 1)), Err(Error::Trapped { message, .. }) if message.contains("maximum response size"))
    );
    let out = c.call_from(CallKind::Update, "big_update", &size(2 * MIB), &ingress(ALICE)).unwrap();
    assert_eq!(reply(&out).len(), 2 * MIB as usize);
    assert!(matches!(
        c.call_from(CallKind::Update, "big_update", &size(2 * MIB + 1), &ingress(ALICE)),
        Err(Error::Trapped { .. })
    ));
    // A query method called as an update is replicated: 2 MiB.
    assert!(matches!(
        c.call_from(CallKind::Update, "big", &size(2 * MIB + 1), &ingress(ALICE)),
        Err(Error::Trapped { .. })
    ));
}

#[test]
fn an_upgrade_keeps_stable_memory_and_runs_both_hooks() {
    let mut c = canister();
    assert_eq!(reply_i32(&c.query("counter", &[]).unwrap()), 7);
    c.call_from(CallKind::Update, "bump_update", &[], &ingress(ALICE)).unwrap();
    // pre_upgrade saves 8 to stable memory; post_upgrade reads it and adds the argument's size.
    c.upgrade(&module(), &[0; 5]).unwrap();
    assert_eq!(reply_i32(&c.query("counter", &[]).unwrap()), 13);
    // Controllers are kept.
    assert_eq!(reply_i32(&c.call_from(CallKind::Query, "am_i_controller", &[], &ingress(ALICE)).unwrap()), 1);
}
