//! The icbls verifier canister: BLS12-381 verification entry points over Candid.
//!
//! This first version answers `version`; the verification entry points (certificates,
//! `pairing_check`, BLS signatures, EIP-2537, KZG) join it as the library gains them. The
//! interface is checked in as `verifier.did`.

use ic_cdk::query;

/// The version of the `icbls` library inside this canister.
#[query]
fn version() -> String {
    icbls::VERSION.to_string()
}

/// The Candid interface this Wasm exports, for the test that compares it with the checked-in
/// `.did` file. Hidden from the interface itself.
#[query(hidden = true)]
fn candid_interface() -> String {
    __export_service()
}

ic_cdk::export_candid!();
