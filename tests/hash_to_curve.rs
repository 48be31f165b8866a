//! Hash-to-curve against the RFC 9380 vectors (every field: u, Q0, Q1, P and the
//! expand_message_xmd outputs), and differentially against zkcrypto and blst on random
//! messages and DSTs, both groups, random-oracle and nonuniform encodings.

use icbls_testkit::library as common;

use bls12_381 as zk;
use bls12_381::hash_to_curve::{ExpandMsgXmd, HashToCurve};
use common::Rng;
use icbls::hash_to_curve::*;
use icbls::{Fp, Fp2, G1Affine, G1Projective, G2Affine, G2Projective};
use serde_json::Value;

/// A file of the RFC's vectors, or `None` when the public vectors are absent (the test is skipped).
fn vectors(file: &str) -> Option<Value> {
    common::vector_json(&format!("hash_to_curve/{file}"))
}

fn fp(hex: &str) -> Fp {
    let bytes = hex::decode(hex.trim_start_matches("0x")).unwrap();
    Fp::from_slice(&bytes).unwrap()
}

/// "c0,c1" as the vectors write Fp2 values.
fn fp2(text: &str) -> Fp2 {
    let (c0, c1) = text.split_once(',').unwrap();
    Fp2::new(fp(c0), fp(c1))
}

