//! A small [`Backend`] trait (install, upgrade, calls from a [`Sender`], instructions) with two
//! implementations: the offline meter ([`MeterBackend`], the default) and PocketIC
//! (`PocketIcBackend`, with the `pocket-ic` feature), chosen by [`backend_from_env`] when
//! `POCKET_IC_BIN` names a server binary. The bench runner and every canister test are written
//! once against it.

use candid::Principal;
pub use icbls_meter::CallKind;
use icbls_meter::{Canister, Origin, Response};

/// A canister installed on a backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CanisterId(pub usize);

/// What a call returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The reply bytes, or the reject message (an ingress message refused by
    /// `canister_inspect_message` is an `Err` whose text starts with [`REFUSED_BY_INSPECT`] on
    /// the meter).
    pub response: Result<Vec<u8>, String>,
    /// IC instructions the whole message executed, where the backend can tell (the meter can;
    /// PocketIC does not report it per call). Bench methods report their own figure in the
    /// reply, which both backends agree on.
    pub instructions: Option<u64>,
    /// For a call from a canister with cycles: what the callee kept and what went back.
    pub cycles: Option<CyclesOutcome>,
}

/// The cycles of a call from a canister, after it ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CyclesOutcome {
    /// Kept by the callee.
    pub accepted: u128,
    /// Returned to the caller.
    pub refunded: u128,
}

/// Who sends a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sender {
    /// A user's ingress message (update calls pass the callee's `canister_inspect_message`).
    User(Principal),
    /// Another canister, with cycles attached.
    Canister {
        /// The caller's id.
        id: Principal,
        /// Cycles attached to the call.
        cycles: u128,
    },
}

/// The start of the reject text for an ingress message that `canister_inspect_message` refused.
pub const REFUSED_BY_INSPECT: &str = "refused by canister_inspect_message";

/// A place to run canisters: the tests and the bench runner are written once against this.
pub trait Backend {
    /// A short name for reports: `meter` or `pocket-ic`.
    fn name(&self) -> &'static str;
    /// Installs `wasm` with the raw Candid init argument `arg`; the first of `controllers`
    /// installs it.
    fn install_with_controllers(
        &mut self,
        wasm: &[u8],
        arg: &[u8],
        controllers: &[Principal],
    ) -> Result<CanisterId, String>;
    /// Upgrades canister `id` to `wasm` with the raw Candid argument `arg` (sent by its first
    /// controller).
    fn upgrade(&mut self, id: CanisterId, wasm: &[u8], arg: &[u8]) -> Result<(), String>;
    /// Reinstalls canister `id` with `wasm` and the raw Candid argument `arg` (sent by its first
    /// controller): a fresh instance, with empty Wasm and stable memory.
    fn reinstall(&mut self, id: CanisterId, wasm: &[u8], arg: &[u8]) -> Result<(), String>;
    /// Calls `method` with raw Candid `arg` as a query or an update, from `sender`.
    fn call(
        &mut self,
        id: CanisterId,
        kind: CallKind,
        method: &str,
        arg: &[u8],
        sender: Sender,
    ) -> Result<Outcome, String>;
    /// Moves the clock (`ic0.time`) of every canister forward by `by`.
    fn advance_time(&mut self, by: std::time::Duration);

    /// Installs `wasm` with the anonymous principal as controller.
    fn install(&mut self, wasm: &[u8], arg: &[u8]) -> Result<CanisterId, String> {
        self.install_with_controllers(wasm, arg, &[Principal::anonymous()])
    }
    /// Calls query `method` with raw Candid `arg`, from the anonymous principal.
    fn query(&mut self, id: CanisterId, method: &str, arg: &[u8]) -> Result<Outcome, String> {
        self.call(id, CallKind::Query, method, arg, Sender::User(Principal::anonymous()))
    }
    /// Calls update `method` with raw Candid `arg`, an ingress message from the anonymous
    /// principal.
    fn update(&mut self, id: CanisterId, method: &str, arg: &[u8]) -> Result<Outcome, String> {
        self.call(id, CallKind::Update, method, arg, Sender::User(Principal::anonymous()))
    }
    /// Calls query `method` from the anonymous principal under the meter's profile mode
    /// (`icbls_meter::Canister::profile`), on the canister in the state it is in; `None` where
    /// the backend is not the meter.
    fn profile_query(&mut self, _id: CanisterId, _method: &str, _arg: &[u8]) -> Option<icbls_meter::ProfiledCall> {
        None
    }
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

