//! Scalar recodings for the endomorphism-accelerated multiplications.
//!
//! BLS12-381's parameter z = -0xd201000000010000 gives both groups an endomorphism whose
//! eigenvalue is a power of z, and r = z⁴ - z² + 1. So a scalar splits with plain integer
//! division, no lattice reduction:
//!
//! * G1 (GLV): with λ = z² - 1, r = λ² + λ + 1, so `k = k1·λ + k0` with `k0 < λ < 2^128` and
//!   `k1 ≤ (r - 1)/λ < 2^128`;
//! * G2 (GLS): with x = |z|, r < x⁴, so `k = d0 + d1·x + d2·x² + d3·x³` with digits below
//!   `x < 2^64`.

/// |z|, the absolute value of the curve parameter.
pub(crate) const X: u64 = 0xd201_0000_0001_0000;
/// |z| without its 16 trailing zero bits: `x = 2^16·x'`, so `x² = 2^32·x'²` (G1's subgroup
/// check ends in 32 doublings with no addition between them).
pub(crate) const X_ODD: u64 = X >> 16;
/// λ = z² - 1: G1's φ (with the right cube root of unity) multiplies by it.
pub(crate) const LAMBDA: u128 = 0xac45_a401_0001_a402_0000_0000_ffff_ffff;

/// A weight for a random linear combination of G1 points (a batch check), from a SHA-256
/// digest: `k0 + k1·λ` with `k0` (made odd) and `k1` its first two big-endian 64-bit words. It
/// multiplies as cheaply as a 64-bit scalar: [`glv_split`] gives back `(k0, k1)` (as
/// `k0 < λ`), so the GLV multiplication runs 64 doublings where a 128-bit weight takes 128.
///
/// The weights are 2^127 distinct nonzero scalars, as many as odd 128-bit integers give: if
/// `k0 + k1·λ ≡ k0' + k1'·λ (mod r)`, the differences `a = k0 - k0'`, `b = k1 - k1'` (both
/// below 2^64) satisfy `a + b·λ ≡ 0`; but `|a + b·λ| < 2^64·(λ + 1) < r`, so `a = -b·λ`,
/// whose size forces `b = 0` and then `a = 0`. Zero is not among them (`k0` is odd).
pub(crate) fn glv_weight(digest: &[u8; 32]) -> crate::Fr {
    use crate::Fr;
    const LAMBDA_FR: Fr = Fr::from_words([LAMBDA as u64, (LAMBDA >> 64) as u64, 0, 0, 0, 0]);
    let half = |i: usize| {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&digest[8 * i..8 * i + 8]);
        u64::from_be_bytes(bytes)
    };
    Fr::from_u64(half(0) | 1) + Fr::from_u64(half(1)) * LAMBDA_FR
}

/// `(k0, k1)` with `k = k1·λ + k0`, for `k < r` as little-endian words: binary long division.
pub(crate) fn glv_split(k: &[u64; 6]) -> (u128, u128) {
    let mut rem: u128 = 0;
    let mut quot: u128 = 0;
    for bit in (0..256).rev() {
        let carry = rem >> 127;
        rem = (rem << 1) | ((k[bit / 64] >> (bit % 64)) & 1) as u128;
        // λ > 2^127, so after a carry the true remainder (2^128 + rem) is below 2λ. The
        // quotient is below 2^128, so no bit shifts out of it.
        let subtract = carry == 1 || rem >= LAMBDA;
        if subtract {
            rem = rem.wrapping_sub(LAMBDA);
        }
        quot = (quot << 1) | subtract as u128;
    }
    (rem, quot)
}

/// `[d0, d1, d2, d3]` with `k = Σ d_i·x^i`, for `k < x⁴`: repeated division by x. As
/// `x = 2^16·x'` with x' below 2^48, each division is a shift by 16 bits and a long division
/// by x' in 16-bit steps, every step a native 64-bit division (a `u128` division is a call to
/// `__udivti3` on wasm32, three times dearer here).
pub(crate) fn gls_split(k: &[u64; 6]) -> [u64; 4] {
    let mut n = [k[0], k[1], k[2], k[3]];
    let mut digits = [0u64; 4];
    for d in digits.iter_mut() {
        let low = n[0] & 0xffff;
        for i in 0..4 {
            n[i] = (n[i] >> 16) | n.get(i + 1).map_or(0, |next| next << 48);
        }
        // rem < x' < 2^48, so (rem << 16) + a 16-bit chunk fits in 64 bits and its quotient
        // by x' in 16 bits.
        let mut rem = 0u64;
        for w in n.iter_mut().rev() {
            let mut quotient = 0u64;
            for shift in [48, 32, 16, 0] {
                let cur = (rem << 16) | ((*w >> shift) & 0xffff);
                quotient |= (cur / X_ODD) << shift;
                rem = cur % X_ODD;
            }
            *w = quotient;
        }
        *d = (rem << 16) | low;
    }
    digits
}

