//! Ciphersuites beyond the built-in ones (draft-irtf-cfrg-bls-signature-05, section 4.1): the
//! core operations under a caller-chosen DST, and the message-augmentation scheme (section 3.2),
//! written once for either [`Variant`]; `min_sig` and `min_pk` name them for their variant.
//!
//! In the augmented scheme each signer signs its own compressed public key followed by the
//! message, so messages of different signers are distinct by construction: `AggregateVerify`
//! needs neither distinct messages (the basic scheme) nor proofs of possession.

use super::core;
use super::keys::{PublicKey, Signature};
use super::variant::Variant;
use super::{BlsError, SecretKey};
use alloc::vec::Vec;

/// A DST the standard allows: RFC 9380 section 3.1 asks for a nonempty tag (longer than 255
/// bytes is allowed: `expand_message_xmd` hashes it, section 5.3.3).
pub(crate) fn checked_dst(dst: &[u8]) -> Result<&[u8], BlsError> {
    if dst.is_empty() {
        return Err(BlsError::InvalidDst { rule: "must not be empty (RFC 9380, section 3.1)" });
    }
    Ok(dst)
}

/// `CoreSign` under `dst`.
pub(crate) fn sign_with_dst<V: Variant>(sk: &SecretKey, msg: &[u8], dst: &[u8]) -> Result<Signature<V>, BlsError> {
    Ok(core::core_sign::<V>(sk, msg, checked_dst(dst)?))
}

/// `CoreVerify` under `dst`.
pub(crate) fn verify_with_dst<V: Variant>(
    pk: &PublicKey<V>,
    msg: &[u8],
    sig: &Signature<V>,
    dst: &[u8],
) -> Result<(), BlsError> {
    core::core_verify::<V>(pk, msg, sig, checked_dst(dst)?)
}

/// `PK || message`, the augmented scheme's signed message (section 3.2.1).
fn augmented<V: Variant>(pk: &PublicKey<V>, msg: &[u8]) -> Vec<u8> {
    let mut m = Vec::with_capacity(V::KEY_LEN + msg.len());
    m.extend_from_slice(pk.to_bytes().as_ref());
    m.extend_from_slice(msg);
    m
}

/// The augmented scheme's `Sign` (section 3.2.1): `CoreSign(SK, PK || message)`.
pub(crate) fn aug_sign<V: Variant>(sk: &SecretKey, msg: &[u8], dst: &[u8]) -> Signature<V> {
    let pk = PublicKey::<V>::from_secret_key(sk);
    core::core_sign::<V>(sk, &augmented(&pk, msg), dst)
}

/// The augmented scheme's `Verify` (section 3.2.2): `CoreVerify(PK, PK || message, signature)`.
pub(crate) fn aug_verify<V: Variant>(
    pk: &PublicKey<V>,
    msg: &[u8],
    sig: &Signature<V>,
    dst: &[u8],
) -> Result<(), BlsError> {
    core::core_verify::<V>(pk, &augmented(pk, msg), sig, dst)
}

/// The augmented scheme's `AggregateVerify` (section 3.2.3): `CoreAggregateVerify` over
/// `PK_i || message_i`. Messages may repeat and keys need no proof of possession.
pub(crate) fn aug_aggregate_verify<V: Variant>(
    keys: &[PublicKey<V>],
    messages: &[&[u8]],
    sig: &Signature<V>,
    dst: &[u8],
) -> Result<(), BlsError> {
    core::aggregate_inputs::<V>(keys.len(), messages, sig)?;
    let augmented: Vec<Vec<u8>> = keys.iter().zip(messages).map(|(pk, m)| augmented(pk, m)).collect();
    let augmented: Vec<&[u8]> = augmented.iter().map(Vec::as_slice).collect();
    core::core_aggregate_verify::<V>(keys.iter().map(|k| k.0), &augmented, sig, dst)
}
