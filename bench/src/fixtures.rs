//! The fixed inputs the bench runner and its tests share, each from one source. Those that are
//! public test data come from the public vectors directory (`icbls_testkit::vectors`), never
//! from the repository: the harness's constants (read by its build script) and the files read
//! here at run time. Callers first ask [`available`], which says why not when they are absent.

/// Whether the public vectors (and with them every fixture here) are available: `false` after
/// printing the line that says where they were looked for, when they are absent and not
/// required; panics with that line when they are required (`CI=true`). A build of the bench
/// canisters without them has empty inputs, so the bench refuses to run then.
pub fn available() -> bool {
    let found = icbls_testkit::vectors::family("ic_certificates").is_some();
    if found && !icbls_harness::VECTORS_PRESENT {
        panic!(
            "the public vectors are at {} now, but the bench canisters' inputs were built without them: \
             rebuild (`cargo clean -p icbls-harness`)",
            icbls_testkit::vectors::dir().display()
        );
    }
    found
}

/// A mainnet certificate with a delegation (1.2 KB), as hex: the harness's, which both bench
/// canisters verify.
pub const IVG37_CERTIFICATE: &str = icbls_harness::IC_CERTIFICATE_HEX;
/// Its `/time`.
pub const IVG37_TIME_NS: u64 = icbls_harness::IC_CERTIFICATE_TIME_NS;

/// A case of `ic_certificates/ic_certificates.json`: its certificate (hex) and `/time`.
fn ic_certificate(name: &str) -> (String, u64) {
    let text = icbls_testkit::vectors::read_to_string("ic_certificates/ic_certificates.json")
        .unwrap_or_else(|| panic!("{}", icbls_testkit::vectors::not_found_line("ic_certificates")));
    let cases: serde_json::Value = serde_json::from_str(&text).expect("the vector is JSON");
    let case = cases.as_array().and_then(|c| c.iter().find(|c| c["name"] == name)).expect("the case is listed");
    (case["certificate_hex"].as_str().expect("hex").to_string(), case["expected_time_ns"].as_u64().expect("a u64"))
}

/// A mainnet certificate with a delegation and sharded canister ranges (13 KB), as hex, and its
/// `/time` (`ic_certificates`, case `224od_subnet_valid`).
pub fn subnet_certificate() -> (String, u64) {
    ic_certificate("224od_subnet_valid")
}
/// A valid EIP-4844 point-evaluation precompile input (c-kzg `correct_proof_4_1`), as hex: the
/// harness's, the bench canister's `point_evaluation` row input.
pub const POINT_EVALUATION_INPUT: &str = icbls_harness::POINT_EVALUATION_INPUT_HEX;

/// [`POINT_EVALUATION_INPUT`] as bytes.
pub fn point_evaluation_input() -> Vec<u8> {
    hex::decode(POINT_EVALUATION_INPUT.trim()).expect("the fixture is hex")
}

/// Internet Identity's canister signature (mainnet, with a delegation), as the verifier's
/// `verify_canister_signature` takes it: the bench canister's `canister_signature_verify` input.
pub fn internet_identity_signature() -> icbls_verifier_client::CanisterSignatureArgs {
    use icbls_harness::{hex_vec, CANISTER_SIG_MESSAGE, CANISTER_SIG_PUBLIC_KEY, CANISTER_SIG_SIGNATURE_HEX};
    icbls_verifier_client::CanisterSignatureArgs {
        message: hex_vec(CANISTER_SIG_MESSAGE),
        signature: hex_vec(CANISTER_SIG_SIGNATURE_HEX),
        public_key: hex_vec(CANISTER_SIG_PUBLIC_KEY),
        root_key: None,
        max_age_ns: None,
        now_ns: None,
    }
}

/// A round of drand's default chained network, as the verifier's `drand_verify` takes it: the
/// bench canister's input.
pub fn drand_mainnet_round() -> icbls_verifier_client::DrandVerifyArgs {
    use icbls_harness::{hex_vec, DRAND_MAINNET_PREVIOUS, DRAND_MAINNET_ROUND, DRAND_MAINNET_SIGNATURE};
    icbls_verifier_client::DrandVerifyArgs {
        chain: icbls_verifier_client::DrandChain::Mainnet,
        round: DRAND_MAINNET_ROUND,
        signature: hex_vec(DRAND_MAINNET_SIGNATURE),
        previous_signature: Some(hex_vec(DRAND_MAINNET_PREVIOUS)),
    }
}

