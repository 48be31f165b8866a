//! An installed canister: its instrumented module, its state between messages, and the calls.
//!
//! Each message runs on a fresh instance into which the canister's state (memory contents and
//! mutable globals) is copied. An update that does not trap keeps the state it leaves; a
//! query's is discarded, as on the IC, and so is that of a query method called as an update (a
//! replicated query). Tables are not carried between messages (Rust canisters do not write
//! them).
//!
//! Calls come from an [`Origin`]: an ingress message from a user, or a call from another
//! canister with cycles attached. An ingress update call first runs the canister's
//! `canister_inspect_message`, which must call `ic0.accept_message`; a call from a canister
//! does not (the interface specification: inspection is for ingress update calls only, never
//! for queries or inter-canister calls).

use crate::cost::{COMPILE_COST_PER_INSTRUCTION, DIRTY_PAGE_OVERHEAD};
use crate::instrument::{
    self, COUNTER_EXPORT, DIRTY_MAP_EXPORT, DIRTY_PAGE_BYTES, GLOBAL_EXPORT_PREFIX, LIMIT_EXPORT, START_EXPORT,
};
use crate::profile::{FunctionNames, Profile, Profiler};
use crate::system_api::{self, Entry, Environment, HostState, Message};
use crate::{Error, INSPECT_MESSAGE_LIMIT, INSTALL_LIMIT, QUERY_LIMIT, UPDATE_LIMIT};
use wasmtime::{Config, Engine, Extern, Global, Instance, Linker, Module, Store, Val};

/// How a method is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CallKind {
    /// A query: at most [`QUERY_LIMIT`] instructions, state changes discarded.
    Query,
    /// An update: at most [`UPDATE_LIMIT`] instructions, state changes kept. A query method
    /// called this way runs in replicated mode with the query limit, and its state changes are
    /// discarded.
    Update,
}

/// Who sends a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// An ingress message from a user (any principal, e.g. the anonymous one, `[4]`). An
    /// update call passes through `canister_inspect_message` first; it carries no cycles.
    Ingress {
        /// The sender's principal (its bytes).
        sender: Vec<u8>,
    },
    /// A call from another canister, with `cycles` attached. Update methods may accept them;
    /// what they do not accept is refunded. A query method called this way (a replicated
    /// query) may see and accept them during the message, but its state changes are discarded
    /// and every cycle goes back to the caller.
    Canister {
        /// The calling canister's principal.
        caller: Vec<u8>,
        /// The cycles attached to the call.
        cycles: u128,
    },
}

/// The canister's answer to a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// `ic0.msg_reply` with these bytes.
    Reply(Vec<u8>),
    /// `ic0.msg_reject` with this message.
    Reject(String),
}

/// A call that ran to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallOutcome {
    /// The reply or reject.
    pub response: Response,
    /// IC instructions the message executed: Wasm operators by the replica's weights plus
    /// System API overheads (`canister_inspect_message` not included: it is a message of its
    /// own, see [`CallOutcome::inspect_instructions`]).
    pub instructions: u64,
    /// Instructions `canister_inspect_message` executed before an ingress update call (0 when
    /// it did not run).
    pub inspect_instructions: u64,
    /// What the canister printed with `ic0.debug_print`, in order.
    pub debug_print: Vec<String>,
    /// Cycles the canister accepted from the call (`ic0.msg_cycles_accept128`) and kept.
    pub cycles_accepted: u128,
    /// Cycles that went back to the caller: those attached and not kept.
    pub cycles_refunded: u128,
}

/// A call run with profiling hooks ([`Canister::profile`]): what it returned, and where its
/// instructions went.
#[derive(Clone, Debug)]
pub struct ProfiledCall {
    /// The call's outcome, as [`Canister::call_from`] returns it: the same `instructions`.
    pub outcome: Result<CallOutcome, Error>,
    /// The method's message, to its end or its trap (empty when the method did not run:
    /// no such method, or refused by `canister_inspect_message`, which is not profiled).
    pub profile: Profile,
}

