//! # icbls-bench
//!
//! The benchmark: building the canisters' Wasm, running the bench and baseline canisters and
//! the verifier's endpoints on a backend (`icbls_testkit::backend`: the meter, or PocketIC with
//! the `pocket-ic` feature), and writing the report. The backends and the fixtures the tests
//! share live in `icbls-testkit`; they are re-exported here for the runner's modules.

pub mod chart;
pub mod check;
pub mod distance;
pub mod endpoints;
pub mod format;
pub mod library_cases;
pub mod phases;
pub mod regenerate;
pub mod results;
pub mod rows;
pub mod vectors;
pub mod verifier;
