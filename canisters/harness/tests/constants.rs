//! The harness's constants are the library's and the vectors': the canisters take them as hex
//! from the harness (which links no icbls code outside its `light-client` feature, the light-client
//! rows' input), so these checks run on the host.

/// The root key, raw and DER-wrapped, is the library's constant, byte for byte.
#[test]
fn root_key_is_the_library_constant() {
    let der = hex::decode(icbls_harness::IC_ROOT_KEY_DER_HEX).expect("hex");
    assert_eq!(der, icbls::certificate::IC_MAINNET_ROOT_KEY_DER);
    let raw = hex::decode(icbls_harness::MIN_SIG_PUBLIC_KEY).expect("hex");
    assert_eq!(raw, icbls::certificate::IC_MAINNET_ROOT_KEY);
}

/// The drand keys the canisters verify under are the library's constants.
#[test]
fn drand_keys_are_the_library_constants() {
    let quicknet = hex::decode(icbls_harness::DRAND_QUICKNET_PUBLIC_KEY).expect("hex");
    let mainnet = hex::decode(icbls_harness::DRAND_MAINNET_PUBLIC_KEY).expect("hex");
    assert_eq!(quicknet, icbls::drand::QUICKNET_PUBLIC_KEY);
    assert_eq!(mainnet, icbls::drand::MAINNET_PUBLIC_KEY);
}

/// The DSTs the canisters hash under are the library's suites' tags.
#[test]
fn dsts_are_the_library_constants() {
    assert_eq!(icbls_harness::MIN_SIG_DST, icbls::bls::min_sig::DST);
    assert_eq!(icbls_harness::MIN_PK_DST, icbls::bls::min_pk::DST);
}

/// The constants read from the vectors at build time are the fixtures' values now: a harness
/// built before the vectors changed (or without them) is told apart from one that is current.
#[test]
fn vector_inputs_are_the_fixtures() {
    if !icbls_testkit::fixtures::available() {
        return;
    }
    let built_with_vectors: bool = icbls_harness::VECTORS_PRESENT;
    assert!(built_with_vectors, "the harness was built without the vectors: `cargo clean -p icbls-harness`");
    use icbls_harness::vetkeys;
    let constants: &[(&str, String)] = &[
        ("MIN_SIG_SIGNATURE", icbls_harness::MIN_SIG_SIGNATURE.into()),
        ("MIN_SIG_MESSAGE", icbls_harness::MIN_SIG_MESSAGE.into()),
        ("MIN_PK_PUBLIC_KEY", icbls_harness::MIN_PK_PUBLIC_KEY.into()),
        ("MIN_PK_SIGNATURE", icbls_harness::MIN_PK_SIGNATURE.into()),
        ("DRAND_QUICKNET_ROUND", icbls_harness::DRAND_QUICKNET_ROUND.to_string()),
        ("DRAND_QUICKNET_SIGNATURE", icbls_harness::DRAND_QUICKNET_SIGNATURE.into()),
        ("DRAND_MAINNET_ROUND", icbls_harness::DRAND_MAINNET_ROUND.to_string()),
        ("DRAND_MAINNET_SIGNATURE", icbls_harness::DRAND_MAINNET_SIGNATURE.into()),
        ("DRAND_MAINNET_PREVIOUS", icbls_harness::DRAND_MAINNET_PREVIOUS.into()),
        ("CANISTER_SIG_SIGNATURE_HEX", icbls_harness::CANISTER_SIG_SIGNATURE_HEX.into()),
        ("CANISTER_SIG_MESSAGE", icbls_harness::CANISTER_SIG_MESSAGE.into()),
        ("CANISTER_SIG_PUBLIC_KEY", icbls_harness::CANISTER_SIG_PUBLIC_KEY.into()),
        ("POINT_EVALUATION_INPUT_HEX", icbls_harness::POINT_EVALUATION_INPUT_HEX.into()),
        ("IC_CERTIFICATE_HEX", icbls_harness::IC_CERTIFICATE_HEX.into()),
        ("IC_CERTIFICATE_TIME_NS", icbls_harness::IC_CERTIFICATE_TIME_NS.to_string()),
        ("VETKEYS_MASTER_PUBLIC_KEY", vetkeys::MASTER_PUBLIC_KEY.into()),
        ("VETKEYS_CANISTER_ID", vetkeys::CANISTER_ID.into()),
        ("VETKEYS_CONTEXT", vetkeys::CONTEXT.into()),
        ("VETKEYS_DERIVED_KEY", vetkeys::DERIVED_KEY.into()),
        ("VETKEYS_TRANSPORT_SECRET_KEY", vetkeys::TRANSPORT_SECRET_KEY.into()),
        ("VETKEYS_FLOW_DERIVED_PUBLIC_KEY", vetkeys::FLOW_DERIVED_PUBLIC_KEY.into()),
        ("VETKEYS_ENCRYPTED_KEY", vetkeys::ENCRYPTED_KEY.into()),
        ("VETKEYS_INPUT", vetkeys::INPUT.into()),
        ("VETKEYS_VETKEY", vetkeys::VETKEY.into()),
        ("VETKEYS_IBE_MESSAGE", vetkeys::IBE_MESSAGE.into()),
        ("VETKEYS_IBE_SEED", vetkeys::IBE_SEED.into()),
        ("VETKEYS_IBE_CIPHERTEXT", vetkeys::IBE_CIPHERTEXT.into()),
    ];
    let names: Vec<&str> = constants.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, icbls_testkit::fixtures::CANISTER_INPUT_NAMES, "every input is checked here");
    for (name, value) in constants {
        assert_eq!(*value, icbls_testkit::fixtures::canister_input(name), "{name}");
    }
}
