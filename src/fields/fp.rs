//! Fp, the base field of BLS12-381: integers modulo the 381-bit prime p.

use crate::arith::{FpElem, FP, P_WORDS};
use crate::fields::op_count::{self, Field};
use crate::fields::words::{add_small, shr, sub_small};

prime_field!(
    /// An element of Fp, the base field of BLS12-381.
    Fp, FP, FpElem, P_WORDS, 48, "Fp element",
    // Field elements are big-endian in every BLS12-381 library and encoding.
    unnamed_order: []
);

/// p - 2: Fermat's inversion, the fallback of [`Fp::invert`].
const P_MINUS_2: [u64; 6] = sub_small(P_WORDS, 2);
/// (p + 1) / 4: square roots, since p ≡ 3 (mod 4).
const P_PLUS_1_OVER_4: [u64; 6] = shr(add_small(P_WORDS, 1), 2);
/// (p - 3) / 4: `a^((p-3)/4)` is `1/sqrt(a)` for a square `a`.
const P_MINUS_3_OVER_4: [u64; 6] = shr(sub_small(P_WORDS, 3), 2);
/// (p - 1) / 2: Euler's criterion.
const P_MINUS_1_OVER_2: [u64; 6] = shr(sub_small(P_WORDS, 1), 1);

impl Fp {
    /// `(a·b, c·d)`: two independent products, computed side by side where the kernel can
    /// (two SIMD lanes on the IC).
    #[inline]
    pub(crate) fn mul2(a: &Fp, b: &Fp, c: &Fp, d: &Fp) -> (Fp, Fp) {
        op_count::products(Field::Fp, 2);
        let (x, y) = FP.mul2(&a.0, &b.0, &c.0, &d.0);
        (Fp(x), Fp(y))
    }

    /// `(a², c²)`: two independent squares, side by side where the kernel can (two SIMD lanes
    /// on the IC, each cross product computed once).
    #[inline(always)]
    pub(crate) fn square2(a: &Fp, c: &Fp) -> (Fp, Fp) {
        op_count::products(Field::Fp, 2);
        let (x, y) = FP.square2(&a.0, &c.0);
        (Fp(x), Fp(y))
    }

    /// `a·b` by the kernel's reference loops, which no generated code runs: what
    /// `kernel_selftest` (feature `testing`) compares the generated products with.
    #[cfg(any(test, feature = "testing"))]
    pub(crate) fn mul_reference(a: &Fp, b: &Fp) -> Fp {
        Fp(FP.mul_loops(&a.0, &b.0))
    }

    /// `(a0·b0 - a1·b1, a0·b1 + a1·b0)`, the coefficients of the Fp2 product
    /// `(a0 + a1·u)(b0 + b1·u)`: the four products are summed before reduction where the kernel
    /// can.
    #[inline]
    pub(crate) fn mul_quadratic(a0: &Fp, a1: &Fp, b0: &Fp, b1: &Fp) -> (Fp, Fp) {
        // Karatsuba's three, whatever the kernel does (`op_count`).
        op_count::products(Field::Fp, 3);
        let (x, y) = FP.mul_quadratic(&a0.0, &a1.0, &b0.0, &b1.0);
        (Fp(x), Fp(y))
    }

    /// `1/self`, or `None` for zero, by the binary GCD with a fixed number of steps and no
    /// branch on the value (Pornin, ePrint 2020/972), in time that does not depend on the value.
    /// [`Self::invert_vartime`] is cheaper for public values.
    pub fn invert(&self) -> Option<Fp> {
        op_count::inversion(Field::Fp);
        let inverse = Fp(FP.invert_fixed(&self.0)?);
        // The step count is the paper's bound plus a batch of margin, for approximations a bit
        // finer than the paper's: the product check turns a shortfall (none is known) into
        // time spent on Fermat, never into a wrong inverse.
        if inverse * *self == Fp::ONE {
            Some(inverse)
        } else {
            Some(self.pow_vartime(&P_MINUS_2))
        }
    }

