//! G1: the order-r subgroup of `E(Fp): y² = x³ + 4`.

use super::jacobian::Jacobian;
use super::mul::{multi_mul_constant_time, multiples, odd_multiples, straus};
use super::point::{Affine, Point};
use super::scalar::{glv_split, glv_split_constant_time, wnaf, X_ODD};
use crate::{Fp, Fr};

group_types!(G1Affine, G1Projective, Fp, "G1", 48, 96, 128, GENERATOR);

#[cfg(any(test, feature = "vetkeys"))]
impl Affine<Fp> {
    /// The point with the hex (big-endian, canonical) of `x, y`, at compile time: for
    /// generated tables (`g1_generator_comb.rs`).
    pub(crate) const fn from_hex_fp(hex: [&str; 2]) -> Affine<Fp> {
        Affine { x: Fp::from_hex(hex[0]), y: Fp::from_hex(hex[1]), infinity: false }
    }
}

/// The standard generator (draft-irtf-cfrg-pairing-friendly-curves-11, section 4.2.1).
const GENERATOR: Affine<Fp> = Affine {
    x: Fp::from_hex("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"),
    y: Fp::from_hex("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"),
    infinity: false,
};

/// A primitive cube root of unity β in Fp for which φ(x, y) = (βx, y) acts on G1 as
/// multiplication by -z² (the subgroup test's eigenvalue). Checked by a test.
pub(crate) const BETA_MINUS_Z2: Fp =
    Fp::from_hex("5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe");
/// The other cube root, β², for which φ acts as multiplication by λ = z² - 1 (the GLV split).
pub(crate) const BETA_LAMBDA: Fp =
    Fp::from_hex("1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaac");

/// NAF width of the public scalar multiplication (chosen under the meter).
const WINDOW: u32 = 5;
const TABLE: usize = 1 << (WINDOW - 2);

impl G1Projective {
    /// φ(P) for an affine point, acting as multiplication by λ (the GLV split's endomorphism).
    pub(crate) fn phi_lambda(p: &Affine<Fp>) -> Affine<Fp> {
        Affine { x: p.x * BETA_LAMBDA, ..*p }
    }

    /// Whether the point is in the prime-order subgroup: `φ(P) = [-z²]P` (Scott, eprint
    /// 2021/1130, section 6; proof in eprint 2022/352), compared by x (see
    /// `torsion_free_x_odd_multiple`). Points not on the curve give false only by accident:
    /// check the curve first.
    pub fn is_torsion_free(&self) -> bool {
        self.torsion_free_x_odd_multiple().is_some()
    }

    /// `[x']P` (x' = |z|/2^16, [`X_ODD`]) when the point is in the prime-order subgroup, else
    /// `None`. The test of [`Self::is_torsion_free`]: `[z²]P = [2^32]([x']([x']P))` is two
    /// chains of 47 doublings and 5 additions, then 32 doublings of x alone
    /// (`Jacobian::x_after_doublings`), and `x([z²]P) = x(φ(P))` is checked, which says
    /// `[z²]P = ±φ(P)`. The sign `-` is Scott's test: its kernel `φ + z²` has norm
    /// `z⁴ - z² + 1 = r` in Z[ω], so it is G1 exactly. The sign `+`: `φ - z²` has norm
    /// `z⁴ + z² + 1`, whose gcd with #E(Fp) is 3, so on E(Fp) its kernel has order 3: O and
    /// (0, ±2), where φ is the identity and z² ≡ 1 (mod 3). Rejecting x = 0 leaves G1 (a point
    /// `G + T`, G in G1 and T of order 3, would need `2φ(G) = O` or `2T = O`).
    /// `tests::x_only_subgroup_check_rejects_order_3_points` checks (0, ±2) and the gcd.
    /// The chain's `[x']P` is returned: an MSM over checked points takes it as a base of its
    /// four-digit split ([`Self::msm_with_x_odd_multiples`]).
    pub(crate) fn torsion_free_x_odd_multiple(&self) -> Option<Jacobian<Fp>> {
        let p = Jacobian::from_point(&self.0);
        if self.0.is_identity() {
            return Some(p);
        }
        if self.0.x.is_zero() {
            return None;
        }
        let xp = p.mul_u64(X_ODD);
        let (x, v) = xp.mul_u64(X_ODD).x_after_doublings(32);
        // 2x/v = β·X_P/Z_P, with v ≠ 0 ([z²]P is not the identity while φ(P) is not).
        let (x_zp, beta_xp) = Fp::mul2(&x, &self.0.z, &BETA_MINUS_Z2, &self.0.x);
        (!v.is_zero() && x_zp + x_zp == beta_xp * v).then_some(xp)
    }

