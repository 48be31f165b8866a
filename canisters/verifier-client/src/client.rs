//! Typed inter-canister calls to the verifier.

use crate::service::{self, Units, REFERENCE_SUBNET_NODES};
use crate::types::*;
use candid::utils::ArgumentEncoder;
use candid::{CandidType, Principal};
use ic_cdk::call::{Call, Error as CallError};
use serde::de::DeserializeOwned;

/// The verifier canister, seen from another canister.
///
/// Each method calls the verifier's paid update twin (`..._update`), which runs after
/// consensus, with its price attached: the verifier keeps what the call spent and refunds the
/// rest. (A query method called from a canister would run replicated, where the verifier
/// cannot keep cycles, so it serves only its controllers and allow-list.) The price is
/// computed here with the same code as the verifier's ([`service::price`]); an input over the
/// verifier's caps is answered `Ok(Err(InputTooLarge))` without a call.
///
/// Calls are bounded-wait (best-effort responses): a call the system cannot deliver in time
/// ends with an error instead of holding the caller's state open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerifierClient {
    /// The verifier canister's id.
    pub canister_id: Principal,
    /// The size of the verifier's subnet (its install argument's `subnet_nodes`), which scales
    /// prices: 13 unless [`VerifierClient::on_subnet_of`] says otherwise.
    pub subnet_nodes: u32,
}

/// A verifier method's answer, once the call went through.
pub type Answer<T> = Result<T, Error>;

impl VerifierClient {
    /// A client of the verifier at `canister_id`, on a 13-node subnet.
    pub fn new(canister_id: Principal) -> VerifierClient {
        VerifierClient { canister_id, subnet_nodes: REFERENCE_SUBNET_NODES }
    }

    /// The same client, for a verifier on a subnet of `nodes` nodes.
    pub fn on_subnet_of(self, nodes: u32) -> VerifierClient {
        VerifierClient { subnet_nodes: nodes, ..self }
    }

    /// Calls `method` with `args` and `cycles` attached, and decodes its single reply value.
    pub async fn call<A: ArgumentEncoder, R: CandidType + DeserializeOwned>(
        &self,
        method: &str,
        args: A,
        cycles: u128,
    ) -> Result<R, CallError> {
        let response = Call::bounded_wait(self.canister_id, method).with_args(&args).with_cycles(cycles).await?;
        Ok(response.candid::<R>()?)
    }

    /// Calls the paid `method` with its price for `units` attached.
    async fn paid<A: ArgumentEncoder, T: CandidType + DeserializeOwned>(
        &self,
        method: &str,
        units: Units,
        args: A,
    ) -> Result<Answer<T>, CallError> {
        match service::price(method, &units, self.subnet_nodes) {
            Ok(price) => self.call(method, args, price).await,
            Err(e) => Ok(Err(e)),
        }
    }

    /// The version of the icbls library inside the verifier (free).
    pub async fn version(&self) -> Result<String, CallError> {
        self.call("version", (), 0).await
    }

    /// Verifies an IC certificate and looks up paths in it.
    pub async fn verify_certificate(
        &self,
        args: &VerifyCertificateArgs,
    ) -> Result<Answer<VerifiedCertificate>, CallError> {
        let labels: u64 = args.lookup.iter().flatten().map(|l| l.len() as u64).sum();
        let units =
            Units { items: args.lookup.len() as u64, bytes: args.certificate.len() as u64 + labels, address: None };
        self.paid("verify_certificate_update", units, (args,)).await
    }

    /// Whether `Π e(g1_i, g2_i) = 1` (points by length: compressed, uncompressed or EIP-2537).
    pub async fn pairing_check(&self, pairs: &[PairingPair]) -> Result<Answer<bool>, CallError> {
        let units = Units { items: pairs.len() as u64, ..Units::default() };
        self.paid("pairing_check_update", units, (pairs,)).await
    }

    /// BLS `Verify` in either variant.
    pub async fn bls_verify(&self, args: &BlsVerifyArgs) -> Result<Answer<()>, CallError> {
        let units = Units { bytes: args.hashed_bytes(), ..Units::default() };
        self.paid("bls_verify_update", units, (args,)).await
    }

    /// BLS `FastAggregateVerify`: many keys with their proofs of possession, one message.
    pub async fn bls_fast_aggregate_verify(&self, args: &FastAggregateVerifyArgs) -> Result<Answer<()>, CallError> {
        let units = Units { items: args.public_keys.len() as u64, bytes: args.message.len() as u64, address: None };
        self.paid("bls_fast_aggregate_verify_update", units, (args,)).await
    }

