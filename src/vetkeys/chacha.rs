//! The first ChaCha20 block (RFC 8439, section 2.3) under a 32-byte key with a zero counter and
//! a zero nonce: the first 64 bytes that `rand_chacha`'s `ChaCha20Rng::from_seed(key)` emits,
//! which `ic-vetkeys` turns into a transport secret key.

const CONSTANTS: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]; // "expand 32-byte k"

fn quarter_round(s: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
    s[a] = s[a].wrapping_add(s[b]);
    s[d] = (s[d] ^ s[a]).rotate_left(16);
    s[c] = s[c].wrapping_add(s[d]);
    s[b] = (s[b] ^ s[c]).rotate_left(12);
    s[a] = s[a].wrapping_add(s[b]);
    s[d] = (s[d] ^ s[a]).rotate_left(8);
    s[c] = s[c].wrapping_add(s[d]);
    s[b] = (s[b] ^ s[c]).rotate_left(7);
}

/// The ChaCha20 block function: ten double rounds, then the input added back, serialized as
/// sixteen little-endian words. `words_12_15` are the counter and nonce words.
pub(crate) fn chacha20_block(key: &[u8; 32], words_12_15: [u32; 4]) -> [u8; 64] {
    let mut input = [0u32; 16];
    input[..4].copy_from_slice(&CONSTANTS);
    for (i, chunk) in key.chunks_exact(4).enumerate() {
        input[4 + i] = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    input[12..].copy_from_slice(&words_12_15);
    let mut s = input;
    for _ in 0..10 {
        quarter_round(&mut s, 0, 4, 8, 12);
        quarter_round(&mut s, 1, 5, 9, 13);
        quarter_round(&mut s, 2, 6, 10, 14);
        quarter_round(&mut s, 3, 7, 11, 15);
        quarter_round(&mut s, 0, 5, 10, 15);
        quarter_round(&mut s, 1, 6, 11, 12);
        quarter_round(&mut s, 2, 7, 8, 13);
        quarter_round(&mut s, 3, 4, 9, 14);
    }
    let mut out = [0u8; 64];
    for (i, chunk) in out.chunks_exact_mut(4).enumerate() {
        chunk.copy_from_slice(&s[i].wrapping_add(input[i]).to_le_bytes());
    }
    zeroize::Zeroize::zeroize(&mut s);
    zeroize::Zeroize::zeroize(&mut input);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 8439, section 2.3.2: key 00..1f, counter 1, nonce 000000090000004a00000000.
    #[test]
    fn rfc8439_block_vector() {
        let key: [u8; 32] = core::array::from_fn(|i| i as u8);
        let out = chacha20_block(&key, [1, 0x0900_0000, 0x4a00_0000, 0]);
        let expected = "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e\
                        d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e";
        let mut hex = alloc::string::String::new();
        for b in out {
            hex.push_str(&alloc::format!("{b:02x}"));
        }
        assert_eq!(hex, expected);
    }
}
