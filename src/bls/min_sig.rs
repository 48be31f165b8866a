//! The min-sig variant, as the Internet Computer uses it: signatures in G1 (48 bytes), public
//! keys in G2 (96 bytes).
//!
//! At the top level, the IC's ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_`: the
//! basic scheme (draft-irtf-cfrg-bls-signature-05, section 3.1), whose `AggregateVerify`
//! needs distinct messages and which has no `FastAggregateVerify`. [`pop`] is the same
//! variant's proof-of-possession scheme (section 3.3), with its own ciphersuite
//! `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_`: `FastAggregateVerify` and aggregation
//! over repeated messages, for keys that proved possession.
//!
//! The basic scheme has no fast aggregation, and the proof-of-possession scheme's aggregation
//! takes only keys whose proof was verified:
//!
//! ```compile_fail,E0425
//! use icbls::bls::{min_sig, SecretKey};
//! let sk = SecretKey::key_gen(&[1u8; 32], b"").unwrap();
//! let pk = min_sig::PublicKey::from_secret_key(&sk);
//! let sig = min_sig::sign(&sk, b"m");
//! let _ = min_sig::fast_aggregate_verify(&[pk], b"m", &sig); // no such function
//! ```
//!
//! ```compile_fail,E0308
//! use icbls::bls::{min_sig::pop, SecretKey};
//! let sk = SecretKey::key_gen(&[1u8; 32], b"").unwrap();
//! let pk = icbls::bls::min_sig::PublicKey::from_secret_key(&sk);
//! let sig = pop::sign(&sk, b"m");
//! let _ = pop::fast_aggregate_verify(&[pk], b"m", &sig); // a PublicKey is not a PopVerifiedPublicKey
//! ```

use super::variant::{MinSig, Variant};
use super::{core, keys, suite, BlsError, SecretKey};
use crate::pairing::{pairing_check_prepared, G2Prepared};

/// A public key of this variant: a point of G2 (96 bytes compressed), validated when made
/// (see [`keys::PublicKey`]).
pub type PublicKey = keys::PublicKey<MinSig>;

/// A signature of this variant: a point of G1 (48 bytes compressed), checked when made (see
/// [`keys::Signature`]).
pub type Signature = keys::Signature<MinSig>;

/// The ciphersuite's domain separation tag for signatures (the basic scheme, draft section 3.1).
pub const DST: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

/// `Sign`: `sk·H(msg)` under [`DST`], with a constant-time scalar multiplication
/// (`CoreSign`, draft section 2.6).
pub fn sign(sk: &SecretKey, msg: &[u8]) -> Signature {
    core::core_sign::<MinSig>(sk, msg, DST)
}

/// `Verify`: whether `sig` is `pk`'s signature on `msg` under [`DST`] (`CoreVerify`, draft
/// section 2.7).
pub fn verify(pk: &PublicKey, msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
    core::core_verify::<MinSig>(pk, msg, sig, DST)
}

/// `Verify` on encodings: decodes and validates the key and the signature first, and says
/// which one was malformed. The order is key, message, signature: `ic-verify-bls-signature`'s
/// `verify_bls_signature(sig, msg, key)` is the reverse, and a carried-over call fails as a
/// wrong-length key (96 bytes are expected, the signature has 48).
///
/// The key is decoded with its lines ([`PreparedPublicKey::from_bytes`]), so its subgroup
/// check costs no doublings of its own.
pub fn verify_bytes(pk: &[u8], msg: &[u8], sig: &[u8]) -> Result<(), BlsError> {
    let pk = PreparedPublicKey::from_bytes(pk)?;
    let sig = Signature::from_bytes(sig)?;
    verify_prepared(&pk, msg, &sig)
}

/// [`verify_bytes`] with the encodings' lengths in their types (a key has 96 bytes, a
/// signature 48), so that a call with the key and the signature swapped, as
/// `ic-verify-bls-signature`'s `verify_bls_signature(sig, msg, key)` orders them, does not
/// compile:
///
/// ```compile_fail,E0308
/// # let (key, msg, sig) = ([0u8; 96], b"m", [0u8; 48]);
/// icbls::bls::min_sig::verify_arrays(&sig, msg, &key); // expected `&[u8; 96]`, found `&[u8; 48]`
/// ```
///
/// while the right order does:
///
/// ```
/// # let (key, msg, sig) = ([0u8; 96], b"m", [0u8; 48]);
/// assert!(icbls::bls::min_sig::verify_arrays(&key, msg, &sig).is_err()); // zeros: not a key
/// ```
///
/// From slices, where `?` takes `TryFromSliceError`: `verify_arrays(pk.try_into()?, msg, sig.try_into()?)`.
pub fn verify_arrays(pk: &[u8; 96], msg: &[u8], sig: &[u8; 48]) -> Result<(), BlsError> {
    verify_bytes(pk, msg, sig)
}