/// `a - b` when `a ≥ b`, else `a`, and whether it subtracted: one borrow, no branch.
fn subtract_if_not_below(a: u128, b: u128) -> (u128, u128) {
    let (diff, borrow) = a.overflowing_sub(b);
    let keep = (borrow as u128).wrapping_neg(); // all ones when a < b
    ((diff & !keep) | (a & keep), !borrow as u128)
}

/// [`glv_split`] without a branch or a division instruction on `k`: for secret scalars.
pub(crate) fn glv_split_constant_time(k: &[u64; 6]) -> (u128, u128) {
    let mut rem: u128 = 0;
    let mut quot: u128 = 0;
    for bit in (0..256).rev() {
        let carry = rem >> 127;
        let shifted = (rem << 1) | ((k[bit / 64] >> (bit % 64)) & 1) as u128;
        let (diff, borrow) = shifted.overflowing_sub(LAMBDA);
        // Subtract when the true value (2^128·carry + shifted) is at least λ.
        let subtract = carry | (!borrow as u128);
        let mask = subtract.wrapping_neg();
        rem = (diff & mask) | (shifted & !mask);
        quot = (quot << 1) | subtract;
    }
    (rem, quot)
}

/// [`gls_split`] without a branch or a division instruction on `k` (binary long division by
/// x, three times): for secret scalars `k < r`.
pub(crate) fn gls_split_constant_time(k: &[u64; 6]) -> [u64; 4] {
    let mut n = [k[0], k[1], k[2], k[3]];
    let mut digits = [0u64; 4];
    for d in digits.iter_mut().take(3) {
        let mut rem: u128 = 0;
        let mut quot = [0u64; 4];
        for bit in (0..256).rev() {
            let shifted = (rem << 1) | ((n[bit / 64] >> (bit % 64)) & 1) as u128;
            let (r, q) = subtract_if_not_below(shifted, X as u128);
            rem = r;
            quot[bit / 64] |= (q as u64) << (bit % 64);
        }
        *d = rem as u64;
        n = quot;
    }
    // k < r < x⁴: what is left is below x.
    digits[3] = n[0];
    digits
}

/// The width-`w` non-adjacent form of `k`: digits that are zero or odd with absolute value
/// below `2^(w-1)`, least significant first, any two nonzero digits at least `w` apart
/// (Solinas / Möller). `k` has at most 128 bits, so 129 digits suffice.
pub(crate) fn wnaf(mut k: u128, w: u32) -> [i8; 130] {
    let mut digits = [0i8; 130];
    let modulus = 1i64 << w;
    let mut carry_bit = false; // the value is k + 2^129·carry, tracked for k near 2^128
    let mut i = 0;
    while k != 0 || carry_bit {
        if k & 1 == 1 {
            let mut d = (k as i64) & (modulus - 1);
            if d >= modulus / 2 {
                d -= modulus;
            }
            digits[i] = d as i8;
            if d < 0 {
                let (s, o) = k.overflowing_add((-d) as u128);
                k = s;
                carry_bit |= o;
            } else {
                k -= d as u128;
            }
        }
        k >>= 1;
        if carry_bit {
            k |= 1u128 << 127;
            carry_bit = false;
        }
        i += 1;
    }
    digits
}

