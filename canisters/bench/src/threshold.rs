//! Bench rows of threshold BLS (min-sig, as IC subnets sign): combining t signature shares at
//! the IC's subnet sizes, and verifying one share against the public coefficients. The shares
//! are decoded before the measured region (verifying them, which a combiner does first, needs
//! them decoded anyway); the method checks the answer after measuring.

use icbls::bls::threshold::{combine, PublicCoefficients, ShareIndex};
use icbls::bls::{min_sig, MinSig};
use icbls::{Fr, G2Projective};
use icbls_harness::measure;

/// The coefficients of a degree `t - 1` polynomial.
fn polynomial(t: usize) -> Vec<Fr> {
    (0..t as u64)
        .map(|k| Fr::from_u64(k + 11).pow_vartime(&[0x9e37_79b9_7f4a_7c15, 0x0123_4567_89ab_cdef, 3]))
        .collect()
}

fn evaluate(f: &[Fr], x: u64) -> Fr {
    f.iter().rev().fold(Fr::ZERO, |acc, c| acc * Fr::from_u64(x) + *c)
}

/// `t` shares of `crate::MESSAGE` by the nodes `n - t, …, n - 1` of a subnet of `n`, and the
/// shared key's signature they must combine into.
fn shares(f: &[Fr], n: u32) -> (Vec<(ShareIndex, min_sig::Signature)>, min_sig::Signature) {
    let h = icbls::hash_to_curve::hash_to_g1(&crate::MESSAGE, min_sig::DST);
    let sign = |v: Fr| min_sig::Signature::from_point(h.mul_vartime(&v).to_affine_vartime()).expect("in the subgroup");
    let shares = (n - f.len() as u32..n)
        .map(|node| {
            let index = ShareIndex::from_node_index(node);
            (index, sign(evaluate(f, index.x())))
        })
        .collect();
    (shares, sign(f[0]))
}

fn combine_row(t: usize, n: u32) -> u64 {
    let (shares, expected) = shares(&polynomial(t), n);
    let mut combined = None;
    let count = measure(shares, |shares| combined = combine(shares, t).ok());
    assert_eq!(combined, Some(expected), "threshold_combine: the shares combine into the shared key's signature");
    count
}

/// Lagrange coefficients at zero for 13 nodes of a 34-node subnet, and one MSM of 13 G1 points.
pub(crate) fn threshold_combine_13_of_34() -> u64 {
    combine_row(13, 34)
}

/// As `threshold_combine_13_of_34`, 27 shares of a 40-node subnet.
pub(crate) fn threshold_combine_27_of_40() -> u64 {
    combine_row(27, 40)
}

/// One share of a 13-of-34 key: its public key from the 13 decoded public coefficients (Horner's
/// rule in G2), hashing to G1 and one pairing check.
pub(crate) fn threshold_verify_share() -> u64 {
    let f = polynomial(13);
    let points = f.iter().map(|c| G2Projective::generator().mul_vartime(c).to_affine_vartime()).collect();
    let coefficients = PublicCoefficients::<MinSig>::from_points(points).expect("13 coefficients");
    let (shares, _) = shares(&f, 34);
    let (index, share) = shares[0];
    let mut result = None;
    let count = measure((coefficients, index, share), |(coefficients, index, share)| {
        result = Some(coefficients.verify_share(*index, &crate::MESSAGE, share, min_sig::DST))
    });
    assert_eq!(result, Some(Ok(())), "threshold_verify_share: the share verifies");
    count
}
