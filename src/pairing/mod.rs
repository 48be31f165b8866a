//! The optimal ate pairing `e: G1 × G2 → Gt` on BLS12-381: Miller loops over many pairs
//! (with G2 points prepared or not), the final exponentiation, and `pairing_check`. Its values
//! are those of zkcrypto's and dfinity's `bls12_381` (the cube of the textbook reduced pairing,
//! see `final_exp.rs`), byte for byte.
//!
//! # Design
//!
//! This module (`src/pairing/`) computes the optimal ate pairing: a Miller loop over the 64-bit
//! parameter z shared by all pairs (one chain of Fp12 squarings), lines on the M-type twist
//! multiplied in sparse form (three of twelve Fp2 coefficients, Karatsuba over w, products summed
//! unreduced), and the final exponentiation of Hayashida, Hayasaka and Teruya (eprint 2020/875)
//! whose exponentiations by z square in Karabina's compressed form and decompress the few values
//! they multiply with one inversion (Miller values that cancel before it, as those of `(aP, Q)` and
//! `(-aP, Q)` do, are recognised after its easy part and cost less than other pairs, row
//! `pairing_check_2_degenerate`). Its values equal those of zkcrypto's and dfinity's `bls12_381`
//! byte for byte (`tests/pairing.rs` compares 1,000 pairs with `ic_bls12_381`); `pairing_check`
//! agrees with zkcrypto and `blst` and passes the EIP-2537 pairing vectors. `G2Prepared` holds a
//! point's Miller-loop lines; the G2 generator and its negation (`src/pairing/generator_lines.rs`),
//! the IC mainnet root key (`src/certificate/root_key_lines.rs`) and KZG's `[τ]G2`
//! (`src/kzg/tau_g2_lines.rs`) are prepared at compile time (generated and checked by tests), since
//! a query cannot keep a cache between calls. Their lines are scaled to a constant coefficient of
//! one (`G2Prepared::new_normalized`), which takes four of the thirteen Fp2 products out of each
//! line's multiplication (compare `pairing_check_2` with `pairing_check_2_prepared`); for a point
//! of your own the scaling costs one batched inversion, worth it when the point is used in several
//! pairings (an update canister's stored key).
//!
//! ```
//! use icbls::pairing::{pairing_check, pairing_check_prepared, G2Prepared};
//! use icbls::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};
//!
//! // e(kP, Q) = e(P, kQ), checked as e(kP, Q)·e(-P, kQ) = 1.
//! let k = Fr::from_u64(42);
//! let p = G1Projective::generator().mul_vartime(&k).to_affine_vartime();
//! let q = G2Projective::generator().mul_vartime(&k).to_affine_vartime();
//! assert!(pairing_check(&[(p, G2Affine::generator()), (-G1Affine::generator(), q)]));
//! // A G2 point used often is prepared once (the generator and the IC root key come built in).
//! assert!(pairing_check_prepared(&[(&p, &G2Prepared::neg_generator()), (&G1Affine::generator(), &G2Prepared::new(&q))]));
//! ```

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
