//! EIP-2537: the go-ethereum vectors (output and gas, or failure for the reason the file
//! names), and a differential test against a reference built on `blst` over 100,000 random
//! and adversarial inputs across the seven precompiles.

use icbls_testkit::library as common;

use blst::*;
use common::{p, r, scalar, Rng};
use icbls::eip2537::{gas, run, run_with_gas_limit, Precompile, PrecompileError};
use icbls::{DecodeError, Fp, Fp2, G1Affine, G1Projective, G2Affine, G2Projective};
use num_bigint::BigUint;
use serde_json::Value;

/// A file of geth's vectors, or `None` when the public vectors are absent (the test is skipped).
fn vector_file(name: &str) -> Option<Vec<Value>> {
    let v = common::vector_json(&format!("eip2537/{name}"))?;
    Some(v.as_array().unwrap_or_else(|| panic!("{name}: a list")).clone())
}

const FILES: [(&str, u8); 9] = [
    ("blsG1Add", 0x0b),
    ("blsG1Mul", 0x0c),
    ("blsG1MultiExp", 0x0c),
    ("blsG2Add", 0x0d),
    ("blsG2Mul", 0x0e),
    ("blsG2MultiExp", 0x0e),
    ("blsPairing", 0x0f),
    ("blsMapG1", 0x10),
    ("blsMapG2", 0x11),
];

#[test]
fn geth_success_vectors() {
    let mut total = 0;
    for (file, address) in FILES {
        let Some(cases) = vector_file(&format!("{file}.json")) else { return };
        for case in cases {
            let name = case["Name"].as_str().unwrap();
            let input = hex::decode(case["Input"].as_str().unwrap()).unwrap();
            let expected = hex::decode(case["Expected"].as_str().unwrap()).unwrap();
            let expected_gas = case["Gas"].as_u64().unwrap();
            assert_eq!(gas(address, &input), Ok(expected_gas), "{file} {name}: gas");
            let (output, used) = run(address, &input).unwrap_or_else(|e| panic!("{file} {name}: {e}"));
            assert_eq!(hex::encode(&output), hex::encode(&expected), "{file} {name}");
            assert_eq!(used, expected_gas, "{file} {name}");
            // As an EVM calls it, with a gas limit: it runs at exactly its gas (or more), and one
            // gas below is `OutOfGas`, naming what it costs.
            let ran = Ok((output, used));
            assert_eq!(run_with_gas_limit(address, &input, expected_gas), ran, "{file} {name}: at its gas");
            assert_eq!(run_with_gas_limit(address, &input, u64::MAX), ran, "{file} {name}: no limit");
            let precompile = Precompile::from_address(address).unwrap();
            assert_eq!(
                run_with_gas_limit(address, &input, expected_gas - 1),
                Err(PrecompileError::OutOfGas { precompile, required: expected_gas, limit: expected_gas - 1 }),
                "{file} {name}: one gas short"
            );
            total += 1;
        }
    }
    assert_eq!(total, 869);
}

#[test]
fn geth_failure_vectors() {
    let mut total = 0;
    for (file, address) in FILES {
        let Some(cases) = vector_file(&format!("fail-{file}.json")) else { return };
        for case in cases {
            let name = case["Name"].as_str().unwrap();
            let input = hex::decode(case["Input"].as_str().unwrap()).unwrap();
            let reason = case["ExpectedError"].as_str().unwrap();
            let error = run(address, &input).expect_err(name);
            let matches = match reason {
                "invalid input length" => matches!(error, PrecompileError::InvalidLength { .. }),
                "invalid field element top bytes" => {
                    matches!(error, PrecompileError::InvalidEncoding { error: DecodeError::NonZeroPadding { .. }, .. })
                }
                "invalid fp.Element encoding" => {
                    matches!(error, PrecompileError::InvalidEncoding { error: DecodeError::NotCanonical { .. }, .. })
                }
                "invalid point: not on curve" => {
                    matches!(error, PrecompileError::InvalidEncoding { error: DecodeError::NotOnCurve { .. }, .. })
                }
                r if r.ends_with("not on correct subgroup") => {
                    matches!(error, PrecompileError::InvalidEncoding { error: DecodeError::NotInSubgroup { .. }, .. })
                }
                other => panic!("{name}: unknown reason {other}"),
            };
            assert!(matches, "{file} {name}: expected {reason}, got {error}");
            total += 1;
        }
    }
    assert_eq!(total, 59);
}

