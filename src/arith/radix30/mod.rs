//! Unsaturated radix-2^30 Montgomery arithmetic, the kernel for wasm32.
//!
//! An element is `N` limbs of 30 bits held in `u64`s, little-endian, in Montgomery form
//! `x·R mod p` with `R = 2^(30·N)`, and *partially reduced*: its value is below `2p`, each limb
//! below `2^30`. Why this shape: on the IC an `i64.mul` costs what an `i64.add` costs, and
//! products of 30-bit limbs are below 2^60, so a column of up to 13 of them sums in a `u64`
//! with no carry handling at all; carries are propagated once per product instead of once per
//! term. `R` is far above `p` (2^390 against p < 2^381 for Fp, 2^270 against r < 2^255 for Fr),
//! so Montgomery reduction of a product of two values below `2p` lands below `2p` without a
//! final subtraction (Montgomery, "Modular multiplication without trial division", 1985; the
//! bound is `4p²/R + p`).
//!
//! Multiplication and squaring run as straight-line code generated (`bench/generators/`) for the
//! limb counts in use (13 for Fp, 9 for Fr): the compiler does not unroll the loops below, which
//! remain the specification (and serve other limb counts). The generated code lets a product
//! column enter the reduction unnormalized where the two fit in 64 bits together, so only the
//! middle columns pay a carry pass; the limbs it returns are the same.
//!
//! With the `radix30_simd128` kernel (`cfg(icbls_kernel = "radix30_simd128")`, chosen by
//! `build.rs`: the default on wasm32) pairs of products run in two `simd128` lanes (`simd.rs`,
//! `wide_simd.rs`); the `radix30` kernel computes them one after the other (`wide_scalar.rs`). A crate
//! cannot turn on a target feature for the builds of its dependents, so where the build does
//! not enable `simd128` as a whole (`cfg(simd128_attr)`: a dependent's plain `cargo build`)
//! the functions that hold the two-lane code enable it themselves with
//! `#[target_feature(enable = "simd128")]`: the methods below that use it, and the field and
//! pairing functions above that hold its unreduced values or run the hot loops. LLVM does not
//! inline such a function into a caller without `simd128`, so the attribute sits on the larger
//! functions, which are calls anyway, and not on the small ones that callers inline; what a
//! dependent still pays at the boundaries is measured in `bench/RESULTS.md` ("As a
//! dependency").

#[rustfmt::skip]
mod unrolled;

#[cfg(icbls_kernel = "radix30_simd128")]
#[rustfmt::skip]
mod simd;

// The products that differ with and without `simd128`, and the unreduced Fp2 value they use.
#[cfg(icbls_kernel = "radix30_simd128")]
mod wide_simd;
#[cfg(icbls_kernel = "radix30_simd128")]
use wide_simd as wide;
#[cfg(not(icbls_kernel = "radix30_simd128"))]
mod wide_scalar;
#[cfg(not(icbls_kernel = "radix30_simd128"))]
use wide_scalar as wide;
// Unused where the other kernel is selected (this one is still compiled, for the tests).
#[allow(unused_imports)]
pub(crate) use wide::Wide2;

use super::words::{mont_mul_const, shl_mod};

const BITS: u32 = 30;
const MASK: u64 = (1 << BITS) - 1;

/// The constants of one prime field, computed at compile time from the modulus.
pub(crate) struct Params<const N: usize> {
    /// The modulus, as little-endian 64-bit words.
    modulus: [u64; 6],
    /// The modulus, in limbs.
    p: [u64; N],
    /// `2p`, in limbs: the bound of partially reduced elements.
    two_p: [u64; N],
    /// `-p^-1 mod 2^30`.
    p_inv: u64,
    /// `R² mod p`, in limbs: multiplying by it enters Montgomery form.
    r2: [u64; N],
    /// `R mod p`: one, in Montgomery form.
    one: [u64; N],
    /// `p·2^(30N-1)` in `2N` limbs: added to a signed double-width sum to make it positive.
    offset: [u64; 26],
    /// `2^(30N+384) mod p` in 64-bit words: a constant's one Montgomery product with it (in
    /// 64-bit words) puts it in this kernel's form (compile-time only).
    to_form: [u64; 6],
}

