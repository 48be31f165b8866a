//! The Candid types of the verifier's interface (`verifier.did`), shared by the canister and
//! its callers.

use candid::{CandidType, Principal};
use serde::Deserialize;

/// Candid decodes a `blob` a byte at a time unless told it is bytes (`serde_bytes`): about 66
/// instructions a byte, which a caller could spend in fields no price counts. Every byte
/// string of the interface is decoded as bytes (a single one with `serde_bytes`, lists with
/// these), at about one instruction a byte.
mod byte_strings {
    use serde::{Deserialize, Deserializer};
    use serde_bytes::ByteBuf;

    /// `opt blob` (candid takes only serde's own visitor for an `opt`, not `serde_bytes`').
    pub fn optional<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<u8>>, D::Error> {
        Ok(Option::<ByteBuf>::deserialize(d)?.map(ByteBuf::into_vec))
    }

    /// `vec blob`.
    pub fn list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<u8>>, D::Error> {
        Ok(Vec::<ByteBuf>::deserialize(d)?.into_iter().map(ByteBuf::into_vec).collect())
    }

    /// `vec vec blob`.
    pub fn paths<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<Vec<u8>>>, D::Error> {
        let paths = Vec::<Vec<ByteBuf>>::deserialize(d)?;
        Ok(paths.into_iter().map(|path| path.into_iter().map(ByteBuf::into_vec).collect()).collect())
    }
}

/// `with_FIELD(value)` builders for a struct's optional fields, inside its `impl`: each returns
/// the struct with `FIELD` set to `Some(value)`.
macro_rules! optional_fields {
    ($($with:ident => $field:ident : $value:ty),* $(,)?) => {$(
        #[doc = concat!("`self` with `", stringify!($field), "` set to `value`.")]
        #[must_use]
        pub fn $with(mut self, value: $value) -> Self {
            self.$field = Some(value);
            self
        }
    )*};
}
pub(crate) use optional_fields;

/// Why a call failed: which argument, and what was wrong with it.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An argument does not decode or breaks a rule of its format (length, flags, canonical
    /// field element, curve, subgroup, identity, EIP-2537 padding, CBOR, ...).
    MalformedInput(ErrorDetail),
    /// The input is well formed, but the signature, proof or certificate does not verify.
    VerificationFailed(ErrorDetail),
    /// The request asks for something the canister does not do (an unknown precompile
    /// address, a missing choice between canister and subnet).
    Unsupported(ErrorDetail),
    /// An input is over one of the canister's caps (`verifier.did`'s README section "Limits"):
    /// the call was refused before any point was decoded.
    InputTooLarge(LimitExceeded),
    /// A paid update call carried fewer cycles than its price. The call did no work; the
    /// verifier kept what the refusal itself cost (at most what was attached) and refunded the
    /// rest.
    InsufficientCycles(CyclesShortfall),
    /// A query method was called in replicated mode (from another canister, or as an ingress
    /// update) by a caller that is neither a controller nor on the allow-list. A replicated
    /// query cannot keep cycles, so it would run on the verifier's: call the paid update
    /// method named here, with the price attached, instead.
    PaymentRequired(PaidMethod),
}

/// An input over a cap: which one, the cap, and the input's size.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct LimitExceeded {
    /// The input, e.g. `"argument"` (the whole Candid argument, in bytes), `"pairs"`,
    /// `"public_keys"`, `"input"`.
    pub field: String,
    /// The cap for this method in this kind of call (query or update).
    pub limit: u64,
    /// The input's size, in the cap's unit.
    pub actual: u64,
}

/// The cycles a paid call needs and those it carried.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct CyclesShortfall {
    /// The price of this call, in cycles (the `price` query gives it beforehand).
    pub price: u128,
    /// The cycles the call carried.
    pub attached: u128,
}

/// Where to go instead of a query method called in replicated mode.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct PaidMethod {
    /// The update method that does the same work for cycles, e.g. `"bls_verify_update"` or
    /// `"eip2537_call_update"`.
    pub method: String,
    /// Its price for this input, in cycles.
    pub price: u128,
}

/// The argument at fault and a message that says what check it failed.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct ErrorDetail {
    /// The argument, e.g. `"signature"`, `"pairs[3].g2"`, `"input"`.
    pub field: String,
    /// What was wrong, in words.
    pub message: String,
}

impl Error {
    /// The argument at fault, where the error names one (all but the two about cycles).
    pub fn field(&self) -> Option<&str> {
        match self {
            Error::MalformedInput(d) | Error::VerificationFailed(d) | Error::Unsupported(d) => Some(&d.field),
            Error::InputTooLarge(l) => Some(&l.field),
            Error::InsufficientCycles(_) | Error::PaymentRequired(_) => None,
        }
    }

