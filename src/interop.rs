//! The `ff`, `group` (0.14) and `pairing` (0.24) traits, the versions zkcrypto `bls12_381` 0.9
//! implements, so generic code from the Rust ecosystem takes icbls's types ([`Bls12`] is the
//! `pairing::Engine`).
//!
//! Scalars encode little-endian in `PrimeField::Repr` (as zkcrypto's do); points use the
//! ZCash/IETF encodings.

use crate::groups::coordinate::Coordinate;
use crate::groups::point::{Affine, Point};
use crate::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use core::iter::Sum;
use core::ops::{Add, AddAssign, Mul, MulAssign, Sub, SubAssign};
use ff::{Field, PrimeField};
use group::prime::{PrimeCurve, PrimeGroup};
use group::{Curve, Group, GroupEncoding, UncompressedEncoding};
use rand_core::TryRng;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

// ---- Fr -------------------------------------------------------------------------------------

/// (t - 1)/2 for r - 1 = 2^32·t: the Tonelli–Shanks exponent.
const T_MINUS_1_OVER_2: [u64; 4] =
    [0x7fff_2dff_7fff_ffff, 0x04d0_ec02_a9de_d201, 0x94ce_bea4_199c_ec04, 0x0000_0000_39f6_d3a9];

impl ConditionallySelectable for Fr {
    fn conditional_select(a: &Fr, b: &Fr, choice: Choice) -> Fr {
        Fr::select(a, b, choice.into())
    }
}

impl ConstantTimeEq for Fr {
    fn ct_eq(&self, other: &Fr) -> Choice {
        self.to_bytes().ct_eq(&other.to_bytes())
    }
}

impl Field for Fr {
    const ZERO: Fr = Fr::ZERO;
    const ONE: Fr = Fr::ONE;

    fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<Fr, R::Error> {
        let mut wide = [0u8; 64];
        rng.try_fill_bytes(&mut wide)?;
        Ok(Fr::from_be_bytes_wide(&wide))
    }

    fn square(&self) -> Fr {
        Fr::square(self)
    }

    fn double(&self) -> Fr {
        Fr::double(self)
    }

    fn invert(&self) -> CtOption<Fr> {
        let inverse = Fr::invert(self).unwrap_or(Fr::ZERO);
        CtOption::new(inverse, !self.is_zero_ct())
    }

    fn sqrt_ratio(num: &Fr, div: &Fr) -> (Choice, Fr) {
        ff::helpers::sqrt_ratio_generic(num, div)
    }

    fn sqrt(&self) -> CtOption<Fr> {
        ff::helpers::sqrt_tonelli_shanks(self, T_MINUS_1_OVER_2)
    }
}

impl Fr {
    fn is_zero_ct(&self) -> Choice {
        self.to_bytes().ct_eq(&[0u8; 32])
    }
}

impl PrimeField for Fr {
    /// Little-endian.
    type Repr = [u8; 32];

    fn from_repr(repr: [u8; 32]) -> CtOption<Fr> {
        let mut be = repr;
        be.reverse();
        match Fr::from_be_bytes(&be) {
            Ok(v) => CtOption::new(v, Choice::from(1)),
            Err(_) => CtOption::new(Fr::ZERO, Choice::from(0)),
        }
    }

    fn to_repr(&self) -> [u8; 32] {
        let mut le = self.to_bytes();
        le.reverse();
        le
    }

    fn is_odd(&self) -> Choice {
        Choice::from(self.to_bytes()[31] & 1)
    }

    const MODULUS: &'static str = "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
    const NUM_BITS: u32 = 255;
    const CAPACITY: u32 = 254;
    const TWO_INV: Fr = Fr::from_hex("39f6d3a994cebea4199cec0404d0ec02a9ded2017fff2dff7fffffff80000001");
    const MULTIPLICATIVE_GENERATOR: Fr = Fr::from_words([7, 0, 0, 0, 0, 0]);
    const S: u32 = 32;
    /// 7^t.
    const ROOT_OF_UNITY: Fr = Fr::from_hex("16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b");
    const ROOT_OF_UNITY_INV: Fr = Fr::from_hex("0538a6f66e19c653ed4f2f74a35d01686f67d4a2b566f8330fb4d6e13cf19a78");
    /// 7^(2^32).
    const DELTA: Fr = Fr::from_hex("08634d0aa021aaf843cab354fabb0062f6502437c6a09c006c083479590189d7");
}

