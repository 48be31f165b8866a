//! Which format a file is, told by its content (and, for two formats, its name).

use super::yaml::parse_yaml;
use serde_json::Value;
use std::path::Path;

/// The formats, told apart by content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// go-ethereum / EIPs precompile list; the address named by the file name, if it names one.
    Precompile(Option<u8>),
    /// RFC 9380 hash-to-curve suite vectors.
    HashToCurve,
    /// RFC 9380 `expand_message` vectors (run through the library).
    ExpandMessage,
    /// zkcrypto's binary serialization file: `(g2, compressed)`.
    ZkcryptoPoints(bool, bool),
    /// One ethereum/bls12-381-tests case; the handler from the folder or file name, if known.
    EthBls(Option<Handler>),
    /// IC certificates with verdicts.
    IcCertificates,
    /// IC min-sig BLS signatures with verdicts.
    MinSig,
    /// One c-kzg `verify_kzg_proof` case.
    KzgProof,
    /// drand beacons of one chain with verdicts.
    Drand,
    /// BLS cases of one ciphersuite, by operation.
    BlsSuite,
    /// IC canister signatures with verdicts.
    CanisterSignatures,
}

/// The handlers of ethereum/bls12-381-tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Handler {
    Verify,
    FastAggregateVerify,
    AggregateVerify,
    BatchVerify,
    HashToG2,
    Sign,
    Aggregate,
    DeserializationG1,
    DeserializationG2,
}

/// Handler names, longest first where one is a prefix of another (`aggregate_verify` before
/// `aggregate`), so a file-name prefix finds the right one.
pub(super) const HANDLERS: [(&str, Handler); 9] = [
    ("fast_aggregate_verify", Handler::FastAggregateVerify),
    ("aggregate_verify", Handler::AggregateVerify),
    ("aggregate", Handler::Aggregate),
    ("batch_verify", Handler::BatchVerify),
    ("verify", Handler::Verify),
    ("hash_to_G2", Handler::HashToG2),
    ("sign", Handler::Sign),
    ("deserialization_G1", Handler::DeserializationG1),
    ("deserialization_G2", Handler::DeserializationG2),
];

/// The precompile a file of precompile cases is for, from its name as go-ethereum
/// (`core/vm/testdata/precompiles`) and the EIPs repository (`assets/eip-2537`) name them, with an
/// optional `fail-` prefix. Single-pair `Mul` files go to the MSM precompiles, as in the Final EIP.
pub(super) fn precompile_address(path: &Path) -> Option<u8> {
    let stem = path.file_stem()?.to_str()?;
    let name = stem.strip_prefix("fail-").unwrap_or(stem);
    let address = match name {
        "blsG1Add" | "add_G1_bls" => 0x0b,
        "blsG1Mul" | "blsG1MultiExp" | "mul_G1_bls" | "msm_G1_bls" | "multiexp_G1_bls" => 0x0c,
        "blsG2Add" | "add_G2_bls" => 0x0d,
        "blsG2Mul" | "blsG2MultiExp" | "mul_G2_bls" | "msm_G2_bls" | "multiexp_G2_bls" => 0x0e,
        "blsPairing" | "pairing_check_bls" => 0x0f,
        "blsMapG1" | "map_fp_to_G1_bls" => 0x10,
        "blsMapG2" | "map_fp2_to_G2_bls" => 0x11,
        _ if name.contains("pointEvaluation") || name.contains("point_evaluation") => 0x0a,
        _ => return None,
    };
    Some(address)
}

/// The bls12-381-tests handler of a case file: its folder's name, else its file name's prefix,
/// else a folder further up (consensus-spec-tests put cases at `<handler>/bls/<case>/data.yaml`).
pub(super) fn eth_handler(path: &Path) -> Option<Handler> {
    let exact = |name: &str| HANDLERS.iter().find(|(h, _)| *h == name).map(|(_, h)| *h);
    let name = |p: Option<&Path>| p.and_then(|p| p.file_name()).and_then(|n| n.to_str()).map(str::to_owned);
    if let Some(handler) = name(path.parent()).as_deref().and_then(exact) {
        return Some(handler);
    }
    if let Some(file) = name(Some(path)) {
        if let Some((_, handler)) = HANDLERS.iter().find(|(h, _)| file.starts_with(h)) {
            return Some(*handler);
        }
    }
    path.ancestors().skip(2).take(3).find_map(|a| name(Some(a)).as_deref().and_then(exact))
}

/// Reads `path` and tells its format; `None` when it is not a vector file (binary, or text of
/// no known shape). `Err` when it cannot be read.
pub(super) fn load(path: &Path) -> Result<Option<(Kind, Value)>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if let Some((g2, compressed)) = crate::library_cases::zkcrypto_file_kind(name) {
        return Ok(Some((Kind::ZkcryptoPoints(g2, compressed), Value::String(hex::encode(&bytes)))));
    }
    let Ok(text) = String::from_utf8(bytes) else { return Ok(None) };
    let value = match serde_json::from_str::<Value>(&text) {
        Ok(value) => value,
        Err(_) => match parse_yaml(&text) {
            Some(value) => value,
            None => return Ok(None),
        },
    };
    Ok(detect(path, &value).map(|kind| (kind, value)))
}

