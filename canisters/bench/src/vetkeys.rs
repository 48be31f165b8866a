//! Bench rows of vetKeys (`icbls::vetkeys`) on `ic-vetkeys`'s own fixed protocol flow, the
//! inputs the baseline canister gives `ic-vetkeys`: bytes in, bytes out, every point decoded
//! and checked inside the measured region. Each method checks its answer after measuring.

use icbls::vetkeys::{
    DerivedPublicKey, EncryptedVetKey, IbeCiphertext, IbeIdentity, IbeSeed, MasterPublicKey, TransportSecretKey, VetKey,
};
use icbls_harness::vetkeys::*;
use icbls_harness::{hex_vec, measure};

/// A master public key decoded, derived for a canister, then for a context.
pub(crate) fn vetkey_derive_public_key() -> u64 {
    let input = (hex_vec(MASTER_PUBLIC_KEY), hex_vec(CANISTER_ID), hex_vec(CONTEXT));
    let mut derived = None;
    let count = measure(input, |(master, canister_id, context)| {
        derived = MasterPublicKey::deserialize(master)
            .ok()
            .map(|m| m.derive_canister_key(canister_id).derive_sub_key(context).serialize().to_vec());
    });
    assert_eq!(derived, Some(hex_vec(DERIVED_KEY)), "vetkey_derive_public_key: the derived key");
    count
}

/// The transport secret key decoded, then the encrypted vetKey and the derived public key
/// decoded, decrypted and verified from their bytes (`decrypt_and_verify_bytes`: the same
/// checks as `deserialize` twice and `decrypt_and_verify`).
pub(crate) fn vetkey_decrypt_and_verify() -> u64 {
    let input =
        (hex_vec(TRANSPORT_SECRET_KEY), hex_vec(FLOW_DERIVED_PUBLIC_KEY), hex_vec(ENCRYPTED_KEY), hex_vec(INPUT));
    let mut vetkey = None;
    let count = measure(input, |(tsk, dpk, encrypted, input)| {
        let Ok(tsk) = TransportSecretKey::deserialize(tsk) else { return };
        vetkey = EncryptedVetKey::decrypt_and_verify_bytes(encrypted, &tsk, dpk, input)
            .ok()
            .map(|k| k.signature_bytes().to_vec());
    });
    assert_eq!(vetkey, Some(hex_vec(VETKEY)), "vetkey_decrypt_and_verify: the vetKey");
    count
}

/// The derived public key decoded, a 3-byte message encrypted to an identity, serialized.
pub(crate) fn ibe_encrypt() -> u64 {
    let input = (hex_vec(FLOW_DERIVED_PUBLIC_KEY), hex_vec(INPUT), hex_vec(IBE_MESSAGE), hex_vec(IBE_SEED));
    let mut ciphertext = None;
    let count = measure(input, |(dpk, identity, message, seed)| {
        let (Ok(dpk), Ok(seed)) = (DerivedPublicKey::deserialize(dpk), IbeSeed::from_bytes(seed)) else { return };
        ciphertext = Some(IbeCiphertext::encrypt(&dpk, &IbeIdentity::from_bytes(identity), message, &seed).serialize());
    });
    assert_eq!(ciphertext, Some(hex_vec(IBE_CIPHERTEXT)), "ibe_encrypt: the ciphertext");
    count
}

/// The ciphertext and the vetKey decoded, then decrypted.
pub(crate) fn ibe_decrypt() -> u64 {
    let input = (hex_vec(IBE_CIPHERTEXT), hex_vec(VETKEY));
    let mut message = None;
    let count = measure(input, |(ciphertext, vetkey)| {
        let (Ok(ciphertext), Ok(vetkey)) = (IbeCiphertext::deserialize(ciphertext), VetKey::deserialize(vetkey)) else {
            return;
        };
        message = ciphertext.decrypt(&vetkey).ok();
    });
    assert_eq!(message, Some(hex_vec(IBE_MESSAGE)), "ibe_decrypt: the message");
    count
}
