//! The profile mode: a profiled call counts exactly the instructions of the same call
//! unprofiled, and the profile attributes every one of them to a stack, whatever way the
//! functions leave (`end`, `br`/`br_if`/`br_table` to the body's label, `return`, traps) and
//! under recursion. (Tail calls are hooked too, but the IC refuses modules that use them.)

use icbls_meter::{CallKind, Canister, Error, Response};

/// A canister module: System API imports, helper functions that leave in every way, and `funcs`.
fn module(funcs: &str) -> Vec<u8> {
    let wat = format!(
        r#"(module
            (import "ic0" "msg_reply" (func $reply))
            (import "ic0" "msg_reply_data_append" (func $append (param i32 i32)))
            (import "ic0" "performance_counter" (func $pc (param i32) (result i64)))
            (import "ic0" "trap" (func $trap (param i32 i32)))
            (type $t (func (result i32)))
            (memory 1)
            (table 2 funcref)
            (elem (i32.const 0) $seven $leaves_by_br_table)
            (data (i32.const 0) "hi")
            (global $state (mut i32) (i32.const 0))
            (func $seven (result i32) i32.const 7)
            (func $leaves_by_br_if (param i32) (result i32)
              i32.const 1
              local.get 0
              br_if 0
              drop
              i32.const 2)
            (func $leaves_by_br_table (result i32)
              block (result i32)
                i32.const 5
                global.get $state
                br_table 0 1 1
              end
              drop
              i32.const 9)
            (func $leaves_by_return (param i32) (result i32)
              local.get 0
              if
                i32.const 3
                return
              end
              i32.const 4)
            (func $two (result i32 i64) i32.const 1 i64.const 2)
            (func $fact (param i32) (result i32)
              local.get 0
              i32.eqz
              if (result i32)
                i32.const 1
              else
                local.get 0
                local.get 0
                i32.const 1
                i32.sub
                call $fact
                i32.mul
              end)
            (func $bulk
              i32.const 100 i32.const 0 i32.const 50 memory.fill)
            {funcs})"#
    );
    wat::parse_str(wat).unwrap()
}

const METHODS: &str = r#"
    (func (export "canister_query all")
      i32.const 0 call $leaves_by_br_if drop
      i32.const 1 call $leaves_by_br_if drop
      call $leaves_by_br_table drop
      i32.const 1 global.set $state
      call $leaves_by_br_table drop
      i32.const 2 global.set $state
      i32.const 1 call_indirect (type $t) drop
      i32.const 0 call $leaves_by_return drop
      i32.const 1 call $leaves_by_return drop
      call $two drop drop
      i32.const 6 call $fact drop
      i32.const 1 call $leaves_by_return drop
      call $bulk
      i32.const 0 call $pc drop
      i32.const 0 i32.const 2 call $append
      call $reply)
    (func (export "canister_update count") (local $i i32)
      loop
        local.get $i i32.const 1 i32.add local.tee $i
        i32.const 100 i32.lt_u br_if 0
      end
      global.get $state i32.const 1 i32.add global.set $state
      call $reply)
    (func (export "canister_query boom")
      i32.const 3 call $fact drop
      call $deep)
    (func $deep
      i32.const 0 i32.const 2 call $trap)
    (func (export "canister_query forever")
      loop br 0 end)
"#;

fn both(method: &str, kind: CallKind) -> (Result<icbls_meter::CallOutcome, Error>, icbls_meter::ProfiledCall) {
    let wasm = module(METHODS);
    let plain = Canister::install(&wasm, &[]).unwrap().call(kind, method, &[]);
    let profiled = Canister::install(&wasm, &[]).unwrap().profile(kind, method, &[]);
    (plain, profiled)
}

fn function<'a>(p: &'a [icbls_meter::FunctionCost], name: &str) -> &'a icbls_meter::FunctionCost {
    p.iter().find(|f| f.name == name).unwrap_or_else(|| panic!("no {name} in {p:#?}"))
}

#[test]
fn every_way_of_leaving_counts_the_same_and_is_attributed() {
    let (plain, profiled) = both("all", CallKind::Query);
    let plain = plain.unwrap();
    let outcome = profiled.outcome.unwrap();
    assert_eq!(outcome.response, Response::Reply(b"hi".to_vec()));
    assert_eq!(outcome.instructions, plain.instructions);
    let profile = profiled.profile;
    assert_eq!(profile.instructions(), plain.instructions);
    let functions = profile.functions();
    // Named from the `name` section (wat keeps `$names`); the exported method has none.
    let top = &functions[0];
    assert_eq!(top.inclusive, plain.instructions);
    assert_eq!(top.calls, 1);
    // leaves_by_br_if: entry 1 + const 1 + get 1 + br_if 2 = 5; not taken: drop 1 + const 1 + end 0.
    let br_if = function(&functions, "leaves_by_br_if");
    assert_eq!((br_if.calls, br_if.exclusive), (2, 5 + 5 + 2));
    // Twice called, once through the table.
    assert_eq!(function(&functions, "leaves_by_br_table").calls, 3);
    assert_eq!(function(&functions, "leaves_by_return").calls, 3);
    // fact(6): 7 calls, recursion counted once in the inclusive figure.
    let fact = function(&functions, "fact");
    assert_eq!(fact.calls, 7);
    assert_eq!(fact.inclusive, fact.exclusive);
    // The System API calls are frames of their own: 500 + 2 bytes x 50, and 500.
    assert_eq!(function(&functions, "ic0.msg_reply_data_append").exclusive, 600);
    assert_eq!(function(&functions, "ic0.msg_reply").exclusive, 500);
    assert_eq!(function(&functions, "ic0.performance_counter").exclusive, 200);
    // bulk: memory.fill's 50 bytes are the function's.
    let bulk = function(&functions, "bulk");
    assert_eq!(bulk.exclusive, 1 + 3 + 100 + 50);
    // The folded stacks add up to the total.
    let folded: u64 = profile.folded().lines().map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap()).sum();
    assert_eq!(folded, plain.instructions);
    assert_eq!(profile.counter_reads(), 1);
}

