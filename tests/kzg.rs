//! EIP-4844 point evaluation: the embedded `[τ]G2` against the trusted setup, the c-kzg
//! `verify_kzg_proof` cases, the precompile vectors (geth's and those derived from c-kzg), and
//! proofs built here from the setup's monomial G1 points for random small polynomials.

use icbls_testkit::library as common;

use common::{scalar, Rng};
use icbls::kzg::{point_evaluation, verify_kzg_proof, KzgError, TAU_G2};
use icbls::{Fr, G1Affine, G1Projective, G2Affine};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// A file of the family, or `None` when the public vectors are absent (the test is skipped).
fn file(name: &str) -> Option<String> {
    icbls_testkit::vectors::read_to_string(&format!("kzg_point_evaluation/{name}"))
}

#[test]
fn tau_g2_is_the_setup_point() {
    let Some(json) = common::vector_json("kzg_point_evaluation/tau_g2.json") else { return };
    assert_eq!(hex::encode(TAU_G2), json["tau_g2_compressed_hex"].as_str().unwrap());
    assert_eq!(
        hex::encode(G2Affine::generator().to_compressed()),
        json["g2_generator_compressed_hex"].as_str().unwrap()
    );
    // And in the setup file itself: the second of its 65 G2 points.
    let setup = file("trusted_setup.txt").expect("the family is present");
    let lines: Vec<&str> = setup.lines().collect();
    assert_eq!((lines[0], lines[1]), ("4096", "65"));
    assert_eq!(lines[2 + 4096 + 1], hex::encode(TAU_G2));
    assert!(G2Affine::from_compressed(&TAU_G2).is_ok());
}

/// The value of a `key: '0x..'` line of a c-kzg `data.yaml`.
fn yaml_field(text: &str, key: &str) -> Vec<u8> {
    let line = text.lines().find(|l| l.trim_start().starts_with(&format!("{key}:"))).unwrap();
    let value = line.split(':').nth(1).unwrap().trim().trim_matches('\'');
    hex::decode(value.trim_start_matches("0x")).unwrap()
}

#[test]
fn c_kzg_verify_kzg_proof_cases() {
    let Some(files) = icbls_testkit::vectors::list("kzg_point_evaluation/verify_kzg_proof") else { return };
    let mut count = 0;
    for path in files {
        let name = path.trim_end_matches("/data.yaml").rsplit('/').next().unwrap().to_string();
        let text = icbls_testkit::vectors::read_to_string(&path).unwrap();
        let output = text.lines().find(|l| l.starts_with("output:")).unwrap()["output:".len()..].trim().to_string();
        let (c, z, y, pi) = (
            yaml_field(&text, "commitment"),
            yaml_field(&text, "z"),
            yaml_field(&text, "y"),
            yaml_field(&text, "proof"),
        );
        let result = verify_kzg_proof(&c, &z, &y, &pi);
        // The typed form answers the same where the lengths fit.
        if let (Ok(c), Ok(z), Ok(y), Ok(pi)) = (
            <&[u8; 48]>::try_from(&c[..]),
            <&[u8; 32]>::try_from(&z[..]),
            <&[u8; 32]>::try_from(&y[..]),
            <&[u8; 48]>::try_from(&pi[..]),
        ) {
            assert_eq!(icbls::kzg::verify_kzg_proof_arrays(c, z, y, pi), result, "{name}");
        }
        match output.as_str() {
            "true" => assert_eq!(result, Ok(()), "{name}"),
            "false" => assert_eq!(result, Err(KzgError::InvalidProof), "{name}"),
            "null" => {
                let expected = if name.contains("invalid_commitment") {
                    matches!(result, Err(KzgError::Commitment(_)))
                } else if name.contains("invalid_proof") {
                    matches!(result, Err(KzgError::Proof(_)))
                } else if name.contains("invalid_z") {
                    result == Err(KzgError::FieldElement { which: "z" })
                } else if name.contains("invalid_y") {
                    result == Err(KzgError::FieldElement { which: "y" })
                } else {
                    panic!("{name}: unknown invalid case")
                };
                assert!(expected, "{name}: {result:?}");
            }
            other => panic!("{name}: output {other}"),
        }
        count += 1;
    }
    assert_eq!(count, 74);
}