/// The state a message leaves behind: Wasm memory and mutable globals.
#[derive(Clone, Default)]
struct Snapshot {
    memory: Vec<u8>,
    globals: Vec<(String, Val)>,
}

/// A canister installed on the meter.
pub struct Canister {
    engine: Engine,
    module: Module,
    linker: Linker<HostState>,
    snapshot: Snapshot,
    env: Environment,
    /// Instructions of the last installation or upgrade (see [`Canister::install_instructions`]).
    install_instructions: u64,
    /// The module as installed (before instrumentation), for a profiled build of it.
    wasm: Vec<u8>,
    /// The module with profiling hooks, built at the first profiled call.
    profiled: Option<ProfiledModule>,
}

/// A canister's module instrumented with profiling hooks, with its function names.
struct ProfiledModule {
    module: Module,
    linker: Linker<HostState>,
    names: FunctionNames,
}

/// A module checked, instrumented and linked, not yet instantiated.
#[derive(Clone)]
struct Loaded {
    engine: Engine,
    module: Module,
    linker: Linker<HostState>,
    /// What installing the module charges for compiling it ([`compilation_instructions`]).
    compilation: u64,
}

/// How many compiled modules [`load`] keeps.
const LOADED_CACHE_SIZE: usize = 16;

/// [`compile`], remembered by the module's bytes: a module installed again (each bench row runs
/// on a freshly installed canister, and every test installs its own) is checked, instrumented
/// and compiled once per process. The compiled module is immutable; each canister has its own
/// store, so sharing it changes nothing a canister can observe.
fn load(wasm: &[u8]) -> Result<Loaded, Error> {
    static LOADED: std::sync::Mutex<Vec<(Vec<u8>, Loaded)>> = std::sync::Mutex::new(Vec::new());
    let cached = |loaded: &[(Vec<u8>, Loaded)]| loaded.iter().find(|(bytes, _)| bytes == wasm).map(|(_, l)| l.clone());
    if let Some(loaded) = cached(&LOADED.lock().unwrap_or_else(|e| e.into_inner())) {
        return Ok(loaded);
    }
    let loaded = compile(wasm)?;
    let mut cache = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if cached(&cache).is_none() {
        if cache.len() == LOADED_CACHE_SIZE {
            cache.remove(0);
        }
        cache.push((wasm.to_vec(), loaded.clone()));
    }
    Ok(loaded)
}

fn compile(wasm: &[u8]) -> Result<Loaded, Error> {
    if wasm.get(..4) != Some(b"\0asm") {
        return Err(Error::InvalidWasm("the bytes do not start with the Wasm magic".into()));
    }
    crate::validate(wasm).map_err(Error::InvalidModule)?;
    let instrumented = instrument::instrument(wasm)?;
    let mut config = Config::default();
    // As the replica configures Wasmtime: deterministic NaNs.
    config
        .wasm_simd(true)
        .wasm_bulk_memory(true)
        .wasm_multi_value(true)
        .wasm_multi_memory(true)
        .wasm_tail_call(true)
        .cranelift_nan_canonicalization(true);
    let engine = Engine::new(&config).map_err(|e| Error::InvalidWasm(e.to_string()))?;
    let module = Module::new(&engine, &instrumented).map_err(|e| Error::InvalidWasm(e.to_string()))?;
    let mut linker = Linker::new(&engine);
    system_api::link(&mut linker, &module, false)?;
    Ok(Loaded { engine, module, linker, compilation: compilation_instructions(wasm)? })
}

