//! Unit tests of the private helpers; the vectors and the differential tests are in
//! `tests/vetkeys.rs`.

use super::*;

#[test]
fn two_input_encoding_is_prefix_free() {
    // The values themselves are checked by the derivation vectors in tests/vetkeys.rs.
    let a = hash_to_scalar_two_inputs(b"ab", b"c", "dst");
    let b = hash_to_scalar_two_inputs(b"a", b"bc", "dst");
    assert_ne!(a, b);
}

#[test]
fn hkdf_rejects_overlong_output_without_panicking() {
    assert_eq!(derive_symmetric_key(b"k", "d", 8160).map(|v| v.len()), Ok(8160));
    assert_eq!(derive_symmetric_key(b"k", "d", 8161), Err(VetKeyError::OutputTooLong { requested: 8161 }));
    assert_eq!(derive_symmetric_key(b"k", "d", usize::MAX), Err(VetKeyError::OutputTooLong { requested: usize::MAX }));
}

#[test]
fn built_in_master_keys_decode_checked() {
    for (name, bytes) in keys::MAINNET_KEYS.iter().chain(&keys::POCKETIC_KEYS) {
        let checked = MasterPublicKey::deserialize(bytes).unwrap();
        assert!(!checked.point().is_identity(), "{name}");
        let built_in = if keys::MAINNET_KEYS.iter().any(|(_, b)| b == bytes) {
            MasterPublicKey::for_mainnet_key(name)
        } else {
            MasterPublicKey::for_pocketic_key(name)
        };
        assert_eq!(built_in, Some(checked), "{name}");
    }
    assert_eq!(keys::MAINNET_KEYS.len() + keys::POCKETIC_KEYS.len(), 5);
    assert!(MasterPublicKey::for_mainnet_key("dfx_test_key").is_none());
    assert!(MasterPublicKey::for_pocketic_key("key_2").is_none());
}
