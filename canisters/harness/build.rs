//! The bench canisters' fixed inputs that are public test data (a certificate, signatures, a
//! KZG proof, `ic-vetkeys`'s flow) are read from the public vectors directory at build time
//! (`icbls_testkit::vectors`), never committed: this writes them as constants into
//! `$OUT_DIR/vector_inputs.rs`, byte for byte the strings the vectors hold.
//!
//! Without the vectors (and with vectors not required) the constants are empty and
//! `VECTORS_PRESENT` is false: everything still builds, and the bench, which needs them, says so
//! before it runs a row.

use icbls_testkit::vectors;
use serde_json::Value;
use std::fmt::Write;

/// One generated constant: its name and value.
struct Input {
    name: &'static str,
    value: String,
}

fn json(relative: &str) -> Value {
    println!("cargo:rerun-if-changed={}", vectors::dir().join(relative).display());
    let text = vectors::read_to_string(relative).expect("the family was found present");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The case of a JSON list whose `key` is `id`.
fn case<'a>(list: &'a Value, key: &str, id: &str) -> &'a Value {
    list.as_array()
        .and_then(|cases| cases.iter().find(|c| c[key] == id))
        .unwrap_or_else(|| panic!("no case with {key} = {id}"))
}

fn text(v: &Value) -> String {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}")).trim_start_matches("0x").to_string()
}

