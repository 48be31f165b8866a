//! The final exponentiation `f ↦ f^((p¹² - 1)/r)`, split as usual into the easy part
//! `(p⁶ - 1)(p² + 1)`, after which f is in the cyclotomic subgroup (where inversion is
//! conjugation and squaring is cheap), and the hard part `Λ = (p⁴ - p² + 1)/r`.
//!
//! Hayashida, Hayasaka and Teruya ("Efficient final exponentiation via cyclotomic structure
//! for pairings over families of elliptic curves", eprint 2020/875) write, for BLS12,
//! `3Λ = (z - 1)²(z + p)(z² + p² - 1) + 3`: five exponentiations by z. The result is the cube
//! of the textbook reduced pairing, and it is the value zkcrypto's and dfinity's `bls12_381`
//! define as the pairing (tests/pairing.rs compares them on 1,000 pairs); as 3 is prime to r, it
//! is one exactly when the textbook value is. The identity is checked by a test.

use super::compressed;
use crate::groups::scalar::X;
use crate::Fp12;

/// `f^e` for f in the cyclotomic subgroup and a public 64-bit `e`, by square-and-multiply
/// with cyclotomic squarings.
fn cyclotomic_pow(f: &Fp12, e: u64) -> Fp12 {
    let mut acc = *f;
    for bit in (0..63 - e.leading_zeros()).rev() {
        acc = acc.cyclotomic_square();
        if (e >> bit) & 1 == 1 {
            acc = acc * *f;
        }
    }
    acc
}

/// `f^e` with compressed squarings (`compressed.rs`), or [`cyclotomic_pow`] in the rare case
/// the compressed powers cannot be decompressed.
fn cyclotomic_pow_compressed(f: &Fp12, e: u64) -> Fp12 {
    compressed::cyclotomic_pow(f, e).unwrap_or_else(|| cyclotomic_pow(f, e))
}

/// `f^z` (z < 0) in the cyclotomic subgroup.
fn pow_z(f: &Fp12) -> Fp12 {
    cyclotomic_pow_compressed(f, X).conjugate()
}

/// `f^((p⁶ - 1)(p² + 1))`, or `None` for zero (a Miller loop never gives zero).
fn easy_part(f: &Fp12) -> Option<Fp12> {
    let t = f.conjugate() * f.invert_vartime()?;
    Some(t.frobenius_map().frobenius_map() * t)
}

/// `f^(3(p¹² - 1)/r)`.
pub(crate) fn final_exponentiation(f: &Fp12) -> Option<Fp12> {
    let f = easy_part(f)?;
    // Miller values that cancel, as those of (aP, Q) and (-aP, Q) do, are one after the easy
    // part. One's compressed squarings cannot be decompressed (its g2 and g3 are zero), and
    // the fallback would square uncompressed five times 63 times; its power is one anyway.
    if f == Fp12::ONE {
        return Some(Fp12::ONE);
    }
    let a = pow_z(&f) * f.conjugate(); // f^(z - 1)
    let b = pow_z(&a) * a.conjugate(); // f^((z - 1)²)
    let c = pow_z(&b) * b.frobenius_map(); // ·(z + p)
    let d = pow_z(&pow_z(&c)) * c.frobenius_map().frobenius_map() * c.conjugate(); // ·(z² + p² - 1)
    Some(d * f.cyclotomic_square() * f)
}

#[cfg(test)]
mod tests {
    use num_bigint::BigInt;

    #[test]
    fn compressed_and_plain_powers_agree() {
        let a = crate::Fp12::new(
            crate::Fp6::new(crate::Fp2::ONE, crate::Fp2::new(crate::Fp::from_u64(3), crate::Fp::ONE), crate::Fp2::ZERO),
            crate::Fp6::new(
                crate::Fp2::new(crate::Fp::from_u64(5), crate::Fp::from_u64(9)),
                crate::Fp2::ONE,
                crate::Fp2::ONE,
            ),
        );
        let f = super::easy_part(&a).unwrap();
        for e in [super::X, 1, 2, 3, 0x8000_0000_0000_0001, 0xffff] {
            assert_eq!(super::cyclotomic_pow_compressed(&f, e), super::cyclotomic_pow(&f, e), "e = {e:#x}");
        }
        // f = 1 cannot be decompressed: the fallback answers.
        assert_eq!(super::cyclotomic_pow_compressed(&crate::Fp12::ONE, super::X), crate::Fp12::ONE);
    }

    /// `3(p⁴ - p² + 1)/r = (z - 1)²(z + p)(z² + p² - 1) + 3`.
    #[test]
    fn hard_part_decomposition() {
        let p = BigInt::parse_bytes(
            b"1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
            16,
        )
        .unwrap();
        let r = BigInt::parse_bytes(b"73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16).unwrap();
        let z = -BigInt::from(super::X);
        let p2 = &p * &p;
        let lambda = (&p2 * &p2 - &p2 + 1) / &r;
        assert_eq!((&p2 * &p2 - &p2 + 1) % &r, BigInt::from(0));
        let zm1 = &z - 1;
        assert_eq!(3 * lambda, &zm1 * &zm1 * (&z + &p) * (&z * &z + &p2 - 1) + 3);
    }
}
