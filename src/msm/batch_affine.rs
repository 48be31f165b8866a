//! Pippenger's bucket method with the buckets summed in affine coordinates, many additions
//! sharing one inversion (Montgomery's simultaneous inversion, "Speeding the Pollard and
//! elliptic curve methods of factorization", 1987: three products per element and one
//! inversion per batch). An affine addition `λ = (y2 - y1)/(x2 - x1)`, `x3 = λ² - x1 - x2`,
//! `y3 = λ(x1 - x3) - y1` then costs two products, a squaring and the three products of its
//! share in the batch, against eleven products for a mixed projective addition. This is the
//! "batch-affine" accumulation of Aztec's barretenberg and gnark; here the points of every
//! window are sorted by bucket first, and each bucket is summed as a binary tree, so that one
//! round of the tree (one inversion) adds pairs in every bucket of every window at once, and no
//! addition ever waits for another in the same round. The buckets' running sums are affine
//! additions too, batched across the windows.
//!
//! The exceptional cases are exact: equal points are doubled (`λ = 3x²/2y`, in the same batch),
//! opposite points give the identity, and the identity on either side is a copy.

use super::pippenger::{signed_digits, windows};
use crate::groups::coordinate::Coordinate;
use crate::groups::point::{Affine, Point};
use alloc::vec;
use alloc::vec::Vec;

/// What one pair of a batch needs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Distinct x: the chord, with `1/(x2 - x1)` in the batch.
    Add,
    /// Equal points: the tangent, with `1/2y` in the batch.
    Double,
    /// Opposite points (or a point with y = 0): the sum is the identity.
    Cancel,
    /// The first operand is the identity: the sum is the second.
    Copy,
    /// The second operand is the identity: the first is unchanged.
    Keep,
}

/// Reused buffers of [`add_pairs`].
struct Scratch<F> {
    kind: Vec<Kind>,
    /// The denominators, then their inverses.
    den: Vec<F>,
}

impl Kind {
    /// Whether the pair's denominator is inverted in the batch.
    #[inline]
    fn inverts(self) -> bool {
        matches!(self, Kind::Add | Kind::Double)
    }
}

/// `points[a] ← points[a] + points[b]` for every `(a, b)` in `pairs`, with one inversion for
/// all of them (`Coordinate::batch_invert_nonzero_vartime`). The pairs are applied in order and
/// must not read an index an earlier pair of the same call writes (the denominators are
/// computed from the values before the call).
///
/// Where the field pairs its products ([`Coordinate::PAIRED_PRODUCTS`]: `mul2` in two SIMD
/// lanes for Fp), the additions are finished two at a time.
fn add_pairs<F: Coordinate>(points: &mut [Affine<F>], pairs: &[(u32, u32)], s: &mut Scratch<F>) {
    s.kind.clear();
    s.den.clear();
    // The pairs that need no inversion carry 1 through the batch (they are rare).
    for &(a, b) in pairs {
        let (p, q) = (&points[a as usize], &points[b as usize]);
        let (kind, d) = if q.infinity {
            (Kind::Keep, F::ONE)
        } else if p.infinity {
            (Kind::Copy, F::ONE)
        } else {
            let dx = q.x - p.x;
            if !dx.is_zero() {
                (Kind::Add, dx)
            } else if p.y == q.y && !p.y.is_zero() {
                (Kind::Double, p.y.double())
            } else {
                (Kind::Cancel, F::ONE)
            }
        };
        s.kind.push(kind);
        s.den.push(d);
    }
    let m = pairs.len();
    // Every denominator is nonzero: a difference of distinct x, 2y with y ≠ 0, or 1.
    let inverted = F::batch_invert_nonzero_vartime(&mut s.den);
    debug_assert!(inverted);
    let mut i = 0;
    while i < m {
        let (a0, b0) = pairs[i];
        if F::PAIRED_PRODUCTS && i + 1 < m && s.kind[i].inverts() && s.kind[i + 1].inverts() {
            let (a1, b1) = pairs[i + 1];
            let (p0, q0) = (&points[a0 as usize], &points[b0 as usize]);
            let (p1, q1) = (&points[a1 as usize], &points[b1 as usize]);
            // The pairs are borrowed, not moved out of (moved, their halves were copied aside).
            let lambdas =
                F::mul2(&numerator(s.kind[i], p0, q0), &s.den[i], &numerator(s.kind[i + 1], p1, q1), &s.den[i + 1]);
            let (l0, l1) = (&lambdas.0, &lambdas.1);
            let squares = F::square2(l0, l1);
            let x0 = F::lin([(&squares.0, 1), (&p0.x, -1), (&q0.x, -1)]);
            let x1 = F::lin([(&squares.1, 1), (&p1.x, -1), (&q1.x, -1)]);
            let ys =
                F::mul2(l0, &F::lin_unreduced([(&p0.x, 1), (&x0, -1)]), l1, &F::lin_unreduced([(&p1.x, 1), (&x1, -1)]));
            let (y0, y1) = (F::lin([(&ys.0, 1), (&p0.y, -1)]), F::lin([(&ys.1, 1), (&p1.y, -1)]));
            points[a0 as usize] = Affine { x: x0, y: y0, infinity: false };
            points[a1 as usize] = Affine { x: x1, y: y1, infinity: false };
            i += 2;
            continue;
        }
        let (p, q) = (&points[a0 as usize], &points[b0 as usize]);
        match s.kind[i] {
            Kind::Add | Kind::Double => {
                let lambda = if s.kind[i] == Kind::Add {
                    F::lin_unreduced([(&q.y, 1), (&p.y, -1)]) * s.den[i]
                } else {
                    F::lin_unreduced([(&p.x.square(), 3)]) * s.den[i]
                };
                let x3 = F::lin([(&lambda.square(), 1), (&p.x, -1), (&q.x, -1)]);
                let y3 = lambda * F::lin_unreduced([(&p.x, 1), (&x3, -1)]);
                let y3 = F::lin([(&y3, 1), (&p.y, -1)]);
                points[a0 as usize] = Affine { x: x3, y: y3, infinity: false };
            }
            Kind::Cancel => points[a0 as usize] = Affine::IDENTITY,
            Kind::Copy => points[a0 as usize] = *q,
            Kind::Keep => {}
        }
        i += 1;
    }
}

