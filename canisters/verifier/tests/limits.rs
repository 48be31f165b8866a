//! Limit tests: every list cap of the verifier (`icbls_verifier_client::service`) measured on
//! its dearest input, in a query (5 billion instructions) and in an update (40 billion): the
//! input at the cap must complete within 85% of the instruction limit, and one element more
//! must be refused with `InputTooLarge` naming the cap. Every MSM and pairing point is
//! decoded and subgroup-checked, every key's proof of possession checked (new keys each time).
//!
//! The verifier's README (`canisters/verifier/README.md`, section "Limits") holds the limits
//! table: the caps and the instructions measured at them; the test checks the caps exactly and
//! the shares within 5 points, and `regenerate limits` (this test with `ICBLS_WRITE_LIMITS=1`)
//! rewrites the table after a change in cost or caps.

use icbls::bls::{min_pk, SecretKey};
use icbls::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use icbls_bench::verifier::*;
use icbls_testkit::backend::backend_from_env;
use icbls_verifier_client::methods;
use icbls_verifier_client::service::{Context, Units, EIP_PAIRING_CAP, G1_MSM_CAP, G2_MSM_CAP};
use std::sync::Mutex;

const LIMITS: [u64; 2] = [icbls_meter::QUERY_LIMIT, icbls_meter::UPDATE_LIMIT];
/// The most of its limit an input at the cap may use.
const HEADROOM: f64 = 0.85;

/// The capped operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    G1Msm,
    G2Msm,
    EipPairing,
    Pairing,
    FastAggregate,
    Aggregate,
    Batch,
}

const OPS: [Op; 7] = [Op::G1Msm, Op::G2Msm, Op::EipPairing, Op::Pairing, Op::FastAggregate, Op::Aggregate, Op::Batch];

impl Op {
    fn name(self) -> &'static str {
        match self {
            Op::G1Msm => "G1 MSM (`eip2537_call` 0x0c), points",
            Op::G2Msm => "G2 MSM (`eip2537_call` 0x0e), points",
            Op::EipPairing => "EIP-2537 pairing check (0x0f), pairs",
            Op::Pairing => "`pairing_check`, pairs (compressed)",
            Op::FastAggregate => "`bls_fast_aggregate_verify`, min-pk keys with new proofs",
            Op::Aggregate => "`bls_aggregate_verify`, min-pk keys with new proofs",
            Op::Batch => "`bls_batch_verify`, min-pk signatures",
        }
    }

    /// The caps in a query and in an update.
    fn caps(self) -> [u64; 2] {
        let items = |method: &str| methods::model(method, None).unwrap().items_cap;
        match self {
            Op::G1Msm => G1_MSM_CAP,
            Op::G2Msm => G2_MSM_CAP,
            Op::EipPairing => EIP_PAIRING_CAP,
            Op::Pairing => items("pairing_check"),
            Op::FastAggregate => items("bls_fast_aggregate_verify"),
            Op::Aggregate => items("bls_aggregate_verify"),
            Op::Batch => items("bls_batch_verify"),
        }
    }

    /// The price model's instructions for `n` elements.
    fn model_instructions(self, n: u64) -> u64 {
        let msg = 32;
        let (method, units) = match self {
            Op::G1Msm => ("eip2537_call", Units { address: Some(0x0c), items: 0, bytes: 160 * n }),
            Op::G2Msm => ("eip2537_call", Units { address: Some(0x0e), items: 0, bytes: 288 * n }),
            Op::EipPairing => ("eip2537_call", Units { address: Some(0x0f), items: 0, bytes: 384 * n }),
            Op::Pairing => ("pairing_check", Units { items: n, ..Units::default() }),
            Op::FastAggregate => ("bls_fast_aggregate_verify", Units { items: n, bytes: msg, address: None }),
            Op::Aggregate => ("bls_aggregate_verify", Units { items: n, bytes: msg * n, address: None }),
            Op::Batch => ("bls_batch_verify", Units { items: n, bytes: msg * n, address: None }),
        };
        methods::model(method, units.address).unwrap().instructions(&units)
    }

    /// What bounds the update's cap.
    fn bound(self) -> &'static str {
        match self {
            Op::G1Msm | Op::G2Msm => "the 2 MiB argument",
            _ => "instructions",
        }
    }
}

