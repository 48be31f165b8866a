//! Internet Identity delegations as agents and the IC verify them (interface specification,
//! "Authentication": signed delegations): the user's canister-signature key signs
//! `"\x1Aic-request-auth-delegation" · hash_of_map(delegation)`, with the representation
//! independent hash of `{pubkey, expiration, targets?}`.

use super::error::DelegationError;
use super::{verify_canister_signature, VerifiedCanisterSignature};
use crate::certificate::Freshness;
use sha2::{Digest, Sha256};

/// The domain separator of a delegation's signed bytes (its length byte, then the text).
pub const DELEGATION_DOMAIN: &[u8; 27] = b"\x1Aic-request-auth-delegation";

/// The most targets a delegation may list (the IC refuses more in an ingress message).
pub const MAX_TARGETS: usize = 1_000;

/// A delegation `{pubkey, expiration, targets?}` from a user's key to a session key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive] // Built with `new`, so that a field the IC adds is not a breaking change.
pub struct Delegation<'a> {
    /// The session key it delegates to (DER).
    pub pubkey: &'a [u8],
    /// When it expires, in nanoseconds since 1970-01-01 UTC.
    pub expiration_ns: u64,
    /// The canisters it is restricted to, if any.
    pub targets: Option<&'a [&'a [u8]]>,
}

impl<'a> Delegation<'a> {
    /// A delegation to the session key `pubkey` (DER) until `expiration_ns`, restricted to
    /// `targets` if given.
    pub const fn new(pubkey: &'a [u8], expiration_ns: u64, targets: Option<&'a [&'a [u8]]>) -> Delegation<'a> {
        Delegation { pubkey, expiration_ns, targets }
    }
}

fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

/// A natural number as the hash of map reads it: unsigned LEB128.
fn leb128(mut n: u64, out: &mut [u8; 10]) -> &[u8] {
    let mut len = 0;
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        out[len] = if n == 0 { byte } else { byte | 0x80 };
        len += 1;
        if n == 0 {
            return &out[..len];
        }
    }
}

impl Delegation<'_> {
    /// The representation independent hash of the delegation (interface specification,
    /// "Representation-independent hashing of structured data"): each field is
    /// `sha256(key) · sha256(value)` (a blob is itself, a nat its LEB128 bytes, an array the
    /// concatenation of its elements' hashes), the pairs sorted and hashed together.
    pub fn hash(&self) -> [u8; 32] {
        let field = |key: &[u8], value_hash: [u8; 32]| {
            let mut pair = [0u8; 64];
            pair[..32].copy_from_slice(&sha256(key));
            pair[32..].copy_from_slice(&value_hash);
            pair
        };
        let mut scratch = [0u8; 10];
        let mut fields = [
            field(b"pubkey", sha256(self.pubkey)),
            field(b"expiration", sha256(leb128(self.expiration_ns, &mut scratch))),
            [0u8; 64],
        ];
        let count = match self.targets {
            Some(targets) => {
                let mut h = Sha256::new();
                for target in targets {
                    h.update(sha256(target));
                }
                fields[2] = field(b"targets", h.finalize().into());
                3
            }
            None => 2,
        };
        let fields = &mut fields[..count];
        fields.sort_unstable();
        let mut h = Sha256::new();
        for pair in fields.iter() {
            h.update(pair);
        }
        h.finalize().into()
    }

    /// The bytes the user's key signs: [`DELEGATION_DOMAIN`] and the delegation's
    /// [`hash`](Self::hash).
    pub fn signed_bytes(&self) -> [u8; 59] {
        let mut out = [0u8; 59];
        out[..27].copy_from_slice(DELEGATION_DOMAIN);
        out[27..].copy_from_slice(&self.hash());
        out
    }
}

/// Verifies an Internet Identity delegation signed by a canister-signature key, as the IC checks
/// one link of a request's delegation chain:
///
/// - `pubkey` is not `user_public_key_der` itself (no self-signed delegation);
/// - `expiration_ns` is not before `now_ns`;
/// - if the delegation has targets, `target` (the canister the session will call) is one of
///   them (`None` is then refused);
/// - `signature` is a valid canister signature by `user_public_key_der` over
///   [`Delegation::signed_bytes`] ([`verify_canister_signature`], with the certificate's
///   `/time` checked when `freshness` is given).
///
/// The user's principal is [`self_authenticating_principal`](super::self_authenticating_principal)
/// of `user_public_key_der`. Later links of a chain, signed by session keys (Ed25519, ECDSA), are
/// outside this crate.
pub fn verify_delegation(
    delegation: &Delegation<'_>,
    signature: &[u8],
    user_public_key_der: &[u8],
    root_key: &[u8],
    now_ns: u64,
    target: Option<&[u8]>,
    freshness: Option<Freshness>,
) -> Result<VerifiedCanisterSignature, DelegationError> {
    if delegation.pubkey == user_public_key_der {
        return Err(DelegationError::SelfDelegation);
    }
    if delegation.expiration_ns < now_ns {
        return Err(DelegationError::Expired { expiration_ns: delegation.expiration_ns, now_ns });
    }
    if let Some(targets) = delegation.targets {
        if targets.len() > MAX_TARGETS {
            return Err(DelegationError::TooManyTargets { count: targets.len() });
        }
        if !target.is_some_and(|t| targets.contains(&t)) {
            return Err(DelegationError::TargetNotAllowed);
        }
    }
    verify_canister_signature(&delegation.signed_bytes(), signature, user_public_key_der, root_key, freshness)
        .map_err(DelegationError::Signature)
}
