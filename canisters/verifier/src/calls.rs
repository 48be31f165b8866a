//! What each method does, with the library's errors turned into the interface's.

pub use crate::eth_light_client::{eth_light_client_bootstrap, eth_light_client_process, eth_light_client_state};
use crate::pop_cache::{self, Suite};
use crate::sync_committees::{self, StoreError};
use candid::Principal;
use icbls::bls::{min_pk, min_sig, BlsError};
use icbls::canister_signature::{self, CanisterSignatureError};
use icbls::certificate::{CertificateError, Freshness, LookupResult, Target};
use icbls::drand::{self, Chain, DrandError};
use icbls::pairing::{pairing_check_prepared, G2Prepared};
use icbls::sync_committee::{
    self, mainnet_fork_version, sync_committee_root, SyncCommittee, SyncError, MAINNET_GENESIS_VALIDATORS_ROOT,
    SYNC_COMMITTEE_SIZE,
};
use icbls::vetkeys;
use icbls::{DecodeError, G1Affine, G2Affine};
use icbls_verifier_client::service::{self, Units};
use icbls_verifier_client::*;

/// Five minutes, the freshness window when the caller gives none.
const DEFAULT_MAX_AGE_NS: u64 = 300_000_000_000;

/// The most paths one call may look up. Each lookup walks at most the certificate once, so
/// this bounds the lookups' work by a small multiple of the verification's.
pub(crate) const MAX_LOOKUP_PATHS: usize = 64;

/// The most labels in one path: the interface specification's bound on read_state paths
/// ("Request: Read state": "a path is itself a sequence of at most 127 blobs"). A longer path
/// cannot reach a leaf of a tree the library decodes (at most `MAX_TREE_DEPTH` = 128 levels).
pub(crate) const MAX_LOOKUP_LABELS: usize = 127;

/// The most bytes of labels in one path. Real paths are far shorter (`/canister/<id>/
/// metadata/<name>`, `/request_status/<32-byte id>/reply`).
const MAX_LOOKUP_PATH_BYTES: usize = 1024;

/// The IC's maximum response size, 2 MiB ([`service::MAX_REPLY_BYTES`]):
/// `ic0.msg_reply_data_append` "traps if the total appended data exceeds the maximum response
/// size" (interface specification, "Canister interface (System API)", "Responding").
const MAX_REPLY_BYTES: usize = service::MAX_REPLY_BYTES as usize;

/// What the reply holds besides the lookups' answers, generously: the Candid header and type
/// table, the result's variant index, `time_ns`, `root_hash`, `delegation_subnet_id` and the
/// length of `lookups`.
const REPLY_OVERHEAD_BYTES: usize = 1024;

/// The cycles a paid update call with inputs of these sizes needs attached.
/// For `register_sync_committee`, the price includes the rent a stranger's new committee pays
/// now (it depends on how many slots are held).
pub fn price(args: PriceArgs) -> Result<u128, Error> {
    if icbls_verifier_client::methods::is_free(&args.method) {
        return Ok(0);
    }
    let units = Units { address: args.address, items: args.items, bytes: args.bytes };
    let price = icbls_verifier_client::methods::price(&args.method, &units, crate::config::subnet_nodes())?;
    if args.method == "register_sync_committee" {
        return Ok(price.saturating_add(registration_rent(price)?));
    }
    Ok(price)
}

/// The rent a stranger's new committee pays now on top of `price` (see
/// [`icbls_verifier_client::service::registration_rent`]), or why the store takes none.
fn registration_rent(price: u128) -> Result<u128, Error> {
    sync_committees::can_store(false).map_err(store_error)?;
    let (held, slots) = sync_committees::held_slots(sync_committees::now());
    service::registration_rent(price, held, slots).ok_or_else(|| store_error(StoreError::NoSlots))
}

fn store_error(e: StoreError) -> Error {
    match e {
        StoreError::NoSlots => Error::unsupported("public_keys", "this verifier keeps no sync committees"),
        StoreError::FullOfPinned => Error::unsupported(
            "public_keys",
            "every sync-committee slot holds a committee pinned by the verifier's controllers or \
             allow-list; ask them to register it",
        ),
        StoreError::AllHeld { until_ns } => Error::unsupported(
            "public_keys",
            format!(
                "every sync-committee slot holds a pinned committee or one registered or used in the last \
                 sync period; the first frees at {until_ns} ns since the epoch"
            ),
        ),
    }
}

