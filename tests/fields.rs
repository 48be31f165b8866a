//! The fields against independent implementations: a big-integer oracle (`num-bigint`) for Fp
//! and Fr, `blst` for the tower Fp2, Fp6, Fp12, on random and edge inputs. Run natively with
//! the default kernel, and with `ICBLS_KERNEL=radix30` for the Wasm kernel.

use icbls_testkit::library as common;

use common::{blst_fp12, fp12_from_blst, fp2_from_blst, fp2_to_blst, fp_big, p, r, Rng};
use icbls::{DecodeError, Fp, Fp12, Fp2, Fr};
use num_bigint::BigUint;

const RANDOM_CASES: usize = 100_000;

fn big_to_fp(x: &BigUint) -> Fp {
    let mut bytes = [0u8; 48];
    let b = x.to_bytes_be();
    bytes[48 - b.len()..].copy_from_slice(&b);
    Fp::from_bytes(&bytes).unwrap()
}

fn big_to_fr(x: &BigUint) -> Fr {
    let mut bytes = [0u8; 32];
    let b = x.to_bytes_be();
    bytes[32 - b.len()..].copy_from_slice(&b);
    Fr::from_be_bytes(&bytes).unwrap()
}

fn fr_big(x: &Fr) -> BigUint {
    BigUint::from_bytes_be(&x.to_bytes())
}

/// Edge values of a field with modulus m: 0, 1, 2, m-1, m-2, (m-1)/2, (m+1)/2, 2^k around.
fn edges(m: &BigUint) -> Vec<BigUint> {
    let one = BigUint::from(1u32);
    let mut v = vec![
        BigUint::from(0u32),
        one.clone(),
        BigUint::from(2u32),
        m - 1u32,
        m - 2u32,
        (m - 1u32) >> 1,
        (m + 1u32) >> 1,
    ];
    for k in [29u32, 30, 31, 60, 63, 64, 128, 255, 380] {
        let x = &one << k;
        if &x < m {
            v.push(x.clone());
            v.push(x - 1u32);
        }
    }
    v
}

/// Pairs of values to test binary operations on: all pairs of edges, then random values.
fn fp_inputs(rng: &mut Rng, m: &BigUint) -> Vec<(BigUint, BigUint)> {
    let e = edges(m);
    let mut out = Vec::new();
    for a in &e {
        for b in &e {
            out.push((a.clone(), b.clone()));
        }
    }
    while out.len() < RANDOM_CASES {
        out.push((rng.below(m), rng.below(m)));
    }
    out
}

#[test]
fn fp_arithmetic_matches_big_integers() {
    let (p, mut rng) = (p(), Rng::new(1));
    for (a, b) in fp_inputs(&mut rng, &p) {
        let (x, y) = (big_to_fp(&a), big_to_fp(&b));
        assert_eq!(fp_big(&(x + y)), (&a + &b) % &p, "add {a} {b}");
        assert_eq!(fp_big(&(x - y)), (&a + &p - &b) % &p, "sub {a} {b}");
        assert_eq!(fp_big(&(x * y)), (&a * &b) % &p, "mul {a} {b}");
        assert_eq!(fp_big(&x.square()), (&a * &a) % &p, "square {a}");
        assert_eq!(fp_big(&-x), (&p - &a) % &p, "neg {a}");
        assert_eq!(fp_big(&x.double()), (&a << 1) % &p, "double {a}");
        assert_eq!(x == y, a == b);
        assert_eq!(x.is_zero(), a == BigUint::from(0u32));
        assert_eq!(x.sgn0(), a.bit(0), "sgn0 {a}");
    }
}

#[test]
fn fp_inverse_sqrt_and_legendre_match_big_integers() {
    let (p, mut rng) = (p(), Rng::new(2));
    let mut inputs = edges(&p);
    while inputs.len() < RANDOM_CASES {
        inputs.push(rng.below(&p));
    }
    let half = (&p - 1u32) >> 1;
    for a in inputs {
        let x = big_to_fp(&a);
        match x.invert() {
            None => assert_eq!(a, BigUint::from(0u32)),
            Some(inv) => assert_eq!(fp_big(&inv), a.modpow(&(&p - 2u32), &p), "invert {a}"),
        }
        assert_eq!(x.invert_vartime(), x.invert(), "invert_vartime {a}");
        let legendre = a.modpow(&half, &p);
        let square = legendre != &p - 1u32;
        assert_eq!(x.is_square(), square, "is_square {a}");
        match x.sqrt() {
            Some(root) => {
                assert!(square);
                assert_eq!((fp_big(&root).pow(2)) % &p, a, "sqrt {a}");
            }
            None => assert!(!square, "no root found for the square {a}"),
        }
    }
}

