//! Limb kernels: the only module that knows how a field element is laid out in memory.
//!
//! Two backends with one interface (`Params<N>` holding a prime's constants, `Elem<N>` an
//! element, and `add`, `sub`, `neg`, `mul`, `square`, `invert_vartime`, `from_words`,
//! `to_words`, `eq`, `is_zero` on `Params`), chosen at compile time by `cfg(icbls_kernel)`,
//! which `build.rs` sets (from `--cfg icbls_kernel="…"` or the `ICBLS_KERNEL` environment
//! variable, else the target's default):
//!
//! * [`radix30`]: unsaturated 30-bit limbs in `u64`, for `wasm32` (the IC), where it is the
//!   cheapest under the IC meter (see `bench/RESULTS.md`): `radix30_simd128`, the default on
//!   `wasm32`, runs pairs of products in two `simd128` lanes; `radix30` computes them one by one,
//!   and runs on native builds too, so that the kernel is tested there;
//! * [`native64`]: saturated 64-bit words with `u128` products, the default for native builds;
//!   `ICBLS_KERNEL=native64` puts it on `wasm32` too, to measure it against the Wasm kernel.
//!
//! The fields above speak only through [`FP`] and [`FR`] and the words of canonical values.

// The kernels index their limb arrays in counted loops on purpose: it is the form the Wasm
// backend unrolls and the meter measured; iterator forms are not rewrites to take blindly.
#![allow(clippy::needless_range_loop)]

mod bingcd;
mod words;

pub(crate) use words::lt;

// Both kernels are always compiled (the unselected one is exercised by the tests only).
#[allow(dead_code)]
pub(crate) mod native64;
#[allow(dead_code)]
pub(crate) mod radix30;

#[cfg(not(icbls_kernel = "native64"))]
mod selected {
    pub(crate) use super::radix30 as backend;
    /// Limbs of an Fp element: 13 × 30 = 390 bits.
    pub(crate) const FP_LIMBS: usize = 13;
    /// Limbs of an Fr element: 9 × 30 = 270 bits.
    pub(crate) const FR_LIMBS: usize = 9;
}

#[cfg(icbls_kernel = "native64")]
mod selected {
    pub(crate) use super::native64 as backend;
    pub(crate) const FP_LIMBS: usize = 6;
    pub(crate) const FR_LIMBS: usize = 4;
}

use selected::{backend, FP_LIMBS, FR_LIMBS};

/// The base field's modulus p, little-endian 64-bit words (BLS12-381; Bowe, "BLS12-381: New
/// zk-SNARK Elliptic Curve Construction", 2017).
pub(crate) const P_WORDS: [u64; 6] = [
    0xb9fe_ffff_ffff_aaab,
    0x1eab_fffe_b153_ffff,
    0x6730_d2a0_f6b0_f624,
    0x6477_4b84_f385_12bf,
    0x4b1b_a7b6_434b_acd7,
    0x1a01_11ea_397f_e69a,
];

/// The scalar field's modulus r (the order of G1 and G2), little-endian 64-bit words.
pub(crate) const R_WORDS: [u64; 6] =
    [0xffff_ffff_0000_0001, 0x53bd_a402_fffe_5bfe, 0x3339_d808_09a1_d805, 0x73ed_a753_299d_7d48, 0, 0];

/// An element of Fp in the backend's representation.
pub(crate) type FpElem = backend::Elem<{ FP_LIMBS }>;
/// An unreduced element of Fp2 (products summed before one reduction).
pub(crate) type Fp2Wide = backend::Wide2<{ FP_LIMBS }>;
/// An element of Fr in the backend's representation.
pub(crate) type FrElem = backend::Elem<{ FR_LIMBS }>;

/// The base field's constants.
pub(crate) const FP: backend::Params<{ FP_LIMBS }> = backend::Params::new(&P_WORDS);
/// The scalar field's constants.
pub(crate) const FR: backend::Params<{ FR_LIMBS }> = backend::Params::new(&R_WORDS);

#[cfg(test)]
mod tests;