#[test]
fn expand_message_xmd_vectors() {
    let Some(v) = vectors("expand_message_xmd_SHA256_38.json") else { return };
    let dst = v["DST"].as_str().unwrap().as_bytes();
    let tests = v["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 10);
    for t in tests {
        let len = usize::from_str_radix(t["len_in_bytes"].as_str().unwrap().trim_start_matches("0x"), 16).unwrap();
        let out = expand_message_xmd(t["msg"].as_str().unwrap().as_bytes(), dst, len).unwrap();
        assert_eq!(hex::encode(out), t["uniform_bytes"].as_str().unwrap());
    }
    assert_eq!(expand_message_xmd(b"", b"dst", 8161), Err(HashToCurveError::OutputLength { requested: 8161 }));
    assert_eq!(expand_message_xmd(b"", b"dst", 0), Err(HashToCurveError::OutputLength { requested: 0 }));
    assert_eq!(expand_message_xmd(b"", b"dst", 8160).unwrap().len(), 8160);
    // hash_to_field: too many elements, or none, are errors, not panics.
    assert_eq!(hash_to_field_fp(b"", b"dst", 128), Err(HashToCurveError::OutputLength { requested: 8192 }));
    assert_eq!(
        hash_to_field_fp2(b"", b"dst", usize::MAX),
        Err(HashToCurveError::OutputLength { requested: usize::MAX })
    );
    assert_eq!(hash_to_field_fp(b"", b"dst", 0), Err(HashToCurveError::OutputLength { requested: 0 }));
    assert_eq!(hash_to_field_fp(b"", b"dst", 127).unwrap().len(), 127);
}

#[test]
fn g1_vectors() {
    let Some(v) = vectors("BLS12381G1_XMD:SHA-256_SSWU_RO_.json") else { return };
    let dst = v["dst"].as_str().unwrap().as_bytes();
    for case in v["vectors"].as_array().unwrap() {
        let msg = case["msg"].as_str().unwrap().as_bytes();
        let u: Vec<Fp> = case["u"].as_array().unwrap().iter().map(|x| fp(x.as_str().unwrap())).collect();
        assert_eq!(hash_to_field_fp(msg, dst, 2).unwrap(), u);
        let point = |p: &Value| {
            G1Affine::from_xy_unchecked(fp(p["x"].as_str().unwrap()), fp(p["y"].as_str().unwrap())).unwrap()
        };
        assert_eq!(map_to_curve_g1(&u[0]).to_affine_vartime(), point(&case["Q0"]));
        assert_eq!(map_to_curve_g1(&u[1]).to_affine_vartime(), point(&case["Q1"]));
        assert_eq!(hash_to_g1(msg, dst).to_affine_vartime(), point(&case["P"]));
    }
}

#[test]
fn g2_vectors() {
    let Some(v) = vectors("BLS12381G2_XMD:SHA-256_SSWU_RO_.json") else { return };
    let dst = v["dst"].as_str().unwrap().as_bytes();
    for case in v["vectors"].as_array().unwrap() {
        let msg = case["msg"].as_str().unwrap().as_bytes();
        let u: Vec<Fp2> = case["u"].as_array().unwrap().iter().map(|x| fp2(x.as_str().unwrap())).collect();
        assert_eq!(hash_to_field_fp2(msg, dst, 2).unwrap(), u);
        let point = |p: &Value| {
            G2Affine::from_xy_unchecked(fp2(p["x"].as_str().unwrap()), fp2(p["y"].as_str().unwrap())).unwrap()
        };
        assert_eq!(map_to_curve_g2(&u[0]).to_affine_vartime(), point(&case["Q0"]));
        assert_eq!(map_to_curve_g2(&u[1]).to_affine_vartime(), point(&case["Q1"]));
        assert_eq!(hash_to_g2(msg, dst).to_affine_vartime(), point(&case["P"]));
    }
}

/// A random message (0 to 100 bytes) and DST (1 to 300 bytes: some longer than 255).
fn message_and_dst(rng: &mut Rng, i: usize) -> (Vec<u8>, Vec<u8>) {
    let mut msg = vec![0u8; (rng.next_u64() % 101) as usize];
    rng.fill(&mut msg);
    let dst_len =
        if i.is_multiple_of(10) { 256 + (rng.next_u64() % 45) as usize } else { 1 + (rng.next_u64() % 64) as usize };
    let mut dst = vec![0u8; dst_len];
    rng.fill(&mut dst);
    (msg, dst)
}

fn blst_g1(msg: &[u8], dst: &[u8], random_oracle: bool) -> [u8; 48] {
    let mut p = blst::blst_p1::default();
    let mut out = [0u8; 48];
    unsafe {
        if random_oracle {
            blst::blst_hash_to_g1(&mut p, msg.as_ptr(), msg.len(), dst.as_ptr(), dst.len(), core::ptr::null(), 0);
        } else {
            blst::blst_encode_to_g1(&mut p, msg.as_ptr(), msg.len(), dst.as_ptr(), dst.len(), core::ptr::null(), 0);
        }
        blst::blst_p1_compress(out.as_mut_ptr(), &p);
    }
    out
}

fn blst_g2(msg: &[u8], dst: &[u8], random_oracle: bool) -> [u8; 96] {
    let mut p = blst::blst_p2::default();
    let mut out = [0u8; 96];
    unsafe {
        if random_oracle {
            blst::blst_hash_to_g2(&mut p, msg.as_ptr(), msg.len(), dst.as_ptr(), dst.len(), core::ptr::null(), 0);
        } else {
            blst::blst_encode_to_g2(&mut p, msg.as_ptr(), msg.len(), dst.as_ptr(), dst.len(), core::ptr::null(), 0);
        }
        blst::blst_p2_compress(out.as_mut_ptr(), &p);
    }
    out
}

const CASES: usize = 10_000;

#[test]
fn g1_agrees_with_zkcrypto_and_blst() {
    let mut rng = Rng::new(61);
    for i in 0..CASES {
        let (msg, dst) = message_and_dst(&mut rng, i);
        let ours = hash_to_g1(&msg, &dst).to_affine_vartime().to_compressed();
        assert_eq!(ours, blst_g1(&msg, &dst, true), "hash_to_g1 case {i}");
        let ours_nu = encode_to_g1(&msg, &dst).to_affine_vartime().to_compressed();
        assert_eq!(ours_nu, blst_g1(&msg, &dst, false), "encode_to_g1 case {i}");
        let theirs =
            <zk::G1Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::hash_to_curve([msg.as_slice()], &dst);
        assert_eq!(ours, zk::G1Affine::from(theirs).to_compressed(), "zkcrypto hash_to_g1 case {i}");
        let theirs =
            <zk::G1Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::encode_to_curve([msg.as_slice()], &dst);
        assert_eq!(ours_nu, zk::G1Affine::from(theirs).to_compressed(), "zkcrypto encode_to_g1 case {i}");
    }
}

#[test]
fn g2_agrees_with_zkcrypto_and_blst() {
    let mut rng = Rng::new(62);
    for i in 0..CASES {
        let (msg, dst) = message_and_dst(&mut rng, i);
        let ours = hash_to_g2(&msg, &dst).to_affine_vartime().to_compressed();
        assert_eq!(ours, blst_g2(&msg, &dst, true), "hash_to_g2 case {i}");
        let ours_nu = encode_to_g2(&msg, &dst).to_affine_vartime().to_compressed();
        assert_eq!(ours_nu, blst_g2(&msg, &dst, false), "encode_to_g2 case {i}");
        let theirs =
            <zk::G2Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::hash_to_curve([msg.as_slice()], &dst);
        assert_eq!(ours, zk::G2Affine::from(theirs).to_compressed(), "zkcrypto hash_to_g2 case {i}");
        let theirs =
            <zk::G2Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::encode_to_curve([msg.as_slice()], &dst);
        assert_eq!(ours_nu, zk::G2Affine::from(theirs).to_compressed(), "zkcrypto encode_to_g2 case {i}");
    }
}

#[test]
fn maps_of_edge_field_elements_land_in_the_groups() {
    for u in [Fp::ZERO, Fp::ONE, -Fp::ONE, Fp::from_u64(11)] {
        let p = map_fp_to_g1(&u).to_affine_vartime();
        assert!(p.is_on_curve() && p.is_torsion_free());
        let q = map_fp2_to_g2(&Fp2::new(u, -u)).to_affine_vartime();
        assert!(q.is_on_curve() && q.is_torsion_free());
    }
    assert!(G1Projective::from(map_fp_to_g1(&Fp::ZERO).to_affine_vartime()).is_on_curve());
    assert!(G2Projective::from(map_fp2_to_g2(&Fp2::ZERO).to_affine_vartime()).is_on_curve());
}
