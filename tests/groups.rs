//! G1 and G2 against zkcrypto `bls12_381` and `blst`: arithmetic, scalar multiplication,
//! encodings (valid and adversarial), subgroup checks, and the public serialization vectors.

use icbls_testkit::library as common;

use bls12_381 as zk;
use common::{scalar, Rng};
use icbls::{DecodeError, Fr, G1Affine, G1Projective, G2Affine, G2Projective};

const CASES: usize = 2_000;

fn zk_scalar(k: &Fr) -> zk::Scalar {
    let mut le = k.to_bytes();
    le.reverse();
    zk::Scalar::from_bytes(&le).unwrap()
}

/// A random G1 point with its zkcrypto twin.
fn g1_point(rng: &mut Rng) -> (G1Projective, zk::G1Projective) {
    let k = scalar(rng);
    (G1Projective::generator().mul_vartime(&k), zk::G1Projective::generator() * zk_scalar(&k))
}

fn g2_point(rng: &mut Rng) -> (G2Projective, zk::G2Projective) {
    let k = scalar(rng);
    (G2Projective::generator().mul_vartime(&k), zk::G2Projective::generator() * zk_scalar(&k))
}

fn same_g1(ours: &G1Projective, theirs: &zk::G1Projective) -> bool {
    ours.to_affine_vartime().to_compressed() == zk::G1Affine::from(theirs).to_compressed()
}

fn same_g2(ours: &G2Projective, theirs: &zk::G2Projective) -> bool {
    ours.to_affine_vartime().to_compressed() == zk::G2Affine::from(theirs).to_compressed()
}

#[test]
fn generators_match_zkcrypto() {
    assert_eq!(G1Affine::generator().to_uncompressed(), zk::G1Affine::generator().to_uncompressed());
    assert_eq!(G2Affine::generator().to_uncompressed(), zk::G2Affine::generator().to_uncompressed());
    assert!(G1Affine::generator().is_on_curve() && G1Affine::generator().is_torsion_free());
    assert!(G2Affine::generator().is_on_curve() && G2Affine::generator().is_torsion_free());
}

#[test]
fn g1_arithmetic_matches_zkcrypto() {
    let mut rng = Rng::new(1);
    for i in 0..CASES {
        let (a, za) = g1_point(&mut rng);
        let (b, zb) = g1_point(&mut rng);
        let (a, za) = match i % 50 {
            0 => (G1Projective::identity(), zk::G1Projective::identity()),
            1 => (b, zb),
            2 => (-b, -zb),
            _ => (a, za),
        };
        let b_affine = b.to_affine_vartime();
        assert!(same_g1(&(a + b), &(za + zb)), "add {i}");
        assert!(same_g1(&(a - b), &(za - zb)), "sub {i}");
        assert!(same_g1(&a.add_affine(&b_affine), &(za + zb)), "mixed add {i}");
        assert!(same_g1(&a.double(), &za.double()), "double {i}");
        assert!(a + b == b + a);
        assert_eq!(a.to_affine(), a.to_affine_vartime());
        assert!((a + b).is_on_curve());
        let k = scalar(&mut rng);
        let expected = za * zk_scalar(&k);
        assert!(same_g1(&a.mul_vartime(&k), &expected), "mul {i}");
        if i % 10 == 0 {
            assert!(same_g1(&a.mul_constant_time(&k), &expected), "constant-time mul {i}");
            assert!(same_g1(&(a * k), &expected));
        }
    }
}

#[test]
fn g2_arithmetic_matches_zkcrypto() {
    let mut rng = Rng::new(2);
    for i in 0..CASES / 2 {
        let (a, za) = g2_point(&mut rng);
        let (b, zb) = g2_point(&mut rng);
        let (a, za) = match i % 50 {
            0 => (G2Projective::identity(), zk::G2Projective::identity()),
            1 => (b, zb),
            2 => (-b, -zb),
            _ => (a, za),
        };
        let b_affine = b.to_affine_vartime();
        assert!(same_g2(&(a + b), &(za + zb)), "add {i}");
        assert!(same_g2(&(a - b), &(za - zb)), "sub {i}");
        assert!(same_g2(&a.add_affine(&b_affine), &(za + zb)), "mixed add {i}");
        assert!(same_g2(&a.double(), &za.double()), "double {i}");
        assert_eq!(a.to_affine(), a.to_affine_vartime());
        let k = scalar(&mut rng);
        let expected = za * zk_scalar(&k);
        assert!(same_g2(&a.mul_vartime(&k), &expected), "mul {i}");
        if i % 10 == 0 {
            assert!(same_g2(&a.mul_constant_time(&k), &expected), "constant-time mul {i}");
        }
    }
}

