//! What the tests, the bench and the bench canisters' builds share, in one place: where the
//! public test vectors are ([`vectors`]), the fixed inputs chosen from them ([`fixtures`]), and
//! the places canisters run in tests and benchmarks (`backend`, with the `backend` feature: the
//! offline meter, and PocketIC with `pocket-ic`).
//!
//! The public vectors are data taken from other repositories (go-ethereum, c-kzg-4844, the
//! CFRG hash-to-curve draft, ethereum/bls12-381-tests, dfinity's crates, helios, drand, …), so
//! they are never committed here. Every development checkout and every CI run has them in the
//! shared folder beside the checkout (`../shared/vectors`); `ICBLS_VECTORS` points elsewhere.
//! `vectors.sha256` beside this crate lists every file expected there, so a wrong file is told
//! from a missing one.

#[cfg(feature = "backend")]
pub mod backend;
#[cfg(feature = "protocols")]
pub mod beacon;
#[cfg(feature = "protocols")]
pub mod certificates;
pub mod families;
pub mod fixtures;
#[cfg(feature = "library")]
pub mod library;
pub mod vectors;