    /// `[x²]P = -φ(P)` and `[x²]Q = -φ(Q)` for two points of the subgroup (x = |z|, φ with
    /// eigenvalue `-z²`), their two products side by side.
    #[cfg(feature = "eth")]
    pub(crate) fn x_squared_multiples(p: &Affine<Fp>, q: &Affine<Fp>) -> (Affine<Fp>, Affine<Fp>) {
        let (px, qx) = Fp::mul2(&p.x, &BETA_MINUS_Z2, &q.x, &BETA_MINUS_Z2);
        (Affine { x: px, y: -p.y, infinity: p.infinity }, Affine { x: qx, y: -q.y, infinity: q.infinity })
    }

    /// `[k]·self` for a public scalar: GLV (Gallant, Lambert and Vanstone, CRYPTO 2001) with
    /// `k = k0 + k1·λ` and `φ(P) = [λ]P`, two 128-bit width-5 NAFs interleaved. Its running
    /// time depends on `k`; use [`Self::mul_constant_time`] for secrets.
    pub fn mul_vartime(&self, k: &Fr) -> G1Projective {
        let (k0, k1) = glv_split(&k.to_words());
        let table: [Point<Fp>; TABLE] = odd_multiples(&self.0);
        let table_phi = table.map(|p| Point { x: p.x * BETA_LAMBDA, ..p });
        G1Projective(straus(&[table, table_phi], &[wnaf(k0, WINDOW), wnaf(k1, WINDOW)]))
    }

    /// `[k]P` for a secret `k` (little-endian words, `k < r`): the GLV split of
    /// [`Self::mul_vartime`] done without branches, then two 128-bit digits in fixed 4-bit
    /// windows over `[i]P` and `[i]φ(P)` ([`multi_mul_constant_time`]): 124 doublings where a
    /// plain 256-bit window chain takes 252.
    pub(crate) fn mul_constant_time_split(p: &Point<Fp>, k: &[u64; 6]) -> Point<Fp> {
        let (k0, k1) = glv_split_constant_time(k);
        let t0 = multiples(p);
        let t1 = t0.map(|q| Point { x: q.x * BETA_LAMBDA, ..q });
        multi_mul_constant_time(&[t0, t1], &[k0, k1], 32)
    }
}

#[cfg(feature = "eth")]
impl crate::G1Affine {
    /// [`Self::from_eip2537`] that also returns `[x']P` (x' = |z|/2^16), which its subgroup
    /// check computes (for [`G1Projective::msm_with_x_odd_multiples`]): the same checks and
    /// the same errors.
    pub(crate) fn from_eip2537_with_x_odd_multiple(
        bytes: &[u8],
    ) -> Result<(crate::G1Affine, G1Projective), crate::DecodeError> {
        let p = Self::from_eip2537_unchecked(bytes)?;
        match G1Projective::from(p).torsion_free_x_odd_multiple() {
            Some(xp) => Ok((p, G1Projective(xp.to_point()))),
            None => Err(crate::DecodeError::NotInSubgroup { what: "G1 EIP-2537 point" }),
        }
    }
}
