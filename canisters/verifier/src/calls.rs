//! What each method does, with the library's errors turned into the interface's.

use crate::pop_cache::{self, Suite};
use icbls_verifier_client::*;
use candid::Principal;
use icbls::bls::{min_pk, min_sig, BlsError};
use icbls::certificate::{self, CertificateError, Freshness, LookupResult, Target};
use icbls::pairing::{pairing_check_prepared, G2Prepared};
use icbls::{DecodeError, G1Affine, G2Affine};

/// Five minutes, the freshness window when the caller gives none.
const DEFAULT_MAX_AGE_NS: u64 = 300_000_000_000;

pub fn verify_certificate(args: VerifyCertificateArgs, clock_ns: u64) -> Result<VerifiedCertificate, Error> {
    let root = args.root_key.as_deref().unwrap_or(&certificate::IC_MAINNET_ROOT_KEY_DER);
    let canister = args.canister_id.map(|p| p.as_slice().to_vec());
    let subnet = args.subnet_id.map(|p| p.as_slice().to_vec());
    let target = match (&canister, &subnet) {
        (Some(c), None) => Target::Canister(c),
        (None, Some(s)) => Target::Subnet(s),
        _ => return Err(Error::unsupported("canister_id, subnet_id", "give exactly one of canister_id and subnet_id")),
    };
    let freshness = Freshness { now_ns: args.now_ns.unwrap_or(clock_ns), max_age_ns: args.max_age_ns.unwrap_or(DEFAULT_MAX_AGE_NS) };
    let verified = certificate::verify_certificate(&args.certificate, root, target, Some(freshness)).map_err(certificate_error)?;
    let lookups: Vec<Lookup> = args
        .lookup
        .iter()
        .map(|path| match verified.lookup(path) {
            LookupResult::Found(v) => Lookup::Found(v.to_vec()),
            LookupResult::Absent => Lookup::Absent,
            LookupResult::Unknown => Lookup::Unknown,
            LookupResult::Error => Lookup::NotALeaf,
        })
        .collect();
    Ok(VerifiedCertificate {
        time_ns: verified.time_ns(),
        values: lookups.iter().map(|l| if let Lookup::Found(v) = l { Some(v.clone()) } else { None }).collect(),
        lookups,
        root_hash: verified.root_hash().to_vec(),
        delegation_subnet_id: verified.delegation_subnet_id().map(Principal::from_slice),
    })
}

fn certificate_error(e: CertificateError) -> Error {
    use CertificateError::*;
    match e {
        RootKey(_) => Error::malformed("root_key", e),
        BadSignature { .. } | Stale { .. } | FromFuture { .. } | SubnetMismatch | CanisterNotInRange | CanisterRangesNotFound => {
            Error::failed("certificate", e)
        }
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

pub fn bls_verify(args: &BlsVerifyArgs) -> Result<(), Error> {
    match args.scheme {
        Scheme::MinSig => min_sig::verify_bytes(&args.public_key, &args.message, &args.signature),
        Scheme::MinPk => min_pk::verify_bytes(&args.public_key, &args.message, &args.signature),
    }
    .map_err(|e| bls_error("", e))
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
        BlsError::Signature(_) | BlsError::IdentitySignature => Error::malformed(format!("proofs_of_possession[{i}]"), e),
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
            keys.push(scheme::PublicKey::from_bytes(&item.public_key).map_err(|e| bls_error(&format!("items[{i}]."), e))?);
            sigs.push(scheme::Signature::from_bytes(&item.signature).map_err(|e| bls_error(&format!("items[{i}]."), e))?);
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
    match dst.is_empty() {
        true => Err(Error::malformed("dst", "the domain separation tag must not be empty (RFC 9380, section 3.1)")),
        false => Ok(()),
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
