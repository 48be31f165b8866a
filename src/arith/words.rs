//! Little-endian 64-bit word helpers shared by the kernels and the inversion: comparison,
//! addition and subtraction with carries, and compile-time doubling and Montgomery products
//! modulo a prime.

/// `x·2^k mod m` for `x < m` by doubling: compile-time only (`m` below 2^(64N-1)).
pub(crate) const fn shl_mod<const N: usize>(mut x: [u64; N], k: usize, m: &[u64; N]) -> [u64; N] {
    let mut i = 0;
    while i < k {
        let mut carry = 0;
        let mut j = 0;
        while j < N {
            let v = x[j];
            x[j] = (v << 1) | carry;
            carry = v >> 63;
            j += 1;
        }
        if !lt(&x, m) {
            x = sub_words(&x, m).0;
        }
        i += 1;
    }
    x
}

/// `a·b·2^(-64N) mod m` for `a, b < m`, `m` odd (Montgomery's product, the CIOS method as in
/// [`super::native64`]): compile-time only. A constant enters a kernel's form as one product
/// with a precomputed power of two, `x·2^k = mont_mul_const(x, 2^(k+64N) mod m)`, where
/// doubling `k` times with [`shl_mod`] made the interpreter spend most of the crate's
/// type-checking on the thousands of constants of the prepared Miller-loop lines.
pub(crate) const fn mont_mul_const<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    // -m^-1 mod 2^64: Newton's iteration doubles the correct low bits from one.
    let mut inv = 1u64;
    let mut k = 0;
    while k < 6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(m[0].wrapping_mul(inv)));
        k += 1;
    }
    let m_inv = inv.wrapping_neg();
    let mut t = [0u64; N];
    let mut t_hi = 0u64;
    let mut i = 0;
    while i < N {
        let mut carry = 0u128;
        let mut j = 0;
        while j < N {
            let v = t[j] as u128 + a[j] as u128 * b[i] as u128 + carry;
            t[j] = v as u64;
            carry = v >> 64;
            j += 1;
        }
        let v = t_hi as u128 + carry;
        let (top, top_hi) = (v as u64, (v >> 64) as u64);
        let q = t[0].wrapping_mul(m_inv);
        let mut carry = (t[0] as u128 + q as u128 * m[0] as u128) >> 64;
        let mut j = 1;
        while j < N {
            let v = t[j] as u128 + q as u128 * m[j] as u128 + carry;
            t[j - 1] = v as u64;
            carry = v >> 64;
            j += 1;
        }
        let v = top as u128 + carry;
        t[N - 1] = v as u64;
        t_hi = top_hi + (v >> 64) as u64;
        i += 1;
    }
    if t_hi != 0 || !lt(&t, m) {
        t = sub_words(&t, m).0;
    }
    t
}

/// `a < b` (compile-time use: it returns at the first differing word).
pub(crate) const fn lt<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    let mut i = N;
    while i > 0 {
        i -= 1;
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// `a - b` with the final borrow.
pub(crate) const fn sub_words<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    let mut out = [0u64; N];
    let mut borrow = false;
    let mut i = 0;
    while i < N {
        let (d1, b1) = a[i].overflowing_sub(b[i]);
        let (d2, b2) = d1.overflowing_sub(borrow as u64);
        out[i] = d2;
        borrow = b1 | b2;
        i += 1;
    }
    (out, borrow)
}

/// `a + b` with the final carry.
pub(crate) fn add_words<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    let mut out = [0u64; N];
    let mut carry = false;
    for i in 0..N {
        let (s1, c1) = a[i].overflowing_add(b[i]);
        let (s2, c2) = s1.overflowing_add(carry as u64);
        out[i] = s2;
        carry = c1 | c2;
    }
    (out, carry)
}
