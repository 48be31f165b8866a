//! vetKeys on the client side, byte for byte as dfinity's `ic-vetkeys` crate (0.8.1) computes
//! them: public-key derivation, transport keys, decryption and verification of encrypted
//! vetKeys, symmetric-key derivation and identity-based encryption (IBE).
//!
//! A vetKey is a BLS signature (in G1, "min-sig", message augmentation) by a key the Internet
//! Computer derives from a threshold master key for a canister and a context; the IC returns it
//! encrypted to a transport key (Vetted Encrypted Threshold Key Derivation, Campanelli et al.,
//! ePrint 2023/616). The pieces here:
//!
//! * [`MasterPublicKey`] (G2) → [`MasterPublicKey::derive_canister_key`] →
//!   [`DerivedPublicKey::derive_sub_key`]: each step adds `H(key ‖ id)·g2`, the offset the IC
//!   adds to the secret key, so public keys derive offline. The IC's master keys are built in
//!   ([`MasterPublicKey::for_mainnet_key`], [`MasterPublicKey::for_pocketic_key`]).
//! * [`TransportSecretKey`]: the key pair the IC encrypts the vetKey to.
//! * [`EncryptedVetKey::decrypt_and_verify`]: checks `e(c1, g2) = e(g1, c2)`, recovers
//!   `k = c3 − tsk·c1` and verifies `k` as a signature on the input under the derived key;
//!   [`EncryptedVetKey::decrypt_and_verify_bytes`] does the same from the bytes the IC returns,
//!   with the two G2 points' subgroup checks read off the pairing's lines (cheaper).
//! * [`VetKey`]: the signature, with [`VetKey::derive_symmetric_key`] (HKDF-SHA256).
//! * [`IbeCiphertext`]: encryption to a (derived key, identity) pair that only the holder of the
//!   matching vetKey decrypts.
//! * [`VrfOutput`]: a verifiable random function whose proof is a vetKey.
//!
//! ```
//! use icbls::vetkeys::{DerivedPublicKey, MasterPublicKey};
//!
//! let key_1 = MasterPublicKey::for_mainnet_key("key_1").unwrap();
//! let canister_id = [0, 0, 0, 0, 0, 0xc0, 0xa0, 0xd0, 1, 1];
//! let dpk = key_1.derive_canister_key(&canister_id).derive_sub_key(b"my app");
//! assert_eq!(DerivedPublicKey::deserialize(&dpk.serialize()), Ok(dpk));
//! ```
//!
//! Not included: `ic-vetkeys`'s AES-GCM `DerivedKeyMaterial` and its management-canister
//! calls.

mod error;
mod ibe;
mod key_material;
mod keys;
mod vetkey;
mod vrf;

pub use error::VetKeyError;
pub use ibe::{IbeCiphertext, IbeIdentity, IbeSeed};
pub use key_material::{DerivedKeyMaterial, GCM_HEADER, GCM_NONCE_BYTES, GCM_TAG_BYTES};
pub use keys::{is_valid_transport_public_key_encoding, DerivedPublicKey, MasterPublicKey, TransportSecretKey};
pub use vetkey::{verify_bls_signature, EncryptedVetKey, VetKey};
pub use vrf::VrfOutput;

use crate::hash_to_curve::expand_message_xmd;
use crate::Fr;
use alloc::vec;
use alloc::vec::Vec;

/// Bytes of a compressed G1 point.
const G1_BYTES: usize = 48;
/// Bytes of a compressed G2 point.
const G2_BYTES: usize = 96;

/// The DST of the augmented BLS signature scheme whose signatures vetKeys are (IETF
/// draft-irtf-cfrg-bls-signature, section 4.2.2, with the signature in G1).
const AUGMENTED_DST: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_";

/// HKDF-SHA256's longest output: 255 blocks of 32 bytes.
const MAX_HKDF_BYTES: usize = 255 * 32;

/// HKDF-SHA256 (RFC 5869) with no salt: `input` is the key material, `domain_sep` the info.
/// `len` is at most 255·32 = 8160 bytes. This is `ic-vetkeys`'s `derive_symmetric_key`.
///
/// `input` should be a secret with enough entropy (32 bytes or more); `domain_sep` names the
/// use of the key.
pub fn derive_symmetric_key(input: &[u8], domain_sep: &str, len: usize) -> Result<Vec<u8>, VetKeyError> {
    // Checked before allocating: a huge `len` is an error, not an allocation failure.
    if len > MAX_HKDF_BYTES {
        return Err(VetKeyError::OutputTooLong { requested: len });
    }
    let mut okm = vec![0u8; len];
    hkdf_sha256(input, domain_sep.as_bytes(), &mut okm)?;
    Ok(okm)
}

/// HKDF-SHA256 with no salt (RFC 5869: a salt of 32 zero bytes), through the library's one HKDF,
/// which erases its hash states, pads and pseudorandom key: vetKeys pass secrets through it.
fn hkdf_sha256(input: &[u8], info: &[u8], okm: &mut [u8]) -> Result<(), VetKeyError> {
    let mut prk = zeroize::Zeroizing::new([0u8; 32]);
    crate::bls::hkdf::extract(&[], &[input], &mut prk);
    crate::bls::hkdf::expand(&prk, &[info], okm).map_err(|()| VetKeyError::OutputTooLong { requested: okm.len() })
}

/// RFC 9380's `hash_to_field` into Fr with one element: `expand_message_xmd` (SHA-256) to 48
/// bytes, read big-endian and reduced modulo r (`L = ceil((255 + 128)/8) = 48`).
fn hash_to_scalar(input: &[u8], dst: &str) -> Fr {
    let okm = expand_message_xmd(input, dst.as_bytes(), 48).expect("fixed DSTs under 256 bytes, 48 bytes out");
    let mut wide = [0u8; 64];
    wide[16..].copy_from_slice(&okm);
    Fr::from_be_bytes_wide(&wide)
}

/// [`hash_to_scalar`] of the prefix-free encoding `len(a) ‖ a ‖ len(b) ‖ b`, lengths as
/// 8-byte big-endian integers.
fn hash_to_scalar_two_inputs(a: &[u8], b: &[u8], dst: &str) -> Fr {
    let mut input = Vec::with_capacity(16 + a.len() + b.len());
    push_with_length(&mut input, a);
    push_with_length(&mut input, b);
    hash_to_scalar(&input, dst)
}

fn push_with_length(out: &mut Vec<u8>, data: &[u8]) {
    out.extend_from_slice(&(data.len() as u64).to_be_bytes());
    out.extend_from_slice(data);
}

/// The augmented message hash `H(pk ‖ input)` in G1 under [`AUGMENTED_DST`].
fn augmented_hash_to_g1(dpk: &[u8; G2_BYTES], input: &[u8]) -> crate::G1Affine {
    let mut msg = Vec::with_capacity(G2_BYTES + input.len());
    msg.extend_from_slice(dpk);
    msg.extend_from_slice(input);
    crate::hash_to_curve::hash_to_g1(&msg, AUGMENTED_DST).to_affine_vartime()
}

#[cfg(test)]
mod tests;
