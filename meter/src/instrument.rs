//! Rewrites a canister module so that it counts IC instructions while it runs.
//!
//! The scheme is the replica's (`rs/embedders/src/wasm_utils/instrumentation.rs`):
//!
//! * every function body is cut into basic blocks: a block starts at the function entry, after
//!   `loop`, `if`, `else`, `end`, `br`, `br_if`, `br_table`, `return`, `unreachable` and the tail
//!   calls; calls do not cut blocks;
//! * at the start of each block the sum of the weights of its operators
//!   ([`crate::cost::operator_cost`]) is added to a counter, once, before the block runs (the
//!   function entry adds one more, as the replica does); blocks that cost nothing get no code;
//! * at re-entrant block starts (the function entry and every loop body) the counter is compared
//!   with the limit, and the code traps with `unreachable` when it is over;
//! * before `memory.fill`, `memory.copy`, `memory.init` and their table twins, the size operand
//!   is added to the counter and checked too.
//!
//! For the replica's dirty-page charge (1,000 instructions per 4 KiB page of the heap an update
//! or an installation writes, see `canister.rs`), every store to the canister's memory also
//! marks the 4 KiB pages it writes in a second memory, the dirty map ([`DIRTY_MAP_EXPORT`]: one
//! byte per page, 1 MiB for the 4 GiB a 32-bit memory can address), and `memory.fill`,
//! `memory.copy` and `memory.init` mark their destination's pages with a `memory.fill` of the
//! map. A write marks its page whatever it writes, as the replica's page protection does: a
//! page written back with its old bytes is dirty too. The marking is not counted.
//!
//! The counter counts up from zero (the replica counts down from the limit; the totals are the
//! same). The code that does the counting is not itself counted. The rewritten module exports
//! the counter and the limit, every mutable global (so the meter can snapshot and restore
//! canister state between messages) and the start function, as `canister_start` (the start
//! section is dropped so that the meter runs it under the meter, as the replica does).
//!
//! [`instrument_for_profile`] adds profiling hooks on top (see [`crate::profile`]): two host
//! imports, `enter` and `exit` of [`PROFILE_MODULE`], called with the function's index when
//! a defined function starts and when it leaves. They add no weight: the counting code is that of
//! [`instrument`], the same block costs at the same places, so a profiled call counts exactly
//! the instructions of an unprofiled one.

use crate::cost::{is_bulk_memory, operator_cost};
use crate::Error;
use wasm_encoder::reencode::Reencode;
use wasm_encoder::{ConstExpr, ExportKind, GlobalType, Instruction, ValType};
use wasmparser::{FunctionBody, Operator, Parser, Payload, TypeRef};

/// Export name of the instruction counter (`mut i64`).
pub const COUNTER_EXPORT: &str = "__icbls_meter_instructions";
/// Export name of the instruction limit (`mut i64`): the code traps once the counter passes it.
pub const LIMIT_EXPORT: &str = "__icbls_meter_limit";
/// Prefix of the export names given to the module's own mutable globals.
pub const GLOBAL_EXPORT_PREFIX: &str = "__icbls_meter_global_";
/// Export name given to the module's memory, so host functions find it under one name.
pub const MEMORY_EXPORT: &str = "__icbls_meter_memory";
/// Export name of the dirty map: the memory in which stores mark the 4 KiB pages they write.
pub const DIRTY_MAP_EXPORT: &str = "__icbls_meter_dirty_pages";
/// The size of a page the dirty map counts: the replica's (an OS page).
pub const DIRTY_PAGE_BYTES: u64 = 4096;
const DIRTY_PAGE_SHIFT: i32 = 12;
/// The dirty map's size in Wasm pages: one byte per 4 KiB page of a 4 GiB memory.
const DIRTY_MAP_WASM_PAGES: u64 = (1 << 32) / DIRTY_PAGE_BYTES / 65_536;

