//! Exact instruction totals of hand-written modules, worked out by hand from the replica's cost
//! table (meter/ic-cost-table.md) and metering scheme: each basic block pays the sum of its
//! operators' weights; a function entry pays 1 more; System API calls pay their overhead.

use icbls_meter::{Canister, Error, Response};

/// A canister module with the System API imports the tests use and the given functions.
fn canister(funcs: &str) -> Canister {
    let wat = format!(
        r#"(module
            (import "ic0" "msg_reply" (func $reply))
            (import "ic0" "msg_reply_data_append" (func $append (param i32 i32)))
            (import "ic0" "performance_counter" (func $pc (param i32) (result i64)))
            (import "ic0" "trap" (func $trap (param i32 i32)))
            (import "ic0" "call_new" (func $call_new (param i32 i32 i32 i32 i32 i32 i32 i32)))
            (type $t (func (result i32)))
            (memory 1)
            (table 1 funcref)
            (elem (i32.const 0) $seven)
            (data (i32.const 0) "hi")
            (global $state (mut i32) (i32.const 0))
            (func $seven (result i32) i32.const 7)
            {funcs})"#
    );
    Canister::install(&wat::parse_str(wat).unwrap(), &[]).unwrap()
}

fn query_total(funcs: &str, method: &str) -> u64 {
    canister(funcs).query(method, &[]).unwrap().instructions
}

#[test]
fn straight_line_block_and_system_api_bytes() {
    let f = r#"(func (export "canister_query go")
        i32.const 0  i32.const 2  call $append  call $reply)"#;
    // entry 1 + const 1 + const 1 + call 5 + call 5 = 13;
    // msg_reply_data_append 500 + 50 per byte sent (2 bytes); msg_reply 500.
    let mut c = canister(f);
    let out = c.query("go", &[]).unwrap();
    assert_eq!(out.response, Response::Reply(b"hi".to_vec()));
    assert_eq!(out.instructions, 13 + 600 + 500);
}

#[test]
fn loop_with_br_if_pays_its_body_each_iteration() {
    let f = r#"(func (export "canister_query loop") (local $i i32)
        i32.const 10  local.set $i
        loop
          local.get $i  i32.const 1  i32.sub  local.tee $i  br_if 0
        end
        call $reply)"#;
    // entry: 1 + const 1 + local.set 1 + loop 0 = 3
    // body: get 1 + const 1 + sub 1 + tee 1 + br_if 2 = 6, ten times = 60
    // after the loop: call 5; msg_reply 500
    assert_eq!(query_total(f, "loop"), 3 + 60 + 5 + 500);
}

#[test]
fn br_table_if_else_and_skipped_blocks() {
    let f = r#"(func (export "canister_query branch")
        block
          block
            i32.const 1
            br_table 0 1
          end
          unreachable
        end
        i32.const 0
        if
          unreachable
        else
          nop
        end
        call $reply)"#;
    // entry: 1 + block 0 + block 0 + const 1 + br_table 2 = 4 (jumps past `unreachable`)
    // const 1 + if 2 = 3; the else branch: nop 1; after: call 5; msg_reply 500
    assert_eq!(query_total(f, "branch"), 4 + 3 + 1 + 5 + 500);
}

#[test]
fn calls_and_call_indirect() {
    let f = r#"(func (export "canister_query calls")
        call $seven
        i32.const 0
        call_indirect (type $t)
        i32.add
        drop
        call $reply)"#;
    // caller: entry 1 + call 5 + const 1 + call_indirect 10 + add 1 + drop 1 + call 5 = 24
    // $seven, twice: entry 1 + const 1 = 2 each; msg_reply 500
    assert_eq!(query_total(f, "calls"), 24 + 2 * 2 + 500);
}

#[test]
fn bulk_memory_pays_its_byte_count() {
    let f = r#"(func (export "canister_query bulk")
        i32.const 0  i32.const 1  i32.const 100  memory.fill
        i32.const 200  i32.const 0  i32.const 50  memory.copy
        call $reply)"#;
    // entry 1 + 3 consts + fill 100 + 3 consts + copy 100 + call 5 = 212
    // dynamic: 100 + 50 bytes; msg_reply 500
    assert_eq!(query_total(f, "bulk"), 212 + 150 + 500);
}

#[test]
fn simd_weights() {
    let f = r#"(func (export "canister_query simd")
        v128.const i64x2 1 2
        v128.const i64x2 3 4
        i64x2.extmul_low_i32x4_u
        v128.const i64x2 5 6
        i64x2.mul
        i32x4.extract_lane 0
        drop
        call $reply)"#;
    // entry 1 + const 1 + const 1 + extmul 1 + const 1 + i64x2.mul 4 + extract 1 + drop 1
    // + call 5 = 16; msg_reply 500
    assert_eq!(query_total(f, "simd"), 16 + 500);
}