/// The real mainnet light-client update of `sync_committee/` in the public vectors (helios test
/// data, see its PROVENANCE.md), as the verifier takes it: the committee to register, the aggregate to
/// verify against it (mainnet, so no `fork`), and the committee's SSZ root.
pub fn mainnet_sync_update(
) -> (icbls_verifier_client::RegisterSyncCommitteeArgs, icbls_verifier_client::SyncAggregateArgs, Vec<u8>) {
    use icbls_verifier_client::{BeaconBlockHeader, RegisterSyncCommitteeArgs, SyncAggregateArgs};
    use serde_json::Value;
    let text = icbls_testkit::vectors::read_to_string("sync_committee/mainnet_capella_update.json")
        .unwrap_or_else(|| panic!("{}", icbls_testkit::vectors::not_found_line("sync_committee")));
    let v: Value = serde_json::from_str(&text).expect("the vector is JSON");
    let bytes = |v: &Value| hex::decode(v.as_str().expect("a hex string").trim_start_matches("0x")).expect("hex");
    let number = |v: &Value| v.as_str().expect("a decimal string").parse::<u64>().expect("a u64");
    let h = &v["attested_header"];
    let register = RegisterSyncCommitteeArgs {
        public_keys: v["committee"].as_array().expect("a list").iter().map(bytes).collect(),
        aggregate_public_key: bytes(&v["aggregate_pubkey"]),
    };
    let aggregate = SyncAggregateArgs {
        committee_root: bytes(&v["committee_root"]),
        attested_header: BeaconBlockHeader {
            slot: number(&h["slot"]),
            proposer_index: number(&h["proposer_index"]),
            parent_root: bytes(&h["parent_root"]),
            state_root: bytes(&h["state_root"]),
            body_root: bytes(&h["body_root"]),
        },
        sync_committee_bits: bytes(&v["sync_committee_bits"]),
        sync_committee_signature: bytes(&v["sync_committee_signature"]),
        signature_slot: number(&v["signature_slot"]),
        fork: None,
    };
    (register, aggregate, bytes(&v["attested_header_root"]))
}

/// `ic-vetkeys`'s fixed protocol flow (`icbls_harness::vetkeys`), as the verifier takes it: its
/// vetKey to verify under its derived key, and its IBE encryption (which gives its ciphertext).
pub fn vetkey_flow() -> (icbls_verifier_client::VerifyVetKeyArgs, icbls_verifier_client::IbeEncryptArgs) {
    use icbls_harness::hex_vec;
    use icbls_harness::vetkeys::*;
    use icbls_verifier_client::{IbeEncryptArgs, VerifyVetKeyArgs, VetKeyPublicKey};
    let verify = VerifyVetKeyArgs {
        public_key: VetKeyPublicKey::Derived(hex_vec(FLOW_DERIVED_PUBLIC_KEY)),
        input: hex_vec(INPUT),
        vetkey: hex_vec(VETKEY),
    };
    let encrypt = IbeEncryptArgs {
        public_key: VetKeyPublicKey::Derived(hex_vec(FLOW_DERIVED_PUBLIC_KEY)),
        identity: hex_vec(INPUT),
        message: hex_vec(IBE_MESSAGE),
        seed: hex_vec(IBE_SEED),
    };
    (verify, encrypt)
}

#[cfg(test)]
mod tests {
    /// The canisters take the root key as hex from the harness (which links no icbls code), raw
    /// and DER-wrapped; both are the library's constants, byte for byte.
    #[test]
    fn harness_root_key_is_the_library_constant() {
        let harness = hex::decode(icbls_harness::IC_ROOT_KEY_DER_HEX).expect("hex");
        assert_eq!(harness, icbls::certificate::IC_MAINNET_ROOT_KEY_DER);
        let raw = hex::decode(icbls_harness::MIN_SIG_PUBLIC_KEY).expect("hex");
        assert_eq!(raw, icbls::certificate::IC_MAINNET_ROOT_KEY);
    }

    /// The vetKeys inputs both bench canisters measure are `ic-vetkeys`'s vectors.
    #[test]
    fn harness_vetkeys_inputs_are_the_vectors() {
        use icbls_harness::vetkeys::*;
        let Some(text) = icbls_testkit::vectors::read_to_string("vetkeys/ic_vetkeys_utils.json") else { return };
        let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let (p, f) = (&v["public_key_derivation"], &v["fixed_protocol_flow"]);
        let pairs = [
            (MASTER_PUBLIC_KEY, &p["master_public_key"]),
            (CANISTER_ID, &p["canister_id"]),
            (CONTEXT, &p["context"]),
            (DERIVED_KEY, &p["derived_key"]),
            (TRANSPORT_SECRET_KEY, &f["transport_secret_key"]),
            (FLOW_DERIVED_PUBLIC_KEY, &f["derived_public_key"]),
            (ENCRYPTED_KEY, &f["encrypted_key"]),
            (INPUT, &f["input"]),
            (VETKEY, &f["vetkey"]),
            (IBE_MESSAGE, &f["ibe_message"]),
            (IBE_SEED, &f["ibe_seed"]),
            (IBE_CIPHERTEXT, &f["ibe_ciphertext"]),
        ];
        for (constant, vector) in pairs {
            assert_eq!(Some(constant), vector.as_str());
        }
    }

    /// The drand keys the baseline canister verifies under are the library's constants.
    #[test]
    fn harness_drand_keys_are_the_library_constants() {
        let quicknet = hex::decode(icbls_harness::DRAND_QUICKNET_PUBLIC_KEY).expect("hex");
        let mainnet = hex::decode(icbls_harness::DRAND_MAINNET_PUBLIC_KEY).expect("hex");
        assert_eq!(quicknet, icbls::drand::QUICKNET_PUBLIC_KEY);
        assert_eq!(mainnet, icbls::drand::MAINNET_PUBLIC_KEY);
    }

    /// The DSTs the bench canisters hash under are the library's suites' tags.
    #[test]
    fn harness_dsts_are_the_library_constants() {
        assert_eq!(icbls_harness::MIN_SIG_DST, icbls::bls::min_sig::DST);
        assert_eq!(icbls_harness::MIN_PK_DST, icbls::bls::min_pk::DST);
    }
}