/// Verifies many independent `(key, message, signature)` triples at once: one pairing check
/// of a random linear combination (coefficients hashed from all inputs, see `bls/batch.rs`).
/// `Ok` means every signature is valid, except with probability 2^-127; on
/// `Err(InvalidSignature)` at least one is invalid (verify them one by one to find which). An
/// empty batch is an error. Each signature stands for its own key alone, so keys need no proof
/// of possession and messages may repeat.
pub fn batch_verify(keys: &[PublicKey], messages: &[&[u8]], signatures: &[Signature]) -> Result<(), BlsError> {
    core::core_batch_verify::<MinSig>(keys, messages, signatures, DST)
}

/// `AggregateVerify` of the basic scheme (draft section 3.1.1): whether `sig` aggregates the
/// signatures of each key on its message. The messages must be pairwise distinct (that is
/// what makes the scheme sound without proofs of possession): a repeat is
/// `BlsError::DuplicateMessage { index }` with the smallest index whose message equals an
/// earlier one, found in `O(n log n)` comparisons before any hashing.
pub fn aggregate_verify(keys: &[PublicKey], messages: &[&[u8]], sig: &Signature) -> Result<(), BlsError> {
    core::aggregate_inputs::<MinSig>(keys.len(), messages, sig)?;
    if let Some(index) = crate::bls::distinct::first_repeated(messages) {
        return Err(BlsError::DuplicateMessage { index });
    }
    core::core_aggregate_verify::<MinSig>(keys.iter().map(|k| k.0), messages, sig, DST)
}

/// `Sign` under a caller-chosen `dst` (`CoreSign`, draft section 2.6), for ciphersuites other
/// than this module's (section 4.1: an application's own tag, such as drand's). An empty
/// `dst` is `BlsError::InvalidDst`.
pub fn sign_with_dst(sk: &SecretKey, msg: &[u8], dst: &[u8]) -> Result<Signature, BlsError> {
    suite::sign_with_dst::<MinSig>(sk, msg, dst)
}

/// `Verify` under a caller-chosen `dst` (`CoreVerify`, draft section 2.7). An empty `dst` is
/// `BlsError::InvalidDst`.
pub fn verify_with_dst(pk: &PublicKey, msg: &[u8], sig: &Signature, dst: &[u8]) -> Result<(), BlsError> {
    suite::verify_with_dst::<MinSig>(pk, msg, sig, dst)
}

/// The min_sig variant's message-augmentation scheme (draft-irtf-cfrg-bls-signature-05, section
/// 3.2), ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_` (section 4.2.2): each
/// signer signs its compressed public key followed by the message, so aggregation needs neither
/// distinct messages nor proofs of possession. Keys and signatures are the variant's own types;
/// a signature of another scheme does not verify here.
///
/// ```
/// use icbls::bls::{min_sig::{self, aug}, SecretKey};
///
/// let sks: Vec<SecretKey> = (1..3u8).map(|i| SecretKey::key_gen(&[i; 32], b"").unwrap()).collect();
/// let keys: Vec<min_sig::PublicKey> = sks.iter().map(min_sig::PublicKey::from_secret_key).collect();
/// let sig = aug::sign(&sks[0], b"vote");
/// assert_eq!(aug::verify(&keys[0], b"vote", &sig), Ok(()));
/// assert!(aug::verify(&keys[1], b"vote", &sig).is_err());
/// // The same message from two signers aggregates, with no proofs of possession.
/// let both = min_sig::Signature::aggregate(&[sig, aug::sign(&sks[1], b"vote")]).unwrap();
/// assert_eq!(aug::aggregate_verify(&keys, &[b"vote", b"vote"], &both), Ok(()));
/// ```
pub mod aug {
    use super::{suite, BlsError, MinSig, SecretKey};

    /// The keys and signatures are the min_sig variant's ([`super::PublicKey`],
    /// [`super::Signature`]).
    pub use super::{PublicKey, Signature};

    /// The ciphersuite's domain separation tag (the message-augmentation scheme, draft section 3.2).
    pub const DST: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_";