#[test]
fn scalar_multiplication_edge_scalars() {
    let g1 = G1Projective::generator();
    let g2 = G2Projective::generator();
    let minus_one = -Fr::ONE;
    for k in [Fr::ZERO, Fr::ONE, Fr::from_u64(2), minus_one, minus_one - Fr::ONE, Fr::from_u64(u64::MAX)] {
        let (z1, z2) = (zk::G1Projective::generator() * zk_scalar(&k), zk::G2Projective::generator() * zk_scalar(&k));
        assert!(same_g1(&g1.mul_vartime(&k), &z1) && same_g1(&g1.mul_constant_time(&k), &z1));
        assert!(same_g2(&g2.mul_vartime(&k), &z2) && same_g2(&g2.mul_constant_time(&k), &z2));
    }
    assert!(G1Projective::identity().mul_vartime(&minus_one).is_identity());
    assert!(G2Projective::identity().mul_vartime(&minus_one).is_identity());
}

#[test]
fn batch_normalize_matches_single_normalisation() {
    let mut rng = Rng::new(3);
    for n in [0usize, 1, 2, 7, 33] {
        let mut points: Vec<G1Projective> = (0..n).map(|_| g1_point(&mut rng).0).collect();
        if n > 2 {
            points[1] = G1Projective::identity();
        }
        let mut out = vec![G1Affine::identity(); n];
        G1Projective::batch_normalize(&points, &mut out);
        for (p, a) in points.iter().zip(&out) {
            assert_eq!(p.to_affine_vartime(), *a);
        }
        let points2: Vec<G2Projective> =
            (0..n).map(|i| if i == 0 { G2Projective::identity() } else { g2_point(&mut rng).0 }).collect();
        let mut out2 = vec![G2Affine::identity(); n];
        G2Projective::batch_normalize(&points2, &mut out2);
        for (p, a) in points2.iter().zip(&out2) {
            assert_eq!(p.to_affine_vartime(), *a);
        }
    }
}

#[test]
fn encodings_round_trip_and_match_zkcrypto() {
    let mut rng = Rng::new(4);
    for i in 0..CASES {
        let (p, zp) = g1_point(&mut rng);
        let (p, zp) = if i == 0 { (G1Projective::identity(), zk::G1Projective::identity()) } else { (p, zp) };
        let a = p.to_affine_vartime();
        let za = zk::G1Affine::from(zp);
        assert_eq!(a.to_compressed(), za.to_compressed());
        assert_eq!(a.to_uncompressed(), za.to_uncompressed());
        assert_eq!(G1Affine::from_compressed(&a.to_compressed()), Ok(a));
        assert_eq!(G1Affine::from_uncompressed(&a.to_uncompressed()), Ok(a));
        assert_eq!(G1Affine::from_eip2537(&a.to_eip2537()), Ok(a));
        if i % 2 == 0 {
            let (q, zq) = g2_point(&mut rng);
            let (q, zq) = if i == 0 { (G2Projective::identity(), zk::G2Projective::identity()) } else { (q, zq) };
            let b = q.to_affine_vartime();
            let zb = zk::G2Affine::from(zq);
            assert_eq!(b.to_compressed(), zb.to_compressed());
            assert_eq!(b.to_uncompressed(), zb.to_uncompressed());
            assert_eq!(G2Affine::from_compressed(&b.to_compressed()), Ok(b));
            assert_eq!(G2Affine::from_uncompressed(&b.to_uncompressed()), Ok(b));
            assert_eq!(G2Affine::from_eip2537(&b.to_eip2537()), Ok(b));
        }
    }
}