fn scalar(i: usize) -> [u8; 32] {
    let mut wide = [0u8; 64];
    for (j, b) in wide.iter_mut().enumerate() {
        *b = (i * 131 + j * 7 + 1) as u8;
    }
    Fr::from_be_bytes_wide(&wide).to_bytes()
}

fn walk_g1(n: usize) -> Vec<G1Affine> {
    let step = G1Projective::generator().mul_vartime(&Fr::from_u64(0x1234_5678_9abc));
    let mut p = step.double();
    let points: Vec<G1Projective> = (0..n)
        .map(|_| {
            p += step;
            p
        })
        .collect();
    let mut out = vec![G1Affine::identity(); n];
    G1Projective::batch_normalize(&points, &mut out);
    out
}

fn walk_g2(n: usize) -> Vec<G2Affine> {
    let step = G2Projective::generator().mul_vartime(&Fr::from_u64(0x1234_5678_9abc));
    let mut p = step.double();
    let points: Vec<G2Projective> = (0..n)
        .map(|_| {
            p += step;
            p
        })
        .collect();
    let mut out = vec![G2Affine::identity(); n];
    G2Projective::batch_normalize(&points, &mut out);
    out
}

/// Secret keys no other call of this test used (proofs are cached by key).
fn keys(n: usize, batch: &mut u64) -> Vec<SecretKey> {
    *batch += 1;
    (0..n)
        .map(|i| {
            SecretKey::key_gen(
                &[(*batch % 250) as u8 + 1; 32],
                &[batch.to_be_bytes(), (i as u64).to_be_bytes()].concat(),
            )
            .unwrap()
        })
        .collect()
}

/// Calls `op` on `n` elements; the reply's `Result`, mapped to `Ok(())` or the error.
fn attempt(v: &mut Verifier, op: Op, n: usize, update: bool, batch: &mut u64) -> Result<(), Error> {
    let msg = b"a 32-byte message to be signed!!".to_vec();
    let reply = match op {
        Op::G1Msm => {
            let input = walk_g1(n)
                .iter()
                .enumerate()
                .flat_map(|(i, p)| [&p.to_eip2537()[..], &scalar(i)[..]].concat())
                .collect();
            v.eip2537_call(0x0c, input, update).map(|r| r.map(|_| ()))
        }
        Op::G2Msm => {
            let input = walk_g2(n)
                .iter()
                .enumerate()
                .flat_map(|(i, p)| [&p.to_eip2537()[..], &scalar(i)[..]].concat())
                .collect();
            v.eip2537_call(0x0e, input, update).map(|r| r.map(|_| ()))
        }
        Op::EipPairing => {
            let (g1, g2) = (walk_g1(n), walk_g2(n));
            let input =
                g1.iter().zip(&g2).flat_map(|(a, b)| [&a.to_eip2537()[..], &b.to_eip2537()[..]].concat()).collect();
            v.eip2537_call(0x0f, input, update).map(|r| r.map(|_| ()))
        }
        Op::Pairing => {
            let (g1, g2) = (walk_g1(n), walk_g2(n));
            let pairs = g1
                .iter()
                .zip(&g2)
                .map(|(a, b)| PairingPair::new(a.to_compressed().to_vec(), b.to_compressed().to_vec()))
                .collect();
            v.pairing_check(pairs, update).map(|r| r.map(|_| ()))
        }
        Op::FastAggregate => {
            let sks = keys(n, batch);
            let sigs: Vec<min_pk::Signature> = sks.iter().map(|s| min_pk::sign(s, &msg)).collect();
            let args = FastAggregateVerifyArgs::new(
                Scheme::MinPk,
                sks.iter().map(|s| min_pk::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect(),
                sks.iter().map(|s| min_pk::pop_prove(s).to_bytes().to_vec()).collect(),
                msg,
                min_pk::Signature::aggregate(&sigs).unwrap().to_bytes().to_vec(),
            );
            v.bls_fast_aggregate_verify(args, update)
        }
        Op::Aggregate => {
            let sks = keys(n, batch);
            let messages: Vec<Vec<u8>> = (0..n).map(|i| [&msg[..24], &(i as u64).to_be_bytes()].concat()).collect();
            let sigs: Vec<min_pk::Signature> = sks.iter().zip(&messages).map(|(s, m)| min_pk::sign(s, m)).collect();
            let args = AggregateVerifyArgs::new(
                Scheme::MinPk,
                sks.iter().map(|s| min_pk::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect(),
                sks.iter().map(|s| min_pk::pop_prove(s).to_bytes().to_vec()).collect(),
                messages,
                min_pk::Signature::aggregate(&sigs).unwrap().to_bytes().to_vec(),
            );
            v.bls_aggregate_verify(args, update)
        }
        Op::Batch => {
            let sks = keys(n, batch);
            let items = sks
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let m = [&msg[..24], &(i as u64).to_be_bytes()].concat();
                    let signature = min_pk::sign(s, &m).to_bytes().to_vec();
                    SignedMessage::new(min_pk::PublicKey::from_secret_key(s).to_bytes().to_vec(), m, signature)
                })
                .collect();
            v.bls_batch_verify(BatchVerifyArgs::new(Scheme::MinPk, items), update)
        }
    };
    reply.unwrap_or_else(|reject| panic!("{}: {n} elements: rejected: {reject}", op.name()))
}

