//! The seven BLS12-381 precompiles of the Final EIP-2537, with their exact input rules and gas.
//!
//! | address | precompile | input | output | gas |
//! |---|---|---|---|---|
//! | 0x0b | G1ADD | 256 bytes: two G1 points | a G1 point | 375 |
//! | 0x0c | G1MSM | k·160 bytes: (G1 point, scalar) pairs, k ≥ 1 | a G1 point | `k·12000·discount(k)/1000` |
//! | 0x0d | G2ADD | 512 bytes: two G2 points | a G2 point | 600 |
//! | 0x0e | G2MSM | k·288 bytes: (G2 point, scalar) pairs, k ≥ 1 | a G2 point | `k·22500·discount(k)/1000` |
//! | 0x0f | PAIRING_CHECK | k·384 bytes: (G1, G2) pairs, k ≥ 1 | 32 bytes: 1 if `Π e = 1`, else 0 | `32600·k + 37700` |
//! | 0x10 | MAP_FP_TO_G1 | 64 bytes: an Fp element | a G1 point | 5500 |
//! | 0x11 | MAP_FP2_TO_G2 | 128 bytes: an Fp2 element | a G2 point | 23800 |
//!
//! Encodings: a field element is 64 big-endian bytes whose 16 leading bytes are zero, with a
//! value below p; Fp2 is `c0 || c1`; a point is `x || y` (128 bytes in G1, 256 in G2), and the
//! all-zero encoding is the point at infinity. Every point must be on its curve; MSM and
//! pairing inputs must also be in the prime-order subgroup (the additions do not check it).
//! Scalars are 32-byte big-endian integers and may be `>= r` (they multiply a point of order
//! r, so reducing them after the subgroup check gives the same product).
//!
//! ```
//! use icbls::eip2537::{run, gas, Precompile};
//! use icbls::G1Affine;
//!
//! let g = G1Affine::generator().to_eip2537();
//! let input = [g, g].concat();
//! let (output, used) = run(0x0b, &input).unwrap();
//! assert_eq!(used, 375);
//! assert_eq!(gas(0x0b, &input), Ok(375));
//! let two_g = (icbls::G1Projective::generator().double()).to_affine_vartime();
//! assert_eq!(output, two_g.to_eip2537().to_vec());
//! assert!(run(0x0b, &input[1..]).is_err()); // 255 bytes
//! assert_eq!(Precompile::from_address(0x0f), Some(Precompile::PairingCheck));
//! ```

mod error;
pub mod gas;

pub use error::PrecompileError;

use crate::hash_to_curve;
use crate::pairing::{pairing_check_prepared, G2Prepared};
use crate::{DecodeError, Fp, Fp2, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use alloc::vec::Vec;

/// One of the seven EIP-2537 precompiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Precompile {
    /// 0x0b: the sum of two G1 points.
    G1Add,
    /// 0x0c: a G1 multi-scalar multiplication.
    G1Msm,
    /// 0x0d: the sum of two G2 points.
    G2Add,
    /// 0x0e: a G2 multi-scalar multiplication.
    G2Msm,
    /// 0x0f: whether a product of pairings is one.
    PairingCheck,
    /// 0x10: the SSWU map of an Fp element to G1, with cofactor clearing.
    MapFpToG1,
    /// 0x11: the SSWU map of an Fp2 element to G2, with cofactor clearing.
    MapFp2ToG2,
}

impl Precompile {
    /// Every precompile, by address.
    pub const ALL: [Precompile; 7] = [
        Precompile::G1Add,
        Precompile::G1Msm,
        Precompile::G2Add,
        Precompile::G2Msm,
        Precompile::PairingCheck,
        Precompile::MapFpToG1,
        Precompile::MapFp2ToG2,
    ];

    /// The precompile at an address (its last byte: 0x0b to 0x11).
    pub fn from_address(address: u8) -> Option<Precompile> {
        Precompile::ALL.get(usize::from(address).checked_sub(0x0b)?).copied()
    }

    /// The address's last byte.
    pub fn address(self) -> u8 {
        0x0b + self as u8
    }

