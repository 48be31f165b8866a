//! One query per `icbls` primitive, each returning the IC instructions it spent.
//!
//! Methods mirror `canisters/baseline` row for row. A primitive `icbls` does not have yet has
//! no method here: the results table shows the row with the baseline alone. Inputs are
//! fixed, full-size elements prepared outside the measured region; where an operation has a
//! checkable answer the method checks it after measuring and traps if it is wrong.

use ic_cdk::query;
use icbls::{Fp, Fp12, Fp2, Fp6, Fr};
use icbls_harness::measure;

/// The bench methods this canister has, in the order of the results table.
const BENCHMARKS: &[&str] = &[
    "fp_add",
    "fp_mul",
    "fp_square",
    "fp_inv",
    "fp_inv_constant_time",
    "fp_sqrt",
    "fp2_mul",
    "fp2_square",
    "fp2_inv",
    "fp2_sqrt",
    "fp12_mul",
    "fp12_square",
    "fp12_cyclotomic_square",
    "fr_mul",
    "fr_inv",
];

/// Lists the bench methods of this canister.
#[query]
fn benchmarks() -> Vec<String> {
    BENCHMARKS.iter().map(|s| s.to_string()).collect()
}

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

#[query]
fn fp_add() -> u64 {
    measure((fp(1), fp(2)), |(a, b)| *a + *b)
}

#[query]
fn fp_mul() -> u64 {
    measure((fp(1), fp(2)), |(a, b)| *a * *b)
}

#[query]
fn fp_square() -> u64 {
    measure(fp(1), |a| a.square())
}

/// Inversion of a public value (binary extended Euclid).
#[query]
fn fp_inv() -> u64 {
    let a = fp(1);
    let mut inv = None;
    let n = measure(a, |a| inv = a.invert_vartime());
    assert_eq!(inv.map(|i| i * a), Some(Fp::ONE), "fp_inv: wrong inverse");
    n
}

/// Inversion in constant time (Fermat).
#[query]
fn fp_inv_constant_time() -> u64 {
    let a = fp(1);
    let mut inv = None;
    let n = measure(a, |a| inv = a.invert());
    assert_eq!(inv.map(|i| i * a), Some(Fp::ONE), "fp_inv_constant_time: wrong inverse");
    n
}

#[query]
fn fp_sqrt() -> u64 {
    let a = fp(1).square();
    let mut root = None;
    let n = measure(a, |a| root = a.sqrt());
    assert_eq!(root.map(|r| r.square()), Some(a), "fp_sqrt: wrong root");
    n
}

#[query]
fn fp2_mul() -> u64 {
    measure((fp2(1), fp2(2)), |(a, b)| *a * *b)
}

#[query]
fn fp2_square() -> u64 {
    measure(fp2(1), |a| a.square())
}

#[query]
fn fp2_inv() -> u64 {
    let a = fp2(1);
    let mut inv = None;
    let n = measure(a, |a| inv = a.invert_vartime());
    assert_eq!(inv.map(|i| i * a), Some(Fp2::ONE), "fp2_inv: wrong inverse");
    n
}

#[query]
fn fp2_sqrt() -> u64 {
    let a = fp2(1).square();
    let mut root = None;
    let n = measure(a, |a| root = a.sqrt());
    assert_eq!(root.map(|r| r.square()), Some(a), "fp2_sqrt: wrong root");
    n
}

#[query]
fn fp12_mul() -> u64 {
    measure((fp12(1), fp12(2)), |(a, b)| *a * *b)
}

#[query]
fn fp12_square() -> u64 {
    measure(fp12(1), |a| a.square())
}

#[query]
fn fp12_cyclotomic_square() -> u64 {
    let g = cyclotomic(1);
    let mut out = Fp12::ZERO;
    let n = measure(g, |g| out = g.cyclotomic_square());
    assert_eq!(out, g.square(), "fp12_cyclotomic_square: wrong square");
    n
}

#[query]
fn fr_mul() -> u64 {
    measure((fr(1), fr(2)), |(a, b)| *a * *b)
}

#[query]
fn fr_inv() -> u64 {
    let a = fr(1);
    let mut inv = None;
    let n = measure(a, |a| inv = a.invert_vartime());
    assert_eq!(inv.map(|i| i * a), Some(Fr::ONE), "fr_inv: wrong inverse");
    n
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
