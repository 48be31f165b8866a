//! Internet Computer certificate verification, as the IC interface specification defines it
//! ("Certification": certificate, lookup, delegation, encoding; "The system state tree":
//! time, subnet information, canister ranges).
//!
//! ```text
//! verify_cert(cert) =
//!   let root_hash = reconstruct(cert.tree)
//!   if check_delegation(cert.delegation) = false then return false
//!   let bls_key = delegation_key(cert.delegation)
//!   verify_bls_signature(bls_key, cert.signature, domain_sep("ic-state-root") · root_hash)
//! ```
//!
//! [`verify_certificate`] decodes the CBOR certificate `{tree, signature, delegation?}`
//! (optionally behind the self-describe tag 55799), checks the delegation (signed by the root
//! key, no delegation of its own, the subnet's key at `/subnet/<subnet_id>/public_key`, the
//! subnet's authority over the canister through its canister ranges, or its identity when a
//! subnet's own certificate is asked for), the optional freshness of `/time` (and of the
//! delegation's `/time`), and the BLS signatures, cheapest checks first. It returns a
//! [`VerifiedCertificate`] that borrows the input and answers path lookups within the
//! certificate's scope: paths under `/canister/<id>/` only for the canister it was verified
//! for, and, through a delegation, paths under `/subnet/<id>/` and `/canister_ranges/<id>/`
//! only for the delegated subnet.
//!
//! ## Why hand-written
//!
//! dfinity's `ic-certification` crate (3.2.0 and 4.0.1, the latest) is not `no_std`: it
//! imports `std` unconditionally (`std::borrow::Cow`, `std::fmt`, ...) and has no feature to
//! avoid it, and it leaves CBOR decoding to serde with a `std` CBOR crate (serde_cbor or
//! ciborium). Its tree digest also recurses once per tree level with no limit of its own. It
//! cannot be built for this library, so there is no instruction count to compare; the
//! hash tree, lookup and a small strict CBOR reader are written here instead (and tested
//! against `ic-certification` natively).
//!
//! ## Untrusted input
//!
//! Certificates come from anywhere. Nothing here panics or recurses on input: the CBOR
//! reader checks every length against the bytes left, the tree is decoded with an explicit
//! stack and at most [`MAX_TREE_DEPTH`] levels, hashing and lookups are iterative, the
//! input is at most [`MAX_CERTIFICATE_BYTES`], and principals (the delegation's `subnet_id`,
//! the target) at most [`MAX_PRINCIPAL_BYTES`].
//!
//! ```
//! use icbls::certificate::{HashTree, LookupResult};
//!
//! // The pruned example tree of the interface specification ("Certification", "Example").
//! let cbor = hex::decode(concat!(
//!     "83018301830241618301820458201b4feff9bef8131788b0c9dc6dbad6e81e524249c879e9f10f71ce3749f5a6",
//!     "3883024179820345776f726c6483024162820458207b32ac0c6ba8ce35ac82c255fc7906f7fc130dab2a090f80",
//!     "fe12f9c2cae83ba6830182045820ec8324b8a1f1ac16bd2e806edba78006479c9877fed4eb464a25485465af60",
//!     "1d830241648203476d6f726e696e67",
//! )).unwrap();
//! let tree = HashTree::decode(&cbor).unwrap();
//! assert_eq!(hex::encode(tree.root_hash()), "eb5c5b2195e62d996b84c9bcc8259d19a83786a2f59e0878cec84c811f669aa0");
//! assert_eq!(tree.lookup(&[b"a", b"y"]), LookupResult::Found(b"world"));
//! assert_eq!(tree.lookup(&[b"b"]), LookupResult::Unknown);
//! assert_eq!(tree.lookup(&[b"e"]), LookupResult::Absent);
//! ```

mod bls;
mod cache;
pub(crate) mod cbor;
mod der;
mod error;
mod lookup;
mod ranges;
mod root_key;
#[rustfmt::skip]
mod root_key_lines;
mod tree;

pub use cache::{DelegationCache, DEFAULT_DELEGATIONS};
pub use der::{bls_key_from_der, DER_KEY_BYTES, DER_PREFIX, IC_MAINNET_ROOT_KEY_DER};
pub use error::{CertificateError, KeyError, Within};
pub use lookup::LookupResult;
pub use root_key::IC_MAINNET_ROOT_KEY;
pub use tree::{Children, HashTree, Subtree, SubtreeLookup, MAX_TREE_DEPTH};