    /// The EIP's name, e.g. `"BLS12_G1ADD"`.
    pub fn name(self) -> &'static str {
        match self {
            Precompile::G1Add => "BLS12_G1ADD",
            Precompile::G1Msm => "BLS12_G1MSM",
            Precompile::G2Add => "BLS12_G2ADD",
            Precompile::G2Msm => "BLS12_G2MSM",
            Precompile::PairingCheck => "BLS12_PAIRING_CHECK",
            Precompile::MapFpToG1 => "BLS12_MAP_FP_TO_G1",
            Precompile::MapFp2ToG2 => "BLS12_MAP_FP2_TO_G2",
        }
    }

    /// The gas a call with this input costs, known before running it. Inputs of a wrong length
    /// fail anyway; their gas is what the formula gives for `len / pair size` pairs.
    pub fn gas(self, input: &[u8]) -> u64 {
        match self {
            Precompile::G1Add => gas::G1ADD_GAS,
            Precompile::G2Add => gas::G2ADD_GAS,
            Precompile::G1Msm => gas::msm_gas(input.len() / G1_PAIR, gas::G1MUL_GAS, &gas::G1MSM_DISCOUNT),
            Precompile::G2Msm => gas::msm_gas(input.len() / G2_PAIR, gas::G2MUL_GAS, &gas::G2MSM_DISCOUNT),
            Precompile::PairingCheck => gas::pairing_gas(input.len() / PAIRING_PAIR),
            Precompile::MapFpToG1 => gas::MAP_FP_TO_G1_GAS,
            Precompile::MapFp2ToG2 => gas::MAP_FP2_TO_G2_GAS,
        }
    }

    /// Runs the precompile: its output, or the rule the input broke.
    pub fn run(self, input: &[u8]) -> Result<Vec<u8>, PrecompileError> {
        Ok(match self {
            Precompile::G1Add => g1_add(input)?.to_vec(),
            Precompile::G1Msm => g1_msm(input)?.to_vec(),
            Precompile::G2Add => g2_add(input)?.to_vec(),
            Precompile::G2Msm => g2_msm(input)?.to_vec(),
            Precompile::PairingCheck => pairing_check(input)?.to_vec(),
            Precompile::MapFpToG1 => map_fp_to_g1(input)?.to_vec(),
            Precompile::MapFp2ToG2 => map_fp2_to_g2(input)?.to_vec(),
        })
    }
}

const G1_POINT: usize = 128;
const G2_POINT: usize = 256;
const SCALAR: usize = 32;
const G1_PAIR: usize = G1_POINT + SCALAR;
const G2_PAIR: usize = G2_POINT + SCALAR;
const PAIRING_PAIR: usize = G1_POINT + G2_POINT;

/// Runs the precompile at `address` (0x0b to 0x11): its output and the gas it costs.
pub fn run(address: u8, input: &[u8]) -> Result<(Vec<u8>, u64), PrecompileError> {
    let precompile = Precompile::from_address(address).ok_or(PrecompileError::UnknownAddress { address })?;
    Ok((precompile.run(input)?, precompile.gas(input)))
}

/// Runs the precompile at `address` within `gas_limit`, as an EVM calls it (revm's precompile
/// signature `fn(input, gas_limit)`): its output and the gas it costs, or
/// [`PrecompileError::OutOfGas`] when the call costs more than the limit. The gas is checked
/// before any point is decoded, so a call over its limit costs no curve work.
///
/// ```
/// use icbls::eip2537::{run_with_gas_limit, PrecompileError, Precompile};
///
/// let g = icbls::G1Affine::generator().to_eip2537();
/// let input = [g, g].concat();
/// assert_eq!(run_with_gas_limit(0x0b, &input, 375).map(|(_, used)| used), Ok(375));
/// assert_eq!(
///     run_with_gas_limit(0x0b, &input, 374),
///     Err(PrecompileError::OutOfGas { precompile: Precompile::G1Add, required: 375, limit: 374 })
/// );
/// ```
pub fn run_with_gas_limit(address: u8, input: &[u8], gas_limit: u64) -> Result<(Vec<u8>, u64), PrecompileError> {
    let precompile = Precompile::from_address(address).ok_or(PrecompileError::UnknownAddress { address })?;
    let required = precompile.gas(input);
    if required > gas_limit {
        return Err(PrecompileError::OutOfGas { precompile, required, limit: gas_limit });
    }
    Ok((precompile.run(input)?, required))
}

