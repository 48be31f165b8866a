//! The two kernels against each other and against big integers, whatever kernel is selected:
//! every operation on every pair of edge values (of the integers and of both kernels'
//! Montgomery forms) and on 100,000 random pairs, for both moduli.

use super::{native64, radix30, P_WORDS, R_WORDS};
use alloc::vec::Vec;
use num_bigint::BigUint;

fn big(words: &[u64; 6]) -> BigUint {
    BigUint::from_slice(&words.iter().flat_map(|w| [*w as u32, (*w >> 32) as u32]).collect::<Vec<_>>())
}

fn words(x: &BigUint) -> [u64; 6] {
    let mut out = [0u64; 6];
    for (i, d) in x.to_u64_digits().into_iter().enumerate() {
        out[i] = d;
    }
    out
}

/// splitmix64 words reduced below the modulus.
fn random_below(state: &mut u64, m: &BigUint) -> BigUint {
    let mut w = [0u64; 6];
    for x in w.iter_mut() {
        *x = crate::fields::splitmix64(state);
    }
    big(&w) % m
}

/// Values at the edges of both representations, all below `m`: small values, `m - k`, halves,
/// words of all ones and single high bits below `m`'s top bit, and the values whose
/// Montgomery forms `x·R mod m` (for each kernel's `R = 2^bits`) are themselves at the edges
/// (0, 1, 2, m - 1, m - 2, all-ones words): those are the words the kernels hold and reduce.
fn edge_values(m: &BigUint, r_bits: &[usize]) -> Vec<BigUint> {
    let one = BigUint::from(1u32);
    let mut plain: Vec<BigUint> = [0u32, 1, 2, 3].iter().map(|&v| BigUint::from(v)).collect();
    plain.extend([m - 1u32, m - 2u32, m - 3u32, (m - 1u32) >> 1, (m + 1u32) >> 1]);
    for k in [30usize, 32, 60, 63, 64, 90, 128, 192, 240, 256, 270, 320, 360, 380, 383, 384] {
        let all_ones = (&one << k) - 1u32;
        for v in [all_ones.clone(), &one << (k - 1), m - &all_ones.min(m - 1u32)] {
            if v < *m {
                plain.push(v);
            }
        }
    }
    let top = m.bits() as usize;
    plain.push((&one << (top - 1)) - 1u32);
    plain.push(&one << (top - 1));
    let mut out = plain.clone();
    for &bits in r_bits {
        // x = v·R^-1 mod m, so that x·R mod m = v.
        let r_inv = (&one << bits).modpow(&(m - 2u32), m);
        out.extend(plain.iter().map(|v| v * &r_inv % m));
    }
    out.sort();
    out.dedup();
    out
}

