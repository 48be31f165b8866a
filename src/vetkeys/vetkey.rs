//! Encrypted vetKeys, their decryption and verification, and the vetKey itself.

use super::keys::{DerivedPublicKey, TransportSecretKey};
use super::{augmented_hash_to_g1, derive_symmetric_key, VetKeyError, G1_BYTES, G2_BYTES};
use crate::pairing::{pairing_check_prepared, G2Prepared};
use crate::{G1Affine, G1Projective, G2Affine};
use alloc::boxed::Box;
use alloc::vec::Vec;

/// A vetKey: a BLS signature (a G1 point) on the request's `input` under the derived public
/// key, in the augmented scheme (the message is `dpk ‖ input`). Usually a secret; the encoding
/// is erased on drop.
#[derive(Clone, PartialEq, Eq)]
pub struct VetKey {
    // Boxed as TransportSecretKey: moves copy the pointer, drop erases the one copy.
    key: Box<(G1Affine, [u8; G1_BYTES])>,
}

impl VetKey {
    /// Bytes of the encoding.
    pub const BYTES: usize = G1_BYTES;

    fn new(point: G1Affine) -> VetKey {
        VetKey { key: Box::new((point, point.to_compressed())) }
    }

    /// Decodes a 48-byte compressed G1 point, checking its flags, that it is on the curve and
    /// in the subgroup (as `ic-vetkeys`'s `VetKey::deserialize`; it does not verify the
    /// signature: see [`verify_bls_signature`]).
    pub fn deserialize(bytes: &[u8]) -> Result<VetKey, VetKeyError> {
        Ok(VetKey::new(G1Affine::from_compressed(bytes).map_err(VetKeyError::decode("VetKey"))?))
    }

    /// The vetKey's bytes: the compressed BLS signature. Use them as such only when the
    /// design needs a signature (a random beacon, threshold BLS); for keys use
    /// [`Self::derive_symmetric_key`].
    pub fn signature_bytes(&self) -> &[u8; G1_BYTES] {
        &self.key.1
    }

    /// The same bytes as [`Self::signature_bytes`].
    pub fn serialize(&self) -> &[u8; G1_BYTES] {
        &self.key.1
    }

    /// The G1 point.
    pub fn point(&self) -> &G1Affine {
        &self.key.0
    }

    /// A symmetric key of `len` bytes (at most 8160): HKDF-SHA256 of the vetKey's bytes with
    /// `domain_sep` as the info, as `ic-vetkeys`'s `VetKey::derive_symmetric_key`.
    /// `domain_sep` should name the application and the use, e.g. `"my-app-foo"`.
    pub fn derive_symmetric_key(&self, domain_sep: &str, len: usize) -> Result<Vec<u8>, VetKeyError> {
        derive_symmetric_key(&self.key.1, domain_sep, len)
    }
}

impl Drop for VetKey {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.key.1);
        // The point's limbs have no `Zeroize`; the identity overwrites its coordinates.
        self.key.0 = G1Affine::identity();
    }
}

impl core::fmt::Debug for VetKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("VetKey(..)")
    }
}

/// Whether `signature` (48 bytes, compressed G1) is a valid augmented BLS signature on
/// `input` under `dpk`: `e(σ, g2) = e(H(dpk ‖ input), dpk)` with the DST
/// `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_`. False for a malformed signature or the
/// identity as public key, as `ic-vetkeys`'s `verify_bls_signature`.
pub fn verify_bls_signature(dpk: &DerivedPublicKey, input: &[u8], signature: &[u8]) -> bool {
    match G1Affine::from_compressed(signature) {
        Ok(sig) => verify_point(dpk, input, &sig).is_ok(),
        Err(_) => false,
    }
}

/// `e(σ, -g2)·e(H(dpk ‖ input), dpk) = 1`, one multi-pairing (the generator's lines are
/// built in).
pub(super) fn verify_point(dpk: &DerivedPublicKey, input: &[u8], sig: &G1Affine) -> Result<(), VetKeyError> {
    if dpk.point.is_identity() {
        return Err(VetKeyError::IdentityPublicKey);
    }
    let msg = augmented_hash_to_g1(&dpk.serialize(), input);
    let dpk_lines = G2Prepared::new(&dpk.point);
    if pairing_check_prepared(&[(sig, &G2Prepared::neg_generator()), (&msg, &dpk_lines)]) {
        Ok(())
    } else {
        Err(VetKeyError::InvalidVetKey)
    }
}

