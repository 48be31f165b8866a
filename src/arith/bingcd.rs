//! Modular inversion for public values: Kaliski's "almost Montgomery inverse" (Kaliski, "The
//! Montgomery inverse and its applications", IEEE Trans. Computers 44(8), 1995), a binary
//! extended Euclidean algorithm whose steps are halvings and subtractions of the operands and
//! doublings and additions of the cofactors (cheaper than halving modulo m), on canonical
//! little-endian 64-bit words.
//!
//! It yields `x^-1·2^k` for a `k` it counts; doubling that `e - k` more times gives
//! `x^-1·2^e` for the exponent `e` the caller asks for. With `e = 2·log2(R)` and `x` the
//! Montgomery form `aR`, the result is `a^-1·R`, the Montgomery form of the inverse, with no
//! multiplication at all. Its running time depends on the value: for public inputs only.

const W: usize = 6;

fn is_even(a: &[u64; W]) -> bool {
    a[0] & 1 == 0
}

fn is_one(a: &[u64; W]) -> bool {
    a[0] == 1 && a[1..].iter().all(|&w| w == 0)
}

fn is_zero(a: &[u64; W]) -> bool {
    a.iter().all(|&w| w == 0)
}

/// `a >= b`.
fn ge(a: &[u64; W], b: &[u64; W]) -> bool {
    !super::words::lt(a, b)
}

/// `a - b`, returning the borrow.
fn sub_assign(a: &mut [u64; W], b: &[u64; W]) -> bool {
    let (d, borrow) = super::words::sub_words(a, b);
    *a = d;
    borrow
}

/// `a + b`, returning the carry.
fn add_assign(a: &mut [u64; W], b: &[u64; W]) -> bool {
    let (s, carry) = super::words::add_words(a, b);
    *a = s;
    carry
}

/// `a >> 1`, with `top` shifted in as the new highest bit.
fn shr1(a: &mut [u64; W], top: bool) {
    for i in 0..W - 1 {
        a[i] = (a[i] >> 1) | (a[i + 1] << 63);
    }
    a[W - 1] = (a[W - 1] >> 1) | ((top as u64) << 63);
}

/// `a << 1` (the value must fit).
fn shl1(a: &mut [u64; W]) {
    for i in (1..W).rev() {
        a[i] = (a[i] << 1) | (a[i - 1] >> 63);
    }
    a[0] <<= 1;
}

/// `x^-1·2^e mod m` for `0 <= x < m`, `m` an odd prime below 2^383 of `n` bits, and
/// `e >= 2n`; `None` for zero.
pub(crate) fn invert(x: &[u64; W], m: &[u64; W], e: u32) -> Option<[u64; W]> {
    if is_zero(x) {
        return None;
    }
    // Phase 1 (Kaliski's algorithm): r = -x^-1·2^k (mod m), after k steps, n <= k <= 2n.
    let (mut u, mut v) = (*m, *x);
    let (mut r, mut s) = ([0u64; W], [1, 0, 0, 0, 0, 0]);
    let mut k = 0u32;
    while !is_zero(&v) {
        if is_even(&u) {
            shr1(&mut u, false);
            shl1(&mut s);
        } else if is_even(&v) {
            shr1(&mut v, false);
            shl1(&mut r);
        } else if !ge(&v, &u) {
            sub_assign(&mut u, &v);
            shr1(&mut u, false);
            add_assign(&mut r, &s);
            shl1(&mut s);
        } else {
            sub_assign(&mut v, &u);
            shr1(&mut v, false);
            add_assign(&mut s, &r);
            shl1(&mut r);
        }
        k += 1;
    }
    if !is_one(&u) {
        return None; // gcd > 1: m is not prime
    }
    // r < 2m: reduce, then negate.
    if ge(&r, m) {
        sub_assign(&mut r, m);
    }
    let mut inverse = *m;
    sub_assign(&mut inverse, &r);
    // Phase 2: double e - k times modulo m.
    for _ in k..e {
        shl1(&mut inverse);
        if ge(&inverse, m) {
            sub_assign(&mut inverse, m);
        }
    }
    Some(inverse)
}
