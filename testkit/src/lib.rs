//! What the tests, the bench and the bench canisters' builds share. For now: where the public
//! test vectors are ([`vectors`]).
//!
//! The public vectors are data taken from other repositories (go-ethereum, c-kzg-4844, the
//! CFRG hash-to-curve draft, ethereum/bls12-381-tests, dfinity's crates, helios, drand, …), so
//! they are never committed here. Every development checkout and every CI run has them in the
//! shared folder beside the checkout (`../shared/vectors`); `ICBLS_VECTORS` points elsewhere.
//! `vectors.sha256` beside this crate lists every file expected there, so a wrong file is told
//! from a missing one.

pub mod vectors;