/// The numerator of the slope, unreduced (an operand of a product only): `y2 - y1` for the
/// chord, `3x²` for the tangent.
#[inline(always)]
fn numerator<F: Coordinate>(kind: Kind, p: &Affine<F>, q: &Affine<F>) -> F {
    if kind == Kind::Double {
        F::lin_unreduced([(&p.x.square(), 3)])
    } else {
        F::lin_unreduced([(&q.y, 1), (&p.y, -1)])
    }
}

/// `Σ [k_i] P_i` with windows of `c` bits; `bits` bounds the scalars. The points must not be
/// the identity (the callers drop those).
pub(super) fn msm<F: Coordinate>(points: &[Affine<F>], scalars: &[u128], bits: u32, c: u32) -> Point<F> {
    let w = windows(bits, c) as usize;
    let half = 1usize << (c - 1);
    let n = points.len();
    let mut digits = vec![0i32; n * w];
    for (i, &k) in scalars.iter().enumerate() {
        signed_digits(k, c, w as u32, &mut digits[i * w..(i + 1) * w]);
    }
    // Bucket `j·half + |d| - 1` of window j holds the points with digit ±d there; `start[b]..
    // start[b + 1]` are its entries (a counting sort).
    let buckets = w * half;
    let mut start = vec![0u32; buckets + 1];
    for row in digits.chunks_exact(w) {
        for (j, &d) in row.iter().enumerate() {
            if d != 0 {
                start[j * half + d.unsigned_abs() as usize] += 1;
            }
        }
    }
    for b in 0..buckets {
        start[b + 1] += start[b];
    }
    let total = start[buckets] as usize;
    // The entries, then each window's running sum and its sum of running sums.
    // The counting sort places indices (2i for P_i, 2i + 1 for -P_i), and the points are
    // copied once, in bucket order: scattering the points themselves into a vector filled
    // beforehand wrote each entry twice (an affine G2 point is 417 bytes).
    let mut order = vec![0u32; total];
    let mut next = start.clone();
    for (i, row) in digits.chunks_exact(w).enumerate() {
        for (j, &d) in row.iter().enumerate() {
            if d != 0 {
                let b = j * half + d.unsigned_abs() as usize - 1;
                order[next[b] as usize] = 2 * i as u32 + (d < 0) as u32;
                next[b] += 1;
            }
        }
    }
    // -P once per point, not once per negative digit (about half of its windows).
    let signed: Vec<[Affine<F>; 2]> = points.iter().map(|p| [*p, p.neg()]).collect();
    let mut entries: Vec<Affine<F>> = Vec::with_capacity(total + 2 * w);
    entries.extend(order.iter().map(|&e| signed[e as usize / 2][e as usize % 2]));
    entries.resize(total + 2 * w, Affine::IDENTITY);
    let mut scratch = Scratch { kind: Vec::new(), den: Vec::new() };
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    // Each bucket summed as a tree: round r adds the entry 2^r after each multiple of 2^(r+1).
    let mut stride = 1u32;
    loop {
        pairs.clear();
        for b in 0..buckets {
            let (mut a, end) = (start[b], start[b + 1]);
            while a + stride < end {
                pairs.push((a, a + stride));
                a += 2 * stride;
            }
        }
        if pairs.is_empty() {
            break;
        }
        add_pairs(&mut entries, &pairs, &mut scratch);
        stride *= 2;
    }
    // Σ (b + 1)·bucket[b] per window as a running sum from the top bucket down; the addition of
    // a running sum to the total and of the next bucket to the running sum share a batch.
    let run = |j: usize| (total + j) as u32;
    let sum = |j: usize| (total + w + j) as u32;
    for b in (0..=half).rev() {
        pairs.clear();
        if b < half {
            pairs.extend((0..w).map(|j| (sum(j), run(j))));
        }
        if b > 0 {
            for j in 0..w {
                let bucket = j * half + b - 1;
                if start[bucket] < start[bucket + 1] {
                    pairs.push((run(j), start[bucket]));
                }
            }
        }
        add_pairs(&mut entries, &pairs, &mut scratch);
    }
    let mut acc = Point::IDENTITY;
    for j in (0..w).rev() {
        // The identity's doublings cost as much as any other: the top window has none.
        if j + 1 < w {
            for _ in 0..c {
                acc.double_in_place();
            }
        }
        acc = acc.add_affine(&entries[sum(j) as usize]);
    }
    acc
}
