//! Fp12 = Fp6[w]/(w² - v), where pairings take their values.

use crate::fields::{Fp2, Fp6};
use crate::Fp;
use core::ops::{Add, Mul, Neg, Sub};

/// An element `c0 + c1·w` of Fp12, where `w² = v`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fp12 {
    /// The coefficient of 1.
    pub c0: Fp6,
    /// The coefficient of w.
    pub c1: Fp6,
}

/// ξ^((p-1)/6) = w^(p-1): the Frobenius map's factor on the w coefficient.
pub(crate) const FROBENIUS_W: Fp2 = Fp2::new(
    Fp::from_words([
        0x8d07_75ed_9223_5fb8,
        0xf67e_a53d_63e7_813d,
        0x7b24_43d7_84ba_b9c4,
        0x0fd6_03fd_3cbd_5f4f,
        0xc231_beb4_202c_0d1f,
        0x1904_d3bf_02bb_0667,
    ]),
    Fp::from_words([
        0x2cf7_8a12_6ddc_4af3,
        0x282d_5ac1_4d6c_7ec2,
        0xec0c_8ec9_71f6_3c5f,
        0x54a1_4787_b6c7_b36f,
        0x88e9_e902_231f_9fb8,
        0x00fc_3e2b_36c4_e032,
    ]),
);

impl Fp12 {
    /// Zero.
    pub const ZERO: Fp12 = Fp12 { c0: Fp6::ZERO, c1: Fp6::ZERO };
    /// One.
    pub const ONE: Fp12 = Fp12 { c0: Fp6::ONE, c1: Fp6::ZERO };

    /// `c0 + c1·w`.
    pub const fn new(c0: Fp6, c1: Fp6) -> Fp12 {
        Fp12 { c0, c1 }
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() && self.c1.is_zero()
    }

    /// `c0 - c1·w`: the map `x ↦ x^(p^6)`, which inverts elements of the cyclotomic subgroup.
    #[inline]
    pub fn conjugate(&self) -> Fp12 {
        Fp12 { c0: self.c0, c1: -self.c1 }
    }

    /// `self²`, with two Fp6 multiplications ("complex" squaring), summed unreduced:
    /// `c0 = (a + b)(a + v·b) - ab - v·ab`, `c1 = 2ab`. With `a + b` unreduced (below 4p) and
    /// `a + v·b` reduced, c0's coefficients stay within `80p² + 40p² + 48p² = 168p²` (bounds
    /// of `Fp6Wide`; `v·ab` moves `ξ·(ab).c2`, within `2·24p²`).
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub fn square(&self) -> Fp12 {
        let ab = self.c0.mul_wide(&self.c1);
        let t = self.c0.sum_unreduced(&self.c1).mul_wide(&self.c0.plus_v_times(&self.c1));
        let c0 = (t - ab).minus_v_times(&ab).reduce();
        Fp12 { c0, c1: (ab + ab).reduce() }
    }

    /// Multiplication by a line `A + B·v + C·v·w` (coefficients at positions 0, 1 and 4 of
    /// the Fp2 basis), the sparse shape of Miller-loop lines on BLS12-381's twist. Karatsuba
    /// over w with `a = A + B·v` and `b = C·v` (`w² = v`): `x·a` (five Fp2 products), `y·b`
    /// (three) and `(x + y)(A + (B + C)·v)` (five), summed unreduced: `c0 = x·a + y·b·v`,
    /// `c1 = (x + y)(a + b) - x·a - y·b`, the exact `x·b + y·a` (`Fp6Wide`'s bounds).
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub fn mul_by_014(&self, a: &Fp2, b: &Fp2, c: &Fp2) -> Fp12 {
        let (x, y) = (&self.c0, &self.c1);
        let xa = x.mul_by_01_wide(a, b);
        let yb = y.mul_by_fp2_wide(c).mul_by_nonresidue();
        // Sums that only feed products stay unreduced (below 4p).
        let s = x.sum_unreduced(y).mul_by_01_wide(a, &b.sum_unreduced(c));
        Fp12 { c0: xa.plus_v_times(&yb).reduce(), c1: (s - xa - yb).reduce() }
    }

