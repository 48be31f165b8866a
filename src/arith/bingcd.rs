//! Modular inversion by Pornin's optimised binary GCD (Pornin, "Optimized Binary GCD for
//! Modular Inversion", IACR ePrint 2020/972, algorithm 2), on 30-bit limbs held in `u64`s.
//!
//! The binary GCD keeps `a` (initially the value) and `b` (initially the odd modulus `m`): when
//! `a` is even it is halved, otherwise (after swapping so that `a >= b`) it becomes
//! `(a - b)/2`. Each such step only looks at the low bits of `a` and `b` (their parity) and at
//! their comparison, which for most steps the top bits decide: so batches of 30 steps run on
//! 64-bit approximations `ã`, `b̃` (the low 30 bits, exact, and the top 34 bits of the pair's
//! common length), recording what they do as a 2×2 matrix of signed factors at most `2^30`
//! in magnitude; the matrix is then applied once to the full `a` and `b` (a division by
//! `2^30`, exact) and to the cofactors `u`, `v` (`a ≡ u·y`, `b ≡ v·y` modulo `m`), where the
//! division by `2^30` is a Montgomery step. When the approximation picked the wrong order,
//! `a` or `b` comes out negative and is negated with its factors; the paper proves that the
//! lengths still fall by about 30 bits per batch, so `2·len(m) - 1` steps in all suffice.
//! When `b` reaches 1 it holds `y^-1·c` mod `m` for the starting cofactor `u = c`: the
//! Montgomery divisions cancel (the invariants hold exactly), and the caller chooses `c` to
//! land in its Montgomery form.
//!
//! 30-bit limbs because on wasm32 a `u128` product is a call: a limb times a factor is below
//! `2^60`, and the sums of two such products and of the Montgomery term stay below `2^62`, in
//! `i64`.
//!
//! [`invert_vartime`] skips runs of zero bits at once and stops when `a` is zero;
//! [`invert_fixed`] runs a number of steps fixed by the modulus's length, with no branch on
//! the value (masks and selections only).

const BITS: u32 = 30;
const MASK: u64 = (1 << BITS) - 1;
/// Steps per batch: the factors stay at most `2^BATCH` in magnitude.
const BATCH: u32 = 30;

/// The 64-bit approximations of `a` and `b`: exact when both fit in 64 bits, else the low 30
/// bits and the top 34 bits of their common length. `t` is the index of the highest limb in
/// which `a` or `b` is nonzero.
#[inline(always)]
fn approximations<const L: usize>(a: &[u64; L], b: &[u64; L], t: usize) -> (u64, u64) {
    if t < 2 || (t == 2 && (a[2] | b[2]) < 16) {
        let exact = |x: &[u64; L]| x[0] | (x[1] << 30) | (x[2] << 60);
        return (exact(a), exact(b));
    }
    // Bits 26..90 of the three top limbs, then shifted so the common length's top bit is bit 63.
    let window = |x: &[u64; L]| (x[t] << 34) | (x[t - 1] << 4) | (x[t - 2] >> 26);
    let (wa, wb) = (window(a), window(b));
    let shift = (wa | wb).leading_zeros();
    (((wa << shift) & !MASK) | a[0], ((wb << shift) & !MASK) | b[0])
}

/// As [`approximations`], with no branch on the values: the three limbs from the highest one
/// in which `a` or `b` is nonzero (at least limb 2) are selected by masks from every position.
#[inline(always)]
fn approximations_fixed<const L: usize>(a: &[u64; L], b: &[u64; L]) -> (u64, u64) {
    let (mut a2, mut a1, mut a0, mut b2, mut b1, mut b0) = (a[2], a[1], a[0], b[2], b[1], b[0]);
    let mut high = 0;
    for i in 3..L {
        let take = mask(((a[i] | b[i]) != 0) as u64);
        high |= take;
        a2 ^= (a2 ^ a[i]) & take;
        a1 ^= (a1 ^ a[i - 1]) & take;
        a0 ^= (a0 ^ a[i - 2]) & take;
        b2 ^= (b2 ^ b[i]) & take;
        b1 ^= (b1 ^ b[i - 1]) & take;
        b0 ^= (b0 ^ b[i - 2]) & take;
    }
    let (wa, wb) = ((a2 << 34) | (a1 << 4) | (a0 >> 26), (b2 << 34) | (b1 << 4) | (b0 >> 26));
    // The common length is at most 64 bits exactly when no limb above 2 was taken and the
    // window is below 2^38: then the exact values.
    let short = mask(((wa | wb) >> 38 == 0) as u64) & !high;
    let shift = (wa | wb | 1).leading_zeros();
    let xa = ((wa << shift) & !MASK) | a[0];
    let xb = ((wb << shift) & !MASK) | b[0];
    let ea = a[0] | (a[1] << 30) | (a[2] << 60);
    let eb = b[0] | (b[1] << 30) | (b[2] << 60);
    ((xa & !short) | (ea & short), (xb & !short) | (eb & short))
}

