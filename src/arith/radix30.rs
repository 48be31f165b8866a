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
//! The loops have constant trip counts and are unrolled by the compiler into straight-line
//! code that keeps limbs in Wasm locals.

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
}

/// A field element in this kernel's representation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Elem<const N: usize>([u64; N]);

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

/// `x·2^k mod m` for `x < m` and a modulus of at most 383 bits, by doubling: compile-time only.
const fn shl_mod(mut x: [u64; 6], k: usize, m: &[u64; 6]) -> [u64; 6] {
    let mut i = 0;
    while i < k {
        // x = 2x, then subtract m if x >= m (x < 2m < 2^384 never overflows).
        let mut carry = 0;
        let mut j = 0;
        while j < 6 {
            let v = x[j];
            x[j] = (v << 1) | carry;
            carry = v >> 63;
            j += 1;
        }
        let mut ge = true;
        let mut j = 6;
        while j > 0 {
            j -= 1;
            if x[j] != m[j] {
                ge = x[j] > m[j];
                break;
            }
        }
        if ge {
            let mut borrow = 0u64;
            let mut j = 0;
            while j < 6 {
                let (d1, b1) = x[j].overflowing_sub(m[j]);
                let (d2, b2) = d1.overflowing_sub(borrow);
                x[j] = d2;
                borrow = (b1 | b2) as u64;
                j += 1;
            }
        }
        i += 1;
    }
    x
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
            r2: limbs_of::<N>(&shl_mod(one, 2 * BITS as usize * N, modulus)),
            one: limbs_of::<N>(&shl_mod(one, BITS as usize * N, modulus)),
        }
    }

    /// Enters Montgomery form at compile time (for constants): `words` must be below `p`.
    pub(crate) const fn from_words_const(&self, words: &[u64; 6]) -> Elem<N> {
        Elem(limbs_of::<N>(&shl_mod(*words, BITS as usize * N, &self.modulus)))
    }

    pub(crate) const fn zero(&self) -> Elem<N> {
        Elem([0; N])
    }

    pub(crate) const fn one(&self) -> Elem<N> {
        Elem(self.one)
    }

    /// `a + b`, reduced below `2p`.
    #[inline]
    pub(crate) fn add(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        let mut s = [0u64; N];
        for i in 0..N {
            s[i] = a.0[i] + b.0[i];
        }
        self.sub_2p_if_above(carry(s))
    }

    /// `a - b`, reduced below `2p`: computed as `a + 2p - b`, which is positive.
    #[inline]
    pub(crate) fn sub(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        let mut s = [0u64; N];
        for i in 0..N {
            s[i] = (a.0[i] + self.two_p[i]).wrapping_sub(b.0[i]);
        }
        self.sub_2p_if_above(carry_signed(s))
    }

    #[inline]
    pub(crate) fn neg(&self, a: &Elem<N>) -> Elem<N> {
        self.sub(&self.zero(), a)
    }

    /// Keeps `x` (normalized, below `4p`) or `x - 2p`, whichever is below `2p`, without a branch.
    #[inline(always)]
    fn sub_2p_if_above(&self, x: [u64; N]) -> Elem<N> {
        let mut d = [0u64; N];
        let mut borrow = 0i64;
        for i in 0..N {
            let t = x[i] as i64 - self.two_p[i] as i64 + borrow;
            d[i] = t as u64 & MASK;
            borrow = t >> BITS;
        }
        // borrow is -1 when x < 2p: keep x.
        let keep = borrow != 0;
        for i in 0..N {
            d[i] = if keep { x[i] } else { d[i] };
        }
        Elem(d)
    }

    /// Montgomery multiplication `a·b/R mod p`, for inputs below `2p`: the product is summed
    /// column by column, normalized once, then reduced limb by limb (operand scanning).
    #[inline]
    pub(crate) fn mul(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        let (mut lo, mut hi) = ([0u64; N], [0u64; N]);
        for i in 0..N {
            for j in 0..N {
                let v = a.0[i] * b.0[j];
                if i + j < N {
                    lo[i + j] += v;
                } else {
                    hi[i + j - N] += v;
                }
            }
        }
        self.reduce(lo, hi)
    }

    /// Montgomery squaring: each cross product is computed once, against a doubled limb.
    #[inline]
    pub(crate) fn square(&self, a: &Elem<N>) -> Elem<N> {
        let (mut lo, mut hi) = ([0u64; N], [0u64; N]);
        let mut twice = [0u64; N];
        for i in 0..N {
            twice[i] = a.0[i] << 1;
        }
        for i in 0..N {
            for j in i..N {
                let v = if i == j { a.0[i] * a.0[i] } else { twice[i] * a.0[j] };
                if i + j < N {
                    lo[i + j] += v;
                } else {
                    hi[i + j - N] += v;
                }
            }
        }
        self.reduce(lo, hi)
    }

    /// Reduces a double-width value (columns below `13·2^61`) to `x/R mod p`, below `2p`.
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
        Elem(carry(hi))
    }

    /// Enters Montgomery form from little-endian words holding a value below `p`.
    pub(crate) fn from_words(&self, words: &[u64; 6]) -> Elem<N> {
        self.mul(&Elem(limbs_of::<N>(words)), &Elem(self.r2))
    }

    /// Leaves Montgomery form: the canonical value, below `p`, as little-endian words.
    pub(crate) fn to_words(&self, a: &Elem<N>) -> [u64; 6] {
        let mut one = [0u64; N];
        one[0] = 1;
        // a/R is at most p; subtract p if it is p.
        let x = self.mul(a, &Elem(one)).0;
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
    pub(crate) fn eq(&self, a: &Elem<N>, b: &Elem<N>) -> bool {
        self.is_zero(&self.sub(a, b))
    }

    /// Whether `a` is zero: a partially reduced zero is either 0 or p.
    pub(crate) fn is_zero(&self, a: &Elem<N>) -> bool {
        let (mut zero, mut p) = (0u64, 0u64);
        for i in 0..N {
            zero |= a.0[i];
            p |= a.0[i] ^ self.p[i];
        }
        zero == 0 || p == 0
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

/// As [`carry`], for limbs that may be negative as two's-complement `i64` (the value is not).
#[inline(always)]
fn carry_signed<const N: usize>(mut x: [u64; N]) -> [u64; N] {
    let mut c = 0i64;
    for limb in x.iter_mut() {
        let t = *limb as i64 + c;
        c = t >> BITS;
        *limb = t as u64 & MASK;
    }
    x
}
