//! `dfx deploy` as a user runs it: each canister of `dfx.json` is built by its `build` command
//! from the repository root, and its `wasm` path then holds the gzipped module carrying its
//! `candid` file as metadata, once. With `CARGO_TARGET_DIR` set, cargo builds elsewhere and the
//! deployable files still land where `dfx.json` looks: the unit test
//! `cargo_target_dir_moves_the_build_and_not_the_deployables` (src/build.rs) states that rule
//! (running the commands again with it set would build `xtask` and the three canisters from
//! scratch, about four minutes, for the same rule).

use icbls_canister_build::artifact::{custom_section, CANDID_ARGS, CANDID_SERVICE};
use icbls_canister_build::build::workspace_root;
use std::path::Path;
use std::process::Command;

struct Canister {
    name: String,
    build: String,
    wasm: String,
    candid: String,
    takes_init_arg: bool,
}

fn dfx_canisters(root: &Path) -> Vec<Canister> {
    let dfx: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("dfx.json")).unwrap()).unwrap();
    let text =
        |c: &serde_json::Value, key: &str| c[key].as_str().unwrap_or_else(|| panic!("dfx.json: {key}")).to_string();
    dfx["canisters"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, c)| {
            assert_eq!(c["type"], "custom", "{name}: a custom canister (plain cargo and our packager)");
            assert!(c.get("metadata").is_none(), "{name}: dfx cannot add metadata to a gzipped module; the build does");
            Canister {
                name: name.clone(),
                build: text(c, "build"),
                wasm: text(c, "wasm"),
                candid: text(c, "candid"),
                takes_init_arg: c.get("init_arg").is_some(),
            }
        })
        .collect()
}

/// Runs the build command of every canister (as dfx does: a shell in the project root, here
/// without `CARGO_TARGET_DIR`) and checks what it leaves at the `wasm` path.
#[test]
fn dfx_builds_every_canister() {
    let root = workspace_root();
    let canisters = dfx_canisters(&root);
    assert_eq!(canisters.len(), 3);
    for c in &canisters {
        // A stale file must not pass for a built one.
        let _ = std::fs::remove_file(root.join(&c.wasm));
    }
    for c in &canisters {
        let status = Command::new("sh")
            .current_dir(&root)
            .args(["-c", &c.build])
            .env_remove("CARGO_TARGET_DIR")
            .env_remove("CARGO_BUILD_TARGET_DIR")
            .status()
            .unwrap();
        assert!(status.success(), "{}: `{}` failed ({status})", c.name, c.build);

        let gz = std::fs::read(root.join(&c.wasm))
            .unwrap_or_else(|e| panic!("{}: the build left nothing at {}: {e}", c.name, c.wasm));
        let mut wasm = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut wasm)
            .unwrap_or_else(|e| panic!("{}: {} is not gzip: {e}", c.name, c.wasm));
        let services = wasmparser::Parser::new(0)
            .parse_all(&wasm)
            .filter(|p| matches!(p, Ok(wasmparser::Payload::CustomSection(s)) if s.name() == CANDID_SERVICE))
            .count();
        assert_eq!(services, 1, "{}: one {CANDID_SERVICE} section", c.name);
        let did = std::fs::read_to_string(root.join(&c.candid)).unwrap();
        assert_eq!(custom_section(&wasm, CANDID_SERVICE).unwrap(), Some(did.into_bytes()), "{}", c.name);
        assert_eq!(custom_section(&wasm, CANDID_ARGS).unwrap().is_some(), c.takes_init_arg, "{}: candid:args", c.name);
    }
}
