//! Why a certificate was rejected: each error names the part of the certificate (and, for
//! malformed bytes, the offset) and the check it failed.

use super::lookup::LookupResult;
use crate::DecodeError;
use core::fmt;

/// Which of the (up to three) CBOR documents an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Within {
    /// The certificate passed to [`verify_certificate`](super::verify_certificate).
    Certificate,
    /// The certificate inside its delegation (`delegation.certificate`).
    DelegationCertificate,
    /// A canister-ranges leaf of the delegation certificate.
    CanisterRanges,
    /// A read_state response body (`{"certificate": bytes}`).
    ReadStateResponse,
    /// A hash tree decoded on its own ([`HashTree::decode`](super::HashTree::decode)).
    HashTree,
    /// A canister signature's CBOR `{certificate, tree}`
    /// ([`crate::canister_signature`]).
    CanisterSignature,
}

impl fmt::Display for Within {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Within::Certificate => "certificate",
            Within::DelegationCertificate => "delegation certificate",
            Within::CanisterRanges => "canister ranges",
            Within::ReadStateResponse => "read_state response",
            Within::HashTree => "hash tree",
            Within::CanisterSignature => "canister signature",
        })
    }
}

/// What is wrong with a DER-wrapped BLS public key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KeyError {
    /// The key is neither the 133-byte DER form nor (for the root key) the raw 96 bytes.
    WrongLength {
        /// The length it had.
        actual: usize,
    },
    /// The first 37 bytes are not the DER prefix of an IC BLS12-381 G2 key (RFC 5480
    /// SubjectPublicKeyInfo, algorithm OID 1.3.6.1.4.1.44668.5.3.1.2.1, curve OID
    /// 1.3.6.1.4.1.44668.5.3.2.1).
    WrongDerPrefix,
    /// The 96 key bytes are not a valid compressed G2 point of the prime-order subgroup.
    Point(DecodeError),
    /// The key is the point at infinity (it would accept the identity signature for every
    /// message).
    Identity,
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::WrongLength { actual } => {
                write!(f, "expected 133 bytes (DER) or 96 bytes (raw key), got {actual}")
            }
            KeyError::WrongDerPrefix => f.write_str("not the DER prefix of a BLS12-381 G2 key"),
            KeyError::Point(e) => write!(f, "{e}"),
            KeyError::Identity => f.write_str("the key is the point at infinity"),
        }
    }
}

