//! The README's two commands share one release build: every crate the main job builds
//! (`cargo run --release -p icbls-bench`) has the features that the tests' build (`cargo test
//! --workspace --release`) resolves for it. A crate whose features differ is a different build
//! for cargo, and so is everything that depends on it: one `syn` feature rebuilt serde, candid
//! and wasmtime. `bench/Cargo.toml` takes the features the tests add for this reason; this test
//! names the crate when a change of dependencies needs another line there.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// Each package's feature sets (one per build it is part of: normal, and build scripts and
/// proc-macros), as `cargo tree` resolves them with `args`.
fn features(args: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(root)
        .args(["tree", "--locked", "-q", "--prefix", "none", "-f", "{p}|{f}"])
        .args(args)
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "cargo tree {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let mut packages: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let line = line.trim_end_matches(" (*)");
        let Some((package, features)) = line.split_once('|') else { continue };
        // "name v1.2.3 (/path)" or "name v1.2.3 (proc-macro)": the name and version.
        let package = package.split(" (").next().unwrap().to_string();
        packages.entry(package).or_default().insert(features.to_string());
    }
    packages
}

#[test]
fn the_main_job_builds_every_crate_as_the_tests_do() {
    let main_job = features(&["-p", "icbls-bench", "-e", "normal,build"]);
    let tests = features(&["--workspace", "-e", "normal,build,dev"]);
    assert!(main_job.len() > 100, "the bench's dependencies are listed ({})", main_job.len());
    let differ: Vec<String> = main_job
        .iter()
        .filter(|(package, features)| tests.get(*package).is_some_and(|t| t != *features))
        .map(|(package, features)| format!("{package}: the main job {features:?}, the tests {:?}", tests[package]))
        .collect();
    assert!(
        differ.is_empty(),
        "the tests would build these crates (and every crate above them) a second time; give the bench \
         their features in bench/Cargo.toml:\n{}",
        differ.join("\n")
    );
}
