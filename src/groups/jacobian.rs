//! Jacobian coordinates `(X : Y : Z)` for `(X/Z², Y/Z³)`, used for long chains of doublings:
//! on `y² = x³ + b` a doubling costs two products and five squarings there (Lange's
//! "dbl-2009-l", Explicit-Formulas Database) against six products and two squarings in the
//! complete projective formulas, and in Fp2 a squaring is cheaper than a product. The
//! additions are not complete; their exceptional cases (equal or opposite points, the
//! identity) are handled by explicit branches, so the chains stay exact on any point of the
//! curve, inside the subgroup or not (the subgroup checks depend on it). Variable time.

use super::coordinate::Coordinate;
use super::point::Point;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Jacobian<F> {
    x: F,
    y: F,
    z: F,
}

impl<F: Coordinate> Jacobian<F> {
    const IDENTITY: Jacobian<F> = Jacobian { x: F::ONE, y: F::ONE, z: F::ZERO };

    /// `(X : Y : Z)` projective is `(X·Z : Y·Z² : Z)` Jacobian.
    pub(crate) fn from_point(p: &Point<F>) -> Jacobian<F> {
        if p.z.is_zero() {
            return Self::IDENTITY;
        }
        if p.z == F::ONE {
            return Jacobian { x: p.x, y: p.y, z: F::ONE };
        }
        let (z2, xz) = F::square_mul(&p.z, &p.x, &p.z);
        Jacobian { x: xz, y: p.y * z2, z: p.z }
    }

    /// `(X : Y : Z)` Jacobian is `(X·Z : Y : Z³)` projective.
    pub(crate) fn to_point(&self) -> Point<F> {
        if self.z.is_zero() {
            return Point::IDENTITY;
        }
        let (z2, xz) = F::square_mul(&self.z, &self.x, &self.z);
        Point { x: xz, y: self.y, z: z2 * self.z }
    }

    /// `2P` (dbl-2009-l with a = 0): A = X², B = Y², C = B², D = 2((X + B)² - A - C) = 4XB,
    /// E = 3A, X3 = E² - 2D, Y3 = E(D - X3) - 8C, Z3 = 2YZ. D is the product 4·(X·B) (one
    /// product where the formula has a square and two linear combinations) and C joins Y3's
    /// product, each field with its cheapest route (`Coordinate::double_x` and `double_y`: in
    /// Fp2 the products stay unreduced until they are summed, lazy reduction as in the tower;
    /// in Fp the constants join the linear combinations); E is never computed: `E² = 9A²`
    /// squares A. 2Y enters its product unreduced (a product takes inputs up to 12p, see
    /// `lin_unreduced`). The identity (Z = 0) stays the identity; there are no points with
    /// Y = 0 (both curves have odd order).
    pub(crate) fn double(&self) -> Jacobian<F> {
        let mut p = *self;
        p.double_in_place();
        p
    }

    /// `self = 2·self` ([`Self::double`]). In place for the chains of doublings: `acc =
    /// acc.double()` computes the point aside and then copies it (a `memory.copy` of 156 bytes
    /// in G1, 256 instructions), where this writes each coordinate once its inputs are spent.
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn double_in_place(&mut self) {
        self.z = F::lin_unreduced([(&self.y, 2)]) * self.z;
        self.double_xy_in_place();
    }

