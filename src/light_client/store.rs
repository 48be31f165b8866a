//! The light-client store and its rules (consensus-specs `altair/light-client/sync-protocol.md`,
//! with Capella's headers and Electra's normalized branches): `initialize_light_client_store`,
//! `validate_light_client_update`, `process_light_client_update` with `is_better_update` and
//! the force-update rule, and the finality and optimistic updates.
//!
//! One change of form, not of rule: the spec's `apply_light_client_update` asserts after
//! `process_light_client_update` has already changed the store. Here every check (and the
//! decoding of a committee the store takes in) runs first, so a refused update leaves the
//! store as it was.

use super::config::{sync_committee_period_at_slot, Fork, NetworkConfig};
use super::containers::{
    is_valid_normalized_merkle_branch, LightClientBootstrap, LightClientFinalityUpdate, LightClientHeader,
    LightClientOptimisticUpdate, LightClientUpdate,
};
use crate::sync_committee::{Root, SyncCommittee, SyncError, SYNC_COMMITTEE_SIZE};
use core::fmt;

/// `MIN_SYNC_COMMITTEE_PARTICIPANTS`.
pub const MIN_SYNC_COMMITTEE_PARTICIPANTS: usize = 1;

/// `UPDATE_TIMEOUT`: slots in a sync-committee period; past it without finality, the best
/// update may be forced.
pub const UPDATE_TIMEOUT: u64 = 32 * 256;

/// The rule of the sync protocol an update or bootstrap broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LightClientError {
    /// A slot before Altair, which has no sync committee (`header`: which one).
    PreAltair {
        /// The header.
        header: &'static str,
        /// Its slot.
        slot: u64,
    },
    /// `is_valid_light_client_header` fails: the execution part is not empty before Capella,
    /// has blob fields before Deneb, or its branch does not lead to `body_root`.
    InvalidHeader {
        /// Which header (`"header"`, `"attested_header"`, `"finalized_header"`).
        header: &'static str,
    },
    /// The bootstrap's header is not the block the client trusts.
    UntrustedBootstrap,
    /// `current_sync_committee_branch` does not prove the committee under the header's state.
    CurrentCommitteeBranch,
    /// A committee's key is not a valid public key.
    CommitteeKey(SyncError),
    /// Fewer than `MIN_SYNC_COMMITTEE_PARTICIPANTS` signed.
    NoParticipants,
    /// Not `current_slot >= signature_slot > attested slot >= finalized slot`.
    SlotOrder {
        /// The clock's slot.
        current_slot: u64,
        /// `signature_slot`.
        signature_slot: u64,
        /// The attested header's slot.
        attested_slot: u64,
        /// The finalized header's slot.
        finalized_slot: u64,
    },
    /// The signature's period is neither the store's nor (with the next committee known) the
    /// next: the update skips a period.
    SignaturePeriod {
        /// The store's period (of its finalized header).
        store_period: u64,
        /// The period of `signature_slot`.
        signature_period: u64,
    },
    /// The update is not newer than the finalized header and brings no next committee the
    /// store lacks.
    NotRelevant,
    /// An update without a finality branch carries a finalized header.
    FinalizedHeaderNotEmpty,
    /// `finality_branch` does not prove the finalized header's root under the attested state.
    FinalityBranch,
    /// An update without a next-committee branch carries a committee.
    NextCommitteeNotEmpty,
    /// The update's next committee differs from the one the store knows for that period.
    NextCommitteeMismatch,
    /// `next_sync_committee_branch` does not prove the committee under the attested state.
    NextCommitteeBranch,
    /// The sync aggregate does not verify (or its signature is not a point).
    Signature(SyncError),
    /// The store does not know its next committee and the update's finalized header is in
    /// another period (`apply_light_client_update`'s assertion).
    FinalizedPeriod {
        /// The store's period.
        store_period: u64,
        /// The update's finalized period.
        finalized_period: u64,
    },
}

