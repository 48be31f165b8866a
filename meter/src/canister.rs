//! An installed canister: its instrumented module, its state between messages, and the calls.
//!
//! Each message runs on a fresh instance into which the canister's state (memory contents and
//! mutable globals) is copied. An update that does not trap keeps the state it leaves; a
//! query's is discarded, as on the IC. Tables are not carried between messages (Rust canisters
//! do not write them).

use crate::instrument::{self, COUNTER_EXPORT, GLOBAL_EXPORT_PREFIX, LIMIT_EXPORT, START_EXPORT};
use crate::system_api::{self, Entry, Environment, HostState};
use crate::{Error, INSTALL_LIMIT, QUERY_LIMIT, UPDATE_LIMIT};
use wasmi::{Config, Engine, Extern, Instance, Linker, Module, Store, Val};

/// How a method is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CallKind {
    /// A query: at most [`QUERY_LIMIT`] instructions, state changes discarded.
    Query,
    /// An update: at most [`UPDATE_LIMIT`] instructions, state changes kept.
    Update,
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
    /// System API overheads.
    pub instructions: u64,
    /// What the canister printed with `ic0.debug_print`, in order.
    pub debug_print: Vec<String>,
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
    /// Instructions `canister_start` and `canister_init` executed at installation.
    install_instructions: u64,
}

impl Canister {
    /// Checks `wasm` as the replica does ([`crate::validate`]), then instruments and installs
    /// it, running its start function and `canister_init` with `init_arg` (raw Candid bytes)
    /// under the installation limit. A module the IC would refuse is
    /// [`Error::InvalidModule`].
    pub fn install(wasm: &[u8], init_arg: &[u8]) -> Result<Canister, Error> {
        if wasm.get(..4) != Some(b"\0asm") {
            return Err(Error::InvalidWasm("the bytes do not start with the Wasm magic".into()));
        }
        crate::validate(wasm).map_err(Error::InvalidModule)?;
        let instrumented = instrument::instrument(wasm)?;
        let mut config = Config::default();
        config.wasm_simd(true).wasm_bulk_memory(true).wasm_multi_value(true).wasm_tail_call(true);
        let engine = Engine::new(&config);
        let module =
            Module::new(&engine, &instrumented).map_err(|e| Error::InvalidWasm(e.to_string()))?;
        let mut linker = Linker::new(&engine);
        system_api::link(&mut linker, &module)?;
        let env = Environment::default();
        let mut canister = Canister {
            engine,
            module,
            linker,
            snapshot: Snapshot::default(),
            env,
            install_instructions: 0,
        };
        // The start function, then `canister_init`, share one installation budget; each runs
        // on the state the previous one left (the first on a fresh instance).
        let mut total = 0;
        let mut ran = false;
        for (export, entry) in [(START_EXPORT, Entry::Start), ("canister_init", Entry::Init)] {
            if canister.module.get_export(export).is_some() {
                let run = canister.run(export, entry, init_arg, INSTALL_LIMIT - total, ran)?;
                total += run.instructions;
                canister.keep(run.state);
                ran = true;
            }
        }
        if !ran {
            // Neither entry point exists: take the fresh instance's state as the canister's.
            let (store, instance) = canister.instantiate(Entry::Init, "", &[], INSTALL_LIMIT, false)?;
            canister.keep(Some((store, instance)));
        }
        canister.install_instructions = total;
        Ok(canister)
    }

    /// Instructions the start function and `canister_init` executed at installation.
    pub fn install_instructions(&self) -> u64 {
        self.install_instructions
    }

    /// Calls query `method` with raw Candid `arg`; state changes are discarded.
    pub fn query(&mut self, method: &str, arg: &[u8]) -> Result<CallOutcome, Error> {
        self.call(CallKind::Query, method, arg)
    }

    /// Calls update `method` with raw Candid `arg`; state changes are kept unless it traps.
    /// A query method called this way runs as an update, as on the IC.
    pub fn update(&mut self, method: &str, arg: &[u8]) -> Result<CallOutcome, Error> {
        self.call(CallKind::Update, method, arg)
    }

