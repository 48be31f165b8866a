//! # icbls
//!
//! BLS12-381 for Internet Computer canisters, built to spend as few IC instructions as possible.
//!
//! The library is `no_std` with `alloc`. It will hold the field tower, the groups G1 and G2,
//! pairings, multi-scalar multiplication, RFC 9380 hash-to-curve, BLS signatures, the EIP-2537
//! and EIP-4844 precompiles and Internet Computer certificate verification; each arrives with
//! its tests and its row in `bench/RESULTS.md`. Today it holds the field tower: [`Fp`], [`Fp2`],
//! [`Fp6`], [`Fp12`] and the scalar field [`Fr`].
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
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;

mod arith;
mod error;
pub mod fields;
pub mod groups;
pub mod interop;
pub mod msm;

pub use error::DecodeError;
pub use fields::{Fp, Fp12, Fp2, Fp6, Fr};
pub use groups::{G1Affine, G1Projective, G2Affine, G2Projective};

/// The version of this crate, as Cargo knows it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
