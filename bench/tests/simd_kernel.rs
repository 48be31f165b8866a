//! The simd128 kernel runs only as Wasm: run the library's kernel self-check inside the bench
//! canister under the meter, built with simd128 for the whole build (as it ships) and without
//! (as a dependent builds, where the kernel's functions enable simd128 themselves).

use icbls_canister_build::build::{build_canisters, build_variant, CanisterPackage, WITHOUT_SIMD128_FLAG};
use icbls_testkit::backend::{Backend, MeterBackend, EMPTY_ARGS};

fn selftest(wasm: &[u8]) {
    let mut meter = MeterBackend::new();
    let id = meter.install(wasm, EMPTY_ARGS).unwrap();
    // A query (5 billion instructions; called as an update it would run as a replicated query,
    // with the same limit), so the 100,000 cases are split in ten.
    for seed in 1u64..=10 {
        let arg = candid::encode_args((seed, 10_000u32)).unwrap();
        let outcome = meter.query(id, "kernel_selftest", &arg).unwrap();
        let result: Result<u32, String> = candid::decode_one(&outcome.response.unwrap()).unwrap();
        assert_eq!(result, Ok(10_000), "seed {seed}");
    }
}

#[test]
fn simd_kernel_agrees_with_scalar_kernel_inside_the_canister() {
    selftest(&build_canisters(&[CanisterPackage::Bench]).unwrap().remove(0));
}

#[test]
fn simd_kernel_agrees_without_the_simd128_flag() {
    selftest(&build_variant(&[CanisterPackage::Bench], &WITHOUT_SIMD128_FLAG).unwrap().remove(0));
}
