//! `cargo run --release -p icbls-bench`: builds the bench, baseline and verifier canisters, runs every
//! bench method on the backend (PocketIC when `POCKET_IC_BIN` is set, the meter otherwise),
//! prints the tables and writes the report: `bench/RESULTS.md`, `bench/results.json`,
//! `bench/chart.svg` and the README's tables of figures (a fresh clone writes them byte for byte
//! as committed);
//! the verifier canister's methods are measured too, and the composite rows are profiled into
//! phases (`icbls_bench::phases`; `phases` prints them alone). `vectors [PATH...]` instead runs
//! vector files through the verifier canister (the conformance runner, `src/vectors/`; by
//! default the whole public vectors directory, `../shared/vectors` or `ICBLS_VECTORS`).
//! `regenerate [--check] [NAME...]` runs the writer of every generated file
//! (`icbls_bench::regenerate`).

use icbls_bench::build::{
    build_canisters, build_dependent, build_variant, workspace_root, CanisterPackage, DependentBuild, Variant,
    WITHOUT_SIMD128_FLAG,
};
use icbls_bench::check;
use icbls_bench::results::{self, DependentResult, Report, VariantResult, VARIANT_ROWS};
use icbls_bench::verifier::Verifier;
use icbls_bench::{backend_from_env, Backend, EMPTY_ARGS};

const COMMAND: &str = "cargo run --release -p icbls-bench";

