//! The operations both variants share, written once as macros, with the sections of
//! draft-irtf-cfrg-bls-signature-05 they implement:
//!
//! - [`bls_core!`]: the key and signature types (`KeyValidate`, section 2.5; `Aggregate`,
//!   2.8) and the core operations every scheme is made of, each under a given DST:
//!   `CoreSign` (2.6), `CoreVerify` (2.7), `CoreAggregateVerify` (2.9), and batch
//!   verification of independent signatures (not in the draft, see `bls/batch.rs`);
//! - [`bls_ciphersuite!`]: `Sign`, `Verify` and batch verification under one ciphersuite's
//!   DST;
//! - [`bls_basic_scheme!`]: the basic scheme's `AggregateVerify` (3.1.1), which needs
//!   pairwise distinct messages and accepts any validated keys;
//! - [`bls_pop_scheme!`]: the proof-of-possession scheme (3.3): `PopProve` (3.3.2),
//!   `PopVerify` (3.3.3), which is the only way to obtain a `PopVerifiedPublicKey`, and the
//!   two operations that are secure only for such keys, `AggregateVerify` with repeated
//!   messages (3.3, which uses `CoreAggregateVerify` as is) and `FastAggregateVerify` (3.3.4).
//!
//! A variant module supplies its groups, its hash and two pairing checks:
//! `check(σ, terms)` for `e(σ, -g)·Π e(h_i, pk_i) = 1`, and
//! `batch_check(hashes, keys, signatures, coefficients)` for the random linear combination.
//!
//! Why the split: with keys `[pk, x·g − pk]` (the second made from someone else's key, with
//! no known secret) and messages `[m, m]`, `x·H(m)` satisfies the aggregate equation, so
//! aggregation over one message is sound only when every key proved possession of its secret
//! (Boneh, Drijvers, Neven, "Compact multi-signatures for smaller blockchains", 2018;
//! Ristenpart, Yilek, "The power of proofs-of-possession", Eurocrypt 2007). The basic scheme
//! avoids repeated messages instead.

