//! `hash_to_field` for Fp and Fp2 (RFC 9380, section 5.2) with `expand_message_xmd`,
//! L = 64 bytes per Fp element.

use super::expand::expand_message_xmd;
use super::HashToCurveError;
use crate::{Fp, Fp2};
use alloc::vec::Vec;

const L: usize = 64;

/// `count` elements of Fp: 1 to 127 of them (the expander gives at most 8,160 bytes).
pub fn hash_to_field_fp(msg: &[u8], dst: &[u8], count: usize) -> Result<Vec<Fp>, HashToCurveError> {
    let bytes = expand_message_xmd(msg, dst, count.saturating_mul(L))?;
    Ok(bytes.chunks(L).map(fp_from_chunk).collect())
}

/// `count` elements of Fp2 (each `c0` then `c1`): 1 to 63 of them.
pub fn hash_to_field_fp2(msg: &[u8], dst: &[u8], count: usize) -> Result<Vec<Fp2>, HashToCurveError> {
    let bytes = expand_message_xmd(msg, dst, count.saturating_mul(2 * L))?;
    Ok(bytes.chunks(2 * L).map(|c| Fp2::new(fp_from_chunk(&c[..L]), fp_from_chunk(&c[L..]))).collect())
}

/// An Fp element from one L-byte chunk of the expander's output.
fn fp_from_chunk(chunk: &[u8]) -> Fp {
    Fp::from_bytes_wide(chunk.try_into().expect("the expander's output is a whole number of chunks"))
}