use cbor::{Reader, MAP, TEXT};

/// The longest certificate (or read_state response) accepted, in bytes.
pub const MAX_CERTIFICATE_BYTES: usize = 8 << 20;

/// The longest principal, in bytes: principals are "blobs with a length between 0 and 29
/// bytes" (interface specification, "Principals"). The delegation's `subnet_id` (CDDL
/// `principal = bytes .size (0..29)`, "Encoding of certificates"), the canister ranges'
/// bounds and the [`Target`] are held to it.
pub const MAX_PRINCIPAL_BYTES: usize = 29;

/// A decoded, not yet verified, certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate<'a> {
    /// The (partial) state tree.
    pub tree: HashTree<'a>,
    /// The BLS signature on the tree's root hash (48 bytes if well formed).
    pub signature: &'a [u8],
    /// The delegation from the root key to the signing subnet, if any.
    pub delegation: Option<Delegation<'a>>,
}

/// A certificate's delegation: `{subnet_id: bytes, certificate: bytes}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delegation<'a> {
    /// The principal of the subnet that signed the outer certificate.
    pub subnet_id: &'a [u8],
    /// The CBOR certificate, signed by the root key, that holds the subnet's key.
    pub certificate: &'a [u8],
}

impl<'a> Certificate<'a> {
    /// Decodes a certificate (CDDL `tagged<{tree, signature, ? delegation}>`; the tag 55799
    /// is optional). Map entries with other keys are skipped, as agent-rs does; a key that
    /// appears twice is an error, and a `null` delegation is no delegation. Nothing is
    /// verified.
    pub fn decode(bytes: &'a [u8]) -> Result<Certificate<'a>, CertificateError> {
        Certificate::decode_within(bytes, Within::Certificate)
    }

    fn decode_within(bytes: &'a [u8], within: Within) -> Result<Certificate<'a>, CertificateError> {
        if bytes.len() > MAX_CERTIFICATE_BYTES {
            return Err(CertificateError::TooLarge { within, len: bytes.len() });
        }
        let mut r = Reader::new(bytes, within);
        r.skip_self_describe_tag()?;
        let (entries, _) = r.container(MAP, "certificate: expected a map")?;
        let (mut tree, mut signature, mut delegation) = (None, None, None);
        let duplicate = |field| CertificateError::DuplicateField { within, field };
        for _ in 0..entries {
            match r.text("certificate: map keys must be text")? {
                b"tree" => {
                    if tree.is_some() {
                        return Err(duplicate("tree"));
                    }
                    tree = Some(HashTree::read(&mut r)?);
                }
                b"signature" => {
                    if signature.is_some() {
                        return Err(duplicate("signature"));
                    }
                    signature = Some(r.bytes("certificate: signature must be a byte string")?);
                }
                b"delegation" => {
                    if delegation.is_some() {
                        return Err(duplicate("delegation"));
                    }
                    // `null` means no delegation, as serde reads an `Option` in agent-rs (the
                    // delegation certificate of agent-rs's ivg37_delegated_v2_pruned_subnet
                    // test vector has `"delegation": null`).
                    delegation = Some(if r.null() { None } else { Some(read_delegation(&mut r, within)?) });
                }
                _ => r.skip()?,
            }
        }
        r.finish()?;
        Ok(Certificate {
            tree: tree.ok_or(CertificateError::MissingField { within, field: "tree" })?,
            signature: signature.ok_or(CertificateError::MissingField { within, field: "signature" })?,
            delegation: delegation.flatten(),
        })
    }
}

fn read_delegation<'a>(r: &mut Reader<'a>, within: Within) -> Result<Delegation<'a>, CertificateError> {
    let (entries, _) = r.container(MAP, "delegation: expected a map")?;
    let (mut subnet_id, mut certificate) = (None, None);
    for _ in 0..entries {
        match r.text("delegation: map keys must be text")? {
            b"subnet_id" => {
                if subnet_id.is_some() {
                    return Err(CertificateError::DuplicateField { within, field: "delegation.subnet_id" });
                }
                let id = r.bytes("delegation: subnet_id must be a byte string")?;
                // A principal (interface specification, "Delegation": `subnet_id : Principal`;
                // "Principals": at most 29 bytes). Callers turn it into a principal type that
                // may refuse (or panic on) anything longer.
                if id.len() > MAX_PRINCIPAL_BYTES {
                    return Err(CertificateError::FieldTooLong {
                        within,
                        field: "delegation.subnet_id",
                        len: id.len(),
                        max: MAX_PRINCIPAL_BYTES,
                    });
                }
                subnet_id = Some(id);
            }
            b"certificate" => {
                if certificate.is_some() {
                    return Err(CertificateError::DuplicateField { within, field: "delegation.certificate" });
                }
                certificate = Some(r.bytes("delegation: certificate must be a byte string")?);
            }
            _ => r.skip()?,
        }
    }
    Ok(Delegation {
        subnet_id: subnet_id.ok_or(CertificateError::MissingField { within, field: "delegation.subnet_id" })?,
        certificate: certificate.ok_or(CertificateError::MissingField { within, field: "delegation.certificate" })?,
    })
}

