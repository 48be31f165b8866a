//! Key material derived from a vetKey, and AES-256-GCM messages under keys derived from it, in
//! `ic-vetkeys`'s format (`DerivedKeyMaterial`, and the TypeScript library's
//! `DerivedKeyMaterial.encryptMessage`/`decryptMessage`): a message one side encrypts, the
//! other decrypts, whichever library each uses.
//!
//! A message is `"IC GCMv2" ‖ nonce (12 bytes) ‖ AES-256-GCM(key, nonce, message, aad =
//! "IC GCMv2" ‖ associated data)`, the ciphertext ending in its 16-byte tag; the key is
//! HKDF-SHA256 of the material with the info `"ic-vetkd-bls12-381-g2-aes-gcm-v2-" ‖
//! domain separator`. Messages of the first, headerless format (nonce ‖ ciphertext, the key
//! derived from the vetKey's bytes with the domain separator alone) still decrypt when no
//! associated data is given, as `ic-vetkeys` decrypts them.

use super::{hkdf_sha256, VetKey, VetKeyError, G1_BYTES};
use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use alloc::format;
use alloc::vec::Vec;
use zeroize::Zeroizing;

/// The header of a message (format version 2).
pub const GCM_HEADER: [u8; 8] = *b"IC GCMv2";
/// Bytes of an AES-GCM nonce.
pub const GCM_NONCE_BYTES: usize = 12;
/// Bytes of an AES-GCM tag.
pub const GCM_TAG_BYTES: usize = 16;

/// The shortest message: header, nonce and tag (an empty plaintext).
const MIN_MESSAGE_BYTES: usize = GCM_HEADER.len() + GCM_NONCE_BYTES + GCM_TAG_BYTES;

/// Key material from a vetKey ([`VetKey::as_derived_key_material`]): it derives keys and
/// encrypts and decrypts messages, and does not give the vetKey or itself away. Erased on drop.
#[derive(Clone)]
pub struct DerivedKeyMaterial {
    key: Zeroizing<[u8; 32]>,
    raw_vetkey: Zeroizing<[u8; G1_BYTES]>,
}

impl VetKey {
    /// The key material for AES-GCM messages and further keys: HKDF-SHA256 of the vetKey's bytes
    /// with the info `"ic-vetkd-bls12-381-g2-derived-key-material"`, as `ic-vetkeys`'s
    /// `VetKey::as_derived_key_material`.
    pub fn as_derived_key_material(&self) -> DerivedKeyMaterial {
        DerivedKeyMaterial {
            key: key32(self.signature_bytes(), "ic-vetkd-bls12-381-g2-derived-key-material"),
            raw_vetkey: Zeroizing::new(*self.signature_bytes()),
        }
    }
}

/// HKDF-SHA256 of `input` with the info `domain_sep`, 32 bytes (as `derive_symmetric_key`).
fn key32(input: &[u8], domain_sep: &str) -> Zeroizing<[u8; 32]> {
    let mut key = Zeroizing::new([0u8; 32]);
    hkdf_sha256(input, domain_sep.as_bytes(), &mut key[..]).expect("32 bytes fit HKDF");
    key
}

impl DerivedKeyMaterial {
    /// The AES-256 key of format 2 for `domain_sep`.
    fn gcm_key(&self, domain_sep: &str) -> Zeroizing<[u8; 32]> {
        key32(&self.key[..], &format!("ic-vetkd-bls12-381-g2-aes-gcm-v2-{domain_sep}"))
    }

    /// Encrypts `message` with a nonce drawn from `rng`. `domain_sep` should be unique to this
    /// use (for example, name the sender and the receiver); `associated_data` is authenticated,
    /// not encrypted (empty if unused). The reply is header ‖ nonce ‖ ciphertext ‖ tag.
    pub fn encrypt_message<R: rand_core::CryptoRng + ?Sized>(
        &self,
        message: &[u8],
        domain_sep: &str,
        associated_data: &[u8],
        rng: &mut R,
    ) -> Result<Vec<u8>, VetKeyError> {
        let mut nonce = [0u8; GCM_NONCE_BYTES];
        rng.fill_bytes(&mut nonce);
        self.encrypt_message_with_nonce(message, domain_sep, associated_data, &nonce)
    }

    /// [`Self::encrypt_message`] with the nonce given. A nonce must never be used twice under
    /// one key (`domain_sep`): GCM then leaks the messages and the authentication key. Use it for
    /// a nonce from a counter, or for test vectors.
    pub fn encrypt_message_with_nonce(
        &self,
        message: &[u8],
        domain_sep: &str,
        associated_data: &[u8],
        nonce: &[u8; GCM_NONCE_BYTES],
    ) -> Result<Vec<u8>, VetKeyError> {
        let key = self.gcm_key(domain_sep);
        let gcm = Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&key[..]));
        let aad = [&GCM_HEADER[..], associated_data].concat();
        // GCM refuses only plaintexts longer than 2^36 bytes.
        let ciphertext = gcm
            .encrypt(Nonce::from_slice(nonce), Payload { msg: message, aad: &aad })
            .map_err(|_| VetKeyError::MessageTooLong { len: message.len() })?;
        Ok([&GCM_HEADER[..], nonce, &ciphertext].concat())
    }

    /// Decrypts a message of [`Self::encrypt_message`] (or of `ic-vetkeys`, in either of its
    /// formats), checking its tag under `domain_sep` and `associated_data`.
    pub fn decrypt_message(
        &self,
        ciphertext: &[u8],
        domain_sep: &str,
        associated_data: &[u8],
    ) -> Result<Vec<u8>, VetKeyError> {
        if ciphertext.len() < MIN_MESSAGE_BYTES {
            return Err(VetKeyError::TooShort {
                field: "DerivedKeyMaterial message",
                min: MIN_MESSAGE_BYTES,
                actual: ciphertext.len(),
            });
        }
        let (key, nonce, body, aad) = if ciphertext[..GCM_HEADER.len()] == GCM_HEADER {
            let (nonce, body) = ciphertext[GCM_HEADER.len()..].split_at(GCM_NONCE_BYTES);
            (self.gcm_key(domain_sep), nonce, body, [&GCM_HEADER[..], associated_data].concat())
        } else if associated_data.is_empty() {
            // The first format: no header, no associated data, the key from the vetKey itself.
            let key = key32(&self.raw_vetkey[..], domain_sep);
            let (nonce, body) = ciphertext.split_at(GCM_NONCE_BYTES);
            (key, nonce, body, Vec::new())
        } else {
            return Err(VetKeyError::UnknownGcmHeader);
        };
        let gcm = Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&key[..]));
        gcm.decrypt(Nonce::from_slice(nonce), Payload { msg: body, aad: &aad })
            .map_err(|_| VetKeyError::GcmDecryptionFailed)
    }
}

impl core::fmt::Debug for DerivedKeyMaterial {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("DerivedKeyMaterial(..)")
    }
}
