//! The Miller loop of the optimal ate pairing on BLS12-381 (Vercauteren, "Optimal pairings",
//! 2010: the loop length is the curve parameter z), for many pairs at once: one chain of Fp12
//! squarings shared by all pairs, sparse multiplications by the lines.

use super::lines::{addition_step, doubling_step, loop_bits, G2Prepared};
use crate::groups::point::Point;
use crate::{Fp, Fp12, Fp2, G1Affine, G2Affine};
use alloc::vec::Vec;

/// `f_{z,Q}(P)` multiplied over the pairs, up to factors the final exponentiation removes.
/// Pairs with an identity point are skipped (they contribute one).
pub(crate) fn multi_miller_loop_prepared(pairs: &[(&G1Affine, &G2Prepared)]) -> Fp12 {
    let pairs: Vec<(Fp, Fp, &G2Prepared)> =
        pairs.iter().filter(|(p, q)| !p.is_identity() && !q.is_identity()).map(|(p, q)| (p.x(), p.y(), *q)).collect();
    // None stands for f = 1 until the first line arrives.
    let mut f: Option<Fp12> = None;
    let multiply_all = |f: Option<Fp12>, index: usize| {
        pairs.iter().fold(f, |f, (xp, yp, q)| {
            let line = &q.lines[index];
            Some(if q.normalized {
                line.multiply_normalized(f.as_ref(), xp, yp)
            } else {
                line.multiply(f.as_ref(), xp, yp)
            })
        })
    };
    let mut index = 0;
    for bit in loop_bits() {
        f = multiply_all(f.map(|f| f.square()), index);
        index += 1;
        if bit {
            f = multiply_all(f, index);
            index += 1;
        }
    }
    let f = f.unwrap_or(Fp12::ONE);
    // z < 0: f_{z} = 1/f_{|z|} up to a vertical line; in the cyclotomic subgroup the final
    // exponentiation lands in, the inverse is the conjugate.
    f.conjugate()
}

/// As [`multi_miller_loop_prepared`], computing the lines of the G2 points as it goes.
pub(crate) fn multi_miller_loop(pairs: &[(&G1Affine, &G2Affine)]) -> Fp12 {
    let pairs: Vec<(Fp, Fp, crate::groups::point::Affine<Fp2>)> =
        pairs.iter().filter(|(p, q)| !p.is_identity() && !q.is_identity()).map(|(p, q)| (p.x(), p.y(), q.0)).collect();
    let mut points: Vec<Point<Fp2>> = pairs.iter().map(|(_, _, q)| q.to_point()).collect();
    let mut f: Option<Fp12> = None;
    for bit in loop_bits() {
        f = f.map(|f| f.square());
        for ((xp, yp, _), t) in pairs.iter().zip(points.iter_mut()) {
            let (line, next) = doubling_step(t);
            f = Some(line.multiply(f.as_ref(), xp, yp));
            *t = next;
        }
        if bit {
            for ((xp, yp, q), t) in pairs.iter().zip(points.iter_mut()) {
                let (line, next) = addition_step(t, q);
                f = Some(line.multiply(f.as_ref(), xp, yp));
                *t = next;
            }
        }
    }
    let f = f.unwrap_or(Fp12::ONE);
    f.conjugate()
}
