//! The verifier canister's methods on typical and large inputs: the instructions of the whole
//! message (Candid decoding included), their share of the query and update limits, and what
//! they would cost as an update.

use crate::verifier::*;
use icbls::bls::{min_pk, min_sig, SecretKey};
use icbls::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use icbls_harness::light_client::light_client_fixture;
use icbls_testkit::fixtures;
use icbls_verifier_client::methods::METHODS;
use serde::Serialize;

/// One method on one input.
#[derive(Clone, Debug, Serialize)]
pub struct EndpointRow {
    /// The canister method.
    pub method: String,
    /// The input, in words.
    pub input: String,
    /// IC instructions of the whole message (absent where the backend does not count them).
    pub instructions: Option<u64>,
    /// The Candid argument it was called with (a valid input of the method: the fuzz test's
    /// and the price test's example of it). Not in the report.
    #[serde(skip)]
    pub arg: Vec<u8>,
}

/// The execution fee of one update message on a 13-node subnet, in cycles.
pub const UPDATE_BASE_CYCLES: u64 = icbls_verifier_client::service::BASE_FEE_CYCLES as u64;
/// Cycles per instruction on a 13-node subnet.
pub const CYCLES_PER_INSTRUCTION: u64 = icbls_verifier_client::service::CYCLES_PER_INSTRUCTION as u64;

/// A deterministic scalar for input number `i`.
pub fn scalar(i: u64) -> Fr {
    let mut wide = [0u8; 64];
    for (j, b) in wide.iter_mut().enumerate() {
        *b = (i.wrapping_mul(131) as usize + j * 7 + 1) as u8;
    }
    Fr::from_be_bytes_wide(&wide)
}

