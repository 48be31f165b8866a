//! The verifier canister's tests, one module per file beside this one, in one test binary: one
//! build and one link of the meter instead of one per file, and the test threads keep both cores
//! busy. `cargo test -p icbls-verifier --test all -- price::` runs one file's tests.

mod common;

mod agent_example;
mod eth_light_client;
mod extra_vectors;
mod fuzz;
mod limits;
mod price;
mod service;
mod sync_committees;
mod verifier;
mod vetkeys;
