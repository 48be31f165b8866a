//! The simd128 kernel runs only as Wasm: run the library's kernel self-check inside the bench
//! canister (built with simd128, as it ships) under the meter.

use icbls_bench::build::{build_canisters, CanisterPackage};
use icbls_bench::{Backend, MeterBackend, EMPTY_ARGS};

#[test]
fn simd_kernel_agrees_with_scalar_kernel_inside_the_canister() {
    let wasm = build_canisters(&[CanisterPackage::Bench]).unwrap().remove(0);
    let mut meter = MeterBackend::new();
    let id = meter.install(&wasm, EMPTY_ARGS).unwrap();
    for seed in [1u64, 2] {
        let arg = candid::encode_args((seed, 50_000u32)).unwrap();
        let outcome = meter.update(id, "kernel_selftest", &arg).unwrap();
        let result: Result<u32, String> = candid::decode_one(&outcome.response.unwrap()).unwrap();
        assert_eq!(result, Ok(50_000), "seed {seed}");
    }
}