/// What `install_code` charges for compiling `wasm`: [`COMPILE_COST_PER_INSTRUCTION`] per
/// operator of its function bodies and 2 per global (`instrument` in
/// `rs/embedders/src/wasm_utils/instrumentation.rs`, charged by
/// `Hypervisor::create_execution_state`). A lower bound of the replica's charge: it counts
/// its own instrumented module, whose metering code this count leaves out, adds a base cost,
/// and charges a hundredth of it for a module it has compiled before.
fn compilation_instructions(wasm: &[u8]) -> Result<u64, Error> {
    let invalid = |e: wasmparser::BinaryReaderError| Error::InvalidWasm(e.to_string());
    let mut count = 0u64;
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        match payload.map_err(invalid)? {
            wasmparser::Payload::CodeSectionEntry(body) => {
                let mut reader = body.get_operators_reader().map_err(invalid)?;
                while !reader.eof() {
                    reader.read().map_err(invalid)?;
                    count += 1;
                }
            }
            wasmparser::Payload::GlobalSection(r) => count += 2 * u64::from(r.count()),
            _ => {}
        }
    }
    Ok(count.saturating_mul(COMPILE_COST_PER_INSTRUCTION))
}

impl Canister {
    /// Checks `wasm` as the replica does ([`crate::validate`]), then instruments and installs
    /// it, running its start function and `canister_init` with `init_arg` (raw Candid bytes)
    /// under the installation limit. A module the IC would refuse is
    /// [`Error::InvalidModule`]. The anonymous principal installs it and is its controller.
    pub fn install(wasm: &[u8], init_arg: &[u8]) -> Result<Canister, Error> {
        Canister::install_with_controllers(wasm, init_arg, &[vec![4]])
    }

    /// [`Canister::install`] with these controllers; the first one installs the module (it is
    /// the caller `canister_init` sees). An empty list leaves the canister without controllers,
    /// installed by the anonymous principal.
    pub fn install_with_controllers(wasm: &[u8], init_arg: &[u8], controllers: &[Vec<u8>]) -> Result<Canister, Error> {
        let Loaded { engine, module, linker, compilation } = load(wasm)?;
        let env = Environment {
            controllers: controllers.to_vec(),
            caller: controllers.first().cloned().unwrap_or_else(|| vec![4]),
            ..Environment::default()
        };
        let mut canister = Canister {
            engine,
            module,
            linker,
            snapshot: Snapshot::default(),
            env,
            install_instructions: 0,
            wasm: wasm.to_vec(),
            profiled: None,
        };
        canister.install_instructions = compilation + canister.start_and_init("canister_init", init_arg)?;
        Ok(canister)
    }

    /// Runs the start function, then `init_export` (`canister_init` or
    /// `canister_post_upgrade`) with `arg`, on a fresh instance, under one installation budget;
    /// keeps the state they leave. Returns their instructions.
    fn start_and_init(&mut self, init_export: &str, arg: &[u8]) -> Result<u64, Error> {
        let mut total = 0;
        let mut ran = false;
        for (export, entry) in [(START_EXPORT, Entry::Start), (init_export, Entry::Init)] {
            if self.module.get_export(export).is_some() {
                let message = Message { caller: self.env.caller.clone(), ..Message::default() };
                let run = self.run(export, entry, message, arg, INSTALL_LIMIT - total, ran)?;
                total += run.instructions;
                self.keep(run.state);
                ran = true;
            }
        }
        if !ran {
            // Neither entry point exists: take the fresh instance's state as the canister's.
            let (store, instance) = self.instantiate(Entry::Init, Message::default(), &[], INSTALL_LIMIT, false)?;
            self.keep(Some((store, instance)));
        }
        Ok(total)
    }

    /// Reinstalls the canister with `wasm`, as `install_code` in reinstall mode does: a fresh
    /// instance, with empty Wasm and stable memory, its start function and `canister_init` run
    /// with `arg`; the controllers are kept. If either traps, the canister is left as it was.
    /// Returns their instructions and the compilation's ([`Canister::install_instructions`]).
    pub fn reinstall(&mut self, wasm: &[u8], arg: &[u8]) -> Result<u64, Error> {
        *self = Canister::install_with_controllers(wasm, arg, &self.env.controllers)?;
        Ok(self.install_instructions)
    }

