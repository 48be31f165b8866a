//! Limit tests: the largest G1 and G2 MSM (EIP-2537 encoding, every point subgroup-checked)
//! and the most `pairing_check` pairs (compressed points) that fit in one query (5 billion
//! instructions) and in one update (40 billion), on the verifier canister. An argument must
//! also fit in an ingress message (2 MiB), which bounds some updates before the instructions
//! do. The test finds the limits and checks them against the README's table; run it with
//! `ICBLS_WRITE_LIMITS=1` to rewrite that table after a change in cost.

use icbls::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use icbls_bench::backend_from_env;
use icbls_bench::verifier::{PairingPair, Verifier};

const QUERY_LIMIT: u64 = 5_000_000_000;
const UPDATE_LIMIT: u64 = 40_000_000_000;
/// The IC's limit on an ingress message's payload.
const MAX_ARGUMENT_BYTES: usize = 2 * 1024 * 1024;
/// Candid's framing around a single `blob` or `vec record` argument is well under this.
const CANDID_SLACK: usize = 64;

/// The operations whose size is searched.
#[derive(Clone, Copy, Debug)]
enum Op {
    G1Msm,
    G2Msm,
    Pairing,
}

impl Op {
    fn name(self) -> &'static str {
        match self {
            Op::G1Msm => "G1 MSM (`eip2537_call` 0x0c), points",
            Op::G2Msm => "G2 MSM (`eip2537_call` 0x0e), points",
            Op::Pairing => "`pairing_check`, pairs (compressed)",
        }
    }

    /// Bytes per element in the argument.
    fn bytes(self) -> usize {
        match self {
            Op::G1Msm => 160,
            Op::G2Msm => 288,
            Op::Pairing => 48 + 96 + 8, // two blobs with their Candid lengths
        }
    }

    /// The search grid: MSM sizes in steps of 16 points, pairs one by one.
    fn step(self) -> usize {
        match self {
            Op::Pairing => 1,
            _ => 16,
        }
    }
}

/// Inputs for up to `n` elements, made once.
struct Inputs {
    g1_msm: Vec<u8>,
    g2_msm: Vec<u8>,
    pairs: Vec<PairingPair>,
}

impl Inputs {
    fn new(g1: usize, g2: usize, pairs: usize) -> Inputs {
        let scalar = |i: usize| {
            let mut wide = [0u8; 64];
            for (j, b) in wide.iter_mut().enumerate() {
                *b = (i * 131 + j * 7 + 1) as u8;
            }
            Fr::from_bytes_wide(&wide).to_bytes()
        };
        let g1_points = walk_g1(g1.max(pairs));
        let g2_points = walk_g2(g2.max(pairs));
        let g1_msm = g1_points[..g1].iter().enumerate().flat_map(|(i, p)| [&p.to_eip2537()[..], &scalar(i)[..]].concat()).collect();
        let g2_msm = g2_points[..g2].iter().enumerate().flat_map(|(i, p)| [&p.to_eip2537()[..], &scalar(i)[..]].concat()).collect();
        let pairs = (0..pairs)
            .map(|i| PairingPair { g1: g1_points[i].to_compressed().to_vec(), g2: g2_points[i].to_compressed().to_vec() })
            .collect();
        Inputs { g1_msm, g2_msm, pairs }
    }
}

fn walk_g1(n: usize) -> Vec<G1Affine> {
    let step = G1Projective::generator().mul_vartime(&Fr::from_u64(0x1234_5678_9abc));
    let mut p = step.double();
    let points: Vec<G1Projective> = (0..n).map(|_| { p += step; p }).collect();
    let mut out = vec![G1Affine::identity(); n];
    G1Projective::batch_normalize(&points, &mut out);
    out
}

fn walk_g2(n: usize) -> Vec<G2Affine> {
    let step = G2Projective::generator().mul_vartime(&Fr::from_u64(0x1234_5678_9abc));
    let mut p = step.double();
    let points: Vec<G2Projective> = (0..n).map(|_| { p += step; p }).collect();
    let mut out = vec![G2Affine::identity(); n];
    G2Projective::batch_normalize(&points, &mut out);
    out
}

/// Runs `op` on `n` elements; `Some(instructions)` (or `Some(0)` when the backend does not
/// count) if it completed within the limit, `None` if not.
fn attempt(v: &mut Verifier, inputs: &Inputs, op: Op, n: usize, update: bool) -> Option<u64> {
    let ok = match op {
        Op::G1Msm => v.eip2537_call(0x0c, inputs.g1_msm[..160 * n].to_vec(), update).map(|r| r.is_ok()),
        Op::G2Msm => v.eip2537_call(0x0e, inputs.g2_msm[..288 * n].to_vec(), update).map(|r| r.is_ok()),
        Op::Pairing => v.pairing_check(inputs.pairs[..n].to_vec(), update).map(|r| r.is_ok()),
    };
    match ok {
        Ok(true) => Some(v.last_instructions.unwrap_or(0)),
        Ok(false) => panic!("{}: the canister rejected a valid input of {n}", op.name()),
        Err(_) => None, // over the instruction limit
    }
}