    /// The error's kind in a word or two: `"malformed"`, `"failed"`, `"unsupported"`,
    /// `"too large"`, `"insufficient cycles"` or `"payment required"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::MalformedInput(_) => "malformed",
            Error::VerificationFailed(_) => "failed",
            Error::Unsupported(_) => "unsupported",
            Error::InputTooLarge(_) => "too large",
            Error::InsufficientCycles(_) => "insufficient cycles",
            Error::PaymentRequired(_) => "payment required",
        }
    }

    /// [`Error::MalformedInput`] for `field`.
    pub fn malformed(field: impl Into<String>, message: impl ToString) -> Error {
        Error::MalformedInput(ErrorDetail { field: field.into(), message: message.to_string() })
    }

    /// [`Error::VerificationFailed`] for `field`.
    pub fn failed(field: impl Into<String>, message: impl ToString) -> Error {
        Error::VerificationFailed(ErrorDetail { field: field.into(), message: message.to_string() })
    }

    /// [`Error::Unsupported`] for `field`.
    pub fn unsupported(field: impl Into<String>, message: impl ToString) -> Error {
        Error::Unsupported(ErrorDetail { field: field.into(), message: message.to_string() })
    }
}

/// The most characters of a caller's string an error repeats.
pub const MAX_ECHOED_CHARS: usize = 64;

/// `text` quoted for an error message: its first [`MAX_ECHOED_CHARS`] characters, escaped as
/// Rust's `{:?}` does, and how long it was when it is longer. An error never repeats more than
/// a few hundred bytes of what a caller sent, however long the input.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(MAX_ECHOED_CHARS) {
        None => format!("{text:?}"),
        Some((end, _)) => format!("{:?}... ({} bytes)", &text[..end], text.len()),
    }
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (kind, d) = match self {
            Error::MalformedInput(d) => ("malformed input", d),
            Error::VerificationFailed(d) => ("verification failed", d),
            Error::Unsupported(d) => ("unsupported", d),
            Error::InputTooLarge(l) => {
                return write!(f, "input too large: {}: {} over the cap of {}", l.field, l.actual, l.limit)
            }
            Error::InsufficientCycles(c) => {
                return write!(f, "insufficient cycles: the price is {} cycles, {} were attached", c.price, c.attached)
            }
            Error::PaymentRequired(p) => {
                return write!(
                    f,
                    "payment required: a replicated query keeps no cycles; call {} with {} cycles",
                    p.method, p.price
                )
            }
        };
        write!(f, "{kind}: {}: {}", d.field, d.message)
    }
}

impl std::error::Error for Error {}

/// The arguments of `verify_certificate`.
#[derive(CandidType, Deserialize, Clone, Debug)]
#[non_exhaustive]
pub struct VerifyCertificateArgs {
    /// The CBOR certificate (the `certificate` field of a read_state response).
    #[serde(with = "serde_bytes")]
    pub certificate: Vec<u8>,
    /// The root key: 133-byte DER or 96-byte raw. None: the key of the network the verifier
    /// runs on (`ic0.root_key_copy`: the IC mainnet root key on mainnet).
    #[serde(deserialize_with = "byte_strings::optional")]
    pub root_key: Option<Vec<u8>>,
    /// The canister the certificate must be valid for (checked against the delegation's
    /// canister ranges). Exactly one of `canister_id` and `subnet_id` is given.
    pub canister_id: Option<Principal>,
    /// The subnet whose own read_state certificate this is (the delegation's subnet must match).
    pub subnet_id: Option<Principal>,
    /// The current time in nanoseconds. None: the canister's clock.
    pub now_ns: Option<u64>,
    /// How far `/time` may be from `now_ns`, either way. None: 5 minutes.
    pub max_age_ns: Option<u64>,
    /// How far the delegation certificate's own `/time` may be from `now_ns`, either way.
    /// None: not checked. A certificate without a delegation has none to check.
    pub delegation_max_age_ns: Option<u64>,
    /// Paths to look up in the verified tree: at most 64 paths, each of at most 127 labels and
    /// 1024 bytes, and the values found at most 2 MiB in all (the IC's reply limit). Paths
    /// under `/canister/<id>/` are answered only for `canister_id` (none for `subnet_id`).
    #[serde(deserialize_with = "byte_strings::paths")]
    pub lookup: Vec<Vec<Vec<u8>>>,
}