/// `(x·f + y·g)/2^30` for limbs `x`, `y` (the division is exact), as limbs with a signed top
/// limb; returns whether the result is negative (and then negates it).
#[inline(always)]
fn combine<const L: usize>(x: &[u64; L], y: &[u64; L], f: i64, g: i64) -> ([u64; L], bool) {
    let mut out = [0u64; L];
    let mut c = (x[0] as i64 * f + y[0] as i64 * g) >> BITS;
    for i in 1..L {
        let t = x[i] as i64 * f + y[i] as i64 * g + c;
        out[i - 1] = t as u64 & MASK;
        c = t >> BITS;
    }
    out[L - 1] = c as u64;
    let negative = c < 0;
    (out, negative)
}

/// `(u·f + v·g)/2^30 mod m` for `u`, `v` in `[0, m)`, in `(-m, 2m)`, as limbs with a signed
/// top limb (Montgomery division: `k·m` is added to clear the low 30 bits; `|f| + |g| <= 2^30`,
/// so every column stays below `2^62`).
#[inline(always)]
fn combine_mod<const L: usize>(u: &[u64; L], v: &[u64; L], f: i64, g: i64, m: &[u64; L], m_inv: u64) -> [u64; L] {
    let low = u[0] as i64 * f + v[0] as i64 * g;
    let k = ((low as u64).wrapping_mul(m_inv) & MASK) as i64;
    let mut c = (low + k * m[0] as i64) >> BITS;
    let mut out = [0u64; L];
    for i in 1..L {
        let t = u[i] as i64 * f + v[i] as i64 * g + k * m[i] as i64 + c;
        out[i - 1] = t as u64 & MASK;
        c = t >> BITS;
    }
    out[L - 1] = c as u64;
    out
}

/// `x + m` where `add`, `x - m` where `sub` (limbs with a signed top limb in, normalized out).
#[inline(always)]
fn add_sub_masked<const L: usize>(x: &mut [u64; L], m: &[u64; L], add: u64, sub: u64) {
    let mut c = 0i64;
    for i in 0..L {
        let t = x[i] as i64 + (m[i] & add) as i64 - (m[i] & sub) as i64 + c;
        x[i] = t as u64 & MASK;
        c = t >> BITS;
    }
}

/// Whether limbs `x` (top limb nonnegative) are at least `m`.
#[inline(always)]
fn at_least<const L: usize>(x: &[u64; L], m: &[u64; L]) -> bool {
    for i in (0..L).rev() {
        if x[i] != m[i] {
            return x[i] > m[i];
        }
    }
    true
}