/// A call over its gas limit is refused before decoding, so invalid points under too little gas
/// are out of gas, not invalid; an unknown address is named whatever the limit. (Every geth
/// vector runs at its gas and not one below: `geth_success_vectors`.)
#[test]
fn gas_limits_are_checked_before_decoding() {
    // 1,000 G2MSM pairs of garbage: out of gas under a small limit, invalid under a large one.
    let garbage = vec![0xffu8; 1000 * 288];
    let required = gas(0x0e, &garbage).unwrap();
    assert_eq!(
        run_with_gas_limit(0x0e, &garbage, 10_000_000),
        Err(PrecompileError::OutOfGas { precompile: Precompile::G2Msm, required, limit: 10_000_000 })
    );
    assert!(matches!(run_with_gas_limit(0x0e, &garbage, u64::MAX), Err(PrecompileError::InvalidEncoding { .. })));
    assert_eq!(run_with_gas_limit(0x0a, &[], u64::MAX), Err(PrecompileError::UnknownAddress { address: 0x0a }));
}

#[test]
fn gas_schedule() {
    let g1 = |k: usize| gas(0x0c, &vec![0; 160 * k]).unwrap();
    let g2 = |k: usize| gas(0x0e, &vec![0; 288 * k]).unwrap();
    assert_eq!([g1(1), g1(2), g1(128), g1(129), g1(1000)], [12_000, 22_776, 797_184, 803_412, 6_228_000]);
    assert_eq!([g2(1), g2(2), g2(128), g2(200)], [22_500, 45_000, 1_509_120, 2_358_000]);
    assert_eq!(gas(0x0f, &vec![0; 384 * 2]), Ok(102_900));
    assert_eq!(gas(0x0a, &[]), Err(PrecompileError::UnknownAddress { address: 0x0a }));
    assert_eq!(gas(0x12, &[]), Err(PrecompileError::UnknownAddress { address: 0x12 }));
    for precompile in Precompile::ALL {
        assert_eq!(Precompile::from_address(precompile.address()), Some(precompile));
    }
}

#[test]
fn empty_msm_and_pairing_fail() {
    for address in [0x0c, 0x0e, 0x0f] {
        assert!(matches!(run(address, &[]), Err(PrecompileError::InvalidLength { actual: 0, .. })));
    }
}

// ---- The reference: the EIP's byte rules, with blst for the curve arithmetic. ----

fn ref_fp(bytes: &[u8]) -> Option<blst_fp> {
    if bytes[..16].iter().any(|&b| b != 0) || BigUint::from_bytes_be(&bytes[16..]) >= p() {
        return None;
    }
    let mut out = blst_fp::default();
    unsafe { blst_fp_from_bendian(&mut out, bytes[16..].as_ptr()) };
    Some(out)
}

fn ref_fp2(bytes: &[u8]) -> Option<blst_fp2> {
    Some(blst_fp2 { fp: [ref_fp(&bytes[..64])?, ref_fp(&bytes[64..])?] })
}

/// A G1 point: `None` when invalid, with the subgroup checked when asked.
fn ref_g1(bytes: &[u8], subgroup: bool) -> Option<blst_p1_affine> {
    let p = blst_p1_affine { x: ref_fp(&bytes[..64])?, y: ref_fp(&bytes[64..])? };
    if bytes.iter().all(|&b| b == 0) {
        return Some(p); // blst's affine infinity is (0, 0) too
    }
    unsafe { (blst_p1_affine_on_curve(&p) && (!subgroup || blst_p1_affine_in_g1(&p))).then_some(p) }
}

