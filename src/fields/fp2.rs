//! Fp2 = Fp[u]/(u² + 1), the field G2's coordinates live in.

use crate::arith::{Fp2Wide as WideRepr, FP, P_WORDS};
use crate::fields::op_count::{self, Field};
use crate::fields::words::{add_small, shr};
use crate::Fp;
use core::ops::{Add, Mul, Neg, Sub};

/// An element `c0 + c1·u` of Fp2, where `u² = -1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fp2 {
    /// The coefficient of 1.
    pub c0: Fp,
    /// The coefficient of u.
    pub c1: Fp,
}

/// 1/2 = (p + 1)/2.
const HALF: Fp = Fp::from_words(shr(add_small(P_WORDS, 1), 1));

impl Fp2 {
    /// Zero.
    pub const ZERO: Fp2 = Fp2 { c0: Fp::ZERO, c1: Fp::ZERO };
    /// One.
    pub const ONE: Fp2 = Fp2 { c0: Fp::ONE, c1: Fp::ZERO };

    /// `c0 + c1·u`.
    pub const fn new(c0: Fp, c1: Fp) -> Fp2 {
        Fp2 { c0, c1 }
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() && self.c1.is_zero()
    }

    /// `self + self`.
    #[inline]
    pub fn double(&self) -> Fp2 {
        Fp2 { c0: self.c0.double(), c1: self.c1.double() }
    }

    /// `k·self` for a small integer `k` (at most 64).
    #[inline]
    pub(crate) fn mul_small(&self, k: u64) -> Fp2 {
        Fp2 { c0: self.c0.mul_small(k), c1: self.c1.mul_small(k) }
    }

    /// `c0 - c1·u`: the Frobenius map `x ↦ x^p`.
    #[inline]
    pub fn conjugate(&self) -> Fp2 {
        Fp2 { c0: self.c0, c1: -self.c1 }
    }

    /// `x ↦ x^(p^power)`.
    pub fn frobenius_map(&self, power: usize) -> Fp2 {
        if power % 2 == 1 {
            self.conjugate()
        } else {
            *self
        }
    }

    /// `self²`, with two Fp multiplications: `(c0 + c1)(c0 - c1) + (2·c0)·c1·u`. The three
    /// sums only feed the products, so they stay unreduced (below 4p; a product takes inputs
    /// up to 8p), and the doubling comes before the product instead of after it.
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub fn square(&self) -> Fp2 {
        self.square_inline()
    }

    /// [`Self::square`], for the curve formulas to inline: there the call's result was written
    /// aside and copied into place (a `memory.copy` of 104 bytes, about 200 instructions).
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn square_inline(&self) -> Fp2 {
        let [sum, difference, twice] = self.square_operands();
        let (c0, c1) = Fp::mul2(&sum, &difference, &twice, &self.c1);
        Fp2 { c0, c1 }
    }

    /// Complex squaring's operands, `c0 + c1`, `c0 - c1` and `2c0`: the square is
    /// `(c0 + c1)(c0 - c1) + 2c0·c1·u`. Unreduced (below 4p for inputs below 2p), as products
    /// take them.
    #[inline(always)]
    fn square_operands(&self) -> [Fp; 3] {
        [
            Fp::add_unreduced(&self.c0, &self.c1),
            Fp::lincomb_unreduced([(&self.c0, 1), (&self.c1, -1)]),
            Fp::add_unreduced(&self.c0, &self.c0),
        ]
    }

    /// Multiplication by the non-residue ξ = 1 + u that defines Fp6.
    #[inline]
    pub fn mul_by_nonresidue(&self) -> Fp2 {
        Fp2 { c0: self.c0 - self.c1, c1: self.c0 + self.c1 }
    }

    /// `self + ξ·b`, one sum per coefficient: `(a0 + b0 - b1) + (a1 + b0 + b1)·u`.
    #[inline]
    pub(crate) fn plus_nonresidue_times(&self, b: &Fp2) -> Fp2 {
        Fp2 {
            c0: Fp::lincomb([(&self.c0, 1), (&b.c0, 1), (&b.c1, -1)]),
            c1: Fp::lincomb([(&self.c1, 1), (&b.c0, 1), (&b.c1, 1)]),
        }
    }

    /// Multiplication by an element of Fp.
    #[inline]
    pub fn mul_by_fp(&self, k: &Fp) -> Fp2 {
        let (c0, c1) = Fp::mul2(&self.c0, k, &self.c1, k);
        Fp2 { c0, c1 }
    }

    /// The norm `c0² + c1²`, in Fp.
    pub fn norm(&self) -> Fp {
        let (a, b) = Fp::square2(&self.c0, &self.c1);
        a + b
    }

    /// `1/self`, or `None` for zero: `conjugate / norm`, in time that does not depend on the
    /// value.
    pub fn invert(&self) -> Option<Fp2> {
        self.invert_with(Fp::invert)
    }

    /// `1/self`, or `None` for zero, with the base field's variable-time inversion: for public
    /// values only.
    pub fn invert_vartime(&self) -> Option<Fp2> {
        self.invert_with(Fp::invert_vartime)
    }

