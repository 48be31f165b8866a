//! A canister that depends on `icbls` as any project would and verifies through its public
//! API: an IC certificate and a min-sig BLS signature. Each query returns the IC instructions
//! the verification spent (`ic0.performance_counter` around the call, less the cost of the
//! two counter reads, as `icbls-harness` measures), and traps if the input does not verify.
//!
//! The method names are those of the bench canister's rows, so the bench can set the two
//! side by side.

use ic_cdk::query;
use icbls::bls::min_sig;
use icbls::certificate::{verify_certificate, Freshness, Target};
use icbls_harness::{hex_bytes, hex_vec, measure};

/// Verifies the IC's BLS signature on a certificate's root hash under the mainnet root key:
/// key, message and signature as bytes, as a canister receives them.
#[query]
fn bls_min_sig_verify() -> u64 {
    use icbls_harness::{MIN_SIG_MESSAGE, MIN_SIG_PUBLIC_KEY, MIN_SIG_SIGNATURE};
    let input =
        (hex_bytes::<96>(MIN_SIG_PUBLIC_KEY), hex_bytes::<46>(MIN_SIG_MESSAGE), hex_bytes::<48>(MIN_SIG_SIGNATURE));
    let mut result = Err(icbls::bls::BlsError::InvalidSignature);
    let n = measure(input, |(pk, msg, sig)| result = min_sig::verify_bytes(pk, msg, sig));
    assert_eq!(result, Ok(()), "bls_min_sig_verify: the signature verifies");
    n
}

/// Verifies a mainnet `read_state` certificate with its delegation, for its canister, at its
/// own time: decoding, the hash tree, the delegation's scope, freshness and both BLS
/// signatures.
#[query]
fn certificate_verify_with_delegation() -> u64 {
    use icbls_harness::{IC_CERTIFICATE_CANISTER, IC_CERTIFICATE_HEX, IC_CERTIFICATE_TIME_NS, IC_ROOT_KEY_DER_HEX};
    let canister = candid::Principal::from_text(IC_CERTIFICATE_CANISTER).expect("a principal").as_slice().to_vec();
    let input = (hex_vec(IC_CERTIFICATE_HEX), hex_vec(IC_ROOT_KEY_DER_HEX), canister);
    let freshness = Freshness::new(IC_CERTIFICATE_TIME_NS, 300_000_000_000);
    let mut ok = false;
    let n = measure(input, |(cert, root, canister)| {
        ok = verify_certificate(cert, root, Target::Canister(canister), Some(freshness)).is_ok();
    });
    assert!(ok, "certificate_verify_with_delegation: the certificate verifies");
    n
}

/// The methods above, for the bench to list.
#[query]
fn benchmarks() -> Vec<String> {
    ["bls_min_sig_verify", "certificate_verify_with_delegation"].map(String::from).to_vec()
}
