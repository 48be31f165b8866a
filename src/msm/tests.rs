use super::pippenger::{best_method, signed_digits, Method};
use super::{G1_AFFINE_COSTS, G2_AFFINE_COSTS};

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
    for (costs, bits) in [(G1_AFFINE_COSTS, 128), (G2_AFFINE_COSTS, 64)] {
        assert_eq!(best_method(1, bits, costs), Method::Straus);
        let c = |n| match best_method(n, bits, costs) {
            Method::BatchAffine(c) | Method::Projective(c) => c,
            Method::Straus => 0,
        };
        assert!(c(1024) <= c(10_000) && c(10_000) <= c(100_000) && c(100_000) <= c(1_000_000));
        assert!(c(1024) > 0);
    }
}

/// The methods the bench sizes get (`cargo test --release -p icbls msm::tests::methods -- --nocapture`).
#[test]
fn methods_of_the_bench_sizes() {
    extern crate std;
    for (group, costs, bits, per_point) in [("G1", G1_AFFINE_COSTS, 128, 2), ("G2", G2_AFFINE_COSTS, 64, 4)] {
        for n in [1usize, 2, 4, 8, 16, 32, 64, 128, 1024] {
            std::println!("{group} {n:5} points: {:?}", best_method(per_point * n, bits, costs));
        }
    }
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

/// `Σ [k_i] P_i` by scalar multiplications, for short scalars `k_i` (below 2^128).
fn naive<F: crate::groups::coordinate::Coordinate>(
    points: &[crate::groups::point::Affine<F>],
    scalars: &[u128],
    mul: impl Fn(&crate::groups::point::Point<F>, &crate::Fr) -> crate::groups::point::Point<F>,
) -> crate::groups::point::Point<F> {
    use crate::Fr;
    let two64 = Fr::from_u64(1 << 32) * Fr::from_u64(1 << 32);
    let mut sum = crate::groups::point::Point::IDENTITY;
    for (p, &k) in points.iter().zip(scalars) {
        let k = Fr::from_u64((k >> 64) as u64) * two64 + Fr::from_u64(k as u64);
        sum = sum.add(&mul(&p.to_point(), &k));
    }
    sum
}

/// Inputs that stress the batch-affine buckets: `kind` 0 is random, 1 repeats a few points
/// (equal points meet in a bucket), 2 puts P beside -P with equal scalars (they cancel in a
/// bucket), 3 gives every point the same scalar (every window's digits in one bucket), 4 mixes
/// zero scalars, identity points and scalars with all bits set.
fn awkward_inputs<F: crate::groups::coordinate::Coordinate>(
    n: usize,
    kind: usize,
    bits: u32,
    seed: u64,
    random_point: impl Fn(u64) -> crate::groups::point::Affine<F>,
) -> (alloc::vec::Vec<crate::groups::point::Affine<F>>, alloc::vec::Vec<u128>) {
    use crate::groups::point::Affine;
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        state
    };
    let mask = if bits >= 128 { u128::MAX } else { (1u128 << bits) - 1 };
    let fixed = ((next() as u128) << 64 | next() as u128) & mask;
    let mut points: alloc::vec::Vec<Affine<F>> = alloc::vec::Vec::with_capacity(n);
    let mut scalars = alloc::vec::Vec::with_capacity(n);
    for i in 0..n {
        let random_scalar = ((next() as u128) << 64 | next() as u128) & mask;
        let (p, k) = match kind {
            1 => (random_point(i as u64 % 3), random_scalar),
            2 if i % 2 == 1 => (points[i - 1].neg(), scalars[i - 1]),
            2 => (random_point(next()), random_scalar),
            3 => (random_point(next()), fixed),
            4 => match i % 5 {
                0 => (random_point(next()), 0),
                1 => (Affine::IDENTITY, random_scalar),
                2 => (random_point(next()), mask),
                3 => (random_point(7), 1),
                _ => (random_point(7), random_scalar),
            },
            _ => (random_point(next()), random_scalar),
        };
        points.push(p);
        scalars.push(k);
    }
    (points, scalars)
}

#[test]
fn batch_affine_matches_the_naive_sum_on_g1() {
    use crate::{Fr, G1Projective};
    let point = |s: u64| G1Projective::generator().mul_vartime(&Fr::from_u64(s | 1)).0.to_affine_vartime();
    let mul = |p: &crate::groups::point::Point<crate::Fp>, k: &Fr| G1Projective(*p).mul_vartime(k).0;
    for (n, cs) in [(1usize, &[2u32, 4][..]), (2, &[2, 3]), (7, &[2, 3, 5]), (33, &[3, 4, 6]), (160, &[5, 7, 9])] {
        for kind in 0..5 {
            let (points, scalars) = awkward_inputs(n, kind, 128, 1000 + n as u64 + kind as u64, point);
            let expected = naive(&points, &scalars, mul);
            for &c in cs {
                let got = super::batch_affine::msm(&points, &scalars, 128, c);
                assert!(got.eq(&expected), "n = {n}, kind = {kind}, c = {c}");
            }
        }
    }
}