/// The bytes of `n` in LEB128, as Candid writes lengths.
fn leb128_len(n: usize) -> usize {
    let bits = usize::BITS - n.leading_zeros();
    bits.max(1).div_ceil(7) as usize
}

/// Checks `lookup` against the caps before any verification work.
fn check_lookup_paths(paths: &[Vec<Vec<u8>>]) -> Result<(), Error> {
    if paths.len() > MAX_LOOKUP_PATHS {
        return Err(Error::unsupported(
            "lookup",
            format!("{} paths, more than the {MAX_LOOKUP_PATHS} allowed in one call", paths.len()),
        ));
    }
    for (i, path) in paths.iter().enumerate() {
        if path.len() > MAX_LOOKUP_LABELS {
            return Err(Error::unsupported(
                format!("lookup[{i}]"),
                format!("{} labels, more than the {MAX_LOOKUP_LABELS} allowed in a path", path.len()),
            ));
        }
        let bytes: usize = path.iter().map(Vec::len).sum();
        if bytes > MAX_LOOKUP_PATH_BYTES {
            return Err(Error::unsupported(
                format!("lookup[{i}]"),
                format!("{bytes} bytes of labels, more than the {MAX_LOOKUP_PATH_BYTES} allowed in a path"),
            ));
        }
    }
    Ok(())
}

/// The root key a caller gave, or the one the IC gives the canister (`ic0.root_key_copy`: the
/// mainnet key on mainnet, a local replica's or PocketIC's own key there), so that certificates
/// of the network the verifier runs on verify without naming a key.
fn root_key_or_the_networks(given: Option<&[u8]>) -> std::borrow::Cow<'_, [u8]> {
    match given {
        Some(key) => std::borrow::Cow::Borrowed(key),
        None => std::borrow::Cow::Owned(ic_cdk::api::root_key()),
    }
}

/// Verifies the certificate (interface specification, "Certification": `verify_cert`,
/// "Delegation": `check_delegation` and its canister ranges) and answers the lookups
/// ("Lookup") within its scope, in a reply under the IC's size limit.
pub fn verify_certificate(args: VerifyCertificateArgs, clock_ns: u64) -> Result<VerifiedCertificate, Error> {
    check_lookup_paths(&args.lookup)?;
    let root = root_key_or_the_networks(args.root_key.as_deref());
    let root = &*root;
    let canister = args.canister_id.map(|p| p.as_slice().to_vec());
    let subnet = args.subnet_id.map(|p| p.as_slice().to_vec());
    let target = match (&canister, &subnet) {
        (Some(c), None) => Target::Canister(c),
        (None, Some(s)) => Target::Subnet(s),
        _ => return Err(Error::unsupported("canister_id, subnet_id", "give exactly one of canister_id and subnet_id")),
    };
    let freshness = Freshness::new(args.now_ns.unwrap_or(clock_ns), args.max_age_ns.unwrap_or(DEFAULT_MAX_AGE_NS));
    let freshness = match args.delegation_max_age_ns {
        Some(max_age_ns) => freshness.with_delegation_max_age(max_age_ns),
        None => freshness,
    };
    let verified =
        crate::delegations::with(|cache| cache.verify_certificate(&args.certificate, root, target, Some(freshness)))
            .map_err(certificate_error)?;
    // The library refuses paths under `/canister/<id>/` outside the certificate's scope.
    let mut answers = Vec::with_capacity(args.lookup.len());
    let mut reply_bytes = REPLY_OVERHEAD_BYTES;
    for (i, path) in args.lookup.iter().enumerate() {
        let answer = verified.lookup(path).map_err(|e| Error::failed(format!("lookup[{i}]"), e))?;
        // A variant index, and for `Found` the blob's length and bytes.
        reply_bytes = reply_bytes.saturating_add(1);
        if let LookupResult::Found(v) = answer {
            reply_bytes = reply_bytes.saturating_add(leb128_len(v.len()) + v.len());
        }
        answers.push(answer);
    }
    // Measured before anything is copied: an over-limit reply would trap in
    // `ic0.msg_reply_data_append`.
    if reply_bytes > MAX_REPLY_BYTES {
        return Err(Error::unsupported(
            "lookup",
            format!(
                "the values found would make a reply of about {reply_bytes} bytes, more than the IC's maximum \
                 response size of {MAX_REPLY_BYTES} bytes (2 MiB): look them up in several calls"
            ),
        ));
    }
    let lookups = answers
        .into_iter()
        .map(|answer| match answer {
            LookupResult::Found(v) => Lookup::Found(v.to_vec()),
            LookupResult::Absent => Lookup::Absent,
            LookupResult::Unknown => Lookup::Unknown,
            LookupResult::Error => Lookup::NotALeaf,
        })
        .collect();
    let delegation_subnet_id = match verified.delegation_subnet_id() {
        // The library holds `subnet_id` to 29 bytes; the fallible constructor anyway.
        Some(id) => Some(
            Principal::try_from_slice(id)
                .map_err(|e| Error::malformed("certificate", format!("delegation.subnet_id: {e}")))?,
        ),
        None => None,
    };
    Ok(VerifiedCertificate {
        time_ns: verified.time_ns(),
        lookups,
        root_hash: verified.root_hash().to_vec(),
        delegation_subnet_id,
    })
}

