//! The two variants of BLS signatures as types: [`MinSig`] (signatures in G1, keys in G2) and
//! [`MinPk`] (keys in G1, signatures in G2). A [`Variant`] says which group holds what, how a
//! message is hashed and how the pairing equations are checked; the generic keys, signatures
//! and core operations (`bls/keys.rs`, `bls/core.rs`) are written once over it, and each
//! ciphersuite module (`bls::min_sig`, `bls::min_pk`) names them for its variant.

use crate::pairing::{pairing_check_prepared, G2Prepared};
use crate::{DecodeError, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use alloc::vec::Vec;
use core::fmt::Debug;

pub(crate) mod sealed {
    use super::*;

    /// Only this crate's markers are variants.
    pub trait Sealed {}

    /// What the generic code needs of an affine point type ([`G1Affine`], [`G2Affine`]): the
    /// inherent methods of the same names.
    pub trait Affine: Copy + Debug + PartialEq + Eq {
        /// The compressed encoding.
        type Bytes: Copy + Debug + AsRef<[u8]>;
        fn from_compressed(bytes: &[u8]) -> Result<Self, DecodeError>;
        fn to_compressed(&self) -> Self::Bytes;
        fn is_torsion_free(&self) -> bool;
        fn is_identity(&self) -> bool;
        fn identity() -> Self;
    }

    /// What the generic code needs of a projective point type ([`G1Projective`],
    /// [`G2Projective`]): the inherent methods of the same names.
    pub trait Projective<A>: Copy {
        fn generator() -> Self;
        fn identity() -> Self;
        fn mul_constant_time(&self, k: &Fr) -> Self;
        fn to_affine(&self) -> A;
        fn to_affine_vartime(&self) -> A;
        fn add_affine(&self, rhs: &A) -> Self;
        fn batch_normalize(points: &[Self], out: &mut [A]);
        fn from_affine(p: &A) -> Self;
        /// `[n]·self` for a small public `n`, by doubling and adding.
        fn mul_u64(&self, n: u64) -> Self;
        /// `Σ [k_i] P_i`; `None` when the lengths differ.
        fn msm(points: &[A], scalars: &[Fr]) -> Option<Self>;
    }
}

use sealed::{Affine, Projective};

macro_rules! point_traits {
    ($affine:ident, $projective:ident, $bytes:literal) => {
        impl Affine for $affine {
            type Bytes = [u8; $bytes];
            #[inline(always)]
            fn from_compressed(bytes: &[u8]) -> Result<Self, DecodeError> {
                $affine::from_compressed(bytes)
            }
            #[inline(always)]
            fn to_compressed(&self) -> [u8; $bytes] {
                $affine::to_compressed(self)
            }
            #[inline(always)]
            fn is_torsion_free(&self) -> bool {
                $affine::is_torsion_free(self)
            }
            #[inline(always)]
            fn is_identity(&self) -> bool {
                $affine::is_identity(self)
            }
            #[inline(always)]
            fn identity() -> Self {
                $affine::identity()
            }
        }

        impl Projective<$affine> for $projective {
            #[inline(always)]
            fn generator() -> Self {
                $projective::generator()
            }
            #[inline(always)]
            fn identity() -> Self {
                $projective::identity()
            }
            #[inline(always)]
            fn mul_constant_time(&self, k: &Fr) -> Self {
                $projective::mul_constant_time(self, k)
            }
            #[inline(always)]
            fn to_affine(&self) -> $affine {
                $projective::to_affine(self)
            }
            #[inline(always)]
            fn to_affine_vartime(&self) -> $affine {
                $projective::to_affine_vartime(self)
            }
            #[inline(always)]
            fn add_affine(&self, rhs: &$affine) -> Self {
                $projective::add_affine(self, rhs)
            }
            #[inline(always)]
            fn batch_normalize(points: &[Self], out: &mut [$affine]) {
                $projective::batch_normalize(points, out)
            }
            #[inline(always)]
            fn from_affine(p: &$affine) -> Self {
                $projective::from(*p)
            }
            #[inline(always)]
            fn mul_u64(&self, n: u64) -> Self {
                $projective(crate::groups::jacobian::mul_u64(&self.0, n))
            }
            #[inline(always)]
            fn msm(points: &[$affine], scalars: &[Fr]) -> Option<Self> {
                $projective::msm(points, scalars).ok()
            }
        }
    };
}

point_traits!(G1Affine, G1Projective, 48);
point_traits!(G2Affine, G2Projective, 96);

/// A variant of BLS signatures: which group holds the keys and which the signatures, the hash
/// to the signature group and the two pairing checks. Sealed: [`MinSig`] and [`MinPk`] are
/// the only ones.
pub trait Variant: sealed::Sealed + Copy + Debug + PartialEq + Eq + 'static {
    /// The keys' group, affine.
    type Key: Affine<Bytes = Self::KeyBytes>;
    /// The keys' group, projective.
    type KeyProj: Projective<Self::Key>;
    /// The signatures' group, affine.
    type Sig: Affine<Bytes = Self::SigBytes>;
    /// The signatures' group, projective.
    type SigProj: Projective<Self::Sig>;
    /// A key's compressed encoding.
    type KeyBytes: Copy + Debug + AsRef<[u8]>;
    /// A signature's compressed encoding.
    type SigBytes: Copy + Debug + AsRef<[u8]>;
    /// The length of [`Self::KeyBytes`].
    const KEY_LEN: usize;
    /// The length of [`Self::SigBytes`].
    const SIG_LEN: usize;
    /// A key point, as errors name it (`"G2 point"` for min-sig).
    const KEY_WHAT: &'static str;
    /// A signature point, as errors name it (`"G1 point"` for min-sig).
    const SIG_WHAT: &'static str;

    /// RFC 9380's `hash_to_curve` into the signatures' group.
    fn hash(msg: &[u8], dst: &[u8]) -> Self::SigProj;

    /// `e(σ, -g)·Π e(h_i, pk_i) = 1` (the pairing written in the variant's argument order).
    fn check(sig: &Self::Sig, terms: &[(Self::Sig, Self::Key)]) -> bool;

    /// `e(Σ c_i σ_i, -g)·Π e(c_i h_i, pk_i) = 1`, the random linear combination of batch
    /// verification (`bls/batch.rs`).
    fn batch_check(hashes: &[Self::SigProj], keys: &[Self::Key], signatures: &[Self::Sig], c: &[Fr]) -> bool;
}

