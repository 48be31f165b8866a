//! # icbls-bench
//!
//! What the benchmarks and the canister tests stand on: building canister Wasm, and a small
//! [`Backend`] trait (install, query, update, instructions) with two implementations, the
//! offline meter ([`MeterBackend`], the default) and PocketIC ([`PocketIcBackend`], chosen by
//! [`backend_from_env`] when `POCKET_IC_BIN` names a server binary).

pub mod artifact;
pub mod build;
pub mod chart;
pub mod endpoints;
pub mod library_cases;
pub mod results;
pub mod verifier;
pub mod vectors;

use icbls_meter::{Canister, Response};

/// A canister installed on a backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CanisterId(pub usize);

/// What a call returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The reply bytes, or the reject message.
    pub response: Result<Vec<u8>, String>,
    /// IC instructions the whole message executed, where the backend can tell (the meter can;
    /// PocketIC does not report it per call). Bench methods report their own figure in the
    /// reply, which both backends agree on.
    pub instructions: Option<u64>,
}

/// A place to run canisters: the tests and the bench runner are written once against this.
pub trait Backend {
    /// A short name for reports: `meter` or `pocket-ic`.
    fn name(&self) -> &'static str;
    /// Installs `wasm` with the raw Candid init argument `arg`.
    fn install(&mut self, wasm: &[u8], arg: &[u8]) -> Result<CanisterId, String>;
    /// Calls query `method` with raw Candid `arg`.
    fn query(&mut self, id: CanisterId, method: &str, arg: &[u8]) -> Result<Outcome, String>;
    /// Calls update `method` with raw Candid `arg`.
    fn update(&mut self, id: CanisterId, method: &str, arg: &[u8]) -> Result<Outcome, String>;
}

/// The offline meter: exact IC instruction accounting, no replica needed.
#[derive(Default)]
pub struct MeterBackend {
    canisters: Vec<Canister>,
}

impl MeterBackend {
    /// A meter with no canisters.
    pub fn new() -> Self {
        Self::default()
    }

    fn canister(&mut self, id: CanisterId) -> Result<&mut Canister, String> {
        self.canisters.get_mut(id.0).ok_or_else(|| format!("no canister {}", id.0))
    }
}

fn from_meter(result: Result<icbls_meter::CallOutcome, icbls_meter::Error>) -> Result<Outcome, String> {
    let outcome = result.map_err(|e| e.to_string())?;
    let response = match outcome.response {
        Response::Reply(bytes) => Ok(bytes),
        Response::Reject(message) => Err(message),
    };
    Ok(Outcome { response, instructions: Some(outcome.instructions) })
}

impl Backend for MeterBackend {
    fn name(&self) -> &'static str {
        "meter"
    }

    fn install(&mut self, wasm: &[u8], arg: &[u8]) -> Result<CanisterId, String> {
        let canister = Canister::install(wasm, arg).map_err(|e| e.to_string())?;
        self.canisters.push(canister);
        Ok(CanisterId(self.canisters.len() - 1))
    }

    fn query(&mut self, id: CanisterId, method: &str, arg: &[u8]) -> Result<Outcome, String> {
        from_meter(self.canister(id)?.query(method, arg))
    }

    fn update(&mut self, id: CanisterId, method: &str, arg: &[u8]) -> Result<Outcome, String> {
        from_meter(self.canister(id)?.update(method, arg))
    }
}

/// The real replica, through the `pocket-ic` crate and the server binary at `POCKET_IC_BIN`.
pub struct PocketIcBackend {
    pic: pocket_ic::PocketIc,
    canisters: Vec<candid::Principal>,
}

impl PocketIcBackend {
    /// Starts a PocketIC instance with one application subnet. The `pocket-ic` crate finds the
    /// server through `POCKET_IC_BIN`.
    pub fn new() -> Result<Self, String> {
        let bin = std::env::var_os("POCKET_IC_BIN").ok_or("POCKET_IC_BIN is not set")?;
        if !std::path::Path::new(&bin).is_file() {
            return Err(format!("POCKET_IC_BIN={} is not a file", bin.to_string_lossy()));
        }
        let pic = std::panic::catch_unwind(pocket_ic::PocketIc::new)
            .map_err(|_| "the PocketIC server did not start".to_string())?;
        Ok(PocketIcBackend { pic, canisters: Vec::new() })
    }

    fn principal(&self, id: CanisterId) -> Result<candid::Principal, String> {
        self.canisters.get(id.0).copied().ok_or_else(|| format!("no canister {}", id.0))
    }
}

fn from_pocket_ic(result: Result<Vec<u8>, pocket_ic::RejectResponse>) -> Outcome {
    Outcome { response: result.map_err(|r| r.reject_message), instructions: None }
}

impl Backend for PocketIcBackend {
    fn name(&self) -> &'static str {
        "pocket-ic"
    }

    fn install(&mut self, wasm: &[u8], arg: &[u8]) -> Result<CanisterId, String> {
        let id = self.pic.create_canister();
        self.pic.add_cycles(id, 100_000_000_000_000);
        self.pic.install_canister(id, wasm.to_vec(), arg.to_vec(), None);
        self.canisters.push(id);
        Ok(CanisterId(self.canisters.len() - 1))
    }

    fn query(&mut self, id: CanisterId, method: &str, arg: &[u8]) -> Result<Outcome, String> {
        let p = self.principal(id)?;
        Ok(from_pocket_ic(self.pic.query_call(p, candid::Principal::anonymous(), method, arg.to_vec())))
    }

    fn update(&mut self, id: CanisterId, method: &str, arg: &[u8]) -> Result<Outcome, String> {
        let p = self.principal(id)?;
        Ok(from_pocket_ic(self.pic.update_call(p, candid::Principal::anonymous(), method, arg.to_vec())))
    }
}

/// PocketIC when `POCKET_IC_BIN` is set, the meter otherwise. A `POCKET_IC_BIN` that does not
/// start a server is an error, not a silent fallback.
pub fn backend_from_env() -> Result<Box<dyn Backend>, String> {
    if std::env::var_os("POCKET_IC_BIN").is_some() {
        Ok(Box::new(PocketIcBackend::new()?))
    } else {
        Ok(Box::new(MeterBackend::new()))
    }
}

/// Candid encoding of the empty argument list.
pub const EMPTY_ARGS: &[u8] = b"DIDL\x00\x00";