impl VerifyCertificateArgs {
    /// The arguments of `verify_certificate` for `certificate`, with the paths to look up; the
    /// optional fields absent (the network's root key, the canister's clock, a 5-minute `/time`
    /// window), set with the `with_` methods. One of `canister_id` and `subnet_id` must be given.
    ///
    /// ```
    /// use candid::Principal;
    /// use icbls_verifier_client::VerifyCertificateArgs;
    ///
    /// # let certificate = vec![0xd9, 0xd9, 0xf7];
    /// let canister = Principal::from_text("ryjl3-tyaaa-aaaaa-aaaba-cai").unwrap();
    /// let args = VerifyCertificateArgs::new(certificate, vec![vec![b"time".to_vec()]])
    ///     .with_canister_id(canister)
    ///     .with_max_age_ns(60_000_000_000);
    /// assert_eq!(args.canister_id, Some(canister));
    /// assert_eq!((args.root_key, args.subnet_id, args.now_ns), (None, None, None));
    /// ```
    pub fn new(certificate: Vec<u8>, lookup: Vec<Vec<Vec<u8>>>) -> Self {
        VerifyCertificateArgs {
            certificate,
            root_key: None,
            canister_id: None,
            subnet_id: None,
            now_ns: None,
            max_age_ns: None,
            delegation_max_age_ns: None,
            lookup,
        }
    }

    optional_fields! {
        with_root_key => root_key: Vec<u8>,
        with_canister_id => canister_id: Principal,
        with_subnet_id => subnet_id: Principal,
        with_now_ns => now_ns: u64,
        with_max_age_ns => max_age_ns: u64,
        with_delegation_max_age_ns => delegation_max_age_ns: u64,
    }
}

/// What a lookup in the certificate's tree found.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// A leaf, with its value.
    #[serde(with = "serde_bytes")]
    Found(Vec<u8>),
    /// The path provably does not exist.
    Absent,
    /// The path is in a pruned part of the tree.
    Unknown,
    /// The path ends on an inner node, not a leaf.
    NotALeaf,
}

/// A verified certificate.
#[derive(CandidType, Deserialize, Clone, Debug)]
pub struct VerifiedCertificate {
    /// The certificate's `/time`, in nanoseconds since the epoch.
    pub time_ns: u64,
    /// For each requested path, in order, the answer (with the value when found).
    pub lookups: Vec<Lookup>,
    /// The tree's root hash (what the signature covers).
    #[serde(with = "serde_bytes")]
    pub root_hash: Vec<u8>,
    /// The subnet that signed the certificate, when it carries a delegation.
    pub delegation_subnet_id: Option<Principal>,
}

/// One pair of `pairing_check`.
#[derive(CandidType, Deserialize, Clone, Debug)]
#[non_exhaustive]
pub struct PairingPair {
    /// A G1 point: 48 bytes compressed or 96 uncompressed (ZCash/IETF), or 128 (EIP-2537).
    #[serde(with = "serde_bytes")]
    pub g1: Vec<u8>,
    /// A G2 point: 96 bytes compressed or 192 uncompressed (ZCash/IETF), or 256 (EIP-2537).
    #[serde(with = "serde_bytes")]
    pub g2: Vec<u8>,
}

impl PairingPair {
    /// A pair of `pairing_check`.
    pub fn new(g1: Vec<u8>, g2: Vec<u8>) -> Self {
        PairingPair { g1, g2 }
    }
}

/// A BLS variant.
#[derive(CandidType, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// The IC's: signatures in G1 (48 bytes), keys in G2 (96), `..._RO_NUL_` (the basic
    /// scheme); fast aggregation uses its proof-of-possession ciphersuite `..._RO_POP_`.
    MinSig,
    /// Ethereum's: keys in G1 (48 bytes), signatures in G2 (96), `..._RO_POP_`.
    MinPk,
}

/// The arguments of `bls_verify`.
#[derive(CandidType, Deserialize, Clone, Debug)]
#[non_exhaustive]
pub struct BlsVerifyArgs {
    /// The variant.
    pub scheme: Scheme,
    /// The compressed public key.
    #[serde(with = "serde_bytes")]
    pub public_key: Vec<u8>,
    /// The message.
    #[serde(with = "serde_bytes")]
    pub message: Vec<u8>,
    /// The compressed signature.
    #[serde(with = "serde_bytes")]
    pub signature: Vec<u8>,
    /// The ciphersuite; absent, the variant's own (MinSig: the IC's basic `..._RO_NUL_`,
    /// MinPk: Ethereum's `..._RO_POP_`).
    pub ciphersuite: Option<Ciphersuite>,
}

impl BlsVerifyArgs {
    /// The arguments of `bls_verify`, under the variant's own ciphersuite (set another with
    /// [`with_ciphersuite`](Self::with_ciphersuite)).
    pub fn new(scheme: Scheme, public_key: Vec<u8>, message: Vec<u8>, signature: Vec<u8>) -> Self {
        BlsVerifyArgs { scheme, public_key, message, signature, ciphersuite: None }
    }

    optional_fields! {
        with_ciphersuite => ciphersuite: Ciphersuite,
    }
}

