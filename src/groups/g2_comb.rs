//! `[k]G` for G2's generator `G` and a secret `k`, from a table computed before the build: the
//! fixed-base comb with signed 4-bit digits (Hankerson, Menezes and Vanstone, "Guide to
//! Elliptic Curve Cryptography", section 3.3.1, with the signed digits of 3.3.2). With
//! `k = Σ d_j·16^j`, `d_j` in `[-8, 8]`, the product is `Σ d_j·(16^j·G)`: 65 mixed additions
//! of table entries `[i]·16^j·G` (`i` in 1..=8) and no doubling, where a variable base takes
//! 60 doublings, 64 additions and a table of its own (`G2Projective::mul_constant_time`).
//!
//! A query cannot keep a table built at run time, so the table is a generated constant
//! (`g2_generator_comb.rs`, 520 points), checked against run-time multiples by
//! `generator_comb_matches_run_time_multiples` (`cargo xtask regenerate generator-comb`).

use super::coordinate::Coordinate;
use super::g2_generator_comb::COMB;
use super::point::{Affine, Point};
use crate::{Fp, Fp2, Fr, G2Projective};

/// Windows of 4 bits: 64 for a 256-bit scalar and one for the recoding's last carry.
pub(crate) const WINDOWS: usize = 65;
/// The digits' largest magnitude: row `j` of the table holds `[1..=8]·16^j·G`.
pub(crate) const ENTRIES: usize = 8;

/// A table entry from the hex of `x.c0, x.c1, y.c0, y.c1`, at compile time.
pub(crate) const fn entry(hex: [&str; 4]) -> Affine<Fp2> {
    Affine {
        x: Fp2::new(Fp::from_hex(hex[0]), Fp::from_hex(hex[1])),
        y: Fp2::new(Fp::from_hex(hex[2]), Fp::from_hex(hex[3])),
        infinity: false,
    }
}

/// Digits `d_j` in `[-8, 7]` (the last in `{0, 1}`) with `k = Σ d_j·16^j`, for `k` below
/// 2^256 as little-endian words, computed without branches: each nibble plus the carry is in
/// `[0, 16]`, and the carry out is 1 exactly when that is at least 8.
fn signed_digits(k: &[u64; 6]) -> [i64; WINDOWS] {
    let mut digits = [0i64; WINDOWS];
    let mut carry = 0i64;
    for (j, digit) in digits.iter_mut().take(64).enumerate() {
        let nibble = ((k[j / 16] >> (4 * (j % 16))) & 0xf) as i64 + carry;
        carry = (nibble + 8) >> 4;
        *digit = nibble - (carry << 4);
    }
    digits[64] = carry;
    digits
}

/// `[k]G` for a secret `k` (little-endian words, below 2^256): per window one masked scan of
/// the row's eight entries, a masked negation and one complete mixed addition, whose result
/// is kept only for a nonzero digit, so the operations do not depend on `k`. The additions are
/// complete (eprint 2015/1060, algorithm 8), so the partial sums that wrap around r in the top
/// windows and may equal an entry need no special case; no entry is the identity (`i·16^j`,
/// a product of primes up to 7, is never a multiple of the prime r).
fn generator_mul_constant_time(k: &[u64; 6]) -> Point<Fp2> {
    let digits = signed_digits(k);
    let mut acc = Point::IDENTITY;
    for (row, &d) in COMB.iter().zip(digits.iter()) {
        let sign = d >> 63; // -1 for a negative digit, else 0
        let magnitude = ((d ^ sign) - sign) as u64;
        let mut chosen = row[0];
        for (i, candidate) in row.iter().enumerate() {
            // 1 exactly when i + 1 == magnitude, without a comparison branch.
            let hit = (((i as u64 + 1) ^ magnitude).wrapping_sub(1) >> 63) == 1;
            chosen.x = Fp2::select(&chosen.x, &candidate.x, hit);
            chosen.y = Fp2::select(&chosen.y, &candidate.y, hit);
        }
        chosen.y = Fp2::select(&chosen.y, &-chosen.y, sign == -1);
        let sum = acc.add_affine(&chosen);
        let nonzero = (magnitude.wrapping_sub(1) >> 63) == 0;
        acc = Point {
            x: Fp2::select(&acc.x, &sum.x, nonzero),
            y: Fp2::select(&acc.y, &sum.y, nonzero),
            z: Fp2::select(&acc.z, &sum.z, nonzero),
        };
    }
    acc
}

