//! drand randomness beacons: verify a round's signature and derive its randomness.
//!
//! A drand chain signs each round with one threshold BLS key. This module verifies the three
//! schemes drand's current chains use, as its `crypto/schemes.go` defines them:
//!
//! | [`Scheme`] | key | signature | message | DST |
//! |---|---|---|---|---|
//! | `bls-unchained-g1-rfc9380` (quicknet) | G2, 96 bytes | G1, 48 bytes | `sha256(round)` | `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_` |
//! | `pedersen-bls-chained` (the default chain) | G1, 48 bytes | G2, 96 bytes | `sha256(previous_signature ‖ round)` | `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_` |
//! | `pedersen-bls-unchained` | G1, 48 bytes | G2, 96 bytes | `sha256(round)` | `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_` |
//!
//! | `bls-unchained-on-g1` (fastnet, deprecated) | G2, 96 bytes | G1, 48 bytes | `sha256(round)` | `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_` |
//!
//! with the round as 8 big-endian bytes. A verified round's randomness is the SHA-256 of its
//! signature. The deprecated `bls-unchained-on-g1` scheme hashes to G1 under the G2 tag, which
//! drand marks as not following the standard; it is here for the rounds its chains signed
//! (drand-verify's `G2PubkeyFastnet`).
//!
//! ```
//! use icbls::drand::Chain;
//!
//! // quicknet, round 123 (from drand's public relays).
//! let signature = hex::decode("b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92").unwrap();
//! let randomness = Chain::quicknet().verify(123, &signature, None).unwrap();
//! assert_eq!(hex::encode(randomness), "fb8f7bc29bf24db51871ec8c79f3a1e4bd0557bc0dfcee9ed1d924e69d1c60dc");
//! assert!(Chain::quicknet().verify(124, &signature, None).is_err());
//! ```

mod error;
mod quicknet_lines;

pub use error::DrandError;

use crate::bls::{min_pk, min_sig, BlsError};
use crate::pairing::G2Prepared;
use sha2::{Digest, Sha256};

/// A drand chain's signature scheme, by the ID its `/info` endpoint gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Scheme {
    /// `bls-unchained-g1-rfc9380` (quicknet): signatures on G1, the key on G2, each round
    /// signed on its own.
    UnchainedG1,
    /// `pedersen-bls-chained` (the League of Entropy's default chain): signatures on G2, the
    /// key on G1, each round's message binds the previous round's signature.
    ChainedG2,
    /// `pedersen-bls-unchained`: signatures on G2, the key on G1, each round signed on its own.
    UnchainedG2,
    /// `bls-unchained-on-g1` (the deprecated fastnet): signatures on G1, the key on G2, each
    /// round signed on its own, messages hashed to G1 under the G2 tag ([`DST_G2`]).
    UnchainedOnG1,
}

impl Scheme {
    /// The scheme with drand's ID `id`; an ID this module does not verify is
    /// `DrandError::UnknownScheme`.
    pub fn from_id(id: &str) -> Result<Scheme, DrandError> {
        match id {
            "bls-unchained-g1-rfc9380" => Ok(Scheme::UnchainedG1),
            "pedersen-bls-chained" => Ok(Scheme::ChainedG2),
            "pedersen-bls-unchained" => Ok(Scheme::UnchainedG2),
            "bls-unchained-on-g1" => Ok(Scheme::UnchainedOnG1),
            _ => Err(DrandError::UnknownScheme),
        }
    }

    /// drand's ID of the scheme.
    pub fn id(&self) -> &'static str {
        match self {
            Scheme::UnchainedG1 => "bls-unchained-g1-rfc9380",
            Scheme::ChainedG2 => "pedersen-bls-chained",
            Scheme::UnchainedG2 => "pedersen-bls-unchained",
            Scheme::UnchainedOnG1 => "bls-unchained-on-g1",
        }
    }

    /// The domain separation tag the scheme hashes messages with.
    pub fn dst(&self) -> &'static [u8] {
        match self {
            Scheme::UnchainedG1 => DST_G1,
            Scheme::ChainedG2 | Scheme::UnchainedG2 | Scheme::UnchainedOnG1 => DST_G2,
        }
    }

    /// Whether each round's message binds the previous round's signature.
    pub fn is_chained(&self) -> bool {
        matches!(self, Scheme::ChainedG2)
    }
}

