//! The endomorphism constants against their definitions, and the constant-time multiplications
//! built on them against the plain window chain.

use super::g1::{BETA_LAMBDA, BETA_MINUS_Z2};
use super::g2::{PSI2_X, PSI_X, PSI_Y};
use super::scalar::{LAMBDA, X};
use crate::fields::words::shr;
use crate::{Fp, Fp2, Fr, G1Projective, G2Projective};

fn fr_u128(v: u128) -> Fr {
    Fr::from_u64((v >> 64) as u64) * Fr::from_u64(1 << 32) * Fr::from_u64(1 << 32) + Fr::from_u64(v as u64)
}

#[test]
fn g1_cube_roots_and_their_eigenvalues() {
    for beta in [BETA_LAMBDA, BETA_MINUS_Z2] {
        assert!(beta != Fp::ONE && beta.square() * beta == Fp::ONE);
    }
    assert_eq!(BETA_LAMBDA, BETA_MINUS_Z2.square());
    let g = G1Projective::generator();
    let phi = |beta: Fp| {
        let mut p = g;
        p.0.x *= beta;
        p
    };
    assert_eq!(phi(BETA_LAMBDA), g.mul_vartime(&fr_u128(LAMBDA)));
    let x = Fr::from_u64(X);
    assert_eq!(phi(BETA_MINUS_Z2), g.mul_vartime(&-(x * x)));
    // λ = z² - 1 and r = λ² + λ + 1.
    assert_eq!(fr_u128(LAMBDA), x * x - Fr::ONE);
    assert!(fr_u128(LAMBDA).square() + fr_u128(LAMBDA) + Fr::ONE == Fr::ZERO);
}

#[test]
fn psi_constants_match_their_definitions() {
    let xi = Fp2::new(Fp::ONE, Fp::ONE);
    let p_minus_1 = (-Fp::ONE).to_words();
    let third = {
        // (p - 1)/3 by long division of the words.
        let mut out = [0u64; 6];
        let mut rem = 0u128;
        for i in (0..6).rev() {
            let cur = (rem << 64) | p_minus_1[i] as u128;
            out[i] = (cur / 3) as u64;
            rem = cur % 3;
        }
        assert_eq!(rem, 0);
        out
    };
    assert_eq!(PSI_X, xi.pow_vartime(&third).invert_vartime().unwrap());
    assert_eq!(PSI_Y, xi.pow_vartime(&shr(p_minus_1, 1)).invert_vartime().unwrap());
    let g = G2Projective::generator();
    // ψ multiplies by z = -|z| on G2, ψ² by z².
    assert_eq!(g.psi(), -g.mul_by_x_abs());
    assert_eq!(g.psi2(), g.psi().psi());
    assert_eq!(PSI2_X.square() * PSI2_X, Fp::ONE);
}

/// Scalars on the splits' edges (zero, one, r − 1, λ and its neighbours, powers of x) and
/// pseudo-random ones.
fn edge_and_random_scalars() -> alloc::vec::Vec<Fr> {
    let x = Fr::from_u64(X);
    let mut scalars = alloc::vec![
        Fr::ZERO,
        Fr::ONE,
        -Fr::ONE,
        fr_u128(LAMBDA),
        fr_u128(LAMBDA) - Fr::ONE,
        fr_u128(LAMBDA) + Fr::ONE,
        x,
        x - Fr::ONE,
        x * x,
        x * x * x,
        x * x * x - Fr::ONE,
        -(x * x * x),
        fr_u128(u128::MAX),
    ];
    let mut seed = [7u8; 64];
    for i in 0..24u8 {
        seed[i as usize] = seed[i as usize].wrapping_mul(31).wrapping_add(i);
        scalars.push(Fr::from_be_bytes_wide(&seed));
        seed.rotate_left(5);
    }
    scalars
}

#[test]
fn constant_time_multiplications_equal_the_plain_window_chain() {
    use super::mul::mul_constant_time as plain;
    let g1 = G1Projective::generator().mul_vartime(&Fr::from_u64(0x1234_5678_9abc));
    let g2 = G2Projective::generator().mul_vartime(&Fr::from_u64(0x0fed_cba9_8765));
    for k in edge_and_random_scalars() {
        let words = k.to_words();
        for p in [g1, G1Projective::identity(), G1Projective::generator()] {
            let expected = G1Projective(plain(&p.0, &words));
            assert_eq!(p.mul_constant_time(&k), expected, "G1, k = {k:?}");
            assert_eq!(p.mul_vartime(&k), expected, "G1 vartime, k = {k:?}");
        }
        for p in [g2, G2Projective::identity(), G2Projective::generator()] {
            let expected = G2Projective(plain(&p.0, &words));
            assert_eq!(p.mul_constant_time(&k), expected, "G2, k = {k:?}");
            assert_eq!(p.mul_vartime(&k), expected, "G2 vartime, k = {k:?}");
        }
    }
}