/// The largest size on `op`'s grid that fits both the instruction limit and the message size.
///
/// The cost is close to linear in the size, so the search predicts the boundary from the two
/// largest sizes measured so far (a secant) and probes there; a probe that does not fit
/// bounds the search from above, and a prediction outside the bounds falls back to bisection.
/// A handful of probes suffice, which matters when each one runs 40 billion instructions.
/// `fits` holds the sizes measured so far with their costs (shared between the query and the
/// update search, so the update's secant starts from sizes near the query limit).
fn largest(v: &mut Verifier, inputs: &Inputs, op: Op, update: bool, fits: &mut Vec<(usize, u64)>) -> usize {
    let limit = if update { UPDATE_LIMIT } else { QUERY_LIMIT };
    let step = op.step();
    let by_bytes = (MAX_ARGUMENT_BYTES - CANDID_SLACK) / op.bytes() / step * step;
    if fits.is_empty() {
        for n in [8 * step, 32 * step] {
            fits.push((n, attempt(v, inputs, op, n, true).expect("a small input fits")));
        }
    }
    // When the largest message fits, the message size is the bound: one probe (made only when
    // the costs so far say it may fit).
    let (a, b) = (fits[fits.len() - 2], fits[fits.len() - 1]);
    let per = b.1.saturating_sub(a.1) as f64 / (b.0 as f64 - a.0 as f64).max(1.0);
    let at_by_bytes = b.1 as f64 + per * (by_bytes as f64 - b.0 as f64);
    if update && at_by_bytes < 1.1 * limit as f64 && attempt(v, inputs, op, by_bytes, update).is_some() {
        return by_bytes;
    }
    // Invariant: `lo` fits (or is the start), `hi` does not (or is past the message size).
    let (mut lo, mut hi) = (0, by_bytes + step);
    while hi - lo > step {
        let (a, b) = (fits[fits.len() - 2], fits[fits.len() - 1]);
        let secant = match b.1 > a.1 && b.0 != a.0 {
            true => {
                let per = (b.1 - a.1) as f64 / (b.0 as f64 - a.0 as f64);
                (b.0 as f64 + (limit as f64 - b.1 as f64) / per) as usize / step * step
            }
            false => 0,
        };
        let n = if secant > lo && secant < hi { secant } else { (lo + hi) / 2 / step * step };
        let n = n.clamp(lo + step, hi - step);
        match attempt(v, inputs, op, n, update) {
            Some(count) => {
                lo = n;
                if count > 0 {
                    fits.push((n, count));
                    fits.sort();
                }
            }
            None => hi = n,
        }
    }
    lo
}

const START: &str = "<!-- limits:start -->";
const END: &str = "<!-- limits:end -->";

/// The README's figures for `op`: (query, update).
fn readme_limits(table: &str, op: Op) -> Option<(usize, usize)> {
    let line = table.lines().find(|l| l.starts_with(&format!("| {} |", op.name())))?;
    let cells: Vec<&str> = line.split('|').map(str::trim).collect();
    Some((cells.get(2)?.parse().ok()?, cells.get(3)?.parse().ok()?))
}

/// Whether `n` is the largest size on the grid that fits: `n` fits, and `n + step` does not
/// (or would not fit in a message).
fn is_boundary(v: &mut Verifier, inputs: &Inputs, op: Op, n: usize, update: bool) -> bool {
    let by_bytes = (MAX_ARGUMENT_BYTES - CANDID_SLACK) / op.bytes() / op.step() * op.step();
    attempt(v, inputs, op, n, update).is_some() && (n == by_bytes || attempt(v, inputs, op, n + op.step(), update).is_none())
}

/// With `ICBLS_WRITE_LIMITS=1` the test searches for the limits and writes the README's table;
/// otherwise it checks that each figure in the table is exactly the boundary (two calls per
/// figure, which keeps the test short: an update call near its limit runs 40 billion
/// instructions on the meter).
#[test]
fn largest_inputs_in_a_query_and_an_update() {
    let mut v = Verifier::install(backend_from_env().unwrap()).unwrap();
    let max = |op: Op| (MAX_ARGUMENT_BYTES / op.bytes()) + op.step();
    let inputs = Inputs::new(max(Op::G1Msm), max(Op::G2Msm), max(Op::Pairing));
    let readme_path = icbls_bench::build::workspace_root().join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let (Some(a), Some(b)) = (readme.find(START), readme.find(END)) else {
        panic!("README.md has no {START} ... {END} section")
    };
    let current = &readme[a + START.len()..b];
    let ops = [Op::G1Msm, Op::G2Msm, Op::Pairing];
    if std::env::var_os("ICBLS_WRITE_LIMITS").is_none() {
        for op in ops {
            let (query, update) = readme_limits(current, op).unwrap_or_else(|| panic!("the README's limits table has no row for {}", op.name()));
            assert!(is_boundary(&mut v, &inputs, op, query, false), "{}: {query} is not the query limit; rerun with ICBLS_WRITE_LIMITS=1", op.name());
            assert!(is_boundary(&mut v, &inputs, op, update, true), "{}: {update} is not the update limit; rerun with ICBLS_WRITE_LIMITS=1", op.name());
        }
        return;
    }
    let mut table = String::from(
        "| operation | largest in one query (5B) | largest in one update (40B) | bound by |\n|---|---:|---:|---|\n",
    );
    for op in ops {
        let mut fits = Vec::new();
        let query = largest(&mut v, &inputs, op, false, &mut fits);
        let update = largest(&mut v, &inputs, op, true, &mut fits);
        let by_bytes = (MAX_ARGUMENT_BYTES - CANDID_SLACK) / op.bytes() / op.step() * op.step();
        let bound = if update == by_bytes { "update: the 2 MiB message size" } else { "instructions" };
        table.push_str(&format!("| {} | {query} | {update} | {bound} |\n", op.name()));
        eprintln!("{}: query {query}, update {update}", op.name());
    }
    std::fs::write(&readme_path, format!("{}\n{table}{}", &readme[..a + START.len()], &readme[b..])).unwrap();
}
