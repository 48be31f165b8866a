//! The verifiable random function built on vetKeys, as `ic-vetkeys`'s `VrfOutput`: the proof is
//! a vetKey (a BLS signature on the input), the output HKDF-SHA256 of the proof, the key and
//! the input.

use super::vetkey::{verify_point, VetKey};
use super::{hkdf_sha256, push_with_length, DerivedPublicKey, VetKeyError, G1_BYTES, G2_BYTES};
use alloc::vec::Vec;

const VRF_DST: &str = "ic-vetkd-bls12-381-g2-vrf";

/// A verified VRF output: the proof (a vetKey for `input` under `public_key`), the key, the
/// input and the 32-byte random output. Serialized as `proof (48) ‖ key (96) ‖ input`; the
/// output is recomputed, never read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VrfOutput {
    proof: VetKey,
    public_key: DerivedPublicKey,
    input: Vec<u8>,
    output: [u8; VrfOutput::BYTES],
}

impl VrfOutput {
    /// Bytes of the VRF output.
    pub const BYTES: usize = 32;

    /// Checks `proof` as a BLS signature on `input` under `public_key` and computes the output
    /// `HKDF(len ‖ proof ‖ len ‖ key ‖ len ‖ input, "ic-vetkd-bls12-381-g2-vrf")` (lengths as
    /// 8-byte big-endian integers). The proof is typically the vetKey a canister derived
    /// unencrypted (with the identity as transport key) for `input`.
    pub fn new(proof: VetKey, public_key: DerivedPublicKey, input: &[u8]) -> Result<VrfOutput, VetKeyError> {
        verify_point(&public_key, input, proof.point()).map_err(|e| match e {
            VetKeyError::InvalidVetKey => VetKeyError::InvalidVrfProof,
            other => other,
        })?;
        let mut ro = Vec::with_capacity(24 + G1_BYTES + G2_BYTES + input.len());
        push_with_length(&mut ro, proof.serialize());
        push_with_length(&mut ro, &public_key.serialize());
        push_with_length(&mut ro, input);
        let mut output = [0u8; Self::BYTES];
        hkdf_sha256(&ro, VRF_DST.as_bytes(), &mut output)?;
        Ok(VrfOutput { proof, public_key, input: input.to_vec(), output })
    }

    /// Decodes `proof ‖ key ‖ input` and verifies it ([`Self::new`]). The caller must still
    /// check that [`Self::public_key`] and [`Self::input`] are the ones it expects.
    pub fn deserialize(bytes: &[u8]) -> Result<VrfOutput, VetKeyError> {
        if bytes.len() < G1_BYTES + G2_BYTES {
            return Err(VetKeyError::TooShort { field: "VrfOutput", min: G1_BYTES + G2_BYTES, actual: bytes.len() });
        }
        let (proof, rest) = bytes.split_at(G1_BYTES);
        let (key, input) = rest.split_at(G2_BYTES);
        let proof = VetKey::deserialize(proof).map_err(|e| rename(e, "VrfOutput proof"))?;
        let key = DerivedPublicKey::deserialize(key).map_err(|e| rename(e, "VrfOutput public key"))?;
        VrfOutput::new(proof, key, input)
    }

    /// `proof ‖ key ‖ input`.
    pub fn serialize(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(G1_BYTES + G2_BYTES + self.input.len());
        out.extend_from_slice(self.proof.serialize());
        out.extend_from_slice(&self.public_key.serialize());
        out.extend_from_slice(&self.input);
        out
    }

    /// The 32 random bytes.
    pub fn output(&self) -> &[u8; Self::BYTES] {
        &self.output
    }

    /// The input the proof signs.
    pub fn input(&self) -> &[u8] {
        &self.input
    }

    /// The key the proof verifies under.
    pub fn public_key(&self) -> &DerivedPublicKey {
        &self.public_key
    }

    /// The proof: a vetKey, which is public here.
    pub fn proof(&self) -> &VetKey {
        &self.proof
    }
}

fn rename(e: VetKeyError, field: &'static str) -> VetKeyError {
    match e {
        VetKeyError::Decode { error, .. } => VetKeyError::Decode { field, error },
        other => other,
    }
}