#[test]
fn batch_affine_matches_the_naive_sum_on_g2() {
    use crate::{Fr, G2Projective};
    let point = |s: u64| G2Projective::generator().mul_vartime(&Fr::from_u64(s | 1)).0.to_affine_vartime();
    let mul = |p: &crate::groups::point::Point<crate::Fp2>, k: &Fr| G2Projective(*p).mul_vartime(k).0;
    for (n, cs) in [(1usize, &[2u32][..]), (3, &[2, 3]), (20, &[3, 5]), (90, &[4, 6])] {
        for kind in 0..5 {
            let (points, scalars) = awkward_inputs(n, kind, 64, 2000 + n as u64 + kind as u64, point);
            let expected = naive(&points, &scalars, mul);
            for &c in cs {
                let got = super::batch_affine::msm(&points, &scalars, 64, c);
                assert!(got.eq(&expected), "n = {n}, kind = {kind}, c = {c}");
            }
        }
    }
}

#[test]
fn batch_affine_handles_sums_that_meet_in_the_tree() {
    use crate::{Fr, G1Projective};
    // P, P, 2P, -4P, Q with one scalar: the tree doubles (P + P), doubles again (2P + 2P) and
    // cancels (4P + -4P), and the bucket keeps Q.
    let g = G1Projective::generator().mul_vartime(&Fr::from_u64(5)).0;
    let q = G1Projective::generator().mul_vartime(&Fr::from_u64(11)).0;
    let affine = |p: crate::groups::point::Point<crate::Fp>| p.to_affine_vartime();
    let points = [affine(g), affine(g), affine(g.double()), affine(g.double().double().neg()), affine(q)];
    for k in [1u128, 3, 1 << 100] {
        let scalars = [k; 5];
        let expected = naive(&points, &scalars, |p, k| G1Projective(*p).mul_vartime(k).0);
        for c in 2..=6 {
            assert!(super::batch_affine::msm(&points, &scalars, 128, c).eq(&expected), "k = {k}, c = {c}");
        }
    }
}

/// The EIP-2537 MSM's split over `P, [x']P, [x²]P, [x²x']P` (the subgroup check's `[x']P`
/// kept) against the GLV one, with identities, zero scalars, `r - 1` and reduced 256-bit
/// scalars.
#[cfg(feature = "eth")]
#[test]
fn msm_with_x_odd_multiples_matches_msm() {
    use crate::{Fr, G1Affine, G1Projective};
    let mut state = 5u64;
    let mut next = || crate::fields::splitmix64(&mut state);
    for n in [2usize, 3, 17, 64] {
        let points: alloc::vec::Vec<G1Affine> = (0..n)
            .map(|i| match i % 9 {
                4 => G1Affine::identity(),
                _ => G1Projective::generator().mul_vartime(&Fr::from_u64(next())).to_affine_vartime(),
            })
            .collect();
        let scalars: alloc::vec::Vec<Fr> = (0..n)
            .map(|i| match i % 6 {
                0 => Fr::ZERO,
                1 => Fr::ZERO - Fr::ONE,
                2 => Fr::from_u64(next()),
                _ => {
                    let mut bytes = [0u8; 32];
                    for chunk in bytes.chunks_exact_mut(8) {
                        chunk.copy_from_slice(&next().to_be_bytes());
                    }
                    Fr::from_be_bytes_reduced(&bytes)
                }
            })
            .collect();
        let x_multiples: alloc::vec::Vec<_> = points
            .iter()
            .map(|p| {
                let xp = G1Projective::from(*p).torsion_free_x_odd_multiple().expect("in the subgroup");
                assert!(xp.to_point().eq(&crate::groups::mul::mul_u64(&p.0.to_point(), crate::groups::scalar::X_ODD)));
                G1Projective(xp.to_point())
            })
            .collect();
        let words: alloc::vec::Vec<[u64; 6]> = scalars.iter().map(Fr::to_words).collect();
        let got = G1Projective::msm_with_x_odd_multiples(&points, &x_multiples, &words);
        assert_eq!(got, G1Projective::msm(&points, &scalars).unwrap(), "n = {n}");
    }
}