#[test]
fn performance_counter_sees_the_block_charged_up_front() {
    let f = r#"(func (export "canister_query counter")
        i32.const 16  i32.const 0  call $pc  i64.store
        i32.const 16  i32.const 8  call $append
        call $reply)"#;
    // One block: entry 1 + const 1 + const 1 + call 5 + store 1 + const 1 + const 1 + call 5
    // + call 5 = 21, charged before it runs; performance_counter adds its 200 first and reads
    // 221. Then msg_reply_data_append 500 + 50 × 8 bytes, msg_reply 500.
    let out = canister(f).query("counter", &[]).unwrap();
    assert_eq!(out.response, Response::Reply(221u64.to_le_bytes().to_vec()));
    assert_eq!(out.instructions, 21 + 200 + 900 + 500);
}

#[test]
fn query_limit_is_five_billion() {
    // Each iteration fills 64 KiB: 3 consts + fill 100 + br 2 + 65,536 bytes = 65,641.
    let f = r#"(func (export "canister_query forever")
        loop
          i32.const 0  i32.const 0  i32.const 65536  memory.fill
          br 0
        end)"#;
    match canister(f).query("forever", &[]) {
        Err(Error::InstructionLimitExceeded { limit, instructions }) => {
            assert_eq!(limit, 5_000_000_000);
            assert!(instructions > limit && instructions < limit + 70_000, "{instructions}");
        }
        other => panic!("expected the limit error, got {other:?}"),
    }
}

#[test]
fn update_limit_is_forty_billion() {
    let f = r#"(func (export "canister_update forever")
        loop
          i32.const 0  i32.const 0  i32.const 65536  memory.fill
          br 0
        end)"#;
    match canister(f).update("forever", &[]) {
        Err(Error::InstructionLimitExceeded { limit, .. }) => assert_eq!(limit, 40_000_000_000),
        other => panic!("expected the limit error, got {other:?}"),
    }
}

