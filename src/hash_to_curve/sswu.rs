//! The simplified SWU map (RFC 9380, section 6.6.2) onto the isogenous curves
//! `E': y² = x³ + A'x + B'`, written once for Fp (G1) and Fp2 (G2), and followed by the
//! isogeny to E in projective form (no inversion for it).

use crate::groups::coordinate::Coordinate;
use crate::groups::point::Point;
use crate::{Fp, Fp2};

/// What the map needs beyond the curve arithmetic: `sgn0`, and the square root of `g(x1)`
/// or, when there is none, of `g(x2) = Z³u⁶·g(x1)` from the same exponentiation.
pub(crate) trait SswuField: Coordinate {
    fn sgn0(&self) -> bool;
    /// `(true, sqrt(gx1))`, or `(false, sqrt(Z³u⁶·gx1))` when `gx1` is not a square.
    fn sqrt_either(gx1: &Self, u: &Self, zu2: &Self) -> (bool, Self);
    /// [`Self::sqrt_either`] for two maps, their exponentiations paired (two SIMD lanes on
    /// the IC: `Fp::mul2`).
    fn sqrt_either_pair(gx1: [&Self; 2], u: [&Self; 2], zu2: [&Self; 2]) -> [(bool, Self); 2];
}

/// sqrt(-Z³) for G1's Z = 11, that is sqrt(-1331) (checked by a test).
pub(crate) const SQRT_MINUS_Z1_CUBED: Fp =
    Fp::from_hex("03d689d1e0e762cef9f2bec6130316806b4c80eda6fc10ce77ae83eab1ea8b8b8a407c9c6db195e06f2dbeabc2baeff5");
/// sqrt(-N(Z)³) for G2's Z = -(2 + u), whose norm is 5: sqrt(-125) (checked by a test).
pub(crate) const SQRT_MINUS_NORM_Z2_CUBED: Fp =
    Fp::from_hex("0810e5a23cbb86fd12ded1af502287a397ed25c1d6fe0444e38c48e9c7ddb3c27cfebdd464e90f201fda0eb6983f2533");

impl SswuField for Fp {
    fn sgn0(&self) -> bool {
        Fp::sgn0(self)
    }

    /// `r = gx1^((p+1)/4)` is a root of gx1 when there is one, and otherwise of `-gx1`; then
    /// `sqrt(Z³u⁶·gx1) = u³·r·sqrt(-Z³)`.
    fn sqrt_either(gx1: &Fp, u: &Fp, _zu2: &Fp) -> (bool, Fp) {
        either_from_power(gx1, u, &gx1.pow_p_plus_1_over_4())
    }

    fn sqrt_either_pair(gx1: [&Fp; 2], u: [&Fp; 2], _zu2: [&Fp; 2]) -> [(bool, Fp); 2] {
        let r = Fp::pow_p_plus_1_over_4_pair(gx1[0], gx1[1]);
        [either_from_power(gx1[0], u[0], &r[0]), either_from_power(gx1[1], u[1], &r[1])]
    }
}

/// G1's [`SswuField::sqrt_either`] given `r = gx1^((p+1)/4)`.
fn either_from_power(gx1: &Fp, u: &Fp, r: &Fp) -> (bool, Fp) {
    if r.square() == *gx1 {
        (true, *r)
    } else {
        (false, u.square() * *u * *r * SQRT_MINUS_Z1_CUBED)
    }
}

impl SswuField for Fp2 {
    fn sgn0(&self) -> bool {
        Fp2::sgn0(self)
    }

    /// Fp2 roots by the complex method need a root γ of the norm. `t = N^((p-3)/4)` gives
    /// `N·t² = ±1`: when 1, γ = N·t and gx1 is a square; when -1, gx1 is not, and the norm of
    /// gx2 = Z³u⁶·gx1 has the root `N(u)³·sqrt(-N(Z)³)/t`, with `1/t = -N·t`.
    fn sqrt_either(gx1: &Fp2, u: &Fp2, zu2: &Fp2) -> (bool, Fp2) {
        let n = gx1.norm();
        let t = n.pow_p_minus_3_over_4();
        if n * t.square() == Fp::ONE || n.is_zero() {
            let gamma = n * t;
            if let Some(y) = gx1.sqrt_given_norm_root(&gamma) {
                return (true, y);
            }
        }
        let (gx2, gamma2) = other_square(gx1, u, zu2, &n, &t);
        (false, gx2.sqrt_given_norm_root(&gamma2).expect("g(x2) is a square when g(x1) is not"))
    }