/// A field element in this kernel's representation: the limbs are stored in `u32`s, half the
/// bytes of `u64`s to move and copy, and widened as they are loaded (`i64.load32_u` costs what
/// `i64.load` costs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Elem<const N: usize>([u32; N]);

impl<const N: usize> Elem<N> {
    /// The limbs, widened for arithmetic.
    #[inline(always)]
    fn limbs(&self) -> [u64; N] {
        let mut out = [0u64; N];
        for i in 0..N {
            out[i] = self.0[i] as u64;
        }
        out
    }

    /// Whether the limbs are below 2^30 and the value below `2p` (the representation's
    /// invariant), for tests.
    #[cfg(test)]
    pub(crate) fn value_below_2p(&self, params: &Params<N>) -> bool {
        let limbs = self.limbs();
        if limbs.iter().any(|&l| l > MASK) {
            return false;
        }
        for i in (0..N).rev() {
            if limbs[i] != params.two_p[i] {
                return limbs[i] < params.two_p[i];
            }
        }
        false
    }

    /// The same element as `x + p` when that is below `2p` (the representation's other form), for
    /// tests.
    #[cfg(test)]
    pub(crate) fn plus_p(&self, params: &Params<N>) -> Option<Elem<N>> {
        let mut limbs = self.limbs();
        for i in 0..N {
            limbs[i] += params.p[i];
        }
        let out = Elem::from_limbs(carry(limbs));
        out.value_below_2p(params).then_some(out)
    }

    /// An element from limbs below 2^30.
    #[inline(always)]
    const fn from_limbs(limbs: [u64; N]) -> Elem<N> {
        let mut out = [0u32; N];
        let mut i = 0;
        while i < N {
            out[i] = limbs[i] as u32;
            i += 1;
        }
        Elem(out)
    }
}

/// Splits little-endian 64-bit words into 30-bit limbs (the value must fit in `N` limbs).
const fn limbs_of<const N: usize>(words: &[u64; 6]) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        let bit = i * BITS as usize;
        let (w, s) = (bit / 64, bit % 64);
        let mut v = if w < 6 { words[w] >> s } else { 0 };
        if s + BITS as usize > 64 && w + 1 < 6 {
            v |= words[w + 1] << (64 - s);
        }
        out[i] = v & MASK;
        i += 1;
    }
    out
}

/// `x·2^shift` for normalized limbs `x`, in 26 limbs (the result must fit).
const fn shifted_limbs<const N: usize>(x: &[u64; N], shift: usize) -> [u64; 26] {
    let mut out = [0u64; 26];
    let (whole, bits) = (shift / BITS as usize, shift % BITS as usize);
    let mut i = 0;
    while i < N {
        let v = x[i] << bits;
        out[whole + i] |= v & MASK;
        if whole + i + 1 < 26 {
            out[whole + i + 1] |= v >> BITS;
        }
        i += 1;
    }
    out
}

/// Joins 30-bit limbs into little-endian 64-bit words (the value must fit in 384 bits).
fn words_of<const N: usize>(limbs: &[u64; N]) -> [u64; 6] {
    let mut out = [0u64; 6];
    for (i, &l) in limbs.iter().enumerate() {
        let bit = i * BITS as usize;
        let (w, s) = (bit / 64, bit % 64);
        if w < 6 {
            out[w] |= l << s;
        }
        if s + BITS as usize > 64 && w + 1 < 6 {
            out[w + 1] |= l >> (64 - s);
        }
    }
    out
}

