//! Pippenger's bucket method ("On the evaluation of powers and monomials", SIAM J. Comput.
//! 1980) with signed window digits, as in Bernstein, Doumen, Lange and Oosterwijk, "Faster
//! batch forgery identification" (INDOCRYPT 2012): a window of c bits becomes a digit in
//! `[-2^(c-1), 2^(c-1)]`, so 2^(c-1) buckets suffice and a negative digit adds the negated point.

use crate::groups::coordinate::Coordinate;
use crate::groups::point::{Affine, Point};
use alloc::vec;
use alloc::vec::Vec;

/// Relative costs under the meter, in tenths of a product of the projective formulas (a full
/// addition is 12 products): a full addition, a doubling and a mixed addition.
const FULL_ADD: u64 = 120;
const DOUBLE: u64 = 80;
const MIXED_ADD: u64 = 110;
const STRAUS_WINDOW: u64 = 5;

/// What an affine addition in a batch and an inversion cost in one group, in the units of
/// [`FULL_ADD`], measured under the meter (`g1_msm`, `g2_msm`, `fp_inv`, `fp2_inv` rows).
#[derive(Clone, Copy, Debug)]
pub(super) struct AffineCosts {
    /// One addition of [`super::batch_affine`], its share of the batch's products included.
    pub(super) add: u64,
    /// One inversion of the coordinate field.
    pub(super) inversion: u64,
}

/// How [`super::msm_short`] sums the points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Method {
    /// Straus's interleaved NAFs.
    Straus,
    /// Pippenger's buckets in projective coordinates ([`msm`]), windows of the given width.
    Projective(u32),
    /// Pippenger's buckets in affine coordinates ([`super::batch_affine::msm`]).
    BatchAffine(u32),
}

/// The cheapest method for `n` points with `bits`-bit scalars, by the cost model.
pub(super) fn best_method(n: usize, bits: u32, affine: AffineCosts) -> Method {
    let n = n as u64;
    let bits64 = bits as u64;
    // Straus: a table of odd multiples per point, shared doublings, an addition per NAF digit.
    let table = (1 << (STRAUS_WINDOW - 2)) * FULL_ADD + DOUBLE;
    let straus = n * table + bits64 * DOUBLE + n * bits64 * FULL_ADD / (STRAUS_WINDOW + 1);
    let mut best = (straus, Method::Straus);
    for c in 2..=16u32 {
        let windows = windows(bits, c) as u64;
        let buckets = 1u64 << (c - 1);
        // More buckets than points only adds empty ones to sum (and the model's cost to small MSMs).
        if buckets > n.max(2) {
            break;
        }
        let doublings = (windows - 1) * c as u64 * DOUBLE;
        let projective = windows * (n * MIXED_ADD + 2 * buckets * FULL_ADD + c as u64 * DOUBLE);
        // Each window adds its n entries into the nonempty buckets (a tree per bucket, one
        // inversion per level), then sums the buckets in two additions per bucket, the first two
        // of them copies (an inversion per bucket, shared by the windows), and its sum is added
        // to the total.
        let nonempty = expected_nonempty(n, buckets);
        let levels = 64 - (n / buckets + 1).leading_zeros() as u64 + 2;
        let batch_affine = windows * (n + 2 * buckets - 2).saturating_sub(nonempty) * affine.add
            + (buckets + 1 + levels) * affine.inversion
            + windows * MIXED_ADD
            + doublings;
        for cand in [(projective, Method::Projective(c)), (batch_affine, Method::BatchAffine(c))] {
            if cand.0 < best.0 {
                best = cand;
            }
        }
    }
    best.1
}

/// How many of `buckets` buckets `n` uniformly spread points leave nonempty:
/// `buckets·(1 - (1 - 1/buckets)^n)`, rounded down.
fn expected_nonempty(n: u64, buckets: u64) -> u64 {
    let mut empty = 1.0f64;
    let mut base = 1.0 - 1.0 / buckets as f64;
    let mut e = n;
    while e > 0 {
        if e & 1 == 1 {
            empty *= base;
        }
        base *= base;
        e >>= 1;
    }
    (buckets as f64 * (1.0 - empty)) as u64
}

/// Windows needed for `bits`-bit scalars: one more bit for the last digit's carry.
pub(super) fn windows(bits: u32, c: u32) -> u32 {
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
            acc.double_in_place();
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
