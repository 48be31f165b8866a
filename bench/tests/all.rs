//! The bench's tests, one module per file beside this one, in one test binary: one build and one link
//! instead of one per file, and the test threads keep both cores busy.
//! `cargo test -p icbls-bench --test all -- conformance::` runs one file's tests.

mod conformance;
mod interfaces;
mod meter_matches_counter;
mod profile;
mod rows;
mod shared_build;
mod simd_kernel;
