//! The distance to the model: each row tagged `model` beside the operation count of the
//! formulas it runs, priced at the measured cost of one operation.
//!
//! The counts come from a build of the bench canister with `cfg(icbls_count_ops)`, in which
//! icbls counts its field operations (`icbls::fields::op_count`) and each bench method answers
//! the counts of its measured region (`icbls_harness::op_count`) instead of instructions. An
//! Fp2 product counts three Fp products and an Fp2 square two, as the papers count them, so
//! the model is the formulas' and not the kernel's; additions and reductions are not counted.

use crate::format::thousands;
use crate::results::Row;
use icbls_harness::op_count::Counts;
use serde::Serialize;

/// The bench canister's counting build.
pub const COUNTING_BUILD: icbls_canister_build::build::Variant = icbls_canister_build::build::Variant {
    name: "field operations counted",
    description: "the shipped build with `ICBLS_COUNT_OPS=1` (`cfg(icbls_count_ops)`): icbls counts its field operations and the bench methods answer the counts",
    folder: "with-flags",
    env: &[("ICBLS_COUNT_OPS", "1")],
    rustflags: None,
};

/// One row's count.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ModelRow {
    /// The row (the bench method).
    pub operation: String,
    /// Fp products and squares, an Fp2 product counting three and an Fp2 square two.
    pub fp_products: u64,
    /// Fr products and squares.
    pub fr_products: u64,
    /// Fp inversions.
    pub fp_inversions: u64,
    /// Fr inversions.
    pub fr_inversions: u64,
}

impl ModelRow {
    /// The row's counts, from its method's answer on the counting build.
    pub fn new(operation: &str, answer: u64) -> ModelRow {
        let Counts { fp_products, fr_products, fp_inversions, fr_inversions } = icbls_harness::op_count::unpack(answer);
        ModelRow { operation: operation.into(), fp_products, fr_products, fp_inversions, fr_inversions }
    }

    /// The count priced at the measured unit operations.
    fn model_instructions(&self, prices: &Prices) -> u64 {
        self.fp_products * prices.fp_mul
            + self.fr_products * prices.fr_mul
            + self.fp_inversions * prices.fp_inv
            + self.fr_inversions * prices.fr_inv
    }
}

/// The counts the formulas fix, which a counting build must reproduce: an Fp2 product is
/// three Fp products (Karatsuba), an Fp12 product 54 (Karatsuba over Fp6 and Fp2, 18 Fp2
/// products), an Fp12 squaring 36 (two Fp6 products).
const KNOWN_COUNTS: [(&str, u64); 3] = [("fp2_mul", 3), ("fp12_mul", 54), ("fp12_square", 36)];

/// An error when a row of [`KNOWN_COUNTS`] was counted otherwise: the counting build or the
/// packing of its answers is broken, and no count of the report can be trusted.
pub fn check_known_counts(model: &[ModelRow]) -> Result<(), String> {
    for (operation, expected) in KNOWN_COUNTS {
        match model.iter().find(|m| m.operation == operation) {
            Some(m) if m.fp_products == expected && m.fr_products == 0 && m.fp_inversions + m.fr_inversions == 0 => {}
            Some(m) => {
                return Err(format!("the counting build counted {operation} as {m:?}, not {expected} Fp products"))
            }
            None => return Err(format!("the counting build did not count {operation}")),
        }
    }
    Ok(())
}

/// The measured cost of one operation of each kind counted.
struct Prices {
    fp_mul: u64,
    fr_mul: u64,
    fp_inv: u64,
    fr_inv: u64,
}

/// The rows that price the counts.
const PRICE_ROWS: [&str; 4] = ["fp_mul", "fr_mul", "fp_inv", "fr_inv"];

fn icbls_figure(rows: &[Row], operation: &str) -> Option<u64> {
    rows.iter().find(|r| r.operation == operation).and_then(|r| r.icbls.as_ref()).map(|m| m.instructions)
}

/// The Markdown table: each counted row's figure, its count, the count priced, and the
/// figure over the priced count. Empty when nothing was counted.
pub fn distance_table(model: &[ModelRow], rows: &[Row]) -> String {
    let [fp_mul, fr_mul, fp_inv, fr_inv] = PRICE_ROWS.map(|r| icbls_figure(rows, r));
    let (Some(fp_mul), Some(fr_mul), Some(fp_inv), Some(fr_inv)) = (fp_mul, fr_mul, fp_inv, fr_inv) else {
        return "The rows that price the counts (`fp_mul`, `fr_mul`, `fp_inv`, `fr_inv`) were not measured.\n".into();
    };
    if model.is_empty() {
        return "No row was counted.\n".into();
    }
    let prices = Prices { fp_mul, fr_mul, fp_inv, fr_inv };
    let mut out = String::from(
        "| operation | icbls | Fp products (M) | Fr products | inversions (Fp + Fr) | model | icbls / model |\n\
         |---|---:|---:|---:|---:|---:|---:|\n",
    );
    for m in model {
        let measured = icbls_figure(rows, &m.operation);
        let modelled = m.model_instructions(&prices);
        let ratio = match measured {
            Some(x) if modelled > 0 => format!("{:.2}", x as f64 / modelled as f64),
            _ => "-".into(),
        };
        out += &format!(
            "| {} | {} | {} | {} | {} + {} | {} | {} |\n",
            m.operation,
            measured.map_or("-".into(), thousands),
            thousands(m.fp_products),
            thousands(m.fr_products),
            m.fp_inversions,
            m.fr_inversions,
            thousands(modelled),
            ratio
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::Measurement;

    fn row(operation: &str, instructions: u64) -> Row {
        let m = Measurement {
            canister: "bench",
            method: operation.into(),
            arg_hex: String::new(),
            instructions,
            update: false,
        };
        Row { operation: operation.into(), icbls: Some(m), baseline: None }
    }

    #[test]
    fn the_model_prices_each_count_at_its_row() {
        let rows = [
            row("fp_mul", 1_000),
            row("fr_mul", 500),
            row("fp_inv", 30_000),
            row("fr_inv", 20_000),
            row("op", 100_000),
        ];
        let answer = icbls_harness::op_count::pack(Counts {
            fp_products: 54,
            fr_products: 2,
            fp_inversions: 1,
            fr_inversions: 1,
        })
        .unwrap();
        let model = [ModelRow::new("op", answer)];
        // 54·1,000 + 2·500 + 30,000 + 20,000 = 105,000; 100,000 / 105,000 = 0.95.
        assert!(distance_table(&model, &rows).contains("| op | 100,000 | 54 | 2 | 1 + 1 | 105,000 | 0.95 |"));
        assert!(distance_table(&model, &rows[1..]).contains("were not measured"));
    }

    #[test]
    fn a_broken_count_of_a_known_formula_is_an_error() {
        let row = |operation: &str, fp_products| ModelRow {
            operation: operation.into(),
            fp_products,
            fr_products: 0,
            fp_inversions: 0,
            fr_inversions: 0,
        };
        let good = [row("fp2_mul", 3), row("fp12_mul", 54), row("fp12_square", 36)];
        assert_eq!(check_known_counts(&good), Ok(()));
        assert!(check_known_counts(&[row("fp2_mul", 4), row("fp12_mul", 54), row("fp12_square", 36)]).is_err());
        assert!(check_known_counts(&good[..2]).is_err());
    }
}
