//! The call's bytes: what `main.rs` sends through `ic-agent` and what the verifier's tests send
//! to the canister on the meter (`canisters/verifier/tests/agent_example.rs` includes this
//! file), so the example and the tested call cannot drift apart.

use icbls_verifier_client::{BlsVerifyArgs, Error, Scheme};

/// The method the example calls: a query, answered by one replica without consensus.
pub const METHOD: &str = "bls_verify";

/// The Candid argument of `bls_verify` for an IC-style (min-sig) signature: a 96-byte public
/// key, the message and a 48-byte signature, with the scheme's own ciphersuite.
pub fn bls_verify_request(public_key: &[u8], message: &[u8], signature: &[u8]) -> Result<Vec<u8>, candid::Error> {
    let args = BlsVerifyArgs::new(Scheme::MinSig, public_key.to_vec(), message.to_vec(), signature.to_vec());
    candid::encode_one(&args)
}

/// The reply of `bls_verify`: `Ok(())` when the signature verifies, else the verifier's error
/// (which names the argument and the check that failed).
pub fn bls_verify_reply(reply: &[u8]) -> Result<Result<(), Error>, candid::Error> {
    candid::decode_one(reply)
}
