//! The two-lane products: pairs of Montgomery products in two `simd128` lanes (`simd.rs`), single
//! products with the two halves of one operand in the two lanes, and unreduced Fp2 values as 26
//! double-width columns of two lanes, so that sums of Fp2 products pay one reduction.

use super::{cast, simd, Elem, Params};

/// An unreduced element `c0 + c1·u` of this field's quadratic extension (`u² = -1`), as a sum
/// and difference of double-width products (see [`Params::wide_mul_quadratic`]), exact. Valid
/// when each coefficient of the value reduced lies within `±p·2^(30N-1)` (about `315p²`), the
/// products' inputs having 30-bit limbs and values below `8p` (`2·8p·8p = 128p²` each), and it
/// sums fewer than 2^28 products (each column within `±2^59`: the reduction takes the columns
/// without a carry pass, `signed_columns_fit` in the kernel generator).
#[derive(Clone, Copy)]
pub(crate) struct Wide2<const N: usize>([core::arch::wasm32::v128; 26]);

impl<const N: usize> Params<N> {
    /// `(a·b, c·d)`: both products at once in two `simd128` lanes (13 limbs).
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn mul2(&self, a: &Elem<N>, b: &Elem<N>, c: &Elem<N>, d: &Elem<N>) -> (Elem<N>, Elem<N>) {
        if N == 13 {
            let (x, y) = simd::mul2_13(
                cast(&a.limbs()),
                cast(&b.limbs()),
                cast(&c.limbs()),
                cast(&d.limbs()),
                cast(&self.p),
                self.p_inv,
            );
            return (Elem::from_limbs(cast(&x)), Elem::from_limbs(cast(&y)));
        }
        (self.mul(a, b), self.mul(c, d))
    }

