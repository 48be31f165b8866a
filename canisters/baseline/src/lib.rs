//! The baseline: zkcrypto `bls12_381` (and, for the IC's min-sig verification, dfinity's
//! `ic-verify-bls-signature`) behind the same bench methods as `canisters/bench`.
//!
//! Every method prepares fixed inputs outside the measured region, runs one operation under
//! [`icbls_harness::measure`] and returns the IC instructions it spent. Where the operation has
//! a known answer (a signature that verifies, a point that decodes) the method checks it after
//! measuring and traps if it is wrong, so a broken input cannot pass for a fast operation.
//! `zkcrypto`'s `Fp` is private: its field rows are absent, except Fp12 multiplication and
//! squaring, reached through `Gt` addition and doubling (`Gt` is written additively).

use bls12_381::hash_to_curve::{ExpandMsgXmd, HashToCurve};
use bls12_381::{multi_miller_loop, G1Affine, G1Projective, G2Affine, G2Prepared, G2Projective, Gt, Scalar};
use core::hint::black_box;
use ic_cdk::query;
use icbls_harness::{
    hex_bytes, measure, MIN_PK_PUBLIC_KEY, MIN_PK_SIGNATURE, MIN_SIG_MESSAGE, MIN_SIG_PUBLIC_KEY, MIN_SIG_SIGNATURE,
};

use icbls_harness::{MIN_PK_DST as DST_G2, MIN_SIG_DST as DST_G1};

mod light_client;
mod sync_committee;
mod threshold;
mod vetkeys;

/// The 32-byte message every hash row hashes.
const MESSAGE: [u8; 32] = [0xab; 32];

/// Every row's measurement, in whichever file it is written.
mod measurements {
    pub(crate) use super::light_client::*;
    pub(crate) use super::sync_committee::*;
    pub(crate) use super::threshold::*;
    pub(crate) use super::vetkeys::*;
    pub(crate) use super::*;
}

icbls_harness::export_bench_methods!(Baseline);

fn scalar(seed: u64) -> Scalar {
    // A full-width scalar: reduction of a 512-bit value built from the seed.
    let mut wide = [0u8; 64];
    for (i, b) in wide.iter_mut().enumerate() {
        *b = (seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(i as u32) >> 7) as u8 ^ i as u8;
    }
    Scalar::from_bytes_wide(&wide)
}

fn g1(seed: u64) -> G1Projective {
    G1Projective::generator() * scalar(seed)
}

fn g2(seed: u64) -> G2Projective {
    G2Projective::generator() * scalar(seed)
}

fn gt(seed: u64) -> Gt {
    bls12_381::pairing(&G1Affine::from(g1(seed)), &G2Affine::generator())
}

pub(crate) fn fp12_mul() -> u64 {
    measure((gt(1), gt(2)), |(a, b)| a + b)
}

pub(crate) fn fp12_square() -> u64 {
    measure(gt(1), |a| a.double())
}

pub(crate) fn fr_mul() -> u64 {
    measure((scalar(1), scalar(2)), |(a, b)| a * b)
}

pub(crate) fn fr_inv() -> u64 {
    measure(scalar(1), |a| a.invert())
}

pub(crate) fn g1_add() -> u64 {
    measure((g1(1), g1(2)), |(a, b)| a + b)
}

pub(crate) fn g1_double() -> u64 {
    measure(g1(1), |a| a.double())
}

pub(crate) fn g1_mul() -> u64 {
    measure((g1(1), scalar(3)), |(p, k)| p * k)
}

pub(crate) fn g2_add() -> u64 {
    measure((g2(1), g2(2)), |(a, b)| a + b)
}

pub(crate) fn g2_double() -> u64 {
    measure(g2(1), |a| a.double())
}

pub(crate) fn g2_mul() -> u64 {
    measure((g2(1), scalar(3)), |(p, k)| p * k)
}

pub(crate) fn g1_decompress_checked() -> u64 {
    let bytes = G1Affine::from(g1(1)).to_compressed();
    let mut ok = false;
    let n = measure(bytes, |b| {
        let p = G1Affine::from_compressed(b);
        ok = bool::from(p.is_some());
        p
    });
    assert!(ok, "g1_decompress_checked: the bench point did not decode");
    n
}

