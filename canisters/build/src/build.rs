//! Builds canister Wasm the way it ships: `wasm32-unknown-unknown`, the workspace's `canister`
//! profile (release, no fat LTO, 16 codegen units, `panic = "abort"`); and the example dependent
//! canister (`examples/dependent-canister`) the way a user of the library builds theirs.

use crate::artifact::Artifact;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};

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

    /// The Wasm file's stem, as cargo names it.
    pub fn stem(self) -> String {
        self.package().replace('-', "_")
    }

    /// The checked-in Candid interface (`canisters/<name>/<name>.did`).
    pub fn did_path(self) -> PathBuf {
        workspace_root().join("canisters").join(self.name()).join(format!("{}.did", self.name()))
    }
}

/// Where the deployable canisters are written: `<stem>.wasm` with its Candid metadata and
/// `<stem>.wasm.gz` (`dfx.json` deploys the latter). Always `target/canisters` in the
/// workspace, where `dfx.json` looks, whatever `CARGO_TARGET_DIR` says: that moves cargo's
/// build, not the deployable files.
pub fn artifacts_dir() -> PathBuf {
    workspace_root().join("target").join("canisters")
}

/// The workspace root (this crate lives in `canisters/build/`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the workspace root exists")
}

/// Where cargo builds: `CARGO_TARGET_DIR` if set (as cargo reads it), else the workspace's
/// `target/`.
fn target_dir() -> PathBuf {
    target_dir_from(std::env::var_os("CARGO_TARGET_DIR"), &workspace_root())
}

