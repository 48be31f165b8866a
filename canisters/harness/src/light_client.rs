//! The Ethereum light-client rows' input, the same for both canisters: a mainnet store's
//! bootstrap in the Fulu shape, an update that hands off the next sync committee (finality and
//! next-committee branches, 512 signers), and a finality update, as the beacon API serves them
//! (SSZ). The chain is made up but every root, branch and signature in it is real: the states
//! are Merkle trees of 64 fields (Electra's depth) holding the committees and the finalized
//! checkpoint where the specification's generalized indices say, the execution payload headers
//! are proven under their bodies, and the committees' keys are `[i·k]·G1`, i = 1..=512, so that
//! the setup stays cheap and the aggregate signature is one scalar multiplication.
//!
//! Built with icbls inside the canister, before the measured region; the baseline measures
//! zkcrypto's crate on the same bytes.

use icbls::bls::min_pk;
use icbls::hash_to_curve::hash_to_g2;
use icbls::light_client::{
    epoch_at_slot, ExecutionPayloadHeader, Fork, LightClientBootstrap, LightClientFinalityUpdate, LightClientHeader,
    LightClientStore, LightClientUpdate, NetworkConfig, SyncAggregate, SyncCommitteeKeys, EXECUTION_PAYLOAD_GINDEX,
    MAINNET,
};
use icbls::sync_committee::{
    compute_domain, compute_signing_root, BeaconBlockHeader, Root, DOMAIN_SYNC_COMMITTEE, SYNC_COMMITTEE_SIZE,
};
use icbls::{Fr, G1Affine, G1Projective};
use sha2::{Digest, Sha256};

/// The network the rows follow.
pub const CONFIG: NetworkConfig = MAINNET;
/// The fork of every header (mainnet's Fulu starts at period 1607).
pub const FORK: Fork = Fork::Fulu;
/// The sync-committee period of the bootstrap and the updates.
const PERIOD: u64 = 1_610;
/// The period's first slot.
const START: u64 = PERIOD * 8192;
/// The clock when the updates arrive.
pub const CURRENT_SLOT: u64 = START + 400;

/// The inputs and the answers the rows check.
pub struct LightClientFixture {
    /// The root of the bootstrap's header: the block the store trusts.
    pub trusted_block_root: Root,
    /// `LightClientBootstrap`, SSZ.
    pub bootstrap: Vec<u8>,
    /// The current committee's root.
    pub current_committee_root: Root,
    /// `LightClientUpdate` with the next committee and finality, SSZ.
    pub handoff: Vec<u8>,
    /// The next committee's root, which the hand-off proves.
    pub next_committee_root: Root,
    /// The slot the hand-off finalizes.
    pub handoff_finalized_slot: u64,
    /// `LightClientFinalityUpdate`, SSZ.
    pub finality: Vec<u8>,
    /// The slot the finality update finalizes.
    pub finality_finalized_slot: u64,
}

impl LightClientFixture {
    /// The store the updates apply to: the bootstrap, taken in (its 512 keys decoded).
    pub fn store(&self) -> LightClientStore {
        let bootstrap = LightClientBootstrap::from_ssz_bytes(&self.bootstrap, FORK).expect("the bootstrap decodes");
        LightClientStore::initialize(CONFIG, &self.trusted_block_root, &bootstrap, true)
            .expect("the bootstrap is valid")
    }
}

/// The current committee's secret step `k`: the bench's sync-committee rows' committee.
pub fn current_committee_step() -> Fr {
    Fr::from_u64(0x5eed_1234_abcd).pow_vartime(&[0x9e37_79b9_7f4a_7c15, 7])
}

fn next_committee_step() -> Fr {
    Fr::from_u64(0x5eed_5678_ef01).pow_vartime(&[0x9e37_79b9_7f4a_7c15, 11])
}

/// Keys `[i·k]·G1`, i = 1..=512.
pub fn committee_keys(k: &Fr) -> Vec<G1Affine> {
    let step = G1Projective::generator().mul_vartime(k);
    let mut acc = G1Projective::identity();
    let points: Vec<G1Projective> = (0..SYNC_COMMITTEE_SIZE)
        .map(|_| {
            acc += step;
            acc
        })
        .collect();
    let mut affine = vec![G1Affine::identity(); SYNC_COMMITTEE_SIZE];
    G1Projective::batch_normalize(&points, &mut affine);
    affine
}

fn committee(k: &Fr) -> SyncCommitteeKeys {
    let keys = committee_keys(k);
    let sum = keys.iter().fold(G1Projective::identity(), |acc, key| acc + key);
    SyncCommitteeKeys {
        pubkeys: keys.iter().map(G1Affine::to_compressed).collect(),
        aggregate_pubkey: sum.to_affine_vartime().to_compressed(),
    }
}