/// Runs a precompile vector file; returns (cases run, cases without an input).
fn precompile_file(name: &str) -> (usize, usize) {
    let cases: Vec<Value> = serde_json::from_str(&file(name).expect("the family is present")).unwrap();
    let mut run = 0;
    for case in &cases {
        let case_name = case["Name"].as_str().unwrap();
        // A case whose input has a wrong-length field cannot be written as a 192-byte input
        // (the collector left it null); `c_kzg_verify_kzg_proof_cases` covers it.
        let Some(input) = case["Input"].as_str() else { continue };
        let input = hex::decode(input).unwrap();
        run += 1;
        match case.get("Expected") {
            Some(expected) => {
                assert_eq!(hex::encode(point_evaluation(&input).unwrap()), expected.as_str().unwrap(), "{case_name}");
                assert_eq!(case["Gas"].as_u64(), Some(icbls::kzg::POINT_EVALUATION_GAS));
            }
            None => assert!(point_evaluation(&input).is_err(), "{case_name}"),
        }
    }
    (run, cases.len() - run)
}

#[test]
fn precompile_vectors() {
    if icbls_testkit::vectors::family("kzg_point_evaluation").is_none() {
        return;
    }
    assert_eq!(precompile_file("geth_pointEvaluation.json"), (1, 0));
    assert_eq!(precompile_file("point_evaluation_precompile_derived.json"), (69, 5));
}

fn versioned_hash(commitment: &[u8]) -> [u8; 32] {
    let mut h: [u8; 32] = Sha256::digest(commitment).into();
    h[0] = 0x01;
    h
}

#[test]
fn proofs_of_random_polynomials() {
    // [τ^i]G1 for i < 8: the start of the setup's monomial points.
    let Some(setup) = file("trusted_setup.txt") else { return };
    let monomial: Vec<G1Affine> = setup
        .lines()
        .skip(2 + 4096 + 65)
        .take(8)
        .map(|l| G1Affine::from_compressed(&hex::decode(l).unwrap()).unwrap())
        .collect();
    assert_eq!(monomial[0], G1Affine::generator());
    let mut rng = Rng::new(4844);
    for round in 0..40 {
        let degree = 1 + round % 7;
        let f: Vec<Fr> = (0..=degree).map(|_| scalar(&mut rng)).collect();
        let z = scalar(&mut rng);
        // y = f(z); q = (f - y) / (X - z) by synthetic division (Horner).
        let mut q = vec![Fr::ZERO; degree];
        let mut acc = Fr::ZERO;
        for i in (0..=degree).rev() {
            acc = acc * z + f[i];
            if i > 0 {
                q[i - 1] = acc;
            }
        }
        let y = acc;
        let commit = |coeffs: &[Fr]| {
            G1Projective::msm(&monomial[..coeffs.len()], coeffs).unwrap().to_affine_vartime().to_compressed()
        };
        let (c, pi) = (commit(&f), commit(&q));
        assert_eq!(verify_kzg_proof(&c, &z.to_bytes(), &y.to_bytes(), &pi), Ok(()), "round {round}");
        let wrong_y = y + Fr::ONE;
        assert_eq!(verify_kzg_proof(&c, &z.to_bytes(), &wrong_y.to_bytes(), &pi), Err(KzgError::InvalidProof));
        // Through the precompile, and with a wrong versioned hash.
        let input = [&versioned_hash(&c)[..], &z.to_bytes(), &y.to_bytes(), &c, &pi].concat();
        let out = point_evaluation(&input).unwrap();
        assert_eq!(&out[..32], &{
            let mut n = [0u8; 32];
            n[30] = 0x10;
            n
        });
        assert_eq!(hex::encode(&out[32..]), "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
        let mut bad = input.clone();
        bad[0] = 0x02;
        assert_eq!(point_evaluation(&bad), Err(KzgError::VersionedHashMismatch));
        bad = input.clone();
        bad[5] ^= 1;
        assert_eq!(point_evaluation(&bad), Err(KzgError::VersionedHashMismatch));
        assert_eq!(point_evaluation(&input[..191]), Err(KzgError::InvalidLength { actual: 191 }));
    }
}
