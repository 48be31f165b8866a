//! `bench/RESULTS.md`, `bench/chart.svg` and the README tables from a [`Report`].

use super::model::{CanisterBuild, DependentResult, Measurement, Report, Row, VariantResult};
use crate::format::{share_of, thousands};
use crate::rows::{chart_rows, readme_rows, variant_rows};
use icbls_meter::QUERY_LIMIT;

/// The canisters' tables: sizes and SHA-256 (so a build can be checked against this report),
/// then what the replica's install-time validation measures, against its limits.
fn canisters_table(builds: &[CanisterBuild]) -> String {
    let mut t =
        String::from("| canister | Wasm bytes | Wasm SHA-256 | gzip bytes | gzip SHA-256 |\n|---|---:|---|---:|---|\n");
    for b in builds {
        t.push_str(&format!(
            "| {} | {} | `{}` | {} | `{}` |\n",
            b.name,
            thousands(b.wasm_bytes as u64),
            b.sha256,
            thousands(b.gzip_bytes as u64),
            b.gzip_sha256
        ));
    }
    let Some(first) = builds.first() else { return t };
    let limits = &first.validation;
    let figure = |f: &Option<icbls_meter::FunctionFigure>| {
        f.map_or("-".to_string(), |f| format!("{} (function {})", thousands(f.value), f.function_index))
    };
    t.push_str(&format!(
        "\nEvery canister installs through the replica's validation (`icbls_meter::validate`). \
         Largest function complexity (limit {}), largest function in operators (limit {}), code \
         section (limit {} bytes), functions (limit {}), exported methods (limit {}), `icp:` \
         custom sections and their bytes (limits {} and {}):\n\n\
         | canister | largest complexity | largest function | code section bytes | functions | methods | icp sections | icp bytes |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|\n",
        thousands(limits.complexity_limit),
        thousands(limits.function_size_limit),
        thousands(limits.code_section_size_limit as u64),
        thousands(limits.functions_limit as u64),
        thousands(limits.methods_limit as u64),
        limits.custom_sections_limit,
        thousands(limits.custom_sections_size_limit),
    ));
    for b in builds {
        let v = &b.validation;
        t.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            b.name,
            figure(&v.max_complexity),
            figure(&v.max_function_size),
            thousands(v.code_section_size as u64),
            thousands(v.functions as u64),
            v.methods,
            v.custom_sections,
            thousands(v.custom_sections_size),
        ));
    }
    t
}

/// The README's headline table: the chart's rows and the precompile rows, icbls against the
/// baseline where it has the operation.
pub fn readme_table(report: &Report) -> String {
    let mut names: Vec<&str> = chart_rows();
    names.extend(readme_rows());
    let rows: Vec<Row> = names.iter().filter_map(|n| report.rows.iter().find(|r| r.operation == *n).cloned()).collect();
    table(&rows)
}

/// Replaces the text between `<!-- bench:start -->` and `<!-- bench:end -->` in `readme`.
pub fn with_readme_table(readme: &str, table: &str) -> Option<String> {
    with_readme_section(readme, "bench", table)
}

/// Replaces the text between `<!-- {name}:start -->` and `<!-- {name}:end -->` in `readme`.
pub fn with_readme_section(readme: &str, name: &str, table: &str) -> Option<String> {
    let start = format!("<!-- {name}:start -->");
    let a = readme.find(&start)? + start.len();
    let b = readme.find(&format!("<!-- {name}:end -->"))?;
    (a <= b).then(|| format!("{}\n{table}{}", &readme[..a], &readme[b..]))
}

/// `bench/chart.svg`: the headline operations, icbls against the baseline.
pub fn chart(rows: &[Row]) -> String {
    let bars: Vec<crate::chart::Bar<'_>> = chart_rows()
        .iter()
        .filter_map(|name| rows.iter().find(|r| r.operation == *name))
        .filter_map(|r| {
            Some(crate::chart::Bar {
                operation: &r.operation,
                icbls: r.icbls.as_ref()?.instructions,
                baseline: r.baseline.as_ref().map(|b| b.instructions),
            })
        })
        .collect();
    crate::chart::bar_chart("IC instructions per operation: icbls against the baseline (log scale)", &bars)
}

fn share(m: &Option<Measurement>) -> String {
    match m {
        Some(m) => share_of(m.instructions, QUERY_LIMIT, 4),
        None => "-".into(),
    }
}

