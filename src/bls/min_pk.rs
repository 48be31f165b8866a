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
//! ```compile_fail,E0308
//! use icbls::bls::{min_pk, SecretKey};
//! let sk = SecretKey::key_gen(&[5u8; 32], b"").unwrap();
//! let pk = min_pk::PublicKey::from_secret_key(&sk);
//! let sig = min_pk::sign(&sk, b"m");
//! let _ = min_pk::fast_aggregate_verify(&[pk], b"m", &sig); // a PublicKey is not a PopVerifiedPublicKey
//! ```
//!
//! ```compile_fail,E0277
//! use icbls::bls::{min_pk, SecretKey};
//! let sk = SecretKey::key_gen(&[5u8; 32], b"").unwrap();
//! let pk = min_pk::PublicKey::from_secret_key(&sk);
//! let _ = min_pk::PopVerifiedPublicKey::from(pk); // no conversion into a verified key
//! ```
//!
//! ```compile_fail,E0423
//! use icbls::bls::{min_pk, SecretKey};
//! let sk = SecretKey::key_gen(&[5u8; 32], b"").unwrap();
//! let pk = min_pk::PublicKey::from_secret_key(&sk);
//! // (`min_pk::PopVerifiedPublicKey` is an alias of this type, which has no constructor to call.)
//! let _ = icbls::bls::keys::PopVerifiedPublicKey::<icbls::bls::MinPk>(pk); // the field is private
//! ```

use super::variant::MinPk;
use super::{core, keys, suite, BlsError, SecretKey};

/// A public key of this variant: a point of G1 (48 bytes compressed), validated when made
/// (see [`keys::PublicKey`]).
pub type PublicKey = keys::PublicKey<MinPk>;

/// A signature of this variant: a point of G2 (96 bytes compressed), checked when made (see
/// [`keys::Signature`]).
pub type Signature = keys::Signature<MinPk>;

/// The ciphersuite's domain separation tag for signatures (the proof-of-possession scheme, draft section 3.3).
pub const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/// The basic scheme's domain separation tag in this variant (draft section 3.1, ciphersuite
/// `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_`), for [`sign_with_dst`] and [`verify_with_dst`]:
/// drand's `pedersen-bls-*` chains sign under it.
pub const BASIC_DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_";

/// `Sign`: `sk·H(msg)` under [`DST`], with a constant-time scalar multiplication
/// (`CoreSign`, draft section 2.6).
pub fn sign(sk: &SecretKey, msg: &[u8]) -> Signature {
    core::core_sign::<MinPk>(sk, msg, DST)
}

/// `Verify`: whether `sig` is `pk`'s signature on `msg` under [`DST`] (`CoreVerify`, draft
/// section 2.7).
pub fn verify(pk: &PublicKey, msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
    core::core_verify::<MinPk>(pk, msg, sig, DST)
}

/// `Verify` on encodings: decodes and validates the key and the signature first, and says
/// which one was malformed.
///
/// The signature is decoded with its Miller-loop lines, which the check needs anyway, and its
/// subgroup check reads them (`G2Prepared::from_compressed`): no doublings of its own.
pub fn verify_bytes(pk: &[u8], msg: &[u8], sig: &[u8]) -> Result<(), BlsError> {
    let pk = PublicKey::from_bytes(pk)?;
    let (sig, sig_lines) = crate::pairing::G2Prepared::from_compressed(sig).map_err(BlsError::Signature)?;
    verify_with_signature_lines(&pk, msg, &sig, &sig_lines, DST)
}

/// [`verify_with_dst`] of a signature decoded with its lines (`G2Prepared::from_compressed`,
/// which checked it is in G2).
pub(crate) fn verify_with_signature_lines(
    pk: &PublicKey,
    msg: &[u8],
    sig: &crate::G2Affine,
    sig_lines: &crate::pairing::G2Prepared,
    dst: &[u8],
) -> Result<(), BlsError> {
    // The DST first, as `verify_with_dst` checks it.
    let dst = suite::checked_dst(dst)?;
    keys::Signature::<MinPk>(*sig).non_identity()?;
    let h = <MinPk as super::variant::Variant>::hash(msg, dst).to_affine_vartime();
    if MinPk::check_with_signature_lines(sig_lines, &[(h, *pk.point())]) {
        Ok(())
    } else {
        Err(BlsError::InvalidSignature)
    }
}

