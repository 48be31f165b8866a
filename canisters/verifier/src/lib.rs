//! The icbls verifier canister: BLS12-381 verification entry points over Candid, run as a
//! public service.
//!
//! Every method is a query (free, answered by one replica) with an update twin named
//! `..._update` (answered by the subnet after consensus, for inputs over a query's 5 billion
//! instructions, and for callers who need a verdict they can trust), except the per-precompile
//! methods, whose twin is `eip2537_call_update`. Who may call what, and who pays:
//!
//! * Ingress update calls (including query methods called as updates) pass
//!   `canister_inspect_message` only from controllers and the allow-list of the install
//!   argument ([`InitArgs`]): an ingress message is paid by the canister.
//! * Other canisters call the update methods with cycles attached: at least the price (the
//!   `price` query, or [`icbls_verifier_client::service::price`]), of which the method keeps
//!   what it spent. A query method called by a canister (replicated) cannot keep cycles, so
//!   it answers [`Error::PaymentRequired`] unless the caller is a controller or allow-listed.
//! * Every input is checked against caps before heavy work, and Candid decoding is bounded
//!   (see [`service`]).
//!
//! A method never traps on a value it was given: malformed bytes, points off the curve or
//! outside the subgroup, failed checks and refusals come back as `Err` with the argument at
//! fault; an argument that is not valid Candid for the method is rejected. The interface is
//! `verifier.did`.

mod calls;
pub mod candid_guard;
mod config;
mod delegations;
mod pop_cache;
pub mod service;
mod sync_committees;

use candid::candid_method;
use ic_cdk::{init, inspect_message, post_upgrade, query, update};
use icbls_verifier_client::service::{Units, FREE_METHODS};
use icbls_verifier_client::*;
use serde_bytes::ByteBuf;
use service::{serve, Mode, Spec};

const fn query_spec(name: &'static str) -> Spec {
    Spec { name, update: false }
}

const fn update_spec(name: &'static str) -> Spec {
    Spec { name, update: true }
}

/// A free method: no caps beyond the argument's size, no price.
fn free<A>(_: &A) -> Result<Option<Units>, Error> {
    Ok(None)
}

fn sum_len(v: &[Vec<u8>]) -> u64 {
    v.iter().map(|m| m.len() as u64).sum()
}

/// Installs the canister with its allow-list and subnet size (both optional).
#[init]
fn init(args: Option<InitArgs>) {
    config::set(args.unwrap_or_default());
    sync_committees::load(config::sync_committee_slots());
}

/// An upgrade keeps the stored install argument, or replaces it with the one given.
#[post_upgrade]
fn post_upgrade(args: Option<InitArgs>) {
    config::set(args.or_else(config::stored).unwrap_or_default());
    sync_committees::load(config::sync_committee_slots());
}

/// Ingress update calls are paid by the canister, so only its controllers and the allow-list
/// may send them; everyone else calls queries, or the update methods from a canister with
/// cycles. (Queries and calls from canisters do not pass here.)
#[inspect_message]
fn inspect_message() {
    if service::privileged(&ic_cdk::api::msg_caller()) {
        ic_cdk::api::accept_message();
    }
}

/// The version of the `icbls` library inside this canister.
#[candid_method(query)]
fn version() -> String {
    icbls::VERSION.to_string()
}

#[query(name = "version", hidden = true, manual_reply = true)]
fn version_entry() {
    serve(query_spec("version"), free::<()>, |(), _| version());
}

/// The cycles a paid update call with inputs of these sizes needs attached (see
/// `PriceArgs` for what the sizes count). It keeps what it spends and refunds the rest.
#[candid_method(query)]
fn price(args: PriceArgs) -> Result<u128, Error> {
    if FREE_METHODS.contains(&args.method.as_str()) {
        return Ok(0);
    }
    let units = Units { address: args.address, items: args.items, bytes: args.bytes };
    icbls_verifier_client::service::price(&args.method, &units, config::subnet_nodes())
}