/// Why a certificate (or a read_state response) was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CertificateError {
    /// The input is longer than [`MAX_CERTIFICATE_BYTES`](super::MAX_CERTIFICATE_BYTES).
    TooLarge {
        /// Which document.
        within: Within,
        /// Its length in bytes.
        len: usize,
    },
    /// Malformed or unexpected CBOR (RFC 8949): `what` says which check failed, `offset` is
    /// the byte offset in the document where it was found.
    Cbor {
        /// Which document.
        within: Within,
        /// Byte offset of the offending item.
        offset: usize,
        /// The check that failed.
        what: &'static str,
    },
    /// A required map field is missing.
    MissingField {
        /// Which document.
        within: Within,
        /// The field, e.g. `"tree"` or `"delegation.subnet_id"`.
        field: &'static str,
    },
    /// A field is longer than the specification allows (e.g. `delegation.subnet_id`, a
    /// principal: at most [`MAX_PRINCIPAL_BYTES`](super::MAX_PRINCIPAL_BYTES) bytes).
    FieldTooLong {
        /// Which document.
        within: Within,
        /// The field, e.g. `"delegation.subnet_id"`.
        field: &'static str,
        /// Its length in bytes.
        len: usize,
        /// The largest length allowed.
        max: usize,
    },
    /// A map field appears twice.
    DuplicateField {
        /// Which document.
        within: Within,
        /// The field.
        field: &'static str,
    },
    /// The hash tree nests deeper than [`MAX_TREE_DEPTH`](super::MAX_TREE_DEPTH).
    TreeDepth {
        /// Which document.
        within: Within,
        /// Byte offset of the node that went too deep.
        offset: usize,
    },
    /// `/time` is not a leaf of the tree (the lookup gave this answer instead of `Found`).
    MissingTime {
        /// Which document.
        within: Within,
        /// What the lookup of `/time` gave.
        lookup: LookupResult<'static>,
    },
    /// `/time` is not a LEB128 natural number that fits in 64 bits.
    BadTime {
        /// Which document.
        within: Within,
    },
    /// The certificate is older than the caller allows (`now_ns - time_ns > max_age_ns`).
    Stale {
        /// The certificate's `/time`.
        time_ns: u64,
        /// The caller's clock.
        now_ns: u64,
        /// The largest age allowed.
        max_age_ns: u64,
    },
    /// The certificate's time is further in the future than the caller allows
    /// (`time_ns - now_ns > max_age_ns`; see [`Freshness`](super::Freshness)).
    FromFuture {
        /// The certificate's `/time`.
        time_ns: u64,
        /// The caller's clock.
        now_ns: u64,
        /// The largest skew allowed.
        max_age_ns: u64,
    },
    /// The delegation's certificate is older than the caller allows
    /// (`now_ns - time_ns > max_age_ns`, with the delegation's own `/time`; see
    /// [`Freshness::delegation_max_age_ns`](super::Freshness::delegation_max_age_ns)).
    DelegationStale {
        /// The delegation certificate's `/time`.
        time_ns: u64,
        /// The caller's clock.
        now_ns: u64,
        /// The largest age allowed.
        max_age_ns: u64,
    },
    /// The delegation's certificate is further in the future than the caller allows
    /// (`time_ns - now_ns > max_age_ns`).
    DelegationFromFuture {
        /// The delegation certificate's `/time`.
        time_ns: u64,
        /// The caller's clock.
        now_ns: u64,
        /// The largest skew allowed.
        max_age_ns: u64,
    },
    /// The target principal given by the caller is longer than
    /// [`MAX_PRINCIPAL_BYTES`](super::MAX_PRINCIPAL_BYTES): no canister or subnet has that id.
    TargetTooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// The root key given by the caller is not a BLS key.
    RootKey(KeyError),
    /// `/subnet/<subnet_id>/public_key` in the delegation certificate is not a BLS key.
    SubnetKey(KeyError),
    /// `/subnet/<subnet_id>/public_key` is not a leaf of the delegation certificate.
    SubnetKeyNotFound {
        /// What the lookup gave.
        lookup: LookupResult<'static>,
    },
    /// The signature bytes are not a compressed G1 point of the prime-order subgroup (or are
    /// the point at infinity, reported as [`DecodeError::InvalidFlags`]).
    SignatureEncoding {
        /// Which certificate.
        within: Within,
        /// Why the point was rejected.
        error: DecodeError,
    },
    /// The BLS signature does not verify over `"\x0Dic-state-root" · root_hash`.
    BadSignature {
        /// Which certificate.
        within: Within,
    },
    /// The delegation's certificate itself has a delegation (the spec forbids it).
    NestedDelegation,
    /// A subnet's certificate was asked for and the delegation is for another subnet.
    SubnetMismatch,
    /// Neither `/canister_ranges/<subnet_id>/<shard>` nor `/subnet/<subnet_id>/canister_ranges`
    /// has a ranges leaf in the delegation certificate (absent or pruned): the subnet's
    /// authority over the canister cannot be established.
    CanisterRangesNotFound,
    /// The canister is in none of the delegated subnet's ranges: the subnet is not
    /// authorised to certify for it.
    CanisterNotInRange,
    /// A lookup under `/canister/<id>/` for a canister other than the one the certificate was
    /// verified for ([`Target::Canister`](super::Target::Canister)): the delegation's scope
    /// was checked for that canister only, and a read_state certificate reveals only the
    /// effective canister's paths (interface specification, "Request: Read state").
    LookupOtherCanister,
    /// A lookup under `/canister/<id>/` in a subnet's own certificate
    /// ([`Target::Subnet`](super::Target::Subnet)): no canister's scope was checked, and a
    /// subnet's read_state request cannot ask for canister paths.
    LookupCanisterInSubnetCertificate,
    /// A lookup under `/subnet/<id>/` or `/canister_ranges/<id>/` for a subnet other than the
    /// delegation's, in a certificate signed through a delegation: the delegated subnet's
    /// word about another subnet's key or ranges is not the root's.
    LookupOtherSubnet,
}

