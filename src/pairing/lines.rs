//! Miller-loop lines on BLS12-381's M-type sextic twist, and G2 points prepared as the list of
//! their lines.
//!
//! With Fp12 = Fp6[w]/(w² - v), Fp6 = Fp2[v]/(v³ - ξ), the untwisting map sends a point
//! `(x', y')` of `E': y² = x³ + 4ξ` to `(x'/w², y'/w³)` on E. A line through points of the
//! twist, evaluated at `P = (xP, yP)` on E and multiplied by `w³` (which lies in Fp4, a proper
//! subfield, so the final exponentiation removes it), is `c0 + (c1·xP)·v + (c4·yP)·v·w`: three
//! of the twelve Fp2 coefficients ([`crate::Fp12::mul_by_014`]). Each line below is also scaled
//! by a nonzero factor in Fp2, removed the same way, to avoid divisions. Derivation:
//!
//! * tangent at `T = (X : Y : Z)` (homogeneous): slope `λ' = 3x'²/(2y')`; scaled by
//!   `2y'·Z²`, using `Y²Z = X³ + b'Z³`: `c0 = Y² - 3b'Z²`, `c1 = -3X²`, `c4 = 2YZ`;
//! * chord through `T` and an affine `Q = (x2, y2)`: scaled by `(x' - x2)·Z`:
//!   `c0 = Y·x2 - y2·X`, `c1 = y2·Z - Y`, `c4 = X - x2·Z`.

use crate::groups::coordinate::Coordinate;
use crate::groups::point::{Affine, Point};
use crate::groups::scalar::X;
use crate::{Fp, Fp12, Fp2, Fp6, G2Affine, G2Projective};
use alloc::borrow::Cow;
use alloc::vec::Vec;

/// A line's three coefficients before evaluation at a G1 point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub(crate) c0: Fp2,
    pub(crate) c1: Fp2,
    pub(crate) c4: Fp2,
}

impl Line {
    /// A line from the hex of its coefficients' Fp halves, `[c0.c0, c0.c1, c1.c0, c1.c1, c4.c0,
    /// c4.c1]` (big-endian, 96 digits each): the form of the generated line files.
    pub(crate) const fn from_hex(h: [&str; 6]) -> Line {
        const fn fp2(c0: &str, c1: &str) -> Fp2 {
            Fp2::new(Fp::from_hex(c0), Fp::from_hex(c1))
        }
        Line { c0: fp2(h[0], h[1]), c1: fp2(h[2], h[3]), c4: fp2(h[4], h[5]) }
    }

    /// `f · l(P)` for `P = (xp, yp)`; `None` for f stands for one (the loop's first line).
    #[inline]
    pub(crate) fn multiply(&self, f: Option<&Fp12>, xp: &Fp, yp: &Fp) -> Fp12 {
        let (c1, c4) = (self.c1.mul_by_fp(xp), self.c4.mul_by_fp(yp));
        match f {
            Some(f) => f.mul_by_014(&self.c0, &c1, &c4),
            None => Fp12::new(Fp6::new(self.c0, c1, Fp2::ZERO), Fp6::new(Fp2::ZERO, c4, Fp2::ZERO)),
        }
    }

    /// [`Self::multiply`] for a line scaled to `c0 = 1` (see [`G2Prepared::new_normalized`]).
    #[inline]
    pub(crate) fn multiply_normalized(&self, f: Option<&Fp12>, xp: &Fp, yp: &Fp) -> Fp12 {
        let (c1, c4) = (self.c1.mul_by_fp(xp), self.c4.mul_by_fp(yp));
        match f {
            Some(f) => f.mul_by_14(&c1, &c4),
            None => Fp12::new(Fp6::new(Fp2::ONE, c1, Fp2::ZERO), Fp6::new(Fp2::ZERO, c4, Fp2::ZERO)),
        }
    }
}

/// The tangent at `T`, and `2T` (sharing `Y²`, `YZ` and `3b'Z²` with the doubling).
#[cfg_attr(simd128_attr, target_feature(enable = "simd128"))]
pub(crate) fn doubling_step(t: &Point<Fp2>) -> (Line, Point<Fp2>) {
    let (doubled, [y2, yz, b3z2]) = t.double_sharing();
    // Each coefficient a linear combination with one reduction per Fp coefficient.
    let line = Line {
        c0: <Fp2 as Coordinate>::lin([(&y2, 1), (&b3z2, -1)]),
        c1: <Fp2 as Coordinate>::lin([(&t.x.square(), -3)]),
        c4: <Fp2 as Coordinate>::lin([(&yz, 2)]),
    };
    (line, doubled)
}