    /// The `X3` and `Y3` of [`Self::double_in_place`], leaving `Z` as it is: with a = 0 they
    /// never read `Z`, so a chain may gather its `Z3 = 2Y·Z` factors apart ([`ZFactors`]).
    #[inline]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    fn double_xy_in_place(&mut self) {
        let squares = F::square2(&self.x, &self.y);
        let (a, b) = (&squares.0, &squares.1);
        let t = F::double_x(&mut self.x, a, b);
        self.y = F::double_y(a, &t, b);
    }

    /// `3P` for `P` with `Z = 1`: tpl-2007-bl (Explicit-Formulas Database, Jacobian
    /// tripling) with a = 0 and Z1 = 1, the point scaled by 1/2 so that `Z3 = E` (`(X3/4,
    /// Y3/8, Z3/2)` is the same point): 5 squares and 7 products, where a doubling and a mixed
    /// addition take 7 and 11. A point of order 3 gives `E = 0`, the identity, as it should.
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    fn triple_z_one(&self) -> Jacobian<F> {
        debug_assert!(self.z == F::ONE);
        let (xx, yy) = F::square2(&self.x, &self.y);
        let (yyyy, xxxx) = F::square2(&yy, &xx);
        let x_yy = self.x * yy;
        // E = 6((X + YY)² - XX - YYYY) - M² = 12·X·YY - 9·XX², with M = 3XX.
        let e = F::lin([(&x_yy, 12), (&xxxx, -9)]);
        let (ee, me) = F::square_mul(&e, &F::lin_unreduced([(&xx, 3)]), &e);
        // U = (M + E)² - M² - E² - T = 2ME - T, T = 16·YYYY.
        let u = F::lin([(&me, 2), (&yyyy, -16)]);
        let (x_ee, yy_u) = F::mul2(&self.x, &ee, &yy, &u);
        let (u_t_minus_u, e_ee) = F::mul2(&u, &F::lin([(&yyyy, 16), (&u, -1)]), &e, &ee);
        // X3/4 = X·EE - 4·YY·U, Y3/8 = Y·(U(T - U) - E·EE), Z3/2 = E.
        let y3 = self.y * F::lin_unreduced([(&u_t_minus_u, 1), (&e_ee, -1)]);
        Jacobian { x: F::lin([(&x_ee, 1), (&yy_u, -4)]), y: y3, z: e }
    }

    /// `P + Q` for `Q` with `Z = 1` (madd-2007-bl, Explicit-Formulas Database): the products
    /// by Q's `Z` and its powers drop out: 8M + 3S (Z3 as the product `(2Z1)·H`) against
    /// add-2007-bl's 11M + 5S. The exceptional cases (equal or opposite points, the identity)
    /// are branched out. Out of line, as the general addition this file had before was: inlined
    /// into [`mul_u64`] beside the doublings, that one made the cofactor clearing of
    /// `map_fp2_to_g2` cost 0.4% more (the bench's `--check`).
    #[inline(never)]
    #[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
    pub(crate) fn add_z_one(&self, q: &Jacobian<F>) -> Jacobian<F> {
        debug_assert!(q.z == F::ONE);
        if self.z.is_zero() {
            return *q;
        }
        let z1z1 = self.z.square();
        let (u2, z1_cubed) = F::mul2(&q.x, &z1z1, &self.z, &z1z1);
        let h = u2 - self.x;
        // The products pair up along the formula's dependencies: (S2, HH), then (R², Z3), so
        // that only Z1Z1 is a lone product (in Fp a lone product costs about 1,460
        // instructions, a pair about 1,980).
        let (hh, s2) = F::square_mul(&h, &q.y, &z1_cubed);
        let r = F::lin([(&s2, 2), (&self.y, -2)]);
        if h.is_zero() {
            // Same x: P = Q (double) or P = -Q (identity).
            return if r.is_zero() { self.double() } else { Self::IDENTITY };
        }
        // Z3 = (Z1 + H)² - Z1Z1 - HH = (2Z1)·H; I = 4HH and 2Z1 only feed products (unreduced).
        let (r2, z3) = F::square_mul(&r, &F::lin_unreduced([(&self.z, 2)]), &h);
        let i = F::lin_unreduced([(&hh, 4)]);
        let (j, v) = F::mul2(&h, &i, &self.x, &i);
        let x3 = F::lin([(&r2, 1), (&j, -1), (&v, -2)]);
        let (y3, y1j) = F::mul2(&r, &F::lin_unreduced([(&v, 1), (&x3, -1)]), &self.y, &j);
        Jacobian { x: x3, y: F::lin([(&y3, 1), (&y1j, -2)]), z: z3 }
    }
}

/// `[n]P` for a small public `n`, by double-and-add in Jacobian coordinates, every addition
/// a mixed one. A base with `Z ≠ 1` is first moved to the isomorphic curve `y² = x³ + b·Z⁶`,
/// where its Jacobian `(X, Y)` is affine (`(x, y) ↦ (x/Z², y/Z³)` maps that curve onto ours):
/// doubling and mixed addition never read `b` (a = 0), so the chain runs there unchanged and
/// comes back by scaling its `Z` by the base's. One product where general additions would cost
/// 11M + 5S against 8M + 3S each.
pub(crate) fn mul_u64<F: Coordinate>(p: &Point<F>, n: u64) -> Point<F> {
    Jacobian::from_point(p).mul_u64(n).to_point()
}