/// The encodings of an encrypted vetKey's three points.
type Components<'a> = (&'a [u8], &'a [u8], &'a [u8]);

/// A vetKey encrypted to a transport public key, as `vetkd_derive_key` returns it:
/// `c1 ‖ c2 ‖ c3` = `r·g1` (G1) ‖ `r·g2` (G2) ‖ `k + r·tpk` (G1), compressed, 192 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncryptedVetKey {
    c1: G1Affine,
    c2: G2Affine,
    c3: G1Affine,
}

impl EncryptedVetKey {
    /// Bytes of the encoding.
    pub const BYTES: usize = 2 * G1_BYTES + G2_BYTES;

    /// Decodes the 192 bytes, each point checked (flags, curve, subgroup); the error names
    /// `c1`, `c2` or `c3`.
    pub fn deserialize(bytes: &[u8]) -> Result<EncryptedVetKey, VetKeyError> {
        let (c1, c2, c3) = Self::split(bytes)?;
        Ok(EncryptedVetKey {
            c1: G1Affine::from_compressed(c1).map_err(VetKeyError::decode("EncryptedVetKey c1"))?,
            c2: G2Affine::from_compressed(c2).map_err(VetKeyError::decode("EncryptedVetKey c2"))?,
            c3: G1Affine::from_compressed(c3).map_err(VetKeyError::decode("EncryptedVetKey c3"))?,
        })
    }

    /// [`Self::deserialize`] and `c2`'s Miller-loop lines, its subgroup check read off them
    /// ([`G2Prepared::from_compressed`]): the same checks, in the same order, and errors.
    fn deserialize_prepared(bytes: &[u8]) -> Result<(EncryptedVetKey, G2Prepared), VetKeyError> {
        let (c1, c2, c3) = Self::split(bytes)?;
        let c1 = G1Affine::from_compressed(c1).map_err(VetKeyError::decode("EncryptedVetKey c1"))?;
        let (c2, c2_lines) = G2Prepared::from_compressed(c2).map_err(VetKeyError::decode("EncryptedVetKey c2"))?;
        let c3 = G1Affine::from_compressed(c3).map_err(VetKeyError::decode("EncryptedVetKey c3"))?;
        Ok((EncryptedVetKey { c1, c2, c3 }, c2_lines))
    }

