//! Public-key derivation and transport keys.

use super::{hash_to_scalar_two_inputs, VetKeyError, G1_BYTES, G2_BYTES};
use crate::fields::words::hex_bytes;
use crate::pairing::G2Prepared;
use crate::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use alloc::boxed::Box;

const CANISTER_ID_DST: &str = "ic-vetkd-bls12-381-g2-canister-id";
const CONTEXT_DST: &str = "ic-vetkd-bls12-381-g2-context";

/// Master public keys of the IC's vetKD keys for `Bls12_381_G2`, as `ic-vetkeys` 0.8.1 hardcodes
/// them (`backend/rs/ic_vetkeys/src/utils/mod.rs` in github.com/dfinity/vetkeys, commit 31b1a1c):
/// `(key name, compressed G2 point)`. Mainnet first.
pub(super) const MAINNET_KEYS: [(&str, [u8; G2_BYTES]); 2] = [
    ("key_1", hex_bytes("a9caf9ae8af0c7c7272f8a122133e2e0c7c0899b75e502bda9e109ca8193ded3ef042ed96db1125e1bdaad77d8cc60d917e122fe2501c45b96274f43705edf0cfd455bc66c3c060faa2fcd15486e76351edf91fecb993797273bbc8beaa47404")),
    ("test_key_1", hex_bytes("ad86e8ff845912f022a0838a502d763fdea547c9948f8cb20ea7738dd52c1c38dcb4c6ca9ac29f9ac690fc5ad7681cb41922b8dffbd65d94bff141f5fb5b6624eccc03bf850f222052df888cf9b1e47203556d7522271cbb879b2ef4b8c2bfb1")),
];

/// PocketIC's vetKD master public keys, same source.
pub(super) const POCKETIC_KEYS: [(&str, [u8; G2_BYTES]); 3] = [
    ("key_1", hex_bytes("8c800b5cff00463d26e8167369168827f1e48f4d8d60f71dd6a295580f65275b5f5f8e6a792c876b2c72492136530d0710a27522ee63977a76216c3cef9e70bfcb45b88736fc62142e7e0737848ce06cbb1f45a4a6a349b142ae5cf7853561e0")),
    ("test_key_1", hex_bytes("9069b82c7aae418cef27678291e7f2cb1a008a500eceba7199bffca12421b07c158987c6a22618af3d1958738b2835691028801f7663d311799733286c557c8979184bb62cb559a4d582fca7d2e48b860f08ed6641aef66a059ec891889a6218")),
    ("dfx_test_key", hex_bytes("b181c14cf9d04ba45d782c0067a44b0aaa9fc2acf94f1a875f0dae801af4f80339a7e6bf8b09fcf993824c8df3080b3f1409b688ca08cbd44d2cb28db9899f4aa3b5f06b9174240448e10be2f01f9f80079ea5431ce2d11d1c8d1c775333315f")),
];

fn lookup(keys: &[(&str, [u8; G2_BYTES])], name: &str) -> Option<MasterPublicKey> {
    let (_, bytes) = keys.iter().find(|(n, _)| *n == name)?;
    // Constants: decompressed without the subgroup check (a G2 multiplication's cost in a
    // canister); the test `built_in_master_keys_decode_checked` checks them fully.
    G2Affine::from_compressed_unchecked(bytes).ok().map(|point| MasterPublicKey { point })
}

/// `key + H(len(key) ‖ key ‖ len(id) ‖ id)·g2`: one step of vetKD's key derivation.
fn derive(point: &G2Affine, id: &[u8], dst: &str) -> G2Affine {
    let offset = hash_to_scalar_two_inputs(&point.to_compressed(), id, dst);
    // The generator's comb table (`groups::g2_comb`): constant time, and cheaper than a
    // variable-time multiplication, which needs doublings and a table of its own.
    G2Projective::generator_mul_constant_time(&offset).add_affine(point).to_affine_vartime()
}

fn decode_g2(bytes: &[u8], field: &'static str) -> Result<G2Affine, VetKeyError> {
    G2Affine::from_compressed(bytes).map_err(VetKeyError::decode(field))
}

