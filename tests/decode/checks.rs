//! Properties every decoder must keep on any input, shared by the fuzz targets (`fuzz/`) and
//! the deterministic fuzz-style test (`tests/decode_fuzz.rs`): no panic, and whatever decodes
//! re-encodes to the same bytes (so the encodings are canonical) and is where it must be.

use icbls::{Fp, Fr, G1Affine, G2Affine};

/// Every G1 decoder on `data` and on its fixed-length prefixes.
pub fn check_g1(data: &[u8]) {
    for len in [data.len(), 48, 96, 128] {
        let bytes = &data[..len.min(data.len())];
        if let Ok(p) = G1Affine::from_compressed(bytes) {
            assert!(p.is_on_curve() && p.is_torsion_free());
            assert_eq!(p.to_compressed().as_slice(), bytes);
        }
        if let Ok(p) = G1Affine::from_compressed_unchecked(bytes) {
            assert!(p.is_on_curve());
            assert_eq!(p.to_compressed().as_slice(), bytes);
        }
        if let Ok(p) = G1Affine::from_uncompressed(bytes) {
            assert!(p.is_on_curve() && p.is_torsion_free());
            assert_eq!(p.to_uncompressed().as_slice(), bytes);
        }
        if let Ok(p) = G1Affine::from_uncompressed_unchecked(bytes) {
            assert_eq!(p.to_uncompressed().as_slice(), bytes);
        }
        if let Ok(p) = G1Affine::from_eip2537(bytes) {
            assert!(p.is_on_curve() && p.is_torsion_free());
            assert_eq!(p.to_eip2537().as_slice(), bytes);
        }
        if let Ok(p) = G1Affine::from_eip2537_unchecked(bytes) {
            assert!(p.is_on_curve());
            assert_eq!(p.to_eip2537().as_slice(), bytes);
        }
    }
}

/// Every G2 decoder on `data` and on its fixed-length prefixes.
pub fn check_g2(data: &[u8]) {
    for len in [data.len(), 96, 192, 256] {
        let bytes = &data[..len.min(data.len())];
        if let Ok(p) = G2Affine::from_compressed(bytes) {
            assert!(p.is_on_curve() && p.is_torsion_free());
            assert_eq!(p.to_compressed().as_slice(), bytes);
        }
        if let Ok(p) = G2Affine::from_compressed_unchecked(bytes) {
            assert!(p.is_on_curve());
            assert_eq!(p.to_compressed().as_slice(), bytes);
        }
        if let Ok(p) = G2Affine::from_uncompressed(bytes) {
            assert!(p.is_on_curve() && p.is_torsion_free());
            assert_eq!(p.to_uncompressed().as_slice(), bytes);
        }
        if let Ok(p) = G2Affine::from_uncompressed_unchecked(bytes) {
            assert_eq!(p.to_uncompressed().as_slice(), bytes);
        }
        if let Ok(p) = G2Affine::from_eip2537(bytes) {
            assert!(p.is_on_curve() && p.is_torsion_free());
            assert_eq!(p.to_eip2537().as_slice(), bytes);
        }
        if let Ok(p) = G2Affine::from_eip2537_unchecked(bytes) {
            assert!(p.is_on_curve());
            assert_eq!(p.to_eip2537().as_slice(), bytes);
        }
    }
}

/// The field decoders.
pub fn check_fields(data: &[u8]) {
    for len in [data.len(), 32, 48] {
        let bytes = &data[..len.min(data.len())];
        if let Ok(x) = Fp::from_slice(bytes) {
            assert_eq!(x.to_bytes().as_slice(), bytes);
        }
        if let Ok(x) = Fr::from_be_slice(bytes) {
            assert_eq!(x.to_bytes().as_slice(), bytes);
        }
    }
}