impl BlsVerifyArgs {
    /// The bytes the call hashes, which its price counts: the message, and a `Dst`
    /// ciphersuite's tag (hashed into every block of `expand_message_xmd`).
    pub fn hashed_bytes(&self) -> u64 {
        let dst = match &self.ciphersuite {
            Some(Ciphersuite::Dst(dst)) => dst.len(),
            _ => 0,
        };
        (self.message.len() + dst) as u64
    }
}

/// A BLS ciphersuite of the variant (draft-irtf-cfrg-bls-signature-05, sections 3 and 4).
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum Ciphersuite {
    /// The basic scheme, `BLS_SIG_BLS12381G{1,2}_XMD:SHA-256_SSWU_RO_NUL_`.
    Basic,
    /// The proof-of-possession scheme's signatures, `..._RO_POP_`.
    ProofOfPossession,
    /// The message-augmentation scheme, `..._RO_AUG_`: the signed message is the public key
    /// followed by `message`.
    MessageAugmentation,
    /// `CoreVerify` under an application's own domain separation tag (nonempty).
    #[serde(with = "serde_bytes")]
    Dst(Vec<u8>),
}

/// The arguments of `bls_fast_aggregate_verify`.
///
/// Fast aggregation is sound only for keys whose owners proved possession of their secret
/// keys (otherwise keys `[pk, x·g − pk]` and the signature `x·H(m)` verify without `pk`'s
/// secret: the rogue-key attack), so every key comes with its proof. MinPk is Ethereum's
/// `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` with proofs under
/// `BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`; MinSig is the proof-of-possession
/// ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_` (not the IC's basic `_NUL_` one,
/// which has no proofs) with proofs under `BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_`.
#[derive(CandidType, Deserialize, Clone, Debug)]
#[non_exhaustive]
pub struct FastAggregateVerifyArgs {
    /// The variant.
    pub scheme: Scheme,
    /// The compressed public keys (each validated here).
    #[serde(deserialize_with = "byte_strings::list")]
    pub public_keys: Vec<Vec<u8>>,
    /// One proof of possession per key, in the same order (`PopProve`: the key's signature of
    /// its own compressed encoding under the proof DST). A key whose proof an earlier update
    /// call verified may be served from the verifier's cache without its proof being checked
    /// again.
    #[serde(deserialize_with = "byte_strings::list")]
    pub proofs_of_possession: Vec<Vec<u8>>,
    /// The message all keys signed.
    #[serde(with = "serde_bytes")]
    pub message: Vec<u8>,
    /// The compressed aggregate signature.
    #[serde(with = "serde_bytes")]
    pub signature: Vec<u8>,
}

impl FastAggregateVerifyArgs {
    /// The arguments of `bls_fast_aggregate_verify`.
    pub fn new(
        scheme: Scheme,
        public_keys: Vec<Vec<u8>>,
        proofs_of_possession: Vec<Vec<u8>>,
        message: Vec<u8>,
        signature: Vec<u8>,
    ) -> Self {
        FastAggregateVerifyArgs { scheme, public_keys, proofs_of_possession, message, signature }
    }
}

/// The arguments of `bls_aggregate_verify`.
///
/// MinSig is the IC's basic scheme (`..._RO_NUL_`): messages must be pairwise distinct, which
/// is what makes it safe without proofs of possession, so it takes none. MinPk is Ethereum's
/// proof-of-possession scheme: messages may repeat, so every key comes with its proof, as in
/// [`FastAggregateVerifyArgs`].
#[derive(CandidType, Deserialize, Clone, Debug)]
#[non_exhaustive]
pub struct AggregateVerifyArgs {
    /// The variant.
    pub scheme: Scheme,
    /// The compressed public keys (each validated here).
    #[serde(deserialize_with = "byte_strings::list")]
    pub public_keys: Vec<Vec<u8>>,
    /// MinPk: one proof of possession per key, in the same order. MinSig: empty.
    #[serde(deserialize_with = "byte_strings::list")]
    pub proofs_of_possession: Vec<Vec<u8>>,
    /// One message per key (distinct in the min-sig basic scheme).
    #[serde(deserialize_with = "byte_strings::list")]
    pub messages: Vec<Vec<u8>>,
    /// The compressed aggregate signature.
    #[serde(with = "serde_bytes")]
    pub signature: Vec<u8>,
}

impl AggregateVerifyArgs {
    /// The arguments of `bls_aggregate_verify` (`proofs_of_possession` empty for MinSig).
    pub fn new(
        scheme: Scheme,
        public_keys: Vec<Vec<u8>>,
        proofs_of_possession: Vec<Vec<u8>>,
        messages: Vec<Vec<u8>>,
        signature: Vec<u8>,
    ) -> Self {
        AggregateVerifyArgs { scheme, public_keys, proofs_of_possession, messages, signature }
    }
}

