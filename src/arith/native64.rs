//! Saturated 64-bit Montgomery arithmetic with `u128` products: the kernel for native builds
//! (tests, servers). On a 64-bit CPU a `u128` product is one instruction; on wasm32 it is a
//! call to `__multi3`, which is why Wasm uses [`super::radix30`] instead.
//!
//! An element is `N` little-endian 64-bit words in Montgomery form `x·R mod p`, `R = 2^(64N)`,
//! fully reduced (below `p`). Multiplication is the CIOS method (Koç, Acar, Kaliski,
//! "Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro 1996).
//!
//! Apart from `invert_vartime` (public values only), no operation branches on the values:
//! carries and borrows select results through masks, and `eq`/`is_zero` read every word.

use super::words::{add_words, mont_mul_const, shl_mod, sub_words};

/// The constants of one prime field, computed at compile time from the modulus.
pub(crate) struct Params<const N: usize> {
    p: [u64; N],
    /// `-p^-1 mod 2^64`.
    p_inv: u64,
    /// `R² mod p`.
    r2: [u64; N],
    /// `R mod p`: one, in Montgomery form.
    one: [u64; N],
}

/// An unreduced element of the quadratic extension `u² = -1`: in this kernel, reduced eagerly
/// (the interface of the Wasm kernel's deferred reduction).
#[derive(Clone, Copy)]
pub(crate) struct Wide2<const N: usize>(Elem<N>, Elem<N>);

/// A field element in this kernel's representation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Elem<const N: usize>([u64; N]);

const fn take<const N: usize>(words: &[u64; 6]) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = words[i];
        i += 1;
    }
    out
}

/// All ones when `bit`, else zero, hidden from the optimiser so that selections by it stay
/// masks and do not become branches.
#[inline(always)]
fn mask(bit: bool) -> u64 {
    core::hint::black_box(0u64.wrapping_sub(bit as u64))
}

