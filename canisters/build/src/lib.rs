//! Builds the workspace's canisters as they ship (`build`) and packages them for deployment
//! (`artifact`: Candid metadata in custom sections, a reproducible gzip, hashes). It links no
//! Wasm engine, so `cargo xtask build` (and `dfx deploy`, which calls it) compiles only this and
//! the canisters; the benchmark and the tests use it too.

pub mod artifact;
pub mod build;
