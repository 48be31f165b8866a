//! # icbls
//!
//! BLS12-381 for Internet Computer canisters, built to spend as few IC instructions as possible.
//!
//! The library is `no_std` with `alloc`. It holds the field tower ([`Fp`], [`Fp2`], [`Fp6`],
//! [`Fp12`] and the scalar field [`Fr`]), the groups ([`G1Affine`], [`G1Projective`],
//! [`G2Affine`], [`G2Projective`]) with their encodings and subgroup checks, multi-scalar
//! multiplication ([`msm`]), the pairing ([`pairing`]), RFC 9380 hash-to-curve
//! ([`hash_to_curve`]), BLS signatures in the IC's and Ethereum's variants ([`bls`]), the
//! EIP-2537 precompiles ([`eip2537`]) and EIP-4844 point evaluation ([`kzg`]), Internet
//! Computer certificate verification ([`certificate`]: CBOR, hash tree, delegation, BLS check,
//! time), canister signatures and Internet Identity delegations ([`canister_signature`]),
//! drand beacon verification ([`drand`]) and the `ff`/`group`/`pairing` traits ([`interop`]).
//! Each operation's cost in IC instructions is in the repository's `bench/RESULTS.md`.
//!
//! ## Features
//!
//! The core (fields, groups, [`msm`], [`pairing`], [`hash_to_curve`], [`bls`] signatures) is
//! always built. Each protocol is a feature, all on by default; a canister that needs one
//! turns the defaults off and names it, and builds none of the others' code or dependencies:
//!
//! | feature | modules | extra dependencies |
//! |---|---|---|
//! | `certificate` | `certificate` | |
//! | `canister-signature` | `canister_signature` (with `certificate`) | |
//! | `drand` | `drand` | |
//! | `eth` | `eip2537`, `kzg`, `sync_committee`, `light_client` | |
//! | `threshold` | `bls::threshold` | |
//! | `vetkeys` | `vetkeys` | `sha3`, `chacha20`, `aes-gcm`, `rand_core` |
//! | `traits` | `interop` (the zkcrypto `ff`/`group`/`pairing` traits) | `ff`, `group`, `pairing`, `rand_core` |
//! | `ic_bls12_381` (off by default) | `ic_bls12_381_interop` | `ic_bls12_381` |
//! | `testing` (off by default) | test support: `fields::kernel_selftest` (the SIMD kernel's self-check, runnable in a canister), `fields::splitmix64` | |
//!
//! ```toml
//! icbls = { version = "0.1", default-features = false, features = ["certificate"] }
//! ```
//!
//! ```
//! use icbls::{DecodeError, Fp, Fp2};
//!
//! let a = Fp::from_bytes(&[7u8; 48]).unwrap(); // canonical big-endian
//! assert_eq!(Fp::from_bytes(&[0xff; 48]), Err(DecodeError::NotCanonical { what: "Fp element" }));
//! let b = Fp2::new(a, Fp::ONE);
//! assert_eq!(b * b.invert_vartime().unwrap(), Fp2::ONE); // variable time: public values only
//! assert_eq!(a.square().sqrt().map(|r| r == a || r == -a), Some(true));
//! ```
//!
//! ```
//! use icbls::{DecodeError, Fr, G1Affine, G1Projective, G2Projective};
//!
//! let k = Fr::from_u64(42);
//! let p = G1Projective::generator().mul_vartime(&k).to_affine_vartime(); // public scalar (GLV)
//! assert_eq!(G1Affine::from_compressed(&p.to_compressed()), Ok(p)); // on curve, in G1
//! assert!(matches!(G1Affine::from_compressed(&[0u8; 48]), Err(DecodeError::InvalidFlags { .. })));
//! let g2 = G2Projective::generator();
//! let sum = G2Projective::msm(&[g2.to_affine_vartime()], &[k]).unwrap();
//! assert_eq!(sum, g2.mul_constant_time(&k)); // the constant-time path, for secret scalars
//!
//! // e(kP, Q)·e(-P, kQ) = 1
//! use icbls::pairing::pairing_check;
//! let q = g2.mul_vartime(&k).to_affine_vartime();
//! assert!(pairing_check(&[(p, icbls::G2Affine::generator()), (-G1Affine::generator(), q)]));
//!
//! // RFC 9380: a message to G2 under Ethereum's proof-of-possession DST.
//! let h = icbls::hash_to_curve::hash_to_g2(b"msg", b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_");
//! assert!(h.to_affine_vartime().is_torsion_free());
//! ```
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;

mod arith;
pub mod bls;
#[cfg(feature = "canister-signature")]
#[cfg_attr(docsrs, doc(cfg(feature = "canister-signature")))]
pub mod canister_signature;
#[cfg(feature = "certificate")]
#[cfg_attr(docsrs, doc(cfg(feature = "certificate")))]
pub mod certificate;
#[cfg(feature = "drand")]
#[cfg_attr(docsrs, doc(cfg(feature = "drand")))]
pub mod drand;
#[cfg(feature = "eth")]
#[cfg_attr(docsrs, doc(cfg(feature = "eth")))]
pub mod eip2537;
mod error;
pub mod fields;
pub mod groups;
pub mod hash_to_curve;
#[cfg(feature = "ic_bls12_381")]
#[cfg_attr(docsrs, doc(cfg(feature = "ic_bls12_381")))]
pub mod ic_bls12_381_interop;
#[cfg(feature = "traits")]
#[cfg_attr(docsrs, doc(cfg(feature = "traits")))]
pub mod interop;
#[cfg(feature = "eth")]
#[cfg_attr(docsrs, doc(cfg(feature = "eth")))]
pub mod kzg;
#[cfg(feature = "eth")]
#[cfg_attr(docsrs, doc(cfg(feature = "eth")))]
pub mod light_client;
pub mod msm;
pub mod pairing;
#[cfg(feature = "eth")]
#[cfg_attr(docsrs, doc(cfg(feature = "eth")))]
pub mod sync_committee;
#[cfg(feature = "vetkeys")]
#[cfg_attr(docsrs, doc(cfg(feature = "vetkeys")))]
pub mod vetkeys;

pub use error::DecodeError;
pub use fields::{Fp, Fp12, Fp2, Fp6, Fr};
pub use groups::{G1Affine, G1Projective, G2Affine, G2Projective};

/// From the crates canisters use today (ic-verify-bls-signature, ic-certificate-verification,
/// ic-signature-verification, ic-vetkeys, drand-verify, blst, c-kzg, revm) to icbls: each call's
/// counterpart, and the argument-order and byte-order traps (the repository's `MIGRATING.md`).
#[doc = include_str!("../MIGRATING.md")]
pub mod migrating {}

// The README's Rust examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// The version of this crate, as Cargo knows it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