/// A vetKD master public key: a G2 point, 96 bytes compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MasterPublicKey {
    point: G2Affine,
}

impl MasterPublicKey {
    /// Bytes of the encoding.
    pub const BYTES: usize = G2_BYTES;

    /// Decodes a compressed G2 point (96 bytes), checking its flags, that it is on the curve
    /// and in the prime-order subgroup. The point at infinity is refused
    /// ([`VetKeyError::IdentityMasterKey`]), where `ic-vetkeys` accepts it: every key derived
    /// from it is `H(…)·g2` for a public scalar, so anyone could compute its vetKeys and decrypt
    /// what is encrypted to it.
    pub fn deserialize(bytes: &[u8]) -> Result<MasterPublicKey, VetKeyError> {
        let point = decode_g2(bytes, "MasterPublicKey")?;
        if point.is_identity() {
            return Err(VetKeyError::IdentityMasterKey);
        }
        Ok(MasterPublicKey { point })
    }

    /// The 96-byte compressed encoding.
    pub fn serialize(&self) -> [u8; G2_BYTES] {
        self.point.to_compressed()
    }

    /// The G2 point.
    pub fn point(&self) -> &G2Affine {
        &self.point
    }

    /// The canister's key (what `vetkd_public_key` returns for an empty context):
    /// `mpk + H(mpk ‖ canister_id)·g2` with the DST `ic-vetkd-bls12-381-g2-canister-id`.
    /// `canister_id` is the principal's bytes.
    pub fn derive_canister_key(&self, canister_id: &[u8]) -> DerivedPublicKey {
        DerivedPublicKey { point: derive(&self.point, canister_id, CANISTER_ID_DST) }
    }

    /// The IC mainnet master key `key_name` (`"key_1"` or `"test_key_1"`, both on the curve
    /// `bls12_381_g2`), hardcoded as in `ic-vetkeys`, or `None` for another name.
    pub fn for_mainnet_key(key_name: &str) -> Option<MasterPublicKey> {
        lookup(&MAINNET_KEYS, key_name)
    }

    /// PocketIC's master key `key_name` (`"key_1"`, `"test_key_1"` or `"dfx_test_key"`), or
    /// `None` for another name.
    pub fn for_pocketic_key(key_name: &str) -> Option<MasterPublicKey> {
        lookup(&POCKETIC_KEYS, key_name)
    }
}

/// A derived public key: a canister's key, or a canister's key derived further for a context.
/// vetKeys for this key are BLS signatures verifiable under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DerivedPublicKey {
    pub(super) point: G2Affine,
}

impl DerivedPublicKey {
    /// Bytes of the encoding.
    pub const BYTES: usize = G2_BYTES;

    /// Decodes a compressed G2 point (96 bytes), typically from `vetkd_public_key`, checking
    /// its flags, that it is on the curve and in the subgroup. The point at infinity is refused
    /// ([`VetKeyError::IdentityPublicKey`]), where `ic-vetkeys` decodes it: nothing verifies
    /// under it, and a ciphertext encrypted to it would be readable by anyone.
    pub fn deserialize(bytes: &[u8]) -> Result<DerivedPublicKey, VetKeyError> {
        let point = decode_g2(bytes, "DerivedPublicKey")?;
        if point.is_identity() {
            return Err(VetKeyError::IdentityPublicKey);
        }
        Ok(DerivedPublicKey { point })
    }

    /// [`Self::deserialize`] and the key's Miller-loop lines, its subgroup check read off them
    /// ([`G2Prepared::from_compressed`]): the same checks and errors.
    pub(super) fn deserialize_prepared(bytes: &[u8]) -> Result<(DerivedPublicKey, G2Prepared), VetKeyError> {
        let (point, lines) = G2Prepared::from_compressed(bytes).map_err(VetKeyError::decode("DerivedPublicKey"))?;
        if point.is_identity() {
            return Err(VetKeyError::IdentityPublicKey);
        }
        Ok((DerivedPublicKey { point }, lines))
    }

    /// The 96-byte compressed encoding.
    pub fn serialize(&self) -> [u8; G2_BYTES] {
        self.point.to_compressed()
    }

    /// The G2 point.
    pub fn point(&self) -> &G2Affine {
        &self.point
    }

