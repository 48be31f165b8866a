//! Point encodings, written once for G1 and G2:
//!
//! * ZCash/IETF (draft-irtf-cfrg-pairing-friendly-curves-11, appendix C; the `bls12_381`
//!   serialization of zkcrypto): big-endian `x` (and `y`), with three flag bits in the top of
//!   the first byte: compression (0x80), infinity (0x40), sort (0x20: `y` is the
//!   lexicographically larger root). Fp2 coordinates are written `c1` then `c0`.
//! * EIP-2537: each Fp element in 64 bytes whose 16 leading bytes are zero, Fp2 as `c0` then
//!   `c1`, `x` then `y`; all zeros is the point at infinity.
//!
//! Decoders check the encoding and the curve equation; subgroup membership is checked by the
//! group types on top of these.

use super::coordinate::Coordinate;
use super::point::Affine;
use crate::fields::eip2537::{check_length, read_fp, read_fp2_eip2537, read_fp_eip2537};
use crate::{DecodeError, Fp, Fp2};

const COMPRESSION: u8 = 0x80;
const INFINITY: u8 = 0x40;
const SORT: u8 = 0x20;
const FLAGS: u8 = COMPRESSION | INFINITY | SORT;

/// A coordinate field with its big-endian encodings.
pub(crate) trait EncodedCoordinate: Coordinate {
    /// Bytes of the ZCash/IETF encoding.
    const BYTES: usize;
    /// The ZCash/IETF encoding (`out.len() == BYTES`).
    fn write(&self, out: &mut [u8]);
    /// Decodes a ZCash/IETF encoding (`bytes.len() == BYTES`), flags already cleared.
    fn read(bytes: &[u8], what: &'static str) -> Result<Self, DecodeError>;
    /// The EIP-2537 encoding (64 bytes per Fp element).
    fn write_eip2537(&self, out: &mut [u8]);
    /// Decodes an EIP-2537 encoding (`bytes.len() == 64 · degree`).
    fn read_eip2537(bytes: &[u8], what: &'static str) -> Result<Self, DecodeError>;
    /// Whether this is the larger of `{self, -self}` in the ordering of the ZCash encoding.
    fn lexicographically_largest(&self) -> bool;
}

impl EncodedCoordinate for Fp {
    const BYTES: usize = 48;

    fn write(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_bytes());
    }
    fn read(bytes: &[u8], what: &'static str) -> Result<Fp, DecodeError> {
        read_fp(bytes, what)
    }
    fn write_eip2537(&self, out: &mut [u8]) {
        out[..16].fill(0);
        out[16..].copy_from_slice(&self.to_bytes());
    }
    fn read_eip2537(bytes: &[u8], what: &'static str) -> Result<Fp, DecodeError> {
        read_fp_eip2537(bytes, what)
    }
    fn lexicographically_largest(&self) -> bool {
        self.is_lexicographically_largest()
    }
}

impl EncodedCoordinate for Fp2 {
    const BYTES: usize = 96;

