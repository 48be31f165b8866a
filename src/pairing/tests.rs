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

/// `G2Prepared::from_compressed` reads the subgroup check off the lines' last point: it
/// accepts and prepares what `G2Affine::from_compressed` accepts, and refuses with the same
/// error the points of the curve outside G2 (the last point is `[|z|]Q` there too, by the
/// complete formulas), the identity and bad encodings included.
#[test]
fn compressed_points_prepared_with_their_subgroup_check() {
    use crate::{Fp, Fp2, Fr, G2Projective};
    let mut encodings = alloc::vec![G2Affine::identity().to_compressed(), [0xff; 96], [0u8; 96]];
    for k in [1u64, 2, 7, 0xd201_0000_0001_0000, u64::MAX] {
        encodings.push(G2Projective::generator().mul_vartime(&Fr::from_u64(k)).to_affine().to_compressed());
    }
    let mut outside = 0;
    let mut x = Fp2::new(Fp::from_u64(1), Fp::from_u64(2));
    while outside < 8 {
        let b = Fp2::new(Fp::from_u64(4), Fp::from_u64(4));
        if let Some(y) = (x.square() * x + b).sqrt() {
            let p = G2Affine::from_xy_unchecked(x, y).unwrap();
            assert!(!p.is_torsion_free());
            encodings.push(p.to_compressed());
            outside += 1;
        }
        x = x + Fp2::ONE;
    }
    for bytes in &encodings {
        match (G2Prepared::from_compressed(bytes), G2Affine::from_compressed(bytes)) {
            (Ok((q, lines)), Ok(expected)) => {
                assert_eq!(q, expected);
                assert!(lines == G2Prepared::new(&expected));
            }
            (Err(e), Err(expected)) => assert_eq!(e, expected),
            (fused, plain) => panic!("{bytes:x?}: {:?} against {plain:?}", fused.map(|(q, _)| q)),
        }
    }
}