impl<F: Coordinate> Jacobian<F> {
    /// `[n]·self`, as [`mul_u64`] (which converts in and out of Jacobian coordinates around
    /// it): chains of such multiplications, and tests that end in [`Self::equals`], skip the
    /// conversions.
    pub(crate) fn mul_u64(&self, n: u64) -> Jacobian<F> {
        if n == 0 || self.z.is_zero() {
            return Self::IDENTITY;
        }
        let base = Jacobian { x: self.x, y: self.y, z: F::ONE };
        let top = 63 - n.leading_zeros();
        // A scalar that starts with the bits 11 starts from 3P (both of the subgroup checks'
        // scalars do): one tripling where a doubling and an addition were.
        let (mut acc, below) = match top {
            1.. if (n >> (top - 1)) & 1 == 1 => (base.triple_z_one(), top - 1),
            _ => (base, top),
        };
        let mut factors = ZFactors::EMPTY;
        for bit in (0..below).rev() {
            factors.push(&mut acc.z, &acc.y);
            acc.double_xy_in_place();
            if (n >> bit) & 1 == 1 {
                factors.flush(&mut acc.z);
                acc = acc.add_z_one(&base);
            }
        }
        factors.flush(&mut acc.z);
        if self.z != F::ONE {
            acc.z = acc.z * self.z;
        }
        acc
    }

    /// Whether this is the point `q`: `X·Zq = Xq·Z²` and `Y·Zq = Yq·Z³` (`X = Xq·Z²` and
    /// `Y = Yq·Z³` for `Zq = 1`), where converting to projective coordinates and comparing
    /// there takes three products more.
    pub(crate) fn equals(&self, q: &Point<F>) -> bool {
        if self.z.is_zero() || q.z.is_zero() {
            return self.z.is_zero() && q.z.is_zero();
        }
        if q.z == F::ONE {
            let z2 = self.z.square();
            let (xq_z2, z3) = F::mul2(&q.x, &z2, &z2, &self.z);
            return self.x == xq_z2 && self.y == q.y * z3;
        }
        let (z2, x_zq) = F::square_mul(&self.z, &self.x, &q.z);
        let (xq_z2, z3) = F::mul2(&q.x, &z2, &z2, &self.z);
        if x_zq != xq_z2 {
            return false;
        }
        let (y_zq, yq_z3) = F::mul2(&self.y, &q.z, &q.y, &z3);
        y_zq == yq_z3
    }
}

impl Jacobian<crate::Fp> {
    /// `x([2^k]·self)` on G1's curve `y² = x³ + 4`, as `2X/V`, by doublings of the
    /// x-coordinate alone: `x(2P) = x(x³ - 8b)/(4(x³ + b))`, so with `x = 2X/V`, `(X, V)`
    /// becomes `(X(X³ - 4V³), V(4X³ + 2V³))` (the 2 makes both factors small combinations,
    /// which enter their products unreduced): two squares and four products in pairs, against
    /// the Jacobian doubling's seven products (its `Z` included). For a chain whose end is
    /// compared by `x` alone. The identity stays `V = 0`; there is no point with `y = 0` (E(Fp)
    /// has odd order), so `V` never vanishes otherwise.
    pub(crate) fn x_after_doublings(&self, k: u32) -> (crate::Fp, crate::Fp) {
        use crate::Fp;
        // x = X/Z² = 2X/V with V = 2Z².
        let z2 = self.z.square();
        let (mut x, mut v) = (self.x, z2 + z2);
        for _ in 0..k {
            let (xx, vv) = Fp::square2(&x, &v);
            let (x3, v3) = Fp::mul2(&x, &xx, &v, &vv);
            // Below 5p and 6p: products' inputs.
            let terms = (Fp::lincomb_unreduced([(&x3, 1), (&v3, -4)]), Fp::lincomb_unreduced([(&x3, 4), (&v3, 2)]));
            (x, v) = Fp::mul2(&x, &terms.0, &v, &terms.1);
        }
        (x, v)
    }
}

