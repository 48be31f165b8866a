//! Field elements in the EIP-2537 encoding: each Fp element in 64 bytes whose 16 leading bytes
//! are zero, Fp2 as `c0` then `c1`. The points' encodings (`crate::groups`) are built on these.

use crate::{DecodeError, Fp, Fp2};

/// A 48-byte big-endian Fp element below p, named `what` in the error.
pub(crate) fn read_fp(bytes: &[u8], what: &'static str) -> Result<Fp, DecodeError> {
    Fp::from_slice(bytes).map_err(|e| match e {
        DecodeError::NotCanonical { .. } => DecodeError::NotCanonical { what },
        other => other,
    })
}

/// A 64-byte EIP-2537 Fp element (`bytes.len() == 64`): 16 zero bytes, then [`read_fp`].
pub(crate) fn read_fp_eip2537(bytes: &[u8], what: &'static str) -> Result<Fp, DecodeError> {
    if bytes[..16].iter().any(|&b| b != 0) {
        return Err(DecodeError::NonZeroPadding { what });
    }
    read_fp(&bytes[16..], what)
}

/// A 128-byte EIP-2537 Fp2 element (`bytes.len() == 128`): `c0` then `c1`.
pub(crate) fn read_fp2_eip2537(bytes: &[u8], what: &'static str) -> Result<Fp2, DecodeError> {
    let c0 = read_fp_eip2537(&bytes[..64], what)?;
    let c1 = read_fp_eip2537(&bytes[64..], what)?;
    Ok(Fp2::new(c0, c1))
}

/// `WrongLength` unless `bytes` has `expected` bytes.
pub(crate) fn check_length(bytes: &[u8], expected: usize, what: &'static str) -> Result<(), DecodeError> {
    if bytes.len() != expected {
        return Err(DecodeError::WrongLength { what, expected, actual: bytes.len() });
    }
    Ok(())
}

impl Fp {
    /// Decodes an EIP-2537 field element: 64 bytes, the 16 leading ones zero, the value `< p`.
    pub fn from_eip2537(bytes: &[u8]) -> Result<Fp, DecodeError> {
        check_length(bytes, 64, "EIP-2537 Fp element")?;
        read_fp_eip2537(bytes, "EIP-2537 Fp element")
    }
}

impl Fp2 {
    /// Decodes an EIP-2537 Fp2 element: `c0` then `c1`, each a 64-byte EIP-2537 Fp element.
    pub fn from_eip2537(bytes: &[u8]) -> Result<Fp2, DecodeError> {
        check_length(bytes, 128, "EIP-2537 Fp2 element")?;
        read_fp2_eip2537(bytes, "EIP-2537 Fp2 element")
    }
}
