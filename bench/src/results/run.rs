//! Running the bench methods on a backend.

use super::model::{Measurement, Row};
use icbls_canister_build::build::CanisterPackage;
use icbls_testkit::backend::{Backend, CanisterId, EMPTY_ARGS};

fn decode<T: candid::CandidType + for<'de> serde::Deserialize<'de>>(bytes: &[u8], what: &str) -> Result<T, String> {
    candid::decode_one(bytes).map_err(|e| format!("{what}: cannot decode the reply: {e}"))
}

fn query(backend: &mut dyn Backend, id: CanisterId, method: &str, arg: &[u8]) -> Result<Vec<u8>, String> {
    let outcome = backend.query(id, method, arg).map_err(|e| format!("{method}: {e}"))?;
    outcome.response.map_err(|reject| format!("{method} was rejected: {reject}"))
}

/// Lists a bench canister's methods through its `benchmarks` query.
pub fn list(backend: &mut dyn Backend, id: CanisterId) -> Result<Vec<String>, String> {
    decode(&query(backend, id, "benchmarks", EMPTY_ARGS)?, "benchmarks")
}

/// The bench methods a canister runs as updates (none if it does not say).
pub fn list_updates(backend: &mut dyn Backend, id: CanisterId) -> Vec<String> {
    query(backend, id, "update_benchmarks", EMPTY_ARGS)
        .and_then(|reply| decode(&reply, "update_benchmarks"))
        .unwrap_or_default()
}

/// The gas Ethereum charges for each precompile row of the bench canister.
pub fn eth_gas(backend: &mut dyn Backend, id: CanisterId) -> Result<Vec<(String, u64)>, String> {
    decode(&query(backend, id, "eth_gas", EMPTY_ARGS)?, "eth_gas")
}

/// Runs one bench method (as a query, or as an update when `update`) on canister `id`
/// reinstalled with `wasm`, and returns what it measured.
///
/// The rule: **a row's figure depends only on its own call.** Each row runs on a fresh instance
/// of its canister, so no earlier row's allocations (an update keeps what it allocated) shape
/// the heap it measures on; a query's own changes are discarded anyway. The phases of a row are
/// profiled on the same fresh instance, right after it is measured.
pub fn measure(
    backend: &mut dyn Backend,
    id: CanisterId,
    wasm: &[u8],
    canister: CanisterPackage,
    method: &str,
    update: bool,
) -> Result<Measurement, String> {
    measure_on(backend, id, wasm, canister.name(), method, update)
}

/// Every method of the example dependent canister (its `benchmarks` list), as queries, each
/// on a fresh instance (see [`measure`]).
pub fn measure_dependent(backend: &mut dyn Backend, id: CanisterId, wasm: &[u8]) -> Result<Vec<Measurement>, String> {
    list(backend, id)?.iter().map(|method| measure_on(backend, id, wasm, "dependent", method, false)).collect()
}

fn measure_on(
    backend: &mut dyn Backend,
    id: CanisterId,
    wasm: &[u8],
    canister: &'static str,
    method: &str,
    update: bool,
) -> Result<Measurement, String> {
    backend
        .reinstall(id, wasm, EMPTY_ARGS)
        .map_err(|e| format!("{method}: reinstalling the {canister} canister: {e}"))?;
    let reply = if update {
        let outcome = backend.update(id, method, EMPTY_ARGS).map_err(|e| format!("{method}: {e}"))?;
        outcome.response.map_err(|reject| format!("{method} was rejected: {reject}"))?
    } else {
        query(backend, id, method, EMPTY_ARGS)?
    };
    let instructions = decode(&reply, method)?;
    Ok(Measurement { canister, method: method.to_string(), arg_hex: hex::encode(EMPTY_ARGS), instructions, update })
}

/// Every bench method of both canisters, as table rows; and the rows of
/// [`PHASE_ROWS`](crate::phases::PHASE_ROWS) cut into phases, each profiled right after it is
/// measured, on the canister in the same state (where the backend can profile: the meter).
pub fn run_all(
    backend: &mut dyn Backend,
    (bench, bench_wasm): (CanisterId, &[u8]),
    (baseline, baseline_wasm): (CanisterId, &[u8]),
    mut progress: impl FnMut(&Row),
) -> Result<(Vec<Row>, Vec<crate::phases::RowPhases>), String> {
    let mut phases = Vec::new();
    let ours = list(backend, bench)?;
    let theirs = list(backend, baseline)?;
    let (our_updates, their_updates) = (list_updates(backend, bench), list_updates(backend, baseline));
    let mut names = ours.clone();
    names.extend(theirs.iter().filter(|m| !ours.contains(m)).cloned());
    let mut rows = Vec::new();
    for name in names {
        let icbls = if ours.contains(&name) {
            Some(measure(backend, bench, bench_wasm, CanisterPackage::Bench, &name, our_updates.contains(&name))?)
        } else {
            None
        };
        if let (Some(m), true) = (&icbls, crate::phases::PHASE_ROWS.contains(&name.as_str())) {
            if let Some(call) = backend.profile_query(bench, &name, EMPTY_ARGS) {
                phases.push(crate::phases::row_phases(&name, call, m.instructions)?);
            }
        }
        let baseline = if theirs.contains(&name) {
            Some(measure(
                backend,
                baseline,
                baseline_wasm,
                CanisterPackage::Baseline,
                &name,
                their_updates.contains(&name),
            )?)
        } else {
            None
        };
        let row = Row { operation: name, icbls, baseline };
        progress(&row);
        rows.push(row);
    }
    phases.sort_by_key(|p| crate::phases::PHASE_ROWS.iter().position(|r| *r == p.operation));
    Ok((rows, phases))
}

/// The version of each named package in the workspace's `Cargo.lock`.
pub fn locked_versions(lock: &str, packages: &[&str]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for block in lock.split("[[package]]") {
        let field = |key: &str| {
            block.lines().find_map(|l| {
                l.strip_prefix(key)
                    .and_then(|v| v.trim().strip_prefix('='))
                    .map(|v| v.trim().trim_matches('"').to_string())
            })
        };
        if let (Some(name), Some(version)) = (field("name"), field("version")) {
            if packages.contains(&name.as_str()) && !out.iter().any(|(n, v)| *n == name && *v == version) {
                out.push((name, version));
            }
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_from_lock() {
        let lock = "[[package]]\nname = \"a\"\nversion = \"1.0\"\n\n[[package]]\nname = \"b\"\nversion = \"2.1\"\n";
        assert_eq!(locked_versions(lock, &["b"]), vec![("b".to_string(), "2.1".to_string())]);
    }
}