    /// Upgrades the canister to `wasm`, as `install_code` in upgrade mode does: runs
    /// `canister_pre_upgrade` on the old module, then the new module's start function and
    /// `canister_post_upgrade` with `arg` on a fresh instance. Stable memory, the controllers
    /// and the cycle balance are kept; the Wasm memory is not. If any step traps, the canister
    /// is left as it was. The caller is the first controller. Returns the instructions of the
    /// three steps and the compilation ([`Canister::install_instructions`]).
    pub fn upgrade(&mut self, wasm: &[u8], arg: &[u8]) -> Result<u64, Error> {
        let Loaded { engine, module, linker, compilation } = load(wasm)?;
        let mut pre = 0;
        let mut env = self.env.clone();
        if self.module.get_export("canister_pre_upgrade").is_some() {
            let message = Message { caller: env.caller.clone(), ..Message::default() };
            let run = self.run("canister_pre_upgrade", Entry::PreUpgrade, message, &[], INSTALL_LIMIT, true)?;
            pre = run.instructions;
            if let Some((store, _)) = &run.state {
                env = store.data().env.clone();
            }
        }
        let mut upgraded = Canister {
            engine,
            module,
            linker,
            snapshot: Snapshot::default(),
            env,
            install_instructions: 0,
            wasm: wasm.to_vec(),
            profiled: None,
        };
        let post = upgraded.start_and_init("canister_post_upgrade", arg)?;
        *self = upgraded;
        self.install_instructions = compilation + pre + post;
        Ok(self.install_instructions)
    }

    /// Instructions of the last installation, reinstallation or upgrade: the module's
    /// compilation charge ([`compilation_instructions`]), then what the start function and
    /// `canister_init` (or `canister_pre_upgrade`, the start function and
    /// `canister_post_upgrade`) executed, with their dirty pages.
    pub fn install_instructions(&self) -> u64 {
        self.install_instructions
    }

    /// Calls query `method` with raw Candid `arg`; state changes are discarded.
    pub fn query(&mut self, method: &str, arg: &[u8]) -> Result<CallOutcome, Error> {
        self.call(CallKind::Query, method, arg)
    }

    /// Calls update `method` with raw Candid `arg` as an ingress message from the default
    /// sender (the anonymous principal unless [`Canister::set_caller`] changed it): it passes
    /// through `canister_inspect_message` first; state changes are kept unless it traps. A
    /// query method called this way runs as a replicated query.
    pub fn update(&mut self, method: &str, arg: &[u8]) -> Result<CallOutcome, Error> {
        self.call(CallKind::Update, method, arg)
    }

    /// Calls `method` as a query or an update, as an ingress message from the default sender.
    pub fn call(&mut self, kind: CallKind, method: &str, arg: &[u8]) -> Result<CallOutcome, Error> {
        let origin = Origin::Ingress { sender: self.env.caller.clone() };
        self.call_from(kind, method, arg, &origin)
    }

    /// Calls `method` as a query or an update from `origin`.
    ///
    /// * A query ([`CallKind::Query`]) runs in non-replicated mode; it cannot carry cycles
    ///   (an [`Origin::Canister`] with cycles is an [`Error::CyclesOnQuery`]).
    /// * An ingress update runs `canister_inspect_message` first (under its own limit of
    ///   [`INSPECT_MESSAGE_LIMIT`] instructions); if it traps or does not call
    ///   `ic0.accept_message`, the message is refused ([`Error::MessageRefused`]) and the
    ///   method does not run.
    /// * An update from a canister carries its cycles; what the method does not accept before
    ///   it answers (or everything, if it traps, or if it is a query method) is refunded, and
    ///   the outcome says how much.
    pub fn call_from(
        &mut self,
        kind: CallKind,
        method: &str,
        arg: &[u8],
        origin: &Origin,
    ) -> Result<CallOutcome, Error> {
        self.call_impl(kind, method, arg, origin, false).0
    }