    /// Multiplication by a line scaled to `1 + B·v + C·v·w` (constant coefficient one).
    /// Karatsuba over w, with `a = 1 + B·v` and `b = C·v` (`w² = v`): `x·a = x + xB·v`,
    /// `y·b = yC·v` and `(x + y)(a + b) = (x + y) + (x + y)(B + C)·v`, so
    /// `c0 = x + (xB + yC·v)·v` and `c1 = y + ((x + y)(B + C) - xB - yC)·v`: nine Fp2 products
    /// summed unreduced, six reductions and six additions. Exact (`Fp6Wide`): c0's sum is
    /// within `8p² + 2·8p²`, and `s - xB - yC` is the exact `x·C + y·B`, within `16p²`.
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn mul_by_14(&self, b: &Fp2, c: &Fp2) -> Fp12 {
        let (x, y) = (&self.c0, &self.c1);
        let xb = x.mul_by_fp2_wide(b);
        let yc = y.mul_by_fp2_wide(c);
        // Sums that only feed products stay unreduced (below 4p).
        let s = x.sum_unreduced(y).mul_by_fp2_wide(&b.sum_unreduced(c));
        let c0 = xb.plus_v_times(&yc).reduce_times_v();
        let c1 = (s - xb - yc).reduce_times_v();
        Fp12 { c0: *x + c0, c1: *y + c1 }
    }

    /// `x ↦ x^p`.
    pub fn frobenius_map(&self) -> Fp12 {
        let c1 = self.c1.frobenius_map();
        // By reference: `x * FROBENIUS_W` copies both operands first (`Fp2::mul_by_ref`).
        let c1 = Fp6 {
            c0: c1.c0.mul_by_ref(&FROBENIUS_W),
            c1: c1.c1.mul_by_ref(&FROBENIUS_W),
            c2: c1.c2.mul_by_ref(&FROBENIUS_W),
        };
        Fp12 { c0: self.c0.frobenius_map(), c1 }
    }

    /// `1/self`, or `None` for zero, in time that does not depend on the value.
    pub fn invert(&self) -> Option<Fp12> {
        self.invert_with(Fp::invert)
    }

    /// `1/self`, or `None` for zero, with the base field's variable-time inversion: for public
    /// values only.
    pub fn invert_vartime(&self) -> Option<Fp12> {
        self.invert_with(Fp::invert_vartime)
    }

    /// `conjugate / (c0² - v·c1²)`, inverting the final Fp norm with `invert`.
    fn invert_with(&self, invert: impl Fn(&Fp) -> Option<Fp>) -> Option<Fp12> {
        let t = (self.c0.square() - self.c1.square().mul_by_nonresidue()).invert_with(invert)?;
        Some(Fp12 { c0: self.c0 * t, c1: -(self.c1 * t) })
    }

