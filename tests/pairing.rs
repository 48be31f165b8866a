//! The pairing against dfinity's `ic_bls12_381` (value and encoding), zkcrypto and `blst`
//! (pairing checks), and the EIP-2537 pairing vectors.

use icbls_testkit::library as common;

use bls12_381 as zk;
use common::{scalar, Rng};
use icbls::pairing::{multi_miller_loop, pairing, pairing_check, pairing_check_prepared, G2Prepared};
use icbls::{G1Affine, G1Projective, G2Affine, G2Projective};

fn g1(rng: &mut Rng) -> G1Affine {
    G1Projective::generator().mul_vartime(&scalar(rng)).to_affine_vartime()
}

fn g2(rng: &mut Rng) -> G2Affine {
    G2Projective::generator().mul_vartime(&scalar(rng)).to_affine_vartime()
}

#[test]
fn pairing_matches_ic_bls12_381_value_and_encoding() {
    let mut rng = Rng::new(21);
    for i in 0..1000 {
        let (p, q) = (g1(&mut rng), g2(&mut rng));
        let (p, q) = match i {
            0 => (G1Affine::identity(), q),
            1 => (p, G2Affine::identity()),
            2 => (G1Affine::generator(), G2Affine::generator()),
            _ => (p, q),
        };
        let theirs = ic_bls12_381::pairing(
            &ic_bls12_381::G1Affine::from_compressed(&p.to_compressed()).unwrap(),
            &ic_bls12_381::G2Affine::from_compressed(&q.to_compressed()).unwrap(),
        );
        assert_eq!(pairing(&p, &q).to_bytes(), theirs.to_bytes(), "pair {i}");
    }
}

fn zk_check(pairs: &[(G1Affine, G2Affine)]) -> bool {
    let prepared: Vec<(zk::G1Affine, zk::G2Prepared)> = pairs
        .iter()
        .map(|(p, q)| {
            (
                zk::G1Affine::from_compressed(&p.to_compressed()).unwrap(),
                zk::G2Prepared::from(zk::G2Affine::from_compressed(&q.to_compressed()).unwrap()),
            )
        })
        .collect();
    let refs: Vec<(&zk::G1Affine, &zk::G2Prepared)> = prepared.iter().map(|(p, q)| (p, q)).collect();
    zk::multi_miller_loop(&refs).final_exponentiation() == zk::Gt::identity()
}

fn blst_check(pairs: &[(G1Affine, G2Affine)]) -> bool {
    unsafe {
        let mut acc = *blst::blst_fp12_one();
        for (p, q) in pairs {
            let mut pa = blst::blst_p1_affine::default();
            let mut qa = blst::blst_p2_affine::default();
            assert_eq!(blst::blst_p1_uncompress(&mut pa, p.to_compressed().as_ptr()), blst::BLST_ERROR::BLST_SUCCESS);
            assert_eq!(blst::blst_p2_uncompress(&mut qa, q.to_compressed().as_ptr()), blst::BLST_ERROR::BLST_SUCCESS);
            if p.is_identity() || q.is_identity() {
                continue;
            }
            let mut ml = blst::blst_fp12::default();
            blst::blst_miller_loop(&mut ml, &qa, &pa);
            let prev = acc;
            blst::blst_fp12_mul(&mut acc, &prev, &ml);
        }
        let mut out = blst::blst_fp12::default();
        blst::blst_final_exp(&mut out, &acc);
        blst::blst_fp12_is_one(&out)
    }
}

