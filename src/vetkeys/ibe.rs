//! Identity-based encryption to a derived public key and an identity, as `ic-vetkeys`'s
//! `IbeCiphertext` (a Boneh–Franklin-style scheme with the Fujisaki–Okamoto transform; the
//! vetKey for `(derived key, input = identity)` decrypts).
//!
//! Encryption of `msg` under `(dpk, id)` with a 32-byte random seed `s`:
//!
//! * `t = hash_to_scalar(header ‖ s ‖ msg)`, DST `ic-vetkd-bls12-381-ibe-hash-to-mask`;
//! * `C1 = t·g2`;
//! * `C2 = s ⊕ HKDF(e(H(dpk ‖ id), dpk)^t, "ic-vetkd-bls12-381-ibe-mask-seed")` (the Gt value
//!   in its 576-byte encoding, [`crate::pairing::Gt::to_bytes`]);
//! * `C3 = msg ⊕ SHAKE256(HKDF(s, "ic-vetkd-bls12-381-ibe-mask-msg-" ‖ len(msg) as 20 digits))`.
//!
//! Decryption recomputes `e(H(dpk ‖ id), dpk)^t = e(vetKey, C1)`, unmasks `s` then `msg`, and
//! accepts only if `C1 = t·g2` for the `t` they give.

use super::vetkey::VetKey;
use super::{augmented_hash_to_g1, hash_to_scalar, hkdf_sha256, DerivedPublicKey, VetKeyError, G2_BYTES};
use crate::pairing::pairing;
use crate::{Fr, G1Projective, G2Affine, G2Projective};
use alloc::boxed::Box;
use alloc::vec::Vec;
use sha3::digest::{ExtendableOutput, Update, XofReader};

/// Bytes of an IBE seed.
const SEED_BYTES: usize = 32;

/// `"IC IBE"` and two bytes 00 01: the scheme and its version.
const HEADER: [u8; 8] = *b"IC IBE\x00\x01";

/// Header, `C1` and `C2`: the ciphertext's length beyond the message's.
const OVERHEAD: usize = HEADER.len() + G2_BYTES + SEED_BYTES;

const HASH_TO_MASK_DST: &str = "ic-vetkd-bls12-381-ibe-hash-to-mask";
const MASK_SEED_DST: &str = "ic-vetkd-bls12-381-ibe-mask-seed";
const HASH_SEED_DST: &str = "ic-vetkd-bls12-381-ibe-hash-seed";
const MASK_MSG_DST_PREFIX: &[u8] = b"ic-vetkd-bls12-381-ibe-mask-msg-";

/// An IBE identity: any byte string (a principal's bytes, a UTF-8 name…). It is the `input`
/// of the vetKey that decrypts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IbeIdentity {
    value: Vec<u8>,
}

impl IbeIdentity {
    /// The identity `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> IbeIdentity {
        IbeIdentity { value: bytes.to_vec() }
    }

    /// The identity of the UTF-8 bytes of `s`.
    pub fn from_string(s: &str) -> IbeIdentity {
        IbeIdentity::from_bytes(s.as_bytes())
    }

    /// The identity's bytes.
    pub fn value(&self) -> &[u8] {
        &self.value
    }
}

/// The 32-byte random seed of one IBE encryption, erased on drop. Never reuse one.
pub struct IbeSeed {
    value: Box<[u8; SEED_BYTES]>,
}

impl IbeSeed {
    /// A seed from `bytes`, which must be secret and random and at least 16 bytes long: 32
    /// bytes are used as they are, other lengths through HKDF-SHA256 with the info
    /// `ic-vetkd-bls12-381-ibe-hash-seed` (as `ic-vetkeys`'s `IbeSeed::from_bytes`).
    pub fn from_bytes(bytes: &[u8]) -> Result<IbeSeed, VetKeyError> {
        if bytes.len() < 16 {
            return Err(VetKeyError::TooShort { field: "IbeSeed", min: 16, actual: bytes.len() });
        }
        let mut value = Box::new([0u8; SEED_BYTES]);
        if bytes.len() == SEED_BYTES {
            value.copy_from_slice(bytes);
        } else {
            hkdf_sha256(bytes, HASH_SEED_DST.as_bytes(), &mut value[..])?;
        }
        Ok(IbeSeed { value })
    }

    /// A seed of 32 bytes from a cryptographic random number generator.
    pub fn random<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> IbeSeed {
        let mut value = Box::new([0u8; SEED_BYTES]);
        rng.fill_bytes(&mut value[..]);
        IbeSeed { value }
    }
}

impl Drop for IbeSeed {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut *self.value);
    }
}

/// An IBE ciphertext: `header (8) ‖ C1 (96, compressed G2) ‖ C2 (32) ‖ C3 (message length)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IbeCiphertext {
    c1: G2Affine,
    c2: [u8; SEED_BYTES],
    c3: Vec<u8>,
}

/// `t`, the encryption's scalar: `hash_to_scalar(header ‖ seed ‖ msg)`.
fn hash_to_mask(seed: &[u8; SEED_BYTES], msg: &[u8]) -> Fr {
    let mut input = Vec::with_capacity(HEADER.len() + SEED_BYTES + msg.len());
    input.extend_from_slice(&HEADER);
    input.extend_from_slice(seed);
    input.extend_from_slice(msg);
    let t = hash_to_scalar(&input, HASH_TO_MASK_DST);
    zeroize::Zeroize::zeroize(input.as_mut_slice());
    t
}

