//! A self-check of the paired kernel operations, runnable inside a canister: the SIMD kernel
//! exists only in `wasm32` builds with `simd128`, so its tests run it there, under the meter.

use crate::{Fp, Fp2};

/// `x·y` in Fp2 from four single Fp multiplications, independent of the paired kernels.
fn fp2_product(x: &Fp2, y: &Fp2) -> Fp2 {
    Fp2::new(x.c0 * y.c0 - x.c1 * y.c1, x.c0 * y.c1 + x.c1 * y.c0)
}

/// Compares [`Fp::mul2`], [`Fp::mul_quadratic`] and unreduced Fp2 products (the largest sum
/// that Fp6 multiplication forms) with single multiplications on `cases`
/// pseudo-random inputs from `seed` (edge values first: 0, 1, -1, and partially reduced sums
/// near 2p). Returns the number of cases checked, or the first disagreement.
#[doc(hidden)]
pub fn kernel_selftest(seed: u64, cases: u32) -> Result<u32, &'static str> {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut random = || {
        let mut bytes = [0u8; 48];
        for chunk in bytes.chunks_mut(8) {
            chunk.copy_from_slice(&next().to_be_bytes());
        }
        bytes[0] &= 0x0f; // below 2^380 < p
        Fp::from_bytes(&bytes).unwrap_or(Fp::ZERO)
    };
    let minus_one = -Fp::ONE;
    let edges = [Fp::ZERO, Fp::ONE, minus_one, minus_one + minus_one, minus_one.double()];
    let n = edges.len();
    for i in 0..cases as usize {
        // The first cases pair edge values with each other; the rest are random sums.
        let (a, b, c, d) = if i < n * n {
            (edges[i % n], edges[i / n], edges[(i + 1) % n], edges[(i / n + 2) % n])
        } else {
            (random() + random(), random() + random(), random() + random(), random() + random())
        };
        if Fp::mul2(&a, &b, &c, &d) != (a * b, c * d) {
            return Err("mul2 disagrees with two multiplications");
        }
        let expected = (a * c - b * d, a * d + b * c);
        if Fp::mul_quadratic(&a, &b, &c, &d) != expected {
            return Err("mul_quadratic disagrees with four multiplications");
        }
        let (x, y) = Fp::mul_quadratic(&a, &b, &c, &d);
        // Outputs must be valid inputs again (their bounds kept).
        if Fp::mul_quadratic(&x, &y, &a, &b) != (x * a - y * b, x * b + y * a) {
            return Err("mul_quadratic output is not a valid input");
        }
        // The largest unreduced sum Fp6 multiplication forms: ((s - t - u)·ξ + v), with s a
        // product of sums.
        let (x, y, z) = (Fp2::new(a, b), Fp2::new(c, d), Fp2::new(b, c));
        let (s0, s1) = (x + y, y + z);
        let wide = ((s0.mul_wide(&s1) - x.mul_wide(&y) - y.mul_wide(&z)).mul_by_nonresidue()
            + z.mul_wide(&x))
        .reduce();
        let plain = (fp2_product(&s0, &s1) - fp2_product(&x, &y) - fp2_product(&y, &z))
            .mul_by_nonresidue()
            + fp2_product(&z, &x);
        if wide != plain {
            return Err("unreduced Fp2 products disagree with four multiplications each");
        }
    }
    Ok(cases)
}
