//! DER-wrapped BLS12-381 public keys as the IC writes them (interface specification,
//! "Delegation": `extract_der`, RFC 5480 SubjectPublicKeyInfo with algorithm OID
//! 1.3.6.1.4.1.44668.5.3.1.2.1 and curve OID 1.3.6.1.4.1.44668.5.3.2.1).
//!
//! Every IC BLS key has the same 37-byte prefix followed by the 96-byte compressed G2 point,
//! so the key is checked byte for byte against that prefix rather than parsed as general DER:
//! anything else is rejected.

use super::error::KeyError;
use super::root_key::IC_MAINNET_ROOT_KEY;

/// The 37 bytes before the G2 point: `SEQUENCE { SEQUENCE { OID 1.3.6.1.4.1.44668.5.3.1.2.1,
/// OID 1.3.6.1.4.1.44668.5.3.2.1 }, BIT STRING (97 bytes: no unused bits, then the key) }`.
pub const DER_PREFIX: [u8; 37] = [
    0x30, 0x81, 0x82, // SEQUENCE, 130 bytes
    0x30, 0x1d, // SEQUENCE, 29 bytes
    0x06, 0x0d, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0xdc, 0x7c, 0x05, 0x03, 0x01, 0x02, 0x01, // OID
    0x06, 0x0c, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0xdc, 0x7c, 0x05, 0x03, 0x02, 0x01, // OID
    0x03, 0x61, 0x00, // BIT STRING, 97 bytes, 0 unused bits
];

/// Length of a DER-wrapped key: the prefix and the 96-byte compressed G2 point.
pub const DER_KEY_BYTES: usize = 133;

/// The IC mainnet root key, DER-wrapped (as `/api/v2/status` serves it).
pub const IC_MAINNET_ROOT_KEY_DER: [u8; DER_KEY_BYTES] = {
    let mut out = [0u8; DER_KEY_BYTES];
    let mut i = 0;
    while i < DER_KEY_BYTES {
        out[i] = if i < 37 { DER_PREFIX[i] } else { IC_MAINNET_ROOT_KEY[i - 37] };
        i += 1;
    }
    out
};

/// The 96-byte compressed G2 point inside a 133-byte DER-wrapped key. The point itself is not
/// decoded here.
pub fn bls_key_from_der(der: &[u8]) -> Result<&[u8; 96], KeyError> {
    if der.len() != DER_KEY_BYTES {
        return Err(KeyError::WrongLength { actual: der.len() });
    }
    let (prefix, key) = der.split_at(DER_PREFIX.len());
    if prefix != DER_PREFIX {
        return Err(KeyError::WrongDerPrefix);
    }
    key.try_into().map_err(|_| KeyError::WrongLength { actual: der.len() })
}
