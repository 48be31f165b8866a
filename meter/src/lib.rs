//! # icbls-meter
//!
//! Runs Internet Computer canister Wasm offline and counts IC instructions exactly as the
//! replica charges them, so benchmarks and canister tests run on any machine.
//!
//! * [`validate`] runs the checks the replica runs before it installs a module (System API
//!   imports, exports, limits on functions, globals, custom sections and function complexity,
//!   the Wasm features it takes), so a module the IC would refuse is refused here too.
//! * [`instrument`] rewrites the module with the replica's metering scheme: per basic block,
//!   the operator weights of `meter/ic-cost-table.md`, bulk-memory byte counts, and a limit
//!   check at every function entry and loop header.
//! * [`Canister`] runs the instrumented module on [`wasmtime`] (compiled by Cranelift with NaN
//!   canonicalisation, as the replica runs canisters; the counts come from the instrumentation,
//!   not the engine) with host implementations of the `ic0` System API, which add their fixed
//!   overheads and byte charges to the same counter.
//! * [`Canister::profile`] runs a call with profiling hooks ([`profile`]): instructions by
//!   function, inclusive and exclusive, and folded stacks for a flame graph, on any canister
//!   Wasm; the call counts exactly the instructions of an unprofiled call.
//! * Queries are limited to 5 billion instructions, updates to 40 billion, `canister_init` and
//!   upgrades to 300 billion and `canister_inspect_message` to 200 million; passing the limit
//!   ends the call with [`Error::InstructionLimitExceeded`].
//! * Calls come from an [`Origin`]: an ingress message from a principal (update calls pass
//!   through `canister_inspect_message`, which must call `ic0.accept_message`) or a call from
//!   another canister with cycles attached (`ic0.msg_cycles_available128` and
//!   `ic0.msg_cycles_accept128`; what is not accepted is refunded, and [`CallOutcome`] says how
//!   much was kept and refunded). A query method called as an update runs in replicated mode
//!   (`ic0.in_replicated_execution` is 1), keeps no state and no cycles.
//!
//! ```no_run
//! use icbls_meter::Canister;
//! let wasm = std::fs::read("canister.wasm").unwrap();
//! let mut canister = Canister::install(&wasm, b"DIDL\x00\x00").unwrap();
//! let outcome = canister.query("version", b"DIDL\x00\x00").unwrap();
//! println!("{} instructions", outcome.instructions);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod canister;
pub mod cost;
pub mod instrument;
pub mod profile;
mod system_api;
pub mod validation;

pub use canister::{CallKind, CallOutcome, Canister, Origin, ProfiledCall, Response};
pub use profile::{FunctionCost, Profile, Stack};
pub use validation::{validate, FunctionFigure, ValidationError, ValidationReport};

/// The most instructions one query may execute.
pub const QUERY_LIMIT: u64 = 5_000_000_000;
/// The most instructions one update may execute (with deterministic time slicing).
pub const UPDATE_LIMIT: u64 = 40_000_000_000;
/// The most instructions `canister_init` (or an upgrade) may execute.
pub const INSTALL_LIMIT: u64 = 300_000_000_000;
/// The most instructions `canister_inspect_message` may execute.
pub const INSPECT_MESSAGE_LIMIT: u64 = 200_000_000;

/// Why the meter could not run a call to the end.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The bytes are not a Wasm module the meter can run; the text says what is wrong.
    InvalidWasm(String),
    /// The IC would refuse to install the module; the error says which rule it breaks.
    InvalidModule(ValidationError),
    /// The module imports something the meter cannot provide.
    UnsupportedImport(String),
    /// The canister exports no such method (`canister_query <name>` or `canister_update <name>`).
    MethodNotFound(String),
    /// The canister trapped: through `ic0.trap` (a panic in Rust canisters) or a Wasm trap.
    Trapped {
        /// The trap message or the Wasm trap's description.
        message: String,
        /// Instructions executed before the trap.
        instructions: u64,
    },
    /// The call passed its instruction limit.
    InstructionLimitExceeded {
        /// The limit that was passed.
        limit: u64,
        /// Instructions counted when the meter stopped the call (a little over the limit).
        instructions: u64,
    },
    /// The method returned without calling `ic0.msg_reply` or `ic0.msg_reject`.
    NoResponse {
        /// Instructions the call executed.
        instructions: u64,
    },
    /// `canister_inspect_message` refused an ingress update call (it did not call
    /// `ic0.accept_message`, or it trapped): the method did not run. On the IC the sender's
    /// HTTP request fails and nobody pays for the message.
    MessageRefused {
        /// Why.
        reason: String,
        /// Instructions `canister_inspect_message` executed.
        instructions: u64,
    },
    /// A query call carried cycles: only update calls (and query methods called as updates)
    /// can.
    CyclesOnQuery,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::InvalidWasm(why) => write!(f, "invalid Wasm module: {why}"),
            Error::InvalidModule(why) => write!(f, "the IC would not install this module: {why}"),
            Error::UnsupportedImport(what) => write!(f, "unsupported import: {what}"),
            Error::MethodNotFound(m) => write!(f, "the canister has no method {m:?}"),
            Error::Trapped { message, instructions } => {
                write!(f, "canister trapped after {instructions} instructions: {message}")
            }
            Error::InstructionLimitExceeded { limit, instructions } => {
                write!(f, "instruction limit exceeded: the limit is {limit}, {instructions} were counted")
            }
            Error::NoResponse { instructions } => {
                write!(f, "the canister did not reply to the call ({instructions} instructions executed)")
            }
            Error::MessageRefused { reason, instructions } => write!(
                f,
                "the ingress message was refused by canister_inspect_message ({instructions} instructions): {reason}"
            ),
            Error::CyclesOnQuery => f.write_str("a query call cannot carry cycles"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::InvalidModule(why) => Some(why),
            _ => None,
        }
    }
}