/// One signature of a batch.
#[derive(CandidType, Deserialize, Clone, Debug)]
#[non_exhaustive]
pub struct SignedMessage {
    /// The compressed public key.
    #[serde(with = "serde_bytes")]
    pub public_key: Vec<u8>,
    /// The message.
    #[serde(with = "serde_bytes")]
    pub message: Vec<u8>,
    /// The compressed signature.
    #[serde(with = "serde_bytes")]
    pub signature: Vec<u8>,
}

impl SignedMessage {
    /// One signature of a batch.
    pub fn new(public_key: Vec<u8>, message: Vec<u8>, signature: Vec<u8>) -> Self {
        SignedMessage { public_key, message, signature }
    }
}

/// The arguments of `bls_batch_verify`.
#[derive(CandidType, Deserialize, Clone, Debug)]
#[non_exhaustive]
pub struct BatchVerifyArgs {
    /// The variant.
    pub scheme: Scheme,
    /// The signatures.
    pub items: Vec<SignedMessage>,
}

impl BatchVerifyArgs {
    /// The arguments of `bls_batch_verify`.
    pub fn new(scheme: Scheme, items: Vec<SignedMessage>) -> Self {
        BatchVerifyArgs { scheme, items }
    }
}

/// The result of a precompile: its output and the gas Ethereum charges.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct PrecompileOutput {
    /// The output bytes.
    #[serde(with = "serde_bytes")]
    pub output: Vec<u8>,
    /// The gas.
    pub gas: u64,
}

/// The arguments of `hash_to_g1` and `hash_to_g2`.
#[derive(CandidType, Deserialize, Clone, Debug)]
#[non_exhaustive]
pub struct HashToCurveArgs {
    /// The message.
    #[serde(with = "serde_bytes")]
    pub message: Vec<u8>,
    /// The domain separation tag.
    #[serde(with = "serde_bytes")]
    pub dst: Vec<u8>,
}

impl HashToCurveArgs {
    /// The arguments of `hash_to_g1` and `hash_to_g2`.
    pub fn new(message: Vec<u8>, dst: Vec<u8>) -> Self {
        HashToCurveArgs { message, dst }
    }
}

/// A drand chain, for `drand_verify`: one of the League of Entropy's two networks, built in,
/// or any chain by its `/info`.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum DrandChain {
    /// quicknet: `bls-unchained-g1-rfc9380`, signatures on G1, a round every 3 seconds.
    Quicknet,
    /// The default chained network: `pedersen-bls-chained`, signatures on G2, a round every
    /// 30 seconds; each round needs the previous round's signature.
    Mainnet,
    /// Another chain, from its `/info`.
    Other(DrandChainInfo),
}

/// A drand chain by its `/info`: `scheme` and `public_key`.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DrandChainInfo {
    /// The scheme ID: `bls-unchained-g1-rfc9380`, `pedersen-bls-chained`,
    /// `pedersen-bls-unchained` or the deprecated `bls-unchained-on-g1` (fastnet).
    pub scheme: String,
    /// The chain's compressed public key (96 bytes on G2 for `bls-unchained-g1-rfc9380` and
    /// `bls-unchained-on-g1`, 48 bytes on G1 for the `pedersen-bls-*` schemes).
    #[serde(with = "serde_bytes")]
    pub public_key: Vec<u8>,
}

impl DrandChainInfo {
    /// A drand chain by its `/info`'s `scheme` and `public_key`.
    pub fn new(scheme: String, public_key: Vec<u8>) -> Self {
        DrandChainInfo { scheme, public_key }
    }
}

/// The arguments of `drand_verify`: one round of a drand chain.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DrandVerifyArgs {
    /// The chain.
    pub chain: DrandChain,
    /// The round number (from 1).
    pub round: u64,
    /// The round's compressed signature.
    #[serde(with = "serde_bytes")]
    pub signature: Vec<u8>,
    /// The previous round's signature, for a chained scheme (for round 1, the genesis seed);
    /// absent for an unchained one.
    #[serde(deserialize_with = "byte_strings::optional")]
    pub previous_signature: Option<Vec<u8>>,
}

impl DrandVerifyArgs {
    /// The arguments of `drand_verify` for an unchained scheme; a chained one also needs
    /// [`with_previous_signature`](Self::with_previous_signature).
    pub fn new(chain: DrandChain, round: u64, signature: Vec<u8>) -> Self {
        DrandVerifyArgs { chain, round, signature, previous_signature: None }
    }

    optional_fields! {
        with_previous_signature => previous_signature: Vec<u8>,
    }
}

