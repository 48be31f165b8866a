//! The min-sig variant, as the Internet Computer uses it: signatures in G1 (48 bytes), public
//! keys in G2 (96 bytes), ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_` (the
//! basic scheme: `AggregateVerify` needs distinct messages).

use crate::pairing::{pairing_check_prepared, G2Prepared};

bls_scheme! {
    public_key: G2Affine, G2Projective, 96, "G2";
    signature: G1Affine, G1Projective, 48, "G1";
    hash: crate::hash_to_curve::hash_to_g1;
    dst: b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
    pop_dst: b"BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_";
    distinct_messages: true;
}

/// `e(σ, -g2) · Π e(h_i, pk_i) = 1`, with the generator's lines built in.
fn check(sig: &G1Affine, terms: &[(G1Affine, G2Affine)]) -> bool {
    let prepared: Vec<G2Prepared> = terms.iter().map(|(_, pk)| G2Prepared::new(pk)).collect();
    let neg_g2 = G2Prepared::neg_generator();
    let mut pairs = Vec::with_capacity(terms.len() + 1);
    pairs.push((sig, &neg_g2));
    pairs.extend(terms.iter().map(|(h, _)| h).zip(&prepared));
    pairing_check_prepared(&pairs)
}

/// `e(Σ c_i σ_i, -g2) · Π e(c_i h_i, pk_i) = 1`: the coefficients go on the G1 side.
fn batch_check(hashes: &[G1Projective], keys: &[G2Affine], signatures: &[G1Affine], c: &[Fr]) -> bool {
    let Ok(sig) = G1Projective::msm(signatures, c) else { return false };
    let scaled: Vec<G1Projective> = hashes.iter().zip(c).map(|(h, c)| h.mul_vartime(c)).collect();
    let mut affine = alloc::vec![G1Affine::identity(); scaled.len()];
    G1Projective::batch_normalize(&scaled, &mut affine);
    let terms: Vec<(G1Affine, G2Affine)> = affine.into_iter().zip(keys.iter().copied()).collect();
    check(&sig.to_affine_vartime(), &terms)
}

use crate::Fr;

/// `Verify` with the key's lines prepared ahead: for a key that verifies many messages, such
/// as the IC root key ([`G2Prepared::ic_mainnet_root_key`]). The key must be a validated
/// (non-identity, subgroup-checked) point.
pub fn verify_prepared(pk: &G2Prepared, msg: &[u8], sig: &Signature) -> Result<(), BlsError> {
    let sig = sig.non_identity()?;
    let h = hash(msg, DST).to_affine_vartime();
    match pairing_check_prepared(&[(sig, &G2Prepared::neg_generator()), (&h, pk)]) {
        true => Ok(()),
        false => Err(BlsError::InvalidSignature),
    }
}
