//! Why vetKeys input was rejected.

use crate::DecodeError;
use core::fmt;

/// Why a vetKeys value was rejected: each variant names the field and the check it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VetKeyError {
    /// A point or scalar in `field` did not decode (length, flags, curve, subgroup or
    /// canonical-encoding check, as `error` says).
    Decode {
        /// The value being decoded, e.g. `"EncryptedVetKey c2"`.
        field: &'static str,
        /// The check that failed.
        error: DecodeError,
    },
    /// `field` is shorter than its format allows.
    TooShort {
        /// The value being decoded, e.g. `"IbeCiphertext"`.
        field: &'static str,
        /// The least number of bytes it may have.
        min: usize,
        /// The number of bytes it had.
        actual: usize,
    },
    /// An IBE ciphertext whose 8-byte header is not `"IC IBE" 00 01`.
    UnknownIbeHeader,
    /// The encrypted key's `c1` and `c2` have different discrete logarithms:
    /// `e(c1, g2) ≠ e(g1, c2)`.
    InconsistentEncryptedKey,
    /// The derived public key is the point at infinity, under which nothing verifies.
    IdentityPublicKey,
    /// The master public key is the point at infinity: every key derived from it is a public
    /// multiple of g2, whose vetKeys anyone can compute.
    IdentityMasterKey,
    /// The decrypted vetKey is not a BLS signature on the input under the derived public key:
    /// wrong transport secret key, wrong input, wrong derived key or a corrupted `c3`.
    InvalidVetKey,
    /// A VRF proof is not a BLS signature on the VRF input under the VRF's public key.
    InvalidVrfProof,
    /// IBE decryption failed: `c1` is not `t·g2` for the recomputed mask `t` (wrong vetKey,
    /// wrong identity or derived key, or a corrupted ciphertext).
    IbeDecryptionFailed,
    /// A message to encrypt is longer than AES-GCM allows (2^36 bytes).
    MessageTooLong {
        /// Its length.
        len: usize,
    },
    /// A [`super::DerivedKeyMaterial`] message with associated data whose 8-byte header is not
    /// `"IC GCMv2"` (the headerless first format has no associated data).
    UnknownGcmHeader,
    /// A [`super::DerivedKeyMaterial`] message whose AES-GCM tag does not verify: wrong key,
    /// domain separator or associated data, or a corrupted message.
    GcmDecryptionFailed,
    /// HKDF-SHA256 cannot produce more than 255·32 = 8160 bytes.
    OutputTooLong {
        /// The number of bytes asked for.
        requested: usize,
    },
}

impl VetKeyError {
    pub(crate) fn decode(field: &'static str) -> impl FnOnce(DecodeError) -> VetKeyError {
        move |error| VetKeyError::Decode { field, error }
    }
}

impl fmt::Display for VetKeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VetKeyError::Decode { field, error } => write!(f, "{field}: {error}"),
            VetKeyError::TooShort { field, min, actual } => {
                write!(f, "{field}: expected at least {min} bytes, got {actual}")
            }
            VetKeyError::UnknownIbeHeader => f.write_str("IbeCiphertext header: not \"IC IBE\\x00\\x01\""),
            VetKeyError::InconsistentEncryptedKey => {
                f.write_str("EncryptedVetKey c1, c2: different discrete logarithms (e(c1, g2) != e(g1, c2))")
            }
            VetKeyError::IdentityPublicKey => f.write_str("DerivedPublicKey: the point at infinity"),
            VetKeyError::IdentityMasterKey => f.write_str(
                "MasterPublicKey: the point at infinity (every key derived from it is a public multiple of g2)",
            ),
            VetKeyError::InvalidVetKey => f.write_str(
                "EncryptedVetKey c3: the decrypted key is not a BLS signature on the input under the derived public key",
            ),
            VetKeyError::InvalidVrfProof => {
                f.write_str("VrfOutput proof: not a BLS signature on the input under the public key")
            }
            VetKeyError::IbeDecryptionFailed => {
                f.write_str("IbeCiphertext c1: not t*g2 for the recomputed mask (wrong key or corrupted ciphertext)")
            }
            VetKeyError::MessageTooLong { len } => {
                write!(f, "DerivedKeyMaterial message: {len} bytes, AES-GCM takes at most 2^36")
            }
            VetKeyError::UnknownGcmHeader => f.write_str("DerivedKeyMaterial message header: not \"IC GCMv2\""),
            VetKeyError::GcmDecryptionFailed => f.write_str(
                "DerivedKeyMaterial message: the AES-GCM tag does not verify (wrong key, domain separator or associated data, or corrupted)",
            ),
            VetKeyError::OutputTooLong { requested } => {
                write!(f, "derive_symmetric_key: {requested} bytes requested, HKDF-SHA256 gives at most 8160")
            }
        }
    }
}

impl core::error::Error for VetKeyError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            VetKeyError::Decode { error, .. } => Some(error),
            _ => None,
        }
    }
}
