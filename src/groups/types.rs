//! The public point types of G1 and G2, defined once by a macro: what both groups share
//! (identity, generator, operators, encodings, normalisation). Each group's file adds its
//! endomorphism, subgroup check and scalar multiplications.

/// Defines `$affine` and `$projective` over coordinates `$field`, named `$name` in docs and
/// errors, with `$compressed`-, `$uncompressed`- and `$eip`-byte encodings and the standard
/// generator `$generator` (a constant `Affine<$field>`).
///
/// The caller must define, in an `impl $projective` block of its own:
/// * `pub fn is_torsion_free(&self) -> bool`, the subgroup test, which the checked decoders
///   and `$affine::is_torsion_free` call;
/// * `pub fn mul_vartime(&self, k: &Fr) -> $projective`, the variable-time scalar
///   multiplication, which the docs of `mul_constant_time` link to.
///
/// The expansion also names `alloc::vec` (the crate's `extern crate alloc`).
macro_rules! group_types {
    ($affine:ident, $projective:ident, $field:ty, $name:literal, $compressed:literal, $uncompressed:literal, $eip:literal, $generator:expr) => {
        #[doc = concat!("A point of ", $name, " in affine coordinates (or the point at infinity).")]
        ///
        /// Values decoded with a checked decoder, produced by the group operations or
        /// converted from a projective point of the group are in the prime-order subgroup;
        /// the `_unchecked` decoders only promise a point on the curve.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $affine(pub(crate) $crate::groups::point::Affine<$field>);

        #[doc = concat!("A point of ", $name, " in homogeneous projective coordinates `(X : Y : Z)`.")]
        #[derive(Clone, Copy, Debug)]
        pub struct $projective(pub(crate) $crate::groups::point::Point<$field>);

        impl $affine {
            /// Bytes of the compressed ZCash/IETF encoding.
            pub const COMPRESSED_BYTES: usize = $compressed;
            /// Bytes of the uncompressed ZCash/IETF encoding.
            pub const UNCOMPRESSED_BYTES: usize = $uncompressed;
            /// Bytes of the EIP-2537 encoding.
            pub const EIP2537_BYTES: usize = $eip;

            /// The point at infinity.
            pub const fn identity() -> $affine {
                $affine($crate::groups::point::Affine::IDENTITY)
            }

            /// The standard generator.
            pub const fn generator() -> $affine {
                $affine($generator)
            }

            /// Whether this is the point at infinity.
            pub fn is_identity(&self) -> bool {
                self.0.infinity
            }

            /// The affine `x` coordinate (zero for the point at infinity).
            pub fn x(&self) -> $field {
                self.0.x
            }

            /// The affine `y` coordinate (zero for the point at infinity).
            pub fn y(&self) -> $field {
                self.0.y
            }

            /// The point `(x, y)` if it is on the curve; no subgroup check (see
            /// [`Self::is_torsion_free`]).
            pub fn from_xy_unchecked(x: $field, y: $field) -> Result<$affine, $crate::DecodeError> {
                let p = $crate::groups::point::Affine { x, y, infinity: false };
                if !p.is_on_curve() {
                    return Err($crate::DecodeError::NotOnCurve { what: concat!($name, " point") });
                }
                Ok($affine(p))
            }

            /// Whether the point satisfies the curve equation.
            pub fn is_on_curve(&self) -> bool {
                self.0.is_on_curve()
            }

            /// Whether the point is in the prime-order subgroup, by the endomorphism test
            /// (Scott, "A note on group membership tests for G1, G2 and GT on BLS pairing-friendly
            /// curves", eprint 2021/1130).
            pub fn is_torsion_free(&self) -> bool {
                $projective::from(*self).is_torsion_free()
            }

            /// The compressed ZCash/IETF encoding.
            pub fn to_compressed(&self) -> [u8; $compressed] {
                let mut out = [0u8; $compressed];
                $crate::groups::encoding::write_compressed(&self.0, &mut out);
                out
            }

            /// The uncompressed ZCash/IETF encoding.
            pub fn to_uncompressed(&self) -> [u8; $uncompressed] {
                let mut out = [0u8; $uncompressed];
                $crate::groups::encoding::write_uncompressed(&self.0, &mut out);
                out
            }

            /// The EIP-2537 encoding.
            pub fn to_eip2537(&self) -> [u8; $eip] {
                let mut out = [0u8; $eip];
                $crate::groups::encoding::write_eip2537(&self.0, &mut out);
                out
            }

            /// Decodes a compressed ZCash/IETF encoding and checks that the point is in the
            /// subgroup.
            pub fn from_compressed(bytes: &[u8]) -> Result<$affine, $crate::DecodeError> {
                Self::from_compressed_unchecked(bytes)?.subgroup_checked(concat!($name, " compressed point"))
            }

            /// Decodes a compressed ZCash/IETF encoding without the subgroup check (the point is
            /// on the curve by construction).
            pub fn from_compressed_unchecked(bytes: &[u8]) -> Result<$affine, $crate::DecodeError> {
                $crate::groups::encoding::read_compressed(bytes, concat!($name, " compressed point")).map($affine)
            }

            /// Decodes an uncompressed ZCash/IETF encoding and checks that the point is on the
            /// curve and in the subgroup.
            pub fn from_uncompressed(bytes: &[u8]) -> Result<$affine, $crate::DecodeError> {
                Self::from_uncompressed_unchecked(bytes)?.subgroup_checked(concat!($name, " uncompressed point"))
            }

            /// Decodes an uncompressed ZCash/IETF encoding and checks that the point is on the
            /// curve, but not the subgroup.
            pub fn from_uncompressed_unchecked(bytes: &[u8]) -> Result<$affine, $crate::DecodeError> {
                $crate::groups::encoding::read_uncompressed(bytes, concat!($name, " uncompressed point")).map($affine)
            }

            /// Decodes an EIP-2537 encoding and checks that the point is on the curve and in the
            /// subgroup (as the EIP's MSM and pairing precompiles require).
            pub fn from_eip2537(bytes: &[u8]) -> Result<$affine, $crate::DecodeError> {
                Self::from_eip2537_unchecked(bytes)?.subgroup_checked(concat!($name, " EIP-2537 point"))
            }

            /// Decodes an EIP-2537 encoding and checks that the point is on the curve, but not the
            /// subgroup (as the EIP's addition precompiles require).
            pub fn from_eip2537_unchecked(bytes: &[u8]) -> Result<$affine, $crate::DecodeError> {
                $crate::groups::encoding::read_eip2537(bytes, $eip, concat!($name, " EIP-2537 point")).map($affine)
            }

            fn subgroup_checked(self, what: &'static str) -> Result<$affine, $crate::DecodeError> {
                if self.is_torsion_free() {
                    Ok(self)
                } else {
                    Err($crate::DecodeError::NotInSubgroup { what })
                }
            }
        }

        impl $projective {
            /// The point at infinity.
            pub const fn identity() -> $projective {
                $projective($crate::groups::point::Point::IDENTITY)
            }

            /// The standard generator.
            pub fn generator() -> $projective {
                $projective($generator.to_point())
            }

            /// Whether this is the point at infinity.
            pub fn is_identity(&self) -> bool {
                self.0.is_identity()
            }

            /// Whether the coordinates satisfy the (projective) curve equation.
            pub fn is_on_curve(&self) -> bool {
                self.0.is_on_curve()
            }

            /// `2·self`.
            pub fn double(&self) -> $projective {
                $projective(self.0.double())
            }

            /// `self + rhs` for an affine `rhs` (mixed addition, cheaper than the full one).
            pub fn add_affine(&self, rhs: &$affine) -> $projective {
                $projective(self.0.add_affine(&rhs.0))
            }

            /// The affine form, with an inversion whose running time does not depend on the
            /// point. [`Self::to_affine_vartime`] is much cheaper for public points.
            pub fn to_affine(&self) -> $affine {
                $affine(self.0.to_affine())
            }

            /// The affine form, with a variable-time inversion: for public points.
            pub fn to_affine_vartime(&self) -> $affine {
                $affine(self.0.to_affine_vartime())
            }

            /// The affine forms of `points` written to `out` (same length), with one inversion
            /// for all of them (Montgomery's trick). Variable time: for public points.
            ///
            /// # Panics
            ///
            /// If `points` and `out` differ in length.
            pub fn batch_normalize(points: &[$projective], out: &mut [$affine]) {
                assert_eq!(points.len(), out.len(), "batch_normalize: lengths differ");
                let inner: alloc::vec::Vec<_> = points.iter().map(|p| p.0).collect();
                let mut affine = alloc::vec![$crate::groups::point::Affine::IDENTITY; points.len()];
                $crate::groups::point::batch_to_affine(&inner, &mut affine);
                for (o, a) in out.iter_mut().zip(affine) {
                    *o = $affine(a);
                }
            }

            /// `[k]·self` for a secret `k`, in a sequence of operations that does not depend
            /// on `k`: the endomorphism split of [`Self::mul_vartime`] computed without
            /// branches, fixed windows, masked table lookups and complete formulas. Like
            /// [`Self::mul_vartime`], it computes `[k]·self` for points of the prime-order
            /// subgroup (every checked decoder's), where the endomorphism acts as a scalar.
            pub fn mul_constant_time(&self, k: &$crate::Fr) -> $projective {
                $projective($projective::mul_constant_time_split(&self.0, &k.to_words()))
            }
        }

        impl Default for $affine {
            fn default() -> $affine {
                $affine::identity()
            }
        }

        impl Default for $projective {
            fn default() -> $projective {
                $projective::identity()
            }
        }

        impl PartialEq for $projective {
            fn eq(&self, other: &$projective) -> bool {
                self.0.eq(&other.0)
            }
        }

        impl Eq for $projective {}

        impl From<$affine> for $projective {
            fn from(p: $affine) -> $projective {
                $projective(p.0.to_point())
            }
        }

        impl From<&$affine> for $projective {
            fn from(p: &$affine) -> $projective {
                $projective(p.0.to_point())
            }
        }

        impl From<$projective> for $affine {
            // Variable time: `to_affine` is the constant-time form, for secret points.
            fn from(p: $projective) -> $affine {
                p.to_affine_vartime()
            }
        }

        impl From<&$projective> for $affine {
            fn from(p: &$projective) -> $affine {
                p.to_affine_vartime()
            }
        }

        impl core::ops::Neg for $affine {
            type Output = $affine;
            fn neg(self) -> $affine {
                $affine(self.0.neg())
            }
        }

        impl core::ops::Neg for &$affine {
            type Output = $affine;
            fn neg(self) -> $affine {
                $affine(self.0.neg())
            }
        }

        impl core::ops::Neg for $projective {
            type Output = $projective;
            fn neg(self) -> $projective {
                $projective(self.0.neg())
            }
        }

        impl core::ops::Neg for &$projective {
            type Output = $projective;
            fn neg(self) -> $projective {
                $projective(self.0.neg())
            }
        }

        group_types!(@binop $projective, $projective, |a: &$projective, b: &$projective| $projective(a.0.add(&b.0)), |a: &$projective, b: &$projective| $projective(a.0.sub(&b.0)));
        group_types!(@binop $projective, $affine, |a: &$projective, b: &$affine| $projective(a.0.add_affine(&b.0)), |a: &$projective, b: &$affine| $projective(a.0.add_affine(&b.0.neg())));

        impl core::ops::Add<$projective> for $affine {
            type Output = $projective;
            fn add(self, rhs: $projective) -> $projective {
                rhs.add_affine(&self)
            }
        }

        impl core::ops::Add<&$projective> for &$affine {
            type Output = $projective;
            fn add(self, rhs: &$projective) -> $projective {
                rhs.add_affine(self)
            }
        }

        impl core::ops::Sub<$projective> for $affine {
            type Output = $projective;
            fn sub(self, rhs: $projective) -> $projective {
                (-rhs).add_affine(&self)
            }
        }

        impl core::ops::Sub<&$projective> for &$affine {
            type Output = $projective;
            fn sub(self, rhs: &$projective) -> $projective {
                (-rhs).add_affine(self)
            }
        }

        impl core::iter::Sum for $projective {
            fn sum<I: Iterator<Item = $projective>>(iter: I) -> $projective {
                iter.fold($projective::identity(), |a, b| a + b)
            }
        }

        impl<'a> core::iter::Sum<&'a $projective> for $projective {
            fn sum<I: Iterator<Item = &'a $projective>>(iter: I) -> $projective {
                iter.fold($projective::identity(), |a, b| a + b)
            }
        }

        /// Constant-time scalar multiplication (the scalar may be secret).
        impl core::ops::Mul<$crate::Fr> for $projective {
            type Output = $projective;
            fn mul(self, k: $crate::Fr) -> $projective {
                self.mul_constant_time(&k)
            }
        }

        impl core::ops::Mul<&$crate::Fr> for $projective {
            type Output = $projective;
            fn mul(self, k: &$crate::Fr) -> $projective {
                self.mul_constant_time(k)
            }
        }

        impl core::ops::Mul<&$crate::Fr> for &$projective {
            type Output = $projective;
            fn mul(self, k: &$crate::Fr) -> $projective {
                self.mul_constant_time(k)
            }
        }

        impl core::ops::Mul<$crate::Fr> for &$projective {
            type Output = $projective;
            fn mul(self, k: $crate::Fr) -> $projective {
                self.mul_constant_time(&k)
            }
        }

        impl core::ops::MulAssign<$crate::Fr> for $projective {
            fn mul_assign(&mut self, k: $crate::Fr) {
                *self = self.mul_constant_time(&k);
            }
        }

        impl core::ops::MulAssign<&$crate::Fr> for $projective {
            fn mul_assign(&mut self, k: &$crate::Fr) {
                *self = self.mul_constant_time(k);
            }
        }

        /// Constant-time scalar multiplication (the scalar may be secret).
        impl core::ops::Mul<$crate::Fr> for $affine {
            type Output = $projective;
            fn mul(self, k: $crate::Fr) -> $projective {
                $projective::from(self).mul_constant_time(&k)
            }
        }

        impl core::ops::Mul<&$crate::Fr> for &$affine {
            type Output = $projective;
            fn mul(self, k: &$crate::Fr) -> $projective {
                $projective::from(self).mul_constant_time(k)
            }
        }
    };

    // Add, Sub and their assigning forms, by value and by reference, for `$lhs op $rhs`.
    (@binop $lhs:ident, $rhs:ident, $add:expr, $sub:expr) => {
        impl core::ops::Add<$rhs> for $lhs {
            type Output = $lhs;
            fn add(self, rhs: $rhs) -> $lhs {
                ($add)(&self, &rhs)
            }
        }
        impl core::ops::Add<&$rhs> for $lhs {
            type Output = $lhs;
            fn add(self, rhs: &$rhs) -> $lhs {
                ($add)(&self, rhs)
            }
        }
        impl core::ops::Add<&$rhs> for &$lhs {
            type Output = $lhs;
            fn add(self, rhs: &$rhs) -> $lhs {
                ($add)(self, rhs)
            }
        }
        impl core::ops::Add<$rhs> for &$lhs {
            type Output = $lhs;
            fn add(self, rhs: $rhs) -> $lhs {
                ($add)(self, &rhs)
            }
        }
        impl core::ops::Sub<$rhs> for $lhs {
            type Output = $lhs;
            fn sub(self, rhs: $rhs) -> $lhs {
                ($sub)(&self, &rhs)
            }
        }
        impl core::ops::Sub<&$rhs> for $lhs {
            type Output = $lhs;
            fn sub(self, rhs: &$rhs) -> $lhs {
                ($sub)(&self, rhs)
            }
        }
        impl core::ops::Sub<&$rhs> for &$lhs {
            type Output = $lhs;
            fn sub(self, rhs: &$rhs) -> $lhs {
                ($sub)(self, rhs)
            }
        }
        impl core::ops::Sub<$rhs> for &$lhs {
            type Output = $lhs;
            fn sub(self, rhs: $rhs) -> $lhs {
                ($sub)(self, &rhs)
            }
        }
        impl core::ops::AddAssign<$rhs> for $lhs {
            fn add_assign(&mut self, rhs: $rhs) {
                *self = ($add)(self, &rhs);
            }
        }
        impl core::ops::AddAssign<&$rhs> for $lhs {
            fn add_assign(&mut self, rhs: &$rhs) {
                *self = ($add)(self, rhs);
            }
        }
        impl core::ops::SubAssign<$rhs> for $lhs {
            fn sub_assign(&mut self, rhs: $rhs) {
                *self = ($sub)(self, &rhs);
            }
        }
        impl core::ops::SubAssign<&$rhs> for $lhs {
            fn sub_assign(&mut self, rhs: &$rhs) {
                *self = ($sub)(self, rhs);
            }
        }
    };
}