/// The key and signature types of a variant, and the core operations under any DST.
macro_rules! bls_core {
    (
        public_key: $pk:ident, $pk_proj:ident, $pk_bytes:expr, $pk_what:expr;
        signature: $sig:ident, $sig_proj:ident, $sig_bytes:expr, $sig_what:expr;
        hash: $hash:path;
    ) => {
        use crate::bls::{batch, BlsError, SecretKey};
        use crate::{DecodeError, $pk, $pk_proj, $sig, $sig_proj};
        use alloc::vec::Vec;

        #[doc = concat!("A public key: a point of ", $pk_what, ", validated when made (`KeyValidate`, draft section 2.5: on the curve, in the subgroup, not the identity).")]
        ///
        /// Any validated point is a key, including one computed from other people's keys: the
        /// operations that are only sound for keys whose owner knows the secret
        /// (`FastAggregateVerify`, and `AggregateVerify` with repeated messages) take a
        /// `PopVerifiedPublicKey` instead, which only `pop_verify` makes.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct PublicKey(pub(crate) $pk);

        #[doc = concat!("A signature: a point of ", $sig_what, ", checked when made (on the curve, in the subgroup). The identity is a signature (aggregation accepts it, as the standard does) but never verifies.")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Signature(pub(crate) $sig);

        impl PublicKey {
            /// The length of the compressed encoding.
            pub const BYTES: usize = $pk_bytes;

            /// Decodes a compressed key and validates it (`KeyValidate`: curve, subgroup, not the
            /// identity).
            pub fn from_bytes(bytes: &[u8]) -> Result<PublicKey, BlsError> {
                PublicKey::non_identity($pk::from_compressed(bytes).map_err(BlsError::PublicKey)?)
            }

            /// A key from a point, validated as [`Self::from_bytes`] validates a decoded one
            /// (`KeyValidate`): a point outside the prime-order subgroup is
            #[doc = concat!("`BlsError::PublicKey(DecodeError::NotInSubgroup { what: \"", $pk_what, " point\" })`,")]
            /// the identity is `BlsError::IdentityPublicKey`. (Points of this crate's affine
            /// types are always on the curve.) The subgroup check costs a few scalar-sized
            /// doublings; the decoders do it as they decode, so prefer them for bytes.
            pub fn from_point(point: $pk) -> Result<PublicKey, BlsError> {
                if !point.is_torsion_free() {
                    return Err(BlsError::PublicKey(DecodeError::NotInSubgroup { what: concat!($pk_what, " point") }));
                }
                PublicKey::non_identity(point)
            }

            /// A point already known to be in the subgroup; the identity is rejected.
            fn non_identity(point: $pk) -> Result<PublicKey, BlsError> {
                if point.is_identity() {
                    Err(BlsError::IdentityPublicKey)
                } else {
                    Ok(PublicKey(point))
                }
            }

            /// The key of a secret key (`SkToPk`, draft section 2.4), computed in constant time.
            pub fn from_secret_key(sk: &SecretKey) -> PublicKey {
                PublicKey($pk_proj::generator().mul_constant_time(&sk.0).to_affine())
            }

            /// The compressed encoding.
            pub fn to_bytes(&self) -> [u8; $pk_bytes] {
                self.0.to_compressed()
            }

            /// The point.
            pub fn point(&self) -> &$pk {
                &self.0
            }
        }

        impl Signature {
            /// The length of the compressed encoding.
            pub const BYTES: usize = $sig_bytes;

            /// Decodes a compressed signature and checks it (curve, subgroup).
            pub fn from_bytes(bytes: &[u8]) -> Result<Signature, BlsError> {
                Ok(Signature($sig::from_compressed(bytes).map_err(BlsError::Signature)?))
            }

            /// A signature from a point, checked to be in the prime-order subgroup (a point
            /// outside it is
            #[doc = concat!("`BlsError::Signature(DecodeError::NotInSubgroup { what: \"", $sig_what, " point\" })`).")]
            /// The identity is accepted here and rejected by verification.
            pub fn from_point(point: $sig) -> Result<Signature, BlsError> {
                if point.is_torsion_free() {
                    Ok(Signature(point))
                } else {
                    Err(BlsError::Signature(DecodeError::NotInSubgroup { what: concat!($sig_what, " point") }))
                }
            }

            /// Verification rejects the identity before any pairing.
            fn non_identity(&self) -> Result<&$sig, BlsError> {
                if self.0.is_identity() {
                    Err(BlsError::IdentitySignature)
                } else {
                    Ok(&self.0)
                }
            }

            /// The compressed encoding.
            pub fn to_bytes(&self) -> [u8; $sig_bytes] {
                self.0.to_compressed()
            }

            /// The point.
            pub fn point(&self) -> &$sig {
                &self.0
            }

            /// The sum of the signatures (`Aggregate`, draft section 2.8). An empty list is an
            /// error.
            pub fn aggregate(signatures: &[Signature]) -> Result<Signature, BlsError> {
                if signatures.is_empty() {
                    return Err(BlsError::Empty { what: "signatures to aggregate" });
                }
                let sum = signatures.iter().fold($sig_proj::identity(), |acc, s| acc.add_affine(&s.0));
                Ok(Signature(sum.to_affine_vartime()))
            }
        }

        fn hash(msg: &[u8], dst: &[u8]) -> $sig_proj {
            $hash(msg, dst)
        }

        /// `CoreSign` (draft section 2.6): `sk·H(msg)`, with a constant-time scalar
        /// multiplication.
        fn core_sign(sk: &SecretKey, msg: &[u8], dst: &[u8]) -> Signature {
            Signature(hash(msg, dst).mul_constant_time(&sk.0).to_affine())
        }

        /// `CoreVerify` (draft section 2.7), the identity signature rejected first.
        fn core_verify(pk: &PublicKey, msg: &[u8], sig: &Signature, dst: &[u8]) -> Result<(), BlsError> {
            let sig = sig.non_identity()?;
            if check(sig, &[(hash(msg, dst).to_affine_vartime(), pk.0)]) {
                Ok(())
            } else {
                Err(BlsError::InvalidSignature)
            }
        }

        /// The checks every `AggregateVerify` starts with: as many keys as messages, at least
        /// one, a signature that is not the identity.
        fn aggregate_inputs(keys: usize, messages: &[&[u8]], sig: &Signature) -> Result<(), BlsError> {
            if keys != messages.len() {
                return Err(BlsError::LengthMismatch { what: "public keys and messages" });
            }
            if keys == 0 {
                return Err(BlsError::Empty { what: "public keys" });
            }
            sig.non_identity().map(|_| ())
        }

        /// `CoreAggregateVerify` (draft section 2.9): `e(σ, -g)·Π e(H(m_i), pk_i) = 1`, for
        /// inputs that passed [`aggregate_inputs`].
        fn core_aggregate_verify(keys: impl Iterator<Item = $pk>, messages: &[&[u8]], sig: &Signature, dst: &[u8]) -> Result<(), BlsError> {
            let sig = sig.non_identity()?;
            let hashes: Vec<$sig_proj> = messages.iter().map(|m| hash(m, dst)).collect();
            let mut affine = alloc::vec![$sig::identity(); hashes.len()];
            $sig_proj::batch_normalize(&hashes, &mut affine);
            let terms: Vec<($sig, $pk)> = affine.into_iter().zip(keys).collect();
            if check(sig, &terms) {
                Ok(())
            } else {
                Err(BlsError::InvalidSignature)
            }
        }

        /// Batch verification of independent `(key, message, signature)` triples under `dst`
        /// (see `bls/batch.rs`).
        fn core_batch_verify(keys: &[PublicKey], messages: &[&[u8]], signatures: &[Signature], dst: &[u8]) -> Result<(), BlsError> {
            if keys.len() != messages.len() || keys.len() != signatures.len() {
                return Err(BlsError::LengthMismatch { what: "public keys, messages and signatures" });
            }
            if keys.is_empty() {
                return Err(BlsError::Empty { what: "signatures to verify" });
            }
            for s in signatures {
                s.non_identity()?;
            }
            let pk_bytes: Vec<[u8; $pk_bytes]> = keys.iter().map(|k| k.to_bytes()).collect();
            let sig_bytes: Vec<[u8; $sig_bytes]> = signatures.iter().map(|s| s.to_bytes()).collect();
            let coefficients = batch::coefficients(keys.len(), |i| [&pk_bytes[i][..], messages[i], &sig_bytes[i][..]]);
            let hashes: Vec<$sig_proj> = messages.iter().map(|m| hash(m, dst)).collect();
            let keys: Vec<$pk> = keys.iter().map(|k| k.0).collect();
            let signatures: Vec<$sig> = signatures.iter().map(|s| s.0).collect();
            if batch_check(&hashes, &keys, &signatures, &coefficients) {
                Ok(())
            } else {
                Err(BlsError::InvalidSignature)
            }
        }

        /// The sum of keys; an empty list, or a sum that is the identity, is an error.
        fn sum_keys<'a>(keys: impl ExactSizeIterator<Item = &'a $pk>) -> Result<PublicKey, BlsError> {
            if keys.len() == 0 {
                return Err(BlsError::Empty { what: "public keys to aggregate" });
            }
            let sum = keys.fold($pk_proj::identity(), |acc, k| acc.add_affine(k));
            PublicKey::non_identity(sum.to_affine_vartime())
        }
    };
}

