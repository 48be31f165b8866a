//! The off-chain example (`examples/agent-client`) sends these bytes through `ic-agent`: here
//! the same code (its `request.rs`, included) builds the argument, the verifier on the meter
//! (or PocketIC) answers, and the same code decodes the reply.

#[path = "../../../examples/agent-client/src/request.rs"]
mod request;

use icbls::bls::{min_sig, SecretKey};
use icbls_bench::verifier::{Error, Verifier};
use icbls_testkit::backend::backend_from_env;

#[test]
fn the_agent_examples_bytes_are_answered_by_the_verifier() {
    let mut v = Verifier::install(backend_from_env().unwrap()).unwrap();
    let sk = SecretKey::key_gen(&[11; 32], b"").unwrap();
    let public_key = min_sig::PublicKey::from_secret_key(&sk).to_bytes();
    let signature = min_sig::sign(&sk, b"hello from off-chain").to_bytes();
    let mut ask = |message: &[u8], signature: &[u8]| {
        let arg = request::bls_verify_request(&public_key, message, signature).unwrap();
        let reply = v.backend.query(v.id, request::METHOD, &arg).unwrap().response.unwrap();
        request::bls_verify_reply(&reply).unwrap()
    };

    assert_eq!(ask(b"hello from off-chain", &signature), Ok(()));
    match ask(b"hello from elsewhere", &signature) {
        Err(Error::VerificationFailed(d)) => assert_eq!(d.field, "signature"),
        other => panic!("a signature of another message: {other:?}"),
    }
    match ask(b"hello from off-chain", &signature[..47]) {
        Err(Error::MalformedInput(d)) => assert_eq!(d.field, "signature"),
        other => panic!("a truncated signature: {other:?}"),
    }
}
