//! The icbls verifier canister: BLS12-381 verification entry points over Candid.
//!
//! Every method is a query; the ones whose cost grows with their input (pairings, MSM, batches)
//! are also updates, named `..._update`, for inputs over a query's 5 billion instructions (an
//! update may spend 40 billion). A method never traps on a value it was given: malformed bytes,
//! points off the curve or outside the subgroup, and failed checks come back as `Err` with the
//! argument at fault and the check it failed. The interface is `verifier.did`.

mod calls;

use ic_cdk::{query, update};
use icbls_verifier_client::*;

/// The version of the `icbls` library inside this canister.
#[query]
fn version() -> String {
    icbls::VERSION.to_string()
}

/// Verifies an IC certificate (CBOR, hash tree, delegation and canister ranges, BLS signature,
/// freshness of `/time`) and looks up paths in it.
#[query]
fn verify_certificate(args: VerifyCertificateArgs) -> Result<VerifiedCertificate, Error> {
    calls::verify_certificate(args, ic_cdk::api::time())
}

/// Whether `Π e(g1_i, g2_i) = 1`. Each point is decoded by its length: for G1, 48 bytes
/// compressed or 96 uncompressed (ZCash/IETF) or 128 (EIP-2537); for G2, 96, 192 or 256. Every
/// point is checked (curve, subgroup). An empty list is `true`.
#[query]
fn pairing_check(pairs: Vec<PairingPair>) -> Result<bool, Error> {
    calls::pairing_check(&pairs)
}

/// [`pairing_check`] as an update, for lists over a query's limit.
#[update]
fn pairing_check_update(pairs: Vec<PairingPair>) -> Result<bool, Error> {
    calls::pairing_check(&pairs)
}

/// BLS `Verify` in either variant; `Ok` when the signature is valid.
#[query]
fn bls_verify(args: BlsVerifyArgs) -> Result<(), Error> {
    calls::bls_verify(&args)
}

/// BLS `FastAggregateVerify`: many keys, one message, one aggregate signature.
#[query]
fn bls_fast_aggregate_verify(args: FastAggregateVerifyArgs) -> Result<(), Error> {
    calls::bls_fast_aggregate_verify(&args)
}

/// [`bls_fast_aggregate_verify`] as an update.
#[update]
fn bls_fast_aggregate_verify_update(args: FastAggregateVerifyArgs) -> Result<(), Error> {
    calls::bls_fast_aggregate_verify(&args)
}

/// BLS `AggregateVerify`: one aggregate signature over one message per key.
#[query]
fn bls_aggregate_verify(args: AggregateVerifyArgs) -> Result<(), Error> {
    calls::bls_aggregate_verify(&args)
}

/// [`bls_aggregate_verify`] as an update.
#[update]
fn bls_aggregate_verify_update(args: AggregateVerifyArgs) -> Result<(), Error> {
    calls::bls_aggregate_verify(&args)
}

/// Batch verification of many signatures (one random linear combination, coefficients hashed
/// from the inputs); `Ok` when all are valid.
#[query]
fn bls_batch_verify(args: BatchVerifyArgs) -> Result<(), Error> {
    calls::bls_batch_verify(&args)
}

/// [`bls_batch_verify`] as an update.
#[update]
fn bls_batch_verify_update(args: BatchVerifyArgs) -> Result<(), Error> {
    calls::bls_batch_verify(&args)
}

/// Runs the EIP-2537 precompile at `address` (0x0b to 0x11): its output and gas.
#[query]
fn eip2537_call(address: u8, input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(address, &input)
}

/// [`eip2537_call`] as an update.
#[update]
fn eip2537_call_update(address: u8, input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(address, &input)
}

/// BLS12_G1ADD (0x0b).
#[query]
fn eip2537_g1_add(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x0b, &input)
}

/// BLS12_G1MSM (0x0c).
#[query]
fn eip2537_g1_msm(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x0c, &input)
}

/// BLS12_G2ADD (0x0d).
#[query]
fn eip2537_g2_add(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x0d, &input)
}

/// BLS12_G2MSM (0x0e).
#[query]
fn eip2537_g2_msm(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x0e, &input)
}

/// BLS12_PAIRING_CHECK (0x0f).
#[query]
fn eip2537_pairing_check(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x0f, &input)
}

/// BLS12_MAP_FP_TO_G1 (0x10).
#[query]
fn eip2537_map_fp_to_g1(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x10, &input)
}

/// BLS12_MAP_FP2_TO_G2 (0x11).
#[query]
fn eip2537_map_fp2_to_g2(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x11, &input)
}

/// The EIP-4844 point-evaluation precompile (0x0a): 192-byte input, 64-byte output, 50,000 gas.
#[query]
fn kzg_point_evaluation(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::kzg_point_evaluation(&input)
}

/// RFC 9380 `hash_to_curve` to G1 (random oracle, SHA-256): the compressed point.
#[query]
fn hash_to_g1(args: HashToCurveArgs) -> Result<Vec<u8>, Error> {
    calls::hash_to_g1(&args)
}

/// RFC 9380 `hash_to_curve` to G2: the compressed point.
#[query]
fn hash_to_g2(args: HashToCurveArgs) -> Result<Vec<u8>, Error> {
    calls::hash_to_g2(&args)
}

/// The Candid interface this Wasm exports, for the test that compares it with the checked-in
/// `.did` file. Hidden from the interface itself.
#[query(hidden = true)]
fn candid_interface() -> String {
    __export_service()
}

ic_cdk::export_candid!();