macro_rules! kernels_agree {
    ($name:ident, $modulus:expr, $n30:literal, $n64:literal) => {
        #[test]
        fn $name() {
            let k30 = radix30::Params::<$n30>::new(&$modulus);
            let k64 = native64::Params::<$n64>::new(&$modulus);
            let m = big(&$modulus);
            let edges = edge_values(&m, &[30 * $n30, 64 * $n64]);
            // Every pair of edge values, through both kernels: the carries and borrows of
            // the (branch-free) reductions at their extremes.
            for a in &edges {
                for b in &edges {
                    let (a30, b30) = (k30.from_words(&words(a)), k30.from_words(&words(b)));
                    let (a64, b64) = (k64.from_words(&words(a)), k64.from_words(&words(b)));
                    let check = |what: &str, x30: radix30::Elem<$n30>, x64: native64::Elem<$n64>, expected: BigUint| {
                        assert_eq!(big(&k30.to_words(&x30)), expected, "radix30 {what} of edge values {a} and {b}");
                        assert_eq!(big(&k64.to_words(&x64)), expected, "native64 {what} of edge values {a} and {b}");
                    };
                    check("add", k30.add(&a30, &b30), k64.add(&a64, &b64), (a + b) % &m);
                    check("sub", k30.sub(&a30, &b30), k64.sub(&a64, &b64), (a + &m - b) % &m);
                    check("neg", k30.neg(&a30), k64.neg(&a64), (&m - a) % &m);
                    check("mul", k30.mul(&a30, &b30), k64.mul(&a64, &b64), (a * b) % &m);
                    check("square", k30.square(&a30), k64.square(&a64), (a * a) % &m);
                    // Sums near 2p (the radix-2^30 kernel keeps them unreduced) fed onwards.
                    let (s30, s64) = (k30.add(&a30, &b30), k64.add(&a64, &b64));
                    let s = (a + b) % &m;
                    check("sub of a sum", k30.sub(&s30, &b30), k64.sub(&s64, &b64), a % &m);
                    check("neg of a sum", k30.neg(&s30), k64.neg(&s64), (&m - &s) % &m);
                    check("mul of sums", k30.mul(&s30, &s30), k64.mul(&s64, &s64), (&s * &s) % &m);
                    check("sum of sums", k30.add(&s30, &s30), k64.add(&s64, &s64), (&s + &s) % &m);
                    assert_eq!(k30.eq(&a30, &b30), a == b, "radix30 eq of edge values {a} and {b}");
                    assert_eq!(k64.eq(&a64, &b64), a == b, "native64 eq of edge values {a} and {b}");
                    assert_eq!(k64.is_zero(&k64.sub(&a64, &b64)), a == b, "native64 is_zero of a difference");
                    for choose in [false, true] {
                        let expected = if choose { b } else { a };
                        check(
                            "select",
                            k30.select(&a30, &b30, choose),
                            k64.select(&a64, &b64, choose),
                            expected.clone(),
                        );
                    }
                }
            }
            let mut values: Vec<BigUint> = [0u64, 1, 2, 3]
                .iter()
                .map(|&v| BigUint::from(v))
                .chain([&m - 1u32, &m - 2u32, (&m - 1u32) >> 1])
                .chain([29u32, 30, 31, 60, 64, 128, 250].iter().map(|&k| BigUint::from(1u32) << k))
                .chain(edges.iter().cloned())
                .collect();
            let mut state = 42u64;
            while values.len() < 100_000 {
                values.push(random_below(&mut state, &m));
            }
            for (i, a) in values.iter().enumerate() {
                let b = &values[(i * 7919 + 13) % values.len()];
                let (a30, b30) = (k30.from_words(&words(a)), k30.from_words(&words(b)));
                let (a64, b64) = (k64.from_words(&words(a)), k64.from_words(&words(b)));
                let check = |what: &str, x30: radix30::Elem<$n30>, x64: native64::Elem<$n64>, expected: BigUint| {
                    assert_eq!(big(&k30.to_words(&x30)), expected, "radix30 {what} of {a} and {b}");
                    assert_eq!(big(&k64.to_words(&x64)), expected, "native64 {what} of {a} and {b}");
                };
                check("add", k30.add(&a30, &b30), k64.add(&a64, &b64), (a + b) % &m);
                check("sub", k30.sub(&a30, &b30), k64.sub(&a64, &b64), (a + &m - b) % &m);
                check("neg", k30.neg(&a30), k64.neg(&a64), (&m - a) % &m);
                check("mul", k30.mul(&a30, &b30), k64.mul(&a64, &b64), (a * b) % &m);
                check("square", k30.square(&a30), k64.square(&a64), (a * a) % &m);
                // The Fp2-shaped product (u² = -1) with a third and fourth operand.
                let c = &values[(i * 104_729 + 7) % values.len()];
                let d = &values[(i * 15_485_863 + 3) % values.len()];
                let (c30, d30) = (k30.from_words(&words(c)), k30.from_words(&words(d)));
                let (c64, d64) = (k64.from_words(&words(c)), k64.from_words(&words(d)));
                let (x30, y30) = k30.mul_quadratic(&a30, &b30, &c30, &d30);
                let (x64, y64) = k64.mul_quadratic(&a64, &b64, &c64, &d64);
                check("quadratic.0", x30, x64, (a * c + &m * &m - b * d) % &m);
                check("quadratic.1", y30, y64, (a * d + b * c) % &m);
                let (x30, y30) = k30.mul2(&a30, &b30, &c30, &d30);
                let (x64, y64) = k64.mul2(&a64, &b64, &c64, &d64);
                check("mul2.0", x30, x64, (a * b) % &m);
                check("mul2.1", y30, y64, (c * d) % &m);
                // The unrolled kernels against the loops they were generated from.
                check("mul_loops", k30.mul_loops(&a30, &b30), k64.mul(&a64, &b64), (a * b) % &m);
                check("square_loops", k30.square_loops(&a30), k64.square(&a64), (a * a) % &m);
                // Chains keep the partial-reduction bounds: (a·b + a)² - b.
                let c30 = k30.sub(&k30.square(&k30.add(&k30.mul(&a30, &b30), &a30)), &b30);
                let c64 = k64.sub(&k64.square(&k64.add(&k64.mul(&a64, &b64), &a64)), &b64);
                let t = (a * b + a) % &m;
                check("chain", c30, c64, (&t * &t + &m - b) % &m);
                // Small multiples, of reduced values and of sums just below 2p.
                let sum30 = k30.add(&a30, &b30);
                let sum64 = k64.add(&a64, &b64);
                for k in [0u64, 1, 2, 3, 8, 12, 24, 63, 64] {
                    check("mul_small", k30.mul_small(&a30, k), k64.mul_small(&a64, k), (a * k) % &m);
                    let x30 = k30.mul_small(&sum30, k);
                    check("mul_small of a sum", x30, k64.mul_small(&sum64, k), ((a + b) * k) % &m);
                    // The result is a valid input: below 2p, so chains stay exact.
                    check(
                        "mul_small then square",
                        k30.square(&x30),
                        k64.square(&k64.mul_small(&sum64, k)),
                        ((a + b) * k) % &m * ((a + b) * k) % &m,
                    );
                    assert!(x30.value_below_2p(&k30), "radix30 mul_small bound, k = {k}");
                    // 2a reaches 2p - 2 for a = p - 1, the largest input there is.
                    let y30 = k30.mul_small(&k30.add(&a30, &a30), k);
                    check("mul_small of 2a", y30, k64.mul_small(&k64.add(&a64, &a64), k), (a * 2u32 * k) % &m);
                    assert!(y30.value_below_2p(&k30));
                }
                // Small linear combinations, of reduced values and of sums just below 2p.
                for (ka, kb, kc) in [
                    (1i64, 1i64, 0i64),
                    (1, -1, 0),
                    (2, -3, 6),
                    (-6, 3, -2),
                    (3, 0, -2),
                    (-16, -16, 0),
                    (8, 8, 16),
                    (-32, 31, -1),
                    (20, 20, 24),
                    (0, 0, 0),
                    (-1, 0, 0),
                ] {
                    let signed = |k: i64, x: &BigUint| -> BigUint {
                        let kx = x * BigUint::from(k.unsigned_abs()) % &m;
                        if k < 0 {
                            (&m - kx) % &m
                        } else {
                            kx
                        }
                    };
                    let (c30, c64) = (k30.add(&a30, &b30), k64.add(&a64, &b64));
                    let cbig = (a + b) % &m;
                    let expected = (signed(ka, a) + signed(kb, b) + signed(kc, &cbig)) % &m;
                    let x30 = k30.lincomb([(&a30, ka), (&b30, kb), (&c30, kc)]);
                    check("lincomb", x30, k64.lincomb([(&a64, ka), (&b64, kb), (&c64, kc)]), expected);
                    assert!(x30.value_below_2p(&k30), "radix30 lincomb bound");
                    let big2 = k30.add(&a30, &a30);
                    let y30 = k30.lincomb([(&big2, ka), (&big2, kb), (&big2, kc)]);
                    let twice = (a * 2u32) % &m;
                    let expected = (signed(ka, &twice) + signed(kb, &twice) + signed(kc, &twice)) % &m;
                    check(
                        "lincomb near 2p",
                        y30,
                        k64.lincomb([
                            (&k64.add(&a64, &a64), ka),
                            (&k64.add(&a64, &a64), kb),
                            (&k64.add(&a64, &a64), kc),
                        ]),
                        expected,
                    );
                    assert!(y30.value_below_2p(&k30));
                }
                // Unreduced sums feeding a multiplication: the product is exact and reduced.
                let big2 = k30.add(&a30, &a30);
                let lazy = k30.lincomb_unreduced([(&big2, 1), (&b30, 1), (&a30, -2)]);
                let lazy64 = k64.lincomb_unreduced([(&k64.add(&a64, &a64), 1), (&b64, 1), (&a64, -2)]);
                check("mul of unreduced", k30.mul(&lazy, &lazy), k64.mul(&lazy64, &lazy64), (b * b) % &m);
                let p30 = k30.mul(&lazy, &lazy);
                assert!(p30.value_below_2p(&k30));
                let (x30, y30) = k30.mul_quadratic(&lazy, &lazy, &big2, &lazy);
                let (x64, y64) = k64.mul_quadratic(&lazy64, &lazy64, &k64.add(&a64, &a64), &lazy64);
                let two_a = (a * 2u32) % &m;
                check("quadratic of unreduced.0", x30, x64, (b * &two_a + &m * &m - b * b) % &m);
                check("quadratic of unreduced.1", y30, y64, (b * b + b * &two_a) % &m);
                if i % 10 == 0 {
                    let expected = if *a == BigUint::from(0u32) { None } else { Some(a.modpow(&(&m - 2u32), &m)) };
                    assert_eq!(
                        k30.invert_vartime(&a30).map(|x| big(&k30.to_words(&x))),
                        expected,
                        "radix30 invert {a}"
                    );
                    assert_eq!(
                        k64.invert_vartime(&a64).map(|x| big(&k64.to_words(&x))),
                        expected,
                        "native64 invert {a}"
                    );
                    assert_eq!(k30.invert_fixed(&a30).map(|x| big(&k30.to_words(&x))), expected, "radix30 fixed {a}");
                    assert_eq!(k64.invert_fixed(&a64).map(|x| big(&k64.to_words(&x))), expected, "native64 fixed {a}");
                }
                assert_eq!(k30.eq(&a30, &b30), a == b);
                assert_eq!(k64.eq(&a64, &b64), a == b);
                assert_eq!(k30.is_zero(&k30.sub(&a30, &a30)), true);
                assert_eq!(k30.is_zero(&a30), *a == BigUint::from(0u32));
                assert_eq!(k64.is_zero(&a64), *a == BigUint::from(0u32));
            }
            // Constants made at compile time agree with run-time conversion.
            for v in &values[..100] {
                assert!(k30.eq(&k30.from_words_const(&words(v)), &k30.from_words(&words(v))));
                assert!(k64.eq(&k64.from_words_const(&words(v)), &k64.from_words(&words(v))));
            }
            assert_eq!(big(&k30.to_words(&k30.one())), BigUint::from(1u32));
            assert_eq!(big(&k64.to_words(&k64.one())), BigUint::from(1u32));
        }
    };
}

