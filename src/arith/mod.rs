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
//!
//! # The radix-2^30 kernel and the kernel choice
//!
//! On `wasm32` an Fp element is 13 limbs of 30 bits (stored in `u32`, computed in `u64`): products
//! of limbs sum in a `u64` column without carries, and Montgomery reduction of a product of values
//! below `2p` lands below `2p` again, so no final subtraction is needed. Multiplication and
//! squaring are straight-line code written by `bench/generators/radix30_kernels.py`
//! (`regenerate kernels` after editing it); with `simd128` pairs of products run in two lanes
//! (`i64x2.extmul_low_i32x4_u`: two products for 1 instruction), a single product runs its product
//! half in two lanes (the operand times the low and the high half of the other), and Fp2 products
//! are summed unreduced so that an Fp6 multiplication pays three reductions instead of six. Where
//! LLVM can see a constant operand (a limb of p) it turns `extmul` into an extension and an
//! `i64x2.mul`, which the IC charges 4; the kernel hides p's limbs behind a swizzle by an identity
//! permutation the optimiser cannot see (1 instruction). The variants table of `bench/RESULTS.md`
//! measures the kernel with them left in sight (the row "operands in sight"). The two-lane kernel
//! (`radix30_simd128`) is the default on `wasm32`: our canister builds turn `simd128` on for the
//! whole build (`.cargo/config.toml`), and where a build does not (a dependent's), the functions
//! that hold the kernel enable it with `#[target_feature]`. Native builds use 6 × 64-bit limbs
//! (`native64`). The kernel is one cfg, `icbls_kernel`, which `build.rs` sets: to choose another,
//! set `ICBLS_KERNEL` (`native64`, `radix30` for the scalar radix-2^30 kernel, `radix30_simd128` on
//! `wasm32` only) or pass `--cfg icbls_kernel="…"` in RUSTFLAGS;
//! `ICBLS_KERNEL=radix30 cargo test -p icbls` runs the Wasm kernel natively. The tests check both
//! kernels against big integers and against each other, and the SIMD kernel inside a canister under
//! the meter. `bench/RESULTS.md` compares the kernel variants.

// The kernels index their limb arrays in counted loops on purpose: it is the form the Wasm
// backend unrolls and the meter measured; iterator forms are not rewrites to take blindly.
#![allow(clippy::needless_range_loop)]

mod bingcd;
mod words;

#[cfg(all(test, feature = "eth"))]
pub(crate) use words::add_words;
pub(crate) use words::lt;
#[cfg(feature = "eth")]
pub(crate) use words::sub_words;

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