    /// `(a², c²)`: both squares at once in two `simd128` lanes (13 limbs), each cross product
    /// computed once. Inlined into its callers (the doublings' first pair): called, it cost
    /// about 50 instructions more each time (`cargo xtask check`); a `target_feature` function
    /// (the build without the global simd128 flag) cannot be `inline(always)`.
    #[cfg_attr(not(simd128_attr), inline(always))]
    #[cfg_attr(simd128_attr, inline)]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn square2(&self, a: &Elem<N>, c: &Elem<N>) -> (Elem<N>, Elem<N>) {
        if N == 13 {
            let (x, y) = simd::square2_13(cast(&a.limbs()), cast(&c.limbs()), cast(&self.p), self.p_inv);
            return (Elem::from_limbs(cast(&x)), Elem::from_limbs(cast(&y)));
        }
        (self.square(a), self.square(c))
    }

    /// `a·b`, one product, its product half in two `simd128` lanes (13 limbs): compare the
    /// `fp_mul` column of the kernel variants in `bench/RESULTS.md` with the scalar kernel's.
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn mul1(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        // Only Fp (13 limbs) calls this.
        assert!(N == 13, "the one-product kernel is generated for 13 limbs");
        Elem::from_limbs(cast(&simd::mul1_13(cast(&a.limbs()), cast(&b.limbs()), cast(&self.p), self.p_inv)))
    }

    /// The product `(a0 + a1·u)(b0 + b1·u)` in this field's quadratic extension by `u² = -1`:
    /// `(a0·b0 - a1·b1, a0·b1 + a1·b0)`, each coefficient reduced once: four products in two
    /// `simd128` lanes (13 limbs).
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn mul_quadratic(&self, a0: &Elem<N>, a1: &Elem<N>, b0: &Elem<N>, b1: &Elem<N>) -> (Elem<N>, Elem<N>) {
        if N == 13 {
            return self.wide_reduce(&self.wide_mul_quadratic(a0, a1, b0, b1));
        }
        let (a0b0, a1b1) = self.mul2(a0, b0, a1, b1);
        let (a0b1, a1b0) = self.mul2(a0, b1, a1, b0);
        (self.sub(&a0b0, &a1b1), self.add(&a0b1, &a1b0))
    }

    /// `(a0 + a1·u)(b0 + b1·u)`, left unreduced for [`Self::wide_reduce`].
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn wide_mul_quadratic(&self, a0: &Elem<N>, a1: &Elem<N>, b0: &Elem<N>, b1: &Elem<N>) -> Wide2<N> {
        // Only Fp (13 limbs) has an extension field; Fr never gets here.
        assert!(N == 13, "the two-lane kernel is generated for 13 limbs");
        Wide2(simd::fp2_wide_13(cast(&a0.limbs()), cast(&a1.limbs()), cast(&b0.limbs()), cast(&b1.limbs())))
    }

    /// `a·b + (c·d)·u`, unreduced: two products in the two lanes of one pass, for an Fp2 value
    /// whose coefficients are single products (a square's). Inputs as for
    /// [`Self::wide_mul_quadratic`].
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn wide_mul2(&self, a: &Elem<N>, b: &Elem<N>, c: &Elem<N>, d: &Elem<N>) -> Wide2<N> {
        // Only Fp (13 limbs) has an extension field; Fr never gets here.
        assert!(N == 13, "the two-lane kernel is generated for 13 limbs");
        Wide2(simd::mul2_wide_13(cast(&a.limbs()), cast(&b.limbs()), cast(&c.limbs()), cast(&d.limbs())))
    }

    /// `2^k·x`, unreduced (`k` at most 3: the columns stay inside the reduction's range).
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn wide_shl(&self, x: &Wide2<N>, k: u32) -> Wide2<N> {
        use core::arch::wasm32::i64x2_shl;
        debug_assert!(k <= 3);
        Wide2(columns(|i| i64x2_shl(x.0[i], k)))
    }

    /// `x + y`, unreduced.
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn wide_add(&self, x: &Wide2<N>, y: &Wide2<N>) -> Wide2<N> {
        use core::arch::wasm32::i64x2_add;
        Wide2(columns(|k| i64x2_add(x.0[k], y.0[k])))
    }

    /// `x - y`, unreduced.
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn wide_sub(&self, x: &Wide2<N>, y: &Wide2<N>) -> Wide2<N> {
        use core::arch::wasm32::i64x2_sub;
        Wide2(columns(|k| i64x2_sub(x.0[k], y.0[k])))
    }

    /// `x·(1 + u) = (c0 - c1) + (c0 + c1)·u`, unreduced.
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn wide_mul_by_1_plus_u(&self, x: &Wide2<N>) -> Wide2<N> {
        use core::arch::wasm32::{i64x2_add, i64x2_neg, i64x2_shuffle};
        Wide2(columns(|k| {
            let v = x.0[k];
            i64x2_add(i64x2_shuffle::<0, 0>(v, v), i64x2_shuffle::<3, 1>(v, i64x2_neg(v)))
        }))
    }

    /// Reduces both coefficients, each below `2p`.
    #[cfg_attr(not(simd128_attr), inline(always))]
    #[cfg_attr(simd128_attr, inline)]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn wide_reduce(&self, x: &Wide2<N>) -> (Elem<N>, Elem<N>) {
        let (c0, c1) = simd::fp2_reduce_13(x.0, cast(&self.p), self.offset, self.p_inv);
        (Elem::from_limbs(cast(&c0)), Elem::from_limbs(cast(&c1)))
    }
}

/// `[f(0), …, f(25)]`, written out: the 26 columns of a [`Wide2`] as straight-line code. With
/// `core::array::from_fn` LLVM sometimes kept a loop of 26 turns (a counter, a branch and
/// addressing per column) inside the large tower functions, depending on how the crate's
/// code was split into codegen units: `fp12_mul` of the bench canister built without the
/// global `simd128` flag measured 70,993 with the loops and 66,070 with this (`icbls-meter`).
#[inline(always)]
fn columns(f: impl Fn(usize) -> core::arch::wasm32::v128) -> [core::arch::wasm32::v128; 26] {
    [
        f(0),
        f(1),
        f(2),
        f(3),
        f(4),
        f(5),
        f(6),
        f(7),
        f(8),
        f(9),
        f(10),
        f(11),
        f(12),
        f(13),
        f(14),
        f(15),
        f(16),
        f(17),
        f(18),
        f(19),
        f(20),
        f(21),
        f(22),
        f(23),
        f(24),
        f(25),
    ]
}
