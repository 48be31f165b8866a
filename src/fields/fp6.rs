//! Fp6 = Fp2[v]/(v³ - ξ), ξ = 1 + u.

use crate::fields::fp2::Fp2Wide;
use crate::fields::Fp2;
use crate::Fp;
use core::ops::{Add, Mul, Neg, Sub};

/// An element `c0 + c1·v + c2·v²` of Fp6, where `v³ = ξ = 1 + u`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fp6 {
    /// The coefficient of 1.
    pub c0: Fp2,
    /// The coefficient of v.
    pub c1: Fp2,
    /// The coefficient of v².
    pub c2: Fp2,
}

/// ξ^((p-1)/3) = v^(p-1): the Frobenius map's factor on the v coefficient. It lies in Fp·u.
pub(crate) const FROBENIUS_V: Fp2 = Fp2::new(
    Fp::ZERO,
    Fp::from_words([
        0x8bfd_0000_0000_aaac,
        0x4094_27eb_4f49_fffd,
        0x897d_2965_0fb8_5f9b,
        0xaa0d_857d_8975_9ad4,
        0xec02_4086_63d4_de85,
        0x1a01_11ea_397f_e699,
    ]),
);

/// ξ^(2(p-1)/3) = v^(2(p-1)): the factor on the v² coefficient. It lies in Fp.
pub(crate) const FROBENIUS_V2: Fp2 = Fp2::new(
    Fp::from_words([
        0x8bfd_0000_0000_aaad,
        0x4094_27eb_4f49_fffd,
        0x897d_2965_0fb8_5f9b,
        0xaa0d_857d_8975_9ad4,
        0xec02_4086_63d4_de85,
        0x1a01_11ea_397f_e699,
    ]),
    Fp::ZERO,
);

impl Fp6 {
    /// Zero.
    pub const ZERO: Fp6 = Fp6 { c0: Fp2::ZERO, c1: Fp2::ZERO, c2: Fp2::ZERO };
    /// One.
    pub const ONE: Fp6 = Fp6 { c0: Fp2::ONE, c1: Fp2::ZERO, c2: Fp2::ZERO };

    /// `c0 + c1·v + c2·v²`.
    pub const fn new(c0: Fp2, c1: Fp2, c2: Fp2) -> Fp6 {
        Fp6 { c0, c1, c2 }
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() && self.c1.is_zero() && self.c2.is_zero()
    }

    /// `self + self`.
    #[inline]
    pub fn double(&self) -> Fp6 {
        Fp6 { c0: self.c0.double(), c1: self.c1.double(), c2: self.c2.double() }
    }

    /// Multiplication by v, the non-residue that defines Fp12: `(ξ·c2, c0, c1)`.
    #[inline]
    pub fn mul_by_nonresidue(&self) -> Fp6 {
        Fp6 { c0: self.c2.mul_by_nonresidue(), c1: self.c0, c2: self.c1 }
    }

    /// `self + v·rhs`, without building `v·rhs` (which copies two of its coefficients):
    /// `(c0 + ξ·rhs.c2, c1 + rhs.c0, c2 + rhs.c1)`, the first as one sum per Fp coefficient.
    #[inline]
    pub(crate) fn plus_v_times(&self, rhs: &Fp6) -> Fp6 {
        Fp6 { c0: self.c0.plus_nonresidue_times(&rhs.c2), c1: self.c1 + rhs.c0, c2: self.c2 + rhs.c1 }
    }

    /// `self²`, as the lazily reduced product `self·self`: under the meter it is cheaper
    /// than Chung and Hasan's SQR2 with its reduced Fp2 squarings (28,238 against 29,680).
    pub fn square(&self) -> Fp6 {
        *self * *self
    }

    /// `x ↦ x^p`: conjugate each coefficient and correct the powers of v.
    pub fn frobenius_map(&self) -> Fp6 {
        Fp6 {
            c0: self.c0.conjugate(),
            c1: self.c1.conjugate().mul_by_ref(&FROBENIUS_V),
            c2: self.c2.conjugate().mul_by_ref(&FROBENIUS_V2),
        }
    }

    /// `1/self`, or `None` for zero, in time that does not depend on the value.
    pub fn invert(&self) -> Option<Fp6> {
        self.invert_with(Fp::invert)
    }

    /// `1/self`, or `None` for zero, with the base field's variable-time inversion: for public
    /// values only.
    pub fn invert_vartime(&self) -> Option<Fp6> {
        self.invert_with(Fp::invert_vartime)
    }

