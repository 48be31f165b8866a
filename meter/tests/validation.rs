//! One module per rule of the replica's install-time validation, each breaking that rule only,
//! and a module that passes with its figures.

use icbls_meter::validation::{
    FunctionFigure, MAX_CUSTOM_SECTIONS, MAX_CUSTOM_SECTIONS_SIZE, MAX_FUNCTIONS, MAX_GLOBALS,
    MAX_NUMBER_EXPORTED_FUNCTIONS, WASM_FUNCTION_COMPLEXITY_LIMIT, WASM_MAX_SIZE,
};
use icbls_meter::{validate, Canister, Error, ValidationError, ValidationReport};
use wasmparser::ValType;

fn wasm(wat: &str) -> Vec<u8> {
    wat::parse_str(wat).unwrap()
}

/// The error `validate` gives, which `Canister::install` must give too.
fn rejected(wasm: &[u8]) -> ValidationError {
    let error = validate(wasm).expect_err("the module should be rejected");
    match Canister::install(wasm, &[]) {
        Err(Error::InvalidModule(e)) => assert_eq!(e, error),
        Err(other) => panic!("install failed otherwise: {other}"),
        Ok(_) => panic!("install took a module validate rejects"),
    }
    error
}

/// A custom section appended to a module (WAT's `@custom` needs a text-format extension).
fn with_custom(mut module: Vec<u8>, name: &str, payload: &[u8]) -> Vec<u8> {
    fn leb(mut n: usize, out: &mut Vec<u8>) {
        loop {
            let byte = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                out.push(byte);
                return;
            }
            out.push(byte | 0x80);
        }
    }
    let mut body = Vec::new();
    leb(name.len(), &mut body);
    body.extend_from_slice(name.as_bytes());
    body.extend_from_slice(payload);
    module.push(0);
    leb(body.len(), &mut module);
    module.extend_from_slice(&body);
    module
}

const EMPTY: &str = "(module)";

// --- A module that passes ---

#[test]
fn valid_module_passes_and_reports_its_figures() {
    let module = wasm(
        r#"(module
        (import "ic0" "msg_reply" (func $reply))
        (import "ic0" "msg_arg_data_size" (func (result i32)))
        (import "ic0" "stable_size" (func (result i32)))
        (import "ic0" "stable64_grow" (func (param i64) (result i64)))
        (import "ic0" "call_new" (func (param i32 i32 i32 i32 i32 i32 i32 i32)))
        (import "ic0" "cost_call" (func (param i64 i64 i32)))
        (memory 1 10)
        (table 2 funcref)
        (global $g (mut i32) (i32.const 0))
        (global v128 (v128.const i64x2 0 0))
        (data (i32.const 65534) "ab")
        (data "passive")
        (func $simd (result v128) v128.const i64x2 1 2 v128.const i64x2 3 4 i64x2.add)
        (func (export "canister_query answer")
            call $reply)
        (func (export "canister_update answer_update")
            block loop br 1 end end call $reply)
        (func (export "canister_composite_query cq") call $reply)
        (func (export "canister_init"))
        (func (export "canister_pre_upgrade"))
        (func (export "canister_post_upgrade"))
        (func (export "canister_inspect_message"))
        (func (export "canister_heartbeat"))
        (func (export "canister_global_timer"))
        (func (export "canister_on_low_wasm_memory"))
        (func (export "helper") (param i32) (result i32) local.get 0)
        (export "memory" (memory 0)))"#,
    );
    let module = with_custom(module, "name", b"anything goes here");
    let module = with_custom(module, "icp:public candid:service", b"service : {}");
    let module = with_custom(module, "icp:private notes", b"xyz");
    let report = validate(&module).unwrap();
    // The update: block 50 + loop 50 + br 50 + end 1 + end 1 + call 50 + end 1 = 203, in 7
    // operators; it is the 3rd defined function, function 8 after the 6 imports.
    let biggest = FunctionFigure { value: 203, code_index: 2, function_index: 8 };
    let expected = ValidationReport {
        module_size: module.len() as u64,
        module_size_limit: WASM_MAX_SIZE,
        code_section_size: report.code_section_size,
        code_section_size_limit: 10 * 1024 * 1024,
        wasm64: false,
        functions: 12,
        functions_limit: MAX_FUNCTIONS,
        globals: 2,
        globals_limit: MAX_GLOBALS,
        methods: 3,
        methods_limit: MAX_NUMBER_EXPORTED_FUNCTIONS,
        method_name_bytes: "answer".len() + "answer_update".len() + "cq".len(),
        method_name_bytes_limit: 20_000,
        custom_sections: 2,
        custom_sections_limit: MAX_CUSTOM_SECTIONS,
        custom_sections_size: ("candid:service".len() + "service : {}".len() + "notes".len() + 3) as u64,
        custom_sections_size_limit: MAX_CUSTOM_SECTIONS_SIZE,
        max_complexity: Some(biggest),
        complexity_limit: WASM_FUNCTION_COMPLEXITY_LIMIT,
        max_function_size: Some(FunctionFigure { value: 7, ..biggest }),
        function_size_limit: 1_000_000,
    };
    assert_eq!(report, expected);
    assert!(report.code_section_size > 0);
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["max_complexity"]["value"], 203);
    Canister::install(&module, &[]).unwrap();
}