/// `c·y^-1 mod m`, or `None` when `y` is zero, in time that depends on `y`: public values only.
/// `y` and `c` are below `m`, an odd prime below `2^(30L-9)`, all in 30-bit limbs;
/// `m_inv = -m^-1 mod 2^30`. The result is below `m`. `inline`: its one caller per field
/// takes it in whichever codegen unit each lands in (a call cost `fp_inv` 0.9%).
#[inline]
pub(crate) fn invert_vartime<const L: usize>(y: &[u64; L], m: &[u64; L], m_inv: u64, c: &[u64; L]) -> Option<[u64; L]> {
    let (mut a, mut b) = (*y, *m);
    let (mut u, mut v) = (*c, [0u64; L]);
    let mut t = top_limb(m);
    // The paper's bound is 2·len(m) - 1 steps; more means a broken invariant.
    let mut budget = 2 * 30 * L as u32 / BATCH + 2;
    loop {
        while t > 0 && (a[t] | b[t]) == 0 {
            t -= 1;
        }
        if a[..=t].iter().all(|&x| x == 0) {
            break;
        }
        if budget == 0 {
            return None;
        }
        budget -= 1;
        let (mut xa, mut xb) = approximations(&a, &b, t);
        // The factors of `a` and of `b` packed in one integer each, `f + 2^32·g` (|f|, |g| at
        // most 2^30): the steps are linear, so they act on both halves at once.
        let (mut pa, mut pb) = (1i64, 1i64 << 32);
        let mut left = BATCH;
        loop {
            // Halve `a` as long as it is even (all at once).
            let z = xa.trailing_zeros().min(left);
            xa >>= z;
            pb <<= z;
            left -= z;
            if left == 0 {
                break;
            }
            // Both odd: subtract the smaller from the larger, into `a`, and halve.
            if xa < xb {
                (xa, xb) = (xb, xa);
                (pa, pb) = (pb, pa);
            }
            xa = (xa - xb) >> 1;
            pa -= pb;
            pb <<= 1;
            left -= 1;
            if left == 0 {
                break;
            }
        }
        let (mut f0, mut g0) = unpack(pa);
        let (mut f1, mut g1) = unpack(pb);
        let (na, neg_a) = combine(&a, &b, f0, g0);
        let (nb, neg_b) = combine(&a, &b, f1, g1);
        (a, b) = (na, nb);
        if neg_a {
            negate_masked(&mut a, !0);
            (f0, g0) = (-f0, -g0);
        }
        if neg_b {
            negate_masked(&mut b, !0);
            (f1, g1) = (-f1, -g1);
        }
        let mut nu = combine_mod(&u, &v, f0, g0, m, m_inv);
        let mut nv = combine_mod(&u, &v, f1, g1, m, m_inv);
        for x in [&mut nu, &mut nv] {
            if (x[L - 1] as i64) < 0 {
                add_sub_masked(x, m, !0, 0);
            } else if at_least(x, m) {
                add_sub_masked(x, m, 0, !0);
            }
        }
        (u, v) = (nu, nv);
    }
    let mut one = [0u64; L];
    one[0] = 1;
    (b == one).then_some(v)
}

/// `(f, g)` from `f + 2^32·g` with `|f| < 2^31`.
#[inline(always)]
fn unpack(p: i64) -> (i64, i64) {
    let f = p as i32 as i64;
    (f, (p - f) >> 32)
}

/// The index of `m`'s highest nonzero limb (`m` is not zero).
#[inline(always)]
fn top_limb<const L: usize>(m: &[u64; L]) -> usize {
    let mut t = L - 1;
    while m[t] == 0 {
        t -= 1;
    }
    t
}

/// All ones when `bit`, else zero, hidden from the optimiser so that selections by it stay
/// masks and do not become branches.
#[inline(always)]
fn mask(bit: u64) -> u64 {
    core::hint::black_box(0u64.wrapping_sub(bit))
}