    /// `conjugate / norm`, inverting the norm with `invert`.
    pub(crate) fn invert_with(&self, invert: impl Fn(&Fp) -> Option<Fp>) -> Option<Fp2> {
        let t = invert(&self.norm())?;
        Some(Fp2 { c0: self.c0 * t, c1: -(self.c1 * t) })
    }

    /// The inverses of all of `values` with one inversion (Montgomery's simultaneous
    /// inversion, through the norms: `batch_invert.rs`), or `None` if one of them is zero.
    /// Variable time: for public values.
    pub(crate) fn batch_invert_vartime(values: &[Fp2]) -> Option<alloc::vec::Vec<Fp2>> {
        let mut inverses = values.to_vec();
        Fp2::batch_invert_nonzero_vartime(&mut inverses).then_some(inverses)
    }

    /// `self^exp`, the exponent as little-endian words, by fixed 4-bit windows; for public
    /// exponents only.
    pub fn pow_vartime(&self, exp: &[u64]) -> Fp2 {
        // A closure: on wasm32 `square` may be a `#[target_feature]` function, which is not `Fn`.
        crate::fields::pow::pow_vartime(*self, Fp2::ONE, |x| x.square(), exp)
    }

    /// Whether this is a square: exactly when its norm is a square in Fp.
    pub fn is_square(&self) -> bool {
        self.norm().is_square()
    }

    /// A square root, or `None` when there is none. Two exponentiations in Fp rather than
    /// in Fp2 (the "complex method": Scott, "Implementing cryptographic pairings", 2007;
    /// Adj and Rodríguez-Henríquez 2012, algorithm 8): for `a = a0 + a1·u` with root
    /// `x0 + x1·u`, `x0² - x1² = a0` and `2·x0·x1 = a1`, so with `γ = sqrt(a0² + a1²)` and
    /// `δ = (a0 + γ)/2`, either `x0² = δ` or `x1² = -δ` (-1 is not a square mod p), and the
    /// other coordinate is `a1/(2·root)`. One exponentiation `t = δ^((p-3)/4)` gives the
    /// root (`δ·t` or `-δ·t`; (p-3)/4 is even), tells which case holds (`δ·t² = ±1`), and
    /// inverts it (`t`). Variable time.
    pub fn sqrt(&self) -> Option<Fp2> {
        if self.c1.is_zero() {
            return self.sqrt_given_norm_root(&Fp::ZERO);
        }
        self.sqrt_given_norm_root(&self.norm().sqrt()?)
    }

    /// [`Self::sqrt`] given `γ`, a square root of the norm (either one; unused when `c1` is
    /// zero): one exponentiation in Fp instead of two.
    pub(crate) fn sqrt_given_norm_root(&self, gamma: &Fp) -> Option<Fp2> {
        let base = self.sqrt_base(gamma);
        self.sqrt_from_power(&base, &base.pow_p_minus_3_over_4())
    }

    /// [`Self::sqrt_given_norm_root`] of two elements, their exponentiations paired
    /// ([`Fp::pow_p_minus_3_over_4_pair`]).
    pub(crate) fn sqrt_given_norm_roots_pair(a: [&Fp2; 2], gamma: [&Fp; 2]) -> [Option<Fp2>; 2] {
        let bases = [a[0].sqrt_base(gamma[0]), a[1].sqrt_base(gamma[1])];
        let t = Fp::pow_p_minus_3_over_4_pair(&bases[0], &bases[1]);
        [a[0].sqrt_from_power(&bases[0], &t[0]), a[1].sqrt_from_power(&bases[1], &t[1])]
    }

    /// What the root's exponentiation raises: `a0` when `a1` is zero (`a0` or `-a0` is a square
    /// in Fp: the root is `x0` or `x1·u`), else `δ = (a0 + γ)/2`.
    fn sqrt_base(&self, gamma: &Fp) -> Fp {
        if self.c1.is_zero() {
            self.c0
        } else {
            (self.c0 + *gamma) * HALF
        }
    }

    /// The root from `t = base^((p-3)/4)` ([`Self::sqrt_base`]), checked.
    fn sqrt_from_power(&self, base: &Fp, t: &Fp) -> Option<Fp2> {
        let bt = *base * *t;
        let is_square = *base * t.square() == Fp::ONE;
        let root = if self.c1.is_zero() {
            if is_square || base.is_zero() {
                Fp2::new(bt, Fp::ZERO)
            } else {
                Fp2::new(Fp::ZERO, -bt)
            }
        } else {
            let half_a1_t = self.c1 * *t * HALF;
            if is_square {
                Fp2::new(bt, half_a1_t)
            } else {
                Fp2::new(half_a1_t, -bt)
            }
        };
        (root.square() == *self).then_some(root)
    }

    /// `sgn0` of RFC 9380 (section 4.1) for m = 2.
    pub fn sgn0(&self) -> bool {
        self.c0.sgn0() || (self.c0.is_zero() && self.c1.sgn0())
    }
}