#[query(name = "price", hidden = true, manual_reply = true)]
fn price_entry() {
    serve(query_spec("price"), free::<(PriceArgs,)>, |(args,), _| price(args));
}

/// Verifies an IC certificate (CBOR, hash tree, delegation and canister ranges, BLS signature,
/// freshness of `/time`) and looks up paths in it.
#[candid_method(query)]
fn verify_certificate(args: VerifyCertificateArgs) -> Result<VerifiedCertificate, Error> {
    calls::verify_certificate(args, ic_cdk::api::time())
}

#[query(name = "verify_certificate", hidden = true, manual_reply = true)]
fn verify_certificate_entry() {
    serve(
        query_spec("verify_certificate"),
        |a: &(VerifyCertificateArgs,)| certificate_units(&a.0),
        |(args,), _: Mode| verify_certificate(args),
    );
}

/// [`verify_certificate`] as an update: answered after consensus, with an update's caps; callers other than
/// controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn verify_certificate_update(args: VerifyCertificateArgs) -> Result<VerifiedCertificate, Error> {
    verify_certificate(args)
}

#[update(name = "verify_certificate_update", hidden = true, manual_reply = true)]
fn verify_certificate_update_entry() {
    serve(
        update_spec("verify_certificate_update"),
        |a: &(VerifyCertificateArgs,)| certificate_units(&a.0),
        |(args,), _: Mode| verify_certificate_update(args),
    );
}

/// Whether `Π e(g1_i, g2_i) = 1`. Each point is decoded by its length: for G1, 48 bytes
/// compressed or 96 uncompressed (ZCash/IETF) or 128 (EIP-2537); for G2, 96, 192 or 256. Every
/// point is checked (curve, subgroup). An empty list is `true`.
#[candid_method(query)]
fn pairing_check(pairs: Vec<PairingPair>) -> Result<bool, Error> {
    calls::pairing_check(&pairs)
}

#[query(name = "pairing_check", hidden = true, manual_reply = true)]
fn pairing_check_entry() {
    serve(
        query_spec("pairing_check"),
        |a: &(Vec<PairingPair>,)| Ok(Some(Units { items: a.0.len() as u64, ..Units::default() })),
        |(pairs,), _: Mode| pairing_check(pairs),
    );
}

/// [`pairing_check`] as an update: answered after consensus, with an update's caps; callers other than
/// controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn pairing_check_update(pairs: Vec<PairingPair>) -> Result<bool, Error> {
    pairing_check(pairs)
}

#[update(name = "pairing_check_update", hidden = true, manual_reply = true)]
fn pairing_check_update_entry() {
    serve(
        update_spec("pairing_check_update"),
        |a: &(Vec<PairingPair>,)| Ok(Some(Units { items: a.0.len() as u64, ..Units::default() })),
        |(pairs,), _: Mode| pairing_check_update(pairs),
    );
}

/// BLS `Verify` in either variant; `Ok` when the signature is valid.
#[candid_method(query)]
fn bls_verify(args: BlsVerifyArgs) -> Result<(), Error> {
    calls::bls_verify(&args)
}

#[query(name = "bls_verify", hidden = true, manual_reply = true)]
fn bls_verify_entry() {
    serve(
        query_spec("bls_verify"),
        |a: &(BlsVerifyArgs,)| Ok(Some(Units { bytes: a.0.hashed_bytes(), ..Units::default() })),
        |(args,), _: Mode| bls_verify(args),
    );
}

/// [`bls_verify`] as an update: answered after consensus, with an update's caps; callers other than
/// controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn bls_verify_update(args: BlsVerifyArgs) -> Result<(), Error> {
    bls_verify(args)
}

#[update(name = "bls_verify_update", hidden = true, manual_reply = true)]
fn bls_verify_update_entry() {
    serve(
        update_spec("bls_verify_update"),
        |a: &(BlsVerifyArgs,)| Ok(Some(Units { bytes: a.0.hashed_bytes(), ..Units::default() })),
        |(args,), _: Mode| bls_verify_update(args),
    );
}

