//! A self-check of the paired kernel operations, runnable inside a canister: the SIMD kernel
//! exists only in `wasm32` builds, so its tests run it there, under the meter.

use crate::{Fp, Fp12, Fp2, Fp6};

/// `x·y` in Fp2 from four single Fp multiplications, independent of the paired kernels.
fn fp2_product(x: &Fp2, y: &Fp2) -> Fp2 {
    Fp2::new(x.c0 * y.c0 - x.c1 * y.c1, x.c0 * y.c1 + x.c1 * y.c0)
}

/// `f·g` in Fp12 by schoolbook over the basis `1, w, …, w⁵` (w⁶ = ξ) with single Fp2 products.
fn fp12_product(f: &Fp12, g: &Fp12) -> Fp12 {
    // Coefficient of w^i: c0 holds w^0, w^2, w^4 (v = w²), c1 holds w^1, w^3, w^5.
    let coeffs = |h: &Fp12| [h.c0.c0, h.c1.c0, h.c0.c1, h.c1.c1, h.c0.c2, h.c1.c2];
    let (a, b) = (coeffs(f), coeffs(g));
    let mut out = [Fp2::ZERO; 6];
    for i in 0..6 {
        for j in 0..6 {
            let p = fp2_product(&a[i], &b[j]);
            if i + j < 6 {
                out[i + j] = out[i + j] + p;
            } else {
                out[i + j - 6] = out[i + j - 6] + p.mul_by_nonresidue();
            }
        }
    }
    Fp12::new(Fp6::new(out[0], out[2], out[4]), Fp6::new(out[1], out[3], out[5]))
}

/// splitmix64: advances `state` and returns the next pseudo-random word. The seeded generator
/// of [`kernel_selftest`] and of the tests, so that a failure reproduces from its seed. Not a
/// generator for secrets.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Compares single products with the kernel's reference loops, then [`Fp::mul2`],
/// [`Fp::mul_quadratic`] and unreduced Fp2 products (the largest sum
/// that Fp6 multiplication forms) with single multiplications on `cases`
/// pseudo-random inputs from `seed` (edge values first: 0, 1, -1, and partially reduced sums
/// near 2p). Returns the number of cases checked, or the first disagreement.
pub fn kernel_selftest(seed: u64, cases: u32) -> Result<u32, &'static str> {
    let mut state = seed;
    let mut next = || splitmix64(&mut state);
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
        // The single product (its own two-lane kernel on the IC) against the reference loops.
        if a * b != Fp::mul_reference(&a, &b) || c * d != Fp::mul_reference(&c, &d) {
            return Err("multiplication disagrees with the reference loops");
        }
        if Fp::mul2(&a, &b, &c, &d) != (a * b, c * d) {
            return Err("mul2 disagrees with two multiplications");
        }
        if Fp::square2(&a, &c) != (a * a, c * c) {
            return Err("square2 disagrees with two multiplications");
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
        let wide = ((s0.mul_wide(&s1) - x.mul_wide(&y) - y.mul_wide(&z)).mul_by_nonresidue() + z.mul_wide(&x)).reduce();
        let plain = (fp2_product(&s0, &s1) - fp2_product(&x, &y) - fp2_product(&y, &z)).mul_by_nonresidue()
            + fp2_product(&z, &x);
        if wide != plain {
            return Err("unreduced Fp2 products disagree with four multiplications each");
        }
        // The unreduced square in one pass, scaled and combined with a product as the Jacobian
        // doubling's Y3 = 3a·b - 8c² does (its largest sum).
        let three_x = Fp2::new(Fp::lincomb_unreduced([(&a, 3)]), Fp::lincomb_unreduced([(&b, 3)]));
        let y3 = (three_x.mul_wide(&y) - z.square_wide().times_power_of_two(3)).reduce();
        let eight = Fp2::new(Fp::from_u64(8), Fp::ZERO);
        if z.square_wide().reduce() != fp2_product(&z, &z)
            || y3 != fp2_product(&(x + x + x), &y) - fp2_product(&eight, &fp2_product(&z, &z))
        {
            return Err("unreduced Fp2 square disagrees with four multiplications");
        }
        // Products of unreduced sums (below 8p), as the compressed squaring forms them.
        let lazy = |x: &Fp, y: &Fp, z: &Fp| Fp::lincomb_unreduced([(x, 1), (y, 1), (z, -1)]);
        let (l0, l1, l2, l3) = (lazy(&a, &b, &c), lazy(&b, &c, &d), lazy(&c, &d, &a), lazy(&d, &a, &b));
        let reduced = |x: &Fp, y: &Fp, z: &Fp| *x + *y - *z;
        let (r0, r1, r2, r3) = (reduced(&a, &b, &c), reduced(&b, &c, &d), reduced(&c, &d, &a), reduced(&d, &a, &b));
        if Fp2::new(l0, l1) * Fp2::new(l2, l3) != fp2_product(&Fp2::new(r0, r1), &Fp2::new(r2, r3)) {
            return Err("Fp2 product of unreduced sums disagrees");
        }
        if Fp::mul2(&l0, &l1, &l2, &l3) != (r0 * r1, r2 * r3) {
            return Err("paired product of unreduced sums disagrees");
        }
        if Fp::square2(&l0, &l3) != (r0 * r0, r3 * r3) {
            return Err("paired square of unreduced sums disagrees");
        }
        // Fp12 products, summed unreduced, against schoolbook over single Fp2 products (every
        // 16th case: the schoolbook reference is expensive).
        if i % 16 != 0 && i >= n * n {
            continue;
        }
        let f = Fp12::new(Fp6::new(x, y, z), Fp6::new(s0, s1, x + z));
        let g = Fp12::new(Fp6::new(s1, z, y), Fp6::new(x, s0 + s1, y + z));
        if f * g != fp12_product(&f, &g) {
            return Err("Fp12 multiplication disagrees with schoolbook");
        }
        if f.square() != fp12_product(&f, &f) {
            return Err("Fp12 squaring disagrees with schoolbook");
        }
        let line = Fp12::new(Fp6::new(s0, y, Fp2::ZERO), Fp6::new(Fp2::ZERO, z, Fp2::ZERO));
        if f.mul_by_014(&s0, &y, &z) != fp12_product(&f, &line) {
            return Err("sparse Fp12 multiplication disagrees with schoolbook");
        }
        let line = Fp12::new(Fp6::new(Fp2::ONE, y, Fp2::ZERO), Fp6::new(Fp2::ZERO, z, Fp2::ZERO));
        if f.mul_by_14(&y, &z) != fp12_product(&f, &line) {
            return Err("sparse Fp12 multiplication by a normalized line disagrees with schoolbook");
        }
    }
    Ok(cases)
}
