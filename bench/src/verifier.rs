//! A typed client of the verifier canister over any [`Backend`], used by the canister tests,
//! the conformance runner and the per-endpoint table. The Candid types are the canister's own
//! (`icbls-verifier-client`), so the two cannot drift apart.

pub use icbls_verifier_client as types;

use candid::utils::ArgumentEncoder;
use candid::{CandidType, Principal};
use icbls_canister_build::build::{build_canisters, CanisterPackage};
use icbls_testkit::backend::{Backend, CallKind, CanisterId, CyclesOutcome, Sender, EMPTY_ARGS};
use serde::de::DeserializeOwned;
pub use types::*;

/// The verifier canister installed on a backend.
pub struct Verifier {
    /// Where it runs.
    pub backend: Box<dyn Backend>,
    /// Its id there.
    pub id: CanisterId,
    /// IC instructions of the last call, where the backend reports them (the meter does).
    pub last_instructions: Option<u64>,
    /// The cycles of the last call, when it came from a canister.
    pub last_cycles: Option<CyclesOutcome>,
    /// The Candid argument of the last call.
    pub last_arg: Vec<u8>,
    /// Who sends the calls of the typed methods below (the anonymous user by default, a
    /// controller of a canister installed with [`Verifier::install`]).
    pub sender: Sender,
}

/// How a call ended: the method's reply, or the reject (trap, instruction limit, bad argument).
pub type Reply<T> = Result<T, String>;

impl Verifier {
    /// Builds the verifier canister and installs it on `backend`, with the anonymous principal
    /// as its controller (which the calls below are sent as) and no install argument.
    pub fn install(backend: Box<dyn Backend>) -> Result<Verifier, String> {
        Verifier::install_with(backend, None, &[Principal::anonymous()])
    }

    /// Builds the verifier and installs it with the install argument `init` and these
    /// controllers. Calls are sent by the anonymous user.
    pub fn install_with(
        mut backend: Box<dyn Backend>,
        init: Option<InitArgs>,
        controllers: &[Principal],
    ) -> Result<Verifier, String> {
        let wasm = Verifier::wasm()?;
        let arg = candid::encode_one(init).map_err(|e| format!("cannot encode the install argument: {e}"))?;
        let id = backend.install_with_controllers(&wasm, &arg, controllers)?;
        let sender = Sender::User(Principal::anonymous());
        Ok(Verifier { backend, id, last_instructions: None, last_cycles: None, last_arg: Vec::new(), sender })
    }

    /// The verifier's Wasm as it ships.
    pub fn wasm() -> Result<Vec<u8>, String> {
        Ok(build_canisters(&[CanisterPackage::Verifier])?.remove(0))
    }

    /// Upgrades the canister to the current build, with the install argument `init` (none: the
    /// stored one is kept).
    pub fn upgrade(&mut self, init: Option<InitArgs>) -> Result<(), String> {
        let arg = match init {
            Some(args) => candid::encode_one(Some(args)).map_err(|e| e.to_string())?,
            None => EMPTY_ARGS.to_vec(),
        };
        let wasm = Verifier::wasm()?;
        self.backend.upgrade(self.id, &wasm, &arg)
    }

    /// Calls `method` with `args` as a query (or an update) from [`Verifier::sender`] and
    /// decodes the reply.
    pub fn call<A: ArgumentEncoder, R: CandidType + DeserializeOwned>(
        &mut self,
        method: &str,
        args: A,
        update: bool,
    ) -> Reply<R> {
        let arg = candid::encode_args(args).map_err(|e| format!("{method}: cannot encode the argument: {e}"))?;
        self.call_raw(method, &arg, update)
    }

    /// Calls `method` with `args` from `sender`.
    pub fn call_from<A: ArgumentEncoder, R: CandidType + DeserializeOwned>(
        &mut self,
        method: &str,
        args: A,
        kind: CallKind,
        sender: Sender,
    ) -> Reply<R> {
        let arg = candid::encode_args(args).map_err(|e| format!("{method}: cannot encode the argument: {e}"))?;
        self.call_raw_from(method, &arg, kind, sender)
    }

    /// Calls `method` with raw Candid bytes from [`Verifier::sender`].
    pub fn call_raw<R: CandidType + DeserializeOwned>(&mut self, method: &str, arg: &[u8], update: bool) -> Reply<R> {
        let kind = if update { CallKind::Update } else { CallKind::Query };
        self.call_raw_from(method, arg, kind, self.sender)
    }

    /// Calls `method` with raw Candid bytes from `sender`; the reject text is the `Err`.
    pub fn call_raw_from<R: CandidType + DeserializeOwned>(
        &mut self,
        method: &str,
        arg: &[u8],
        kind: CallKind,
        sender: Sender,
    ) -> Reply<R> {
        self.last_instructions = None;
        self.last_cycles = None;
        self.last_arg = arg.to_vec();
        let outcome = self.backend.call(self.id, kind, method, arg, sender)?;
        self.last_instructions = outcome.instructions;
        self.last_cycles = outcome.cycles;
        let reply = outcome.response?;
        candid::decode_one(&reply).map_err(|e| format!("{method}: cannot decode the reply: {e}"))
    }

