//! Where the instructions of the composite rows go: each row's bench method run once under the
//! meter's profile mode (`icbls_meter::Canister::profile`), its measured region (between the
//! method's last two `ic0.performance_counter` reads) cut into phases by function name.
//!
//! Each stack of the region goes to the phase of its innermost frame that marks one (a subgroup
//! check called from a decoder is a subgroup check; hashing called from certificate
//! verification is hashing); stacks with no marking frame are "other". "Other" is the row's
//! figure less the phases, so the phases and "other" add up to the row exactly (the region also
//! holds the counter reads' fixed cost, which the row's figure leaves out: it is in no phase).

use crate::format::thousands;
use icbls_meter::{CallKind, Canister, Profile};

// The phases of a row are taken from a profile of its bench method on the canister in the
// state it was measured in (`run_all` profiles each phase row right after measuring it): the
// bench canister's update rows leave its heap in another state, which moves a few rows by some
// instructions of allocation.
use serde::Serialize;

/// The rows profiled into phases.
pub const PHASE_ROWS: &[&str] =
    &["bls_min_sig_verify", "certificate_verify_with_delegation", "pairing_check_2", "point_evaluation"];

/// A phase: the functions whose frames mark it.
struct Rule {
    name: &'static str,
    /// A frame whose name contains one of these marks the phase.
    contains: &'static [&'static str],
    /// A frame named `.1` (contains) right under a frame named `.0` (contains) marks the phase
    /// too: the phase's function was inlined into `.0`, its callees are what is left of it.
    inlined: &'static [(&'static str, &'static [&'static str])],
    /// What the table says about how the phase is found.
    how: &'static str,
}

const G2_FROM_COMPRESSED: &str = "icbls::groups::g2::G2Affine::from_compressed";
/// The G2 decoder that prepares the point's lines and reads its subgroup check off them.
const G2_PREPARED_FROM_COMPRESSED: &str = "icbls::pairing::lines::G2Prepared::from_compressed";

const RULES: &[Rule] = &[
    Rule {
        name: "decode",
        contains: &[
            "icbls::groups::encoding::",
            "G1Affine::from_compressed",
            "G2Affine::from_compressed",
            "G1Affine::from_uncompressed",
            "G2Affine::from_uncompressed",
            "icbls::certificate::Certificate::decode",
            "icbls::certificate::cbor::",
            "icbls::certificate::bls::decode_signature",
            "icbls::certificate::bls::PublicKey::from_compressed",
            G2_PREPARED_FROM_COMPRESSED,
            "icbls::eip2537::decode",
            "icbls::eip4844::decode",
        ],
        inlined: &[],
        how: "point decoders (`icbls::groups::encoding`, `from_compressed`), certificate CBOR and key/signature decoding; less the subgroup checks and line preparation they call",
    },
    Rule {
        name: "subgroup checks",
        contains: &[
            "is_torsion_free",
            "torsion_free_x_odd_multiple",
            "subgroup_check",
            "in_subgroup",
            "icbls::pairing::lines::G2Prepared::new_checked",
        ],
        inlined: &[
            (
                G2_FROM_COMPRESSED,
                &[
                    "icbls::groups::jacobian::Jacobian<F>::from_point",
                    "icbls::groups::jacobian::Jacobian<F>::mul_u64",
                    "icbls::groups::jacobian::Jacobian<F>::equals",
                    "icbls::groups::g2::psi",
                    "Fp2 as core::ops::arith::Neg",
                ],
            ),
            (G2_PREPARED_FROM_COMPRESSED, &["icbls::groups::g2::psi", "icbls::groups::point::Point<F>::eq", "Fp2 as core::ops::arith::Neg"]),
        ],
        how: "`G1Affine::is_torsion_free` (`torsion_free_x_odd_multiple`); the G2 check is inlined into `G2Affine::from_compressed`: its calls there to `Jacobian::from_point`, `Jacobian::mul_u64`, `psi`, `Jacobian::equals` and `Fp2::neg`; in `G2Prepared::from_compressed`/`new_checked`, which read `[|z|]Q` off the line preparation, only `psi`, `Point::eq` and `Fp2::neg` (and `new_checked` less the preparation it calls)",
    },
    Rule {
        name: "hashing to the curve",
        contains: &["icbls::hash_to_curve::"],
        inlined: &[],
        how: "`icbls::hash_to_curve` (expand_message_xmd, SSWU, isogeny, cofactor clearing)",
    },
    Rule {
        name: "G2 line preparation",
        contains: &["icbls::pairing::lines::G2Prepared::new", "icbls::pairing::lines::G2Prepared::with_last_point"],
        inlined: &[(G2_PREPARED_FROM_COMPRESSED, &["icbls::pairing::lines::doubling_step", "icbls::pairing::lines::addition_step"])],
        how: "`G2Prepared::new` and `G2Prepared::with_last_point` (the lines of `G2Prepared::from_compressed`): the Miller loop's G2 lines, computed ahead",
    },
    Rule {
        name: "Miller loop",
        contains: &["icbls::pairing::miller::"],
        inlined: &[],
        how: "`icbls::pairing::miller`",
    },
    Rule {
        name: "final exponentiation",
        contains: &["icbls::pairing::final_exp::", "MillerLoopResult::final_exponentiation"],
        inlined: &[],
        how: "`icbls::pairing::final_exp`, `MillerLoopResult::final_exponentiation*`",
    },
    Rule {
        name: "scalar multiplication",
        contains: &["::mul_vartime", "icbls::groups::mul::", "icbls::groups::msm::"],
        inlined: &[],
        how: "`mul_vartime`, `icbls::groups::mul`, `icbls::groups::msm` outside the phases above",
    },
    Rule {
        name: "hash tree",
        contains: &["icbls::certificate::tree::"],
        inlined: &[],
        how: "`icbls::certificate::tree` (the certificate's root hash and lookups, SHA-256)",
    },
];

