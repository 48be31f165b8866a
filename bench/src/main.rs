//! `cargo run --release -p icbls-bench`: builds the bench and baseline canisters, runs every
//! bench method on the backend (PocketIC when `POCKET_IC_BIN` is set, the meter otherwise),
//! prints the table and writes `bench/RESULTS.md` and `bench/results.json`.

use icbls_bench::build::{build_canisters, workspace_root, CanisterPackage};
use icbls_bench::results::{self, Report};
use icbls_bench::{backend_from_env, EMPTY_ARGS};

const COMMAND: &str = "cargo run --release -p icbls-bench";

fn main() {
    if let Err(message) = run() {
        eprintln!("icbls-bench: {message}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    if let Some(arg) = std::env::args().nth(1) {
        return Err(format!("unknown argument {arg:?}; usage: {COMMAND}"));
    }
    let canisters = [CanisterPackage::Bench, CanisterPackage::Baseline];
    let wasm = build_canisters(&canisters)?;
    let mut backend = backend_from_env()?;
    eprintln!("icbls-bench: running on the {} backend", backend.name());
    let bench = backend.install(&wasm[0], EMPTY_ARGS)?;
    let baseline = backend.install(&wasm[1], EMPTY_ARGS)?;

    let rows = results::run_all(backend.as_mut(), bench, baseline, |row| {
        let show = |m: &Option<results::Measurement>| {
            m.as_ref().map_or("-".to_string(), |m| results::thousands(m.instructions))
        };
        eprintln!("  {:<26} icbls {:>15}  baseline {:>15}", row.operation, show(&row.icbls), show(&row.baseline));
    })?;

    let root = workspace_root();
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).map_err(|e| format!("Cargo.lock: {e}"))?;
    let report = Report {
        command: COMMAND,
        backend: backend.name(),
        versions: results::locked_versions(&lock, &["bls12_381", "ic-verify-bls-signature"]),
        wasm_bytes: canisters.iter().zip(&wasm).map(|(c, w)| (c.name(), w.len())).collect(),
        rows,
    };
    let markdown = results::markdown(&report);
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    let dir = root.join("bench");
    std::fs::write(dir.join("RESULTS.md"), &markdown).map_err(|e| format!("RESULTS.md: {e}"))?;
    std::fs::write(dir.join("results.json"), json + "\n").map_err(|e| format!("results.json: {e}"))?;
    println!("{}", results::table(&report.rows));
    eprintln!("icbls-bench: wrote bench/RESULTS.md and bench/results.json");
    Ok(())
}