impl fmt::Display for LightClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LightClientError::*;
        match self {
            PreAltair { header, slot } => write!(f, "{header}: slot {slot} is before Altair"),
            InvalidHeader { header } => write!(f, "{header}: not a valid light-client header (execution part)"),
            UntrustedBootstrap => f.write_str("bootstrap header: its root is not the trusted block root"),
            CurrentCommitteeBranch => f.write_str("current_sync_committee_branch: does not prove the committee"),
            CommitteeKey(e) => write!(f, "next_sync_committee: {e}"),
            NoParticipants => f.write_str("sync_committee_bits: no participant"),
            SlotOrder { current_slot, signature_slot, attested_slot, finalized_slot } => write!(
                f,
                "slots: not current {current_slot} >= signature {signature_slot} > attested {attested_slot} >= finalized {finalized_slot}"
            ),
            SignaturePeriod { store_period, signature_period } => {
                write!(f, "signature_slot: period {signature_period}, the store is at period {store_period}")
            }
            NotRelevant => f.write_str("attested_header: not newer than the finalized header and no new committee"),
            FinalizedHeaderNotEmpty => f.write_str("finalized_header: present without a finality branch"),
            FinalityBranch => f.write_str("finality_branch: does not prove the finalized header"),
            NextCommitteeNotEmpty => f.write_str("next_sync_committee: present without a branch"),
            NextCommitteeMismatch => f.write_str("next_sync_committee: not the committee the store knows"),
            NextCommitteeBranch => f.write_str("next_sync_committee_branch: does not prove the committee"),
            Signature(e) => write!(f, "{e}"),
            FinalizedPeriod { store_period, finalized_period } => write!(
                f,
                "finalized_header: period {finalized_period}, the store (next committee unknown) is at {store_period}"
            ),
        }
    }
}

impl core::error::Error for LightClientError {}

/// A committee the store holds: its root and its decoded keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Committee {
    pub(super) root: Root,
    pub(super) keys: SyncCommittee,
}

/// `LightClientStore`: what a light client knows, and the network it follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightClientStore {
    pub(super) config: NetworkConfig,
    pub(super) execution_required: bool,
    pub(super) finalized_header: LightClientHeader,
    pub(super) current_sync_committee: Committee,
    pub(super) next_sync_committee: Option<Committee>,
    pub(super) best_valid_update: Option<LightClientUpdate>,
    pub(super) optimistic_header: LightClientHeader,
    pub(super) previous_max_active_participants: usize,
    pub(super) current_max_active_participants: usize,
}

/// The fork of a header's slot, or the error that it has none.
fn fork_of(config: &NetworkConfig, header: &'static str, slot: u64) -> Result<Fork, LightClientError> {
    config.fork_at_slot(slot).ok_or(LightClientError::PreAltair { header, slot })
}

/// The committee the store takes in, decoded (what costs); `None` for an empty one. `root`:
/// its root when validation has hashed it already (512 keys are some 2,000 SHA-256 blocks).
fn decode_committee(update: &LightClientUpdate, root: Option<Root>) -> Result<Option<Committee>, LightClientError> {
    if !update.is_sync_committee_update() {
        return Ok(None);
    }
    let keys = update.next_sync_committee.decode().map_err(LightClientError::CommitteeKey)?;
    let root = root.unwrap_or_else(|| update.next_sync_committee.hash_tree_root());
    Ok(Some(Committee { root, keys }))
}

/// `is_better_update`: which of two valid updates a client should keep to force on timeout.
pub fn is_better_update(new: &LightClientUpdate, old: &LightClientUpdate) -> bool {
    let max = SYNC_COMMITTEE_SIZE;
    let (new_active, old_active) = (new.sync_aggregate.participants(), old.sync_aggregate.participants());
    let (new_super, old_super) = (new_active * 3 >= max * 2, old_active * 3 >= max * 2);
    if new_super != old_super {
        return new_super;
    }
    if !new_super && new_active != old_active {
        return new_active > old_active;
    }
    let relevant = |u: &LightClientUpdate| {
        u.is_sync_committee_update()
            && sync_committee_period_at_slot(u.attested_header.beacon.slot)
                == sync_committee_period_at_slot(u.signature_slot)
    };
    if relevant(new) != relevant(old) {
        return relevant(new);
    }
    if new.is_finality_update() != old.is_finality_update() {
        return new.is_finality_update();
    }
    if new.is_finality_update() {
        let committee_final = |u: &LightClientUpdate| {
            sync_committee_period_at_slot(u.finalized_header.beacon.slot)
                == sync_committee_period_at_slot(u.attested_header.beacon.slot)
        };
        if committee_final(new) != committee_final(old) {
            return committee_final(new);
        }
    }
    if new_active != old_active {
        return new_active > old_active;
    }
    if new.attested_header.beacon.slot != old.attested_header.beacon.slot {
        return new.attested_header.beacon.slot < old.attested_header.beacon.slot;
    }
    new.signature_slot < old.signature_slot
}

