//! Measures one operation inside a canister, for the `bench` and `baseline` canisters.
//!
//! A bench method prepares its inputs, then calls [`measure`], which reads
//! `ic0.performance_counter(0)` before and after the operation. The two counter reads cost
//! something themselves (the call, the System API's 200-instruction overhead and a few moves);
//! that fixed cost is measured in the same message with an empty operation and subtracted, so
//! the figure is the operation's alone, and the same wherever the replica's metering applies
//! (the meter implements it; PocketIC runs it).

use core::hint::black_box;

mod benchmarks;
pub mod vetkeys;
pub use benchmarks::{BASELINE_BENCHMARKS, BENCHMARKS};

/// The instructions the current message has executed so far.
#[inline(never)]
fn counter() -> u64 {
    ic_cdk::api::performance_counter(0)
}

/// Runs `op` on `input` and returns the counter difference around it, without correction.
#[inline(always)]
fn raw<I, O>(input: &I, op: impl FnOnce(&I) -> O) -> u64 {
    // The IC charges a basic block's whole cost when the block starts, and a call does not end
    // a block: operation code in the same block as the first counter read would be charged
    // before that read and escape the measurement. A branch on a value no optimiser can see
    // (neither rustc nor a post-link `wasm-opt`) starts a new block after the read.
    //
    // `black_box` is also opaque as to memory, as the counter calls are: the input is taken
    // through it after the first read and the output handed to it before the second, so the
    // operation cannot move out of the region. The input stays where the caller prepared it:
    // the operation reads it from memory, as library code reads its arguments.
    let start = counter();
    if black_box(false) {
        unreachable!("black_box(false) is false");
    }
    let output = op(black_box(input));
    black_box(output);
    let end = counter();
    end - start
}

/// The cost of the two counter reads around nothing.
#[inline(never)]
pub fn counter_overhead() -> u64 {
    raw(&(), |_| ())
}

/// The IC instructions `op(&input)` spends: inputs are prepared by the caller, outside the
/// measured region, and hidden from the optimiser with `black_box`, as is the output.
#[inline(always)]
pub fn measure<I, O>(input: I, op: impl FnOnce(&I) -> O) -> u64 {
    let overhead = counter_overhead();
    raw(&input, op).saturating_sub(overhead)
}

/// Decodes a hex constant used as a bench input; bench inputs are fixed, so a bad constant is a
/// bug in the canister, reported with its text.
pub fn hex_bytes<const N: usize>(hex: &str) -> [u8; N] {
    hex_vec(hex)
        .try_into()
        .unwrap_or_else(|bytes: Vec<u8>| panic!("bench input has {} bytes, not {N}: {hex}", bytes.len()))
}

/// [`hex_bytes`] for inputs of any length.
pub fn hex_vec(hex: &str) -> Vec<u8> {
    hex::decode(hex.trim()).unwrap_or_else(|e| panic!("bench input is not hex ({e}): {hex}"))
}

/// The domain separation tag of the IC's min-sig suite (signatures in G1), which both bench
/// canisters' hashing rows use (equal to `icbls::bls::min_sig::DST`, `bench/src/fixtures.rs`
/// checks).
pub const MIN_SIG_DST: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
/// The domain separation tag of Ethereum's min-pk proof-of-possession suite (signatures in G2),
/// equal to `icbls::bls::min_pk::DST`.
pub const MIN_PK_DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/// A valid IC certificate signature (tests/vectors/bls_sig_min_sig_ic, `verify_valid_0`): the
/// message is `"\x0dic-state-root" || root_hash`, the key the IC mainnet root key.
pub const MIN_SIG_SIGNATURE: &str =
    "ace9fcdd9bc977e05d6328f889dc4e7c99114c737a494653cb27a1f55c06f4555e0f160980af5ead098acc195010b2f7";
/// The message of [`MIN_SIG_SIGNATURE`].
pub const MIN_SIG_MESSAGE: &str =
    "0d69632d73746174652d726f6f74e6c01e909b4923345ce5970962bcfe3004bfd8474a21dae28f50692502f46d90";

/// The IC mainnet root key (compressed G2, 96 bytes) as a hex literal, written once: it is
/// [`MIN_SIG_PUBLIC_KEY`] and the end of [`IC_ROOT_KEY_DER_HEX`] (a macro, as `concat!` takes
/// literals, not constants).
macro_rules! ic_root_key_hex {
    () => {
        "814c0e6ec71fab583b08bd81373c255c3c371b2e84863c98a4f1e08b74235d14fb5d9c0cd546d9685f913a0c0b2cc5341583bf4b4392e467db96d65b9bb4cb717112f8472e0d5a4d14505ffd7484b01291091c5f87b98883463f98091a0baaae"
    };
}

/// The key of [`MIN_SIG_SIGNATURE`] (compressed G2): the IC mainnet root key.
pub const MIN_SIG_PUBLIC_KEY: &str = ic_root_key_hex!();

