use super::*;
use crate::{Fr, G1Projective, G2Projective};

fn g1(k: u64) -> G1Affine {
    G1Projective::generator().mul_vartime(&Fr::from_u64(k)).to_affine_vartime()
}

fn g2(k: u64) -> G2Affine {
    G2Projective::generator().mul_vartime(&Fr::from_u64(k)).to_affine_vartime()
}

#[test]
fn bilinear_and_non_degenerate() {
    let e = pairing(&G1Affine::generator(), &G2Affine::generator());
    assert!(!e.is_identity());
    assert_eq!(pairing(&g1(6), &G2Affine::generator()), pairing(&g1(2), &g2(3)));
    assert_eq!(pairing(&g1(5), &g2(7)), e.pow_vartime(&Fr::from_u64(35)));
    assert!(e.pow_vartime(&-Fr::ONE) * e == Gt::identity());
    assert!(pairing(&G1Affine::identity(), &G2Affine::generator()).is_identity());
}

#[test]
fn prepared_and_unprepared_loops_agree() {
    let (p, q) = (g1(11), g2(13));
    let a = miller::multi_miller_loop(&[(&p, &q)]);
    let b = miller::multi_miller_loop_prepared(&[(&p, &G2Prepared::new(&q))]);
    assert_eq!(a, b);
    assert!(pairing_check(&[(p, q), (-p, q)]));
    assert!(!pairing_check(&[(p, q), (p, q)]));
    assert!(pairing_check_prepared(&[(&p, &G2Prepared::new(&q)), (&p, &G2Prepared::new(&-q))]));
}

#[test]
fn gt_generator_is_the_pairing_of_the_generators() {
    assert_eq!(Gt::generator(), pairing(&G1Affine::generator(), &G2Affine::generator()));
}