/// Export name given to the module's start function.
pub const START_EXPORT: &str = "canister_start";
/// Import module of the profiling hooks (`enter` and `exit`, each `(i32) -> ()`, taking the
/// function's index in the original module).
pub const PROFILE_MODULE: &str = "__icbls_meter_profile";

/// Instruments `wasm` for instruction counting. Errors name what the module holds that the
/// meter does not take (64-bit memories, imported globals, malformed Wasm).
pub fn instrument(wasm: &[u8]) -> Result<Vec<u8>, Error> {
    rewrite(wasm, false)
}

/// [`instrument`], plus a call to the host's `enter` hook at the start of every defined function
/// and to its `exit` hook wherever the function leaves: its last `end`, branches to its body's
/// label, `return` and the tail calls. The body is wrapped in a `block` of the function's
/// results, so that every branch out of the body passes the `exit` call; a trap leaves no
/// `exit` (the profiler closes the frames still open). Defined functions move up by the two
/// hook imports; the `name` section, whose indices would be stale, is dropped.
pub fn instrument_for_profile(wasm: &[u8]) -> Result<Vec<u8>, Error> {
    rewrite(wasm, true)
}

/// Shifts defined functions past the hook imports; a plain round trip when `shift` is 0.
struct Remap {
    imported: u32,
    shift: u32,
}

impl Reencode for Remap {
    type Error = std::convert::Infallible;

    fn function_index(&mut self, func: u32) -> u32 {
        if func >= self.imported {
            func + self.shift
        } else {
            func
        }
    }
}

/// What the profiling hooks need: the type of `(i32) -> ()` and the hooks' function indices.
#[derive(Clone, Copy)]
struct Hooks {
    ty: u32,
    enter: u32,
    exit: u32,
}