/// BLS `FastAggregateVerify`: many keys, one message, one aggregate signature. Every key comes
/// with its proof of possession (min-pk: Ethereum's `_POP_` scheme; min-sig: the
/// proof-of-possession ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_`); a key whose
/// proof an update call verified before is taken from the cache.
#[candid_method(query)]
fn bls_fast_aggregate_verify(args: FastAggregateVerifyArgs) -> Result<(), Error> {
    calls::bls_fast_aggregate_verify(&args)
}

#[query(name = "bls_fast_aggregate_verify", hidden = true, manual_reply = true)]
fn bls_fast_aggregate_verify_entry() {
    serve(
        query_spec("bls_fast_aggregate_verify"),
        |a: &(FastAggregateVerifyArgs,)| {
            Ok(Some(Units { items: a.0.public_keys.len() as u64, bytes: a.0.message.len() as u64, address: None }))
        },
        |(args,), _: Mode| bls_fast_aggregate_verify(args),
    );
}

/// [`bls_fast_aggregate_verify`] as an update: answered after consensus, with an update's caps; callers other than
/// controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn bls_fast_aggregate_verify_update(args: FastAggregateVerifyArgs) -> Result<(), Error> {
    bls_fast_aggregate_verify(args)
}

#[update(name = "bls_fast_aggregate_verify_update", hidden = true, manual_reply = true)]
fn bls_fast_aggregate_verify_update_entry() {
    serve(
        update_spec("bls_fast_aggregate_verify_update"),
        |a: &(FastAggregateVerifyArgs,)| {
            Ok(Some(Units { items: a.0.public_keys.len() as u64, bytes: a.0.message.len() as u64, address: None }))
        },
        |(args,), _: Mode| bls_fast_aggregate_verify_update(args),
    );
}

/// BLS `AggregateVerify`: one aggregate signature over one message per key. Min-sig: the basic
/// scheme (distinct messages, no proofs). Min-pk: a proof of possession per key.
#[candid_method(query)]
fn bls_aggregate_verify(args: AggregateVerifyArgs) -> Result<(), Error> {
    calls::bls_aggregate_verify(&args)
}

#[query(name = "bls_aggregate_verify", hidden = true, manual_reply = true)]
fn bls_aggregate_verify_entry() {
    serve(
        query_spec("bls_aggregate_verify"),
        |a: &(AggregateVerifyArgs,)| {
            Ok(Some(Units {
                items: a.0.public_keys.len().max(a.0.messages.len()) as u64,
                bytes: sum_len(&a.0.messages),
                address: None,
            }))
        },
        |(args,), _: Mode| bls_aggregate_verify(args),
    );
}

/// [`bls_aggregate_verify`] as an update: answered after consensus, with an update's caps; callers other than
/// controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn bls_aggregate_verify_update(args: AggregateVerifyArgs) -> Result<(), Error> {
    bls_aggregate_verify(args)
}

#[update(name = "bls_aggregate_verify_update", hidden = true, manual_reply = true)]
fn bls_aggregate_verify_update_entry() {
    serve(
        update_spec("bls_aggregate_verify_update"),
        |a: &(AggregateVerifyArgs,)| {
            Ok(Some(Units {
                items: a.0.public_keys.len().max(a.0.messages.len()) as u64,
                bytes: sum_len(&a.0.messages),
                address: None,
            }))
        },
        |(args,), _: Mode| bls_aggregate_verify_update(args),
    );
}

/// Batch verification of many signatures (one random linear combination, coefficients hashed
/// from the inputs); `Ok` when all are valid.
#[candid_method(query)]
fn bls_batch_verify(args: BatchVerifyArgs) -> Result<(), Error> {
    calls::bls_batch_verify(&args)
}

#[query(name = "bls_batch_verify", hidden = true, manual_reply = true)]
fn bls_batch_verify_entry() {
    serve(
        query_spec("bls_batch_verify"),
        |a: &(BatchVerifyArgs,)| {
            Ok(Some(Units {
                items: a.0.items.len() as u64,
                bytes: a.0.items.iter().map(|i| i.message.len() as u64).sum(),
                address: None,
            }))
        },
        |(args,), _: Mode| bls_batch_verify(args),
    );
}

