//! Fr, the scalar field of BLS12-381: integers modulo the group order r.

use crate::arith::{FrElem, FR, R_WORDS};
use crate::fields::op_count::{self, Field};
use crate::fields::words::sub_small;
use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Mul, MulAssign, Sub, SubAssign};

prime_field!(
    /// An element of Fr, the scalar field of BLS12-381 (the order of G1, G2 and Gt).
    Fr, FR, FrElem, R_WORDS, 32, "Fr scalar",
    // Scalars are little-endian in zkcrypto's and ic_bls12_381's `Scalar::from_bytes` and
    // big-endian here: the constructors name their order.
    unnamed_order: [#[deprecated(note = "big-endian, where zkcrypto's `Scalar::from_bytes` is little-endian: call `from_be_bytes` or `from_le_bytes` (`from_be_slice` for a slice)")]]
);

/// `zeroize` overwrites a scalar with [`Fr::ZERO`] (its `Default`) through a volatile write
/// that the compiler may not remove, for scalars that are secrets (a [`crate::bls::SecretKey`]
/// erases its own on drop). Zero is the all-zero limb pattern in every kernel, and the write
/// covers the whole element whatever the kernel's limbs are, so this layer needs no limb
/// access.
impl zeroize::DefaultIsZeroes for Fr {}

/// r - 2: Fermat's inversion, the fallback of [`Fr::invert`].
const R_MINUS_2: [u64; 6] = sub_small(R_WORDS, 2);

impl Fr {
    /// `1/self`, or `None` for zero, by the binary GCD with a fixed number of steps and no
    /// branch on the value (Pornin, ePrint 2020/972), in time that does not depend on the value.
    /// [`Self::invert_vartime`] is cheaper for public values.
    pub fn invert(&self) -> Option<Fr> {
        op_count::inversion(Field::Fr);
        let inverse = Fr(FR.invert_fixed(&self.0)?);
        // As in `Fp::invert`: a shortfall of the fixed step count (none is known) costs time on
        // Fermat, never a wrong inverse.
        if inverse * *self == Fr::ONE {
            Some(inverse)
        } else {
            Some(self.pow_vartime(&R_MINUS_2))
        }
    }

    /// Reduces a 64-byte **big-endian** integer modulo r, as [`Self::from_be_bytes_wide`].
    #[deprecated(
        note = "big-endian, where zkcrypto's `Scalar::from_bytes_wide` is little-endian: call `from_be_bytes_wide` or `from_le_bytes_wide`"
    )]
    pub fn from_bytes_wide(bytes: &[u8; 64]) -> Fr {
        Self::from_be_bytes_wide(bytes)
    }

    /// Reduces a 64-byte little-endian integer modulo r (zkcrypto's `Scalar::from_bytes_wide`).
    pub fn from_le_bytes_wide(bytes: &[u8; 64]) -> Fr {
        let mut be = *bytes;
        be.reverse();
        Self::from_be_bytes_wide(&be)
    }

    /// Reduces a 64-byte big-endian integer modulo r (for hashing to scalars).
    pub fn from_be_bytes_wide(bytes: &[u8; 64]) -> Fr {
        // x = hi·2^384 + mid·2^192 + lo, each part at most 192 bits, hence below r.
        let part = |chunk: &[u8]| {
            let mut padded = [0u8; 32];
            padded[32 - chunk.len()..].copy_from_slice(chunk);
            Fr::from_be_bytes(&padded).expect("192-bit values are below r")
        };
        let (hi, mid, lo) = (part(&bytes[..16]), part(&bytes[16..40]), part(&bytes[40..]));
        let two_192 = Fr::from_u64(2).pow_vartime(&[192]);
        (hi * two_192 + mid) * two_192 + lo
    }
}

// Operators by reference, sums and products of iterators, and `From<u64>`: what generic code
// (and `ff::Field`) expects of a field element beside the by-value operators.

macro_rules! fr_ref_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign:ident $op:tt;)*) => {$(
        impl<'a> $trait<&'a Fr> for Fr {
            type Output = Fr;
            fn $method(self, rhs: &'a Fr) -> Fr {
                self $op *rhs
            }
        }
        impl<'a> $assign_trait<&'a Fr> for Fr {
            fn $assign(&mut self, rhs: &'a Fr) {
                *self = *self $op *rhs;
            }
        }
    )*};
}

fr_ref_ops! {
    Add add AddAssign add_assign +;
    Sub sub SubAssign sub_assign -;
    Mul mul MulAssign mul_assign *;
}

impl Sum for Fr {
    fn sum<I: Iterator<Item = Fr>>(iter: I) -> Fr {
        iter.fold(Fr::ZERO, |a, b| a + b)
    }
}

impl<'a> Sum<&'a Fr> for Fr {
    fn sum<I: Iterator<Item = &'a Fr>>(iter: I) -> Fr {
        iter.fold(Fr::ZERO, |a, b| a + b)
    }
}

impl Product for Fr {
    fn product<I: Iterator<Item = Fr>>(iter: I) -> Fr {
        iter.fold(Fr::ONE, |a, b| a * b)
    }
}

impl<'a> Product<&'a Fr> for Fr {
    fn product<I: Iterator<Item = &'a Fr>>(iter: I) -> Fr {
        iter.fold(Fr::ONE, |a, b| a * b)
    }
}

impl From<u64> for Fr {
    fn from(v: u64) -> Fr {
        Fr::from_u64(v)
    }
}