fn inputs() -> Vec<Input> {
    let min_sig = json("bls_sig_min_sig_ic/dfinity_verify_bls_signatures.json");
    let min_sig = case(&min_sig, "name", "verify_valid_0");
    let min_pk = json("bls_sig_min_pk_eth/verify/verify_valid_case_195246ee3bd3b6ec.json");
    let quicknet = json("drand/quicknet.json");
    let quicknet = case(&quicknet["beacons"], "id", "round_123");
    let default = json("drand/default.json");
    let default = case(&default["beacons"], "id", "round_72785");
    let ii = json("canister_signatures/canister_signatures.json");
    let ii = case(&ii, "id", "ii_sig_verifier_js_mainnet_delegation");
    let kzg = json("kzg_point_evaluation/point_evaluation_precompile_derived.json");
    let kzg = case(&kzg, "Name", "verify_kzg_proof_case_correct_proof_4_1");
    let certificates = json("ic_certificates/ic_certificates.json");
    let ivg37 = case(&certificates, "name", "ivg37_time_valid");
    let vetkeys = json("vetkeys/ic_vetkeys_utils.json");
    let (derivation, flow) = (&vetkeys["public_key_derivation"], &vetkeys["fixed_protocol_flow"]);
    let input = |name, value| Input { name, value };
    vec![
        input("MIN_SIG_SIGNATURE", text(&min_sig["signature_hex"])),
        input("MIN_SIG_MESSAGE", text(&min_sig["message_hex"])),
        input("MIN_PK_PUBLIC_KEY", text(&min_pk["input"]["pubkey"])),
        input("MIN_PK_SIGNATURE", text(&min_pk["input"]["signature"])),
        input("DRAND_QUICKNET_SIGNATURE", text(&quicknet["signature"])),
        input("DRAND_MAINNET_SIGNATURE", text(&default["signature"])),
        input("DRAND_MAINNET_PREVIOUS", text(&default["previous_signature"])),
        // The signature as the committed file held it, with its final newline (readers trim).
        input("CANISTER_SIG_SIGNATURE_HEX", text(&ii["signature_cbor"]) + "\n"),
        input("CANISTER_SIG_MESSAGE", text(&ii["message"])),
        input("CANISTER_SIG_PUBLIC_KEY", text(&ii["public_key_der"])),
        input("POINT_EVALUATION_INPUT_HEX", text(&kzg["Input"])),
        input("IC_CERTIFICATE_HEX", text(&ivg37["certificate_hex"])),
        input("VETKEYS_MASTER_PUBLIC_KEY", text(&derivation["master_public_key"])),
        input("VETKEYS_CANISTER_ID", text(&derivation["canister_id"])),
        input("VETKEYS_CONTEXT", text(&derivation["context"])),
        input("VETKEYS_DERIVED_KEY", text(&derivation["derived_key"])),
        input("VETKEYS_TRANSPORT_SECRET_KEY", text(&flow["transport_secret_key"])),
        input("VETKEYS_FLOW_DERIVED_PUBLIC_KEY", text(&flow["derived_public_key"])),
        input("VETKEYS_ENCRYPTED_KEY", text(&flow["encrypted_key"])),
        input("VETKEYS_INPUT", text(&flow["input"])),
        input("VETKEYS_VETKEY", text(&flow["vetkey"])),
        input("VETKEYS_IBE_MESSAGE", text(&flow["ibe_message"])),
        input("VETKEYS_IBE_SEED", text(&flow["ibe_seed"])),
        input("VETKEYS_IBE_CIPHERTEXT", text(&flow["ibe_ciphertext"])),
    ]
    .into_iter()
    .chain([Input {
        name: "IC_CERTIFICATE_TIME_NS",
        value: ivg37["expected_time_ns"].as_u64().expect("expected_time_ns is a u64").to_string(),
    }])
    .collect()
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed={}", vectors::ENV);
    println!("cargo:rerun-if-env-changed=CI");
    println!("cargo:rerun-if-env-changed=ICBLS_REQUIRE_VECTORS");
    println!("cargo:rerun-if-changed={}", vectors::dir().display());
    let present = vectors::dir().is_dir();
    if !present {
        let line = vectors::not_found_line("(the bench inputs)");
        if vectors::required() {
            panic!("{line}");
        }
        println!("cargo:warning={line}");
    }
    let mut out = String::from("// @generated by canisters/harness/build.rs from the public vectors directory.\n\n");
    writeln!(out, "/// Whether the public vectors were found when this was built (the constants are empty if not).")
        .unwrap();
    writeln!(out, "pub const VECTORS_PRESENT: bool = {present};").unwrap();
    let inputs = if present { inputs() } else { Vec::new() };
    for name in ALL {
        let input = inputs.iter().find(|i| i.name == *name);
        writeln!(out, "/// Read from the public vectors; documented where `lib.rs` re-exports it.").unwrap();
        if *name == "IC_CERTIFICATE_TIME_NS" {
            writeln!(out, "pub const {name}: u64 = {};", input.map_or("0", |i| &i.value)).unwrap();
        } else {
            writeln!(out, "pub const {name}: &str = {:?};", input.map_or("", |i| &i.value)).unwrap();
        }
    }
    let path = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("vector_inputs.rs");
    std::fs::write(&path, out).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// Every generated constant, present or not.
const ALL: &[&str] = &[
    "MIN_SIG_SIGNATURE",
    "MIN_SIG_MESSAGE",
    "MIN_PK_PUBLIC_KEY",
    "MIN_PK_SIGNATURE",
    "DRAND_QUICKNET_SIGNATURE",
    "DRAND_MAINNET_SIGNATURE",
    "DRAND_MAINNET_PREVIOUS",
    "CANISTER_SIG_SIGNATURE_HEX",
    "CANISTER_SIG_MESSAGE",
    "CANISTER_SIG_PUBLIC_KEY",
    "POINT_EVALUATION_INPUT_HEX",
    "IC_CERTIFICATE_HEX",
    "VETKEYS_MASTER_PUBLIC_KEY",
    "VETKEYS_CANISTER_ID",
    "VETKEYS_CONTEXT",
    "VETKEYS_DERIVED_KEY",
    "VETKEYS_TRANSPORT_SECRET_KEY",
    "VETKEYS_FLOW_DERIVED_PUBLIC_KEY",
    "VETKEYS_ENCRYPTED_KEY",
    "VETKEYS_INPUT",
    "VETKEYS_VETKEY",
    "VETKEYS_IBE_MESSAGE",
    "VETKEYS_IBE_SEED",
    "VETKEYS_IBE_CIPHERTEXT",
    "IC_CERTIFICATE_TIME_NS",
];