#[test]
fn memory64_modules_use_the_64_bit_system_api() {
    let module = wasm(
        r#"(module
        (import "ic0" "msg_arg_data_size" (func (result i64)))
        (import "ic0" "msg_reply_data_append" (func (param i64 i64)))
        (memory i64 1 65536)
        (data (i64.const 0) "x"))"#,
    );
    assert!(validate(&module).unwrap().wasm64);
}

// --- Module size and code section size ---

#[test]
fn module_over_100_mib_is_rejected() {
    // The size is checked before the bytes are read, as `decode_wasm` does.
    let mut module = wasm(EMPTY);
    module.resize(WASM_MAX_SIZE as usize + 1, 0);
    assert_eq!(
        validate(&module),
        Err(ValidationError::ModuleTooLarge { size: WASM_MAX_SIZE + 1, allowed: WASM_MAX_SIZE })
    );
}

#[test]
fn code_section_over_10_mib_is_rejected() {
    // Two functions of 300,000 `v128.const` (18 bytes) and `drop` each: 11.4 MB of code,
    // while each function stays under the size and complexity limits.
    use wasm_encoder::{CodeSection, Function, FunctionSection, Instruction, Module, TypeSection};
    let mut types = TypeSection::new();
    types.ty().function([], []);
    let mut functions = FunctionSection::new();
    let mut code = CodeSection::new();
    for _ in 0..2 {
        functions.function(0);
        let mut f = Function::new([]);
        for _ in 0..300_000 {
            f.instruction(&Instruction::V128Const(-1));
            f.instruction(&Instruction::Drop);
        }
        f.instruction(&Instruction::End);
        code.function(&f);
    }
    let mut module = Module::new();
    module.section(&types).section(&functions).section(&code);
    let error = rejected(&module.finish());
    assert!(
        matches!(error, ValidationError::CodeSectionTooLarge { size, allowed: 10_485_760 } if size > 11_000_000),
        "{error:?}"
    );
    assert!(error.to_string().contains("exceeds the maximum allowed size of 10485760"));
}

// --- Bytes and Wasm features ---

#[test]
fn undecodable_bytes_are_a_decoding_error() {
    let error = rejected(b"\0asm\x01\0\0\0\x99");
    assert_eq!(error.rule(), "decoding");
    assert!(error.to_string().starts_with("Failed to decode wasm module: Error finding code section"));
}

#[test]
fn relaxed_simd_is_rejected() {
    let module = wasm(
        r#"(module (func (result v128)
        v128.const i64x2 0 0  v128.const i64x2 0 0  v128.const i64x2 0 0  i32x4.relaxed_laneselect))"#,
    );
    let error = rejected(&module);
    assert_eq!(error.rule(), "wasm");
    assert!(error.to_string().contains("relaxed SIMD"), "{error}");
}

