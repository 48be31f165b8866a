//! Threshold BLS signatures, in both variants: a secret key shared by a polynomial `f` of degree
//! `t - 1` over Fr (Shamir, "How to share a secret", CACM 1979). The party at `x` holds `f(x)`
//! and signs with it; the public coefficients `[f_k]·g`, in the keys' group, give every share's
//! public key `[f(x)]·g = Σ [x^k]·[f_k]·g` (evaluation in the exponent); and any `t` signature
//! shares combine into the signature of the shared key `f(0)` by Lagrange interpolation at zero,
//! `σ = Σ λ_i·σ_i` with `λ_i = Π_{j≠i} x_j/(x_j - x_i)` (Boldyreva, "Threshold signatures,
//! multisignatures and blind signatures based on the gap-Diffie-Hellman-group signature
//! scheme", PKC 2003).
//!
//! The Internet Computer's convention: node `i` of a subnet holds `f(i + 1)`
//! ([`ShareIndex::from_node_index`]), and a subnet's public coefficients are compressed G2
//! points (min-sig, with [`super::min_sig::DST`]).
//!
//! ```
//! use icbls::bls::threshold::{combine, PublicCoefficients, ShareIndex};
//! use icbls::bls::{min_sig, MinSig, SecretKey};
//! use icbls::{Fr, G2Projective};
//!
//! // A dealer's polynomial f(x) = 7 + 5x (threshold 2); nodes 0, 1 and 2 hold f(1), f(2), f(3).
//! let f = |x: u64| Fr::from_u64(7) + Fr::from_u64(5) * Fr::from_u64(x);
//! let key = |v: Fr| SecretKey::from_bytes(&v.to_bytes()).unwrap();
//! let coefficients = PublicCoefficients::<MinSig>::from_points(vec![
//!     G2Projective::generator().mul_vartime(&Fr::from_u64(7)).to_affine(),
//!     G2Projective::generator().mul_vartime(&Fr::from_u64(5)).to_affine(),
//! ])
//! .unwrap();
//! let shares: Vec<_> = (0..3)
//!     .map(|node| {
//!         let index = ShareIndex::from_node_index(node);
//!         (index, min_sig::sign(&key(f(index.x())), b"block 42"))
//!     })
//!     .collect();
//! // Each share verifies under its own public key...
//! for (index, share) in &shares {
//!     coefficients.verify_share(*index, b"block 42", share, min_sig::DST).unwrap();
//! }
//! // ...and any two combine into the subnet's signature.
//! let signature = combine(&shares[1..], 2).unwrap();
//! assert_eq!(signature, combine(&[shares[2], shares[0]], 2).unwrap());
//! min_sig::verify(&coefficients.public_key().unwrap(), b"block 42", &signature).unwrap();
//! ```

use super::core::core_verify;
use super::keys::{PublicKey, Signature};
use super::variant::sealed::{Affine, Projective};
use super::variant::Variant;
use super::BlsError;
use crate::{DecodeError, Fr};
use alloc::vec::Vec;
use core::fmt;

/// Why threshold keys or shares were rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ThresholdError {
    /// A share index of zero: `f(0)` is the shared secret itself, never a share.
    ZeroIndex,
    /// Two shares with the same index.
    DuplicateIndex {
        /// The repeated index (the evaluation point `x`).
        x: u64,
    },
    /// Fewer shares than the threshold.
    TooFewShares {
        /// Shares needed.
        threshold: usize,
        /// Shares given.
        given: usize,
    },
    /// A threshold of zero: at least one share is needed.
    ZeroThreshold,
    /// No public coefficients: a polynomial has at least one.
    NoCoefficients,
    /// A public coefficient's bytes are not a valid compressed point of the keys' group.
    Coefficient {
        /// Its position in the list.
        index: usize,
        /// The check it failed.
        error: DecodeError,
    },
    /// The shared or a share's public key, a share or the combined signature was rejected (the
    /// point at infinity, or a signature that does not verify).
    Bls(BlsError),
}

impl fmt::Display for ThresholdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThresholdError::ZeroIndex => f.write_str("share index: zero is not a share's index"),
            ThresholdError::DuplicateIndex { x } => write!(f, "share index: {x} appears twice"),
            ThresholdError::TooFewShares { threshold, given } => {
                write!(f, "shares: {given} given, the threshold is {threshold}")
            }
            ThresholdError::ZeroThreshold => f.write_str("threshold: must be at least one"),
            ThresholdError::NoCoefficients => f.write_str("public coefficients: none given"),
            ThresholdError::Coefficient { index, error } => write!(f, "public coefficient {index}: {error}"),
            ThresholdError::Bls(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for ThresholdError {}

impl From<BlsError> for ThresholdError {
    fn from(e: BlsError) -> ThresholdError {
        ThresholdError::Bls(e)
    }
}

/// Where a share sits: the nonzero point `x` at which the polynomial was evaluated for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ShareIndex(u64);

impl ShareIndex {
    /// The share at `x`; zero is rejected.
    pub fn new(x: u64) -> Result<ShareIndex, ThresholdError> {
        if x == 0 {
            return Err(ThresholdError::ZeroIndex);
        }
        Ok(ShareIndex(x))
    }

    /// The share of the Internet Computer's node `i` (0-based within its subnet): `x = i + 1`.
    pub fn from_node_index(i: u32) -> ShareIndex {
        ShareIndex(u64::from(i) + 1)
    }

    /// The evaluation point.
    pub fn x(&self) -> u64 {
        self.0
    }
}

/// The public coefficients `[f_0]·g, …, [f_(t-1)]·g` of a shared key, in the keys' group of the
/// variant `V`: the shared public key and the public key of every share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicCoefficients<V: Variant> {
    points: Vec<V::Key>,
}

