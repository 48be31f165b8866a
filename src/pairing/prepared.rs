//! G2 points prepared at compile time: the generator and its negation.
//!
//! Their lines are constants in `generator_lines.rs`, written by the test
//! `generator_lines_match_run_time_preparation` (`regenerate prepared-lines` runs it after
//! changing the line formulas); the same test checks them against preparing the points at run
//! time. Constants cost nothing per call, which matters in queries, whose state changes (a
//! cache filled on first use) do not persist. Other fixed points (the IC root key, KZG's
//! `[τ]G2`) have their lines beside their users, built with [`G2Prepared::from_static_lines`].

use super::generator_lines::{G2_GENERATOR, G2_NEG_GENERATOR};
use super::lines::G2Prepared;

impl G2Prepared {
    /// The standard G2 generator, prepared at compile time.
    pub fn generator() -> G2Prepared {
        G2Prepared::from_static_lines(&G2_GENERATOR)
    }

    /// The negated G2 generator, prepared at compile time (BLS verification checks
    /// `e(σ, -g2)·e(H(m), pk) = 1`).
    pub fn neg_generator() -> G2Prepared {
        G2Prepared::from_static_lines(&G2_NEG_GENERATOR)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::lines::check_or_write_lines;
    use crate::G2Affine;

    #[test]
    fn generator_lines_match_run_time_preparation() {
        check_or_write_lines(
            "src/pairing/generator_lines.rs",
            "generator_lines_match_run_time_preparation",
            &[
                ("G2_GENERATOR", "The standard G2 generator.", G2Affine::generator()),
                ("G2_NEG_GENERATOR", "The negated G2 generator.", -G2Affine::generator()),
            ],
            &[G2Prepared::generator(), G2Prepared::neg_generator()],
        );
    }
}
