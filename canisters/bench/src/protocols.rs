//! Bench rows of the protocols built on the primitives: BLS signatures, the EIP-2537
//! precompiles and EIP-4844 point evaluation. Each row's input is valid and
//! typical; the method checks the answer after measuring and traps if it is wrong.

use ic_cdk::query;
use icbls::bls::{min_pk, min_sig};
use icbls::eip2537::{self, Precompile};
use icbls::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use icbls_harness::{
    hex_bytes, measure, MIN_PK_PUBLIC_KEY, MIN_PK_SIGNATURE, MIN_SIG_MESSAGE, MIN_SIG_PUBLIC_KEY, MIN_SIG_SIGNATURE,
};

/// Decode both points (curve, subgroup, identity), hash to G1, one pairing check with the
/// generator's lines built in.
pub(crate) fn bls_min_sig_verify() -> u64 {
    let input =
        (hex_bytes::<96>(MIN_SIG_PUBLIC_KEY), hex_bytes::<46>(MIN_SIG_MESSAGE), hex_bytes::<48>(MIN_SIG_SIGNATURE));
    let mut result = Err(icbls::bls::BlsError::InvalidSignature);
    let n = measure(input, |(pk, msg, sig)| result = min_sig::verify_bytes(pk, msg, sig));
    assert_eq!(result, Ok(()), "bls_min_sig_verify: the bench signature verifies");
    n
}

pub(crate) fn bls_min_pk_verify() -> u64 {
    let input = (hex_bytes::<48>(MIN_PK_PUBLIC_KEY), crate::MESSAGE, hex_bytes::<96>(MIN_PK_SIGNATURE));
    let mut result = Err(icbls::bls::BlsError::InvalidSignature);
    let n = measure(input, |(pk, msg, sig)| result = min_pk::verify_bytes(pk, msg, sig));
    assert_eq!(result, Ok(()), "bls_min_pk_verify: the bench signature verifies");
    n
}

/// A cheap full-size scalar for inputs (no exponentiation in the setup).
fn scalar(seed: u64) -> Fr {
    let mut wide = [0u8; 64];
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for b in wide.iter_mut() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = x as u8;
    }
    Fr::from_be_bytes_wide(&wide)
}

/// Secret keys `k, 2k, 3k, ...`: their public keys are sums, so the setup stays cheap.
fn keys(n: usize) -> Vec<Fr> {
    let k = scalar(1);
    let mut out = Vec::with_capacity(n);
    let mut acc = Fr::ZERO;
    for _ in 0..n {
        acc += k;
        out.push(acc);
    }
    out
}

fn message(i: usize) -> [u8; 32] {
    let mut m = crate::MESSAGE;
    m[..8].copy_from_slice(&(i as u64).to_be_bytes());
    m
}

/// FastAggregateVerify (min-sig's proof-of-possession ciphersuite) of `n` validated keys on one message: the signature is decoded
/// and checked in the measured region, the keys were validated when they were registered.
fn fast_aggregate_verify(n: usize) -> u64 {
    let sks = keys(n);
    let step = G2Projective::generator().mul_vartime(&sks[0]);
    let mut pk = G2Projective::identity();
    let mut pks = Vec::with_capacity(n);
    for _ in 0..n {
        pk += step;
        pks.push(pk);
    }
    let mut affine = vec![G2Affine::identity(); n];
    G2Projective::batch_normalize(&pks, &mut affine);
    // Registered keys: their proofs of possession were checked at registration, so they come
    // back from storage through the escape hatch (min-sig's proof-of-possession ciphersuite).
    let pks: Vec<min_sig::pop::PopVerifiedPublicKey> = affine
        .into_iter()
        .map(|p| {
            min_sig::pop::PopVerifiedPublicKey::assume_pop_verified_unchecked(
                min_sig::PublicKey::from_point(p).expect("a valid key"),
            )
        })
        .collect();
    let total: Fr = sks.iter().fold(Fr::ZERO, |a, k| a + k);
    let h = icbls::hash_to_curve::hash_to_g1(&crate::MESSAGE, min_sig::pop::DST);
    let sig = h.mul_vartime(&total).to_affine_vartime().to_compressed();
    let mut result = Err(icbls::bls::BlsError::InvalidSignature);
    let count = measure((pks, sig), |(pks, sig)| {
        result = min_sig::Signature::from_bytes(sig)
            .and_then(|sig| min_sig::pop::fast_aggregate_verify(pks, &crate::MESSAGE, &sig));
    });
    assert_eq!(result, Ok(()), "fast_aggregate_verify: the bench signature verifies");
    count
}

