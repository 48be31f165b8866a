//! Scalar multiplication building blocks shared by G1 and G2.

use super::coordinate::Coordinate;
use super::point::{equal_without_branch, Point};

/// `[P, 3P, 5P, ..., (2T - 1)P]`, the odd multiples a width-w NAF looks up (T = 2^(w-2)).
pub(crate) fn odd_multiples<F: Coordinate, const T: usize>(p: &Point<F>) -> [Point<F>; T] {
    let mut table = [*p; T];
    let twice = p.double();
    for i in 1..T {
        table[i] = table[i - 1].add(&twice);
    }
    table
}

/// `Σ [k_j] P_j` by Straus's interleaving ("Addition chains of vectors", 1964) over width-w
/// NAF digits: one shared chain of doublings, an addition per nonzero digit. `tables[j]` holds
/// the odd multiples of `P_j`, `digits[j]` the NAF of `k_j`. Variable time.
pub(crate) fn straus<F: Coordinate, const T: usize>(tables: &[[Point<F>; T]], digits: &[[i8; 130]]) -> Point<F> {
    let top = digits.iter().filter_map(|d| d.iter().rposition(|&x| x != 0)).max();
    let Some(top) = top else {
        return Point::IDENTITY;
    };
    let mut acc = Point::IDENTITY;
    for i in (0..=top).rev() {
        if i != top {
            acc.double_in_place();
        }
        for (table, d) in tables.iter().zip(digits) {
            let d = d[i];
            if d > 0 {
                acc = acc.add(&table[(d as usize) / 2]);
            } else if d < 0 {
                acc = acc.sub(&table[(-d as usize) / 2]);
            }
        }
    }
    acc
}

/// `[0, P, 2P, ..., 15P]`: the table a fixed 4-bit window reads.
pub(crate) fn multiples<F: Coordinate>(p: &Point<F>) -> [Point<F>; 16] {
    let mut table = [Point::IDENTITY; 16];
    for i in 1..16 {
        table[i] = table[i - 1].add(p);
    }
    table
}

/// `table[nibble]`, every entry read and the wanted one kept by masking.
fn lookup<F: Coordinate>(table: &[Point<F>; 16], nibble: usize) -> Point<F> {
    let mut chosen = Point::IDENTITY;
    for (i, entry) in table.iter().enumerate() {
        chosen = Point::select(&chosen, entry, equal_without_branch(i as u64, nibble as u64));
    }
    chosen
}

/// `[k]P` for a secret `k` (little-endian words, at most 256 bits): fixed 4-bit windows, every
/// table entry read for every window and the wanted one kept by masking, and complete formulas,
/// so the sequence of operations does not depend on `k`.
#[cfg(test)]
pub(crate) fn mul_constant_time<F: Coordinate>(p: &Point<F>, k: &[u64; 6]) -> Point<F> {
    let table = multiples(p);
    let mut acc = Point::IDENTITY;
    for window in (0..64).rev() {
        for _ in 0..4 {
            acc.double_in_place();
        }
        acc = acc.add(&lookup(&table, ((k[window / 16] >> (4 * (window % 16))) & 0xf) as usize));
    }
    acc
}

/// `Σ [k_j] P_j` for secret digits `k_j < 2^(4·windows)`, `tables[j]` the [`multiples`] of
/// `P_j`: the endomorphism-split form of a secret multiplication (G1's two 128-bit halves,
/// G2's four 64-bit digits). One shared chain of `4·windows` doublings, and per window one
/// masked lookup and one complete addition per digit, whatever the digits.
pub(crate) fn multi_mul_constant_time<F: Coordinate, const N: usize>(
    tables: &[[Point<F>; 16]; N],
    digits: &[u128; N],
    windows: usize,
) -> Point<F> {
    let mut acc = Point::IDENTITY;
    for window in (0..windows).rev() {
        if window + 1 != windows {
            for _ in 0..4 {
                acc.double_in_place();
            }
        }
        for (table, k) in tables.iter().zip(digits) {
            acc = acc.add(&lookup(table, ((k >> (4 * window)) & 0xf) as usize));
        }
    }
    acc
}

/// `[n]P` for a small public `n`, by double-and-add from the top bit with the complete
/// formulas: the reference the Jacobian chains (`jacobian.rs`) are tested against.
#[cfg(test)]
pub(crate) fn mul_u64<F: Coordinate>(p: &Point<F>, n: u64) -> Point<F> {
    if n == 0 {
        return Point::IDENTITY;
    }
    let mut acc = *p;
    for bit in (0..63 - n.leading_zeros()).rev() {
        acc.double_in_place();
        if (n >> bit) & 1 == 1 {
            acc = acc.add(p);
        }
    }
    acc
}
