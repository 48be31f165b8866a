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
    let Some((first, rest)) = pairs.split_first() else {
        return Fp12::ONE;
    };
    run_loop(|f, index| {
        let line = |(xp, yp, q): &(Fp, Fp, &G2Prepared), f: Option<&Fp12>| {
            let line = &q.lines[index];
            if q.normalized {
                line.multiply_normalized(f, xp, yp)
            } else {
                line.multiply(f, xp, yp)
            }
        };
        // The last pair's product is returned as it is made: a value reassigned in a loop is
        // returned through a copy (624 bytes).
        let Some((last, middle)) = rest.split_last() else {
            return line(first, f);
        };
        let mut acc = line(first, f);
        for pair in middle {
            acc = line(pair, Some(&acc));
        }
        line(last, Some(&acc))
    })
}

/// The loop's schedule over the lines (`step(f, index)` multiplies `f`, `None` for one, by
/// the lines of step `index` of every pair, of which there is at least one): a squaring per
/// bit of |z| below the top one, the doubling lines, and after each set bit the addition
/// lines.
///
/// `f` is squared into a fresh value rather than in place: `f = f.square()` would compute the
/// square aside and then copy its 576 bytes into `f` (a `memory.copy`, 676 instructions).
#[inline(always)]
fn run_loop(mut step: impl FnMut(Option<&Fp12>, usize) -> Fp12) -> Fp12 {
    let mut bits = loop_bits();
    // f is one until the first lines: the first square is skipped.
    let first_bit = bits.next().expect("|z| has more than one bit");
    let mut f = step(None, 0);
    let mut index = 1;
    if first_bit {
        f = step(Some(&f), index);
        index += 1;
    }
    for bit in bits {
        let squared = f.square();
        f = step(Some(&squared), index);
        index += 1;
        if bit {
            f = step(Some(&f), index);
            index += 1;
        }
    }
    // z < 0: f_{z} = 1/f_{|z|} up to a vertical line; in the cyclotomic subgroup the final
    // exponentiation lands in, the inverse is the conjugate.
    f.conjugate()
}

/// As [`multi_miller_loop_prepared`], computing the lines of the G2 points as it goes.
pub(crate) fn multi_miller_loop(pairs: &[(&G1Affine, &G2Affine)]) -> Fp12 {
    let pairs: Vec<(Fp, Fp, crate::groups::point::Affine<Fp2>)> =
        pairs.iter().filter(|(p, q)| !p.is_identity() && !q.is_identity()).map(|(p, q)| (p.x(), p.y(), q.0)).collect();
    if pairs.is_empty() {
        return Fp12::ONE;
    }
    let mut points: Vec<Point<Fp2>> = pairs.iter().map(|(_, _, q)| q.to_point()).collect();
    // The steps come in the order `run_loop` asks for them: a doubling step per bit, and an
    // addition step after each set bit.
    let mut additions = loop_bits().flat_map(|bit| [Some(false), bit.then_some(true)]).flatten();
    run_loop(|f, _index| {
        let addition = additions.next().expect("one step per line");
        let mut steps = pairs.iter().zip(points.iter_mut()).map(|((xp, yp, q), t)| {
            let (line, next) = if addition { addition_step(t, q) } else { doubling_step(t) };
            *t = next;
            (line, xp, yp)
        });
        // As in `multi_miller_loop_prepared`, the last pair's product is returned as it is
        // made: a value reassigned in a loop is returned through a copy.
        let (line, xp, yp) = steps.next().expect("pairs is not empty");
        if pairs.len() == 1 {
            return line.multiply(f, xp, yp);
        }
        let mut acc = line.multiply(f, xp, yp);
        for _ in 2..pairs.len() {
            let (line, xp, yp) = steps.next().expect("one step per pair");
            acc = line.multiply(Some(&acc), xp, yp);
        }
        let (line, xp, yp) = steps.next().expect("one step per pair");
        line.multiply(Some(&acc), xp, yp)
    })
}