/// One phase of a row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PhaseFigure {
    /// The phase.
    pub phase: String,
    /// Its instructions in the measured region.
    pub instructions: u64,
    /// Where it is found: the functions that mark it.
    pub how: String,
}

/// A composite row cut into phases.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowPhases {
    /// The bench method.
    pub operation: String,
    /// The row's figure.
    pub instructions: u64,
    /// The figure of the profiled call (the same as the row's when the canister was in the
    /// same state).
    pub profiled_instructions: u64,
    /// The phases found, in the order of the rules, then "other".
    pub phases: Vec<PhaseFigure>,
}

/// The phase of a stack of names, outermost first: that of its innermost marking frame.
fn phase_of(names: &[String]) -> Option<usize> {
    for (depth, name) in names.iter().enumerate().rev() {
        for (i, rule) in RULES.iter().enumerate() {
            if rule.contains.iter().any(|c| name.contains(c)) {
                return Some(i);
            }
            let parent = depth.checked_sub(1).map(|d| names[d].as_str());
            if rule.inlined.iter().any(|(p, callees)| {
                parent.is_some_and(|parent| parent.contains(p)) && callees.iter().any(|c| name.contains(c))
            }) {
                return Some(i);
            }
        }
    }
    None
}

/// Cuts `region` (the measured region of a row whose figure is `total`) into phases.
pub fn phases(operation: &str, region: &Profile, total: u64) -> Result<RowPhases, String> {
    let mut sums = vec![0u64; RULES.len()];
    for stack in region.stacks() {
        let names: Vec<String> = stack.frames.iter().map(|&f| region.name(f)).collect();
        if let Some(i) = phase_of(&names) {
            sums[i] += stack.instructions;
        }
    }
    let named: u64 = sums.iter().sum();
    let other = total.checked_sub(named).ok_or_else(|| {
        format!(
            "{operation}: the phases ({named}) exceed the row ({total}): the profiled region is not the measured one"
        )
    })?;
    let mut out: Vec<PhaseFigure> = RULES
        .iter()
        .zip(sums)
        .filter(|(_, n)| *n > 0)
        .map(|(r, n)| PhaseFigure { phase: r.name.into(), instructions: n, how: r.how.into() })
        .collect();
    out.push(PhaseFigure {
        phase: "other".into(),
        instructions: other,
        how: "the rest of the row: the operation's own code and what no phase marks (field inversions, allocation, copies)".into(),
    });
    Ok(RowPhases { operation: operation.into(), instructions: total, profiled_instructions: total, phases: out })
}

/// Cuts a profiled call of bench method `operation` into phases against the row's figure
/// `row` (the profiled call's own figure is kept beside it: they differ when the row was
/// measured on a canister in another state).
pub fn row_phases(operation: &str, call: icbls_meter::ProfiledCall, row: u64) -> Result<RowPhases, String> {
    let outcome = call.outcome.map_err(|e| format!("phases: {operation}: {e}"))?;
    let profiled: u64 = match outcome.response {
        icbls_meter::Response::Reply(bytes) => {
            candid::decode_one(&bytes).map_err(|e| format!("phases: {operation}: {e}"))?
        }
        icbls_meter::Response::Reject(m) => return Err(format!("phases: {operation} was rejected: {m}")),
    };
    let reads = call.profile.counter_reads();
    let region = reads
        .checked_sub(2)
        .and_then(|a| call.profile.between(a, a + 1))
        .ok_or_else(|| format!("phases: {operation} read the counter {reads} times, not at least twice"))?;
    let mut out = phases(operation, &region, row)?;
    out.profiled_instructions = profiled;
    Ok(out)
}

