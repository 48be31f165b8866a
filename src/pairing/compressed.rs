//! Karabina's compressed squaring in the cyclotomic subgroup ("Squaring in cyclotomic
//! subgroups", Math. Comp. 2013; the explicit formulas of Aranha, Karabina, Longa, Gebotys and
//! López, EUROCRYPT 2011, section 5): an element of the cyclotomic subgroup is determined by
//! four of its six Fp2 coordinates, and squaring those four costs four Fp2 products instead of
//! the nine squarings of a full cyclotomic squaring. Long runs of squarings (the exponent z
//! has 63 bits and 6 set) stay compressed; the few values that must be multiplied are
//! decompressed together, with one inversion.
//!
//! Coordinates: `f = (g0 + g1·s) + (g2 + g3·s)·w + (g4 + g5·s)·w²` with `s = w³`, `s² = ξ`,
//! that is `g0 = c0.c0`, `g1 = c1.c1`, `g2 = c1.c0`, `g3 = c0.c2`, `g4 = c0.c1`, `g5 = c1.c2`.

use crate::{Fp, Fp12, Fp2, Fp6};
use alloc::vec::Vec;

/// `(g2, g3, g4, g5)` of an element of the cyclotomic subgroup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Compressed {
    g2: Fp2,
    g3: Fp2,
    g4: Fp2,
    g5: Fp2,
}

impl Compressed {
    pub(crate) fn new(f: &Fp12) -> Compressed {
        Compressed { g2: f.c1.c0, g3: f.c0.c2, g4: f.c0.c1, g5: f.c1.c2 }
    }

    /// The compressed square: with `A_ij = (g_i + g_j)(g_i + ξ·g_j)` and `B_ij = g_i·g_j`,
    /// `h2 = 2(g2 + 3ξ·B45)`, `h3 = 3(A45 - (ξ + 1)B45) - 2g3`,
    /// `h4 = 3(A23 - (ξ + 1)B23) - 2g4`, `h5 = 2(g5 + 3·B23)`. Every sum is one linear
    /// combination per Fp coefficient (one reduction each), written out with ξ = 1 + u:
    /// `ξ·(b0 + b1·u) = (b0 - b1) + (b0 + b1)·u`.
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn square(&self) -> Compressed {
        // By reference: products of copies cost a `memory.copy` per operand (100 + bytes).
        let Compressed { g2, g3, g4, g5 } = self;
        let b45 = g4.mul_by_ref(g5);
        let b23 = g2.mul_by_ref(g3);
        let a45 = sum_and_xi_sum(g4, g5);
        let a23 = sum_and_xi_sum(g2, g3);
        Compressed {
            g2: Fp2::new(
                Fp::lincomb([(&g2.c0, 2), (&b45.c0, 6), (&b45.c1, -6)]),
                Fp::lincomb([(&g2.c1, 2), (&b45.c0, 6), (&b45.c1, 6)]),
            ),
            g3: minus_xi_plus_1(&a45, &b45, g3),
            g4: minus_xi_plus_1(&a23, &b23, g4),
            g5: Fp2::new(Fp::lincomb([(&g5.c0, 2), (&b23.c0, 6)]), Fp::lincomb([(&g5.c1, 2), (&b23.c1, 6)])),
        }
    }
}

/// `A = (x + y)(x + ξ·y)`, the sums left unreduced (they only feed the product).
#[inline(always)]
fn sum_and_xi_sum(x: &Fp2, y: &Fp2) -> Fp2 {
    let s = Fp2::new(Fp::lincomb_unreduced([(&x.c0, 1), (&y.c0, 1)]), Fp::lincomb_unreduced([(&x.c1, 1), (&y.c1, 1)]));
    let t = Fp2::new(
        Fp::lincomb_unreduced([(&x.c0, 1), (&y.c0, 1), (&y.c1, -1)]),
        Fp::lincomb_unreduced([(&x.c1, 1), (&y.c0, 1), (&y.c1, 1)]),
    );
    s.mul_by_ref(&t)
}

/// `3(A - (ξ + 1)·B) - 2g`, with `(ξ + 1)·(b0 + b1·u) = (2b0 - b1) + (b0 + 2b1)·u`.
#[inline(always)]
fn minus_xi_plus_1(a: &Fp2, b: &Fp2, g: &Fp2) -> Fp2 {
    Fp2::new(
        Fp::lincomb([(&a.c0, 3), (&b.c0, -6), (&b.c1, 3), (&g.c0, -2)]),
        Fp::lincomb([(&a.c1, 3), (&b.c0, -3), (&b.c1, -6), (&g.c1, -2)]),
    )
}