/// [`bls_batch_verify`] as an update: answered after consensus, with an update's caps; callers other than
/// controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn bls_batch_verify_update(args: BatchVerifyArgs) -> Result<(), Error> {
    bls_batch_verify(args)
}

#[update(name = "bls_batch_verify_update", hidden = true, manual_reply = true)]
fn bls_batch_verify_update_entry() {
    serve(
        update_spec("bls_batch_verify_update"),
        |a: &(BatchVerifyArgs,)| {
            Ok(Some(Units {
                items: a.0.items.len() as u64,
                bytes: a.0.items.iter().map(|i| i.message.len() as u64).sum(),
                address: None,
            }))
        },
        |(args,), _: Mode| bls_batch_verify_update(args),
    );
}

/// Runs the EIP-2537 precompile at `address` (0x0b to 0x11): its output and gas.
#[candid_method(query)]
fn eip2537_call(address: u8, input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(address, &input)
}

#[query(name = "eip2537_call", hidden = true, manual_reply = true)]
fn eip2537_call_entry() {
    serve(
        query_spec("eip2537_call"),
        |a: &(u8, ByteBuf)| Ok(Some(Units { address: Some(a.0), bytes: a.1.len() as u64, items: 0 })),
        |(address, input), _: Mode| eip2537_call(address, input.into_vec()),
    );
}

/// [`eip2537_call`] as an update: answered after consensus, with an update's caps; callers other than
/// controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn eip2537_call_update(address: u8, input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    eip2537_call(address, input)
}

#[update(name = "eip2537_call_update", hidden = true, manual_reply = true)]
fn eip2537_call_update_entry() {
    serve(
        update_spec("eip2537_call_update"),
        |a: &(u8, ByteBuf)| Ok(Some(Units { address: Some(a.0), bytes: a.1.len() as u64, items: 0 })),
        |(address, input), _: Mode| eip2537_call_update(address, input.into_vec()),
    );
}

/// The EIP-4844 point-evaluation precompile (0x0a): 192-byte input, 64-byte output, 50,000 gas.
#[candid_method(query)]
fn kzg_point_evaluation(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::kzg_point_evaluation(&input)
}

#[query(name = "kzg_point_evaluation", hidden = true, manual_reply = true)]
fn kzg_point_evaluation_entry() {
    serve(
        query_spec("kzg_point_evaluation"),
        |a: &(ByteBuf,)| Ok(Some(Units { bytes: a.0.len() as u64, ..Units::default() })),
        |(input,), _: Mode| kzg_point_evaluation(input.into_vec()),
    );
}

/// [`kzg_point_evaluation`] as an update: answered after consensus, with an update's caps; callers other than
/// controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn kzg_point_evaluation_update(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    kzg_point_evaluation(input)
}

#[update(name = "kzg_point_evaluation_update", hidden = true, manual_reply = true)]
fn kzg_point_evaluation_update_entry() {
    serve(
        update_spec("kzg_point_evaluation_update"),
        |a: &(ByteBuf,)| Ok(Some(Units { bytes: a.0.len() as u64, ..Units::default() })),
        |(input,), _: Mode| kzg_point_evaluation_update(input.into_vec()),
    );
}

/// RFC 9380 `hash_to_curve` to G1 (random oracle, SHA-256): the compressed point.
#[candid_method(query)]
fn hash_to_g1(args: HashToCurveArgs) -> Result<Vec<u8>, Error> {
    calls::hash_to_g1(&args)
}

#[query(name = "hash_to_g1", hidden = true, manual_reply = true)]
fn hash_to_g1_entry() {
    serve(
        query_spec("hash_to_g1"),
        |a: &(HashToCurveArgs,)| {
            Ok(Some(Units { bytes: (a.0.message.len() + a.0.dst.len()) as u64, ..Units::default() }))
        },
        |(args,), _: Mode| hash_to_g1(args),
    );
}

