//! The meter's profile mode on the canisters as they ship: a profiled call counts exactly what
//! the same call counts unprofiled (whole message, and the figure the bench method reports), the
//! shipped Wasm keeps its `name` section so the profile names functions, and the phases of the
//! composite rows add up to their rows.

use icbls_canister_build::build::{build_canisters, CanisterPackage};
use icbls_meter::{CallKind, Canister, Response};

fn reply_u64(response: &Response) -> u64 {
    match response {
        Response::Reply(bytes) => candid::decode_one(bytes).unwrap(),
        Response::Reject(m) => panic!("rejected: {m}"),
    }
}

#[test]
fn profiled_calls_count_what_unprofiled_calls_count() {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    let wasm = build_canisters(&[CanisterPackage::Bench]).unwrap().remove(0);
    // Symbols are kept (`strip = "debuginfo"`): the profile can name functions.
    assert!(icbls_canister_build::artifact::custom_section(&wasm, "name").unwrap().is_some());
    let mut plain = Canister::install(&wasm, icbls_testkit::backend::EMPTY_ARGS).unwrap();
    let mut profiled = Canister::install(&wasm, icbls_testkit::backend::EMPTY_ARGS).unwrap();
    for method in ["fp_mul", "g1_add", "bls_min_sig_verify"] {
        let a = plain.query(method, icbls_testkit::backend::EMPTY_ARGS).unwrap();
        let b = profiled.profile(CallKind::Query, method, icbls_testkit::backend::EMPTY_ARGS);
        let outcome = b.outcome.unwrap();
        assert_eq!(outcome.instructions, a.instructions, "{method}");
        assert_eq!(reply_u64(&outcome.response), reply_u64(&a.response), "{method}");
        assert_eq!(b.profile.instructions(), a.instructions, "{method}");
        let top = &b.profile.functions()[0];
        assert_eq!((top.name.as_str(), top.inclusive), (format!("canister_query {method}").as_str(), a.instructions));
        if method == "bls_min_sig_verify" {
            let names: Vec<String> = b.profile.functions().into_iter().map(|f| f.name).collect();
            assert!(names.iter().any(|n| n == "icbls::pairing::final_exp::final_exponentiation"), "{names:?}");
        }
    }
}

#[test]
fn phases_add_up_to_their_rows() {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    let wasm = build_canisters(&[CanisterPackage::Bench]).unwrap().remove(0);
    let rows = icbls_bench::phases::profile_rows(&wasm).unwrap();
    let mut plain = Canister::install(&wasm, icbls_testkit::backend::EMPTY_ARGS).unwrap();
    for row in &rows {
        let measured = reply_u64(&plain.query(&row.operation, icbls_testkit::backend::EMPTY_ARGS).unwrap().response);
        assert_eq!(row.instructions, measured, "{}", row.operation);
        assert_eq!(row.phases.iter().map(|p| p.instructions).sum::<u64>(), measured, "{}", row.operation);
        let phase = |name: &str| row.phases.iter().find(|p| p.phase == name).map_or(0, |p| p.instructions);
        assert!(phase("Miller loop") > 0 && phase("final exponentiation") > 0, "{row:?}");
        // The named phases leave little: a phase function was not inlined out of sight.
        assert!(phase("other") * 100 < measured, "{row:?}");
    }
}
