//! Public keys, signatures and proven keys of a [`Variant`], validated when made
//! (draft-irtf-cfrg-bls-signature-05: `KeyValidate`, section 2.5; `Aggregate`, 2.8). Each
//! ciphersuite module names them for its variant: `min_sig::PublicKey` is
//! `PublicKey<MinSig>`, `min_pk::Signature` is `Signature<MinPk>`.

use super::variant::sealed::{Affine, Projective};
use super::variant::Variant;
#[cfg(doc)]
use super::variant::{MinPk, MinSig};
use super::{BlsError, SecretKey};
use crate::DecodeError;

/// A public key: a point of the variant's key group (G2 for [`MinSig`], G1 for [`MinPk`]),
/// validated when made (`KeyValidate`, draft section 2.5: on the curve, in the subgroup, not
/// the identity).
///
/// Any validated point is a key, including one computed from other people's keys: the
/// operations that are only sound for keys whose owner knows the secret
/// (`FastAggregateVerify`, and `AggregateVerify` with repeated messages) take a
/// [`PopVerifiedPublicKey`] instead, which only `pop_verify` makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicKey<V: Variant>(pub(crate) V::Key);

/// A signature: a point of the variant's signature group (G1 for [`MinSig`], G2 for
/// [`MinPk`]), checked when made (on the curve, in the subgroup). The identity is a signature
/// (aggregation accepts it, as the standard does) but never verifies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signature<V: Variant>(pub(crate) V::Sig);

/// A public key whose proof of possession was verified (`pop_verify` made it): its owner knew
/// the secret key, so it cannot be a rogue key computed from other keys. Only such keys enter
/// the proof-of-possession schemes' `fast_aggregate_verify` and `aggregate_verify`
/// ([`crate::bls::min_pk`], [`crate::bls::min_sig::pop`]).
///
/// There is no other way to make one, except the escape hatch
/// [`Self::assume_pop_verified_unchecked`] for keys whose proof was checked earlier (and
/// stored since).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PopVerifiedPublicKey<V: Variant>(pub(crate) PublicKey<V>);

impl<V: Variant> PublicKey<V> {
    /// The length of the compressed encoding.
    pub const BYTES: usize = V::KEY_LEN;

    /// Decodes a compressed key and validates it (`KeyValidate`: curve, subgroup, not the
    /// identity).
    pub fn from_bytes(bytes: &[u8]) -> Result<PublicKey<V>, BlsError> {
        PublicKey::non_identity(V::Key::from_compressed(bytes).map_err(BlsError::PublicKey)?)
    }

    /// A key from a point, validated as [`Self::from_bytes`] validates a decoded one
    /// (`KeyValidate`): a point outside the prime-order subgroup is
    /// `BlsError::PublicKey(DecodeError::NotInSubgroup { what: "G2 point" })` (`"G1 point"`
    /// for [`MinPk`]), the identity is `BlsError::IdentityPublicKey`. (Points of this crate's
    /// affine types are always on the curve.) The subgroup check costs a few scalar-sized
    /// doublings; the decoders do it as they decode, so prefer them for bytes.
    pub fn from_point(point: V::Key) -> Result<PublicKey<V>, BlsError> {
        if !point.is_torsion_free() {
            return Err(BlsError::PublicKey(DecodeError::NotInSubgroup { what: V::KEY_WHAT }));
        }
        PublicKey::non_identity(point)
    }

    /// A point already known to be in the subgroup; the identity is rejected.
    pub(crate) fn non_identity(point: V::Key) -> Result<PublicKey<V>, BlsError> {
        if point.is_identity() {
            Err(BlsError::IdentityPublicKey)
        } else {
            Ok(PublicKey(point))
        }
    }

    /// The key of a secret key (`SkToPk`, draft section 2.4), computed in constant time.
    pub fn from_secret_key(sk: &SecretKey) -> PublicKey<V> {
        PublicKey(V::KeyProj::generator().mul_constant_time(&sk.0).to_affine())
    }

    /// The compressed encoding.
    pub fn to_bytes(&self) -> V::KeyBytes {
        self.0.to_compressed()
    }

    /// The point.
    pub fn point(&self) -> &V::Key {
        &self.0
    }
}

