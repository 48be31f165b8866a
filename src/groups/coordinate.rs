//! What the curve formulas need from a coordinate field: Fp for G1, Fp2 for G2.

use crate::{Fp, Fp2};
use core::fmt::Debug;
use core::ops::{Add, Mul, Neg, Sub};

/// A field that coordinates of one of the two curves live in, with that curve's constant:
/// `E: y² = x³ + 4` over Fp (G1) and `E': y² = x³ + 4(1 + u)` over Fp2 (G2).
pub(crate) trait Coordinate:
    Copy + Debug + Default + PartialEq + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Neg<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// The curve constant b.
    const B: Self;
    /// Whether [`Self::mul2`] is cheaper than two products (two SIMD lanes for Fp), so that
    /// code may pair independent products to use it.
    const PAIRED_PRODUCTS: bool;

    fn square(&self) -> Self;
    fn double(&self) -> Self;
    fn is_zero(&self) -> bool;
    /// `3b·self` (b is 4 or 4(1 + u)).
    fn mul_by_3b(&self) -> Self;
    /// `Σ k_i·x_i` for small signed `k_i` (`Σ|k_i| ≤ 64`), with one reduction.
    fn lin<const K: usize>(terms: [(&Self, i64); K]) -> Self;
    /// `Σ k_i·x_i` (`Σ|k_i| ≤ 6`) left unreduced: only as an input of a multiplication
    /// (`*`, `mul2`, the product in `square_mul`), never of a squaring, an addition or a
    /// subtraction, which expect reduced inputs.
    fn lin_unreduced<const K: usize>(terms: [(&Self, i64); K]) -> Self;
    /// `ka·a + kb·3b·b` (`|ka| + 24|kb| ≤ 64`), with one reduction.
    fn plus_3b_times(a: &Self, ka: i64, b: &Self, kb: i64) -> Self;
    /// `(a·b, c·d)`: two products the kernel may compute side by side.
    fn mul2(a: &Self, b: &Self, c: &Self, d: &Self) -> (Self, Self);
    /// `(a², b·c)`, side by side where the kernel can.
    fn square_mul(a: &Self, b: &Self, c: &Self) -> (Self, Self);
    /// `(a², b²)`, side by side where the kernel can.
    fn square2(a: &Self, b: &Self) -> (Self, Self);
    /// The Jacobian doubling's `X3 = 9A² - 2D` with `D = 4XB` (`x` is X, replaced by X3; `a`
    /// and `b` are A = X² and B = Y², reduced). Returns what [`Self::double_y`] takes for
    /// `D - X3`, unreduced: Fp computes A² and X·B as a pair and folds the 4 into the linear
    /// combinations (returning `D - X3`); Fp2 leaves A² and X·B unreduced, reduces X3 and D
    /// (one reduction fewer than A², D and a linear combination) and returns `3(D - X3)`.
    fn double_x(x: &mut Self, a: &Self, b: &Self) -> Self;
    /// The Jacobian doubling's `Y3 = 3A(D - X3) - 8C`, `C = B²`, with one reduction, from `t`
    /// as [`Self::double_x`] returned it: Fp folds the 3 into its closing linear combination,
    /// Fp2 finds it in `t` and keeps both products unreduced.
    fn double_y(a: &Self, t: &Self, b: &Self) -> Self;
    fn invert_vartime(&self) -> Option<Self>;
    /// Replaces every value by its inverse with one inversion, or returns false if one of
    /// them is zero (`batch_invert.rs` in the fields). Variable time.
    fn batch_invert_nonzero_vartime(values: &mut [Self]) -> bool;
    fn invert(&self) -> Option<Self>;
    fn sqrt(&self) -> Option<Self>;
    /// `b` when `choose_b`, else `a`, without a branch on `choose_b`.
    fn select(a: &Self, b: &Self, choose_b: bool) -> Self;
}