#[test]
fn threads_are_rejected() {
    let error = rejected(&wasm("(module (memory 1 1 shared))"));
    assert_eq!(error.rule(), "wasm");
    assert!(error.to_string().contains("threads"), "{error}");
}

#[test]
fn multiple_memories_are_rejected() {
    let error = rejected(&wasm("(module (memory 1) (memory 1))"));
    assert_eq!(error.rule(), "wasm");
    assert!(error.to_string().contains("multiple memories"), "{error}");
}

#[test]
fn tail_calls_are_rejected() {
    let error = rejected(&wasm("(module (func $f return_call $f))"));
    assert_eq!(error.rule(), "wasm");
    assert!(error.to_string().contains("tail calls"), "{error}");
}

#[test]
fn exceptions_are_rejected() {
    let error = rejected(&wasm("(module (tag $e) (func throw $e))"));
    assert_eq!(error.rule(), "wasm");
}

// --- Imports ---

#[test]
fn import_outside_the_system_api_is_rejected() {
    let error = rejected(&wasm(r#"(module (import "env" "f" (func)))"#));
    assert_eq!(error, ValidationError::UnknownImport { module: "env".into(), name: "f".into() });
    assert_eq!(
        error.to_string(),
        "Wasm module has an invalid import section. Module imports function 'f' from 'env' \
         that is not exported by the runtime."
    );
}

#[test]
fn wasm32_only_import_in_a_wasm64_module_is_rejected() {
    let error = rejected(&wasm(r#"(module (import "ic0" "stable_size" (func (result i32))) (memory i64 1))"#));
    assert_eq!(error, ValidationError::UnknownImport { module: "ic0".into(), name: "stable_size".into() });
}

#[test]
fn system_api_import_from_another_module_is_rejected() {
    let error = rejected(&wasm(r#"(module (import "env" "msg_reply" (func)))"#));
    assert_eq!(error, ValidationError::ImportFromWrongModule { module: "env".into(), name: "msg_reply".into() });
    assert!(error.to_string().contains(r#"expected to be imported from one of ["ic0"] instead."#));
}

#[test]
fn system_api_import_with_the_wrong_type_is_rejected() {
    let error = rejected(&wasm(r#"(module (import "ic0" "msg_reply_data_append" (func (param i64 i32))))"#));
    let ValidationError::ImportSignature(m) = &error else { panic!("{error:?}") };
    assert_eq!(m.expected_params, vec![ValType::I32, ValType::I32]);
    assert_eq!(m.params, vec![ValType::I64, ValType::I32]);
    assert_eq!(
        error.to_string(),
        "Wasm module has an invalid function signature. Expected input params [I32, I32] for \
         'msg_reply_data_append', got [I64, I32]."
    );
    // The results are compared too, after the parameters.
    let error = rejected(&wasm(r#"(module (import "ic0" "msg_arg_data_size" (func (result i64))))"#));
    assert!(error.to_string().contains("Expected return type [I32] for 'msg_arg_data_size', got [I64]."));
}

#[test]
fn global_import_is_rejected() {
    let error = rejected(&wasm(r#"(module (import "env" "g" (global i32)))"#));
    assert_eq!(error, ValidationError::GlobalImport { module: "env".into(), name: "g".into() });
    assert!(error.to_string().ends_with("Importing globals is not allowed."));
}

#[test]
fn table_import_not_from_env_is_rejected() {
    let error = rejected(&wasm(r#"(module (import "ic0" "table" (table 1 funcref)))"#));
    assert_eq!(error, ValidationError::TableImport { module: "ic0".into() });
    assert!(error.to_string().ends_with("Only tables imported from env.table are allowed."));
}

#[test]
fn memory_import_not_from_env_is_rejected() {
    let error = rejected(&wasm(r#"(module (import "ic0" "memory" (memory 1)))"#));
    assert_eq!(error, ValidationError::MemoryImport { module: "ic0".into() });
    assert!(error.to_string().ends_with("Only memory imported from env.memory is allowed."));
}

// --- Exports ---

#[test]
fn reserved_export_is_rejected() {
    for name in ["canister_start", "canister counter_instructions", "stable_memory"] {
        let error = rejected(&wasm(&format!(r#"(module (func (export "{name}")))"#)));
        assert_eq!(error, ValidationError::ReservedExport { name: name.into() });
        assert!(error.to_string().ends_with(&format!("Exporting reserved symbol {name} not allowed.")));
    }
    // Whatever the kind of export.
    let error = rejected(&wasm(r#"(module (memory (export "stable_memory") 1))"#));
    assert_eq!(error.rule(), "reserved_export");
}

#[test]
fn unknown_canister_prefixed_export_is_rejected() {
    let error = rejected(&wasm(r#"(module (func (export "canister_shutdown")))"#));
    assert_eq!(error, ValidationError::ReservedCanisterPrefix { name: "canister_shutdown".into() });
    assert!(error.to_string().ends_with(r#"Exporting reserved function 'canister_shutdown' with "canister_" prefix"#));
}

#[test]
fn method_with_a_non_unit_type_is_rejected() {
    for export in ["canister_init", "canister_query get", "canister_on_low_wasm_memory"] {
        let error = rejected(&wasm(&format!(r#"(module (func (export "{export}") (param i32)))"#)));
        let ValidationError::ExportSignature(m) = &error else { panic!("{error:?}") };
        assert_eq!(m.name, export);
        assert!(error.to_string().contains(&format!("Expected input params [] for '{export}', got [I32].")));
    }
}

#[test]
fn method_exported_as_query_and_update_is_rejected() {
    let error = rejected(&wasm(r#"(module (func (export "canister_query get") (export "canister_update get")))"#));
    assert_eq!(error, ValidationError::DuplicateExport { name: "get".into() });
    assert_eq!(
        error.to_string(),
        "Duplicate function 'get' exported multiple times with different call types: update, \
         query, or composite_query."
    );
}

#[test]
fn more_than_1000_methods_are_rejected() {
    let exports: String =
        (0..=MAX_NUMBER_EXPORTED_FUNCTIONS).map(|i| format!(r#"(export "canister_query m{i}" (func 0))"#)).collect();
    let error = rejected(&wasm(&format!("(module (func) {exports})")));
    assert_eq!(error, ValidationError::TooManyExports { defined: 1001, allowed: 1000 });
    assert!(error.to_string().contains("is 1001 which exceeds 1000."));
}

#[test]
fn method_names_over_20000_bytes_are_rejected() {
    let long = "x".repeat(10_000);
    let error = rejected(&wasm(&format!(
        r#"(module (func) (export "canister_query {long}a" (func 0)) (export "canister_update {long}" (func 0)))"#
    )));
    assert_eq!(error, ValidationError::ExportedNamesTooLong { total_length: 20_001, allowed: 20_000 });
    assert!(error.to_string().contains("is 20001 which exceeds the allowed limit of 20000."));
}

// --- Data, globals, functions, memory ---

#[test]
fn data_offset_that_is_not_a_constant_is_rejected() {
    // An extended constant expression: valid Wasm, but not one `i32.const`.
    let error = rejected(&wasm(r#"(module (memory 1) (data (offset (i32.add (i32.const 1) (i32.const 2))) "x"))"#));
    assert_eq!(
        error,
        ValidationError::DataOffset {
            expression: "I32Const { value: 1 }, I32Const { value: 2 }, I32Add".into(),
            wasm64: false
        }
    );
    assert!(error.to_string().contains("Invalid offset expression in data segment for 32bit memory"));
}

#[test]
fn data_segment_past_the_initial_memory_is_rejected() {
    let error = rejected(&wasm(r#"(module (memory 1 2) (data (i32.const 65535) "ab"))"#));
    assert_eq!(error, ValidationError::DataSegmentOutOfBounds { offset: 65_535, len: 2 });
    assert_eq!(error.to_string(), "Wasm module has invalid data segment of 2 bytes at 65535");
}

#[test]
fn more_than_1000_globals_are_rejected() {
    let globals = "(global i32 (i32.const 0))".repeat(MAX_GLOBALS + 1);
    let error = rejected(&wasm(&format!("(module {globals})")));
    assert_eq!(error, ValidationError::TooManyGlobals { defined: 1001, allowed: 1000 });
    assert_eq!(error.to_string(), "Wasm module defined 1001 globals which exceeds the maximum number allowed 1000.");
}

#[test]
fn reference_typed_global_is_rejected() {
    let error = rejected(&wasm("(module (global funcref (ref.null func)))"));
    assert_eq!(error.rule(), "unsupported_global_type");
    assert!(error.to_string().contains("Unsupported global type: "), "{error}");
}

#[test]
fn more_than_50000_functions_are_rejected() {
    use wasm_encoder::{CodeSection, Function, FunctionSection, Instruction, Module, TypeSection};
    let mut types = TypeSection::new();
    types.ty().function([], []);
    let mut functions = FunctionSection::new();
    let mut code = CodeSection::new();
    let mut body = Function::new([]);
    body.instruction(&Instruction::End);
    for _ in 0..=MAX_FUNCTIONS {
        functions.function(0);
        code.function(&body);
    }
    let mut module = Module::new();
    module.section(&types).section(&functions).section(&code);
    let error = rejected(&module.finish());
    assert_eq!(error, ValidationError::TooManyFunctions { defined: 50_001, allowed: 50_000 });
    assert_eq!(
        error.to_string(),
        "Wasm module defined 50001 functions which exceeds the maximum number allowed 50000."
    );
}

#[test]
fn wasm64_memory_past_4_gib_is_rejected() {
    let error = validate(&wasm("(module (memory i64 1 65537))")).unwrap_err();
    assert_eq!(error, ValidationError::WasmMemoryTooLarge { defined_pages: 65_537, allowed_pages: 65_536 });
}

// --- Function bodies ---

#[test]
fn table_changing_instructions_are_rejected() {
    for (op, name) in [
        ("ref.null func  i32.const 1  table.grow  drop", "table.grow"),
        ("i32.const 0  ref.null func  table.set", "table.set"),
        ("i32.const 0  ref.null func  i32.const 1  table.fill", "table.fill"),
        ("i32.const 0  i32.const 0  i32.const 0  table.copy", "table.copy"),
        ("i32.const 0  i32.const 0  i32.const 0  table.init $e", "table.init"),
    ] {
        let error = rejected(&wasm(&format!("(module (table 1 funcref) (elem $e func) (func) (func {op}))")));
        assert_eq!(error, ValidationError::UnsupportedInstruction { index: 1, instruction: name.into() });
        assert_eq!(
            error.to_string(),
            format!("Wasm module contains a function at index 1 with unsupported instruction {name}.")
        );
    }
}

#[test]
fn function_over_the_complexity_limit_is_rejected() {
    // 20,000 calls weigh 1,000,000, the limit; the final `end` adds 1 more.
    let calls = "call $f ".repeat(20_000);
    let at_limit = wasm(&format!("(module (func $f) (func {calls}))"));
    let error = rejected(&at_limit);
    assert_eq!(
        error,
        ValidationError::FunctionComplexityTooHigh { index: 1, complexity: 1_000_001, allowed: 1_000_000 }
    );
    assert!(error
        .to_string()
        .contains("with complexity 1000001 which exceeds the maximum complexity allowed 1000000."));
    // One call fewer passes, and is the report's most complex function.
    let calls = "call $f ".repeat(19_999);
    let report = validate(&wasm(&format!("(module (func $f) (func {calls}))"))).unwrap();
    assert_eq!(report.max_complexity.map(|f| (f.value, f.code_index)), Some((999_951, 1)));
    assert_eq!(report.max_function_size.map(|f| f.value), Some(20_000));
}

#[test]
fn function_size_limit_is_shadowed_by_complexity() {
    // 1,000,001 operators: over the size limit, but every operator weighs at least 1, so the
    // complexity (checked first, as on the replica) is over its equal limit too.
    let nops = "nop ".repeat(1_000_000);
    let error = rejected(&wasm(&format!("(module (func {nops}))")));
    assert_eq!(
        error,
        ValidationError::FunctionComplexityTooHigh { index: 0, complexity: 1_000_001, allowed: 1_000_000 }
    );
}

// --- Custom sections ---

#[test]
fn icp_section_without_a_space_is_rejected() {
    let error = rejected(&with_custom(wasm(EMPTY), "icp:public", b""));
    assert_eq!(error, ValidationError::CustomSectionNoSpace { name: "icp:public".into() });
    assert!(error.to_string().ends_with("'icp:' section names must have a space after the public/private scope"));
}

#[test]
fn icp_section_without_a_scope_is_rejected() {
    let error = rejected(&with_custom(wasm(EMPTY), "icp:protected x", b""));
    assert_eq!(error, ValidationError::CustomSectionNoScope { name: "icp:protected x".into() });
    assert!(error.to_string().ends_with("Custom section 'icp:protected x' has no public/private scope defined."));
}

#[test]
fn duplicate_icp_section_is_rejected() {
    let module = with_custom(wasm(EMPTY), "icp:public a", b"1");
    let error = rejected(&with_custom(module, "icp:private a", b"2"));
    assert_eq!(error, ValidationError::DuplicateCustomSection { name: "a".into() });
    assert!(error.to_string().ends_with("Invalid custom section: name a already exists"));
}

#[test]
fn more_than_16_icp_sections_are_rejected() {
    let mut module = wasm(EMPTY);
    for i in 0..=MAX_CUSTOM_SECTIONS {
        module = with_custom(module, &format!("icp:private s{i}"), b"");
    }
    // Other custom sections do not count.
    let error = rejected(&with_custom(module, "name", b""));
    assert_eq!(error, ValidationError::TooManyCustomSections { defined: 17, allowed: 16 });
}

#[test]
fn icp_sections_over_1_mib_are_rejected() {
    let module = with_custom(wasm(EMPTY), "icp:public a", &vec![0; 1 << 19]);
    // Payload plus name: 2^19 + 1 bytes, then 2^19 + 1 more.
    let error = rejected(&with_custom(module, "icp:public b", &vec![0; 1 << 19]));
    assert_eq!(error, ValidationError::CustomSectionsTooLarge { size: (1 << 20) + 2, allowed: 1 << 20 });
    assert!(error.to_string().ends_with("size 1048578 bytes, allowed 1048576 bytes"));
}

// --- Robustness and the CLI ---

#[test]
fn validate_never_panics_on_damaged_modules() {
    let module = wasm(
        r#"(module (import "ic0" "msg_reply" (func)) (memory 1) (data (i32.const 0) "hi")
        (func (export "canister_query q") (local i64) block call 0 end))"#,
    );
    for cut in 0..module.len() {
        let _ = validate(&module[..cut]);
    }
    for at in 8..module.len() {
        for flip in [0x01u8, 0x80, 0xff] {
            let mut damaged = module.clone();
            damaged[at] ^= flip;
            let _ = validate(&damaged);
        }
    }
}

#[test]
fn install_gives_the_replicas_reason() {
    let module = wasm(r#"(module (func (export "canister_query a") (export "canister_update a")))"#);
    let error = Canister::install(&module, &[]).err().unwrap();
    assert!(error.to_string().contains("Duplicate function 'a' exported multiple times"), "{error}");
}

#[test]
fn cli_validate_prints_the_report_or_the_rule() {
    let dir = std::env::temp_dir().join(format!("icbls-meter-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let out =
            std::process::Command::new(env!("CARGO_BIN_EXE_icbls-meter")).arg("validate").arg(&path).output().unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (out.status.code(), json)
    };
    let (code, json) = run("good.wasm", &wasm(r#"(module (func (export "canister_query a")))"#));
    assert_eq!(code, Some(0));
    assert_eq!(json["valid"], true);
    assert_eq!(json["report"]["methods"], 1);
    assert_eq!(json["report"]["complexity_limit"], 1_000_000);
    let (code, json) = run("bad.wasm", &wasm(r#"(module (import "env" "g" (global i32)))"#));
    assert_eq!(code, Some(1));
    assert_eq!(json["rule"], "global_import");
    assert!(json["error"].as_str().unwrap().contains("Importing globals is not allowed."));
    std::fs::remove_dir_all(&dir).unwrap();
}
