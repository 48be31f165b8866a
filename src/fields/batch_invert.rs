//! Many inversions for the price of one: Montgomery's simultaneous inversion ("Speeding the
//! Pollard and elliptic curve methods of factorization", 1987), three products per value and
//! one inversion. In Fp the products run as two interleaved chains, joined before the
//! inversion, so that they pair in the kernel's two lanes (`Fp::mul2`). In Fp2 the values are
//! inverted through their norms, `1/a = conj(a)/N(a)` with `N(a) = a0² + a1²` in Fp: a norm
//! (two squares side by side), the trick in Fp (three paired products) and an Fp2-by-Fp
//! product (two paired products) per value, where the trick in Fp2 takes three Fp2 products.

use crate::{Fp, Fp2};
use alloc::vec::Vec;

impl Fp {
    /// Replaces every value by its inverse with one inversion, or returns false (the values
    /// then undefined) if one of them is zero. Variable time: for public values.
    pub(crate) fn batch_invert_nonzero_vartime(values: &mut [Fp]) -> bool {
        let m = values.len();
        if m == 0 {
            return true;
        }
        // prefix[i]: the product of the values before i in i's chain (i % 2).
        let mut prefix = Vec::with_capacity(m);
        let mut acc = [Fp::ONE, Fp::ONE];
        let mut i = 0;
        while i + 1 < m {
            prefix.push(acc[0]);
            prefix.push(acc[1]);
            let products = Fp::mul2(&acc[0], &values[i], &acc[1], &values[i + 1]);
            acc = [products.0, products.1];
            i += 2;
        }
        if i < m {
            prefix.push(acc[0]);
            acc[0] *= values[i];
        }
        let Some(inv) = (acc[0] * acc[1]).invert_vartime() else {
            return false;
        };
        // The inverse of each chain's product.
        let (inv0, inv1) = Fp::mul2(&inv, &acc[1], &inv, &acc[0]);
        let mut inv = [inv0, inv1];
        for i in (0..m).rev() {
            let chain = &mut inv[i % 2];
            let products = Fp::mul2(&prefix[i], chain, chain, &values[i]);
            values[i] = products.0;
            *chain = products.1;
        }
        true
    }
}

impl Fp2 {
    /// Replaces every value by its inverse with one inversion in Fp, or returns false (the
    /// values then undefined) if one of them is zero. Variable time: for public values.
    pub(crate) fn batch_invert_nonzero_vartime(values: &mut [Fp2]) -> bool {
        let mut norms: Vec<Fp> = values.iter().map(Fp2::norm).collect();
        // -1 is not a square mod p, so only zero has norm zero.
        if !Fp::batch_invert_nonzero_vartime(&mut norms) {
            return false;
        }
        for (v, n) in values.iter_mut().zip(&norms) {
            let (c0, c1) = Fp::mul2(&v.c0, n, &v.c1, n);
            *v = Fp2 { c0, c1: -c1 };
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::{Fp, Fp2};
    use alloc::vec::Vec;

    /// Values spread over the field: the orbit of `x ↦ x² + 7` from a small seed.
    fn spread(n: usize, seed: u64) -> Vec<Fp> {
        let mut x = Fp::from_u64(seed);
        (0..n)
            .map(|_| {
                x = x.square() + Fp::from_u64(7);
                x
            })
            .collect()
    }

    #[test]
    fn fp_batch_inverses_are_the_inverses() {
        // Lengths around the two chains' join: empty, one, odd and even.
        for n in [0usize, 1, 2, 3, 4, 5, 33] {
            let values = spread(n, 3 + n as u64);
            let mut inverses = values.clone();
            assert!(Fp::batch_invert_nonzero_vartime(&mut inverses));
            for (v, inv) in values.iter().zip(&inverses) {
                assert_eq!(*inv, v.invert_vartime().unwrap(), "n = {n}");
            }
        }
        // One (the value the batch-affine additions carry through) and -1.
        let mut edge = [Fp::ONE, -Fp::ONE, Fp::ONE];
        assert!(Fp::batch_invert_nonzero_vartime(&mut edge));
        assert_eq!(edge, [Fp::ONE, -Fp::ONE, Fp::ONE]);
    }

    #[test]
    fn fp2_batch_inverses_are_the_inverses() {
        for n in [0usize, 1, 2, 3, 8] {
            let c0 = spread(n, 11);
            let c1 = spread(n, 12);
            let mut values: Vec<Fp2> = c0.iter().zip(&c1).map(|(a, b)| Fp2::new(*a, *b)).collect();
            // Elements of Fp and of Fp·u alone, whose norms are squares of one coordinate.
            if n == 8 {
                values[2] = Fp2::new(c0[2], Fp::ZERO);
                values[5] = Fp2::new(Fp::ZERO, c1[5]);
            }
            let mut inverses = values.clone();
            assert!(Fp2::batch_invert_nonzero_vartime(&mut inverses));
            for (v, inv) in values.iter().zip(&inverses) {
                assert_eq!(*inv, v.invert_vartime().unwrap(), "n = {n}");
                assert_eq!(*v * *inv, Fp2::ONE);
            }
            assert_eq!(Fp2::batch_invert_vartime(&values), Some(inverses));
        }
    }

    #[test]
    fn a_zero_anywhere_is_reported() {
        for n in [1usize, 2, 5] {
            for at in 0..n {
                let mut values = spread(n, 5);
                values[at] = Fp::ZERO;
                assert!(!Fp::batch_invert_nonzero_vartime(&mut values), "Fp, n = {n}, zero at {at}");
                let mut values: Vec<Fp2> = spread(n, 6).into_iter().map(|a| Fp2::new(a, a)).collect();
                values[at] = Fp2::ZERO;
                assert!(Fp2::batch_invert_vartime(&values).is_none(), "Fp2, n = {n}, zero at {at}");
            }
        }
    }
}
