//! Gt, the order-r subgroup of Fp12* where pairings take their values.

use crate::{Fp, Fp12, Fp2, Fp6, Fr};

/// `e(g1, g2)` for the standard generators; checked by a test against computing it.
const GENERATOR: Fp12 = Fp12::new(
    Fp6::new(
        fp2(
            "1250ebd871fc0a92a7b2d83168d0d727272d441befa15c503dd8e90ce98db3e7b6d194f60839c508a84305aaca1789b6",
            "089a1c5b46e5110b86750ec6a532348868a84045483c92b7af5af689452eafabf1a8943e50439f1d59882a98eaa0170f",
        ),
        fp2(
            "1368bb445c7c2d209703f239689ce34c0378a68e72a6b3b216da0e22a5031b54ddff57309396b38c881c4c849ec23e87",
            "193502b86edb8857c273fa075a50512937e0794e1e65a7617c90d8bd66065b1fffe51d7a579973b1315021ec3c19934f",
        ),
        fp2(
            "01b2f522473d171391125ba84dc4007cfbf2f8da752f7c74185203fcca589ac719c34dffbbaad8431dad1c1fb597aaa5",
            "018107154f25a764bd3c79937a45b84546da634b8f6be14a8061e55cceba478b23f7dacaa35c8ca78beae9624045b4b6",
        ),
    ),
    Fp6::new(
        fp2(
            "19f26337d205fb469cd6bd15c3d5a04dc88784fbb3d0b2dbdea54d43b2b73f2cbb12d58386a8703e0f948226e47ee89d",
            "06fba23eb7c5af0d9f80940ca771b6ffd5857baaf222eb95a7d2809d61bfe02e1bfd1b68ff02f0b8102ae1c2d5d5ab1a",
        ),
        fp2(
            "11b8b424cd48bf38fcef68083b0b0ec5c81a93b330ee1a677d0d15ff7b984e8978ef48881e32fac91b93b47333e2ba57",
            "03350f55a7aefcd3c31b4fcb6ce5771cc6a0e9786ab5973320c806ad360829107ba810c5a09ffdd9be2291a0c25a99a2",
        ),
        fp2(
            "04c581234d086a9902249b64728ffd21a189e87935a954051c7cdba7b3872629a4fafc05066245cb9108f0242d0fe3ef",
            "0f41e58663bf08cf068672cbd01a7ec73baca4d72ca93544deff686bfd6df543d48eaa24afe47e1efde449383b676631",
        ),
    ),
);

const fn fp2(c0: &str, c1: &str) -> Fp2 {
    Fp2::new(Fp::from_hex(c0), Fp::from_hex(c1))
}

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

    /// `e(g1, g2)`, the pairing of the standard generators: a generator of Gt.
    pub const fn generator() -> Gt {
        Gt(GENERATOR)
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
