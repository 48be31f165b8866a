//! Every method's way in and out: what a call may cost before it starts, who pays, and what is
//! charged.
//!
//! In order, before any point is decoded:
//!
//! 1. The argument's size, read without copying it, against [`MAX_ARGUMENT_BYTES`].
//! 2. A pass over the argument's structure ([`crate::candid_guard`]) that refuses recursive
//!    wire types and more than [`crate::candid_guard::MAX_VALUES`] values, for about 50
//!    instructions a value, before Candid builds anything; then Candid decoding with quotas: the
//!    decoding quota grows with the argument's length (a valid argument costs about 4 units per
//!    byte, so work is in proportion to what the sender sent), the skipping quota is small
//!    (extra fields and arguments are not decoded), and the type table is bounded. A malformed
//!    or over-quota argument is rejected (`msg_reject`), never a trap.
//! 3. The method's caps for its context (query or update), from the input's sizes: a typed
//!    [`Error::InputTooLarge`] that names the cap.
//! 4. Who pays. A non-replicated query is free. A query method executed in replicated mode
//!    (an inter-canister call, or an ingress update that `canister_inspect_message` let
//!    through) cannot keep cycles (the replica discards a replicated query's state and
//!    refunds what was attached), so it serves controllers and the allow-list only and tells
//!    anyone else where to pay ([`Error::PaymentRequired`]). An update method needs its price
//!    attached unless the caller is a controller or allow-listed
//!    ([`Error::InsufficientCycles`]).
//! 5. The work, then the answer. An update accepts what the message spent (the performance
//!    counter at the end, plus the reply and the heap pages every update writes, converted by
//!    [`service::cycles_for_instructions`](icbls_verifier_client::service::cycles_for_instructions)),
//!    at most what was attached; the rest is refunded by the system. Refusals are charged the
//!    same way: a refusal spends little.

use crate::config;
use candid::utils::ArgumentDecoder;
use candid::{CandidType, DecoderConfig, Principal};
use icbls_verifier_client::service::{cycles_for_instructions, Context, Units, MAX_ARGUMENT_BYTES, MAX_REPLY_BYTES};
use icbls_verifier_client::{methods, CyclesShortfall, Error, LimitExceeded, PaidMethod};

/// Decoding-quota units allowed per byte of argument. Valid arguments cost about 4 units per
/// byte (a blob byte costs 4, list and record framing a few more per element); inputs made of
/// many empty values cost more per byte and are refused before they cost much to decode.
pub const DECODING_UNITS_PER_BYTE: usize = 6;
/// Decoding-quota units every argument may use whatever its length (headers, small fields).
pub const DECODING_UNITS_BASE: usize = 50_000;
/// Units for skipping values the method does not take (extra fields, extra arguments).
pub const SKIPPING_QUOTA: usize = 10_000;
/// The most entries in the argument's type table (the largest argument type has fewer than 16).
pub const MAX_TYPE_TABLE_ENTRIES: usize = crate::candid_guard::MAX_TYPE_TABLE_ENTRIES;
/// The most bytes of the argument's type-table header.
pub const MAX_HEADER_BYTES: usize = 4096;
/// Instructions a reply costs beyond the counter read before it: the System API overheads of
/// accepting cycles, appending and replying, and 50 per reply byte.
const REPLY_OVERHEAD_INSTRUCTIONS: u64 = 4_000;
const REPLY_INSTRUCTIONS_PER_BYTE: u64 = 50;
/// The replica's charge, after the message, for the heap pages an update wrote (1,000
/// instructions per 4 KiB page, `dirty_page_overhead`), which no counter shows the canister:
/// the 14 pages every update of this canister writes at least (its stack, the allocator's and
/// the decoder's state; 15 to 50 in `canisters/verifier/tests/price.rs`). What a call writes
/// beyond them (up to about 4 pages per argument kilobyte for certificates of empty forks) is
/// not charged: under 1% of what such a call pays.
const DIRTY_PAGES_ALLOWANCE_INSTRUCTIONS: u64 = 14 * 1_000;

/// How the current message runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A query method, non-replicated: free, answered by one replica.
    Query,
    /// A query method executed in replicated mode.
    ReplicatedQuery,
    /// An update method.
    Update,
}

impl Mode {
    /// The current message's mode, for a method exported as a query or an update.
    pub fn current(update_method: bool) -> Mode {
        match (update_method, ic_cdk::api::in_replicated_execution()) {
            (true, _) => Mode::Update,
            (false, true) => Mode::ReplicatedQuery,
            (false, false) => Mode::Query,
        }
    }

    /// The caps that apply: a query's (5 billion instructions) or an update's (40 billion).
    pub fn context(self) -> Context {
        match self {
            Mode::Update => Context::Update,
            _ => Context::Query,
        }
    }
}

/// A method as [`serve`] sees it.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// Its name in `verifier.did`.
    pub name: &'static str,
    /// Exported as an update method (else a query).
    pub update: bool,
}

/// A method's reply type: how a refusal is told in it.
pub trait Answer: CandidType {
    /// The reply for a refusal, or `None` when the reply type cannot hold an error (the call
    /// is then rejected with the error's text).
    fn from_error(e: Error) -> Option<Self>
    where
        Self: Sized;
}

impl<T: CandidType> Answer for Result<T, Error> {
    fn from_error(e: Error) -> Option<Self> {
        Some(Err(e))
    }
}

impl Answer for String {
    fn from_error(_: Error) -> Option<Self> {
        None
    }
}

/// The decoder settings for an argument of `len` bytes.
pub fn decoder_config(len: usize) -> DecoderConfig {
    let mut config = DecoderConfig::new();
    config
        .set_decoding_quota(DECODING_UNITS_BASE.saturating_add(DECODING_UNITS_PER_BYTE.saturating_mul(len)))
        .set_skipping_quota(SKIPPING_QUOTA)
        .set_max_type_len(MAX_TYPE_TABLE_ENTRIES)
        .set_max_header_len(MAX_HEADER_BYTES)
        .set_full_error_message(false);
    config
}

