//! Canister ranges: which canisters a delegated subnet may certify for (interface
//! specification, "Delegation", "Subnet information" and "Canister ranges").
//!
//! Two layouts exist in delegation certificates:
//! - legacy: `/subnet/<subnet_id>/canister_ranges`, one leaf with all ranges;
//! - sharded: `/canister_ranges/<subnet_id>/<shard>`, one leaf per shard (newer replicas
//!   keep only the shard that covers the requested canister and prune the rest).
//!
//! Each leaf is `tagged<[* [principal principal]]>`: closed intervals `[low, high]` of
//! principals (byte strings of at most 29 bytes), ordered "lexicographically". The
//! specification's note on that ordering (the class byte of a principal is at its end, so a
//! range spans principals of every class) makes it the byte-wise lexicographic order of the
//! principals' blobs, which is Rust's order on `[u8]`.
//!
//! The canister is authorised if any ranges leaf for the subnet, in either layout, covers it.
//! Every such leaf is signed by the root key, so taking their union is sound. A leaf that does
//! not decode is an error (fail closed). If no leaf can be found (absent or pruned), the
//! subnet is not authorised.

use super::cbor::{Reader, ARRAY};
use super::error::{CertificateError, Within};
use super::lookup::LookupResult;
use super::tree::{HashTree, SubtreeLookup};
use super::MAX_PRINCIPAL_BYTES;

/// Whether the ranges leaf `leaf` covers `canister`.
pub(crate) fn leaf_covers(leaf: &[u8], canister: &[u8]) -> Result<bool, CertificateError> {
    let mut r = Reader::new(leaf, Within::CanisterRanges);
    r.skip_self_describe_tag()?;
    let (n, _) = r.container(ARRAY, "canister ranges: expected an array of ranges")?;
    let mut covered = false;
    for _ in 0..n {
        let (len, at) = r.container(ARRAY, "canister range: expected an array [low, high]")?;
        if len != 2 {
            return Err(r.err(at, "canister range: expected exactly two principals"));
        }
        let at = r.pos();
        let low = r.bytes("canister range: low must be a byte string")?;
        let high = r.bytes("canister range: high must be a byte string")?;
        if low.len() > MAX_PRINCIPAL_BYTES || high.len() > MAX_PRINCIPAL_BYTES {
            return Err(r.err(at, "canister range: principal longer than 29 bytes"));
        }
        // Keep reading: a malformed leaf is rejected even when an earlier range matched.
        covered |= low <= canister && canister <= high;
    }
    r.finish()?;
    Ok(covered)
}

/// Checks that the delegation certificate `tree` authorises `subnet_id` for `canister`.
pub(crate) fn check_canister(tree: &HashTree<'_>, subnet_id: &[u8], canister: &[u8]) -> Result<(), CertificateError> {
    let mut found_any = false;
    // Sharded layout: every leaf child of /canister_ranges/<subnet_id>.
    if let SubtreeLookup::Found(shards) = tree.root().lookup_subtree(&[b"canister_ranges".as_slice(), subnet_id]) {
        for (_label, shard) in shards.children() {
            if let Some(leaf) = shard.leaf() {
                found_any = true;
                if leaf_covers(leaf, canister)? {
                    return Ok(());
                }
            }
        }
    }
    // Legacy layout.
    if let LookupResult::Found(leaf) = tree.lookup(&[b"subnet".as_slice(), subnet_id, b"canister_ranges"]) {
        found_any = true;
        if leaf_covers(leaf, canister)? {
            return Ok(());
        }
    }
    if found_any {
        Err(CertificateError::CanisterNotInRange)
    } else {
        Err(CertificateError::CanisterRangesNotFound)
    }
}
