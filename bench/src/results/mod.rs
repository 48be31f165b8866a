//! Running the bench methods and writing `bench/RESULTS.md` and `bench/results.json`: the
//! report's types ([`model`]), the measuring ([`run`]) and the Markdown, chart and README text
//! ([`render`]).

pub mod model;
pub mod render;
pub mod run;

pub use model::*;
pub use render::*;
pub use run::*;

pub use crate::rows::{chart_rows, model_rows, readme_rows, variant_rows};