/// The signed 4-bit digits of the fixed-base combs (`g1_comb.rs`, `g2_comb.rs`): `d_j` in
/// `[-8, 7]`, the last in `{0, 1}`, with `k = Σ d_j·16^j` for `k` given as little-endian
/// words (`W - 1` nibbles of them), computed without branches: each nibble plus the carry is
/// in `[0, 16]`, and the carry out is 1 exactly when that is at least 8.
#[cfg(any(test, feature = "vetkeys"))]
pub(crate) fn comb_digits<const W: usize>(k: &[u64]) -> [i64; W] {
    debug_assert!(W - 1 <= 16 * k.len());
    let mut digits = [0i64; W];
    let mut carry = 0i64;
    for (j, digit) in digits.iter_mut().take(W - 1).enumerate() {
        let nibble = ((k[j / 16] >> (4 * (j % 16))) & 0xf) as i64 + carry;
        carry = (nibble + 8) >> 4;
        *digit = nibble - (carry << 4);
    }
    digits[W - 1] = carry;
    digits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(digits: &[i8]) -> i128 {
        digits.iter().rev().fold(0i128, |acc, &d| acc * 2 + d as i128)
    }

    #[test]
    fn wnaf_reconstructs() {
        let mut state = 12345u64;
        for i in 0..10_000u32 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let k = ((state as u128) << 64 | state.rotate_left(17) as u128) >> (i % 120);
            for w in 2..=7 {
                let d = wnaf(k >> 2, w);
                assert_eq!(value(&d), (k >> 2) as i128);
                for (j, &x) in d.iter().enumerate() {
                    if x != 0 {
                        assert!(x % 2 != 0 && (x as i64).abs() < 1 << (w - 1));
                        assert!(d[j + 1..(j + w as usize).min(130)].iter().all(|&y| y == 0));
                    }
                }
            }
        }
    }

    #[test]
    fn constant_time_splits_equal_the_divisions() {
        let mut state = 99u64;
        let mut next = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            state
        };
        // r - 1, x⁴ - 1 > r (not a scalar, but the digits are still exact), small values.
        let r_minus_1 =
            [0xffff_ffff_0000_0000, 0x53bd_a402_fffe_5bfe, 0x3339_d808_09a1_d805, 0x73ed_a753_299d_7d48, 0, 0];
        let mut cases =
            alloc::vec![[0u64; 6], [1, 0, 0, 0, 0, 0], [X, 0, 0, 0, 0, 0], [X - 1, 0, 0, 0, 0, 0], r_minus_1];
        cases.push([LAMBDA as u64, (LAMBDA >> 64) as u64, 0, 0, 0, 0]);
        for _ in 0..2000 {
            let mut k = [next(), next(), next(), next() % 0x73ed_a753_299d_7d48, 0, 0];
            let shift = next() % 256;
            for (i, w) in k.iter_mut().take(4).enumerate() {
                if (i as u64) * 64 > shift {
                    *w = 0;
                }
            }
            cases.push(k);
        }
        for k in cases {
            assert_eq!(glv_split_constant_time(&k), glv_split(&k), "{k:x?}");
            assert_eq!(gls_split_constant_time(&k), gls_split(&k), "{k:x?}");
        }
    }

    #[test]
    fn glv_weights_split_into_their_halves() {
        // The split of a weight is its two halves (k0 made odd), so the multiplication by it
        // runs over 64-bit digits; the extreme halves included.
        let mut state = 7u64;
        let mut seeds = alloc::vec![[0u8; 32], [0xff; 32]];
        for _ in 0..1000 {
            let mut seed = [0u8; 32];
            for b in seed.iter_mut() {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                *b = (state >> 56) as u8;
            }
            seeds.push(seed);
        }
        for seed in seeds {
            let k0 = u64::from_be_bytes(seed[..8].try_into().unwrap()) | 1;
            let k1 = u64::from_be_bytes(seed[8..16].try_into().unwrap());
            let w = glv_weight(&seed);
            assert!(!w.is_zero());
            assert_eq!(glv_split(&w.to_words()), (k0 as u128, k1 as u128), "{seed:x?}");
        }
    }

    #[test]
    fn glv_split_divides() {
        let k = [u64::MAX, u64::MAX, 5, 0x73ed_a753_299d_7d48, 0, 0];
        let (k0, k1) = glv_split(&k);
        assert!(k0 < LAMBDA);
        // k1·λ + k0 == k, checked in 64-bit halves.
        let (l0, l1) = (LAMBDA as u64 as u128, LAMBDA >> 64);
        let (q0, q1) = (k1 as u64 as u128, k1 >> 64);
        let mut acc = [0u128; 5];
        acc[0] += l0 * q0 + (k0 as u64 as u128);
        acc[1] += l0 * q1 + l1 * q0 + (k0 >> 64);
        acc[2] += l1 * q1;
        let mut words = [0u64; 4];
        let mut carry = 0u128;
        for i in 0..4 {
            let v = acc[i] + carry;
            words[i] = v as u64;
            carry = v >> 64;
        }
        assert_eq!(words, [k[0], k[1], k[2], k[3]]);
    }
    #[test]
    fn digits_reconstruct_the_scalar() {
        let mut state = 5u64;
        let mut cases = alloc::vec![[0u64; 6], [u64::MAX, u64::MAX, u64::MAX, u64::MAX, 0, 0]];
        cases.push([0x8888_8888_8888_8888, 0x8888_8888_8888_8888, 0x7777_7777_7777_7777, 0x8888_8888_8888_8888, 0, 0]);
        for _ in 0..1000 {
            let mut k = [0u64; 6];
            for w in k.iter_mut().take(4) {
                *w = crate::fields::splitmix64(&mut state);
            }
            cases.push(k);
        }
        for k in cases {
            let d: [i64; 65] = comb_digits(&k[..4]);
            assert!(d[..64].iter().all(|&x| (-8..=7).contains(&x)) && (0..=1).contains(&d[64]));
            // Σ d_j·16^j, back as 64-bit words (two's complement across the words).
            let mut words = [0i128; 5];
            for (j, &x) in d.iter().enumerate() {
                words[j / 16] += (x as i128) << (4 * (j % 16));
            }
            let mut carry = 0i128;
            let mut back = [0u64; 6];
            for (w, b) in words.iter().zip(back.iter_mut()) {
                let v = w + carry;
                *b = v as u64;
                carry = v >> 64;
            }
            assert_eq!(back, k, "{k:x?}");
        }
    }
}