    fn write(&self, out: &mut [u8]) {
        out[..48].copy_from_slice(&self.c1.to_bytes());
        out[48..].copy_from_slice(&self.c0.to_bytes());
    }
    fn read(bytes: &[u8], what: &'static str) -> Result<Fp2, DecodeError> {
        let c1 = read_fp(&bytes[..48], what)?;
        let c0 = read_fp(&bytes[48..], what)?;
        Ok(Fp2::new(c0, c1))
    }
    fn write_eip2537(&self, out: &mut [u8]) {
        self.c0.write_eip2537(&mut out[..64]);
        self.c1.write_eip2537(&mut out[64..]);
    }
    fn read_eip2537(bytes: &[u8], what: &'static str) -> Result<Fp2, DecodeError> {
        read_fp2_eip2537(bytes, what)
    }
    fn lexicographically_largest(&self) -> bool {
        // c1 decides; when it is zero, c0 does.
        self.c1.is_lexicographically_largest() || (self.c1.is_zero() && self.c0.is_lexicographically_largest())
    }
}

/// The compressed encoding: `x` with the flags (`F::BYTES` bytes).
pub(crate) fn write_compressed<F: EncodedCoordinate>(p: &Affine<F>, out: &mut [u8]) {
    if p.infinity {
        out.fill(0);
        out[0] = COMPRESSION | INFINITY;
        return;
    }
    p.x.write(out);
    out[0] |= COMPRESSION;
    if p.y.lexicographically_largest() {
        out[0] |= SORT;
    }
}

/// The uncompressed encoding: `x ‖ y` with the flags (`2 · F::BYTES` bytes).
pub(crate) fn write_uncompressed<F: EncodedCoordinate>(p: &Affine<F>, out: &mut [u8]) {
    if p.infinity {
        out.fill(0);
        out[0] = INFINITY;
        return;
    }
    p.x.write(&mut out[..F::BYTES]);
    p.y.write(&mut out[F::BYTES..]);
}

/// Checks the encoding of the point at infinity: the infinity flag, no sort flag, and every
/// other bit zero.
fn read_infinity<F: Coordinate>(bytes: &[u8], what: &'static str) -> Result<Affine<F>, DecodeError> {
    if bytes[0] & SORT != 0 {
        return Err(DecodeError::NonCanonicalInfinity { what, rule: "the sort flag is set" });
    }
    if bytes[0] & !FLAGS != 0 || bytes[1..].iter().any(|&b| b != 0) {
        return Err(DecodeError::NonCanonicalInfinity { what, rule: "the coordinate bits are not all zero" });
    }
    Ok(Affine::IDENTITY)
}

/// `x` from an encoding's first `F::BYTES` bytes with the flag bits cleared.
fn read_x<F: EncodedCoordinate>(bytes: &[u8], what: &'static str) -> Result<F, DecodeError> {
    let mut x = [0u8; 96];
    let x = &mut x[..F::BYTES];
    x.copy_from_slice(&bytes[..F::BYTES]);
    x[0] &= !FLAGS;
    F::read(x, what)
}

/// Decodes a compressed point and checks that it is on the curve (not the subgroup).
pub(crate) fn read_compressed<F: EncodedCoordinate>(
    bytes: &[u8],
    what: &'static str,
) -> Result<Affine<F>, DecodeError> {
    check_length(bytes, F::BYTES, what)?;
    if bytes[0] & COMPRESSION == 0 {
        return Err(DecodeError::InvalidFlags { what, rule: "the compression flag is not set" });
    }
    if bytes[0] & INFINITY != 0 {
        return read_infinity(bytes, what);
    }
    let x = read_x::<F>(bytes, what)?;
    let y = (x.square() * x + F::B).sqrt().ok_or(DecodeError::NotOnCurve { what })?;
    let larger = bytes[0] & SORT != 0;
    let y = if y.lexicographically_largest() == larger { y } else { -y };
    Ok(Affine { x, y, infinity: false })
}

/// Decodes an uncompressed point and checks that it is on the curve (not the subgroup).
pub(crate) fn read_uncompressed<F: EncodedCoordinate>(
    bytes: &[u8],
    what: &'static str,
) -> Result<Affine<F>, DecodeError> {
    check_length(bytes, 2 * F::BYTES, what)?;
    if bytes[0] & COMPRESSION != 0 {
        return Err(DecodeError::InvalidFlags { what, rule: "the compression flag is set" });
    }
    if bytes[0] & INFINITY != 0 {
        return read_infinity(bytes, what);
    }
    if bytes[0] & SORT != 0 {
        return Err(DecodeError::InvalidFlags { what, rule: "the sort flag is set in an uncompressed encoding" });
    }
    let x = read_x::<F>(bytes, what)?;
    let y = F::read(&bytes[F::BYTES..], what)?;
    let p = Affine { x, y, infinity: false };
    if !p.is_on_curve() {
        return Err(DecodeError::NotOnCurve { what });
    }
    Ok(p)
}

/// The EIP-2537 encoding (128 bytes for G1, 256 for G2).
pub(crate) fn write_eip2537<F: EncodedCoordinate>(p: &Affine<F>, out: &mut [u8]) {
    if p.infinity {
        out.fill(0);
        return;
    }
    let half = out.len() / 2;
    p.x.write_eip2537(&mut out[..half]);
    p.y.write_eip2537(&mut out[half..]);
}

/// Decodes an EIP-2537 point and checks that it is on the curve (not the subgroup).
pub(crate) fn read_eip2537<F: EncodedCoordinate>(
    bytes: &[u8],
    len: usize,
    what: &'static str,
) -> Result<Affine<F>, DecodeError> {
    check_length(bytes, len, what)?;
    let half = len / 2;
    let x = F::read_eip2537(&bytes[..half], what)?;
    let y = F::read_eip2537(&bytes[half..], what)?;
    if x.is_zero() && y.is_zero() {
        return Ok(Affine::IDENTITY);
    }
    let p = Affine { x, y, infinity: false };
    if !p.is_on_curve() {
        return Err(DecodeError::NotOnCurve { what });
    }
    Ok(p)
}
