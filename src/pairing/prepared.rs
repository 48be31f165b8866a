//! G2 points prepared at compile time: the generator and its negation.

use super::lines::G2Prepared;

impl G2Prepared {
    /// The standard G2 generator, prepared.
    pub fn generator() -> G2Prepared {
        G2Prepared::new(&crate::G2Affine::generator())
    }

    /// The negated G2 generator, prepared (BLS verification checks `e(σ, -g2)·e(H(m), pk) = 1`).
    pub fn neg_generator() -> G2Prepared {
        G2Prepared::new(&-crate::G2Affine::generator())
    }
}
