//! Complete formulas on homogeneous projective coordinates for `y² = x³ + b`, written once for
//! G1 and G2: Renes, Costello and Batina, "Complete addition formulas for prime order elliptic
//! curves" (eprint 2015/1060), algorithms 7 (addition), 8 (mixed addition) and 9 (doubling).
//! Complete means no special cases: the identity, `P + P` and `P + (-P)` all go through the same
//! arithmetic. Products that do not depend on each other are paired (`mul2`) so the kernel can
//! compute them side by side.

use super::coordinate::Coordinate;
use alloc::vec::Vec;

/// A point `(X : Y : Z)`, standing for the affine `(X/Z, Y/Z)`; `Z = 0` is the identity
/// `(0 : 1 : 0)`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Point<F> {
    pub(crate) x: F,
    pub(crate) y: F,
    pub(crate) z: F,
}

/// An affine point; `infinity` marks the identity (whose coordinates are then zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Affine<F> {
    pub(crate) x: F,
    pub(crate) y: F,
    pub(crate) infinity: bool,
}

impl<F: Coordinate> Affine<F> {
    pub(crate) const IDENTITY: Affine<F> = Affine { x: F::ZERO, y: F::ZERO, infinity: true };

    /// Whether `y² = x³ + b` (the identity counts as on the curve). The two squares side by
    /// side where that is cheaper (in G2 it measured dearer).
    pub(crate) fn is_on_curve(&self) -> bool {
        if self.infinity {
            return true;
        }
        let (y2, x2) =
            if F::PAIRED_PRODUCTS { F::square2(&self.y, &self.x) } else { (self.y.square(), self.x.square()) };
        y2 == x2 * self.x + F::B
    }

    pub(crate) fn to_point(&self) -> Point<F> {
        if self.infinity {
            Point::IDENTITY
        } else {
            Point { x: self.x, y: self.y, z: F::ONE }
        }
    }

    pub(crate) fn neg(&self) -> Affine<F> {
        Affine { x: self.x, y: if self.infinity { self.y } else { -self.y }, infinity: self.infinity }
    }

    /// `P + Q` with the chord rule, `λ = (y2 - y1)/(x2 - x1)`, `x3 = λ² - x1 - x2`,
    /// `y3 = λ(x1 - x3) - y1` (Hankerson, Menezes and Vanstone, "Guide to Elliptic Curve
    /// Cryptography", 3.1.2): one inversion and three products, for a sum wanted in affine form,
    /// where the projective addition and its conversion back cost one inversion and thirteen
    /// products. Equal x (`Q = ±P`) and the identity go through the complete formulas.
    /// Variable time (public points: the EIP-2537 additions).
    #[cfg(any(test, feature = "eth"))]
    pub(crate) fn add_vartime(&self, q: &Affine<F>) -> Affine<F> {
        let dx = q.x - self.x;
        let inverse = if self.infinity || q.infinity { None } else { dx.invert_vartime() };
        let Some(inverse) = inverse else {
            return self.to_point().add_affine(q).to_affine_vartime();
        };
        // Differences that only feed products stay unreduced.
        let lambda = F::lin_unreduced([(&q.y, 1), (&self.y, -1)]) * inverse;
        let x3 = F::lin([(&lambda.square(), 1), (&self.x, -1), (&q.x, -1)]);
        let y3 = lambda * F::lin_unreduced([(&self.x, 1), (&x3, -1)]) - self.y;
        Affine { x: x3, y: y3, infinity: false }
    }
}

/// Whether `a == b`, computed without a comparison branch (for secret table indices).
#[inline(always)]
pub(crate) fn equal_without_branch(a: u64, b: u64) -> bool {
    ((a ^ b).wrapping_sub(1) >> 63) == 1
}

impl<F: Coordinate> Point<F> {
    /// `b` when `choose_b`, else `a`, coordinate by coordinate without a branch.
    #[inline(always)]
    pub(crate) fn select(a: &Point<F>, b: &Point<F>, choose_b: bool) -> Point<F> {
        Point {
            x: F::select(&a.x, &b.x, choose_b),
            y: F::select(&a.y, &b.y, choose_b),
            z: F::select(&a.z, &b.z, choose_b),
        }
    }

    pub(crate) const IDENTITY: Point<F> = Point { x: F::ZERO, y: F::ONE, z: F::ZERO };

    #[inline]
    pub(crate) fn is_identity(&self) -> bool {
        self.z.is_zero()
    }

    /// Whether `Y²Z = X³ + bZ³`, the projective curve equation (the identity satisfies it).
    pub(crate) fn is_on_curve(&self) -> bool {
        let z2 = self.z.square();
        self.y.square() * self.z == self.x.square() * self.x + F::B * z2 * self.z
    }