/// `n` distinct G1 points (multiples of one point).
pub fn g1_points(n: usize) -> Vec<G1Affine> {
    let step = G1Projective::generator().mul_vartime(&scalar(1));
    let mut p = step;
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

/// `n` distinct G2 points.
pub fn g2_points(n: usize) -> Vec<G2Affine> {
    let step = G2Projective::generator().mul_vartime(&scalar(1));
    let mut p = step;
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

/// `n` compressed pairs whose product is one: (a_i P, Q) for i < n - 1, then (-(Σ a_i) P, Q).
pub fn cancelling_pairs(n: usize) -> Vec<PairingPair> {
    let q = G2Affine::generator().to_compressed().to_vec();
    let mut sum = Fr::ZERO;
    let mut pairs = Vec::new();
    for i in 0..n as u64 - 1 {
        sum += scalar(i);
        pairs.push(PairingPair::new(
            G1Projective::generator().mul_vartime(&scalar(i)).to_affine_vartime().to_compressed().to_vec(),
            q.clone(),
        ));
    }
    pairs.push(PairingPair::new(
        G1Projective::generator().mul_vartime(&-sum).to_affine_vartime().to_compressed().to_vec(),
        q,
    ));
    pairs
}

/// An EIP-2537 G1 MSM input of `n` (point, scalar) pairs.
pub fn msm_g1(n: usize) -> Vec<u8> {
    g1_points(n)
        .iter()
        .enumerate()
        .flat_map(|(i, p)| [&p.to_eip2537()[..], &scalar(100 + i as u64).to_bytes()[..]].concat())
        .collect()
}

/// An EIP-2537 G2 MSM input of `n` pairs.
pub fn msm_g2(n: usize) -> Vec<u8> {
    g2_points(n)
        .iter()
        .enumerate()
        .flat_map(|(i, p)| [&p.to_eip2537()[..], &scalar(100 + i as u64).to_bytes()[..]].concat())
        .collect()
}

/// An EIP-2537 pairing-check input of `n` pairs whose product is one.
pub fn eip_pairs(n: usize) -> Vec<u8> {
    cancelling_pairs(n)
        .iter()
        .flat_map(|p| {
            let g1 = G1Affine::from_compressed(&p.g1).expect("valid");
            let g2 = G2Affine::from_compressed(&p.g2).expect("valid");
            [&g1.to_eip2537()[..], &g2.to_eip2537()[..]].concat()
        })
        .collect()
}

/// `n` secret keys.
pub fn keys(n: usize) -> Vec<SecretKey> {
    (0..n)
        .map(|i| {
            SecretKey::key_gen(&[(i % 251) as u8 + 1; 32], &(i as u64).to_be_bytes()).expect("32 bytes of key material")
        })
        .collect()
}

/// `verify_certificate`'s arguments for a certificate given as hex, valid for `canister` at
/// `now`, looking up `/time`.
pub fn certificate(hex_text: &str, canister: &str, now: u64) -> VerifyCertificateArgs {
    VerifyCertificateArgs::new(hex::decode(hex_text.trim()).expect("hex"), vec![vec![b"time".to_vec()]])
        .with_canister_id(principal(canister).expect("a principal"))
        .with_now_ns(now)
}

/// The install argument that sets up the light client for the bench rows' made-up mainnet
/// chain (`icbls_harness::light_client`), whose examples [`measure_endpoints`] sends.
pub fn light_client_setting() -> InitArgs {
    let root = light_client_fixture().trusted_block_root.to_vec();
    InitArgs::default().with_eth_light_client(EthLightClientInit::new("mainnet", root))
}

/// Calls every method on its inputs; a call that fails or returns `Err` is an error (the
/// inputs are valid). Every method of the verifier's table has a row here: the rows are the
/// methods' examples, which the fuzz and price tests also call.
pub fn measure_endpoints(v: &mut Verifier) -> Result<Vec<EndpointRow>, String> {
    let (ivg37_certificate, ivg37_time_ns) = fixtures::ivg37_certificate();
    let (subnet_certificate, subnet_time_ns) = fixtures::subnet_certificate();
    let mut rows = Vec::new();
    let mut row = |v: &mut Verifier, method: &str, input: &str, ok: Result<bool, String>| -> Result<(), String> {
        match ok {
            Ok(true) => {}
            Ok(false) => return Err(format!("{method} ({input}): the canister returned an error on a valid input")),
            Err(e) => return Err(format!("{method} ({input}): {e}")),
        }
        rows.push(EndpointRow {
            method: method.into(),
            input: input.into(),
            instructions: v.last_instructions,
            arg: v.last_arg.clone(),
        });
        Ok(())
    };
    let r = v.version().map(|_| true);
    row(v, "version", "-", r)?;
    let r = v
        .verify_certificate(certificate(&ivg37_certificate, "ivg37-qiaaa-aaaab-aaaga-cai", ivg37_time_ns))
        .map(|r| r.is_ok());
    row(v, "verify_certificate", "mainnet certificate with delegation, 1.2 KB, one lookup", r)?;
    let r = v
        .verify_certificate(certificate(&subnet_certificate, "224od-giaaa-aaaao-ae5vq-cai", subnet_time_ns))
        .map(|r| r.is_ok());
    row(v, "verify_certificate", "mainnet certificate with delegation and sharded ranges, 13 KB", r)?;
    for n in [2, 16, 64] {
        let r = v.pairing_check(cancelling_pairs(n), false).map(|r| r == Ok(true));
        row(v, "pairing_check", &format!("{n} pairs, compressed"), r)?;
    }

    // Signatures.
    let sks = keys(128);
    let msg = b"a 32-byte message to be signed!!".to_vec();
    let sk = &sks[0];
    let r = v
        .bls_verify(BlsVerifyArgs::new(
            Scheme::MinSig,
            min_sig::PublicKey::from_secret_key(sk).to_bytes().to_vec(),
            msg.clone(),
            min_sig::sign(sk, &msg).to_bytes().to_vec(),
        ))
        .map(|r| r.is_ok());
    row(v, "bls_verify", "min-sig, 32-byte message", r)?;
    let r = v
        .bls_verify(BlsVerifyArgs::new(
            Scheme::MinPk,
            min_pk::PublicKey::from_secret_key(sk).to_bytes().to_vec(),
            msg.clone(),
            min_pk::sign(sk, &msg).to_bytes().to_vec(),
        ))
        .map(|r| r.is_ok());
    row(v, "bls_verify", "min-pk, 32-byte message", r)?;
    for n in [16, 128] {
        let sigs: Vec<min_pk::Signature> = sks[..n].iter().map(|s| min_pk::sign(s, &msg)).collect();
        let args = FastAggregateVerifyArgs::new(
            Scheme::MinPk,
            sks[..n].iter().map(|s| min_pk::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect(),
            sks[..n].iter().map(|s| min_pk::pop_prove(s).to_bytes().to_vec()).collect(),
            msg.clone(),
            min_pk::Signature::aggregate(&sigs).expect("nonempty").to_bytes().to_vec(),
        );
        // 128 proof checks are over the query cap: that row is the update twin.
        let update = n > 16;
        let r = v.bls_fast_aggregate_verify(args, update).map(|r| r.is_ok());
        let method = if update { "bls_fast_aggregate_verify_update" } else { "bls_fast_aggregate_verify" };
        row(v, method, &format!("min-pk, {n} keys, each with its proof of possession checked"), r)?;
    }
    let messages: Vec<Vec<u8>> = (0..128u8).map(|i| [&msg[..31], &[i]].concat()).collect();
    let min_sig_sigs: Vec<min_sig::Signature> = sks.iter().zip(&messages).map(|(s, m)| min_sig::sign(s, m)).collect();
    let min_sig_keys: Vec<Vec<u8>> =
        sks.iter().map(|s| min_sig::PublicKey::from_secret_key(s).to_bytes().to_vec()).collect();
    let args = AggregateVerifyArgs::new(
        Scheme::MinSig,
        min_sig_keys[..16].to_vec(),
        vec![],
        messages[..16].to_vec(),
        min_sig::Signature::aggregate(&min_sig_sigs[..16]).expect("nonempty").to_bytes().to_vec(),
    );
    let r = v.bls_aggregate_verify(args, false).map(|r| r.is_ok());
    row(v, "bls_aggregate_verify", "min-sig, 16 keys and messages", r)?;
    for n in [16, 128] {
        let items = (0..n)
            .map(|i| {
                SignedMessage::new(min_sig_keys[i].clone(), messages[i].clone(), min_sig_sigs[i].to_bytes().to_vec())
            })
            .collect();
        let r = v.bls_batch_verify(BatchVerifyArgs::new(Scheme::MinSig, items), false).map(|r| r.is_ok());
        row(v, "bls_batch_verify", &format!("min-sig, {n} signatures on distinct messages"), r)?;
    }

    // Precompiles.
    let g1 = g1_points(2);
    let g2 = g2_points(2);
    let eip: Vec<(&str, String, Vec<u8>)> = vec![
        ("eip2537_g1_add", "two points".into(), [g1[0].to_eip2537(), g1[1].to_eip2537()].concat()),
        ("eip2537_g2_add", "two points".into(), [&g2[0].to_eip2537()[..], &g2[1].to_eip2537()[..]].concat()),
        ("eip2537_g1_msm", "1 pair".into(), msm_g1(1)),
        ("eip2537_g1_msm", "128 pairs".into(), msm_g1(128)),
        ("eip2537_g2_msm", "1 pair".into(), msm_g2(1)),
        ("eip2537_g2_msm", "128 pairs".into(), msm_g2(128)),
        ("eip2537_pairing_check", "2 pairs".into(), eip_pairs(2)),
        ("eip2537_pairing_check", "8 pairs".into(), eip_pairs(8)),
        ("eip2537_map_fp_to_g1", "one field element".into(), [vec![0u8; 32], scalar(5).to_bytes().to_vec()].concat()),
        (
            "eip2537_map_fp2_to_g2",
            "one Fp2 element".into(),
            [vec![0u8; 32], scalar(5).to_bytes().to_vec(), vec![0u8; 32], scalar(6).to_bytes().to_vec()].concat(),
        ),
    ];
    for (method, input, bytes) in eip {
        let r = v.eip2537_method(method, bytes).map(|r| r.is_ok());
        row(v, method, &input, r)?;
    }
    let r = v.eip2537_call(0x0b, [g1[0].to_eip2537(), g1[1].to_eip2537()].concat(), false).map(|r| r.is_ok());
    row(v, "eip2537_call", "0x0b, two points", r)?;
    let input = fixtures::point_evaluation_input();
    let r = v.kzg_point_evaluation(input).map(|r| r.is_ok());
    row(v, "kzg_point_evaluation", "a valid proof (c-kzg correct_proof_4_1)", r)?;
    let r = v.hash_to(false, msg.clone(), min_sig::DST.to_vec()).map(|r| r.is_ok());
    row(v, "hash_to_g1", "32-byte message, the IC's DST", r)?;
    let r = v.hash_to(true, msg, min_pk::DST.to_vec()).map(|r| r.is_ok());
    row(v, "hash_to_g2", "32-byte message, Ethereum's DST", r)?;
    let r = v.drand_verify(fixtures::drand_quicknet_round(), false).map(|r| r.is_ok());
    row(v, "drand_verify", "a quicknet round", r)?;
    let r = v.drand_verify(fixtures::drand_mainnet_round(), false).map(|r| r.is_ok());
    row(v, "drand_verify", "a round of the default chained network", r)?;
    let r = v.verify_canister_signature(fixtures::internet_identity_signature(), false).map(|r| r.is_ok());
    row(v, "verify_canister_signature", "Internet Identity's, mainnet, with a delegation", r)?;
    let (committee, update, _) = fixtures::mainnet_sync_update();
    let r = v.register_sync_committee(committee).map(|r| r.is_ok());
    row(v, "register_sync_committee", "a mainnet committee (512 keys), as an update", r)?;
    let r = v.verify_sync_aggregate(update, false).map(|r| r.is_ok());
    row(v, "verify_sync_aggregate", "a mainnet update, 511 participants", r)?;
    let (vetkey, ibe) = fixtures::vetkey_flow();
    let r = v.call::<_, Result<VerifiedVetKey, Error>>("verify_vetkey", (vetkey,), false).map(|r| r.is_ok());
    row(v, "verify_vetkey", "ic-vetkeys's flow: a given derived key, 7-byte input", r)?;
    let r = v.call::<_, Result<Vec<u8>, Error>>("ibe_encrypt", (ibe,), false).map(|r| r.is_ok());
    row(v, "ibe_encrypt", "ic-vetkeys's flow: a given derived key, 3-byte message", r)?;
    // The Ethereum light client, set up at an upgrade for the bench rows' made-up mainnet chain
    // (`icbls_harness::light_client`): its bootstrap, the update that hands off the next
    // committee, a finality update, and the state.
    v.upgrade(Some(light_client_setting()))?;
    let lc = light_client_fixture();
    let update = |kind, bytes: &[u8]| EthLightClientUpdateArgs::new(kind, "fulu", bytes.to_vec());
    let state = |r: Reply<Result<EthLightClientState, Error>>| r.map(|r| r.is_ok());
    let r =
        state(v.call("eth_light_client_bootstrap", (EthLightClientBootstrapArgs::new("fulu", lc.bootstrap),), true));
    row(v, "eth_light_client_bootstrap", "a mainnet Fulu bootstrap (512 keys), made up", r)?;
    let r = state(v.call("eth_light_client_process", (update(EthLightClientUpdateKind::Update, &lc.handoff),), true));
    row(v, "eth_light_client_process", "an update handing off the next committee (512 keys), 512 signers", r)?;
    let r = state(v.call(
        "eth_light_client_process",
        (update(EthLightClientUpdateKind::FinalityUpdate, &lc.finality),),
        true,
    ));
    row(v, "eth_light_client_process", "a finality update, 512 signers", r)?;
    let r = state(v.call("eth_light_client_state", (), false));
    row(v, "eth_light_client_state", "-", r)?;
    // Every method of the table has an example (`price` is arithmetic on its arguments, which
    // the price and service tests check).
    for m in METHODS.iter().filter(|m| m.name != "price") {
        if !rows.iter().any(|r| r.method == m.name || Some(r.method.as_str()) == m.twin) {
            return Err(format!("{}: no example in icbls_bench::endpoints::measure_endpoints", m.name));
        }
    }
    Ok(rows)
}

/// The per-endpoint table in Markdown.
pub fn endpoint_table(rows: &[EndpointRow]) -> String {
    use crate::format::{share_of, thousands};
    use icbls_meter::{QUERY_LIMIT, UPDATE_LIMIT};
    let mut t = String::from(
        "| method | input | instructions | share of a query (5B) | share of an update (40B) | cycles as an update |\n\
         |---|---|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let (count, q, u, cycles) = match r.instructions {
            Some(n) => (
                thousands(n),
                share_of(n, QUERY_LIMIT, 3),
                share_of(n, UPDATE_LIMIT, 4),
                thousands(UPDATE_BASE_CYCLES + CYCLES_PER_INSTRUCTION * n),
            ),
            None => ("-".into(), "-".into(), "-".into(), "-".into()),
        };
        t.push_str(&format!("| `{}` | {} | {count} | {q} | {u} | {cycles} |\n", r.method, r.input));
    }
    t
}
