//! Why a drand round was rejected.

use crate::bls::BlsError;
use core::fmt;

/// Why a drand chain or round was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DrandError {
    /// The scheme ID is not one of [`super::Scheme`]'s.
    UnknownScheme,
    /// The round number cannot have a signature.
    Round {
        /// The rule that was broken.
        rule: &'static str,
    },
    /// The previous signature is missing for a chained scheme, or given for an unchained one.
    PreviousSignature {
        /// The rule that was broken.
        rule: &'static str,
    },
    /// The key or the signature is malformed (`BlsError::PublicKey`, `BlsError::Signature`,
    /// naming the check), or the signature does not verify (`BlsError::InvalidSignature`).
    Bls(BlsError),
}

impl From<BlsError> for DrandError {
    fn from(e: BlsError) -> DrandError {
        DrandError::Bls(e)
    }
}

impl fmt::Display for DrandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrandError::UnknownScheme => {
                f.write_str("scheme: not one of bls-unchained-g1-rfc9380, pedersen-bls-chained, pedersen-bls-unchained")
            }
            DrandError::Round { rule } => write!(f, "round: {rule}"),
            DrandError::PreviousSignature { rule } => write!(f, "previous signature: {rule}"),
            DrandError::Bls(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for DrandError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            DrandError::Bls(e) => Some(e),
            _ => None,
        }
    }
}