impl LightClientStore {
    /// `initialize_light_client_store`: a store from a bootstrap whose header is the block the
    /// client trusts (`trusted_block_root`, from a source outside the protocol: a checkpoint
    /// the operator checked). `execution_required`: whether Capella and later headers must
    /// carry their execution payload header (the spec's rule; `false` follows beacon headers
    /// alone, as bridges that prove execution data separately do).
    pub fn initialize(
        config: NetworkConfig,
        trusted_block_root: &Root,
        bootstrap: &LightClientBootstrap,
        execution_required: bool,
    ) -> Result<LightClientStore, LightClientError> {
        let header = &bootstrap.header;
        let fork = fork_of(&config, "header", header.beacon.slot)?;
        if !header.is_valid(&config, execution_required) {
            return Err(LightClientError::InvalidHeader { header: "header" });
        }
        if header.beacon.hash_tree_root() != *trusted_block_root {
            return Err(LightClientError::UntrustedBootstrap);
        }
        let root = bootstrap.current_sync_committee.hash_tree_root();
        if !is_valid_normalized_merkle_branch(
            &root,
            &bootstrap.current_sync_committee_branch,
            fork.current_sync_committee_gindex(),
            &header.beacon.state_root,
        ) {
            return Err(LightClientError::CurrentCommitteeBranch);
        }
        let keys = bootstrap.current_sync_committee.decode().map_err(LightClientError::CommitteeKey)?;
        Ok(LightClientStore {
            config,
            execution_required,
            finalized_header: header.clone(),
            current_sync_committee: Committee { root, keys },
            next_sync_committee: None,
            best_valid_update: None,
            optimistic_header: header.clone(),
            previous_max_active_participants: 0,
            current_max_active_participants: 0,
        })
    }

    /// The network the store follows.
    pub fn config(&self) -> &NetworkConfig {
        &self.config
    }

    /// The latest finalized header.
    pub fn finalized_header(&self) -> &LightClientHeader {
        &self.finalized_header
    }

    /// The latest header signed by enough of the committee (`get_safety_threshold`), final or
    /// not.
    pub fn optimistic_header(&self) -> &LightClientHeader {
        &self.optimistic_header
    }

    /// The sync-committee period of the finalized header.
    pub fn current_period(&self) -> u64 {
        sync_committee_period_at_slot(self.finalized_header.beacon.slot)
    }

    /// The root of the current period's committee.
    pub fn current_sync_committee_root(&self) -> Root {
        self.current_sync_committee.root
    }

    /// The root of the next period's committee, once an update has proven it.
    pub fn next_sync_committee_root(&self) -> Option<Root> {
        self.next_sync_committee.as_ref().map(|c| c.root)
    }

    /// The update kept to force if finality stalls for a period.
    pub fn best_valid_update(&self) -> Option<&LightClientUpdate> {
        self.best_valid_update.as_ref()
    }

    /// `get_safety_threshold`: half the larger of this and the previous period's highest
    /// participation.
    pub fn safety_threshold(&self) -> usize {
        self.previous_max_active_participants.max(self.current_max_active_participants) / 2
    }

    /// `validate_light_client_update`: every check, the signature last; the store is not
    /// changed.
    pub fn validate_update(&self, update: &LightClientUpdate, current_slot: u64) -> Result<(), LightClientError> {
        self.validate(update, current_slot).map(|_| ())
    }

