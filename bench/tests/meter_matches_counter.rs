//! The meter's count for a whole message agrees with what `ic0.performance_counter` reports
//! inside the canister: they differ only by the fixed cost of what runs after the counter is
//! read (Candid-encoding the reply, `msg_reply_data_append`, `msg_reply`, returning).

use icbls_canister_build::build::{build_canisters, CanisterPackage};
use icbls_testkit::backend::{Backend, MeterBackend};

#[test]
fn meter_total_and_in_canister_counter_differ_by_a_fixed_tail() {
    let wasm = build_canisters(&[CanisterPackage::Baseline]).unwrap().remove(0);
    let mut meter = MeterBackend::new();
    let id = meter.install(&wasm, icbls_testkit::backend::EMPTY_ARGS).unwrap();
    let mut samples = Vec::new();
    for n in [0u32, 10, 25] {
        let arg = candid::encode_one(n).unwrap();
        let outcome = meter.query(id, "counter_check", &arg).unwrap();
        let counter: u64 = candid::decode_one(&outcome.response.unwrap()).unwrap();
        let total = outcome.instructions.unwrap();
        samples.push((n, counter, total));
    }
    let tails: Vec<u64> = samples.iter().map(|(_, c, t)| t - c).collect();
    eprintln!("(n, counter, meter total): {samples:?}; fixed tail: {} instructions", tails[0]);
    assert!(tails.iter().all(|t| *t == tails[0]), "the tail depends on n: {tails:?}");
    // The tail is a Candid reply of one nat64 plus two System API calls of 500 each.
    assert!(tails[0] > 1_000 && tails[0] < 50_000, "implausible tail {}", tails[0]);
    // Work added inside the canister shows up one for one in both counts.
    let (_, c10, t10) = samples[1];
    let (_, c25, t25) = samples[2];
    assert_eq!(t25 - t10, c25 - c10);
    assert!(c25 - c10 > 15 * 50_000, "15 G1 additions should cost more than 750k");
}

#[test]
fn bench_methods_are_deterministic_and_agree_with_the_meter() {
    let wasm = build_canisters(&[CanisterPackage::Baseline]).unwrap().remove(0);
    let mut meter = MeterBackend::new();
    let id = meter.install(&wasm, icbls_testkit::backend::EMPTY_ARGS).unwrap();
    for method in ["fr_mul", "g1_add", "g2_double"] {
        let run = |meter: &mut MeterBackend| {
            let outcome = meter.query(id, method, icbls_testkit::backend::EMPTY_ARGS).unwrap();
            let measured: u64 = candid::decode_one(&outcome.response.unwrap()).unwrap();
            (measured, outcome.instructions.unwrap())
        };
        let (first, total) = run(&mut meter);
        assert_eq!(run(&mut meter), (first, total), "{method} is not deterministic");
        assert!(first > 0 && first < total, "{method}: measured {first} of a {total} message");
    }
}