#[test]
fn pairing_check_agrees_with_zkcrypto_and_blst() {
    let mut rng = Rng::new(22);
    for i in 0..300 {
        let (p, q) = (g1(&mut rng), g2(&mut rng));
        let k = scalar(&mut rng);
        let kp = G1Projective::from(p).mul_vartime(&k).to_affine_vartime();
        let kq = G2Projective::from(q).mul_vartime(&k).to_affine_vartime();
        let cases: Vec<Vec<(G1Affine, G2Affine)>> = vec![
            vec![],
            vec![(p, q)],
            vec![(p, q), (-p, q)],
            vec![(p, q), (p, -q)],
            vec![(p, q), (p, q)],
            vec![(kp, q), (-p, kq)],
            vec![(kp, q), (p, kq)],
            vec![(G1Affine::identity(), q), (p, G2Affine::identity())],
            vec![(G1Affine::identity(), q)],
            vec![(p, q), (G1Affine::identity(), kq), (-p, q)],
            vec![(p, kq), (kp, -q), (g1(&mut rng), g2(&mut rng))],
        ];
        for (j, case) in cases.iter().enumerate() {
            let ours = pairing_check(case);
            assert_eq!(ours, zk_check(case), "case {i}.{j}");
            assert_eq!(ours, blst_check(case), "case {i}.{j}");
            let prepared: Vec<G2Prepared> = case.iter().map(|(_, q)| G2Prepared::new(q)).collect();
            let refs: Vec<(&G1Affine, &G2Prepared)> = case.iter().zip(&prepared).map(|((p, _), q)| (p, q)).collect();
            assert_eq!(pairing_check_prepared(&refs), ours, "prepared case {i}.{j}");
            if i % 50 == 0 {
                let product = multi_miller_loop(&refs).final_exponentiation();
                assert_eq!(product.is_identity(), ours);
            }
        }
    }
}

#[test]
fn prepared_generators_match_run_time_preparation() {
    // The built-in lines are normalized (constant coefficient one).
    assert_eq!(G2Prepared::generator(), G2Prepared::new_normalized(&G2Affine::generator()));
    assert_eq!(G2Prepared::neg_generator(), G2Prepared::new_normalized(&-G2Affine::generator()));
    // They give the pairings of the plain lines.
    let p = G1Affine::generator();
    let plain = multi_miller_loop(&[(&p, &G2Prepared::new(&G2Affine::generator()))]).final_exponentiation();
    assert_eq!(multi_miller_loop(&[(&p, &G2Prepared::generator())]).final_exponentiation(), plain);
}

/// An EIP-2537 pairing input decoded as the EIP says: a nonempty multiple of 384 bytes, each
/// pair a G1 then a G2 point, both on the curve and in their subgroups.
fn eip2537_pairs(input: &[u8]) -> Result<Vec<(G1Affine, G2Affine)>, String> {
    if input.is_empty() || !input.len().is_multiple_of(384) {
        return Err("invalid input length".into());
    }
    input
        .chunks(384)
        .map(|pair| {
            Ok((
                G1Affine::from_eip2537(&pair[..128]).map_err(|e| e.to_string())?,
                G2Affine::from_eip2537(&pair[128..]).map_err(|e| e.to_string())?,
            ))
        })
        .collect()
}

/// A file of geth's EIP-2537 vectors, or `None` when the public vectors are absent (skipped).
fn eip2537_cases(file: &str) -> Option<Vec<serde_json::Value>> {
    Some(common::vector_json(&format!("eip2537/{file}"))?.as_array().unwrap().clone())
}

#[test]
fn eip2537_pairing_vectors() {
    let Some(cases) = eip2537_cases("blsPairing.json") else { return };
    assert!(cases.len() > 100);
    for case in &cases {
        let input = hex::decode(case["Input"].as_str().unwrap()).unwrap();
        let expected = hex::decode(case["Expected"].as_str().unwrap()).unwrap();
        let pairs = eip2537_pairs(&input).unwrap_or_else(|e| panic!("{}: {e}", case["Name"]));
        let mut output = [0u8; 32];
        output[31] = pairing_check(&pairs) as u8;
        assert_eq!(output.as_slice(), expected.as_slice(), "{}", case["Name"]);
    }
    let Some(failures) = eip2537_cases("fail-blsPairing.json") else { return };
    for case in &failures {
        let input = hex::decode(case["Input"].as_str().unwrap()).unwrap();
        let error = eip2537_pairs(&input).expect_err(case["Name"].as_str().unwrap());
        // The reason matches geth's (in our words).
        let expected = case["ExpectedError"].as_str().unwrap();
        let agrees = match expected {
            "invalid input length" => error == expected,
            "invalid fp.Element encoding" => error.contains("not below the modulus"),
            "invalid field element top bytes" => error.contains("16 leading bytes"),
            "invalid point: not on curve" => error.contains("not on the curve"),
            _ if expected.contains("subgroup") => error.contains("subgroup"),
            _ => false,
        };
        assert!(agrees, "{}: {error} (geth: {expected})", case["Name"]);
    }
}
