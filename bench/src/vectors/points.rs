//! Compressed points (ZCash / IETF encoding) from RFC 9380 affine coordinates.

/// The BLS12-381 base field modulus p, big-endian.
pub(super) fn p() -> [u8; 48] {
    hex_48("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab")
}

fn hex_48(s: &str) -> [u8; 48] {
    let mut out = [0u8; 48];
    hex::decode_to_slice(s, &mut out).expect("a 48-byte hex constant");
    out
}

/// (p - 1) / 2, big-endian: p is odd, so it is p shifted right by one bit.
pub(super) fn half_p() -> [u8; 48] {
    let mut half = [0u8; 48];
    let mut carry = 0u8;
    for (h, p) in half.iter_mut().zip(p()) {
        *h = (p >> 1) | carry;
        carry = p << 7;
    }
    half
}

/// An Fp element from `0x`-hex (any number of digits) as 48 bytes big-endian; must be below p.
pub(super) fn fp_be(s: &str) -> Result<[u8; 48], String> {
    let digits = s.trim().strip_prefix("0x").unwrap_or(s.trim());
    let digits = digits.trim_start_matches('0');
    if digits.len() > 96 {
        return Err(format!("field element {s} is longer than 48 bytes"));
    }
    let padded = format!("{digits:0>96}");
    let bytes = hex::decode(&padded).map_err(|e| format!("field element {s}: {e}"))?;
    let mut out = [0u8; 48];
    out.copy_from_slice(&bytes);
    Ok(out)
}

pub(super) fn fp_checked(s: &str) -> Result<[u8; 48], String> {
    let x = fp_be(s)?;
    if x >= p() {
        return Err(format!("field element {s} is not below p"));
    }
    Ok(x)
}

/// Whether y > (p - 1) / 2 (the "lexicographically largest" of y and -y).
pub(super) fn largest(y: &[u8; 48]) -> bool {
    *y > half_p()
}

/// An Fp2 element written `c0,c1`.
pub(super) fn fp2(s: &str) -> Result<([u8; 48], [u8; 48]), String> {
    let (c0, c1) = s.split_once(',').ok_or_else(|| format!("Fp2 element {s} is not \"c0,c1\""))?;
    Ok((fp_checked(c0)?, fp_checked(c1)?))
}

/// The compressed G1 encoding of the affine point (x, y): x big-endian with the flags 0x80
/// (compressed) and 0x20 (y is the larger root).
pub(super) fn compress_g1(x: &str, y: &str) -> Result<Vec<u8>, String> {
    let (mut out, y) = (fp_checked(x)?, fp_checked(y)?);
    out[0] |= 0x80 | if largest(&y) { 0x20 } else { 0 };
    Ok(out.to_vec())
}

/// The compressed G2 encoding of (x, y): x.c1 || x.c0 with the flags in the first byte; y is the
/// larger root when y.c1 > (p-1)/2, or y.c1 = 0 and y.c0 > (p-1)/2.
pub(super) fn compress_g2(x: &str, y: &str) -> Result<Vec<u8>, String> {
    let ((x0, x1), (y0, y1)) = (fp2(x)?, fp2(y)?);
    let y_largest = if y1 != [0u8; 48] { largest(&y1) } else { largest(&y0) };
    let mut out = [x1, x0].concat();
    out[0] |= 0x80 | if y_largest { 0x20 } else { 0 };
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_p_doubles_back_to_p() {
        let half = half_p();
        let mut doubled = [0u8; 48];
        let mut carry = 1u16; // 2 * half + 1
        for i in (0..48).rev() {
            let v = 2 * half[i] as u16 + carry;
            doubled[i] = v as u8;
            carry = v >> 8;
        }
        assert_eq!(carry, 0);
        assert_eq!(doubled, p());
    }

    const G1_X: &str =
        "0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
    const G1_Y: &str =
        "0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1";
    const G1_NEG_Y: &str =
        "0x114d1d6855d545a8aa7d76c8cf2e21f267816aef1db507c96655b9d5caac42364e6f38ba0ecb751bad54dcd6b939c2ca";

    #[test]
    fn compressed_generators() {
        let g1 = "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
        assert_eq!(hex::encode(compress_g1(G1_X, G1_Y).unwrap()), g1);
        // -G1: the larger y, flag 0x20.
        assert_eq!(hex::encode(compress_g1(G1_X, G1_NEG_Y).unwrap()), format!("b{}", &g1[1..]));
        // Leading zeros may be left out.
        assert_eq!(
            compress_g1(
                "0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
                "0x8b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"
            )
            .unwrap(),
            compress_g1(G1_X, G1_Y).unwrap()
        );
        // G2 generator (x = c0,c1; y = c0,c1): the compressed form in c-kzg's trusted setup.
        let x = "0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8,0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e";
        let y = "0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801,0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be";
        let g2 = "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
        assert_eq!(hex::encode(compress_g2(x, y).unwrap()), g2);
        // With y.c1 = 0 the sign comes from y.c0.
        assert_eq!(compress_g2(x, &format!("{G1_NEG_Y},0x0")).unwrap()[0] & 0x20, 0x20);
        assert_eq!(compress_g2(x, &format!("{G1_Y},0x0")).unwrap()[0] & 0x20, 0);
        // Not below p, not "c0,c1", not hex: errors, no panic.
        assert!(compress_g1(
            "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
            G1_Y
        )
        .is_err());
        assert!(compress_g2(G1_X, G1_Y).is_err());
        assert!(compress_g1("0xzz", G1_Y).is_err());
        assert!(compress_g1(&format!("{G1_X}00"), G1_Y).is_err());
    }
}
