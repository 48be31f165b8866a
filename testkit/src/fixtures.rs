//! The fixed inputs the bench canisters, the bench runner and the canister tests share, each
//! chosen once, here: which case of which public vector file is "the certificate", "the drand
//! round", "the vetKeys flow".
//!
//! The bench canisters cannot read files, so `icbls-harness`'s build script writes
//! [`canister_inputs`] into them as constants; the runner and the tests read the same cases at
//! run time through the functions below (with the `verifier` feature, as the verifier's Candid
//! arguments). The data is public test data, read from the vectors directory
//! ([`crate::vectors`]), never committed.

use crate::vectors;
use serde_json::Value;

/// One input of the bench canisters: the name of the constant `icbls-harness` declares, and its
/// value (hex, as the vector holds it, or a decimal number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The constant's name.
    pub name: &'static str,
    /// Its value.
    pub value: String,
}

/// The vector files [`canister_inputs`] reads, relative to the vectors directory.
pub const CANISTER_INPUT_FILES: &[&str] = &[
    "bls_sig_min_sig_ic/dfinity_verify_bls_signatures.json",
    "bls_sig_min_pk_eth/verify/verify_valid_case_195246ee3bd3b6ec.json",
    "drand/quicknet.json",
    "drand/default.json",
    "canister_signatures/canister_signatures.json",
    "kzg_point_evaluation/point_evaluation_precompile_derived.json",
    "ic_certificates/ic_certificates.json",
    "vetkeys/ic_vetkeys_utils.json",
];

/// Every input of the bench canisters, by the name of its constant; `IC_CERTIFICATE_TIME_NS` and
/// the two drand rounds are numbers, the others hex strings.
pub const CANISTER_INPUT_NAMES: &[&str] = &[
    "MIN_SIG_SIGNATURE",
    "MIN_SIG_MESSAGE",
    "MIN_PK_PUBLIC_KEY",
    "MIN_PK_SIGNATURE",
    "DRAND_QUICKNET_ROUND",
    "DRAND_QUICKNET_SIGNATURE",
    "DRAND_MAINNET_ROUND",
    "DRAND_MAINNET_SIGNATURE",
    "DRAND_MAINNET_PREVIOUS",
    "CANISTER_SIG_SIGNATURE_HEX",
    "CANISTER_SIG_MESSAGE",
    "CANISTER_SIG_PUBLIC_KEY",
    "POINT_EVALUATION_INPUT_HEX",
    "IC_CERTIFICATE_HEX",
    "IC_CERTIFICATE_TIME_NS",
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
];

/// Whether the inputs whose value is a number (the others are hex).
pub fn is_number(name: &str) -> bool {
    matches!(name, "IC_CERTIFICATE_TIME_NS" | "DRAND_QUICKNET_ROUND" | "DRAND_MAINNET_ROUND")
}

/// Whether the public vectors (and with them every fixture here) are available: `false` after
/// printing the line that says where they were looked for, when they are absent and not
/// required; panics with that line when they are required (`CI=true`).
pub fn available() -> bool {
    vectors::family("ic_certificates").is_some()
}

/// A vector file as JSON; panics with the line that says where the vectors were looked for
/// when it is absent (callers ask [`available`] first).
fn json(relative: &str) -> Value {
    let text = vectors::read_to_string(relative)
        .unwrap_or_else(|| panic!("{}", vectors::not_found_line(vectors::family_of(relative))));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The case of a JSON list whose `key` is `id`.
fn case<'a>(list: &'a Value, key: &str, id: &str) -> &'a Value {
    list.as_array()
        .and_then(|cases| cases.iter().find(|c| c[key] == id))
        .unwrap_or_else(|| panic!("no case with {key} = {id}"))
}

/// A JSON string without its `0x`.
fn text(v: &Value) -> String {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}")).trim_start_matches("0x").to_string()
}

/// A JSON number as decimal text.
fn number(v: &Value) -> String {
    v.as_u64().unwrap_or_else(|| panic!("not a u64: {v}")).to_string()
}