    /// `price`: the cycles a paid call with inputs of these sizes needs attached.
    pub fn price(&mut self, args: PriceArgs) -> Reply<Result<u128, Error>> {
        self.call("price", (args,), false)
    }

    /// `version`.
    pub fn version(&mut self) -> Reply<String> {
        self.call("version", (), false)
    }

    /// `verify_certificate`.
    pub fn verify_certificate(&mut self, args: VerifyCertificateArgs) -> Reply<Result<VerifiedCertificate, Error>> {
        self.call("verify_certificate", (args,), false)
    }

    /// `pairing_check` (or `pairing_check_update`).
    pub fn pairing_check(&mut self, pairs: Vec<PairingPair>, update: bool) -> Reply<Result<bool, Error>> {
        let method = if update { "pairing_check_update" } else { "pairing_check" };
        self.call(method, (pairs,), update)
    }

    /// `bls_verify`.
    pub fn bls_verify(&mut self, args: BlsVerifyArgs) -> Reply<Result<(), Error>> {
        self.call("bls_verify", (args,), false)
    }

    /// `bls_verify_update`.
    pub fn bls_verify_update(&mut self, args: BlsVerifyArgs) -> Reply<Result<(), Error>> {
        self.call("bls_verify_update", (args,), true)
    }

    /// `bls_fast_aggregate_verify` (or its update).
    pub fn bls_fast_aggregate_verify(
        &mut self,
        args: FastAggregateVerifyArgs,
        update: bool,
    ) -> Reply<Result<(), Error>> {
        let method = if update { "bls_fast_aggregate_verify_update" } else { "bls_fast_aggregate_verify" };
        self.call(method, (args,), update)
    }

    /// `bls_aggregate_verify` (or its update).
    pub fn bls_aggregate_verify(&mut self, args: AggregateVerifyArgs, update: bool) -> Reply<Result<(), Error>> {
        let method = if update { "bls_aggregate_verify_update" } else { "bls_aggregate_verify" };
        self.call(method, (args,), update)
    }

    /// `bls_batch_verify` (or its update).
    pub fn bls_batch_verify(&mut self, args: BatchVerifyArgs, update: bool) -> Reply<Result<(), Error>> {
        let method = if update { "bls_batch_verify_update" } else { "bls_batch_verify" };
        self.call(method, (args,), update)
    }

    /// `eip2537_call` (or its update).
    pub fn eip2537_call(
        &mut self,
        address: u8,
        input: Vec<u8>,
        update: bool,
    ) -> Reply<Result<PrecompileOutput, Error>> {
        let method = if update { "eip2537_call_update" } else { "eip2537_call" };
        self.call(method, (address, input), update)
    }

    /// One of the per-precompile methods, e.g. `eip2537_g1_add`.
    pub fn eip2537_method(&mut self, method: &str, input: Vec<u8>) -> Reply<Result<PrecompileOutput, Error>> {
        self.call(method, (input,), false)
    }

    /// `kzg_point_evaluation`.
    pub fn kzg_point_evaluation(&mut self, input: Vec<u8>) -> Reply<Result<PrecompileOutput, Error>> {
        self.call("kzg_point_evaluation", (input,), false)
    }

    /// `hash_to_g1` or `hash_to_g2`.
    pub fn hash_to(&mut self, g2: bool, message: Vec<u8>, dst: Vec<u8>) -> Reply<Result<Vec<u8>, Error>> {
        let method = if g2 { "hash_to_g2" } else { "hash_to_g1" };
        self.call(method, (HashToCurveArgs::new(message, dst),), false)
    }

    /// `verify_canister_signature` (or its update): the certificate's time.
    pub fn verify_canister_signature(
        &mut self,
        args: CanisterSignatureArgs,
        update: bool,
    ) -> Reply<Result<VerifiedCanisterSignature, Error>> {
        let method = if update { "verify_canister_signature_update" } else { "verify_canister_signature" };
        self.call(method, (args,), update)
    }

    /// `drand_verify` (or `drand_verify_update`): the round's randomness.
    pub fn drand_verify(&mut self, args: DrandVerifyArgs, update: bool) -> Reply<Result<Vec<u8>, Error>> {
        let method = if update { "drand_verify_update" } else { "drand_verify" };
        self.call(method, (args,), update)
    }

    /// `register_sync_committee` (an update).
    pub fn register_sync_committee(
        &mut self,
        args: RegisterSyncCommitteeArgs,
    ) -> Reply<Result<RegisteredSyncCommittee, Error>> {
        self.call("register_sync_committee", (args,), true)
    }

    /// `verify_sync_aggregate` (or `verify_sync_aggregate_update`).
    pub fn verify_sync_aggregate(
        &mut self,
        args: SyncAggregateArgs,
        update: bool,
    ) -> Reply<Result<VerifiedSyncAggregate, Error>> {
        let method = if update { "verify_sync_aggregate_update" } else { "verify_sync_aggregate" };
        self.call(method, (args,), update)
    }
}

/// A principal from its text form, or the error naming it.
pub fn principal(text: &str) -> Result<Principal, String> {
    Principal::from_text(text).map_err(|e| format!("principal {text:?}: {e}"))
}
