//! Host implementations of the `ic0` System API for one message.
//!
//! Every function first charges its overhead ([`crate::cost::system_api_overhead`], plus the
//! byte count for calls that copy bytes) to the same counter the instrumented code uses, then
//! does its work. Misuse that the replica answers with a trap (reading past the argument,
//! replying twice, replying from `canister_init`) traps here too, with a message that names the
//! function. An `ic0` import the meter does not implement links, and traps only when called.

use crate::cost::{
    byte_cost, system_api_overhead, trap_cost, BYTE_TRANSMISSION_COST, DIRTY_PAGE_OVERHEAD, LOG_RECORD_OVERHEAD_BYTES,
    LOG_SPACE_BYTES,
};
use crate::instrument::{COUNTER_EXPORT, DIRTY_PAGE_BYTES, MEMORY_EXPORT, PROFILE_MODULE};
use crate::profile::Profiler;
use crate::Error;
use wasmtime::{Caller, Extern, Global, Linker, Memory, Module, Val};

/// Canister state that lives outside the Wasm instance and survives between update calls.
#[derive(Clone, Debug)]
pub(crate) struct Environment {
    pub self_id: Vec<u8>,
    /// The sender of calls made without naming one ([`crate::Canister::query`] and
    /// [`crate::Canister::update`]), and the installer.
    pub caller: Vec<u8>,
    pub controllers: Vec<Vec<u8>>,
    pub time_ns: u64,
    pub cycles: u128,
    pub version: u64,
    pub stable: Vec<u8>,
    pub certified_data: Vec<u8>,
    pub data_certificate: Option<Vec<u8>>,
    pub global_timer: u64,
    pub root_key: Vec<u8>,
}

impl Default for Environment {
    fn default() -> Self {
        Environment {
            // rwlgt-iiaaa-aaaaa-aaaaa-cai, the first canister id of a subnet.
            self_id: vec![0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
            // The anonymous principal.
            caller: vec![4],
            controllers: vec![vec![4]],
            // 2026-01-01T00:00:00Z: fixed, so that runs are reproducible.
            time_ns: 1_767_225_600_000_000_000,
            cycles: 100_000_000_000_000,
            version: 0,
            stable: Vec::new(),
            certified_data: Vec::new(),
            data_certificate: None,
            global_timer: 0,
            // What `ic0.root_key_copy` returns: the IC mainnet root key, DER-wrapped.
            root_key: icbls::certificate::IC_MAINNET_ROOT_KEY_DER.to_vec(),
        }
    }
}

/// Which entry point a message runs, for the System API's availability rules (the
/// interface specification's contexts: `s`, `I`, `G`, `NRQ`, `RQ`, `U`, `F`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// The module's `(start)` function.
    Start,
    /// `canister_init` or `canister_post_upgrade`.
    Init,
    /// `canister_pre_upgrade`.
    PreUpgrade,
    /// A query method in non-replicated mode.
    Query,
    /// A query method called as an update (ingress update or inter-canister call): replicated,
    /// its state changes discarded.
    ReplicatedQuery,
    /// An update method.
    Update,
    /// `canister_inspect_message`, before an ingress update call.
    InspectMessage,
}

/// The largest reply of a replicated execution (update, replicated query), in bytes.
pub(crate) const MAX_REPLY_REPLICATED: u64 = 2 * 1024 * 1024;
/// The largest reply of a non-replicated query, in bytes.
pub(crate) const MAX_REPLY_QUERY: u64 = 3 * 1024 * 1024;

/// Who sent the message being executed and the cycles that came with it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Message {
    /// The caller's principal, as `ic0.msg_caller_copy` gives it.
    pub caller: Vec<u8>,
    /// The method name, for `canister_inspect_message`.
    pub method: String,
    /// Cycles the caller attached and the canister has not accepted yet.
    pub cycles_available: u128,
    /// Cycles accepted so far.
    pub cycles_accepted: u128,
}