fn rewrite(wasm: &[u8], profile: bool) -> Result<Vec<u8>, Error> {
    let facts = ModuleFacts::read(wasm)?;
    // A module without functions has nothing to profile (and maybe no type section to hold
    // the hooks' type).
    let hooks = (profile && !facts.defined_functions.is_empty()).then(|| Hooks {
        ty: facts.type_results.len() as u32,
        enter: facts.imported_functions,
        exit: facts.imported_functions + 1,
    });
    let mut out = wasm_encoder::Module::new();
    let mut re = Remap { imported: facts.imported_functions, shift: if hooks.is_some() { 2 } else { 0 } };
    let mut imports_done = false;
    let mut globals_done = false;
    let mut exports_done = false;
    let mut code = wasm_encoder::CodeSection::new();
    let mut defined_index = 0usize;

    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload.map_err(invalid)?;
        // The globals and exports we add must go out even when the module has no such section,
        // in their place in the section order (globals before exports, both before code).
        let before_exports = matches!(
            payload,
            Payload::ExportSection(_)
                | Payload::StartSection { .. }
                | Payload::ElementSection(_)
                | Payload::DataCountSection { .. }
                | Payload::CodeSectionStart { .. }
                | Payload::DataSection(_)
                | Payload::End(_)
        );
        let after_imports = !matches!(
            payload,
            Payload::Version { .. } | Payload::TypeSection(_) | Payload::ImportSection(_) | Payload::CustomSection(_)
        );
        if let (Some(h), true, false) = (hooks, after_imports, imports_done) {
            let mut s = wasm_encoder::ImportSection::new();
            add_hook_imports(&mut s, h);
            out.section(&s);
            imports_done = true;
        }
        if before_exports && !globals_done && !matches!(payload, Payload::GlobalSection(_)) {
            out.section(&facts.extra_globals(wasm_encoder::GlobalSection::new()));
            globals_done = true;
        }
        let after_exports = before_exports && !matches!(payload, Payload::ExportSection(_));
        if after_exports && !exports_done {
            out.section(&facts.extra_exports(wasm_encoder::ExportSection::new(), &mut re));
            exports_done = true;
        }

        match payload {
            Payload::Version { .. } | Payload::End(_) => {}
            Payload::TypeSection(r) => {
                let mut s = wasm_encoder::TypeSection::new();
                re.parse_type_section(&mut s, r).map_err(reencode)?;
                if hooks.is_some() {
                    s.ty().function([ValType::I32], []);
                    for results in facts.multi_value_blocks() {
                        let results =
                            results.iter().map(|t| re.val_type(*t).map_err(reencode)).collect::<Result<Vec<_>, _>>()?;
                        s.ty().function([], results);
                    }
                }
                out.section(&s);
            }
            Payload::ImportSection(r) => {
                let mut s = wasm_encoder::ImportSection::new();
                re.parse_import_section(&mut s, r).map_err(reencode)?;
                if let Some(h) = hooks {
                    add_hook_imports(&mut s, h);
                    imports_done = true;
                }
                out.section(&s);
            }
            Payload::FunctionSection(r) => {
                let mut s = wasm_encoder::FunctionSection::new();
                re.parse_function_section(&mut s, r).map_err(reencode)?;
                out.section(&s);
            }
            Payload::TableSection(r) => {
                let mut s = wasm_encoder::TableSection::new();
                re.parse_table_section(&mut s, r).map_err(reencode)?;
                out.section(&s);
            }
            Payload::MemorySection(r) => {
                let mut s = wasm_encoder::MemorySection::new();
                re.parse_memory_section(&mut s, r).map_err(reencode)?;
                s.memory(wasm_encoder::MemoryType {
                    minimum: DIRTY_MAP_WASM_PAGES,
                    maximum: Some(DIRTY_MAP_WASM_PAGES),
                    memory64: false,
                    shared: false,
                    page_size_log2: None,
                });
                out.section(&s);
            }
            Payload::TagSection(r) => {
                let mut s = wasm_encoder::TagSection::new();
                re.parse_tag_section(&mut s, r).map_err(reencode)?;
                out.section(&s);
            }
            Payload::GlobalSection(r) => {
                let mut s = wasm_encoder::GlobalSection::new();
                re.parse_global_section(&mut s, r).map_err(reencode)?;
                out.section(&facts.extra_globals(s));
                globals_done = true;
            }
            Payload::ExportSection(r) => {
                let mut s = wasm_encoder::ExportSection::new();
                re.parse_export_section(&mut s, r).map_err(reencode)?;
                out.section(&facts.extra_exports(s, &mut re));
                exports_done = true;
            }
            Payload::StartSection { .. } => {} // exported as `canister_start` instead
            Payload::ElementSection(r) => {
                let mut s = wasm_encoder::ElementSection::new();
                re.parse_element_section(&mut s, r).map_err(reencode)?;
                out.section(&s);
            }
            Payload::DataCountSection { count, .. } => {
                out.section(&wasm_encoder::DataCountSection { count });
            }
            Payload::DataSection(r) => {
                let mut s = wasm_encoder::DataSection::new();
                re.parse_data_section(&mut s, r).map_err(reencode)?;
                out.section(&s);
            }
            Payload::CodeSectionStart { .. } => {}
            Payload::CodeSectionEntry(body) => {
                let params = facts.params_of_defined(defined_index)?;
                let profile = match hooks {
                    Some(h) => Some(ProfileBody {
                        hooks: h,
                        function: facts.imported_functions + defined_index as u32,
                        block: facts.body_block_type(defined_index, &mut re)?,
                    }),
                    None => None,
                };
                code.function(&instrument_body(&facts, params, body, profile, &mut re)?);
                defined_index += 1;
                if defined_index == facts.defined_functions.len() {
                    out.section(&code);
                }
            }
            Payload::CustomSection(c) if hooks.is_some() && c.name() == "name" => {}
            Payload::CustomSection(c) => {
                out.section(&wasm_encoder::CustomSection { name: c.name().into(), data: c.data().into() });
            }
            other => {
                return Err(Error::InvalidWasm(format!(
                    "unsupported section {:?}",
                    other.as_section().map(|(id, _)| id)
                )))
            }
        }
    }
    Ok(out.finish())
}

