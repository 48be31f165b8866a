//! Errors for untrusted input: each names the value that was wrong and the check it failed.

use core::fmt;

/// Why bytes from outside were rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeError {
    /// The input has the wrong number of bytes.
    WrongLength {
        /// What was being decoded, e.g. `"Fp element"`.
        what: &'static str,
        /// The length it must have.
        expected: usize,
        /// The length it had.
        actual: usize,
    },
    /// The integer is not below the field's modulus (a non-canonical encoding).
    NotCanonical {
        /// What was being decoded, e.g. `"Fp element"`.
        what: &'static str,
    },
    /// The flag bits of a ZCash/IETF point encoding break a rule (`rule` says which).
    InvalidFlags {
        /// What was being decoded, e.g. `"G1 compressed point"`.
        what: &'static str,
        /// The rule that was broken.
        rule: &'static str,
    },
    /// The encoding of the point at infinity is not the canonical one (`rule` says why).
    NonCanonicalInfinity {
        /// What was being decoded.
        what: &'static str,
        /// The rule that was broken.
        rule: &'static str,
    },
    /// An EIP-2537 field element whose 16 leading padding bytes are not all zero.
    NonZeroPadding {
        /// What was being decoded.
        what: &'static str,
    },
    /// The coordinates do not satisfy the curve equation (for a compressed point: no `y` exists
    /// for this `x`).
    NotOnCurve {
        /// What was being decoded.
        what: &'static str,
    },
    /// The point is on the curve but not in the prime-order subgroup.
    NotInSubgroup {
        /// What was being decoded.
        what: &'static str,
    },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::WrongLength { what, expected, actual } => {
                write!(f, "{what}: expected {expected} bytes, got {actual}")
            }
            DecodeError::NotCanonical { what } => {
                write!(f, "{what}: value is not below the modulus (non-canonical encoding)")
            }
            DecodeError::InvalidFlags { what, rule } => write!(f, "{what}: invalid flag bits: {rule}"),
            DecodeError::NonCanonicalInfinity { what, rule } => {
                write!(f, "{what}: non-canonical point at infinity: {rule}")
            }
            DecodeError::NonZeroPadding { what } => {
                write!(f, "{what}: the 16 leading bytes of a 64-byte field element must be zero")
            }
            DecodeError::NotOnCurve { what } => write!(f, "{what}: the point is not on the curve"),
            DecodeError::NotInSubgroup { what } => {
                write!(f, "{what}: the point is not in the prime-order subgroup")
            }
        }
    }
}

impl core::error::Error for DecodeError {}
