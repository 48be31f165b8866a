//! Multi-scalar multiplication `Σ [k_i] P_i` for G1 and G2.
//!
//! Each scalar is first split with the group's endomorphism (GLV on G1: two 128-bit halves;
//! GLS on G2: four 64-bit digits), so an MSM of n points becomes one of 2n or 4n points with
//! short scalars. That MSM runs Straus's interleaved NAF method for a few points and
//! Pippenger's bucket method with signed digits for more, its buckets summed in affine
//! coordinates with shared inversions (`batch_affine.rs`) or in projective ones
//! (`pippenger.rs`), whichever a cost model fitted to the meter says is cheapest for the size
//! (on the bench sizes: batch-affine from 16 points on G1 and from 2 points on G2).

mod batch_affine;
mod pippenger;

use crate::groups::coordinate::Coordinate;
use crate::groups::mul::{odd_multiples, straus};
#[cfg(feature = "eth")]
use crate::groups::point::batch_to_affine;
use crate::groups::point::{Affine, Point};
use crate::groups::scalar::{gls_split, glv_split, wnaf};
use crate::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use alloc::vec::Vec;
use core::fmt;
use pippenger::{AffineCosts, Method};

/// The points and scalars given to an MSM differ in number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LengthMismatch {
    /// How many points there were.
    pub points: usize,
    /// How many scalars there were.
    pub scalars: usize,
}

impl fmt::Display for LengthMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MSM: {} points but {} scalars", self.points, self.scalars)
    }
}

impl core::error::Error for LengthMismatch {}

/// Width of the NAFs in Straus's method.
const STRAUS_WINDOW: u32 = 5;
const STRAUS_TABLE: usize = 1 << (STRAUS_WINDOW - 2);

/// G1's affine costs in tenths of a projective product (1/12 of `g1_add`'s 17,648 instructions):
/// `fp_inv` is 41,194 instructions, and the addition's 55 are fitted to the measured choices:
/// batch-affine against Straus at 4 and 16 points (`g1_msm_2`: Straus, 3.6M against 5.0M;
/// `eip2537_g1msm_8`: batch-affine, 22.4M against 23.5M) and the windows at 256 and 2048.
const G1_AFFINE_COSTS: AffineCosts = AffineCosts { add: 55, inversion: 280 };
/// G2's (1/12 of `g2_add`'s 54,691 instructions): `fp2_inv` 49,449, and an addition fitted to
/// `g2_msm_2`'s 8 points (batch-affine 9.2M against Straus 10.7M) and the window at 512.
const G2_AFFINE_COSTS: AffineCosts = AffineCosts { add: 52, inversion: 109 };

/// `Σ [k_i] P_i` over short scalars (at most `bits` bits each), by the cheapest method for the
/// size; `costs` are the group's costs of affine additions and inversions.
fn msm_short<F: Coordinate>(points: &[Affine<F>], scalars: &[u128], bits: u32, costs: AffineCosts) -> Point<F> {
    let n = points.len();
    if n == 0 {
        return Point::IDENTITY;
    }
    match pippenger::best_method(n, bits, costs) {
        Method::Projective(c) => pippenger::msm(points, scalars, bits, c),
        Method::BatchAffine(c) => batch_affine::msm(points, scalars, bits, c),
        Method::Straus => {
            let tables: Vec<[Point<F>; STRAUS_TABLE]> = points.iter().map(|p| odd_multiples(&p.to_point())).collect();
            let digits: Vec<[i8; 130]> = scalars.iter().map(|&k| wnaf(k, STRAUS_WINDOW)).collect();
            straus(&tables, &digits)
        }
    }
}

impl G1Projective {
    /// `Σ [k_i] P_i`. Identity points and zero scalars are allowed (they add nothing), and so
    /// is an empty input (the identity). Variable time: for public scalars.
    pub fn msm(points: &[G1Affine], scalars: &[Fr]) -> Result<G1Projective, LengthMismatch> {
        if points.len() != scalars.len() {
            return Err(LengthMismatch { points: points.len(), scalars: scalars.len() });
        }
        let mut bases = Vec::with_capacity(2 * points.len());
        let mut short = Vec::with_capacity(2 * points.len());
        for (p, k) in points.iter().zip(scalars) {
            if p.is_identity() || k.is_zero() {
                continue;
            }
            let (k0, k1) = glv_split(&k.to_words());
            bases.push(p.0);
            short.push(k0);
            bases.push(G1Projective::phi_lambda(&p.0));
            short.push(k1);
        }
        Ok(G1Projective(msm_short(&bases, &short, 128, G1_AFFINE_COSTS)))
    }
}

