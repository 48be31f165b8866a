//! EIP-4844 KZG proof verification and the point-evaluation precompile (0x0a).
//!
//! `verify_kzg_proof` checks that a commitment `C` to a polynomial `f` opens to `y = f(z)` with
//! the proof `π` (consensus specs, Deneb, `verify_kzg_proof_impl`):
//! `e(C - [y]G1, -G2) · e(π, [τ]G2 - [z]G2) = 1`. Moving `[z]` to the G1 side gives
//! `e(C - [y]G1 + [z]π, -G2) · e(π, [τ]G2) = 1`, in which both G2 points are fixed, so both
//! have their Miller-loop lines built in and the only scalar work is one two-point G1 MSM.
//!
//! ```
//! use icbls::kzg::{point_evaluation, verify_kzg_proof, KzgError};
//!
//! // The zero polynomial: commitment and proof are the point at infinity, and f(z) = 0.
//! let mut infinity = [0u8; 48];
//! infinity[0] = 0xc0;
//! assert_eq!(verify_kzg_proof(&infinity, &[0; 32], &[0; 32], &infinity), Ok(()));
//! assert_eq!(verify_kzg_proof(&infinity, &[0; 32], &[1; 32], &infinity), Err(KzgError::InvalidProof));
//! ```

use crate::pairing::{pairing_check_prepared, G2Prepared};
use crate::{DecodeError, Fr, G1Affine, G1Projective};
use core::fmt;
use sha2::{Digest, Sha256};
use tau_g2_lines::TAU_G2_LINES;

#[rustfmt::skip]
mod tau_g2_lines;

/// `[τ]G2` from the Ethereum KZG ceremony's trusted setup (compressed; the second G2 point of
/// `trusted_setup.txt`). A test checks it against the setup file.
pub const TAU_G2: [u8; 96] = [
    0xb5, 0xbf, 0xd7, 0xdd, 0x8c, 0xde, 0xb1, 0x28, 0x84, 0x3b, 0xc2, 0x87, 0x23, 0x0a, 0xf3, 0x89, 0x26, 0x18, 0x70,
    0x75, 0xcb, 0xfb, 0xef, 0xa8, 0x10, 0x09, 0xa2, 0xce, 0x61, 0x5a, 0xc5, 0x3d, 0x29, 0x14, 0xe5, 0x87, 0x0c, 0xb4,
    0x52, 0xd2, 0xaf, 0xaa, 0xab, 0x24, 0xf3, 0x49, 0x9f, 0x72, 0x18, 0x5c, 0xbf, 0xee, 0x53, 0x49, 0x27, 0x14, 0x73,
    0x44, 0x29, 0xb7, 0xb3, 0x86, 0x08, 0xe2, 0x39, 0x26, 0xc9, 0x11, 0xcc, 0xec, 0xea, 0xc9, 0xa3, 0x68, 0x51, 0x47,
    0x7b, 0xa4, 0xc6, 0x0b, 0x08, 0x70, 0x41, 0xde, 0x62, 0x10, 0x00, 0xed, 0xc9, 0x8e, 0xda, 0xda, 0x20, 0xc1, 0xde,
    0xf2,
];

/// [`TAU_G2`], prepared at compile time: its lines are constants in `tau_g2_lines.rs`, written
/// and checked against preparing the point at run time by the test
/// `tau_g2_lines_match_run_time_preparation` (`regenerate prepared-lines` rewrites them).
fn tau_g2_prepared() -> G2Prepared {
    G2Prepared::from_static_lines(&TAU_G2_LINES)
}

/// The point-evaluation precompile's address (its last byte).
pub const POINT_EVALUATION_ADDRESS: u8 = 0x0a;
/// The point-evaluation precompile's gas.
pub const POINT_EVALUATION_GAS: u64 = 50_000;
/// `VERSIONED_HASH_VERSION_KZG`: the first byte of a blob's versioned hash.
pub const VERSIONED_HASH_VERSION_KZG: u8 = 0x01;
/// `FIELD_ELEMENTS_PER_BLOB`.
pub const FIELD_ELEMENTS_PER_BLOB: u64 = 4096;

/// Why a KZG proof or a point-evaluation input was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KzgError {
    /// The precompile's input is not 192 bytes.
    InvalidLength {
        /// The length given.
        actual: usize,
    },
    /// The versioned hash is not `0x01 || sha256(commitment)[1..]`.
    VersionedHashMismatch,
    /// The commitment is not a valid compressed G1 point in the subgroup (infinity is valid).
    Commitment(DecodeError),
    /// The proof is not a valid compressed G1 point in the subgroup (infinity is valid).
    Proof(DecodeError),
    /// `z` or `y` is not a 32-byte big-endian integer below the group order r.
    FieldElement {
        /// `"z"` or `"y"`.
        which: &'static str,
    },
    /// The pairing equation does not hold: the proof does not show `f(z) = y`.
    InvalidProof,
}

impl fmt::Display for KzgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KzgError::InvalidLength { actual } => write!(f, "point evaluation: input must be 192 bytes, got {actual}"),
            KzgError::VersionedHashMismatch => {
                f.write_str("point evaluation: the versioned hash is not 0x01 || sha256(commitment)[1..]")
            }
            KzgError::Commitment(e) => write!(f, "commitment: {e}"),
            KzgError::Proof(e) => write!(f, "proof: {e}"),
            KzgError::FieldElement { which } => write!(f, "{which}: not a canonical field element (must be below r)"),
            KzgError::InvalidProof => f.write_str("the KZG proof does not verify"),
        }
    }
}

