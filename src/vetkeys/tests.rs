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
}

#[test]
fn built_in_master_keys_decode_checked() {
    for name in ["key_1", "test_key_1"] {
        assert!(MasterPublicKey::for_mainnet_key(name).is_some(), "{name}");
    }
    for name in ["key_1", "test_key_1", "dfx_test_key"] {
        assert!(MasterPublicKey::for_pocketic_key(name).is_some(), "{name}");
    }
    assert!(MasterPublicKey::for_mainnet_key("dfx_test_key").is_none());
    assert!(MasterPublicKey::for_pocketic_key("key_2").is_none());
}
