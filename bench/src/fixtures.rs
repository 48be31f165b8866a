//! The fixed inputs the bench runner and its tests share, each from one source.

/// A mainnet certificate with a delegation (1.2 KB), as hex: the harness's, which both bench
/// canisters verify.
pub const IVG37_CERTIFICATE: &str = icbls_harness::IC_CERTIFICATE_HEX;
/// Its `/time`.
pub const IVG37_TIME_NS: u64 = icbls_harness::IC_CERTIFICATE_TIME_NS;
/// A mainnet certificate with a delegation and sharded canister ranges (13 KB), as hex.
pub const SUBNET_CERTIFICATE: &str = include_str!("inputs/224od_subnet_certificate.hex");
/// Its `/time`.
pub const SUBNET_TIME_NS: u64 = 1_765_214_062_097_800_265;
/// A valid EIP-4844 point-evaluation precompile input (c-kzg `correct_proof_4_1`), as hex: the
/// bench canister's `point_evaluation` row input.
pub const POINT_EVALUATION_INPUT: &str = include_str!("../../canisters/bench/src/point_evaluation_input.hex");

/// [`POINT_EVALUATION_INPUT`] as bytes.
pub fn point_evaluation_input() -> Vec<u8> {
    hex::decode(POINT_EVALUATION_INPUT.trim()).expect("the fixture is hex")
}

#[cfg(test)]
mod tests {
    /// The canisters take the root key as hex from the harness (which links no icbls code); it
    /// is the library's constant, byte for byte.
    #[test]
    fn harness_root_key_is_the_library_constant() {
        let harness = hex::decode(icbls_harness::IC_ROOT_KEY_DER_HEX).expect("hex");
        assert_eq!(harness, icbls::certificate::IC_MAINNET_ROOT_KEY_DER);
    }

    /// The DSTs the bench canisters hash under are the library's suites' tags.
    #[test]
    fn harness_dsts_are_the_library_constants() {
        assert_eq!(icbls_harness::MIN_SIG_DST, icbls::bls::min_sig::DST);
        assert_eq!(icbls_harness::MIN_PK_DST, icbls::bls::min_pk::DST);
    }
}