impl<const N: usize> Params<N> {
    /// Derives every constant from the modulus (little-endian 64-bit words, odd, below 2^383,
    /// and small enough that `4p² < p·2^(30N)`, i.e. `p < 2^(30N-2)`).
    pub(crate) const fn new(modulus: &[u64; 6]) -> Self {
        let p = limbs_of::<N>(modulus);
        let mut two_p = [0u64; N];
        let mut carry = 0;
        let mut i = 0;
        while i < N {
            let v = 2 * p[i] + carry;
            two_p[i] = v & MASK;
            carry = v >> BITS;
            i += 1;
        }
        // Newton's iteration for p^-1 mod 2^30: each step doubles the correct low bits.
        let mut inv = 1u64;
        let mut k = 0;
        while k < 5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(inv))) & MASK;
            k += 1;
        }
        let one = [1, 0, 0, 0, 0, 0];
        Params {
            modulus: *modulus,
            p,
            two_p,
            p_inv: (1u64 << BITS).wrapping_sub(inv) & MASK,
            r2: limbs_of::<N>(&shl_mod::<6>(one, 2 * BITS as usize * N, modulus)),
            one: limbs_of::<N>(&shl_mod::<6>(one, BITS as usize * N, modulus)),
            offset: shifted_limbs(&p, BITS as usize * N - 1),
            to_form: shl_mod::<6>(one, BITS as usize * N + 384, modulus),
        }
    }

    /// Enters Montgomery form at compile time (for constants): `words` must be below `p`.
    pub(crate) const fn from_words_const(&self, words: &[u64; 6]) -> Elem<N> {
        Elem::from_limbs(limbs_of::<N>(&mont_mul_const::<6>(words, &self.to_form, &self.modulus)))
    }

    pub(crate) const fn zero(&self) -> Elem<N> {
        Elem([0; N])
    }

    pub(crate) const fn one(&self) -> Elem<N> {
        Elem::from_limbs(self.one)
    }

    /// `a + b`, reduced below `2p` ([`Self::lincomb`]: a quotient estimate and one pass,
    /// cheaper under the meter than adding and conditionally subtracting `2p`).
    #[inline]
    pub(crate) fn add(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        self.lincomb([(a, 1), (b, 1)])
    }

    /// `a - b`, reduced below `2p`.
    #[inline]
    pub(crate) fn sub(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        self.lincomb([(a, 1), (b, -1)])
    }

    #[inline]
    pub(crate) fn neg(&self, a: &Elem<N>) -> Elem<N> {
        self.lincomb([(a, -1)])
    }

    /// `k·a` for a small integer `k` (at most 64), below `2p`. Montgomery form is linear, so
    /// this is the plain integer product `k·a < 128p`, reduced by [`Self::reduce_columns`]. Far
    /// cheaper than the additions it replaces (three for `8·a`).
    #[inline]
    pub(crate) fn mul_small(&self, a: &Elem<N>, k: u64) -> Elem<N> {
        debug_assert!(k <= 64);
        self.lincomb([(a, k as i64)])
    }

    /// `Σ k_i·a_i` for small signed integers `k_i` (`Σ|k_i| ≤ 64`), below `2p`: one pass over
    /// the limbs summing every term (with `2p·Σ|negative k_i|` added so the sum is not
    /// negative), a quotient estimate from its two top columns, and one pass subtracting
    /// `q·p` and carrying ([`Self::reduce_columns`]). A chain of additions, subtractions and
    /// doublings over the same inputs costs one reduction per step; this costs one in all.
    /// With constant `k_i` (the inlined call sites) the products fold into shifts and
    /// additions.
    #[inline(always)]
    pub(crate) fn lincomb<const K: usize>(&self, terms: [(&Elem<N>, i64); K]) -> Elem<N> {
        debug_assert!(terms.iter().map(|(_, k)| k.abs()).sum::<i64>() <= 64);
        self.reduce_columns(self.columns(&terms))
    }

    /// The columns of `Σ k_i·a_i + 2p·Σ|negative k_i|`, limb by limb, not carried: each within
    /// `±2^38` for `Σ|k_i| ≤ 64` and 30-bit limbs, the value below `128p` and not negative when
    /// the inputs are below `2p`.
    ///
    /// One simple pass per term: loops that short are unrolled, where a single loop doing
    /// every term was not for three or more terms (13 iterations of a body that large exceed
    /// the unroller's budget), and then cost a loop's counters and a stack array zeroed with
    /// `memory.fill` (100 instructions plus its bytes) per call.
    #[inline(always)]
    fn columns<const K: usize>(&self, terms: &[(&Elem<N>, i64); K]) -> [i64; N] {
        let mut negative = 0i64;
        for (_, k) in terms.iter() {
            if *k < 0 {
                negative -= k;
            }
        }
        let mut w = [0i64; N];
        for i in 0..N {
            w[i] = self.two_p[i] as i64 * negative;
        }
        for (a, k) in terms.iter() {
            for i in 0..N {
                w[i] += a.0[i] as i64 * k;
            }
        }
        w
    }

    /// `v - q·p` for the value `v` with uncarried columns `w` (see [`Self::columns`]: below
    /// `128p`, columns within `±2^38`), in one pass that subtracts and carries. The quotient
    /// comes from the two top columns: `q = ⌊(w_top·2^30 + w_next - 2^9) / (p_top·2^30 + p_next
    /// + 1)⌋`. The columns below move that numerator by less than `2^9` (they are within
    /// `±2^38·2^(30k)`), so it is at most `v/2^(30(N-2))` and `q ≤ ⌊v/p⌋`; its relative error
    /// is below `2^-40` and `v/p < 128`, so `q` falls short by at most one. The result is in
    /// `[0, 2p)` and fits in N limbs.
    #[inline(always)]
    fn reduce_columns(&self, w: [i64; N]) -> Elem<N> {
        let top = (w[N - 1] << BITS) + w[N - 2] - (1 << 9);
        let divisor = (self.p[N - 1] << BITS) + self.p[N - 2] + 1;
        let q = if top > 0 { top as u64 / divisor } else { 0 };
        let mut out = [0u64; N];
        let mut borrow = 0i64;
        for i in 0..N {
            let s = w[i] - (q * self.p[i]) as i64 + borrow;
            out[i] = s as u64 & MASK;
            borrow = s >> BITS;
        }
        debug_assert!(borrow == 0, "lincomb of an input not below 2p");
        Elem::from_limbs(out)
    }

    /// `Σ k_i·a_i` like [`Self::lincomb`] but left unreduced: normalized limbs, value below
    /// `2p·Σ|k_i|` (or the sum of two unreduced sums below 4p), which must stay below `12p`
    /// (`Σ|k_i| ≤ 6`). Only for the inputs of a multiplication, which accepts values up to
    /// about `25p`: `a·b < p·R` keeps its Montgomery reduction below `2p`, and the SIMD Fp2
    /// products of such inputs stay inside their reduction's range (`2·12p·12p = 288p² <
    /// p·2^389`, where the sums of several such products must still be checked).
    #[inline(always)]
    pub(crate) fn lincomb_unreduced<const K: usize>(&self, terms: [(&Elem<N>, i64); K]) -> Elem<N> {
        debug_assert!(terms.iter().map(|(_, k)| k.abs()).sum::<i64>() <= 6);
        // Below 12p < 2^385: nothing carries past the top limb. A negative sum (an input not
        // below 2p with a negative k: negative k only on reduced inputs, as the 2p offset per
        // unit of k covers no more) would show as a carry of -1.
        let (v, carry) = self.sum_terms(&terms);
        debug_assert!(carry == 0, "lincomb_unreduced of an input not below 2p");
        Elem::from_limbs(v)
    }

    /// `a + b` unreduced ([`Self::lincomb_unreduced`]): below 4p (8p for two unreduced sums),
    /// for a product's input.
    #[inline(always)]
    pub(crate) fn add_unreduced(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        self.lincomb_unreduced([(a, 1), (b, 1)])
    }

    /// The normalized limbs of `Σ k_i·a_i + 2p·Σ|negative k_i|` and the carry out of the top.
    #[inline(always)]
    fn sum_terms<const K: usize>(&self, terms: &[(&Elem<N>, i64); K]) -> ([u64; N], i64) {
        let w = self.columns(terms);
        let mut v = [0u64; N];
        let mut c = 0i64;
        for i in 0..N {
            let s = w[i] + c;
            v[i] = s as u64 & MASK;
            c = s >> BITS;
        }
        (v, c)
    }

    /// Montgomery multiplication `a·b/R mod p`, for inputs below `2p`.
    #[inline]
    pub(crate) fn mul(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        match N {
            13 => self.mul1(a, b),
            9 => {
                Elem::from_limbs(cast(&unrolled::mul_9(cast(&a.limbs()), cast(&b.limbs()), cast(&self.p), self.p_inv)))
            }
            _ => self.mul_loops(a, b),
        }
    }

    /// Montgomery squaring.
    #[inline]
    pub(crate) fn square(&self, a: &Elem<N>) -> Elem<N> {
        match N {
            13 => Elem::from_limbs(cast(&unrolled::square_13(cast(&a.limbs()), cast(&self.p), self.p_inv))),
            9 => Elem::from_limbs(cast(&unrolled::square_9(cast(&a.limbs()), cast(&self.p), self.p_inv))),
            _ => self.square_loops(a),
        }
    }

    /// Montgomery multiplication as loops: the product is summed column by column, normalized
    /// once, then reduced limb by limb (operand scanning).
    pub(crate) fn mul_loops(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        let (a, b) = (a.limbs(), b.limbs());
        let (mut lo, mut hi) = ([0u64; N], [0u64; N]);
        for i in 0..N {
            for j in 0..N {
                let v = a[i] * b[j];
                if i + j < N {
                    lo[i + j] += v;
                } else {
                    hi[i + j - N] += v;
                }
            }
        }
        self.reduce(lo, hi)
    }

    /// Montgomery squaring as loops: each cross product is computed once, against a doubled
    /// limb.
    pub(crate) fn square_loops(&self, a: &Elem<N>) -> Elem<N> {
        let a = a.limbs();
        let (mut lo, mut hi) = ([0u64; N], [0u64; N]);
        let mut twice = [0u64; N];
        for i in 0..N {
            twice[i] = a[i] << 1;
        }
        for i in 0..N {
            for j in i..N {
                let v = if i == j { a[i] * a[i] } else { twice[i] * a[j] };
                if i + j < N {
                    lo[i + j] += v;
                } else {
                    hi[i + j - N] += v;
                }
            }
        }
        self.reduce(lo, hi)
    }

    /// Reduces a double-width value (columns below `13·2^60`) to `x/R mod p`, below `2p`.
    #[inline(always)]
    fn reduce(&self, mut lo: [u64; N], mut hi: [u64; N]) -> Elem<N> {
        // Normalize the columns so the reduction's sums fit again.
        let mut c = 0;
        for k in 0..N {
            lo[k] += c;
            c = lo[k] >> BITS;
            lo[k] &= MASK;
        }
        for k in 0..N {
            hi[k] += c;
            c = hi[k] >> BITS;
            hi[k] &= MASK;
        }
        for i in 0..N {
            let m = lo[i].wrapping_mul(self.p_inv) & MASK;
            for j in 0..N {
                let v = m * self.p[j];
                if i + j < N {
                    lo[i + j] += v;
                } else {
                    hi[i + j - N] += v;
                }
            }
            // lo[i] is now a multiple of 2^30: move its high part up.
            let up = lo[i] >> BITS;
            if i + 1 < N {
                lo[i + 1] += up;
            } else {
                hi[0] += up;
            }
        }
        Elem::from_limbs(carry(hi))
    }

    /// `1/a`, or `None` for zero, in time that depends on `a`: the canonical integer `aR mod p`
    /// inverted times `R²` is `a^-1·R`, the inverse in Montgomery form (the starting cofactor
    /// of the binary GCD is `R²`).
    pub(crate) fn invert_vartime(&self, a: &Elem<N>) -> Option<Elem<N>> {
        let mut x = a.limbs();
        super::bingcd::reduce_once(&mut x, &self.p);
        super::bingcd::invert_vartime(&x, &self.p, self.p_inv, &self.r2).map(Elem::from_limbs)
    }

    /// As [`Self::invert_vartime`], in time that does not depend on `a`.
    pub(crate) fn invert_fixed(&self, a: &Elem<N>) -> Option<Elem<N>> {
        let mut x = a.limbs();
        super::bingcd::reduce_once(&mut x, &self.p);
        super::bingcd::invert_fixed(&x, &self.p, self.p_inv, &self.r2).map(Elem::from_limbs)
    }

    /// Enters Montgomery form from little-endian words holding a value below `p`.
    pub(crate) fn from_words(&self, words: &[u64; 6]) -> Elem<N> {
        self.mul(&Elem::from_limbs(limbs_of::<N>(words)), &Elem::from_limbs(self.r2))
    }

    /// Leaves Montgomery form: the canonical value, below `p`, as little-endian words.
    pub(crate) fn to_words(&self, a: &Elem<N>) -> [u64; 6] {
        let mut one = [0u64; N];
        one[0] = 1;
        // a/R is at most p; subtract p if it is p.
        let x = self.mul(a, &Elem::from_limbs(one)).limbs();
        let mut d = [0u64; N];
        let mut borrow = 0i64;
        for i in 0..N {
            let t = x[i] as i64 - self.p[i] as i64 + borrow;
            d[i] = t as u64 & MASK;
            borrow = t >> BITS;
        }
        words_of(if borrow != 0 { &x } else { &d })
    }

    /// Whether `a` and `b` are the same field element (their canonical values are equal).
    /// `b` when `choose_b`, else `a`, by masking every limb: no branch on the choice (for
    /// constant-time table lookups).
    pub(crate) fn select(&self, a: &Elem<N>, b: &Elem<N>, choose_b: bool) -> Elem<N> {
        let mask = core::hint::black_box(0u32.wrapping_sub(choose_b as u32));
        let mut out = a.0;
        for (o, &y) in out.iter_mut().zip(b.0.iter()) {
            *o ^= (*o ^ y) & mask;
        }
        Elem(out)
    }

    pub(crate) fn eq(&self, a: &Elem<N>, b: &Elem<N>) -> bool {
        self.is_zero(&self.sub(a, b))
    }

    /// Whether `a` is zero: a partially reduced zero is either 0 or p.
    pub(crate) fn is_zero(&self, a: &Elem<N>) -> bool {
        let a = a.limbs();
        let (mut zero, mut p) = (0u64, 0u64);
        for i in 0..N {
            zero |= a[i];
            p |= a[i] ^ self.p[i];
        }
        zero == 0 || p == 0
    }
}