    /// The meter's canister `id`, for what the [`Backend`] trait does not reach (its stable
    /// memory, its clock).
    pub fn canister(&mut self, id: CanisterId) -> Result<&mut Canister, String> {
        self.canisters.get_mut(id.0).ok_or_else(|| format!("no canister {}", id.0))
    }
}

fn from_meter(result: Result<icbls_meter::CallOutcome, icbls_meter::Error>, sender: Sender) -> Result<Outcome, String> {
    let outcome = match result {
        Ok(outcome) => outcome,
        // The message never ran: the sender's request fails, as on the IC.
        Err(icbls_meter::Error::MessageRefused { reason, instructions }) => {
            return Ok(Outcome {
                response: Err(format!("{REFUSED_BY_INSPECT}: {reason}")),
                instructions: Some(instructions),
                cycles: None,
            })
        }
        Err(e) => return Err(e.to_string()),
    };
    let response = match outcome.response {
        Response::Reply(bytes) => Ok(bytes),
        Response::Reject(message) => Err(message),
    };
    let cycles = match sender {
        Sender::Canister { .. } => {
            Some(CyclesOutcome { accepted: outcome.cycles_accepted, refunded: outcome.cycles_refunded })
        }
        Sender::User(_) => None,
    };
    Ok(Outcome { response, instructions: Some(outcome.instructions), cycles })
}

impl Backend for MeterBackend {
    fn name(&self) -> &'static str {
        "meter"
    }

    fn install_with_controllers(
        &mut self,
        wasm: &[u8],
        arg: &[u8],
        controllers: &[Principal],
    ) -> Result<CanisterId, String> {
        let controllers: Vec<Vec<u8>> = controllers.iter().map(|p| p.as_slice().to_vec()).collect();
        let canister = Canister::install_with_controllers(wasm, arg, &controllers).map_err(|e| e.to_string())?;
        self.canisters.push(canister);
        Ok(CanisterId(self.canisters.len() - 1))
    }

    fn upgrade(&mut self, id: CanisterId, wasm: &[u8], arg: &[u8]) -> Result<(), String> {
        self.canister(id)?.upgrade(wasm, arg).map(|_| ()).map_err(|e| e.to_string())
    }

    fn reinstall(&mut self, id: CanisterId, wasm: &[u8], arg: &[u8]) -> Result<(), String> {
        self.canister(id)?.reinstall(wasm, arg).map(|_| ()).map_err(|e| e.to_string())
    }

    fn call(
        &mut self,
        id: CanisterId,
        kind: CallKind,
        method: &str,
        arg: &[u8],
        sender: Sender,
    ) -> Result<Outcome, String> {
        let origin = match sender {
            Sender::User(p) => Origin::Ingress { sender: p.as_slice().to_vec() },
            Sender::Canister { id, cycles } => Origin::Canister { caller: id.as_slice().to_vec(), cycles },
        };
        from_meter(self.canister(id)?.call_from(kind, method, arg, &origin), sender)
    }

    fn advance_time(&mut self, by: std::time::Duration) {
        let by = u64::try_from(by.as_nanos()).unwrap_or(u64::MAX);
        for canister in &mut self.canisters {
            canister.set_time_ns(canister.time_ns().saturating_add(by));
        }
    }

    fn profile_query(&mut self, id: CanisterId, method: &str, arg: &[u8]) -> Option<icbls_meter::ProfiledCall> {
        let origin = Origin::Ingress { sender: Principal::anonymous().as_slice().to_vec() };
        Some(self.canisters.get_mut(id.0)?.profile_from(CallKind::Query, method, arg, &origin))
    }
}

/// The real replica, through the `pocket-ic` crate and the server binary at `POCKET_IC_BIN`
/// (with the `pocket-ic` feature).
#[cfg(feature = "pocket-ic")]
pub struct PocketIcBackend {
    pic: pocket_ic::PocketIc,
    canisters: Vec<candid::Principal>,
    /// Each canister's installer, who sends its upgrades.
    controllers: Vec<Option<Principal>>,
}

