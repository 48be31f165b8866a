//! The certificate's BLS check: min-sig BLS (signature in G1, key in G2) with ciphersuite
//! `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_` (draft-irtf-cfrg-bls-signature-04 §2.7,
//! `CoreVerify`), over `domain_sep("ic-state-root") · root_hash` (interface specification,
//! "Certificate").
//!
//! The check itself is [`crate::bls::min_sig::verify_prepared`]; this file adds the key's
//! preparation and the certificate's errors.

use super::error::{CertificateError, KeyError, Within};
use super::root_key::IC_MAINNET_ROOT_KEY;
use crate::bls::{min_sig, BlsError};
use crate::pairing::G2Prepared;
use crate::{DecodeError, G1Affine};

/// `domain_sep("ic-state-root")`: its length byte (13) and the text.
const STATE_ROOT_SEP: &[u8; 14] = b"\x0dic-state-root";

/// A public key ready for verification: the IC mainnet root key uses lines prepared at
/// compile time, others are prepared here.
pub(crate) struct PublicKey(min_sig::PreparedPublicKey);

impl PublicKey {
    /// Decodes a compressed G2 key (checked: canonical, on the curve, in the subgroup) and
    /// rejects the point at infinity.
    pub(crate) fn from_compressed(bytes: &[u8; 96]) -> Result<PublicKey, KeyError> {
        if *bytes == IC_MAINNET_ROOT_KEY {
            return Ok(PublicKey(min_sig::PreparedPublicKey::ic_mainnet_root_key()));
        }
        // Decoded with its lines: the subgroup check reads them (`PreparedPublicKey::from_bytes`).
        match min_sig::PreparedPublicKey::from_bytes(bytes) {
            Ok(pk) => Ok(PublicKey(pk)),
            Err(BlsError::PublicKey(e)) => Err(KeyError::Point(e)),
            // The only other error `from_bytes` gives: `BlsError::IdentityPublicKey`.
            Err(_) => Err(KeyError::Identity),
        }
    }
}

/// Decodes a signature: a compressed G1 point of the subgroup, not the identity.
pub(crate) fn decode_signature(sig: &[u8], within: Within) -> Result<G1Affine, CertificateError> {
    let p = G1Affine::from_compressed(sig).map_err(|error| CertificateError::SignatureEncoding { within, error })?;
    if p.is_identity() {
        return Err(CertificateError::SignatureEncoding {
            within,
            error: DecodeError::InvalidFlags {
                what: "BLS signature",
                rule: "the point at infinity is not a signature",
            },
        });
    }
    Ok(p)
}

/// Whether `sig` signs `"\x0Dic-state-root" · root_hash` under `pk`:
/// `e(sig, -g2) · e(H(m), pk) = 1`, one shared Miller loop and final exponentiation.
pub(crate) fn verify_min_sig(
    pk: &PublicKey,
    root_hash: &[u8; 32],
    sig: &G1Affine,
    within: Within,
) -> Result<(), CertificateError> {
    let mut msg = [0u8; 46];
    msg[..14].copy_from_slice(STATE_ROOT_SEP);
    msg[14..].copy_from_slice(root_hash);
    // `sig` was decoded with the checked decoder (`decode_signature`): no second subgroup check.
    match min_sig::verify_prepared(&pk.0, &msg, &crate::bls::keys::Signature(*sig)) {
        Ok(()) => Ok(()),
        Err(BlsError::IdentitySignature) => Err(CertificateError::SignatureEncoding {
            within,
            error: DecodeError::InvalidFlags {
                what: "BLS signature",
                rule: "the point at infinity is not a signature",
            },
        }),
        Err(_) => Err(CertificateError::BadSignature { within }),
    }
}

/// The delegation's signature (under the root key) and the certificate's (under the subnet
/// key), checked together: with a coefficient `c` hashed from both signatures and both root
/// hashes, `e(σ + c·σ_d, -g2) · e(H(m), pk) · e(c·H(m_d), root) = 1` holds for both valid
/// signatures, and for anything else only for one value of `c` in Gt's prime order, so with
/// probability 2^-127 over `c`'s 2^127 values (`glv_weight`, which also makes both products
/// by `c` cost a 64-bit scalar's). One Miller loop over three pairs and one final
/// exponentiation replace two of each. When the combined check fails, the two are checked
/// apart to name the one that is wrong.
pub(crate) fn verify_with_delegation(
    root: &PublicKey,
    delegation: (&[u8; 32], &G1Affine),
    subnet: &PublicKey,
    certificate: (&[u8; 32], &G1Affine),
) -> Result<(), CertificateError> {
    use crate::pairing::pairing_check_prepared;
    use crate::G1Projective;
    use sha2::{Digest, Sha256};

    let message = |root_hash: &[u8; 32]| {
        let mut msg = [0u8; 46];
        msg[..14].copy_from_slice(STATE_ROOT_SEP);
        msg[14..].copy_from_slice(root_hash);
        crate::hash_to_curve::hash_to_g1(&msg, min_sig::DST)
    };
    let digest = Sha256::new()
        .chain_update(b"icbls certificate and delegation v1")
        .chain_update(delegation.0)
        .chain_update(delegation.1.to_compressed())
        .chain_update(certificate.0)
        .chain_update(certificate.1.to_compressed())
        .finalize();
    let c = crate::groups::scalar::glv_weight(&digest.into());
    let sig =
        (G1Projective::from(delegation.1).mul_vartime(&c) + G1Projective::from(certificate.1)).to_affine_vartime();
    let h_delegation = message(delegation.0).mul_vartime(&c).to_affine_vartime();
    let h_certificate = message(certificate.0).to_affine_vartime();
    let neg_g2 = G2Prepared::neg_generator();
    if pairing_check_prepared(&[(&sig, &neg_g2), (&h_certificate, subnet.0.lines()), (&h_delegation, root.0.lines())]) {
        return Ok(());
    }
    verify_min_sig(root, delegation.0, delegation.1, Within::DelegationCertificate)?;
    verify_min_sig(subnet, certificate.0, certificate.1, Within::Certificate)
}