/// [`hash_to_g1`] as an update: answered after consensus, with an update's caps; callers other than
/// controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn hash_to_g1_update(args: HashToCurveArgs) -> Result<Vec<u8>, Error> {
    hash_to_g1(args)
}

#[update(name = "hash_to_g1_update", hidden = true, manual_reply = true)]
fn hash_to_g1_update_entry() {
    serve(
        update_spec("hash_to_g1_update"),
        |a: &(HashToCurveArgs,)| {
            Ok(Some(Units { bytes: (a.0.message.len() + a.0.dst.len()) as u64, ..Units::default() }))
        },
        |(args,), _: Mode| hash_to_g1_update(args),
    );
}

/// RFC 9380 `hash_to_curve` to G2: the compressed point.
#[candid_method(query)]
fn hash_to_g2(args: HashToCurveArgs) -> Result<Vec<u8>, Error> {
    calls::hash_to_g2(&args)
}

#[query(name = "hash_to_g2", hidden = true, manual_reply = true)]
fn hash_to_g2_entry() {
    serve(
        query_spec("hash_to_g2"),
        |a: &(HashToCurveArgs,)| {
            Ok(Some(Units { bytes: (a.0.message.len() + a.0.dst.len()) as u64, ..Units::default() }))
        },
        |(args,), _: Mode| hash_to_g2(args),
    );
}

/// [`hash_to_g2`] as an update: answered after consensus, with an update's caps; callers other than
/// controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn hash_to_g2_update(args: HashToCurveArgs) -> Result<Vec<u8>, Error> {
    hash_to_g2(args)
}

#[update(name = "hash_to_g2_update", hidden = true, manual_reply = true)]
fn hash_to_g2_update_entry() {
    serve(
        update_spec("hash_to_g2_update"),
        |a: &(HashToCurveArgs,)| {
            Ok(Some(Units { bytes: (a.0.message.len() + a.0.dst.len()) as u64, ..Units::default() }))
        },
        |(args,), _: Mode| hash_to_g2_update(args),
    );
}

fn canister_signature_units(a: &(CanisterSignatureArgs,)) -> Result<Option<Units>, Error> {
    Ok(Some(Units { bytes: a.0.input_bytes(), ..Units::default() }))
}

/// Verifies an IC canister signature (the key's DER, the signature's `/sig` leaf, the
/// certificate's `certified_data`, the certificate with its delegation, optionally its time);
/// `Ok` gives the certificate's time.
#[candid_method(query)]
fn verify_canister_signature(args: CanisterSignatureArgs) -> Result<VerifiedCanisterSignature, Error> {
    calls::verify_canister_signature(&args, ic_cdk::api::time())
}

#[query(name = "verify_canister_signature", hidden = true, manual_reply = true)]
fn verify_canister_signature_entry() {
    serve(query_spec("verify_canister_signature"), canister_signature_units, |(args,), _: Mode| {
        verify_canister_signature(args)
    });
}

/// [`verify_canister_signature`] as an update: answered after consensus, with an update's caps;
/// callers other than controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn verify_canister_signature_update(args: CanisterSignatureArgs) -> Result<VerifiedCanisterSignature, Error> {
    verify_canister_signature(args)
}

#[update(name = "verify_canister_signature_update", hidden = true, manual_reply = true)]
fn verify_canister_signature_update_entry() {
    serve(update_spec("verify_canister_signature_update"), canister_signature_units, |(args,), _: Mode| {
        verify_canister_signature_update(args)
    });
}

fn drand_units(a: &(DrandVerifyArgs,)) -> Result<Option<Units>, Error> {
    Ok(Some(Units { bytes: a.0.previous_signature.as_ref().map_or(0, |p| p.len() as u64), ..Units::default() }))
}

/// Verifies a round of a drand chain (quicknet, the default chained network, or any chain by
/// its scheme and key): the round's randomness, `sha256(signature)`, when the signature is
/// valid.
#[candid_method(query)]
fn drand_verify(args: DrandVerifyArgs) -> Result<Vec<u8>, Error> {
    calls::drand_verify(&args)
}