/// What a message sees and what it leaves behind.
pub(crate) struct HostState {
    pub entry: Entry,
    pub message: Message,
    pub arg: Vec<u8>,
    pub env: Environment,
    pub limit: u64,
    pub reply_data: Vec<u8>,
    pub replied: Option<Result<Vec<u8>, String>>,
    pub trap: Option<String>,
    pub debug_print: Vec<String>,
    pub memory: Option<Memory>,
    pub counter: Option<Global>,
    /// Whether `canister_inspect_message` called `ic0.accept_message`.
    pub message_accepted: bool,
    /// The profile being built, in a profiled call.
    pub profiler: Option<Profiler>,
    /// The 4 KiB stable-memory pages this message has written (each is charged once).
    pub stable_dirty: std::collections::BTreeSet<u64>,
    /// The bytes of the message's log space its records took.
    pub log_used: u64,
}

impl HostState {
    pub fn new(entry: Entry, message: Message, arg: &[u8], env: Environment, limit: u64) -> Self {
        HostState {
            entry,
            message,
            arg: arg.to_vec(),
            env,
            limit,
            reply_data: Vec::new(),
            replied: None,
            trap: None,
            debug_print: Vec::new(),
            stable_dirty: std::collections::BTreeSet::new(),
            log_used: 0,
            memory: None,
            counter: None,
            message_accepted: false,
            profiler: None,
        }
    }
}

type Ctx<'a> = Caller<'a, HostState>;
type HostResult<T> = Result<T, wasmtime::Error>;

/// Records a trap raised by the System API and returns the error that unwinds the call.
fn trap(caller: &mut Ctx, message: String) -> wasmtime::Error {
    caller.data_mut().trap = Some(message.clone());
    wasmtime::Error::msg(message)
}

/// Reads the counter the instrumented code keeps.
pub(crate) fn counter_value(caller: &mut Ctx) -> u64 {
    match caller.data().counter {
        Some(g) => match g.get(&mut *caller) {
            Val::I64(v) => v as u64,
            _ => 0,
        },
        None => 0,
    }
}

/// Charges the overhead of `ic0.<name>` and what it pays for the `bytes` it moves.
fn charge(caller: &mut Ctx, name: &str, bytes: u64) -> HostResult<()> {
    charge_instructions(caller, name, system_api_overhead(name).saturating_add(byte_cost(name, bytes)))
}

/// Adds `amount` to the counter for `ic0.<name>`; past the limit the call ends.
fn charge_instructions(caller: &mut Ctx, name: &str, amount: u64) -> HostResult<()> {
    let before = counter_value(caller);
    let total = before.saturating_add(amount).min(i64::MAX as u64);
    if let Some(g) = caller.data().counter {
        g.set(&mut *caller, Val::I64(total as i64))?;
    }
    if let Some(profiler) = caller.data_mut().profiler.as_mut() {
        profiler.system_call(name, before, total);
    }
    if total > caller.data().limit {
        // Reported as the limit error by the caller, which reads the counter.
        return Err(wasmtime::Error::msg("instruction limit exceeded"));
    }
    Ok(())
}

fn memory(caller: &mut Ctx, name: &str) -> HostResult<Memory> {
    match caller.data().memory {
        Some(m) => Ok(m),
        None => Err(trap(caller, format!("ic0.{name}: the canister exports no memory"))),
    }
}

fn read_bytes(caller: &mut Ctx, name: &str, src: u64, size: u64) -> HostResult<Vec<u8>> {
    let mem = memory(caller, name)?;
    // Checked before allocating: the size comes from the canister.
    let len = mem.data_size(&*caller) as u64;
    if src.checked_add(size).is_none_or(|end| end > len) {
        return Err(trap(caller, format!("ic0.{name}: source {src}+{size} is out of memory bounds")));
    }
    let mut buf = vec![0u8; size as usize];
    if mem.read(&*caller, src as usize, &mut buf).is_err() {
        return Err(trap(caller, format!("ic0.{name}: source {src}+{size} is out of memory bounds")));
    }
    Ok(buf)
}

