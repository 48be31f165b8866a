//! What Fp and Fr share: a prime field over an `arith` kernel, its canonical big-endian
//! encoding, arithmetic operators and exponentiation.

/// Defines a prime-field type `$name` over the kernel constants `$params` (elements `$elem`),
/// with `$bytes`-byte big-endian encodings, named `$what` in errors.
macro_rules! prime_field {
    (
        $(#[$doc:meta])* $name:ident, $params:path, $elem:ty, $modulus:path, $bytes:literal, $what:literal,
        unnamed_order: [$(#[$unnamed:meta])*]
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub struct $name(pub(crate) $elem);

        impl $name {
            /// Zero.
            pub const ZERO: $name = $name($params.zero());
            /// One.
            pub const ONE: $name = $name($params.one());
            /// The length of the canonical encoding in bytes.
            pub const BYTES: usize = $bytes;

            /// Decodes a canonical big-endian encoding; a value not below the modulus is an error.
            pub fn from_be_bytes(bytes: &[u8; $bytes]) -> Result<$name, $crate::DecodeError> {
                let words = $crate::fields::words::from_be_bytes(bytes);
                if !$crate::fields::words::lt(&words, &$modulus) {
                    return Err($crate::DecodeError::NotCanonical { what: $what });
                }
                Ok($name($params.from_words(&words)))
            }

            /// Decodes a canonical little-endian encoding (the order of zkcrypto's and
            /// `ic_bls12_381`'s `Scalar::from_bytes`); a value not below the modulus is an error.
            pub fn from_le_bytes(bytes: &[u8; $bytes]) -> Result<$name, $crate::DecodeError> {
                let mut be = *bytes;
                be.reverse();
                Self::from_be_bytes(&be)
            }

            /// As [`Self::from_be_bytes`], for a slice whose length is checked too.
            pub fn from_be_slice(bytes: &[u8]) -> Result<$name, $crate::DecodeError> {
                let array: &[u8; $bytes] = bytes.try_into().map_err(|_| {
                    $crate::DecodeError::WrongLength { what: $what, expected: $bytes, actual: bytes.len() }
                })?;
                Self::from_be_bytes(array)
            }

            /// Decodes a canonical **big-endian** encoding, as [`Self::from_be_bytes`].
            $(#[$unnamed])*
            pub fn from_bytes(bytes: &[u8; $bytes]) -> Result<$name, $crate::DecodeError> {
                Self::from_be_bytes(bytes)
            }

            /// As [`Self::from_be_slice`] (**big-endian**).
            $(#[$unnamed])*
            pub fn from_slice(bytes: &[u8]) -> Result<$name, $crate::DecodeError> {
                Self::from_be_slice(bytes)
            }

            /// The canonical big-endian encoding.
            pub fn to_bytes(&self) -> [u8; $bytes] {
                $crate::fields::words::to_be_bytes(&$params.to_words(&self.0))
            }

            /// The canonical big-endian encoding (as [`Self::to_bytes`]).
            pub fn to_be_bytes(&self) -> [u8; $bytes] {
                self.to_bytes()
            }

            /// The canonical little-endian encoding (the order of zkcrypto's `Scalar::to_bytes`).
            pub fn to_le_bytes(&self) -> [u8; $bytes] {
                let mut le = self.to_bytes();
                le.reverse();
                le
            }

            /// The element with this canonical value (little-endian words, below the modulus), at
            /// compile time: for constants.
            #[allow(dead_code)]
            pub(crate) const fn from_words(words: [u64; 6]) -> $name {
                $name($params.from_words_const(&words))
            }

            /// The element with this canonical value written in hexadecimal (big-endian), at
            /// compile time: for constants as they are published.
            #[allow(dead_code)]
            pub(crate) const fn from_hex(hex: &str) -> $name {
                $name::from_words($crate::fields::words::from_hex(hex))
            }

            /// The canonical value as little-endian 64-bit words.
            #[allow(dead_code)]
            pub(crate) fn to_words(&self) -> [u64; 6] {
                $params.to_words(&self.0)
            }

            /// `b` when `choose_b`, else `a`, without a branch on `choose_b`.
            #[allow(dead_code)]
            #[inline]
            pub(crate) fn select(a: &$name, b: &$name, choose_b: bool) -> $name {
                $name($params.select(&a.0, &b.0, choose_b))
            }

            /// The element `v`.
            pub fn from_u64(v: u64) -> $name {
                // Every u64 is below both moduli.
                $name($params.from_words(&[v, 0, 0, 0, 0, 0]))
            }

            /// `self + self`.
            #[inline]
            pub fn double(&self) -> $name {
                $name($params.add(&self.0, &self.0))
            }

            /// `k·self` for a small integer `k` (at most 64): far cheaper than the additions or
            /// the multiplication it replaces.
            #[allow(dead_code)]
            #[inline]
            pub(crate) fn mul_small(&self, k: u64) -> $name {
                $name($params.mul_small(&self.0, k))
            }

            /// `Σ k_i·x_i` for small signed integers `k_i` (`Σ|k_i| ≤ 64`), with one reduction
            /// for the whole sum.
            #[allow(dead_code)]
            #[inline(always)]
            pub(crate) fn lincomb<const K: usize>(terms: [(&$name, i64); K]) -> $name {
                $name($params.lincomb(terms.map(|(x, k)| (&x.0, k))))
            }

            /// `Σ k_i·x_i` (`Σ|k_i| ≤ 6`) left unreduced: only as an input of a multiplication,
            /// never of a squaring, an addition or a subtraction (they expect reduced inputs).
            #[allow(dead_code)]
            #[inline(always)]
            pub(crate) fn lincomb_unreduced<const K: usize>(terms: [(&$name, i64); K]) -> $name {
                $name($params.lincomb_unreduced(terms.map(|(x, k)| (&x.0, k))))
            }

            /// `a + b` left unreduced (below 4p for reduced inputs, 8p for two unreduced sums),
            /// like [`Self::lincomb_unreduced`]: only as an input of a multiplication.
            #[allow(dead_code)]
            #[inline(always)]
            pub(crate) fn add_unreduced(a: &$name, b: &$name) -> $name {
                $name($params.add_unreduced(&a.0, &b.0))
            }

            /// `self²`.
            #[inline]
            pub fn square(&self) -> $name {
                $crate::fields::op_count::products($crate::fields::op_count::Field::$name, 1);
                $name($params.square(&self.0))
            }

            /// `1/self`, or `None` for zero, by the binary extended Euclidean algorithm: far
            /// cheaper than [`Self::invert`], in time that depends on the value. For public
            /// values only.
            pub fn invert_vartime(&self) -> Option<$name> {
                $crate::fields::op_count::inversion($crate::fields::op_count::Field::$name);
                $params.invert_vartime(&self.0).map($name)
            }

            /// Whether this is zero.
            #[inline]
            pub fn is_zero(&self) -> bool {
                $params.is_zero(&self.0)
            }

            /// `self^exp`, the exponent as little-endian words, by fixed 4-bit windows. Its running
            /// time depends on the exponent: use it with public exponents only.
            pub fn pow_vartime(&self, exp: &[u64]) -> $name {
                $crate::fields::pow::pow_vartime(*self, $name::ONE, $name::square, exp)
            }
        }

        impl PartialEq for $name {
            fn eq(&self, other: &$name) -> bool {
                $params.eq(&self.0, &other.0)
            }
        }

        impl Eq for $name {}

        impl Default for $name {
            fn default() -> $name {
                $name::ZERO
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}(0x", stringify!($name))?;
                for b in self.to_bytes() {
                    write!(f, "{b:02x}")?;
                }
                write!(f, ")")
            }
        }

        impl core::ops::Add for $name {
            type Output = $name;
            #[inline]
            fn add(self, rhs: $name) -> $name {
                $name($params.add(&self.0, &rhs.0))
            }
        }

        impl core::ops::Sub for $name {
            type Output = $name;
            #[inline]
            fn sub(self, rhs: $name) -> $name {
                $name($params.sub(&self.0, &rhs.0))
            }
        }

        impl core::ops::Mul for $name {
            type Output = $name;
            #[inline]
            fn mul(self, rhs: $name) -> $name {
                $crate::fields::op_count::products($crate::fields::op_count::Field::$name, 1);
                $name($params.mul(&self.0, &rhs.0))
            }
        }

        impl core::ops::Neg for $name {
            type Output = $name;
            #[inline]
            fn neg(self) -> $name {
                $name($params.neg(&self.0))
            }
        }

        impl core::ops::AddAssign for $name {
            #[inline]
            fn add_assign(&mut self, rhs: $name) {
                *self = *self + rhs;
            }
        }

        impl core::ops::SubAssign for $name {
            #[inline]
            fn sub_assign(&mut self, rhs: $name) {
                *self = *self - rhs;
            }
        }

        impl core::ops::MulAssign for $name {
            #[inline]
            fn mul_assign(&mut self, rhs: $name) {
                *self = *self * rhs;
            }
        }
    };
}