#[test]
fn fp_encoding_is_canonical() {
    let p = p();
    let mut rng = Rng::new(3);
    for _ in 0..1_000 {
        let a = rng.below(&p);
        let x = big_to_fp(&a);
        assert_eq!(Fp::from_bytes(&x.to_bytes()).unwrap(), x);
        assert_eq!(BigUint::from_bytes_be(&x.to_bytes()), a);
    }
    let encode = |v: &BigUint| {
        let mut bytes = [0u8; 48];
        let b = v.to_bytes_be();
        bytes[48 - b.len()..].copy_from_slice(&b);
        bytes
    };
    let not_canonical = Err(DecodeError::NotCanonical { what: "Fp element" });
    assert_eq!(Fp::from_bytes(&encode(&p)), not_canonical);
    assert_eq!(Fp::from_bytes(&encode(&(&p + 1u32))), not_canonical);
    assert_eq!(Fp::from_bytes(&[0xff; 48]), not_canonical);
    assert_eq!(Fp::from_bytes(&encode(&(&p - 1u32))).unwrap(), -Fp::ONE);
    assert_eq!(
        Fp::from_slice(&[0u8; 47]),
        Err(DecodeError::WrongLength { what: "Fp element", expected: 48, actual: 47 })
    );
    assert_eq!(Fp::from_slice(&[0u8; 49]).unwrap_err().to_string(), "Fp element: expected 48 bytes, got 49");
}

#[test]
fn fr_arithmetic_matches_big_integers() {
    let (r, mut rng) = (r(), Rng::new(4));
    for (a, b) in fp_inputs(&mut rng, &r) {
        // The constant-time inversion too.
        let x = big_to_fr(&a);
        assert_eq!(x.invert(), x.invert_vartime());
        let (x, y) = (big_to_fr(&a), big_to_fr(&b));
        assert_eq!(fr_big(&(x + y)), (&a + &b) % &r);
        assert_eq!(fr_big(&(x - y)), (&a + &r - &b) % &r);
        assert_eq!(fr_big(&(x * y)), (&a * &b) % &r);
        assert_eq!(fr_big(&x.square()), (&a * &a) % &r);
        assert_eq!(fr_big(&-x), (&r - &a) % &r);
        match x.invert_vartime() {
            None => assert_eq!(a, BigUint::from(0u32)),
            Some(inv) => assert_eq!(fr_big(&inv), a.modpow(&(&r - 2u32), &r)),
        }
    }
    // Wide reduction of 64-byte values.
    for _ in 0..RANDOM_CASES {
        let mut wide = [0u8; 64];
        rng.fill(&mut wide);
        let expected = BigUint::from_bytes_be(&wide) % &r;
        assert_eq!(fr_big(&Fr::from_be_bytes_wide(&wide)), expected);
    }
    assert!(matches!(Fr::from_be_bytes(&[0xff; 32]), Err(DecodeError::NotCanonical { what: "Fr scalar" })));
}

#[test]
fn fp2_matches_blst() {
    let mut rng = Rng::new(5);
    let p = p();
    for _ in 0..RANDOM_CASES {
        let (a, b) = (rng.fp2(&p), rng.fp2(&p));
        let (ba, bb) = (fp2_to_blst(&a), fp2_to_blst(&b));
        let mut out = blst::blst_fp2::default();
        unsafe { blst::blst_fp2_mul(&mut out, &ba, &bb) };
        assert_eq!(a * b, fp2_from_blst(&out), "mul");
        unsafe { blst::blst_fp2_sqr(&mut out, &ba) };
        assert_eq!(a.square(), fp2_from_blst(&out), "square");
        unsafe { blst::blst_fp2_add(&mut out, &ba, &bb) };
        assert_eq!(a + b, fp2_from_blst(&out), "add");
        unsafe { blst::blst_fp2_sub(&mut out, &ba, &bb) };
        assert_eq!(a - b, fp2_from_blst(&out), "sub");
        unsafe { blst::blst_fp2_inverse(&mut out, &ba) };
        assert_eq!(a.invert_vartime().unwrap(), fp2_from_blst(&out), "invert_vartime");
        assert_eq!(a.invert().unwrap(), fp2_from_blst(&out), "invert");
        let s = a.square();
        let root = s.sqrt().expect("a square has a root");
        assert!(root == a || root == -a, "sqrt");
        assert_eq!(a.is_square(), a.sqrt().is_some());
        assert_eq!(a.frobenius_map(1), a.pow_vartime(&p.to_u64_digits()), "frobenius");
    }
    let u = Fp2::new(Fp::ZERO, Fp::ONE);
    assert_eq!(u.square(), -Fp2::ONE);
    assert_eq!(Fp2::ONE.mul_by_nonresidue(), Fp2::new(Fp::ONE, Fp::ONE));
    assert_eq!(Fp2::ZERO.invert(), None);
}