/// As [`invert_vartime`], in time that does not depend on `y` or `c`: `2·len(m) - 1` steps
/// (rounded up to whole batches, plus one batch of margin), the same operations for every value.
#[inline]
pub(crate) fn invert_fixed<const L: usize>(y: &[u64; L], m: &[u64; L], m_inv: u64, c: &[u64; L]) -> Option<[u64; L]> {
    let (mut a, mut b) = (*y, *m);
    let (mut u, mut v) = (*c, [0u64; L]);
    let t = top_limb(m);
    let len = 30 * t as u32 + 64 - m[t].leading_zeros();
    let batches = (2 * len - 1).div_ceil(BATCH) + 1;
    for _ in 0..batches {
        let (mut xa, mut xb) = approximations_fixed(&a, &b);
        let (mut f0, mut g0, mut f1, mut g1) = (1i64, 0i64, 0i64, 1i64);
        for _ in 0..BATCH {
            let odd = mask(xa & 1);
            let swap = odd & mask((xa < xb) as u64);
            let d = (xa ^ xb) & swap;
            xa ^= d;
            xb ^= d;
            let d = (f0 ^ f1) & swap as i64;
            f0 ^= d;
            f1 ^= d;
            let d = (g0 ^ g1) & swap as i64;
            g0 ^= d;
            g1 ^= d;
            xa = (xa - (xb & odd)) >> 1;
            f0 -= f1 & odd as i64;
            g0 -= g1 & odd as i64;
            f1 <<= 1;
            g1 <<= 1;
        }
        let (mut na, neg_a) = combine(&a, &b, f0, g0);
        let (mut nb, neg_b) = combine(&a, &b, f1, g1);
        let (ma, mb) = (mask(neg_a as u64) as i64, mask(neg_b as u64) as i64);
        negate_masked(&mut na, ma as u64);
        negate_masked(&mut nb, mb as u64);
        (a, b) = (na, nb);
        (f0, g0) = ((f0 ^ ma) - ma, (g0 ^ ma) - ma);
        (f1, g1) = ((f1 ^ mb) - mb, (g1 ^ mb) - mb);
        let mut nu = combine_mod(&u, &v, f0, g0, m, m_inv);
        let mut nv = combine_mod(&u, &v, f1, g1, m, m_inv);
        for x in [&mut nu, &mut nv] {
            // From (-m, 2m) to [0, 2m), then to [0, m).
            add_sub_masked(x, m, mask(x[L - 1] >> 63), 0);
            reduce_once(x, m);
        }
        (u, v) = (nu, nv);
    }
    let mut one = [0u64; L];
    one[0] = 1;
    // A zero `y` leaves `b = m`.
    let mut diff = 0;
    for i in 0..L {
        diff |= b[i] ^ one[i];
    }
    (diff == 0).then_some(v)
}

/// `-x` where `negate` is all ones, `x` where it is zero (limbs with a signed top limb).
#[inline(always)]
fn negate_masked<const L: usize>(x: &mut [u64; L], negate: u64) {
    let s = negate as i64;
    let mut c = 0i64;
    for i in 0..L - 1 {
        let t = ((x[i] as i64 ^ s) - s) + c;
        x[i] = t as u64 & MASK;
        c = t >> BITS;
    }
    x[L - 1] = (((x[L - 1] as i64 ^ s) - s) + c) as u64;
}

/// Subtracts `m` from `x` in `[0, 2m)` unless that goes below zero, by a mask.
#[inline(always)]
pub(crate) fn reduce_once<const L: usize>(x: &mut [u64; L], m: &[u64; L]) {
    let mut d = [0u64; L];
    let mut c = 0i64;
    for i in 0..L {
        let t = x[i] as i64 - m[i] as i64 + c;
        d[i] = t as u64 & MASK;
        c = t >> BITS;
    }
    let keep = mask((c < 0) as u64);
    for i in 0..L {
        x[i] = (x[i] & keep) | (d[i] & !keep);
    }
}

/// 30-bit limbs of little-endian 64-bit words (the value must fit in `L` limbs).
pub(crate) fn limbs_of_words<const L: usize>(words: &[u64]) -> [u64; L] {
    let mut out = [0u64; L];
    for (i, o) in out.iter_mut().enumerate() {
        let bit = i * BITS as usize;
        let (w, s) = (bit / 64, bit % 64);
        let mut v = if w < words.len() { words[w] >> s } else { 0 };
        if s + BITS as usize > 64 && w + 1 < words.len() {
            v |= words[w + 1] << (64 - s);
        }
        *o = v & MASK;
    }
    out
}

/// Little-endian 64-bit words of 30-bit limbs (the value must fit in the words).
pub(crate) fn words_of_limbs<const L: usize>(limbs: &[u64; L], words: &mut [u64]) {
    words.iter_mut().for_each(|w| *w = 0);
    for (i, &l) in limbs.iter().enumerate() {
        let bit = i * BITS as usize;
        let (w, s) = (bit / 64, bit % 64);
        if w < words.len() {
            words[w] |= l << s;
        }
        if s + BITS as usize > 64 && w + 1 < words.len() {
            words[w + 1] |= l >> (64 - s);
        }
    }
}

/// `-m^-1 mod 2^30` for an odd `m0` (the low limb).
pub(crate) const fn neg_inv30(m0: u64) -> u64 {
    let mut inv = 1u64;
    let mut k = 0;
    while k < 5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(inv))) & MASK;
        k += 1;
    }
    (1u64 << BITS).wrapping_sub(inv) & MASK
}