/// Profiles each of [`PHASE_ROWS`] on a freshly installed bench canister (on the meter) and
/// cuts it into phases against its own figure.
pub fn profile_rows(bench_wasm: &[u8]) -> Result<Vec<RowPhases>, String> {
    let mut canister =
        Canister::install(bench_wasm, icbls_testkit::backend::EMPTY_ARGS).map_err(|e| format!("phases: {e}"))?;
    PHASE_ROWS
        .iter()
        .map(|&operation| {
            let call = canister.profile(CallKind::Query, operation, icbls_testkit::backend::EMPTY_ARGS);
            let figure = match &call.outcome {
                Ok(o) => match &o.response {
                    icbls_meter::Response::Reply(bytes) => candid::decode_one(bytes).unwrap_or(0),
                    icbls_meter::Response::Reject(_) => 0,
                },
                Err(_) => 0,
            };
            row_phases(operation, call, figure)
        })
        .collect()
}

/// The phase tables, one per row, in Markdown, then how each phase is found.
pub fn phase_tables(rows: &[RowPhases]) -> String {
    let mut t = String::new();
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for row in rows {
        t.push_str(&format!(
            "**{}** ({} instructions{})\n\n| phase | instructions | share |\n|---|---:|---:|\n",
            row.operation,
            thousands(row.instructions),
            if row.profiled_instructions == row.instructions {
                String::new()
            } else {
                format!(
                    "; profiled on a fresh canister, where it measures {}: \"other\" takes the difference",
                    thousands(row.profiled_instructions)
                )
            }
        ));
        for p in &row.phases {
            t.push_str(&format!(
                "| {} | {} | {} |\n",
                p.phase,
                thousands(p.instructions),
                crate::format::share_of(p.instructions, row.instructions.max(1), 1)
            ));
            if !seen.iter().any(|(name, _)| *name == p.phase) {
                seen.push((&p.phase, &p.how));
            }
        }
        t.push('\n');
    }
    // In the rules' order, "other" last.
    seen.sort_by_key(|(name, _)| RULES.iter().position(|r| r.name == *name).unwrap_or(RULES.len()));
    t.push_str("How each phase is found (frames whose function name contains):\n\n");
    for (name, how) in seen {
        t.push_str(&format!("- {name}: {how}\n"));
    }
    t.push('\n');
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(s: &[&str]) -> Vec<String> {
        s.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_innermost_marking_frame_decides() {
        let decode_then_check = names(&[
            "m",
            "icbls::groups::g2::G2Affine::from_compressed",
            "icbls::groups::jacobian::Jacobian<F>::mul_u64",
            "x",
        ]);
        assert_eq!(phase_of(&decode_then_check).map(|i| RULES[i].name), Some("subgroup checks"));
        let decode =
            names(&["m", "icbls::groups::g2::G2Affine::from_compressed", "icbls::groups::encoding::read_compressed"]);
        assert_eq!(phase_of(&decode).map(|i| RULES[i].name), Some("decode"));
        let hashing = names(&["icbls::certificate::verify_certificate", "icbls::hash_to_curve::hash_to_g1", "y"]);
        assert_eq!(phase_of(&hashing).map(|i| RULES[i].name), Some("hashing to the curve"));
        assert_eq!(phase_of(&names(&["m", "icbls::groups::jacobian::Jacobian<F>::mul_u64"])), None);
    }

    /// The decoder that prepares a G2 point's lines and reads its subgroup check off them:
    /// `new_checked`'s own work (ψ, the comparison) is the check, what `with_last_point` (or
    /// an inlined step) does is line preparation, the rest of the decoder is decoding.
    #[test]
    fn the_fused_g2_decoder_splits_into_its_phases() {
        let from_compressed = "icbls::pairing::lines::G2Prepared::from_compressed";
        let new_checked = "icbls::pairing::lines::G2Prepared::new_checked";
        let with_last_point = "icbls::pairing::lines::G2Prepared::with_last_point";
        let phase = |s: &[&str]| phase_of(&names(s)).map(|i| RULES[i].name);
        assert_eq!(phase(&["m", from_compressed, new_checked, "icbls::groups::g2::psi"]), Some("subgroup checks"));
        assert_eq!(phase(&["m", from_compressed, new_checked]), Some("subgroup checks"));
        let step = "icbls::pairing::lines::doubling_step";
        assert_eq!(phase(&["m", from_compressed, new_checked, with_last_point, step]), Some("G2 line preparation"));
        assert_eq!(phase(&["m", from_compressed, step]), Some("G2 line preparation"));
        assert_eq!(
            phase(&["m", "icbls::pairing::lines::G2Prepared::new", with_last_point]),
            Some("G2 line preparation")
        );
        assert_eq!(phase(&["m", from_compressed, "icbls::groups::encoding::read_compressed"]), Some("decode"));
    }
}