/// The `certificate` field of a read_state (or query-signature) HTTP response body, a CBOR
/// map `{"certificate": bytes, ...}` (optionally behind the tag 55799).
pub fn read_state_response_certificate(body: &[u8]) -> Result<&[u8], CertificateError> {
    let within = Within::ReadStateResponse;
    if body.len() > MAX_CERTIFICATE_BYTES {
        return Err(CertificateError::TooLarge { within, len: body.len() });
    }
    let mut r = Reader::new(body, within);
    r.skip_self_describe_tag()?;
    let (entries, _) = r.container(MAP, "read_state response: expected a map")?;
    let mut certificate = None;
    for _ in 0..entries {
        let h = r.head()?;
        if h.major == TEXT && r.string_body(h)? == b"certificate" {
            if certificate.is_some() {
                return Err(CertificateError::DuplicateField { within, field: "certificate" });
            }
            certificate = Some(r.bytes("read_state response: certificate must be a byte string")?);
        } else if h.major == TEXT {
            r.skip()?;
        } else {
            return Err(r.err(h.offset, "read_state response: map keys must be text"));
        }
    }
    r.finish()?;
    certificate.ok_or(CertificateError::MissingField { within, field: "certificate" })
}

/// Whom the certificate must speak for. A certificate without a delegation is signed by the
/// root key itself (the root subnet's certificates) and speaks for any target, as in agent-rs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target<'t> {
    /// A canister (its principal's bytes): a delegated subnet must hold it in its canister
    /// ranges. The effective canister id of a read_state or query request.
    Canister(&'t [u8]),
    /// A subnet (its principal's bytes), for `/api/v3/subnet/<subnet_id>/read_state`: a
    /// delegation must be for this subnet; no range check.
    Subnet(&'t [u8]),
}

/// The caller's clock, for the freshness check of `/time`.
///
/// A certificate is accepted when `|time - now_ns| <= max_age_ns`: at most `max_age_ns` old,
/// and at most `max_age_ns` in the future. The window is symmetric as in agent-rs (which
/// allows its ingress expiry, 5 minutes by default, either way): a subnet's clock may run a
/// little ahead of the caller's (a canister's `ic0.time` is its own subnet's consensus time),
/// and a certificate from further ahead than the age allowed is as suspicious as a stale one.
///
/// The delegation's certificate has a `/time` of its own (interface specification,
/// "Certificate": all state trees include `/time`), when the root subnet signed it. It is
/// checked only when `delegation_max_age_ns` is set, with the same symmetric window: the IC
/// does not promise how often delegations are reissued (agent-rs does not check them at all),
/// so a bound that fits mainnet is the caller's choice. A certificate without a delegation has
/// nothing to check there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive] // Built with `new` and `with_delegation_max_age`, so that it may grow.
pub struct Freshness {
    /// Now, in nanoseconds since 1970-01-01 UTC (e.g. `ic0.time`).
    pub now_ns: u64,
    /// The largest age (and future skew) allowed, in nanoseconds.
    pub max_age_ns: u64,
    /// The largest age (and future skew) allowed for the delegation's certificate, its own
    /// `/time` against `now_ns`, in nanoseconds. `None`: not checked.
    pub delegation_max_age_ns: Option<u64>,
}

impl Freshness {
    /// `/time` within `max_age_ns` of `now_ns`; the delegation's time is not checked.
    pub const fn new(now_ns: u64, max_age_ns: u64) -> Freshness {
        Freshness { now_ns, max_age_ns, delegation_max_age_ns: None }
    }

    /// The same, with the delegation's `/time` within `delegation_max_age_ns` of `now_ns`.
    pub const fn with_delegation_max_age(self, delegation_max_age_ns: u64) -> Freshness {
        Freshness { delegation_max_age_ns: Some(delegation_max_age_ns), ..self }
    }
}

/// A principal's bytes, held inline (at most [`MAX_PRINCIPAL_BYTES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PrincipalBytes {
    len: u8,
    bytes: [u8; MAX_PRINCIPAL_BYTES],
}

