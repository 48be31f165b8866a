use super::*;
use crate::bls::{min_pk, min_sig, MinPk, MinSig, SecretKey};
use crate::fields::splitmix64;
use crate::{G1Projective, G2Projective};

/// A polynomial of degree `t - 1` with pseudo-random coefficients from `seed`.
fn polynomial(seed: u64, t: usize) -> Vec<Fr> {
    let mut state = seed;
    (0..t).map(|_| Fr::from_u64(splitmix64(&mut state)) * Fr::from_u64(splitmix64(&mut state))).collect()
}

fn evaluate(f: &[Fr], x: u64) -> Fr {
    f.iter().rev().fold(Fr::ZERO, |acc, c| acc * Fr::from_u64(x) + *c)
}

fn key(v: Fr) -> SecretKey {
    SecretKey::from_bytes(&v.to_bytes()).unwrap()
}

/// Every `t`-subset of `n` shares (as bit masks).
fn subsets(n: usize, t: usize) -> impl Iterator<Item = Vec<usize>> {
    (0u32..1 << n)
        .filter(move |m| m.count_ones() as usize == t)
        .map(move |m| (0..n).filter(|i| m >> i & 1 == 1).collect())
}

#[test]
fn every_subset_combines_to_the_shared_keys_signature_min_sig() {
    let msg = b"certified data";
    for (seed, n, t) in [(1, 5, 3), (2, 4, 1), (3, 6, 6), (4, 7, 4)] {
        let f = polynomial(seed, t);
        let g2 = G2Projective::generator();
        let points: Vec<_> = f.iter().map(|c| g2.mul_vartime(c).to_affine()).collect();
        let coefficients = PublicCoefficients::<MinSig>::from_points(points).unwrap();
        assert_eq!(coefficients.threshold(), t);
        let expected = min_sig::sign(&key(f[0]), msg);
        let shares: Vec<_> = (0..n as u32)
            .map(|node| {
                let index = ShareIndex::from_node_index(node);
                (index, min_sig::sign(&key(evaluate(&f, index.x())), msg))
            })
            .collect();
        for (index, share) in &shares {
            assert_eq!(
                coefficients.share_public_key(*index).unwrap(),
                min_sig::PublicKey::from_secret_key(&key(evaluate(&f, index.x())))
            );
            coefficients.verify_share(*index, msg, share, min_sig::DST).unwrap();
            assert!(coefficients.verify_share(*index, b"other", share, min_sig::DST).is_err());
        }
        for subset in subsets(n, t) {
            let chosen: Vec<_> = subset.iter().map(|&i| shares[i]).collect();
            assert_eq!(combine(&chosen, t).unwrap(), expected, "n = {n}, t = {t}, subset {subset:?}");
        }
        min_sig::verify(&coefficients.public_key().unwrap(), msg, &expected).unwrap();
        // A share from elsewhere (another node's share under this index) breaks the result.
        if t > 1 {
            let mut wrong = shares[..t].to_vec();
            wrong[0].1 = shares[t - 1].1;
            let sig = combine(&wrong, t).unwrap();
            assert!(min_sig::verify(&coefficients.public_key().unwrap(), msg, &sig).is_err());
            assert!(coefficients.verify_share(wrong[0].0, msg, &wrong[0].1, min_sig::DST).is_err());
        }
    }
}

#[test]
fn every_subset_combines_to_the_shared_keys_signature_min_pk() {
    let msg = b"sync committee";
    let (n, t) = (5, 3);
    let f = polynomial(9, t);
    let points: Vec<_> = f.iter().map(|c| G1Projective::generator().mul_vartime(c).to_affine()).collect();
    let coefficients = PublicCoefficients::<MinPk>::from_points(points).unwrap();
    let shares: Vec<_> = (1..=n as u64)
        .map(|x| {
            let index = ShareIndex::new(x * 3).unwrap();
            (index, min_pk::sign(&key(evaluate(&f, index.x())), msg))
        })
        .collect();
    for (index, share) in &shares {
        coefficients.verify_share(*index, msg, share, min_pk::DST).unwrap();
    }
    let expected = min_pk::sign(&key(f[0]), msg);
    for subset in subsets(n, t) {
        let chosen: Vec<_> = subset.iter().map(|&i| shares[i]).collect();
        assert_eq!(combine(&chosen, t).unwrap(), expected);
    }
    // More shares than the threshold: the first t are used.
    assert_eq!(combine(&shares, t).unwrap(), expected);
    min_pk::verify(&coefficients.public_key().unwrap(), msg, &expected).unwrap();
}

#[test]
fn bad_indices_thresholds_and_coefficients_are_errors() {
    assert_eq!(ShareIndex::new(0), Err(ThresholdError::ZeroIndex));
    assert_eq!(ShareIndex::from_node_index(0).x(), 1);
    assert_eq!(ShareIndex::from_node_index(u32::MAX).x(), 1 << 32);
    let f = polynomial(5, 2);
    let sign = |x: u64| (ShareIndex::new(x).unwrap(), min_sig::sign(&key(evaluate(&f, x)), b"m"));
    let (a, b) = (sign(1), sign(2));
    assert_eq!(combine(&[a, a], 2), Err(ThresholdError::DuplicateIndex { x: 1 }));
    assert_eq!(combine(&[a], 2), Err(ThresholdError::TooFewShares { threshold: 2, given: 1 }));
    assert_eq!(combine::<MinSig>(&[], 1), Err(ThresholdError::TooFewShares { threshold: 1, given: 0 }));
    assert_eq!(combine(&[a, b], 0), Err(ThresholdError::ZeroThreshold));
    // A duplicate beyond the threshold is not used, so it does not matter.
    assert!(combine(&[a, b, a], 2).is_ok());
    assert_eq!(PublicCoefficients::<MinSig>::from_points(Vec::new()), Err(ThresholdError::NoCoefficients));
    let g2 = G2Projective::generator().to_affine().to_compressed();
    let mut bad = g2;
    bad[95] ^= 1;
    match PublicCoefficients::<MinSig>::from_bytes(&[&g2[..], &bad[..]]) {
        Err(ThresholdError::Coefficient { index: 1, .. }) => {}
        other => panic!("expected the second coefficient to fail, got {other:?}"),
    }
    assert!(matches!(
        PublicCoefficients::<MinSig>::from_bytes(&[&g2[..47]]),
        Err(ThresholdError::Coefficient { index: 0, error: crate::DecodeError::WrongLength { .. } })
    ));
    // An identity shared key is rejected as a public key.
    let identity = PublicCoefficients::<MinSig>::from_points(alloc::vec![crate::G2Affine::identity()]).unwrap();
    assert_eq!(identity.public_key(), Err(ThresholdError::Bls(BlsError::IdentityPublicKey)));
    assert!(!alloc::format!("{}", ThresholdError::DuplicateIndex { x: 3 }).is_empty());
}
