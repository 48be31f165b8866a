//! Gt, the order-r subgroup of Fp12* where pairings take their values.

use crate::{Fp12, Fr};

/// An element of Gt, written multiplicatively (`*`, [`Gt::invert`], [`Gt::pow_vartime`]);
/// the `group` traits see it additively, as they require (`+` is the same product).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gt(pub(crate) Fp12);

impl Gt {
    /// Bytes of [`Self::to_bytes`].
    pub const BYTES: usize = 576;

    /// One, the identity.
    pub const fn identity() -> Gt {
        Gt(Fp12::ONE)
    }

    /// Whether this is one.
    pub fn is_identity(&self) -> bool {
        self.0 == Fp12::ONE
    }

    /// The inverse: in Gt (a subgroup of the unit circle over Fp6) it is the conjugate.
    pub fn invert(&self) -> Gt {
        Gt(self.0.conjugate())
    }

    /// `self²`.
    pub fn square(&self) -> Gt {
        Gt(self.0.cyclotomic_square())
    }

    /// `self^k`, by square-and-multiply over the bits of `k`. Variable time.
    pub fn pow_vartime(&self, k: &Fr) -> Gt {
        let words = k.to_words();
        let mut acc = Fp12::ONE;
        for bit in (0..256).rev() {
            acc = acc.cyclotomic_square();
            if (words[bit / 64] >> (bit % 64)) & 1 == 1 {
                acc = acc * self.0;
            }
        }
        Gt(acc)
    }

    /// The Fp12 value.
    pub fn as_fp12(&self) -> &Fp12 {
        &self.0
    }

    /// The 576-byte encoding used by zkcrypto's and dfinity's `bls12_381`: each coefficient
    /// as a polynomial, the highest first, down to big-endian Fp elements (Fp12: `c1 ‖ c0`;
    /// Fp6: `c2 ‖ c1 ‖ c0`; Fp2: `c1 ‖ c0`).
    pub fn to_bytes(&self) -> [u8; 576] {
        let mut out = [0u8; 576];
        let f = &self.0;
        let coefficients = [f.c1.c2, f.c1.c1, f.c1.c0, f.c0.c2, f.c0.c1, f.c0.c0];
        for (chunk, c) in out.chunks_mut(96).zip(coefficients) {
            chunk[..48].copy_from_slice(&c.c1.to_bytes());
            chunk[48..].copy_from_slice(&c.c0.to_bytes());
        }
        out
    }
}

impl Default for Gt {
    fn default() -> Gt {
        Gt::identity()
    }
}

impl core::ops::Mul for Gt {
    type Output = Gt;
    fn mul(self, rhs: Gt) -> Gt {
        Gt(self.0 * rhs.0)
    }
}

impl core::ops::MulAssign for Gt {
    fn mul_assign(&mut self, rhs: Gt) {
        *self = *self * rhs;
    }
}