/// `Sign`, `Verify` and batch verification of one ciphersuite. Needs the names that
/// [`bls_core!`] defines (`PublicKey`, `Signature`, `core_sign`, `core_verify`,
/// `core_batch_verify`, `SecretKey`, `BlsError`) in scope.
macro_rules! bls_ciphersuite {
    (dst: $dst:expr; scheme: $scheme:expr;) => {
        #[doc = concat!("The ciphersuite's domain separation tag for signatures (", $scheme, ").")]
        pub const DST: &[u8] = $dst;

        /// `Sign`: `sk·H(msg)` under [`DST`], with a constant-time scalar multiplication
        /// (`CoreSign`, draft section 2.6).
        pub fn sign(sk: &SecretKey, msg: &[u8]) -> Signature {
            core_sign(sk, msg, DST)
        }

        /// `Verify`: whether `sig` is `pk`'s signature on `msg` under [`DST`] (`CoreVerify`,
        /// draft section 2.7).
        pub fn verify(pk: &PublicKey, msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
            core_verify(pk, msg, sig, DST)
        }

        /// `Verify` on encodings: decodes and validates the key and the signature first, and
        /// says which one was malformed.
        pub fn verify_bytes(pk: &[u8], msg: &[u8], sig: &[u8]) -> Result<(), BlsError> {
            let pk = PublicKey::from_bytes(pk)?;
            let sig = Signature::from_bytes(sig)?;
            verify(&pk, msg, &sig)
        }

        /// Verifies many independent `(key, message, signature)` triples at once: one pairing
        /// check of a random linear combination (coefficients hashed from all inputs, see
        /// `bls/batch.rs`). `Ok` means every signature is valid, except with probability
        /// about 2^-128; on `Err(InvalidSignature)` at least one is invalid (verify them one
        /// by one to find which). An empty batch is an error. Each signature stands for its
        /// own key alone, so keys need no proof of possession and messages may repeat.
        pub fn batch_verify(keys: &[PublicKey], messages: &[&[u8]], signatures: &[Signature]) -> Result<(), BlsError> {
            core_batch_verify(keys, messages, signatures, DST)
        }
    };
}