/// Copies `source[offset..offset+size]` to Wasm memory at `dst`, as every `*_copy` call does.
fn copy_out(caller: &mut Ctx, name: &str, source: &[u8], dst: u64, offset: u64, size: u64) -> HostResult<()> {
    charge(caller, name, size)?;
    let end = offset.checked_add(size);
    let Some(slice) = end.and_then(|end| source.get(offset as usize..end as usize)) else {
        return Err(trap(
            caller,
            format!("ic0.{name}: offset {offset} + size {size} exceeds the {} bytes available", source.len()),
        ));
    };
    let slice = slice.to_vec();
    let mem = memory(caller, name)?;
    if mem.write(&mut *caller, dst as usize, &slice).is_err() {
        return Err(trap(caller, format!("ic0.{name}: destination {dst}+{size} is out of memory bounds")));
    }
    Ok(())
}

fn require(caller: &mut Ctx, name: &str, allowed: &[Entry]) -> HostResult<()> {
    let entry = caller.data().entry;
    if allowed.contains(&entry) {
        Ok(())
    } else {
        Err(trap(caller, format!("ic0.{name} cannot be called from {entry:?}")))
    }
}

/// The entry points that answer a call (`U RQ NRQ`).
const ANSWERING: &[Entry] = &[Entry::Query, Entry::ReplicatedQuery, Entry::Update];
/// The entry points that see the cycles of a call (`U RQ`).
const WITH_CYCLES: &[Entry] = &[Entry::ReplicatedQuery, Entry::Update];

fn respond(caller: &mut Ctx, name: &str, response: Result<Vec<u8>, String>) -> HostResult<()> {
    require(caller, name, ANSWERING)?;
    if caller.data().replied.is_some() {
        return Err(trap(caller, format!("ic0.{name}: the call has already been answered")));
    }
    let data = caller.data_mut();
    data.replied = Some(response);
    // Answering the call refunds the cycles not accepted: from now on none are available.
    data.message.cycles_available = 0;
    Ok(())
}

fn write_u128(caller: &mut Ctx, name: &str, dst: u64, value: u128) -> HostResult<()> {
    let mem = memory(caller, name)?;
    if mem.write(&mut *caller, dst as usize, &value.to_le_bytes()).is_err() {
        return Err(trap(caller, format!("ic0.{name}: destination {dst} is out of memory bounds")));
    }
    Ok(())
}

/// The entry points that see a call's argument (`I U RQ NRQ F`).
const WITH_ARGUMENT: &[Entry] =
    &[Entry::Init, Entry::Query, Entry::ReplicatedQuery, Entry::Update, Entry::InspectMessage];
/// Every entry point but the start function (the specification's `*`).
const NOT_START: &[Entry] =
    &[Entry::Init, Entry::PreUpgrade, Entry::Query, Entry::ReplicatedQuery, Entry::Update, Entry::InspectMessage];

const WASM_PAGE: u64 = 65_536;
/// The meter holds stable memory in RAM: it grows to 1 GiB at most (a grow past it fails, as a
/// grow past the subnet's capacity does on the IC), so a canister cannot exhaust the host.
const MAX_STABLE_PAGES: u64 = 1024 * 1024 * 1024 / WASM_PAGE;