/// A valid Ethereum (min-pk) public key (tests/vectors/bls_sig_min_pk_eth,
/// `verify_valid_case_195246ee3bd3b6ec`), for a 32-byte message of `0xab` bytes.
pub const MIN_PK_PUBLIC_KEY: &str =
    "b53d21a4cfd562c469cc81514d4ce5a6b577d8403d32a394dc265dd190b47fa9f829fdd7963afdf972e5e77854051f6f";
/// Its signature.
pub const MIN_PK_SIGNATURE: &str = "ae82747ddeefe4fd64cf9cedb9b04ae3e8a43420cd255e3c7cd06a8d88b7c7f8638543719981c5d16fa3527c468c25f0026704a6951bde891360c7e8d12ddee0559004ccdbe6046b55bae1b257ee97f7cdb955773d7cf29adf3ccbb9975e4eb9";

/// drand quicknet's public key (G2, compressed), as drand's `/info` publishes it.
pub const DRAND_QUICKNET_PUBLIC_KEY: &str = "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a";
/// drand's default chained network's public key (G1, compressed).
pub const DRAND_MAINNET_PUBLIC_KEY: &str =
    "868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a9402801af31";
/// A drand quicknet round (`tests/vectors/drand/quicknet.json`, round 123).
pub const DRAND_QUICKNET_ROUND: u64 = 123;
/// Its signature (G1, compressed).
pub const DRAND_QUICKNET_SIGNATURE: &str =
    "b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92";
/// A round of drand's default chained network (`tests/vectors/drand/default.json`, round 72785).
pub const DRAND_MAINNET_ROUND: u64 = 72785;
/// Its signature (G2, compressed).
pub const DRAND_MAINNET_SIGNATURE: &str = "82f5d3d2de4db19d40a6980e8aa37842a0e55d1df06bd68bddc8d60002e8e959eb9cfa368b3c1b77d18f02a54fe047b80f0989315f83b12a74fd8679c4f12aae86eaf6ab5690b34f1fddd50ee3cc6f6cdf59e95526d5a5d82aaa84fa6f181e42";
/// The previous round's signature, which round 72785 signs with its round number.
pub const DRAND_MAINNET_PREVIOUS: &str = "a609e19a03c2fcc559e8dae14900aaefe517cb55c840f6e69bc8e4f66c8d18e8a609685d9917efbfb0c37f058c2de88f13d297c7e19e0ab24813079efe57a182554ff054c7638153f9b26a60e7111f71a0ff63d9571704905d3ca6df0b031747";

/// A canister signature under the mainnet root key, through a subnet delegation: Internet
/// Identity's signature on a session delegation (`tests/vectors/canister_signatures`, case
/// `ii_sig_verifier_js_mainnet_delegation`, from dfinity/internet-identity's sig-verifier-js).
pub const CANISTER_SIG_SIGNATURE_HEX: &str = include_str!("ii_canister_signature.hex");
/// The signed message: the delegation's domain-separated hash.
pub const CANISTER_SIG_MESSAGE: &str = "1a69632d726571756573742d617574682d64656c65676174696f6eb5e2ab74fcd8d7c0e17a303b3be310d32802c2c9d0767fdeab22cfc158f9af89";
/// The signing key (DER: Internet Identity's canister id and the user's seed).
pub const CANISTER_SIG_PUBLIC_KEY: &str = "303c300c060a2b0601040183b8430102032c000a00000000006000270101f3ffab2278616508ad5ebfa0cb79a21e08dbb7132f6875b95f81e72067f31302";

/// A valid EIP-4844 point-evaluation precompile input (192 bytes, as hex): the c-kzg case
/// `verify_kzg_proof_case_correct_proof_4_1` (tests/vectors/kzg_point_evaluation), with its
/// versioned hash. The bench canister's `point_evaluation` row verifies it; the bench runner's
/// tests use it too.
pub const POINT_EVALUATION_INPUT_HEX: &str = include_str!("point_evaluation_input.hex");

/// A mainnet read_state certificate (tests/vectors/ic_certificates, `ivg37_time_valid`): the
/// canister `ivg37-qiaaa-aaaab-aaaga-cai`, signed by its subnet, with a delegation from the
/// root key. Both bench canisters verify it.
pub const IC_CERTIFICATE_HEX: &str = include_str!("ivg37_time_certificate.hex");
/// The canister the certificate is for.
pub const IC_CERTIFICATE_CANISTER: &str = "ivg37-qiaaa-aaaab-aaaga-cai";
/// The certificate's `/time`, in nanoseconds since the epoch.
pub const IC_CERTIFICATE_TIME_NS: u64 = 1_763_796_896_688_941_908;
/// The IC mainnet root key, DER-wrapped (133 bytes): the 37-byte DER prefix of a BLS12-381 G2
/// key (`icbls::certificate::DER_PREFIX`), then [`MIN_SIG_PUBLIC_KEY`].
pub const IC_ROOT_KEY_DER_HEX: &str =
    concat!("308182301d060d2b0601040182dc7c0503010201060c2b0601040182dc7c05030201036100", ic_root_key_hex!());
