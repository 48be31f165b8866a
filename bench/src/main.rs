//! `cargo run --release -p icbls-bench`, the main job: builds the bench, baseline and verifier
//! canisters, runs every bench method on the backend (PocketIC when `POCKET_IC_BIN` is set, the
//! meter otherwise), prints the tables and writes the report: `bench/RESULTS.md`,
//! `bench/results.json`, `bench/chart.svg` and the README's tables of figures (a fresh clone
//! writes them byte for byte as committed). The verifier canister's methods are measured too,
//! and the composite rows are profiled into phases (`icbls_bench::phases`). The developer jobs
//! (check, regenerate, build, vectors, call, phases) are `cargo xtask JOB` (`xtask/`).

use icbls_bench::distance::{ModelRow, COUNTING_BUILD};
use icbls_bench::results::{self, DependentResult, Report, VariantResult};
use icbls_bench::verifier::Verifier;
use icbls_canister_build::build::{
    build_canisters, build_dependent, build_variant, workspace_root, CanisterPackage, DependentBuild, Variant,
    WITHOUT_SIMD128_FLAG,
};
use icbls_testkit::backend::{backend_from_env, Backend, EMPTY_ARGS};

const COMMAND: &str = "cargo run --release -p icbls-bench";

/// The kernel builds measured against the shipped one.
const VARIANTS: &[Variant] = &[
    WITHOUT_SIMD128_FLAG,
    Variant {
        name: "radix30 + simd128, operands in sight",
        description: "the shipped kernels with the limbs of p, which they hide behind an opaque identity swizzle, left in sight of the optimizer (`ICBLS_VISIBLE_OPERANDS=1`): LLVM turns `extmul` on them into an extension and an `i64x2.mul` (4 instructions instead of 1) and the `m_k` swizzle into a shuffle",
        folder: "with-flags",
        env: &[("ICBLS_VISIBLE_OPERANDS", "1")],
        rustflags: None,
    },
    Variant {
        name: "radix30, scalar",
        description: "the radix-2^30 kernel without its `simd128` products (`ICBLS_KERNEL=radix30`, no `simd128`): scalar products, Karatsuba Fp2 with deferred reductions, eager Fp6 reductions",
        folder: "without-flags",
        env: &[("ICBLS_KERNEL", "radix30")],
        rustflags: Some(""),
    },
    Variant {
        name: "native64",
        description: "6 x 64-bit saturated kernel, `u128` products (calls to `__multi3`)",
        folder: "with-flags",
        env: &[("ICBLS_KERNEL", "native64")],
        rustflags: None,
    },
];

