//! Why a canister signature or an Internet Identity delegation was rejected: each error names
//! the step of the verification that failed.

use crate::certificate::{CertificateError, LookupResult, Within};
use core::fmt;

/// What is wrong with a canister signature's DER public key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PublicKeyError {
    /// Longer than [`MAX_PUBLIC_KEY_BYTES`](super::MAX_PUBLIC_KEY_BYTES).
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// Not the DER structure of a SubjectPublicKeyInfo: `check` names what was expected.
    Der {
        /// The check that failed.
        check: &'static str,
    },
    /// The algorithm is not the canister signature one (OID 1.3.6.1.4.1.56387.1.2).
    Algorithm,
    /// The canister id inside the key: `check` names what was expected.
    CanisterId {
        /// The check that failed.
        check: &'static str,
    },
}

impl fmt::Display for PublicKeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicKeyError::TooLong { len } => {
                write!(f, "public key: {len} bytes, more than {}", super::MAX_PUBLIC_KEY_BYTES)
            }
            PublicKeyError::Der { check } => write!(f, "public key: DER: expected {check}"),
            PublicKeyError::Algorithm => {
                f.write_str("public key: the algorithm is not canister signatures (OID 1.3.6.1.4.1.56387.1.2)")
            }
            PublicKeyError::CanisterId { check } => write!(f, "public key: canister id: expected {check}"),
        }
    }
}

/// Why a canister signature was rejected, by step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CanisterSignatureError {
    /// The DER public key.
    PublicKey(PublicKeyError),
    /// The signature or its certificate lacks the self-describe tag 55799 the specification
    /// writes them with (ic-signature-verification requires it too).
    MissingSelfDescribeTag {
        /// Which document.
        within: Within,
    },
    /// The signature's CBOR `{certificate, tree}` (errors name [`Within::CanisterSignature`]),
    /// or the certificate's own CBOR.
    Decode(CertificateError),
    /// `/sig/<sha256(seed)>/<sha256(message)>` is not in the signature's tree: the canister
    /// did not sign this message under this seed.
    SignatureNotFound {
        /// What the lookup gave.
        lookup: LookupResult<'static>,
    },
    /// The leaf at `/sig/<sha256(seed)>/<sha256(message)>` is not empty.
    SignatureLeafNotEmpty,
    /// `/canister/<canister_id>/certified_data` is not a leaf of the certificate.
    CertifiedDataNotFound {
        /// What the lookup gave.
        lookup: LookupResult<'static>,
    },
    /// The canister's `certified_data` is not the signature tree's root hash.
    CertifiedDataMismatch,
    /// The certificate (its delegation, the canister's range, freshness, BLS signatures).
    Certificate(CertificateError),
}

impl fmt::Display for CanisterSignatureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CanisterSignatureError::*;
        match self {
            PublicKey(e) => write!(f, "{e}"),
            MissingSelfDescribeTag { within } => write!(f, "{within}: missing the self-describe tag 55799"),
            Decode(e) => write!(f, "{e}"),
            SignatureNotFound { lookup } => {
                write!(f, "signature tree: /sig/<sha256(seed)>/<sha256(message)> lookup gave {lookup:?}")
            }
            SignatureLeafNotEmpty => f.write_str("signature tree: the leaf at /sig/<seed>/<message> is not empty"),
            CertifiedDataNotFound { lookup } => {
                write!(f, "certificate: /canister/<canister_id>/certified_data lookup gave {lookup:?}")
            }
            CertifiedDataMismatch => {
                f.write_str("certificate: the canister's certified_data is not the signature tree's root hash")
            }
            Certificate(e) => write!(f, "{e}"),
        }
    }
}

/// Why an Internet Identity delegation was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DelegationError {
    /// The delegation expired: `expiration_ns` is before `now_ns`.
    Expired {
        /// The delegation's expiration.
        expiration_ns: u64,
        /// The caller's time.
        now_ns: u64,
    },
    /// The delegation is restricted to targets and the target asked for is not one of them
    /// (or no target was given).
    TargetNotAllowed,
    /// The delegation delegates to the key that signed it (the IC refuses self-signed
    /// delegations, interface specification "Authentication").
    SelfDelegation,
    /// The delegation lists more targets than [`MAX_TARGETS`](super::MAX_TARGETS).
    TooManyTargets {
        /// How many it lists.
        count: usize,
    },
    /// The canister signature on the delegation.
    Signature(CanisterSignatureError),
}

impl fmt::Display for DelegationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DelegationError::Expired { expiration_ns, now_ns } => {
                write!(f, "delegation: expired at {expiration_ns} ns, now is {now_ns} ns")
            }
            DelegationError::TargetNotAllowed => f.write_str("delegation: the target is not among its targets"),
            DelegationError::SelfDelegation => f.write_str("delegation: pubkey is the key that signed it"),
            DelegationError::TooManyTargets { count } => {
                write!(f, "delegation: {count} targets, more than {}", super::MAX_TARGETS)
            }
            DelegationError::Signature(e) => write!(f, "delegation: signature: {e}"),
        }
    }
}

impl core::error::Error for PublicKeyError {}

impl core::error::Error for CanisterSignatureError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            CanisterSignatureError::PublicKey(e) => Some(e),
            CanisterSignatureError::Decode(e) | CanisterSignatureError::Certificate(e) => Some(e),
            _ => None,
        }
    }
}

impl core::error::Error for DelegationError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            DelegationError::Signature(e) => Some(e),
            _ => None,
        }
    }
}
