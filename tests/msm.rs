//! MSM against the naive sum of scalar multiplications (itself checked against zkcrypto in
//! tests/groups.rs), with the inputs that break careless bucket code: identity points, zero
//! scalars, repeated points, a point and its negation, and r - 1.

use icbls_testkit::library as common;

use common::{scalar, Rng};
use icbls::msm::LengthMismatch;
use icbls::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};

/// Inputs of size `n`, with every kind of awkward entry mixed in.
fn inputs<A: Copy, P: Copy + core::ops::Neg<Output = P>>(
    rng: &mut Rng,
    n: usize,
    random_point: impl Fn(&mut Rng) -> P,
    identity: P,
    to_affine: impl Fn(&[P]) -> Vec<A>,
) -> (Vec<A>, Vec<Fr>) {
    let mut points: Vec<P> = Vec::with_capacity(n);
    let mut scalars = Vec::with_capacity(n);
    for i in 0..n {
        let p = match i % 11 {
            3 => identity,
            5 if i > 0 => points[i - 1],
            7 if i > 0 => -points[i - 1],
            _ => random_point(rng),
        };
        let k = match i % 13 {
            4 => Fr::ZERO,
            6 => -Fr::ONE,
            8 if i > 0 => scalars[i - 1],
            9 => Fr::from_u64(1),
            _ => scalar(rng),
        };
        points.push(p);
        scalars.push(k);
    }
    (to_affine(&points), scalars)
}

fn g1_inputs(rng: &mut Rng, n: usize) -> (Vec<G1Affine>, Vec<Fr>) {
    inputs(
        rng,
        n,
        |r| G1Projective::generator().mul_vartime(&scalar(r)),
        G1Projective::identity(),
        |ps| {
            let mut out = vec![G1Affine::identity(); ps.len()];
            G1Projective::batch_normalize(ps, &mut out);
            out
        },
    )
}

fn g2_inputs(rng: &mut Rng, n: usize) -> (Vec<G2Affine>, Vec<Fr>) {
    inputs(
        rng,
        n,
        |r| G2Projective::generator().mul_vartime(&scalar(r)),
        G2Projective::identity(),
        |ps| {
            let mut out = vec![G2Affine::identity(); ps.len()];
            G2Projective::batch_normalize(ps, &mut out);
            out
        },
    )
}

fn sizes() -> Vec<usize> {
    (0..=64).chain([127, 128, 129, 1000]).collect()
}

#[test]
fn g1_msm_matches_the_naive_sum() {
    let mut rng = Rng::new(11);
    for n in sizes() {
        let (points, scalars) = g1_inputs(&mut rng, n);
        let naive: G1Projective = points.iter().zip(&scalars).map(|(p, k)| G1Projective::from(p).mul_vartime(k)).sum();
        assert_eq!(G1Projective::msm(&points, &scalars), Ok(naive), "n = {n}");
    }
}

#[test]
fn g2_msm_matches_the_naive_sum() {
    let mut rng = Rng::new(12);
    for n in sizes() {
        let (points, scalars) = g2_inputs(&mut rng, n);
        let naive: G2Projective = points.iter().zip(&scalars).map(|(p, k)| G2Projective::from(p).mul_vartime(k)).sum();
        assert_eq!(G2Projective::msm(&points, &scalars), Ok(naive), "n = {n}");
    }
}

#[test]
fn msm_matches_zkcrypto() {
    use bls12_381 as zk;
    let mut rng = Rng::new(13);
    for n in [1usize, 2, 16, 100] {
        let (points, scalars) = g1_inputs(&mut rng, n);
        let mut expected = zk::G1Projective::identity();
        for (p, k) in points.iter().zip(&scalars) {
            let mut le = k.to_bytes();
            le.reverse();
            expected +=
                zk::G1Affine::from_compressed(&p.to_compressed()).unwrap() * zk::Scalar::from_bytes(&le).unwrap();
        }
        let ours = G1Projective::msm(&points, &scalars).unwrap().to_affine_vartime();
        assert_eq!(ours.to_compressed(), zk::G1Affine::from(expected).to_compressed());
    }
}

#[test]
fn msm_rejects_mismatched_lengths() {
    let p = [G1Affine::generator(); 2];
    assert_eq!(G1Projective::msm(&p, &[Fr::ONE]), Err(LengthMismatch { points: 2, scalars: 1 }));
    assert_eq!(G2Projective::msm(&[], &[Fr::ONE]), Err(LengthMismatch { points: 0, scalars: 1 }));
    assert_eq!(G1Projective::msm(&[], &[]), Ok(G1Projective::identity()));
}