kernels_agree!(fp_kernels_agree_with_big_integers, P_WORDS, 13, 6);
kernels_agree!(fr_kernels_agree_with_big_integers, R_WORDS, 9, 4);

/// Values with long runs of zero and one bits at every offset (and their complements below `m`),
/// the inputs on which the binary GCD's approximations are least accurate.
fn bit_runs(m: &BigUint) -> Vec<BigUint> {
    let one = BigUint::from(1u32);
    let top = m.bits() as usize;
    let mut out = Vec::new();
    for run in [1usize, 2, 7, 29, 30, 31, 33, 34, 35, 63, 64, 65, 100, 200] {
        for start in (0..top).step_by(13) {
            let ones = ((&one << run.min(top - start)) - 1u32) << start;
            // A run of ones, a run of zeros in all ones, alternating runs.
            let mut alternating = BigUint::from(0u32);
            let mut bit = start;
            while bit < top {
                alternating |= ((&one << run.min(top - bit)) - 1u32) << bit;
                bit += 2 * run;
            }
            for v in [ones.clone(), ((&one << top) - 1u32) ^ &ones, alternating] {
                let v = v % m;
                out.push(m - &v - 1u32);
                out.push(v);
            }
        }
    }
    out
}

macro_rules! inversions_agree {
    ($name:ident, $modulus:expr, $n30:literal, $n64:literal) => {
        /// Both inversions (variable time and fixed time) of both kernels against Fermat, on
        /// edge values, runs of bits and random values; zero has no inverse.
        #[test]
        fn $name() {
            let k30 = radix30::Params::<$n30>::new(&$modulus);
            let k64 = native64::Params::<$n64>::new(&$modulus);
            let m = big(&$modulus);
            let mut values = edge_values(&m, &[30 * $n30, 64 * $n64]);
            values.extend(bit_runs(&m));
            let mut state = 7;
            for _ in 0..2_000 {
                values.push(random_below(&mut state, &m));
            }
            for a in &values {
                let expected = if *a == BigUint::from(0u32) { None } else { Some(a.modpow(&(&m - 2u32), &m)) };
                let (a30, a64) = (k30.from_words(&words(a)), k64.from_words(&words(a)));
                let r30 = |x: Option<radix30::Elem<$n30>>| x.map(|x| big(&k30.to_words(&x)));
                let r64 = |x: Option<native64::Elem<$n64>>| x.map(|x| big(&k64.to_words(&x)));
                assert_eq!(r30(k30.invert_vartime(&a30)), expected, "radix30 vartime {a}");
                assert_eq!(r30(k30.invert_fixed(&a30)), expected, "radix30 fixed {a}");
                assert_eq!(r64(k64.invert_vartime(&a64)), expected, "native64 vartime {a}");
                assert_eq!(r64(k64.invert_fixed(&a64)), expected, "native64 fixed {a}");
                // The same element in [p, 2p): radix30's partially reduced form.
                if let Some(high) = a30.plus_p(&k30) {
                    assert_eq!(r30(k30.invert_vartime(&high)), expected, "radix30 vartime {a} + p");
                    assert_eq!(r30(k30.invert_fixed(&high)), expected, "radix30 fixed {a} + p");
                }
            }
        }
    };
}

inversions_agree!(fp_inversions_agree_with_fermat, P_WORDS, 13, 6);
inversions_agree!(fr_inversions_agree_with_fermat, R_WORDS, 9, 4);