/// The prefix of the reject message for an argument that does not decode.
pub const CANDID_REJECT_PREFIX: &str = "icbls verifier: the argument is not valid Candid for";

/// Whether `caller` is served free: a controller, or on the allow-list.
pub fn privileged(caller: &Principal) -> bool {
    config::allowed(caller) || ic_cdk::api::is_controller(caller)
}

/// Runs one call of `spec`: checks, decodes, admits, runs `run` and answers (see the module
/// documentation). `units` gives the input's sizes for the caps and the price (and may refuse
/// the input with a typed error of its own); `None` marks a free method (`version`, `price`).
pub fn serve<A, O>(spec: Spec, units: impl FnOnce(&A) -> Result<Option<Units>, Error>, run: impl FnOnce(A, Mode) -> O)
where
    A: for<'a> ArgumentDecoder<'a>,
    O: Answer,
{
    let mode = Mode::current(spec.update);
    match admit(spec, mode, units) {
        Ok(args) => reply(mode, &run(args, mode)),
        Err(Refusal::Reject(reject)) => refuse(mode, &reject),
        Err(Refusal::Error(e)) => match O::from_error(e.clone()) {
            Some(answer) => reply(mode, &answer),
            None => refuse(mode, &e.to_string()),
        },
    }
}

/// Why a call does not run.
enum Refusal {
    /// A typed error, answered in the method's reply type.
    Error(Error),
    /// A reject (the argument is not an instance of the method's type).
    Reject(String),
}

impl From<Error> for Refusal {
    fn from(e: Error) -> Refusal {
        Refusal::Error(e)
    }
}

/// Steps 1 to 4: the decoded argument, if the call may run.
fn admit<A>(spec: Spec, mode: Mode, units: impl FnOnce(&A) -> Result<Option<Units>, Error>) -> Result<A, Refusal>
where
    A: for<'a> ArgumentDecoder<'a>,
{
    // 1. The size, before copying the argument.
    let size = ic0::msg_arg_data_size() as u64;
    if size > MAX_ARGUMENT_BYTES {
        return Err(Error::InputTooLarge(LimitExceeded {
            field: "argument".into(),
            limit: MAX_ARGUMENT_BYTES,
            actual: size,
        })
        .into());
    }
    // 2. Candid, with quotas.
    let bytes = ic_cdk::api::msg_arg_data();
    let bytes: &[u8] = if bytes.is_empty() { b"DIDL\x00\x00" } else { &bytes };
    if let Err(e) = crate::candid_guard::check(bytes) {
        return Err(Refusal::Reject(format!("{CANDID_REJECT_PREFIX} {}: {e}", spec.name)));
    }
    let args: A = match candid::utils::decode_args_with_config(bytes, &decoder_config(bytes.len())) {
        Ok(args) => args,
        Err(e) => return Err(Refusal::Reject(format!("{CANDID_REJECT_PREFIX} {}: {e}", spec.name))),
    };
    // 3. Caps.
    let Some(units) = units(&args)? else {
        return Ok(args);
    };
    let model = methods::model(spec.name, units.address)?;
    model.check_caps(&units, mode.context())?;
    // 4. Who pays.
    match mode {
        Mode::Query => {}
        Mode::ReplicatedQuery => {
            if !privileged(&ic_cdk::api::msg_caller()) {
                let method = methods::paid_by(spec.name).unwrap_or(spec.name).to_string();
                let price = methods::price(&method, &units, config::subnet_nodes())?;
                return Err(Error::PaymentRequired(PaidMethod { method, price }).into());
            }
        }
        Mode::Update => {
            if !privileged(&ic_cdk::api::msg_caller()) {
                let price = methods::price(spec.name, &units, config::subnet_nodes())?;
                let attached = ic_cdk::api::msg_cycles_available();
                if attached < price {
                    return Err(Error::InsufficientCycles(CyclesShortfall { price, attached }).into());
                }
            }
        }
    }
    Ok(args)
}

/// Accepts, in an update, what the message has spent (including a reply of `reply_len` bytes),
/// at most what the caller attached.
fn charge(mode: Mode, reply_len: usize) {
    if mode != Mode::Update {
        return;
    }
    let available = ic_cdk::api::msg_cycles_available();
    if available == 0 {
        return;
    }
    let instructions = ic_cdk::api::performance_counter(0)
        .saturating_add(DIRTY_PAGES_ALLOWANCE_INSTRUCTIONS)
        .saturating_add(REPLY_OVERHEAD_INSTRUCTIONS)
        .saturating_add(REPLY_INSTRUCTIONS_PER_BYTE.saturating_mul(reply_len as u64));
    let spent = cycles_for_instructions(instructions, config::subnet_nodes());
    ic_cdk::api::msg_cycles_accept(spent.min(available));
}

fn reply<O: CandidType>(mode: Mode, answer: &O) {
    match candid::encode_one(answer) {
        Ok(bytes) if bytes.len() as u64 <= MAX_REPLY_BYTES => {
            charge(mode, bytes.len());
            ic_cdk::api::msg_reply(bytes);
        }
        Ok(bytes) => refuse(
            mode,
            &format!("icbls verifier: the reply would be {} bytes, over the {MAX_REPLY_BYTES}-byte limit", bytes.len()),
        ),
        Err(e) => refuse(mode, &format!("icbls verifier: cannot encode the reply: {e}")),
    }
}

fn refuse(mode: Mode, message: &str) {
    charge(mode, message.len());
    ic_cdk::api::msg_reject(message);
}