/// The gas a call to `address` with `input` costs, before running it.
pub fn gas(address: u8, input: &[u8]) -> Result<u64, PrecompileError> {
    let precompile = Precompile::from_address(address).ok_or(PrecompileError::UnknownAddress { address })?;
    Ok(precompile.gas(input))
}

fn check_length(
    precompile: Precompile,
    input: &[u8],
    len: usize,
    expected: &'static str,
) -> Result<(), PrecompileError> {
    if input.len() == len {
        Ok(())
    } else {
        Err(PrecompileError::InvalidLength { precompile, expected, actual: input.len() })
    }
}

/// The number of `pair`-byte items in `input`, which must be a nonzero multiple of `pair`.
fn count_pairs(
    precompile: Precompile,
    input: &[u8],
    pair: usize,
    expected: &'static str,
) -> Result<usize, PrecompileError> {
    if input.is_empty() || !input.len().is_multiple_of(pair) {
        Err(PrecompileError::InvalidLength { precompile, expected, actual: input.len() })
    } else {
        Ok(input.len() / pair)
    }
}

fn at(precompile: Precompile, index: usize) -> impl Fn(DecodeError) -> PrecompileError {
    move |error| PrecompileError::InvalidEncoding { precompile, index, error }
}

/// A scalar as the EIP reads it: 32 big-endian bytes, any value (reduced here, which the
/// subgroup check makes exact), as canonical words for the MSMs.
fn scalar_words(bytes: &[u8]) -> [u64; 6] {
    let mut array = [0u8; 32];
    array.copy_from_slice(bytes);
    Fr::reduce_be_bytes(&array)
}

/// [`scalar_words`] as a field element, for a lone scalar multiplication.
fn scalar(bytes: &[u8]) -> Fr {
    let mut array = [0u8; 32];
    array.copy_from_slice(bytes);
    Fr::from_be_bytes_reduced(&array)
}

/// G1ADD (0x0b): `P + Q` for two G1 points on the curve (not checked for the subgroup).
pub fn g1_add(input: &[u8]) -> Result<[u8; 128], PrecompileError> {
    let op = Precompile::G1Add;
    check_length(op, input, 2 * G1_POINT, "256 bytes")?;
    let p = G1Affine::from_eip2537_unchecked(&input[..G1_POINT]).map_err(at(op, 0))?;
    let q = G1Affine::from_eip2537_unchecked(&input[G1_POINT..]).map_err(at(op, 1))?;
    Ok(G1Affine(p.0.add_vartime(&q.0)).to_eip2537())
}

/// G2ADD (0x0d): `P + Q` for two G2 points on the curve (not checked for the subgroup).
pub fn g2_add(input: &[u8]) -> Result<[u8; 256], PrecompileError> {
    let op = Precompile::G2Add;
    check_length(op, input, 2 * G2_POINT, "512 bytes")?;
    let p = G2Affine::from_eip2537_unchecked(&input[..G2_POINT]).map_err(at(op, 0))?;
    let q = G2Affine::from_eip2537_unchecked(&input[G2_POINT..]).map_err(at(op, 1))?;
    Ok(G2Affine(p.0.add_vartime(&q.0)).to_eip2537())
}

/// G1MSM (0x0c): `Σ [s_i] P_i` for k ≥ 1 pairs of a G1 point (on the curve, in the subgroup)
/// and a 32-byte scalar.
pub fn g1_msm(input: &[u8]) -> Result<[u8; 128], PrecompileError> {
    let op = Precompile::G1Msm;
    let k = count_pairs(op, input, G1_PAIR, "a nonzero multiple of 160 bytes")?;
    let mut points = Vec::with_capacity(k);
    let mut x_multiples = Vec::with_capacity(k);
    let mut scalars = Vec::with_capacity(k);
    for (i, pair) in input.chunks_exact(G1_PAIR).enumerate() {
        // The subgroup check's `[x']P` is kept: the MSM's split uses it.
        let (p, xp) = G1Affine::from_eip2537_with_x_odd_multiple(&pair[..G1_POINT]).map_err(at(op, i))?;
        points.push(p);
        x_multiples.push(xp);
        scalars.push(scalar_words(&pair[G1_POINT..]));
    }
    let sum = match k {
        1 => G1Projective::from(points[0]).mul_vartime(&scalar(&input[G1_POINT..G1_PAIR])),
        _ => G1Projective::msm_with_x_odd_multiples(&points, &x_multiples, &scalars),
    };
    Ok(sum.to_affine_vartime().to_eip2537())
}

