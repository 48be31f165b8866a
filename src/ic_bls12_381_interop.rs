//! Conversions between icbls's types and dfinity's `ic_bls12_381` (0.10, the crate `ic-vetkeys`
//! and `ic-verify-bls-signature` build on), behind the `ic_bls12_381` feature: a project can move
//! its hot paths to icbls and keep the rest of its code.
//!
//! Points cross through their uncompressed encodings without a second subgroup check (each
//! side's points are already valid), scalars through their little-endian bytes. [`Gt`] converts
//! from `ic_bls12_381::Gt` only: that crate has no public constructor for a target-group
//! element, nor a public base-field type, so there is no conversion into it.
//!
//! ```
//! use icbls::{Fr, G1Affine};
//! let p = G1Affine::generator();
//! let theirs: ic_bls12_381::G1Affine = p.into();
//! assert_eq!(G1Affine::from(theirs), p);
//! assert_eq!(Fr::from(ic_bls12_381::Scalar::from(7u64)), Fr::from_u64(7));
//! ```

use crate::pairing::Gt;
use crate::{Fp, Fp12, Fp2, Fp6, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ff::PrimeField;

impl From<G1Affine> for ic_bls12_381::G1Affine {
    fn from(p: G1Affine) -> Self {
        ic_bls12_381::G1Affine::from_uncompressed_unchecked(&p.to_uncompressed())
            .expect("a valid icbls point has a valid encoding")
    }
}

impl From<ic_bls12_381::G1Affine> for G1Affine {
    fn from(p: ic_bls12_381::G1Affine) -> Self {
        G1Affine::from_uncompressed_unchecked(&p.to_uncompressed())
            .expect("a valid ic_bls12_381 point has a valid encoding")
    }
}

impl From<G2Affine> for ic_bls12_381::G2Affine {
    fn from(p: G2Affine) -> Self {
        ic_bls12_381::G2Affine::from_uncompressed_unchecked(&p.to_uncompressed())
            .expect("a valid icbls point has a valid encoding")
    }
}

impl From<ic_bls12_381::G2Affine> for G2Affine {
    fn from(p: ic_bls12_381::G2Affine) -> Self {
        G2Affine::from_uncompressed_unchecked(&p.to_uncompressed())
            .expect("a valid ic_bls12_381 point has a valid encoding")
    }
}

impl From<G1Projective> for ic_bls12_381::G1Projective {
    fn from(p: G1Projective) -> Self {
        ic_bls12_381::G1Affine::from(p.to_affine_vartime()).into()
    }
}

impl From<ic_bls12_381::G1Projective> for G1Projective {
    fn from(p: ic_bls12_381::G1Projective) -> Self {
        G1Affine::from(ic_bls12_381::G1Affine::from(p)).into()
    }
}

impl From<G2Projective> for ic_bls12_381::G2Projective {
    fn from(p: G2Projective) -> Self {
        ic_bls12_381::G2Affine::from(p.to_affine_vartime()).into()
    }
}

impl From<ic_bls12_381::G2Projective> for G2Projective {
    fn from(p: ic_bls12_381::G2Projective) -> Self {
        G2Affine::from(ic_bls12_381::G2Affine::from(p)).into()
    }
}

impl From<Fr> for ic_bls12_381::Scalar {
    fn from(k: Fr) -> Self {
        ic_bls12_381::Scalar::from_bytes(&k.to_repr()).expect("a canonical scalar")
    }
}

impl From<ic_bls12_381::Scalar> for Fr {
    fn from(k: ic_bls12_381::Scalar) -> Self {
        Fr::from_repr(k.to_bytes()).expect("a canonical scalar")
    }
}

impl From<ic_bls12_381::Gt> for Gt {
    /// Reads the value from `ic_bls12_381::Gt::to_bytes`, which has [`Gt::to_bytes`]'s layout.
    fn from(g: ic_bls12_381::Gt) -> Self {
        let bytes = g.to_bytes();
        let fp = |i: usize| {
            let chunk: &[u8; 48] = bytes[48 * i..48 * (i + 1)].try_into().expect("48 bytes");
            Fp::from_bytes(chunk).expect("a canonical Fp element")
        };
        // Fp12: c1 ‖ c0; Fp6: c2 ‖ c1 ‖ c0; Fp2: c1 ‖ c0.
        let fp2 = |i: usize| Fp2::new(fp(2 * i + 1), fp(2 * i));
        let c1 = Fp6::new(fp2(2), fp2(1), fp2(0));
        let c0 = Fp6::new(fp2(5), fp2(4), fp2(3));
        Gt(Fp12::new(c0, c1))
    }
}