/// [`verify_bytes`] with the encodings' lengths in their types (a key has 48 bytes, a
/// signature 96), so that a call with the key and the signature swapped does not compile:
///
/// ```compile_fail,E0308
/// # let (key, msg, sig) = ([0u8; 48], b"m", [0u8; 96]);
/// icbls::bls::min_pk::verify_arrays(&sig, msg, &key); // expected `&[u8; 48]`, found `&[u8; 96]`
/// ```
///
/// while the right order does:
///
/// ```
/// # let (key, msg, sig) = ([0u8; 48], b"m", [0u8; 96]);
/// assert!(icbls::bls::min_pk::verify_arrays(&key, msg, &sig).is_err()); // zeros: not a key
/// ```
pub fn verify_arrays(pk: &[u8; 48], msg: &[u8], sig: &[u8; 96]) -> Result<(), BlsError> {
    verify_bytes(pk, msg, sig)
}

/// Verifies many independent `(key, message, signature)` triples at once: one pairing check
/// of a random linear combination (coefficients hashed from all inputs, see `bls/batch.rs`).
/// `Ok` means every signature is valid, except with probability 2^-127; on
/// `Err(InvalidSignature)` at least one is invalid (verify them one by one to find which). An
/// empty batch is an error. Each signature stands for its own key alone, so keys need no proof
/// of possession and messages may repeat.
pub fn batch_verify(keys: &[PublicKey], messages: &[&[u8]], signatures: &[Signature]) -> Result<(), BlsError> {
    core::core_batch_verify::<MinPk>(keys, messages, signatures, DST)
}

/// The domain separation tag for proofs of possession (draft section 3.3).
pub const POP_DST: &[u8] = b"BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/// A public key whose proof of possession was verified under this scheme ([`pop_verify`]
/// made it): only such keys enter [`fast_aggregate_verify`] and [`aggregate_verify`]. See
/// [`keys::PopVerifiedPublicKey`].
pub type PopVerifiedPublicKey = keys::PopVerifiedPublicKey<MinPk>;

/// `PopProve` (draft section 3.3.2): the signature of the key's own compressed encoding
/// under [`POP_DST`].
pub fn pop_prove(sk: &SecretKey) -> Signature {
    let pk = PublicKey::from_secret_key(sk);
    core::core_sign::<MinPk>(sk, &pk.to_bytes(), POP_DST)
}

/// `PopVerify` (draft section 3.3.3): whether `proof` proves possession of `pk`'s secret key.
/// On success, the key as a [`PopVerifiedPublicKey`].
pub fn pop_verify(pk: &PublicKey, proof: &Signature) -> Result<PopVerifiedPublicKey, BlsError> {
    core::core_verify::<MinPk>(pk, &pk.to_bytes(), proof, POP_DST)?;
    Ok(keys::PopVerifiedPublicKey(*pk))
}

/// [`pop_verify`] on encodings: decodes and validates the key and the proof first, and says
/// which one was malformed.
pub fn pop_verify_bytes(pk: &[u8], proof: &[u8]) -> Result<PopVerifiedPublicKey, BlsError> {
    let pk = PublicKey::from_bytes(pk)?;
    let proof = Signature::from_bytes(proof)?;
    pop_verify(&pk, &proof)
}

/// `AggregateVerify` of the proof-of-possession scheme (draft section 3.3, which is
/// `CoreAggregateVerify`, 2.9): whether `sig` aggregates the signatures of each key on its
/// message. Messages may repeat, which is sound only because every key proved possession.
pub fn aggregate_verify(keys: &[PopVerifiedPublicKey], messages: &[&[u8]], sig: &Signature) -> Result<(), BlsError> {
    core::aggregate_inputs::<MinPk>(keys.len(), messages, sig)?;
    core::core_aggregate_verify::<MinPk>(keys.iter().map(|k| k.0 .0), messages, sig, DST)
}

