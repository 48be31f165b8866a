//! The core operations every scheme is made of, under a given DST, for either [`Variant`]
//! (draft-irtf-cfrg-bls-signature-05): `CoreSign` (2.6), `CoreVerify` (2.7),
//! `CoreAggregateVerify` (2.9), and batch verification of independent signatures (not in the
//! draft, see `bls/batch.rs`). The ciphersuite modules call them with their variant and DST.
//!
//! The schemes built on them: the basic scheme's `AggregateVerify` (3.1.1) needs pairwise
//! distinct messages and accepts any validated keys; the proof-of-possession scheme (3.3) has
//! `PopProve` (3.3.2), `PopVerify` (3.3.3), which is the only way to obtain a
//! `PopVerifiedPublicKey`, and the two operations that are secure only for such keys,
//! `AggregateVerify` with repeated messages (3.3, `CoreAggregateVerify` as is) and
//! `FastAggregateVerify` (3.3.4).
//!
//! Why the split: with keys `[pk, x·g − pk]` (the second made from someone else's key, with
//! no known secret) and messages `[m, m]`, `x·H(m)` satisfies the aggregate equation, so
//! aggregation over one message is sound only when every key proved possession of its secret
//! (Boneh, Drijvers, Neven, "Compact multi-signatures for smaller blockchains", 2018;
//! Ristenpart, Yilek, "The power of proofs-of-possession", Eurocrypt 2007). The basic scheme
//! avoids repeated messages instead.

use super::keys::{PublicKey, Signature};
use super::variant::sealed::{Affine, Projective};
use super::variant::Variant;
use super::{batch, BlsError, SecretKey};
use alloc::vec::Vec;

/// `CoreSign` (draft section 2.6): `sk·H(msg)`, with a constant-time scalar multiplication.
pub(crate) fn core_sign<V: Variant>(sk: &SecretKey, msg: &[u8], dst: &[u8]) -> Signature<V> {
    Signature(V::hash(msg, dst).mul_constant_time(&sk.0).to_affine())
}

/// `CoreVerify` (draft section 2.7), the identity signature rejected first.
pub(crate) fn core_verify<V: Variant>(
    pk: &PublicKey<V>,
    msg: &[u8],
    sig: &Signature<V>,
    dst: &[u8],
) -> Result<(), BlsError> {
    let sig = sig.non_identity()?;
    if V::check(sig, &[(V::hash(msg, dst).to_affine_vartime(), pk.0)]) {
        Ok(())
    } else {
        Err(BlsError::InvalidSignature)
    }
}

/// The checks every `AggregateVerify` starts with: as many keys as messages, at least one, a
/// signature that is not the identity.
pub(crate) fn aggregate_inputs<V: Variant>(
    keys: usize,
    messages: &[&[u8]],
    sig: &Signature<V>,
) -> Result<(), BlsError> {
    if keys != messages.len() {
        return Err(BlsError::LengthMismatch { what: "public keys and messages" });
    }
    if keys == 0 {
        return Err(BlsError::Empty { what: "public keys" });
    }
    sig.non_identity().map(|_| ())
}

/// `CoreAggregateVerify` (draft section 2.9): `e(σ, -g)·Π e(H(m_i), pk_i) = 1`, for inputs
/// that passed [`aggregate_inputs`].
pub(crate) fn core_aggregate_verify<V: Variant>(
    keys: impl Iterator<Item = V::Key>,
    messages: &[&[u8]],
    sig: &Signature<V>,
    dst: &[u8],
) -> Result<(), BlsError> {
    let sig = sig.non_identity()?;
    let hashes: Vec<V::SigProj> = messages.iter().map(|m| V::hash(m, dst)).collect();
    let mut affine = alloc::vec![V::Sig::identity(); hashes.len()];
    V::SigProj::batch_normalize(&hashes, &mut affine);
    let terms: Vec<(V::Sig, V::Key)> = affine.into_iter().zip(keys).collect();
    if V::check(sig, &terms) {
        Ok(())
    } else {
        Err(BlsError::InvalidSignature)
    }
}

/// Batch verification of independent `(key, message, signature)` triples under `dst` (see
/// `bls/batch.rs`).
pub(crate) fn core_batch_verify<V: Variant>(
    keys: &[PublicKey<V>],
    messages: &[&[u8]],
    signatures: &[Signature<V>],
    dst: &[u8],
) -> Result<(), BlsError> {
    if keys.len() != messages.len() || keys.len() != signatures.len() {
        return Err(BlsError::LengthMismatch { what: "public keys, messages and signatures" });
    }
    if keys.is_empty() {
        return Err(BlsError::Empty { what: "signatures to verify" });
    }
    for s in signatures {
        s.non_identity()?;
    }
    let pk_bytes: Vec<V::KeyBytes> = keys.iter().map(|k| k.to_bytes()).collect();
    let sig_bytes: Vec<V::SigBytes> = signatures.iter().map(|s| s.to_bytes()).collect();
    let coefficients = batch::coefficients(keys.len(), |i| [pk_bytes[i].as_ref(), messages[i], sig_bytes[i].as_ref()]);
    let hashes: Vec<V::SigProj> = messages.iter().map(|m| V::hash(m, dst)).collect();
    let keys: Vec<V::Key> = keys.iter().map(|k| k.0).collect();
    let signatures: Vec<V::Sig> = signatures.iter().map(|s| s.0).collect();
    if V::batch_check(&hashes, &keys, &signatures, &coefficients) {
        Ok(())
    } else {
        Err(BlsError::InvalidSignature)
    }
}