impl PrincipalBytes {
    fn new(id: &[u8]) -> Result<PrincipalBytes, CertificateError> {
        let mut bytes = [0u8; MAX_PRINCIPAL_BYTES];
        bytes.get_mut(..id.len()).ok_or(CertificateError::TargetTooLong { len: id.len() })?.copy_from_slice(id);
        Ok(PrincipalBytes { len: id.len() as u8, bytes })
    }

    fn as_slice(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// What a verified certificate speaks for (its [`Target`]), for [`VerifiedCertificate::lookup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    Canister(PrincipalBytes),
    Subnet,
}

/// A certificate whose signature, delegation and freshness were verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifiedCertificate<'a> {
    tree: HashTree<'a>,
    root_hash: [u8; 32],
    time_ns: u64,
    subnet_id: Option<&'a [u8]>,
    scope: Scope,
}

impl<'a> VerifiedCertificate<'a> {
    /// The certificate's `/time`, in nanoseconds since 1970-01-01 UTC.
    pub fn time_ns(&self) -> u64 {
        self.time_ns
    }

    /// `lookup(path, cert)` (interface specification, "Lookup"): the answer for `path` in the
    /// certified tree, for the paths this certificate can speak for.
    ///
    /// The delegation's scope ("Delegation": delegations are scoped by canister ranges) was
    /// checked for the [`Target`] only, and a read_state certificate reveals canister paths
    /// only for its effective canister ("Request: Read state": `/canister/<canister_id>/...`
    /// "can be requested if `<canister_id>` matches `<effective_canister_id>`"). So a path
    /// under `/canister/<id>/` (two labels or more) is refused:
    /// - for a certificate verified for a canister, when `<id>` is another canister
    ///   ([`CertificateError::LookupOtherCanister`]);
    /// - for a subnet's certificate, always
    ///   ([`CertificateError::LookupCanisterInSubnetCertificate`]): a subnet's read_state
    ///   request cannot ask for canister paths, and no canister's range was checked. (Checking
    ///   `<id>` against the delegation's ranges instead would depend on ranges that newer
    ///   replicas prune to the requested shard, and say nothing for a root-signed certificate.)
    ///
    /// A certificate signed through a delegation speaks for its subnet only: a path under
    /// `/subnet/<id>/` or `/canister_ranges/<id>/` is refused when `<id>` is another subnet
    /// ([`CertificateError::LookupOtherSubnet`]), since a subnet's state tree may hold what it
    /// says of others, and only the root (the NNS) speaks for every subnet.
    ///
    /// Other paths (`/time`, `/request_status/...`, ...) are answered as they are.
    /// [`tree`](Self::tree) gives the tree without these checks.
    pub fn lookup<L: AsRef<[u8]>>(&self, path: &[L]) -> Result<LookupResult<'a>, CertificateError> {
        if let [first, id, ..] = path {
            let (first, id) = (first.as_ref(), id.as_ref());
            if first == b"canister" {
                match &self.scope {
                    Scope::Canister(c) if c.as_slice() == id => {}
                    Scope::Canister(_) => return Err(CertificateError::LookupOtherCanister),
                    Scope::Subnet => return Err(CertificateError::LookupCanisterInSubnetCertificate),
                }
            } else if let Some(subnet) = self.subnet_id {
                if (first == b"subnet" || first == b"canister_ranges") && id != subnet {
                    return Err(CertificateError::LookupOtherSubnet);
                }
            }
        }
        Ok(self.tree.lookup(path))
    }

    /// The certified tree, for walking it. Its lookups answer for every path, including
    /// canister paths outside the certificate's scope: prefer [`lookup`](Self::lookup).
    pub fn tree(&self) -> &HashTree<'a> {
        &self.tree
    }

    /// The tree's root hash (the signed value).
    pub fn root_hash(&self) -> &[u8; 32] {
        &self.root_hash
    }

    /// The delegated subnet that signed the certificate, or `None` if the root key did.
    pub fn delegation_subnet_id(&self) -> Option<&'a [u8]> {
        self.subnet_id
    }
}