/// `FastAggregateVerify` (draft section 3.3.4): whether `sig` aggregates the signatures of
/// every key on the same `msg`, by verifying against the sum of the keys
/// ([`PopVerifiedPublicKey::aggregate`]).
pub fn fast_aggregate_verify(keys: &[PopVerifiedPublicKey], msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
    verify(&PopVerifiedPublicKey::aggregate(keys)?, msg, sig)
}

/// `Sign` under a caller-chosen `dst` (`CoreSign`, draft section 2.6), for ciphersuites other
/// than this module's (section 4.1: an application's own tag, such as drand's). An empty
/// `dst` is `BlsError::InvalidDst`.
pub fn sign_with_dst(sk: &SecretKey, msg: &[u8], dst: &[u8]) -> Result<Signature, BlsError> {
    suite::sign_with_dst::<MinPk>(sk, msg, dst)
}

/// `Verify` under a caller-chosen `dst` (`CoreVerify`, draft section 2.7). An empty `dst` is
/// `BlsError::InvalidDst`.
pub fn verify_with_dst(pk: &PublicKey, msg: &[u8], sig: &Signature, dst: &[u8]) -> Result<(), BlsError> {
    suite::verify_with_dst::<MinPk>(pk, msg, sig, dst)
}

/// The min_pk variant's message-augmentation scheme (draft-irtf-cfrg-bls-signature-05, section
/// 3.2), ciphersuite `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_` (section 4.2.2): each
/// signer signs its compressed public key followed by the message, so aggregation needs neither
/// distinct messages nor proofs of possession. Keys and signatures are the variant's own types;
/// a signature of another scheme does not verify here.
///
/// ```
/// use icbls::bls::{min_pk::{self, aug}, SecretKey};
///
/// let sks: Vec<SecretKey> = (1..3u8).map(|i| SecretKey::key_gen(&[i; 32], b"").unwrap()).collect();
/// let keys: Vec<min_pk::PublicKey> = sks.iter().map(min_pk::PublicKey::from_secret_key).collect();
/// let sig = aug::sign(&sks[0], b"vote");
/// assert_eq!(aug::verify(&keys[0], b"vote", &sig), Ok(()));
/// assert!(aug::verify(&keys[1], b"vote", &sig).is_err());
/// // The same message from two signers aggregates, with no proofs of possession.
/// let both = min_pk::Signature::aggregate(&[sig, aug::sign(&sks[1], b"vote")]).unwrap();
/// assert_eq!(aug::aggregate_verify(&keys, &[b"vote", b"vote"], &both), Ok(()));
/// ```
pub mod aug {
    use super::{suite, BlsError, MinPk, SecretKey};

    /// The keys and signatures are the min_pk variant's ([`super::PublicKey`],
    /// [`super::Signature`]).
    pub use super::{PublicKey, Signature};

    /// The ciphersuite's domain separation tag (the message-augmentation scheme, draft section 3.2).
    pub const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_";

    /// `Sign` (section 3.2.1): `sk·H(PK || msg)` under [`DST`], where `PK` is the signer's
    /// compressed public key, with a constant-time scalar multiplication.
    pub fn sign(sk: &SecretKey, msg: &[u8]) -> Signature {
        suite::aug_sign::<MinPk>(sk, msg, DST)
    }

    /// `Verify` (section 3.2.2): whether `sig` is `pk`'s signature on `PK || msg` under [`DST`].
    pub fn verify(pk: &PublicKey, msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
        suite::aug_verify::<MinPk>(pk, msg, sig, DST)
    }

    /// `Verify` on encodings: decodes and validates the key and the signature first, and says
    /// which one was malformed.
    pub fn verify_bytes(pk: &[u8], msg: &[u8], sig: &[u8]) -> Result<(), BlsError> {
        let pk = PublicKey::from_bytes(pk)?;
        let sig = Signature::from_bytes(sig)?;
        verify(&pk, msg, &sig)
    }

    /// `AggregateVerify` (section 3.2.3): whether `sig` aggregates the signatures of each key
    /// on its message, each signed as `PK_i || message_i`. Messages may repeat, and keys need
    /// no proof of possession.
    pub fn aggregate_verify(keys: &[PublicKey], messages: &[&[u8]], sig: &Signature) -> Result<(), BlsError> {
        suite::aug_aggregate_verify::<MinPk>(keys, messages, sig, DST)
    }
}
