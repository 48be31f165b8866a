//! The `PrimeField` constants against their definitions, and the traits used generically.

use super::*;
use alloc::vec::Vec;
use group::CurveAffine;

fn pow2(x: Fr, k: u32) -> Fr {
    (0..k).fold(x, |acc, _| acc.square())
}

#[test]
fn prime_field_constants_match_their_definitions() {
    assert_eq!(Fr::TWO_INV * Fr::from_u64(2), Fr::ONE);
    assert_eq!(Fr::ROOT_OF_UNITY * Fr::ROOT_OF_UNITY_INV, Fr::ONE);
    // ROOT_OF_UNITY has order exactly 2^S.
    assert_eq!(pow2(Fr::ROOT_OF_UNITY, Fr::S), Fr::ONE);
    assert_eq!(pow2(Fr::ROOT_OF_UNITY, Fr::S - 1), -Fr::ONE);
    // t = (r - 1)/2^S = 2·T_MINUS_1_OVER_2 + 1; ROOT_OF_UNITY = 7^t, DELTA = 7^(2^S).
    let g = Fr::MULTIPLICATIVE_GENERATOR;
    let t_half = g.pow_vartime(&T_MINUS_1_OVER_2);
    assert_eq!(t_half.square() * g, Fr::ROOT_OF_UNITY);
    assert_eq!(pow2(g, Fr::S), Fr::DELTA);
    // 7 is not a square: 7^((r-1)/2) = -1.
    assert_eq!(pow2(Fr::ROOT_OF_UNITY, Fr::S - 1), -Fr::ONE);
    let m =
        Fr::from_str_vartime("52435875175126190479447740508185965837690552500527637822603658699938581184512").unwrap();
    assert_eq!(m, -Fr::ONE); // r - 1 in decimal
    assert!(bool::from(<Fr as PrimeField>::from_repr([0xff; 32]).is_none()));
}

#[test]
fn the_affine_types_are_prime_curve_affine() {
    fn prime_curve_affine<T: group::prime::PrimeCurveAffine>() {}
    prime_curve_affine::<G1Affine>();
    prime_curve_affine::<G2Affine>();
}

#[test]
fn field_and_group_traits_work_generically() {
    fn sum_of_squares<F: Field>(xs: &[F]) -> F {
        xs.iter().map(|x| x.square()).sum()
    }
    let xs: Vec<Fr> = (1..=4u64).map(Fr::from).collect();
    assert_eq!(sum_of_squares(&xs), Fr::from(30u64));
    for x in &xs {
        let s = <Fr as Field>::sqrt(&x.square()).unwrap();
        assert!(s == *x || s == -*x);
        assert_eq!(Fr::from_repr(x.to_repr()).unwrap(), *x);
    }
    fn generic_mul<G: Group>(k: u64) -> G {
        G::generator() * G::Scalar::from(k)
    }
    assert_eq!(generic_mul::<G1Projective>(3), G1Projective::generator().double() + G1Projective::generator());
    assert_eq!(generic_mul::<G2Projective>(2), G2Projective::generator().double());
    fn round_trip<C: Curve>(p: C) -> C
    where
        C::Affine: GroupEncoding,
    {
        let bytes = p.to_affine().to_bytes();
        <C::Affine as GroupEncoding>::from_bytes(&bytes).unwrap().to_curve()
    }
    let p = G1Projective::generator().double();
    assert_eq!(round_trip(p), p);
    let q = G2Projective::generator().double();
    assert_eq!(round_trip(q), q);
    assert!(bool::from(<G1Affine as GroupEncoding>::from_bytes(&G1Compressed([0u8; 48])).is_none()));
}

#[test]
fn pairing_traits_work_generically() {
    use pairing::{MillerLoopResult as _, MultiMillerLoop};
    fn check<E: MultiMillerLoop>() -> bool {
        let p = E::G1Affine::generator();
        let q = E::G2Affine::generator();
        let prepared = E::G2Prepared::from(q);
        let lhs = E::multi_miller_loop(&[(&p, &prepared)]).final_exponentiation();
        lhs == E::pairing(&p, &q) && lhs == E::Gt::generator() && bool::from((lhs - lhs).is_identity())
    }
    assert!(check::<Bls12>());
    let g = crate::pairing::Gt::generator();
    assert_eq!(g * Fr::from(3u64), g + g + g);
}