pub(crate) fn g2_decompress_checked() -> u64 {
    let bytes = G2Affine::from(g2(1)).to_compressed();
    let mut ok = false;
    let n = measure(bytes, |b| {
        let p = G2Affine::from_compressed(b);
        ok = bool::from(p.is_some());
        p
    });
    assert!(ok, "g2_decompress_checked: the bench point did not decode");
    n
}

pub(crate) fn g1_subgroup_check() -> u64 {
    measure(G1Affine::from(g1(1)), |p| bool::from(p.is_torsion_free()))
}

pub(crate) fn g2_subgroup_check() -> u64 {
    measure(G2Affine::from(g2(1)), |p| bool::from(p.is_torsion_free()))
}

/// zkcrypto has no MSM: its rows are the sum of `n` scalar multiplications of affine points.
/// The points are consecutive multiples (additions, then one batch normalisation), so that
/// preparing them leaves the message room under the query limit. 1024 points in G1 and 128 in
/// G2 would exceed that limit (about 37.5B and 15.8B instructions): no row.
fn g1_msm(n: u64) -> u64 {
    let step = g1(7);
    let mut projective = vec![g1(1)];
    for i in 1..n as usize {
        projective.push(projective[i - 1] + step);
    }
    let mut points = vec![G1Affine::identity(); n as usize];
    G1Projective::batch_normalize(&projective, &mut points);
    let scalars: Vec<Scalar> = (0..n).map(|i| scalar(100 + i)).collect();
    measure((points, scalars), |(p, k)| p.iter().zip(k).map(|(p, k)| p * k).sum::<G1Projective>())
}

fn g2_msm(n: u64) -> u64 {
    let step = g2(7);
    let mut projective = vec![g2(1)];
    for i in 1..n as usize {
        projective.push(projective[i - 1] + step);
    }
    let mut points = vec![G2Affine::identity(); n as usize];
    G2Projective::batch_normalize(&projective, &mut points);
    let scalars: Vec<Scalar> = (0..n).map(|i| scalar(100 + i)).collect();
    measure((points, scalars), |(p, k)| p.iter().zip(k).map(|(p, k)| p * k).sum::<G2Projective>())
}

pub(crate) fn g1_msm_2() -> u64 {
    g1_msm(2)
}

pub(crate) fn g1_msm_16() -> u64 {
    g1_msm(16)
}

pub(crate) fn g1_msm_128() -> u64 {
    g1_msm(128)
}

pub(crate) fn g2_msm_2() -> u64 {
    g2_msm(2)
}

pub(crate) fn g2_msm_16() -> u64 {
    g2_msm(16)
}

pub(crate) fn miller_loop() -> u64 {
    // One pair, the G2 point not prepared ahead: preparing it is part of the loop's cost.
    let input = (G1Affine::from(g1(1)), G2Affine::from(g2(2)));
    measure(input, |(p, q)| multi_miller_loop(&[(p, &G2Prepared::from(*q))]))
}

pub(crate) fn final_exponentiation() -> u64 {
    let f = multi_miller_loop(&[(&G1Affine::from(g1(1)), &G2Prepared::from(G2Affine::generator()))]);
    measure(f, |f| f.final_exponentiation())
}

pub(crate) fn pairing() -> u64 {
    measure((G1Affine::from(g1(1)), G2Affine::from(g2(2))), |(p, q)| bls12_381::pairing(p, q))
}

pub(crate) fn pairing_check_2() -> u64 {
    // e(a·G1, b·G2) · e(-(a·b)·G1, G2) == 1: two pairs, neither G2 point prepared ahead.
    let (a, b) = (scalar(1), scalar(2));
    let p1 = G1Affine::from(G1Projective::generator() * a);
    let q1 = G2Affine::from(G2Projective::generator() * b);
    let p2 = G1Affine::from(-(G1Projective::generator() * (a * b)));
    let q2 = G2Affine::generator();
    let mut ok = false;
    let n = measure((p1, q1, p2, q2), |(p1, q1, p2, q2)| {
        let f = multi_miller_loop(&[(p1, &G2Prepared::from(*q1)), (p2, &G2Prepared::from(*q2))]);
        ok = f.final_exponentiation() == Gt::identity();
    });
    assert!(ok, "pairing_check_2: the bench pairs do not cancel");
    n
}

pub(crate) fn hash_to_g1() -> u64 {
    measure(MESSAGE, |m| {
        <G1Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::hash_to_curve([m.as_slice()], DST_G1)
    })
}