/// The factors `2Y` that a run of doublings owes its `Z` (`Z3 = 2Y·Z`), multiplied in two at a
/// time so that every product has a partner for [`Coordinate::mul2`]: the product of two
/// factors beside `Z` times the previous such product. Per two doublings one paired product,
/// where each doubling's own `Z3` is a lone one (in Fp, about 1,980 instructions against
/// 2 × 1,460). The factors are kept as `Y` and their 2s join the products' inputs (`4·pending`,
/// `2·held`, unreduced), one pass per two doublings. Where products do not pair
/// (`Coordinate::PAIRED_PRODUCTS` false: an Fp2 product already fills both lanes) each factor
/// is multiplied in at once, as the doubling's own `Z3 = 2Y·Z`.
///
/// The values sit in plain fields beside flags: as `Option`s, every move in and out of them
/// was a `memory.copy` (100 instructions plus the bytes).
struct ZFactors<F> {
    /// A `Y` waiting for a partner (its factor is `2Y`), when `has_held`.
    held: F,
    has_held: bool,
    /// The product of two `Y`s (their factors' product is `4·pending`), not yet multiplied into
    /// `Z`, when `has_pending`.
    pending: F,
    has_pending: bool,
}

impl<F: Coordinate> ZFactors<F> {
    const EMPTY: ZFactors<F> = ZFactors { held: F::ZERO, has_held: false, pending: F::ZERO, has_pending: false };

    /// Owes `z` the factor `2y`.
    #[inline]
    fn push(&mut self, z: &mut F, y: &F) {
        if !F::PAIRED_PRODUCTS {
            *z = F::lin_unreduced([(y, 2)]) * *z;
            return;
        }
        if !self.has_held {
            self.held = *y;
            self.has_held = true;
            return;
        }
        self.has_held = false;
        if self.has_pending {
            let (z_times_pending, pair) = F::mul2(z, &F::lin_unreduced([(&self.pending, 4)]), &self.held, y);
            *z = z_times_pending;
            self.pending = pair;
        } else {
            self.pending = self.held * *y;
            self.has_pending = true;
        }
    }