impl<V: Variant> PublicCoefficients<V> {
    /// From points of the keys' group (in the subgroup, as every constructor of `V::Key`
    /// outside the `_unchecked` decoders ensures).
    pub fn from_points(points: Vec<V::Key>) -> Result<PublicCoefficients<V>, ThresholdError> {
        if points.is_empty() {
            return Err(ThresholdError::NoCoefficients);
        }
        Ok(PublicCoefficients { points })
    }

    /// From compressed points, each decoded with the checked decoder (on the curve, in the
    /// subgroup); the error names the first one that fails.
    pub fn from_bytes<B: AsRef<[u8]>>(encoded: &[B]) -> Result<PublicCoefficients<V>, ThresholdError> {
        let points = encoded
            .iter()
            .enumerate()
            .map(|(index, b)| {
                V::Key::from_compressed(b.as_ref()).map_err(|error| ThresholdError::Coefficient { index, error })
            })
            .collect::<Result<Vec<_>, _>>()?;
        PublicCoefficients::from_points(points)
    }

    /// The threshold `t`: the number of coefficients, and of shares a signature needs.
    pub fn threshold(&self) -> usize {
        self.points.len()
    }

    /// The coefficients, `[f_0]·g` first.
    pub fn points(&self) -> &[V::Key] {
        &self.points
    }

    /// The shared public key `[f(0)]·g`, the first coefficient; the point at infinity is
    /// rejected as any public key is (`BlsError::IdentityPublicKey`).
    pub fn public_key(&self) -> Result<PublicKey<V>, ThresholdError> {
        Ok(PublicKey::non_identity(self.points[0])?)
    }

    /// The public key of the share at `index`, `[f(x)]·g`, by Horner's rule in the exponent
    /// (`t - 1` small multiplications by x and additions).
    pub fn share_public_key(&self, index: ShareIndex) -> Result<PublicKey<V>, ThresholdError> {
        let mut points = self.points.iter().rev();
        let top = points.next().map(V::KeyProj::from_affine).unwrap_or_else(V::KeyProj::identity);
        let value = points.fold(top, |acc, c| acc.mul_u64(index.0).add_affine(c));
        Ok(PublicKey::non_identity(value.to_affine_vartime())?)
    }

    /// Whether `share` is the signature of `msg` by the share at `index` (`CoreVerify` with the
    /// ciphersuite's `dst` against [`Self::share_public_key`]).
    pub fn verify_share(
        &self,
        index: ShareIndex,
        msg: &[u8],
        share: &Signature<V>,
        dst: &[u8],
    ) -> Result<(), ThresholdError> {
        Ok(core_verify(&self.share_public_key(index)?, msg, share, dst)?)
    }
}

/// The signature of the shared key from `threshold` signature shares: the first `threshold` of
/// `shares` are interpolated at zero (any such set of valid shares gives the same signature).
/// Shares are not verified here: verify them ([`PublicCoefficients::verify_share`]) or the
/// result (shares that do not fit one polynomial combine into a signature that does not verify;
/// the identity, which verification rejects, included). Errors for a zero threshold, too few
/// shares, and indices repeated among those used.
pub fn combine<V: Variant>(
    shares: &[(ShareIndex, Signature<V>)],
    threshold: usize,
) -> Result<Signature<V>, ThresholdError> {
    if threshold == 0 {
        return Err(ThresholdError::ZeroThreshold);
    }
    if shares.len() < threshold {
        return Err(ThresholdError::TooFewShares { threshold, given: shares.len() });
    }
    let used = &shares[..threshold];
    let xs: Vec<u64> = used.iter().map(|(index, _)| index.0).collect();
    let lambdas = lagrange_at_zero(&xs)?;
    let points: Vec<V::Sig> = used.iter().map(|(_, sig)| *sig.point()).collect();
    let combined = V::SigProj::msm(&points, &lambdas).unwrap_or_else(V::SigProj::identity);
    Ok(Signature(combined.to_affine_vartime()))
}

/// The Lagrange coefficients at zero for the distinct nonzero points `xs`: `λ_i = Π_{j≠i}
/// x_j / (x_j - x_i)`, computed as `(Π_j x_j) / (x_i · Π_{j≠i} (x_j - x_i))` with one
/// inversion per point.
fn lagrange_at_zero(xs: &[u64]) -> Result<Vec<Fr>, ThresholdError> {
    let mut sorted = xs.to_vec();
    sorted.sort_unstable();
    if sorted.first() == Some(&0) {
        return Err(ThresholdError::ZeroIndex);
    }
    if let Some(pair) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(ThresholdError::DuplicateIndex { x: pair[0] });
    }
    let points: Vec<Fr> = xs.iter().map(|&x| Fr::from_u64(x)).collect();
    let product = points.iter().fold(Fr::ONE, |acc, x| acc * *x);
    points
        .iter()
        .enumerate()
        .map(|(i, xi)| {
            let denominator =
                points.iter().enumerate().filter(|(j, _)| *j != i).fold(*xi, |acc, (_, xj)| acc * (*xj - *xi));
            // Distinct nonzero points below 2^64 < r: the denominator is not zero.
            denominator.invert_vartime().map(|inv| product * inv).ok_or(ThresholdError::ZeroIndex)
        })
        .collect()
}

#[cfg(test)]
mod tests;
