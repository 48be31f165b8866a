use super::pippenger::{best_window, signed_digits};

#[test]
fn signed_digits_reconstruct() {
    let mut state = 7u64;
    for _ in 0..2000 {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        let k = (state as u128) << 64 | state.rotate_left(31) as u128;
        for c in 2..=16 {
            let w = 129u32.div_ceil(c);
            let mut d = alloc::vec![0i32; w as usize];
            signed_digits(k, c, w, &mut d);
            // Σ d_j·2^(cj), computed modulo 2^128 (the digits are bounded, so no other value fits).
            let v = d.iter().rev().fold(0u128, |acc, &x| acc.wrapping_shl(c).wrapping_add(x as i128 as u128));
            assert_eq!(v, k);
            assert!(d.iter().all(|x| x.abs() <= 1 << (c - 1)));
        }
    }
}

#[test]
fn window_grows_with_size() {
    assert_eq!(best_window(1, 128), None);
    let c = |n| best_window(n, 128).unwrap();
    assert!(c(1024) <= c(10_000) && c(10_000) <= c(100_000));
}

#[test]
fn every_window_and_both_methods_agree_on_small_inputs() {
    use crate::groups::point::{batch_to_affine, Affine, Point};
    use crate::{Fr, G1Projective};
    let mut state = 99u64;
    let mut next = || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        state
    };
    for n in [1usize, 2, 3, 10, 40] {
        let points: alloc::vec::Vec<Point<crate::Fp>> = (0..n)
            .map(|i| {
                if i % 7 == 3 {
                    Point::IDENTITY
                } else {
                    G1Projective::generator().mul_vartime(&Fr::from_u64(next())).0
                }
            })
            .collect();
        let mut affine = alloc::vec![Affine::IDENTITY; n];
        batch_to_affine(&points, &mut affine);
        let scalars: alloc::vec::Vec<u128> = (0..n)
            .map(|i| match i % 5 {
                0 => 0,
                1 => u128::MAX,
                _ => (next() as u128) << 64 | next() as u128,
            })
            .collect();
        let mut expected = Point::IDENTITY;
        for (p, &k) in points.iter().zip(&scalars) {
            let (hi, lo) = ((k >> 64) as u64, k as u64);
            let two64 = Fr::from_u64(1 << 32) * Fr::from_u64(1 << 32);
            let k = Fr::from_u64(hi) * two64 + Fr::from_u64(lo);
            expected = expected.add(&G1Projective(*p).mul_vartime(&k).0);
        }
        for c in 2..=10 {
            let got = super::pippenger::msm(&affine, &scalars, 128, c);
            assert!(got.eq(&expected), "n = {n}, c = {c}");
        }
        let points_affine: alloc::vec::Vec<Affine<crate::Fp>> = affine.clone();
        let tables: alloc::vec::Vec<[Point<crate::Fp>; 8]> =
            points_affine.iter().map(|p| crate::groups::mul::odd_multiples(&p.to_point())).collect();
        let digits: alloc::vec::Vec<[i8; 130]> = scalars.iter().map(|&k| crate::groups::scalar::wnaf(k, 5)).collect();
        assert!(crate::groups::mul::straus(&tables, &digits).eq(&expected), "straus, n = {n}");
    }
}