/// The oracles' verdict on a G1 compressed (blst and zkcrypto, which must agree) or
/// uncompressed (zkcrypto) encoding: decodes, and in G1.
fn oracle_g1_accepts(bytes: &[u8]) -> bool {
    if bytes.len() == 96 {
        // blst reads a 96-byte input with the compression flag as compressed; the ZCash
        // format (and zkcrypto) reject it: zkcrypto is the oracle for uncompressed bytes.
        return zk::G1Affine::from_uncompressed(bytes.try_into().unwrap()).is_some().into();
    }
    let zk_ok: bool = zk::G1Affine::from_compressed(bytes.try_into().unwrap()).is_some().into();
    let mut p = blst::blst_p1_affine::default();
    let ok = unsafe {
        if bytes.len() == 48 {
            blst::blst_p1_uncompress(&mut p, bytes.as_ptr())
        } else {
            blst::blst_p1_deserialize(&mut p, bytes.as_ptr())
        }
    };
    let blst_ok = ok == blst::BLST_ERROR::BLST_SUCCESS && unsafe { blst::blst_p1_affine_in_g1(&p) };
    assert_eq!(blst_ok, zk_ok, "blst and zkcrypto disagree on {}", hex::encode(bytes));
    blst_ok
}

fn oracle_g2_accepts(bytes: &[u8]) -> bool {
    if bytes.len() == 192 {
        return zk::G2Affine::from_uncompressed(bytes.try_into().unwrap()).is_some().into();
    }
    let zk_ok: bool = zk::G2Affine::from_compressed(bytes.try_into().unwrap()).is_some().into();
    let mut p = blst::blst_p2_affine::default();
    let ok = unsafe {
        if bytes.len() == 96 {
            blst::blst_p2_uncompress(&mut p, bytes.as_ptr())
        } else {
            blst::blst_p2_deserialize(&mut p, bytes.as_ptr())
        }
    };
    let blst_ok = ok == blst::BLST_ERROR::BLST_SUCCESS && unsafe { blst::blst_p2_affine_in_g2(&p) };
    assert_eq!(blst_ok, zk_ok, "blst and zkcrypto disagree on {}", hex::encode(bytes));
    blst_ok
}

/// Encodings an attacker would try: every flag combination on valid and invalid bodies,
/// x at and just above p, random x (mostly off the curve or, when on it, outside the
/// subgroup), infinity with stray bits.
fn adversarial_encodings(rng: &mut Rng, valid: &[u8], field_bytes: usize) -> Vec<Vec<u8>> {
    let p = common::p().to_bytes_be();
    let mut out = Vec::new();
    for flags in 0..8u8 {
        let mut with = |body: &[u8]| {
            let mut v = body.to_vec();
            v[0] = (v[0] & 0x1f) | (flags << 5);
            out.push(v);
        };
        with(valid);
        let mut zero = vec![0u8; valid.len()];
        with(&zero);
        zero[valid.len() - 1] = 1;
        with(&zero);
        // x = p and x = p + 1 in the top Fp of the encoding.
        let mut at_p = valid.to_vec();
        at_p[..48].copy_from_slice(&p);
        with(&at_p);
        at_p[47] += 1;
        with(&at_p);
        if field_bytes == 96 {
            let mut low_at_p = valid.to_vec();
            low_at_p[48..96].copy_from_slice(&p);
            with(&low_at_p);
        }
        let mut random = vec![0u8; valid.len()];
        rng.fill(&mut random);
        random[0] &= 0x1f;
        with(&random);
    }
    out
}

#[test]
fn adversarial_g1_encodings_agree_with_blst() {
    let mut rng = Rng::new(5);
    let mut rejected = 0;
    for _ in 0..300 {
        let a = g1_point(&mut rng).0.to_affine_vartime();
        for (valid, decode) in [
            (a.to_compressed().to_vec(), G1Affine::from_compressed as fn(&[u8]) -> Result<G1Affine, DecodeError>),
            (a.to_uncompressed().to_vec(), G1Affine::from_uncompressed),
        ] {
            for bytes in adversarial_encodings(&mut rng, &valid, 48) {
                let ours = decode(&bytes);
                assert_eq!(ours.is_ok(), oracle_g1_accepts(&bytes), "{}: {ours:?}", hex::encode(&bytes));
                rejected += ours.is_err() as usize;
            }
        }
    }
    assert!(rejected > 1000);
}