/// The chord through `T` and `Q`, and `T + Q`.
pub(crate) fn addition_step(t: &Point<Fp2>, q: &Affine<Fp2>) -> (Line, Point<Fp2>) {
    let (x, y, z) = (&t.x, &t.y, &t.z);
    let line =
        Line { c0: y.mul_by_ref(&q.x) - q.y.mul_by_ref(x), c1: q.y.mul_by_ref(z) - *y, c4: *x - q.x.mul_by_ref(z) };
    (line, t.add_affine(q))
}

/// The bits of |z| below the top one, most significant first: the Miller loop's schedule (a
/// doubling per bit, an addition after each set bit).
pub(crate) fn loop_bits() -> impl Iterator<Item = bool> {
    (0..63).rev().map(|i| (X >> i) & 1 == 1)
}

/// Lines in the Miller loop of z: 63 doublings and 5 additions.
pub(crate) const LINES: usize = 68;

/// A G2 point prepared for pairings: the lines of its Miller loop, computed once. Worth it for
/// a point used in more than one pairing (a public key, a generator); [`Self::generator`] and
/// [`Self::neg_generator`] are built into the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct G2Prepared {
    /// Empty for the point at infinity (its pairings are one).
    pub(crate) lines: Cow<'static, [Line]>,
    /// Whether every line is scaled to `c0 = 1`, which makes its multiplication cheaper.
    pub(crate) normalized: bool,
}

impl G2Prepared {
    /// The lines of `q`'s Miller loop.
    pub fn new(q: &G2Affine) -> G2Prepared {
        Self::with_last_point(q).0
    }

    /// The lines of `q`'s Miller loop and the loop's last point, `[|z|]q`: the doublings and
    /// additions are the complete formulas, exact on every point of the curve (in G2 or not),
    /// so this is `q`'s multiple by |z| whatever `q` is.
    fn with_last_point(q: &G2Affine) -> (G2Prepared, Point<Fp2>) {
        if q.is_identity() {
            return (G2Prepared { lines: Cow::Borrowed(&[]), normalized: false }, Point::IDENTITY);
        }
        let mut lines = Vec::with_capacity(LINES);
        let mut t = q.0.to_point();
        for bit in loop_bits() {
            let (line, next) = doubling_step(&t);
            lines.push(line);
            t = next;
            if bit {
                let (line, next) = addition_step(&t, &q.0);
                lines.push(line);
                t = next;
            }
        }
        (G2Prepared { lines: Cow::Owned(lines), normalized: false }, t)
    }

    /// Decodes a compressed G2 point (ZCash/IETF encoding) and prepares its lines, with the
    /// checks and errors of [`G2Affine::from_compressed`]. The subgroup check, `ψ(Q) = [z]Q`
    /// (Scott, eprint 2021/1130, section 4), reads `[|z|]Q` off the preparation's last point
    /// instead of computing it again: a G2 point that is both checked and paired costs 63
    /// doublings less (about 1.9 million instructions, `bench/RESULTS.md`).
    pub fn from_compressed(bytes: &[u8]) -> Result<(G2Affine, G2Prepared), crate::DecodeError> {
        let q = G2Affine::from_compressed_unchecked(bytes)?;
        Ok((q, Self::new_checked(&q, "G2 compressed point")?))
    }

    /// The lines of `q`, a point of the curve not known to be in G2, with its subgroup check
    /// read off them (as [`Self::from_compressed`]): `NotInSubgroup { what }` when it is not.
    pub(crate) fn new_checked(q: &G2Affine, what: &'static str) -> Result<G2Prepared, crate::DecodeError> {
        let (prepared, last) = Self::with_last_point(q);
        // z = -|z|: ψ(Q) = -[|z|]Q. The identity passes (ψ of it is itself).
        if G2Projective::from(*q).psi() == -G2Projective(last) {
            Ok(prepared)
        } else {
            Err(crate::DecodeError::NotInSubgroup { what })
        }
    }

