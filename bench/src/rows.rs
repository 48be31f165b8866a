//! The runner's selections of bench canister rows (each name is a method of the bench canister's
//! `benchmarks` list; `tests/rows.rs` checks it).

/// The rows the chart shows: the headline operations, where both libraries have them.
pub const CHART_ROWS: &[&str] = &[
    "g1_mul",
    "g2_mul",
    "g1_decompress_checked",
    "g2_decompress_checked",
    "g1_msm_128",
    "miller_loop",
    "final_exponentiation",
    "pairing",
    "pairing_check_2",
    "hash_to_g1",
    "hash_to_g2",
    "bls_min_sig_verify",
    "bls_min_pk_verify",
    "certificate_verify",
    "certificate_verify_with_delegation",
];

/// The rows the README's headline table adds to [`CHART_ROWS`]: the aggregate and batch
/// verifications and the precompiles.
pub const README_ROWS: &[&str] =
    &["fast_aggregate_verify_128", "batch_verify_128", "eip2537_g1msm_128", "eip2537_pairing_2", "point_evaluation"];

/// The operations each kernel variant is measured on.
pub const VARIANT_ROWS: &[&str] = &["fp_add", "fp_mul", "fp_square", "fp2_mul", "fp12_mul", "fr_mul"];