pub(crate) fn fast_aggregate_verify_16() -> u64 {
    fast_aggregate_verify(16)
}

pub(crate) fn fast_aggregate_verify_128() -> u64 {
    fast_aggregate_verify(128)
}

/// Batch verification (min-sig, the IC's scheme) of `n` signatures on distinct messages, from
/// bytes: every key and signature decoded and checked in the measured region. The row is the
/// cost per signature.
fn batch_verify_min_sig(n: usize) -> u64 {
    let sks = keys(n);
    let step = G2Projective::generator().mul_vartime(&sks[0]);
    let mut pk = G2Projective::identity();
    let mut pks = Vec::with_capacity(n);
    let mut sigs = Vec::with_capacity(n);
    for (i, sk) in sks.iter().enumerate() {
        pk += step;
        pks.push(pk.to_affine_vartime().to_compressed());
        sigs.push(
            icbls::hash_to_curve::hash_to_g1(&message(i), min_sig::DST)
                .mul_vartime(sk)
                .to_affine_vartime()
                .to_compressed(),
        );
    }
    let messages: Vec<[u8; 32]> = (0..n).map(message).collect();
    let mut result = Err(icbls::bls::BlsError::InvalidSignature);
    let count = measure((pks, messages, sigs), |(pks, messages, sigs)| {
        result = (|| {
            let pks = pks.iter().map(|p| min_sig::PublicKey::from_bytes(p)).collect::<Result<Vec<_>, _>>()?;
            let sigs = sigs.iter().map(|s| min_sig::Signature::from_bytes(s)).collect::<Result<Vec<_>, _>>()?;
            let messages: Vec<&[u8]> = messages.iter().map(|m| &m[..]).collect();
            min_sig::batch_verify(&pks, &messages, &sigs)
        })();
    });
    assert_eq!(result, Ok(()), "batch_verify: the bench signatures verify");
    count / n as u64
}

/// The same for min-pk (Ethereum's scheme).
fn batch_verify_min_pk(n: usize) -> u64 {
    let sks = keys(n);
    let step = G1Projective::generator().mul_vartime(&sks[0]);
    let mut pk = G1Projective::identity();
    let mut pks = Vec::with_capacity(n);
    let mut sigs = Vec::with_capacity(n);
    for (i, sk) in sks.iter().enumerate() {
        pk += step;
        pks.push(pk.to_affine_vartime().to_compressed());
        sigs.push(
            icbls::hash_to_curve::hash_to_g2(&message(i), min_pk::DST)
                .mul_vartime(sk)
                .to_affine_vartime()
                .to_compressed(),
        );
    }
    let messages: Vec<[u8; 32]> = (0..n).map(message).collect();
    let mut result = Err(icbls::bls::BlsError::InvalidSignature);
    let count = measure((pks, messages, sigs), |(pks, messages, sigs)| {
        result = (|| {
            let pks = pks.iter().map(|p| min_pk::PublicKey::from_bytes(p)).collect::<Result<Vec<_>, _>>()?;
            let sigs = sigs.iter().map(|s| min_pk::Signature::from_bytes(s)).collect::<Result<Vec<_>, _>>()?;
            let messages: Vec<&[u8]> = messages.iter().map(|m| &m[..]).collect();
            min_pk::batch_verify(&pks, &messages, &sigs)
        })();
    });
    assert_eq!(result, Ok(()), "batch_verify_min_pk: the bench signatures verify");
    count / n as u64
}

pub(crate) fn batch_verify_16() -> u64 {
    batch_verify_min_sig(16)
}

pub(crate) fn batch_verify_128() -> u64 {
    batch_verify_min_sig(128)
}

pub(crate) fn batch_verify_min_pk_16() -> u64 {
    batch_verify_min_pk(16)
}

pub(crate) fn batch_verify_min_pk_128() -> u64 {
    batch_verify_min_pk(128)
}

// ---- EIP-2537 and EIP-4844 ----

