//! vetKeys inputs shared by the bench canister and the baseline canister: `ic-vetkeys`'s own
//! test vectors (dfinity/vetkeys @ 31b1a1c, `backend/rs/ic_vetkeys/tests/utils.rs`, Apache-2.0;
//! the repository keeps them in `tests/vectors/vetkeys/`, and `bench`'s fixture test checks
//! these constants against that file), as hex.

/// A master public key of its key-derivation test.
pub const MASTER_PUBLIC_KEY: &str = "9183b871aa141d15ba2efc5bc58a49cb6a167741364804617f48dfe11e0285696b7018f172dad1a87ed81abf27ea4c320995041e2ee4a47b2226a2439d92a38557a7e2acc72fd157283b20f1f37ba872be235214c6a9cbba1eb2ef39deec72a5";
/// The canister id it derives for.
pub const CANISTER_ID: &str = "746573742d63616e69737465722d6964";
/// The context it derives for.
pub const CONTEXT: &str = "746573742d636f6e74657874";
/// The derived public key: the master key, derived for the canister, then for the context.
pub const DERIVED_KEY: &str = "a20125b8cdfc57f71b6f67e557e82c1307c1af9f728573f3b682f3b1816684f3f6aed5d8dd40a309b457a25dab7d8a1416fc0e0973000321c0c1dd844d80a5708e81fdd8338ea6433f175992fa05ef343b1e7f89a09f3b5b7c0766ccb3c624cd";
/// The fixed protocol flow: the transport secret key (little-endian scalar).
pub const TRANSPORT_SECRET_KEY: &str = "763e63464c55014a26ac6825616867185cc7204283ca46bd34c1a1446e737b16";
/// The flow: the derived public key the vetKey is for.
pub const FLOW_DERIVED_PUBLIC_KEY: &str = "972c4c6cc184b56121a1d27ef1ca3a2334d1a51be93573bd18e168f78f8fe15ce44fb029ffe8e9c3ee6bea2660f4f35e0774a35a80d6236c050fd8f831475b5e145116d3e83d26c533545f64b08464e4bcc755f990a381efa89804212d4eef5f";
/// The flow: the encrypted vetKey (c1 ‖ c2 ‖ c3).
pub const ENCRYPTED_KEY: &str = "b1a13757eaae15a3c8884fc1a3453f8a29b88984418e65f1bd21042ce1d6809b2f8a49f7326c1327f2a3921e8ff1d6c3adde2a801f1f88de98ccb40c62e366a279e7aec5875a0ce2f2a9f3e109d9cb193f0197eadb2c5f5568ee4d6a87e115910662e01e604087246be8b081fc6b8a06b4b0100ed1935d8c8d18d9f70d61718c5dba23a641487e72b3b25884eeede8feb3c71599bfbcebe60d29408795c85b4bdf19588c034d898e7fc513be8dbd04cac702a1672f5625f5833d063b05df7503";
/// The flow: the input (also the IBE identity).
pub const INPUT: &str = "6d657373616765";
/// The flow: the decrypted vetKey.
pub const VETKEY: &str =
    "987db5406ce297e729c8564a106dc896943b00216a095fe9c5d32a16a330c02eb80e6f468ede83cde5462b5145b58f65";
/// The flow: the IBE plaintext.
pub const IBE_MESSAGE: &str = "f00f11";
/// The flow: the IBE seed.
pub const IBE_SEED: &str = "0000000000000000000000000000000000000000000000000000000000000000";
/// The flow: the IBE ciphertext of the plaintext, to the identity, with the seed.
pub const IBE_CIPHERTEXT: &str = "4943204942450001a9937528bda5826cf5c7da77a5f5e46719a9748f4ea0aa491c8fba92081e5d55457ab36ec4f6335954c6d87987d0b28301bd8da166493bb537c842d20396da5a68cc9e9672fadedf1e311e0057fc906dfd37d1077ca027954c45336405e66e5e4b346b0f24bfd358a09de701654c1e0791741e4826396588440eee021df9b2399f7f98";
