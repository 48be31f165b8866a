//! Networks and forks (consensus-specs `configs/*.yaml` and each network's `config.yaml`): the
//! genesis validators root, and for each fork its version and first epoch. The fork of a slot
//! decides the light-client containers' shapes, the generalized indices of the proofs and the
//! version a sync committee signs under.

use crate::fields::words::hex_bytes;
use crate::sync_committee::{Root, MAINNET_FORKS, SLOTS_PER_EPOCH};

/// Epochs in a sync-committee period (`EPOCHS_PER_SYNC_COMMITTEE_PERIOD`, mainnet preset).
pub const EPOCHS_PER_SYNC_COMMITTEE_PERIOD: u64 = 256;

/// An epoch no fork starts at (`FAR_FUTURE_EPOCH`): a fork a network has not scheduled.
pub const FAR_FUTURE_EPOCH: u64 = u64::MAX;

/// The forks that have light-client containers, oldest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fork {
    /// Altair: sync committees and the first light-client containers (headers are beacon
    /// headers only).
    Altair,
    /// Bellatrix: the same containers as Altair.
    Bellatrix,
    /// Capella: headers carry the execution payload header and its branch.
    Capella,
    /// Deneb: the execution payload header gains `blob_gas_used` and `excess_blob_gas`.
    Deneb,
    /// Electra: the beacon state's tree is one level deeper (new generalized indices).
    Electra,
    /// Fulu: Electra's light-client containers and indices.
    Fulu,
}

impl Fork {
    /// Every fork, oldest first.
    pub const ALL: [Fork; 6] = [Fork::Altair, Fork::Bellatrix, Fork::Capella, Fork::Deneb, Fork::Electra, Fork::Fulu];

    /// The fork's name as the beacon API's `version` field spells it (`"altair"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Fork::Altair => "altair",
            Fork::Bellatrix => "bellatrix",
            Fork::Capella => "capella",
            Fork::Deneb => "deneb",
            Fork::Electra => "electra",
            Fork::Fulu => "fulu",
        }
    }

    /// The fork named by the beacon API's `version` field (or `Eth-Consensus-Version` header).
    pub fn from_name(name: &str) -> Option<Fork> {
        Fork::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// Whether headers of this fork carry an execution payload header (Capella on).
    pub fn has_execution(self) -> bool {
        self >= Fork::Capella
    }

    /// Whether the execution payload header has Deneb's blob fields.
    pub fn has_blob_gas(self) -> bool {
        self >= Fork::Deneb
    }

    /// `FINALIZED_ROOT_GINDEX` (105; 169 from Electra on): where the finalized checkpoint's
    /// root sits in the beacon state.
    pub fn finalized_root_gindex(self) -> u64 {
        if self >= Fork::Electra {
            169
        } else {
            105
        }
    }

    /// `CURRENT_SYNC_COMMITTEE_GINDEX` (54; 86 from Electra on).
    pub fn current_sync_committee_gindex(self) -> u64 {
        if self >= Fork::Electra {
            86
        } else {
            54
        }
    }

    /// `NEXT_SYNC_COMMITTEE_GINDEX` (55; 87 from Electra on).
    pub fn next_sync_committee_gindex(self) -> u64 {
        if self >= Fork::Electra {
            87
        } else {
            55
        }
    }
}

/// `EXECUTION_PAYLOAD_GINDEX` (Capella on): the execution payload in a beacon block body.
pub const EXECUTION_PAYLOAD_GINDEX: u64 = 25;

/// A network: its genesis validators root and its fork schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkConfig {
    /// `genesis_validators_root`, part of every signing domain.
    pub genesis_validators_root: Root,
    /// `GENESIS_FORK_VERSION` (Phase 0).
    pub genesis_fork_version: [u8; 4],
    /// Each fork's version and first epoch, in [`Fork::ALL`]'s order; [`FAR_FUTURE_EPOCH`] for a
    /// fork the network has not scheduled. The epochs must not decrease.
    pub forks: [([u8; 4], u64); 6],
}

/// Ethereum mainnet (consensus-specs `configs/mainnet.yaml`).
pub const MAINNET: NetworkConfig = NetworkConfig {
    genesis_validators_root: crate::sync_committee::MAINNET_GENESIS_VALIDATORS_ROOT,
    genesis_fork_version: [0, 0, 0, 0],
    forks: MAINNET_FORKS,
};