// ---- G1 and G2 ------------------------------------------------------------------------------

/// Byte arrays of the encodings, as `group` needs them (`Default` is not implemented for
/// arrays longer than 32).
macro_rules! encoding_bytes {
    ($name:ident, $len:literal, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name(pub [u8; $len]);

        impl Default for $name {
            fn default() -> $name {
                $name([0u8; $len])
            }
        }

        impl AsRef<[u8]> for $name {
            fn as_ref(&self) -> &[u8] {
                &self.0
            }
        }

        impl AsMut<[u8]> for $name {
            fn as_mut(&mut self) -> &mut [u8] {
                &mut self.0
            }
        }
    };
}

encoding_bytes!(G1Compressed, 48, "A compressed G1 encoding (48 bytes).");
encoding_bytes!(G1Uncompressed, 96, "An uncompressed G1 encoding (96 bytes).");
encoding_bytes!(G2Compressed, 96, "A compressed G2 encoding (96 bytes).");
encoding_bytes!(G2Uncompressed, 192, "An uncompressed G2 encoding (192 bytes).");

fn ct_option<T: Default>(r: Result<T, crate::DecodeError>) -> CtOption<T> {
    let ok = Choice::from(r.is_ok() as u8);
    CtOption::new(r.unwrap_or_default(), ok)
}

macro_rules! group_traits {
    ($affine:ident, $projective:ident, $compressed:ident, $uncompressed:ident) => {
        impl core::ops::Mul<&Fr> for $affine {
            type Output = $projective;
            fn mul(self, k: &Fr) -> $projective {
                $projective::from(self).mul_constant_time(k)
            }
        }

        impl ConditionallySelectable for $affine {
            fn conditional_select(a: &$affine, b: &$affine, choice: Choice) -> $affine {
                let choose_b: bool = choice.into();
                let infinity = u8::conditional_select(&(a.0.infinity as u8), &(b.0.infinity as u8), choice);
                $affine(Affine {
                    x: Coordinate::select(&a.0.x, &b.0.x, choose_b),
                    y: Coordinate::select(&a.0.y, &b.0.y, choose_b),
                    infinity: infinity == 1,
                })
            }
        }

        impl ConditionallySelectable for $projective {
            fn conditional_select(a: &$projective, b: &$projective, choice: Choice) -> $projective {
                let choose_b: bool = choice.into();
                $projective(Point {
                    x: Coordinate::select(&a.0.x, &b.0.x, choose_b),
                    y: Coordinate::select(&a.0.y, &b.0.y, choose_b),
                    z: Coordinate::select(&a.0.z, &b.0.z, choose_b),
                })
            }
        }

        impl Group for $projective {
            type Scalar = Fr;

            fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<$projective, R::Error> {
                loop {
                    let k = Fr::try_random(rng)?;
                    if !k.is_zero() {
                        return Ok($projective::generator().mul_constant_time(&k));
                    }
                }
            }

            fn identity() -> $projective {
                $projective::identity()
            }

            fn generator() -> $projective {
                $projective::generator()
            }

            fn is_identity(&self) -> Choice {
                Choice::from($projective::is_identity(self) as u8)
            }

            fn double(&self) -> $projective {
                $projective::double(self)
            }
        }

        impl Curve for $projective {
            type Affine = $affine;

            fn batch_normalize(p: &[$projective], q: &mut [$affine]) {
                $projective::batch_normalize(p, q)
            }

            fn to_affine(&self) -> $affine {
                $projective::to_affine(self)
            }
        }

        impl PrimeGroup for $projective {}
        impl PrimeCurve for $projective {}

        impl group::CurveAffine for $affine {
            type Curve = $projective;
            type Scalar = Fr;

            fn identity() -> $affine {
                $affine::identity()
            }

            fn generator() -> $affine {
                $affine::generator()
            }

            fn is_identity(&self) -> Choice {
                Choice::from($affine::is_identity(self) as u8)
            }

            fn to_curve(&self) -> $projective {
                $projective::from(*self)
            }
        }

        impl GroupEncoding for $affine {
            type Repr = $compressed;

            fn from_bytes(bytes: &$compressed) -> CtOption<$affine> {
                ct_option($affine::from_compressed(&bytes.0))
            }

            fn from_bytes_unchecked(bytes: &$compressed) -> CtOption<$affine> {
                ct_option($affine::from_compressed_unchecked(&bytes.0))
            }

            fn to_bytes(&self) -> $compressed {
                $compressed(self.to_compressed())
            }
        }

        impl GroupEncoding for $projective {
            type Repr = $compressed;

            fn from_bytes(bytes: &$compressed) -> CtOption<$projective> {
                <$affine as GroupEncoding>::from_bytes(bytes).map($projective::from)
            }

            fn from_bytes_unchecked(bytes: &$compressed) -> CtOption<$projective> {
                <$affine as GroupEncoding>::from_bytes_unchecked(bytes).map($projective::from)
            }

            fn to_bytes(&self) -> $compressed {
                $compressed(self.to_affine().to_compressed())
            }
        }

        impl UncompressedEncoding for $affine {
            type Uncompressed = $uncompressed;

            fn from_uncompressed(bytes: &$uncompressed) -> CtOption<$affine> {
                ct_option($affine::from_uncompressed(&bytes.0))
            }

            fn from_uncompressed_unchecked(bytes: &$uncompressed) -> CtOption<$affine> {
                ct_option($affine::from_uncompressed_unchecked(&bytes.0))
            }

            fn to_uncompressed(&self) -> $uncompressed {
                $uncompressed($affine::to_uncompressed(self))
            }
        }
    };
}

