//! Where a call's instructions go: instructions by function, inclusive and exclusive, and
//! folded stacks for a flame graph.
//!
//! A profiled call runs the module as [`crate::instrument::instrument_for_profile`] rewrites it:
//! the same counting code as an unprofiled call, plus a host call when a defined function starts
//! and when it leaves. The hooks read the instruction counter and add nothing to it, so the
//! profile's total is the call's `instructions`, to the instruction. Each stretch of counted
//! instructions goes to the call stack that was on top when it was counted: a basic block's
//! weight is charged when the block starts, so a function is charged for its blocks, and
//! `call` (5) is charged to the caller. What a System API call charges (its overhead and bytes)
//! goes to a frame of its own, `ic0.<name>`, under the function that called it.
//!
//! A trap (or passing the instruction limit) drops the stack without `exit` calls: the frames
//! still open are closed at the count where the call ended. A function that appears more than
//! once on one stack (recursion) counts once in its inclusive figure.
//!
//! Function names come from the module's `name` section, with legacy Rust symbols (`_ZN…E`)
//! demangled and their hash dropped (v0 symbols, `_R…`, are left as they are); imports are
//! named `module.field`; a function the section does not name goes by its export name, or else
//! `func[N]`.

use std::collections::{BTreeMap, HashMap};
use wasmparser::{KnownCustom, Name, Parser, Payload, TypeRef};

/// The frame name of instructions counted outside any function (none in practice: every
/// message starts in an exported function, whose hook runs before its first block is counted).
pub const OUTSIDE: &str = "(outside functions)";

/// At most this many `ic0.performance_counter` reads are remembered for [`Profile::between`].
pub const MAX_COUNTER_READS: usize = 64;

/// One function's share of a profiled call.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FunctionCost {
    /// Index in the module's function index space (imports first).
    pub index: u32,
    /// Its name (see the module documentation).
    pub name: String,
    /// How many times it was entered.
    pub calls: u64,
    /// Instructions counted while it was on the stack (once per stack under recursion).
    pub inclusive: u64,
    /// Instructions counted while it was on top of the stack.
    pub exclusive: u64,
}

/// One call stack and the instructions counted while it was the stack, outermost frame first.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Stack {
    /// Function indices, the exported method first; empty for [`OUTSIDE`].
    pub frames: Vec<u32>,
    /// Instructions counted with exactly this stack.
    pub instructions: u64,
}

/// The profile of one call.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    names: Vec<String>,
    /// The call tree: `(parent node, function)` of each node, node 0 the root.
    nodes: Vec<(u32, u32)>,
    /// Instructions counted with each node on top.
    exclusive: Vec<u64>,
    /// Times each node was entered.
    calls: Vec<u64>,
    /// `exclusive` as it was at each `ic0.performance_counter` read.
    reads: Vec<Vec<u64>>,
}

impl Profile {
    /// Every instruction of the call.
    pub fn instructions(&self) -> u64 {
        self.exclusive.iter().sum()
    }

    /// The name of function `index`.
    pub fn name(&self, index: u32) -> String {
        self.names.get(index as usize).cloned().unwrap_or_else(|| format!("func[{index}]"))
    }

    fn frames(&self, mut node: u32) -> Vec<u32> {
        let mut frames = Vec::new();
        while node != 0 {
            let (parent, function) = self.nodes[node as usize];
            frames.push(function);
            node = parent;
        }
        frames.reverse();
        frames
    }

    /// The stacks with the instructions counted under each, in call-tree order; stacks that
    /// counted nothing are left out.
    pub fn stacks(&self) -> Vec<Stack> {
        (0..self.nodes.len())
            .filter(|&n| self.exclusive[n] > 0)
            .map(|n| Stack { frames: self.frames(n as u32), instructions: self.exclusive[n] })
            .collect()
    }

    /// Instructions by function, the most inclusive first.
    pub fn functions(&self) -> Vec<FunctionCost> {
        let mut by: BTreeMap<u32, FunctionCost> = BTreeMap::new();
        for n in 1..self.nodes.len() {
            let function = self.nodes[n].1;
            let f = by.entry(function).or_insert_with(|| FunctionCost {
                index: function,
                name: self.name(function),
                calls: 0,
                inclusive: 0,
                exclusive: 0,
            });
            f.calls += self.calls[n];
            f.exclusive += self.exclusive[n];
            if self.exclusive[n] == 0 {
                continue;
            }
            let mut frames = self.frames(n as u32);
            frames.sort_unstable();
            frames.dedup();
            for f in frames {
                // Every frame of a node's stack is a node of its own, visited before or after.
                by.entry(f)
                    .or_insert_with(|| FunctionCost {
                        index: f,
                        name: self.name(f),
                        calls: 0,
                        inclusive: 0,
                        exclusive: 0,
                    })
                    .inclusive += self.exclusive[n];
            }
        }
        let mut out: Vec<FunctionCost> = by.into_values().collect();
        out.sort_by(|a, b| {
            b.inclusive.cmp(&a.inclusive).then(b.exclusive.cmp(&a.exclusive)).then(a.index.cmp(&b.index))
        });
        out
    }

