//! Builds canister Wasm the way it ships: `wasm32-unknown-unknown`, the workspace's `canister`
//! profile (release, fat LTO, one codegen unit, `panic = "abort"`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// The canisters of this workspace, by package name and Wasm file stem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CanisterPackage {
    /// `canisters/bench`: one query per icbls primitive.
    Bench,
    /// `canisters/baseline`: the same methods on zkcrypto `bls12_381`.
    Baseline,
    /// `canisters/verifier`: the demo canister.
    Verifier,
}

impl CanisterPackage {
    /// The Cargo package name.
    pub fn package(self) -> &'static str {
        match self {
            CanisterPackage::Bench => "icbls-bench-canister",
            CanisterPackage::Baseline => "icbls-baseline-canister",
            CanisterPackage::Verifier => "icbls-verifier",
        }
    }

    /// The short name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            CanisterPackage::Bench => "bench",
            CanisterPackage::Baseline => "baseline",
            CanisterPackage::Verifier => "verifier",
        }
    }
}

/// The workspace root (this crate lives in `bench/`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("bench/ has a parent").to_path_buf()
}

fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("target"),
    }
}

/// One build at a time: tests call this from several threads.
static BUILD: Mutex<()> = Mutex::new(());

/// A way of building the kernels other than the shipped one, to measure against it.
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    /// Short name, also the folder under `target/variants/`.
    pub name: &'static str,
    /// What it is, for the results table.
    pub description: &'static str,
    /// Cargo features to enable (`package/feature`).
    pub features: &'static [&'static str],
    /// `rustc` flags for the Wasm target in place of those of `.cargo/config.toml`, if any.
    pub rustflags: Option<&'static str>,
}

/// Builds the canisters (one `cargo build` for all of them) and returns their Wasm bytes, in
/// the order asked.
pub fn build_canisters(canisters: &[CanisterPackage]) -> Result<Vec<Vec<u8>>, String> {
    build(canisters, None)
}

/// Builds canisters as `variant` says, in a target folder of its own (so the shipped build's
/// cache is kept).
pub fn build_variant(canisters: &[CanisterPackage], variant: &Variant) -> Result<Vec<Vec<u8>>, String> {
    build(canisters, Some(variant))
}

fn build(canisters: &[CanisterPackage], variant: Option<&Variant>) -> Result<Vec<Vec<u8>>, String> {
    let _guard = BUILD.lock().unwrap_or_else(|e| e.into_inner());
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(workspace_root())
        .args(["build", "--target", "wasm32-unknown-unknown", "--profile", "canister"])
        // Flags meant for the host build (set by an outer `cargo test`) must not leak in.
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_BUILD_RUSTFLAGS");
    for c in canisters {
        cmd.args(["-p", c.package()]);
    }
    let mut target = target_dir();
    if let Some(v) = variant {
        target = target.join("variants").join(v.name);
        cmd.arg("--target-dir").arg(&target);
        if !v.features.is_empty() {
            cmd.args(["--features", &v.features.join(",")]);
        }
        if let Some(flags) = v.rustflags {
            // With --target, RUSTFLAGS reaches the Wasm build only, not build scripts; set (even
            // empty) it replaces the flags of .cargo/config.toml.
            cmd.env("RUSTFLAGS", flags);
        }
    }
    let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("building the canisters failed ({status})"));
    }
    canisters
        .iter()
        .map(|c| {
            let path = target
                .join("wasm32-unknown-unknown/canister")
                .join(format!("{}.wasm", c.package().replace('-', "_")));
            std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
        })
        .collect()
}
