//! Certificate verification that remembers the delegations it verified.
//!
//! Every certificate a subnet signs carries the same delegation (the root subnet's certificate
//! of the subnet's key) until the root subnet issues a new one. Its BLS check under the root
//! key is as dear as the certificate's own, so a verifier that keeps state between calls (a
//! canister's update methods) checks it once: [`DelegationCache`] remembers, for each
//! delegation it verified, the subnet's key with its Miller lines prepared, keyed by the
//! SHA-256 of the root key, the `subnet_id` and the delegation certificate's bytes. A later
//! certificate with the same delegation still has every other check (decoding, `/time`,
//! freshness, the delegation's `/time`, the canister ranges or the subnet's identity), and
//! its own BLS check under the remembered key.

use super::bls::PublicKey;
use super::{CertificateError, Freshness, Target, VerifiedCertificate};
use alloc::vec::Vec;
use sha2::{Digest, Sha256};

/// The delegations a verifier remembers when it is not told otherwise.
pub const DEFAULT_DELEGATIONS: usize = 16;

/// Verified delegations, at most `capacity`; the oldest is forgotten first.
pub struct DelegationCache {
    capacity: usize,
    /// Oldest first.
    entries: Vec<([u8; 32], PublicKey)>,
}

impl core::fmt::Debug for DelegationCache {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DelegationCache").field("capacity", &self.capacity).field("len", &self.entries.len()).finish()
    }
}

impl Default for DelegationCache {
    fn default() -> DelegationCache {
        DelegationCache::new(DEFAULT_DELEGATIONS)
    }
}

/// What a delegation is remembered by: the root key that verified it, the subnet it is for and
/// its certificate, each length-prefixed.
pub(crate) fn delegation_digest(root_key: &[u8; 96], subnet_id: &[u8], certificate: &[u8]) -> [u8; 32] {
    Sha256::new()
        .chain_update(b"icbls delegation v1")
        .chain_update(root_key)
        .chain_update((subnet_id.len() as u64).to_be_bytes())
        .chain_update(subnet_id)
        .chain_update((certificate.len() as u64).to_be_bytes())
        .chain_update(certificate)
        .finalize()
        .into()
}

impl DelegationCache {
    /// A cache for at most `capacity` delegations (0 remembers none). Each entry holds a
    /// subnet key's prepared lines, about 20 KiB.
    pub fn new(capacity: usize) -> DelegationCache {
        DelegationCache { capacity, entries: Vec::new() }
    }

    /// How many delegations it remembers now.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it remembers none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets every delegation.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// The subnet key remembered for `digest`.
    pub(crate) fn get(&self, digest: &[u8; 32]) -> Option<&PublicKey> {
        self.entries.iter().find(|(d, _)| d == digest).map(|(_, key)| key)
    }

    /// Remembers a verified delegation's subnet key, forgetting the oldest one if full.
    pub(crate) fn insert(&mut self, digest: [u8; 32], key: PublicKey) {
        if self.capacity == 0 || self.get(&digest).is_some() {
            return;
        }
        if self.entries.len() == self.capacity {
            self.entries.remove(0);
        }
        self.entries.push((digest, key));
    }

    /// [`verify_certificate`](super::verify_certificate), remembering the delegation once it
    /// is verified and skipping its BLS check when it is remembered. The answer is the same as
    /// `verify_certificate`'s for every input.
    pub fn verify_certificate<'a>(
        &mut self,
        certificate: &'a [u8],
        root_key: &[u8],
        target: Target<'_>,
        freshness: Option<Freshness>,
    ) -> Result<VerifiedCertificate<'a>, CertificateError> {
        super::verify_with(certificate, root_key, target, freshness, Some(self))
    }
}