/// What the rewrite needs to know about the module before it starts writing.
struct ModuleFacts {
    /// Parameter count of every function type (non-function types count zero).
    type_params: Vec<u32>,
    /// Result types of every function type.
    type_results: Vec<Vec<wasmparser::ValType>>,
    /// Functions the module imports (they come first in the function index space).
    imported_functions: u32,
    /// The type index of every defined (not imported) function.
    defined_functions: Vec<u32>,
    /// Mutability of the module's own globals, in index order.
    defined_globals_mutable: Vec<bool>,
    has_memory: bool,
    /// The memories the module imports or defines: the dirty map takes the next index.
    memories: u32,
    /// Whether the module has a memory section, into which the dirty map goes.
    defines_memory: bool,
    start: Option<u32>,
}

impl ModuleFacts {
    fn read(wasm: &[u8]) -> Result<Self, Error> {
        let mut facts = ModuleFacts {
            type_params: Vec::new(),
            type_results: Vec::new(),
            imported_functions: 0,
            defined_functions: Vec::new(),
            defined_globals_mutable: Vec::new(),
            has_memory: false,
            memories: 0,
            defines_memory: false,
            start: None,
        };
        let mut saw_version = false;
        for payload in Parser::new(0).parse_all(wasm) {
            match payload.map_err(invalid)? {
                Payload::Version { encoding, .. } => {
                    if encoding != wasmparser::Encoding::Module {
                        return Err(Error::InvalidWasm("a component, not a core module".into()));
                    }
                    saw_version = true;
                }
                Payload::TypeSection(r) => {
                    for ty in r.into_iter_err_on_gc_types() {
                        let ty = ty.map_err(invalid)?;
                        facts.type_params.push(ty.params().len() as u32);
                        facts.type_results.push(ty.results().to_vec());
                    }
                }
                Payload::ImportSection(r) => {
                    for import in r {
                        let import = import.map_err(invalid)?;
                        if let TypeRef::Func(_) = import.ty {
                            facts.imported_functions += 1;
                        }
                        if let TypeRef::Memory(_) = import.ty {
                            // Refused when the module is linked (no import gives a memory).
                            facts.has_memory = true;
                            facts.memories += 1;
                        }
                        if let TypeRef::Global(_) = import.ty {
                            return Err(Error::InvalidWasm(format!(
                                "imported global {}.{} (canisters import only functions)",
                                import.module, import.name
                            )));
                        }
                    }
                }
                Payload::FunctionSection(r) => {
                    for f in r {
                        facts.defined_functions.push(f.map_err(invalid)?);
                    }
                }
                Payload::MemorySection(r) => {
                    for m in r {
                        facts.has_memory = true;
                        facts.defines_memory = true;
                        facts.memories += 1;
                        if m.map_err(invalid)?.memory64 {
                            return Err(Error::InvalidWasm(
                                "64-bit memory (the meter charges the Wasm32 table)".into(),
                            ));
                        }
                    }
                }
                Payload::GlobalSection(r) => {
                    for g in r {
                        facts.defined_globals_mutable.push(g.map_err(invalid)?.ty.mutable);
                    }
                }
                Payload::StartSection { func, .. } => facts.start = Some(func),
                _ => {}
            }
        }
        if !saw_version {
            return Err(Error::InvalidWasm("empty input".into()));
        }
        Ok(facts)
    }

    fn counter_index(&self) -> u32 {
        self.defined_globals_mutable.len() as u32
    }

    fn limit_index(&self) -> u32 {
        self.counter_index() + 1
    }

    fn params_of_defined(&self, index: usize) -> Result<u32, Error> {
        let ty = *self
            .defined_functions
            .get(index)
            .ok_or_else(|| Error::InvalidWasm("more function bodies than functions".into()))?;
        self.type_params
            .get(ty as usize)
            .copied()
            .ok_or_else(|| Error::InvalidWasm(format!("function type {ty} out of range")))
    }

    /// The function types with more than one result, in index order: a profiled body of such
    /// a type is wrapped in a block of a type `[] -> results` added after the hooks' type.
    fn multi_value_blocks(&self) -> impl Iterator<Item = &Vec<wasmparser::ValType>> {
        self.type_results.iter().filter(|r| r.len() > 1)
    }