#[test]
fn fp12_matches_blst() {
    let mut rng = Rng::new(6);
    let p = p();
    for _ in 0..RANDOM_CASES {
        let (a, b) = (rng.fp12(&p), rng.fp12(&p));
        let (ba, bb) = (blst_fp12(&a), blst_fp12(&b));
        let mut out = blst::blst_fp12::default();
        unsafe { blst::blst_fp12_mul(&mut out, &ba, &bb) };
        assert_eq!(a * b, fp12_from_blst(&out), "mul");
        unsafe { blst::blst_fp12_sqr(&mut out, &ba) };
        assert_eq!(a.square(), fp12_from_blst(&out), "square");
        unsafe { blst::blst_fp12_frobenius_map(&mut out, &ba, 1) };
        assert_eq!(a.frobenius_map(), fp12_from_blst(&out), "frobenius");
        unsafe { blst::blst_fp12_inverse(&mut out, &ba) };
        assert_eq!(a.invert().unwrap(), fp12_from_blst(&out), "invert");
        assert_eq!(a.invert_vartime().unwrap(), fp12_from_blst(&out), "invert_vartime");
        assert_eq!(a * a.invert().unwrap(), Fp12::ONE);
        // A line: only the coefficients 0, 1 and 4 are set.
        let (c0, c1, c4) = (rng.fp2(&p), rng.fp2(&p), rng.fp2(&p));
        let line = Fp12::new(icbls::Fp6::new(c0, c1, Fp2::ZERO), icbls::Fp6::new(Fp2::ZERO, c4, Fp2::ZERO));
        assert_eq!(a.mul_by_014(&c0, &c1, &c4), a * line, "mul_by_014");
        // Into the cyclotomic subgroup: g = a^((p^6 - 1)(p^2 + 1)).
        let t = a.conjugate() * a.invert_vartime().unwrap();
        let g = t.frobenius_map().frobenius_map() * t;
        assert_eq!(g.cyclotomic_square(), g.square(), "cyclotomic square");
        assert_eq!(g * g.conjugate(), Fp12::ONE, "cyclotomic elements are inverted by conjugation");
    }
}

#[test]
fn frobenius_constants_match_their_definition() {
    // ξ^((p-1)/3), ξ^(2(p-1)/3) and ξ^((p-1)/6), recomputed by exponentiation: the maps using
    // them agree with x^p on random elements.
    let p = p();
    let mut rng = Rng::new(7);
    let exp = p.to_u64_digits();
    for _ in 0..20 {
        let a = rng.fp12(&p);
        let mut by_pow = Fp12::ONE;
        for word in exp.iter().rev() {
            for bit in (0..64).rev() {
                by_pow = by_pow.square();
                if (word >> bit) & 1 == 1 {
                    by_pow = by_pow * a;
                }
            }
        }
        assert_eq!(a.frobenius_map(), by_pow);
    }
}

#[test]
fn paired_kernel_operations_agree_natively() {
    assert_eq!(icbls::fields::kernel_selftest(11, 20_000), Ok(20_000));
}

#[test]
fn moduli_and_tower_constants_match_their_definitions() {
    // The moduli inside the library against the published values (by their encodings: p - 1
    // and r - 1 are the largest canonical values).
    let p = p();
    assert_eq!(fp_big(&-Fp::ONE), &p - 1u32);
    assert_eq!(fr_big(&-Fr::ONE), r() - 1u32);
    // u² = -1 defines Fp2 (p ≡ 3 mod 4, so -1 is not a square in Fp).
    assert_eq!(&p % 4u32, BigUint::from(3u32));
    assert!(!(-Fp::ONE).is_square());
    // ξ = 1 + u is neither a square nor a cube in Fp2, so v³ = ξ and w² = v define Fp6 and Fp12.
    let xi = Fp2::new(Fp::ONE, Fp::ONE);
    let order = &p * &p - 1u32;
    assert_ne!(xi.pow_vartime(&(&order / 2u32).to_u64_digits()), Fp2::ONE);
    assert_ne!(xi.pow_vartime(&(&order / 3u32).to_u64_digits()), Fp2::ONE);
    assert!(!xi.is_square());
}