    /// Folded stacks, one `outer;…;inner count` line per stack: the input of `inferno-flamegraph`
    /// and `flamegraph.pl`. `;` in a name is written `,`.
    pub fn folded(&self) -> String {
        let mut out = String::new();
        for stack in self.stacks() {
            let names: Vec<String> = if stack.frames.is_empty() {
                vec![OUTSIDE.to_string()]
            } else {
                stack.frames.iter().map(|&f| self.name(f).replace(';', ",")).collect()
            };
            out.push_str(&format!("{} {}\n", names.join(";"), stack.instructions));
        }
        out
    }

    /// A text table of the `limit` most inclusive functions.
    pub fn table(&self, limit: usize) -> String {
        let total = self.instructions().max(1) as f64;
        let mut t = format!("{:>14} {:>7} {:>14} {:>7} {:>9}  function\n", "inclusive", "%", "exclusive", "%", "calls");
        for f in self.functions().into_iter().take(limit) {
            t.push_str(&format!(
                "{:>14} {:>6.2}% {:>14} {:>6.2}% {:>9}  {}\n",
                f.inclusive,
                f.inclusive as f64 * 100.0 / total,
                f.exclusive,
                f.exclusive as f64 * 100.0 / total,
                f.calls,
                f.name
            ));
        }
        t
    }

    /// How many `ic0.performance_counter` reads the call made (at most [`MAX_COUNTER_READS`]
    /// are remembered).
    pub fn counter_reads(&self) -> usize {
        self.reads.len()
    }

    /// What was counted between counter read `from` and counter read `to` (0-based, in the
    /// order of the call; see [`Profile::counter_reads`]): the profile of a region that the
    /// canister measures itself. `None` if there were not so many reads or `from > to`.
    pub fn between(&self, from: usize, to: usize) -> Option<Profile> {
        let (a, b) = (self.reads.get(from)?, self.reads.get(to)?);
        if from > to {
            return None;
        }
        let exclusive = (0..self.nodes.len())
            .map(|n| b.get(n).copied().unwrap_or(0).saturating_sub(a.get(n).copied().unwrap_or(0)))
            .collect();
        Some(Profile {
            names: self.names.clone(),
            nodes: self.nodes.clone(),
            exclusive,
            calls: vec![0; self.nodes.len()],
            reads: Vec::new(),
        })
    }
}

/// Builds a [`Profile`] from the hooks' calls while a profiled message runs.
#[derive(Debug)]
pub(crate) struct Profiler {
    names: std::sync::Arc<Vec<String>>,
    /// `ic0` import name → function index.
    imports: std::sync::Arc<HashMap<String, u32>>,
    nodes: Vec<(u32, u32)>,
    exclusive: Vec<u64>,
    calls: Vec<u64>,
    children: HashMap<(u32, u32), u32>,
    /// Open frames (nodes), the root first.
    stack: Vec<u32>,
    /// The counter at the last event.
    last: u64,
    reads: Vec<Vec<u64>>,
}

impl Profiler {
    pub(crate) fn new(names: &FunctionNames) -> Profiler {
        Profiler {
            names: names.names.clone(),
            imports: names.ic0.clone(),
            nodes: vec![(0, u32::MAX)],
            exclusive: vec![0],
            calls: vec![0],
            children: HashMap::new(),
            stack: vec![0],
            last: 0,
            reads: Vec::new(),
        }
    }

    /// Gives the instructions counted since the last event to the stack's top.
    fn flush(&mut self, counter: u64) {
        let top = *self.stack.last().unwrap_or(&0) as usize;
        self.exclusive[top] += counter.saturating_sub(self.last);
        self.last = self.last.max(counter);
    }

    /// Function `function` starts; the counter reads `counter`.
    pub(crate) fn enter(&mut self, function: u32, counter: u64) {
        self.flush(counter);
        let parent = *self.stack.last().unwrap_or(&0);
        let next = self.nodes.len() as u32;
        let node = *self.children.entry((parent, function)).or_insert(next);
        if node == next {
            self.nodes.push((parent, function));
            self.exclusive.push(0);
            self.calls.push(0);
        }
        self.calls[node as usize] += 1;
        self.stack.push(node);
    }

