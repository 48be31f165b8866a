//! The simplified SWU map (RFC 9380, section 6.6.2) onto the isogenous curves
//! `E': y² = x³ + A'x + B'`, written once for Fp (G1) and Fp2 (G2), and followed by the
//! isogeny to E in projective form (no inversion for it).

use crate::groups::coordinate::Coordinate;
use crate::groups::point::Point;
use crate::{Fp, Fp2};

/// What the map needs beyond the curve arithmetic: `sgn0` and square roots.
pub(crate) trait SswuField: Coordinate {
    fn sgn0(&self) -> bool;
}

impl SswuField for Fp {
    fn sgn0(&self) -> bool {
        Fp::sgn0(self)
    }
}

impl SswuField for Fp2 {
    fn sgn0(&self) -> bool {
        Fp2::sgn0(self)
    }
}

/// `(x, y)` on `E'` for `u` (constants `a`, `b`, `z` of the suite). One inversion, and one
/// or two square roots (the second when `g(x1)` is not a square).
pub(crate) fn map_to_curve<F: SswuField>(u: &F, a: &F, b: &F, z: &F) -> (F, F) {
    let zu2 = *z * u.square();
    let tv1 = zu2.square() + zu2; // Z²u⁴ + Zu²
    // x1 = (-B/A)(1 + 1/tv1) = -B(tv1 + 1)/(A·tv1); when tv1 = 0, x1 = B/(Z·A).
    let x1 = match (*a * tv1).invert_vartime() {
        Some(inv) => -(*b * (tv1 + F::ONE) * inv),
        None => *b * (*z * *a).invert_vartime().expect("Z·A is not zero"),
    };
    let g = |x: &F| (x.square() + *a) * *x + *b;
    let (x, y) = match g(&x1).sqrt() {
        Some(y1) => (x1, y1),
        None => {
            // g(Z·u²·x1) = Z³u⁶·g(x1) is a square when g(x1) is not (RFC 9380, section 6.6.2).
            let x2 = zu2 * x1;
            (x2, g(&x2).sqrt().expect("g(x2) is a square when g(x1) is not"))
        }
    };
    let y = if u.sgn0() != y.sgn0() { -y } else { y };
    (x, y)
}

/// A polynomial in ascending coefficients (`monic`: with an implicit leading 1) at `x`, by
/// Horner's rule.
fn evaluate<F: Coordinate>(coefficients: &[F], monic: bool, x: &F) -> F {
    let mut acc = if monic { F::ONE } else { F::ZERO };
    let mut first = !monic;
    for c in coefficients.iter().rev() {
        acc = if first { *c } else { acc * *x + *c };
        first = false;
    }
    acc
}

/// The isogeny `E' → E`, `(x', y') ↦ (x_num/x_den, y'·y_num/y_den)`, as the projective point
/// `(x_num·y_den : y'·y_num·x_den : x_den·y_den)`. The points where a denominator vanishes map
/// to the identity.
pub(crate) fn isogeny<F: Coordinate>(x: &F, y: &F, x_num: &[F], x_den: &[F], y_num: &[F], y_den: &[F]) -> Point<F> {
    let (xn, xd) = (evaluate(x_num, false, x), evaluate(x_den, true, x));
    let (yn, yd) = (evaluate(y_num, false, x), evaluate(y_den, true, x));
    let z = xd * yd;
    if z.is_zero() {
        return Point::IDENTITY;
    }
    Point { x: xn * yd, y: *y * yn * xd, z }
}
