//! What the public vector families hold, as their PROVENANCE.md files give it, for the tests
//! that read a family through more than one crate (the library's own, and the verifier's
//! through its Candid methods): a changed file is noticed, not silently tested in part.

/// `extra/canister_signatures`: Internet Identity's and other canisters' signatures with their
/// certificates, tampered copies, delegation chains, root keys, DER vectors.
pub mod canister_signatures {
    /// The family's folder.
    pub const FAMILY: &str = "extra/canister_signatures";
    /// Its one file.
    pub const FILE: &str = "extra/canister_signatures/canister_signatures.json";
    /// Entries of `cases`.
    pub const CASES: usize = 15;
    /// Of them, the valid ones.
    pub const VALID_CASES: usize = 14;
    /// Entries of `tampered`.
    pub const TAMPERED: usize = 138;
    /// Entries of `delegation_chains`.
    pub const DELEGATION_CHAINS: usize = 6;
    /// Entries of `root_keys`.
    pub const ROOT_KEYS: usize = 4;
    /// Entries of `public_key_der_vectors`.
    pub const DER_VECTORS: usize = 1;
    /// A minute in nanoseconds: the tests' fixed "now" is a minute after a certificate's `/time`.
    pub const MINUTE_NS: u64 = 60_000_000_000;
    /// The freshness window, five minutes (agent-rs's default ingress expiry).
    pub const MAX_AGE_NS: u64 = 5 * MINUTE_NS;
    /// A fixed later "now", 2026-01-01T00:00:00Z: every certificate of the family is stale then.
    pub const LATER_NS: u64 = 1_767_225_600_000_000_000;
}