/// Sepolia (eth-clients/sepolia `metadata/config.yaml`).
pub const SEPOLIA: NetworkConfig = NetworkConfig {
    genesis_validators_root: hex_bytes("d8ea171f3c94aea21ebc42a1ed61052acf3f9209c00e4efbaaddac09ed9b8078"),
    genesis_fork_version: [0x90, 0, 0, 0x69],
    forks: [
        ([0x90, 0, 0, 0x70], 50),
        ([0x90, 0, 0, 0x71], 100),
        ([0x90, 0, 0, 0x72], 56_832),
        ([0x90, 0, 0, 0x73], 132_608),
        ([0x90, 0, 0, 0x74], 222_464),
        ([0x90, 0, 0, 0x75], 272_640),
    ],
};

/// Holesky (eth-clients/holesky `metadata/config.yaml`).
pub const HOLESKY: NetworkConfig = NetworkConfig {
    genesis_validators_root: hex_bytes("9143aa7c615a7f7115e2b6aac319c03529df8242ae705fba9df39b79c59fa8b1"),
    genesis_fork_version: [0x01, 0x01, 0x70, 0x00],
    forks: [
        ([0x02, 0x01, 0x70, 0x00], 0),
        ([0x03, 0x01, 0x70, 0x00], 0),
        ([0x04, 0x01, 0x70, 0x00], 256),
        ([0x05, 0x01, 0x70, 0x00], 29_696),
        ([0x06, 0x01, 0x70, 0x00], 115_968),
        ([0x07, 0x01, 0x70, 0x00], 165_120),
    ],
};

/// Hoodi (eth-clients/hoodi `metadata/config.yaml`).
pub const HOODI: NetworkConfig = NetworkConfig {
    genesis_validators_root: hex_bytes("212f13fc4df078b6cb7db228f1c8307566dcecf900867401a92023d7ba99cb5f"),
    genesis_fork_version: [0x10, 0x00, 0x09, 0x10],
    forks: [
        ([0x20, 0x00, 0x09, 0x10], 0),
        ([0x30, 0x00, 0x09, 0x10], 0),
        ([0x40, 0x00, 0x09, 0x10], 0),
        ([0x50, 0x00, 0x09, 0x10], 0),
        ([0x60, 0x00, 0x09, 0x10], 2_048),
        ([0x70, 0x00, 0x09, 0x10], 50_688),
    ],
};

/// `compute_epoch_at_slot`.
pub fn epoch_at_slot(slot: u64) -> u64 {
    slot / SLOTS_PER_EPOCH
}

/// `compute_sync_committee_period_at_slot`.
pub fn sync_committee_period_at_slot(slot: u64) -> u64 {
    epoch_at_slot(slot) / EPOCHS_PER_SYNC_COMMITTEE_PERIOD
}

impl NetworkConfig {
    /// The light-client fork of `epoch`, or `None` before Altair (no sync committees).
    pub fn fork_at_epoch(&self, epoch: u64) -> Option<Fork> {
        Fork::ALL.into_iter().zip(self.forks).rev().find(|(_, (_, start))| epoch >= *start).map(|(fork, _)| fork)
    }

    /// The light-client fork of `slot`, or `None` before Altair.
    pub fn fork_at_slot(&self, slot: u64) -> Option<Fork> {
        self.fork_at_epoch(epoch_at_slot(slot))
    }

    /// `compute_fork_version(epoch)`.
    pub fn fork_version(&self, epoch: u64) -> [u8; 4] {
        self.forks
            .iter()
            .rev()
            .find(|(_, start)| epoch >= *start)
            .map_or(self.genesis_fork_version, |(version, _)| *version)
    }

    /// The epoch `fork` starts at ([`FAR_FUTURE_EPOCH`] if it is not scheduled).
    pub fn fork_epoch(&self, fork: Fork) -> u64 {
        self.forks[fork as usize].1
    }

    /// The version a sync committee signs an aggregate included at `signature_slot` under:
    /// that of the epoch of `signature_slot - 1` (`validate_light_client_update`).
    pub fn signature_fork_version(&self, signature_slot: u64) -> [u8; 4] {
        self.fork_version(epoch_at_slot(signature_slot.max(1) - 1))
    }
}