    /// Function `function` leaves. Frames above it (left by a path the hooks did not see)
    /// close with it; an exit without a matching frame changes nothing.
    pub(crate) fn exit(&mut self, function: u32, counter: u64) {
        self.flush(counter);
        if let Some(depth) = self.stack.iter().rposition(|&n| n != 0 && self.nodes[n as usize].1 == function) {
            self.stack.truncate(depth);
        }
    }

    /// `ic0.<name>` charged `before..after`: a frame of its own over the current stack.
    pub(crate) fn system_call(&mut self, name: &str, before: u64, after: u64) {
        match self.imports.get(name) {
            Some(&index) => {
                self.enter(index, before);
                self.exit(index, after);
            }
            None => self.flush(after),
        }
    }

    /// `ic0.performance_counter` returned `counter`.
    pub(crate) fn counter_read(&mut self, counter: u64) {
        self.flush(counter);
        if self.reads.len() < MAX_COUNTER_READS {
            self.reads.push(self.exclusive.clone());
        }
    }

    /// The call ended with the counter at `counter`; open frames close there.
    pub(crate) fn finish(mut self, counter: u64) -> Profile {
        self.flush(counter);
        Profile {
            names: self.names.as_ref().clone(),
            nodes: self.nodes,
            exclusive: self.exclusive,
            calls: self.calls,
            reads: self.reads,
        }
    }
}

/// The names of a module's functions, read once per module.
#[derive(Clone, Debug, Default)]
pub(crate) struct FunctionNames {
    names: std::sync::Arc<Vec<String>>,
    ic0: std::sync::Arc<HashMap<String, u32>>,
}