fn target_dir_from(cargo_target_dir: Option<std::ffi::OsString>, root: &Path) -> PathBuf {
    match cargo_target_dir {
        // A relative value is relative to the directory cargo runs in: the workspace root.
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

/// One build at a time per target folder (tests call these from several threads, and each
/// build writes what the next one reads); builds in different folders run side by side.
fn lock_target(target: &Path) -> Arc<Mutex<()>> {
    static LOCKS: Mutex<BTreeMap<PathBuf, Arc<Mutex<()>>>> = Mutex::new(BTreeMap::new());
    let mut locks = LOCKS.lock().unwrap_or_else(|e| e.into_inner());
    locks.entry(target.to_path_buf()).or_default().clone()
}

/// The three canisters, built together: one build (one feature resolution) gives each of them
/// the same Wasm whichever of them a caller asks for.
const ALL_CANISTERS: [CanisterPackage; 3] =
    [CanisterPackage::Bench, CanisterPackage::Baseline, CanisterPackage::Verifier];

/// A way of building the kernels other than the shipped one, to measure against it.
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    /// Short name, for the results table.
    pub name: &'static str,
    /// What it is, for the results table.
    pub description: &'static str,
    /// Its target folder, under `target/variants/`. Variants with the same `rustflags` share
    /// one: RUSTFLAGS is in every crate's fingerprint, the [`ENV_KNOBS`] only in icbls's and
    /// the harness's build scripts, so the dependencies are built once per folder and each
    /// further variant rebuilds only those two crates and the canister.
    pub folder: &'static str,
    /// Values of [`ENV_KNOBS`] for this build (the others unset).
    pub env: &'static [(&'static str, &'static str)],
    /// `rustc` flags for the Wasm target in place of those of `.cargo/config.toml`, if any.
    pub rustflags: Option<&'static str>,
}

/// The environment variables the build scripts of icbls and the bench harness read to choose
/// what they compile: the kernel (`ICBLS_KERNEL`, see icbls's `build.rs`), the counting of
/// field operations (`ICBLS_COUNT_OPS`) and the kernel with its operands in sight
/// (`ICBLS_VISIBLE_OPERANDS`). The shipped build unsets them all, whatever the environment
/// says.
pub const ENV_KNOBS: [&str; 3] = ["ICBLS_KERNEL", "ICBLS_COUNT_OPS", "ICBLS_VISIBLE_OPERANDS"];

/// The shipped kernels without `-C target-feature=+simd128` for the whole build: the functions
/// that hold the two-lane products enable `simd128` themselves, as in a dependent's build.
pub const WITHOUT_SIMD128_FLAG: Variant = Variant {
    name: "radix30, simd128 per function",
    description: "the shipped kernels built without `-C target-feature=+simd128` (as a dependent builds): the functions that hold the two-lane products enable `simd128` with `#[target_feature]`",
    folder: "without-flags",
    env: &[],
    rustflags: Some(""),
};

/// Builds the canisters (one `cargo build` for all three, whichever are asked for), adds each one's Candid interface as
/// `icp:public candid:service` metadata, writes the deployable files into [`artifacts_dir`] and
/// returns the Wasm bytes (with metadata), in the order asked.
pub fn build_canisters(canisters: &[CanisterPackage]) -> Result<Vec<Vec<u8>>, String> {
    build(canisters, None)
}

/// Builds canisters as `variant` says, in a target folder of its own (so the shipped build's
/// cache is kept).
pub fn build_variant(canisters: &[CanisterPackage], variant: &Variant) -> Result<Vec<Vec<u8>>, String> {
    build(canisters, Some(variant))
}

/// The target canisters are built for.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Makes sure the active toolchain has the Wasm target's standard library, adding it through
/// rustup when it is missing. rustup installs `rust-toolchain.toml`'s targets only together with
/// a toolchain it installs itself, so a machine that already had this release lacks it; without
/// this step the canister build would fail only after compiling every dependency.
pub fn ensure_wasm_target() -> Result<(), String> {
    // One rustup at a time when builds run side by side.
    static ENSURE: Mutex<()> = Mutex::new(());
    let _guard = ENSURE.lock().unwrap_or_else(|e| e.into_inner());
    let root = workspace_root();
    let libdir = Command::new("rustc")
        .current_dir(&root)
        .args(["--print", "target-libdir", "--target", WASM_TARGET])
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    let libdir = PathBuf::from(String::from_utf8_lossy(&libdir.stdout).trim());
    let has_core = |dir: &Path| {
        std::fs::read_dir(dir)
            .is_ok_and(|entries| entries.flatten().any(|e| e.file_name().to_string_lossy().starts_with("libcore-")))
    };
    if has_core(&libdir) {
        return Ok(());
    }
    // The toolchain rustup chose for this run (rust-toolchain.toml's, unless overridden).
    let mut add = Command::new("rustup");
    add.current_dir(&root).args(["target", "add", WASM_TARGET]);
    if let Ok(toolchain) = std::env::var("RUSTUP_TOOLCHAIN") {
        add.args(["--toolchain", &toolchain]);
    }
    let command = format!("rustup target add {WASM_TARGET}");
    eprintln!("icbls-bench: the {WASM_TARGET} target is not installed; running `{command}`");
    match add.status() {
        Ok(status) if status.success() && has_core(&libdir) => Ok(()),
        Ok(status) => Err(format!("`{command}` failed ({status}); run it in {} and try again", root.display())),
        Err(e) => Err(format!(
            "the {WASM_TARGET} target is missing and rustup cannot be run ({e}); install the \
             target's standard library for {libdir}, e.g. with `{command}`",
            libdir = libdir.display()
        )),
    }
}

fn build(canisters: &[CanisterPackage], variant: Option<&Variant>) -> Result<Vec<Vec<u8>>, String> {
    ensure_wasm_target()?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(workspace_root())
        .args(["build", "--target", WASM_TARGET, "--profile", "canister"])
        // Flags meant for the host build (set by an outer `cargo test`) must not leak in.
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_BUILD_RUSTFLAGS");
    // The shipped build takes the default kernel, uncounted, whatever the environment asks.
    for knob in ENV_KNOBS {
        cmd.env_remove(knob);
    }
    // The shipped build always takes all three (a variant only what it measures).
    for c in if variant.is_some() { canisters } else { &ALL_CANISTERS[..] } {
        cmd.args(["-p", c.package()]);
    }
    let mut target = target_dir();
    if let Some(v) = variant {
        target = target.join("variants").join(v.folder);
        cmd.arg("--target-dir").arg(&target);
        for (knob, value) in v.env {
            debug_assert!(ENV_KNOBS.contains(knob), "{knob} is not one of ENV_KNOBS");
            cmd.env(knob, value);
        }
        if let Some(flags) = v.rustflags {
            // With --target, RUSTFLAGS reaches the Wasm build only, not build scripts; set (even
            // empty) it replaces the flags of .cargo/config.toml.
            cmd.env("RUSTFLAGS", flags);
        }
    }
    let lock = lock_target(&target);
    let _guard = lock.lock().unwrap_or_else(|e| e.into_inner());
    let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("building the canisters failed ({status})"));
    }
    canisters
        .iter()
        .map(|c| {
            let path = target.join(WASM_TARGET).join("canister").join(format!("{}.wasm", c.stem()));
            let wasm = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let did_path = c.did_path();
            let did =
                std::fs::read_to_string(&did_path).map_err(|e| format!("cannot read {}: {e}", did_path.display()))?;
            let artifact = Artifact::new(&wasm, &did).map_err(|e| format!("{}: {e}", did_path.display()))?;
            if variant.is_none() {
                artifact.write(&artifacts_dir(), &c.stem())?;
            }
            Ok(artifact.wasm)
        })
        .collect()
}

/// A build of the example dependent canister, `examples/dependent-canister`: a crate of its
/// own (not in this workspace) that depends on icbls by path, built as a user builds a
/// canister, `cargo build --release --target wasm32-unknown-unknown` with its own
/// `Cargo.lock`.
#[derive(Clone, Copy, Debug)]
pub struct DependentBuild {
    /// Short name, also the folder under `target/dependent/`.
    pub name: &'static str,
    /// How it is built, for the results table.
    pub description: &'static str,
    /// The flags, always set (even empty): cargo reads this workspace's `.cargo/config.toml`
    /// from the example's parent folders, and set flags replace its `simd128` flag, as a
    /// project outside this checkout never sees it. (Passed with the checkout's path remapped.)
    pub rustflags: &'static str,
    /// Settings of the `release` profile, as `CARGO_PROFILE_RELEASE_*` variables (none: the
    /// default release profile, as the example's `Cargo.toml` leaves it).
    pub profile: &'static [(&'static str, &'static str)],
}