    /// As [`Self::new`], with every line divided by its constant coefficient (a factor in Fp2,
    /// which the final exponentiation removes, like the line's other scalings): a Miller loop
    /// then multiplies by `1 + B·v + C·v·w`, nine Fp2 products instead of thirteen. The
    /// divisions cost one inversion and about 340 Fp2 products, more than one Miller loop
    /// saves: this is for points used in many pairings (the built-in fixed points are
    /// prepared this way at compile time). Falls back to [`Self::new`]'s lines in the
    /// (never observed) case of a zero constant coefficient.
    pub fn new_normalized(q: &G2Affine) -> G2Prepared {
        let mut prepared = G2Prepared::new(q);
        let constants: Vec<Fp2> = prepared.lines.iter().map(|l| l.c0).collect();
        let Some(inverses) = Fp2::batch_invert_vartime(&constants) else {
            return prepared;
        };
        let lines: Vec<Line> = prepared
            .lines
            .iter()
            .zip(inverses)
            .map(|(l, inv)| Line { c0: Fp2::ONE, c1: l.c1 * inv, c4: l.c4 * inv })
            .collect();
        prepared.normalized = !lines.is_empty();
        prepared.lines = Cow::Owned(lines);
        prepared
    }

    /// A point prepared at compile time: `lines` is a generated constant, normalized (`c0 =
    /// 1`), checked by its test (through `check_or_write_lines`) against
    /// [`G2Prepared::new_normalized`].
    pub(crate) const fn from_static_lines(lines: &'static [Line; LINES]) -> G2Prepared {
        G2Prepared { lines: Cow::Borrowed(lines), normalized: true }
    }

    /// Whether this is the point at infinity.
    pub fn is_identity(&self) -> bool {
        self.lines.is_empty()
    }
}

impl From<G2Affine> for G2Prepared {
    fn from(q: G2Affine) -> G2Prepared {
        G2Prepared::new(&q)
    }
}

impl From<&G2Affine> for G2Prepared {
    fn from(q: &G2Affine) -> G2Prepared {
        G2Prepared::new(q)
    }
}

impl From<G2Projective> for G2Prepared {
    fn from(q: G2Projective) -> G2Prepared {
        G2Prepared::new(&q.to_affine_vartime())
    }
}

/// The test behind each generated line file (`file`, from the crate's root): with
/// `ICBLS_WRITE_PREPARED=1` it writes the lines of `points` (name of the static, doc, point),
/// then it checks that the built-in constants (`constants`, in the same order) equal preparing
/// the points at run time. `test` is the calling test's name, quoted in the file's header.
#[cfg(test)]
pub(crate) fn check_or_write_lines(
    file: &str,
    test: &str,
    points: &[(&str, &str, G2Affine)],
    constants: &[G2Prepared],
) {
    extern crate std;
    use alloc::string::String;
    use core::fmt::Write;

    let to_hex = |x: &Fp| hex::encode(x.to_bytes());
    assert_eq!(points.len(), constants.len());
    if std::env::var_os("ICBLS_WRITE_PREPARED").is_some() {
        let mut out = String::new();
        let _ = write!(
            out,
            "//! @generated by `cargo xtask regenerate` (the test `{test}`\n\
             //! with `ICBLS_WRITE_PREPARED=1`): the Miller-loop lines of fixed G2 points. Do not edit.\n\n\
             use crate::pairing::{{Line, LINES}};\n"
        );
        for (name, doc, q) in points {
            let _ = write!(
                out,
                "\n/// {doc}\n#[allow(long_running_const_eval)] // hundreds of conversions to the kernel's form\n\
                 pub(crate) static {name}: [Line; LINES] = [\n"
            );
            for Line { c0, c1, c4 } in G2Prepared::new_normalized(q).lines.iter() {
                out.push_str("    Line::from_hex([\n");
                for v in [c0.c0, c0.c1, c1.c0, c1.c1, c4.c0, c4.c1] {
                    let _ = writeln!(out, "        \"{}\",", to_hex(&v));
                }
                out.push_str("    ]),\n");
            }
            out.push_str("];\n");
        }
        std::fs::write(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file), out).unwrap();
    }
    for ((name, _, q), constant) in points.iter().zip(constants) {
        assert_eq!(
            *constant,
            G2Prepared::new_normalized(q),
            "{name}: run `cargo xtask regenerate prepared-lines` to rewrite {file}"
        );
    }
}
