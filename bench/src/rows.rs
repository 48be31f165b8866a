//! The runner's selections of bench rows, drawn from the table of rows
//! (`icbls_harness::bench_rows!`) by their tags.

use icbls_harness::rows::{tagged, Tag};

/// The rows the chart shows: the headline operations, where both libraries have them.
pub fn chart_rows() -> Vec<&'static str> {
    tagged(Tag::Chart)
}

/// The rows the README's headline table adds to [`chart_rows`]: the aggregate and batch
/// verifications and the precompiles.
pub fn readme_rows() -> Vec<&'static str> {
    tagged(Tag::Readme)
}

/// The operations each kernel variant is measured on.
pub fn variant_rows() -> Vec<&'static str> {
    tagged(Tag::Variant)
}

/// The operations counted on the counting build, for the distance to the model.
pub fn model_rows() -> Vec<&'static str> {
    tagged(Tag::Model)
}