fn certificate_error(e: CertificateError) -> Error {
    use CertificateError::*;
    match e {
        RootKey(_) => Error::malformed("root_key", e),
        TargetTooLong { .. } => Error::malformed("canister_id, subnet_id", e),
        BadSignature { .. }
        | Stale { .. }
        | FromFuture { .. }
        | DelegationStale { .. }
        | DelegationFromFuture { .. }
        | SubnetMismatch
        | CanisterNotInRange
        | CanisterRangesNotFound => Error::failed("certificate", e),
        _ => Error::malformed("certificate", e),
    }
}

fn g1_point(bytes: &[u8]) -> Result<G1Affine, DecodeError> {
    match bytes.len() {
        96 => G1Affine::from_uncompressed(bytes),
        128 => G1Affine::from_eip2537(bytes),
        _ => G1Affine::from_compressed(bytes),
    }
}

fn g2_point(bytes: &[u8]) -> Result<G2Affine, DecodeError> {
    match bytes.len() {
        192 => G2Affine::from_uncompressed(bytes),
        256 => G2Affine::from_eip2537(bytes),
        _ => G2Affine::from_compressed(bytes),
    }
}

pub fn pairing_check(pairs: &[PairingPair]) -> Result<bool, Error> {
    let mut g1 = Vec::with_capacity(pairs.len());
    let mut g2 = Vec::with_capacity(pairs.len());
    for (i, pair) in pairs.iter().enumerate() {
        g1.push(g1_point(&pair.g1).map_err(|e| Error::malformed(format!("pairs[{i}].g1"), e))?);
        g2.push(G2Prepared::new(&g2_point(&pair.g2).map_err(|e| Error::malformed(format!("pairs[{i}].g2"), e))?));
    }
    let refs: Vec<(&G1Affine, &G2Prepared)> = g1.iter().zip(&g2).collect();
    Ok(pairing_check_prepared(&refs))
}

/// The interface's error for a BLS error, naming `field` (with an index where there is one).
fn bls_error(field: &str, e: BlsError) -> Error {
    match e {
        BlsError::InvalidSignature => Error::failed("signature", e),
        BlsError::PublicKey(_) | BlsError::IdentityPublicKey => Error::malformed(format!("{field}public_key"), e),
        BlsError::Signature(_) | BlsError::IdentitySignature => Error::malformed(format!("{field}signature"), e),
        _ => Error::malformed(field.trim_end_matches('.'), e),
    }
}

macro_rules! per_scheme {
    ($scheme:expr, |$m:ident| $body:expr) => {
        match $scheme {
            Scheme::MinSig => {
                use min_sig as $m;
                $body
            }
            Scheme::MinPk => {
                use min_pk as $m;
                $body
            }
        }
    };
}

