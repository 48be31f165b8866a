//! The replica's message-level charges, beyond operator weights and System API overheads: each
//! test states the rule and where the replica says it (paths in the `dfinity/ic` repository).
//! Figures are differences between two calls that differ only in what the rule charges, so
//! that each test reads one rule.

use icbls_meter::{CallKind, Canister, Error};

/// A module with the imports the tests use, 2 pages of memory (32 pages of 4 KiB) holding
/// 5,000 bytes of `x` at 0, and the given functions.
fn canister(funcs: &str) -> Canister {
    let wat = format!(
        r#"(module
            (import "ic0" "msg_reply" (func $reply))
            (import "ic0" "trap" (func $trap (param i32 i32)))
            (import "ic0" "debug_print" (func $print (param i32 i32)))
            (import "ic0" "stable64_grow" (func $stable_grow (param i64) (result i64)))
            (import "ic0" "stable64_write" (func $stable_write (param i64 i64 i64)))
            (import "ic0" "stable64_size" (func $stable_size (result i64)))
            (memory 2)
            (data (i32.const 0) "{}")
            {funcs})"#,
        "x".repeat(5_000)
    );
    Canister::install(&wat::parse_str(wat).unwrap(), &[]).unwrap()
}

fn instructions(c: &mut Canister, kind: CallKind, method: &str) -> u64 {
    c.call(kind, method, &[]).unwrap().instructions
}

/// `dirty_page_overhead` (`rs/config/src/subnet_config.rs`: 1,000 instructions) is charged for
/// every 4 KiB OS page of the heap a message has written, after it runs
/// (`WasmtimeInstance::run`, `rs/embedders/src/wasmtime_embedder.rs`), for the messages whose
/// writes the replica tracks (`ApiType::modification_tracking`,
/// `rs/embedders/src/wasmtime_embedder/system_api.rs`): an update, not a query nor a query
/// method run as an update. A page counts once per message, whatever was written to it (the
/// replica's page protection sees the write, not the bytes); a store across a page border
/// writes two; a bulk `memory.fill` writes every page of its range, and an empty one none.
#[test]
fn an_update_pays_for_the_heap_pages_it_writes() {
    let f = r#"(func (export "canister_update write") (export "canister_query peek_write")
        i32.const 0      i32.const 1  i32.store                   ;; page 0
        i32.const 16     i32.const 2  i32.store                   ;; page 0 again
        i32.const 4092   i64.const 3  i64.store                   ;; pages 0 and 1
        i32.const 20000  i32.const 0  i32.store8                  ;; page 4, a zero over a zero
        i32.const 40960  i32.const 9  i32.const 8193  memory.fill ;; pages 10, 11 and 12
        i32.const 65536  i32.const 9  i32.const 0     memory.fill ;; none
        call $reply)
        (func (export "canister_update nothing") call $reply)"#;
    let mut c = canister(f);
    let query = instructions(&mut c, CallKind::Query, "peek_write");
    let update = instructions(&mut c, CallKind::Update, "write");
    assert_eq!(update - query, 6 * 1_000);
    // Again: a page is charged in every message that writes it.
    assert_eq!(instructions(&mut c, CallKind::Update, "write") - query, 6 * 1_000);
    // An update that writes nothing pays nothing: entry 1 + call 5 + msg_reply 500.
    assert_eq!(instructions(&mut c, CallKind::Update, "nothing"), 506);
}

/// With wasm-native stable memory, `ic0.stable64_write` (a Wasm body the replica injects,
/// `rs/embedders/src/wasm_utils/system_api_replacements.rs`) charges its overhead (20) and its
/// bytes, then `dirty_page_overhead` for each 4 KiB stable page it writes for the first time in
/// the message; an empty write returns before that. Stable pages are not charged again at the
/// message's end.
#[test]
fn stable_writes_pay_once_for_each_page_they_dirty() {
    let f = r#"(func (export "canister_update one_page")
            i64.const 1  call $stable_grow  drop
            i64.const 0     i64.const 0  i64.const 10  call $stable_write
            call $reply)
        (func (export "canister_update two_pages")
            i64.const 1  call $stable_grow  drop
            i64.const 4090  i64.const 0  i64.const 10  call $stable_write
            call $reply)
        (func (export "canister_update two_pages_again")
            i64.const 1  call $stable_grow  drop
            i64.const 4090  i64.const 0  i64.const 10  call $stable_write
            i64.const 4095  i64.const 0  i64.const 2   call $stable_write
            i64.const 8192  i64.const 0  i64.const 0   call $stable_write
            call $reply)"#;
    let mut c = canister(f);
    let one = instructions(&mut c, CallKind::Update, "one_page");
    let two = instructions(&mut c, CallKind::Update, "two_pages");
    assert_eq!(two - one, 1_000);
    // Two more writes: 3 consts and a call (8) each, the overheads (20 each) and 2 bytes; the
    // pages are dirty already and the empty write dirties none.
    let again = instructions(&mut c, CallKind::Update, "two_pages_again");
    assert_eq!(again - two, 2 * 8 + 2 * 20 + 2);
}

