//! The min-sig variant, as the Internet Computer uses it: signatures in G1 (48 bytes), public
//! keys in G2 (96 bytes).
//!
//! At the top level, the IC's ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_`: the
//! basic scheme (draft-irtf-cfrg-bls-signature-05, section 3.1), whose `AggregateVerify`
//! needs distinct messages and which has no `FastAggregateVerify`. [`pop`] is the same
//! variant's proof-of-possession scheme (section 3.3), with its own ciphersuite
//! `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_`: `FastAggregateVerify` and aggregation
//! over repeated messages, for keys that proved possession.
//!
//! The basic scheme has no fast aggregation, and the proof-of-possession scheme's aggregation
//! takes only keys whose proof was verified:
//!
//! ```compile_fail
//! use icbls::bls::{min_sig, SecretKey};
//! let sk = SecretKey::key_gen(&[1u8; 32], b"").unwrap();
//! let pk = min_sig::PublicKey::from_secret_key(&sk);
//! let sig = min_sig::sign(&sk, b"m");
//! let _ = min_sig::fast_aggregate_verify(&[pk], b"m", &sig); // no such function
//! ```
//!
//! ```compile_fail
//! use icbls::bls::{min_sig::pop, SecretKey};
//! let sk = SecretKey::key_gen(&[1u8; 32], b"").unwrap();
//! let pk = icbls::bls::min_sig::PublicKey::from_secret_key(&sk);
//! let sig = pop::sign(&sk, b"m");
//! let _ = pop::fast_aggregate_verify(&[pk], b"m", &sig); // a PublicKey is not a PopVerifiedPublicKey
//! ```

use crate::pairing::{pairing_check_prepared, G2Prepared};
use crate::Fr;

bls_core! {
    public_key: G2Affine, G2Projective, 96, "G2";
    signature: G1Affine, G1Projective, 48, "G1";
    hash: crate::hash_to_curve::hash_to_g1;
}

bls_ciphersuite! {
    dst: b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
    scheme: "the basic scheme, draft section 3.1";
}

bls_basic_scheme!();

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
    check(&sig.to_affine_vartime(), &terms)
}

/// A validated public key with its Miller-loop lines computed once, for a key that verifies
/// many messages ([`verify_prepared`]). It is made only from a [`PublicKey`] (validated:
/// subgroup, not the identity) or, for the IC mainnet root key, from lines computed at
/// compile time from the validated key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreparedPublicKey(G2Prepared);

impl PreparedPublicKey {
    /// Prepares a validated key.
    pub fn new(pk: &PublicKey) -> PreparedPublicKey {
        PreparedPublicKey(G2Prepared::new(&pk.0))
    }

    /// A key from lines prepared elsewhere in the crate: the IC mainnet root key's, built in
    /// by [`crate::certificate`] (`ic_mainnet_root_key`, with its test). The lines must be
    /// those of a validated key.
    pub(crate) const fn from_prepared(lines: G2Prepared) -> PreparedPublicKey {
        PreparedPublicKey(lines)
    }

    /// The lines, for pairing checks of one's own ([`crate::pairing::pairing_check_prepared`]).
    pub fn lines(&self) -> &G2Prepared {
        &self.0
    }
}

impl From<&PublicKey> for PreparedPublicKey {
    fn from(pk: &PublicKey) -> PreparedPublicKey {
        PreparedPublicKey::new(pk)
    }
}

/// `Verify` (basic scheme, [`DST`]) with the key's lines prepared ahead: for a key that
/// verifies many messages, such as the IC root key ([`PreparedPublicKey::ic_mainnet_root_key`]).
pub fn verify_prepared(pk: &PreparedPublicKey, msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
    let sig = sig.non_identity()?;
    let h = hash(msg, DST).to_affine_vartime();
    if pairing_check_prepared(&[(sig, &G2Prepared::neg_generator()), (&h, &pk.0)]) {
        Ok(())
    } else {
        Err(BlsError::InvalidSignature)
    }
}

/// The min-sig variant's proof-of-possession scheme (draft-irtf-cfrg-bls-signature-05,
/// section 3.3), ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_` (section 4.2.3):
/// keys prove possession with [`pop::pop_prove`] under
/// `BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_`, and once [`pop::pop_verify`] has checked the
/// proof, [`pop::fast_aggregate_verify`] and [`pop::aggregate_verify`] (repeated messages
/// allowed) take them. Keys and signatures are the same types as the basic scheme's, but a
/// signature made under one DST does not verify under the other.
///
/// ```
/// use icbls::bls::{min_sig::{self, pop}, SecretKey};
///
/// let sks: Vec<SecretKey> = (1..4u8).map(|i| SecretKey::key_gen(&[i; 32], b"").unwrap()).collect();
/// // Each signer registers its key with a proof of possession, checked once.
/// let keys: Vec<pop::PopVerifiedPublicKey> = sks
///     .iter()
///     .map(|sk| pop::pop_verify(&min_sig::PublicKey::from_secret_key(sk), &pop::pop_prove(sk)).unwrap())
///     .collect();
/// let sigs: Vec<min_sig::Signature> = sks.iter().map(|sk| pop::sign(sk, b"block 7")).collect();
/// let sig = min_sig::Signature::aggregate(&sigs).unwrap();
/// assert_eq!(pop::fast_aggregate_verify(&keys, b"block 7", &sig), Ok(()));
/// ```
pub mod pop {
    use super::{aggregate_inputs, core_aggregate_verify, core_batch_verify, core_sign, core_verify, sum_keys};
    use crate::bls::{BlsError, SecretKey};

    /// The keys and signatures are the min-sig variant's ([`super::PublicKey`],
    /// [`super::Signature`]), named here too so that code generic over a scheme module finds
    /// them.
    pub use super::{PublicKey, Signature};

    bls_ciphersuite! {
        dst: b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_";
        scheme: "the proof-of-possession scheme, draft section 3.3";
    }

    bls_pop_scheme! {
        pop_dst: b"BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_";
    }
}
