//! vetKeys inputs shared by the bench canister and the baseline canister: `ic-vetkeys`'s own
//! test vectors (dfinity/vetkeys @ 31b1a1c, `backend/rs/ic_vetkeys/tests/utils.rs`, Apache-2.0),
//! as hex, read from the public vectors (`vetkeys/ic_vetkeys_utils.json`) by `build.rs`.

/// A master public key of its key-derivation test.
pub const MASTER_PUBLIC_KEY: &str = crate::vector_inputs::VETKEYS_MASTER_PUBLIC_KEY;
/// The canister id it derives for.
pub const CANISTER_ID: &str = crate::vector_inputs::VETKEYS_CANISTER_ID;
/// The context it derives for.
pub const CONTEXT: &str = crate::vector_inputs::VETKEYS_CONTEXT;
/// The derived public key: the master key, derived for the canister, then for the context.
pub const DERIVED_KEY: &str = crate::vector_inputs::VETKEYS_DERIVED_KEY;
/// The fixed protocol flow: the transport secret key (little-endian scalar).
pub const TRANSPORT_SECRET_KEY: &str = crate::vector_inputs::VETKEYS_TRANSPORT_SECRET_KEY;
/// The flow: the derived public key the vetKey is for.
pub const FLOW_DERIVED_PUBLIC_KEY: &str = crate::vector_inputs::VETKEYS_FLOW_DERIVED_PUBLIC_KEY;
/// The flow: the encrypted vetKey (c1 ‖ c2 ‖ c3).
pub const ENCRYPTED_KEY: &str = crate::vector_inputs::VETKEYS_ENCRYPTED_KEY;
/// The flow: the input (also the IBE identity).
pub const INPUT: &str = crate::vector_inputs::VETKEYS_INPUT;
/// The flow: the decrypted vetKey.
pub const VETKEY: &str = crate::vector_inputs::VETKEYS_VETKEY;
/// The flow: the IBE plaintext.
pub const IBE_MESSAGE: &str = crate::vector_inputs::VETKEYS_IBE_MESSAGE;
/// The flow: the IBE seed.
pub const IBE_SEED: &str = crate::vector_inputs::VETKEYS_IBE_SEED;
/// The flow: the IBE ciphertext of the plaintext, to the identity, with the seed.
pub const IBE_CIPHERTEXT: &str = crate::vector_inputs::VETKEYS_IBE_CIPHERTEXT;