/// `Verify` in the variant and ciphersuite asked for (the variant's own when none is).
pub fn bls_verify(args: &BlsVerifyArgs) -> Result<(), Error> {
    per_scheme!(args.scheme, |scheme| {
        let pk = scheme::PublicKey::from_bytes(&args.public_key).map_err(|e| bls_error("", e))?;
        let sig = scheme::Signature::from_bytes(&args.signature).map_err(|e| bls_error("", e))?;
        let (pk, msg) = (&pk, &args.message[..]);
        let (basic, pop) = match args.scheme {
            Scheme::MinSig => (min_sig::DST, min_sig::pop::DST),
            Scheme::MinPk => (min_pk::BASIC_DST, min_pk::DST),
        };
        let result = match &args.ciphersuite {
            None => scheme::verify(pk, msg, &sig),
            Some(Ciphersuite::Basic) => scheme::verify_with_dst(pk, msg, &sig, basic),
            Some(Ciphersuite::ProofOfPossession) => scheme::verify_with_dst(pk, msg, &sig, pop),
            Some(Ciphersuite::MessageAugmentation) => scheme::aug::verify(pk, msg, &sig),
            Some(Ciphersuite::Dst(dst)) => scheme::verify_with_dst(pk, msg, &sig, dst),
        };
        result.map_err(|e| match e {
            BlsError::InvalidDst { .. } => Error::malformed("ciphersuite", e),
            e => bls_error("", e),
        })
    })
}

/// Admits the keys of an aggregation with their proofs of possession: each key's proof is
/// checked with the scheme's `pop_verify_bytes`, unless this canister verified that key's
/// proof before ([`pop_cache`]) or earlier in the same list. No key enters otherwise, so a
/// rogue key (`x·g − pk`, made without a secret key) cannot.
macro_rules! admit_keys {
    ($scheme:path, $suite:expr, $keys:expr, $proofs:expr) => {{
        use $scheme as scheme;
        let (keys, proofs): (&[Vec<u8>], &[Vec<u8>]) = ($keys, $proofs);
        if proofs.len() != keys.len() {
            return Err(Error::malformed(
                "proofs_of_possession",
                format!("one proof of possession per key: {} keys, {} proofs", keys.len(), proofs.len()),
            ));
        }
        let mut admitted = Vec::with_capacity(keys.len());
        let mut seen: std::collections::HashSet<&[u8]> = std::collections::HashSet::new();
        for (i, (k, proof)) in keys.iter().zip(proofs).enumerate() {
            let key = if seen.contains(&k[..]) || pop_cache::contains($suite, k) {
                let key = scheme::PublicKey::from_bytes(k).map_err(|e| pop_error(i, e))?;
                // SECURITY: the escape hatch, for a key whose proof `pop_verify_bytes` verified
                // in this canister (the cache holds no other key).
                scheme::PopVerifiedPublicKey::assume_pop_verified_unchecked(key)
            } else {
                let key = scheme::pop_verify_bytes(k, proof).map_err(|e| pop_error(i, e))?;
                pop_cache::insert($suite, k);
                key
            };
            seen.insert(&k[..]);
            admitted.push(key);
        }
        admitted
    }};
}

/// The interface's error for key `i` or its proof of possession.
fn pop_error(i: usize, e: BlsError) -> Error {
    match e {
        BlsError::PublicKey(_) | BlsError::IdentityPublicKey => Error::malformed(format!("public_keys[{i}]"), e),
        BlsError::Signature(_) | BlsError::IdentitySignature => {
            Error::malformed(format!("proofs_of_possession[{i}]"), e)
        }
        BlsError::InvalidSignature => {
            Error::failed(format!("proofs_of_possession[{i}]"), "the proof of possession does not verify for this key")
        }
        _ => Error::malformed(format!("public_keys[{i}]"), e),
    }
}

/// `FastAggregateVerify` with a proof of possession per key: min-pk, or min-sig's
/// proof-of-possession ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_`
/// (`min_sig::pop`; the IC's basic `_NUL_` scheme has no proofs and no fast aggregation).
pub fn bls_fast_aggregate_verify(args: &FastAggregateVerifyArgs) -> Result<(), Error> {
    macro_rules! fast {
        ($m:path, $suite:expr) => {{
            use $m as scheme;
            let keys = admit_keys!($m, $suite, &args.public_keys, &args.proofs_of_possession);
            let sig = scheme::Signature::from_bytes(&args.signature).map_err(|e| bls_error("", e))?;
            scheme::fast_aggregate_verify(&keys, &args.message, &sig).map_err(|e| bls_error("public_keys.", e))
        }};
    }
    match args.scheme {
        Scheme::MinSig => fast!(min_sig::pop, Suite::MinSigPop),
        Scheme::MinPk => fast!(min_pk, Suite::MinPk),
    }
}

