//! What the library's integration tests share: moduli as big integers, a seeded generator of
//! field elements and scalars, conversions to and from `blst`'s types, and hex strings of the
//! JSON vectors as bytes. The tests name it `common` (`use icbls_testkit::library as common`).

use icbls::{Fp, Fp12, Fp2, Fp6, Fr};
use num_bigint::BigUint;
use serde_json::Value;

/// The base field's modulus, from its published hexadecimal value.
pub fn p() -> BigUint {
    BigUint::parse_bytes(
        b"1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        16,
    )
    .unwrap()
}

/// The group order, from its published hexadecimal value.
pub fn r() -> BigUint {
    BigUint::parse_bytes(b"73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16).unwrap()
}

/// The canonical value of an Fp element.
pub fn fp_big(x: &Fp) -> BigUint {
    BigUint::from_bytes_be(&x.to_bytes())
}

/// splitmix64: a small seeded generator, so failures reproduce.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        icbls::fields::splitmix64(&mut self.0)
    }

    pub fn fill(&mut self, bytes: &mut [u8]) {
        for b in bytes.iter_mut() {
            *b = self.next_u64() as u8;
        }
    }

    /// A uniformly random value below `m` (by rejection).
    pub fn below(&mut self, m: &BigUint) -> BigUint {
        let bytes = (m.bits() as usize).div_ceil(8);
        let mask = if m.bits().is_multiple_of(8) { 0xff } else { (1u8 << (m.bits() % 8)) - 1 };
        loop {
            let mut buf = vec![0u8; bytes];
            self.fill(&mut buf);
            buf[0] &= mask;
            let v = BigUint::from_bytes_be(&buf);
            if &v < m {
                return v;
            }
        }
    }

    pub fn fp(&mut self, p: &BigUint) -> Fp {
        let v = self.below(p);
        let mut bytes = [0u8; 48];
        let b = v.to_bytes_be();
        bytes[48 - b.len()..].copy_from_slice(&b);
        Fp::from_bytes(&bytes).unwrap()
    }

    pub fn fp2(&mut self, p: &BigUint) -> Fp2 {
        Fp2::new(self.fp(p), self.fp(p))
    }

    pub fn fp12(&mut self, p: &BigUint) -> Fp12 {
        let mut fp6 = || Fp6::new(self.fp2(p), self.fp2(p), self.fp2(p));
        Fp12::new(fp6(), fp6())
    }
}

/// A uniformly distributed scalar: 64 random bytes reduced modulo r.
pub fn scalar(rng: &mut Rng) -> Fr {
    let mut wide = [0u8; 64];
    rng.fill(&mut wide);
    Fr::from_be_bytes_wide(&wide)
}

pub use crate::vectors::json_hex as hex;

pub fn fp_to_blst(x: &Fp) -> blst::blst_fp {
    let mut out = blst::blst_fp::default();
    unsafe { blst::blst_fp_from_bendian(&mut out, x.to_bytes().as_ptr()) };
    out
}

pub fn fp_from_blst(x: &blst::blst_fp) -> Fp {
    let mut bytes = [0u8; 48];
    unsafe { blst::blst_bendian_from_fp(bytes.as_mut_ptr(), x) };
    Fp::from_bytes(&bytes).unwrap()
}

pub fn fp2_to_blst(x: &Fp2) -> blst::blst_fp2 {
    blst::blst_fp2 { fp: [fp_to_blst(&x.c0), fp_to_blst(&x.c1)] }
}

pub fn fp2_from_blst(x: &blst::blst_fp2) -> Fp2 {
    Fp2::new(fp_from_blst(&x.fp[0]), fp_from_blst(&x.fp[1]))
}

pub fn blst_fp12(x: &Fp12) -> blst::blst_fp12 {
    let fp6 = |y: &Fp6| blst::blst_fp6 { fp2: [fp2_to_blst(&y.c0), fp2_to_blst(&y.c1), fp2_to_blst(&y.c2)] };
    blst::blst_fp12 { fp6: [fp6(&x.c0), fp6(&x.c1)] }
}

pub fn fp12_from_blst(x: &blst::blst_fp12) -> Fp12 {
    let fp6 =
        |y: &blst::blst_fp6| Fp6::new(fp2_from_blst(&y.fp2[0]), fp2_from_blst(&y.fp2[1]), fp2_from_blst(&y.fp2[2]));
    Fp12::new(fp6(&x.fp6[0]), fp6(&x.fp6[1]))
}

/// A public vector file (a path inside the vectors directory) as JSON, or `None` when its family
/// is absent and vectors are not required (`icbls_testkit::vectors` printed the line; the
/// caller's test is skipped).
pub fn vector_json(relative: &str) -> Option<Value> {
    let text = crate::vectors::read_to_string(relative)?;
    Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{relative}: {e}")))
}