    /// `self²` for an element of the cyclotomic subgroup (norm 1 over Fp6, as every value after
    /// the easy part of the final exponentiation is): Granger and Scott, "Faster squaring in the
    /// cyclotomic subgroup of sixth degree extensions", PKC 2010, section 3.2. Three squarings
    /// in `Fp4 = Fp2[s]/(s² - ξ)`, `(a + b·s)² = (a² + ξ·b²) + 2ab·s`, each output coefficient
    /// `3t ∓ 2z` then one linear combination per Fp coefficient (one reduction), with `2ab` as
    /// a product rather than `(a + b)² - a² - b²`. Wrong for other elements.
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub fn cyclotomic_square(&self) -> Fp12 {
        // Fp12 as Fp4³: the pairs (z0, z1), (z2, z3), (z4, z5) are Fp4 elements.
        let (z0, z4, z3) = (&self.c0.c0, &self.c0.c1, &self.c0.c2);
        let (z2, z1, z5) = (&self.c1.c0, &self.c1.c1, &self.c1.c2);
        let (a01, b01, ab01) = fp4_square_terms(z0, z1);
        let (a23, b23, ab23) = fp4_square_terms(z2, z3);
        let (a45, b45, ab45) = fp4_square_terms(z4, z5);
        Fp12 {
            c0: Fp6::new(
                three_fp4_real_minus_twice(&a01, &b01, z0),
                three_fp4_real_minus_twice(&a23, &b23, z4),
                three_fp4_real_minus_twice(&a45, &b45, z3),
            ),
            c1: Fp6::new(
                // 3ξ·2ab + 2z, with ξ·(c0 + c1·u) = (c0 - c1) + (c0 + c1)·u.
                Fp2::new(
                    Fp::lincomb([(&ab45.c0, 6), (&ab45.c1, -6), (&z2.c0, 2)]),
                    Fp::lincomb([(&ab45.c0, 6), (&ab45.c1, 6), (&z2.c1, 2)]),
                ),
                six_times_plus_twice(&ab01, z1),
                six_times_plus_twice(&ab23, z5),
            ),
        }
    }
}

/// `(a², b², ab)`: the products of the Fp4 square `(a + b·s)² = (a² + ξ·b²) + 2ab·s`.
#[inline(always)]
fn fp4_square_terms(a: &Fp2, b: &Fp2) -> (Fp2, Fp2, Fp2) {
    (a.square_inline(), b.square_inline(), a.mul_by_ref(b))
}

/// `3(a² + ξ·b²) - 2z`, one reduction per coefficient.
#[inline(always)]
fn three_fp4_real_minus_twice(a2: &Fp2, b2: &Fp2, z: &Fp2) -> Fp2 {
    Fp2::new(
        Fp::lincomb([(&a2.c0, 3), (&b2.c0, 3), (&b2.c1, -3), (&z.c0, -2)]),
        Fp::lincomb([(&a2.c1, 3), (&b2.c0, 3), (&b2.c1, 3), (&z.c1, -2)]),
    )
}

/// `3·2ab + 2z`, one reduction per coefficient.
#[inline(always)]
fn six_times_plus_twice(ab: &Fp2, z: &Fp2) -> Fp2 {
    Fp2::new(Fp::lincomb([(&ab.c0, 6), (&z.c0, 2)]), Fp::lincomb([(&ab.c1, 6), (&z.c1, 2)]))
}

impl Add for Fp12 {
    type Output = Fp12;
    #[inline]
    fn add(self, rhs: Fp12) -> Fp12 {
        Fp12 { c0: self.c0 + rhs.c0, c1: self.c1 + rhs.c1 }
    }
}

impl Sub for Fp12 {
    type Output = Fp12;
    #[inline]
    fn sub(self, rhs: Fp12) -> Fp12 {
        Fp12 { c0: self.c0 - rhs.c0, c1: self.c1 - rhs.c1 }
    }
}

impl Neg for Fp12 {
    type Output = Fp12;
    #[inline]
    fn neg(self) -> Fp12 {
        Fp12 { c0: -self.c0, c1: -self.c1 }
    }
}

impl Mul for Fp12 {
    type Output = Fp12;
    /// Karatsuba: three Fp6 multiplications, summed unreduced, the middle one of unreduced
    /// sums. The arithmetic is exact (`Fp6Wide`), so
    /// `c1 = (a0 + a1)(b0 + b1) - a0b0 - a1b1` is the exact `a0b1 + a1b0` (within `80p²`)
    /// and `c0 = a0b0 + v·a1b1` is within `40p² + 48p²`.
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    fn mul(self, rhs: Fp12) -> Fp12 {
        let aa = self.c0.mul_wide(&rhs.c0);
        let bb = self.c1.mul_wide(&rhs.c1);
        let c1 = (self.c0.sum_unreduced(&self.c1).mul_wide(&rhs.c0.sum_unreduced(&rhs.c1)) - aa - bb).reduce();
        Fp12 { c0: aa.plus_v_times(&bb).reduce(), c1 }
    }
}
