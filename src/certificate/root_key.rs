//! The IC mainnet root key, and its Miller-loop lines prepared at compile time.
//!
//! The lines are constants in `root_key_lines.rs`, written by the test
//! `root_key_lines_match_run_time_preparation` (`regenerate prepared-lines` runs it after
//! changing the line formulas); the same test checks them against preparing the key decoded
//! and validated at run time.

use super::root_key_lines::IC_MAINNET_ROOT_KEY_LINES;
use crate::bls::min_sig::PreparedPublicKey;
use crate::pairing::G2Prepared;

/// The IC mainnet root public key: a compressed G2 point (without its 37-byte DER prefix,
/// see [`super::IC_MAINNET_ROOT_KEY_DER`]).
pub const IC_MAINNET_ROOT_KEY: [u8; 96] = [
    0x81, 0x4c, 0x0e, 0x6e, 0xc7, 0x1f, 0xab, 0x58, 0x3b, 0x08, 0xbd, 0x81, 0x37, 0x3c, 0x25, 0x5c, 0x3c, 0x37, 0x1b,
    0x2e, 0x84, 0x86, 0x3c, 0x98, 0xa4, 0xf1, 0xe0, 0x8b, 0x74, 0x23, 0x5d, 0x14, 0xfb, 0x5d, 0x9c, 0x0c, 0xd5, 0x46,
    0xd9, 0x68, 0x5f, 0x91, 0x3a, 0x0c, 0x0b, 0x2c, 0xc5, 0x34, 0x15, 0x83, 0xbf, 0x4b, 0x43, 0x92, 0xe4, 0x67, 0xdb,
    0x96, 0xd6, 0x5b, 0x9b, 0xb4, 0xcb, 0x71, 0x71, 0x12, 0xf8, 0x47, 0x2e, 0x0d, 0x5a, 0x4d, 0x14, 0x50, 0x5f, 0xfd,
    0x74, 0x84, 0xb0, 0x12, 0x91, 0x09, 0x1c, 0x5f, 0x87, 0xb9, 0x88, 0x83, 0x46, 0x3f, 0x98, 0x09, 0x1a, 0x0b, 0xaa,
    0xae,
];

impl PreparedPublicKey {
    /// The IC mainnet root key ([`crate::certificate::IC_MAINNET_ROOT_KEY`]), prepared at
    /// compile time: the lines are constants, checked by the tests against preparing the key
    /// decoded and validated at run time.
    pub fn ic_mainnet_root_key() -> PreparedPublicKey {
        PreparedPublicKey::from_prepared(G2Prepared::from_static_lines(&IC_MAINNET_ROOT_KEY_LINES))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::check_or_write_lines;
    use crate::G2Affine;

    #[test]
    fn root_key_lines_match_run_time_preparation() {
        check_or_write_lines(
            "src/certificate/root_key_lines.rs",
            "root_key_lines_match_run_time_preparation",
            &[(
                "IC_MAINNET_ROOT_KEY_LINES",
                "The IC mainnet root key.",
                G2Affine::from_compressed(&IC_MAINNET_ROOT_KEY).expect("the root key is a G2 point"),
            )],
            &[PreparedPublicKey::ic_mainnet_root_key().lines().clone()],
        );
    }
}