/// `AggregateVerify`: min-sig's basic scheme (distinct messages, no proofs), or min-pk's
/// proof-of-possession scheme (messages may repeat; a proof per key).
pub fn bls_aggregate_verify(args: &AggregateVerifyArgs) -> Result<(), Error> {
    let messages: Vec<&[u8]> = args.messages.iter().map(|m| &m[..]).collect();
    match args.scheme {
        Scheme::MinSig => {
            if !args.proofs_of_possession.is_empty() {
                return Err(Error::unsupported(
                    "proofs_of_possession",
                    "min-sig aggregate verification is the basic scheme (distinct messages), which takes no proofs of possession; leave the list empty",
                ));
            }
            let mut keys = Vec::with_capacity(args.public_keys.len());
            for (i, k) in args.public_keys.iter().enumerate() {
                keys.push(min_sig::PublicKey::from_bytes(k).map_err(|e| bls_error(&format!("public_keys[{i}]."), e))?);
            }
            let sig = min_sig::Signature::from_bytes(&args.signature).map_err(|e| bls_error("", e))?;
            min_sig::aggregate_verify(&keys, &messages, &sig).map_err(|e| bls_error("messages.", e))
        }
        Scheme::MinPk => {
            let keys = admit_keys!(min_pk, Suite::MinPk, &args.public_keys, &args.proofs_of_possession);
            let sig = min_pk::Signature::from_bytes(&args.signature).map_err(|e| bls_error("", e))?;
            min_pk::aggregate_verify(&keys, &messages, &sig).map_err(|e| bls_error("messages.", e))
        }
    }
}

pub fn bls_batch_verify(args: &BatchVerifyArgs) -> Result<(), Error> {
    per_scheme!(args.scheme, |scheme| {
        let n = args.items.len();
        let (mut keys, mut sigs) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for (i, item) in args.items.iter().enumerate() {
            keys.push(
                scheme::PublicKey::from_bytes(&item.public_key).map_err(|e| bls_error(&format!("items[{i}]."), e))?,
            );
            sigs.push(
                scheme::Signature::from_bytes(&item.signature).map_err(|e| bls_error(&format!("items[{i}]."), e))?,
            );
        }
        let messages: Vec<&[u8]> = args.items.iter().map(|item| &item.message[..]).collect();
        scheme::batch_verify(&keys, &messages, &sigs).map_err(|e| bls_error("items.", e))
    })
}

pub fn eip2537_call(address: u8, input: &[u8]) -> Result<PrecompileOutput, Error> {
    use icbls::eip2537::PrecompileError;
    match icbls::eip2537::run(address, input) {
        Ok((output, gas)) => Ok(PrecompileOutput { output, gas }),
        Err(e @ PrecompileError::UnknownAddress { .. }) => Err(Error::unsupported("address", e)),
        Err(e) => Err(Error::malformed("input", e)),
    }
}

pub fn kzg_point_evaluation(input: &[u8]) -> Result<PrecompileOutput, Error> {
    use icbls::kzg::{point_evaluation, KzgError, POINT_EVALUATION_GAS};
    match point_evaluation(input) {
        Ok(output) => Ok(PrecompileOutput { output: output.to_vec(), gas: POINT_EVALUATION_GAS }),
        Err(e @ KzgError::InvalidProof) => Err(Error::failed("input", e)),
        Err(e) => Err(Error::malformed("input", e)),
    }
}

/// DSTs must be nonempty (RFC 9380, section 3.1); longer than 255 bytes they are hashed.
fn check_dst(dst: &[u8]) -> Result<(), Error> {
    if dst.is_empty() {
        Err(Error::malformed("dst", "the domain separation tag must not be empty (RFC 9380, section 3.1)"))
    } else {
        Ok(())
    }
}

