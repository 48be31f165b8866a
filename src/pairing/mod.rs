//! The optimal ate pairing `e: G1 × G2 → Gt` on BLS12-381: Miller loops over many pairs
//! (with G2 points prepared or not), the final exponentiation, and `pairing_check`. Its values
//! are those of zkcrypto's and dfinity's `bls12_381` (the cube of the textbook reduced pairing,
//! see `final_exp.rs`), byte for byte.

mod compressed;
mod final_exp;
#[rustfmt::skip]
mod generator_lines;
mod gt;
mod lines;
mod miller;
mod prepared;

pub use gt::Gt;
#[cfg(test)]
pub(crate) use lines::check_or_write_lines;
pub use lines::G2Prepared;
pub(crate) use lines::{Line, LINES};

use crate::{Fp12, G1Affine, G2Affine};

/// The product of Miller loops, before the final exponentiation. Multiply several (`*`) to
/// share one final exponentiation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MillerLoopResult(pub(crate) Fp12);

impl MillerLoopResult {
    /// The pairing value: the final exponentiation of this result.
    pub fn final_exponentiation(&self) -> Gt {
        // A Miller loop result is never zero (each factor is a nonzero line value).
        Gt(final_exp::final_exponentiation(&self.0).unwrap_or(Fp12::ONE))
    }

    /// Whether the final exponentiation gives one.
    pub fn final_exponentiation_is_one(&self) -> bool {
        final_exp::final_exponentiation(&self.0) == Some(Fp12::ONE)
    }
}

impl core::ops::Mul for MillerLoopResult {
    type Output = MillerLoopResult;
    fn mul(self, rhs: MillerLoopResult) -> MillerLoopResult {
        MillerLoopResult(self.0 * rhs.0)
    }
}

/// `Π f_{z,Q_i}(P_i)`: the Miller loops of many pairs with one shared chain of squarings.
/// Pairs with an identity point contribute one.
pub fn multi_miller_loop(pairs: &[(&G1Affine, &G2Prepared)]) -> MillerLoopResult {
    MillerLoopResult(miller::multi_miller_loop_prepared(pairs))
}

/// The final exponentiation of a Miller loop result (the same as
/// [`MillerLoopResult::final_exponentiation`]).
pub fn final_exponentiation(f: &MillerLoopResult) -> Gt {
    f.final_exponentiation()
}

/// `e(P, Q)`.
pub fn pairing(p: &G1Affine, q: &G2Affine) -> Gt {
    MillerLoopResult(miller::multi_miller_loop(&[(p, q)])).final_exponentiation()
}

/// Whether `Π e(P_i, Q_i) = 1`. Identity points contribute one, so an empty list, or one made
/// of identities only, gives true. The points must be in their groups (the checked decoders
/// ensure it).
pub fn pairing_check(pairs: &[(G1Affine, G2Affine)]) -> bool {
    let refs: alloc::vec::Vec<(&G1Affine, &G2Affine)> = pairs.iter().map(|(p, q)| (p, q)).collect();
    MillerLoopResult(miller::multi_miller_loop(&refs)).final_exponentiation_is_one()
}

/// [`pairing_check`] with G2 points prepared ahead (a fixed key or generator).
pub fn pairing_check_prepared(pairs: &[(&G1Affine, &G2Prepared)]) -> bool {
    multi_miller_loop(pairs).final_exponentiation_is_one()
}

#[cfg(test)]
mod tests;
