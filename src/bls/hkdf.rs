//! HKDF-SHA-256 (RFC 5869) over HMAC (RFC 2104), the library's one HKDF (BLS `KeyGen` and
//! vetKeys' symmetric keys, IBE masks and VRF outputs), written so that every
//! buffer holding secret-derived bytes is erased: the hash state and its partial block, the
//! HMAC key pads, the PRK and each `T(i)`.
//!
//! The `hkdf`, `hmac` and `sha2` crates keep their states (which hold the IKM's last partial
//! block and the PRK-keyed pads) in structures that are dropped without being cleared, so
//! this file keeps its own state and runs only `sha2`'s compression function
//! ([`sha2::compress256`], FIPS 180-4 section 6.2.2) on it. What it cannot reach are copies
//! that the compiler or the compression function make in registers and on the stack.

use sha2::digest::consts::U64;
use sha2::digest::generic_array::GenericArray;
use zeroize::{Zeroize, Zeroizing};

/// SHA-256's initial hash value (FIPS 180-4, section 5.3.3).
const IV: [u32; 8] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/// A SHA-256 computation whose state and buffered input are erased on drop.
struct Sha256 {
    state: [u32; 8],
    block: [u8; 64],
    filled: usize,
    length: u64,
}

impl Sha256 {
    fn new() -> Sha256 {
        Sha256 { state: IV, block: [0; 64], filled: 0, length: 0 }
    }

    fn compress(&mut self) {
        let block = GenericArray::<u8, U64>::from_slice(&self.block);
        sha2::compress256(&mut self.state, core::slice::from_ref(block));
    }

    fn update(&mut self, mut data: &[u8]) {
        self.length = self.length.wrapping_add(data.len() as u64);
        while !data.is_empty() {
            let take = (64 - self.filled).min(data.len());
            self.block[self.filled..self.filled + take].copy_from_slice(&data[..take]);
            self.filled += take;
            data = &data[take..];
            if self.filled == 64 {
                self.compress();
                self.filled = 0;
            }
        }
    }

    /// Pads (FIPS 180-4, section 5.1.1) and writes the digest; the state is erased on drop.
    fn finish_into(&mut self, out: &mut [u8; 32]) {
        let bits = self.length.wrapping_mul(8);
        self.block[self.filled] = 0x80;
        self.block[self.filled + 1..].fill(0);
        if self.filled >= 56 {
            self.compress();
            self.block.fill(0);
        }
        self.block[56..].copy_from_slice(&bits.to_be_bytes());
        self.compress();
        for (chunk, word) in out.chunks_exact_mut(4).zip(self.state.iter()) {
            chunk.copy_from_slice(&word.to_be_bytes());
        }
    }
}

impl Drop for Sha256 {
    fn drop(&mut self) {
        self.state.zeroize();
        self.block.zeroize();
    }
}

/// HMAC-SHA-256 (RFC 2104): `H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m))`, erased on drop.
struct HmacSha256 {
    inner: Sha256,
    outer_pad: [u8; 64],
}

impl HmacSha256 {
    /// Keys longer than the 64-byte block are hashed first (RFC 2104, section 2).
    fn new(key: &[u8]) -> HmacSha256 {
        let mut mac = HmacSha256 { inner: Sha256::new(), outer_pad: [0x5c; 64] };
        let mut hashed = Zeroizing::new([0u8; 32]);
        let key = if key.len() > 64 {
            let mut h = Sha256::new();
            h.update(key);
            h.finish_into(&mut hashed);
            &hashed[..]
        } else {
            key
        };
        let mut inner_pad = Zeroizing::new([0x36u8; 64]);
        for ((i, o), k) in inner_pad.iter_mut().zip(mac.outer_pad.iter_mut()).zip(key) {
            *i ^= k;
            *o ^= k;
        }
        mac.inner.update(&inner_pad[..]);
        mac
    }

    fn update(&mut self, data: &[u8]) {
        self.inner.update(data);
    }

    fn finish_into(&mut self, out: &mut [u8; 32]) {
        let mut inner = Zeroizing::new([0u8; 32]);
        self.inner.finish_into(&mut inner);
        let mut outer = Sha256::new();
        outer.update(&self.outer_pad);
        outer.update(&inner[..]);
        outer.finish_into(out);
    }
}