    /// `Sign` (section 3.2.1): `sk·H(PK || msg)` under [`DST`], where `PK` is the signer's
    /// compressed public key, with a constant-time scalar multiplication.
    pub fn sign(sk: &SecretKey, msg: &[u8]) -> Signature {
        suite::aug_sign::<MinSig>(sk, msg, DST)
    }

    /// `Verify` (section 3.2.2): whether `sig` is `pk`'s signature on `PK || msg` under [`DST`].
    pub fn verify(pk: &PublicKey, msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
        suite::aug_verify::<MinSig>(pk, msg, sig, DST)
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
        suite::aug_aggregate_verify::<MinSig>(keys, messages, sig, DST)
    }
}

/// A validated public key with its Miller-loop lines computed once, for a key that verifies
/// many messages ([`verify_prepared`]). It is made only from a validated key: a [`PublicKey`]
/// (subgroup, not the identity), its encoding checked the same way
/// ([`PreparedPublicKey::from_bytes`]), or lines computed at compile time from a validated key
/// (the IC mainnet root key's, drand quicknet's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreparedPublicKey(G2Prepared);

impl PreparedPublicKey {
    /// Prepares a validated key.
    pub fn new(pk: &PublicKey) -> PreparedPublicKey {
        PreparedPublicKey(G2Prepared::new(&pk.0))
    }

    /// Decodes a key and prepares it, with the checks and errors of [`PublicKey::from_bytes`]:
    /// the subgroup check reads `[|z|]Q` off the lines' last point
    /// ([`G2Prepared::from_compressed`]), 63 doublings (about 1.9 million instructions) less
    /// than `from_bytes` then [`Self::new`].
    pub fn from_bytes(bytes: &[u8]) -> Result<PreparedPublicKey, BlsError> {
        let (point, lines) = G2Prepared::from_compressed(bytes).map_err(BlsError::PublicKey)?;
        PublicKey::non_identity(point)?;
        Ok(PreparedPublicKey(lines))
    }

    /// A key from lines prepared elsewhere in the crate: the IC mainnet root key's, built in by
    /// `crate::certificate` (`ic_mainnet_root_key`), and drand quicknet's, by `crate::drand`
    /// (each with its test). The lines must be those of a validated key.
    #[cfg(any(feature = "certificate", feature = "drand"))]
    pub(crate) const fn from_prepared(lines: G2Prepared) -> PreparedPublicKey {
        PreparedPublicKey(lines)
    }

    /// The lines, for pairing checks of one's own ([`crate::pairing::pairing_check_prepared`]).
    pub fn lines(&self) -> &G2Prepared {
        &self.0
    }
}

impl From<&PublicKey> for PreparedPublicKey {
    fn from(pk: &PublicKey) -> PreparedPublicKey {
        PreparedPublicKey::new(pk)
    }
}

/// `Verify` (basic scheme, [`DST`]) with the key's lines prepared ahead: for a key that
/// verifies many messages, such as the IC root key ([`PreparedPublicKey::ic_mainnet_root_key`]).
pub fn verify_prepared(pk: &PreparedPublicKey, msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
    let sig = sig.non_identity()?;
    let h = MinSig::hash(msg, DST).to_affine_vartime();
    if pairing_check_prepared(&[(sig, &G2Prepared::neg_generator()), (&h, &pk.0)]) {
        Ok(())
    } else {
        Err(BlsError::InvalidSignature)
    }
}

/// The min-sig variant's proof-of-possession scheme (draft-irtf-cfrg-bls-signature-05,
/// section 3.3), ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_` (section 4.2.3):
/// keys prove possession with [`pop::pop_prove`] under
/// `BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_`, and once [`pop::pop_verify`] has checked the
/// proof, [`pop::fast_aggregate_verify`] and [`pop::aggregate_verify`] (repeated messages
/// allowed) take them. Keys and signatures are the same types as the basic scheme's, but a
/// signature made under one DST does not verify under the other.
///
/// ```
/// use icbls::bls::{min_sig::{self, pop}, SecretKey};
///
/// let sks: Vec<SecretKey> = (1..4u8).map(|i| SecretKey::key_gen(&[i; 32], b"").unwrap()).collect();
/// // Each signer registers its key with a proof of possession, checked once.
/// let keys: Vec<pop::PopVerifiedPublicKey> = sks
///     .iter()
///     .map(|sk| pop::pop_verify(&min_sig::PublicKey::from_secret_key(sk), &pop::pop_prove(sk)).unwrap())
///     .collect();
/// let sigs: Vec<min_sig::Signature> = sks.iter().map(|sk| pop::sign(sk, b"block 7")).collect();
/// let sig = min_sig::Signature::aggregate(&sigs).unwrap();
/// assert_eq!(pop::fast_aggregate_verify(&keys, b"block 7", &sig), Ok(()));
/// ```
pub mod pop {
    use super::{core, keys, BlsError, MinSig, SecretKey};