/// The arguments of `verify_canister_signature`: an IC canister signature (interface
/// specification, "Canister signatures"), as Internet Identity and verifiable credentials make
/// them.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CanisterSignatureArgs {
    /// The signed message (for an Internet Identity delegation, its domain-separated hash).
    #[serde(with = "serde_bytes")]
    pub message: Vec<u8>,
    /// The signature: CBOR `{certificate, tree}` with tag 55799.
    #[serde(with = "serde_bytes")]
    pub signature: Vec<u8>,
    /// The signer's DER public key: the signing canister's id and the seed.
    #[serde(with = "serde_bytes")]
    pub public_key: Vec<u8>,
    /// The IC root key, DER (133 bytes) or raw (96 bytes); absent, the key of the network the
    /// verifier runs on (`ic0.root_key_copy`: the mainnet key on mainnet).
    #[serde(deserialize_with = "byte_strings::optional")]
    pub root_key: Option<Vec<u8>>,
    /// If given, the certificate's `/time` must be within this many nanoseconds of `now_ns`
    /// (either way). Absent, no time is checked: a canister signature stays valid after its
    /// certificate (as in ic-signature-verification).
    pub max_age_ns: Option<u64>,
    /// The time `max_age_ns` is measured from; absent, the verifier's clock.
    pub now_ns: Option<u64>,
}

impl CanisterSignatureArgs {
    /// The arguments of `verify_canister_signature`, under the network's root key and with no
    /// time check (set them with the `with_` methods).
    pub fn new(message: Vec<u8>, signature: Vec<u8>, public_key: Vec<u8>) -> Self {
        CanisterSignatureArgs { message, signature, public_key, root_key: None, max_age_ns: None, now_ns: None }
    }

    optional_fields! {
        with_root_key => root_key: Vec<u8>,
        with_max_age_ns => max_age_ns: u64,
        with_now_ns => now_ns: u64,
    }
}

impl CanisterSignatureArgs {
    /// The bytes the call reads, which its price counts: the message, the signature and the key.
    pub fn input_bytes(&self) -> u64 {
        (self.message.len() + self.signature.len() + self.public_key.len()) as u64
    }
}

/// A valid canister signature.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct VerifiedCanisterSignature {
    /// The certificate's `/time` (nanoseconds since 1970-01-01 UTC): when the subnet certified
    /// the signature.
    pub certificate_time_ns: u64,
}

/// The arguments of `register_sync_committee`: an Ethereum sync committee, as the SSZ
/// `SyncCommittee` of a beacon state (`current_sync_committee` or `next_sync_committee` of a
/// light-client bootstrap or update).
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RegisterSyncCommitteeArgs {
    /// The 512 members' compressed G1 public keys, in committee order (each checked: on the
    /// curve, in the subgroup, not the identity).
    #[serde(deserialize_with = "byte_strings::list")]
    pub public_keys: Vec<Vec<u8>>,
    /// The committee's `aggregate_pubkey`, compressed: must be the sum of the keys.
    #[serde(with = "serde_bytes")]
    pub aggregate_public_key: Vec<u8>,
}

impl RegisterSyncCommitteeArgs {
    /// The arguments of `register_sync_committee`.
    pub fn new(public_keys: Vec<Vec<u8>>, aggregate_public_key: Vec<u8>) -> Self {
        RegisterSyncCommitteeArgs { public_keys, aggregate_public_key }
    }
}

/// A registered sync committee.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct RegisteredSyncCommittee {
    /// The committee's SSZ `hash_tree_root` (32 bytes), by which `verify_sync_aggregate` finds
    /// it: the root a light client proves against a beacon state.
    #[serde(with = "serde_bytes")]
    pub committee_root: Vec<u8>,
    /// Whether the committee was registered by a controller or an allow-listed caller: then only
    /// such a caller's registration can replace it (the oldest pinned committee, when every
    /// slot is pinned). Others' committees are a cache that newer registrations may evict,
    /// oldest first, when the store is full.
    pub pinned: bool,
}

/// A beacon block header (the SSZ `BeaconBlockHeader`).
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BeaconBlockHeader {
    /// `slot`.
    pub slot: u64,
    /// `proposer_index`.
    pub proposer_index: u64,
    /// `parent_root` (32 bytes).
    #[serde(with = "serde_bytes")]
    pub parent_root: Vec<u8>,
    /// `state_root` (32 bytes).
    #[serde(with = "serde_bytes")]
    pub state_root: Vec<u8>,
    /// `body_root` (32 bytes).
    #[serde(with = "serde_bytes")]
    pub body_root: Vec<u8>,
}

impl BeaconBlockHeader {
    /// A beacon block header.
    pub fn new(slot: u64, proposer_index: u64, parent_root: Vec<u8>, state_root: Vec<u8>, body_root: Vec<u8>) -> Self {
        BeaconBlockHeader { slot, proposer_index, parent_root, state_root, body_root }
    }
}