impl G2Projective {
    /// `[k]G` for the generator `G` and a secret `k`, from the compile-time comb table (see
    /// the module): the cheaper form of `G2Projective::generator().mul_constant_time(k)`.
    pub(crate) fn generator_mul_constant_time(k: &Fr) -> G2Projective {
        G2Projective(generator_mul_constant_time(&k.to_words()))
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::G2Affine;
    use alloc::string::String;
    use alloc::vec::Vec;
    use core::fmt::Write;

    /// The rows `[1..=8]·16^j·G` computed at run time.
    fn rows() -> Vec<[G2Affine; ENTRIES]> {
        let mut base = G2Projective::generator();
        let mut rows = Vec::new();
        for _ in 0..WINDOWS {
            let mut row = [G2Affine::identity(); ENTRIES];
            let mut multiple = base;
            for entry in row.iter_mut() {
                *entry = multiple.to_affine_vartime();
                multiple += base;
            }
            rows.push(row);
            for _ in 0..4 {
                base = base.double();
            }
        }
        rows
    }

    /// The writer of `g2_generator_comb.rs` (with `ICBLS_WRITE_COMB=1`) and its check.
    #[test]
    fn generator_comb_matches_run_time_multiples() {
        let rows = rows();
        let file = "src/groups/g2_generator_comb.rs";
        if std::env::var_os("ICBLS_WRITE_COMB").is_some() {
            let hex = |x: &Fp| hex::encode(x.to_bytes());
            let mut out = String::from(
                "//! @generated by `cargo xtask regenerate` (the test `generator_comb_matches_run_time_multiples`\n\
                 //! with `ICBLS_WRITE_COMB=1`): the comb table of G2's generator. Do not edit.\n\n\
                 use super::g2_comb::{entry, ENTRIES, WINDOWS};\n\
                 use super::point::Affine;\n\
                 use crate::Fp2;\n\n\
                 /// Row `j` holds `[i]·16^j·G` for `i` in 1..=8, affine.\n\
                 #[allow(long_running_const_eval)] // thousands of conversions to the kernel's form\n\
                 pub(crate) static COMB: [[Affine<Fp2>; ENTRIES]; WINDOWS] = [\n",
            );
            for row in &rows {
                out.push_str("    [\n");
                for p in row {
                    let q = p.0;
                    let _ = writeln!(
                        out,
                        "        entry([\n            \"{}\",\n            \"{}\",\n            \"{}\",\n            \"{}\",\n        ]),",
                        hex(&q.x.c0),
                        hex(&q.x.c1),
                        hex(&q.y.c0),
                        hex(&q.y.c1)
                    );
                }
                out.push_str("    ],\n");
            }
            out.push_str("];\n");
            std::fs::write(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file), out).unwrap();
        }
        for (j, row) in rows.iter().enumerate() {
            for (i, p) in row.iter().enumerate() {
                assert!(
                    COMB[j][i] == p.0,
                    "[{}]·16^{j}·G: run `cargo xtask regenerate generator-comb` to rewrite {file}",
                    i + 1
                );
            }
        }
    }

    #[test]
    fn digits_reconstruct_the_scalar() {
        let mut state = 5u64;
        let mut cases = alloc::vec![[0u64; 6], [u64::MAX, u64::MAX, u64::MAX, u64::MAX, 0, 0]];
        cases.push([0x8888_8888_8888_8888, 0x8888_8888_8888_8888, 0x7777_7777_7777_7777, 0x8888_8888_8888_8888, 0, 0]);
        for _ in 0..1000 {
            let mut k = [0u64; 6];
            for w in k.iter_mut().take(4) {
                *w = crate::fields::splitmix64(&mut state);
            }
            cases.push(k);
        }
        for k in cases {
            let d = signed_digits(&k);
            assert!(d[..64].iter().all(|&x| (-8..=7).contains(&x)) && (0..=1).contains(&d[64]));
            // Σ d_j·16^j, back as 64-bit words (two's complement across the words).
            let mut words = [0i128; 5];
            for (j, &x) in d.iter().enumerate() {
                words[j / 16] += (x as i128) << (4 * (j % 16));
            }
            let mut carry = 0i128;
            let mut back = [0u64; 6];
            for (w, b) in words.iter().zip(back.iter_mut()) {
                let v = w + carry;
                *b = v as u64;
                carry = v >> 64;
            }
            assert_eq!(back, k, "{k:x?}");
        }
    }

    #[test]
    fn comb_products_equal_variable_base_products() {
        let g = G2Projective::generator();
        let mut state = 9u64;
        let mut scalars = alloc::vec![Fr::ZERO, Fr::ONE, -Fr::ONE, Fr::from_u64(8), Fr::from_u64(16), -Fr::from_u64(8)];
        for _ in 0..40 {
            let mut bytes = [0u8; 64];
            for chunk in bytes.chunks_mut(8) {
                chunk.copy_from_slice(&crate::fields::splitmix64(&mut state).to_be_bytes());
            }
            scalars.push(Fr::from_be_bytes_wide(&bytes));
        }
        for k in scalars {
            assert!(G2Projective::generator_mul_constant_time(&k) == g.mul_constant_time(&k), "{k:?}");
        }
    }
}
