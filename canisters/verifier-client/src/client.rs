//! Typed inter-canister calls to the verifier.

use crate::types::*;
use candid::utils::ArgumentEncoder;
use candid::{CandidType, Principal};
use ic_cdk::call::{Call, Error as CallError};
use serde::de::DeserializeOwned;

/// The verifier canister, seen from another canister.
///
/// Calls are bounded-wait (best-effort responses): a call the system cannot deliver in time
/// ends with an error instead of holding the caller's state open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifierClient {
    /// The verifier canister's id.
    pub canister_id: Principal,
}

/// A verifier method's answer, once the call went through.
pub type Answer<T> = Result<T, Error>;

impl VerifierClient {
    /// A client of the verifier at `canister_id`.
    pub fn new(canister_id: Principal) -> VerifierClient {
        VerifierClient { canister_id }
    }

    /// Calls `method` with `args` and decodes its single reply value.
    pub async fn call<A: ArgumentEncoder, R: CandidType + DeserializeOwned>(
        &self,
        method: &str,
        args: A,
    ) -> Result<R, CallError> {
        let response = Call::bounded_wait(self.canister_id, method).with_args(&args).await?;
        Ok(response.candid::<R>()?)
    }

    /// The version of the icbls library inside the verifier.
    pub async fn version(&self) -> Result<String, CallError> {
        self.call("version", ()).await
    }

    /// Verifies an IC certificate and looks up paths in it.
    pub async fn verify_certificate(&self, args: &VerifyCertificateArgs) -> Result<Answer<VerifiedCertificate>, CallError> {
        self.call("verify_certificate", (args,)).await
    }

    /// Whether `Π e(g1_i, g2_i) = 1` (points by length: compressed, uncompressed or EIP-2537).
    pub async fn pairing_check(&self, pairs: &[PairingPair]) -> Result<Answer<bool>, CallError> {
        self.call("pairing_check", (pairs,)).await
    }

    /// BLS `Verify` in either variant.
    pub async fn bls_verify(&self, args: &BlsVerifyArgs) -> Result<Answer<()>, CallError> {
        self.call("bls_verify", (args,)).await
    }

    /// BLS `FastAggregateVerify`: many keys, one message.
    pub async fn bls_fast_aggregate_verify(&self, args: &FastAggregateVerifyArgs) -> Result<Answer<()>, CallError> {
        self.call("bls_fast_aggregate_verify", (args,)).await
    }

    /// BLS `AggregateVerify`: one message per key.
    pub async fn bls_aggregate_verify(&self, args: &AggregateVerifyArgs) -> Result<Answer<()>, CallError> {
        self.call("bls_aggregate_verify", (args,)).await
    }

    /// Batch verification of many signatures; `Ok(Ok(()))` when all are valid.
    pub async fn bls_batch_verify(&self, args: &BatchVerifyArgs) -> Result<Answer<()>, CallError> {
        self.call("bls_batch_verify", (args,)).await
    }

    /// The EIP-2537 precompile at `address` (0x0b to 0x11): its output and gas.
    pub async fn eip2537_call(&self, address: u8, input: &[u8]) -> Result<Answer<PrecompileOutput>, CallError> {
        self.call("eip2537_call", (address, input)).await
    }

    /// The EIP-4844 point-evaluation precompile (0x0a) on its 192-byte input.
    pub async fn kzg_point_evaluation(&self, input: &[u8]) -> Result<Answer<PrecompileOutput>, CallError> {
        self.call("kzg_point_evaluation", (input,)).await
    }

    /// RFC 9380 hash to G1: the compressed point.
    pub async fn hash_to_g1(&self, args: &HashToCurveArgs) -> Result<Answer<Vec<u8>>, CallError> {
        self.call("hash_to_g1", (args,)).await
    }

    /// RFC 9380 hash to G2: the compressed point.
    pub async fn hash_to_g2(&self, args: &HashToCurveArgs) -> Result<Answer<Vec<u8>>, CallError> {
        self.call("hash_to_g2", (args,)).await
    }
}