    /// [`Canister::call`] with profiling: instructions by function and by call stack
    /// ([`crate::profile`]). The call counts the same instructions as an unprofiled call and
    /// changes the canister's state as it would; only the method's message is profiled (not
    /// `canister_inspect_message`). A profile is returned when the call traps or passes its
    /// limit too: it covers what ran.
    pub fn profile(&mut self, kind: CallKind, method: &str, arg: &[u8]) -> ProfiledCall {
        let origin = Origin::Ingress { sender: self.env.caller.clone() };
        self.profile_from(kind, method, arg, &origin)
    }

    /// [`Canister::profile`] from `origin` (see [`Canister::call_from`]).
    pub fn profile_from(&mut self, kind: CallKind, method: &str, arg: &[u8], origin: &Origin) -> ProfiledCall {
        if self.profiled.is_none() {
            match self.load_profiled() {
                Ok(p) => self.profiled = Some(p),
                Err(e) => return ProfiledCall { outcome: Err(e), profile: Profile::default() },
            }
        }
        let (outcome, profile) = self.call_impl(kind, method, arg, origin, true);
        ProfiledCall { outcome, profile: profile.unwrap_or_default() }
    }

    fn load_profiled(&self) -> Result<ProfiledModule, Error> {
        let names = FunctionNames::read(&self.wasm)?;
        let instrumented = instrument::instrument_for_profile(&self.wasm)?;
        let module = Module::new(&self.engine, &instrumented).map_err(|e| Error::InvalidWasm(e.to_string()))?;
        let mut linker = Linker::new(&self.engine);
        system_api::link(&mut linker, &module, true)?;
        Ok(ProfiledModule { module, linker, names })
    }

    fn call_impl(
        &mut self,
        kind: CallKind,
        method: &str,
        arg: &[u8],
        origin: &Origin,
        profile: bool,
    ) -> (Result<CallOutcome, Error>, Option<Profile>) {
        let mut profiled = None;
        let outcome = self.call_inner(kind, method, arg, origin, profile, &mut profiled);
        (outcome, profiled)
    }