    /// The encodings of `c1`, `c2` and `c3`, once the length is checked.
    fn split(bytes: &[u8]) -> Result<Components<'_>, VetKeyError> {
        if bytes.len() != Self::BYTES {
            return Err(VetKeyError::Decode {
                field: "EncryptedVetKey",
                error: crate::DecodeError::WrongLength {
                    what: "c1 || c2 || c3",
                    expected: Self::BYTES,
                    actual: bytes.len(),
                },
            });
        }
        let (c1, rest) = bytes.split_at(G1_BYTES);
        let (c2, c3) = rest.split_at(G2_BYTES);
        Ok((c1, c2, c3))
    }

    /// The 192-byte encoding `c1 ‖ c2 ‖ c3`.
    pub fn serialize(&self) -> [u8; Self::BYTES] {
        let mut out = [0u8; Self::BYTES];
        out[..G1_BYTES].copy_from_slice(&self.c1.to_compressed());
        out[G1_BYTES..G1_BYTES + G2_BYTES].copy_from_slice(&self.c2.to_compressed());
        out[G1_BYTES + G2_BYTES..].copy_from_slice(&self.c3.to_compressed());
        out
    }

    /// Decrypts with the transport secret key and checks the result, as `ic-vetkeys`'s
    /// `EncryptedVetKey::decrypt_and_verify`:
    ///
    /// 1. `c1` and `c2` have the same discrete logarithm: `e(c1, -g2)·e(g1, c2) = 1`
    ///    ([`VetKeyError::InconsistentEncryptedKey`] if not);
    /// 2. `k = c3 − tsk·c1` (constant time in `tsk`);
    /// 3. `k` is a BLS signature on `input` under `derived_public_key`:
    ///    `e(k, -g2)·e(H(dpk ‖ input), dpk) = 1` ([`VetKeyError::InvalidVetKey`] if not, which
    ///    is also what a wrong transport key or input gives; [`VetKeyError::IdentityPublicKey`]
    ///    for the identity key).
    ///
    /// The two equations are checked as one, the second times the first to a weight ρ (one of
    /// 2^127 values) hashed from every input (as batch verification does, see `bls::batch`):
    /// `e(k + ρ·c1, -g2)·e(H, dpk)·e(ρ·g1, c2) = 1`, one final exponentiation instead of two.
    /// A failure that would need both equations false with values that cancel happens with
    /// probability 2^-127 per attempt. When the combined check fails, the first equation
    /// is checked alone to name the failure.
    pub fn decrypt_and_verify(
        &self,
        tsk: &TransportSecretKey,
        derived_public_key: &DerivedPublicKey,
        input: &[u8],
    ) -> Result<VetKey, VetKeyError> {
        if derived_public_key.point.is_identity() {
            return Err(VetKeyError::IdentityPublicKey);
        }
        let dpk_lines = G2Prepared::new(&derived_public_key.point);
        self.decrypt_and_verify_prepared(tsk, derived_public_key, &dpk_lines, &G2Prepared::new(&self.c2), input)
    }

    /// [`Self::deserialize`], [`DerivedPublicKey::deserialize`] and
    /// [`Self::decrypt_and_verify`] in one call, from the bytes `vetkd_derive_key` and
    /// `vetkd_public_key` return: the same checks, in the same order, with the same errors.
    /// The two G2 points are decoded with [`G2Prepared::from_compressed`], whose subgroup check
    /// reuses the Miller-loop lines the verification needs anyway: two G2 subgroup checks
    /// (about 3.9 million instructions, `bench/RESULTS.md`) fewer than the three calls.
    pub fn decrypt_and_verify_bytes(
        encrypted_key: &[u8],
        tsk: &TransportSecretKey,
        derived_public_key: &[u8],
        input: &[u8],
    ) -> Result<VetKey, VetKeyError> {
        let (encrypted, c2_lines) = Self::deserialize_prepared(encrypted_key)?;
        let (dpk, dpk_lines) = DerivedPublicKey::deserialize_prepared(derived_public_key)?;
        encrypted.decrypt_and_verify_prepared(tsk, &dpk, &dpk_lines, &c2_lines, input)
    }

    /// [`Self::decrypt_and_verify`] given the lines of the derived public key (not the
    /// identity) and of `c2`.
    fn decrypt_and_verify_prepared(
        &self,
        tsk: &TransportSecretKey,
        dpk: &DerivedPublicKey,
        dpk_lines: &G2Prepared,
        c2_lines: &G2Prepared,
        input: &[u8],
    ) -> Result<VetKey, VetKeyError> {
        let masked = G1Projective::from(self.c1).mul_constant_time(tsk.scalar());
        let k = (self.c3 - masked).to_affine();
        let dpk_bytes = dpk.serialize();
        let rho = self.weight(&dpk_bytes, input);
        let left = (G1Projective::from(k) + G1Projective::from(self.c1).mul_vartime(&rho)).to_affine_vartime();
        let rho_g1 = G1Projective::generator_mul_vartime(&rho).to_affine_vartime();
        let msg = augmented_hash_to_g1(&dpk_bytes, input);
        if pairing_check_prepared(&[(&left, &G2Prepared::neg_generator()), (&msg, dpk_lines), (&rho_g1, c2_lines)]) {
            return Ok(VetKey::new(k));
        }
        let g1 = G1Affine::generator();
        if !pairing_check_prepared(&[(&self.c1, &G2Prepared::neg_generator()), (&g1, c2_lines)]) {
            return Err(VetKeyError::InconsistentEncryptedKey);
        }
        Err(VetKeyError::InvalidVetKey)
    }

    /// ρ: one of 2^127 nonzero scalars (`glv_weight`: its products cost a 64-bit scalar's),
    /// hashed (SHA-256) from the encrypted key, the derived key and the input, each
    /// length-prefixed, under this check's own domain.
    fn weight(&self, dpk: &[u8; G2_BYTES], input: &[u8]) -> crate::Fr {
        use sha2::{Digest, Sha256};
        let mut transcript = Sha256::new();
        transcript.update(b"icbls vetkeys decrypt_and_verify v1");
        for part in [&self.serialize()[..], dpk, input] {
            transcript.update((part.len() as u64).to_be_bytes());
            transcript.update(part);
        }
        crate::groups::scalar::glv_weight(&transcript.finalize().into())
    }

    /// The first component, `r·g1`.
    pub fn c1(&self) -> &G1Affine {
        &self.c1
    }

    /// The second component, `r·g2`.
    pub fn c2(&self) -> &G2Affine {
        &self.c2
    }

    /// The third component, `k + r·tpk`.
    pub fn c3(&self) -> &G1Affine {
        &self.c3
    }
}
