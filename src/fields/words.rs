//! Integer helpers on little-endian 64-bit words, for exponents and encodings computed at
//! compile time from the moduli.

/// `x - small`, for `x >= small`.
pub(crate) const fn sub_small(mut x: [u64; 6], small: u64) -> [u64; 6] {
    let mut borrow = small;
    let mut i = 0;
    while i < 6 && borrow != 0 {
        let (d, b) = x[i].overflowing_sub(borrow);
        x[i] = d;
        borrow = b as u64;
        i += 1;
    }
    x
}

/// `x + small` (no overflow out of the top word).
pub(crate) const fn add_small(mut x: [u64; 6], small: u64) -> [u64; 6] {
    let mut carry = small;
    let mut i = 0;
    while i < 6 && carry != 0 {
        let (s, c) = x[i].overflowing_add(carry);
        x[i] = s;
        carry = c as u64;
        i += 1;
    }
    x
}

/// `x >> k` for `k < 64`.
pub(crate) const fn shr(x: [u64; 6], k: u32) -> [u64; 6] {
    let mut out = [0u64; 6];
    let mut i = 0;
    while i < 6 {
        out[i] = x[i] >> k;
        if i + 1 < 6 && k > 0 {
            out[i] |= x[i + 1] << (64 - k);
        }
        i += 1;
    }
    out
}

/// `a + b` with the final carry (the kernels' word arithmetic).
#[cfg(all(test, feature = "eth"))]
pub(crate) use crate::arith::add_words;
/// Whether `a < b`: the kernels' comparison of little-endian words.
pub(crate) use crate::arith::lt;
/// `a - b` with the final borrow (the kernels' word arithmetic).
#[cfg(feature = "eth")]
pub(crate) use crate::arith::sub_words;

/// Big-endian bytes (at most 48) to little-endian words.
pub(crate) fn from_be_bytes(bytes: &[u8]) -> [u64; 6] {
    let mut out = [0u64; 6];
    for (i, &b) in bytes.iter().rev().enumerate() {
        out[i / 8] |= (b as u64) << (8 * (i % 8));
    }
    out
}

/// Little-endian words to `N` big-endian bytes (the value must fit).
pub(crate) fn to_be_bytes<const N: usize>(words: &[u64; 6]) -> [u8; N] {
    let mut out = [0u8; N];
    for (i, b) in out.iter_mut().rev().enumerate() {
        *b = (words[i / 8] >> (8 * (i % 8))) as u8;
    }
    out
}

/// A hexadecimal literal (big-endian, at most 96 digits, no prefix) as little-endian words, at
/// compile time: constants are written as they are published.
pub(crate) const fn from_hex(hex: &str) -> [u64; 6] {
    let digits = hex.as_bytes();
    assert!(digits.len() <= 96, "at most 384 bits");
    let mut out = [0u64; 6];
    let mut i = 0;
    while i < digits.len() {
        out[i / 16] |= (hex_digit(digits[digits.len() - 1 - i]) as u64) << (4 * (i % 16));
        i += 1;
    }
    out
}

/// One hexadecimal digit's value, at compile time.
const fn hex_digit(d: u8) -> u8 {
    match d {
        b'0'..=b'9' => d - b'0',
        b'a'..=b'f' => d - b'a' + 10,
        b'A'..=b'F' => d - b'A' + 10,
        _ => panic!("not a hexadecimal digit"),
    }
}

/// `N` bytes from `2N` hexadecimal digits (no prefix), at compile time: keys and roots written
/// as they are published.
#[cfg(any(feature = "eth", feature = "vetkeys"))]
pub(crate) const fn hex_bytes<const N: usize>(hex: &str) -> [u8; N] {
    let digits = hex.as_bytes();
    assert!(digits.len() == 2 * N, "two digits a byte");
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = hex_digit(digits[2 * i]) << 4 | hex_digit(digits[2 * i + 1]);
        i += 1;
    }
    out
}