#[test]
fn adversarial_g2_encodings_agree_with_blst() {
    let mut rng = Rng::new(6);
    for _ in 0..100 {
        let a = g2_point(&mut rng).0.to_affine_vartime();
        for (valid, decode) in [
            (a.to_compressed().to_vec(), G2Affine::from_compressed as fn(&[u8]) -> Result<G2Affine, DecodeError>),
            (a.to_uncompressed().to_vec(), G2Affine::from_uncompressed),
        ] {
            for bytes in adversarial_encodings(&mut rng, &valid, 96) {
                let ours = decode(&bytes);
                assert_eq!(ours.is_ok(), oracle_g2_accepts(&bytes), "{}: {ours:?}", hex::encode(&bytes));
            }
        }
    }
}

#[test]
fn decoding_errors_name_the_rule() {
    let g = G1Affine::generator();
    let mut c = g.to_compressed();
    assert!(matches!(
        G1Affine::from_compressed(&c[..47]),
        Err(DecodeError::WrongLength { expected: 48, actual: 47, .. })
    ));
    c[0] &= 0x7f;
    assert!(matches!(G1Affine::from_compressed(&c), Err(DecodeError::InvalidFlags { .. })));
    let mut inf = [0u8; 48];
    inf[0] = 0xe0;
    assert!(matches!(G1Affine::from_compressed(&inf), Err(DecodeError::NonCanonicalInfinity { .. })));
    inf[0] = 0xc0;
    inf[47] = 1;
    assert!(matches!(G1Affine::from_compressed(&inf), Err(DecodeError::NonCanonicalInfinity { .. })));
    let mut at_p = [0u8; 48];
    at_p.copy_from_slice(&common::p().to_bytes_be());
    at_p[0] |= 0x80;
    assert!(matches!(G1Affine::from_compressed(&at_p), Err(DecodeError::NotCanonical { .. })));
    let mut u = g.to_uncompressed();
    u[95] ^= 1;
    assert!(matches!(G1Affine::from_uncompressed(&u), Err(DecodeError::NotOnCurve { .. })));
    let mut e = g.to_eip2537();
    e[0] = 1;
    assert!(matches!(G1Affine::from_eip2537(&e), Err(DecodeError::NonZeroPadding { .. })));
    assert_eq!(G1Affine::from_eip2537(&[0u8; 128]), Ok(G1Affine::identity()));
    assert_eq!(G2Affine::from_eip2537(&[0u8; 256]), Ok(G2Affine::identity()));
    assert!(matches!(G2Affine::from_eip2537(&[0u8; 255]), Err(DecodeError::WrongLength { expected: 256, .. })));
    let x = display(&G1Affine::from_compressed(&inf).unwrap_err());
    assert!(x.contains("G1 compressed point"), "{x}");
}

fn display(e: &DecodeError) -> String {
    format!("{e}")
}

/// A point on G1's curve outside the subgroup: the first x ≥ start with a y.
fn g1_off_subgroup(start: u64) -> G1Affine {
    (start..)
        .find_map(|x| {
            let x = icbls::Fp::from_u64(x);
            let y = (x.square() * x + icbls::Fp::from_u64(4)).sqrt()?;
            G1Affine::from_xy_unchecked(x, y).ok()
        })
        .unwrap()
}

fn g2_off_subgroup(start: u64) -> G2Affine {
    (start..)
        .find_map(|x| {
            let x = icbls::Fp2::new(icbls::Fp::from_u64(x), icbls::Fp::ONE);
            let b = icbls::Fp2::new(icbls::Fp::from_u64(4), icbls::Fp::from_u64(4));
            let y = (x.square() * x + b).sqrt()?;
            G2Affine::from_xy_unchecked(x, y).ok()
        })
        .unwrap()
}

fn r_words() -> Fr {
    // [r]P = [r - 1]P + P
    -Fr::ONE
}