/// The full elements of compressed ones, with one inversion for all: `g1 = (ξ·g5² + 3g4² -
/// 2g3)/(4g2)` (or `2g4g5/g3` when `g2 = 0`), `g0 = ξ(2g1² + g2g5 - 3g3g4) + 1`. `None` when a
/// value has `g2 = g3 = 0` (the formulas do not determine g1 then; callers fall back to
/// uncompressed squaring).
pub(crate) fn decompress_all(values: &[Compressed]) -> Option<Vec<Fp12>> {
    let mut numerators = Vec::with_capacity(values.len());
    let mut denominators = Vec::with_capacity(values.len());
    for c in values {
        if !c.g2.is_zero() {
            // ξ·g5² + 3·g4² - 2·g3, one linear combination per coefficient.
            let (s5, s4) = (c.g5.square(), c.g4.square());
            numerators.push(Fp2::new(
                Fp::lincomb([(&s5.c0, 1), (&s5.c1, -1), (&s4.c0, 3), (&c.g3.c0, -2)]),
                Fp::lincomb([(&s5.c0, 1), (&s5.c1, 1), (&s4.c1, 3), (&c.g3.c1, -2)]),
            ));
            denominators.push(c.g2.mul_small(4));
        } else if !c.g3.is_zero() {
            numerators.push((c.g4 * c.g5).double());
            denominators.push(c.g3);
        } else {
            return None;
        }
    }
    let inverses = Fp2::batch_invert_vartime(&denominators)?;
    let g1s = numerators.iter().zip(inverses).map(|(n, inv)| *n * inv);
    Some(
        values
            .iter()
            .zip(g1s)
            .map(|(c, g1)| {
                // ξ·(2g1² + g2g5 - 3g3g4) + 1, with ξ·(x + y·u) = (x - y) + (x + y)·u.
                let (t, v, w) = (g1.square(), c.g2 * c.g5, c.g3 * c.g4);
                let g0 = Fp2::new(
                    Fp::lincomb([
                        (&t.c0, 2),
                        (&t.c1, -2),
                        (&v.c0, 1),
                        (&v.c1, -1),
                        (&w.c0, -3),
                        (&w.c1, 3),
                        (&Fp::ONE, 1),
                    ]),
                    Fp::lincomb([(&t.c0, 2), (&t.c1, 2), (&v.c0, 1), (&v.c1, 1), (&w.c0, -3), (&w.c1, -3)]),
                );
                Fp12::new(Fp6::new(g0, c.g4, c.g3), Fp6::new(c.g2, g1, c.g5))
            })
            .collect(),
    )
}

/// `f^e` for f in the cyclotomic subgroup and a public 64-bit `e`: the product of `f^(2^k)`
/// over the set bits k of `e`, the squarings done compressed and the powers decompressed
/// together. `None` in the rare case a power cannot be decompressed (see [`decompress_all`]).
/// Here, beside [`Compressed::square`], so that the run of squarings inlines it: placed in
/// another codegen unit, the call cost the final exponentiation 1.6%.
pub(crate) fn cyclotomic_pow(f: &Fp12, e: u64) -> Option<Fp12> {
    let mut c = Compressed::new(f);
    let mut snapshots = Vec::new();
    for k in 1..64 - e.leading_zeros() {
        c = c.square();
        if (e >> k) & 1 == 1 {
            snapshots.push(c);
        }
    }
    let mut powers = decompress_all(&snapshots)?.into_iter();
    let first = if e & 1 == 1 { *f } else { powers.next().unwrap_or(Fp12::ONE) };
    Some(powers.fold(first, |acc, x| acc * x))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pseudo-random element of the cyclotomic subgroup: `a^((p⁶ - 1)(p² + 1))`.
    fn cyclotomic(seed: u64) -> Fp12 {
        let e =
            |k: u64| Fp2::new(crate::Fp::from_u64(seed * 31 + k).square().square(), crate::Fp::from_u64(seed + 7 * k));
        let a = Fp12::new(Fp6::new(e(1), e(2), e(3)), Fp6::new(e(4), e(5), e(6)));
        let t = a.conjugate() * a.invert_vartime().unwrap();
        t.frobenius_map().frobenius_map() * t
    }

    #[test]
    fn compressed_squaring_matches_cyclotomic_squaring() {
        for seed in 1..20 {
            let f = cyclotomic(seed);
            let mut c = Compressed::new(&f);
            let mut full = f;
            let mut snapshots = Vec::new();
            let mut expected = Vec::new();
            for i in 0..12 {
                c = c.square();
                full = full.cyclotomic_square();
                if i % 4 == 3 {
                    snapshots.push(c);
                    expected.push(full);
                }
            }
            assert_eq!(decompress_all(&snapshots).unwrap(), expected);
            assert_eq!(decompress_all(&[Compressed::new(&f)]).unwrap(), alloc::vec![f]);
        }
        assert_eq!(decompress_all(&[Compressed::new(&Fp12::ONE)]), None);
    }
}