fn ref_g2(bytes: &[u8], subgroup: bool) -> Option<blst_p2_affine> {
    let p = blst_p2_affine { x: ref_fp2(&bytes[..128])?, y: ref_fp2(&bytes[128..])? };
    if bytes.iter().all(|&b| b == 0) {
        return Some(p);
    }
    unsafe { (blst_p2_affine_on_curve(&p) && (!subgroup || blst_p2_affine_in_g2(&p))).then_some(p) }
}

fn out_g1(p: &blst_p1) -> Vec<u8> {
    let mut a = blst_p1_affine::default();
    let mut out = vec![0u8; 128];
    unsafe {
        if blst_p1_is_inf(p) {
            return out;
        }
        blst_p1_to_affine(&mut a, p);
        blst_bendian_from_fp(out[16..].as_mut_ptr(), &a.x);
        blst_bendian_from_fp(out[80..].as_mut_ptr(), &a.y);
    }
    out
}

fn out_g2(p: &blst_p2) -> Vec<u8> {
    let mut a = blst_p2_affine::default();
    let mut out = vec![0u8; 256];
    unsafe {
        if blst_p2_is_inf(p) {
            return out;
        }
        blst_p2_to_affine(&mut a, p);
        for (i, fp) in [a.x.fp[0], a.x.fp[1], a.y.fp[0], a.y.fp[1]].iter().enumerate() {
            blst_bendian_from_fp(out[64 * i + 16..].as_mut_ptr(), fp);
        }
    }
    out
}

/// The output the EIP requires, or `None` when the call must fail.
fn reference(address: u8, input: &[u8]) -> Option<Vec<u8>> {
    unsafe {
        match address {
            0x0b => {
                (input.len() == 256).then_some(())?;
                let (a, b) = (ref_g1(&input[..128], false)?, ref_g1(&input[128..], false)?);
                let mut pa = blst_p1::default();
                blst_p1_from_affine(&mut pa, &a);
                let mut sum = blst_p1::default();
                blst_p1_add_or_double_affine(&mut sum, &pa, &b);
                Some(out_g1(&sum))
            }
            0x0d => {
                (input.len() == 512).then_some(())?;
                let (a, b) = (ref_g2(&input[..256], false)?, ref_g2(&input[256..], false)?);
                let mut pa = blst_p2::default();
                blst_p2_from_affine(&mut pa, &a);
                let mut sum = blst_p2::default();
                blst_p2_add_or_double_affine(&mut sum, &pa, &b);
                Some(out_g2(&sum))
            }
            0x0c => {
                (!input.is_empty() && input.len().is_multiple_of(160)).then_some(())?;
                let mut acc = blst_p1::default();
                for pair in input.chunks(160) {
                    let a = ref_g1(&pair[..128], true)?;
                    let mut pa = blst_p1::default();
                    blst_p1_from_affine(&mut pa, &a);
                    let le: Vec<u8> = pair[128..].iter().rev().copied().collect();
                    let mut term = blst_p1::default();
                    blst_p1_mult(&mut term, &pa, le.as_ptr(), 256);
                    let prev = acc;
                    blst_p1_add_or_double(&mut acc, &prev, &term);
                }
                Some(out_g1(&acc))
            }
            0x0e => {
                (!input.is_empty() && input.len().is_multiple_of(288)).then_some(())?;
                let mut acc = blst_p2::default();
                for pair in input.chunks(288) {
                    let a = ref_g2(&pair[..256], true)?;
                    let mut pa = blst_p2::default();
                    blst_p2_from_affine(&mut pa, &a);
                    let le: Vec<u8> = pair[256..].iter().rev().copied().collect();
                    let mut term = blst_p2::default();
                    blst_p2_mult(&mut term, &pa, le.as_ptr(), 256);
                    let prev = acc;
                    blst_p2_add_or_double(&mut acc, &prev, &term);
                }
                Some(out_g2(&acc))
            }
            0x0f => {
                (!input.is_empty() && input.len().is_multiple_of(384)).then_some(())?;
                let mut acc = *blst_fp12_one();
                for pair in input.chunks(384) {
                    let a = ref_g1(&pair[..128], true)?;
                    let b = ref_g2(&pair[128..], true)?;
                    if blst_p1_affine_is_inf(&a) || blst_p2_affine_is_inf(&b) {
                        continue;
                    }
                    let mut ml = blst_fp12::default();
                    blst_miller_loop(&mut ml, &b, &a);
                    let prev = acc;
                    blst_fp12_mul(&mut acc, &prev, &ml);
                }
                let mut f = blst_fp12::default();
                blst_final_exp(&mut f, &acc);
                let mut out = vec![0u8; 32];
                out[31] = blst_fp12_is_one(&f) as u8;
                Some(out)
            }
            0x10 => {
                (input.len() == 64).then_some(())?;
                let u = ref_fp(input)?;
                let mut out = blst_p1::default();
                blst_map_to_g1(&mut out, &u, std::ptr::null());
                Some(out_g1(&out))
            }
            0x11 => {
                (input.len() == 128).then_some(())?;
                let u = ref_fp2(input)?;
                let mut out = blst_p2::default();
                blst_map_to_g2(&mut out, &u, std::ptr::null());
                Some(out_g2(&out))
            }
            _ => None,
        }
    }
}