#[test]
fn subgroup_checks_match_multiplication_by_r() {
    let mut start = 1;
    for _ in 0..30 {
        let p = g1_off_subgroup(start);
        start = common::fp_big(&p.x()).to_u64_digits()[0] + 1;
        let pp = G1Projective::from(p);
        let r_p = pp.mul_vartime(&r_words()) + pp;
        assert_eq!(p.is_torsion_free(), r_p.is_identity());
        assert!(!p.is_torsion_free());
        assert!(matches!(G1Affine::from_compressed(&p.to_compressed()), Err(DecodeError::NotInSubgroup { .. })));
        assert!(G1Affine::from_compressed_unchecked(&p.to_compressed()).is_ok());
        assert!(matches!(G1Affine::from_eip2537(&p.to_eip2537()), Err(DecodeError::NotInSubgroup { .. })));
        assert!(G1Affine::from_eip2537_unchecked(&p.to_eip2537()).is_ok());
        assert!(!oracle_g1_accepts(&p.to_compressed()));
        // Clearing the cofactor lands in the subgroup.
        let h = Fr::from_be_bytes(&hex_32("00000000000000000000000000000000396c8c005555e1568c00aaab0000aaab")).unwrap();
        let cleared = pp.mul_vartime(&h).to_affine_vartime();
        assert!(cleared.is_torsion_free());
    }
    let mut start = 1;
    for _ in 0..10 {
        let q = g2_off_subgroup(start);
        start = common::fp_big(&q.x().c0).to_u64_digits()[0] + 1;
        let qp = G2Projective::from(q);
        let r_q = qp.mul_vartime(&r_words()) + qp;
        assert_eq!(q.is_torsion_free(), r_q.is_identity());
        assert!(!q.is_torsion_free());
        assert!(matches!(G2Affine::from_uncompressed(&q.to_uncompressed()), Err(DecodeError::NotInSubgroup { .. })));
        assert!(!oracle_g2_accepts(&q.to_compressed()));
    }
}

fn hex_32(s: &str) -> [u8; 32] {
    hex::decode(s).unwrap().try_into().unwrap()
}

#[test]
fn zkcrypto_serialization_vectors() {
    let Some(g1) = icbls_testkit::vectors::read("serialization/zkcrypto/g1_compressed_valid_test_vectors.dat") else {
        return;
    };
    let g2 = icbls_testkit::vectors::read("serialization/zkcrypto/g2_uncompressed_valid_test_vectors.dat").unwrap();
    assert_eq!((g1.len(), g2.len()), (48 * 1000, 192 * 1000));
    let (mut p, mut q) = (G1Projective::identity(), G2Projective::identity());
    for i in 0..1000 {
        let e1 = &g1[48 * i..48 * (i + 1)];
        let e2 = &g2[192 * i..192 * (i + 1)];
        assert_eq!(p.to_affine_vartime().to_compressed(), e1, "g1 {i}");
        assert_eq!(q.to_affine_vartime().to_uncompressed(), e2, "g2 {i}");
        assert_eq!(G1Affine::from_compressed(e1).unwrap(), p.to_affine_vartime());
        assert_eq!(G2Affine::from_uncompressed(e2).unwrap(), q.to_affine_vartime());
        p += G1Projective::generator();
        q += G2Projective::generator();
    }
}

