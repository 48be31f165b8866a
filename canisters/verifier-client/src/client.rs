//! Typed inter-canister calls to the verifier.

use crate::eth_light_client::*;
use crate::methods;
use crate::service::{PriceArgs, Units, REFERENCE_SUBNET_NODES};
use crate::types::*;
use candid::utils::ArgumentEncoder;
use candid::{CandidType, Principal};
use ic_cdk::call::{Call, Error as CallError};
use serde::de::DeserializeOwned;

/// The verifier canister, seen from another canister.
///
/// Each method calls the verifier's paid update twin (`..._update`), which runs after
/// consensus, with its price attached: the verifier keeps what the call spent and refunds the
/// rest. (A query method called from a canister would run replicated, where the verifier
/// cannot keep cycles, so it serves only its controllers and allow-list.) The price is
/// computed here with the same code as the verifier's ([`methods::price`]); an input over the
/// verifier's caps is answered `Ok(Err(InputTooLarge))` without a call.
///
/// Calls are bounded-wait (best-effort responses): a call the system cannot deliver in time
/// ends with an error instead of holding the caller's state open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifierClient {
    /// The verifier canister's id.
    pub canister_id: Principal,
    /// The size of the verifier's subnet (its install argument's `subnet_nodes`), which scales
    /// prices: 13 unless [`VerifierClient::on_subnet_of`] says otherwise.
    pub subnet_nodes: u32,
}

/// A verifier method's answer, once the call went through.
pub type Answer<T> = Result<T, Error>;

impl VerifierClient {
    /// A client of the verifier at `canister_id`, on a 13-node subnet.
    pub fn new(canister_id: Principal) -> VerifierClient {
        VerifierClient { canister_id, subnet_nodes: REFERENCE_SUBNET_NODES }
    }

    /// The same client, for a verifier on a subnet of `nodes` nodes.
    pub fn on_subnet_of(self, nodes: u32) -> VerifierClient {
        VerifierClient { subnet_nodes: nodes, ..self }
    }

    /// Calls `method` with `args` and `cycles` attached, and decodes its single reply value.
    pub async fn call<A: ArgumentEncoder, R: CandidType + DeserializeOwned>(
        &self,
        method: &str,
        args: A,
        cycles: u128,
    ) -> Result<R, CallError> {
        let response = Call::bounded_wait(self.canister_id, method).with_args(&args).with_cycles(cycles).await?;
        Ok(response.candid::<R>()?)
    }

    /// Calls the paid `method` with its price for `units` attached (nothing for a free one).
    async fn paid<A: ArgumentEncoder, T: CandidType + DeserializeOwned>(
        &self,
        method: &str,
        units: Result<Option<Units>, Error>,
        args: A,
    ) -> Result<Answer<T>, CallError> {
        match units.and_then(|units| units.map_or(Ok(0), |units| methods::price(method, &units, self.subnet_nodes))) {
            Ok(price) => self.call(method, args, price).await,
            Err(e) => Ok(Err(e)),
        }
    }
}

/// The typed calls, one per row of the method table ([`crate::methods`]) that has a paid update
/// or is free: each calls the paid update (`_update` twin, or the update itself) with its price.
macro_rules! typed_calls {
    ($(
        $kind:ident [$($twin:ident $tdocs:tt)?] [$($paid:ident)?] $name:ident [$(#[doc = $doc:literal])*] $args:tt
            [$reply:ty] [|$($uarg:ident : $uty:ty),*| $units:expr] $models:tt $body:tt;
    )*) => {
        impl VerifierClient {$(
            typed_calls!(@call [$kind $($twin)? $(paid $paid)?] $(#[doc = $doc])* $name -> $reply, |$($uarg: $uty),*| $units);
        )*}
    };
    // A free query: called with no cycles.
    (@call [query] $(#[$doc:meta])* $name:ident -> $reply:ty, |$($uarg:ident : $uty:ty),*| $units:expr) => {
        $(#[$doc])*
        pub async fn $name(&self, $($uarg: $uty),*) -> Result<$reply, CallError> {
            self.call(stringify!($name), ($($uarg,)*), 0).await
        }
    };
    // A query with its paid twin, or an update: the paid method with its price.
    (@call [$kind:ident $($paid:ident)?] $(#[$doc:meta])* $name:ident -> $reply:ty, |$($uarg:ident : $uty:ty),*| $units:expr) => {
        $(#[$doc])*
        // The row's units are a closure literal, called here on the arguments.
        #[allow(clippy::redundant_closure_call)]
        pub async fn $name(&self, $($uarg: $uty),*) -> Result<$reply, CallError> {
            let units = (|$($uarg: $uty),*| $units)($($uarg),*);
            self.paid(typed_calls!(@paid $name $($paid)?), units, ($($uarg,)*)).await
        }
    };
    // A query paid by another row's twin: called through that row.
    (@call [query paid $paid:ident] $($rest:tt)*) => {};
    (@paid $name:ident) => { stringify!($name) };
    (@paid $name:ident $twin:ident) => { stringify!($twin) };
}

crate::verifier_methods!(typed_calls);
