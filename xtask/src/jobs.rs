//! The jobs that run canisters on the meter (or PocketIC): `check`, `regenerate`, `vectors`,
//! `call`, `phases` (the `jobs` feature).

use icbls_bench::check;
use icbls_bench::results;
use icbls_bench::verifier::Verifier;
use icbls_canister_build::build::{build_canisters, workspace_root, CanisterPackage};
use icbls_testkit::backend::{backend_from_env, EMPTY_ARGS};

/// Runs `job` with its arguments, or `None` when there is no such job (or its arguments do not
/// fit it).
pub fn run(job: &str, args: &[String]) -> Option<Result<(), String>> {
    Some(match job {
        "check" => check(args),
        "regenerate" => regenerate(args),
        "vectors" => vectors(args),
        "call" if !args.is_empty() => call(args),
        "phases" if args.is_empty() => phases(),
        _ => return None,
    })
}

/// `check [PREFIX...]`: measures the bench canister's rows (those whose names start with a
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