group_traits!(G1Affine, G1Projective, G1Compressed, G1Uncompressed);
group_traits!(G2Affine, G2Projective, G2Compressed, G2Uncompressed);

#[cfg(test)]
mod tests;

// ---- Pairing ---------------------------------------------------------------------------------

// `group` writes Gt additively: its `+` is the product in Fp12, its `-` the quotient.
#[allow(clippy::suspicious_arithmetic_impl, clippy::suspicious_op_assign_impl)]
mod pairing_traits {
    use super::*;
    use crate::pairing::{G2Prepared, Gt, MillerLoopResult};

    /// BLS12-381 as a `pairing::Engine`.
    #[derive(Clone, Copy, Debug)]
    pub struct Bls12;

    impl pairing::Engine for Bls12 {
        type Fr = Fr;
        type G1 = G1Projective;
        type G1Affine = G1Affine;
        type G2 = G2Projective;
        type G2Affine = G2Affine;
        type Gt = Gt;

        fn pairing(p: &G1Affine, q: &G2Affine) -> Gt {
            crate::pairing::pairing(p, q)
        }
    }

    impl pairing::MultiMillerLoop for Bls12 {
        type G2Prepared = G2Prepared;
        type Result = MillerLoopResult;

        fn multi_miller_loop(terms: &[(&G1Affine, &G2Prepared)]) -> MillerLoopResult {
            crate::pairing::multi_miller_loop(terms)
        }
    }

    impl pairing::PairingCurveAffine for G1Affine {
        type Pair = G2Affine;
        type PairingResult = Gt;
        fn pairing_with(&self, other: &G2Affine) -> Gt {
            crate::pairing::pairing(self, other)
        }
    }

    impl pairing::PairingCurveAffine for G2Affine {
        type Pair = G1Affine;
        type PairingResult = Gt;
        fn pairing_with(&self, other: &G1Affine) -> Gt {
            crate::pairing::pairing(other, self)
        }
    }

    impl Default for MillerLoopResult {
        fn default() -> MillerLoopResult {
            MillerLoopResult(crate::Fp12::ONE)
        }
    }

    /// Written additively, as the `pairing` crate requires: `+` multiplies the loop values.
    impl Add for MillerLoopResult {
        type Output = MillerLoopResult;
        fn add(self, rhs: MillerLoopResult) -> MillerLoopResult {
            self * rhs
        }
    }