/// `n` distinct points of G1 in EIP-2537 encoding (sums of a fixed step: a cheap setup).
fn g1_points(n: usize) -> Vec<[u8; 128]> {
    let step = G1Projective::generator().mul_vartime(&scalar(7));
    let mut p = G1Projective::generator().mul_vartime(&scalar(8));
    let mut points = Vec::with_capacity(n);
    for _ in 0..n {
        points.push(p);
        p += step;
    }
    let mut affine = vec![G1Affine::identity(); n];
    G1Projective::batch_normalize(&points, &mut affine);
    affine.iter().map(|a| a.to_eip2537()).collect()
}

fn g2_points(n: usize) -> Vec<[u8; 256]> {
    let step = G2Projective::generator().mul_vartime(&scalar(7));
    let mut p = G2Projective::generator().mul_vartime(&scalar(8));
    let mut points = Vec::with_capacity(n);
    for _ in 0..n {
        points.push(p);
        p += step;
    }
    let mut affine = vec![G2Affine::identity(); n];
    G2Projective::batch_normalize(&points, &mut affine);
    affine.iter().map(|a| a.to_eip2537()).collect()
}

/// Runs one precompile call under the meter and checks that it succeeded.
fn precompile(op: Precompile, input: Vec<u8>) -> u64 {
    let mut ok = false;
    let n = measure(input, |input| ok = op.run(input).is_ok());
    assert!(ok, "{}: the bench input is valid", op.name());
    n
}

fn msm_input(op: Precompile, n: usize) -> Vec<u8> {
    let scalars = (0..n).map(|i| scalar(100 + i as u64).to_bytes());
    match op {
        Precompile::G1Msm => g1_points(n).iter().zip(scalars).flat_map(|(p, s)| [&p[..], &s[..]].concat()).collect(),
        _ => g2_points(n).iter().zip(scalars).flat_map(|(p, s)| [&p[..], &s[..]].concat()).collect(),
    }
}

/// `n` pairs whose pairing product is one: `(a_i G1, b_i G2)` and a last pair that cancels them.
/// One pair alone cannot multiply to one without the identity, so for `n = 1` the pair is
/// random and the answer 0.
fn pairing_input(n: usize) -> Vec<u8> {
    let mut input = Vec::new();
    if n == 1 {
        input.extend(G1Projective::generator().mul_vartime(&scalar(10)).to_affine_vartime().to_eip2537());
        input.extend(G2Projective::generator().mul_vartime(&scalar(50)).to_affine_vartime().to_eip2537());
        return input;
    }
    let mut sum = Fr::ZERO;
    for i in 0..n as u64 - 1 {
        let (a, b) = (scalar(10 + i), scalar(50 + i));
        sum += a * b;
        input.extend(G1Projective::generator().mul_vartime(&a).to_affine_vartime().to_eip2537());
        input.extend(G2Projective::generator().mul_vartime(&b).to_affine_vartime().to_eip2537());
    }
    input.extend(G1Projective::generator().mul_vartime(&-sum).to_affine_vartime().to_eip2537());
    input.extend(G2Affine::generator().to_eip2537());
    input
}

fn pairing(n: usize) -> u64 {
    let input = pairing_input(n);
    let mut out = [0u8; 32];
    let count = measure(input, |input| out = eip2537::pairing_check(input).expect("valid input"));
    assert_eq!(out[31], (n > 1) as u8, "eip2537_pairing: the bench pairs cancel");
    count
}

/// The input of each precompile row, for its gas.
pub(crate) fn eth_input(row: &str) -> Option<(u8, Vec<u8>)> {
    let msm = |row: &str, prefix: &str| row.strip_prefix(prefix).and_then(|n| n.parse::<usize>().ok());
    Some(match row {
        "eip2537_g1add" => (0x0b, [g1_points(2)[0], g1_points(2)[1]].concat()),
        "eip2537_g2add" => (0x0d, [g2_points(2)[0], g2_points(2)[1]].concat()),
        "eip2537_map_fp_to_g1" => (
            0x10,
            crate::fp(1).to_bytes().iter().fold(vec![0u8; 16], |mut v, b| {
                v.push(*b);
                v
            }),
        ),
        "eip2537_map_fp2_to_g2" => {
            let u = crate::fp2(1);
            let mut v = vec![0u8; 16];
            v.extend(u.c0.to_bytes());
            v.extend([0u8; 16]);
            v.extend(u.c1.to_bytes());
            (0x11, v)
        }
        "point_evaluation" => (0x0a, point_evaluation_input()),
        r if r.starts_with("eip2537_g1msm_") => (0x0c, msm_input(Precompile::G1Msm, msm(r, "eip2537_g1msm_")?)),
        r if r.starts_with("eip2537_g2msm_") => (0x0e, msm_input(Precompile::G2Msm, msm(r, "eip2537_g2msm_")?)),
        r if r.starts_with("eip2537_pairing_") => (0x0f, pairing_input(msm(r, "eip2537_pairing_")?)),
        _ => return None,
    })
}

