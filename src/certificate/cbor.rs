//! A small strict CBOR reader (RFC 8949) for what IC certificates use: unsigned integers (major
//! type 0), byte and text strings (2, 3), arrays and maps (4, 5) of definite length, and tags
//! (6). Indefinite lengths (additional information 31) and the reserved additional
//! information 28–30 are rejected: the IC encodes certificates with definite lengths only
//! (the CDDL of the interface specification's "Encoding of certificates").
//!
//! The reader borrows the input (strings are slices of it) and never recurses: nesting is
//! handled by the callers with explicit stacks and depth limits, and [`Reader::skip`] walks an
//! arbitrary value with a single counter of items still to read.

use super::error::{CertificateError, Within};

/// Major type 0: unsigned integer.
pub(crate) const UINT: u8 = 0;
/// Major type 2: byte string.
pub(crate) const BYTES: u8 = 2;
/// Major type 3: text string.
pub(crate) const TEXT: u8 = 3;
/// Major type 4: array.
pub(crate) const ARRAY: u8 = 4;
/// Major type 5: map.
pub(crate) const MAP: u8 = 5;
/// Major type 6: tag.
pub(crate) const TAG: u8 = 6;
/// Major type 7: simple values and floats.
pub(crate) const SIMPLE: u8 = 7;

/// The self-describing CBOR tag (RFC 8949 §3.4.6), encoded `d9 d9 f7`.
pub(crate) const SELF_DESCRIBE_TAG: u64 = 55799;

/// A cursor over one CBOR document.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    within: Within,
}

/// The head of a data item: major type, its argument, and where it started.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Head {
    pub major: u8,
    pub arg: u64,
    pub offset: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8], within: Within) -> Reader<'a> {
        Reader { bytes, pos: 0, within }
    }

    /// The offset of the next unread byte.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Which document this is.
    pub fn within(&self) -> Within {
        self.within
    }

    /// Bytes not yet read.
    pub fn remaining(&self) -> usize {
        self.bytes.len().saturating_sub(self.pos)
    }

    /// An error at `offset` in this document.
    pub fn err(&self, offset: usize, what: &'static str) -> CertificateError {
        CertificateError::Cbor { within: self.within, offset, what }
    }

    fn byte(&mut self) -> Result<u8, CertificateError> {
        let b = *self.bytes.get(self.pos).ok_or_else(|| self.err(self.pos, "unexpected end of input"))?;
        self.pos += 1;
        Ok(b)
    }

    /// The head of the next item (RFC 8949 §3): the initial byte's major type and additional
    /// information, and the argument that follows it in 0, 1, 2, 4 or 8 bytes.
    pub fn head(&mut self) -> Result<Head, CertificateError> {
        let offset = self.pos;
        let initial = self.byte()?;
        let major = initial >> 5;
        let info = initial & 0x1f;
        let arg = match info {
            0..=23 => u64::from(info),
            24..=27 => {
                let n = 1usize << (info - 24);
                let mut v = 0u64;
                for _ in 0..n {
                    v = (v << 8) | u64::from(self.byte()?);
                }
                v
            }
            28..=30 => return Err(self.err(offset, "reserved additional information (28-30)")),
            _ => return Err(self.err(offset, "indefinite length or break (not used by the IC)")),
        };
        Ok(Head { major, arg, offset })
    }

    /// The next `n` bytes.
    fn take(&mut self, n: u64, offset: usize) -> Result<&'a [u8], CertificateError> {
        let n = usize::try_from(n).map_err(|_| self.err(offset, "string longer than the input"))?;
        if n > self.remaining() {
            return Err(self.err(offset, "string longer than the input"));
        }
        let s = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    /// A byte string.
    pub fn bytes(&mut self, what: &'static str) -> Result<&'a [u8], CertificateError> {
        let h = self.head()?;
        if h.major != BYTES {
            return Err(self.err(h.offset, what));
        }
        self.take(h.arg, h.offset)
    }

    /// A text string, as bytes (not checked for UTF-8: callers only compare it with ASCII
    /// keys).
    pub fn text(&mut self, what: &'static str) -> Result<&'a [u8], CertificateError> {
        let h = self.head()?;
        if h.major != TEXT {
            return Err(self.err(h.offset, what));
        }
        self.take(h.arg, h.offset)
    }

    /// The string that follows a head of major type 2 or 3.
    pub fn string_body(&mut self, h: Head) -> Result<&'a [u8], CertificateError> {
        self.take(h.arg, h.offset)
    }

    /// An unsigned integer.
    pub fn uint(&mut self, what: &'static str) -> Result<u64, CertificateError> {
        let h = self.head()?;
        if h.major != UINT {
            return Err(self.err(h.offset, what));
        }
        Ok(h.arg)
    }

    /// The head of an array or map whose `items` data items (a map of `n` pairs has `2n`) are
    /// checked against the input left: each item takes at least one byte, so a longer count is
    /// malformed. The count returned fits in `usize`.
    pub fn container(&mut self, major: u8, what: &'static str) -> Result<(usize, usize), CertificateError> {
        let h = self.head()?;
        if h.major != major {
            return Err(self.err(h.offset, what));
        }
        let items = if major == MAP { h.arg.checked_mul(2) } else { Some(h.arg) };
        match items {
            Some(items) if items <= self.remaining() as u64 => Ok((h.arg as usize, h.offset)),
            _ => Err(self.err(h.offset, "more items than bytes left")),
        }
    }

    /// Consumes a `null` (simple value 22, byte `f6`) if it is next.
    pub fn null(&mut self) -> bool {
        if self.bytes.get(self.pos) == Some(&0xf6) {
            self.pos += 1;
            return true;
        }
        false
    }

    /// Skips one tag 55799 (self-described CBOR) if it is next.
    pub fn skip_self_describe_tag(&mut self) -> Result<(), CertificateError> {
        let save = self.pos;
        if self.remaining() > 0 {
            let h = self.head()?;
            if h.major == TAG {
                if h.arg == SELF_DESCRIBE_TAG {
                    return Ok(());
                }
                return Err(self.err(h.offset, "unexpected tag (only 55799, self-describe, is allowed)"));
            }
        }
        self.pos = save;
        Ok(())
    }

    /// Skips one complete data item of any type (used for map entries the IC may add and this
    /// reader does not know). Iterative: `pending` counts the items still to skip.
    pub fn skip(&mut self) -> Result<(), CertificateError> {
        let mut pending: u64 = 1;
        while pending > 0 {
            pending -= 1;
            let h = self.head()?;
            match h.major {
                UINT | 1 => {}
                BYTES | TEXT => {
                    self.take(h.arg, h.offset)?;
                }
                ARRAY | MAP => {
                    let items = if h.major == MAP { h.arg.checked_mul(2) } else { Some(h.arg) };
                    // Every pending item needs at least one byte.
                    match items.and_then(|n| n.checked_add(pending)) {
                        Some(total) if total <= self.remaining() as u64 => pending = total,
                        _ => return Err(self.err(h.offset, "more items than bytes left")),
                    }
                }
                TAG => pending += 1, // the tagged item; pending + 1 <= remaining + 1, no overflow
                _ => {
                    // SIMPLE: simple values and floats carry their payload in the argument.
                    debug_assert_eq!(h.major, SIMPLE);
                }
            }
        }
        Ok(())
    }

    /// Fails unless every byte was read.
    pub fn finish(&self) -> Result<(), CertificateError> {
        if self.pos != self.bytes.len() {
            return Err(self.err(self.pos, "trailing bytes after the data item"));
        }
        Ok(())
    }
}