fn count(m: &Option<Measurement>) -> String {
    m.as_ref().map_or("-".into(), |m| thousands(m.instructions))
}

/// The results table in Markdown.
pub fn table(rows: &[Row]) -> String {
    let mut t = String::from(
        "| operation | icbls | baseline | baseline / icbls | icbls, share of 5B | baseline, share of 5B |\n\
         |---|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let ratio = r.speedup().map_or("-".into(), |x| format!("{x:.2}x"));
        t.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            r.operation,
            count(&r.icbls),
            count(&r.baseline),
            ratio,
            share(&r.icbls),
            share(&r.baseline)
        ));
    }
    t
}

/// The precompile rows with the gas Ethereum charges and the instructions per unit of gas.
pub fn eth_table(rows: &[Row], gas: &[(String, u64)]) -> String {
    let mut t = String::from(
        "| precompile row | icbls instructions | Ethereum gas | instructions per gas |\n\
         |---|---:|---:|---:|\n",
    );
    for (operation, gas) in gas {
        let Some(m) = rows.iter().find(|r| &r.operation == operation).and_then(|r| r.icbls.as_ref()) else { continue };
        t.push_str(&format!(
            "| {operation} | {} | {} | {} |\n",
            thousands(m.instructions),
            thousands(*gas),
            thousands((m.instructions as f64 / *gas as f64).round() as u64)
        ));
    }
    t
}

/// The kernel variants table, and which variant is cheapest on each operation.
pub fn variants_table(variants: &[VariantResult]) -> String {
    let operations = variant_rows();
    let mut t = String::from("| variant | build |");
    for op in &operations {
        t.push_str(&format!(" {op} |"));
    }
    t.push_str(" Wasm bytes |\n|---|---|");
    t.push_str(&"---:|".repeat(operations.len() + 1));
    t.push('\n');
    for v in variants {
        let name = if v.shipped { format!("**{}** (shipped)", v.name) } else { v.name.clone() };
        t.push_str(&format!("| {name} | {} |", v.description));
        match &v.instructions {
            Ok(counts) => {
                for c in counts {
                    t.push_str(&format!(" {} |", thousands(*c)));
                }
            }
            Err(why) => {
                t.push_str(&format!(" not measured: {why} |"));
                t.push_str(&" |".repeat(operations.len() - 1));
            }
        }
        t.push_str(&format!(" {} |\n", thousands(v.wasm_bytes as u64)));
    }
    t.push('\n');
    t.push_str(&decisions(variants));
    for (i, op) in operations.iter().enumerate() {
        let best =
            variants.iter().filter_map(|v| v.instructions.as_ref().ok().map(|c| (c[i], v))).min_by_key(|(c, _)| *c);
        if let Some((count, v)) = best {
            t.push_str(&format!("- cheapest `{op}`: {} ({})\n", v.name, thousands(count)));
        }
    }
    t
}

/// The example dependent canister's rows: each build of it, then the bench canister's figure
/// for the same row, then the first build against the second (default flags against
/// `+simd128`).
pub fn dependent_table(builds: &[DependentResult], rows: &[Row]) -> String {
    let mut t = String::from("| row |");
    for b in builds {
        t.push_str(&format!(" dependent, {} |", b.name));
    }
    t.push_str(" bench canister |");
    let compared = builds.len() >= 2;
    if compared {
        t.push_str(&format!(" {} against {} |", builds[0].name, builds[1].name));
    }
    t.push_str("\n|---|");
    t.push_str(&"---:|".repeat(builds.len() + 1 + compared as usize));
    t.push('\n');
    let mut names: Vec<&str> = Vec::new();
    for b in builds {
        for m in &b.instructions {
            if !names.contains(&m.method.as_str()) {
                names.push(&m.method);
            }
        }
    }
    let figure =
        |b: &DependentResult, name: &str| b.instructions.iter().find(|m| m.method == name).map(|m| m.instructions);
    for name in names {
        t.push_str(&format!("| {name} |"));
        for b in builds {
            t.push_str(&format!(" {} |", figure(b, name).map_or("-".into(), thousands)));
        }
        let bench = rows.iter().find(|r| r.operation == name).and_then(|r| r.icbls.as_ref());
        t.push_str(&format!(" {} |", bench.map_or("-".into(), |m| thousands(m.instructions))));
        if compared {
            let change = match (figure(&builds[0], name), figure(&builds[1], name)) {
                (Some(a), Some(b)) if b > 0 => format!("{:+.2}%", (a as f64 - b as f64) * 100.0 / b as f64),
                _ => "-".into(),
            };
            t.push_str(&format!(" {change} |"));
        }
        t.push('\n');
    }
    t
}

