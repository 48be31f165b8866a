//! Secret keys and `KeyGen` (draft-irtf-cfrg-bls-signature-05, section 2.3).

use super::{hkdf, BlsError};
use crate::Fr;
use subtle::{Choice, ConstantTimeEq};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

/// A BLS secret key: a scalar in `1..r`. The same key signs in either variant.
///
/// Its scalar is overwritten with zero when the key is dropped (a volatile write through
/// [`zeroize`]; every clone is erased on its own drop). Keys compare in constant time
/// ([`ConstantTimeEq`], and `==` through it), and `Debug` prints `SecretKey(<redacted>)`.
/// Copies that the compiler makes in registers or on the stack, and the bytes of
/// [`SecretKey::to_bytes`], are the caller's to manage.
#[derive(Clone)]
pub struct SecretKey(pub(crate) Fr);

impl Drop for SecretKey {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl ZeroizeOnDrop for SecretKey {}

impl ConstantTimeEq for SecretKey {
    /// Compares the canonical encodings byte by byte without an early exit (the encodings are
    /// erased afterwards).
    fn ct_eq(&self, other: &SecretKey) -> Choice {
        let a = Zeroizing::new(self.0.to_bytes());
        let b = Zeroizing::new(other.0.to_bytes());
        a[..].ct_eq(&b[..])
    }
}

/// `==` through [`ConstantTimeEq::ct_eq`]: it takes the same time whether or not the keys are
/// equal.
impl PartialEq for SecretKey {
    fn eq(&self, other: &SecretKey) -> bool {
        bool::from(self.ct_eq(other))
    }
}

impl Eq for SecretKey {}

impl core::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SecretKey(<redacted>)")
    }
}

/// `L = ceil((3 · ceil(log2(r))) / 16)`: 48 bytes of HKDF output per attempt.
const OKM_BYTES: usize = 48;

impl SecretKey {
    /// The draft's `KeyGen(IKM, key_info)` (section 2.3): HKDF-SHA-256 with the salt
    /// `H("BLS-SIG-KEYGEN-SALT-")`, hashed again before each further attempt, until the
    /// 48-byte output reduced mod r is not zero. `ikm` must be at least 32 bytes (and secret,
    /// and random).
    ///
    /// Every intermediate buffer (the HKDF state that absorbs the IKM, the PRK, the output
    /// and the salt) is erased before it returns; see `bls/hkdf.rs` for what is out of reach.
    pub fn key_gen(ikm: &[u8], key_info: &[u8]) -> Result<SecretKey, BlsError> {
        if ikm.len() < 32 {
            return Err(BlsError::KeyMaterialTooShort { actual: ikm.len() });
        }
        let mut salt = Zeroizing::new([0u8; 32]);
        hkdf::sha256(b"BLS-SIG-KEYGEN-SALT-", &mut salt);
        let mut prk = Zeroizing::new([0u8; 32]);
        // OS2IP(OKM) mod r, with the 48 bytes right-aligned in 64.
        let mut okm = Zeroizing::new([0u8; 64]);
        let length = (OKM_BYTES as u16).to_be_bytes();
        loop {
            // PRK = HKDF-Extract(salt, IKM || I2OSP(0, 1))
            hkdf::extract(&salt[..], &[ikm, &[0]], &mut prk);
            // OKM = HKDF-Expand(PRK, key_info || I2OSP(L, 2), L)
            hkdf::expand(&prk, &[key_info, &length], &mut okm[64 - OKM_BYTES..])
                .map_err(|()| BlsError::SecretKey { rule: "HKDF cannot produce 48 bytes" })?;
            let mut sk = SecretKey(Fr::from_be_bytes_wide(&okm));
            if !sk.0.is_zero() {
                return Ok(sk);
            }
            sk.0.zeroize();
            let previous = Zeroizing::new(*salt);
            hkdf::sha256(&previous[..], &mut salt);
        }
    }

    /// A key from its 32-byte big-endian encoding; zero and values `>= r` are rejected.
    pub fn from_bytes(bytes: &[u8]) -> Result<SecretKey, BlsError> {
        let bytes: &[u8; 32] =
            bytes.try_into().map_err(|_| BlsError::SecretKey { rule: "a secret key is 32 bytes" })?;
        let sk =
            SecretKey(Fr::from_be_bytes(bytes).map_err(|_| BlsError::SecretKey { rule: "the scalar is not below r" })?);
        if sk.0.is_zero() {
            return Err(BlsError::SecretKey { rule: "the scalar is zero" });
        }
        Ok(sk)
    }

    /// The 32-byte big-endian encoding. The array is a copy of the secret: erase it when done
    /// (for example by holding it in [`zeroize::Zeroizing`]).
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn erased_on_request_and_redacted() {
        let sk = SecretKey::key_gen(&[9; 32], b"").unwrap();
        let mut scalar = sk.0;
        assert!(!scalar.is_zero());
        scalar.zeroize();
        assert!(scalar.is_zero(), "Fr::zeroize leaves zero");
        assert_eq!(format!("{sk:?}"), "SecretKey(<redacted>)");
        let copy = sk.clone();
        assert!(bool::from(sk.ct_eq(&copy)));
        assert!(!bool::from(sk.ct_eq(&SecretKey::key_gen(&[9; 32], b"other").unwrap())));
    }
}