    /// Equality of the points the coordinates stand for: `X1·Z2 = X2·Z1` and `Y1·Z2 = Y2·Z1`.
    pub(crate) fn eq(&self, other: &Point<F>) -> bool {
        let (x1z2, x2z1) = F::mul2(&self.x, &other.z, &other.x, &self.z);
        let (y1z2, y2z1) = F::mul2(&self.y, &other.z, &other.y, &self.z);
        x1z2 == x2z1 && y1z2 == y2z1
    }

    #[inline]
    pub(crate) fn neg(&self) -> Point<F> {
        Point { x: self.x, y: -self.y, z: self.z }
    }

    /// `P + Q`: algorithm 7 of eprint 2015/1060 with a = 0 (12 products, 6 pairs). Sums that
    /// only feed a product stay unreduced; the others are single linear combinations.
    pub(crate) fn add(&self, q: &Point<F>) -> Point<F> {
        let (x1, y1, z1) = (&self.x, &self.y, &self.z);
        let (x2, y2, z2) = (&q.x, &q.y, &q.z);
        let u = |a: &F, b: &F| F::lin_unreduced([(a, 1), (b, 1)]);
        let (t0, t1) = F::mul2(x1, x2, y1, y2);
        let (t2, t3) = F::mul2(z1, z2, &u(x1, y1), &u(x2, y2));
        let t3 = F::lin_unreduced([(&t3, 1), (&t0, -1), (&t1, -1)]);
        let (t4, x3) = F::mul2(&u(y1, z1), &u(y2, z2), &u(x1, z1), &u(x2, z2));
        let t4 = F::lin_unreduced([(&t4, 1), (&t1, -1), (&t2, -1)]);
        let y3 = F::lin([(&x3, 1), (&t0, -1), (&t2, -1)]).mul_by_3b();
        let t0 = F::lin_unreduced([(&t0, 3)]);
        let z3 = F::plus_3b_times(&t1, 1, &t2, 1);
        let t1 = F::plus_3b_times(&t1, 1, &t2, -1);
        Self::add_tail(t0, t1, t3, t4, y3, z3)
    }

    /// The products and sums algorithms 7 and 8 end with. `t0`, `t3` and `t4` only feed these
    /// products, so the callers leave them unreduced (below 8p, see `lin_unreduced`).
    #[inline(always)]
    fn add_tail(t0: F, t1: F, t3: F, t4: F, y3: F, z3: F) -> Point<F> {
        // (t4·y3, t3·t1), (y3·t0, t1·z3), (t0·t3, z3·t4), borrowed where they are (as in
        // `double_in_place`).
        let first = F::mul2(&t4, &y3, &t3, &t1);
        let second = F::mul2(&y3, &t0, &t1, &z3);
        let third = F::mul2(&t0, &t3, &z3, &t4);
        Point { x: first.1 - first.0, y: second.1 + second.0, z: third.1 + third.0 }
    }

    /// `P + Q` for an affine `Q`: algorithm 8 of eprint 2015/1060 with a = 0 (11 products).
    /// Complete for every `P`; the affine identity is handled before the formula, which has
    /// no way to represent it.
    pub(crate) fn add_affine(&self, q: &Affine<F>) -> Point<F> {
        if q.infinity {
            return *self;
        }
        let (x1, y1, z1) = (&self.x, &self.y, &self.z);
        let (x2, y2) = (&q.x, &q.y);
        let (t0, t1) = F::mul2(x1, x2, y1, y2);
        let (t3, t4) = F::mul2(&F::lin_unreduced([(x2, 1), (y2, 1)]), &F::lin_unreduced([(x1, 1), (y1, 1)]), y2, z1);
        let t3 = F::lin_unreduced([(&t3, 1), (&t0, -1), (&t1, -1)]);
        let t4 = F::lin_unreduced([(&t4, 1), (y1, 1)]);
        let y3 = (*x2 * *z1 + *x1).mul_by_3b();
        let t0 = F::lin_unreduced([(&t0, 3)]);
        let z3 = F::plus_3b_times(&t1, 1, z1, 1);
        let t1 = F::plus_3b_times(&t1, 1, z1, -1);
        Self::add_tail(t0, t1, t3, t4, y3, z3)
    }

    /// `2P`: algorithm 9 of eprint 2015/1060 with a = 0 (8 products, in 4 pairs).
    pub(crate) fn double(&self) -> Point<F> {
        self.double_sharing().0
    }

