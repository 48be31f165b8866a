//! Conversions to and from dfinity's `ic_bls12_381` (feature `ic_bls12_381`): both ways, on
//! random and edge values, with the operations of both libraries commuting with them.

use icbls_testkit::library as common;

use common::{scalar, Rng};
use ic_bls12_381 as ic;
use icbls::pairing::{pairing, Gt};
use icbls::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};

/// Edge scalars first (0, 1, -1, 2), then random ones.
fn scalars(rng: &mut Rng, n: usize) -> Vec<Fr> {
    let mut out = vec![Fr::from_u64(0), Fr::from_u64(1), -Fr::from_u64(1), Fr::from_u64(2)];
    out.extend((0..n).map(|_| scalar(rng)));
    out
}

#[test]
fn scalars_convert_both_ways() {
    let mut rng = Rng::new(2024);
    for k in scalars(&mut rng, 500) {
        let theirs = ic::Scalar::from(k);
        assert_eq!(theirs.to_bytes(), ff::PrimeField::to_repr(&k));
        assert_eq!(Fr::from(theirs), k);
        // Arithmetic commutes with the conversion.
        assert_eq!(ic::Scalar::from(k * k + k), theirs * theirs + theirs);
    }
}

#[test]
fn g1_points_convert_both_ways() {
    let mut rng = Rng::new(2025);
    for (i, k) in scalars(&mut rng, 200).into_iter().enumerate() {
        let ours = G1Projective::generator().mul_vartime(&k);
        let theirs = ic::G1Projective::generator() * ic::Scalar::from(k);
        assert_eq!(ic::G1Projective::from(ours), theirs, "case {i}");
        assert_eq!(G1Projective::from(theirs), ours, "case {i}");
        let affine = ours.to_affine_vartime();
        let theirs_affine = ic::G1Affine::from(affine);
        assert_eq!(theirs_affine.to_compressed(), affine.to_compressed(), "case {i}");
        assert_eq!(G1Affine::from(theirs_affine), affine, "case {i}");
    }
    assert!(bool::from(ic::G1Affine::from(G1Affine::identity()).is_identity()));
    assert!(G1Affine::from(ic::G1Affine::identity()).is_identity());
}

#[test]
fn g2_points_convert_both_ways() {
    let mut rng = Rng::new(2026);
    for (i, k) in scalars(&mut rng, 100).into_iter().enumerate() {
        let ours = G2Projective::generator().mul_vartime(&k);
        let theirs = ic::G2Projective::generator() * ic::Scalar::from(k);
        assert_eq!(ic::G2Projective::from(ours), theirs, "case {i}");
        assert_eq!(G2Projective::from(theirs), ours, "case {i}");
        let affine = ours.to_affine_vartime();
        let theirs_affine = ic::G2Affine::from(affine);
        assert_eq!(theirs_affine.to_compressed(), affine.to_compressed(), "case {i}");
        assert_eq!(G2Affine::from(theirs_affine), affine, "case {i}");
    }
    assert!(bool::from(ic::G2Affine::from(G2Affine::identity()).is_identity()));
    assert!(G2Affine::from(ic::G2Affine::identity()).is_identity());
}

#[test]
fn target_group_elements_convert_from_ic_bls12_381() {
    let mut rng = Rng::new(2027);
    let edge = [(G1Affine::identity(), G2Affine::generator()), (G1Affine::generator(), G2Affine::generator())];
    let random = (0..20).map(|_| {
        let p = G1Projective::generator().mul_vartime(&scalar(&mut rng)).to_affine_vartime();
        let q = G2Projective::generator().mul_vartime(&scalar(&mut rng)).to_affine_vartime();
        (p, q)
    });
    for (i, (p, q)) in edge.into_iter().chain(random).enumerate() {
        let theirs = ic::pairing(&p.into(), &q.into());
        let converted = Gt::from(theirs);
        assert_eq!(converted, pairing(&p, &q), "pair {i}");
        assert_eq!(converted.to_bytes(), theirs.to_bytes(), "pair {i}");
    }
    assert!(Gt::from(ic::Gt::identity()).is_identity());
}