impl<V: Variant> Signature<V> {
    /// The length of the compressed encoding.
    pub const BYTES: usize = V::SIG_LEN;

    /// Decodes a compressed signature and checks it (curve, subgroup).
    pub fn from_bytes(bytes: &[u8]) -> Result<Signature<V>, BlsError> {
        Ok(Signature(V::Sig::from_compressed(bytes).map_err(BlsError::Signature)?))
    }

    /// A signature from a point, checked to be in the prime-order subgroup (a point outside
    /// it is `BlsError::Signature(DecodeError::NotInSubgroup { what: "G1 point" })`,
    /// `"G2 point"` for [`MinPk`]). The identity is accepted here and rejected by
    /// verification.
    pub fn from_point(point: V::Sig) -> Result<Signature<V>, BlsError> {
        if point.is_torsion_free() {
            Ok(Signature(point))
        } else {
            Err(BlsError::Signature(DecodeError::NotInSubgroup { what: V::SIG_WHAT }))
        }
    }

    /// Verification rejects the identity before any pairing.
    pub(crate) fn non_identity(&self) -> Result<&V::Sig, BlsError> {
        if self.0.is_identity() {
            Err(BlsError::IdentitySignature)
        } else {
            Ok(&self.0)
        }
    }

    /// The compressed encoding.
    pub fn to_bytes(&self) -> V::SigBytes {
        self.0.to_compressed()
    }

    /// The point.
    pub fn point(&self) -> &V::Sig {
        &self.0
    }

    /// The sum of the signatures (`Aggregate`, draft section 2.8). An empty list is an
    /// error.
    pub fn aggregate(signatures: &[Signature<V>]) -> Result<Signature<V>, BlsError> {
        if signatures.is_empty() {
            return Err(BlsError::Empty { what: "signatures to aggregate" });
        }
        let sum = signatures.iter().fold(V::SigProj::identity(), |acc, s| acc.add_affine(&s.0));
        Ok(Signature(sum.to_affine_vartime()))
    }
}

impl<V: Variant> PopVerifiedPublicKey<V> {
    /// The key.
    pub fn public_key(&self) -> &PublicKey<V> {
        &self.0
    }

    /// The compressed encoding of the key.
    pub fn to_bytes(&self) -> V::KeyBytes {
        self.0.to_bytes()
    }

    /// **The caller vouches** that `pk`'s proof of possession was verified with `pop_verify`
    /// under the scheme's `POP_DST`, for example when the key was registered, before it was
    /// stored; nothing is checked here. It is for keys that come back from the caller's own
    /// trusted storage, where checking the proof again would cost a pairing check per key.
    ///
    /// Never use it on a key that arrived with the request that is being verified: with a
    /// key that has not proven possession, `fast_aggregate_verify` and `aggregate_verify`
    /// accept forgeries (the rogue-key attack: keys `[pk, x·g − pk]` and the signature
    /// `x·H(m)` verify without `pk`'s secret).
    pub fn assume_pop_verified_unchecked(pk: PublicKey<V>) -> PopVerifiedPublicKey<V> {
        PopVerifiedPublicKey(pk)
    }

    /// The sum of the keys: the aggregate key that `fast_aggregate_verify` verifies against
    /// (compute it once for a fixed set of signers, then `verify` with it). An empty list, or
    /// a sum that is the identity, is an error.
    pub fn aggregate(keys: &[PopVerifiedPublicKey<V>]) -> Result<PublicKey<V>, BlsError> {
        sum_keys::<V>(keys.iter().map(|k| &k.0 .0))
    }
}

/// A verified key is a key.
impl<V: Variant> From<PopVerifiedPublicKey<V>> for PublicKey<V> {
    fn from(pk: PopVerifiedPublicKey<V>) -> PublicKey<V> {
        pk.0
    }
}

/// The sum of keys; an empty list, or a sum that is the identity, is an error.
fn sum_keys<'a, V: Variant>(keys: impl ExactSizeIterator<Item = &'a V::Key>) -> Result<PublicKey<V>, BlsError> {
    if keys.len() == 0 {
        return Err(BlsError::Empty { what: "public keys to aggregate" });
    }
    let sum = keys.fold(V::KeyProj::identity(), |acc, k| acc.add_affine(k));
    PublicKey::non_identity(sum.to_affine_vartime())
}
