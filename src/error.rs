//! Errors for untrusted input: each names the value that was wrong and the check it failed.

use core::fmt;

/// Why bytes from outside were rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
        }
    }
}