fn node(left: &Root, right: &Root) -> Root {
    Sha256::new().chain_update(left).chain_update(right).finalize().into()
}

fn uint64_chunk(v: u64) -> Root {
    let mut chunk = [0u8; 32];
    chunk[..8].copy_from_slice(&v.to_le_bytes());
    chunk
}

/// The root above `leaf` at `gindex`, given its branch (the lowest sibling first).
fn root_of(leaf: &Root, branch: &[Root], gindex: u64) -> Root {
    let mut index = gindex;
    branch.iter().fold(*leaf, |acc, sibling| {
        let parent = if index & 1 == 1 { node(sibling, &acc) } else { node(&acc, sibling) };
        index >>= 1;
        parent
    })
}

/// A beacon state as a Merkle tree of 64 fields: the given ones at their indices, filler
/// elsewhere.
struct State {
    layers: Vec<Vec<Root>>,
}

impl State {
    fn new(tag: u8, fields: &[(usize, Root)]) -> State {
        let mut leaves: Vec<Root> = (0..64u8).map(|i| [tag ^ i; 32]).collect();
        for (index, value) in fields {
            leaves[*index] = *value;
        }
        let mut layers = vec![leaves];
        while layers.last().expect("a layer").len() > 1 {
            let next = layers.last().expect("a layer").chunks(2).map(|pair| node(&pair[0], &pair[1])).collect();
            layers.push(next);
        }
        State { layers }
    }

    fn root(&self) -> Root {
        self.layers.last().expect("a layer")[0]
    }

    /// The branch of field `index`, the lowest sibling first.
    fn branch(&self, index: usize) -> Vec<Root> {
        let depth = self.layers.len() - 1;
        (0..depth).map(|level| self.layers[level][(index >> level) ^ 1]).collect()
    }
}

/// A Fulu light-client header at `slot` over `state_root`, its execution payload header proven
/// under the body root.
fn header(slot: u64, state_root: Root, tag: u8) -> LightClientHeader {
    let mut base_fee_per_gas = [0u8; 32];
    base_fee_per_gas[..8].copy_from_slice(&1_000_000_000u64.to_le_bytes());
    let execution = ExecutionPayloadHeader {
        parent_hash: [tag; 32],
        fee_recipient: [0x11; 20],
        state_root: [tag ^ 0x22; 32],
        receipts_root: [0x33; 32],
        logs_bloom: [0; 256],
        prev_randao: [0x44; 32],
        block_number: slot - 11_000_000,
        gas_limit: 36_000_000,
        gas_used: 12_345_678,
        timestamp: 1_606_824_023 + 12 * slot,
        extra_data: b"icbls bench".to_vec(),
        base_fee_per_gas,
        block_hash: [tag ^ 0x55; 32],
        transactions_root: [0x66; 32],
        withdrawals_root: [0x77; 32],
        blob_gas_used: 393_216,
        excess_blob_gas: 0,
    };
    let execution_branch = [[tag ^ 1; 32], [tag ^ 2; 32], [tag ^ 3; 32], [tag ^ 4; 32]];
    let body_root = root_of(&execution.hash_tree_root(FORK), &execution_branch, EXECUTION_PAYLOAD_GINDEX);
    let beacon = BeaconBlockHeader {
        slot,
        proposer_index: 100_000 + slot % 1_000,
        parent_root: [tag ^ 0x88; 32],
        state_root,
        body_root,
    };
    LightClientHeader { beacon, execution: Some(execution), execution_branch }
}

/// An update whose attested header (at `attested_slot`) finalizes the header at
/// `finalized_slot` and holds `next` at the next committee's index, signed by all 512 members
/// of the committee with step `signer`.
fn update(
    attested_slot: u64,
    finalized_slot: u64,
    current: &Root,
    next: &SyncCommitteeKeys,
    signer: &Fr,
) -> LightClientUpdate {
    let finalized = header(finalized_slot, [0x99; 32], 0x10);
    let epoch = uint64_chunk(epoch_at_slot(finalized_slot));
    let checkpoint = node(&epoch, &finalized.beacon.hash_tree_root());
    let (current_index, next_index, checkpoint_index) = (
        FORK.current_sync_committee_gindex() as usize - 64,
        FORK.next_sync_committee_gindex() as usize - 64,
        (FORK.finalized_root_gindex() / 2) as usize - 64,
    );
    let state = State::new(
        0x20,
        &[(current_index, *current), (next_index, next.hash_tree_root()), (checkpoint_index, checkpoint)],
    );
    let attested = header(attested_slot, state.root(), 0x30);
    let signature_slot = attested_slot + 1;
    let domain = compute_domain(
        DOMAIN_SYNC_COMMITTEE,
        CONFIG.signature_fork_version(signature_slot),
        &CONFIG.genesis_validators_root,
    );
    let signing_root = compute_signing_root(&attested.beacon.hash_tree_root(), &domain);
    // Σ i·k over i = 1..=512.
    let n = SYNC_COMMITTEE_SIZE as u64;
    let secret = *signer * Fr::from_u64(n * (n + 1) / 2);
    let signature = hash_to_g2(&signing_root, min_pk::DST).mul_vartime(&secret).to_affine_vartime().to_compressed();
    let mut finality_branch = vec![epoch];
    finality_branch.extend(state.branch(checkpoint_index));
    LightClientUpdate {
        attested_header: attested,
        next_sync_committee: next.clone(),
        next_sync_committee_branch: state.branch(next_index),
        finalized_header: finalized,
        finality_branch,
        sync_aggregate: SyncAggregate {
            sync_committee_bits: [0xff; SYNC_COMMITTEE_SIZE / 8],
            sync_committee_signature: signature,
        },
        signature_slot,
    }
}

