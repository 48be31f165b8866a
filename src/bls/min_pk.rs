//! The min-pk variant, as Ethereum uses it: public keys in G1 (48 bytes), signatures in G2
//! (96 bytes), ciphersuite `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`: the
//! proof-of-possession scheme (draft-irtf-cfrg-bls-signature-05, section 3.3). Keys prove
//! possession with [`pop_prove`]; [`pop_verify`] checks the proof and gives a
//! [`PopVerifiedPublicKey`], which is what [`fast_aggregate_verify`] and
//! [`aggregate_verify`] (repeated messages allowed) take.
//!
//! ```
//! use icbls::bls::{min_pk, SecretKey};
//!
//! let sk = SecretKey::key_gen(&[5u8; 32], b"").unwrap();
//! let pk = min_pk::PublicKey::from_secret_key(&sk);
//! let key = min_pk::pop_verify(&pk, &min_pk::pop_prove(&sk)).unwrap();
//! let sig = min_pk::sign(&sk, b"attestation");
//! assert_eq!(min_pk::fast_aggregate_verify(&[key], b"attestation", &sig), Ok(()));
//! assert_eq!(min_pk::aggregate_verify(&[key, key], &[b"a", b"a"], &min_pk::Signature::aggregate(&[min_pk::sign(&sk, b"a"); 2]).unwrap()), Ok(()));
//! ```
//!
//! A key without a verified proof does not get in:
//!
//! ```compile_fail
//! use icbls::bls::{min_pk, SecretKey};
//! let sk = SecretKey::key_gen(&[5u8; 32], b"").unwrap();
//! let pk = min_pk::PublicKey::from_secret_key(&sk);
//! let sig = min_pk::sign(&sk, b"m");
//! let _ = min_pk::fast_aggregate_verify(&[pk], b"m", &sig); // a PublicKey is not a PopVerifiedPublicKey
//! ```
//!
//! ```compile_fail
//! use icbls::bls::{min_pk, SecretKey};
//! let sk = SecretKey::key_gen(&[5u8; 32], b"").unwrap();
//! let pk = min_pk::PublicKey::from_secret_key(&sk);
//! let _ = min_pk::PopVerifiedPublicKey::from(pk); // no conversion into a verified key
//! ```
//!
//! ```compile_fail
//! use icbls::bls::{min_pk, SecretKey};
//! let sk = SecretKey::key_gen(&[5u8; 32], b"").unwrap();
//! let pk = min_pk::PublicKey::from_secret_key(&sk);
//! let _ = min_pk::PopVerifiedPublicKey(pk); // the field is private
//! ```

use crate::pairing::{pairing_check_prepared, G2Prepared};
use crate::Fr;

bls_core! {
    public_key: G1Affine, G1Projective, 48, "G1";
    signature: G2Affine, G2Projective, 96, "G2";
    hash: crate::hash_to_curve::hash_to_g2;
}

bls_ciphersuite! {
    dst: b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
    scheme: "the proof-of-possession scheme, draft section 3.3";
}

bls_pop_scheme! {
    pop_dst: b"BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
}

/// `e(-g1, σ) · Π e(pk_i, h_i) = 1`.
fn check(sig: &G2Affine, terms: &[(G2Affine, G1Affine)]) -> bool {
    let neg_g1 = -G1Affine::generator();
    let prepared_sig = G2Prepared::new(sig);
    let prepared: Vec<G2Prepared> = terms.iter().map(|(h, _)| G2Prepared::new(h)).collect();
    let mut pairs = Vec::with_capacity(terms.len() + 1);
    pairs.push((&neg_g1, &prepared_sig));
    pairs.extend(terms.iter().map(|(_, pk)| pk).zip(&prepared));
    pairing_check_prepared(&pairs)
}

/// `e(-g1, Σ c_i σ_i) · Π e(c_i pk_i, h_i) = 1`: the coefficients go on the G1 side.
fn batch_check(hashes: &[G2Projective], keys: &[G1Affine], signatures: &[G2Affine], c: &[Fr]) -> bool {
    let Ok(sig) = G2Projective::msm(signatures, c) else { return false };
    let scaled: Vec<G1Projective> = keys.iter().zip(c).map(|(k, c)| G1Projective::from(k).mul_vartime(c)).collect();
    let mut keys = alloc::vec![G1Affine::identity(); scaled.len()];
    G1Projective::batch_normalize(&scaled, &mut keys);
    let mut affine = alloc::vec![G2Affine::identity(); hashes.len()];
    G2Projective::batch_normalize(hashes, &mut affine);
    let terms: Vec<(G2Affine, G1Affine)> = affine.into_iter().zip(keys).collect();
    check(&sig.to_affine_vartime(), &terms)
}