    /// Multiplies every factor owed into `z`.
    #[inline]
    fn flush(&mut self, z: &mut F) {
        if self.has_pending {
            *z = *z * F::lin_unreduced([(&self.pending, 4)]);
            self.has_pending = false;
        }
        if self.has_held {
            *z = F::lin_unreduced([(&self.held, 2)]) * *z;
            self.has_held = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Fr, G1Projective, G2Projective};

    #[test]
    fn jacobian_chains_match_projective_ones() {
        let g1 = G1Projective::generator().mul_vartime(&Fr::from_u64(12345)).0;
        let g2 = G2Projective::generator().mul_vartime(&Fr::from_u64(777)).0;
        for n in [0u64, 1, 2, 3, 5, 0xd201_0000_0001_0000, u64::MAX, 1 << 63] {
            assert!(mul_u64(&g1, n).eq(&super::super::mul::mul_u64(&g1, n)), "G1, n = {n:#x}");
            assert!(mul_u64(&g2, n).eq(&super::super::mul::mul_u64(&g2, n)), "G2, n = {n:#x}");
        }
        assert!(Jacobian::<crate::Fp>::IDENTITY.double().to_point().is_identity());
        assert!(mul_u64(&Point::<crate::Fp>::IDENTITY, 5).is_identity());
    }

    #[test]
    fn mixed_additions_match_general_ones() {
        let g1 = G1Projective::generator().mul_vartime(&Fr::from_u64(4242)).0;
        let g2 = G2Projective::generator().mul_vartime(&Fr::from_u64(99)).0;
        let a1 = g1.to_affine().to_point();
        let a2 = g2.to_affine().to_point();
        assert!(a1.z == crate::Fp::ONE && a2.z == crate::Fp2::ONE);
        for n in [1u64, 2, 3, 5, 0xd201_0000_0001_0000, u64::MAX, 1 << 63] {
            assert!(mul_u64(&a1, n).eq(&mul_u64(&g1, n)), "G1, n = {n:#x}");
            assert!(mul_u64(&a2, n).eq(&mul_u64(&g2, n)), "G2, n = {n:#x}");
        }
        // Exceptional mixed additions: P + P, P + (-P), the identity plus P.
        let p = Jacobian::from_point(&a1);
        let q = Jacobian::from_point(&g1.double());
        let minus = Jacobian::from_point(&a1.neg());
        assert!(p.add_z_one(&p).to_point().eq(&g1.double()));
        assert!(minus.add_z_one(&p).to_point().is_identity());
        assert!(Jacobian::IDENTITY.add_z_one(&p).to_point().eq(&g1));
        assert!(q.add_z_one(&p).to_point().eq(&g1.double().add(&g1)));
    }

    /// `Jacobian::equals` against projective equality: the point itself with `Z = 1` and with
    /// another `Z`, its negation, its double, and the identity on either side.
    #[test]
    fn jacobian_equality_matches_projective_equality() {
        fn check<F: Coordinate>(p: Point<F>, z: F) {
            let scaled = Point { x: p.x * z, y: p.y * z, z: p.z * z };
            let j = Jacobian::from_point(&p.double()).mul_u64(3);
            let six_p = p.double().double().add(&p.double());
            for q in [
                six_p,
                Point { x: six_p.x * z, y: six_p.y * z, z: six_p.z * z },
                p,
                scaled,
                p.neg(),
                six_p.neg(),
                Point::IDENTITY,
            ] {
                assert_eq!(j.equals(&q), j.to_point().eq(&q));
                assert_eq!(Jacobian::<F>::IDENTITY.equals(&q), q.is_identity());
            }
            assert!(j.equals(&six_p) && !j.equals(&six_p.neg()));
        }
        let g1 = G1Projective::generator().mul_vartime(&Fr::from_u64(31)).0;
        let g2 = G2Projective::generator().mul_vartime(&Fr::from_u64(37)).0;
        check(g1.to_affine().to_point(), crate::Fp::from_u64(0xabcdef));
        check(g1, crate::Fp::from_u64(5));
        check(g2.to_affine().to_point(), crate::Fp2::new(crate::Fp::from_u64(3), crate::Fp::from_u64(9)));
        check(g2, crate::Fp2::new(crate::Fp::ZERO, crate::Fp::from_u64(2)));
    }

    /// A chain that passes through the identity: `(0, 2)` has order 3 on `y² = x³ + 4`, so its
    /// multiples by 3 are the identity mid-chain, where the doublings' `Z` factors (gathered
    /// apart over Fp, `ZFactors`) must keep `Z = 0` until an addition of the base.
    #[test]
    fn chains_through_the_identity_match_projective_ones() {
        use crate::Fp;
        let order_3 = Point { x: Fp::ZERO, y: Fp::from_u64(2), z: Fp::ONE };
        assert!(super::super::mul::mul_u64(&order_3, 3).is_identity());
        for n in [1u64, 2, 3, 6, 7, 12, 13, 0b1100_0000_0111, 0xd201_0000_0001_0000, u64::MAX] {
            let expected = super::super::mul::mul_u64(&order_3, n);
            assert!(mul_u64(&order_3, n).eq(&expected), "n = {n:#x}");
            assert_eq!(mul_u64(&order_3, n).is_identity(), n % 3 == 0, "n = {n:#x}");
        }
    }

    /// The chain on the isomorphic curve `y² = x³ + b·Z⁶` is exact off the subgroup too (the
    /// subgroup checks and the cofactor clearing rely on it): a point of E(Fp) outside G1,
    /// given with `Z ≠ 1`, against the projective chain.
    #[test]
    fn chains_from_scaled_points_outside_the_subgroup_match_projective_ones() {
        use crate::Fp;
        let mut candidate = Fp::from_u64(1);
        let (x, y) = loop {
            if let Some(y) = (candidate.square() * candidate + Fp::from_u64(4)).sqrt() {
                break (candidate, y);
            }
            candidate += Fp::ONE;
        };
        assert!(!crate::G1Affine::from_xy_unchecked(x, y).unwrap().is_torsion_free());
        let z = Fp::from_u64(0x1234_5678_9abc);
        let scaled = Point { x: x * z, y: y * z, z };
        for n in [1u64, 2, 3, 0xd201_0000_0001_0000, 0xd201_0000_0001_0001, u64::MAX] {
            assert!(mul_u64(&scaled, n).eq(&super::super::mul::mul_u64(&scaled, n)), "n = {n:#x}");
        }
    }
}