impl FunctionNames {
    /// Names from the `name` section of `wasm`; errors only for malformed Wasm. A malformed
    /// `name` section is ignored (the functions are then `func[N]`).
    pub(crate) fn read(wasm: &[u8]) -> Result<FunctionNames, crate::Error> {
        let invalid = |e: wasmparser::BinaryReaderError| crate::Error::InvalidWasm(e.to_string());
        let mut names: Vec<String> = Vec::new();
        let mut ic0 = HashMap::new();
        let mut from_section: HashMap<u32, String> = HashMap::new();
        let mut imported = 0u32;
        let mut exported: HashMap<u32, String> = HashMap::new();
        for payload in Parser::new(0).parse_all(wasm) {
            match payload.map_err(invalid)? {
                Payload::ImportSection(r) => {
                    for import in r {
                        let import = import.map_err(invalid)?;
                        if let TypeRef::Func(_) = import.ty {
                            if import.module == "ic0" {
                                ic0.insert(import.name.to_string(), names.len() as u32);
                            }
                            names.push(format!("{}.{}", import.module, import.name));
                        }
                    }
                    imported = names.len() as u32;
                }
                Payload::FunctionSection(r) => {
                    let first = names.len();
                    for i in 0..r.count() as usize {
                        names.push(format!("func[{}]", first + i));
                    }
                }
                Payload::ExportSection(r) => {
                    for export in r.into_iter().flatten() {
                        if export.kind == wasmparser::ExternalKind::Func {
                            exported.entry(export.index).or_insert_with(|| export.name.to_string());
                        }
                    }
                }
                Payload::CustomSection(c) => {
                    if let KnownCustom::Name(reader) = c.as_known() {
                        for sub in reader.into_iter().flatten() {
                            if let Name::Function(map) = sub {
                                for naming in map.into_iter().flatten() {
                                    from_section.insert(naming.index, demangle(naming.name));
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        // Without a name in the `name` section, an exported function goes by its export name.
        for (index, name) in exported.into_iter().chain(from_section) {
            // Imports keep `module.field`, which says more than the binding's symbol.
            if index >= imported {
                if let Some(slot) = names.get_mut(index as usize) {
                    *slot = name;
                }
            }
        }
        Ok(FunctionNames { names: std::sync::Arc::new(names), ic0: std::sync::Arc::new(ic0) })
    }
}

/// A legacy Rust symbol (`_ZN` length-prefixed parts `E`) as Rust writes the path, without
/// its hash; anything else unchanged (v0 symbols `_R…` included).
pub fn demangle(symbol: &str) -> String {
    let (body, _suffix) = match symbol.find(".llvm.") {
        Some(i) => (&symbol[..i], &symbol[i..]),
        None => (symbol, ""),
    };
    let Some(mut rest) = body.strip_prefix("_ZN").or_else(|| body.strip_prefix("__ZN")) else {
        return symbol.to_string();
    };
    let mut parts: Vec<String> = Vec::new();
    loop {
        if let Some(tail) = rest.strip_prefix('E') {
            if !tail.is_empty() && !tail.starts_with('.') {
                return symbol.to_string();
            }
            break;
        }
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let Ok(len) = rest[..digits].parse::<usize>() else { return symbol.to_string() };
        let Some(part) = rest.get(digits..digits + len) else { return symbol.to_string() };
        rest = &rest[digits + len..];
        parts.push(part.to_string());
    }
    if parts
        .last()
        .is_some_and(|p| p.len() == 17 && p.starts_with('h') && p[1..].bytes().all(|b| b.is_ascii_hexdigit()))
    {
        parts.pop();
    }
    if parts.is_empty() {
        return symbol.to_string();
    }
    parts.iter().map(|p| unescape(p)).collect::<Vec<_>>().join("::")
}

fn unescape(part: &str) -> String {
    let part = part.strip_prefix("_$").map_or(part.to_string(), |p| format!("${p}"));
    let mut out = String::new();
    let mut rest = part.as_str();
    while !rest.is_empty() {
        if let Some(tail) = rest.strip_prefix("..") {
            out.push_str("::");
            rest = tail;
        } else if let Some(tail) = rest.strip_prefix('$') {
            let Some(end) = tail.find('$') else {
                out.push_str(rest);
                break;
            };
            let code = &tail[..end];
            let text = match code {
                "SP" => Some('@'),
                "BP" => Some('*'),
                "RF" => Some('&'),
                "LT" => Some('<'),
                "GT" => Some('>'),
                "LP" => Some('('),
                "RP" => Some(')'),
                "C" => Some(','),
                _ => code.strip_prefix('u').and_then(|h| u32::from_str_radix(h, 16).ok()).and_then(char::from_u32),
            };
            match text {
                Some(c) => out.push(c),
                None => {
                    out.push('$');
                    out.push_str(code);
                    out.push('$');
                }
            }
            rest = &tail[end + 1..];
        } else {
            let c = rest.chars().next().unwrap_or('.');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demangles_legacy_symbols() {
        assert_eq!(demangle("_ZN3ic03sys9msg_reply17h8a68c451adb7f303E"), "ic0::sys::msg_reply");
        assert_eq!(
            demangle("_ZN5icbls5arith7radix3015Params$LT$_$GT$3mul17ha2cf0a0e44296c28E.llvm.8372780015718303844"),
            "icbls::arith::radix30::Params<_>::mul"
        );
        assert_eq!(
            demangle("_ZN4core3ptr85drop_in_place$LT$std..rt..lang_start$LT$$LP$$RP$$GT$..$u7b$$u7b$closure$u7d$$u7d$$GT$17h1234567890abcdefE"),
            "core::ptr::drop_in_place<std::rt::lang_start<()>::{{closure}}>"
        );
        assert_eq!(demangle("memcpy"), "memcpy");
        assert_eq!(demangle("_RNvCs1234_5crate3foo"), "_RNvCs1234_5crate3foo");
        assert_eq!(demangle("_ZN99"), "_ZN99");
        assert_eq!(demangle("_ZN3abcE"), "abc");
    }

    #[test]
    fn attributes_by_stack_and_counts_recursion_once() {
        let names = FunctionNames {
            names: std::sync::Arc::new(vec!["ic0.msg_reply".into(), "main".into(), "f".into()]),
            ic0: std::sync::Arc::new(HashMap::from([("msg_reply".to_string(), 0)])),
        };
        let mut p = Profiler::new(&names);
        p.enter(1, 0); // main
        p.enter(2, 10); // main: 10
        p.enter(2, 15); // f: 5
        p.exit(2, 45); // f;f: 30
        p.counter_read(50); // f: 5
        p.exit(2, 50);
        p.system_call("msg_reply", 60, 560); // main: 10, ic0: 500
        p.enter(2, 570); // main: 10, then a trap in f
        let profile = p.finish(600); // f: 30
        assert_eq!(profile.instructions(), 600);
        let f = profile.functions().into_iter().find(|f| f.name == "f").unwrap();
        assert_eq!((f.calls, f.exclusive, f.inclusive), (3, 70, 70));
        let main = profile.functions().into_iter().find(|f| f.name == "main").unwrap();
        assert_eq!((main.calls, main.exclusive, main.inclusive), (1, 30, 600));
        assert_eq!(profile.folded(), "main 30\nmain;f 40\nmain;f;f 30\nmain;ic0.msg_reply 500\n");
        assert_eq!(profile.counter_reads(), 1);
        assert_eq!(profile.between(0, 0).map(|p| p.instructions()), Some(0));
        assert!(profile.between(0, 1).is_none());
    }
}
