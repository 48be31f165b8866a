//! G2: the order-r subgroup of the sextic twist `E'(Fp2): y² = x³ + 4(1 + u)`.

use super::jacobian::{mul_u64, Jacobian};
use super::mul::{multi_mul_constant_time, multiples, odd_multiples, straus};
use super::point::{Affine, Point};
use super::scalar::{gls_split, gls_split_constant_time, wnaf, X};
use crate::{Fp, Fp2, Fr};

group_types!(G2Affine, G2Projective, Fp2, "G2", 96, 192, 256, GENERATOR);

#[cfg(any(test, feature = "vetkeys"))]
impl Affine<Fp2> {
    /// The point with the hex (big-endian, canonical) of `x.c0, x.c1, y.c0, y.c1`, at compile
    /// time: for generated tables (`g2_generator_comb.rs`).
    pub(crate) const fn from_hex(hex: [&str; 4]) -> Affine<Fp2> {
        Affine {
            x: Fp2::new(Fp::from_hex(hex[0]), Fp::from_hex(hex[1])),
            y: Fp2::new(Fp::from_hex(hex[2]), Fp::from_hex(hex[3])),
            infinity: false,
        }
    }
}

/// The standard generator (draft-irtf-cfrg-pairing-friendly-curves-11, section 4.2.1).
const GENERATOR: Affine<Fp2> = Affine {
    x: Fp2::new(
        Fp::from_hex(
            "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
        ),
        Fp::from_hex(
            "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e",
        ),
    ),
    y: Fp2::new(
        Fp::from_hex(
            "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801",
        ),
        Fp::from_hex(
            "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be",
        ),
    ),
    infinity: false,
};

/// ψ = untwist ∘ Frobenius ∘ twist (Galbraith and Scott, "Exponentiation in pairing-friendly
/// groups using homomorphisms", 2008): ψ(x, y) = (x̄·PSI_X, ȳ·PSI_Y) with
/// PSI_X = 1/(1 + u)^((p-1)/3) and PSI_Y = 1/(1 + u)^((p-1)/2). On G2, ψ multiplies by z.
/// Both are checked by a test against the exponentiations.
pub(crate) const PSI_X: Fp2 = Fp2::new(
    Fp::ZERO,
    Fp::from_hex("1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaad"),
);
pub(crate) const PSI_Y: Fp2 = Fp2::new(
    Fp::from_hex("135203e60180a68ee2e9c448d77a2cd91c3dedd930b1cf60ef396489f61eb45e304466cf3e67fa0af1ee7b04121bdea2"),
    Fp::from_hex("06af0e0437ff400b6831e36d6bd17ffe48395dabc2d3435e77f76e17009241c5ee67992f72ec05f4c81084fbede3cc09"),
);
/// ψ²(x, y) = (ω·x, -y), with ω the cube root of unity 1/(1 + u)^((p²-1)/3) (in Fp).
pub(crate) const PSI2_X: Fp = super::g1::BETA_LAMBDA;

/// NAF width of the public scalar multiplication (chosen under the meter).
const WINDOW: u32 = 5;
const TABLE: usize = 1 << (WINDOW - 2);

fn psi(p: &Point<Fp2>) -> Point<Fp2> {
    Point { x: p.x.conjugate() * PSI_X, y: p.y.conjugate() * PSI_Y, z: p.z.conjugate() }
}

fn psi2(p: &Point<Fp2>) -> Point<Fp2> {
    Point { x: p.x.mul_by_fp(&PSI2_X), y: -p.y, z: p.z }
}

impl G2Projective {
    /// ψ(P), the endomorphism that acts on G2 as multiplication by z.
    pub(crate) fn psi(&self) -> G2Projective {
        G2Projective(psi(&self.0))
    }

    /// ψ²(P), multiplication by z² on G2 (for cofactor clearing).
    pub(crate) fn psi2(&self) -> G2Projective {
        G2Projective(psi2(&self.0))
    }

    /// `[P, -ψ(P), ψ²(P), -ψ³(P)]` for an affine point: `[x^i]P` for x = |z| (GLS split).
    pub(crate) fn minus_psi_powers(p: &Affine<Fp2>) -> [Affine<Fp2>; 4] {
        let minus_psi = |q: &Affine<Fp2>| Affine {
            x: q.x.conjugate() * PSI_X,
            y: -(q.y.conjugate() * PSI_Y),
            infinity: q.infinity,
        };
        // ψ² is (x, y) ↦ (c·x, -y) with c in Fp: one Fp2-by-Fp product where ψ takes two Fp2
        // products. (-ψ)² = ψ², and -ψ³ = ψ²∘(-ψ).
        let psi2 = |q: &Affine<Fp2>| Affine { x: q.x.mul_by_fp(&PSI2_X), y: -q.y, infinity: q.infinity };
        let p1 = minus_psi(p);
        [*p, p1, psi2(p), psi2(&p1)]
    }

    /// `[|z|]·self`, with z the curve parameter.
    pub(crate) fn mul_by_x_abs(&self) -> G2Projective {
        G2Projective(mul_u64(&self.0, X))
    }

    /// Whether the point is in the prime-order subgroup: `ψ(P) = [z]P` (Scott, eprint
    /// 2021/1130, section 4). Check the curve equation first.
    pub fn is_torsion_free(&self) -> bool {
        // z = -|z|
        Jacobian::from_point(&self.0).mul_u64(X).equals(&psi(&self.0).neg())
    }

    /// `[k]·self` for a public scalar: GLS (Galbraith, Lin and Scott, EUROCRYPT 2009) with
    /// `k = d0 + d1·x + d2·x² + d3·x³` (x = |z|) and `[x^i]P = (-ψ)^i(P)`: four 64-bit
    /// width-5 NAFs interleaved, one table of odd multiples mapped by ψ. Its running time
    /// depends on `k`; use [`Self::mul_constant_time`] for secrets.
    pub fn mul_vartime(&self, k: &Fr) -> G2Projective {
        let d = gls_split(&k.to_words());
        let t0: [Point<Fp2>; TABLE] = odd_multiples(&self.0);
        let t1 = t0.map(|p| psi(&p).neg());
        let t2 = t0.map(|p| psi2(&p));
        let t3 = t2.map(|p| psi(&p).neg());
        let digits = d.map(|di| wnaf(di as u128, WINDOW));
        G2Projective(straus(&[t0, t1, t2, t3], &digits))
    }

    /// `[k]P` for a secret `k` (little-endian words, `k < r`): the GLS split of
    /// [`Self::mul_vartime`] done without branches or division instructions, then four 64-bit
    /// digits in fixed 4-bit windows over `[i]P`, `[i](-ψ)(P)`, `[i]ψ²(P)`, `[i](-ψ³)(P)`
    /// ([`multi_mul_constant_time`]): 60 doublings where a plain 256-bit window chain takes 252.
    pub(crate) fn mul_constant_time_split(p: &Point<Fp2>, k: &[u64; 6]) -> Point<Fp2> {
        let d = gls_split_constant_time(k);
        let t0 = multiples(p);
        let t1 = t0.map(|q| psi(&q).neg());
        let t2 = t0.map(|q| psi2(&q));
        let t3 = t2.map(|q| psi(&q).neg());
        multi_mul_constant_time(&[t0, t1, t2, t3], &d.map(u128::from), 16)
    }
}