#[query(name = "drand_verify", hidden = true, manual_reply = true)]
fn drand_verify_entry() {
    serve(query_spec("drand_verify"), drand_units, |(args,), _: Mode| drand_verify(args));
}

/// [`drand_verify`] as an update: answered after consensus, with an update's caps; callers other
/// than controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn drand_verify_update(args: DrandVerifyArgs) -> Result<Vec<u8>, Error> {
    drand_verify(args)
}

#[update(name = "drand_verify_update", hidden = true, manual_reply = true)]
fn drand_verify_update_entry() {
    serve(update_spec("drand_verify_update"), drand_units, |(args,), _: Mode| drand_verify_update(args));
}

/// BLS12_G1ADD (0x0b). Its paid twin is `eip2537_call_update(0x0b, input)`.
#[candid_method(query)]
fn eip2537_g1_add(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x0b, &input)
}

#[query(name = "eip2537_g1_add", hidden = true, manual_reply = true)]
fn eip2537_g1_add_entry() {
    let units = |a: &(ByteBuf,)| Ok(Some(Units { address: Some(0x0b), bytes: a.0.len() as u64, items: 0 }));
    serve(query_spec("eip2537_g1_add"), units, |(input,), _: Mode| eip2537_g1_add(input.into_vec()));
}

/// BLS12_G1MSM (0x0c). Its paid twin is `eip2537_call_update(0x0c, input)`.
#[candid_method(query)]
fn eip2537_g1_msm(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x0c, &input)
}

#[query(name = "eip2537_g1_msm", hidden = true, manual_reply = true)]
fn eip2537_g1_msm_entry() {
    let units = |a: &(ByteBuf,)| Ok(Some(Units { address: Some(0x0c), bytes: a.0.len() as u64, items: 0 }));
    serve(query_spec("eip2537_g1_msm"), units, |(input,), _: Mode| eip2537_g1_msm(input.into_vec()));
}

/// BLS12_G2ADD (0x0d). Its paid twin is `eip2537_call_update(0x0d, input)`.
#[candid_method(query)]
fn eip2537_g2_add(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x0d, &input)
}

#[query(name = "eip2537_g2_add", hidden = true, manual_reply = true)]
fn eip2537_g2_add_entry() {
    let units = |a: &(ByteBuf,)| Ok(Some(Units { address: Some(0x0d), bytes: a.0.len() as u64, items: 0 }));
    serve(query_spec("eip2537_g2_add"), units, |(input,), _: Mode| eip2537_g2_add(input.into_vec()));
}

/// BLS12_G2MSM (0x0e). Its paid twin is `eip2537_call_update(0x0e, input)`.
#[candid_method(query)]
fn eip2537_g2_msm(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x0e, &input)
}

#[query(name = "eip2537_g2_msm", hidden = true, manual_reply = true)]
fn eip2537_g2_msm_entry() {
    let units = |a: &(ByteBuf,)| Ok(Some(Units { address: Some(0x0e), bytes: a.0.len() as u64, items: 0 }));
    serve(query_spec("eip2537_g2_msm"), units, |(input,), _: Mode| eip2537_g2_msm(input.into_vec()));
}

/// BLS12_PAIRING_CHECK (0x0f). Its paid twin is `eip2537_call_update(0x0f, input)`.
#[candid_method(query)]
fn eip2537_pairing_check(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x0f, &input)
}

#[query(name = "eip2537_pairing_check", hidden = true, manual_reply = true)]
fn eip2537_pairing_check_entry() {
    let units = |a: &(ByteBuf,)| Ok(Some(Units { address: Some(0x0f), bytes: a.0.len() as u64, items: 0 }));
    serve(query_spec("eip2537_pairing_check"), units, |(input,), _: Mode| eip2537_pairing_check(input.into_vec()));
}