/// The bench canisters' inputs, read from the public vectors (which must be present), in the
/// order of [`CANISTER_INPUT_NAMES`].
pub fn canister_inputs() -> Vec<Input> {
    let [min_sig, min_pk, quicknet, default, ii, kzg, certificates, vetkeys] = CANISTER_INPUT_FILES else {
        unreachable!("eight files")
    };
    let min_sig = json(min_sig);
    let min_sig = case(&min_sig, "name", "verify_valid_0");
    let min_pk = json(min_pk);
    let quicknet = json(quicknet);
    let quicknet = case(&quicknet["beacons"], "id", "round_123");
    let default = json(default);
    let default = case(&default["beacons"], "id", "round_72785");
    let ii = json(ii);
    let ii = case(&ii, "id", "ii_sig_verifier_js_mainnet_delegation");
    let kzg = json(kzg);
    let kzg = case(&kzg, "Name", "verify_kzg_proof_case_correct_proof_4_1");
    let certificates = json(certificates);
    let ivg37 = case(&certificates, "name", "ivg37_time_valid");
    let vetkeys = json(vetkeys);
    let (derivation, flow) = (&vetkeys["public_key_derivation"], &vetkeys["fixed_protocol_flow"]);
    let input = |name, value| Input { name, value };
    vec![
        input("MIN_SIG_SIGNATURE", text(&min_sig["signature_hex"])),
        input("MIN_SIG_MESSAGE", text(&min_sig["message_hex"])),
        input("MIN_PK_PUBLIC_KEY", text(&min_pk["input"]["pubkey"])),
        input("MIN_PK_SIGNATURE", text(&min_pk["input"]["signature"])),
        input("DRAND_QUICKNET_ROUND", number(&quicknet["round"])),
        input("DRAND_QUICKNET_SIGNATURE", text(&quicknet["signature"])),
        input("DRAND_MAINNET_ROUND", number(&default["round"])),
        input("DRAND_MAINNET_SIGNATURE", text(&default["signature"])),
        input("DRAND_MAINNET_PREVIOUS", text(&default["previous_signature"])),
        // The signature as the committed file held it, with its final newline (readers trim).
        input("CANISTER_SIG_SIGNATURE_HEX", text(&ii["signature_cbor"]) + "\n"),
        input("CANISTER_SIG_MESSAGE", text(&ii["message"])),
        input("CANISTER_SIG_PUBLIC_KEY", text(&ii["public_key_der"])),
        input("POINT_EVALUATION_INPUT_HEX", text(&kzg["Input"])),
        input("IC_CERTIFICATE_HEX", text(&ivg37["certificate_hex"])),
        input("IC_CERTIFICATE_TIME_NS", number(&ivg37["expected_time_ns"])),
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
}

/// One of [`canister_inputs`] by name: the value the bench canisters embed.
pub fn canister_input(name: &str) -> String {
    static INPUTS: std::sync::OnceLock<Vec<Input>> = std::sync::OnceLock::new();
    INPUTS
        .get_or_init(canister_inputs)
        .iter()
        .find(|i| i.name == name)
        .unwrap_or_else(|| panic!("{name} is not a bench canister input"))
        .value
        .clone()
}

/// [`canister_input`] as bytes (a hex input).
pub fn canister_input_bytes(name: &str) -> Vec<u8> {
    hex::decode(canister_input(name).trim()).unwrap_or_else(|e| panic!("{name} is not hex: {e}"))
}

/// [`canister_input`] as a number.
pub fn canister_input_number(name: &str) -> u64 {
    canister_input(name).parse().unwrap_or_else(|e| panic!("{name} is not a u64: {e}"))
}

/// A case of `ic_certificates/ic_certificates.json`: its certificate (hex) and `/time`.
fn ic_certificate(name: &str) -> (String, u64) {
    let cases = json("ic_certificates/ic_certificates.json");
    let case = case(&cases, "name", name);
    (text(&case["certificate_hex"]), case["expected_time_ns"].as_u64().expect("a u64"))
}

/// The mainnet certificate with a delegation (1.2 KB) both bench canisters verify, as hex, and
/// its `/time` (`ic_certificates`, case `ivg37_time_valid`, for `ivg37-qiaaa-aaaab-aaaga-cai`).
pub fn ivg37_certificate() -> (String, u64) {
    ic_certificate("ivg37_time_valid")
}

/// A mainnet certificate with a delegation and sharded canister ranges (13 KB), as hex, and its
/// `/time` (`ic_certificates`, case `224od_subnet_valid`).
pub fn subnet_certificate() -> (String, u64) {
    ic_certificate("224od_subnet_valid")
}

/// A valid EIP-4844 point-evaluation precompile input (c-kzg `correct_proof_4_1`, 192 bytes):
/// the bench canister's `point_evaluation` row input.
pub fn point_evaluation_input() -> Vec<u8> {
    canister_input_bytes("POINT_EVALUATION_INPUT_HEX")
}

/// The verifier's arguments made from the fixtures.
#[cfg(feature = "verifier")]
mod verifier_args {
    use super::{canister_input_bytes as bytes, canister_input_number};
    use icbls_verifier_client::{
        BeaconBlockHeader, CanisterSignatureArgs, DrandChain, DrandVerifyArgs, IbeEncryptArgs,
        RegisterSyncCommitteeArgs, SyncAggregateArgs, VerifyVetKeyArgs, VetKeyPublicKey,
    };
    use serde_json::Value;

    /// Internet Identity's canister signature (mainnet, with a delegation), as the verifier's
    /// `verify_canister_signature` takes it: the bench canister's `canister_signature_verify`
    /// input.
    pub fn internet_identity_signature() -> CanisterSignatureArgs {
        CanisterSignatureArgs::new(
            bytes("CANISTER_SIG_MESSAGE"),
            bytes("CANISTER_SIG_SIGNATURE_HEX"),
            bytes("CANISTER_SIG_PUBLIC_KEY"),
        )
    }

    /// The drand quicknet round the bench canisters verify, as the verifier's `drand_verify`
    /// takes it.
    pub fn drand_quicknet_round() -> DrandVerifyArgs {
        DrandVerifyArgs::new(
            DrandChain::Quicknet,
            canister_input_number("DRAND_QUICKNET_ROUND"),
            bytes("DRAND_QUICKNET_SIGNATURE"),
        )
    }

    /// The round of drand's default chained network the bench canisters verify, as the
    /// verifier's `drand_verify` takes it.
    pub fn drand_mainnet_round() -> DrandVerifyArgs {
        DrandVerifyArgs::new(
            DrandChain::Mainnet,
            canister_input_number("DRAND_MAINNET_ROUND"),
            bytes("DRAND_MAINNET_SIGNATURE"),
        )
        .with_previous_signature(bytes("DRAND_MAINNET_PREVIOUS"))
    }

    /// The real mainnet light-client update of `sync_committee/` in the public vectors (helios
    /// test data, see its PROVENANCE.md), as the verifier takes it: the committee to register,
    /// the aggregate to verify against it (mainnet, so no `fork`), and the committee's SSZ root.
    pub fn mainnet_sync_update() -> (RegisterSyncCommitteeArgs, SyncAggregateArgs, Vec<u8>) {
        let v = super::json("sync_committee/mainnet_capella_update.json");
        let bytes = |v: &Value| hex::decode(v.as_str().expect("a hex string").trim_start_matches("0x")).expect("hex");
        let number = |v: &Value| v.as_str().expect("a decimal string").parse::<u64>().expect("a u64");
        let h = &v["attested_header"];
        let register = RegisterSyncCommitteeArgs::new(
            v["committee"].as_array().expect("a list").iter().map(bytes).collect(),
            bytes(&v["aggregate_pubkey"]),
        );
        let aggregate = SyncAggregateArgs::new(
            bytes(&v["committee_root"]),
            BeaconBlockHeader::new(
                number(&h["slot"]),
                number(&h["proposer_index"]),
                bytes(&h["parent_root"]),
                bytes(&h["state_root"]),
                bytes(&h["body_root"]),
            ),
            bytes(&v["sync_committee_bits"]),
            bytes(&v["sync_committee_signature"]),
            number(&v["signature_slot"]),
        );
        (register, aggregate, bytes(&v["attested_header_root"]))
    }

    /// `ic-vetkeys`'s fixed protocol flow, as the verifier takes it: its vetKey to verify under
    /// its derived key, and its IBE encryption (which gives its ciphertext).
    pub fn vetkey_flow() -> (VerifyVetKeyArgs, IbeEncryptArgs) {
        let verify = VerifyVetKeyArgs::new(
            VetKeyPublicKey::Derived(bytes("VETKEYS_FLOW_DERIVED_PUBLIC_KEY")),
            bytes("VETKEYS_INPUT"),
            bytes("VETKEYS_VETKEY"),
        );
        let encrypt = IbeEncryptArgs::new(
            VetKeyPublicKey::Derived(bytes("VETKEYS_FLOW_DERIVED_PUBLIC_KEY")),
            bytes("VETKEYS_INPUT"),
            bytes("VETKEYS_IBE_MESSAGE"),
            bytes("VETKEYS_IBE_SEED"),
        );
        (verify, encrypt)
    }
}

#[cfg(feature = "verifier")]
pub use verifier_args::*;
