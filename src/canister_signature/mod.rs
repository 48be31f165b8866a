//! IC canister signatures (interface specification, "Canister signatures"), as Internet
//! Identity and verifiable credentials use them.
//!
//! A canister signs a message by putting `/sig/<sha256(seed)>/<sha256(message)>` (an empty
//! leaf) into a hash tree whose root hash is its certified data. The signature is the CBOR
//! `tagged<{certificate, tree}>`; the public key is the DER of the canister id and the seed
//! ([`CanisterSigPublicKey`]). [`verify_canister_signature`] checks, cheapest first:
//!
//! 1. the public key's DER;
//! 2. the signature's CBOR (with tag 55799) and the leaf at
//!    `/sig/<sha256(seed)>/<sha256(message)>`, which must be empty;
//! 3. the certificate's CBOR (with tag 55799, as its delegation's certificate) and that
//!    `/canister/<canister_id>/certified_data` is the signature tree's root hash;
//! 4. the certificate for the signing canister
//!    ([`verify_certificate`](crate::certificate::verify_certificate): the delegation, the
//!    canister's range, `/time` and optional freshness, the BLS signatures).
//!
//! Where this is stricter than dfinity's `ic-signature-verification` (each tested in
//! `tests/canister_signatures.rs`): CBOR map keys must be text and tree labels byte strings,
//! as the specification's CDDL writes them (serde_cbor takes either); the key is read as DER,
//! so its lengths and tags are checked (and long seeds, with DER's longer lengths, are read);
//! every certificate must hold a 64-bit `/time` (every state tree has one, "Certificate"). A
//! delegation's canister ranges are read as for certificates: any ranges leaf of the subnet,
//! in either layout, may cover the canister. The signature tree's well-formedness (labels in
//! order) is not checked, nor by the reference: a lookup's `Found` is bound to the root hash
//! either way.
//!
//! [`verify_delegation`] checks an Internet Identity delegation signed this way.
//!
//! ```
//! use icbls::canister_signature::{verify_canister_signature, CanisterSignatureError};
//! use icbls::certificate::IC_MAINNET_ROOT_KEY;
//!
//! // A key whose DER is cut short is refused before any signature work.
//! let err = verify_canister_signature(b"message", &[0xd9, 0xd9, 0xf7], &[0x30, 0x05], &IC_MAINNET_ROOT_KEY, None);
//! assert!(matches!(err, Err(CanisterSignatureError::PublicKey(_))));
//! ```

mod delegation;
mod error;
mod public_key;

pub use delegation::{verify_delegation, Delegation, DELEGATION_DOMAIN, MAX_TARGETS};
pub use error::{CanisterSignatureError, DelegationError, PublicKeyError};
pub use public_key::{self_authenticating_principal, CanisterSigPublicKey, ALGORITHM_ID_DER, MAX_PUBLIC_KEY_BYTES};

use crate::certificate::cbor::{Reader, MAP};
use crate::certificate::{
    verify_decoded_with, Certificate, CertificateError, DelegationCache, Freshness, HashTree, LookupResult, Target,
    Within,
};
use sha2::{Digest, Sha256};

/// The self-describe tag 55799, as its three CBOR bytes.
const SELF_DESCRIBE: [u8; 3] = [0xd9, 0xd9, 0xf7];

/// A decoded, not yet verified, canister signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanisterSignature<'a> {
    /// The CBOR certificate that certifies the tree's root hash as the canister's data.
    pub certificate: &'a [u8],
    /// The signature tree, holding `/sig/<sha256(seed)>/<sha256(message)>`.
    pub tree: HashTree<'a>,
}

