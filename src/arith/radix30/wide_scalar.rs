//! The scalar products, without `simd128`: pairs of products one after the other, and
//! "unreduced" Fp2 values that are reduced ones (the same interface as `wide_simd.rs`).

use super::{cast, unrolled, Elem, Params};

/// Without SIMD, the unreduced value is a reduced one (the kernel's scalar products are not
/// worth deferring): the same interface, reduced eagerly.
#[derive(Clone, Copy)]
pub(crate) struct Wide2<const N: usize>(Elem<N>, Elem<N>);

impl<const N: usize> Params<N> {
    /// `a·b` (13 limbs), by the unrolled scalar kernel.
    #[inline]
    pub(crate) fn mul1(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        Elem::from_limbs(cast(&unrolled::mul_13(cast(&a.limbs()), cast(&b.limbs()), cast(&self.p), self.p_inv)))
    }

    /// `(a·b, c·d)`, one after the other.
    #[inline]
    pub(crate) fn mul2(&self, a: &Elem<N>, b: &Elem<N>, c: &Elem<N>, d: &Elem<N>) -> (Elem<N>, Elem<N>) {
        (self.mul(a, b), self.mul(c, d))
    }

    /// `(a², c²)`, one after the other.
    #[inline]
    pub(crate) fn square2(&self, a: &Elem<N>, c: &Elem<N>) -> (Elem<N>, Elem<N>) {
        (self.square(a), self.square(c))
    }

    /// The product `(a0 + a1·u)(b0 + b1·u)` in this field's quadratic extension by `u² = -1`:
    /// `(a0·b0 - a1·b1, a0·b1 + a1·b0)`, each coefficient reduced once: by Karatsuba over
    /// double-width products (13 limbs).
    #[inline]
    pub(crate) fn mul_quadratic(&self, a0: &Elem<N>, a1: &Elem<N>, b0: &Elem<N>, b1: &Elem<N>) -> (Elem<N>, Elem<N>) {
        if N == 13 {
            let (x, y) = unrolled::quadratic_13(
                cast(&a0.limbs()),
                cast(&a1.limbs()),
                cast(&b0.limbs()),
                cast(&b1.limbs()),
                cast(&self.p),
                self.offset,
                self.p_inv,
            );
            return (Elem::from_limbs(cast(&x)), Elem::from_limbs(cast(&y)));
        }
        let (a0b0, a1b1) = self.mul2(a0, b0, a1, b1);
        let (a0b1, a1b0) = self.mul2(a0, b1, a1, b0);
        (self.sub(&a0b0, &a1b1), self.add(&a0b1, &a1b0))
    }

    /// `(a0 + a1·u)(b0 + b1·u)`, left unreduced for [`Self::wide_reduce`].
    #[inline]
    pub(crate) fn wide_mul_quadratic(&self, a0: &Elem<N>, a1: &Elem<N>, b0: &Elem<N>, b1: &Elem<N>) -> Wide2<N> {
        let (c0, c1) = self.mul_quadratic(a0, a1, b0, b1);
        Wide2(c0, c1)
    }

    /// `a·b + (c·d)·u`, unreduced (here: reduced eagerly).
    #[inline]
    pub(crate) fn wide_mul2(&self, a: &Elem<N>, b: &Elem<N>, c: &Elem<N>, d: &Elem<N>) -> Wide2<N> {
        let (x, y) = self.mul2(a, b, c, d);
        Wide2(x, y)
    }

    /// `2^k·x`, unreduced (here: reduced eagerly).
    #[inline]
    pub(crate) fn wide_shl(&self, x: &Wide2<N>, k: u32) -> Wide2<N> {
        Wide2(self.mul_small(&x.0, 1 << k), self.mul_small(&x.1, 1 << k))
    }

    /// `x + y`, unreduced.
    #[inline]
    pub(crate) fn wide_add(&self, x: &Wide2<N>, y: &Wide2<N>) -> Wide2<N> {
        Wide2(self.add(&x.0, &y.0), self.add(&x.1, &y.1))
    }

    /// `x - y`, unreduced.
    #[inline]
    pub(crate) fn wide_sub(&self, x: &Wide2<N>, y: &Wide2<N>) -> Wide2<N> {
        Wide2(self.sub(&x.0, &y.0), self.sub(&x.1, &y.1))
    }

    /// `x·(1 + u) = (c0 - c1) + (c0 + c1)·u`, unreduced.
    #[inline]
    pub(crate) fn wide_mul_by_1_plus_u(&self, x: &Wide2<N>) -> Wide2<N> {
        Wide2(self.sub(&x.0, &x.1), self.add(&x.0, &x.1))
    }

    /// Reduces both coefficients, each below `2p`.
    #[inline]
    pub(crate) fn wide_reduce(&self, x: &Wide2<N>) -> (Elem<N>, Elem<N>) {
        (x.0, x.1)
    }
}
