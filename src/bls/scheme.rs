//! The operations both variants share, written once. A variant module supplies its groups, its
//! hash, its DSTs and two pairing checks:
//! `check(σ, terms)` for `e(σ, -g)·Π e(h_i, pk_i) = 1`, and
//! `batch_check(hashes, keys, signatures, coefficients)` for the random linear combination.

macro_rules! bls_scheme {
    (
        public_key: $pk:ident, $pk_proj:ident, $pk_bytes:expr, $pk_what:expr;
        signature: $sig:ident, $sig_proj:ident, $sig_bytes:expr, $sig_what:expr;
        hash: $hash:path;
        dst: $dst:expr;
        pop_dst: $pop_dst:expr;
        distinct_messages: $distinct:expr;
    ) => {
        use crate::bls::{batch, BlsError, SecretKey};
        use crate::{$pk, $pk_proj, $sig, $sig_proj};
        use alloc::vec::Vec;

        /// The ciphersuite's domain separation tag for signatures.
        pub const DST: &[u8] = $dst;
        /// The domain separation tag for proofs of possession.
        pub const POP_DST: &[u8] = $pop_dst;

        #[doc = concat!("A public key: a point of ", $pk_what, ", checked when decoded (on the curve, in the subgroup, not the identity).")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct PublicKey(pub(crate) $pk);

        #[doc = concat!("A signature: a point of ", $sig_what, ", checked when decoded (on the curve, in the subgroup). The identity decodes (aggregation accepts it, as the standard does) but never verifies.")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Signature(pub(crate) $sig);

        impl PublicKey {
            /// The length of the compressed encoding.
            pub const BYTES: usize = $pk_bytes;

            /// Decodes a compressed key and validates it (`KeyValidate`: curve, subgroup, not the
            /// identity).
            pub fn from_bytes(bytes: &[u8]) -> Result<PublicKey, BlsError> {
                PublicKey::from_point($pk::from_compressed(bytes).map_err(BlsError::PublicKey)?)
            }

            /// A key from a point known to be in the subgroup (for example one decoded with the
            /// checked decoders); the identity is rejected.
            pub fn from_point(point: $pk) -> Result<PublicKey, BlsError> {
                if point.is_identity() {
                    return Err(BlsError::IdentityPublicKey);
                }
                Ok(PublicKey(point))
            }

            /// The key of a secret key, computed in constant time.
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

            /// The sum of the keys (for `FastAggregateVerify`). An empty list, or a sum that is
            /// the identity, is an error.
            pub fn aggregate(keys: &[PublicKey]) -> Result<PublicKey, BlsError> {
                if keys.is_empty() {
                    return Err(BlsError::Empty { what: "public keys to aggregate" });
                }
                let sum = keys.iter().fold($pk_proj::identity(), |acc, k| acc.add_affine(&k.0));
                PublicKey::from_point(sum.to_affine_vartime())
            }
        }

        impl Signature {
            /// The length of the compressed encoding.
            pub const BYTES: usize = $sig_bytes;

            /// Decodes a compressed signature and checks it (curve, subgroup).
            pub fn from_bytes(bytes: &[u8]) -> Result<Signature, BlsError> {
                Ok(Signature($sig::from_compressed(bytes).map_err(BlsError::Signature)?))
            }

            /// A signature from a point known to be in the subgroup.
            pub fn from_point(point: $sig) -> Signature {
                Signature(point)
            }

            /// Verification rejects the identity before any pairing.
            fn non_identity(&self) -> Result<&$sig, BlsError> {
                match self.0.is_identity() {
                    true => Err(BlsError::IdentitySignature),
                    false => Ok(&self.0),
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

            /// The sum of the signatures (`Aggregate`). An empty list is an error.
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

        fn verify_with_dst(pk: &PublicKey, msg: &[u8], sig: &Signature, dst: &[u8]) -> Result<(), BlsError> {
            let sig = sig.non_identity()?;
            match check(sig, &[(hash(msg, dst).to_affine_vartime(), pk.0)]) {
                true => Ok(()),
                false => Err(BlsError::InvalidSignature),
            }
        }

        /// `Sign`: `sk·H(msg)`, with a constant-time scalar multiplication.
        pub fn sign(sk: &SecretKey, msg: &[u8]) -> Signature {
            Signature(hash(msg, DST).mul_constant_time(&sk.0).to_affine())
        }

        /// `Verify`: whether `sig` is `pk`'s signature on `msg`.
        pub fn verify(pk: &PublicKey, msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
            verify_with_dst(pk, msg, sig, DST)
        }

        /// `Verify` on encodings: decodes and validates the key and the signature first, and
        /// says which one was malformed.
        pub fn verify_bytes(pk: &[u8], msg: &[u8], sig: &[u8]) -> Result<(), BlsError> {
            let pk = PublicKey::from_bytes(pk)?;
            let sig = Signature::from_bytes(sig)?;
            verify(&pk, msg, &sig)
        }

        /// `AggregateVerify`: whether `sig` aggregates the signatures of each key on its
        /// message.
        pub fn aggregate_verify(keys: &[PublicKey], messages: &[&[u8]], sig: &Signature) -> Result<(), BlsError> {
            if keys.len() != messages.len() {
                return Err(BlsError::LengthMismatch { what: "public keys and messages" });
            }
            if keys.is_empty() {
                return Err(BlsError::Empty { what: "public keys" });
            }
            let sig = sig.non_identity()?;
            if $distinct {
                for i in 1..messages.len() {
                    if messages[..i].contains(&messages[i]) {
                        return Err(BlsError::DuplicateMessage { index: i });
                    }
                }
            }
            let hashes: Vec<$sig_proj> = messages.iter().map(|m| hash(m, DST)).collect();
            let mut affine = alloc::vec![$sig::identity(); hashes.len()];
            $sig_proj::batch_normalize(&hashes, &mut affine);
            let terms: Vec<($sig, $pk)> = affine.into_iter().zip(keys.iter().map(|k| k.0)).collect();
            match check(sig, &terms) {
                true => Ok(()),
                false => Err(BlsError::InvalidSignature),
            }
        }

        /// `FastAggregateVerify`: whether `sig` aggregates the signatures of every key on the
        /// same `msg`. The keys must be validated, and (in the proof-of-possession scheme)
        /// their possession proven, before.
        pub fn fast_aggregate_verify(keys: &[PublicKey], msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
            verify(&PublicKey::aggregate(keys)?, msg, sig)
        }

        /// `PopProve`: the signature of the key's own encoding under the PoP tag.
        pub fn pop_prove(sk: &SecretKey) -> Signature {
            let pk = PublicKey::from_secret_key(sk);
            Signature(hash(&pk.to_bytes(), POP_DST).mul_constant_time(&sk.0).to_affine())
        }

        /// `PopVerify`: whether `proof` proves possession of `pk`'s secret key.
        pub fn pop_verify(pk: &PublicKey, proof: &Signature) -> Result<(), BlsError> {
            verify_with_dst(pk, &pk.to_bytes(), proof, POP_DST)
        }

        /// Verifies many `(key, message, signature)` triples at once: one pairing check of a
        /// random linear combination (coefficients hashed from all inputs, see
        /// `bls/batch.rs`). `Ok` means every signature is valid, except with probability
        /// about 2^-128; on `Err(InvalidSignature)` at least one is invalid (verify them one
        /// by one to find which). An empty batch is an error.
        pub fn batch_verify(keys: &[PublicKey], messages: &[&[u8]], signatures: &[Signature]) -> Result<(), BlsError> {
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
            let hashes: Vec<$sig_proj> = messages.iter().map(|m| hash(m, DST)).collect();
            let keys: Vec<$pk> = keys.iter().map(|k| k.0).collect();
            let signatures: Vec<$sig> = signatures.iter().map(|s| s.0).collect();
            match batch_check(&hashes, &keys, &signatures, &coefficients) {
                true => Ok(()),
                false => Err(BlsError::InvalidSignature),
            }
        }
    };
}