/// `/time` of a tree: a LEB128 natural number of nanoseconds (interface specification,
/// "Encoding of certificates": natural numbers are leb128-encoded), which must fit in 64 bits
/// and fill the leaf exactly.
fn certificate_time(tree: &HashTree<'_>, within: Within) -> Result<u64, CertificateError> {
    let leaf = match tree.lookup(&[b"time"]) {
        LookupResult::Found(v) => v,
        other => return Err(CertificateError::MissingTime { within, lookup: other.not_found() }),
    };
    let bad = CertificateError::BadTime { within };
    let mut value: u64 = 0;
    for (i, &b) in leaf.iter().enumerate() {
        let payload = u64::from(b & 0x7f);
        // Ten groups carry 70 bits; the tenth may only hold the 64th bit.
        if i > 9 || (i == 9 && payload > 1) {
            return Err(bad);
        }
        value |= payload << (7 * i);
        if b & 0x80 == 0 {
            return if i + 1 == leaf.len() { Ok(value) } else { Err(bad) };
        }
    }
    Err(bad) // empty, or the last byte continues
}

/// The root key: the 133-byte DER form or the raw 96-byte compressed G2 point; its raw bytes
/// and the key.
fn root_key(root_key: &[u8]) -> Result<(&[u8; 96], bls::PublicKey), CertificateError> {
    let raw: &[u8; 96] = match root_key.len() {
        DER_KEY_BYTES => bls_key_from_der(root_key).map_err(CertificateError::RootKey)?,
        _ => root_key
            .try_into()
            .map_err(|_| CertificateError::RootKey(KeyError::WrongLength { actual: root_key.len() }))?,
    };
    Ok((raw, bls::PublicKey::from_compressed(raw).map_err(CertificateError::RootKey)?))
}

/// Verifies an IC certificate (`verify_cert` and `check_delegation` of the interface
/// specification, with agent-rs's checks of the delegation's scope) and returns it for
/// lookups.
///
/// - `certificate`: the CBOR certificate (e.g. from [`read_state_response_certificate`]).
/// - `root_key`: the root public key, DER-wrapped (133 bytes, e.g.
///   [`IC_MAINNET_ROOT_KEY_DER`]) or raw (96 bytes). The mainnet key skips the key's
///   preparation (its lines are compile-time constants).
/// - `target`: the canister or subnet the certificate must speak for (a principal of at most
///   [`MAX_PRINCIPAL_BYTES`]).
/// - `freshness`: `None` skips the `/time` checks (for stored certificates and test vectors).
///
/// Order of checks, cheapest first: the target's length, decoding (both certificates,
/// `subnet_id` at most [`MAX_PRINCIPAL_BYTES`]), `/time` and freshness, nested delegation,
/// the delegation's `/time` (if asked for), subnet identity or canister ranges, the subnet
/// key, then the delegation's BLS signature under the root key and the certificate's BLS
/// signature under the subnet (or root) key.
pub fn verify_certificate<'a>(
    certificate: &'a [u8],
    root_key_bytes: &[u8],
    target: Target<'_>,
    freshness: Option<Freshness>,
) -> Result<VerifiedCertificate<'a>, CertificateError> {
    verify_with(certificate, root_key_bytes, target, freshness, None)
}

/// [`verify_certificate`], with a [`DelegationCache`] when one is given.
pub(crate) fn verify_with<'a>(
    certificate: &'a [u8],
    root_key_bytes: &[u8],
    target: Target<'_>,
    freshness: Option<Freshness>,
    cache: Option<&mut DelegationCache>,
) -> Result<VerifiedCertificate<'a>, CertificateError> {
    let (Target::Canister(id) | Target::Subnet(id)) = target;
    PrincipalBytes::new(id)?;
    let cert = Certificate::decode_within(certificate, Within::Certificate)?;
    verify_decoded_with(cert, root_key_bytes, target, freshness, cache)
}

