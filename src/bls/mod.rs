//! BLS signatures (draft-irtf-cfrg-bls-signature-05) in both standard variants:
//!
//! - [`min_sig`], as the Internet Computer uses it: signatures in G1 (48 bytes), public keys in
//!   G2 (96 bytes), ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_` (the basic
//!   scheme, section 3.1: `AggregateVerify` needs distinct messages, and there is no
//!   `FastAggregateVerify`); [`min_sig::pop`] is its proof-of-possession scheme (section 3.3),
//!   ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_`;
//! - [`min_pk`], as Ethereum uses it: public keys in G1, signatures in G2, ciphersuite
//!   `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` (the proof-of-possession scheme).
//!
//! Each variant also has the message-augmentation scheme (section 3.2: [`min_sig::aug`],
//! [`min_pk::aug`], ciphersuites `..._RO_AUG_`), and `sign_with_dst`/`verify_with_dst` for
//! ciphersuites of an application's own (section 4.1), such as drand's ([`crate::drand`]).
//!
//! Both share [`SecretKey`] (with the draft's `KeyGen`, erased on drop) and [`BlsError`]. Every
//! point that comes from outside is decoded with the checked decoders (on the curve, in the
//! subgroup), and identity public keys and signatures are rejected (the draft's `KeyValidate`,
//! and the identity signature that an identity key would make valid). Verification is one
//! `pairing_check` over prepared G2 points; where the G2 side is the generator, its lines are
//! compile-time constants.
//!
//! No key stands in for another. Aggregation over one message (`FastAggregateVerify`, and
//! `AggregateVerify` with repeated messages) is only sound when every key's owner knows its
//! secret: otherwise keys `[pk, x·g − pk]` and the signature `x·H(m)` verify without `pk`'s
//! secret (the rogue-key attack). So those operations exist only in the proof-of-possession
//! schemes, and take a `PopVerifiedPublicKey`, which only `pop_verify` makes (and the
//! documented escape hatch `PopVerifiedPublicKey::assume_pop_verified_unchecked`, for keys whose
//! proof was checked when they were stored).
//!
//! ```
//! use icbls::bls::{min_sig, SecretKey};
//!
//! let sk = SecretKey::key_gen(&[7u8; 32], b"").unwrap();
//! let pk = min_sig::PublicKey::from_secret_key(&sk);
//! let sig = min_sig::sign(&sk, b"hello");
//! assert_eq!(min_sig::verify(&pk, b"hello", &sig), Ok(()));
//! assert!(min_sig::verify(&pk, b"hullo", &sig).is_err());
//!
//! // From bytes, as a canister receives them.
//! let pk = min_sig::PublicKey::from_bytes(&pk.to_bytes()).unwrap();
//! let sig = min_sig::Signature::from_bytes(&sig.to_bytes()).unwrap();
//! assert_eq!(min_sig::verify(&pk, b"hello", &sig), Ok(()));
//! ```

mod batch;
mod core;
mod distinct;
mod error;
pub(crate) mod hkdf;
mod keygen;
pub mod keys;
pub mod min_pk;
pub mod min_sig;
mod suite;
#[cfg(feature = "threshold")]
#[cfg_attr(docsrs, doc(cfg(feature = "threshold")))]
pub mod threshold;
mod variant;

pub use error::BlsError;
pub use keygen::SecretKey;
pub use variant::{MinPk, MinSig, Variant};
