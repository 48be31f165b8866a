//! Hashing to G1 and G2 (RFC 9380): `expand_message_xmd` with SHA-256, `hash_to_field`, the
//! simplified SWU map with the 11-isogeny (G1) and the 3-isogeny (G2), and cofactor clearing.
//! `hash_to_*` are the random-oracle encodings (`_RO_` suites), `encode_to_*` the
//! nonuniform ones (`_NU_`); `map_fp_to_g1` and `map_fp2_to_g2` are EIP-2537's precompiles
//! (the map and cofactor clearing of one field element). Variable time: for public messages.
//!
//! # Design
//!
//! This module (`src/hash_to_curve/`) implements RFC 9380 for the BLS12-381 suites:
//! `expand_message_xmd` with SHA-256 (long DSTs hashed as the RFC says), `hash_to_field` for Fp and
//! Fp2, the simplified SWU map onto the isogenous curves followed by the 11-isogeny (G1) or
//! 3-isogeny (G2) evaluated in projective form (one inversion per map in all), and cofactor
//! clearing (`h_eff` on G1; Budroni–Pintore with ψ on G2). The square root in the map takes one
//! exponentiation whether or not `g(x1)` is a square (the root of `g(x2)` follows from the failed
//! one). `hash_to_g1/g2` are the random-oracle encodings, `encode_to_g1/g2` the nonuniform ones,
//! and `map_fp_to_g1` / `map_fp2_to_g2` are EIP-2537's maps. The RFC vectors pass field by field,
//! and 10,000 random messages and DSTs per group and encoding agree with `blst` and zkcrypto.

mod constants;
mod expand;
mod field;
mod sswu;

pub use expand::expand_message_xmd;
pub use field::{hash_to_field_fp, hash_to_field_fp2};

use crate::groups::jacobian::mul_u64;
use crate::{Fp, Fp2, G1Projective, G2Projective};
use constants::*;
use core::fmt;

/// Why an expansion was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum HashToCurveError {
    /// `expand_message_xmd` gives 1 to 8,160 bytes (255 SHA-256 blocks); `hash_to_field`
    /// asks it for 64 bytes per Fp element.
    OutputLength {
        /// The length asked for.
        requested: usize,
    },
}

impl fmt::Display for HashToCurveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HashToCurveError::OutputLength { requested } => {
                write!(f, "expand_message_xmd: {requested} bytes requested, 1 to 8160 allowed")
            }
        }
    }
}

impl core::error::Error for HashToCurveError {}

/// RFC 9380's `map_to_curve` for G1: the SSWU map and the 11-isogeny, before cofactor
/// clearing (a point of the curve, not of G1 in general; the vectors' `Q0` and `Q1`).
pub fn map_to_curve_g1(u: &Fp) -> G1Projective {
    let (x, y) = sswu::map_to_curve(u, &G1_SSWU_A, &G1_SSWU_B, &G1_SSWU_Z);
    G1Projective(sswu::isogeny(&x, &y, &G1_ISO_X_NUM, &G1_ISO_X_DEN, &G1_ISO_Y_NUM, &G1_ISO_Y_DEN))
}

/// `map_to_curve_g1(u[0]) + map_to_curve_g1(u[1])`, the two maps sharing one inversion.
fn map_pair_to_curve_g1(u: &[Fp; 2]) -> G1Projective {
    let [(x0, y0), (x1, y1)] = sswu::map_to_curve_pair(u, &G1_SSWU_A, &G1_SSWU_B, &G1_SSWU_Z);
    let iso = |x, y| G1Projective(sswu::isogeny(x, y, &G1_ISO_X_NUM, &G1_ISO_X_DEN, &G1_ISO_Y_NUM, &G1_ISO_Y_DEN));
    iso(&x0, &y0) + iso(&x1, &y1)
}