impl core::error::Error for KzgError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            KzgError::Commitment(e) | KzgError::Proof(e) => Some(e),
            _ => None,
        }
    }
}

/// [`verify_kzg_proof`] with the lengths in the types (points 48 bytes, scalars 32), so that
/// revm's `Crypto::verify_kzg_proof(z, y, commitment, proof)` order does not compile:
///
/// ```compile_fail,E0308
/// # let (commitment, z, y, proof) = ([0u8; 48], [0u8; 32], [0u8; 32], [0u8; 48]);
/// icbls::kzg::verify_kzg_proof_arrays(&z, &y, &commitment, &proof); // expected `&[u8; 48]`
/// ```
///
/// while the right order does:
///
/// ```
/// # let (commitment, z, y, proof) = ([0u8; 48], [0u8; 32], [0u8; 32], [0u8; 48]);
/// assert!(icbls::kzg::verify_kzg_proof_arrays(&commitment, &z, &y, &proof).is_err()); // zeros: no point
/// ```
pub fn verify_kzg_proof_arrays(
    commitment: &[u8; 48],
    z: &[u8; 32],
    y: &[u8; 32],
    proof: &[u8; 48],
) -> Result<(), KzgError> {
    verify_kzg_proof(commitment, z, y, proof)
}

fn field_element(bytes: &[u8], which: &'static str) -> Result<Fr, KzgError> {
    Fr::from_be_slice(bytes).map_err(|_| KzgError::FieldElement { which })
}

/// Verifies that `commitment` opens to `y` at `z` with `proof` (`verify_kzg_proof` of the
/// consensus specs): the points are 48-byte compressed G1 points (checked: curve, subgroup;
/// infinity allowed), `z` and `y` 32-byte big-endian scalars below r.
///
/// All four are `&[u8]`, so an order carried over from revm's `Crypto::verify_kzg_proof(z, y,
/// commitment, proof)` compiles (and fails as a wrong-length commitment):
/// [`verify_kzg_proof_arrays`] takes them with their lengths in their types.
pub fn verify_kzg_proof(commitment: &[u8], z: &[u8], y: &[u8], proof: &[u8]) -> Result<(), KzgError> {
    let commitment = G1Affine::from_compressed(commitment).map_err(KzgError::Commitment)?;
    let z = field_element(z, "z")?;
    let y = field_element(y, "y")?;
    let proof = G1Affine::from_compressed(proof).map_err(KzgError::Proof)?;
    // C - [y]G1 + [z]π
    let lhs = G1Projective::msm(&[G1Affine::generator(), proof], &[-y, z]).unwrap_or_default().add_affine(&commitment);
    let lhs = lhs.to_affine_vartime();
    if pairing_check_prepared(&[(&lhs, &G2Prepared::neg_generator()), (&proof, &tau_g2_prepared())]) {
        Ok(())
    } else {
        Err(KzgError::InvalidProof)
    }
}

/// The point-evaluation precompile (0x0a): input `versioned_hash || z || y || commitment ||
/// proof` (32 + 32 + 32 + 48 + 48 bytes); on success `FIELD_ELEMENTS_PER_BLOB || BLS_MODULUS`,
/// each 32 bytes big-endian. It costs [`POINT_EVALUATION_GAS`].
pub fn point_evaluation(input: &[u8]) -> Result<[u8; 64], KzgError> {
    if input.len() != 192 {
        return Err(KzgError::InvalidLength { actual: input.len() });
    }
    let (versioned_hash, z, y) = (&input[..32], &input[32..64], &input[64..96]);
    let (commitment, proof) = (&input[96..144], &input[144..]);
    let digest = Sha256::digest(commitment);
    if versioned_hash[0] != VERSIONED_HASH_VERSION_KZG || versioned_hash[1..] != digest[1..] {
        return Err(KzgError::VersionedHashMismatch);
    }
    verify_kzg_proof(commitment, z, y, proof)?;
    let mut out = [0u8; 64];
    out[24..32].copy_from_slice(&FIELD_ELEMENTS_PER_BLOB.to_be_bytes());
    out[32..].copy_from_slice(&(-Fr::ONE).to_bytes());
    // -1 + 1 = r: BLS_MODULUS itself, which no Fr value encodes.
    add_one_be(&mut out[32..]);
    Ok(out)
}

fn add_one_be(bytes: &mut [u8]) {
    for b in bytes.iter_mut().rev() {
        let (v, carry) = b.overflowing_add(1);
        *b = v;
        if !carry {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::check_or_write_lines;
    use crate::G2Affine;

    #[test]
    fn tau_g2_lines_match_run_time_preparation() {
        check_or_write_lines(
            "src/kzg/tau_g2_lines.rs",
            "tau_g2_lines_match_run_time_preparation",
            &[(
                "TAU_G2_LINES",
                "[tau]G2 of the Ethereum KZG ceremony.",
                G2Affine::from_compressed(&TAU_G2).expect("[tau]G2 is a G2 point"),
            )],
            &[tau_g2_prepared()],
        );
    }
}
