//! The regression guard, `cargo xtask check [PREFIX...]`: measures
//! the bench canister's rows (all of them, or those whose names start with one of the prefixes)
//! and compares each with the figure `bench/results.json` records. IC instruction counts are
//! deterministic, so any change is the code's; the tolerance says how much worse a row may get
//! on purpose before the run fails. `.ci/run` checks the rows the others are built from (fields,
//! pairing, BLS verification, certificates); `--check` alone checks every row.

use std::collections::BTreeMap;

/// How much worse than its recorded figure a row may be, in millionths (0.5%).
pub const TOLERANCE_PPM: u64 = 5_000;

/// The icbls figure of each row `results.json` records.
pub fn recorded_rows(results_json: &str) -> Result<BTreeMap<String, u64>, String> {
    let report: serde_json::Value =
        serde_json::from_str(results_json).map_err(|e| format!("bench/results.json: {e}"))?;
    let rows = report["rows"].as_array().ok_or("bench/results.json: no `rows` array")?;
    let mut recorded = BTreeMap::new();
    for row in rows {
        let operation = row["operation"].as_str().ok_or("bench/results.json: a row without `operation`")?;
        if let Some(instructions) = row["icbls"]["instructions"].as_u64() {
            recorded.insert(operation.to_string(), instructions);
        }
    }
    Ok(recorded)
}

/// Whether `operation` is one of those `prefixes` select (all when there are none).
pub fn selected(operation: &str, prefixes: &[String]) -> bool {
    prefixes.is_empty() || prefixes.iter().any(|p| operation.starts_with(p.as_str()))
}

/// One row's comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The bench method.
    pub operation: String,
    /// The committed figure, `None` for a row `results.json` does not have yet.
    pub recorded: Option<u64>,
    /// This run's figure.
    pub measured: u64,
}

impl Comparison {
    /// Whether the row got worse than [`TOLERANCE_PPM`] allows (a new row never does).
    pub fn regressed(&self) -> bool {
        self.recorded.is_some_and(|r| {
            u128::from(self.measured) * 1_000_000 > u128::from(r) * u128::from(1_000_000 + TOLERANCE_PPM)
        })
    }

    /// The change as a signed percentage of the recorded figure.
    pub fn change_percent(&self) -> Option<f64> {
        self.recorded.filter(|&r| r > 0).map(|r| (self.measured as f64 - r as f64) * 100.0 / r as f64)
    }

    /// One line of the report.
    pub fn line(&self) -> String {
        let measured = crate::format::thousands(self.measured);
        match (self.recorded, self.change_percent()) {
            (Some(r), Some(change)) => format!(
                "{:<34} {:>15} -> {:>15} ({change:+.3}%){}",
                self.operation,
                crate::format::thousands(r),
                measured,
                if self.regressed() { "  WORSE" } else { "" }
            ),
            _ => format!("{:<34} {:>15} -> {:>15} (new row)", self.operation, "-", measured),
        }
    }
}

/// Compares measured rows with the recorded ones.
pub fn compare(recorded: &BTreeMap<String, u64>, measured: &[(String, u64)]) -> Vec<Comparison> {
    measured
        .iter()
        .map(|(operation, m)| Comparison {
            operation: operation.clone(),
            recorded: recorded.get(operation).copied(),
            measured: *m,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(recorded: Option<u64>, measured: u64) -> Comparison {
        Comparison { operation: "op".into(), recorded, measured }
    }

    #[test]
    fn the_tolerance_is_half_a_percent() {
        assert!(!row(Some(1_000_000), 1_005_000).regressed());
        assert!(row(Some(1_000_000), 1_005_001).regressed());
        assert!(!row(Some(1_000_000), 10).regressed());
        assert!(!row(None, u64::MAX).regressed());
        assert!(row(Some(u64::MAX / 2), u64::MAX).regressed());
    }

    #[test]
    fn rows_are_read_from_the_report() {
        let json = r#"{"rows": [
            {"operation": "fp_mul", "icbls": {"instructions": 1795}, "baseline": null},
            {"operation": "only_baseline", "icbls": null, "baseline": {"instructions": 7}}
        ]}"#;
        let recorded = recorded_rows(json).unwrap();
        assert_eq!(recorded.len(), 1);
        assert_eq!(recorded["fp_mul"], 1795);
        let c = compare(&recorded, &[("fp_mul".into(), 1900), ("new".into(), 5)]);
        assert!(c[0].regressed());
        assert_eq!(c[1].recorded, None);
        assert!(c[0].line().ends_with("WORSE"), "{}", c[0].line());
    }

    #[test]
    fn prefixes_select_rows() {
        let p = vec!["fp".to_string(), "bls_".to_string()];
        assert!(selected("fp2_mul", &p) && selected("bls_min_sig_verify", &p));
        assert!(!selected("g1_add", &p));
        assert!(selected("g1_add", &[]));
    }
}