    fn call_inner(
        &mut self,
        kind: CallKind,
        method: &str,
        arg: &[u8],
        origin: &Origin,
        profile: bool,
        profiled: &mut Option<Profile>,
    ) -> Result<CallOutcome, Error> {
        let query = format!("canister_query {method}");
        let composite = format!("canister_composite_query {method}");
        let update = format!("canister_update {method}");
        let candidates: &[&str] = match kind {
            CallKind::Query => &[&query, &composite],
            CallKind::Update => &[&update, &query],
        };
        let export = candidates
            .iter()
            .find(|name| self.module.get_export(name).is_some())
            .ok_or_else(|| Error::MethodNotFound(method.to_string()))?
            .to_string();
        let (caller, cycles, ingress) = match origin {
            Origin::Ingress { sender } => (sender.clone(), 0, true),
            Origin::Canister { caller, cycles } => (caller.clone(), *cycles, false),
        };
        if kind == CallKind::Query && cycles > 0 {
            return Err(Error::CyclesOnQuery);
        }
        let mut inspect_instructions = 0;
        if kind == CallKind::Update && ingress && self.module.get_export("canister_inspect_message").is_some() {
            let message = Message { caller: caller.clone(), method: method.to_string(), ..Message::default() };
            let run =
                self.run("canister_inspect_message", Entry::InspectMessage, message, arg, INSPECT_MESSAGE_LIMIT, true);
            match run {
                Ok(run) if run.accepted => inspect_instructions = run.instructions,
                Ok(run) => {
                    return Err(Error::MessageRefused {
                        reason: "canister_inspect_message did not call ic0.accept_message".into(),
                        instructions: run.instructions,
                    })
                }
                Err(Error::Trapped { message, instructions }) => {
                    return Err(Error::MessageRefused {
                        reason: format!("canister_inspect_message trapped: {message}"),
                        instructions,
                    })
                }
                Err(Error::InstructionLimitExceeded { instructions, limit }) => {
                    return Err(Error::MessageRefused {
                        reason: format!("canister_inspect_message passed its limit of {limit} instructions"),
                        instructions,
                    })
                }
                Err(e) => return Err(e),
            }
        }
        let replicated_query = kind == CallKind::Update && !export.starts_with("canister_update ");
        let (entry, limit) = match kind {
            CallKind::Query => (Entry::Query, QUERY_LIMIT),
            CallKind::Update if replicated_query => (Entry::ReplicatedQuery, QUERY_LIMIT),
            CallKind::Update => (Entry::Update, UPDATE_LIMIT),
        };
        let message = Message { caller, method: String::new(), cycles_available: cycles, cycles_accepted: 0 };
        let (run, profile) = self.run_inner(&export, entry, message, arg, limit, true, profile);
        *profiled = profile;
        let mut run = run?;
        // An update that returns without trapping commits its state, whether it replied,
        // rejected or did neither. A replicated query commits nothing: the cycles it accepted
        // go back with the rest.
        let cycles_accepted = match entry {
            Entry::Update => {
                self.keep(run.state.take());
                run.cycles_accepted
            }
            _ => 0,
        };
        let response = match run.response {
            Some(Ok(bytes)) => Response::Reply(bytes),
            Some(Err(message)) => Response::Reject(message),
            None => return Err(Error::NoResponse { instructions: run.instructions }),
        };
        Ok(CallOutcome {
            response,
            instructions: run.instructions,
            inspect_instructions,
            debug_print: run.debug_print,
            cycles_accepted,
            cycles_refunded: cycles - cycles_accepted,
        })
    }

    /// What `ic0.time` returns, in nanoseconds since the epoch.
    pub fn time_ns(&self) -> u64 {
        self.env.time_ns
    }

    /// Sets what `ic0.time` returns, in nanoseconds since the epoch.
    pub fn set_time_ns(&mut self, time_ns: u64) {
        self.env.time_ns = time_ns;
    }

    /// Sets the sender of calls that name none ([`Canister::query`], [`Canister::update`]).
    pub fn set_caller(&mut self, principal: Vec<u8>) {
        self.env.caller = principal;
    }

    /// Sets the canister's controllers (what `ic0.is_controller` checks against).
    pub fn set_controllers(&mut self, controllers: Vec<Vec<u8>>) {
        self.env.controllers = controllers;
    }

    /// The canister's cycle balance (accepted cycles are added to it).
    pub fn cycle_balance(&self) -> u128 {
        self.env.cycles
    }

    /// Sets what `ic0.root_key_copy` returns (the IC mainnet key by default).
    pub fn set_root_key(&mut self, der: Vec<u8>) {
        self.env.root_key = der;
    }

    /// Sets the certificate that queries see through `ic0.data_certificate_copy`.
    pub fn set_data_certificate(&mut self, certificate: Option<Vec<u8>>) {
        self.env.data_certificate = certificate;
    }

    /// The data last set with `ic0.certified_data_set`.
    pub fn certified_data(&self) -> &[u8] {
        &self.env.certified_data
    }

    /// The canister's stable memory (a whole number of 64 KiB pages), to read or to rewrite as
    /// an earlier version of its module would have left it, before an upgrade.
    pub fn stable_memory_mut(&mut self) -> &mut Vec<u8> {
        &mut self.env.stable
    }

    fn instantiate(
        &self,
        entry: Entry,
        message: Message,
        arg: &[u8],
        limit: u64,
        restore: bool,
    ) -> Result<(Store<HostState>, Instance), Error> {
        self.instantiate_as(entry, message, arg, limit, restore, false)
    }