/// The same array at its known length: `N == M` wherever this is called.
#[inline(always)]
fn cast<T: Copy, const N: usize, const M: usize>(x: &[T; N]) -> [T; M] {
    match <[T; M]>::try_from(x.as_slice()) {
        Ok(y) => y,
        Err(_) => unreachable!("limb counts differ"),
    }
}

/// Propagates carries so every limb is below 2^30 (the value must fit in `N` limbs).
#[inline(always)]
fn carry<const N: usize>(mut x: [u64; N]) -> [u64; N] {
    let mut c = 0;
    for limb in x.iter_mut() {
        *limb += c;
        c = *limb >> BITS;
        *limb &= MASK;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::{unrolled, Elem, Params, MASK};
    use crate::arith::{P_WORDS, R_WORDS};
    use alloc::vec::Vec;
    use num_bigint::BigUint;

    /// A straight-line product: `(a, b, p, p_inv)` to the limbs of `ab/R`.
    type Product<const N: usize> = fn([u64; N], [u64; N], [u64; N], u64) -> [u64; N];
    /// A straight-line square: `(a, p, p_inv)` to the limbs of `a²/R`.
    type Square<const N: usize> = fn([u64; N], [u64; N], u64) -> [u64; N];

    fn value(limbs: &[u64]) -> BigUint {
        limbs.iter().rev().fold(BigUint::from(0u32), |acc, &l| (acc << 30u32) + l)
    }

    /// The exact integer a Montgomery product of the limbs `a` and `b` must return: `(ab + mp)/R`
    /// with `m = -ab/p mod R` (`p_inv` is `p^-1 mod R`), whatever the inputs' size.
    fn montgomery(a: &[u64], b: &[u64], p: &BigUint, p_inv: &BigUint, n: usize) -> BigUint {
        let r = BigUint::from(1u32) << (30 * n);
        let t = value(a) * value(b);
        let m = (&r - (&t * p_inv) % &r) % &r;
        (t + m * p) >> (30 * n)
    }

    /// The straight-line kernels leave product columns unnormalized where the reduction's
    /// column has room for them (`fused_plan` in `bench/generators/radix30_kernels.py` checks it
    /// for any 30-bit limbs, beyond the values below `8p` they are given). So at the limbs'
    /// extremes (every limb `2^30 - 1`, one limb at its extreme, one limb zero) and on random
    /// 30-bit limbs they must return the exact Montgomery product.
    fn straight_line_kernels_are_exact<const N: usize>(words: &[u64; 6], mul: Product<N>, square: Square<N>) {
        let k = Params::<N>::new(words);
        let p = value(&k.p);
        let r = BigUint::from(1u32) << (30 * N);
        // p^(φ(R) - 1) = p^-1 mod R, φ(2^k) = 2^(k-1).
        let p_inv = p.modpow(&((&r >> 1u32) - 1u32), &r);
        let mut inputs: Vec<[u64; N]> = Vec::from([[MASK; N], [0; N]]);
        for i in 0..N {
            let mut one = [0; N];
            one[i] = MASK;
            let mut all_but_one = [MASK; N];
            all_but_one[i] = 0;
            inputs.extend([one, all_but_one]);
        }
        let mut state = 7u64;
        for _ in 0..500 {
            inputs.push(core::array::from_fn(|_| crate::fields::splitmix64(&mut state) & MASK));
        }
        for (i, a) in inputs.iter().enumerate() {
            for b in inputs.iter().skip(i % 7).step_by(7) {
                let expected = montgomery(a, b, &p, &p_inv, N);
                assert_eq!(value(&mul(*a, *b, k.p, k.p_inv)), expected, "product of {a:?} and {b:?}");
            }
            assert_eq!(value(&square(*a, k.p, k.p_inv)), montgomery(a, a, &p, &p_inv, N), "square of {a:?}");
        }
    }

    /// `lincomb` estimates its quotient from uncarried columns: at the extremes of its inputs
    /// (0, 1, p - 1, p, 2p - 1, values with every limb at 2^30 - 1 below 2p) and of its
    /// coefficients (`Σ|k_i|` up to 64, all negative, all positive) the result must be the
    /// value mod p, below `2p`, with 30-bit limbs.
    fn lincomb_is_exact_at_the_extremes<const N: usize>(words: &[u64; 6]) {
        let k = Params::<N>::new(words);
        let p = value(&k.p);
        let limbs = |x: &BigUint| -> [u64; N] {
            core::array::from_fn(|i| ((x >> (30 * i)) & BigUint::from(MASK)).try_into().unwrap())
        };
        let two_p = &p * 2u32;
        let mut values: Vec<BigUint> = [0u32, 1, 2].iter().map(|&v| BigUint::from(v)).collect();
        values.extend([&p - 1u32, p.clone(), &p + 1u32, &two_p - 1u32, &two_p - 2u32]);
        // Every limb at its largest, from the top limb of 2p - 1 down.
        for top in 0..N {
            let mut l = limbs(&(&two_p - 1u32));
            for limb in l.iter_mut().take(top) {
                *limb = MASK;
            }
            let v = value(&l);
            if v < two_p {
                values.push(v);
            }
        }
        let coefficients: [&[i64]; 9] =
            [&[64], &[-64], &[1, -63], &[63, -1], &[32, -32], &[9, -2], &[-1, -1], &[1, 1], &[3, -8]];
        for ks in coefficients {
            for (i, a) in values.iter().enumerate() {
                let b = &values[(i * 5 + 3) % values.len()];
                let (x, y) = (Elem::from_limbs(limbs(a)), Elem::from_limbs(limbs(b)));
                let out = if ks.len() == 1 { k.lincomb([(&x, ks[0])]) } else { k.lincomb([(&x, ks[0]), (&y, ks[1])]) };
                // Σ k_i·v_i mod p, the negative terms as p minus their residue.
                let expected = [a, b].into_iter().zip(ks.iter()).fold(BigUint::from(0u32), |acc, (v, &c)| {
                    let term = (v * c.unsigned_abs()) % &p;
                    (acc + if c < 0 { &p - term } else { term }) % &p
                });
                let got = value(&out.limbs());
                assert!(out.limbs().iter().all(|&l| l <= MASK), "limbs of {ks:?} on {a}, {b}");
                assert!(got < two_p, "{ks:?} on {a}, {b}: {got} not below 2p");
                assert_eq!(&got % &p, expected, "{ks:?} on {a}, {b}");
            }
        }
    }

    #[test]
    fn fp_lincomb_is_exact_at_the_extremes() {
        lincomb_is_exact_at_the_extremes::<13>(&P_WORDS);
    }

    #[test]
    fn fr_lincomb_is_exact_at_the_extremes() {
        lincomb_is_exact_at_the_extremes::<9>(&R_WORDS);
    }

    #[test]
    fn straight_line_fp_kernels_are_exact_on_any_30_bit_limbs() {
        straight_line_kernels_are_exact::<13>(&P_WORDS, unrolled::mul_13, unrolled::square_13);
    }

    #[test]
    fn straight_line_fr_kernels_are_exact_on_any_30_bit_limbs() {
        straight_line_kernels_are_exact::<9>(&R_WORDS, unrolled::mul_9, unrolled::square_9);
    }
}