/// The fork a sync aggregate is signed under, for a network other than Ethereum mainnet.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ForkArgs {
    /// The fork version of the epoch of `signature_slot - 1` (4 bytes).
    #[serde(with = "serde_bytes")]
    pub fork_version: Vec<u8>,
    /// The network's `genesis_validators_root` (32 bytes).
    #[serde(with = "serde_bytes")]
    pub genesis_validators_root: Vec<u8>,
}

impl ForkArgs {
    /// A fork and network, for [`SyncAggregateArgs::with_fork`].
    pub fn new(fork_version: Vec<u8>, genesis_validators_root: Vec<u8>) -> Self {
        ForkArgs { fork_version, genesis_validators_root }
    }
}

/// The arguments of `verify_sync_aggregate`: a light-client update's `SyncAggregate` over its
/// attested header, checked against a registered committee.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SyncAggregateArgs {
    /// The committee's root, as `register_sync_committee` returned it (32 bytes).
    #[serde(with = "serde_bytes")]
    pub committee_root: Vec<u8>,
    /// The header the committee signed (`attested_header.beacon`).
    pub attested_header: BeaconBlockHeader,
    /// `sync_committee_bits`: 64 bytes, bit i of byte i/8 (least significant first) for member i.
    #[serde(with = "serde_bytes")]
    pub sync_committee_bits: Vec<u8>,
    /// `sync_committee_signature`, compressed (96 bytes).
    #[serde(with = "serde_bytes")]
    pub sync_committee_signature: Vec<u8>,
    /// The update's `signature_slot`, after `attested_header.slot` (the aggregate is included
    /// in a later block than the one it signs), which gives mainnet's fork version.
    pub signature_slot: u64,
    /// The fork and network; absent, Ethereum mainnet (its genesis validators root, and the
    /// fork version of `signature_slot - 1`'s epoch).
    pub fork: Option<ForkArgs>,
}

impl SyncAggregateArgs {
    /// The arguments of `verify_sync_aggregate` on Ethereum mainnet (another network:
    /// [`with_fork`](Self::with_fork)).
    pub fn new(
        committee_root: Vec<u8>,
        attested_header: BeaconBlockHeader,
        sync_committee_bits: Vec<u8>,
        sync_committee_signature: Vec<u8>,
        signature_slot: u64,
    ) -> Self {
        SyncAggregateArgs {
            committee_root,
            attested_header,
            sync_committee_bits,
            sync_committee_signature,
            signature_slot,
            fork: None,
        }
    }

    optional_fields! {
        with_fork => fork: ForkArgs,
    }
}

/// A valid sync aggregate.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct VerifiedSyncAggregate {
    /// How many of the 512 members signed. A light client accepts a header as final with at
    /// least two thirds (342); that rule is the caller's.
    pub participants: u32,
    /// The attested header's `hash_tree_root` (32 bytes).
    #[serde(with = "serde_bytes")]
    pub attested_header_root: Vec<u8>,
}

/// An Internet Computer vetKD master public key.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum VetKdMasterKey {
    /// A mainnet key by name: `"key_1"` or `"test_key_1"` (built in, as `ic-vetkeys` has them).
    Mainnet(String),
    /// A master public key's bytes (96, compressed G2), e.g. a local replica's. The point at
    /// infinity is refused: every key derived from it is a public multiple of g2.
    Raw(#[serde(with = "serde_bytes")] Vec<u8>),
}

/// The public key a vetKey is verified under or an IBE ciphertext is encrypted to.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum VetKeyPublicKey {
    /// A derived public key (96 bytes, compressed G2), as `vetkd_public_key` returns it; not
    /// the point at infinity.
    Derived(#[serde(with = "serde_bytes")] Vec<u8>),
    /// Derived here, as `vetkd_public_key` would: the master key, derived for the canister,
    /// then for the context (an empty context stops at the canister's key).
    FromMaster(VetKeyDerivation),
}

/// A derivation of a vetKD public key.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VetKeyDerivation {
    /// The master key.
    pub master_key: VetKdMasterKey,
    /// The canister the key is derived for.
    pub canister_id: Principal,
    /// The derivation context.
    #[serde(with = "serde_bytes")]
    pub context: Vec<u8>,
}

impl VetKeyDerivation {
    /// A derivation of `master_key` for `canister_id` and `context`.
    pub fn new(master_key: VetKdMasterKey, canister_id: Principal, context: Vec<u8>) -> Self {
        VetKeyDerivation { master_key, canister_id, context }
    }
}

impl VetKeyPublicKey {
    /// The bytes a call reads beyond fixed-size keys (the context), which its price counts.
    pub fn variable_bytes(&self) -> u64 {
        match self {
            VetKeyPublicKey::Derived(_) => 0,
            VetKeyPublicKey::FromMaster(d) => d.context.len() as u64,
        }
    }
}

