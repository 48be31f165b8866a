//! `hash_to_field` for Fp and Fp2 (RFC 9380, section 5.2) with `expand_message_xmd`,
//! L = 64 bytes per Fp element.

use super::expand::expand_message_xmd;
use crate::{Fp, Fp2};
use alloc::vec::Vec;

const L: usize = 64;

/// `count` elements of Fp.
pub fn hash_to_field_fp(msg: &[u8], dst: &[u8], count: usize) -> Vec<Fp> {
    // count·64 ≤ 128 bytes for the suites; larger counts still fit the expander's limit
    // up to 1,023 elements, and the callers here ask for one or two.
    let bytes = expand_message_xmd(msg, dst, count * L).expect("at most 2 elements are requested");
    bytes.chunks(L).map(|c| Fp::from_bytes_wide(c.try_into().expect("64-byte chunks"))).collect()
}

/// `count` elements of Fp2 (each `c0` then `c1`).
pub fn hash_to_field_fp2(msg: &[u8], dst: &[u8], count: usize) -> Vec<Fp2> {
    let bytes = expand_message_xmd(msg, dst, count * 2 * L).expect("at most 2 elements are requested");
    bytes
        .chunks(2 * L)
        .map(|c| {
            let wide = |s: &[u8]| Fp::from_bytes_wide(s.try_into().expect("64-byte chunks"));
            Fp2::new(wide(&c[..L]), wide(&c[L..]))
        })
        .collect()
}