/// The gas Ethereum charges for each precompile row, for the results table.
#[query]
fn eth_gas() -> Vec<(String, u64)> {
    crate::BENCHMARKS
        .iter()
        .filter_map(|row| {
            let (address, input) = eth_input(row)?;
            let gas = match address {
                0x0a => icbls::kzg::POINT_EVALUATION_GAS,
                a => eip2537::gas(a, &input).ok()?,
            };
            Some((row.to_string(), gas))
        })
        .collect()
}

/// The measurement of a row tagged `precompile` (`icbls_harness::bench_rows!`): its precompile
/// (EIP-2537, or EIP-4844's point evaluation) run on the row's input, `eth_input(name)`.
pub(crate) fn precompile_row(name: &str) -> u64 {
    let (address, input) = eth_input(name).expect("a precompile row");
    match Precompile::from_address(address) {
        Some(Precompile::PairingCheck) => pairing(input.len() / 384),
        Some(op) => precompile(op, input),
        None => {
            let mut ok = false;
            let n = measure(input, |input| ok = icbls::kzg::point_evaluation(input).is_ok());
            assert!(ok, "point_evaluation: the bench proof verifies");
            n
        }
    }
}

/// A valid point-evaluation input: the c-kzg case `verify_kzg_proof_case_correct_proof_4_1`
/// (kzg_point_evaluation/ of the public vectors), with its versioned hash.
fn point_evaluation_input() -> Vec<u8> {
    hex_bytes::<192>(icbls_harness::POINT_EVALUATION_INPUT_HEX).to_vec()
}

// ---- IC certificates ----

fn certificate_input() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    use icbls_harness::{hex_vec, IC_CERTIFICATE_CANISTER, IC_CERTIFICATE_HEX, IC_ROOT_KEY_DER_HEX};
    let canister = candid::Principal::from_text(IC_CERTIFICATE_CANISTER).expect("a principal").as_slice().to_vec();
    (hex_vec(IC_CERTIFICATE_HEX), hex_vec(IC_ROOT_KEY_DER_HEX), canister)
}

const FRESHNESS: icbls::certificate::Freshness =
    icbls::certificate::Freshness::new(icbls_harness::IC_CERTIFICATE_TIME_NS, 300_000_000_000);

/// A certificate signed by the root key itself (no delegation): the delegation certificate of
/// the mainnet certificate, verified for its subnet. Decoding, the hash tree's root, `/time`
/// and freshness, and one BLS check against the root key (lines built in).
pub(crate) fn certificate_verify() -> u64 {
    use icbls::certificate::{verify_certificate, Certificate, Target};
    let (outer, root, _) = certificate_input();
    let delegation = Certificate::decode(&outer).expect("decodes").delegation.expect("has a delegation");
    let (inner, subnet) = (delegation.certificate.to_vec(), delegation.subnet_id.to_vec());
    let mut ok = false;
    let n = measure((inner, root, subnet), |(inner, root, subnet)| {
        ok = verify_certificate(inner, root, Target::Subnet(subnet), None).is_ok();
    });
    assert!(ok, "certificate_verify: the bench certificate verifies");
    n
}

/// The mainnet certificate with its delegation: two BLS checks, the canister ranges, the subnet
/// key, `/time` and freshness.
pub(crate) fn certificate_verify_with_delegation() -> u64 {
    use icbls::certificate::{verify_certificate, Target};
    let mut ok = false;
    let n = measure(certificate_input(), |(cert, root, canister)| {
        ok = verify_certificate(cert, root, Target::Canister(canister), Some(FRESHNESS)).is_ok();
    });
    assert!(ok, "certificate_verify_with_delegation: the bench certificate verifies");
    n
}