/// Defines every `ic0` function the meter implements, and a trapping stand-in for any other
/// `ic0` import of `module`. Imports from other modules are refused.
/// A profiled module's hooks ([`PROFILE_MODULE`]) are linked when `profile` is set.
pub(crate) fn link(linker: &mut Linker<HostState>, module: &Module, profile: bool) -> Result<(), Error> {
    define_known(linker).map_err(|e| Error::UnsupportedImport(e.to_string()))?;
    if profile {
        define_hooks(linker).map_err(|e| Error::UnsupportedImport(e.to_string()))?;
    }
    for import in module.imports() {
        if profile && import.module() == PROFILE_MODULE {
            continue;
        }
        if import.module() != "ic0" {
            return Err(Error::UnsupportedImport(format!(
                "{}.{} (a canister imports only from ic0)",
                import.module(),
                import.name()
            )));
        }
        let name = import.name().to_string();
        if KNOWN.contains(&name.as_str()) {
            continue;
        }
        let wasmtime::ExternType::Func(ty) = import.ty() else {
            return Err(Error::UnsupportedImport(format!("ic0.{name} is not a function")));
        };
        linker
            .func_new("ic0", &name.clone(), ty.clone(), move |mut caller, _, _| {
                Err(trap(&mut caller, format!("ic0.{name} is not implemented by icbls-meter")))
            })
            .map_err(|e| Error::UnsupportedImport(e.to_string()))?;
    }
    Ok(())
}

const KNOWN: &[&str] = &[
    "msg_arg_data_size",
    "msg_arg_data_copy",
    "msg_caller_size",
    "msg_caller_copy",
    "msg_method_name_size",
    "msg_method_name_copy",
    "msg_reply_data_append",
    "msg_reply",
    "msg_reject",
    "msg_reject_code",
    "msg_reject_msg_size",
    "msg_reject_msg_copy",
    "msg_cycles_available128",
    "msg_cycles_accept128",
    "msg_cycles_refunded128",
    "accept_message",
    "canister_self_size",
    "canister_self_copy",
    "canister_cycle_balance128",
    "canister_version",
    "canister_status",
    "stable64_size",
    "stable64_grow",
    "stable64_read",
    "stable64_write",
    "certified_data_set",
    "data_certificate_present",
    "data_certificate_size",
    "data_certificate_copy",
    "time",
    "global_timer_set",
    "performance_counter",
    "is_controller",
    "in_replicated_execution",
    "root_key_size",
    "root_key_copy",
    "debug_print",
    "trap",
];

/// The profiling hooks: they read the counter and charge nothing.
fn define_hooks(l: &mut Linker<HostState>) -> Result<(), wasmtime::Error> {
    l.func_wrap(PROFILE_MODULE, "enter", |mut c: Ctx, function: i32| {
        let counter = counter_value(&mut c);
        if let Some(p) = c.data_mut().profiler.as_mut() {
            p.enter(function as u32, counter);
        }
    })?;
    l.func_wrap(PROFILE_MODULE, "exit", |mut c: Ctx, function: i32| {
        let counter = counter_value(&mut c);
        if let Some(p) = c.data_mut().profiler.as_mut() {
            p.exit(function as u32, counter);
        }
    })?;
    Ok(())
}