impl Coordinate for Fp {
    const ZERO: Fp = Fp::ZERO;
    const ONE: Fp = Fp::ONE;
    const B: Fp = Fp::from_words([4, 0, 0, 0, 0, 0]);
    const PAIRED_PRODUCTS: bool = true;

    #[inline]
    fn square(&self) -> Fp {
        Fp::square(self)
    }
    #[inline]
    fn double(&self) -> Fp {
        Fp::double(self)
    }
    #[inline]
    fn is_zero(&self) -> bool {
        Fp::is_zero(self)
    }
    #[inline]
    fn mul_by_3b(&self) -> Fp {
        Fp::lincomb([(self, 12)])
    }
    #[inline(always)]
    fn lin<const K: usize>(terms: [(&Fp, i64); K]) -> Fp {
        Fp::lincomb(terms)
    }
    #[inline(always)]
    fn lin_unreduced<const K: usize>(terms: [(&Fp, i64); K]) -> Fp {
        Fp::lincomb_unreduced(terms)
    }
    #[inline(always)]
    fn plus_3b_times(a: &Fp, ka: i64, b: &Fp, kb: i64) -> Fp {
        Fp::lincomb([(a, ka), (b, 12 * kb)])
    }
    #[inline]
    fn mul2(a: &Fp, b: &Fp, c: &Fp, d: &Fp) -> (Fp, Fp) {
        Fp::mul2(a, b, c, d)
    }
    #[inline]
    fn square_mul(a: &Fp, b: &Fp, c: &Fp) -> (Fp, Fp) {
        // A paired product is cheaper than a lone square (bench/RESULTS.md).
        Fp::mul2(a, a, b, c)
    }
    #[inline(always)]
    fn square2(a: &Fp, b: &Fp) -> (Fp, Fp) {
        Fp::square2(a, b)
    }
    #[inline(always)]
    fn double_x(x: &mut Fp, a: &Fp, b: &Fp) -> Fp {
        let pair = Self::square_mul(a, x, b);
        let (a2, xb) = (&pair.0, &pair.1);
        *x = Self::lin([(a2, 9), (xb, -8)]);
        // D - X3 = 4XB - X3, below 10p: a product's input (`lincomb_unreduced`).
        Self::lin_unreduced([(xb, 4), (x, -1)])
    }
    #[inline]
    fn double_y(a: &Fp, t: &Fp, b: &Fp) -> Fp {
        let (c, at) = Self::square_mul(b, a, t);
        Self::lin([(&at, 3), (&c, -8)])
    }
    fn invert_vartime(&self) -> Option<Fp> {
        Fp::invert_vartime(self)
    }
    fn batch_invert_nonzero_vartime(values: &mut [Fp]) -> bool {
        Fp::batch_invert_nonzero_vartime(values)
    }
    fn invert(&self) -> Option<Fp> {
        Fp::invert(self)
    }
    fn sqrt(&self) -> Option<Fp> {
        Fp::sqrt(self)
    }
    #[inline]
    fn select(a: &Fp, b: &Fp, choose_b: bool) -> Fp {
        Fp::select(a, b, choose_b)
    }
}

impl Coordinate for Fp2 {
    const ZERO: Fp2 = Fp2::ZERO;
    const ONE: Fp2 = Fp2::ONE;
    const B: Fp2 = Fp2::new(Fp::from_words([4, 0, 0, 0, 0, 0]), Fp::from_words([4, 0, 0, 0, 0, 0]));
    // Two Fp2 products: an Fp2 product already fills the two lanes.
    const PAIRED_PRODUCTS: bool = false;