#[test]
fn traps_are_errors_with_their_message() {
    let f = r#"
        (func (export "canister_query boom") i32.const 0 i32.const 2 call $trap)
        (func (export "canister_query wasm_trap") unreachable)
        (func (export "canister_query silent"))
        (func (export "canister_query unimplemented")
            i32.const 0 i32.const 0 i32.const 0 i32.const 0
            i32.const 0 i32.const 0 i32.const 0 i32.const 0 call $call_new)"#;
    let mut c = canister(f);
    match c.query("boom", &[]) {
        // entry 1 + 2 consts + call 5 = 8; trap 500 + 2 bytes + 2·2 kept in the log + 50·2 of
        // the log's space
        Err(Error::Trapped { message, instructions }) => {
            assert_eq!(message, "hi");
            assert_eq!(instructions, 8 + 500 + 2 + 4 + 100);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(c.query("wasm_trap", &[]), Err(Error::Trapped { .. })));
    assert!(matches!(c.query("silent", &[]), Err(Error::NoResponse { instructions: 1 })));
    match c.query("unimplemented", &[]) {
        Err(Error::Trapped { message, .. }) => assert!(message.contains("ic0.call_new"), "{message}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(c.query("missing", &[]), Err(Error::MethodNotFound("missing".into())));
}

#[test]
fn updates_keep_state_and_queries_do_not() {
    let f = r#"(func (export "canister_update bump") (export "canister_query peek_bump")
        global.get $state  i32.const 1  i32.add  global.set $state
        i32.const 8  global.get $state  i32.store
        i32.const 8  i32.const 4  call $append  call $reply)"#;
    let mut c = canister(f);
    let value = |r: Response| match r {
        Response::Reply(b) => u32::from_le_bytes(b.try_into().unwrap()),
        Response::Reject(m) => panic!("{m}"),
    };
    assert_eq!(value(c.update("bump", &[]).unwrap().response), 1);
    assert_eq!(value(c.query("peek_bump", &[]).unwrap().response), 2);
    assert_eq!(value(c.query("peek_bump", &[]).unwrap().response), 2);
    assert_eq!(value(c.update("bump", &[]).unwrap().response), 2);
}

#[test]
fn bad_modules_are_clear_errors() {
    assert!(matches!(Canister::install(b"not wasm", &[]), Err(Error::InvalidWasm(_))));
    // Bytes past the magic that do not decode, and imports outside the System API, break the
    // replica's install-time rules: the meter refuses them as it does.
    assert!(matches!(Canister::install(b"\0asm\x01\0\0\0\x99", &[]), Err(Error::InvalidModule(_))));
    let foreign = wat::parse_str(r#"(module (import "env" "f" (func)))"#).unwrap();
    match Canister::install(&foreign, &[]) {
        Err(Error::InvalidModule(why)) => assert_eq!(why.rule(), "unknown_import"),
        other => panic!("{:?}", other.map(|_| ())),
    }
    // `env.memory` passes the replica's checks (and fails to link there); the meter cannot
    // provide it either.
    let foreign = wat::parse_str(r#"(module (import "env" "memory" (memory 1)))"#).unwrap();
    match Canister::install(&foreign, &[]) {
        Err(Error::UnsupportedImport(what)) => assert!(what.contains("env.memory"), "{what}"),
        other => panic!("{:?}", other.map(|_| ())),
    }
}

#[test]
fn start_function_state_reaches_canister_init_and_methods() {
    let wat = r#"(module
        (import "ic0" "msg_reply" (func $reply))
        (import "ic0" "msg_reply_data_append" (func $append (param i32 i32)))
        (memory 1)
        (global $g (mut i32) (i32.const 0))
        (func $start  i32.const 0  i32.const 40  i32.store8  global.get $g  i32.const 1  i32.add  global.set $g)
        (start $start)
        (func (export "canister_init")
            i32.const 1  i32.const 0  i32.load8_u  i32.const 2  i32.add  i32.store8
            global.get $g  i32.const 10  i32.add  global.set $g)
        (func (export "canister_query read")
            i32.const 2  global.get $g  i32.store8
            i32.const 1  i32.const 2  call $append  call $reply))"#;
    let mut c = Canister::install(&wat::parse_str(wat).unwrap(), &[]).unwrap();
    // init saw the start function's byte (40 + 2) and global (1 + 10).
    assert_eq!(c.query("read", &[]).unwrap().response, Response::Reply(vec![42, 11]));
}

#[test]
fn updates_that_reject_keep_their_state() {
    let wat = r#"(module
        (import "ic0" "msg_reply" (func $reply))
        (import "ic0" "msg_reply_data_append" (func $append (param i32 i32)))
        (import "ic0" "msg_reject" (func $reject (param i32 i32)))
        (memory 1)
        (global $state (mut i32) (i32.const 0))
        (func (export "canister_update reject")
            global.get $state  i32.const 1  i32.add  global.set $state
            i32.const 0  i32.const 1  call $reject)
        (func (export "canister_query get")
            i32.const 8  global.get $state  i32.store
            i32.const 8  i32.const 4  call $append  call $reply))"#;
    let mut c = Canister::install(&wat::parse_str(wat).unwrap(), &[]).unwrap();
    assert!(matches!(c.update("reject", &[]).unwrap().response, Response::Reject(_)));
    assert_eq!(c.query("get", &[]).unwrap().response, Response::Reply(1u32.to_le_bytes().to_vec()));
}

#[test]
fn hostile_sizes_trap_instead_of_exhausting_the_host() {
    let wat = r#"(module
        (import "ic0" "debug_print" (func $print (param i32 i32)))
        (import "ic0" "stable64_grow" (func $grow (param i64) (result i64)))
        (import "ic0" "stable64_write" (func $write (param i64 i64 i64)))
        (import "ic0" "msg_reply" (func $reply))
        (memory 1)
        (func (export "canister_update print_huge")  i32.const 0  i32.const -1  call $print)
        (func (export "canister_update grow_huge")
            i64.const 8000000000  call $grow  i64.const -1  i64.ne  if  unreachable  end  call $reply)
        (func (export "canister_update write_huge")
            i64.const 1  call $grow  drop
            i64.const 0  i64.const 0  i64.const 30000000000  call $write))"#;
    let mut c = Canister::install(&wat::parse_str(wat).unwrap(), &[]).unwrap();
    match c.update("print_huge", &[]) {
        Err(Error::Trapped { message, .. }) => assert!(message.contains("out of memory bounds"), "{message}"),
        other => panic!("{other:?}"),
    }
    // A grow past the meter's 1 GiB of stable memory fails with -1, as a failed grow does.
    assert!(c.update("grow_huge", &[]).is_ok());
    match c.update("write_huge", &[]) {
        Err(Error::Trapped { message, .. }) => assert!(message.contains("out of memory bounds"), "{message}"),
        other => panic!("{other:?}"),
    }
}

/// A module with an `externref` table (reference types, which the replica accepts) loads
/// and runs.
#[test]
fn externref_tables_run() {
    let wat = r#"(module
        (import "ic0" "msg_reply" (func $reply))
        (memory 1)
        (table $refs 2 externref)
        (func (export "canister_query go") call $reply))"#;
    let mut c = Canister::install(&wat::parse_str(wat).unwrap(), &[]).unwrap();
    assert_eq!(c.query("go", &[]).unwrap().response, Response::Reply(Vec::new()));
}
