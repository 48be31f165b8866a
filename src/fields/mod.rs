//! The fields: the base field Fp, its tower Fp2, Fp6, Fp12, and the scalar field Fr.
//!
//! Written once on top of `crate::arith`; nothing here knows how limbs are laid out.

#[macro_use]
mod prime;
mod batch_invert;
pub(crate) mod eip2537;
mod fp;
mod fp12;
mod fp2;
mod fp6;
mod fr;
// Public for the bench canister's counting variant only (its items are `cfg(icbls_count_ops)`'s).
#[doc(hidden)]
pub mod op_count;
mod pow;
#[cfg(any(test, feature = "testing"))]
mod selftest;
pub(crate) mod words;

pub use fp::Fp;
pub use fp12::Fp12;
pub use fp2::Fp2;
pub use fp6::Fp6;
pub use fr::Fr;
#[cfg(any(test, feature = "testing"))]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub use selftest::{kernel_selftest, splitmix64};