/// BLS12_MAP_FP_TO_G1 (0x10). Its paid twin is `eip2537_call_update(0x10, input)`.
#[candid_method(query)]
fn eip2537_map_fp_to_g1(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x10, &input)
}

#[query(name = "eip2537_map_fp_to_g1", hidden = true, manual_reply = true)]
fn eip2537_map_fp_to_g1_entry() {
    let units = |a: &(ByteBuf,)| Ok(Some(Units { address: Some(0x10), bytes: a.0.len() as u64, items: 0 }));
    serve(query_spec("eip2537_map_fp_to_g1"), units, |(input,), _: Mode| eip2537_map_fp_to_g1(input.into_vec()));
}

/// BLS12_MAP_FP2_TO_G2 (0x11). Its paid twin is `eip2537_call_update(0x11, input)`.
#[candid_method(query)]
fn eip2537_map_fp2_to_g2(input: Vec<u8>) -> Result<PrecompileOutput, Error> {
    calls::eip2537_call(0x11, &input)
}

#[query(name = "eip2537_map_fp2_to_g2", hidden = true, manual_reply = true)]
fn eip2537_map_fp2_to_g2_entry() {
    let units = |a: &(ByteBuf,)| Ok(Some(Units { address: Some(0x11), bytes: a.0.len() as u64, items: 0 }));
    serve(query_spec("eip2537_map_fp2_to_g2"), units, |(input,), _: Mode| eip2537_map_fp2_to_g2(input.into_vec()));
}

/// Registers an Ethereum sync committee (update only): checks its 512 keys and their aggregate,
/// keeps them in stable memory, and returns the committee's SSZ root, by which
/// `verify_sync_aggregate` finds it. Registered by a controller or an allow-listed caller, the
/// committee is pinned; others' committees may be evicted, oldest first, by later
/// registrations when the store is full. Registering a stored committee again costs little.
#[candid_method(update)]
fn register_sync_committee(args: RegisterSyncCommitteeArgs) -> Result<RegisteredSyncCommittee, Error> {
    calls::register_sync_committee(&args, service::privileged(&ic_cdk::api::msg_caller()))
}

#[update(name = "register_sync_committee", hidden = true, manual_reply = true)]
fn register_sync_committee_entry() {
    serve(
        update_spec("register_sync_committee"),
        |a: &(RegisterSyncCommitteeArgs,)| Ok(Some(Units { items: a.0.public_keys.len() as u64, ..Units::default() })),
        |(args,), _: Mode| register_sync_committee(args),
    );
}

/// Verifies an Ethereum light-client update's sync aggregate (participation bits and aggregate
/// signature over the attested header) against a registered committee: the number of
/// participants and the header's root. Mainnet's fork and genesis when `fork` is absent.
#[candid_method(query)]
fn verify_sync_aggregate(args: SyncAggregateArgs) -> Result<VerifiedSyncAggregate, Error> {
    calls::verify_sync_aggregate(&args)
}

#[query(name = "verify_sync_aggregate", hidden = true, manual_reply = true)]
fn verify_sync_aggregate_entry() {
    serve(
        query_spec("verify_sync_aggregate"),
        |_: &(SyncAggregateArgs,)| Ok(Some(Units::default())),
        |(args,), _: Mode| verify_sync_aggregate(args),
    );
}

/// [`verify_sync_aggregate`] as an update: answered after consensus; callers other than
/// controllers and the allow-list attach its price in cycles.
#[candid_method(update)]
fn verify_sync_aggregate_update(args: SyncAggregateArgs) -> Result<VerifiedSyncAggregate, Error> {
    verify_sync_aggregate(args)
}

#[update(name = "verify_sync_aggregate_update", hidden = true, manual_reply = true)]
fn verify_sync_aggregate_update_entry() {
    serve(
        update_spec("verify_sync_aggregate_update"),
        |_: &(SyncAggregateArgs,)| Ok(Some(Units::default())),
        |(args,), _: Mode| verify_sync_aggregate_update(args),
    );
}

fn verify_vetkey_units(a: &(VerifyVetKeyArgs,)) -> Result<Option<Units>, Error> {
    Ok(Some(Units { bytes: a.0.input_bytes(), ..Units::default() }))
}