/// `rustflags` with the checkout's path remapped to `icbls`, as `CARGO_ENCODED_RUSTFLAGS`
/// (arguments separated by 0x1f, so that a path with spaces stays one argument).
fn encoded_rustflags(rustflags: &str) -> String {
    let mut flags: Vec<String> = rustflags.split_whitespace().map(str::to_owned).collect();
    flags.push(format!("--remap-path-prefix={}=icbls", workspace_root().display()));
    flags.join("\x1f")
}

/// The example dependent canister's folder.
pub fn dependent_dir() -> PathBuf {
    workspace_root().join("examples/dependent-canister")
}

/// Builds the example dependent canister as `build` says and returns its Wasm bytes, without
/// the `name` section (see [`without_name_section`]).
pub fn build_dependent(build: &DependentBuild) -> Result<Vec<u8>, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let target = target_dir().join("dependent").join(build.name);
    let mut cmd = Command::new(cargo);
    cmd.current_dir(dependent_dir())
        .args(["build", "--release", "--target", "wasm32-unknown-unknown", "--locked"])
        .arg("--target-dir")
        .arg(&target)
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_RUSTFLAGS")
        .env_remove("ICBLS_KERNEL")
        .env_remove("RUSTFLAGS")
        // icbls is a path dependency outside the example's workspace, so its panic locations
        // carry the checkout's absolute path: name it `icbls` instead, so that the Wasm's bytes
        // do not depend on where the checkout is (the report is reproduced byte for byte).
        .env("CARGO_ENCODED_RUSTFLAGS", encoded_rustflags(build.rustflags));
    // Nothing of an outer cargo's profile or target settings may leak in.
    for (key, _) in std::env::vars_os() {
        let key = key.to_string_lossy().into_owned();
        if key.starts_with("CARGO_PROFILE_") || key == "CARGO_TARGET_DIR" || key == "CARGO_BUILD_TARGET" {
            cmd.env_remove(&key);
        }
    }
    for (setting, value) in build.profile {
        cmd.env(format!("CARGO_PROFILE_RELEASE_{setting}"), value);
    }
    let lock = lock_target(&target);
    let _guard = lock.lock().unwrap_or_else(|e| e.into_inner());
    let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("building the dependent canister ({}) failed ({status})", build.name));
    }
    let path = target.join("wasm32-unknown-unknown/release/icbls_dependent_canister.wasm");
    let wasm = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    without_name_section(&wasm).ok_or_else(|| format!("{}: not a Wasm module", path.display()))
}

/// `wasm` without its `name` custom section: the symbol names there carry hashes of the
/// checkout's path (cargo hashes a path dependency outside the workspace by where it is), and
/// no instruction depends on them. Every other section is copied as it is. `None` when the
/// module does not parse.
fn without_name_section(wasm: &[u8]) -> Option<Vec<u8>> {
    crate::artifact::without_custom_section(wasm, "name")
}

#[cfg(test)]
mod tests {
    use super::{artifacts_dir, target_dir_from, without_name_section, workspace_root};
    use crate::artifact::custom_section;
    use std::path::Path;

    /// Cargo builds where `CARGO_TARGET_DIR` says (absolute, or relative to the workspace root
    /// where every build runs), and the builds read their Wasm from there; the deployable files
    /// stay in the workspace's `target/canisters`, where `dfx.json` looks, whatever it says.
    /// (`tests/dfx_json.rs` runs `dfx.json`'s commands; this is the rule they follow when a user
    /// has the variable set.)
    #[test]
    fn cargo_target_dir_moves_the_build_and_not_the_deployables() {
        let root = Path::new("/checkout");
        assert_eq!(target_dir_from(None, root), Path::new("/checkout/target"));
        assert_eq!(target_dir_from(Some("/elsewhere/t".into()), root), Path::new("/elsewhere/t"));
        assert_eq!(target_dir_from(Some("build/t".into()), root), Path::new("/checkout/build/t"));
        assert_eq!(artifacts_dir(), workspace_root().join("target").join("canisters"));
    }

    /// The `name` section goes; every other section, custom ones included, stays byte for byte.
    #[test]
    fn only_the_name_section_is_dropped() {
        let wasm = wat::parse_str(r#"(module (func $f (export "f") (result i32) i32.const 7))"#).unwrap();
        let wasm = crate::artifact::with_custom_section(&wasm, "icp:public candid:service", b"service : {}");
        assert!(custom_section(&wasm, "name").unwrap().is_some(), "the text format names $f");
        let out = without_name_section(&wasm).unwrap();
        assert_eq!(custom_section(&out, "name").unwrap(), None);
        assert_eq!(custom_section(&out, "icp:public candid:service").unwrap().as_deref(), Some(&b"service : {}"[..]));
        assert!(out.len() < wasm.len());
        wasmparser::validate(&out).unwrap();
        assert_eq!(without_name_section(b"not wasm"), None);
    }
}