/// The DST of signatures on G1 (`bls-unchained-g1-rfc9380`), RFC 9380's suite for G1; the
/// same tag as the IC's basic scheme ([`min_sig::DST`]).
pub const DST_G1: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

/// The DST of signatures on G2 (the `pedersen-bls-*` schemes): RFC 9380's suite for G2, the
/// basic scheme's ([`min_pk::BASIC_DST`]).
pub const DST_G2: &[u8] = min_pk::BASIC_DST;

/// quicknet's public key (G2, compressed), from its chain info.
pub const QUICKNET_PUBLIC_KEY: [u8; 96] = [
    0x83, 0xcf, 0x0f, 0x28, 0x96, 0xad, 0xee, 0x7e, 0xb8, 0xb5, 0xf0, 0x1f, 0xca, 0xd3, 0x91, 0x22, 0x12, 0xc4, 0x37,
    0xe0, 0x07, 0x3e, 0x91, 0x1f, 0xb9, 0x00, 0x22, 0xd3, 0xe7, 0x60, 0x18, 0x3c, 0x8c, 0x4b, 0x45, 0x0b, 0x6a, 0x0a,
    0x6c, 0x3a, 0xc6, 0xa5, 0x77, 0x6a, 0x2d, 0x10, 0x64, 0x51, 0x0d, 0x1f, 0xec, 0x75, 0x8c, 0x92, 0x1c, 0xc2, 0x2b,
    0x0e, 0x17, 0xe6, 0x3a, 0xaf, 0x4b, 0xcb, 0x5e, 0xd6, 0x63, 0x04, 0xde, 0x9c, 0xf8, 0x09, 0xbd, 0x27, 0x4c, 0xa7,
    0x3b, 0xab, 0x4a, 0xf5, 0xa6, 0xe9, 0xc7, 0x6a, 0x4b, 0xc0, 0x9e, 0x76, 0xea, 0xe8, 0x99, 0x1e, 0xf5, 0xec, 0xe4,
    0x5a,
];

/// quicknet's chain hash, the ID its relays serve it under.
pub const QUICKNET_CHAIN_HASH: [u8; 32] = [
    0x52, 0xdb, 0x9b, 0xa7, 0x0e, 0x0c, 0xc0, 0xf6, 0xea, 0xf7, 0x80, 0x3d, 0xd0, 0x74, 0x47, 0xa1, 0xf5, 0x47, 0x77,
    0x35, 0xfd, 0x3f, 0x66, 0x17, 0x92, 0xba, 0x94, 0x60, 0x0c, 0x84, 0xe9, 0x71,
];

/// The default chain's public key (G1, compressed), from its chain info.
pub const MAINNET_PUBLIC_KEY: [u8; 48] = [
    0x86, 0x8f, 0x00, 0x5e, 0xb8, 0xe6, 0xe4, 0xca, 0x0a, 0x47, 0xc8, 0xa7, 0x7c, 0xea, 0xa5, 0x30, 0x9a, 0x47, 0x97,
    0x8a, 0x7c, 0x71, 0xbc, 0x5c, 0xce, 0x96, 0x36, 0x6b, 0x5d, 0x7a, 0x56, 0x99, 0x37, 0xc5, 0x29, 0xee, 0xda, 0x66,
    0xc7, 0x29, 0x37, 0x84, 0xa9, 0x40, 0x28, 0x01, 0xaf, 0x31,
];

/// The default chain's chain hash.
pub const MAINNET_CHAIN_HASH: [u8; 32] = [
    0x89, 0x90, 0xe7, 0xa9, 0xaa, 0xed, 0x2f, 0xfe, 0xd7, 0x3d, 0xbd, 0x70, 0x92, 0x12, 0x3d, 0x6f, 0x28, 0x99, 0x30,
    0x54, 0x0d, 0x76, 0x51, 0x33, 0x62, 0x25, 0xdc, 0x17, 0x2e, 0x51, 0xb2, 0xce,
];

/// The default chain's genesis seed: round 1's previous signature.
pub const MAINNET_GENESIS_SEED: [u8; 32] = [
    0x17, 0x6f, 0x93, 0x49, 0x8e, 0xac, 0x9c, 0xa3, 0x37, 0x15, 0x0b, 0x46, 0xd2, 0x1d, 0xd5, 0x86, 0x73, 0xea, 0x4e,
    0x35, 0x81, 0x18, 0x5f, 0x86, 0x96, 0x72, 0xe5, 0x9f, 0xa4, 0xcb, 0x39, 0x0a,
];