/// `ic0.stable64_size` is implemented in Wasm by the replica's instrumentation for
/// wasm-native stable memory (`rs/embedders/src/wasm_utils/system_api_replacements.rs`): the
/// operators' weights, no System API overhead.
#[test]
fn stable_size_has_no_overhead() {
    let f = r#"(func (export "canister_query size") call $stable_size drop call $reply)"#;
    // entry 1 + call 5 + drop 1 + call 5 = 12; msg_reply 500.
    assert_eq!(instructions(&mut canister(f), CallKind::Query, "size"), 12 + 500);
}

/// Canister logging on an application subnet (`logging_charge_bytes` in
/// `rs/embedders/src/wasmtime_embedder/linker.rs`; the log's 4 KiB and a record's 40 bytes
/// besides its text in `rs/types/types/src/canister_log.rs`): a message's log has 4 KiB of
/// space, a record takes its bytes and 40 more; `debug_print` pays 100, twice its bytes (at
/// most 4 KiB) and 50 per byte of them the space still holds; `trap` pays 500, its bytes, and
/// the same logging charge.
#[test]
fn logging_pays_for_the_log_space_of_the_message() {
    let f = r#"(func (export "canister_query print_small")
            i32.const 0  i32.const 100  call $print  call $reply)
        (func (export "canister_query print_twice")
            i32.const 0  i32.const 100  call $print
            i32.const 0  i32.const 4000  call $print  call $reply)
        (func (export "canister_query trap_long") i32.const 0 i32.const 5000 call $trap)
        (func (export "canister_query print_then_trap")
            i32.const 0  i32.const 100  call $print
            i32.const 0  i32.const 5000  call $trap)"#;
    let mut c = canister(f);
    // entry 1 + 2 consts and a call 7 + call 5 = 13; msg_reply 500.
    let small = instructions(&mut c, CallKind::Query, "print_small");
    assert_eq!(small, 13 + 500 + 100 + 2 * 100 + 50 * 100);
    // The second record finds 4,096 - 140 bytes free.
    let twice = instructions(&mut c, CallKind::Query, "print_twice");
    assert_eq!(twice - small, 7 + 100 + 2 * 4_000 + 50 * (4_096 - 140));
    let trapped = |c: &mut Canister, method: &str| match c.query(method, &[]) {
        Err(Error::Trapped { instructions, .. }) => instructions,
        other => panic!("{other:?}"),
    };
    // entry 1 + 2 consts and a call 7 = 8.
    assert_eq!(trapped(&mut c, "trap_long"), 8 + 500 + 5_000 + 2 * 4_096 + 50 * 4_096);
    assert_eq!(
        trapped(&mut c, "print_then_trap"),
        8 + (7 + 100 + 2 * 100 + 50 * 100) + 500 + 5_000 + 2 * 4_096 + 50 * (4_096 - 140)
    );
}

/// The dirty-page charge comes after the run whether it trapped or not
/// (`WasmtimeInstance::run`): a trapping update pays for the pages it wrote, though it keeps
/// none of them.
#[test]
fn a_trapping_update_pays_for_its_pages_too() {
    let f = r#"(func (export "canister_update write_then_trap") (export "canister_query peek_write_then_trap")
        i32.const 8192  i32.const 1  i32.store
        unreachable)"#;
    let mut c = canister(f);
    let trapped = |c: &mut Canister, kind, method| match c.call(kind, method, &[]) {
        Err(Error::Trapped { instructions, .. }) => instructions,
        other => panic!("{other:?}"),
    };
    let query = trapped(&mut c, CallKind::Query, "peek_write_then_trap");
    assert_eq!(trapped(&mut c, CallKind::Update, "write_then_trap") - query, 1_000);
}

/// `install_code` charges `cost_to_compile_wasm_instruction` (6,000, `rs/config/src/embedders.rs`)
/// per operator of the module's function bodies and 2 per global
/// (`rs/embedders/src/wasm_utils/instrumentation.rs`), on top of what `canister_init` runs; so
/// does an upgrade. (The replica counts its instrumented module, whose metering code the meter
/// leaves out: this is the charge's lower bound.)
#[test]
fn installation_pays_for_compiling_the_module() {
    let wat = r#"(module
        (memory 1)
        (global (mut i32) (i32.const 0))
        (func (export "canister_init") i32.const 0 drop))"#;
    let wasm = wat::parse_str(wat).unwrap();
    let mut c = Canister::install(&wasm, &[]).unwrap();
    // Operators: i32.const, drop, end (3), and the global (2); init runs entry 1 + 2.
    assert_eq!(c.install_instructions(), 5 * 6_000 + 3);
    assert_eq!(c.upgrade(&wasm, &[]).unwrap(), 5 * 6_000);
}
