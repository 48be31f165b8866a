//! Why a BLS operation failed.

use crate::DecodeError;
use core::fmt;

/// Why a key, a signature or a verification was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BlsError {
    /// The public key's bytes are not a valid compressed point of its group (the inner error
    /// names the check: length, flags, canonical field element, curve, subgroup).
    PublicKey(DecodeError),
    /// The signature's bytes are not a valid compressed point of its group.
    Signature(DecodeError),
    /// The public key is the point at infinity, which `KeyValidate` rejects.
    IdentityPublicKey,
    /// The signature is the point at infinity.
    IdentitySignature,
    /// The secret key's bytes are not a scalar in `1..r` (big-endian, 32 bytes).
    SecretKey {
        /// The rule that was broken.
        rule: &'static str,
    },
    /// `KeyGen` needs at least 32 bytes of input key material.
    KeyMaterialTooShort {
        /// The number of bytes given.
        actual: usize,
    },
    /// Aggregation and aggregate verification need at least one key or signature.
    Empty {
        /// What was empty.
        what: &'static str,
    },
    /// The basic scheme's `AggregateVerify` needs pairwise distinct messages.
    DuplicateMessage {
        /// The index of the first message that repeats an earlier one.
        index: usize,
    },
    /// Parallel lists of keys, messages or signatures differ in length.
    LengthMismatch {
        /// What the lists hold.
        what: &'static str,
    },
    /// A caller-chosen domain separation tag breaks a rule of RFC 9380.
    InvalidDst {
        /// The rule that was broken.
        rule: &'static str,
    },
    /// The pairing equation does not hold: the signature is not valid for these keys and
    /// messages.
    InvalidSignature,
}

impl fmt::Display for BlsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BlsError::PublicKey(e) => write!(f, "public key: {e}"),
            BlsError::Signature(e) => write!(f, "signature: {e}"),
            BlsError::IdentityPublicKey => f.write_str("public key: the point at infinity is not a valid key"),
            BlsError::IdentitySignature => f.write_str("signature: the point at infinity is not a valid signature"),
            BlsError::SecretKey { rule } => write!(f, "secret key: {rule}"),
            BlsError::KeyMaterialTooShort { actual } => {
                write!(f, "key generation: input key material must be at least 32 bytes, got {actual}")
            }
            BlsError::Empty { what } => write!(f, "{what}: at least one is needed"),
            BlsError::DuplicateMessage { index } => {
                write!(f, "aggregate verification: message {index} repeats an earlier one (the basic scheme needs distinct messages)")
            }
            BlsError::LengthMismatch { what } => write!(f, "{what}: the lists differ in length"),
            BlsError::InvalidDst { rule } => write!(f, "domain separation tag: {rule}"),
            BlsError::InvalidSignature => f.write_str("the signature does not verify"),
        }
    }
}

impl core::error::Error for BlsError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            BlsError::PublicKey(e) | BlsError::Signature(e) => Some(e),
            _ => None,
        }
    }
}