/// A chain's key, validated, in the form its scheme verifies with.
#[derive(Clone, Debug)]
enum ChainKey {
    /// A G2 key (signatures on G1), its lines prepared.
    G2(min_sig::PreparedPublicKey),
    /// A G1 key (signatures on G2).
    G1(min_pk::PublicKey),
    /// A G2 key whose signatures on G1 hash under the G2 tag (`bls-unchained-on-g1`).
    G2UnderG2Tag(min_sig::PublicKey),
}

/// One round of a drand chain, as its HTTP API serves it (`round`, `signature`,
/// `previous_signature`): the argument of [`Chain::verify_beacon`], which names each byte
/// string, so that drand-verify's `verify(round, previous_signature, signature)` order cannot
/// be carried over silently as it can to [`Chain::verify`] (both strings are `&[u8]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beacon<'a> {
    /// The round number (1 and up).
    pub round: u64,
    /// The round's signature.
    pub signature: &'a [u8],
    /// The previous round's signature, for a chained scheme (for round 1, the genesis seed);
    /// `None` for an unchained one.
    pub previous_signature: Option<&'a [u8]>,
}

/// A drand chain to verify rounds of: its scheme and its validated public key. Make it once
/// and verify many rounds with it.
#[derive(Clone, Debug)]
pub struct Chain {
    scheme: Scheme,
    key: ChainKey,
}

impl Chain {
    /// A chain from its scheme and public key (compressed: 96 bytes on G2 for
    /// [`Scheme::UnchainedG1`] and [`Scheme::UnchainedOnG1`], 48 bytes on G1 otherwise), validated as BLS keys are (curve,
    /// subgroup, not the identity); a bad key is `DrandError::Bls(BlsError::PublicKey(..))`.
    pub fn new(scheme: Scheme, public_key: &[u8]) -> Result<Chain, DrandError> {
        let key = match scheme {
            Scheme::UnchainedG1 => ChainKey::G2(min_sig::PreparedPublicKey::from_bytes(public_key)?),
            Scheme::ChainedG2 | Scheme::UnchainedG2 => ChainKey::G1(min_pk::PublicKey::from_bytes(public_key)?),
            Scheme::UnchainedOnG1 => ChainKey::G2UnderG2Tag(min_sig::PublicKey::from_bytes(public_key)?),
        };
        Ok(Chain { scheme, key })
    }

    /// quicknet (`bls-unchained-g1-rfc9380`, a round every 3 seconds), with its key's lines
    /// prepared at compile time (checked by the tests against preparing [`QUICKNET_PUBLIC_KEY`]
    /// decoded and validated at run time).
    pub fn quicknet() -> Chain {
        let lines = G2Prepared::from_static_lines(&quicknet_lines::QUICKNET_PUBLIC_KEY_LINES);
        Chain { scheme: Scheme::UnchainedG1, key: ChainKey::G2(min_sig::PreparedPublicKey::from_prepared(lines)) }
    }

    /// The League of Entropy's default chain (`pedersen-bls-chained`, a round every 30
    /// seconds), its key [`MAINNET_PUBLIC_KEY`].
    pub fn mainnet() -> Chain {
        // The constant is a valid key: the tests decode it.
        let key = min_pk::PublicKey::from_bytes(&MAINNET_PUBLIC_KEY).expect("the default chain's key is valid");
        Chain { scheme: Scheme::ChainedG2, key: ChainKey::G1(key) }
    }

    /// The chain's scheme.
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// [`Chain::verify`] of a [`Beacon`]: its randomness, `sha256(signature)`.
    ///
    /// ```
    /// # use icbls_testkit::fixtures::{available, canister_input, canister_input_bytes};
    /// # if !available() { return; }
    /// # let round: u64 = canister_input("DRAND_MAINNET_ROUND").parse().unwrap();
    /// # let (signature, previous) = (canister_input_bytes("DRAND_MAINNET_SIGNATURE"), canister_input_bytes("DRAND_MAINNET_PREVIOUS"));
    /// use icbls::drand::{Beacon, Chain};
    /// // A round of the League of Entropy's chained default chain, as its HTTP API serves it.
    /// let beacon = Beacon { round, signature: &signature, previous_signature: Some(&previous) };
    /// assert!(Chain::mainnet().verify_beacon(&beacon).is_ok());
    /// ```
    pub fn verify_beacon(&self, beacon: &Beacon<'_>) -> Result<[u8; 32], DrandError> {
        self.verify(beacon.round, beacon.signature, beacon.previous_signature)
    }