fn main() {
    if let Err(message) = run() {
        eprintln!("icbls-bench: {message}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    if let Some(other) = std::env::args().nth(1) {
        return Err(format!(
            "unknown argument {other:?}: {COMMAND} takes none (the developer jobs are `cargo xtask JOB`: check, \
             regenerate, build, vectors, call, phases)"
        ));
    }
    // The bench measures public test data (a certificate, signatures, a KZG proof, a committee),
    // read from the vectors directory.
    if !icbls_testkit::vectors::dir().is_dir() {
        return Err(icbls_testkit::vectors::not_found_line("(all)"));
    }
    let canisters = [CanisterPackage::Bench, CanisterPackage::Baseline, CanisterPackage::Verifier];
    let wasm = build_canisters(&canisters)?;
    let builds = canisters
        .iter()
        .zip(&wasm)
        .map(|(c, w)| results::CanisterBuild::new(c.name(), w))
        .collect::<Result<Vec<_>, _>>()?;
    for b in &builds {
        eprintln!("icbls-bench: {} Wasm sha256 {} ({} bytes)", b.name, b.sha256, b.wasm_bytes);
    }
    // The kernel variants and the dependent canister are built while the shipped canisters are
    // measured, in target folders of their own, so that both cores stay busy (the dependent's
    // fat-LTO build ends in a long single-threaded link).
    let (backend_name, rows, phases, eth_gas, endpoints, model, variants, dependent) = std::thread::scope(|s| {
        // The kernel variants, then the counting build (`icbls_bench::distance`).
        let variant_builds = s.spawn(|| {
            VARIANTS
                .iter()
                .chain([&COUNTING_BUILD])
                .map(|v| {
                    eprintln!("icbls-bench: building the {} variant", v.name);
                    build_variant(&[CanisterPackage::Bench], v).map(|mut w| w.remove(0))
                })
                .collect::<Vec<_>>()
        });
        let dependent_builds = s.spawn(|| {
            DEPENDENT_BUILDS
                .iter()
                .map(|b| {
                    eprintln!("icbls-bench: building the dependent canister ({})", b.name);
                    build_dependent(b)
                })
                .collect::<Vec<_>>()
        });
        let mut backend = backend_from_env()?;
        eprintln!("icbls-bench: running on the {} backend", backend.name());
        let bench = backend.install(&wasm[0], EMPTY_ARGS)?;
        let baseline = backend.install(&wasm[1], EMPTY_ARGS)?;
        let (rows, mut phases) = results::run_all(backend.as_mut(), (bench, &wasm[0]), (baseline, &wasm[1]), |row| {
            let show = |m: &Option<results::Measurement>| {
                m.as_ref().map_or("-".to_string(), |m| icbls_bench::format::thousands(m.instructions))
            };
            eprintln!("  {:<26} icbls {:>15}  baseline {:>15}", row.operation, show(&row.icbls), show(&row.baseline));
        })?;
        if phases.len() < icbls_bench::phases::PHASE_ROWS.len() {
            // A backend that cannot profile (PocketIC): profile on a fresh canister on the
            // meter, against the row's figure.
            eprintln!("icbls-bench: profiling the phase rows on the meter");
            phases = icbls_bench::phases::profile_rows(&wasm[0])?
                .into_iter()
                .map(|mut p| {
                    if let Some(m) = rows.iter().find(|r| r.operation == p.operation).and_then(|r| r.icbls.as_ref()) {
                        let named: u64 = p.phases.iter().filter(|f| f.phase != "other").map(|f| f.instructions).sum();
                        if let Some(other) = p.phases.iter_mut().find(|f| f.phase == "other") {
                            other.instructions = m.instructions.saturating_sub(named);
                        }
                        p.instructions = m.instructions;
                    }
                    p
                })
                .collect();
        }
        let eth_gas = results::eth_gas(backend.as_mut(), bench)?;
        eprintln!("icbls-bench: measuring the verifier canister's methods");
        let mut verifier = Verifier::install(backend_from_env()?)?;
        let endpoints = icbls_bench::endpoints::measure_endpoints(&mut verifier)?;
        let mut variants = vec![VariantResult {
            name: "radix30 + simd128".into(),
            description: "13 x 30-bit limbs stored in `u32`, computed in `u64`, unrolled; pairs of products in two `simd128` lanes (`src/arith/radix30/`)".into(),
            shipped: true,
            wasm_bytes: wasm[0].len(),
            instructions: variant_rows(backend.as_mut(), &wasm[0]),
        }];
        let mut built_variants = variant_builds.join().expect("the variant builds panicked");
        let counting = built_variants.pop().expect("the counting build is the last")?;
        let model = model_counts(backend.as_mut(), &counting)?;
        for (v, built) in VARIANTS.iter().zip(built_variants) {
            let built = built?;
            variants.push(VariantResult {
                name: v.name.into(),
                description: v.description.into(),
                shipped: false,
                wasm_bytes: built.len(),
                instructions: variant_rows(backend.as_mut(), &built),
            });
        }
        let dependent = DEPENDENT_BUILDS
            .iter()
            .zip(dependent_builds.join().expect("the dependent builds panicked"))
            .map(|(b, built)| measure_dependent_build(backend.as_mut(), b, &built?))
            .collect::<Result<Vec<_>, String>>()?;
        Ok::<_, String>((backend.name(), rows, phases, eth_gas, endpoints, model, variants, dependent))
    })?;
    let root = workspace_root();
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).map_err(|e| format!("Cargo.lock: {e}"))?;
    let report = Report {
        command: COMMAND,
        backend: backend_name,
        versions: results::locked_versions(
            &lock,
            &[
                "bls12_381",
                "ic-verify-bls-signature",
                "ic-certificate-verification",
                "ic-signature-verification",
                "drand-verify",
            ],
        ),
        canisters: builds,
        rows,
        phases,
        model,
        variants,
        eth_gas,
        endpoints,
        dependent,
    };
    let markdown = results::markdown(&report);
    let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    let dir = root.join("bench");
    std::fs::write(dir.join("RESULTS.md"), &markdown).map_err(|e| format!("RESULTS.md: {e}"))?;
    std::fs::write(dir.join("results.json"), json + "\n").map_err(|e| format!("results.json: {e}"))?;
    std::fs::write(dir.join("chart.svg"), results::chart(&report.rows)).map_err(|e| format!("chart.svg: {e}"))?;
    // The README's tables of figures are part of the report.
    let readme_path = root.join("README.md");
    let readme = std::fs::read_to_string(&readme_path).map_err(|e| format!("README.md: {e}"))?;
    let mut updated = readme.clone();
    if let Some(u) = results::with_readme_table(&updated, &results::readme_table(&report)) {
        updated = u;
    }
    if let Some(u) =
        results::with_readme_section(&updated, "dependent", &results::dependent_table(&report.dependent, &report.rows))
    {
        updated = u;
    }
    if updated != readme {
        std::fs::write(&readme_path, updated).map_err(|e| format!("README.md: {e}"))?;
        eprintln!("icbls-bench: updated the README's tables");
    }
    println!("{}", results::table(&report.rows));
    println!("{}", results::eth_table(&report.rows, &report.eth_gas));
    println!("{}", results::variants_table(&report.variants));
    println!("{}", icbls_bench::endpoints::endpoint_table(&report.endpoints));
    println!("{}", results::dependent_table(&report.dependent, &report.rows));
    eprintln!("icbls-bench: wrote bench/RESULTS.md, bench/results.json and bench/chart.svg");
    Ok(())
}

