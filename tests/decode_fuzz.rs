//! A short, deterministic fuzz run of every decoder (the coverage-guided targets are in
//! `fuzz/`): random bytes, and valid encodings with bytes and bits changed, which reach far
//! deeper (past the flag and length checks into the curve and subgroup checks).

#[path = "decode/checks.rs"]
mod checks;
use icbls_testkit::library as common;

use common::Rng;
use icbls::{Fr, G1Projective, G2Projective};

/// Valid encodings of a few points of every kind, to mutate.
fn seeds(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for i in 0..4u64 {
        let k = Fr::from_u64(rng.next_u64() | 1);
        let p = if i == 0 { G1Projective::identity() } else { G1Projective::generator().mul_vartime(&k) }
            .to_affine_vartime();
        let q = if i == 0 { G2Projective::identity() } else { G2Projective::generator().mul_vartime(&k) }
            .to_affine_vartime();
        out.extend([p.to_compressed().to_vec(), p.to_uncompressed().to_vec(), p.to_eip2537().to_vec()]);
        out.extend([q.to_compressed().to_vec(), q.to_uncompressed().to_vec(), q.to_eip2537().to_vec()]);
    }
    out
}

fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    match rng.next_u64() % 5 {
        0 => {
            let i = rng.next_u64() as usize % v.len();
            v[i] ^= 1 << (rng.next_u64() % 8);
        }
        1 => {
            let i = rng.next_u64() as usize % v.len();
            v[i] = rng.next_u64() as u8;
        }
        2 => v[0] = (v[0] & 0x1f) | ((rng.next_u64() as u8) << 5),
        3 => {
            let cut = rng.next_u64() as usize % (v.len() + 1);
            v.truncate(cut);
        }
        _ => v.push(rng.next_u64() as u8),
    }
    v
}

#[test]
fn decoders_keep_their_properties_on_mutated_and_random_inputs() {
    let mut rng = Rng::new(2026);
    let seeds = seeds(&mut rng);
    for i in 0..20_000 {
        let data = if i % 4 == 0 {
            let mut v = vec![0u8; (rng.next_u64() % 300) as usize];
            rng.fill(&mut v);
            v
        } else {
            mutate(&mut rng, &seeds[i % seeds.len()])
        };
        checks::check_g1(&data);
        checks::check_g2(&data);
        checks::check_fields(&data);
    }
    for seed in &seeds {
        checks::check_g1(seed);
        checks::check_g2(seed);
    }
}
