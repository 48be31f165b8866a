//! The DER public key of a canister signature (interface specification, "Canister
//! signatures"): RFC 5480 SubjectPublicKeyInfo with algorithm OID 1.3.6.1.4.1.56387.1.2 and no
//! parameters, whose BIT STRING holds `|canister_id| · canister_id · seed`.

use super::error::PublicKeyError;
use crate::certificate::MAX_PRINCIPAL_BYTES;
use alloc::vec::Vec;
use sha2::{Digest, Sha224};

/// The algorithm identifier: `SEQUENCE { OID 1.3.6.1.4.1.56387.1.2 }`, DER-encoded.
pub const ALGORITHM_ID_DER: [u8; 14] =
    [0x30, 0x0c, 0x06, 0x0a, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x83, 0xb8, 0x43, 0x01, 0x02];

/// The largest public key read, in bytes: DER lengths of up to two bytes.
pub const MAX_PUBLIC_KEY_BYTES: usize = 4 + 65_535;

/// A canister signature's public key: the signing canister and the seed it signs under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CanisterSigPublicKey<'a> {
    /// The signing canister's principal (at most 29 bytes).
    pub canister_id: &'a [u8],
    /// The seed, chosen by the canister (Internet Identity: per user and frontend).
    pub seed: &'a [u8],
}

/// Reads a DER definite length at `at` (short form, or the long forms of one and two bytes,
/// minimal as DER requires): the length and where its content starts.
fn read_length(der: &[u8], at: usize) -> Result<(usize, usize), PublicKeyError> {
    let bad = PublicKeyError::Der { check: "a definite, minimal DER length of at most two bytes" };
    match *der.get(at).ok_or(PublicKeyError::Der { check: "length: the key ends early" })? {
        short @ 0..=0x7f => Ok((usize::from(short), at + 1)),
        0x81 => match der.get(at + 1) {
            Some(&len) if len >= 0x80 => Ok((usize::from(len), at + 2)),
            _ => Err(bad),
        },
        0x82 => match (der.get(at + 1), der.get(at + 2)) {
            (Some(&hi), Some(&lo)) if hi != 0 => Ok((usize::from(hi) << 8 | usize::from(lo), at + 3)),
            _ => Err(bad),
        },
        _ => Err(bad),
    }
}

/// Reads a tag-length-value at `at` that must have `tag` and end exactly at `end`: its content.
fn read_exact<'a>(
    der: &'a [u8],
    at: usize,
    tag: u8,
    end: usize,
    what: &'static str,
) -> Result<&'a [u8], PublicKeyError> {
    if der.get(at) != Some(&tag) {
        return Err(PublicKeyError::Der { check: what });
    }
    let (len, start) = read_length(der, at + 1)?;
    if start.checked_add(len) != Some(end) || end > der.len() {
        return Err(PublicKeyError::Der { check: "a length that ends where its container does" });
    }
    Ok(&der[start..end])
}

impl<'a> CanisterSigPublicKey<'a> {
    /// Parses the DER form, strictly: one SubjectPublicKeyInfo with exactly the canister
    /// signature algorithm identifier, a BIT STRING without unused bits, a canister id of at
    /// most 29 bytes, and nothing after it.
    pub fn from_der(der: &'a [u8]) -> Result<CanisterSigPublicKey<'a>, PublicKeyError> {
        if der.len() > MAX_PUBLIC_KEY_BYTES {
            return Err(PublicKeyError::TooLong { len: der.len() });
        }
        let body = read_exact(der, 0, 0x30, der.len(), "a SEQUENCE (SubjectPublicKeyInfo)")?;
        let at = der.len() - body.len();
        if !body.starts_with(&ALGORITHM_ID_DER) {
            return Err(PublicKeyError::Algorithm);
        }
        let bits = read_exact(der, at + ALGORITHM_ID_DER.len(), 0x03, der.len(), "a BIT STRING after the algorithm")?;
        let (&unused, key) = bits.split_first().ok_or(PublicKeyError::Der { check: "a nonempty BIT STRING" })?;
        if unused != 0 {
            return Err(PublicKeyError::Der { check: "a BIT STRING without unused bits" });
        }
        let (&id_len, rest) = key.split_first().ok_or(PublicKeyError::CanisterId { check: "its length byte" })?;
        let id_len = usize::from(id_len);
        if id_len > MAX_PRINCIPAL_BYTES {
            return Err(PublicKeyError::CanisterId { check: "at most 29 bytes" });
        }
        if id_len > rest.len() {
            return Err(PublicKeyError::CanisterId { check: "its length within the key" });
        }
        let (canister_id, seed) = rest.split_at(id_len);
        Ok(CanisterSigPublicKey { canister_id, seed })
    }

    /// The DER form (what [`from_der`](Self::from_der) reads). `None` if the canister id is
    /// longer than 29 bytes or the key would exceed [`MAX_PUBLIC_KEY_BYTES`].
    pub fn to_der(&self) -> Option<Vec<u8>> {
        if self.canister_id.len() > MAX_PRINCIPAL_BYTES {
            return None;
        }
        let bits_len = 2 + self.canister_id.len() + self.seed.len();
        let mut bits = Vec::with_capacity(bits_len + 4);
        bits.push(0x03);
        push_length(&mut bits, bits_len)?;
        bits.push(0);
        bits.push(self.canister_id.len() as u8);
        bits.extend_from_slice(self.canister_id);
        bits.extend_from_slice(self.seed);
        let body_len = ALGORITHM_ID_DER.len() + bits.len();
        let mut der = Vec::with_capacity(body_len + 4);
        der.push(0x30);
        push_length(&mut der, body_len)?;
        der.extend_from_slice(&ALGORITHM_ID_DER);
        der.extend_from_slice(&bits);
        (der.len() <= MAX_PUBLIC_KEY_BYTES).then_some(der)
    }
}

fn push_length(out: &mut Vec<u8>, len: usize) -> Option<()> {
    match len {
        0..=0x7f => out.push(len as u8),
        0x80..=0xff => out.extend_from_slice(&[0x81, len as u8]),
        0x100..=0xffff => out.extend_from_slice(&[0x82, (len >> 8) as u8, len as u8]),
        _ => return None,
    }
    Some(())
}

/// The self-authenticating principal of a DER public key (interface specification,
/// "Principals": `SHA-224(der) · 0x02`), e.g. an Internet Identity user's principal from their
/// canister-signature key.
pub fn self_authenticating_principal(public_key_der: &[u8]) -> [u8; 29] {
    let mut principal = [0u8; 29];
    principal[..28].copy_from_slice(&Sha224::digest(public_key_der));
    principal[28] = 0x02;
    principal
}
