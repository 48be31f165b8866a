//! The constants: every isogeny maps points of E' onto E (random points), and Z is not a
//! square; the RFC vectors are in tests/hash_to_curve.rs.

use super::constants::*;
use super::sswu::isogeny;
use crate::groups::coordinate::Coordinate;
use crate::{Fp, Fp2};

fn on_e_prime_then_e<F: Coordinate>(
    a: &F,
    b: &F,
    xs: impl Iterator<Item = F>,
    iso: impl Fn(&F, &F) -> crate::groups::point::Point<F>,
) -> usize {
    let mut checked = 0;
    for x in xs {
        if let Some(y) = ((x.square() + *a) * x + *b).sqrt() {
            let p = iso(&x, &y);
            assert!(p.is_on_curve(), "the isogeny image is on E");
            assert!(!p.is_identity());
            checked += 1;
        }
    }
    checked
}

#[test]
fn isogenies_map_onto_the_curve() {
    let n = on_e_prime_then_e(
        &G1_SSWU_A,
        &G1_SSWU_B,
        (1..60u64).map(|i| Fp::from_u64(i * 7919).square() + Fp::from_u64(i)),
        |x, y| isogeny(x, y, &G1_ISO_X_NUM, &G1_ISO_X_DEN, &G1_ISO_Y_NUM, &G1_ISO_Y_DEN),
    );
    assert!(n >= 20, "{n} points checked");
    let n = on_e_prime_then_e(
        &G2_SSWU_A,
        &G2_SSWU_B,
        (1..60u64).map(|i| Fp2::new(Fp::from_u64(i * 31), Fp::from_u64(i + 5))),
        |x, y| isogeny(x, y, &G2_ISO_X_NUM, &G2_ISO_X_DEN, &G2_ISO_Y_NUM, &G2_ISO_Y_DEN),
    );
    assert!(n >= 20, "{n} points checked");
}

#[test]
fn z_is_not_a_square() {
    assert!(!G1_SSWU_Z.is_square());
    assert_eq!(G1_SSWU_Z, Fp::from_u64(11));
    assert!(!G2_SSWU_Z.is_square());
    assert_eq!(G2_SSWU_Z, -Fp2::new(Fp::from_u64(2), Fp::ONE));
    assert_eq!(G2_SSWU_A, Fp2::new(Fp::ZERO, Fp::from_u64(240)));
    assert_eq!(G2_SSWU_B, Fp2::new(Fp::from_u64(1012), Fp::from_u64(1012)));
}

#[test]
fn sqrt_hint_constants() {
    use super::sswu::{SQRT_MINUS_NORM_Z2_CUBED, SQRT_MINUS_Z1_CUBED};
    assert_eq!(SQRT_MINUS_Z1_CUBED.square(), -(G1_SSWU_Z.square() * G1_SSWU_Z));
    let n = G2_SSWU_Z.norm();
    assert_eq!(n, Fp::from_u64(5));
    assert_eq!(SQRT_MINUS_NORM_Z2_CUBED.square(), -(n.square() * n));
}

/// The paired maps share one inversion; their points are the single maps' ones, also when one
/// `u` has `tv1 = 0` (u = 0, the RFC's exceptional case) and the shared inversion fails.
#[test]
fn paired_maps_equal_single_maps() {
    use super::sswu::{map_to_curve, map_to_curve_pair};
    let mut state = 3u64;
    let mut next =
        || Fp::from_u64(crate::fields::splitmix64(&mut state)) * Fp::from_u64(crate::fields::splitmix64(&mut state));
    for case in 0..40 {
        let (a, b) = (next(), next());
        let u1 = match case {
            0 => [Fp::ZERO, a],
            1 => [a, Fp::ZERO],
            2 => [Fp::ZERO, Fp::ZERO],
            _ => [a, b],
        };
        let pair = map_to_curve_pair(&u1, &G1_SSWU_A, &G1_SSWU_B, &G1_SSWU_Z);
        for i in 0..2 {
            assert!(pair[i] == map_to_curve(&u1[i], &G1_SSWU_A, &G1_SSWU_B, &G1_SSWU_Z), "G1, case {case}");
        }
        let u2 = match case {
            0 => [Fp2::ZERO, Fp2::new(a, b)],
            1 => [Fp2::new(a, b), Fp2::ZERO],
            2 => [Fp2::ZERO, Fp2::ZERO],
            _ => [Fp2::new(a, b), Fp2::new(b, a)],
        };
        let pair = map_to_curve_pair(&u2, &G2_SSWU_A, &G2_SSWU_B, &G2_SSWU_Z);
        for i in 0..2 {
            assert!(pair[i] == map_to_curve(&u2[i], &G2_SSWU_A, &G2_SSWU_B, &G2_SSWU_Z), "G2, case {case}");
        }
    }
}