    /// [`Canister::instantiate`], on the profiled module with a profiler when `profile` is set
    /// (and the profiled module is loaded).
    fn instantiate_as(
        &self,
        entry: Entry,
        message: Message,
        arg: &[u8],
        limit: u64,
        restore: bool,
        profile: bool,
    ) -> Result<(Store<HostState>, Instance), Error> {
        let mut state = HostState::new(entry, message, arg, self.env.clone(), limit);
        let (module, linker) = match (&self.profiled, profile) {
            (Some(p), true) => {
                state.profiler = Some(Profiler::new(&p.names));
                (&p.module, &p.linker)
            }
            _ => (&self.module, &self.linker),
        };
        let mut store = Store::new(&self.engine, state);
        let instance = linker
            .instantiate(&mut store, module)
            .map_err(|e| Error::InvalidWasm(format!("cannot instantiate the module: {e}")))?;
        system_api::attach(&mut store, &instance);
        if restore {
            self.restore(&mut store, &instance)?;
        }
        let set = |store: &mut Store<HostState>, name: &str, v: i64| -> Result<(), Error> {
            let global = instance
                .get_global(&mut *store, name)
                .ok_or_else(|| Error::InvalidWasm(format!("instrumentation lost {name}")))?;
            global.set(store, Val::I64(v)).map_err(|e| Error::InvalidWasm(e.to_string()))
        };
        set(&mut store, COUNTER_EXPORT, 0)?;
        set(&mut store, LIMIT_EXPORT, limit as i64)?;
        Ok((store, instance))
    }

    fn restore(&self, store: &mut Store<HostState>, instance: &Instance) -> Result<(), Error> {
        if let Some(memory) = store.data().memory {
            let have = memory.data_size(&*store) as u64;
            let want = self.snapshot.memory.len() as u64;
            if want > have {
                memory
                    .grow(&mut *store, (want - have) / 65_536)
                    .map_err(|e| Error::InvalidWasm(format!("cannot restore memory: {e}")))?;
            }
            memory.data_mut(&mut *store)[..self.snapshot.memory.len()].copy_from_slice(&self.snapshot.memory);
        }
        for (name, value) in &self.snapshot.globals {
            if let Some(global) = instance.get_global(&mut *store, name) {
                global
                    .set(&mut *store, *value)
                    .map_err(|e| Error::InvalidWasm(format!("cannot restore {name}: {e}")))?;
            }
        }
        Ok(())
    }

    /// Takes the state an update (or installation) left as the canister's state.
    fn keep(&mut self, state: Option<(Store<HostState>, Instance)>) {
        let Some((mut store, instance)) = state else { return };
        let memory = store.data().memory.map(|m| m.data(&store).to_vec()).unwrap_or_default();
        let globals: Vec<(String, Global)> = instance
            .exports(&mut store)
            .filter(|e| e.name().starts_with(GLOBAL_EXPORT_PREFIX))
            .filter_map(|e| {
                let name = e.name().to_string();
                e.into_global().map(|g| (name, g))
            })
            .collect();
        let globals = globals.into_iter().map(|(name, g)| (name, g.get(&mut store))).collect();
        self.snapshot = Snapshot { memory, globals };
        self.env = store.data().env.clone();
    }

    fn run(
        &self,
        export: &str,
        entry: Entry,
        message: Message,
        arg: &[u8],
        limit: u64,
        restore: bool,
    ) -> Result<Run, Error> {
        self.run_inner(export, entry, message, arg, limit, restore, false).0
    }

