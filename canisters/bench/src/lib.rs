//! One query per `icbls` primitive, each returning the IC instructions it spent.
//!
//! Methods mirror `canisters/baseline` row for row. A primitive `icbls` does not have yet has
//! no method here: the results table shows the row with the baseline alone. Inputs are
//! fixed, full-size elements prepared outside the measured region; where an operation has a
//! checkable answer the method checks it after measuring and traps if it is wrong.

use ic_cdk::query;
use icbls::pairing::{multi_miller_loop, pairing_check, pairing_check_prepared, G2Prepared};
use icbls::{Fp, Fp12, Fp2, Fp6, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use icbls_harness::measure;

mod light_client;
mod protocols;
mod sync_committee;
mod threshold;
mod vetkeys;

/// Every row's measurement, in whichever file it is written.
mod measurements {
    pub(crate) use super::light_client::*;
    pub(crate) use super::protocols::*;
    pub(crate) use super::sync_committee::*;
    pub(crate) use super::threshold::*;
    pub(crate) use super::vetkeys::*;
    pub(crate) use super::*;
}

icbls_harness::export_bench_methods!(Bench);

/// The version of the `icbls` library this canister measures.
#[query]
fn library_version() -> String {
    icbls::VERSION.to_string()
}

/// A full-size Fp element derived from a seed.
fn fp(seed: u64) -> Fp {
    Fp::from_u64(seed + 3).pow_vartime(&[0x9e37_79b9_7f4a_7c15, 0x1234_5678_9abc_def1, 5])
}

fn fp2(seed: u64) -> Fp2 {
    Fp2::new(fp(seed), fp(seed + 100))
}

fn fp12(seed: u64) -> Fp12 {
    let fp6 = |s| Fp6::new(fp2(s), fp2(s + 1), fp2(s + 2));
    Fp12::new(fp6(seed), fp6(seed + 10))
}

fn fr(seed: u64) -> Fr {
    Fr::from_u64(seed + 3).pow_vartime(&[0x9e37_79b9_7f4a_7c15, 0x1234_5678_9abc_def1, 5])
}

/// An element of the cyclotomic subgroup: `a^((p^6 - 1)(p^2 + 1))`.
fn cyclotomic(seed: u64) -> Fp12 {
    let a = fp12(seed);
    let t = a.conjugate() * a.invert_vartime().expect("nonzero");
    t.frobenius_map().frobenius_map() * t
}

pub(crate) fn fp_add() -> u64 {
    measure((fp(1), fp(2)), |(a, b)| *a + *b)
}

pub(crate) fn fp_mul() -> u64 {
    measure((fp(1), fp(2)), |(a, b)| *a * *b)
}

pub(crate) fn fp_square() -> u64 {
    measure(fp(1), |a| a.square())
}

/// Inversion of a public value (binary extended Euclid).
pub(crate) fn fp_inv() -> u64 {
    let a = fp(1);
    let mut inv = None;
    let n = measure(a, |a| inv = a.invert_vartime());
    assert_eq!(inv.map(|i| i * a), Some(Fp::ONE), "fp_inv: wrong inverse");
    n
}

/// Inversion in constant time (the binary GCD with a fixed step count).
pub(crate) fn fp_inv_constant_time() -> u64 {
    let a = fp(1);
    let mut inv = None;
    let n = measure(a, |a| inv = a.invert());
    assert_eq!(inv.map(|i| i * a), Some(Fp::ONE), "fp_inv_constant_time: wrong inverse");
    n
}

pub(crate) fn fp_sqrt() -> u64 {
    let a = fp(1).square();
    let mut root = None;
    let n = measure(a, |a| root = a.sqrt());
    assert_eq!(root.map(|r| r.square()), Some(a), "fp_sqrt: wrong root");
    n
}

pub(crate) fn fp2_mul() -> u64 {
    measure((fp2(1), fp2(2)), |(a, b)| *a * *b)
}

pub(crate) fn fp2_square() -> u64 {
    measure(fp2(1), |a| a.square())
}

pub(crate) fn fp2_inv() -> u64 {
    let a = fp2(1);
    let mut inv = None;
    let n = measure(a, |a| inv = a.invert_vartime());
    assert_eq!(inv.map(|i| i * a), Some(Fp2::ONE), "fp2_inv: wrong inverse");
    n
}

pub(crate) fn fp2_sqrt() -> u64 {
    let a = fp2(1).square();
    let mut root = None;
    let n = measure(a, |a| root = a.sqrt());
    assert_eq!(root.map(|r| r.square()), Some(a), "fp2_sqrt: wrong root");
    n
}

pub(crate) fn fp12_mul() -> u64 {
    measure((fp12(1), fp12(2)), |(a, b)| *a * *b)
}

pub(crate) fn fp12_square() -> u64 {
    measure(fp12(1), |a| a.square())
}

pub(crate) fn fp12_cyclotomic_square() -> u64 {
    let g = cyclotomic(1);
    let mut out = Fp12::ZERO;
    let n = measure(g, |g| out = g.cyclotomic_square());
    assert_eq!(out, g.square(), "fp12_cyclotomic_square: wrong square");
    n
}

pub(crate) fn fr_mul() -> u64 {
    measure((fr(1), fr(2)), |(a, b)| *a * *b)
}

pub(crate) fn fr_inv() -> u64 {
    let a = fr(1);
    let mut inv = None;
    let n = measure(a, |a| inv = a.invert_vartime());
    assert_eq!(inv.map(|i| i * a), Some(Fr::ONE), "fr_inv: wrong inverse");
    n
}

fn g1(seed: u64) -> G1Projective {
    G1Projective::generator().mul_vartime(&fr(seed))
}

fn g2(seed: u64) -> G2Projective {
    G2Projective::generator().mul_vartime(&fr(seed))
}

pub(crate) fn g1_add() -> u64 {
    measure((g1(1), g1(2)), |(a, b)| a + b)
}

pub(crate) fn g1_add_mixed() -> u64 {
    measure((g1(1), g1(2).to_affine_vartime()), |(a, b)| a.add_affine(b))
}

pub(crate) fn g1_double() -> u64 {
    measure(g1(1), |a| a.double())
}

/// A 255-bit public scalar (GLV).
pub(crate) fn g1_mul() -> u64 {
    let (p, k) = (g1(1), fr(3));
    let mut out = G1Projective::identity();
    let n = measure((p, k), |(p, k)| out = p.mul_vartime(k));
    assert_eq!(out, p.mul_constant_time(&k), "g1_mul: wrong product");
    n
}

/// A secret scalar: fixed windows, masked lookups.
pub(crate) fn g1_mul_constant_time() -> u64 {
    measure((g1(1), fr(3)), |(p, k)| p.mul_constant_time(k))
}

pub(crate) fn g2_add() -> u64 {
    measure((g2(1), g2(2)), |(a, b)| a + b)
}

pub(crate) fn g2_add_mixed() -> u64 {
    measure((g2(1), g2(2).to_affine_vartime()), |(a, b)| a.add_affine(b))
}

pub(crate) fn g2_double() -> u64 {
    measure(g2(1), |a| a.double())
}

/// A 255-bit public scalar (GLS).
pub(crate) fn g2_mul() -> u64 {
    let (p, k) = (g2(1), fr(3));
    let mut out = G2Projective::identity();
    let n = measure((p, k), |(p, k)| out = p.mul_vartime(k));
    assert_eq!(out, p.mul_constant_time(&k), "g2_mul: wrong product");
    n
}

pub(crate) fn g2_mul_constant_time() -> u64 {
    measure((g2(1), fr(3)), |(p, k)| p.mul_constant_time(k))
}

/// Decoding a compressed point: the square root and the subgroup check.
pub(crate) fn g1_decompress_checked() -> u64 {
    let bytes = g1(1).to_affine_vartime().to_compressed();
    let mut ok = false;
    let n = measure(bytes, |b| ok = G1Affine::from_compressed(b).is_ok());
    assert!(ok, "g1_decompress_checked: the bench point did not decode");
    n
}

pub(crate) fn g2_decompress_checked() -> u64 {
    let bytes = g2(1).to_affine_vartime().to_compressed();
    let mut ok = false;
    let n = measure(bytes, |b| ok = G2Affine::from_compressed(b).is_ok());
    assert!(ok, "g2_decompress_checked: the bench point did not decode");
    n
}

pub(crate) fn g1_subgroup_check() -> u64 {
    let mut ok = false;
    let n = measure(g1(1).to_affine_vartime(), |p| ok = p.is_torsion_free());
    assert!(ok, "g1_subgroup_check: the bench point is in G1");
    n
}

pub(crate) fn g2_subgroup_check() -> u64 {
    let mut ok = false;
    let n = measure(g2(1).to_affine_vartime(), |p| ok = p.is_torsion_free());
    assert!(ok, "g2_subgroup_check: the bench point is in G2");
    n
}

/// `n` distinct affine points and full-size scalars, prepared outside the measured region.
fn g1_msm_input(n: usize) -> (Vec<G1Affine>, Vec<Fr>) {
    let step = g1(7);
    let mut points = Vec::with_capacity(n);
    let mut p = g1(1);
    for _ in 0..n {
        points.push(p);
        p += step;
    }
    let mut affine = vec![G1Affine::identity(); n];
    G1Projective::batch_normalize(&points, &mut affine);
    (affine, (0..n as u64).map(|i| fr(100 + i)).collect())
}

fn g2_msm_input(n: usize) -> (Vec<G2Affine>, Vec<Fr>) {
    let step = g2(7);
    let mut points = Vec::with_capacity(n);
    let mut p = g2(1);
    for _ in 0..n {
        points.push(p);
        p += step;
    }
    let mut affine = vec![G2Affine::identity(); n];
    G2Projective::batch_normalize(&points, &mut affine);
    (affine, (0..n as u64).map(|i| fr(100 + i)).collect())
}

fn g1_msm(n: usize) -> u64 {
    let input = g1_msm_input(n);
    let mut out = Ok(G1Projective::identity());
    let count = measure(input, |(p, k)| out = G1Projective::msm(p, k));
    assert!(out.is_ok(), "g1_msm: lengths agree");
    count
}

fn g2_msm(n: usize) -> u64 {
    let input = g2_msm_input(n);
    let mut out = Ok(G2Projective::identity());
    let count = measure(input, |(p, k)| out = G2Projective::msm(p, k));
    assert!(out.is_ok(), "g2_msm: lengths agree");
    count
}

pub(crate) fn g1_msm_2() -> u64 {
    g1_msm(2)
}

pub(crate) fn g1_msm_16() -> u64 {
    g1_msm(16)
}

pub(crate) fn g1_msm_128() -> u64 {
    g1_msm(128)
}

pub(crate) fn g1_msm_1024() -> u64 {
    g1_msm(1024)
}

pub(crate) fn g2_msm_2() -> u64 {
    g2_msm(2)
}

pub(crate) fn g2_msm_16() -> u64 {
    g2_msm(16)
}

pub(crate) fn g2_msm_128() -> u64 {
    g2_msm(128)
}

/// One pair, the G2 point not prepared ahead: preparing it is part of the loop's cost.
pub(crate) fn miller_loop() -> u64 {
    let input = (g1(1).to_affine_vartime(), g2(2).to_affine_vartime());
    measure(input, |(p, q)| multi_miller_loop(&[(p, &G2Prepared::new(q))]))
}

pub(crate) fn final_exponentiation() -> u64 {
    let f = multi_miller_loop(&[(&g1(1).to_affine_vartime(), &G2Prepared::generator())]);
    measure(f, |f| f.final_exponentiation())
}

pub(crate) fn pairing() -> u64 {
    measure((g1(1).to_affine_vartime(), g2(2).to_affine_vartime()), |(p, q)| icbls::pairing::pairing(p, q))
}

/// `n` pairs whose product is one: `e(a_i·G1, b_i·G2)` and a last pair `e(-Σ a_i·b_i·G1, G2)`.
fn cancelling_pairs(n: u64) -> Vec<(G1Affine, G2Affine)> {
    let mut pairs = Vec::new();
    let mut sum = Fr::ZERO;
    for i in 0..n - 1 {
        let (a, b) = (fr(10 + i), fr(50 + i));
        sum += a * b;
        pairs.push((
            G1Projective::generator().mul_vartime(&a).to_affine_vartime(),
            G2Projective::generator().mul_vartime(&b).to_affine_vartime(),
        ));
    }
    pairs.push((G1Projective::generator().mul_vartime(&-sum).to_affine_vartime(), G2Affine::generator()));
    pairs
}

fn pairing_check_n(n: u64) -> u64 {
    let pairs = cancelling_pairs(n);
    let mut ok = false;
    let count = measure(pairs, |pairs| ok = pairing_check(pairs));
    assert!(ok, "pairing_check: the bench pairs cancel");
    count
}

/// Two pairs, neither G2 point prepared ahead.
pub(crate) fn pairing_check_2() -> u64 {
    pairing_check_n(2)
}

/// Two pairs, one of them against the G2 generator prepared ahead (built into the library),
/// as BLS verification against a fixed point does.
pub(crate) fn pairing_check_2_prepared() -> u64 {
    let pairs = cancelling_pairs(2);
    let mut ok = false;
    let count = measure(pairs, |pairs| {
        let q0 = G2Prepared::new(&pairs[0].1);
        let q1 = G2Prepared::generator();
        ok = pairing_check_prepared(&[(&pairs[0].0, &q0), (&pairs[1].0, &q1)]);
    });
    assert!(ok, "pairing_check_2_prepared: the bench pairs cancel");
    count
}

/// Two pairs whose Miller values cancel before the final exponentiation, `(aP, Q)` and
/// `(-aP, Q)`: the value after the easy part is one, whose compressed squarings cannot be
/// decompressed (issue 17: such pairs must not cost much more than typical ones).
pub(crate) fn pairing_check_2_degenerate() -> u64 {
    let p = G1Projective::generator().mul_vartime(&Fr::from_u64(0x1234_5678)).to_affine_vartime();
    let q = G2Projective::generator().mul_vartime(&Fr::from_u64(0x9abc_def0)).to_affine_vartime();
    let pairs = [(p, q), (-p, q)];
    let mut ok = false;
    let count = measure(pairs, |pairs| ok = pairing_check(pairs));
    assert!(ok, "pairing_check_2_degenerate: the pairs cancel");
    count
}

pub(crate) fn pairing_check_4() -> u64 {
    pairing_check_n(4)
}

pub(crate) fn pairing_check_8() -> u64 {
    pairing_check_n(8)
}

pub(crate) fn pairing_check_16() -> u64 {
    pairing_check_n(16)
}

use icbls_harness::{MIN_PK_DST as DST_G2, MIN_SIG_DST as DST_G1};
/// The 32-byte message every hash row hashes.
const MESSAGE: [u8; 32] = [0xab; 32];

/// 128 uniform bytes (what hash_to_g1 expands) from a 32-byte message.
pub(crate) fn expand_message_xmd() -> u64 {
    measure(MESSAGE, |m| icbls::hash_to_curve::expand_message_xmd(m, DST_G1, 128))
}

/// EIP-2537's MAP_FP_TO_G1: the map, the isogeny and cofactor clearing.
pub(crate) fn map_fp_to_g1() -> u64 {
    let mut image = G1Projective::identity();
    let n = measure(fp(1), |u| image = icbls::hash_to_curve::map_fp_to_g1(u));
    assert!(image.to_affine_vartime().is_torsion_free(), "map_fp_to_g1: the image is in G1");
    n
}

/// EIP-2537's MAP_FP2_TO_G2.
pub(crate) fn map_fp2_to_g2() -> u64 {
    measure(fp2(1), icbls::hash_to_curve::map_fp2_to_g2)
}

/// hash_to_curve for G1 (random oracle), a 32-byte message, the IC's DST.
pub(crate) fn hash_to_g1() -> u64 {
    measure(MESSAGE, |m| icbls::hash_to_curve::hash_to_g1(m, DST_G1))
}

/// hash_to_curve for G2 (random oracle), a 32-byte message, Ethereum's DST.
pub(crate) fn hash_to_g2() -> u64 {
    measure(MESSAGE, |m| icbls::hash_to_curve::hash_to_g2(m, DST_G2))
}

/// Runs the library's kernel self-check on `cases` inputs: in this Wasm build, the SIMD
/// kernel against the scalar one. Hidden from the interface; called by the tests.
#[query(hidden = true)]
fn kernel_selftest(seed: u64, cases: u32) -> Result<u32, String> {
    icbls::fields::kernel_selftest(seed, cases).map_err(str::to_string)
}

/// The Candid interface this Wasm exports, for the test that compares it with the checked-in
/// `.did` file. Hidden from the interface itself.
#[query(hidden = true)]
fn candid_interface() -> String {
    __export_service()
}

ic_cdk::export_candid!();