pub(crate) fn hash_to_g2() -> u64 {
    measure(MESSAGE, |m| {
        <G2Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::hash_to_curve([m.as_slice()], DST_G2)
    })
}

pub(crate) fn bls_min_sig_verify() -> u64 {
    use ic_verify_bls_signature::{PublicKey, Signature};
    let sig = hex_bytes::<48>(MIN_SIG_SIGNATURE);
    let msg = hex_bytes::<46>(MIN_SIG_MESSAGE);
    let key = hex_bytes::<96>(MIN_SIG_PUBLIC_KEY);
    let mut ok = false;
    let n = measure((sig, msg, key), |(sig, msg, key)| {
        let (Ok(key), Ok(sig)) = (PublicKey::deserialize(key), Signature::deserialize(sig)) else {
            return;
        };
        ok = key.verify(msg, &sig).is_ok();
    });
    assert!(ok, "bls_min_sig_verify: the bench signature did not verify");
    n
}

/// Ethereum's (min-pk) verification from bytes: decode and check both points, reject the
/// identity key, hash the message to G2, and check e(pk, H(m)) == e(G1, sig) as one 2-pair
/// product.
fn min_pk_verify(pk: &[u8; 48], msg: &[u8], sig: &[u8; 96]) -> bool {
    let (pk, sig) = (G1Affine::from_compressed(pk), G2Affine::from_compressed(sig));
    if bool::from(pk.is_none() | sig.is_none()) {
        return false;
    }
    let (pk, sig) = (pk.unwrap(), sig.unwrap());
    if bool::from(pk.is_identity()) {
        return false;
    }
    let h = <G2Projective as HashToCurve<ExpandMsgXmd<sha2::Sha256>>>::hash_to_curve([msg], DST_G2);
    let f = multi_miller_loop(&[
        (&pk, &G2Prepared::from(G2Affine::from(h))),
        (&-G1Affine::generator(), &G2Prepared::from(sig)),
    ]);
    f.final_exponentiation() == Gt::identity()
}

pub(crate) fn bls_min_pk_verify() -> u64 {
    let pk = hex_bytes::<48>(MIN_PK_PUBLIC_KEY);
    let sig = hex_bytes::<96>(MIN_PK_SIGNATURE);
    let mut ok = false;
    let n = measure((pk, MESSAGE, sig), |(pk, msg, sig)| ok = min_pk_verify(pk, msg, sig));
    assert!(ok, "bls_min_pk_verify: the bench signature did not verify");
    n
}

fn certificate_input() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    use icbls_harness::{hex_vec, IC_CERTIFICATE_CANISTER, IC_CERTIFICATE_HEX, IC_ROOT_KEY_DER_HEX};
    let canister = candid::Principal::from_text(IC_CERTIFICATE_CANISTER).expect("a principal").as_slice().to_vec();
    (hex_vec(IC_CERTIFICATE_HEX), hex_vec(IC_ROOT_KEY_DER_HEX), canister)
}

/// dfinity's `ic-certificate-verification`: CBOR parsing, time, and the BLS check against the
/// root key, for a certificate without delegation (the mainnet certificate's delegation
/// certificate, as in the icbls row).
pub(crate) fn certificate_verify() -> u64 {
    use ic_cbor::CertificateToCbor;
    use ic_certificate_verification::VerifyCertificate;
    use ic_certification::Certificate;
    let (outer, root, canister) = certificate_input();
    let inner = Certificate::from_cbor(&outer).expect("decodes").delegation.expect("has a delegation").certificate;
    let now = icbls_harness::IC_CERTIFICATE_TIME_NS as u128;
    let mut ok = false;
    let n = measure((inner, root, canister), |(inner, root, canister)| {
        ok = Certificate::from_cbor(inner).is_ok_and(|c| c.verify(canister, root, &now, &300_000_000_000).is_ok());
    });
    assert!(ok, "certificate_verify: the bench certificate verifies");
    n
}

/// The mainnet certificate with its delegation.
pub(crate) fn certificate_verify_with_delegation() -> u64 {
    use ic_cbor::CertificateToCbor;
    use ic_certificate_verification::VerifyCertificate;
    use ic_certification::Certificate;
    let now = icbls_harness::IC_CERTIFICATE_TIME_NS as u128;
    let mut ok = false;
    let n = measure(certificate_input(), |(cert, root, canister)| {
        ok = Certificate::from_cbor(cert).is_ok_and(|c| c.verify(canister, root, &now, &300_000_000_000).is_ok());
    });
    assert!(ok, "certificate_verify_with_delegation: the bench certificate verifies");
    n
}