    #[inline]
    fn square(&self) -> Fp2 {
        Fp2::square(self)
    }
    #[inline]
    fn double(&self) -> Fp2 {
        Fp2::double(self)
    }
    #[inline]
    fn is_zero(&self) -> bool {
        Fp2::is_zero(self)
    }
    #[inline]
    fn mul_by_3b(&self) -> Fp2 {
        Self::plus_3b_times(self, 0, self, 1)
    }
    #[inline(always)]
    fn lin<const K: usize>(terms: [(&Fp2, i64); K]) -> Fp2 {
        Fp2::new(Fp::lincomb(terms.map(|(x, k)| (&x.c0, k))), Fp::lincomb(terms.map(|(x, k)| (&x.c1, k))))
    }
    #[inline(always)]
    fn lin_unreduced<const K: usize>(terms: [(&Fp2, i64); K]) -> Fp2 {
        Fp2::new(
            Fp::lincomb_unreduced(terms.map(|(x, k)| (&x.c0, k))),
            Fp::lincomb_unreduced(terms.map(|(x, k)| (&x.c1, k))),
        )
    }
    #[inline(always)]
    fn plus_3b_times(a: &Fp2, ka: i64, b: &Fp2, kb: i64) -> Fp2 {
        // 3b = 12ξ and ξ·(b0 + b1·u) = (b0 - b1) + (b0 + b1)·u.
        let k = 12 * kb;
        Fp2::new(
            Fp::lincomb([(&a.c0, ka), (&b.c0, k), (&b.c1, -k)]),
            Fp::lincomb([(&a.c1, ka), (&b.c0, k), (&b.c1, k)]),
        )
    }
    #[inline]
    fn mul2(a: &Fp2, b: &Fp2, c: &Fp2, d: &Fp2) -> (Fp2, Fp2) {
        (a.mul_by_ref(b), c.mul_by_ref(d))
    }
    #[inline]
    fn square_mul(a: &Fp2, b: &Fp2, c: &Fp2) -> (Fp2, Fp2) {
        (a.square(), b.mul_by_ref(c))
    }
    #[inline]
    fn square2(a: &Fp2, b: &Fp2) -> (Fp2, Fp2) {
        (a.square_inline(), b.square_inline())
    }
    /// `A²` as an unreduced square and `D` as an unreduced product: `X3 = 9A² - 2D` is one
    /// reduction of their combination (within `(9·16 + 2·32)p²`), D another, where A², D and
    /// a linear combination were three reductions.
    #[inline(always)]
    fn double_x(x: &mut Fp2, a: &Fp2, b: &Fp2) -> Fp2 {
        let a2 = a.square_wide();
        let xb = x.mul_wide(b);
        // 9A² - 8XB within (9·16 + 8·8)p², D = 4XB within 32p².
        *x = (a2.times_power_of_two(3) + a2 - xb.times_power_of_two(3)).reduce();
        let d = xb.times_power_of_two(2).reduce();
        // 3(D - X3), below 12p: a product's input (`lin_unreduced`).
        Self::lin_unreduced([(&d, 3), (x, -3)])
    }
    #[inline]
    fn double_y(a: &Fp2, t: &Fp2, b: &Fp2) -> Fp2 {
        // A·3(D - X3) - 8·(C unreduced): one pass of the kernel's products for the square C,
        // where a product takes two; within (2·2·12 + 8·16)p², inside the reduction's bound.
        // D = 4XB from the square (X + B)² instead (`T = (X + B)² - C` reduced, `D = 2T - 2A`)
        // measured dearer (`cargo xtask check`: the extra reduction and linear combinations
        // cost more than the product).
        (a.mul_wide(t) - b.square_wide().times_power_of_two(3)).reduce()
    }
    fn invert_vartime(&self) -> Option<Fp2> {
        Fp2::invert_vartime(self)
    }
    fn batch_invert_nonzero_vartime(values: &mut [Fp2]) -> bool {
        Fp2::batch_invert_nonzero_vartime(values)
    }
    fn invert(&self) -> Option<Fp2> {
        Fp2::invert(self)
    }
    fn sqrt(&self) -> Option<Fp2> {
        Fp2::sqrt(self)
    }
    #[inline]
    fn select(a: &Fp2, b: &Fp2, choose_b: bool) -> Fp2 {
        Fp2::new(Fp::select(&a.c0, &b.c0, choose_b), Fp::select(&a.c1, &b.c1, choose_b))
    }
}