/// Verifies a vetKey (dfinity's vetKD: an augmented BLS signature in G1) of an input under a
/// derived public key, given or derived here from a master key, canister and context.
#[candid_method(query)]
fn verify_vetkey(args: VerifyVetKeyArgs) -> Result<VerifiedVetKey, Error> {
    calls::verify_vetkey(&args)
}

#[query(name = "verify_vetkey", hidden = true, manual_reply = true)]
fn verify_vetkey_entry() {
    serve(query_spec("verify_vetkey"), verify_vetkey_units, |(args,), _: Mode| verify_vetkey(args));
}

/// [`verify_vetkey`] as an update: answered after consensus; callers other than controllers
/// and the allow-list attach its price in cycles.
#[candid_method(update)]
fn verify_vetkey_update(args: VerifyVetKeyArgs) -> Result<VerifiedVetKey, Error> {
    verify_vetkey(args)
}

#[update(name = "verify_vetkey_update", hidden = true, manual_reply = true)]
fn verify_vetkey_update_entry() {
    serve(update_spec("verify_vetkey_update"), verify_vetkey_units, |(args,), _: Mode| verify_vetkey_update(args));
}

fn ibe_units(a: &(IbeEncryptArgs,)) -> Result<Option<Units>, Error> {
    Ok(Some(Units { bytes: a.0.input_bytes(), ..Units::default() }))
}

/// `ic-vetkeys`'s identity-based encryption: the ciphertext of a message to an identity under
/// a derived public key, which that identity's vetKey decrypts. The verifier sees the message
/// and the seed.
#[candid_method(query)]
fn ibe_encrypt(args: IbeEncryptArgs) -> Result<Vec<u8>, Error> {
    calls::ibe_encrypt(&args)
}

#[query(name = "ibe_encrypt", hidden = true, manual_reply = true)]
fn ibe_encrypt_entry() {
    serve(query_spec("ibe_encrypt"), ibe_units, |(args,), _: Mode| ibe_encrypt(args));
}

/// [`ibe_encrypt`] as an update: answered after consensus; callers other than controllers and
/// the allow-list attach its price in cycles.
#[candid_method(update)]
fn ibe_encrypt_update(args: IbeEncryptArgs) -> Result<Vec<u8>, Error> {
    ibe_encrypt(args)
}

#[update(name = "ibe_encrypt_update", hidden = true, manual_reply = true)]
fn ibe_encrypt_update_entry() {
    serve(update_spec("ibe_encrypt_update"), ibe_units, |(args,), _: Mode| ibe_encrypt_update(args));
}

/// The sizes of a certificate verification, and the cap that keeps its reply within the IC's
/// reply limit: every lookup can return a value as long as the certificate, once, so
/// `lookups · certificate` must fit in the reply.
fn certificate_units(args: &VerifyCertificateArgs) -> Result<Option<Units>, Error> {
    use icbls_verifier_client::service::{MAX_REPLY_BYTES, REPLY_FRAMING_BYTES};
    let lookups = args.lookup.len() as u64;
    let labels: u64 = args.lookup.iter().map(|path| sum_len(path)).sum();
    let certificate = args.certificate.len() as u64;
    // Each value found is in the reply once and is no longer than the certificate.
    let fit = (MAX_REPLY_BYTES - REPLY_FRAMING_BYTES) / certificate.max(1);
    if lookups > fit {
        return Err(Error::InputTooLarge(LimitExceeded { field: "lookup".into(), limit: fit, actual: lookups }));
    }
    Ok(Some(Units { items: lookups, bytes: certificate + labels, address: None }))
}

/// The Candid interface this Wasm exports, for the test that compares it with the checked-in
/// `.did` file. Hidden from the interface itself.
#[query(hidden = true, manual_reply = true)]
fn candid_interface() {
    serve(query_spec("candid_interface"), free::<()>, |(), _| __export_service());
}

ic_cdk::export_candid!();