/// G2MSM (0x0e): `Σ [s_i] P_i` for k ≥ 1 pairs of a G2 point (on the curve, in the subgroup)
/// and a 32-byte scalar.
pub fn g2_msm(input: &[u8]) -> Result<[u8; 256], PrecompileError> {
    let op = Precompile::G2Msm;
    let k = count_pairs(op, input, G2_PAIR, "a nonzero multiple of 288 bytes")?;
    let mut points = Vec::with_capacity(k);
    let mut scalars = Vec::with_capacity(k);
    for (i, pair) in input.chunks_exact(G2_PAIR).enumerate() {
        points.push(G2Affine::from_eip2537(&pair[..G2_POINT]).map_err(at(op, i))?);
        scalars.push(scalar_words(&pair[G2_POINT..]));
    }
    let sum = match k {
        1 => G2Projective::from(points[0]).mul_vartime(&scalar(&input[G2_POINT..G2_PAIR])),
        _ => G2Projective::msm_canonical(&points, &scalars),
    };
    Ok(sum.to_affine_vartime().to_eip2537())
}

/// PAIRING_CHECK (0x0f): 32 bytes, the last one 1 if `Π e(P_i, Q_i) = 1` and 0 otherwise, for
/// k ≥ 1 pairs of points on their curves and in their subgroups.
pub fn pairing_check(input: &[u8]) -> Result<[u8; 32], PrecompileError> {
    let op = Precompile::PairingCheck;
    let k = count_pairs(op, input, PAIRING_PAIR, "a nonzero multiple of 384 bytes")?;
    let mut g1 = Vec::with_capacity(k);
    let mut g2 = Vec::with_capacity(k);
    for (i, pair) in input.chunks_exact(PAIRING_PAIR).enumerate() {
        g1.push(G1Affine::from_eip2537(&pair[..G1_POINT]).map_err(at(op, i))?);
        // The subgroup check read off the point's lines (`G2Prepared::new_checked`): the same
        // checks and errors as `G2Affine::from_eip2537`, 63 doublings fewer.
        let q = G2Affine::from_eip2537_unchecked(&pair[G1_POINT..]).map_err(at(op, i))?;
        g2.push(G2Prepared::new_checked(&q, "G2 EIP-2537 point").map_err(at(op, i))?);
    }
    let pairs: Vec<(&G1Affine, &G2Prepared)> = g1.iter().zip(&g2).collect();
    let mut out = [0u8; 32];
    out[31] = pairing_check_prepared(&pairs) as u8;
    Ok(out)
}

/// MAP_FP_TO_G1 (0x10): the SSWU map of a 64-byte Fp element, cofactor cleared.
pub fn map_fp_to_g1(input: &[u8]) -> Result<[u8; 128], PrecompileError> {
    let op = Precompile::MapFpToG1;
    check_length(op, input, 64, "64 bytes")?;
    let u = Fp::from_eip2537(input).map_err(at(op, 0))?;
    Ok(hash_to_curve::map_fp_to_g1(&u).to_affine_vartime().to_eip2537())
}

/// MAP_FP2_TO_G2 (0x11): the SSWU map of a 128-byte Fp2 element, cofactor cleared.
pub fn map_fp2_to_g2(input: &[u8]) -> Result<[u8; 256], PrecompileError> {
    let op = Precompile::MapFp2ToG2;
    check_length(op, input, 128, "128 bytes")?;
    let u = Fp2::from_eip2537(input).map_err(at(op, 0))?;
    Ok(hash_to_curve::map_fp2_to_g2(&u).to_affine_vartime().to_eip2537())
}