pub fn hash_to_g1(args: &HashToCurveArgs) -> Result<Vec<u8>, Error> {
    check_dst(&args.dst)?;
    Ok(icbls::hash_to_curve::hash_to_g1(&args.message, &args.dst).to_affine_vartime().to_compressed().to_vec())
}

pub fn hash_to_g2(args: &HashToCurveArgs) -> Result<Vec<u8>, Error> {
    check_dst(&args.dst)?;
    Ok(icbls::hash_to_curve::hash_to_g2(&args.message, &args.dst).to_affine_vartime().to_compressed().to_vec())
}

/// A drand round: the chain (a bad scheme is `Unsupported`, a bad key `MalformedInput`
/// naming `chain.public_key`), then the round, its previous signature and its signature, each
/// named when it is at fault.
pub fn drand_verify(args: &DrandVerifyArgs) -> Result<Vec<u8>, Error> {
    let chain = match &args.chain {
        DrandChain::Quicknet => Chain::quicknet(),
        DrandChain::Mainnet => Chain::mainnet(),
        DrandChain::Other(info) => {
            let scheme = drand::Scheme::from_id(&info.scheme).map_err(|e| Error::unsupported("chain.scheme", e))?;
            Chain::new(scheme, &info.public_key).map_err(|e| Error::malformed("chain.public_key", e))?
        }
    };
    match chain.verify(args.round, &args.signature, args.previous_signature.as_deref()) {
        Ok(randomness) => Ok(randomness.to_vec()),
        Err(e @ DrandError::Round { .. }) => Err(Error::malformed("round", e)),
        Err(e @ DrandError::PreviousSignature { .. }) => Err(Error::malformed("previous_signature", e)),
        Err(e @ DrandError::Bls(BlsError::InvalidSignature)) => Err(Error::failed("signature", e)),
        Err(e) => Err(Error::malformed("signature", e)),
    }
}

/// A canister signature. The key's faults are `MalformedInput` naming `public_key`, the root
/// key's `root_key`; a signature that does not decode is `MalformedInput` naming `signature`,
/// and one that decodes but does not sign this message under this key (the `/sig` leaf,
/// `certified_data`, the certificate's checks and BLS signatures, its time) is
/// `VerificationFailed` naming `signature`.
pub fn verify_canister_signature(
    args: &CanisterSignatureArgs,
    clock_ns: u64,
) -> Result<VerifiedCanisterSignature, Error> {
    let root = root_key_or_the_networks(args.root_key.as_deref());
    let root = &*root;
    let freshness = args.max_age_ns.map(|max_age_ns| Freshness::new(args.now_ns.unwrap_or(clock_ns), max_age_ns));
    let verified = crate::delegations::with(|cache| {
        canister_signature::verify_canister_signature_cached(
            &args.message,
            &args.signature,
            &args.public_key,
            root,
            freshness,
            cache,
        )
    });
    match verified {
        Ok(v) => Ok(VerifiedCanisterSignature { certificate_time_ns: v.certificate_time_ns }),
        Err(e @ CanisterSignatureError::PublicKey(_)) => Err(Error::malformed("public_key", e)),
        Err(e @ CanisterSignatureError::Certificate(CertificateError::RootKey(_))) => {
            Err(Error::malformed("root_key", e))
        }
        Err(e @ (CanisterSignatureError::MissingSelfDescribeTag { .. } | CanisterSignatureError::Decode(_))) => {
            Err(Error::malformed("signature", e))
        }
        Err(CanisterSignatureError::Certificate(c)) => match certificate_error(c) {
            Error::VerificationFailed(_) => Err(Error::failed("signature", CanisterSignatureError::Certificate(c))),
            _ => Err(Error::malformed("signature", CanisterSignatureError::Certificate(c))),
        },
        Err(e) => Err(Error::failed("signature", e)),
    }
}

/// A fixed-length byte string of `args`, or `MalformedInput` naming it.
fn fixed<const N: usize>(field: &str, bytes: &[u8]) -> Result<[u8; N], Error> {
    bytes.try_into().map_err(|_| Error::malformed(field, format!("{} bytes, expected {N}", bytes.len())))
}

