//! # icbls-verifier-client
//!
//! The Candid types of the icbls verifier canister and, with the default `call` feature, a
//! typed client for calling it from another canister. The verifier canister is built on these
//! same types, so caller and canister cannot drift apart.
//!
//! Every verifier method answers `Result<T, Error>` ([`Error`] names the argument at fault and
//! the check it failed); a client method answers `Ok(that)` when the call went through and
//! `Err` when it did not (rejected, out of cycles, reply undecodable).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod eth_light_client;
mod types;
pub use eth_light_client::*;
pub use types::*;

pub mod methods;
pub mod service;
pub use service::{InitArgs, PriceArgs};

#[cfg(feature = "call")]
mod client;
#[cfg(feature = "call")]
pub use client::VerifierClient;

// The README's example is compiled as a doctest.
#[cfg(all(doctest, feature = "call"))]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