impl G1Projective {
    /// `Σ [k_i] P_i` for points of the subgroup given with their multiples `[x']P_i` (x' =
    /// |z|/2^16), which the subgroup check computes
    /// ([`G1Projective::torsion_free_x_odd_multiple`]): each scalar split over `P, [x']P,
    /// [x²]P = -φ(P)` and `[x²x']P = -φ([x']P)` (x = |z|), where [`Self::msm`] has two 128-bit
    /// halves over `P, φ(P)`. From the base-x digits `k = e0 + e1·x + e2·x² + e3·x³`
    /// ([`gls_split`]) and `x = 2^16·x'`, `e0 + e1·x = d0 + d1·x'` with `d0 = e0 mod x'` (48
    /// bits) and `d1 = 2^16·e1 + ⌊e0/x'⌋` (80 bits), and so for `e2 + e3·x`: the bucket
    /// method's windows above bit 48 hold half the points, so it costs about what four 64-bit
    /// digits would. The multiples are brought to affine form with one shared inversion. The
    /// scalars are canonical words (little-endian, below r). Variable time: for public scalars.
    #[cfg(feature = "eth")]
    pub(crate) fn msm_with_x_odd_multiples(
        points: &[G1Affine],
        multiples: &[G1Projective],
        scalars: &[[u64; 6]],
    ) -> G1Projective {
        use crate::groups::scalar::X_ODD;
        debug_assert!(points.len() == multiples.len() && points.len() == scalars.len());
        let projective: Vec<Point<crate::Fp>> = multiples.iter().map(|q| q.0).collect();
        let mut affine = alloc::vec![Affine::IDENTITY; projective.len()];
        batch_to_affine(&projective, &mut affine);
        let mut bases = Vec::with_capacity(4 * points.len());
        let mut short = Vec::with_capacity(4 * points.len());
        for ((p, xp), k) in points.iter().zip(&affine).zip(scalars) {
            if p.is_identity() || *k == [0; 6] {
                continue;
            }
            let e = gls_split(k);
            let split = |low: u64, high: u64| [(low % X_ODD) as u128, ((high as u128) << 16) + (low / X_ODD) as u128];
            let [d0, d1] = split(e[0], e[1]);
            let [d2, d3] = split(e[2], e[3]);
            let (p_x2, xp_x2) = G1Projective::x_squared_multiples(&p.0, xp);
            let powers = [p.0, *xp, p_x2, xp_x2];
            for (base, d) in powers.into_iter().zip([d0, d1, d2, d3]) {
                bases.push(base);
                short.push(d);
            }
        }
        G1Projective(msm_short(&bases, &short, 80, G1_AFFINE_COSTS))
    }
}

impl G2Projective {
    /// `Σ [k_i] P_i`. Identity points and zero scalars are allowed (they add nothing), and so
    /// is an empty input (the identity). Variable time: for public scalars.
    pub fn msm(points: &[G2Affine], scalars: &[Fr]) -> Result<G2Projective, LengthMismatch> {
        if points.len() != scalars.len() {
            return Err(LengthMismatch { points: points.len(), scalars: scalars.len() });
        }
        let words: Vec<[u64; 6]> = scalars.iter().map(Fr::to_words).collect();
        Ok(Self::msm_canonical(points, &words))
    }

    /// [`Self::msm`] for scalars given as their canonical words (little-endian, below r), as
    /// the EIP-2537 precompile reads them: no conversion into and out of the kernel's form.
    pub(crate) fn msm_canonical(points: &[G2Affine], scalars: &[[u64; 6]]) -> G2Projective {
        debug_assert_eq!(points.len(), scalars.len());
        let mut bases = Vec::with_capacity(4 * points.len());
        let mut short = Vec::with_capacity(4 * points.len());
        for (p, k) in points.iter().zip(scalars) {
            if p.is_identity() || *k == [0; 6] {
                continue;
            }
            let digits = gls_split(k);
            let powers = G2Projective::minus_psi_powers(&p.0);
            for (base, d) in powers.iter().zip(digits) {
                bases.push(*base);
                short.push(d as u128);
            }
        }
        G2Projective(msm_short(&bases, &short, 64, G2_AFFINE_COSTS))
    }
}

#[cfg(test)]
mod tests;