fn sync_error(e: SyncError) -> Error {
    match e {
        SyncError::CommitteeSize { .. } => Error::malformed("public_keys", e),
        SyncError::PublicKey { index, .. } => Error::malformed(format!("public_keys[{index}]"), e),
        SyncError::ParticipationLength { .. } | SyncError::NoParticipants => Error::malformed("sync_committee_bits", e),
        SyncError::Signature(_) => Error::malformed("sync_committee_signature", e),
        _ => Error::failed("sync_committee_signature", e),
    }
}

/// Registers a sync committee: checks every key and the aggregate, stores the committee under
/// its SSZ root (pinned when `privileged`) and returns the root. A committee stored before is
/// not checked again (a privileged caller pins it; anyone's registration counts as a use). A
/// stranger's new committee is refused before its keys are decoded when every slot is held,
/// and pays the slot's rent ([`registration_rent`]) when it is stored.
pub fn register_sync_committee(
    args: &RegisterSyncCommitteeArgs,
    privileged: bool,
) -> Result<RegisteredSyncCommittee, Error> {
    if args.public_keys.len() != SYNC_COMMITTEE_SIZE {
        return Err(sync_error(SyncError::CommitteeSize { given: args.public_keys.len() }));
    }
    let keys = args
        .public_keys
        .iter()
        .enumerate()
        .map(|(i, k)| fixed::<48>(&format!("public_keys[{i}]"), k))
        .collect::<Result<Vec<_>, _>>()?;
    let aggregate = fixed::<48>("aggregate_public_key", &args.aggregate_public_key)?;
    let root = sync_committee_root(&keys, &aggregate);
    let answer = |pinned| Ok(RegisteredSyncCommittee { committee_root: root.to_vec(), pinned });
    match sync_committees::lookup(&root) {
        Some(pinned) if pinned || privileged => {
            sync_committees::pin(&root);
            return answer(true);
        }
        Some(_) => {
            sync_committees::touch(&root);
            return answer(false);
        }
        None => {}
    }
    // A stranger: a slot must be free to take, and the rent attached beside the price.
    let rent = if privileged {
        0
    } else {
        let units = Units { items: SYNC_COMMITTEE_SIZE as u64, ..Units::default() };
        let price = methods::price("register_sync_committee", &units, crate::config::subnet_nodes())?;
        let rent = registration_rent(price)?;
        let attached = ic_cdk::api::msg_cycles_available();
        if attached < price.saturating_add(rent) {
            return Err(Error::InsufficientCycles(CyclesShortfall { price: price.saturating_add(rent), attached }));
        }
        rent
    };
    let committee = SyncCommittee::from_compressed(&keys).map_err(sync_error)?;
    if committee.aggregate_key().to_compressed() != aggregate {
        return Err(Error::malformed("aggregate_public_key", "is not the sum of public_keys"));
    }
    sync_committees::store(&root, &committee, privileged).map_err(store_error)?;
    ic_cdk::api::msg_cycles_accept(rent);
    answer(privileged)
}

/// Verifies a sync aggregate against a registered committee: the number of participants and
/// the attested header's root. An unknown root is `Unsupported` naming `committee_root`; bits
/// and signature that do not decode are `MalformedInput`; a signature that does not verify is
/// `VerificationFailed` naming `sync_committee_signature`.
pub fn verify_sync_aggregate(args: &SyncAggregateArgs) -> Result<VerifiedSyncAggregate, Error> {
    let committee_root = fixed::<32>("committee_root", &args.committee_root)?;
    // Lengths before the committee is read.
    fixed::<{ SYNC_COMMITTEE_SIZE / 8 }>("sync_committee_bits", &args.sync_committee_bits)?;
    fixed::<96>("sync_committee_signature", &args.sync_committee_signature)?;
    let h = &args.attested_header;
    let header = sync_committee::BeaconBlockHeader {
        slot: h.slot,
        proposer_index: h.proposer_index,
        parent_root: fixed("attested_header.parent_root", &h.parent_root)?,
        state_root: fixed("attested_header.state_root", &h.state_root)?,
        body_root: fixed("attested_header.body_root", &h.body_root)?,
    };
    // The aggregate signs the block before the one that includes it: `signature_slot >
    // attested_header.beacon.slot` (altair light client, `validate_light_client_update`).
    if args.signature_slot <= h.slot {
        return Err(Error::malformed(
            "signature_slot",
            format!("{} is not after attested_header.slot ({})", args.signature_slot, h.slot),
        ));
    }
    let (fork_version, genesis_validators_root) = match &args.fork {
        None => (mainnet_fork_version(args.signature_slot), MAINNET_GENESIS_VALIDATORS_ROOT),
        Some(f) => (
            fixed("fork.fork_version", &f.fork_version)?,
            fixed("fork.genesis_validators_root", &f.genesis_validators_root)?,
        ),
    };
    let committee = sync_committees::get(&committee_root).ok_or_else(|| {
        Error::unsupported(
            "committee_root",
            "no sync committee with this root is registered here: register it with register_sync_committee",
        )
    })?;
    let participants = committee
        .verify(
            &args.sync_committee_bits,
            &args.sync_committee_signature,
            &header,
            fork_version,
            &genesis_validators_root,
        )
        .map_err(sync_error)?;
    // A verification in an update is a paid use: the committee keeps its slot a sync period
    // more. (A query's state is discarded; the check keeps the query's work as it was.)
    if ic_cdk::api::in_replicated_execution() {
        sync_committees::touch(&committee_root);
    }
    Ok(VerifiedSyncAggregate {
        participants: participants as u32,
        attested_header_root: header.hash_tree_root().to_vec(),
    })
}