impl<'a> CanisterSignature<'a> {
    /// Decodes `tagged<{certificate: bytes, tree: hash-tree}>`. The tag is required; other map
    /// keys are skipped; a key twice is an error.
    pub fn decode(bytes: &'a [u8]) -> Result<CanisterSignature<'a>, CanisterSignatureError> {
        let within = Within::CanisterSignature;
        if !bytes.starts_with(&SELF_DESCRIBE) {
            return Err(CanisterSignatureError::MissingSelfDescribeTag { within });
        }
        let decode = CanisterSignatureError::Decode;
        if bytes.len() > crate::certificate::MAX_CERTIFICATE_BYTES {
            return Err(decode(CertificateError::TooLarge { within, len: bytes.len() }));
        }
        let mut r = Reader::new(bytes, within);
        r.skip_self_describe_tag().map_err(decode)?;
        let (entries, _) = r.container(MAP, "canister signature: expected a map").map_err(decode)?;
        let (mut certificate, mut tree) = (None, None);
        let duplicate = |field| decode(CertificateError::DuplicateField { within, field });
        for _ in 0..entries {
            match r.text("canister signature: map keys must be text").map_err(decode)? {
                b"certificate" => {
                    if certificate.is_some() {
                        return Err(duplicate("certificate"));
                    }
                    certificate =
                        Some(r.bytes("canister signature: certificate must be a byte string").map_err(decode)?);
                }
                b"tree" => {
                    if tree.is_some() {
                        return Err(duplicate("tree"));
                    }
                    tree = Some(HashTree::read(&mut r).map_err(decode)?);
                }
                _ => r.skip().map_err(decode)?,
            }
        }
        r.finish().map_err(decode)?;
        let missing = |field| decode(CertificateError::MissingField { within, field });
        Ok(CanisterSignature {
            certificate: certificate.ok_or(missing("certificate"))?,
            tree: tree.ok_or(missing("tree"))?,
        })
    }
}

/// What a verified canister signature was certified with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive] // What a verification reports may grow.
pub struct VerifiedCanisterSignature {
    /// The certificate's `/time`, in nanoseconds since 1970-01-01 UTC: when the subnet
    /// certified the canister's data (the signature is at least this old).
    pub certificate_time_ns: u64,
}

/// Verifies a canister signature (interface specification, "Canister signatures") on
/// `message` by the key `public_key_der`, under the IC root key `root_key` (133-byte DER or raw
/// 96 bytes, e.g. [`IC_MAINNET_ROOT_KEY`](crate::certificate::IC_MAINNET_ROOT_KEY)).
///
/// `freshness`: `None` checks no time, as ic-signature-verification; with it, the
/// certificate's `/time` must be within its window (see [`Freshness`]).
///
/// Checks run cheapest first (see the [module documentation](self)); the error names the step
/// that failed.
pub fn verify_canister_signature(
    message: &[u8],
    signature: &[u8],
    public_key_der: &[u8],
    root_key: &[u8],
    freshness: Option<Freshness>,
) -> Result<VerifiedCanisterSignature, CanisterSignatureError> {
    verify(message, signature, public_key_der, root_key, freshness, None)
}

/// [`verify_canister_signature`] with a [`DelegationCache`]: the certificate's delegation is
/// checked once per cache (see [`DelegationCache::verify_certificate`]). The answer is the same.
pub fn verify_canister_signature_cached(
    message: &[u8],
    signature: &[u8],
    public_key_der: &[u8],
    root_key: &[u8],
    freshness: Option<Freshness>,
    cache: &mut DelegationCache,
) -> Result<VerifiedCanisterSignature, CanisterSignatureError> {
    verify(message, signature, public_key_der, root_key, freshness, Some(cache))
}

fn verify(
    message: &[u8],
    signature: &[u8],
    public_key_der: &[u8],
    root_key: &[u8],
    freshness: Option<Freshness>,
    cache: Option<&mut DelegationCache>,
) -> Result<VerifiedCanisterSignature, CanisterSignatureError> {
    let key = CanisterSigPublicKey::from_der(public_key_der).map_err(CanisterSignatureError::PublicKey)?;
    let sig = CanisterSignature::decode(signature)?;
    let seed_hash: [u8; 32] = Sha256::digest(key.seed).into();
    let message_hash: [u8; 32] = Sha256::digest(message).into();
    match sig.tree.lookup(&[b"sig".as_slice(), &seed_hash, &message_hash]) {
        LookupResult::Found([]) => {}
        LookupResult::Found(_) => return Err(CanisterSignatureError::SignatureLeafNotEmpty),
        other => return Err(CanisterSignatureError::SignatureNotFound { lookup: other.not_found() }),
    }
    if !sig.certificate.starts_with(&SELF_DESCRIBE) {
        return Err(CanisterSignatureError::MissingSelfDescribeTag { within: Within::Certificate });
    }
    let certificate = Certificate::decode(sig.certificate).map_err(CanisterSignatureError::Decode)?;
    if certificate.delegation.is_some_and(|d| !d.certificate.starts_with(&SELF_DESCRIBE)) {
        return Err(CanisterSignatureError::MissingSelfDescribeTag { within: Within::DelegationCertificate });
    }
    let certified = [b"canister".as_slice(), key.canister_id, b"certified_data"];
    match certificate.tree.lookup(&certified) {
        LookupResult::Found(data) if data == sig.tree.root_hash() => {}
        LookupResult::Found(_) => return Err(CanisterSignatureError::CertifiedDataMismatch),
        other => return Err(CanisterSignatureError::CertifiedDataNotFound { lookup: other.not_found() }),
    }
    let verified = verify_decoded_with(certificate, root_key, Target::Canister(key.canister_id), freshness, cache)
        .map_err(CanisterSignatureError::Certificate)?;
    Ok(VerifiedCanisterSignature { certificate_time_ns: verified.time_ns() })
}