/// The affine chord addition against the complete projective one, on the exceptional pairs
/// (equal, opposite, the identity on either side) and on points outside the subgroup.
#[test]
fn affine_additions_match_projective_ones() {
    use super::point::Affine;
    fn check<F: super::coordinate::Coordinate>(points: &[Affine<F>]) {
        let with_edges: alloc::vec::Vec<Affine<F>> =
            points.iter().flat_map(|p| [*p, p.neg()]).chain([Affine::IDENTITY]).collect();
        for p in &with_edges {
            for q in &with_edges {
                let expected = p.to_point().add_affine(q).to_affine_vartime();
                assert_eq!(p.add_vartime(q), expected, "{p:?} + {q:?}");
            }
        }
    }
    let g1 = |k: u64| G1Projective::generator().mul_vartime(&Fr::from_u64(k)).to_affine_vartime().0;
    let g2 = |k: u64| G2Projective::generator().mul_vartime(&Fr::from_u64(k)).to_affine_vartime().0;
    // On the curve, outside the subgroup: the first x from 1 up with y² = x³ + b a square.
    let g1_outside = (1..)
        .find_map(|x| {
            let x = Fp::from_u64(x);
            (x.square() * x + Fp::from_u64(4)).sqrt().map(|y| Affine { x, y, infinity: false })
        })
        .unwrap();
    let g2_outside = (1..)
        .find_map(|x| {
            let x = Fp2::new(Fp::from_u64(x), Fp::ONE);
            (x.square() * x + Fp2::new(Fp::from_u64(4), Fp::from_u64(4))).sqrt().map(|y| Affine {
                x,
                y,
                infinity: false,
            })
        })
        .unwrap();
    assert!(!crate::G1Affine(g1_outside).is_torsion_free() && !crate::G2Affine(g2_outside).is_torsion_free());
    check(&[g1(1), g1(2), g1(0x1234_5678_9abc), g1_outside]);
    check(&[g2(1), g2(3), g2(0xfedc_ba98), g2_outside]);
}

/// The x-only end of G1's subgroup check (`G1Projective::torsion_free_x_odd_multiple`): it
/// passes the points with `[z²]P = ±φ(P)`. The sign `+` is the kernel of `φ - z²`, of norm
/// `z⁴ + z² + 1`; on E(Fp) that kernel's order divides `gcd(z⁴ + z² + 1, #E(Fp))`, which is 3
/// (computed here), and it holds (0, ±2): φ fixes them and z² ≡ 1 (mod 3). The check rejects
/// them explicitly, and with them every `G + T` (G in G1, T of order 3), which the x-only
/// comparison already rejects unless G = O.
#[test]
fn x_only_subgroup_check_rejects_order_3_points() {
    use num_bigint::{BigInt, BigUint};
    let z = -BigInt::from(X);
    let r = z.pow(4) - z.pow(2) + 1u32;
    let h = (&z - 1u32).pow(2) / 3u32;
    let mut a = (z.pow(4) + z.pow(2) + 1u32).magnitude().clone();
    let mut b: BigUint = (h * r).magnitude().clone();
    while b != BigUint::ZERO {
        (a, b) = (b.clone(), a % b);
    }
    assert_eq!(a, BigUint::from(3u32));
    for y in [Fp::from_u64(2), -Fp::from_u64(2)] {
        let t = crate::G1Affine::from_xy_unchecked(Fp::ZERO, y).unwrap();
        let t = G1Projective::from(t);
        assert!((t + t + t).is_identity() && !t.is_identity());
        assert!(!t.is_torsion_free(), "(0, ±2) is not in G1");
        for k in [1u64, 2, 0xabcdef] {
            let g = G1Projective::generator().mul_vartime(&Fr::from_u64(k));
            assert!(!(g + t).is_torsion_free() && !(g - t).is_torsion_free());
            assert!(g.is_torsion_free() && (g + t + t + t).is_torsion_free());
        }
    }
}