impl fmt::Display for CertificateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CertificateError::*;
        match self {
            TooLarge { within, len } => {
                write!(f, "{within}: {len} bytes, more than the {} allowed", super::MAX_CERTIFICATE_BYTES)
            }
            Cbor { within, offset, what } => write!(f, "{within}: CBOR at byte {offset}: {what}"),
            MissingField { within, field } => write!(f, "{within}: missing field {field}"),
            DuplicateField { within, field } => write!(f, "{within}: field {field} appears twice"),
            FieldTooLong { within, field, len, max } => {
                write!(f, "{within}: field {field} has {len} bytes, more than the {max} allowed")
            }
            TreeDepth { within, offset } => {
                write!(f, "{within}: hash tree deeper than {} at byte {offset}", super::MAX_TREE_DEPTH)
            }
            MissingTime { within, lookup } => write!(f, "{within}: /time lookup gave {lookup:?}"),
            BadTime { within } => write!(f, "{within}: /time is not a 64-bit LEB128 number"),
            Stale { time_ns, now_ns, max_age_ns } => {
                write!(f, "certificate time {time_ns} ns is more than {max_age_ns} ns before now ({now_ns} ns)")
            }
            FromFuture { time_ns, now_ns, max_age_ns } => {
                write!(f, "certificate time {time_ns} ns is more than {max_age_ns} ns after now ({now_ns} ns)")
            }
            DelegationStale { time_ns, now_ns, max_age_ns } => write!(
                f,
                "delegation certificate time {time_ns} ns is more than {max_age_ns} ns before now ({now_ns} ns)"
            ),
            DelegationFromFuture { time_ns, now_ns, max_age_ns } => write!(
                f,
                "delegation certificate time {time_ns} ns is more than {max_age_ns} ns after now ({now_ns} ns)"
            ),
            TargetTooLong { len } => {
                write!(f, "target: a principal of {len} bytes, more than the {} allowed", super::MAX_PRINCIPAL_BYTES)
            }
            RootKey(e) => write!(f, "root key: {e}"),
            SubnetKey(e) => write!(f, "delegation: subnet public key: {e}"),
            SubnetKeyNotFound { lookup } => {
                write!(f, "delegation: /subnet/<subnet_id>/public_key lookup gave {lookup:?}")
            }
            SignatureEncoding { within, error } => write!(f, "{within}: signature: {error}"),
            BadSignature { within } => write!(f, "{within}: the BLS signature does not verify"),
            NestedDelegation => f.write_str("delegation: its certificate has a delegation itself"),
            SubnetMismatch => f.write_str("delegation: subnet_id is not the subnet asked for"),
            CanisterRangesNotFound => {
                f.write_str("delegation: no canister ranges for the subnet (absent or pruned): not authorised")
            }
            CanisterNotInRange => f.write_str("delegation: the canister is outside the subnet's canister ranges"),
            LookupOtherCanister => f.write_str(
                "lookup: /canister/<id>/... for a canister other than the one the certificate was verified for",
            ),
            LookupCanisterInSubnetCertificate => {
                f.write_str("lookup: /canister/<id>/... in a subnet's certificate, which speaks for no canister")
            }
            LookupOtherSubnet => f.write_str(
                "lookup: /subnet/<id>/... or /canister_ranges/<id>/... for a subnet other than the delegation's, \
                 which speaks only for itself",
            ),
        }
    }
}

impl core::error::Error for KeyError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            KeyError::Point(e) => Some(e),
            _ => None,
        }
    }
}

impl core::error::Error for CertificateError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            CertificateError::RootKey(e) | CertificateError::SubnetKey(e) => Some(e),
            CertificateError::SignatureEncoding { error, .. } => Some(error),
            _ => None,
        }
    }
}