    /// [`Self::validate_update`], returning the next committee's root when the update carries
    /// one (hashed for its branch, and kept so that taking the committee in does not hash it
    /// again).
    fn validate(&self, update: &LightClientUpdate, current_slot: u64) -> Result<Option<Root>, LightClientError> {
        use LightClientError::*;
        let aggregate = &update.sync_aggregate;
        if aggregate.participants() < MIN_SYNC_COMMITTEE_PARTICIPANTS {
            return Err(NoParticipants);
        }
        let attested = &update.attested_header;
        let attested_fork = fork_of(&self.config, "attested_header", attested.beacon.slot)?;
        if !attested.is_valid(&self.config, self.execution_required) {
            return Err(InvalidHeader { header: "attested_header" });
        }
        let (attested_slot, finalized_slot) = (attested.beacon.slot, update.finalized_header.beacon.slot);
        if !(current_slot >= update.signature_slot
            && update.signature_slot > attested_slot
            && attested_slot >= finalized_slot)
        {
            return Err(SlotOrder {
                current_slot,
                signature_slot: update.signature_slot,
                attested_slot,
                finalized_slot,
            });
        }
        let store_period = self.current_period();
        let signature_period = sync_committee_period_at_slot(update.signature_slot);
        let period_ok = if self.next_sync_committee.is_some() {
            signature_period == store_period || signature_period == store_period + 1
        } else {
            signature_period == store_period
        };
        if !period_ok {
            return Err(SignaturePeriod { store_period, signature_period });
        }
        let attested_period = sync_committee_period_at_slot(attested_slot);
        let brings_next_committee =
            self.next_sync_committee.is_none() && update.is_sync_committee_update() && attested_period == store_period;
        if !(attested_slot > self.finalized_header.beacon.slot || brings_next_committee) {
            return Err(NotRelevant);
        }
        // The finalized header is the one whose root the attested state holds (zero for
        // genesis).
        if !update.is_finality_update() {
            if !update.finalized_header.is_empty() {
                return Err(FinalizedHeaderNotEmpty);
            }
        } else {
            let finalized_root = if finalized_slot == 0 {
                if !update.finalized_header.is_empty() {
                    return Err(FinalizedHeaderNotEmpty);
                }
                [0; 32]
            } else {
                if !update.finalized_header.is_valid(&self.config, self.execution_required) {
                    return Err(InvalidHeader { header: "finalized_header" });
                }
                update.finalized_header.beacon.hash_tree_root()
            };
            if !is_valid_normalized_merkle_branch(
                &finalized_root,
                &update.finality_branch,
                attested_fork.finalized_root_gindex(),
                &attested.beacon.state_root,
            ) {
                return Err(FinalityBranch);
            }
        }
        // The next committee is the one the attested state holds.
        let next_root = if !update.is_sync_committee_update() {
            if !update.next_sync_committee.is_empty() {
                return Err(NextCommitteeNotEmpty);
            }
            None
        } else {
            let root = update.next_sync_committee.hash_tree_root();
            if let Some(known) = &self.next_sync_committee {
                if attested_period == store_period && root != known.root {
                    return Err(NextCommitteeMismatch);
                }
            }
            if !is_valid_normalized_merkle_branch(
                &root,
                &update.next_sync_committee_branch,
                attested_fork.next_sync_committee_gindex(),
                &attested.beacon.state_root,
            ) {
                return Err(NextCommitteeBranch);
            }
            Some(root)
        };
        // The signature, by the committee of the signature's period.
        let committee = match &self.next_sync_committee {
            Some(next) if signature_period != store_period => next,
            _ => &self.current_sync_committee,
        };
        committee
            .keys
            .verify(
                &aggregate.sync_committee_bits,
                &aggregate.sync_committee_signature,
                &attested.beacon,
                self.config.signature_fork_version(update.signature_slot),
                &self.config.genesis_validators_root,
            )
            .map_err(Signature)?;
        Ok(next_root)
    }

    /// What `apply_light_client_update` would do, checked and with the committee it takes in
    /// decoded, before anything changes.
    fn prepare_apply(&self, update: &LightClientUpdate, next_root: Option<Root>) -> Result<Apply, LightClientError> {
        let store_period = self.current_period();
        let finalized_period = sync_committee_period_at_slot(update.finalized_header.beacon.slot);
        if self.next_sync_committee.is_none() {
            if finalized_period != store_period {
                return Err(LightClientError::FinalizedPeriod { store_period, finalized_period });
            }
            return Ok(Apply::SetNext(decode_committee(update, next_root)?));
        }
        if finalized_period == store_period + 1 {
            return Ok(Apply::Rotate(decode_committee(update, next_root)?));
        }
        Ok(Apply::HeaderOnly)
    }

