//! What one run of the bench produced, as `bench/results.json` records it.

use serde::Serialize;

/// One measured call: enough to replay it on another meter or on PocketIC.
#[derive(Clone, Debug, Serialize)]
pub struct Measurement {
    /// `bench` or `baseline`.
    pub canister: &'static str,
    /// The query method.
    pub method: String,
    /// The exact Candid argument, hex.
    pub arg_hex: String,
    /// IC instructions the operation spent, as the canister reported them.
    pub instructions: u64,
    /// Whether the method ran as an update call (for operations over a query's limit).
    pub update: bool,
}

/// One row of the table: an operation, measured on each canister that has it.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The operation (the bench method's name).
    pub operation: String,
    /// The `icbls` figure, absent while the library lacks the operation.
    pub icbls: Option<Measurement>,
    /// The baseline figure, absent where the baseline has no such operation.
    pub baseline: Option<Measurement>,
}

impl Row {
    /// Baseline instructions over icbls instructions: how many times cheaper icbls is.
    pub fn speedup(&self) -> Option<f64> {
        match (&self.icbls, &self.baseline) {
            (Some(i), Some(b)) if i.instructions > 0 => Some(b.instructions as f64 / i.instructions as f64),
            _ => None,
        }
    }
}

/// Everything one run produced.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The command that produced it.
    pub command: &'static str,
    /// `meter` or `pocket-ic`.
    pub backend: &'static str,
    /// Versions of the measured libraries, from `Cargo.lock`.
    pub versions: Vec<(String, String)>,
    /// Each shipped canister's Wasm: size and hashes.
    pub canisters: Vec<CanisterBuild>,
    /// The rows, icbls's order first, then baseline-only rows in the baseline's order.
    pub rows: Vec<Row>,
    /// The composite rows ([`PHASE_ROWS`](crate::phases::PHASE_ROWS)) cut into phases from a
    /// profile of their bench method.
    pub phases: Vec<crate::phases::RowPhases>,
    /// The field operations of the rows [`model_rows`](crate::rows::model_rows) names, counted
    /// on the bench canister's counting build ([`crate::distance`]).
    pub model: Vec<crate::distance::ModelRow>,
    /// The kernel variants tried, measured on [`variant_rows`](crate::rows::variant_rows).
    pub variants: Vec<VariantResult>,
    /// The gas Ethereum charges for each precompile row (from the bench canister's `eth_gas`).
    pub eth_gas: Vec<(String, u64)>,
    /// The verifier canister's methods, whole messages.
    pub endpoints: Vec<crate::endpoints::EndpointRow>,
    /// The example dependent canister, built as users build theirs.
    pub dependent: Vec<DependentResult>,
}

/// The example dependent canister (`examples/dependent-canister`) built one way.
#[derive(Clone, Debug, Serialize)]
pub struct DependentResult {
    /// Short name.
    pub name: String,
    /// How it was built. (No Wasm size: cargo hashes a path dependency outside the workspace
    /// by where the checkout is, and the symbol order, so a few bytes of the module, follow.)
    pub description: String,
    /// Its methods (rows of the same name as the bench canister's).
    pub instructions: Vec<Measurement>,
}

/// A shipped canister's Wasm, as the report records it.
#[derive(Clone, Debug, Serialize)]
pub struct CanisterBuild {
    /// `bench`, `baseline` or `verifier`.
    pub name: &'static str,
    /// Size of the Wasm (with its Candid metadata), in bytes.
    pub wasm_bytes: usize,
    /// SHA-256 of the Wasm, the module hash the IC reports once it is installed.
    pub sha256: String,
    /// Size of the gzipped Wasm that is deployed.
    pub gzip_bytes: usize,
    /// SHA-256 of the gzipped Wasm.
    pub gzip_sha256: String,
    /// The replica's install-time checks on the Wasm: its figures against their limits.
    pub validation: icbls_meter::ValidationReport,
}

impl CanisterBuild {
    /// Sizes, hashes and install-time figures of `wasm` and of its deployable gzip; an error
    /// when the replica would refuse to install it.
    pub fn new(name: &'static str, wasm: &[u8]) -> Result<CanisterBuild, String> {
        let validation =
            icbls_meter::validate(wasm).map_err(|e| format!("the replica would refuse the {name} canister: {e}"))?;
        let gzip = icbls_canister_build::artifact::gzip(wasm);
        Ok(CanisterBuild {
            name,
            wasm_bytes: wasm.len(),
            sha256: icbls_canister_build::artifact::sha256_hex(wasm),
            gzip_bytes: gzip.len(),
            gzip_sha256: icbls_canister_build::artifact::sha256_hex(&gzip),
            validation,
        })
    }
}

/// One kernel variant's figures.
#[derive(Clone, Debug, Serialize)]
pub struct VariantResult {
    /// Short name.
    pub name: String,
    /// How it was built.
    pub description: String,
    /// Whether this is the build that ships.
    pub shipped: bool,
    /// Size of the bench canister's Wasm, in bytes.
    pub wasm_bytes: usize,
    /// Instructions per operation of [`variant_rows`](crate::rows::variant_rows), or why the
    /// variant was not measured.
    pub instructions: Result<Vec<u64>, String>,
}