/// The file that holds the limits table, relative to the workspace root.
const README_PATH: &str = "canisters/verifier/README.md";
const START: &str = "<!-- limits:start -->";
const END: &str = "<!-- limits:end -->";

/// The README's row for `op`: (query cap, query share %, update cap, update share %).
fn readme_row(table: &str, op: Op) -> Option<(u64, f64, u64, f64)> {
    let line = table.lines().find(|l| l.starts_with(&format!("| {} |", op.name())))?;
    let cells: Vec<&str> = line.split('|').map(str::trim).collect();
    let share = |cell: &str| -> Option<f64> { cell.split('(').nth(1)?.trim_end_matches("%)").parse().ok() };
    Some((cells.get(2)?.parse().ok()?, share(cells.get(3)?)?, cells.get(4)?.parse().ok()?, share(cells.get(5)?)?))
}

const HEADER: &str = "| operation | cap in a query | instructions at the cap (share of 5B) | cap in an update | instructions at the cap (share of 40B) | the update's cap is bound by |\n|---|---:|---:|---:|---:|---|\n";

/// The verifier's README (`README_PATH`), read and rewritten by one test at a time.
static README: Mutex<()> = Mutex::new(());

/// `op` at its caps, in a query and in an update: the input at the cap completes within
/// [`HEADROOM`] of the limit and within the price model, one element more is refused naming
/// the cap, and the README's row agrees (or, with `ICBLS_WRITE_LIMITS=1`, is rewritten).
fn caps_fit_their_limits_and_one_more_is_refused(op: Op) {
    let mut v = Verifier::install(backend_from_env().unwrap()).unwrap();
    // Keys no other test has used either (each test has its own canister, but the seeds differ).
    let mut batch = 1_000 * op as u64;
    let caps = op.caps();
    let mut cells = Vec::new();
    for (context, update) in [(Context::Query, false), (Context::Update, true)] {
        let cap = caps[context as usize];
        let limit = LIMITS[context as usize];
        let result = attempt(&mut v, op, cap as usize, update, &mut batch);
        assert_eq!(result, Ok(()), "{} at its cap {cap}", op.name());
        let count = v.last_instructions;
        if let Some(count) = count {
            assert!(
                (count as f64) <= HEADROOM * limit as f64,
                "{}: {count} instructions at the cap {cap}, over {HEADROOM} of {limit}",
                op.name()
            );
            // The price model covers the input at the cap too (before its margin).
            let modelled = op.model_instructions(cap);
            assert!(
                count <= modelled,
                "{}: {count} instructions at the cap {cap}, the price model says {modelled}",
                op.name()
            );
        }
        // One more is refused, naming the cap.
        match attempt(&mut v, op, cap as usize + 1, update, &mut batch) {
            Err(Error::InputTooLarge(l)) => {
                let per = match op {
                    Op::G1Msm => 160,
                    Op::G2Msm => 288,
                    Op::EipPairing => 384,
                    _ => 1,
                };
                assert_eq!((l.limit, l.actual), (cap * per, (cap + 1) * per), "{}", op.name());
            }
            other => panic!("{}: {} elements: {other:?}", op.name(), cap + 1),
        }
        let share = count.map(|c| c as f64 * 100.0 / limit as f64);
        eprintln!("{}: cap {cap}: {count:?} instructions ({share:?}%)", op.name());
        cells.push((cap, count, share));
    }
    let cell = |(_, count, share): &(u64, Option<u64>, Option<f64>)| match (count, share) {
        (Some(c), Some(s)) => format!("{} ({s:.1}%)", icbls_bench::format::thousands(*c)),
        _ => "-".into(),
    };
    let row = format!(
        "| {} | {} | {} | {} | {} | {} |",
        op.name(),
        cells[0].0,
        cell(&cells[0]),
        cells[1].0,
        cell(&cells[1]),
        op.bound()
    );

    let _readme = README.lock().unwrap_or_else(|e| e.into_inner());
    let readme_path = icbls_canister_build::build::workspace_root().join(README_PATH);
    let readme = std::fs::read_to_string(&readme_path).unwrap_or_else(|e| panic!("{README_PATH}: {e}"));
    let (Some(a), Some(b)) = (readme.find(START), readme.find(END)) else {
        panic!("{README_PATH} has no {START} ... {END} section")
    };
    let current = &readme[a + START.len()..b];
    if std::env::var_os("ICBLS_WRITE_LIMITS").is_some() {
        // This row in its place (the order of OPS), the others as they are.
        let mut table = String::from(HEADER);
        for other in OPS {
            let line = if other == op {
                Some(row.clone())
            } else {
                current.lines().find(|l| l.starts_with(&format!("| {} |", other.name()))).map(str::to_string)
            };
            if let Some(line) = line {
                table.push_str(&line);
                table.push('\n');
            }
        }
        std::fs::write(&readme_path, format!("{}\n{table}{}", &readme[..a + START.len()], &readme[b..])).unwrap();
        return;
    }
    let (qc, qs, uc, us) = readme_row(current, op).unwrap_or_else(|| {
        panic!("{README_PATH}'s limits table has no row for {}; run `cargo xtask regenerate limits`", op.name())
    });
    assert_eq!(
        (qc, uc),
        (cells[0].0, cells[1].0),
        "{}: {README_PATH}'s caps differ from the verifier's; run `cargo xtask regenerate limits`",
        op.name()
    );
    for ((_, _, share), readme_share) in cells.iter().zip([qs, us]) {
        if let Some(share) = share {
            assert!(
                (share - readme_share).abs() <= 5.0,
                "{}: {share:.1}% measured, {README_PATH} says {readme_share}%; run `cargo xtask regenerate limits`",
                op.name()
            );
        }
    }
}

// One test per operation, so that the test harness runs them side by side (each runs inputs
// of up to 34 billion instructions on the meter).

#[test]
fn g1_msm_caps() {
    caps_fit_their_limits_and_one_more_is_refused(Op::G1Msm);
}

#[test]
fn g2_msm_caps() {
    caps_fit_their_limits_and_one_more_is_refused(Op::G2Msm);
}

#[test]
fn eip2537_pairing_caps() {
    caps_fit_their_limits_and_one_more_is_refused(Op::EipPairing);
}

#[test]
fn pairing_check_caps() {
    caps_fit_their_limits_and_one_more_is_refused(Op::Pairing);
}

#[test]
fn fast_aggregate_verify_caps() {
    caps_fit_their_limits_and_one_more_is_refused(Op::FastAggregate);
}

#[test]
fn aggregate_verify_caps() {
    caps_fit_their_limits_and_one_more_is_refused(Op::Aggregate);
}

#[test]
fn batch_verify_caps() {
    caps_fit_their_limits_and_one_more_is_refused(Op::Batch);
}