/// The format of a parsed file, from its shape (and, for the precompile and bls12-381-tests
/// formats, its name).
pub(super) fn detect(path: &Path, value: &Value) -> Option<Kind> {
    let objects_with = |keys: &[&str]| match value.as_array() {
        Some(list) if !list.is_empty() => {
            list.iter().all(|case| case.as_object().is_some_and(|o| keys.iter().all(|k| o.contains_key(*k))))
        }
        _ => false,
    };
    if objects_with(&["Input"]) {
        return Some(Kind::Precompile(precompile_address(path)));
    }
    if objects_with(&["certificate_hex"]) {
        return Some(Kind::IcCertificates);
    }
    if objects_with(&["signature_hex", "public_key_hex"]) {
        return Some(Kind::MinSig);
    }
    if objects_with(&["signature_cbor", "public_key_der", "root_public_key_raw"]) {
        return Some(Kind::CanisterSignatures);
    }
    let object = value.as_object()?;
    if object.contains_key("ciphersuite") && object.get("cases").is_some_and(Value::is_array) {
        return Some(Kind::BlsSuite);
    }
    if object.contains_key("scheme") && object.get("beacons").is_some_and(Value::is_array) {
        return Some(Kind::Drand);
    }
    if object.contains_key("ciphersuite") && object.get("vectors").is_some_and(Value::is_array) {
        return Some(Kind::HashToCurve);
    }
    let name_is_expand = object.get("name").and_then(Value::as_str).is_some_and(|n| n.starts_with("expand_message"));
    if object.get("tests").is_some_and(Value::is_array) && (name_is_expand || object.contains_key("DST")) {
        return Some(Kind::ExpandMessage);
    }
    if object.contains_key("input") && object.contains_key("output") {
        let input = &object["input"];
        if ["commitment", "z", "y", "proof"].iter().all(|k| input.get(k).is_some()) {
            return Some(Kind::KzgProof);
        }
        return Some(Kind::EthBls(eth_handler(path)));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(path: &str, text: &str) -> Option<Kind> {
        let value = serde_json::from_str(text).ok().or_else(|| parse_yaml(text))?;
        detect(Path::new(path), &value)
    }

    #[test]
    fn precompile_files_by_shape_and_name() {
        let ok = r#"[{"Input": "00", "Expected": "00", "Name": "a", "Gas": "375", "NoBenchmark": "False"}]"#;
        let fail = r#"[{"Input": "", "ExpectedError": "invalid input length", "Name": "b"}]"#;
        assert_eq!(kind("x/blsG1Add.json", ok), Some(Kind::Precompile(Some(0x0b))));
        assert_eq!(kind("x/fail-blsG1Add.json", fail), Some(Kind::Precompile(Some(0x0b))));
        assert_eq!(kind("blsG1Mul.json", ok), Some(Kind::Precompile(Some(0x0c))));
        assert_eq!(kind("blsG1MultiExp.json", ok), Some(Kind::Precompile(Some(0x0c))));
        assert_eq!(kind("blsG2Add.json", ok), Some(Kind::Precompile(Some(0x0d))));
        assert_eq!(kind("fail-blsG2Mul.json", fail), Some(Kind::Precompile(Some(0x0e))));
        assert_eq!(kind("blsG2MultiExp.json", ok), Some(Kind::Precompile(Some(0x0e))));
        assert_eq!(kind("blsPairing.json", ok), Some(Kind::Precompile(Some(0x0f))));
        assert_eq!(kind("blsMapG1.json", ok), Some(Kind::Precompile(Some(0x10))));
        assert_eq!(kind("blsMapG2.json", ok), Some(Kind::Precompile(Some(0x11))));
        assert_eq!(kind("geth_pointEvaluation.json", ok), Some(Kind::Precompile(Some(0x0a))));
        assert_eq!(kind("point_evaluation_precompile_derived.json", ok), Some(Kind::Precompile(Some(0x0a))));
        // The EIPs repository's assets/eip-2537 names.
        let eips = [
            ("add_G1_bls", 0x0b),
            ("add_G2_bls", 0x0d),
            ("mul_G1_bls", 0x0c),
            ("mul_G2_bls", 0x0e),
            ("msm_G1_bls", 0x0c),
            ("msm_G2_bls", 0x0e),
            ("multiexp_G1_bls", 0x0c),
            ("pairing_check_bls", 0x0f),
            ("map_fp_to_G1_bls", 0x10),
            ("map_fp2_to_G2_bls", 0x11),
        ];
        for (name, address) in eips {
            assert_eq!(kind(&format!("{name}.json"), ok), Some(Kind::Precompile(Some(address))), "{name}");
            assert_eq!(kind(&format!("fail-{name}.json"), fail), Some(Kind::Precompile(Some(address))), "fail-{name}");
        }
        // Numbers for Gas and booleans (the EIPs files) are the same format.
        let numeric = r#"[{"Input": "00", "Expected": "00", "Name": "a", "Gas": 375, "NoBenchmark": false}]"#;
        assert_eq!(kind("add_G1_bls.json", numeric), Some(Kind::Precompile(Some(0x0b))));
        // The shape is a precompile list, the name names none: recognised, skipped when run.
        assert_eq!(kind("something.json", ok), Some(Kind::Precompile(None)));
    }

    #[test]
    fn other_json_formats_by_shape() {
        let h2c = r#"{"ciphersuite": "BLS12381G1_XMD:SHA-256_SSWU_RO_", "dst": "D", "vectors": [{"msg": "", "P": {"x": "0x1", "y": "0x2"}}]}"#;
        assert_eq!(kind("anything.json", h2c), Some(Kind::HashToCurve));
        let expand = r#"{"DST": "QUUX", "hash": "SHA256", "name": "expand_message_xmd", "tests": [{"msg": ""}]}"#;
        assert_eq!(kind("e.json", expand), Some(Kind::ExpandMessage));
        let verify = r#"{"input": {"pubkey": "0x00", "message": "0x00", "signature": "0x00"}, "output": true}"#;
        assert_eq!(kind("bls/verify/verify_valid_case_1.json", verify), Some(Kind::EthBls(Some(Handler::Verify))));
        assert_eq!(kind("elsewhere/verifycase_one_privkey_4.json", verify), Some(Kind::EthBls(Some(Handler::Verify))));
        assert_eq!(kind("x/aggregate_verify_valid.json", verify), Some(Kind::EthBls(Some(Handler::AggregateVerify))));
        assert_eq!(kind("x/aggregate_infinity_signature.json", verify), Some(Kind::EthBls(Some(Handler::Aggregate))));
        assert_eq!(
            kind("x/fast_aggregate_verify_valid_3d.json", verify),
            Some(Kind::EthBls(Some(Handler::FastAggregateVerify)))
        );
        assert_eq!(kind("x/batch_verify_valid.json", verify), Some(Kind::EthBls(Some(Handler::BatchVerify))));
        assert_eq!(kind("x/hash_to_G2__2782.json", verify), Some(Kind::EthBls(Some(Handler::HashToG2))));
        assert_eq!(kind("x/sign_case_zero_privkey.json", verify), Some(Kind::EthBls(Some(Handler::Sign))));
        assert_eq!(
            kind("deserialization_G2/whatever.json", verify),
            Some(Kind::EthBls(Some(Handler::DeserializationG2)))
        );
        assert_eq!(kind("x/unknown.json", verify), Some(Kind::EthBls(None)));
        let certs = r#"[{"name": "c", "certificate_hex": "d9d9f7", "root_key_hex": "30", "expected_valid": true, "expected_time_ns": 1}]"#;
        assert_eq!(kind("ic.json", certs), Some(Kind::IcCertificates));
        let min_sig = r#"[{"name": "s", "expected_valid": true, "signature_hex": "00", "message_hex": "", "public_key_hex": "00", "dst": "D"}]"#;
        assert_eq!(kind("ms.json", min_sig), Some(Kind::MinSig));
        let drand =
            r#"{"network": "quicknet", "scheme": "bls-unchained-g1-rfc9380", "public_key": "00", "beacons": []}"#;
        assert_eq!(kind("d.json", drand), Some(Kind::Drand));
        let suite = r#"{"ciphersuite": "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_", "cases": []}"#;
        assert_eq!(kind("s.json", suite), Some(Kind::BlsSuite));
        let canister_sigs = r#"[{"id": "c", "message": "", "signature_cbor": "d9d9f7", "public_key_der": "30", "root_public_key_raw": "00", "expected_valid": false}]"#;
        assert_eq!(kind("c.json", canister_sigs), Some(Kind::CanisterSignatures));
    }

    #[test]
    fn non_vector_files() {
        // PROVENANCE.md, trusted_setup.txt, tau_g2.json, an empty list, a README.
        assert_eq!(kind("PROVENANCE.md", "# PROVENANCE\n\nSource: x @ y, path: z\n| a | b |\n"), None);
        assert_eq!(kind("trusted_setup.txt", "4096\n65\na0413c0dcafec6dbc9f47d66785cf1e8c981044f7d13cfe3e4fcbb71b5408dfde6312493cb3c1d30516cb3ca88c03654\n"), None);
        assert_eq!(
            kind("tau_g2.json", r#"{"g2_generator_compressed_hex": "93", "tau_g2_compressed_hex": "b5", "note": "n"}"#),
            None
        );
        assert_eq!(kind("empty.json", "[]"), None);
        assert_eq!(kind("list.json", r#"[{"a": 1}]"#), None);
        assert_eq!(kind("README.md", "Folders: eip2537/ (EIP-2537 precompiles)\n"), None);
        assert!(load(Path::new("/nonexistent/file.json")).is_err());
    }
}