/// Runs `n` G1 additions and returns the message's instruction counter read at the end: the
/// meter's own total for this call exceeds it by a fixed amount (encoding and sending the reply),
/// which the meter's tests check does not depend on `n`.
#[query]
fn counter_check(n: u32) -> u64 {
    let mut acc = g1(1);
    let step = g1(2);
    for _ in 0..n {
        acc = black_box(acc + step);
    }
    black_box(acc);
    ic_cdk::api::performance_counter(0)
}

/// The Candid interface this Wasm exports, for the test that compares it with the checked-in
/// `.did` file. Hidden from the interface itself.
#[query(hidden = true)]
fn candid_interface() -> String {
    __export_service()
}

/// Internet Identity's canister signature on a delegation, under the mainnet root key, through
/// dfinity's ic-signature-verification (the same input as the icbls row).
pub(crate) fn canister_signature_verify() -> u64 {
    use icbls_harness::{hex_vec, CANISTER_SIG_MESSAGE, CANISTER_SIG_PUBLIC_KEY, CANISTER_SIG_SIGNATURE_HEX};
    let input = (
        hex_vec(CANISTER_SIG_MESSAGE),
        hex_vec(CANISTER_SIG_SIGNATURE_HEX),
        hex_vec(CANISTER_SIG_PUBLIC_KEY),
        hex_vec(icbls_harness::IC_ROOT_KEY_DER_HEX).split_off(37),
    );
    let mut ok = false;
    let n = measure(input, |(message, signature, public_key, root)| {
        ok = ic_signature_verification::verify_canister_sig(message, signature, public_key, root).is_ok();
    });
    assert!(ok, "canister_signature_verify: the bench signature verifies");
    n
}

/// A quicknet round through noislabs' drand-verify (the same round as the icbls row): the key
/// decoded and checked, the round verified, the randomness derived.
pub(crate) fn drand_quicknet_verify() -> u64 {
    use drand_verify::Pubkey;
    use icbls_harness::{
        hex_bytes, hex_vec, DRAND_QUICKNET_PUBLIC_KEY, DRAND_QUICKNET_ROUND, DRAND_QUICKNET_SIGNATURE,
    };
    let key = hex_bytes::<96>(DRAND_QUICKNET_PUBLIC_KEY);
    let mut ok = false;
    let n = measure((key, hex_vec(DRAND_QUICKNET_SIGNATURE)), |(key, signature)| {
        let Ok(pk) = drand_verify::G2PubkeyRfc::from_fixed(*key) else { return };
        ok = pk.verify(DRAND_QUICKNET_ROUND, b"", signature).unwrap_or(false);
        core::hint::black_box(drand_verify::derive_randomness(signature));
    });
    assert!(ok, "drand_quicknet_verify: the bench round verifies");
    n
}

/// A round of the default chained network through drand-verify (the same round as the icbls
/// row): the key decoded and checked, the round verified with its previous signature, the
/// randomness derived.
pub(crate) fn drand_mainnet_verify() -> u64 {
    use drand_verify::Pubkey;
    use icbls_harness::{
        hex_bytes, hex_vec, DRAND_MAINNET_PREVIOUS, DRAND_MAINNET_PUBLIC_KEY, DRAND_MAINNET_ROUND,
        DRAND_MAINNET_SIGNATURE,
    };
    let key = hex_bytes::<48>(DRAND_MAINNET_PUBLIC_KEY);
    let input = (key, hex_vec(DRAND_MAINNET_SIGNATURE), hex_vec(DRAND_MAINNET_PREVIOUS));
    let mut ok = false;
    let n = measure(input, |(key, signature, previous)| {
        let Ok(pk) = drand_verify::G1Pubkey::from_fixed(*key) else { return };
        ok = pk.verify(DRAND_MAINNET_ROUND, previous, signature).unwrap_or(false);
        core::hint::black_box(drand_verify::derive_randomness(signature));
    });
    assert!(ok, "drand_mainnet_verify: the bench round verifies");
    n
}

// Last, so that every method above is in the interface.
ic_cdk::export_candid!();