    /// BLS `AggregateVerify`: one message per key.
    pub async fn bls_aggregate_verify(&self, args: &AggregateVerifyArgs) -> Result<Answer<()>, CallError> {
        let items = args.public_keys.len().max(args.messages.len()) as u64;
        let units = Units { items, bytes: args.messages.iter().map(|m| m.len() as u64).sum(), address: None };
        self.paid("bls_aggregate_verify_update", units, (args,)).await
    }

    /// Batch verification of many signatures; `Ok(Ok(()))` when all are valid.
    pub async fn bls_batch_verify(&self, args: &BatchVerifyArgs) -> Result<Answer<()>, CallError> {
        let units = Units {
            items: args.items.len() as u64,
            bytes: args.items.iter().map(|i| i.message.len() as u64).sum(),
            address: None,
        };
        self.paid("bls_batch_verify_update", units, (args,)).await
    }

    /// The EIP-2537 precompile at `address` (0x0b to 0x11): its output and gas.
    pub async fn eip2537_call(&self, address: u8, input: &[u8]) -> Result<Answer<PrecompileOutput>, CallError> {
        let units = Units { address: Some(address), items: 0, bytes: input.len() as u64 };
        self.paid("eip2537_call_update", units, (address, input)).await
    }

    /// The EIP-4844 point-evaluation precompile (0x0a) on its 192-byte input.
    pub async fn kzg_point_evaluation(&self, input: &[u8]) -> Result<Answer<PrecompileOutput>, CallError> {
        let units = Units { bytes: input.len() as u64, ..Units::default() };
        self.paid("kzg_point_evaluation_update", units, (input,)).await
    }

    /// RFC 9380 hash to G1: the compressed point.
    pub async fn hash_to_g1(&self, args: &HashToCurveArgs) -> Result<Answer<Vec<u8>>, CallError> {
        let units = Units { bytes: (args.message.len() + args.dst.len()) as u64, ..Units::default() };
        self.paid("hash_to_g1_update", units, (args,)).await
    }

    /// RFC 9380 hash to G2: the compressed point.
    pub async fn hash_to_g2(&self, args: &HashToCurveArgs) -> Result<Answer<Vec<u8>>, CallError> {
        let units = Units { bytes: (args.message.len() + args.dst.len()) as u64, ..Units::default() };
        self.paid("hash_to_g2_update", units, (args,)).await
    }

    /// Verifies an IC canister signature: the certificate's time when it is valid.
    pub async fn verify_canister_signature(
        &self,
        args: &CanisterSignatureArgs,
    ) -> Result<Answer<VerifiedCanisterSignature>, CallError> {
        let units = Units { bytes: args.input_bytes(), ..Units::default() };
        self.paid("verify_canister_signature_update", units, (args,)).await
    }

    /// Verifies a drand round: its randomness (32 bytes) when the signature is valid.
    pub async fn drand_verify(&self, args: &DrandVerifyArgs) -> Result<Answer<Vec<u8>>, CallError> {
        let units = Units { bytes: args.previous_signature.as_ref().map_or(0, |p| p.len() as u64), ..Units::default() };
        self.paid("drand_verify_update", units, (args,)).await
    }

    /// Registers an Ethereum sync committee: its SSZ root, by which
    /// [`VerifierClient::verify_sync_aggregate`] finds it. Unpinned (the verifier may evict it
    /// when its store is full) unless this canister is on the verifier's allow-list.
    pub async fn register_sync_committee(
        &self,
        args: &RegisterSyncCommitteeArgs,
    ) -> Result<Answer<RegisteredSyncCommittee>, CallError> {
        let units = Units { items: args.public_keys.len() as u64, ..Units::default() };
        self.paid("register_sync_committee", units, (args,)).await
    }

    /// Verifies a sync aggregate against a registered committee: its participants and the
    /// attested header's root.
    pub async fn verify_sync_aggregate(
        &self,
        args: &SyncAggregateArgs,
    ) -> Result<Answer<VerifiedSyncAggregate>, CallError> {
        self.paid("verify_sync_aggregate_update", Units::default(), (args,)).await
    }

    /// Verifies a vetKey of an input under a derived public key: the derived key when valid.
    pub async fn verify_vetkey(&self, args: &VerifyVetKeyArgs) -> Result<Answer<VerifiedVetKey>, CallError> {
        let units = Units { bytes: args.input_bytes(), ..Units::default() };
        self.paid("verify_vetkey_update", units, (args,)).await
    }

    /// IBE-encrypts a message to an identity: the ciphertext (`ic-vetkeys`'s format).
    pub async fn ibe_encrypt(&self, args: &IbeEncryptArgs) -> Result<Answer<Vec<u8>>, CallError> {
        let units = Units { bytes: args.input_bytes(), ..Units::default() };
        self.paid("ibe_encrypt_update", units, (args,)).await
    }
}
