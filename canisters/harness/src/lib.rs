//! Measures one operation inside a canister, for the `bench` and `baseline` canisters.
//!
//! A bench method prepares its inputs, then calls [`measure`], which reads
//! `ic0.performance_counter(0)` before and after the operation. The two counter reads cost
//! something themselves (the call, the System API's 200-instruction overhead and a few moves);
//! that fixed cost is measured in the same message with an empty operation and subtracted, so
//! the figure is the operation's alone, and the same wherever the replica's metering applies
//! (the meter implements it; PocketIC runs it).
//!
//! The inputs both canisters measure are here too: hex constants from the public vectors, the
//! table of rows ([`rows`]), and with the `light-client` feature the light-client rows' chain,
//! built with icbls (`light_client`).

use core::hint::black_box;

#[cfg(feature = "light-client")]
pub mod light_client;
pub mod op_count;
pub mod rows;
pub mod vetkeys;

/// The instructions the current message has executed so far.
#[cfg(not(icbls_count_ops))]
#[inline(never)]
fn counter() -> u64 {
    ic_cdk::api::performance_counter(0)
}

/// What the region between two counter reads cost: instructions.
#[cfg(not(icbls_count_ops))]
fn elapsed(start: u64, end: u64) -> u64 {
    end - start
}

// The counting build: the "counter" is icbls's count of field operations, and a figure is the
// operations of the region, packed (`op_count`).
#[cfg(icbls_count_ops)]
use op_count::{counter, elapsed};

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
    elapsed(start, end)
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
/// canisters' hashing rows use (equal to `icbls::bls::min_sig::DST`, `tests/constants.rs`
/// checks).
pub const MIN_SIG_DST: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
/// The domain separation tag of Ethereum's min-pk proof-of-possession suite (signatures in G2),
/// equal to `icbls::bls::min_pk::DST`.
pub const MIN_PK_DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/// A valid IC certificate signature (`bls_sig_min_sig_ic`, `verify_valid_0`): the message is
/// `"\x0dic-state-root" || root_hash`, the key the IC mainnet root key.
pub const MIN_SIG_SIGNATURE: &str = vector_inputs::MIN_SIG_SIGNATURE;
/// The message of [`MIN_SIG_SIGNATURE`].
pub const MIN_SIG_MESSAGE: &str = vector_inputs::MIN_SIG_MESSAGE;

/// The IC mainnet root key (compressed G2, 96 bytes) as a hex literal, written once: it is
/// [`MIN_SIG_PUBLIC_KEY`] and the end of [`IC_ROOT_KEY_DER_HEX`] (a macro, as `concat!` takes
/// literals, not constants). A constant of the network, equal to
/// `icbls::certificate::IC_MAINNET_ROOT_KEY` (`tests/constants.rs` checks).
macro_rules! ic_root_key_hex {
    () => {
        "814c0e6ec71fab583b08bd81373c255c3c371b2e84863c98a4f1e08b74235d14fb5d9c0cd546d9685f913a0c0b2cc5341583bf4b4392e467db96d65b9bb4cb717112f8472e0d5a4d14505ffd7484b01291091c5f87b98883463f98091a0baaae"
    };
}

/// The key of [`MIN_SIG_SIGNATURE`] (compressed G2): the IC mainnet root key.
pub const MIN_SIG_PUBLIC_KEY: &str = ic_root_key_hex!();

/// A valid Ethereum (min-pk) public key (`bls_sig_min_pk_eth`,
/// `verify_valid_case_195246ee3bd3b6ec`), for a 32-byte message of `0xab` bytes.
pub const MIN_PK_PUBLIC_KEY: &str = vector_inputs::MIN_PK_PUBLIC_KEY;
/// Its signature.
pub const MIN_PK_SIGNATURE: &str = vector_inputs::MIN_PK_SIGNATURE;

/// drand quicknet's public key (G2, compressed), as drand's `/info` publishes it: a constant of
/// the network, equal to `icbls::drand::QUICKNET_PUBLIC_KEY`.
pub const DRAND_QUICKNET_PUBLIC_KEY: &str = "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a";
/// drand's default chained network's public key (G1, compressed).
pub const DRAND_MAINNET_PUBLIC_KEY: &str =
    "868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a9402801af31";