/// The derived public key `key` names: decoded (curve, subgroup) or derived from a master key.
fn vetkey_public_key(key: &VetKeyPublicKey) -> Result<vetkeys::DerivedPublicKey, Error> {
    match key {
        VetKeyPublicKey::Derived(bytes) => {
            vetkeys::DerivedPublicKey::deserialize(bytes).map_err(|e| Error::malformed("public_key.Derived", e))
        }
        VetKeyPublicKey::FromMaster(d) => {
            let master = match &d.master_key {
                VetKdMasterKey::Mainnet(name) => vetkeys::MasterPublicKey::for_mainnet_key(name).ok_or_else(|| {
                    Error::unsupported(
                        "public_key.FromMaster.master_key",
                        format!("{} is not a mainnet vetKD key (key_1, test_key_1)", quoted(name)),
                    )
                })?,
                VetKdMasterKey::Raw(bytes) => vetkeys::MasterPublicKey::deserialize(bytes)
                    .map_err(|e| Error::malformed("public_key.FromMaster.master_key", e))?,
            };
            Ok(master.derive_canister_key(d.canister_id.as_slice()).derive_sub_key(&d.context))
        }
    }
}

/// Whether `vetkey` is a valid vetKey (an augmented BLS signature) of `input` under the key:
/// `Ok` with the derived key. A vetKey that does not decode is `MalformedInput` naming
/// `vetkey`; one that does not verify is `VerificationFailed` naming it.
pub fn verify_vetkey(args: &VerifyVetKeyArgs) -> Result<VerifiedVetKey, Error> {
    let vetkey = vetkeys::VetKey::deserialize(&args.vetkey).map_err(|e| Error::malformed("vetkey", e))?;
    let dpk = vetkey_public_key(&args.public_key)?;
    // A master key chosen as -t·g2 for the derivation's public offset t derives the identity.
    if dpk.point().is_identity() {
        return Err(Error::malformed("public_key", vetkeys::VetKeyError::IdentityPublicKey));
    }
    if !vetkeys::verify_bls_signature(&dpk, &args.input, vetkey.signature_bytes()) {
        return Err(Error::failed("vetkey", vetkeys::VetKeyError::InvalidVetKey));
    }
    Ok(VerifiedVetKey { derived_public_key: dpk.serialize().to_vec() })
}

/// `ic-vetkeys`'s IBE encryption of `message` to `identity` under the key: the ciphertext's
/// bytes. A seed under 16 bytes is `MalformedInput` naming `seed`.
pub fn ibe_encrypt(args: &IbeEncryptArgs) -> Result<Vec<u8>, Error> {
    let seed = vetkeys::IbeSeed::from_bytes(&args.seed).map_err(|e| Error::malformed("seed", e))?;
    let dpk = vetkey_public_key(&args.public_key)?;
    let identity = vetkeys::IbeIdentity::from_bytes(&args.identity);
    Ok(vetkeys::IbeCiphertext::encrypt(&dpk, &identity, &args.message, &seed).serialize())
}
