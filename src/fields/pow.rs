//! Exponentiation by public exponents, shared by the fields.

use core::ops::Mul;

/// `base^exp`, the exponent as little-endian 64-bit words, by fixed 4-bit windows: 15
/// multiplications for the table, then four squarings and at most one multiplication per
/// nibble. Its running time depends on the exponent, which must be public.
pub(crate) fn pow_vartime<T: Copy + Mul<Output = T>>(
    base: T,
    one: T,
    square: impl Fn(&T) -> T,
    exp: &[u64],
) -> T {
    let mut table = [one; 16];
    for i in 1..16 {
        table[i] = table[i - 1] * base;
    }
    let mut acc = one;
    let mut started = false;
    for word in exp.iter().rev() {
        for nibble in (0..16).rev() {
            if started {
                acc = square(&square(&square(&square(&acc))));
            }
            let d = ((word >> (4 * nibble)) & 15) as usize;
            if d != 0 {
                acc = if started { acc * table[d] } else { table[d] };
                started = true;
            }
        }
    }
    acc
}