/// The min-sig variant, as the Internet Computer uses it: signatures in G1, keys in G2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinSig {}

/// The min-pk variant, as Ethereum uses it: keys in G1, signatures in G2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinPk {}

impl sealed::Sealed for MinSig {}
impl sealed::Sealed for MinPk {}

impl Variant for MinSig {
    type Key = G2Affine;
    type KeyProj = G2Projective;
    type Sig = G1Affine;
    type SigProj = G1Projective;
    type KeyBytes = [u8; 96];
    type SigBytes = [u8; 48];
    const KEY_LEN: usize = 96;
    const SIG_LEN: usize = 48;
    const KEY_WHAT: &'static str = "G2 point";
    const SIG_WHAT: &'static str = "G1 point";

    fn hash(msg: &[u8], dst: &[u8]) -> G1Projective {
        crate::hash_to_curve::hash_to_g1(msg, dst)
    }

    /// `e(σ, -g2) · Π e(h_i, pk_i) = 1`, with the generator's lines built in.
    fn check(sig: &G1Affine, terms: &[(G1Affine, G2Affine)]) -> bool {
        let prepared: Vec<G2Prepared> = terms.iter().map(|(_, pk)| G2Prepared::new(pk)).collect();
        let neg_g2 = G2Prepared::neg_generator();
        let mut pairs = Vec::with_capacity(terms.len() + 1);
        pairs.push((sig, &neg_g2));
        pairs.extend(terms.iter().map(|(h, _)| h).zip(&prepared));
        pairing_check_prepared(&pairs)
    }

    /// `e(Σ c_i σ_i, -g2) · Π e(c_i h_i, pk_i) = 1`: the coefficients go on the G1 side.
    fn batch_check(hashes: &[G1Projective], keys: &[G2Affine], signatures: &[G1Affine], c: &[Fr]) -> bool {
        let Ok(sig) = G1Projective::msm(signatures, c) else { return false };
        let scaled: Vec<G1Projective> = hashes.iter().zip(c).map(|(h, c)| h.mul_vartime(c)).collect();
        let mut affine = alloc::vec![G1Affine::identity(); scaled.len()];
        G1Projective::batch_normalize(&scaled, &mut affine);
        let terms: Vec<(G1Affine, G2Affine)> = affine.into_iter().zip(keys.iter().copied()).collect();
        Self::check(&sig.to_affine_vartime(), &terms)
    }
}

impl MinPk {
    /// [`Variant::check`] given the signature's lines (prepared as it was decoded, its
    /// subgroup check read off them: `G2Prepared::from_compressed`).
    pub(crate) fn check_with_signature_lines(sig_lines: &G2Prepared, terms: &[(G2Affine, G1Affine)]) -> bool {
        let neg_g1 = -G1Affine::generator();
        let prepared: Vec<G2Prepared> = terms.iter().map(|(h, _)| G2Prepared::new(h)).collect();
        let mut pairs = Vec::with_capacity(terms.len() + 1);
        pairs.push((&neg_g1, sig_lines));
        pairs.extend(terms.iter().map(|(_, pk)| pk).zip(&prepared));
        pairing_check_prepared(&pairs)
    }
}

impl Variant for MinPk {
    type Key = G1Affine;
    type KeyProj = G1Projective;
    type Sig = G2Affine;
    type SigProj = G2Projective;
    type KeyBytes = [u8; 48];
    type SigBytes = [u8; 96];
    const KEY_LEN: usize = 48;
    const SIG_LEN: usize = 96;
    const KEY_WHAT: &'static str = "G1 point";
    const SIG_WHAT: &'static str = "G2 point";

    fn hash(msg: &[u8], dst: &[u8]) -> G2Projective {
        crate::hash_to_curve::hash_to_g2(msg, dst)
    }

    /// `e(-g1, σ) · Π e(pk_i, h_i) = 1`.
    fn check(sig: &G2Affine, terms: &[(G2Affine, G1Affine)]) -> bool {
        MinPk::check_with_signature_lines(&G2Prepared::new(sig), terms)
    }

    /// `e(-g1, Σ c_i σ_i) · Π e(c_i pk_i, h_i) = 1`: the coefficients go on the G1 side.
    fn batch_check(hashes: &[G2Projective], keys: &[G1Affine], signatures: &[G2Affine], c: &[Fr]) -> bool {
        let Ok(sig) = G2Projective::msm(signatures, c) else { return false };
        let scaled: Vec<G1Projective> = keys.iter().zip(c).map(|(k, c)| G1Projective::from(k).mul_vartime(c)).collect();
        let mut keys = alloc::vec![G1Affine::identity(); scaled.len()];
        G1Projective::batch_normalize(&scaled, &mut keys);
        let mut affine = alloc::vec![G2Affine::identity(); hashes.len()];
        G2Projective::batch_normalize(hashes, &mut affine);
        let terms: Vec<(G2Affine, G1Affine)> = affine.into_iter().zip(keys).collect();
        Self::check(&sig.to_affine_vartime(), &terms)
    }
}
