//! `cargo xtask JOB`: the developer jobs beside the main job (`cargo run --release -p
//! icbls-bench`, which measures everything and writes the report).
//!
//! * `check [PREFIX...]`: the bench canister's rows (those whose names start with a prefix, or
//!   all) against `bench/results.json`; fails when one is more than 0.5% worse. Writes nothing.
//! * `regenerate [--check] [NAME...]`: runs the writer of every generated file, or of those
//!   named (`icbls_bench::regenerate`); with `--check`, fails when one then differs from the
//!   commit.
//! * `build [CANISTER...]`: builds the canisters as they ship and prints their deployable files.
//! * `vectors [PATH...]`: runs vector files through the verifier canister (by default the whole
//!   public vectors directory, `../shared/vectors` or `ICBLS_VECTORS`).
//! * `call METHOD [CANDID_ARGS] [--update]`: calls a verifier method on the backend.
//! * `phases`: the phase tables of the composite rows, on a freshly installed canister.
//!
//! Each runs on the meter, or on PocketIC when `POCKET_IC_BIN` is set and the job is run as
//! `cargo run --release -p xtask --features pocket-ic -- JOB`. Every job but `build` needs the
//! meter (a Wasm engine): they are the `jobs` feature, on by default. `dfx.json` builds with
//! `--no-default-features`, so a deploy compiles the canisters and `icbls-canister-build` only.

use icbls_canister_build::artifact;
use icbls_canister_build::build::{build_canisters, CanisterPackage};

#[cfg(feature = "jobs")]
mod jobs;

const USAGE: &str = "usage: cargo xtask (check [PREFIX...] | regenerate [--check] [NAME...] | build [CANISTER...] | \
                     vectors [PATH...] | call METHOD [CANDID_ARGS] [--update] | phases)";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("build") => build(&args[1..]),
        #[cfg(feature = "jobs")]
        Some(job) => jobs::run(job, &args[1..]).unwrap_or_else(|| Err(USAGE.to_string())),
        #[cfg(not(feature = "jobs"))]
        Some(job) => Err(format!(
            "{job}: this build of xtask has the `build` job only (`--no-default-features`); run `cargo xtask {job}`"
        )),
        None => Err(USAGE.to_string()),
    };
    if let Err(message) = result {
        eprintln!("xtask: {message}");
        std::process::exit(1);
    }
}

/// `build [CANISTER...]`: builds the canisters (all three unless named: `verifier`, `bench`,
/// `baseline`) as they ship and prints where their deployable files are, with their SHA-256.
fn build(names: &[String]) -> Result<(), String> {
    let all = [CanisterPackage::Verifier, CanisterPackage::Bench, CanisterPackage::Baseline];
    let mut chosen = Vec::new();
    for name in names {
        match all.iter().find(|c| c.name() == name) {
            Some(c) => chosen.push(*c),
            None => return Err(format!("unknown canister {name:?}; the canisters are verifier, bench and baseline")),
        }
    }
    if chosen.is_empty() {
        chosen = all.to_vec();
    }
    let wasm = build_canisters(&chosen)?;
    let dir = icbls_canister_build::build::artifacts_dir();
    for (c, w) in chosen.iter().zip(&wasm) {
        println!("{}/{}.wasm     sha256 {}", dir.display(), c.stem(), artifact::sha256_hex(w));
        println!("{}/{}.wasm.gz  sha256 {}", dir.display(), c.stem(), artifact::sha256_hex(&artifact::gzip(w)));
    }
    Ok(())
}