    /// The block type that wraps the body of defined function `index` in a profiled module.
    fn body_block_type(&self, index: usize, re: &mut Remap) -> Result<wasm_encoder::BlockType, Error> {
        let ty = *self
            .defined_functions
            .get(index)
            .ok_or_else(|| Error::InvalidWasm("more function bodies than functions".into()))?;
        let results = self
            .type_results
            .get(ty as usize)
            .ok_or_else(|| Error::InvalidWasm(format!("function type {ty} out of range")))?;
        Ok(match results.as_slice() {
            [] => wasm_encoder::BlockType::Empty,
            [one] => wasm_encoder::BlockType::Result(re.val_type(*one).map_err(reencode)?),
            _ => {
                // Hooks' type at `type_results.len()`, then one type per multi-value type.
                let before = self.type_results[..ty as usize].iter().filter(|r| r.len() > 1).count() as u32;
                wasm_encoder::BlockType::FunctionType(self.type_results.len() as u32 + 1 + before)
            }
        })
    }

    fn extra_globals(&self, mut s: wasm_encoder::GlobalSection) -> wasm_encoder::GlobalSection {
        let ty = GlobalType { val_type: ValType::I64, mutable: true, shared: false };
        s.global(ty, &ConstExpr::i64_const(0));
        s.global(ty, &ConstExpr::i64_const(i64::MAX));
        s
    }

    fn extra_exports(&self, mut s: wasm_encoder::ExportSection, re: &mut Remap) -> wasm_encoder::ExportSection {
        s.export(COUNTER_EXPORT, ExportKind::Global, self.counter_index());
        s.export(LIMIT_EXPORT, ExportKind::Global, self.limit_index());
        for (i, mutable) in self.defined_globals_mutable.iter().enumerate() {
            if *mutable {
                s.export(&format!("{GLOBAL_EXPORT_PREFIX}{i}"), ExportKind::Global, i as u32);
            }
        }
        if self.has_memory {
            s.export(MEMORY_EXPORT, ExportKind::Memory, 0);
        }
        if self.defines_memory {
            s.export(DIRTY_MAP_EXPORT, ExportKind::Memory, self.memories);
        }
        if let Some(start) = self.start {
            s.export(START_EXPORT, ExportKind::Func, re.function_index(start));
        }
        s
    }
}

/// Where in a function body counting code goes, and what it charges.
#[derive(Debug, PartialEq)]
enum Injection {
    /// Add `cost` before the operator at `at`; `check` the limit too (re-entrant block).
    Static { at: usize, cost: u64, check: bool },
    /// Add the `i32` on top of the stack before the bulk-memory operator at `at`.
    Dynamic { at: usize },
}

impl Injection {
    fn at(&self) -> usize {
        match self {
            Injection::Static { at, .. } | Injection::Dynamic { at } => *at,
        }
    }
}

/// Cuts `ops` into basic blocks as the replica does and returns the injection points, in order.
fn injections(ops: &[Operator]) -> Vec<Injection> {
    let mut points = Vec::new();
    // The function entry is re-entrant and costs one more than its operators.
    let (mut start, mut cost, mut check) = (0usize, 1u64, true);
    for (i, op) in ops.iter().enumerate() {
        cost += operator_cost(op);
        let next_check = match op {
            Operator::Loop { .. } => Some(true),
            Operator::If { .. }
            | Operator::Else
            | Operator::End
            | Operator::Br { .. }
            | Operator::BrIf { .. }
            | Operator::BrTable { .. }
            | Operator::Return
            | Operator::Unreachable
            | Operator::ReturnCall { .. }
            | Operator::ReturnCallIndirect { .. } => Some(false),
            _ => None,
        };
        if is_bulk_memory(op) {
            points.push(Injection::Dynamic { at: i });
        }
        if let Some(next_check) = next_check {
            points.push(Injection::Static { at: start, cost, check });
            (start, cost, check) = (i + 1, 0, next_check);
        }
    }
    points.push(Injection::Static { at: start, cost, check });
    points.retain(|p| match p {
        Injection::Static { at, cost, check } => *at < ops.len() && (*check || *cost > 0),
        Injection::Dynamic { .. } => true,
    });
    // Stable: at one position a dynamic point (pushed as its operator was read) precedes the
    // static point of the block that starts there, as in the replica.
    points.sort_by_key(Injection::at);
    points
}

