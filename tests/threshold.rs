//! Threshold BLS against `blst`: shares of random polynomials signed and combined by icbls
//! give the signature `blst` makes with the shared key itself, byte for byte, in both variants
//! and at the Internet Computer's subnet sizes (13 of 34 and 27 of 40, node i at x = i + 1);
//! share public keys from the public coefficients are `blst`'s keys of the share secrets.

use icbls_testkit::library as common;

use common::{scalar, Rng};
use icbls::bls::threshold::{combine, PublicCoefficients, ShareIndex};
use icbls::bls::{min_pk, min_sig, MinPk, MinSig, SecretKey};
use icbls::{Fr, G1Projective, G2Projective};

fn evaluate(f: &[Fr], x: u64) -> Fr {
    f.iter().rev().fold(Fr::ZERO, |acc, c| acc * Fr::from_u64(x) + *c)
}

fn key(v: Fr) -> SecretKey {
    SecretKey::from_bytes(&v.to_bytes()).unwrap()
}

/// `t` distinct node indices out of `n`, in random order.
fn nodes(rng: &mut Rng, n: u32, t: usize) -> Vec<u32> {
    let mut all: Vec<u32> = (0..n).collect();
    for i in (1..all.len()).rev() {
        all.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    all.truncate(t);
    all
}

#[test]
fn combined_min_sig_signatures_are_blsts_signatures_of_the_shared_key() {
    let mut rng = Rng::new(0x7e5);
    for (round, (n, t)) in [(34u32, 13usize), (40, 27), (4, 1), (7, 7), (10, 4)].into_iter().enumerate() {
        let f: Vec<Fr> = (0..t).map(|_| scalar(&mut rng)).collect();
        let msg = format!("round {round}").into_bytes();
        let coefficients = PublicCoefficients::<MinSig>::from_bytes(
            &f.iter().map(|c| G2Projective::generator().mul_vartime(c).to_affine().to_compressed()).collect::<Vec<_>>(),
        )
        .unwrap();
        let shares: Vec<_> = nodes(&mut rng, n, t)
            .into_iter()
            .map(|node| {
                let index = ShareIndex::from_node_index(node);
                (index, min_sig::sign(&key(evaluate(&f, index.x())), &msg))
            })
            .collect();
        let theirs = blst::min_sig::SecretKey::from_bytes(&f[0].to_bytes()).unwrap();
        let expected = theirs.sign(&msg, min_sig::DST, &[]).compress();
        assert_eq!(combine(&shares, t).unwrap().to_bytes(), expected, "{t} of {n}");
        assert_eq!(coefficients.public_key().unwrap().to_bytes(), theirs.sk_to_pk().compress());
        let (index, share) = shares[0];
        let their_share = blst::min_sig::SecretKey::from_bytes(&evaluate(&f, index.x()).to_bytes()).unwrap();
        assert_eq!(coefficients.share_public_key(index).unwrap().to_bytes(), their_share.sk_to_pk().compress());
        coefficients.verify_share(index, &msg, &share, min_sig::DST).unwrap();
    }
}

#[test]
fn combined_min_pk_signatures_are_blsts_signatures_of_the_shared_key() {
    let mut rng = Rng::new(0x7e6);
    for (n, t) in [(34u32, 13usize), (9, 5), (3, 2)] {
        let f: Vec<Fr> = (0..t).map(|_| scalar(&mut rng)).collect();
        let msg = b"attested header";
        let coefficients = PublicCoefficients::<MinPk>::from_points(
            f.iter().map(|c| G1Projective::generator().mul_vartime(c).to_affine()).collect(),
        )
        .unwrap();
        let shares: Vec<_> = nodes(&mut rng, n, t)
            .into_iter()
            .map(|node| {
                let index = ShareIndex::from_node_index(node);
                (index, min_pk::sign(&key(evaluate(&f, index.x())), msg))
            })
            .collect();
        let theirs = blst::min_pk::SecretKey::from_bytes(&f[0].to_bytes()).unwrap();
        assert_eq!(combine(&shares, t).unwrap().to_bytes(), theirs.sign(msg, min_pk::DST, &[]).compress());
        assert_eq!(coefficients.public_key().unwrap().to_bytes(), theirs.sk_to_pk().compress());
        for (index, share) in &shares {
            coefficients.verify_share(*index, msg, share, min_pk::DST).unwrap();
        }
    }
}