    /// Both exponentiations of both maps paired: the norms' (`Fp::pow_p_minus_3_over_4_pair`),
    /// then the roots' (`Fp2::sqrt_given_norm_roots_pair`). A map whose paired root fails
    /// takes [`Self::sqrt_either`]'s path alone (not expected: a norm that is a square means
    /// a square).
    fn sqrt_either_pair(gx1: [&Fp2; 2], u: [&Fp2; 2], zu2: [&Fp2; 2]) -> [(bool, Fp2); 2] {
        let n = [gx1[0].norm(), gx1[1].norm()];
        let t = Fp::pow_p_minus_3_over_4_pair(&n[0], &n[1]);
        let pick = |i: usize| {
            if n[i] * t[i].square() == Fp::ONE || n[i].is_zero() {
                (true, *gx1[i], n[i] * t[i])
            } else {
                let (gx2, gamma2) = other_square(gx1[i], u[i], zu2[i], &n[i], &t[i]);
                (false, gx2, gamma2)
            }
        };
        let picks = [pick(0), pick(1)];
        let roots = Fp2::sqrt_given_norm_roots_pair([&picks[0].1, &picks[1].1], [&picks[0].2, &picks[1].2]);
        [0, 1].map(|i| match roots[i] {
            Some(y) => (picks[i].0, y),
            None => Self::sqrt_either(gx1[i], u[i], zu2[i]),
        })
    }
}

/// `gx2 = Z³u⁶·gx1` and a root of its norm, `N(u)³·sqrt(-N(Z)³)/t` with `1/t = -N·t`, for a
/// `gx1` whose norm `N` is not a square (`t = N^((p-3)/4)`).
fn other_square(gx1: &Fp2, u: &Fp2, zu2: &Fp2, n: &Fp, t: &Fp) -> (Fp2, Fp) {
    let nu = u.norm();
    let gamma2 = nu.square() * nu * SQRT_MINUS_NORM_Z2_CUBED * -(*n * *t);
    (zu2.square() * *zu2 * *gx1, gamma2)
}

/// `(x, y)` on `E'` for `u` (constants `a`, `b`, `z` of the suite). One inversion, and one
/// or two square roots (the second when `g(x1)` is not a square).
pub(crate) fn map_to_curve<F: SswuField>(u: &F, a: &F, b: &F, z: &F) -> (F, F) {
    let (zu2, tv1) = denominator_parts(u, z);
    let x1 = x1_given_inverse(a, b, z, &tv1, (*a * tv1).invert_vartime());
    finish(u, &zu2, &x1, F::sqrt_either(&g(&x1, a, b), u, &zu2))
}

/// [`map_to_curve`] of two field elements (`hash_to_curve`'s `u0`, `u1`) sharing one inversion
/// (Montgomery's trick: `1/d0 = d1/(d0·d1)`, `1/d1 = d0/(d0·d1)`: three products for an
/// inversion), their square roots' exponentiations paired ([`SswuField::sqrt_either_pair`]).
pub(crate) fn map_to_curve_pair<F: SswuField>(u: &[F; 2], a: &F, b: &F, z: &F) -> [(F, F); 2] {
    let parts = [denominator_parts(&u[0], z), denominator_parts(&u[1], z)];
    let d = [*a * parts[0].1, *a * parts[1].1];
    let inverses = match (d[0] * d[1]).invert_vartime() {
        Some(inv) => [Some(d[1] * inv), Some(d[0] * inv)],
        // One of them is zero (tv1 = 0, for two u in all): each on its own.
        None => [d[0].invert_vartime(), d[1].invert_vartime()],
    };
    let x1 = [0, 1].map(|i| x1_given_inverse(a, b, z, &parts[i].1, inverses[i]));
    let gx1 = [g(&x1[0], a, b), g(&x1[1], a, b)];
    let roots = F::sqrt_either_pair([&gx1[0], &gx1[1]], [&u[0], &u[1]], [&parts[0].0, &parts[1].0]);
    [0, 1].map(|i| finish(&u[i], &parts[i].0, &x1[i], roots[i]))
}

/// `Z·u²` and `tv1 = Z²u⁴ + Zu²`, whose product by A is `x1`'s denominator.
fn denominator_parts<F: SswuField>(u: &F, z: &F) -> (F, F) {
    let zu2 = *z * u.square();
    (zu2, zu2.square() + zu2)
}

/// `x1` given `1/(A·tv1)` (`None` when `tv1 = 0`).
fn x1_given_inverse<F: SswuField>(a: &F, b: &F, z: &F, tv1: &F, inverse: Option<F>) -> F {
    // x1 = (-B/A)(1 + 1/tv1) = -B(tv1 + 1)/(A·tv1); when tv1 = 0, x1 = B/(Z·A).
    match inverse {
        Some(inv) => -(*b * (*tv1 + F::ONE) * inv),
        None => *b * (*z * *a).invert_vartime().expect("Z·A is not zero"),
    }
}

/// The curve's right-hand side `g(x) = x³ + Ax + B`.
fn g<F: SswuField>(x: &F, a: &F, b: &F) -> F {
    (x.square() + *a) * *x + *b
}

/// The point from `x1` and the root of `g(x1)` or of `g(x2)` (RFC 9380, section 6.6.2:
/// `g(Z·u²·x1) = Z³u⁶·g(x1)` is a square when `g(x1)` is not), `y` signed as `u`.
fn finish<F: SswuField>(u: &F, zu2: &F, x1: &F, root: (bool, F)) -> (F, F) {
    let (x, y) = match root {
        (true, y1) => (*x1, y1),
        (false, y2) => (*zu2 * *x1, y2),
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