// ---- Inputs: valid points, and the ways an input can be wrong. ----

struct Inputs {
    rng: Rng,
    g1: Vec<[u8; 128]>,
    g2: Vec<[u8; 256]>,
    g1_outside: Vec<[u8; 128]>,
    g2_outside: Vec<[u8; 256]>,
}

impl Inputs {
    fn new(seed: u64) -> Inputs {
        let mut rng = Rng::new(seed);
        let g1 = (0..24)
            .map(|_| G1Projective::generator().mul_vartime(&scalar(&mut rng)).to_affine_vartime().to_eip2537())
            .collect();
        let g2 = (0..12)
            .map(|_| G2Projective::generator().mul_vartime(&scalar(&mut rng)).to_affine_vartime().to_eip2537())
            .collect();
        // On the curve, outside the subgroup: random x with y² = x³ + b solvable.
        let (mut g1_outside, mut g2_outside) = (Vec::new(), Vec::new());
        while g1_outside.len() < 8 {
            let x = rng.fp(&p());
            if let Some(y) = (x.square() * x + Fp::from_u64(4)).sqrt() {
                let point = G1Affine::from_xy_unchecked(x, y).unwrap();
                if !point.is_torsion_free() {
                    g1_outside.push(point.to_eip2537());
                }
            }
        }
        while g2_outside.len() < 4 {
            let x = rng.fp2(&p());
            if let Some(y) = (x.square() * x + Fp2::new(Fp::from_u64(4), Fp::from_u64(4))).sqrt() {
                let point = G2Affine::from_xy_unchecked(x, y).unwrap();
                if !point.is_torsion_free() {
                    g2_outside.push(point.to_eip2537());
                }
            }
        }
        Inputs { rng, g1, g2, g1_outside, g2_outside }
    }

    fn pick(&mut self, n: usize) -> usize {
        (self.rng.next_u64() % n as u64) as usize
    }

    /// A point's encoding: mostly valid, sometimes infinity, outside the subgroup, or broken.
    fn point(&mut self, g2: bool) -> Vec<u8> {
        let (kind, index) = (self.pick(10), self.pick(24));
        let mut bytes = match (kind, g2) {
            (0, false) => vec![0; 128],
            (0, true) => vec![0; 256],
            (1, false) => self.g1_outside[index % 8].to_vec(),
            (1, true) => self.g2_outside[index % 4].to_vec(),
            (_, false) => self.g1[index].to_vec(),
            (_, true) => self.g2[index % 12].to_vec(),
        };
        if self.pick(8) == 0 {
            self.break_point(&mut bytes);
        }
        bytes
    }

