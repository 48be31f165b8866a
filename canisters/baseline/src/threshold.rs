//! Threshold BLS (min-sig) on zkcrypto `bls12_381`, as a canister would write it without
//! icbls: the same shares and coefficients as the bench canister's rows. Combining: Lagrange
//! coefficients at zero (one inversion each), then `Σ λ_i·σ_i` by one scalar multiplication per
//! share (the crate has no multi-scalar multiplication). Verifying a share: its public key by
//! Horner's rule over the public coefficients in G2, the message hashed to G1, and
//! `e(σ, G2) = e(H(m), pk_i)` as one two-pair product.

use bls12_381::hash_to_curve::{ExpandMsgXmd, HashToCurve};
use bls12_381::{multi_miller_loop, G1Affine, G1Projective, G2Affine, G2Prepared, G2Projective, Gt, Scalar};
use icbls_harness::{measure, MIN_SIG_DST};

/// The coefficients of a degree `t - 1` polynomial (the bench canister's).
fn polynomial(t: usize) -> Vec<Scalar> {
    (0..t as u64)
        .map(|k| Scalar::from(k + 11).pow_vartime(&[0x9e37_79b9_7f4a_7c15, 0x0123_4567_89ab_cdef, 3, 0]))
        .collect()
}

fn evaluate(f: &[Scalar], x: u64) -> Scalar {
    f.iter().rev().fold(Scalar::zero(), |acc, c| acc * Scalar::from(x) + c)
}

fn hash_message() -> G1Projective {
    <G1Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::hash_to_curve([&crate::MESSAGE[..]], MIN_SIG_DST)
}

/// `t` shares by the nodes `n - t, …, n - 1` of a subnet of `n` (node i holds x = i + 1), and the
/// shared key's signature.
fn shares(f: &[Scalar], n: u64) -> (Vec<(u64, G1Affine)>, G1Affine) {
    let h = hash_message();
    let shares = (n - f.len() as u64..n).map(|node| (node + 1, G1Affine::from(h * evaluate(f, node + 1)))).collect();
    (shares, G1Affine::from(h * f[0]))
}

/// `Σ λ_i(0)·σ_i` with `λ_i(0) = Π_{j≠i} x_j / (x_j − x_i)`.
fn combine(shares: &[(u64, G1Affine)]) -> Option<G1Affine> {
    let mut sum = G1Projective::identity();
    for (i, (xi, share)) in shares.iter().enumerate() {
        let (mut numerator, mut denominator) = (Scalar::one(), Scalar::one());
        for (j, (xj, _)) in shares.iter().enumerate() {
            if i != j {
                numerator *= Scalar::from(*xj);
                denominator *= Scalar::from(*xj) - Scalar::from(*xi);
            }
        }
        let lambda = numerator * Option::<Scalar>::from(denominator.invert())?;
        sum += share * lambda;
    }
    Some(G1Affine::from(sum))
}

fn combine_row(t: usize, n: u64) -> u64 {
    let (shares, expected) = shares(&polynomial(t), n);
    let mut combined = None;
    let count = measure(shares, |shares| combined = combine(shares));
    assert_eq!(combined, Some(expected), "threshold_combine: the shares combine into the shared key's signature");
    count
}

pub(crate) fn threshold_combine_13_of_34() -> u64 {
    combine_row(13, 34)
}

pub(crate) fn threshold_combine_27_of_40() -> u64 {
    combine_row(27, 40)
}

pub(crate) fn threshold_verify_share() -> u64 {
    let f = polynomial(13);
    let coefficients: Vec<G2Affine> = f.iter().map(|c| G2Affine::from(G2Projective::generator() * c)).collect();
    let (shares, _) = shares(&f, 34);
    let (x, share) = shares[0];
    let mut ok = false;
    let count = measure((coefficients, x, share), |(coefficients, x, share)| {
        let x = Scalar::from(*x);
        let key = coefficients.iter().rev().fold(G2Projective::identity(), |acc, c| acc * x + c);
        let h = G1Affine::from(<G1Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::hash_to_curve(
            [&crate::MESSAGE[..]],
            MIN_SIG_DST,
        ));
        let f = multi_miller_loop(&[
            (share, &G2Prepared::from(-G2Affine::generator())),
            (&h, &G2Prepared::from(G2Affine::from(key))),
        ]);
        ok = f.final_exponentiation() == Gt::identity();
    });
    assert!(ok, "threshold_verify_share: the share verifies");
    count
}