fn define_known(l: &mut Linker<HostState>) -> Result<(), wasmtime::Error> {
    l.func_wrap("ic0", "msg_arg_data_size", |mut c: Ctx| -> HostResult<i32> {
        charge(&mut c, "msg_arg_data_size", 0)?;
        require(&mut c, "msg_arg_data_size", WITH_ARGUMENT)?;
        Ok(c.data().arg.len() as i32)
    })?;
    l.func_wrap("ic0", "msg_arg_data_copy", |mut c: Ctx, dst: i32, off: i32, size: i32| {
        require(&mut c, "msg_arg_data_copy", WITH_ARGUMENT)?;
        let arg = c.data().arg.clone();
        copy_out(&mut c, "msg_arg_data_copy", &arg, dst as u32 as u64, off as u32 as u64, size as u32 as u64)
    })?;
    l.func_wrap("ic0", "msg_caller_size", |mut c: Ctx| -> HostResult<i32> {
        charge(&mut c, "msg_caller_size", 0)?;
        require(&mut c, "msg_caller_size", NOT_START)?;
        Ok(c.data().message.caller.len() as i32)
    })?;
    l.func_wrap("ic0", "msg_caller_copy", |mut c: Ctx, dst: i32, off: i32, size: i32| {
        require(&mut c, "msg_caller_copy", NOT_START)?;
        let caller_id = c.data().message.caller.clone();
        copy_out(&mut c, "msg_caller_copy", &caller_id, dst as u32 as u64, off as u32 as u64, size as u32 as u64)
    })?;
    l.func_wrap("ic0", "msg_method_name_size", |mut c: Ctx| -> HostResult<i32> {
        charge(&mut c, "msg_method_name_size", 0)?;
        require(&mut c, "msg_method_name_size", &[Entry::InspectMessage])?;
        Ok(c.data().message.method.len() as i32)
    })?;
    l.func_wrap("ic0", "msg_method_name_copy", |mut c: Ctx, dst: i32, off: i32, size: i32| {
        require(&mut c, "msg_method_name_copy", &[Entry::InspectMessage])?;
        let method = c.data().message.method.clone().into_bytes();
        copy_out(&mut c, "msg_method_name_copy", &method, dst as u32 as u64, off as u32 as u64, size as u32 as u64)
    })?;
    l.func_wrap("ic0", "msg_reply_data_append", |mut c: Ctx, src: i32, size: i32| {
        let size = size as u32 as u64;
        charge(&mut c, "msg_reply_data_append", size)?;
        require(&mut c, "msg_reply_data_append", ANSWERING)?;
        if c.data().replied.is_some() {
            return Err(trap(&mut c, "ic0.msg_reply_data_append: the call has already been answered".into()));
        }
        let max = match c.data().entry {
            Entry::Query => MAX_REPLY_QUERY,
            _ => MAX_REPLY_REPLICATED,
        };
        let total = c.data().reply_data.len() as u64 + size;
        if total > max {
            return Err(trap(&mut c, format!("ic0.msg_reply_data_append: the reply would be {total} bytes, over the maximum response size of {max} bytes")));
        }
        let bytes = read_bytes(&mut c, "msg_reply_data_append", src as u32 as u64, size)?;
        c.data_mut().reply_data.extend_from_slice(&bytes);
        Ok(())
    })?;
    l.func_wrap("ic0", "msg_reply", |mut c: Ctx| {
        charge(&mut c, "msg_reply", 0)?;
        let data = std::mem::take(&mut c.data_mut().reply_data);
        respond(&mut c, "msg_reply", Ok(data))
    })?;
    l.func_wrap("ic0", "msg_reject", |mut c: Ctx, src: i32, size: i32| {
        let size = size as u32 as u64;
        charge(&mut c, "msg_reject", size)?;
        let bytes = read_bytes(&mut c, "msg_reject", src as u32 as u64, size)?;
        respond(&mut c, "msg_reject", Err(String::from_utf8_lossy(&bytes).into_owned()))
    })?;
    // The meter makes no inter-canister calls, so there is never a reject to read: as on the
    // IC outside a reject callback, these trap.
    l.func_wrap("ic0", "msg_reject_code", |mut c: Ctx| -> HostResult<i32> {
        charge(&mut c, "msg_reject_code", 0)?;
        Err(trap(&mut c, "ic0.msg_reject_code can only be called in a reject callback".into()))
    })?;
    l.func_wrap("ic0", "msg_reject_msg_size", |mut c: Ctx| -> HostResult<i32> {
        charge(&mut c, "msg_reject_msg_size", 0)?;
        Err(trap(&mut c, "ic0.msg_reject_msg_size can only be called in a reject callback".into()))
    })?;
    l.func_wrap("ic0", "msg_reject_msg_copy", |mut c: Ctx, _dst: i32, _off: i32, _size: i32| -> HostResult<()> {
        charge(&mut c, "msg_reject_msg_copy", 0)?;
        Err(trap(&mut c, "ic0.msg_reject_msg_copy can only be called in a reject callback".into()))
    })?;
    l.func_wrap("ic0", "msg_cycles_available128", |mut c: Ctx, dst: i32| {
        charge(&mut c, "msg_cycles_available128", 0)?;
        require(&mut c, "msg_cycles_available128", WITH_CYCLES)?;
        let available = c.data().message.cycles_available;
        write_u128(&mut c, "msg_cycles_available128", dst as u32 as u64, available)
    })?;
    l.func_wrap("ic0", "msg_cycles_accept128", |mut c: Ctx, high: i64, low: i64, dst: i32| {
        charge(&mut c, "msg_cycles_accept128", 0)?;
        require(&mut c, "msg_cycles_accept128", WITH_CYCLES)?;
        let max = ((high as u64 as u128) << 64) | low as u64 as u128;
        let amount = max.min(c.data().message.cycles_available);
        let data = c.data_mut();
        data.message.cycles_available -= amount;
        data.message.cycles_accepted += amount;
        data.env.cycles = data.env.cycles.saturating_add(amount);
        write_u128(&mut c, "msg_cycles_accept128", dst as u32 as u64, amount)
    })?;
    // Refunds exist only in reply and reject callbacks, which the meter never runs.
    l.func_wrap("ic0", "msg_cycles_refunded128", |mut c: Ctx, _dst: i32| -> HostResult<()> {
        charge(&mut c, "msg_cycles_refunded128", 0)?;
        Err(trap(&mut c, "ic0.msg_cycles_refunded128 can only be called in a reply or reject callback".into()))
    })?;
    l.func_wrap("ic0", "accept_message", |mut c: Ctx| {
        charge(&mut c, "accept_message", 0)?;
        require(&mut c, "accept_message", &[Entry::InspectMessage])?;
        if c.data().message_accepted {
            return Err(trap(&mut c, "ic0.accept_message: the message was already accepted".into()));
        }
        c.data_mut().message_accepted = true;
        Ok(())
    })?;
    l.func_wrap("ic0", "canister_self_size", |mut c: Ctx| -> HostResult<i32> {
        charge(&mut c, "canister_self_size", 0)?;
        Ok(c.data().env.self_id.len() as i32)
    })?;
    l.func_wrap("ic0", "canister_self_copy", |mut c: Ctx, dst: i32, off: i32, size: i32| {
        let id = c.data().env.self_id.clone();
        copy_out(&mut c, "canister_self_copy", &id, dst as u32 as u64, off as u32 as u64, size as u32 as u64)
    })?;
    l.func_wrap("ic0", "canister_cycle_balance128", |mut c: Ctx, dst: i32| {
        charge(&mut c, "canister_cycle_balance128", 0)?;
        let cycles = c.data().env.cycles;
        write_u128(&mut c, "canister_cycle_balance128", dst as u32 as u64, cycles)
    })?;
    l.func_wrap("ic0", "canister_version", |mut c: Ctx| -> HostResult<i64> {
        charge(&mut c, "canister_version", 0)?;
        Ok(c.data().env.version as i64)
    })?;
    l.func_wrap("ic0", "canister_status", |mut c: Ctx| -> HostResult<i32> {
        charge(&mut c, "canister_status", 0)?;
        Ok(1) // running
    })?;
    l.func_wrap("ic0", "stable64_size", |mut c: Ctx| -> HostResult<i64> {
        charge(&mut c, "stable64_size", 0)?;
        Ok((c.data().env.stable.len() as u64 / WASM_PAGE) as i64)
    })?;
    l.func_wrap("ic0", "stable64_grow", |mut c: Ctx, pages: i64| -> HostResult<i64> {
        charge(&mut c, "stable64_grow", 0)?;
        let old = c.data().env.stable.len() as u64 / WASM_PAGE;
        let new = old.checked_add(pages as u64);
        match new {
            Some(new) if new <= MAX_STABLE_PAGES => {
                c.data_mut().env.stable.resize((new * WASM_PAGE) as usize, 0);
                Ok(old as i64)
            }
            _ => Ok(-1),
        }
    })?;
    l.func_wrap("ic0", "stable64_read", |mut c: Ctx, dst: i64, off: i64, size: i64| {
        let stable = std::mem::take(&mut c.data_mut().env.stable);
        let result = copy_out(&mut c, "stable64_read", &stable, dst as u64, off as u64, size as u64);
        c.data_mut().env.stable = stable;
        result
    })?;
    l.func_wrap("ic0", "stable64_write", |mut c: Ctx, off: i64, src: i64, size: i64| {
        let (off, size) = (off as u64, size as u64);
        charge(&mut c, "stable64_write", size)?;
        let bytes = read_bytes(&mut c, "stable64_write", src as u64, size)?;
        let len = c.data().env.stable.len() as u64;
        match off.checked_add(size) {
            Some(end) if end <= len => {
                // The pages written for the first time in this message.
                let pages = if size == 0 { 0..0 } else { off / DIRTY_PAGE_BYTES..(end - 1) / DIRTY_PAGE_BYTES + 1 };
                let dirty = &mut c.data_mut().stable_dirty;
                let new = pages.filter(|page| dirty.insert(*page)).count() as u64;
                charge_instructions(&mut c, "stable64_write", DIRTY_PAGE_OVERHEAD * new)?;
                c.data_mut().env.stable[off as usize..end as usize].copy_from_slice(&bytes);
                Ok(())
            }
            _ => Err(trap(
                &mut c,
                format!("ic0.stable64_write: offset {off} + size {size} exceeds stable memory of {len} bytes"),
            )),
        }
    })?;
    l.func_wrap("ic0", "certified_data_set", |mut c: Ctx, src: i32, size: i32| {
        let size = size as u32 as u64;
        charge(&mut c, "certified_data_set", size)?;
        require(&mut c, "certified_data_set", &[Entry::Init, Entry::PreUpgrade, Entry::Update])?;
        if size > 32 {
            return Err(trap(&mut c, format!("ic0.certified_data_set: {size} bytes, at most 32 allowed")));
        }
        let bytes = read_bytes(&mut c, "certified_data_set", src as u32 as u64, size)?;
        c.data_mut().env.certified_data = bytes;
        Ok(())
    })?;
    l.func_wrap("ic0", "data_certificate_present", |mut c: Ctx| -> HostResult<i32> {
        charge(&mut c, "data_certificate_present", 0)?;
        Ok(c.data().data_certificate().is_some() as i32)
    })?;
    l.func_wrap("ic0", "data_certificate_size", |mut c: Ctx| -> HostResult<i32> {
        charge(&mut c, "data_certificate_size", 0)?;
        match c.data().data_certificate() {
            Some(cert) => Ok(cert.len() as i32),
            None => Err(trap(&mut c, "ic0.data_certificate_size: no certificate in this call".into())),
        }
    })?;
    l.func_wrap("ic0", "data_certificate_copy", |mut c: Ctx, dst: i32, off: i32, size: i32| {
        let Some(cert) = c.data().data_certificate().map(<[u8]>::to_vec) else {
            return Err(trap(&mut c, "ic0.data_certificate_copy: no certificate in this call".into()));
        };
        copy_out(&mut c, "data_certificate_copy", &cert, dst as u32 as u64, off as u32 as u64, size as u32 as u64)
    })?;
    l.func_wrap("ic0", "time", |mut c: Ctx| -> HostResult<i64> {
        charge(&mut c, "time", 0)?;
        Ok(c.data().env.time_ns as i64)
    })?;
    l.func_wrap("ic0", "global_timer_set", |mut c: Ctx, t: i64| -> HostResult<i64> {
        charge(&mut c, "global_timer_set", 0)?;
        Ok(std::mem::replace(&mut c.data_mut().env.global_timer, t as u64) as i64)
    })?;
    l.func_wrap("ic0", "performance_counter", |mut c: Ctx, kind: i32| -> HostResult<i64> {
        // The overhead is charged first, so the value read includes this call.
        charge(&mut c, "performance_counter", 0)?;
        match kind {
            0 | 1 => {
                let counter = counter_value(&mut c);
                if let Some(p) = c.data_mut().profiler.as_mut() {
                    p.counter_read(counter);
                }
                Ok(counter as i64)
            }
            other => Err(trap(&mut c, format!("ic0.performance_counter: unknown counter type {other}"))),
        }
    })?;
    l.func_wrap("ic0", "is_controller", |mut c: Ctx, src: i32, size: i32| -> HostResult<i32> {
        let size = size as u32 as u64;
        charge(&mut c, "is_controller", size)?;
        if size > 29 {
            return Err(trap(&mut c, format!("ic0.is_controller: {size} bytes is not a principal")));
        }
        let id = read_bytes(&mut c, "is_controller", src as u32 as u64, size)?;
        Ok(c.data().env.controllers.contains(&id) as i32)
    })?;
    l.func_wrap("ic0", "in_replicated_execution", |mut c: Ctx| -> HostResult<i32> {
        charge(&mut c, "in_replicated_execution", 0)?;
        // Non-replicated: queries and canister_inspect_message (one replica runs them).
        Ok(!matches!(c.data().entry, Entry::Query | Entry::InspectMessage) as i32)
    })?;
    l.func_wrap("ic0", "root_key_size", |mut c: Ctx| -> HostResult<i32> {
        charge(&mut c, "root_key_size", 0)?;
        Ok(c.data().env.root_key.len() as i32)
    })?;
    l.func_wrap("ic0", "root_key_copy", |mut c: Ctx, dst: i32, off: i32, size: i32| {
        let key = c.data().env.root_key.clone();
        copy_out(&mut c, "root_key_copy", &key, dst as u32 as u64, off as u32 as u64, size as u32 as u64)
    })?;
    l.func_wrap("ic0", "debug_print", |mut c: Ctx, src: i32, size: i32| {
        // As canister logging on an application subnet (where debug printing itself is off):
        // the overhead, twice the bytes the record keeps (at most the log's space), and 50
        // per byte of it the message's log space still holds; a record takes its bytes and 40
        // more of that space.
        let size = size as u32 as u64;
        let free = LOG_SPACE_BYTES.saturating_sub(c.data().log_used);
        let cost = BYTE_TRANSMISSION_COST * size.min(free) + 2 * size.min(LOG_SPACE_BYTES);
        charge_instructions(&mut c, "debug_print", system_api_overhead("debug_print") + cost)?;
        c.data_mut().log_used += size.saturating_add(LOG_RECORD_OVERHEAD_BYTES);
        let bytes = read_bytes(&mut c, "debug_print", src as u32 as u64, size)?;
        c.data_mut().debug_print.push(String::from_utf8_lossy(&bytes).into_owned());
        Ok(())
    })?;
    l.func_wrap("ic0", "trap", |mut c: Ctx, src: i32, size: i32| -> HostResult<()> {
        let size = size as u32 as u64;
        let free = LOG_SPACE_BYTES.saturating_sub(c.data().log_used);
        charge_instructions(&mut c, "trap", trap_cost(size, free))?;
        let bytes = read_bytes(&mut c, "trap", src as u32 as u64, size)?;
        Err(trap(&mut c, String::from_utf8_lossy(&bytes).into_owned()))
    })?;
    Ok(())
}

impl HostState {
    /// A certificate is available to queries only, as on the IC.
    fn data_certificate(&self) -> Option<&[u8]> {
        match self.entry {
            Entry::Query => self.env.data_certificate.as_deref(),
            _ => None,
        }
    }
}

/// Finds the memory and the counter of a fresh instance so host functions can reach them.
pub(crate) fn attach(store: &mut wasmtime::Store<HostState>, instance: &wasmtime::Instance) {
    let memory = instance.get_export(&mut *store, MEMORY_EXPORT).and_then(Extern::into_memory);
    let counter = instance.get_export(&mut *store, COUNTER_EXPORT).and_then(Extern::into_global);
    let data = store.data_mut();
    data.memory = memory;
    data.counter = counter;
}