impl Drop for HmacSha256 {
    fn drop(&mut self) {
        self.outer_pad.zeroize();
    }
}

/// `HKDF-Extract(salt, IKM)` (RFC 5869, section 2.2), the IKM given in parts (concatenated).
/// An empty salt stands for 32 zero bytes, as the RFC says (HMAC pads it to the same key).
pub(crate) fn extract(salt: &[u8], ikm: &[&[u8]], prk: &mut [u8; 32]) {
    let mut mac = HmacSha256::new(salt);
    for part in ikm {
        mac.update(part);
    }
    mac.finish_into(prk);
}

/// `HKDF-Expand(PRK, info, L)` (RFC 5869, section 2.3) into `okm` (`L = okm.len()`), the info
/// given in parts. `L` above `255·32` is refused, as the RFC says.
pub(crate) fn expand(prk: &[u8; 32], info: &[&[u8]], okm: &mut [u8]) -> Result<(), ()> {
    if okm.len() > 255 * 32 {
        return Err(());
    }
    let mut t = Zeroizing::new([0u8; 32]);
    for (i, chunk) in okm.chunks_mut(32).enumerate() {
        let mut mac = HmacSha256::new(prk);
        if i > 0 {
            mac.update(&t[..]);
        }
        for part in info {
            mac.update(part);
        }
        mac.update(&[(i + 1) as u8]);
        mac.finish_into(&mut t);
        chunk.copy_from_slice(&t[..chunk.len()]);
    }
    Ok(())
}

/// SHA-256 of `data` (for the public KeyGen salt), through the same erasing state.
pub(crate) fn sha256(data: &[u8], out: &mut [u8; 32]) {
    let mut h = Sha256::new();
    h.update(data);
    h.finish_into(out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;
    use sha2::Digest;

    #[test]
    fn sha256_matches_sha2_at_every_padding_boundary() {
        let data: Vec<u8> = (0..300u32).map(|i| (i * 131 + 7) as u8).collect();
        for len in 0..data.len() {
            let mut ours = [0u8; 32];
            sha256(&data[..len], &mut ours);
            assert_eq!(ours[..], sha2::Sha256::digest(&data[..len])[..], "length {len}");
            // Fed in uneven pieces.
            let mut h = Sha256::new();
            for piece in data[..len].chunks(1 + len % 13) {
                h.update(piece);
            }
            let mut pieces = [0u8; 32];
            h.finish_into(&mut pieces);
            assert_eq!(pieces, ours, "length {len} in pieces");
        }
    }

    /// RFC 5869, appendix A, test cases 1 to 3 (SHA-256): a short salt, an 80-byte salt
    /// (hashed as an HMAC key longer than the block) with long inputs, and no salt or info.
    #[test]
    fn rfc5869_test_cases() {
        let cases = [
            (
                vec![0x0b; 22],
                hex::decode("000102030405060708090a0b0c").unwrap(),
                hex::decode("f0f1f2f3f4f5f6f7f8f9").unwrap(),
                "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
                "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
            ),
            (
                (0x00..0x50).collect(),
                (0x60..0xb0).collect(),
                (0xb0..=0xff).collect(),
                "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
                "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87",
            ),
            (
                vec![0x0b; 22],
                vec![],
                vec![],
                "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
                "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8",
            ),
        ];
        for (ikm, salt, info, prk_hex, okm_hex) in cases {
            let mut prk = [0u8; 32];
            let (a, b) = ikm.split_at(ikm.len() / 3);
            extract(&salt, &[a, b], &mut prk);
            assert_eq!(prk.to_vec(), hex::decode(prk_hex).unwrap());
            let expected = hex::decode(okm_hex).unwrap();
            let mut okm = vec![0u8; expected.len()];
            let (a, b) = info.split_at(info.len() / 2);
            expand(&prk, &[a, b], &mut okm).unwrap();
            assert_eq!(okm, expected);
        }
        assert_eq!(expand(&[0; 32], &[], &mut vec![0u8; 255 * 32 + 1]), Err(()));
    }
}