/// `seed ⊕ HKDF(gt bytes, MASK_SEED_DST)` (an involution: it masks and unmasks).
fn mask_seed(seed: &[u8; SEED_BYTES], gt: &crate::pairing::Gt) -> [u8; SEED_BYTES] {
    let mut mask = [0u8; SEED_BYTES];
    hkdf_sha256(&gt.to_bytes(), MASK_SEED_DST.as_bytes(), &mut mask).expect("32 bytes fit HKDF");
    for (m, s) in mask.iter_mut().zip(seed) {
        *m ^= s;
    }
    mask
}

/// `msg ⊕ SHAKE256(HKDF(seed, MASK_MSG_DST_PREFIX ‖ len as 20 decimal digits))` (an
/// involution).
fn mask_msg(msg: &[u8], seed: &[u8; SEED_BYTES]) -> Vec<u8> {
    let mut dst = [0u8; MASK_MSG_DST_PREFIX.len() + 20];
    dst[..MASK_MSG_DST_PREFIX.len()].copy_from_slice(MASK_MSG_DST_PREFIX);
    let mut len = msg.len() as u64;
    for digit in dst[MASK_MSG_DST_PREFIX.len()..].iter_mut().rev() {
        *digit = b'0' + (len % 10) as u8;
        len /= 10;
    }
    let mut shake_seed = [0u8; SEED_BYTES];
    hkdf_sha256(seed, &dst, &mut shake_seed).expect("32 bytes fit HKDF");
    let mut shake = sha3::Shake256::default();
    shake.update(&shake_seed);
    zeroize::Zeroize::zeroize(&mut shake_seed);
    let mut out = alloc::vec![0u8; msg.len()];
    shake.finalize_xof().read(&mut out);
    for (o, m) in out.iter_mut().zip(msg) {
        *o ^= m;
    }
    out
}

impl IbeCiphertext {
    /// Encrypts `msg` so that the vetKey for `dpk` and the input `identity` decrypts it.
    /// Deterministic in `seed`, which must be fresh and random: the same inputs give the bytes
    /// `ic-vetkeys`'s `IbeCiphertext::encrypt` gives. Any message length is allowed; memory of
    /// about twice the message is allocated.
    pub fn encrypt(dpk: &DerivedPublicKey, identity: &IbeIdentity, msg: &[u8], seed: &IbeSeed) -> IbeCiphertext {
        let t = hash_to_mask(&seed.value, msg);
        let h = augmented_hash_to_g1(&dpk.serialize(), identity.value());
        // e(H, dpk)^t as e(t·H, dpk): a G1 multiplication instead of a Gt exponentiation.
        let th = G1Projective::from(h).mul_constant_time(&t).to_affine();
        let mask = pairing(&th, &dpk.point);
        // From the generator's compile-time comb table: no doublings (`groups::g2_comb`).
        let c1 = G2Projective::generator_mul_constant_time(&t).to_affine();
        IbeCiphertext { c1, c2: mask_seed(&seed.value, &mask), c3: mask_msg(msg, &seed.value) }
    }

    /// Decrypts with the vetKey for the ciphertext's derived key and identity; fails with
    /// [`VetKeyError::IbeDecryptionFailed`] for any other key or a modified ciphertext.
    pub fn decrypt(&self, vetkey: &VetKey) -> Result<Vec<u8>, VetKeyError> {
        let mask = pairing(vetkey.point(), &self.c1);
        let mut seed = mask_seed(&self.c2, &mask);
        let msg = mask_msg(&self.c3, &seed);
        let t = hash_to_mask(&seed, &msg);
        zeroize::Zeroize::zeroize(&mut seed);
        if G2Projective::generator_mul_constant_time(&t) == G2Projective::from(self.c1) {
            Ok(msg)
        } else {
            Err(VetKeyError::IbeDecryptionFailed)
        }
    }

    /// The encoding `header ‖ C1 ‖ C2 ‖ C3`.
    pub fn serialize(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(OVERHEAD + self.c3.len());
        out.extend_from_slice(&HEADER);
        out.extend_from_slice(&self.c1.to_compressed());
        out.extend_from_slice(&self.c2);
        out.extend_from_slice(&self.c3);
        out
    }

    /// Decodes `header ‖ C1 ‖ C2 ‖ C3`: at least 136 bytes, the header `"IC IBE" 00 01`, `C1`
    /// a checked compressed G2 point.
    pub fn deserialize(bytes: &[u8]) -> Result<IbeCiphertext, VetKeyError> {
        if bytes.len() < OVERHEAD {
            return Err(VetKeyError::TooShort { field: "IbeCiphertext", min: OVERHEAD, actual: bytes.len() });
        }
        let (header, rest) = bytes.split_at(HEADER.len());
        if header != HEADER {
            return Err(VetKeyError::UnknownIbeHeader);
        }
        let (c1, rest) = rest.split_at(G2_BYTES);
        let (c2, c3) = rest.split_at(SEED_BYTES);
        Ok(IbeCiphertext {
            c1: G2Affine::from_compressed(c1).map_err(VetKeyError::decode("IbeCiphertext C1"))?,
            c2: c2.try_into().expect("split at 32 bytes"),
            c3: c3.to_vec(),
        })
    }

    /// The ciphertext length for a message of `plaintext_size` bytes (136 more).
    pub fn ciphertext_size(plaintext_size: usize) -> usize {
        plaintext_size + OVERHEAD
    }

    /// The message length of a ciphertext of `ciphertext_size` bytes, or `None` if it is
    /// below the 136-byte minimum.
    pub fn plaintext_size(ciphertext_size: usize) -> Option<usize> {
        ciphertext_size.checked_sub(OVERHEAD)
    }
}