    /// `self = 2·self` ([`Self::double`]). In place for the chains of doublings: `acc =
    /// acc.double()` computes the point aside and then copies it whole (a `memory.copy`, 100
    /// instructions plus its bytes), where this writes each coordinate once its inputs are spent.
    /// The formula is [`Self::double_sharing`]'s, written twice on purpose: both as one
    /// `#[inline(always)]` body returning the coordinates measured 1.4% dearer on `g1_mul`
    /// (`cargo xtask check`).
    #[inline]
    pub(crate) fn double_in_place(&mut self) {
        let (x, y, z) = (&self.x, &self.y, &self.z);
        // The pairs are borrowed, not moved out of: moved, their halves were copied aside.
        let first = F::square_mul(y, y, z);
        let (y2, yz) = (&first.0, &first.1);
        let second = F::square_mul(z, &F::lin_unreduced([(x, 2)]), y);
        let (z2, xy2) = (&second.0, &second.1);
        let z3 = F::lin([(y2, 8)]);
        let t2 = z2.mul_by_3b();
        let third = F::mul2(&t2, &z3, yz, &z3);
        let t0 = F::lin_unreduced([(y2, 1), (&t2, -3)]);
        let fourth = F::mul2(&t0, &F::lin_unreduced([(y2, 1), (&t2, 1)]), &t0, xy2);
        self.x = fourth.1;
        self.y = third.0 + fourth.0;
        self.z = third.1;
    }

    /// `2P`, with the values the Miller loop's tangent line reuses: `(Y², Y·Z, 3b·Z²)`.
    #[inline(always)]
    pub(crate) fn double_sharing(&self) -> (Point<F>, [F; 3]) {
        let (x, y, z) = (&self.x, &self.y, &self.z);
        // The pairs are borrowed, not moved out of (see `double_in_place`).
        let first = F::square_mul(y, y, z);
        let (y2, yz) = (&first.0, &first.1);
        // 2XY, with 2X unreduced (a product's input), saves doubling X3 at the end.
        let second = F::square_mul(z, &F::lin_unreduced([(x, 2)]), y);
        let (z2, xy2) = (&second.0, &second.1);
        let z3 = F::lin([(y2, 8)]);
        let t2 = z2.mul_by_3b();
        let third = F::mul2(&t2, &z3, yz, &z3);
        // Only a product input, so unreduced (Σ|k| = 4: below 8p).
        let t0 = F::lin_unreduced([(y2, 1), (&t2, -3)]);
        let fourth = F::mul2(&t0, &F::lin_unreduced([(y2, 1), (&t2, 1)]), &t0, xy2);
        (Point { x: fourth.1, y: third.0 + fourth.0, z: third.1 }, [*y2, *yz, t2])
    }

    /// `P - Q`.
    #[inline]
    pub(crate) fn sub(&self, q: &Point<F>) -> Point<F> {
        self.add(&q.neg())
    }

    /// The affine form, with a variable-time inversion (for public points).
    pub(crate) fn to_affine_vartime(&self) -> Affine<F> {
        self.to_affine_with(F::invert_vartime)
    }

    /// The affine form, with an inversion whose running time does not depend on the point.
    pub(crate) fn to_affine(&self) -> Affine<F> {
        self.to_affine_with(F::invert)
    }

    fn to_affine_with(&self, invert: impl Fn(&F) -> Option<F>) -> Affine<F> {
        match invert(&self.z) {
            Some(zinv) => {
                let (x, y) = F::mul2(&self.x, &zinv, &self.y, &zinv);
                Affine { x, y, infinity: false }
            }
            None => Affine::IDENTITY,
        }
    }
}

/// Affine forms of many points with one inversion (`Coordinate::batch_invert_nonzero_vartime`:
/// Montgomery's simultaneous inversion). Identities (Z = 0) come out as the affine identity.
/// Variable time (public points).
pub(crate) fn batch_to_affine<F: Coordinate>(points: &[Point<F>], out: &mut [Affine<F>]) {
    assert_eq!(points.len(), out.len());
    let mut inverses: Vec<F> = points.iter().filter(|p| !p.z.is_zero()).map(|p| p.z).collect();
    let inverted = F::batch_invert_nonzero_vartime(&mut inverses);
    debug_assert!(inverted, "only nonzero Z are inverted");
    // One inverse for each nonzero Z, in order.
    let mut inverses = inverses.iter();
    for (p, o) in points.iter().zip(out.iter_mut()) {
        let zinv = if p.z.is_zero() { None } else { inverses.next() };
        *o = match zinv {
            Some(zinv) => {
                let (x, y) = F::mul2(&p.x, zinv, &p.y, zinv);
                Affine { x, y, infinity: false }
            }
            None => Affine::IDENTITY,
        };
    }
}