    /// Calls `method` as a query or an update.
    pub fn call(&mut self, kind: CallKind, method: &str, arg: &[u8]) -> Result<CallOutcome, Error> {
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
            .ok_or_else(|| Error::MethodNotFound(method.to_string()))?;
        let (entry, limit) = match kind {
            CallKind::Query => (Entry::Query, QUERY_LIMIT),
            CallKind::Update => (Entry::Update, UPDATE_LIMIT),
        };
        let mut run = self.run(export, entry, arg, limit, true)?;
        // An update that returns without trapping commits its state, whether it replied,
        // rejected or did neither.
        if kind == CallKind::Update {
            self.keep(run.state.take());
        }
        let response = match run.response {
            Some(Ok(bytes)) => Response::Reply(bytes),
            Some(Err(message)) => Response::Reject(message),
            None => return Err(Error::NoResponse { instructions: run.instructions }),
        };
        Ok(CallOutcome { response, instructions: run.instructions, debug_print: run.debug_print })
    }

    /// Sets what `ic0.time` returns, in nanoseconds since the epoch.
    pub fn set_time_ns(&mut self, time_ns: u64) {
        self.env.time_ns = time_ns;
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

    fn instantiate(
        &self,
        entry: Entry,
        method: &str,
        arg: &[u8],
        limit: u64,
        restore: bool,
    ) -> Result<(Store<HostState>, Instance), Error> {
        let state = HostState::new(entry, method, arg, self.env.clone(), limit);
        let mut store = Store::new(&self.engine, state);
        let instance = self
            .linker
            .instantiate_and_start(&mut store, &self.module)
            .map_err(|e| Error::InvalidWasm(format!("cannot instantiate the module: {e}")))?;
        system_api::attach(&mut store, &instance);
        if restore {
            self.restore(&mut store, &instance)?;
        }
        let set = |store: &mut Store<HostState>, name: &str, v: i64| -> Result<(), Error> {
            let global = instance
                .get_global(&*store, name)
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
            memory.data_mut(&mut *store)[..self.snapshot.memory.len()]
                .copy_from_slice(&self.snapshot.memory);
        }
        for (name, value) in &self.snapshot.globals {
            if let Some(global) = instance.get_global(&*store, name) {
                global
                    .set(&mut *store, value.clone())
                    .map_err(|e| Error::InvalidWasm(format!("cannot restore {name}: {e}")))?;
            }
        }
        Ok(())
    }

    /// Takes the state an update (or installation) left as the canister's state.
    fn keep(&mut self, state: Option<(Store<HostState>, Instance)>) {
        let Some((store, instance)) = state else { return };
        let memory = store.data().memory.map(|m| m.data(&store).to_vec()).unwrap_or_default();
        let globals = instance
            .exports(&store)
            .filter(|e| e.name().starts_with(GLOBAL_EXPORT_PREFIX))
            .filter_map(|e| {
                let name = e.name().to_string();
                e.into_global().map(|g| (name, g.get(&store)))
            })
            .collect();
        self.snapshot = Snapshot { memory, globals };
        self.env = store.data().env.clone();
    }

    fn run(
        &self,
        export: &str,
        entry: Entry,
        arg: &[u8],
        limit: u64,
        restore: bool,
    ) -> Result<Run, Error> {
        let method = export.split_once(' ').map(|(_, m)| m).unwrap_or(export);
        let (mut store, instance) = self.instantiate(entry, method, arg, limit, restore)?;
        let func = instance
            .get_export(&store, export)
            .and_then(Extern::into_func)
            .ok_or_else(|| Error::MethodNotFound(method.to_string()))?;
        let result = func.call(&mut store, &[], &mut []);
        let instructions = read_counter(&store, &instance);
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
        Ok(Run { response, instructions, debug_print, state: Some((store, instance)) })
    }
}

/// What one message produced, with the instance it ran on (kept by updates).
struct Run {
    response: Option<Result<Vec<u8>, String>>,
    instructions: u64,
    debug_print: Vec<String>,
    state: Option<(Store<HostState>, Instance)>,
}

fn read_counter(store: &Store<HostState>, instance: &Instance) -> u64 {
    match instance.get_global(store, COUNTER_EXPORT).map(|g| g.get(store)) {
        Some(Val::I64(v)) => v as u64,
        _ => 0,
    }
}