/// The mainnet certificate through an empty `DelegationCache`: as
/// `certificate_verify_with_delegation`, and the delegation remembered (its digest, the subnet
/// key's prepared lines).
pub(crate) fn certificate_verify_cache_first() -> u64 {
    use icbls::certificate::{DelegationCache, Target};
    let mut ok = false;
    let n = measure(certificate_input(), |(cert, root, canister)| {
        let mut cache = DelegationCache::new(16);
        ok = cache.verify_certificate(cert, root, Target::Canister(canister), Some(FRESHNESS)).is_ok()
            && cache.len() == 1;
    });
    assert!(ok, "certificate_verify_cache_first: the bench certificate verifies, and its delegation is remembered");
    n
}

/// A second certificate from the subnet: the mainnet certificate through a `DelegationCache`
/// that remembers its delegation. Decoding both certificates, `/time`, freshness, the canister
/// ranges, and the certificate's own BLS check under the remembered subnet key.
pub(crate) fn certificate_verify_cache_second() -> u64 {
    use icbls::certificate::{DelegationCache, Target};
    let (cert, root, canister) = certificate_input();
    let mut cache = DelegationCache::new(16);
    assert!(cache.verify_certificate(&cert, &root, Target::Canister(&canister), Some(FRESHNESS)).is_ok());
    let cache = core::cell::RefCell::new(cache);
    let mut ok = false;
    let n = measure((cert, root, canister, cache), |(cert, root, canister, cache)| {
        let target = Target::Canister(canister);
        ok = cache.borrow_mut().verify_certificate(cert, root, target, Some(FRESHNESS)).is_ok();
    });
    assert!(ok, "certificate_verify_cache_second: the bench certificate verifies");
    n
}

// ---- canister signatures ----

/// Internet Identity's canister signature on a delegation, under the mainnet root key: the DER
/// key, the signature's CBOR and tree (the `/sig` leaf), the certificate's `certified_data`,
/// then the certificate with its delegation (two BLS checks, the canister ranges, the subnet
/// key). No time is checked, as ic-signature-verification checks none.
pub(crate) fn canister_signature_verify() -> u64 {
    use icbls_harness::{hex_vec, CANISTER_SIG_MESSAGE, CANISTER_SIG_PUBLIC_KEY, CANISTER_SIG_SIGNATURE_HEX};
    let input = (hex_vec(CANISTER_SIG_MESSAGE), hex_vec(CANISTER_SIG_SIGNATURE_HEX), hex_vec(CANISTER_SIG_PUBLIC_KEY));
    let mut ok = false;
    let n = measure(input, |(message, signature, public_key)| {
        ok = icbls::canister_signature::verify_canister_signature(
            message,
            signature,
            public_key,
            &icbls::certificate::IC_MAINNET_ROOT_KEY,
            None,
        )
        .is_ok();
    });
    assert!(ok, "canister_signature_verify: the bench signature verifies");
    n
}

// ---- drand ----

/// A quicknet round from its bytes: the chain with its key's lines built in, decode the G1
/// signature (curve, subgroup), hash the round to G1, one pairing check, the randomness.
pub(crate) fn drand_quicknet_verify() -> u64 {
    let mut ok = false;
    let n = measure(hex_bytes::<48>(icbls_harness::DRAND_QUICKNET_SIGNATURE), |sig| {
        ok = icbls::drand::Chain::quicknet().verify(icbls_harness::DRAND_QUICKNET_ROUND, sig, None).is_ok();
    });
    assert!(ok, "drand_quicknet_verify: the bench round verifies");
    n
}

/// A round of the default chained network from its bytes: the chain (its G1 key decoded and
/// checked), decode the G2 signature, hash the previous signature and round to G2, one pairing
/// check, the randomness.
pub(crate) fn drand_mainnet_verify() -> u64 {
    let mut ok = false;
    let n = measure(
        (
            hex_bytes::<96>(icbls_harness::DRAND_MAINNET_SIGNATURE),
            hex_bytes::<96>(icbls_harness::DRAND_MAINNET_PREVIOUS),
        ),
        |(sig, previous)| {
            ok = icbls::drand::Chain::mainnet().verify(icbls_harness::DRAND_MAINNET_ROUND, sig, Some(previous)).is_ok();
        },
    );
    assert!(ok, "drand_mainnet_verify: the bench round verifies");
    n
}
