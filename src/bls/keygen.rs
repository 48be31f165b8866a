//! Secret keys and `KeyGen` (draft-irtf-cfrg-bls-signature-05, section 2.3).

use super::BlsError;
use crate::Fr;
use hkdf::Hkdf;
use sha2::{Digest, Sha256};

/// A BLS secret key: a scalar in `1..r`. The same key signs in either variant.
///
/// `Debug` does not print the scalar.
#[derive(Clone, PartialEq, Eq)]
pub struct SecretKey(pub(crate) Fr);

impl core::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SecretKey(..)")
    }
}

/// `L = ceil((3 · ceil(log2(r))) / 16)`: 48 bytes of HKDF output per attempt.
const OKM_BYTES: usize = 48;

impl SecretKey {
    /// The draft's `KeyGen(IKM, key_info)`: HKDF-SHA-256 with the salt
    /// `"BLS-SIG-KEYGEN-SALT-"`, hashed again before each attempt, until the 48-byte output
    /// reduced mod r is not zero. `ikm` must be at least 32 bytes (and secret, and random).
    pub fn key_gen(ikm: &[u8], key_info: &[u8]) -> Result<SecretKey, BlsError> {
        if ikm.len() < 32 {
            return Err(BlsError::KeyMaterialTooShort { actual: ikm.len() });
        }
        let mut salt: [u8; 32] = Sha256::digest(b"BLS-SIG-KEYGEN-SALT-").into();
        loop {
            // PRK = HKDF-Extract(salt, IKM || I2OSP(0, 1)), fed to the extractor in two parts.
            let mut extract = hkdf::HkdfExtract::<Sha256>::new(Some(&salt));
            extract.input_ikm(ikm);
            extract.input_ikm(&[0]);
            let (_, expander): (_, Hkdf<Sha256>) = extract.finalize();
            // OKM = HKDF-Expand(PRK, key_info || I2OSP(L, 2), L)
            let mut okm = [0u8; 64];
            let length = (OKM_BYTES as u16).to_be_bytes();
            expander
                .expand_multi_info(&[key_info, &length], &mut okm[64 - OKM_BYTES..])
                .map_err(|_| BlsError::SecretKey { rule: "HKDF cannot produce 48 bytes" })?;
            let sk = Fr::from_bytes_wide(&okm);
            if !sk.is_zero() {
                return Ok(SecretKey(sk));
            }
            salt = Sha256::digest(salt).into();
        }
    }

    /// A key from its 32-byte big-endian encoding; zero and values `>= r` are rejected.
    pub fn from_bytes(bytes: &[u8]) -> Result<SecretKey, BlsError> {
        let bytes: &[u8; 32] =
            bytes.try_into().map_err(|_| BlsError::SecretKey { rule: "a secret key is 32 bytes" })?;
        let sk = Fr::from_bytes(bytes).map_err(|_| BlsError::SecretKey { rule: "the scalar is not below r" })?;
        if sk.is_zero() {
            return Err(BlsError::SecretKey { rule: "the scalar is zero" });
        }
        Ok(SecretKey(sk))
    }

    /// The 32-byte big-endian encoding.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }
}
