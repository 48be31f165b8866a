//! The icbls verifier canister: BLS12-381 verification entry points over Candid, run as a
//! public service.
//!
//! Every method is a query (free, answered by one replica) with an update twin named
//! `..._update` (answered by the subnet after consensus, for inputs over a query's 5 billion
//! instructions, and for callers who need a verdict they can trust), except the per-precompile
//! methods, whose twin is `eip2537_call_update`. Who may call what, and who pays:
//!
//! * Ingress update calls (including query methods called as updates) pass
//!   `canister_inspect_message` only from controllers and the allow-list of the install
//!   argument ([`InitArgs`]): an ingress message is paid by the canister.
//! * Other canisters call the update methods with cycles attached: at least the price (the
//!   `price` query, or [`icbls_verifier_client::methods::price`]), of which the method keeps
//!   what it spent. A query method called by a canister (replicated) cannot keep cycles, so
//!   it answers [`Error::PaymentRequired`] unless the caller is a controller or allow-listed.
//! * Every input is checked against caps before heavy work, and Candid decoding is bounded
//!   (see [`service`]).
//!
//! A method never traps on a value it was given: malformed bytes, points off the curve or
//! outside the subgroup, failed checks and refusals come back as `Err` with the argument at
//! fault; an argument that is not valid Candid for the method is rejected. The interface is
//! `verifier.did`.

mod calls;
pub mod candid_guard;
mod config;
mod delegations;
mod eth_light_client;
mod interface;
mod pop_cache;
pub mod service;
mod sync_committees;

use candid::candid_method;
use ic_cdk::{init, inspect_message, post_upgrade, query, update};
use icbls_verifier_client::*;
use service::{serve, Mode, Spec};

/// Installs the canister with its allow-list, subnet size, sync-committee slots and Ethereum
/// light client (all optional).
#[init]
fn init(args: Option<InitArgs>) {
    configure(args.unwrap_or_default());
}

/// An upgrade keeps the stored install argument, with the fields its own argument gives
/// replaced ([`InitArgs::merged`]).
#[post_upgrade]
fn post_upgrade(args: Option<InitArgs>) {
    let stored = config::stored().unwrap_or_default();
    configure(match args {
        Some(upgrade) => stored.merged(upgrade),
        None => stored,
    });
}

/// Takes `args` as the configuration and loads the sync-committee and light-client stores, or
/// traps, which leaves the canister as it was before the installation or upgrade: an argument
/// the verifier cannot keep ([`InitArgs::check`]), or fewer slots than the stored committees
/// occupy.
fn configure(args: InitArgs) {
    if let Err(e) = config::set(args) {
        ic_cdk::trap(format!("icbls verifier: the install argument is refused: {e}"));
    }
    let (slots, occupied) = (config::sync_committee_slots(), sync_committees::occupied_slots());
    if slots < occupied {
        ic_cdk::trap(format!(
            "icbls verifier: the install argument is refused: sync_committee_slots: {slots}, but the stored \
             committees occupy {occupied} slots; give at least {occupied}"
        ));
    }
    sync_committees::load(slots);
    eth_light_client::load();
}

/// Ingress update calls are paid by the canister, so only its controllers and the allow-list
/// may send them; everyone else calls queries, or the update methods from a canister with
/// cycles. (Queries and calls from canisters do not pass here.)
#[inspect_message]
fn inspect_message() {
    if service::privileged(&ic_cdk::api::msg_caller()) {
        ic_cdk::api::accept_message();
    }
}

/// Exports each row of the method table ([`icbls_verifier_client::methods`]): the method as the
/// `.did` declares it (a function with its doc comment, for `export_candid!`), its entry point
/// (in a module of the same name: [`serve`] with the row's units and handler), and for
/// `[query, twin NAME]` the paid update twin beside it.
macro_rules! export_methods {
    ($(
        $kind:ident [$($twin:ident [$(#[doc = $tdoc:literal])*])?] $paid:tt $name:ident [$(#[doc = $doc:literal])*]
            [$($arg:ident : $ty:ty),*] [$reply:ty] [|$($uarg:ident : $uty:ty),*| $units:expr] $models:tt [$body:expr];
    )*) => {$(
        $(#[doc = $doc])*
        #[candid_method($kind)]
        fn $name($($arg: $ty),*) -> $reply {
            $body
        }

        export_methods!(@entry $kind $name ($($arg: $ty),*) |$($uarg: $uty),*| $units);

        export_methods!(@twin $name [$($twin $(#[doc = $tdoc])*)?] ($($arg: $ty),*) -> $reply, |$($uarg: $uty),*| $units);
    )*};
    (@entry $kind:ident $name:ident ($($arg:ident : $ty:ty),*) |$($uarg:ident : $uty:ty),*| $units:expr) => {
        mod $name {
            use super::*;

            // The row's units are a closure literal, called here on the decoded arguments.
            #[allow(clippy::redundant_closure_call)]
            #[$kind(hidden = true, manual_reply = true)]
            fn $name() {
                serve(
                    Spec { name: stringify!($name), update: export_methods!(@is_update $kind) },
                    |($($arg,)*): &($($ty,)*)| (|$($uarg: $uty),*| $units)($($arg),*),
                    |($($arg,)*), _: Mode| super::$name($($arg),*),
                );
            }
        }
    };
    (@twin $name:ident [] $($rest:tt)*) => {};
    (@twin $name:ident [$twin:ident $(#[doc = $tdoc:literal])*] ($($arg:ident : $ty:ty),*) -> $reply:ty, |$($uarg:ident : $uty:ty),*| $units:expr) => {
        $(#[doc = $tdoc])*
        #[candid_method(update)]
        fn $twin($($arg: $ty),*) -> $reply {
            $name($($arg),*)
        }

        export_methods!(@entry update $twin ($($arg: $ty),*) |$($uarg: $uty),*| $units);
    };
    (@is_update query) => { false };
    (@is_update update) => { true };
}

icbls_verifier_client::verifier_methods!(export_methods);

/// The Candid interface this Wasm exports, its reply types named ([`interface`]), for the test
/// that compares it with the checked-in `.did` file. Hidden from the interface itself.
#[query(hidden = true, manual_reply = true)]
fn candid_interface() {
    serve(
        Spec { name: "candid_interface", update: false },
        |(): &()| Ok(None),
        |(), _| interface::with_named_results(&__export_service()),
    );
}

ic_cdk::export_candid!();