    /// The key for `context` (the second derivation step, what `vetkd_public_key` returns for
    /// a non-empty context when called on the canister key): `self + H(self ‖ context)·g2`
    /// with the DST `ic-vetkd-bls12-381-g2-context`; an empty context returns `self`.
    pub fn derive_sub_key(&self, context: &[u8]) -> DerivedPublicKey {
        if context.is_empty() {
            return *self;
        }
        DerivedPublicKey { point: derive(&self.point, context, CONTEXT_DST) }
    }
}

/// Whether `bytes` is a valid transport public key: a compressed G1 point (48 bytes) on the
/// curve and in the subgroup. The point at infinity is valid (the IC then returns the vetKey
/// unencrypted).
pub fn is_valid_transport_public_key_encoding(bytes: &[u8]) -> bool {
    G1Affine::from_compressed(bytes).is_ok()
}

/// The secret key of a transport key pair: a scalar, erased on drop.
///
/// Its 32-byte serialization is the scalar in **little-endian** order, canonical (below r),
/// as `ic-vetkeys` (and `ic_bls12_381::Scalar::to_bytes`) writes it.
#[derive(Clone)]
pub struct TransportSecretKey {
    // Boxed so that moves copy a pointer, not the secret (which drop erases once).
    secret: Box<Fr>,
}

impl TransportSecretKey {
    /// Bytes of the seed and of the serialization.
    pub const BYTES: usize = 32;

    /// The key `ic-vetkeys`'s `TransportSecretKey::from_seed` makes from a 32-byte seed: the
    /// first 64 bytes of the ChaCha20 generator seeded with it (`ChaCha20Rng::from_seed`, here
    /// the `chacha20` crate's, as `rand_chacha`'s in `ic-vetkeys`), read as a little-endian integer
    /// and reduced modulo r. The seed must be secret and uniformly random.
    pub fn from_seed(seed: &[u8]) -> Result<TransportSecretKey, VetKeyError> {
        let seed: &[u8; 32] = seed.try_into().map_err(|_| VetKeyError::Decode {
            field: "TransportSecretKey seed",
            error: crate::DecodeError::WrongLength { what: "seed", expected: 32, actual: seed.len() },
        })?;
        let mut wide = [0u8; 64];
        rand_core::Rng::fill_bytes(&mut <chacha20::ChaCha20Rng as rand_core::SeedableRng>::from_seed(*seed), &mut wide);
        wide.reverse(); // little-endian to Fr's big-endian
        let secret = Box::new(Fr::from_be_bytes_wide(&wide));
        zeroize::Zeroize::zeroize(&mut wide);
        Ok(TransportSecretKey { secret })
    }

    /// Decodes a 32-byte little-endian scalar below r (the form [`Self::serialize`] writes).
    pub fn deserialize(bytes: &[u8]) -> Result<TransportSecretKey, VetKeyError> {
        let field = "TransportSecretKey";
        let mut be: [u8; 32] = bytes.try_into().map_err(|_| VetKeyError::Decode {
            field,
            error: crate::DecodeError::WrongLength { what: "Fr scalar", expected: 32, actual: bytes.len() },
        })?;
        be.reverse();
        let secret = Fr::from_be_bytes(&be).map_err(VetKeyError::decode(field));
        zeroize::Zeroize::zeroize(&mut be);
        Ok(TransportSecretKey { secret: Box::new(secret?) })
    }

    /// The 32-byte little-endian serialization of the scalar. A secret.
    pub fn serialize(&self) -> [u8; 32] {
        let mut bytes = self.secret.to_bytes();
        bytes.reverse();
        bytes
    }

    /// The public key `tsk·g1`, 48 bytes compressed, to send to `vetkd_derive_key`.
    pub fn public_key(&self) -> [u8; G1_BYTES] {
        G1Projective::generator().mul_constant_time(&self.secret).to_affine().to_compressed()
    }

    pub(super) fn scalar(&self) -> &Fr {
        &self.secret
    }
}

impl Drop for TransportSecretKey {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut *self.secret);
    }
}

impl core::fmt::Debug for TransportSecretKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("TransportSecretKey(..)")
    }
}