/// RFC 9380's `map_to_curve` for G2: the SSWU map and the 3-isogeny, before cofactor
/// clearing.
pub fn map_to_curve_g2(u: &Fp2) -> G2Projective {
    let (x, y) = sswu::map_to_curve(u, &G2_SSWU_A, &G2_SSWU_B, &G2_SSWU_Z);
    G2Projective(sswu::isogeny(&x, &y, &G2_ISO_X_NUM, &G2_ISO_X_DEN, &G2_ISO_Y_NUM, &G2_ISO_Y_DEN))
}

/// `map_to_curve_g2(u[0]) + map_to_curve_g2(u[1])`, the two maps sharing one inversion.
fn map_pair_to_curve_g2(u: &[Fp2; 2]) -> G2Projective {
    let [(x0, y0), (x1, y1)] = sswu::map_to_curve_pair(u, &G2_SSWU_A, &G2_SSWU_B, &G2_SSWU_Z);
    let iso = |x, y| G2Projective(sswu::isogeny(x, y, &G2_ISO_X_NUM, &G2_ISO_X_DEN, &G2_ISO_Y_NUM, &G2_ISO_Y_DEN));
    iso(&x0, &y0) + iso(&x1, &y1)
}

/// G1's cofactor clearing: multiplication by `h_eff = 1 - z` (RFC 9380, section 7).
fn clear_cofactor_g1(p: &G1Projective) -> G1Projective {
    G1Projective(mul_u64(&p.0, G1_H_EFF))
}

/// G2's cofactor clearing by Budroni and Pintore's method with ψ (RFC 9380, appendix G.3):
/// `[z² - z - 1]P + [z - 1]ψ(P) + ψ²(2P)`, with two multiplications by |z|.
fn clear_cofactor_g2(p: &G2Projective) -> G2Projective {
    // c·X for c = z = -|z|.
    let times_z = |x: &G2Projective| -x.mul_by_x_abs();
    let t1 = times_z(p);
    let t2 = p.psi();
    let t3 = p.double().psi2() - t2;
    let t2 = times_z(&(t1 + t2));
    t3 + t2 - t1 - *p
}

/// `hash_to_curve` for G1 (random oracle: two field elements, two maps, one clearing).
pub fn hash_to_g1(msg: &[u8], dst: &[u8]) -> G1Projective {
    let u = hash_to_field_fp(msg, dst, 2).expect("one or two elements fit the expander");
    clear_cofactor_g1(&map_pair_to_curve_g1(&[u[0], u[1]]))
}

/// `encode_to_curve` for G1 (nonuniform: one field element).
pub fn encode_to_g1(msg: &[u8], dst: &[u8]) -> G1Projective {
    map_fp_to_g1(&hash_to_field_fp(msg, dst, 1).expect("one or two elements fit the expander")[0])
}

/// `hash_to_curve` for G2.
pub fn hash_to_g2(msg: &[u8], dst: &[u8]) -> G2Projective {
    let u = hash_to_field_fp2(msg, dst, 2).expect("one or two elements fit the expander");
    clear_cofactor_g2(&map_pair_to_curve_g2(&[u[0], u[1]]))
}

/// `encode_to_curve` for G2.
pub fn encode_to_g2(msg: &[u8], dst: &[u8]) -> G2Projective {
    map_fp2_to_g2(&hash_to_field_fp2(msg, dst, 1).expect("one or two elements fit the expander")[0])
}

/// A field element to G1: the SSWU map, the isogeny and cofactor clearing (EIP-2537's
/// MAP_FP_TO_G1).
pub fn map_fp_to_g1(u: &Fp) -> G1Projective {
    clear_cofactor_g1(&map_to_curve_g1(u))
}

/// An Fp2 element to G2 (EIP-2537's MAP_FP2_TO_G2).
pub fn map_fp2_to_g2(u: &Fp2) -> G2Projective {
    clear_cofactor_g2(&map_to_curve_g2(u))
}

#[cfg(test)]
mod tests;