    /// The keys and signatures are the min-sig variant's ([`super::PublicKey`],
    /// [`super::Signature`]), named here too so that code generic over a scheme module finds
    /// them.
    pub use super::{PublicKey, Signature};

    /// The ciphersuite's domain separation tag for signatures (the proof-of-possession scheme, draft section 3.3).
    pub const DST: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_";

    /// `Sign`: `sk·H(msg)` under [`DST`], with a constant-time scalar multiplication
    /// (`CoreSign`, draft section 2.6).
    pub fn sign(sk: &SecretKey, msg: &[u8]) -> Signature {
        core::core_sign::<MinSig>(sk, msg, DST)
    }

    /// `Verify`: whether `sig` is `pk`'s signature on `msg` under [`DST`] (`CoreVerify`, draft
    /// section 2.7).
    pub fn verify(pk: &PublicKey, msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
        core::core_verify::<MinSig>(pk, msg, sig, DST)
    }

    /// `Verify` on encodings: decodes and validates the key and the signature first, and says
    /// which one was malformed.
    pub fn verify_bytes(pk: &[u8], msg: &[u8], sig: &[u8]) -> Result<(), BlsError> {
        let pk = PublicKey::from_bytes(pk)?;
        let sig = Signature::from_bytes(sig)?;
        verify(&pk, msg, &sig)
    }

    /// Verifies many independent `(key, message, signature)` triples at once: one pairing check
    /// of a random linear combination (coefficients hashed from all inputs, see `bls/batch.rs`).
    /// `Ok` means every signature is valid, except with probability 2^-127; on
    /// `Err(InvalidSignature)` at least one is invalid (verify them one by one to find which). An
    /// empty batch is an error. Each signature stands for its own key alone, so keys need no proof
    /// of possession and messages may repeat.
    pub fn batch_verify(keys: &[PublicKey], messages: &[&[u8]], signatures: &[Signature]) -> Result<(), BlsError> {
        core::core_batch_verify::<MinSig>(keys, messages, signatures, DST)
    }

    /// The domain separation tag for proofs of possession (draft section 3.3).
    pub const POP_DST: &[u8] = b"BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_";

    /// A public key whose proof of possession was verified under this scheme ([`pop_verify`]
    /// made it): only such keys enter [`fast_aggregate_verify`] and [`aggregate_verify`]. See
    /// [`keys::PopVerifiedPublicKey`].
    pub type PopVerifiedPublicKey = keys::PopVerifiedPublicKey<MinSig>;

    /// `PopProve` (draft section 3.3.2): the signature of the key's own compressed encoding
    /// under [`POP_DST`].
    pub fn pop_prove(sk: &SecretKey) -> Signature {
        let pk = PublicKey::from_secret_key(sk);
        core::core_sign::<MinSig>(sk, &pk.to_bytes(), POP_DST)
    }

    /// `PopVerify` (draft section 3.3.3): whether `proof` proves possession of `pk`'s secret key.
    /// On success, the key as a [`PopVerifiedPublicKey`].
    pub fn pop_verify(pk: &PublicKey, proof: &Signature) -> Result<PopVerifiedPublicKey, BlsError> {
        core::core_verify::<MinSig>(pk, &pk.to_bytes(), proof, POP_DST)?;
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
    pub fn aggregate_verify(
        keys: &[PopVerifiedPublicKey],
        messages: &[&[u8]],
        sig: &Signature,
    ) -> Result<(), BlsError> {
        core::aggregate_inputs::<MinSig>(keys.len(), messages, sig)?;
        core::core_aggregate_verify::<MinSig>(keys.iter().map(|k| k.0 .0), messages, sig, DST)
    }

    /// `FastAggregateVerify` (draft section 3.3.4): whether `sig` aggregates the signatures of
    /// every key on the same `msg`, by verifying against the sum of the keys
    /// ([`PopVerifiedPublicKey::aggregate`]).
    pub fn fast_aggregate_verify(keys: &[PopVerifiedPublicKey], msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
        verify(&PopVerifiedPublicKey::aggregate(keys)?, msg, sig)
    }
}