    /// Verifies round `round`'s `signature` and returns the round's randomness,
    /// `sha256(signature)`. A chained scheme needs the previous round's signature (for round 1,
    /// the chain's genesis seed); an unchained one takes none. Errors:
    /// `DrandError::Round` for round 0 (the genesis, which has no signature),
    /// `DrandError::PreviousSignature` when one is missing or given where none belongs,
    /// `DrandError::Bls` for a malformed signature (`BlsError::Signature`, naming the check:
    /// length, flags, curve, subgroup) or one that does not verify (`BlsError::InvalidSignature`).
    pub fn verify(
        &self,
        round: u64,
        signature: &[u8],
        previous_signature: Option<&[u8]>,
    ) -> Result<[u8; 32], DrandError> {
        if round == 0 {
            return Err(DrandError::Round { rule: "round 0 is the genesis, which has no signature" });
        }
        let previous = match (self.scheme.is_chained(), previous_signature) {
            (true, Some(p)) => p,
            (true, None) => {
                return Err(DrandError::PreviousSignature {
                    rule: "a chained scheme signs the previous signature with the round: give it (for round 1, the genesis seed)",
                })
            }
            (false, None) => &[][..],
            (false, Some(_)) => {
                return Err(DrandError::PreviousSignature { rule: "an unchained scheme signs the round alone: give none" })
            }
        };
        let msg = message(round, previous);
        match &self.key {
            ChainKey::G2(key) => {
                let sig = min_sig::Signature::from_bytes(signature)?;
                // `verify_prepared` hashes with the IC's basic DST, which is this scheme's
                // (a test holds them equal).
                min_sig::verify_prepared(key, &msg, &sig)?;
            }
            ChainKey::G1(key) => {
                // Decoded with its lines, its subgroup check read off them.
                let (sig, lines) = G2Prepared::from_compressed(signature).map_err(BlsError::Signature)?;
                min_pk::verify_with_signature_lines(key, &msg, &sig, &lines, DST_G2)?;
            }
            ChainKey::G2UnderG2Tag(key) => {
                let sig = min_sig::Signature::from_bytes(signature)?;
                min_sig::verify_with_dst(key, &msg, &sig, DST_G2)?;
            }
        }
        Ok(randomness(signature))
    }
}

/// The message a round signs: `sha256(previous_signature ‖ round)`, the round as 8 big-endian
/// bytes; unchained schemes pass an empty `previous_signature` (drand's `DigestBeacon`).
pub fn message(round: u64, previous_signature: &[u8]) -> [u8; 32] {
    Sha256::new().chain_update(previous_signature).chain_update(round.to_be_bytes()).finalize().into()
}

/// A round's randomness: the SHA-256 of its signature's bytes (meaningful once the signature
/// is verified).
pub fn randomness(signature: &[u8]) -> [u8; 32] {
    Sha256::digest(signature).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::check_or_write_lines;
    use crate::G2Affine;

    #[test]
    fn quicknet_lines_match_run_time_preparation() {
        let Chain { key: ChainKey::G2(key), .. } = Chain::quicknet() else { panic!("quicknet's key is on G2") };
        check_or_write_lines(
            "src/drand/quicknet_lines.rs",
            "quicknet_lines_match_run_time_preparation",
            &[(
                "QUICKNET_PUBLIC_KEY_LINES",
                "drand quicknet's public key.",
                G2Affine::from_compressed(&QUICKNET_PUBLIC_KEY).expect("quicknet's key is a G2 point"),
            )],
            &[key.lines().clone()],
        );
    }

    #[test]
    fn the_built_in_keys_are_valid_and_the_g1_dst_is_the_basic_schemes() {
        assert!(min_sig::PublicKey::from_bytes(&QUICKNET_PUBLIC_KEY).is_ok());
        assert!(min_pk::PublicKey::from_bytes(&MAINNET_PUBLIC_KEY).is_ok());
        assert_eq!(min_sig::DST, DST_G1);
    }
}