    /// A square root, or `None` when there is none. Since p ≡ 3 (mod 4), `self^((p+1)/4)` is a
    /// root whenever one exists (RFC 9380, appendix I.1).
    pub fn sqrt(&self) -> Option<Fp> {
        let root = self.pow_vartime(&P_PLUS_1_OVER_4);
        (root.square() == *self).then_some(root)
    }

    /// `self^((p+1)/4)`: a square root of `self` when there is one, and of `-self` otherwise.
    pub(crate) fn pow_p_plus_1_over_4(&self) -> Fp {
        self.pow_vartime(&P_PLUS_1_OVER_4)
    }

    /// `self^((p-3)/4)`: for a nonzero `a`, `t = a^((p-3)/4)` gives `a·t² = ±1` (the Legendre
    /// symbol), and when that is 1, `a·t` is a square root of `a` and `t` its inverse.
    pub(crate) fn pow_p_minus_3_over_4(&self) -> Fp {
        self.pow_vartime(&P_MINUS_3_OVER_4)
    }

    /// `[a^((p-3)/4), b^((p-3)/4)]` ([`Self::pow_p_minus_3_over_4`] of two elements): the two
    /// exponentiations side by side, every square and product of one paired with the same
    /// step of the other ([`Self::mul2`]: two SIMD lanes on the IC, about two thirds of two
    /// lone products).
    pub(crate) fn pow_p_minus_3_over_4_pair(a: &Fp, b: &Fp) -> [Fp; 2] {
        Self::pow_pair_vartime([*a, *b], &P_MINUS_3_OVER_4)
    }

    /// `[a^((p+1)/4), b^((p+1)/4)]`, paired as [`Self::pow_p_minus_3_over_4_pair`].
    pub(crate) fn pow_p_plus_1_over_4_pair(a: &Fp, b: &Fp) -> [Fp; 2] {
        Self::pow_pair_vartime([*a, *b], &P_PLUS_1_OVER_4)
    }

    /// Two elements raised to the same public exponent, step by step together.
    fn pow_pair_vartime(bases: [Fp; 2], exp: &[u64]) -> [Fp; 2] {
        /// Two elements whose product is the two products, paired.
        #[derive(Clone, Copy)]
        struct Pair([Fp; 2]);
        impl core::ops::Mul for Pair {
            type Output = Pair;
            #[inline]
            fn mul(self, rhs: Pair) -> Pair {
                let (x, y) = Fp::mul2(&self.0[0], &rhs.0[0], &self.0[1], &rhs.0[1]);
                Pair([x, y])
            }
        }
        let square = |x: &Pair| *x * *x;
        crate::fields::pow::pow_vartime(Pair(bases), Pair([Fp::ONE; 2]), square, exp).0
    }

    /// Whether this is a square (zero included), by Euler's criterion.
    pub fn is_square(&self) -> bool {
        let l = self.pow_vartime(&P_MINUS_1_OVER_2);
        l.is_zero() || l == Fp::ONE
    }

    /// Reduces a 64-byte big-endian integer modulo p (hash_to_field, RFC 9380 section 5.2):
    /// `x = a·2^256 + b` with both halves below 2^256 < p.
    pub fn from_bytes_wide(bytes: &[u8; 64]) -> Fp {
        let half = |chunk: &[u8]| {
            let mut padded = [0u8; 48];
            padded[16..].copy_from_slice(chunk);
            Fp::from_bytes(&padded).expect("256-bit values are below p")
        };
        const TWO_256: Fp = Fp::from_words([0, 0, 0, 0, 1, 0]);
        half(&bytes[..32]) * TWO_256 + half(&bytes[32..])
    }

    /// Whether the canonical value is above (p - 1)/2: the larger of `{self, -self}` in the
    /// ordering of the ZCash encoding's sort flag.
    pub(crate) fn is_lexicographically_largest(&self) -> bool {
        crate::fields::words::lt(&P_MINUS_1_OVER_2, &self.to_words())
    }

    /// `sgn0` of RFC 9380 (section 4.1): the parity of the canonical value.
    pub fn sgn0(&self) -> bool {
        self.to_bytes()[47] & 1 == 1
    }
}
