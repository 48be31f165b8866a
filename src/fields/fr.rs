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

    /// Reduces a 32-byte big-endian integer modulo r (EIP-2537's scalars take any value),
    /// where [`Self::from_be_bytes_wide`] multiplies three parts together.
    #[cfg(feature = "eth")]
    pub(crate) fn from_be_bytes_reduced(bytes: &[u8; 32]) -> Fr {
        Fr(FR.from_words(&Self::reduce_be_bytes(bytes)))
    }

    /// The canonical words (little-endian) of a 32-byte big-endian integer modulo r: `2^256 <
    /// 5r`, so at most four subtractions of r. For the MSMs, which split canonical words: no
    /// conversion into the kernel's form and back.
    #[cfg(feature = "eth")]
    pub(crate) fn reduce_be_bytes(bytes: &[u8; 32]) -> [u64; 6] {
        use crate::fields::words::{from_be_bytes, lt, sub_words};
        let mut words = from_be_bytes(bytes);
        while !lt(&words, &R_WORDS) {
            words = sub_words(&words, &R_WORDS).0;
        }
        words
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

#[cfg(all(test, feature = "eth"))]
mod tests {
    use super::Fr;
    use crate::arith::R_WORDS;

    /// 32-byte integers reduced by subtraction agree with the 64-byte reduction, at the
    /// multiples of r that fit in 256 bits, around them and at the extremes.
    #[test]
    fn reduced_32_byte_integers_match_the_wide_reduction() {
        use crate::fields::words::add_words;
        let be = |words: [u64; 6]| -> [u8; 32] { crate::fields::words::to_be_bytes(&words) };
        let add = |a: [u64; 6], b: [u64; 6]| add_words(&a, &b).0;
        let mut cases = alloc::vec![[0u8; 32], [0xff; 32]];
        let mut multiple = [0u64; 6];
        for _ in 0..4 {
            multiple = add(multiple, R_WORDS);
            for delta in [[u64::MAX, u64::MAX, u64::MAX, u64::MAX, 0, 0], [0; 6], [1, 0, 0, 0, 0, 0]] {
                // multiple - 1 (adding 2^256 - 1 and dropping the carry), multiple, multiple + 1.
                let mut v = add(multiple, delta);
                v[4] = 0;
                cases.push(be(v));
            }
        }
        let mut state = 17u64;
        for _ in 0..50 {
            let mut bytes = [0u8; 32];
            for chunk in bytes.chunks_exact_mut(8) {
                chunk.copy_from_slice(&crate::fields::splitmix64(&mut state).to_be_bytes());
            }
            cases.push(bytes);
        }
        for bytes in cases {
            let mut wide = [0u8; 64];
            wide[32..].copy_from_slice(&bytes);
            assert_eq!(Fr::from_be_bytes_reduced(&bytes), Fr::from_be_bytes_wide(&wide), "{bytes:02x?}");
        }
        assert_eq!(Fr::from_be_bytes_reduced(&be(R_WORDS)), Fr::ZERO);
    }
}
