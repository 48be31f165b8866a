//! The groups G1 and G2: points in affine and projective coordinates, their encodings,
//! subgroup checks and scalar multiplications.

#[macro_use]
mod types;
pub(crate) mod coordinate;
pub(crate) mod encoding;
mod g1;
mod g2;
pub(crate) mod jacobian;
pub(crate) mod mul;
pub(crate) mod point;
pub(crate) mod scalar;

pub use g1::{G1Affine, G1Projective};
pub use g2::{G2Affine, G2Projective};
#[cfg(test)]
mod tests;