    impl<'a> Add<&'a MillerLoopResult> for MillerLoopResult {
        type Output = MillerLoopResult;
        fn add(self, rhs: &'a MillerLoopResult) -> MillerLoopResult {
            self * *rhs
        }
    }

    impl AddAssign for MillerLoopResult {
        fn add_assign(&mut self, rhs: MillerLoopResult) {
            *self = *self * rhs;
        }
    }

    impl<'a> AddAssign<&'a MillerLoopResult> for MillerLoopResult {
        fn add_assign(&mut self, rhs: &'a MillerLoopResult) {
            *self = *self * *rhs;
        }
    }

    impl pairing::MillerLoopResult for MillerLoopResult {
        type Gt = Gt;
        fn final_exponentiation(&self) -> Gt {
            MillerLoopResult::final_exponentiation(self)
        }
    }

    // Gt, written additively for `group`: `a + b` is the product, `-a` the inverse, `a * k` the
    // power.
    macro_rules! gt_ops {
        ($($trait:ident $method:ident $assign_trait:ident $assign:ident |$a:ident, $b:ident| $e:expr;)*) => {$(
            impl $trait for Gt {
                type Output = Gt;
                fn $method(self, rhs: Gt) -> Gt {
                    let ($a, $b) = (self, rhs);
                    $e
                }
            }
            impl<'a> $trait<&'a Gt> for Gt {
                type Output = Gt;
                fn $method(self, rhs: &'a Gt) -> Gt {
                    let ($a, $b) = (self, *rhs);
                    $e
                }
            }
            impl $assign_trait for Gt {
                fn $assign(&mut self, rhs: Gt) {
                    let ($a, $b) = (*self, rhs);
                    *self = $e;
                }
            }
            impl<'a> $assign_trait<&'a Gt> for Gt {
                fn $assign(&mut self, rhs: &'a Gt) {
                    let ($a, $b) = (*self, *rhs);
                    *self = $e;
                }
            }
        )*};
    }

    gt_ops! {
        Add add AddAssign add_assign |a, b| a * b;
        Sub sub SubAssign sub_assign |a, b| a * b.invert();
    }

    impl core::ops::Neg for Gt {
        type Output = Gt;
        fn neg(self) -> Gt {
            self.invert()
        }
    }

    impl Mul<Fr> for Gt {
        type Output = Gt;
        fn mul(self, k: Fr) -> Gt {
            self.pow_vartime(&k)
        }
    }

    impl<'a> Mul<&'a Fr> for Gt {
        type Output = Gt;
        fn mul(self, k: &'a Fr) -> Gt {
            self.pow_vartime(k)
        }
    }

    impl MulAssign<Fr> for Gt {
        fn mul_assign(&mut self, k: Fr) {
            *self = self.pow_vartime(&k);
        }
    }

    impl<'a> MulAssign<&'a Fr> for Gt {
        fn mul_assign(&mut self, k: &'a Fr) {
            *self = self.pow_vartime(k);
        }
    }

    impl Sum for Gt {
        fn sum<I: Iterator<Item = Gt>>(iter: I) -> Gt {
            iter.fold(Gt::identity(), |a, b| a * b)
        }
    }

    impl<'a> Sum<&'a Gt> for Gt {
        fn sum<I: Iterator<Item = &'a Gt>>(iter: I) -> Gt {
            iter.fold(Gt::identity(), |a, b| a * *b)
        }
    }

    impl Group for Gt {
        type Scalar = Fr;

        fn try_random<R: TryRng + ?Sized>(rng: &mut R) -> Result<Gt, R::Error> {
            loop {
                let k = Fr::try_random(rng)?;
                if !k.is_zero() {
                    return Ok(Gt::generator().pow_vartime(&k));
                }
            }
        }

        fn identity() -> Gt {
            Gt::identity()
        }

        fn generator() -> Gt {
            Gt::generator()
        }

        fn is_identity(&self) -> Choice {
            Choice::from(Gt::is_identity(self) as u8)
        }

        fn double(&self) -> Gt {
            self.square()
        }
    }
}

pub use pairing_traits::Bls12;