/// The profiling hooks of one function body.
struct ProfileBody {
    hooks: Hooks,
    /// The function's index in the original module, passed to the hooks.
    function: u32,
    /// The type of the block that wraps the body: the function's results.
    block: wasm_encoder::BlockType,
}

fn add_hook_imports(s: &mut wasm_encoder::ImportSection, h: Hooks) {
    s.import(PROFILE_MODULE, "enter", wasm_encoder::EntityType::Function(h.ty));
    s.import(PROFILE_MODULE, "exit", wasm_encoder::EntityType::Function(h.ty));
}

fn instrument_body(
    facts: &ModuleFacts,
    params: u32,
    body: FunctionBody,
    profile: Option<ProfileBody>,
    re: &mut Remap,
) -> Result<wasm_encoder::Function, Error> {
    let mut locals = Vec::new();
    let mut local_count = params;
    for pair in body.get_locals_reader().map_err(invalid)? {
        let (count, ty) = pair.map_err(invalid)?;
        locals.push((count, re.val_type(ty).map_err(reencode)?));
        local_count = local_count.saturating_add(count);
    }
    // One scratch local holds the size operand of bulk-memory operators while it is charged;
    // the dirty map's marking holds a store's address and value in the next ones.
    let scratch = local_count;
    locals.push((1, ValType::I32));
    let marks = facts.defines_memory.then(|| {
        let base = local_count + 1;
        locals.extend(
            [ValType::I32, ValType::I32, ValType::I64, ValType::F32, ValType::F64, ValType::V128].map(|t| (1, t)),
        );
        DirtyMarks {
            map: facts.memories,
            address: base,
            size: scratch,
            value: [base + 1, base + 2, base + 3, base + 4, base + 5],
        }
    });
    let mut f = wasm_encoder::Function::new(locals);

    let mut reader = body.get_operators_reader().map_err(invalid)?;
    let mut ops = Vec::new();
    while !reader.eof() {
        ops.push(reader.read().map_err(invalid)?);
    }
    let points = injections(&ops);
    let counter = facts.counter_index();
    let limit = facts.limit_index();
    let check = |f: &mut wasm_encoder::Function| {
        f.instruction(&Instruction::GlobalGet(counter));
        f.instruction(&Instruction::GlobalGet(limit));
        f.instruction(&Instruction::I64GtU);
        f.instruction(&Instruction::If(wasm_encoder::BlockType::Empty));
        f.instruction(&Instruction::Unreachable);
        f.instruction(&Instruction::End);
    };

    let hook = |f: &mut wasm_encoder::Function, p: &ProfileBody, which: u32| {
        f.instruction(&Instruction::I32Const(p.function as i32));
        f.instruction(&Instruction::Call(which));
    };
    if let Some(p) = &profile {
        hook(&mut f, p, p.hooks.enter);
        f.instruction(&Instruction::Block(p.block));
    }
    let last = ops.len().saturating_sub(1);
    let mut next = points.iter().peekable();
    for (i, op) in ops.into_iter().enumerate() {
        while let Some(point) = next.next_if(|p| p.at() == i) {
            match *point {
                Injection::Static { cost, check: with_check, .. } => {
                    if cost > 0 {
                        f.instruction(&Instruction::GlobalGet(counter));
                        f.instruction(&Instruction::I64Const(cost as i64));
                        f.instruction(&Instruction::I64Add);
                        f.instruction(&Instruction::GlobalSet(counter));
                    }
                    if with_check {
                        check(&mut f);
                    }
                }
                Injection::Dynamic { .. } => {
                    f.instruction(&Instruction::LocalTee(scratch));
                    f.instruction(&Instruction::I64ExtendI32U);
                    f.instruction(&Instruction::GlobalGet(counter));
                    f.instruction(&Instruction::I64Add);
                    f.instruction(&Instruction::GlobalSet(counter));
                    check(&mut f);
                    f.instruction(&Instruction::LocalGet(scratch));
                }
            }
        }
        if let Some(marks) = &marks {
            marks.before(&mut f, &op);
        }
        if let Some(p) = &profile {
            match op {
                Operator::Return | Operator::ReturnCall { .. } | Operator::ReturnCallIndirect { .. } => {
                    hook(&mut f, p, p.hooks.exit)
                }
                Operator::End if i == last => {
                    // Close the wrapping block; every way out of the body but `return`, the
                    // tail calls and traps comes here.
                    f.instruction(&Instruction::End);
                    hook(&mut f, p, p.hooks.exit);
                }
                _ => {}
            }
        }
        f.instruction(&re.instruction(op).map_err(reencode)?);
    }
    Ok(f)
}

