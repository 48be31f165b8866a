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

#[test]
fn normalized_lines_give_the_same_pairings() {
    for k in [1, 2, 17, 1 << 40] {
        let (p, q) = (g1(k + 3), g2(k));
        let plain = G2Prepared::new(&q);
        let normalized = G2Prepared::new_normalized(&q);
        assert!(normalized.normalized && !plain.normalized);
        assert!(normalized.lines.iter().all(|l| l.c0 == crate::Fp2::ONE));
        let a = multi_miller_loop(&[(&p, &plain)]);
        let b = multi_miller_loop(&[(&p, &normalized)]);
        // The loops differ by factors in Fp2, which the final exponentiation removes.
        assert_ne!(a, b);
        assert_eq!(a.final_exponentiation(), b.final_exponentiation());
        assert_eq!(b.final_exponentiation(), pairing(&p, &q));
        // Mixed in one loop, in either order, and with the built-in normalized generator.
        assert!(pairing_check_prepared(&[(&p, &normalized), (&-p, &plain)]));
        assert!(pairing_check_prepared(&[(&-p, &plain), (&p, &normalized)]));
        assert!(pairing_check_prepared(&[
            (&g1(k + 3), &G2Prepared::generator()),
            (&g1(k), &G2Prepared::neg_generator()),
            (&g1(3), &G2Prepared::neg_generator())
        ]));
    }
    assert!(G2Prepared::new_normalized(&G2Affine::identity()).is_identity());
}
