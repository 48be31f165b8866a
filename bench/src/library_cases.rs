//! The conformance cases the verifier canister has no method for, run natively through the
//! library: BLS signing and aggregation (ethereum/bls12-381-tests `sign`, `aggregate`), point
//! deserialization (`deserialization_G1`/`_G2`), RFC 9380's nonuniform encodings
//! (`encode_to_curve`) and `expand_message_xmd`, and zkcrypto's binary serialization files.
//! Each returns `Ok(())` when the library gives the expected answer, or what differed.

use icbls::bls::{min_pk, SecretKey};
use icbls::hash_to_curve::{encode_to_g1, encode_to_g2, expand_message_xmd};
use icbls::{G1Affine, G1Projective, G2Affine, G2Projective};

/// Ethereum's `Sign(privkey, message)` (min-pk, `_POP_` suite); `expected` `None`: the key must
/// be refused (zero, or not below r).
pub fn sign(privkey: &[u8], message: &[u8], expected: Option<&[u8]>) -> Result<(), String> {
    match (SecretKey::from_bytes(privkey), expected) {
        (Ok(sk), Some(expected)) => same("signature", &min_pk::sign(&sk, message).to_bytes(), expected),
        (Ok(_), None) => Err("the key was accepted, expected a rejection".into()),
        (Err(e), Some(_)) => Err(format!("the key was refused: {e}")),
        (Err(_), None) => Ok(()),
    }
}

/// Ethereum's `Aggregate(signatures)`; `expected` `None`: the list must be refused (empty, or a
/// signature that does not decode).
pub fn aggregate(signatures: &[Vec<u8>], expected: Option<&[u8]>) -> Result<(), String> {
    let decoded: Result<Vec<min_pk::Signature>, _> =
        signatures.iter().map(|s| min_pk::Signature::from_bytes(s)).collect();
    match (decoded.and_then(|s| min_pk::Signature::aggregate(&s)), expected) {
        (Ok(sum), Some(expected)) => same("aggregate", &sum.to_bytes(), expected),
        (Ok(_), None) => Err("aggregated, expected a rejection".into()),
        (Err(e), Some(_)) => Err(format!("refused: {e}")),
        (Err(_), None) => Ok(()),
    }
}

/// Whether a compressed G1 (`g2` false) or G2 point decodes (flags, canonical coordinates,
/// curve, subgroup; the point at infinity is a point) as `expected` says.
pub fn deserialize(g2: bool, bytes: &[u8], expected: bool) -> Result<(), String> {
    let decoded =
        if g2 { G2Affine::from_compressed(bytes).map(|_| ()) } else { G1Affine::from_compressed(bytes).map(|_| ()) };
    match (decoded, expected) {
        (Ok(()), true) | (Err(_), false) => Ok(()),
        (Ok(()), false) => Err("decoded, expected a rejection".into()),
        (Err(e), true) => Err(format!("refused: {e}")),
    }
}

/// RFC 9380 `encode_to_curve` (the `_NU_` suites) against the expected compressed point.
pub fn encode_to_curve(g2: bool, msg: &[u8], dst: &[u8], expected: &[u8]) -> Result<(), String> {
    let got = if g2 {
        encode_to_g2(msg, dst).to_affine_vartime().to_compressed().to_vec()
    } else {
        encode_to_g1(msg, dst).to_affine_vartime().to_compressed().to_vec()
    };
    same("point", &got, expected)
}

/// RFC 9380 `expand_message_xmd` with SHA-256.
pub fn expand_message(msg: &[u8], dst: &[u8], len_in_bytes: usize, expected: &[u8]) -> Result<(), String> {
    let got = expand_message_xmd(msg, dst, len_in_bytes).map_err(|e| format!("refused: {e}"))?;
    same("uniform_bytes", &got, expected)
}

/// The encodings zkcrypto's `bls12_381` files hold, by file name: the group and whether
/// compressed, from `g{1,2}_{compressed,uncompressed}_valid_test_vectors.dat`.
pub fn zkcrypto_file_kind(name: &str) -> Option<(bool, bool)> {
    let rest = name.strip_suffix("_valid_test_vectors.dat")?;
    match rest {
        "g1_compressed" => Some((false, true)),
        "g1_uncompressed" => Some((false, false)),
        "g2_compressed" => Some((true, true)),
        "g2_uncompressed" => Some((true, false)),
        _ => None,
    }
}