#[cfg(feature = "pocket-ic")]
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
        Ok(PocketIcBackend { pic, canisters: Vec::new(), controllers: Vec::new() })
    }

    fn principal(&self, id: CanisterId) -> Result<candid::Principal, String> {
        self.canisters.get(id.0).copied().ok_or_else(|| format!("no canister {}", id.0))
    }
}

#[cfg(feature = "pocket-ic")]
fn from_pocket_ic(result: Result<Vec<u8>, pocket_ic::RejectResponse>) -> Outcome {
    Outcome { response: result.map_err(|r| r.reject_message), instructions: None, cycles: None }
}

#[cfg(feature = "pocket-ic")]
impl Backend for PocketIcBackend {
    fn name(&self) -> &'static str {
        "pocket-ic"
    }

    fn install_with_controllers(
        &mut self,
        wasm: &[u8],
        arg: &[u8],
        controllers: &[Principal],
    ) -> Result<CanisterId, String> {
        let sender = controllers.first().copied();
        let settings = pocket_ic::CanisterSettings { controllers: Some(controllers.to_vec()), ..Default::default() };
        let id = self.pic.create_canister_with_settings(sender, Some(settings));
        self.pic.add_cycles(id, 100_000_000_000_000);
        self.pic.install_canister(id, wasm.to_vec(), arg.to_vec(), sender);
        self.canisters.push(id);
        self.controllers.push(sender);
        Ok(CanisterId(self.canisters.len() - 1))
    }

    fn upgrade(&mut self, id: CanisterId, wasm: &[u8], arg: &[u8]) -> Result<(), String> {
        let p = self.principal(id)?;
        let sender = self.controllers.get(id.0).copied().flatten();
        self.pic.upgrade_canister(p, wasm.to_vec(), arg.to_vec(), sender).map_err(|r| r.reject_message)
    }

    fn reinstall(&mut self, id: CanisterId, wasm: &[u8], arg: &[u8]) -> Result<(), String> {
        let p = self.principal(id)?;
        let sender = self.controllers.get(id.0).copied().flatten();
        self.pic.reinstall_canister(p, wasm.to_vec(), arg.to_vec(), sender).map_err(|r| r.reject_message)
    }

    /// Queries and ingress updates from any principal. A call from a canister with cycles
    /// would need a proxy canister on PocketIC to send it; it is refused with a clear error.
    fn call(
        &mut self,
        id: CanisterId,
        kind: CallKind,
        method: &str,
        arg: &[u8],
        sender: Sender,
    ) -> Result<Outcome, String> {
        let p = self.principal(id)?;
        let user = match sender {
            Sender::User(user) => user,
            Sender::Canister { .. } => {
                return Err("unsupported on the pocket-ic backend: calls from a canister with cycles need a proxy canister; run this test on the meter".into())
            }
        };
        Ok(from_pocket_ic(match kind {
            CallKind::Query => self.pic.query_call(p, user, method, arg.to_vec()),
            CallKind::Update => self.pic.update_call(p, user, method, arg.to_vec()),
        }))
    }

    fn advance_time(&mut self, by: std::time::Duration) {
        self.pic.advance_time(by);
    }
}

/// PocketIC when `POCKET_IC_BIN` is set, the meter otherwise. A `POCKET_IC_BIN` that does not
/// start a server is an error, not a silent fallback, and so is `POCKET_IC_BIN` in a build
/// without the `pocket-ic` feature (the error says how to add it).
pub fn backend_from_env() -> Result<Box<dyn Backend>, String> {
    if std::env::var_os("POCKET_IC_BIN").is_none() {
        return Ok(Box::new(MeterBackend::new()));
    }
    #[cfg(feature = "pocket-ic")]
    return Ok(Box::new(PocketIcBackend::new()?));
    #[cfg(not(feature = "pocket-ic"))]
    Err("POCKET_IC_BIN is set, but this build has no PocketIC backend: add `--features icbls-bench/pocket-ic` \
         to the cargo command (or unset POCKET_IC_BIN to use the meter)"
        .into())
}

/// Candid encoding of the empty argument list.
pub const EMPTY_ARGS: &[u8] = b"DIDL\x00\x00";