/// The kernel builds measured against the shipped one.
const VARIANTS: &[Variant] = &[
    WITHOUT_SIMD128_FLAG,
    Variant {
        name: "radix30 + simd128, operands in sight",
        description: "the shipped kernels with the limbs of p, which they hide behind an opaque identity swizzle, left in sight of the optimizer (`--cfg icbls_visible_operands`): LLVM turns `extmul` on them into an extension and an `i64x2.mul` (4 instructions instead of 1) and the `m_k` swizzle into a shuffle",
        kernel: None,
        rustflags: Some("-C target-feature=+simd128 --cfg icbls_visible_operands"),
    },
    Variant {
        name: "radix30, scalar",
        description: "the radix-2^30 kernel without its `simd128` products (`ICBLS_KERNEL=radix30`, no `simd128`): scalar products, Karatsuba Fp2 with deferred reductions, eager Fp6 reductions",
        kernel: Some("radix30"),
        rustflags: Some(""),
    },
    Variant {
        name: "native64",
        description: "6 x 64-bit saturated kernel, `u128` products (calls to `__multi3`)",
        kernel: Some("native64"),
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    // The bench measures public test data (a certificate, signatures, a KZG proof, a committee):
    // the report, its check and the conformance runner read them from the vectors directory.
    if matches!(args.first().map(String::as_str), None | Some("--check")) && !icbls_testkit::vectors::dir().is_dir() {
        return Err(icbls_testkit::vectors::not_found_line("(all)"));
    }
    match args.first().map(String::as_str) {
        None => {}
        Some("--check") => return check(&args[1..]),
        Some("vectors") => return vectors(&args[1..]),
        Some("call") if args.len() > 1 => return call(&args[1..]),
        Some("build") => return build(&args[1..]),
        Some("phases") if args.len() == 1 => return phases(),
        Some("regenerate") => return regenerate(&args[1..]),
        Some(other) => {
            return Err(format!(
                "unknown argument {other:?}; usage: {COMMAND} [--check [PREFIX...] | \
                 build [CANISTER...] | phases | vectors [PATH...] | call METHOD [CANDID_ARGS] [--update] | \
                 regenerate [--check] [NAME...]]"
            ));
        }
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
    let (backend_name, rows, phases, eth_gas, endpoints, variants, dependent) = std::thread::scope(|s| {
        let variant_builds = s.spawn(|| {
            VARIANTS
                .iter()
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
        for (v, built) in VARIANTS.iter().zip(variant_builds.join().expect("the variant builds panicked")) {
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
        Ok::<_, String>((backend.name(), rows, phases, eth_gas, endpoints, variants, dependent))
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

/// `--check [PREFIX...]`: measures the bench canister's rows (those whose names start with a
/// prefix, or all) and fails when one is more than 0.5% worse than `bench/results.json` says
/// (`icbls_bench::check`). Writes nothing.
fn check(prefixes: &[String]) -> Result<(), String> {
    let path = workspace_root().join("bench/results.json");
    let json = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let recorded = check::recorded_rows(&json)?;
    let wasm = build_canisters(&[CanisterPackage::Bench])?.remove(0);
    let mut backend = backend_from_env()?;
    let bench = backend.install(&wasm, EMPTY_ARGS)?;
    let updates = results::list_updates(backend.as_mut(), bench);
    let mut measured = Vec::new();
    for operation in results::list(backend.as_mut(), bench)? {
        if check::selected(&operation, prefixes) {
            let m = results::measure(
                backend.as_mut(),
                bench,
                &wasm,
                CanisterPackage::Bench,
                &operation,
                updates.contains(&operation),
            )?;
            measured.push((operation, m.instructions));
        }
    }
    if measured.is_empty() {
        return Err(format!("no bench row starts with any of {prefixes:?}"));
    }
    let comparisons = check::compare(&recorded, &measured);
    for c in &comparisons {
        println!("{}", c.line());
    }
    let worse: Vec<&str> = comparisons.iter().filter(|c| c.regressed()).map(|c| c.operation.as_str()).collect();
    if worse.is_empty() {
        println!("{} rows, none more than 0.5% worse than bench/results.json", comparisons.len());
        Ok(())
    } else {
        Err(format!("{} rows are more than 0.5% worse than bench/results.json: {}", worse.len(), worse.join(", ")))
    }
}

/// `phases`: builds the bench canister and prints the phase tables of the composite rows
/// (`icbls_bench::phases`), profiled on a freshly installed canister. Writes nothing. (The main
/// job profiles each row on the canister in the state it was measured in, after the update rows
/// before it: `point_evaluation` there spends 72 more instructions of allocation, in "other".)
fn phases() -> Result<(), String> {
    let wasm = build_canisters(&[CanisterPackage::Bench])?.remove(0);
    let rows = icbls_bench::phases::profile_rows(&wasm)?;
    println!("{}", icbls_bench::phases::phase_tables(&rows));
    Ok(())
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
    let dir = icbls_bench::build::artifacts_dir();
    for (c, w) in chosen.iter().zip(&wasm) {
        let b = results::CanisterBuild::new(c.name(), w)?;
        println!("{}/{}.wasm     sha256 {}", dir.display(), c.stem(), b.sha256);
        println!("{}/{}.wasm.gz  sha256 {}", dir.display(), c.stem(), b.gzip_sha256);
    }
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
    Ok(DependentResult {
        name: build.name.into(),
        description: build.description.into(),
        wasm_bytes: wasm.len(),
        instructions,
    })
}

/// `regenerate [--check] [NAME...]`: runs the writer of every generated file (or of those
/// named), and with `--check` fails when one then differs from the commit
/// (`icbls_bench::regenerate`).
fn regenerate(args: &[String]) -> Result<(), String> {
    let check = args.iter().any(|a| a == "--check");
    let names: Vec<String> = args.iter().filter(|a| *a != "--check").cloned().collect();
    let generators = icbls_bench::regenerate::select(&names)?;
    icbls_bench::regenerate::run(&workspace_root(), &generators, check)
}

/// `vectors [PATH...]`: runs vector files through the verifier canister, one line per file;
/// fails when any case fails.
fn vectors(paths: &[String]) -> Result<(), String> {
    let mut paths: Vec<std::path::PathBuf> = paths.iter().map(std::path::PathBuf::from).collect();
    if paths.is_empty() {
        // The public vectors directory the tests and the main job read.
        let dir = icbls_testkit::vectors::dir();
        if !dir.is_dir() {
            return Err(icbls_testkit::vectors::not_found_line("(all)"));
        }
        paths.push(dir);
    }
    let mut verifier = Verifier::install(backend_from_env()?)?;
    eprintln!("icbls-bench: running vectors on the {} backend", verifier.backend.name());
    if icbls_bench::vectors::run_vectors(&paths, &mut verifier, &mut std::io::stdout())? {
        Ok(())
    } else {
        Err("some vectors failed (see above)".into())
    }
}

/// `call METHOD [ARGS] [--update]`: calls a verifier method on the backend with Candid text
/// arguments (typed by `verifier.did`) and prints the reply as Candid text, with the
/// instructions the message took.
fn call(args: &[String]) -> Result<(), String> {
    let update = args.iter().any(|a| a == "--update");
    let rest: Vec<&String> = args.iter().filter(|a| *a != "--update").collect();
    let method = rest[0].as_str();
    let text = rest.get(1).map_or("()", |s| s.as_str());
    let did_path = workspace_root().join("canisters/verifier/verifier.did");
    let did = std::fs::read_to_string(&did_path).map_err(|e| format!("{}: {e}", did_path.display()))?;
    let (env, actor) =
        candid_parser::utils::CandidSource::Text(&did).load().map_err(|e| format!("verifier.did: {e}"))?;
    let actor = actor.ok_or("verifier.did has no service")?;
    let func = env.get_method(&actor, method).map_err(|e| format!("{method}: {e}"))?.clone();
    let arg_types = func.args.clone();
    let parsed = candid_parser::parse_idl_args(text).map_err(|e| format!("the arguments: {e}"))?;
    let bytes = parsed.to_bytes_with_types(&env, &arg_types).map_err(|e| format!("the arguments: {e}"))?;
    let mut verifier = Verifier::install(backend_from_env()?)?;
    let reply: Vec<u8> = if update {
        verifier.backend.update(verifier.id, method, &bytes)?
    } else {
        verifier.backend.query(verifier.id, method, &bytes)?
    }
    .response
    .map_err(|reject| format!("{method} was rejected: {reject}"))?;
    let decoded =
        candid::IDLArgs::from_bytes_with_types(&reply, &env, &func.rets).map_err(|e| format!("the reply: {e}"))?;
    println!("{decoded}");
    Ok(())
}

/// Installs a bench canister build and measures the variant rows on it.
fn variant_rows(backend: &mut dyn Backend, wasm: &[u8]) -> Result<Vec<u64>, String> {
    let id = backend.install(wasm, EMPTY_ARGS)?;
    VARIANT_ROWS
        .iter()
        .map(|op| results::measure(backend, id, wasm, CanisterPackage::Bench, op, false).map(|m| m.instructions))
        .collect()
}
