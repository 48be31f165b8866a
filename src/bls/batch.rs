//! The coefficients of batch verification, derived from the inputs.
//!
//! Batch verification checks one random linear combination of the equations,
//! `e(Σ c_i σ_i, -g) · Π e(c_i H(m_i), pk_i) = 1`, instead of each equation alone. A canister
//! query has no randomness, so the coefficients come from hashing every input (Fiat–Shamir):
//! an attacker who changes any key, message or signature changes all coefficients. Each is one
//! of 2^127 nonzero scalars (`groups::scalar::glv_weight`, whose G1 products cost a 64-bit
//! scalar's), so a batch with an invalid signature passes with probability 2^-127 per attempt,
//! and grinding inputs does not help.

use crate::Fr;
use alloc::vec::Vec;
use sha2::{Digest, Sha256};

const DOMAIN: &[u8] = b"icbls batch verification v1";

/// One nonzero coefficient per item (`glv_weight`); `item(i)` gives the encodings of item `i`'s key,
/// message and signature.
pub(crate) fn coefficients<'a>(n: usize, item: impl Fn(usize) -> [&'a [u8]; 3]) -> Vec<Fr> {
    let mut transcript = Sha256::new();
    transcript.update(DOMAIN);
    transcript.update((n as u64).to_be_bytes());
    for i in 0..n {
        for part in item(i) {
            // Length-prefixed, so that no two different inputs give the same transcript.
            transcript.update((part.len() as u64).to_be_bytes());
            transcript.update(part);
        }
    }
    let seed = transcript.finalize();
    (0..n)
        .map(|i| {
            let digest = Sha256::new().chain_update(seed).chain_update((i as u64).to_be_bytes()).finalize();
            crate::groups::scalar::glv_weight(&digest.into())
        })
        .collect()
}