impl<const N: usize> Params<N> {
    /// Derives every constant from the modulus (little-endian words, odd, top bit clear).
    pub(crate) const fn new(modulus: &[u64; 6]) -> Self {
        let p = take::<N>(modulus);
        let mut inv = 1u64;
        let mut k = 0;
        while k < 6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(inv)));
            k += 1;
        }
        let mut one = [0u64; N];
        one[0] = 1;
        Params { p, p_inv: inv.wrapping_neg(), r2: shl_mod(one, 128 * N, &p), one: shl_mod(one, 64 * N, &p) }
    }

    /// Enters Montgomery form at compile time (for constants): `words` must be below `p`.
    pub(crate) const fn from_words_const(&self, words: &[u64; 6]) -> Elem<N> {
        Elem(mont_mul_const(&take::<N>(words), &self.r2, &self.p))
    }

    pub(crate) const fn zero(&self) -> Elem<N> {
        Elem([0; N])
    }

    pub(crate) const fn one(&self) -> Elem<N> {
        Elem(self.one)
    }

    /// Subtracts `p` once if `x` (with an overflow bit) is at least `p`, without a branch: the
    /// difference is always computed and kept or dropped by a mask.
    fn reduce_once(&self, x: [u64; N], overflow: bool) -> Elem<N> {
        let (d, borrow) = sub_words(&x, &self.p);
        // Keep the difference when the sum overflowed or subtracting p did not borrow.
        let keep_d = mask(overflow | !borrow);
        let mut out = x;
        for (o, &y) in out.iter_mut().zip(d.iter()) {
            *o ^= (*o ^ y) & keep_d;
        }
        Elem(out)
    }

    pub(crate) fn add(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        let (s, carry) = add_words(&a.0, &b.0);
        self.reduce_once(s, carry)
    }

    /// `a - b`, adding back `p` masked by the borrow (no branch on it).
    pub(crate) fn sub(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        let (d, borrow) = sub_words(&a.0, &b.0);
        let m = mask(borrow);
        let mut p = self.p;
        for w in p.iter_mut() {
            *w &= m;
        }
        Elem(add_words(&d, &p).0)
    }

    pub(crate) fn neg(&self, a: &Elem<N>) -> Elem<N> {
        self.sub(&self.zero(), a)
    }

    /// The reference multiplication the kernel self-check compares with: this kernel has one.
    pub(crate) fn mul_loops(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        self.mul(a, b)
    }

    /// Montgomery multiplication `a·b/R mod p` (CIOS).
    pub(crate) fn mul(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        let mut t = [0u64; N];
        let mut t_hi = 0u64; // the word above t
        for i in 0..N {
            let mut carry = 0u128;
            for j in 0..N {
                let v = t[j] as u128 + a.0[j] as u128 * b.0[i] as u128 + carry;
                t[j] = v as u64;
                carry = v >> 64;
            }
            let v = t_hi as u128 + carry;
            let (top, top_hi) = (v as u64, (v >> 64) as u64);
            let m = t[0].wrapping_mul(self.p_inv);
            let mut carry = (t[0] as u128 + m as u128 * self.p[0] as u128) >> 64;
            for j in 1..N {
                let v = t[j] as u128 + m as u128 * self.p[j] as u128 + carry;
                t[j - 1] = v as u64;
                carry = v >> 64;
            }
            let v = top as u128 + carry;
            t[N - 1] = v as u64;
            t_hi = top_hi + (v >> 64) as u64;
        }
        self.reduce_once(t, t_hi != 0)
    }

    pub(crate) fn square(&self, a: &Elem<N>) -> Elem<N> {
        self.mul(a, a)
    }

    /// `(a², c²)`, one after the other.
    #[inline]
    pub(crate) fn square2(&self, a: &Elem<N>, c: &Elem<N>) -> (Elem<N>, Elem<N>) {
        (self.square(a), self.square(c))
    }

    /// `(a·b, c·d)`.
    pub(crate) fn mul2(&self, a: &Elem<N>, b: &Elem<N>, c: &Elem<N>, d: &Elem<N>) -> (Elem<N>, Elem<N>) {
        (self.mul(a, b), self.mul(c, d))
    }

    /// The product `(a0 + a1·u)(b0 + b1·u)` with `u² = -1`: `(a0·b0 - a1·b1, a0·b1 + a1·b0)`.
    pub(crate) fn mul_quadratic(&self, a0: &Elem<N>, a1: &Elem<N>, b0: &Elem<N>, b1: &Elem<N>) -> (Elem<N>, Elem<N>) {
        let c0 = self.sub(&self.mul(a0, b0), &self.mul(a1, b1));
        let c1 = self.add(&self.mul(a0, b1), &self.mul(a1, b0));
        (c0, c1)
    }

    /// `1/a`, or `None` for zero, in time that depends on `a`: the integer `aR mod p`
    /// inverted times `R²` is `a^-1·R`, the inverse in Montgomery form (the binary GCD runs on
    /// 30-bit limbs, its starting cofactor `R²`).
    pub(crate) fn invert_vartime(&self, a: &Elem<N>) -> Option<Elem<N>> {
        self.invert_with(a, super::bingcd::invert_vartime::<13>)
    }

    /// As [`Self::invert_vartime`], in time that does not depend on `a`.
    pub(crate) fn invert_fixed(&self, a: &Elem<N>) -> Option<Elem<N>> {
        self.invert_with(a, super::bingcd::invert_fixed::<13>)
    }

    #[inline(always)]
    fn invert_with(
        &self,
        a: &Elem<N>,
        invert: impl Fn(&[u64; 13], &[u64; 13], u64, &[u64; 13]) -> Option<[u64; 13]>,
    ) -> Option<Elem<N>> {
        use super::bingcd::{limbs_of_words, neg_inv30, words_of_limbs};
        let m = limbs_of_words::<13>(&self.p);
        let inverse = invert(&limbs_of_words(&a.0), &m, neg_inv30(m[0]), &limbs_of_words(&self.r2))?;
        let mut out = [0u64; N];
        words_of_limbs(&inverse, &mut out);
        Some(Elem(out))
    }

    /// `(a0 + a1·u)(b0 + b1·u)`.
    pub(crate) fn wide_mul_quadratic(&self, a0: &Elem<N>, a1: &Elem<N>, b0: &Elem<N>, b1: &Elem<N>) -> Wide2<N> {
        let (c0, c1) = self.mul_quadratic(a0, a1, b0, b1);
        Wide2(c0, c1)
    }

    /// `a·b + (c·d)·u`.
    pub(crate) fn wide_mul2(&self, a: &Elem<N>, b: &Elem<N>, c: &Elem<N>, d: &Elem<N>) -> Wide2<N> {
        let (x, y) = self.mul2(a, b, c, d);
        Wide2(x, y)
    }

    /// `2^k·x`.
    pub(crate) fn wide_shl(&self, x: &Wide2<N>, k: u32) -> Wide2<N> {
        Wide2(self.mul_small(&x.0, 1 << k), self.mul_small(&x.1, 1 << k))
    }

    pub(crate) fn wide_add(&self, x: &Wide2<N>, y: &Wide2<N>) -> Wide2<N> {
        Wide2(self.add(&x.0, &y.0), self.add(&x.1, &y.1))
    }

    pub(crate) fn wide_sub(&self, x: &Wide2<N>, y: &Wide2<N>) -> Wide2<N> {
        Wide2(self.sub(&x.0, &y.0), self.sub(&x.1, &y.1))
    }

    /// `x·(1 + u)`.
    pub(crate) fn wide_mul_by_1_plus_u(&self, x: &Wide2<N>) -> Wide2<N> {
        Wide2(self.sub(&x.0, &x.1), self.add(&x.0, &x.1))
    }

    pub(crate) fn wide_reduce(&self, x: &Wide2<N>) -> (Elem<N>, Elem<N>) {
        (x.0, x.1)
    }

    /// Enters Montgomery form from little-endian words holding a value below `p`.
    /// `Σ k_i·a_i` for small signed integers `k_i`.
    pub(crate) fn lincomb<const K: usize>(&self, terms: [(&Elem<N>, i64); K]) -> Elem<N> {
        // The first term starts the sum, so that `a + b` costs one addition.
        let Some(((a, k), rest)) = terms.split_first() else {
            return Elem([0u64; N]);
        };
        let t = self.mul_small(a, k.unsigned_abs());
        let mut acc = if *k < 0 { self.neg(&t) } else { t };
        for (a, k) in rest {
            let t = self.mul_small(a, k.unsigned_abs());
            acc = if *k < 0 { self.sub(&acc, &t) } else { self.add(&acc, &t) };
        }
        acc
    }

    /// `a + b`: this kernel has no unreduced form, and an addition is its cheapest sum.
    pub(crate) fn add_unreduced(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        self.add(a, b)
    }

    /// As [`Self::lincomb`] (this kernel has no unreduced form).
    pub(crate) fn lincomb_unreduced<const K: usize>(&self, terms: [(&Elem<N>, i64); K]) -> Elem<N> {
        self.lincomb(terms)
    }

    /// `k·a` for a small integer `k` (at most 64 in the callers), by doublings and additions:
    /// far cheaper than multiplying by `k`'s Montgomery form (two Montgomery products, each
    /// calls to `__multi3` on `wasm32`). The fields' linear combinations, unreduced sums
    /// included (this kernel computes them reduced), come down to it.
    pub(crate) fn mul_small(&self, a: &Elem<N>, k: u64) -> Elem<N> {
        if k == 0 {
            return Elem([0u64; N]);
        }
        let mut acc = *a;
        for bit in (0..63 - k.leading_zeros()).rev() {
            acc = self.add(&acc, &acc);
            if (k >> bit) & 1 == 1 {
                acc = self.add(&acc, a);
            }
        }
        acc
    }

    pub(crate) fn from_words(&self, words: &[u64; 6]) -> Elem<N> {
        self.mul(&Elem(take::<N>(words)), &Elem(self.r2))
    }

    /// Leaves Montgomery form: the canonical value as little-endian words.
    pub(crate) fn to_words(&self, a: &Elem<N>) -> [u64; 6] {
        let mut one = [0u64; N];
        one[0] = 1;
        let x = self.mul(a, &Elem(one)).0;
        let mut out = [0u64; 6];
        out[..N].copy_from_slice(&x);
        out
    }

    /// `b` when `choose_b`, else `a`, by masking every limb: no branch on the choice (for
    /// constant-time table lookups).
    pub(crate) fn select(&self, a: &Elem<N>, b: &Elem<N>, choose_b: bool) -> Elem<N> {
        let mask = mask(choose_b);
        let mut out = a.0;
        for (o, &y) in out.iter_mut().zip(b.0.iter()) {
            *o ^= (*o ^ y) & mask;
        }
        Elem(out)
    }

    /// Whether `a = b` (elements are fully reduced, so equal values have equal words): every
    /// word is read, the verdict is taken once at the end.
    pub(crate) fn eq(&self, a: &Elem<N>, b: &Elem<N>) -> bool {
        a.0.iter().zip(b.0.iter()).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
    }

    /// Whether `a = 0`, reading every word.
    pub(crate) fn is_zero(&self, a: &Elem<N>) -> bool {
        a.0.iter().fold(0, |acc, x| acc | x) == 0
    }
}