#[test]
fn eth_deserialization_vectors() {
    let mut count = 0;
    for (group, key) in [("deserialization_G1", "pubkey"), ("deserialization_G2", "signature")] {
        let Some(files) = icbls_testkit::vectors::list(&format!("serialization/eth_bls12-381-tests/{group}")) else {
            return;
        };
        for path in files {
            let case = common::vector_json(&path).unwrap();
            let bytes = hex::decode(case["input"][key].as_str().unwrap().trim_start_matches("0x")).unwrap();
            let expected = case["output"].as_bool().unwrap();
            let name = path.rsplit('/').next().unwrap().trim_end_matches(".json").to_string();
            let result = if group.ends_with("G1") {
                G1Affine::from_compressed(&bytes).map(|_| ())
            } else {
                G2Affine::from_compressed(&bytes).map(|_| ())
            };
            assert_eq!(result.is_ok(), expected, "{group}/{name}: {result:?}");
            // Each failure fails for the reason its name gives.
            if let Err(e) = result {
                let reason_ok = match e {
                    DecodeError::WrongLength { .. } => {
                        name.contains("too_few_bytes") || name.contains("too_many_bytes")
                    }
                    DecodeError::NotCanonical { .. } => name.contains("modulus"),
                    DecodeError::InvalidFlags { .. } => {
                        name.contains("infinity_with_false_b_flag") || name.contains("mask_bits")
                    }
                    DecodeError::NonCanonicalInfinity { .. } => {
                        name.contains("b_flag") || name.contains("mask_bits_111")
                    }
                    // "infinity with false b flag" is x = 0 without the infinity flag: an
                    // ordinary x, whose point is off the curve or outside the subgroup.
                    DecodeError::NotOnCurve { .. } => name.contains("not_in_curve") || name.contains("false_b_flag"),
                    DecodeError::NotInSubgroup { .. } => {
                        name.contains("not_in_G") || name.contains("not_in_curve") || name.contains("false_b_flag")
                    }
                    other => panic!("{name}: unexpected {other:?}"),
                };
                assert!(reason_ok, "{group}/{name} failed as {e:?}");
            }
            count += 1;
        }
    }
    assert!(count >= 20);
}

/// `[n]P` by double-and-add with the public group law, for any integer n: exact off the
/// subgroup too (unlike `mul_vartime`, which reduces its scalar modulo r).
fn g1_mul_integer(p: &G1Projective, n: &num_bigint::BigUint) -> G1Projective {
    let mut acc = G1Projective::identity();
    for i in (0..n.bits()).rev() {
        acc = acc.double();
        if n.bit(i) {
            acc += p;
        }
    }
    acc
}

/// Points of small order and their sums with points of G1: the cofactor of E(Fp) is
/// `3·11²·10177²·859267²·52437899²`, and for each prime power ℓ^e of it `[#E/ℓ^e]P` lies in
/// the ℓ-part (order ℓ or ℓ², or the identity). The subgroup check (whose end compares x alone and rejects (0, ±2)) must
/// reject each such T and each `G + T`, as multiplication by r and the reference libraries do,
/// and the EIP-2537 MSM must refuse them.
#[test]
fn subgroup_check_rejects_small_order_points_and_their_sums() {
    use num_bigint::BigUint;
    let h = BigUint::parse_bytes(b"396c8c005555e1568c00aaab0000aaab", 16).unwrap();
    let r = BigUint::parse_bytes(b"73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16).unwrap();
    let order = &h * &r;
    let mut start = 1;
    let mut seen = 0;
    for _ in 0..3 {
        let p = g1_off_subgroup(start);
        start = common::fp_big(&p.x()).to_u64_digits()[0] + 1;
        for (ell, e) in [(3u32, 1), (11, 2), (10177, 2), (859267, 2), (52437899, 2)] {
            let power = BigUint::from(ell).pow(e);
            let t = g1_mul_integer(&G1Projective::from(p), &(&order / &power));
            if t.is_identity() {
                continue;
            }
            seen += 1;
            assert!(g1_mul_integer(&t, &power).is_identity(), "order {ell}^{e}");
            for k in [1u64, 7, 0x1234_5678_9abc_def0] {
                let g = G1Projective::generator().mul_vartime(&Fr::from_u64(k));
                for q in [t, g + t, g - t] {
                    let q = q.to_affine_vartime();
                    assert!(!q.is_torsion_free(), "order {ell}, k = {k}");
                    assert!(!oracle_g1_accepts(&q.to_compressed()));
                    let mut input = q.to_eip2537().to_vec();
                    input.extend_from_slice(&[1u8; 32]);
                    input.extend_from_slice(&G1Affine::generator().to_eip2537());
                    input.extend_from_slice(&[2u8; 32]);
                    assert!(icbls::eip2537::g1_msm(&input).is_err(), "order {ell}, k = {k}");
                }
                assert!(g.to_affine_vartime().is_torsion_free());
            }
        }
    }
    assert!(seen >= 10, "small-order points found: {seen}");
}