    /// [`Canister::run`], profiled when `profile` is set: the profile comes back whether the
    /// message ran to its end or not (none if it could not start).
    #[allow(clippy::too_many_arguments)]
    fn run_inner(
        &self,
        export: &str,
        entry: Entry,
        message: Message,
        arg: &[u8],
        limit: u64,
        restore: bool,
        profile: bool,
    ) -> (Result<Run, Error>, Option<Profile>) {
        let method = export.split_once(' ').map(|(_, m)| m).unwrap_or(export).to_string();
        let (mut store, instance) = match self.instantiate_as(entry, message, arg, limit, restore, profile) {
            Ok(x) => x,
            Err(e) => return (Err(e), None),
        };
        let Some(func) = instance.get_export(&mut store, export).and_then(Extern::into_func) else {
            return (Err(Error::MethodNotFound(method)), None);
        };
        let result = func.call(&mut store, &[], &mut []);
        let counted = read_counter(&mut store, &instance);
        let instructions = with_dirty_pages(&mut store, &instance, counted, limit);
        let profile = store.data_mut().profiler.take().map(|p| p.finish(instructions));
        (self.finish_run(result, store, instance, instructions, limit), profile)
    }

    fn finish_run(
        &self,
        result: wasmtime::Result<()>,
        mut store: Store<HostState>,
        instance: Instance,
        instructions: u64,
        limit: u64,
    ) -> Result<Run, Error> {
        if let Err(error) = result {
            if instructions > limit {
                return Err(Error::InstructionLimitExceeded { limit, instructions });
            }
            let message = store.data().trap.clone().unwrap_or_else(|| error.to_string());
            return Err(Error::Trapped { message, instructions });
        }
        let data = store.data_mut();
        let response = data.replied.take();
        let debug_print = std::mem::take(&mut data.debug_print);
        let accepted = data.message_accepted;
        let cycles_accepted = data.message.cycles_accepted;
        Ok(Run { response, instructions, debug_print, accepted, cycles_accepted, state: Some((store, instance)) })
    }
}

/// What one message produced, with the instance it ran on (kept by updates).
struct Run {
    response: Option<Result<Vec<u8>, String>>,
    instructions: u64,
    debug_print: Vec<String>,
    /// Whether `canister_inspect_message` accepted the message.
    accepted: bool,
    cycles_accepted: u128,
    state: Option<(Store<HostState>, Instance)>,
}

/// `instructions` with the replica's charge for the heap pages the message wrote
/// (`WasmtimeInstance::run` in `rs/embedders/src/wasmtime_embedder.rs`): [`DIRTY_PAGE_OVERHEAD`]
/// per 4 KiB page, after the run, whether it trapped or not, for the messages whose writes the
/// replica tracks (start, init and post-upgrade, pre-upgrade, updates; not queries, replicated
/// queries or `canister_inspect_message`). No limit is checked after it: the total is capped
/// at the message's limit.
fn with_dirty_pages(store: &mut Store<HostState>, instance: &Instance, instructions: u64, limit: u64) -> u64 {
    match store.data().entry {
        Entry::Start | Entry::Init | Entry::PreUpgrade | Entry::Update => {}
        Entry::Query | Entry::ReplicatedQuery | Entry::InspectMessage => return instructions,
    }
    let charge = DIRTY_PAGE_OVERHEAD.saturating_mul(dirty_heap_pages(store, instance));
    if instructions > limit {
        return instructions;
    }
    instructions.saturating_add(charge).min(limit)
}

/// The 4 KiB pages of the canister's memory the message wrote, from the dirty map the
/// instrumentation keeps (see [`crate::instrument`]).
fn dirty_heap_pages(store: &mut Store<HostState>, instance: &Instance) -> u64 {
    let (Some(memory), Some(map)) = (store.data().memory, instance.get_memory(&mut *store, DIRTY_MAP_EXPORT)) else {
        return 0;
    };
    let pages = (memory.data_size(&*store) as u64).div_ceil(DIRTY_PAGE_BYTES) as usize;
    map.data(&*store)[..pages].iter().filter(|&&marked| marked != 0).count() as u64
}

fn read_counter(store: &mut Store<HostState>, instance: &Instance) -> u64 {
    match instance.get_global(&mut *store, COUNTER_EXPORT).map(|g| g.get(&mut *store)) {
        Some(Val::I64(v)) => v as u64,
        _ => 0,
    }
}