/// The locals and the memory with which a body marks the pages its stores write.
struct DirtyMarks {
    /// The dirty map's memory index.
    map: u32,
    /// A local for the store's address (`i32`).
    address: u32,
    /// A local for a bulk operator's size (`i32`).
    size: u32,
    /// Locals for the stored value: `i32`, `i64`, `f32`, `f64`, `v128`.
    value: [u32; 5],
}

impl DirtyMarks {
    /// Marks, before `op` runs, the pages it writes in the canister's memory (memory 0).
    fn before(&self, f: &mut wasm_encoder::Function, op: &Operator) {
        use Operator::*;
        let (memarg, bytes, value) = match op {
            I32Store { memarg } => (memarg, 4, 0),
            I64Store { memarg } => (memarg, 8, 1),
            F32Store { memarg } => (memarg, 4, 2),
            F64Store { memarg } => (memarg, 8, 3),
            I32Store8 { memarg } => (memarg, 1, 0),
            I32Store16 { memarg } => (memarg, 2, 0),
            I64Store8 { memarg } => (memarg, 1, 1),
            I64Store16 { memarg } => (memarg, 2, 1),
            I64Store32 { memarg } => (memarg, 4, 1),
            V128Store { memarg } => (memarg, 16, 4),
            V128Store8Lane { memarg, .. } => (memarg, 1, 4),
            V128Store16Lane { memarg, .. } => (memarg, 2, 4),
            V128Store32Lane { memarg, .. } => (memarg, 4, 4),
            V128Store64Lane { memarg, .. } => (memarg, 8, 4),
            MemoryFill { mem: 0 } | MemoryCopy { dst_mem: 0, .. } | MemoryInit { mem: 0, .. } => {
                return self.range(f);
            }
            _ => return,
        };
        if memarg.memory != 0 {
            return;
        }
        let value = self.value[value];
        f.instruction(&Instruction::LocalSet(value));
        f.instruction(&Instruction::LocalSet(self.address));
        // The first and the last byte's pages (the same page but for a store across a border).
        // A store past the memory's end traps after its marks; a trap keeps no state.
        let offset = memarg.offset as u32;
        self.mark(f, offset);
        if bytes > 1 {
            self.mark(f, offset.wrapping_add(bytes - 1));
        }
        f.instruction(&Instruction::LocalGet(self.address));
        f.instruction(&Instruction::LocalGet(value));
    }

    /// Marks the page of the address in `self.address` plus `offset` (wrapping, as Wasm adds).
    fn mark(&self, f: &mut wasm_encoder::Function, offset: u32) {
        f.instruction(&Instruction::LocalGet(self.address));
        if offset != 0 {
            f.instruction(&Instruction::I32Const(offset as i32));
            f.instruction(&Instruction::I32Add);
        }
        f.instruction(&Instruction::I32Const(DIRTY_PAGE_SHIFT));
        f.instruction(&Instruction::I32ShrU);
        f.instruction(&Instruction::I32Const(1));
        f.instruction(&Instruction::I32Store8(wasm_encoder::MemArg { offset: 0, align: 0, memory_index: self.map }));
    }

