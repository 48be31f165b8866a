//! Little-endian 64-bit word helpers shared by the kernels and the inversion: comparison,
//! addition and subtraction with carries, and compile-time doubling modulo a prime.

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