    /// Inverts through Fp2, inverting the final Fp norm with `invert`.
    pub(crate) fn invert_with(&self, invert: impl Fn(&Fp) -> Option<Fp>) -> Option<Fp6> {
        // Products by reference: `*` copies operands that are not temporaries.
        let (c0, c1, c2) = (&self.c0, &self.c1, &self.c2);
        let a = c0.square() - c1.mul_by_ref(c2).mul_by_nonresidue();
        let b = c2.square().mul_by_nonresidue() - c0.mul_by_ref(c1);
        let c = c1.square() - c0.mul_by_ref(c2);
        let f = c0.mul_by_ref(&a) + (c2.mul_by_ref(&b) + c1.mul_by_ref(&c)).mul_by_nonresidue();
        let t = f.invert_with(invert)?;
        Some(Fp6 { c0: a.mul_by_ref(&t), c1: b.mul_by_ref(&t), c2: c.mul_by_ref(&t) })
    }
}

impl Add for Fp6 {
    type Output = Fp6;
    #[inline]
    fn add(self, rhs: Fp6) -> Fp6 {
        Fp6 { c0: self.c0 + rhs.c0, c1: self.c1 + rhs.c1, c2: self.c2 + rhs.c2 }
    }
}

impl Sub for Fp6 {
    type Output = Fp6;
    #[inline]
    fn sub(self, rhs: Fp6) -> Fp6 {
        Fp6 { c0: self.c0 - rhs.c0, c1: self.c1 - rhs.c1, c2: self.c2 - rhs.c2 }
    }
}

impl Neg for Fp6 {
    type Output = Fp6;
    #[inline]
    fn neg(self) -> Fp6 {
        Fp6 { c0: -self.c0, c1: -self.c1, c2: -self.c2 }
    }
}

impl Mul for Fp6 {
    type Output = Fp6;
    #[inline(never)]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    fn mul(self, rhs: Fp6) -> Fp6 {
        self.mul_wide(&rhs).reduce()
    }
}

/// An Fp6 product left unreduced (three unreduced Fp2 coefficients), so that Fp12 arithmetic
/// sums products before one reduction per coefficient.
///
/// Bounds. Products, unreduced sums and the wide sums and differences are exact integer
/// arithmetic (only reductions work modulo p), so a wide value is the exact integer polynomial
/// its formula names, whatever route the Karatsuba terms took, and only its final size
/// matters: the reduction accepts coefficients within `p·2^389 > 300p²`. With inputs'
/// coefficients below `α` and `β`, an Fp2 product's coefficients are within `2αβ` and an Fp6
/// product's within `10αβ` (c0 = `a0b0 + ξ(a1b2 + a2b1)`, ξ doubling a bound), so `40p²` for
/// reduced inputs (below 2p). The Fp12 formulas stay within `168p²` (see each).
#[derive(Clone, Copy)]
pub(crate) struct Fp6Wide {
    pub(crate) c0: Fp2Wide,
    pub(crate) c1: Fp2Wide,
    pub(crate) c2: Fp2Wide,
}

impl Fp6 {
    /// `self + rhs` left unreduced (each coefficient below 4p): only as an input of products,
    /// where it saves the reductions of a Karatsuba sum.
    #[inline(always)]
    pub(crate) fn sum_unreduced(&self, rhs: &Fp6) -> Fp6 {
        Fp6 {
            c0: self.c0.sum_unreduced(&rhs.c0),
            c1: self.c1.sum_unreduced(&rhs.c1),
            c2: self.c2.sum_unreduced(&rhs.c2),
        }
    }

    /// `self·rhs` unreduced: Karatsuba over Fp2 with the six products summed unreduced, for
    /// inputs' coefficients below 4p. The sums that feed the products are unreduced too (below
    /// 8p, which the Fp2 product takes): as the arithmetic is exact ([`Fp6Wide`]), each output
    /// coefficient is the exact `Σ aᵢbⱼ` (ξ included), within `10αβ`. Inlined: in Fp12's
    /// product and square the three results then stay out of memory (`fp12_mul` 67,341 ->
    /// 64,938); the Fp6 product itself is out of line, to keep the Wasm small. No
    /// `target_feature` of its own (Rust refuses it beside `inline(always)`): its callers'
    /// simd128 reaches the kernels once it is inlined.
    #[inline(always)]
    pub(crate) fn mul_wide(&self, rhs: &Fp6) -> Fp6Wide {
        let (a, b) = (self, rhs);
        let t0 = a.c0.mul_wide(&b.c0);
        let t1 = a.c1.mul_wide(&b.c1);
        let t2 = a.c2.mul_wide(&b.c2);
        let c0 = (a.c1.sum_unreduced(&a.c2).mul_wide(&b.c1.sum_unreduced(&b.c2)) - t1 - t2).mul_by_nonresidue() + t0;
        let c1 = a.c0.sum_unreduced(&a.c1).mul_wide(&b.c0.sum_unreduced(&b.c1)) - t0 - t1 + t2.mul_by_nonresidue();
        let c2 = a.c0.sum_unreduced(&a.c2).mul_wide(&b.c0.sum_unreduced(&b.c2)) - t0 - t2 + t1;
        Fp6Wide { c0, c1, c2 }
    }