#[test]
fn updates_keep_their_state_when_profiled() {
    let wasm = module(METHODS);
    let mut plain = Canister::install(&wasm, &[]).unwrap();
    let mut profiled = Canister::install(&wasm, &[]).unwrap();
    for _ in 0..2 {
        let a = plain.update("count", &[]).unwrap();
        let b = profiled.profile(CallKind::Update, "count", &[]);
        assert_eq!(b.outcome.unwrap().instructions, a.instructions);
        assert_eq!(b.profile.instructions(), a.instructions);
    }
    // Both canisters counted two updates (the `$state` global).
    let a = plain.query("all", &[]).unwrap().instructions;
    let b = profiled.profile(CallKind::Query, "all", &[]);
    assert_eq!(b.outcome.unwrap().instructions, a);
    // A plain call after a profiled one still runs the unprofiled module.
    assert_eq!(profiled.query("all", &[]).unwrap().instructions, a);
}

#[test]
fn a_trap_drops_the_stack_and_keeps_the_profile() {
    let (plain, profiled) = both("boom", CallKind::Query);
    let Err(Error::Trapped { instructions, .. }) = plain else { panic!("{plain:?}") };
    let Err(Error::Trapped { instructions: profiled_instructions, .. }) = profiled.outcome else {
        panic!("{:?}", profiled.outcome)
    };
    assert_eq!(profiled_instructions, instructions);
    assert_eq!(profiled.profile.instructions(), instructions);
    let functions = profiled.profile.functions();
    assert_eq!(function(&functions, "deep").inclusive, function(&functions, "ic0.trap").exclusive + 1 + 7);
}

#[test]
fn the_instruction_limit_ends_a_profiled_call_at_the_same_count() {
    let (plain, profiled) = both("forever", CallKind::Query);
    let Err(Error::InstructionLimitExceeded { instructions, .. }) = plain else { panic!("{plain:?}") };
    assert_eq!(
        profiled.outcome,
        Err(Error::InstructionLimitExceeded { limit: icbls_meter::QUERY_LIMIT, instructions })
    );
    assert_eq!(profiled.profile.instructions(), instructions);
}

#[test]
fn unknown_methods_have_an_empty_profile() {
    let (_, profiled) = both("nothing", CallKind::Query);
    assert_eq!(profiled.outcome, Err(Error::MethodNotFound("nothing".into())));
    assert_eq!(profiled.profile.instructions(), 0);
    assert_eq!(profiled.profile.folded(), "");
}

#[test]
fn without_a_name_section_functions_are_numbered_or_go_by_their_export() {
    let wasm = wat::parse_str(
        r#"(module (import "ic0" "msg_reply" (func (;0;)))
            (func (;1;) (export "canister_query go") call 2 call 0)
            (func (;2;)))"#,
    )
    .unwrap();
    let p = Canister::install(&wasm, &[]).unwrap().profile(CallKind::Query, "go", &[]);
    assert_eq!(p.outcome.unwrap().instructions, p.profile.instructions());
    // The exported function goes by its export name.
    assert_eq!(
        p.profile.folded(),
        "canister_query go 11\ncanister_query go;func[2] 1\ncanister_query go;ic0.msg_reply 500\n"
    );
}

#[test]
fn a_module_without_imports_gets_the_hooks_in_a_section_of_its_own() {
    let wasm = wat::parse_str(
        r#"(module (memory 1) (start $init)
            (func $init)
            (func $work (local i32) loop local.get 0 i32.const 1 i32.add local.tee 0 i32.const 9 i32.lt_u br_if 0 end)
            (func (export "canister_query go") call $work))"#,
    )
    .unwrap();
    let plain = Canister::install(&wasm, &[]).unwrap().query("go", &[]);
    let Err(Error::NoResponse { instructions }) = plain else { panic!("{plain:?}") };
    let p = Canister::install(&wasm, &[]).unwrap().profile(CallKind::Query, "go", &[]);
    assert_eq!(p.outcome, Err(Error::NoResponse { instructions }));
    assert_eq!(p.profile.instructions(), instructions);
    assert_eq!(p.profile.folded(), format!("canister_query go 6\ncanister_query go;work {}\n", instructions - 6));
}
