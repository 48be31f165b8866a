//! Pippenger's bucket method ("On the evaluation of powers and monomials", SIAM J. Comput.
//! 1980) with signed window digits, as in Bernstein, Doumen, Lange and Oosterwijk, "Faster
//! batch forgery identification" (INDOCRYPT 2012): a window of c bits becomes a digit in
//! `[-2^(c-1), 2^(c-1)]`, so 2^(c-1) buckets suffice and a negative digit adds the negated point.

use crate::groups::coordinate::Coordinate;
use crate::groups::point::{Affine, Point};
use alloc::vec;
use alloc::vec::Vec;

/// Relative costs under the meter, in mixed additions: a full addition and a doubling.
const FULL_ADD: usize = 12;
const DOUBLE: usize = 8;
const MIXED_ADD: usize = 11;
const STRAUS_WINDOW: usize = 5;

/// The window for `n` points with `bits`-bit scalars, or `None` when Straus's method is cheaper.
pub(super) fn best_window(n: usize, bits: u32) -> Option<u32> {
    let bits = bits as usize;
    // Straus: a table of odd multiples per point, shared doublings, an addition per NAF digit.
    let table = (1 << (STRAUS_WINDOW - 2)) * FULL_ADD + DOUBLE;
    let straus = n * table + bits * DOUBLE + n * bits * FULL_ADD / (STRAUS_WINDOW + 1);
    let (cost, c) = (2..=16u32)
        .map(|c| {
            let windows = windows(bits as u32, c) as usize;
            let buckets = 1usize << (c - 1);
            (windows * (n * MIXED_ADD + 2 * buckets * FULL_ADD + c as usize * DOUBLE), c)
        })
        .min()
        .expect("the range is not empty");
    (cost < straus).then_some(c)
}

/// Windows needed for `bits`-bit scalars: one more bit for the last digit's carry.
fn windows(bits: u32, c: u32) -> u32 {
    (bits + 1).div_ceil(c)
}

/// The signed digits of `k`, `windows` of them, least significant first.
pub(super) fn signed_digits(k: u128, c: u32, windows: u32, out: &mut [i32]) {
    let mask = (1u128 << c) - 1;
    let half = 1i32 << (c - 1);
    let mut carry = 0i32;
    for (j, d) in out.iter_mut().enumerate().take(windows as usize) {
        let shift = j as u32 * c;
        let chunk = if shift < 128 { ((k >> shift) & mask) as i32 } else { 0 };
        let v = chunk + carry;
        if v > half {
            *d = v - (1 << c);
            carry = 1;
        } else {
            *d = v;
            carry = 0;
        }
    }
}

/// `Σ [k_i] P_i` with windows of `c` bits; `bits` bounds the scalars.
pub(super) fn msm<F: Coordinate>(points: &[Affine<F>], scalars: &[u128], bits: u32, c: u32) -> Point<F> {
    let w = windows(bits, c);
    let n = points.len();
    let mut digits = vec![0i32; n * w as usize];
    for (i, &k) in scalars.iter().enumerate() {
        signed_digits(k, c, w, &mut digits[i * w as usize..(i + 1) * w as usize]);
    }
    let mut buckets: Vec<Point<F>> = vec![Point::IDENTITY; 1 << (c - 1)];
    let mut acc = Point::IDENTITY;
    for j in (0..w as usize).rev() {
        for _ in 0..c {
            acc = acc.double();
        }
        for b in buckets.iter_mut() {
            *b = Point::IDENTITY;
        }
        for (i, p) in points.iter().enumerate() {
            let d = digits[i * w as usize + j];
            if d > 0 {
                buckets[d as usize - 1] = buckets[d as usize - 1].add_affine(p);
            } else if d < 0 {
                buckets[(-d) as usize - 1] = buckets[(-d) as usize - 1].add_affine(&p.neg());
            }
        }
        // Σ (b+1)·bucket[b] as a running sum from the top bucket down.
        let mut running = Point::IDENTITY;
        let mut sum = Point::IDENTITY;
        for b in buckets.iter().rev() {
            running = running.add(b);
            sum = sum.add(&running);
        }
        acc = acc.add(&sum);
    }
    acc
}