/// [`verify_with`] after decoding, for callers that looked into the certificate first
/// (canister signatures compare `certified_data` before any BLS work): a remembered
/// delegation's BLS check is skipped, a newly verified one is remembered.
pub(crate) fn verify_decoded_with<'a>(
    cert: Certificate<'a>,
    root_key_bytes: &[u8],
    target: Target<'_>,
    freshness: Option<Freshness>,
    cache: Option<&mut DelegationCache>,
) -> Result<VerifiedCertificate<'a>, CertificateError> {
    let scope = match target {
        Target::Canister(id) => Scope::Canister(PrincipalBytes::new(id)?),
        Target::Subnet(id) => {
            PrincipalBytes::new(id)?;
            Scope::Subnet
        }
    };
    let time_ns = certificate_time(&cert.tree, Within::Certificate)?;
    if let Some(Freshness { now_ns, max_age_ns, .. }) = freshness {
        if time_ns < now_ns && now_ns - time_ns > max_age_ns {
            return Err(CertificateError::Stale { time_ns, now_ns, max_age_ns });
        }
        if time_ns > now_ns && time_ns - now_ns > max_age_ns {
            return Err(CertificateError::FromFuture { time_ns, now_ns, max_age_ns });
        }
    }
    let signature = bls::decode_signature(cert.signature, Within::Certificate)?;
    let (root_raw, root) = root_key(root_key_bytes)?;

    let root_hash = cert.tree.root_hash();
    match &cert.delegation {
        None => bls::verify_min_sig(&root, &root_hash, &signature, Within::Certificate)?,
        Some(d) => {
            let inner = Certificate::decode_within(d.certificate, Within::DelegationCertificate)?;
            if inner.delegation.is_some() {
                return Err(CertificateError::NestedDelegation);
            }
            if let Some(Freshness { now_ns, delegation_max_age_ns: Some(max_age_ns), .. }) = freshness {
                // The delegation is a certificate, and every state tree has `/time`
                // (interface specification, "Certificate" and "Time").
                let time_ns = certificate_time(&inner.tree, Within::DelegationCertificate)?;
                if time_ns < now_ns && now_ns - time_ns > max_age_ns {
                    return Err(CertificateError::DelegationStale { time_ns, now_ns, max_age_ns });
                }
                if time_ns > now_ns && time_ns - now_ns > max_age_ns {
                    return Err(CertificateError::DelegationFromFuture { time_ns, now_ns, max_age_ns });
                }
            }
            match target {
                Target::Subnet(id) if id != d.subnet_id => return Err(CertificateError::SubnetMismatch),
                Target::Subnet(_) => {}
                Target::Canister(id) => ranges::check_canister(&inner.tree, d.subnet_id, id)?,
            }
            // A delegation this cache verified: only the certificate's own signature is left.
            let digest = cache.as_ref().map(|_| cache::delegation_digest(root_raw, d.subnet_id, d.certificate));
            if let Some(subnet_key) = cache.as_deref().zip(digest.as_ref()).and_then(|(c, digest)| c.get(digest)) {
                bls::verify_min_sig(subnet_key, &root_hash, &signature, Within::Certificate)?;
            } else {
                let der = match inner.tree.lookup(&[b"subnet".as_slice(), d.subnet_id, b"public_key"]) {
                    LookupResult::Found(der) => der,
                    other => return Err(CertificateError::SubnetKeyNotFound { lookup: other.not_found() }),
                };
                let raw = bls_key_from_der(der).map_err(CertificateError::SubnetKey)?;
                let inner_signature = bls::decode_signature(inner.signature, Within::DelegationCertificate)?;
                let subnet_key = bls::PublicKey::from_compressed(raw).map_err(CertificateError::SubnetKey)?;
                let inner_hash = inner.tree.root_hash();
                let delegation = (&inner_hash, &inner_signature);
                bls::verify_with_delegation(&root, delegation, &subnet_key, (&root_hash, &signature))?;
                if let (Some(cache), Some(digest)) = (cache, digest) {
                    cache.insert(digest, subnet_key);
                }
            }
        }
    }
    Ok(VerifiedCertificate {
        tree: cert.tree,
        root_hash,
        time_ns,
        subnet_id: cert.delegation.map(|d| d.subnet_id),
        scope,
    })
}

#[cfg(test)]
mod tests;
