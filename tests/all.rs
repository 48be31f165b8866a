//! The library's integration tests, one module per file beside this one, in one test binary:
//! one build and one link instead of one per file, and the test threads spread the long tests
//! (bit flips, differential loops) over the cores. `cargo test -p icbls --test all -- fields::`
//! runs one file's tests. (`ic_bls12_381_interop.rs` is a target of its own: it needs its
//! feature.)

mod bls;
mod bls_suites;
mod canister_signatures;
mod certificate;
mod decode_fuzz;
mod drand;
mod eip2537;
mod extra_canister_signatures;
mod extra_drand;
mod extra_eip2537;
mod extra_eth_light_client;
mod extra_eth_light_client_store;
mod extra_eth_sync_committee;
mod extra_threshold_bls;
mod extra_vetkeys;
mod fields;
mod groups;
mod hash_to_curve;
mod kzg;
mod msm;
mod pairing;
mod sync_committee;
mod threshold;
mod vetkeys;