/// The example dependent canister's builds: as a user builds it (the default release profile,
/// no flags), the same with `simd128` for the whole build, and with fat LTO and one codegen
/// unit (which spends more: the reason this workspace's `canister` profile does without it).
const DEPENDENT_BUILDS: &[DependentBuild] = &[
    DependentBuild {
        name: "default flags",
        description:
            "`cargo build --release --target wasm32-unknown-unknown`: the default release profile, no `RUSTFLAGS` (the checkout's path remapped and the `name` section dropped: both depend on where the checkout is)",
        rustflags: "",
        profile: &[],
    },
    DependentBuild {
        name: "`+simd128`",
        description: "the same with `RUSTFLAGS=\"-C target-feature=+simd128\"`",
        rustflags: "-C target-feature=+simd128",
        profile: &[],
    },
    DependentBuild {
        name: "default flags, fat LTO",
        description: "default flags, with `lto = true` and `codegen-units = 1` in the release profile",
        rustflags: "",
        profile: &[("LTO", "true"), ("CODEGEN_UNITS", "1")],
    },
];

/// Measures the methods of the dependent canister built one way. A build or a method that
/// fails is an error of the whole run: the example must keep compiling against the library's
/// API, and its methods trap when their input does not verify.
fn measure_dependent_build(
    backend: &mut dyn Backend,
    build: &DependentBuild,
    wasm: &[u8],
) -> Result<DependentResult, String> {
    let id = backend.install(wasm, EMPTY_ARGS)?;
    let instructions = results::measure_dependent(backend, id, wasm)
        .map_err(|e| format!("the dependent canister ({}): {e}", build.name))?;
    Ok(DependentResult { name: build.name.into(), description: build.description.into(), instructions })
}

/// Installs the counting build of the bench canister and reads the field operations of each
/// row [`results::model_rows`] names.
fn model_counts(backend: &mut dyn Backend, wasm: &[u8]) -> Result<Vec<ModelRow>, String> {
    let id = backend.install(wasm, EMPTY_ARGS)?;
    // The counting build says which of its methods are updates, as `run_all` asks the shipped one.
    let updates = results::list_updates(backend, id);
    let counts = results::model_rows()
        .iter()
        .map(|op| {
            let update = updates.iter().any(|u| u == op);
            results::measure(backend, id, wasm, CanisterPackage::Bench, op, update)
                .map(|m| ModelRow::new(op, m.instructions))
                .map_err(|e| format!("counting {op}: {e}"))
        })
        .collect::<Result<Vec<_>, String>>()?;
    icbls_bench::distance::check_known_counts(&counts)?;
    Ok(counts)
}

/// Installs a bench canister build and measures the variant rows on it.
fn variant_rows(backend: &mut dyn Backend, wasm: &[u8]) -> Result<Vec<u64>, String> {
    let id = backend.install(wasm, EMPTY_ARGS)?;
    results::variant_rows()
        .iter()
        .map(|op| results::measure(backend, id, wasm, CanisterPackage::Bench, op, false).map(|m| m.instructions))
        .collect()
}