/// A drand quicknet round (`drand/quicknet.json`, round 123).
pub const DRAND_QUICKNET_ROUND: u64 = vector_inputs::DRAND_QUICKNET_ROUND;
/// Its signature (G1, compressed).
pub const DRAND_QUICKNET_SIGNATURE: &str = vector_inputs::DRAND_QUICKNET_SIGNATURE;
/// A round of drand's default chained network (`drand/default.json`, round 72785).
pub const DRAND_MAINNET_ROUND: u64 = vector_inputs::DRAND_MAINNET_ROUND;
/// Its signature (G2, compressed).
pub const DRAND_MAINNET_SIGNATURE: &str = vector_inputs::DRAND_MAINNET_SIGNATURE;
/// The previous round's signature, which round 72785 signs with its round number.
pub const DRAND_MAINNET_PREVIOUS: &str = vector_inputs::DRAND_MAINNET_PREVIOUS;

/// A canister signature under the mainnet root key, through a subnet delegation: Internet
/// Identity's signature on a session delegation (`canister_signatures`, case
/// `ii_sig_verifier_js_mainnet_delegation`, from dfinity/internet-identity's sig-verifier-js).
pub const CANISTER_SIG_SIGNATURE_HEX: &str = vector_inputs::CANISTER_SIG_SIGNATURE_HEX;
/// The signed message: the delegation's domain-separated hash.
pub const CANISTER_SIG_MESSAGE: &str = vector_inputs::CANISTER_SIG_MESSAGE;
/// The signing key (DER: Internet Identity's canister id and the user's seed).
pub const CANISTER_SIG_PUBLIC_KEY: &str = vector_inputs::CANISTER_SIG_PUBLIC_KEY;

/// A valid EIP-4844 point-evaluation precompile input (192 bytes, as hex): the c-kzg case
/// `verify_kzg_proof_case_correct_proof_4_1` (`kzg_point_evaluation`), with its versioned hash.
/// The bench canister's `point_evaluation` row verifies it; the bench runner's tests use it too.
pub const POINT_EVALUATION_INPUT_HEX: &str = vector_inputs::POINT_EVALUATION_INPUT_HEX;

/// A mainnet read_state certificate (`ic_certificates`, `ivg37_time_valid`): the canister
/// `ivg37-qiaaa-aaaab-aaaga-cai`, signed by its subnet, with a delegation from the root key.
/// Both bench canisters verify it.
pub const IC_CERTIFICATE_HEX: &str = vector_inputs::IC_CERTIFICATE_HEX;
/// The canister the certificate is for.
pub const IC_CERTIFICATE_CANISTER: &str = "ivg37-qiaaa-aaaab-aaaga-cai";
/// The certificate's `/time`, in nanoseconds since the epoch.
pub const IC_CERTIFICATE_TIME_NS: u64 = vector_inputs::IC_CERTIFICATE_TIME_NS;
/// The IC mainnet root key, DER-wrapped (133 bytes): the 37-byte DER prefix of a BLS12-381 G2
/// key (`icbls::certificate::DER_PREFIX`), then [`MIN_SIG_PUBLIC_KEY`].
pub const IC_ROOT_KEY_DER_HEX: &str =
    concat!("308182301d060d2b0601040182dc7c0503010201060c2b0601040182dc7c05030201036100", ic_root_key_hex!());

/// Whether the public vectors were found when this crate was built. The inputs above that come
/// from them (signatures, certificates, the KZG proof, the vetKeys flow) are public test data,
/// read from the vectors directory by `build.rs` and never committed; without the vectors they
/// are empty, and the bench refuses to run (`icbls_testkit::vectors` names the directory).
pub const VECTORS_PRESENT: bool = vector_inputs::VECTORS_PRESENT;

/// The constants `build.rs` reads from the public vectors.
mod vector_inputs {
    include!(concat!(env!("OUT_DIR"), "/vector_inputs.rs"));
}
