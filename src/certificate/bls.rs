//! The certificate's BLS check: min-sig BLS (signature in G1, key in G2) with ciphersuite
//! `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_` (draft-irtf-cfrg-bls-signature-04 §2.7,
//! `CoreVerify`), over `domain_sep("ic-state-root") · root_hash` (interface specification,
//! "Certificate").
//!
//! The check itself is [`crate::bls::min_sig::verify_prepared`]; this file adds the key's
//! preparation and the certificate's errors.

use super::error::{CertificateError, KeyError, Within};
use crate::bls::{min_sig, BlsError};
use crate::pairing::{G2Prepared, IC_MAINNET_ROOT_KEY};
use crate::{DecodeError, G1Affine, G2Affine};

/// `domain_sep("ic-state-root")`: its length byte (13) and the text.
const STATE_ROOT_SEP: &[u8; 14] = b"\x0dic-state-root";

/// A public key ready for verification: the IC mainnet root key uses lines prepared at
/// compile time, others are prepared here.
pub(crate) struct PublicKey(G2Prepared);

impl PublicKey {
    /// Decodes a compressed G2 key (checked: canonical, on the curve, in the subgroup) and
    /// rejects the point at infinity.
    pub(crate) fn from_compressed(bytes: &[u8; 96]) -> Result<PublicKey, KeyError> {
        if *bytes == IC_MAINNET_ROOT_KEY {
            return Ok(PublicKey(G2Prepared::ic_mainnet_root_key()));
        }
        let q = G2Affine::from_compressed(bytes).map_err(KeyError::Point)?;
        if q.is_identity() {
            return Err(KeyError::Identity);
        }
        Ok(PublicKey(G2Prepared::new(&q)))
    }
}

/// Decodes a signature: a compressed G1 point of the subgroup, not the identity.
pub(crate) fn decode_signature(sig: &[u8], within: Within) -> Result<G1Affine, CertificateError> {
    let p = G1Affine::from_compressed(sig).map_err(|error| CertificateError::SignatureEncoding { within, error })?;
    if p.is_identity() {
        return Err(CertificateError::SignatureEncoding {
            within,
            error: DecodeError::InvalidFlags { what: "BLS signature", rule: "the point at infinity is not a signature" },
        });
    }
    Ok(p)
}

/// Whether `sig` signs `"\x0Dic-state-root" · root_hash` under `pk`:
/// `e(sig, -g2) · e(H(m), pk) = 1`, one shared Miller loop and final exponentiation.
pub(crate) fn verify_min_sig(pk: &PublicKey, root_hash: &[u8; 32], sig: &G1Affine, within: Within) -> Result<(), CertificateError> {
    let mut msg = [0u8; 46];
    msg[..14].copy_from_slice(STATE_ROOT_SEP);
    msg[14..].copy_from_slice(root_hash);
    match min_sig::verify_prepared(&pk.0, &msg, &min_sig::Signature::from_point(*sig)) {
        Ok(()) => Ok(()),
        Err(BlsError::IdentitySignature) => Err(CertificateError::SignatureEncoding {
            within,
            error: DecodeError::InvalidFlags { what: "BLS signature", rule: "the point at infinity is not a signature" },
        }),
        Err(_) => Err(CertificateError::BadSignature { within }),
    }
}