    /// `self·(a + b·v)`, unreduced: Karatsuba's five products, `c0 = x0·a + ξ·x2·b`,
    /// `c1 = (x0 + x1)(a + b) - x0·a - x1·b`, `c2 = x2·a + x1·b` (the sums unreduced: inputs
    /// below 4p make them below 8p, which the Fp2 product takes). Exact, as [`Fp6Wide`] is:
    /// coefficients within `6αβ`.
    #[inline]
    pub(crate) fn mul_by_01_wide(&self, a: &Fp2, b: &Fp2) -> Fp6Wide {
        let (x0, x1, x2) = (&self.c0, &self.c1, &self.c2);
        let (t0, t1) = (x0.mul_wide(a), x1.mul_wide(b));
        Fp6Wide {
            c0: t0 + x2.mul_wide(b).mul_by_nonresidue(),
            c1: x0.sum_unreduced(x1).mul_wide(&a.sum_unreduced(b)) - t0 - t1,
            c2: x2.mul_wide(a) + t1,
        }
    }

    /// `self·k` for `k` in Fp2, unreduced: three products (coefficients within `8p²`, or
    /// `32p²` for inputs below 4p).
    #[inline]
    pub(crate) fn mul_by_fp2_wide(&self, k: &Fp2) -> Fp6Wide {
        Fp6Wide { c0: self.c0.mul_wide(k), c1: self.c1.mul_wide(k), c2: self.c2.mul_wide(k) }
    }
}

impl Fp6Wide {
    /// The reduced value.
    #[inline]
    pub(crate) fn reduce(&self) -> Fp6 {
        Fp6 { c0: self.c0.reduce(), c1: self.c1.reduce(), c2: self.c2.reduce() }
    }

    /// Multiplication by v: `(ξ·c2, c0, c1)` (doubles the bound of c2).
    #[inline]
    pub(crate) fn mul_by_nonresidue(&self) -> Fp6Wide {
        Fp6Wide { c0: self.c2.mul_by_nonresidue(), c1: self.c0, c2: self.c1 }
    }

    /// `self + v·rhs`. Written out, because building `v·rhs` first copies two of its
    /// coefficients (a `memory.copy` of 416 bytes each, 516 instructions).
    #[inline]
    pub(crate) fn plus_v_times(&self, rhs: &Fp6Wide) -> Fp6Wide {
        Fp6Wide { c0: self.c0 + rhs.c2.mul_by_nonresidue(), c1: self.c1 + rhs.c0, c2: self.c2 + rhs.c1 }
    }

    /// `self - v·rhs` (see [`Self::plus_v_times`]).
    #[inline]
    pub(crate) fn minus_v_times(&self, rhs: &Fp6Wide) -> Fp6Wide {
        Fp6Wide { c0: self.c0 - rhs.c2.mul_by_nonresidue(), c1: self.c1 - rhs.c0, c2: self.c2 - rhs.c1 }
    }

    /// `v·self`, reduced: `(ξ·c2, c0, c1)` reduced coefficient by coefficient, without the
    /// copies of building `v·self` first.
    #[inline]
    pub(crate) fn reduce_times_v(&self) -> Fp6 {
        Fp6 { c0: self.c2.mul_by_nonresidue().reduce(), c1: self.c0.reduce(), c2: self.c1.reduce() }
    }
}

impl Add for Fp6Wide {
    type Output = Fp6Wide;
    #[inline]
    fn add(self, rhs: Fp6Wide) -> Fp6Wide {
        Fp6Wide { c0: self.c0 + rhs.c0, c1: self.c1 + rhs.c1, c2: self.c2 + rhs.c2 }
    }
}

impl Sub for Fp6Wide {
    type Output = Fp6Wide;
    #[inline]
    fn sub(self, rhs: Fp6Wide) -> Fp6Wide {
        Fp6Wide { c0: self.c0 - rhs.c0, c1: self.c1 - rhs.c1, c2: self.c2 - rhs.c2 }
    }
}