/// One zkcrypto serialization file: the concatenated encodings of `i·G` for `i = 0, 1, ...`
/// (0 is the point at infinity). Each entry must decode (checked) to `i·G` and encode back to
/// the same bytes. Returns one result per entry.
pub fn zkcrypto_points(g2: bool, compressed: bool, bytes: &[u8]) -> Result<Vec<Result<(), String>>, String> {
    let size = match (g2, compressed) {
        (false, true) => 48,
        (false, false) => 96,
        (true, true) => 96,
        (true, false) => 192,
    };
    if bytes.is_empty() || !bytes.len().is_multiple_of(size) {
        return Err(format!("{} bytes is not a whole number of {size}-byte encodings", bytes.len()));
    }
    let mut g1 = G1Projective::identity();
    let mut g2_sum = G2Projective::identity();
    let mut results = Vec::new();
    for entry in bytes.chunks(size) {
        let result = if g2 {
            let expected = g2_sum.to_affine_vartime();
            let decoded =
                if compressed { G2Affine::from_compressed(entry) } else { G2Affine::from_uncompressed(entry) };
            let reencoded =
                if compressed { expected.to_compressed().to_vec() } else { expected.to_uncompressed().to_vec() };
            check_point(decoded.map(|p| p == expected), &reencoded, entry)
        } else {
            let expected = g1.to_affine_vartime();
            let decoded =
                if compressed { G1Affine::from_compressed(entry) } else { G1Affine::from_uncompressed(entry) };
            let reencoded =
                if compressed { expected.to_compressed().to_vec() } else { expected.to_uncompressed().to_vec() };
            check_point(decoded.map(|p| p == expected), &reencoded, entry)
        };
        results.push(result);
        g1 += G1Projective::generator();
        g2_sum += G2Projective::generator();
    }
    Ok(results)
}

fn check_point(decoded: Result<bool, icbls::DecodeError>, reencoded: &[u8], entry: &[u8]) -> Result<(), String> {
    match decoded {
        Err(e) => Err(format!("refused: {e}")),
        Ok(false) => Err("decodes to another point than i·G".into()),
        Ok(true) => same("encoding of i·G", reencoded, entry),
    }
}

fn same(what: &str, got: &[u8], expected: &[u8]) -> Result<(), String> {
    if got == expected {
        Ok(())
    } else {
        Err(format!("{what} 0x{} differs from the expected 0x{}", hex::encode(got), hex::encode(expected)))
    }
}

/// The message-augmentation scheme's `AggregateVerify` (`bls_sig_aug/` of the public vectors), in the
/// variant `g2_signatures` names: whether the library's verdict is `expected`.
pub fn aug_aggregate_verify(
    g2_signatures: bool,
    public_keys: &[Vec<u8>],
    messages: &[Vec<u8>],
    signature: &[u8],
    expected: bool,
) -> Result<(), String> {
    use icbls::bls::{min_sig, BlsError};
    let messages: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
    let verdict = if g2_signatures {
        public_keys.iter().map(|k| min_pk::PublicKey::from_bytes(k)).collect::<Result<Vec<_>, BlsError>>().and_then(
            |keys| min_pk::aug::aggregate_verify(&keys, &messages, &min_pk::Signature::from_bytes(signature)?),
        )
    } else {
        public_keys.iter().map(|k| min_sig::PublicKey::from_bytes(k)).collect::<Result<Vec<_>, BlsError>>().and_then(
            |keys| min_sig::aug::aggregate_verify(&keys, &messages, &min_sig::Signature::from_bytes(signature)?),
        )
    };
    match (verdict, expected) {
        (Ok(()), true) | (Err(_), false) => Ok(()),
        (Ok(()), false) => Err("accepted, expected a rejection".into()),
        (Err(e), true) => Err(format!("expected success, got {e}")),
    }
}
