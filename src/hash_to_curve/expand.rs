//! `expand_message_xmd` with SHA-256 (RFC 9380, section 5.3.1), including the hashing of
//! domain separation tags longer than 255 bytes (section 5.3.3).

use super::HashToCurveError;
use alloc::vec::Vec;
use sha2::{Digest, Sha256};

/// SHA-256's output and block sizes.
const B_IN_BYTES: usize = 32;
const S_IN_BYTES: usize = 64;

/// The DST as the expander uses it: itself, or `H("H2C-OVERSIZE-DST-" ‖ DST)` when longer
/// than 255 bytes.
fn effective_dst(dst: &[u8]) -> Vec<u8> {
    if dst.len() > 255 {
        Sha256::new().chain_update(b"H2C-OVERSIZE-DST-").chain_update(dst).finalize().to_vec()
    } else {
        dst.to_vec()
    }
}

/// `len_in_bytes` uniform bytes from `msg` under the domain separation tag `dst`.
pub fn expand_message_xmd(msg: &[u8], dst: &[u8], len_in_bytes: usize) -> Result<Vec<u8>, HashToCurveError> {
    let ell = len_in_bytes.div_ceil(B_IN_BYTES);
    if ell > 255 || len_in_bytes > 65535 || len_in_bytes == 0 {
        return Err(HashToCurveError::OutputLength { requested: len_in_bytes });
    }
    let dst = effective_dst(dst);
    let dst_len = [dst.len() as u8];
    let b0 = Sha256::new()
        .chain_update([0u8; S_IN_BYTES])
        .chain_update(msg)
        .chain_update((len_in_bytes as u16).to_be_bytes())
        .chain_update([0u8])
        .chain_update(&dst)
        .chain_update(dst_len)
        .finalize();
    let mut out = Vec::with_capacity(ell * B_IN_BYTES);
    let mut previous =
        Sha256::new().chain_update(b0).chain_update([1u8]).chain_update(&dst).chain_update(dst_len).finalize();
    out.extend_from_slice(&previous);
    for i in 2..=ell {
        let mut mixed = [0u8; B_IN_BYTES];
        for (m, (a, b)) in mixed.iter_mut().zip(b0.iter().zip(previous.iter())) {
            *m = a ^ b;
        }
        previous = Sha256::new()
            .chain_update(mixed)
            .chain_update([i as u8])
            .chain_update(&dst)
            .chain_update(dst_len)
            .finalize();
        out.extend_from_slice(&previous);
    }
    out.truncate(len_in_bytes);
    Ok(out)
}