/// The basic scheme's `AggregateVerify` (draft section 3.1.1): distinct messages, any
/// validated keys. Needs [`bls_ciphersuite!`]'s `DST` and [`bls_core!`]'s names in scope.
macro_rules! bls_basic_scheme {
    () => {
        /// `AggregateVerify` of the basic scheme (draft section 3.1.1): whether `sig`
        /// aggregates the signatures of each key on its message. The messages must be
        /// pairwise distinct (that is what makes the scheme sound without proofs of
        /// possession): a repeat is `BlsError::DuplicateMessage { index }` with the smallest
        /// index whose message equals an earlier one, found in `O(n log n)` comparisons
        /// before any hashing.
        pub fn aggregate_verify(keys: &[PublicKey], messages: &[&[u8]], sig: &Signature) -> Result<(), BlsError> {
            aggregate_inputs(keys.len(), messages, sig)?;
            if let Some(index) = crate::bls::distinct::first_repeated(messages) {
                return Err(BlsError::DuplicateMessage { index });
            }
            core_aggregate_verify(keys.iter().map(|k| k.0), messages, sig, DST)
        }
    };
}

/// The proof-of-possession scheme (draft section 3.3): `PopVerifiedPublicKey`, `PopProve`,
/// `PopVerify`, `AggregateVerify` and `FastAggregateVerify`. Needs [`bls_ciphersuite!`]'s
/// `DST` and [`bls_core!`]'s names (and `sum_keys`) in scope.
macro_rules! bls_pop_scheme {
    (pop_dst: $pop_dst:expr;) => {
        /// The domain separation tag for proofs of possession (draft section 3.3).
        pub const POP_DST: &[u8] = $pop_dst;

        /// A public key whose proof of possession was verified ([`pop_verify`] made it): its
        /// owner knew the secret key, so it cannot be a rogue key computed from other keys.
        /// Only such keys enter [`fast_aggregate_verify`] and [`aggregate_verify`].
        ///
        /// There is no other way to make one, except the escape hatch
        /// [`Self::assume_pop_verified_unchecked`] for keys whose proof was checked earlier
        /// (and stored since).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct PopVerifiedPublicKey(PublicKey);

        impl PopVerifiedPublicKey {
            /// The key.
            pub fn public_key(&self) -> &PublicKey {
                &self.0
            }

            /// The compressed encoding of the key.
            pub fn to_bytes(&self) -> [u8; PublicKey::BYTES] {
                self.0.to_bytes()
            }

            /// **The caller vouches** that `pk`'s proof of possession was verified with
            /// [`pop_verify`] under this module's [`POP_DST`], for example when the key was
            /// registered, before it was stored; nothing is checked here. It is for keys that
            /// come back from the caller's own trusted storage, where checking the proof again
            /// would cost a pairing check per key.
            ///
            /// Never use it on a key that arrived with the request that is being verified:
            /// with a key that has not proven possession, [`fast_aggregate_verify`] and
            /// [`aggregate_verify`] accept forgeries (the rogue-key attack: keys
            /// `[pk, x·g − pk]` and the signature `x·H(m)` verify without `pk`'s secret).
            pub fn assume_pop_verified_unchecked(pk: PublicKey) -> PopVerifiedPublicKey {
                PopVerifiedPublicKey(pk)
            }

            /// The sum of the keys: the aggregate key that [`fast_aggregate_verify`] verifies
            /// against (compute it once for a fixed set of signers, then [`verify`] with it).
            /// An empty list, or a sum that is the identity, is an error.
            pub fn aggregate(keys: &[PopVerifiedPublicKey]) -> Result<PublicKey, BlsError> {
                sum_keys(keys.iter().map(|k| &k.0 .0))
            }
        }

        /// A verified key is a key.
        impl From<PopVerifiedPublicKey> for PublicKey {
            fn from(pk: PopVerifiedPublicKey) -> PublicKey {
                pk.0
            }
        }

        /// `PopProve` (draft section 3.3.2): the signature of the key's own compressed
        /// encoding under [`POP_DST`].
        pub fn pop_prove(sk: &SecretKey) -> Signature {
            let pk = PublicKey::from_secret_key(sk);
            core_sign(sk, &pk.to_bytes(), POP_DST)
        }

        /// `PopVerify` (draft section 3.3.3): whether `proof` proves possession of `pk`'s secret
        /// key. On success, the key as a [`PopVerifiedPublicKey`].
        pub fn pop_verify(pk: &PublicKey, proof: &Signature) -> Result<PopVerifiedPublicKey, BlsError> {
            core_verify(pk, &pk.to_bytes(), proof, POP_DST)?;
            Ok(PopVerifiedPublicKey(*pk))
        }

        /// [`pop_verify`] on encodings: decodes and validates the key and the proof first, and
        /// says which one was malformed.
        pub fn pop_verify_bytes(pk: &[u8], proof: &[u8]) -> Result<PopVerifiedPublicKey, BlsError> {
            let pk = PublicKey::from_bytes(pk)?;
            let proof = Signature::from_bytes(proof)?;
            pop_verify(&pk, &proof)
        }

        /// `AggregateVerify` of the proof-of-possession scheme (draft section 3.3, which is
        /// `CoreAggregateVerify`, 2.9): whether `sig` aggregates the signatures of each key on
        /// its message. Messages may repeat, which is sound only because every key proved
        /// possession.
        pub fn aggregate_verify(
            keys: &[PopVerifiedPublicKey],
            messages: &[&[u8]],
            sig: &Signature,
        ) -> Result<(), BlsError> {
            aggregate_inputs(keys.len(), messages, sig)?;
            core_aggregate_verify(keys.iter().map(|k| k.0 .0), messages, sig, DST)
        }

        /// `FastAggregateVerify` (draft section 3.3.4): whether `sig` aggregates the signatures
        /// of every key on the same `msg`, by verifying against the sum of the keys.
        pub fn fast_aggregate_verify(
            keys: &[PopVerifiedPublicKey],
            msg: &[u8],
            sig: &Signature,
        ) -> Result<(), BlsError> {
            verify(&PopVerifiedPublicKey::aggregate(keys)?, msg, sig)
        }
    };
}