    /// `apply_light_client_update`, from a prepared plan.
    fn apply(&mut self, update: &LightClientUpdate, plan: Apply) {
        match plan {
            Apply::SetNext(next) => self.next_sync_committee = next,
            Apply::Rotate(next) => {
                if let Some(current) = self.next_sync_committee.take() {
                    self.current_sync_committee = current;
                }
                self.next_sync_committee = next;
                self.previous_max_active_participants = self.current_max_active_participants;
                self.current_max_active_participants = 0;
            }
            Apply::HeaderOnly => {}
        }
        if update.finalized_header.beacon.slot > self.finalized_header.beacon.slot {
            self.finalized_header = update.finalized_header.clone();
            if self.finalized_header.beacon.slot > self.optimistic_header.beacon.slot {
                self.optimistic_header = self.finalized_header.clone();
            }
        }
    }

    /// `process_light_client_update` at the clock's `current_slot`: validates the update, keeps
    /// it if it is the best so far, moves the optimistic header, and applies it when two thirds
    /// of the committee signed and it finalizes something new. A refused update changes
    /// nothing.
    pub fn process_update(&mut self, update: &LightClientUpdate, current_slot: u64) -> Result<(), LightClientError> {
        let next_root = self.validate(update, current_slot)?;
        let participants = update.sync_aggregate.participants();
        let finalizes_next_committee = self.next_sync_committee.is_none()
            && update.is_sync_committee_update()
            && update.is_finality_update()
            && sync_committee_period_at_slot(update.finalized_header.beacon.slot)
                == sync_committee_period_at_slot(update.attested_header.beacon.slot);
        let applies = participants * 3 >= SYNC_COMMITTEE_SIZE * 2
            && (update.finalized_header.beacon.slot > self.finalized_header.beacon.slot || finalizes_next_committee);
        let plan = if applies { Some(self.prepare_apply(update, next_root)?) } else { None };

        if self.best_valid_update.as_ref().is_none_or(|best| is_better_update(update, best)) {
            self.best_valid_update = Some(update.clone());
        }
        self.current_max_active_participants = self.current_max_active_participants.max(participants);
        if participants > self.safety_threshold()
            && update.attested_header.beacon.slot > self.optimistic_header.beacon.slot
        {
            self.optimistic_header = update.attested_header.clone();
        }
        if let Some(plan) = plan {
            self.apply(update, plan);
            self.best_valid_update = None;
        }
        Ok(())
    }

    /// `process_light_client_store_force_update`: once a period has passed since the finalized
    /// header without a finalizing update, applies the best update kept, its attested header
    /// taken as final if its finalized one is not newer. Returns whether it did. The kept
    /// update is dropped even when applying it fails (the error says why), unlike the spec,
    /// whose assertion would leave it to fail again at every slot.
    pub fn process_force_update(&mut self, current_slot: u64) -> Result<bool, LightClientError> {
        let Some(best) = &self.best_valid_update else {
            return Ok(false);
        };
        if current_slot <= self.finalized_header.beacon.slot.saturating_add(UPDATE_TIMEOUT) {
            return Ok(false);
        }
        let mut update = best.clone();
        if update.finalized_header.beacon.slot <= self.finalized_header.beacon.slot {
            update.finalized_header = update.attested_header.clone();
        }
        // The kept update is spent either way: one that cannot be applied would otherwise
        // be retried, and refused, at every later slot.
        let plan = self.prepare_apply(&update, None);
        self.best_valid_update = None;
        self.apply(&update, plan?);
        Ok(true)
    }

    /// `process_light_client_finality_update`.
    pub fn process_finality_update(
        &mut self,
        update: LightClientFinalityUpdate,
        current_slot: u64,
    ) -> Result<(), LightClientError> {
        let fork = fork_of(&self.config, "attested_header", update.attested_header.beacon.slot)?;
        self.process_update(&update.into_update(fork), current_slot)
    }

    /// `process_light_client_optimistic_update`.
    pub fn process_optimistic_update(
        &mut self,
        update: LightClientOptimisticUpdate,
        current_slot: u64,
    ) -> Result<(), LightClientError> {
        let fork = fork_of(&self.config, "attested_header", update.attested_header.beacon.slot)?;
        self.process_update(&update.into_update(fork), current_slot)
    }
}

/// What applying an update does to the committees.
enum Apply {
    /// The store did not know its next committee: it takes the update's (or none).
    SetNext(Option<Committee>),
    /// The finalized header enters the next period: the next committee becomes current.
    Rotate(Option<Committee>),
    /// Only the finalized header moves.
    HeaderOnly,
}