    fn break_point(&mut self, bytes: &mut [u8]) {
        let element = self.pick(bytes.len() / 64) * 64;
        match self.pick(4) {
            // A nonzero padding byte.
            0 => bytes[element + self.pick(16)] |= 1 << self.pick(8),
            // x + p (or p itself for 0): the same value, not canonical.
            1 => {
                let v = BigUint::from_bytes_be(&bytes[element + 16..element + 64]) + p();
                let b = v.to_bytes_be();
                bytes[element + 16..element + 64].fill(0);
                bytes[element + 64 - b.len()..element + 64].copy_from_slice(&b);
            }
            // A flipped low bit: almost surely off the curve.
            2 => bytes[element + 63] ^= 1,
            // Random bytes in the value (mostly >= p or off the curve).
            _ => {
                let at = element + 16 + self.pick(48);
                bytes[at] = self.rng.next_u64() as u8;
            }
        }
    }

    fn scalar(&mut self) -> Vec<u8> {
        let edge = |v: BigUint| {
            let mut out = vec![0u8; 32];
            let b = v.to_bytes_be();
            out[32 - b.len()..].copy_from_slice(&b);
            out
        };
        match self.pick(8) {
            0 => vec![0; 32],
            1 => edge(r()),
            2 => edge(r() - 1u32),
            3 => edge(r() + 1u32),
            4 => vec![0xff; 32],
            _ => {
                let mut s = vec![0u8; 32];
                self.rng.fill(&mut s);
                s
            }
        }
    }

    fn field(&mut self, elements: usize) -> Vec<u8> {
        let mut out = Vec::new();
        for _ in 0..elements {
            let mut e = vec![0u8; 64];
            self.rng.fill(&mut e[16..]);
            e[16] &= 0x1f; // mostly below p
            out.extend(e);
        }
        if self.pick(6) == 0 {
            self.break_point(&mut out);
        }
        out
    }

    /// An input for `address`; one in 40 has a wrong length.
    fn input(&mut self, address: u8) -> Vec<u8> {
        let mut input = match address {
            0x0b => [self.point(false), self.point(false)].concat(),
            0x0d => [self.point(true), self.point(true)].concat(),
            0x0c => (0..1 + self.pick(3)).flat_map(|_| [self.point(false), self.scalar()].concat()).collect(),
            0x0e => (0..1 + self.pick(2)).flat_map(|_| [self.point(true), self.scalar()].concat()).collect(),
            0x0f => (0..1 + self.pick(2)).flat_map(|_| [self.point(false), self.point(true)].concat()).collect(),
            0x10 => self.field(1),
            _ => self.field(2),
        };
        if self.pick(40) == 0 {
            match self.pick(2) {
                0 => input.truncate(self.pick(input.len())),
                _ => input.push(0),
            }
        }
        input
    }
}

fn differential(address: u8, cases: usize, seed: u64) {
    let mut inputs = Inputs::new(seed);
    let (mut ok, mut failed) = (0, 0);
    for i in 0..cases {
        let input = inputs.input(address);
        let ours = run(address, &input);
        let theirs = reference(address, &input);
        match (&ours, &theirs) {
            (Ok((out, used)), Some(expected)) => {
                assert_eq!(out, expected, "case {i}: {}", hex::encode(&input));
                assert_eq!(*used, gas(address, &input).unwrap());
                ok += 1;
            }
            (Err(_), None) => failed += 1,
            _ => panic!(
                "case {i} at 0x{address:02x}: ours {ours:?}, reference {theirs:?}, input {}",
                hex::encode(&input)
            ),
        }
    }
    // Both kinds of input were exercised.
    assert!(ok > cases / 4 && failed > cases / 20, "0x{address:02x}: {ok} succeeded, {failed} failed");
}

// 100,000 cases in all.
#[test]
fn differential_g1_add() {
    differential(0x0b, 25_000, 1);
}

#[test]
fn differential_g2_add() {
    differential(0x0d, 15_000, 2);
}

#[test]
fn differential_g1_msm() {
    differential(0x0c, 15_000, 3);
}

#[test]
fn differential_g2_msm() {
    differential(0x0e, 10_000, 4);
}

#[test]
fn differential_pairing() {
    differential(0x0f, 5_000, 5);
}

#[test]
fn differential_map_fp_to_g1() {
    differential(0x10, 20_000, 6);
}

#[test]
fn differential_map_fp2_to_g2() {
    differential(0x11, 10_000, 7);
}
