//! Every G2 point decoder on arbitrary bytes: no panic; what decodes re-encodes to the same bytes.
#![no_main]

#[path = "../../tests/decode/checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_g2(data));
