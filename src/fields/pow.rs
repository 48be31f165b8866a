//! Exponentiation by public exponents, shared by the fields.

use core::ops::Mul;

/// `base^exp`, the exponent as little-endian 64-bit words, by sliding windows over the odd
/// powers (Handbook of Applied Cryptography, algorithm 14.85): windows of up to 5 bits for
/// long exponents: for (p+1)/4 that is 378 squarings and 81 multiplications (15 of them for
/// the table), against 105 with fixed 4-bit windows. Its running time depends on the
/// exponent, which must be public.
pub(crate) fn pow_vartime<T: Copy + Mul<Output = T>>(base: T, one: T, square: impl Fn(&T) -> T, exp: &[u64]) -> T {
    let bit = |i: usize| (exp[i / 64] >> (i % 64)) & 1 == 1;
    let Some(top) = (0..exp.len() * 64).rev().find(|&i| bit(i)) else {
        return one;
    };
    // Window width by exponent length: a table of 2^(w-1) odd powers pays off only for long
    // exponents.
    let w = match top {
        0..=31 => 1,
        32..=127 => 4,
        _ => 5,
    };
    let mut odd = [base; 16]; // odd[k] = base^(2k + 1)
    if w > 1 {
        let base2 = square(&base);
        for k in 1..1 << (w - 1) {
            odd[k] = odd[k - 1] * base2;
        }
    }
    // The longest window [j, i] of at most w bits that ends on a set bit i, and its value.
    let window = |i: isize| {
        let mut j = (i - w as isize + 1).max(0);
        while !bit(j as usize) {
            j += 1;
        }
        (j, (j..=i).rev().fold(0usize, |v, k| (v << 1) | bit(k as usize) as usize))
    };
    // The accumulator starts at the top window (bit `top` is set), so that it is never an
    // `Option`: moving a large `T` in and out of one copied it at every squaring.
    let (j, value) = window(top as isize);
    let mut acc = odd[value >> 1];
    let mut i = j - 1;
    while i >= 0 {
        if !bit(i as usize) {
            acc = square(&acc);
            i -= 1;
            continue;
        }
        let (j, value) = window(i);
        for _ in j..=i {
            acc = square(&acc);
        }
        acc = acc * odd[value >> 1];
        i = j - 1;
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::pow_vartime;

    /// Against repeated multiplication modulo a small prime, for exponents of every length.
    #[test]
    fn sliding_windows_agree_with_square_and_multiply() {
        const M: u128 = 0xffff_ffff_ffff_ffc5; // 2^64 - 59, prime
        #[derive(Clone, Copy)]
        struct E(u128);
        impl core::ops::Mul for E {
            type Output = E;
            fn mul(self, o: E) -> E {
                E(self.0 * o.0 % M)
            }
        }
        let reference = |b: u128, exp: &[u64]| {
            let mut acc = 1u128;
            for word in exp.iter().rev() {
                for k in (0..64).rev() {
                    acc = acc * acc % M;
                    if (word >> k) & 1 == 1 {
                        acc = acc * b % M;
                    }
                }
            }
            acc
        };
        let mut state = 5u64;
        for n in 0..2000 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let shift = n % 64;
            let exp =
                [state >> shift, state.rotate_left(7), (state >> 3) >> (n % 61), if n % 3 == 0 { 0 } else { state }];
            let len = 1 + n % 4;
            let b = (state as u128 * 31 + 2) % M;
            let got = pow_vartime(E(b), E(1), |x: &E| *x * *x, &exp[..len]);
            assert_eq!(got.0, reference(b, &exp[..len]), "n = {n}");
        }
        assert_eq!(pow_vartime(E(3), E(1), |x: &E| *x * *x, &[0, 0]).0, 1);
        assert_eq!(pow_vartime(E(3), E(1), |x: &E| *x * *x, &[1]).0, 3);
    }

    /// The paired exponentiations of Fp (two SIMD lanes on the IC) equal the single ones, and
    /// so do the paired Fp2 roots (zero, `c1 = 0`, non-squares and random elements).
    #[test]
    fn paired_exponentiations_equal_single_ones() {
        use crate::{Fp, Fp2};
        let mut state = 17u64;
        let mut next = || {
            Fp::from_u64(crate::fields::splitmix64(&mut state)) * Fp::from_u64(crate::fields::splitmix64(&mut state))
        };
        let mut values = alloc::vec![Fp::ZERO, Fp::ONE, -Fp::ONE];
        values.extend((0..30).map(|_| next()));
        for pair in values.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert_eq!(Fp::pow_p_minus_3_over_4_pair(&a, &b), [a.pow_p_minus_3_over_4(), b.pow_p_minus_3_over_4()]);
            assert_eq!(Fp::pow_p_plus_1_over_4_pair(&a, &b), [a.pow_p_plus_1_over_4(), b.pow_p_plus_1_over_4()]);
            for x in [Fp2::new(a, b), Fp2::new(a, Fp::ZERO), Fp2::new(b, a)] {
                let y = Fp2::new(b, a * a);
                let gamma = |v: &Fp2| v.norm().sqrt().unwrap_or(Fp::ONE);
                let (gx, gy) = (gamma(&x), gamma(&y));
                assert_eq!(
                    Fp2::sqrt_given_norm_roots_pair([&x, &y], [&gx, &gy]),
                    [x.sqrt_given_norm_root(&gx), y.sqrt_given_norm_root(&gy)]
                );
            }
        }
    }
}