/// Builds the rows' inputs.
pub fn light_client_fixture() -> LightClientFixture {
    let current_step = current_committee_step();
    let (current, next) = (committee(&current_step), committee(&next_committee_step()));
    let current_root = current.hash_tree_root();
    let index = FORK.current_sync_committee_gindex() as usize - 64;
    let state = State::new(0x40, &[(index, current_root)]);
    let bootstrap = LightClientBootstrap {
        header: header(START + 32, state.root(), 0x50),
        current_sync_committee: current,
        current_sync_committee_branch: state.branch(index),
    };
    let handoff = update(START + 200, START + 128, &current_root, &next, &current_step);
    let finality = update(START + 264, START + 192, &current_root, &next, &current_step);
    LightClientFixture {
        trusted_block_root: bootstrap.header.beacon.hash_tree_root(),
        bootstrap: bootstrap.to_ssz_bytes(FORK),
        current_committee_root: current_root,
        handoff: handoff.to_ssz_bytes(FORK),
        next_committee_root: next.hash_tree_root(),
        handoff_finalized_slot: handoff.finalized_header.beacon.slot,
        finality: LightClientFinalityUpdate {
            attested_header: finality.attested_header,
            finalized_header: finality.finalized_header,
            finality_branch: finality.finality_branch,
            sync_aggregate: finality.sync_aggregate,
            signature_slot: finality.signature_slot,
        }
        .to_ssz_bytes(FORK),
        finality_finalized_slot: START + 192,
    }
}

/// The input goes through icbls's store on the host with the outcomes the canisters check:
/// the bootstrap is trusted, the hand-off takes in the next committee and finalizes its header,
/// the finality update finalizes its own, and a changed byte is refused.
#[cfg(test)]
mod tests {
    use super::{light_client_fixture, CURRENT_SLOT, FORK};
    use icbls::light_client::{LightClientError, LightClientFinalityUpdate, LightClientStore, LightClientUpdate};

    #[test]
    fn the_fixture_runs_through_the_store() {
        let f = light_client_fixture();
        let store = f.store();
        assert_eq!(store.current_sync_committee_root(), f.current_committee_root);

        let mut handoff = store.clone();
        let update = LightClientUpdate::from_ssz_bytes(&f.handoff, FORK).expect("the hand-off decodes");
        handoff.process_update(&update, CURRENT_SLOT).expect("the hand-off applies");
        assert_eq!(handoff.next_sync_committee_root(), Some(f.next_committee_root));
        assert_eq!(handoff.finalized_header().beacon.slot, f.handoff_finalized_slot);
        // As a canister keeps it: to bytes and back, the same store.
        assert_eq!(LightClientStore::from_bytes(&handoff.to_bytes()), Ok(handoff.clone()));

        let mut finality = store.clone();
        let update = LightClientFinalityUpdate::from_ssz_bytes(&f.finality, FORK).expect("the finality update decodes");
        finality.process_finality_update(update, CURRENT_SLOT).expect("the finality update applies");
        assert_eq!(finality.finalized_header().beacon.slot, f.finality_finalized_slot);
        assert_eq!(finality.next_sync_committee_root(), None);

        // A changed byte of the aggregate signature is refused by the signature check.
        let mut forged = f.handoff.clone();
        // The fixed part: the attested header's offset, the committee, its branch, the finalized
        // header's offset, the finality branch and the bits come before the signature.
        let signature_at = 4 + 513 * 48 + 6 * 32 + 4 + 7 * 32 + 64;
        forged[signature_at + 40] ^= 1;
        let forged = LightClientUpdate::from_ssz_bytes(&forged, FORK).expect("still decodes");
        let refused = store.clone().process_update(&forged, CURRENT_SLOT);
        assert!(matches!(refused, Err(LightClientError::Signature(_))), "{refused:?}");
    }
}
