//! Why a precompile call failed. On Ethereum every failure is the same (the call fails and
//! burns its gas); the variants say which rule of the EIP the input broke.

use super::Precompile;
use crate::DecodeError;
use core::fmt;

/// Why the input of an EIP-2537 precompile was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PrecompileError {
    /// The address is not one of the seven EIP-2537 precompiles (0x0b to 0x11).
    UnknownAddress {
        /// The address's last byte.
        address: u8,
    },
    /// The input length is not the one the precompile takes.
    InvalidLength {
        /// The precompile called.
        precompile: Precompile,
        /// The rule, e.g. `"256 bytes"` or `"a nonzero multiple of 160 bytes"`.
        expected: &'static str,
        /// The length given.
        actual: usize,
    },
    /// A field element or point of the input is invalid.
    InvalidEncoding {
        /// The precompile called.
        precompile: Precompile,
        /// Which element: the index of the point, pair or field element (from 0).
        index: usize,
        /// The check that failed (padding, canonical value, on the curve, in the subgroup).
        error: DecodeError,
    },
    /// The call costs more gas than its limit ([`super::run_with_gas_limit`]).
    OutOfGas {
        /// The precompile called.
        precompile: Precompile,
        /// The gas the call costs.
        required: u64,
        /// The limit it was given.
        limit: u64,
    },
}

impl fmt::Display for PrecompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrecompileError::UnknownAddress { address } => {
                write!(f, "address 0x{address:02x} is not an EIP-2537 precompile (0x0b to 0x11)")
            }
            PrecompileError::InvalidLength { precompile, expected, actual } => {
                write!(f, "{}: input must be {expected}, got {actual} bytes", precompile.name())
            }
            PrecompileError::InvalidEncoding { precompile, index, error } => {
                write!(f, "{}: element {index}: {error}", precompile.name())
            }
            PrecompileError::OutOfGas { precompile, required, limit } => {
                write!(f, "{}: out of gas: the call costs {required}, the limit is {limit}", precompile.name())
            }
        }
    }
}

impl core::error::Error for PrecompileError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            PrecompileError::InvalidEncoding { error, .. } => Some(error),
            _ => None,
        }
    }
}