    /// Marks the pages of a bulk operator's destination, `[d, d + n)` for its operands
    /// `[d, x, n]`: a `memory.fill` of the map from `d >> 12` over `((d + n - 1) >> 12) -
    /// (d >> 12) + 1` bytes, none when `n` is 0.
    fn range(&self, f: &mut wasm_encoder::Function) {
        let (d, x, n) = (self.address, self.value[0], self.size);
        f.instruction(&Instruction::LocalSet(n));
        f.instruction(&Instruction::LocalSet(x));
        f.instruction(&Instruction::LocalSet(d));
        let first_page = |f: &mut wasm_encoder::Function| {
            f.instruction(&Instruction::LocalGet(d));
            f.instruction(&Instruction::I32Const(DIRTY_PAGE_SHIFT));
            f.instruction(&Instruction::I32ShrU);
        };
        first_page(f);
        f.instruction(&Instruction::I32Const(1));
        f.instruction(&Instruction::LocalGet(d));
        f.instruction(&Instruction::LocalGet(n));
        f.instruction(&Instruction::I32Add);
        f.instruction(&Instruction::I32Const(1));
        f.instruction(&Instruction::I32Sub);
        f.instruction(&Instruction::I32Const(DIRTY_PAGE_SHIFT));
        f.instruction(&Instruction::I32ShrU);
        first_page(f);
        f.instruction(&Instruction::I32Sub);
        f.instruction(&Instruction::I32Const(1));
        f.instruction(&Instruction::I32Add);
        f.instruction(&Instruction::I32Const(0));
        f.instruction(&Instruction::LocalGet(n));
        f.instruction(&Instruction::Select);
        f.instruction(&Instruction::MemoryFill(self.map));
        f.instruction(&Instruction::LocalGet(d));
        f.instruction(&Instruction::LocalGet(x));
        f.instruction(&Instruction::LocalGet(n));
    }
}

fn invalid(e: wasmparser::BinaryReaderError) -> Error {
    Error::InvalidWasm(e.to_string())
}

fn reencode<E: std::fmt::Debug>(e: wasm_encoder::reencode::Error<E>) -> Error {
    Error::InvalidWasm(format!("cannot re-encode: {e:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops_of(wat: &str) -> Vec<Operator<'static>> {
        let wasm: &'static [u8] = Box::leak(wat::parse_str(wat).unwrap().into_boxed_slice());
        for payload in Parser::new(0).parse_all(wasm) {
            if let Payload::CodeSectionEntry(body) = payload.unwrap() {
                let mut r = body.get_operators_reader().unwrap();
                let mut ops = Vec::new();
                while !r.eof() {
                    ops.push(r.read().unwrap());
                }
                return ops;
            }
        }
        panic!("no function")
    }

    #[test]
    fn straight_line_function_is_one_block() {
        // i32.const 1 (1) + i32.const 2 (1) + i32.add (1) + end (0) + entry (1) = 4
        let ops = ops_of("(module (func (result i32) i32.const 1 i32.const 2 i32.add))");
        assert_eq!(injections(&ops), vec![Injection::Static { at: 0, cost: 4, check: true }]);
    }

    #[test]
    fn loop_body_is_re_entrant() {
        let ops = ops_of(
            "(module (func (local i32)
                loop
                  local.get 0  i32.const 1  i32.sub  local.tee 0
                  br_if 0
                end))",
        );
        // entry: 1 + loop(0) = 1; body: 1+1+1+1 + br_if 2 = 6; after br_if: end(0) + end(0).
        assert_eq!(
            injections(&ops),
            vec![Injection::Static { at: 0, cost: 1, check: true }, Injection::Static { at: 1, cost: 6, check: true },]
        );
    }
}