/// The arguments of `verify_vetkey`: whether `vetkey` is the vetKey of `input` under the key.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VerifyVetKeyArgs {
    /// The key it is verified under.
    pub public_key: VetKeyPublicKey,
    /// The input the vetKey was derived for (`vetkd_derive_key`'s `input`).
    #[serde(with = "serde_bytes")]
    pub input: Vec<u8>,
    /// The (decrypted) vetKey: 48 bytes, a compressed G1 point.
    #[serde(with = "serde_bytes")]
    pub vetkey: Vec<u8>,
}

impl VerifyVetKeyArgs {
    /// The arguments of `verify_vetkey`.
    pub fn new(public_key: VetKeyPublicKey, input: Vec<u8>, vetkey: Vec<u8>) -> Self {
        VerifyVetKeyArgs { public_key, input, vetkey }
    }
}

/// A valid vetKey.
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct VerifiedVetKey {
    /// The derived public key it verified under (96 bytes, compressed G2).
    #[serde(with = "serde_bytes")]
    pub derived_public_key: Vec<u8>,
}

/// The arguments of `ibe_encrypt`: `ic-vetkeys`'s identity-based encryption of `message` to
/// `identity` under the key, decryptable with that identity's vetKey.
///
/// The verifier sees the message and the seed: use it for messages that need no secrecy from
/// the replicas that run it (or encrypt in your own canister with `icbls::vetkeys`).
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IbeEncryptArgs {
    /// The key the identity's vetKey is derived under.
    pub public_key: VetKeyPublicKey,
    /// The identity (the vetKey's `input`).
    #[serde(with = "serde_bytes")]
    pub identity: Vec<u8>,
    /// The plaintext.
    #[serde(with = "serde_bytes")]
    pub message: Vec<u8>,
    /// The encryption's randomness: 16 to 64 bytes, fresh and secret (32 are used as they are,
    /// others through HKDF, as `ic-vetkeys`'s `IbeSeed::from_bytes`). The same seed, key,
    /// identity and message give the same ciphertext.
    #[serde(with = "serde_bytes")]
    pub seed: Vec<u8>,
}

impl IbeEncryptArgs {
    /// The arguments of `ibe_encrypt`.
    pub fn new(public_key: VetKeyPublicKey, identity: Vec<u8>, message: Vec<u8>, seed: Vec<u8>) -> Self {
        IbeEncryptArgs { public_key, identity, message, seed }
    }
}

impl IbeEncryptArgs {
    /// The bytes the call reads, hashes and writes, which its price counts: the message, the
    /// identity, the seed and the derivation context.
    pub fn input_bytes(&self) -> u64 {
        (self.message.len() + self.identity.len() + self.seed.len()) as u64 + self.public_key.variable_bytes()
    }
}

impl VerifyVetKeyArgs {
    /// The bytes the call hashes, which its price counts: the input and the derivation context.
    pub fn input_bytes(&self) -> u64 {
        self.input.len() as u64 + self.public_key.variable_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A constructor with builders is the literal it replaces, byte for byte on the wire.
    #[test]
    fn constructors_and_builders_make_the_literals() {
        let built = VerifyCertificateArgs::new(vec![1, 2], vec![vec![b"time".to_vec()]])
            .with_root_key(vec![3; 96])
            .with_canister_id(Principal::anonymous())
            .with_now_ns(5)
            .with_delegation_max_age_ns(7);
        let literal = VerifyCertificateArgs {
            certificate: vec![1, 2],
            root_key: Some(vec![3; 96]),
            canister_id: Some(Principal::anonymous()),
            subnet_id: None,
            now_ns: Some(5),
            max_age_ns: None,
            delegation_max_age_ns: Some(7),
            lookup: vec![vec![b"time".to_vec()]],
        };
        assert_eq!(candid::encode_one(&built).unwrap(), candid::encode_one(&literal).unwrap());

        let chain = DrandChain::Other(DrandChainInfo::new("pedersen-bls-chained".into(), vec![4; 48]));
        let built = DrandVerifyArgs::new(chain.clone(), 9, vec![5; 96]).with_previous_signature(vec![6; 96]);
        let literal =
            DrandVerifyArgs { chain, round: 9, signature: vec![5; 96], previous_signature: Some(vec![6; 96]) };
        assert_eq!(built, literal);

        let own_suite = BlsVerifyArgs::new(Scheme::MinPk, vec![1], vec![2], vec![3]);
        assert_eq!(own_suite.ciphersuite, None);
        let dst = own_suite.with_ciphersuite(Ciphersuite::Dst(b"TAG".to_vec()));
        assert_eq!(dst.ciphersuite, Some(Ciphersuite::Dst(b"TAG".to_vec())));
    }
}