/// An Fp2 product left unreduced, so that sums and differences of products pay one reduction
/// (lazy reduction: Aranha, Karabina, Longa, Gebotys and López, "Faster explicit formulas for
/// computing pairings over ordinary curves", EUROCRYPT 2011). The arithmetic is exact, so the
/// rule is on the value reduced: each coefficient within `±p·2^389` (about `315p²`), with the
/// products' inputs below 8p (a product of inputs below `α` and `β` is within `2αβ`); see
/// `Fp6Wide` for the bounds of the tower's formulas.
#[derive(Clone, Copy)]
pub(crate) struct Fp2Wide(WideRepr);

impl Fp2 {
    /// `self + rhs` left unreduced (below 4p, or 8p for two such sums, as Fp6 products of
    /// Fp12's Karatsuba sums form them): only as an input of a product ([`Self::mul_wide`]
    /// takes inputs up to 8p), where it saves the reduction of a sum.
    #[inline(always)]
    pub(crate) fn sum_unreduced(&self, rhs: &Fp2) -> Fp2 {
        Fp2 { c0: Fp::add_unreduced(&self.c0, &rhs.c0), c1: Fp::add_unreduced(&self.c1, &rhs.c1) }
    }

    /// `self·rhs` from references: where the operands already sit in memory (fields of a
    /// larger value), the by-value `*` can cost a `memory.copy` (100 instructions plus the
    /// bytes) per operand to make the copies the kernel reads.
    #[inline]
    pub(crate) fn mul_by_ref(&self, rhs: &Fp2) -> Fp2 {
        let (c0, c1) = Fp::mul_quadratic(&self.c0, &self.c1, &rhs.c0, &rhs.c1);
        Fp2 { c0, c1 }
    }

    /// `self·rhs`, unreduced.
    #[inline]
    pub(crate) fn mul_wide(&self, rhs: &Fp2) -> Fp2Wide {
        // Karatsuba's three, whatever the kernel does (`op_count`).
        op_count::products(Field::Fp, 3);
        Fp2Wide(FP.wide_mul_quadratic(&self.c0.0, &self.c1.0, &rhs.c0.0, &rhs.c1.0))
    }

    /// `self²`, unreduced: complex squaring, `(c0 + c1)(c0 - c1)` and `2c0·c1`, its two
    /// products in one pass of the kernel's two lanes where [`Self::mul_wide`] takes two
    /// passes. Inputs below `2p` (the products' inputs stay below `4p`; coefficients within
    /// `16p²`).
    #[inline]
    pub(crate) fn square_wide(&self) -> Fp2Wide {
        // Complex squaring's two, whatever the kernel does (`op_count`).
        op_count::products(Field::Fp, 2);
        let [sum, difference, twice] = self.square_operands();
        Fp2Wide(FP.wide_mul2(&sum.0, &difference.0, &twice.0, &self.c1.0))
    }
}

impl Fp2Wide {
    /// The reduced value.
    #[inline]
    pub(crate) fn reduce(&self) -> Fp2 {
        let (c0, c1) = FP.wide_reduce(&self.0);
        Fp2 { c0: Fp(c0), c1: Fp(c1) }
    }

    /// `2^k·self` (`k` at most 3).
    #[inline]
    pub(crate) fn times_power_of_two(&self, k: u32) -> Fp2Wide {
        Fp2Wide(FP.wide_shl(&self.0, k))
    }

    /// Multiplication by ξ = 1 + u.
    #[inline]
    pub(crate) fn mul_by_nonresidue(&self) -> Fp2Wide {
        Fp2Wide(FP.wide_mul_by_1_plus_u(&self.0))
    }
}

impl Add for Fp2Wide {
    type Output = Fp2Wide;
    #[inline]
    fn add(self, rhs: Fp2Wide) -> Fp2Wide {
        Fp2Wide(FP.wide_add(&self.0, &rhs.0))
    }
}

impl Sub for Fp2Wide {
    type Output = Fp2Wide;
    #[inline]
    fn sub(self, rhs: Fp2Wide) -> Fp2Wide {
        Fp2Wide(FP.wide_sub(&self.0, &rhs.0))
    }
}

impl Add for Fp2 {
    type Output = Fp2;
    #[inline]
    fn add(self, rhs: Fp2) -> Fp2 {
        Fp2 { c0: self.c0 + rhs.c0, c1: self.c1 + rhs.c1 }
    }
}

impl Sub for Fp2 {
    type Output = Fp2;
    #[inline]
    fn sub(self, rhs: Fp2) -> Fp2 {
        Fp2 { c0: self.c0 - rhs.c0, c1: self.c1 - rhs.c1 }
    }
}

impl Neg for Fp2 {
    type Output = Fp2;
    #[inline]
    fn neg(self) -> Fp2 {
        Fp2 { c0: -self.c0, c1: -self.c1 }
    }
}

impl Mul for Fp2 {
    type Output = Fp2;
    /// The four products `c0·c0', c1·c1', c0·c1', c1·c0'`, summed before reduction where the
    /// kernel can (see `Fp::mul_quadratic`).
    #[inline]
    fn mul(self, rhs: Fp2) -> Fp2 {
        self.mul_by_ref(&rhs)
    }
}