/// How the builds of the dependent canister were made, one line each.
pub fn dependent_builds(builds: &[DependentResult]) -> String {
    builds.iter().map(|b| format!("- **{}**: {}\n", b.name, b.description)).collect()
}

/// How the shipped build compares with each other variant on `fp12_mul`, where the kernel
/// choices add up.
fn decisions(variants: &[VariantResult]) -> String {
    let col = variant_rows().iter().position(|op| *op == "fp12_mul").expect("fp12_mul is measured");
    let Some(shipped) = variants.iter().find(|v| v.shipped) else { return String::new() };
    let Ok(ours) = &shipped.instructions else { return String::new() };
    let mut out = String::new();
    for v in variants.iter().filter(|v| !v.shipped) {
        if let Ok(theirs) = &v.instructions {
            let change = (theirs[col] as f64 - ours[col] as f64) * 100.0 / ours[col] as f64;
            out.push_str(&format!(
                "- {} against the shipped build: fp12_mul {} ({:+.2}%), Wasm {} bytes\n",
                v.name,
                thousands(theirs[col]),
                change,
                thousands(v.wasm_bytes as u64)
            ));
        }
    }
    out
}

/// `bench/RESULTS.md`.
pub fn markdown(report: &Report) -> String {
    let versions: Vec<String> = report.versions.iter().map(|(n, v)| format!("`{n}` {v}")).collect();
    format!(
        "# icbls benchmark results\n\n\
         Produced by `{command}` on the **{backend}** backend. Do not edit by hand: run the \
         command again.\n\n\
         Each figure is the IC instructions one operation spent inside a query, as the canister \
         read them with `ic0.performance_counter` around the operation (inputs prepared before, \
         the fixed cost of the two counter reads measured in the same message and removed), \
         each row on a freshly reinstalled canister, so that its figure depends on its own call \
         alone. \
         Instructions are weighted as the replica weighs them (`meter/ic-cost-table.md`), so \
         PocketIC should report the same figures (not checked here: no PocketIC server binary \
         is available on these machines; set `POCKET_IC_BIN` to run the command on one). `results.json` names each row's canister, \
         method and Candid argument so that any row can be replayed, for example with \
         `cargo run -p icbls-meter -- call target/wasm32-unknown-unknown/canister/icbls_baseline_canister.wasm g1_add`.\n\n\
         The baseline is {versions}, in a canister built with the same profile. A `-` in the \
         icbls column is an operation the library does not have yet; the ratio is baseline over \
         icbls (higher is better for icbls).\n\n\
         {table}\n\
         Rows measured as update calls (their setup and operation exceed a query's 5B): \
         {updates}. Per-signature rows (`batch_verify_*`) are the batch's total divided by its size.\n\n\
         ![icbls against the baseline](chart.svg)\n\n\
         ## Where the instructions go\n\n\
         The composite rows by phase. Right after a row is measured, its bench method is run \
         once more, on the canister in the same state, under the meter's profile mode \
         (`icbls-meter profile`, see `meter/README.md`), which attributes every instruction to the \
         call stack it was counted under and counts exactly what the unprofiled call counts. The \
         measured region (between the method's last two counter reads) is cut by function name, \
         each stack going to the phase of its innermost frame that marks one (a subgroup check \
         inside a decoder is a subgroup check); \"other\" is the row less the phases, so they add \
         up to the row.\n\n\
         {phases}\
         ## Distance to the model\n\n\
         How far each row is from the operation count of its own formulas. A build of the bench \
         canister with `cfg(icbls_count_ops)` counts, in the same measured region, the field \
         operations the row performs (`icbls::fields::op_count`): Fp products and squares (M), \
         an Fp2 product counting three and an Fp2 square two (Karatsuba and complex squaring, \
         as the papers count them, whatever the kernel does: the shipped one computes an Fp2 \
         product's four schoolbook products in two SIMD lanes and reduces once), Fr products, \
         and inversions. Additions, subtractions, small multiples and reductions are not \
         counted, nor is anything outside the fields (hashing, parsing). The model prices the \
         counts at the measured rows above: M at `fp_mul`, an Fr product at `fr_mul`, an \
         inversion at `fp_inv` or `fr_inv` (the variable-time rows). A ratio below one is a row \
         cheaper than its formulas at one `fp_mul` per product (the paired products of the SIMD \
         kernel); well above one, work outside the count (additions, reductions, hashing, \
         decoding, moves), and the row to attack next.\n\n\
         {distance}\n\
         ## Ethereum precompiles: instructions and gas\n\n\
         The EIP-2537 rows (`eip2537_*`: one precompile call on a valid, typical input, every \
         MSM and pairing point subgroup-checked) and EIP-4844 point evaluation, with the gas \
         Ethereum charges for the same input.\n\n\
         {eth}\n\
         ## The verifier canister, per method\n\n\
         Each figure is the whole message on the meter: Candid decoding of the argument, the \
         operation and the reply, for the input described. Queries are free on the IC today; \
         the last column is what the same call costs as an update on a 13-node subnet \
         (5,000,000 cycles per message plus 1 cycle per instruction, as the IC's cycles-cost \
         reference gives them; ingress bytes are extra). The largest inputs that fit one \
         message are in the limits table of `canisters/verifier/README.md` (`canisters/verifier/tests/limits.rs` finds them).\n\n\
         {endpoints}\n\
         ## As a dependency\n\n\
         The example dependent canister (`examples/dependent-canister`: its own crate and \
         `Cargo.lock`, icbls as a path dependency, no profile settings) verifies through the \
         public API, each method measuring the call with `ic0.performance_counter` as the \
         bench canister does. It is built as a user builds a canister, \
         `cargo build --release --target wasm32-unknown-unknown`, without this workspace's \
         `canister` profile or `.cargo/config.toml`:\n\n\
         {dependent_builds}\n\
         {dependent}\n\
         ## Kernel variants\n\n\
         The same bench canister built other ways, measured by the same command on the same \
         operations. The shipped build is the one above: `simd128` is on for the whole build \
         because the two-lane products make every tower operation cheaper (compare the scalar \
         row); without the flag (a dependent's build) the functions that hold them enable \
         `simd128` themselves (the row without the flag).\n\n\
         {variants}\n\
         ## Canister Wasm\n\n\
         What ships: profile `canister` (opt-level 3, no fat LTO, 16 codegen units, \
         `panic = \"abort\"`), `simd128` (`.cargo/config.toml`), no `wasm-opt`, built by the \
         toolchain `rust-toolchain.toml` pins, with the canister's `.did` added as \
         `icp:public candid:service` metadata. `cargo xtask build` \
         writes each as `target/canisters/<name>.wasm` and the `.wasm.gz` that `dfx.json` \
         deploys; a build from a clean clone gives the same hashes (`.ci/run` checks it).\n\n\
         {canisters}",
        command = report.command,
        backend = report.backend,
        versions = versions.join(", "),
        canisters = canisters_table(&report.canisters),
        table = table(&report.rows),
        phases = crate::phases::phase_tables(&report.phases),
        distance = crate::distance::distance_table(&report.model, &report.rows),
        updates = updates_list(&report.rows),
        eth = eth_table(&report.rows, &report.eth_gas),
        endpoints = crate::endpoints::endpoint_table(&report.endpoints),
        variants = variants_table(&report.variants),
        dependent_builds = dependent_builds(&report.dependent),
        dependent = dependent_table(&report.dependent, &report.rows),
    )
}

fn updates_list(rows: &[Row]) -> String {
    let names: Vec<String> = rows
        .iter()
        .filter(|r| [&r.icbls, &r.baseline].iter().any(|m| m.as_ref().is_some_and(|m| m.update)))
        .map(|r| format!("`{}`", r.operation))
        .collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_without_icbls_have_no_ratio() {
        let m = |n| {
            Some(Measurement {
                canister: "x",
                method: "m".into(),
                arg_hex: String::new(),
                instructions: n,
                update: false,
            })
        };
        let row = Row { operation: "op".into(), icbls: None, baseline: m(10) };
        assert_eq!(row.speedup(), None);
        let row = Row { operation: "op".into(), icbls: m(5), baseline: m(10) };
        assert_eq!(row.speedup(), Some(2.0));
        assert!(table(&[row]).contains("| op | 5 | 10 | 2.00x |"));
    }
}
