//! The groups G1 and G2: points in affine and projective coordinates, their encodings,
//! subgroup checks and scalar multiplications.
//!
//! # Design
//!
//! This module (`src/groups/`) holds G1 and G2 written once over their coordinate field: complete
//! projective formulas (Renes–Costello–Batina) so the identity and doubling need no special cases;
//! the ZCash/IETF encodings (compressed and uncompressed, with every flag rule checked) and the
//! EIP-2537 one (64-byte field elements with zero padding); subgroup checks by the endomorphism
//! tests of Scott (eprint 2021/1130); scalar multiplication by GLV on G1 and GLS (ψ) on G2 with
//! width-5 NAFs for public scalars, and fixed windows with masked lookups for secret ones; the
//! generators have comb tables computed before the build (no doublings at all): G2's with masked
//! lookups for secret scalars, G1's in variable time for public ones.
//! `src/msm/` splits each scalar with the same endomorphisms and then runs Straus's method for a
//! few points or Pippenger's bucket method with signed digits for more, the buckets summed in
//! affine coordinates where many additions share one inversion (batch-affine accumulation). Every
//! decoder returns a `DecodeError` naming the input and the rule it broke. `fuzz/` holds
//! `cargo fuzz` targets for every decoder (`cargo +nightly fuzz run decode_g1`);
//! `tests/decode_fuzz.rs` runs the same properties on mutated encodings in CI.

#[macro_use]
mod types;
pub(crate) mod coordinate;
pub(crate) mod encoding;
mod g1;
#[cfg(any(test, feature = "vetkeys"))]
mod g1_comb;
#[cfg(any(test, feature = "vetkeys"))]
mod g1_generator_comb;
mod g2;
#[cfg(any(test, feature = "vetkeys"))]
mod g2_comb;
#[cfg(any(test, feature = "vetkeys"))]
mod g2_generator_comb;
pub(crate) mod jacobian;
pub(crate) mod mul;
pub(crate) mod point;
pub(crate) mod scalar;

pub use g1::{G1Affine, G1Projective};
pub use g2::{G2Affine, G2Projective};
#[cfg(test)]
mod tests;
