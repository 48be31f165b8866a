//! The verifier as a public service: its install argument, the caps every method checks before
//! heavy work, and the price of a paid call. The canister and its callers use this same code,
//! so a caller can compute a price without asking (the canister's `price` query answers the
//! same).
//!
//! # The price of a call
//!
//! ```text
//! instructions(method, units) = fixed + per_item · items + per_byte · bytes      (a fitted upper bound)
//! price = ⌈(BASE_FEE_CYCLES + instructions · (100 + PRICE_MARGIN_PERCENT) / 100
//!           · CYCLES_PER_INSTRUCTION) · subnet_nodes / 13⌉
//! ```
//!
//! * `BASE_FEE_CYCLES` (5,000,000) and `CYCLES_PER_INSTRUCTION` (1) are the IC's execution fees
//!   on a 13-node application subnet: "update message execution" and "ten update instructions
//!   executed" (10 cycles) in the IC's cycles-cost reference, raised to these values in 2025
//!   (the forum's "Evaluating compute pricing" proposal: base fee 590K → 5M cycles, instruction
//!   fee 0.4 → 1 cycle). Fees scale linearly with the subnet's size, hence `subnet_nodes / 13`
//!   (the install argument's `subnet_nodes`, 13 when absent).
//! * `fixed`, `per_item` and `per_byte` are upper bounds fitted to the verifier's own costs on
//!   the meter (whole messages: Candid decoding, checks, the operation, the reply), measured by
//!   `canisters/verifier/tests/price.rs`, which also checks that every measured call costs less than the
//!   model says. The per-method table `bench/RESULTS.md` and the limits table of the verifier's README
//!   come from the same canister.
//! * `PRICE_MARGIN_PERCENT` (25%) covers inputs dearer than those measured (other scalars,
//!   points and message lengths) and small changes of the code between measurements.
//!
//! A paid call is charged what it spent, not its price: at the end the method reads
//! `ic0.performance_counter`, converts the instructions with the same formula without the
//! margin ([`cycles_for_instructions`]), accepts that many of the attached cycles and leaves
//! the rest to be refunded. The price is what must be attached for the call to start.

use crate::types::{Error, LimitExceeded};
use candid::{CandidType, Principal};
use serde::Deserialize;

/// The verifier's install and upgrade argument (`opt InitArgs` in `verifier.did`).
///
/// Given at installation, it is stored in stable memory. An upgrade without an argument keeps
/// it; an upgrade with one changes only the fields it gives ([`InitArgs::merged`]), so that a
/// field left out never resets the subnet's size or drops committees. An argument the verifier
/// cannot keep is refused: the installation or upgrade traps and the canister stays as it was
/// (the anonymous principal or more than [`MAX_ALLOW_LIST`] principals in the allow-list, fewer
/// sync-committee slots than the committees stored need).
#[derive(CandidType, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct InitArgs {
    /// Principals (users or canisters) served like the canister's controllers: their ingress
    /// update calls pass `canister_inspect_message`, their replicated query calls are served,
    /// and their update calls need no cycles. Everyone else calls queries (free, answered by
    /// one replica) or the paid update methods from a canister, with cycles attached. At most
    /// [`MAX_ALLOW_LIST`], never the anonymous principal. Absent: none at installation, the
    /// stored list at an upgrade (`opt vec {}` empties it).
    pub allow_list: Option<Vec<Principal>>,
    /// The number of nodes of the verifier's subnet, which scales every price and charge.
    /// Absent: 13, an application subnet, at installation; the stored size at an upgrade.
    pub subnet_nodes: Option<u32>,
    /// How many sync committees the verifier keeps in stable memory, about 48 KiB each: at most
    /// 64 ([`MAX_SYNC_COMMITTEE_SLOTS`]; more is taken as 64), and at an upgrade at least the
    /// slots that hold committees. Absent: 32 at installation, the stored number at an upgrade.
    pub sync_committee_slots: Option<u32>,
    /// The Ethereum light client (`eth_light_client_bootstrap`, `eth_light_client_process`,
    /// `eth_light_client_state`): the network it follows and the block it starts from.
    /// Absent: none at installation (its methods answer `Unsupported`), the stored setting at an
    /// upgrade.
    pub eth_light_client: Option<crate::EthLightClientInit>,
}

impl InitArgs {
    /// `self` with `allow_list` set to `value` (at an upgrade, `vec![]` empties the stored list).
    #[must_use]
    pub fn with_allow_list(mut self, value: Vec<Principal>) -> Self {
        self.allow_list = Some(value);
        self
    }

    crate::types::optional_fields! {
        with_subnet_nodes => subnet_nodes: u32,
        with_sync_committee_slots => sync_committee_slots: u32,
        with_eth_light_client => eth_light_client: crate::EthLightClientInit,
    }

    /// `self` (the stored argument) with the fields `upgrade` gives: an upgrade's argument
    /// merged field by field.
    pub fn merged(self, upgrade: InitArgs) -> InitArgs {
        InitArgs {
            allow_list: upgrade.allow_list.or(self.allow_list),
            subnet_nodes: upgrade.subnet_nodes.or(self.subnet_nodes),
            sync_committee_slots: upgrade.sync_committee_slots.or(self.sync_committee_slots),
            eth_light_client: upgrade.eth_light_client.or(self.eth_light_client),
        }
    }

    /// Why the verifier cannot keep this argument, if it cannot: the allow-list's anonymous
    /// principal (anyone may send as it, so it would serve everyone free) or its length, or
    /// a light-client setting of an unknown network or a root that is not 32 bytes.
    pub fn check(&self) -> Result<(), String> {
        let list = self.allow_list.as_deref().unwrap_or_default();
        if list.contains(&Principal::anonymous()) {
            return Err(
                "allow_list: the anonymous principal (2vxsx-fae) may not be on it: anyone can send as it".into()
            );
        }
        if list.len() > MAX_ALLOW_LIST {
            return Err(format!("allow_list: {} principals, more than the {MAX_ALLOW_LIST} allowed", list.len()));
        }
        self.eth_light_client.as_ref().map_or(Ok(()), crate::EthLightClientInit::check)
    }
}

/// The most principals on the allow-list: it is searched on every paid call and every ingress
/// message, and kept in the install argument's region of stable memory.
pub const MAX_ALLOW_LIST: usize = 256;

/// The sync committees the verifier keeps when the install argument does not say.
pub const DEFAULT_SYNC_COMMITTEE_SLOTS: u32 = 32;
/// The most sync committees the verifier keeps (their region of stable memory: 3 MiB).
pub const MAX_SYNC_COMMITTEE_SLOTS: u32 = 64;

/// The arguments of `price`: a method and the sizes of an input.
///
/// What `items` and `bytes` count, per method (a query method and its `_update` twin have the
/// same price; `version` and `price` are free):
///
/// | method | `items` | `bytes` |
/// |---|---|---|
/// | `verify_certificate` | paths to look up | the certificate's length plus the lookup labels' |
/// | `pairing_check` | pairs | - |
/// | `bls_verify` | - | the message's length plus a `Dst` ciphersuite's |
/// | `bls_fast_aggregate_verify` | keys | the message's length |
/// | `bls_aggregate_verify` | keys | the messages' total length |
/// | `bls_batch_verify` | signatures | the messages' total length |
/// | `eip2537_call` (and the per-precompile methods), with `address` | - | the input's length |
/// | `kzg_point_evaluation` | - | - |
/// | `hash_to_g1`, `hash_to_g2` | - | the message's and the DST's length |
/// | `drand_verify` | - | the previous signature's length |
/// | `verify_canister_signature` | - | the message's, the signature's and the key's length |
/// | `register_sync_committee` (an update only) | public keys | - |
/// | `verify_sync_aggregate` | - | - |
/// | `verify_vetkey` | - | the input's and the derivation context's length |
/// | `ibe_encrypt` | - | the message's, the identity's, the seed's and the derivation context's length |
#[derive(CandidType, Deserialize, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PriceArgs {
    /// The method, e.g. `"pairing_check_update"` (or `"pairing_check"`: the same price).
    pub method: String,
    /// The precompile address, for `eip2537_call` (0x0b to 0x11); ignored otherwise.
    pub address: Option<u8>,
    /// The number of list elements (see the table).
    pub items: u64,
    /// The number of variable-length bytes (see the table).
    pub bytes: u64,
}

impl PriceArgs {
    /// The arguments of `price` for `method` with these units (set the precompile address of
    /// `eip2537_call` with [`with_address`](Self::with_address)).
    pub fn new(method: String, items: u64, bytes: u64) -> Self {
        PriceArgs { method, address: None, items, bytes }
    }

    crate::types::optional_fields! {
        with_address => address: u8,
    }
}

/// What a call's price and caps depend on: [`PriceArgs`] without the method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Units {
    /// The precompile address, for `eip2537_call`.
    pub address: Option<u8>,
    /// List elements.
    pub items: u64,
    /// Variable-length bytes.
    pub bytes: u64,
}

/// The sizes of a certificate verification, and the cap that keeps its reply within the IC's
/// reply limit: every lookup can return a value as long as the certificate, once, so
/// `lookups · certificate` must fit in the reply.
pub fn certificate_units(args: &crate::VerifyCertificateArgs) -> Result<Option<Units>, Error> {
    let lookups = args.lookup.len() as u64;
    let labels: u64 = args.lookup.iter().map(|path| path.iter().map(|label| label.len() as u64).sum::<u64>()).sum();
    let certificate = args.certificate.len() as u64;
    // Each value found is in the reply once and is no longer than the certificate.
    let fit = (MAX_REPLY_BYTES - REPLY_FRAMING_BYTES) / certificate.max(1);
    if lookups > fit {
        return Err(Error::InputTooLarge(LimitExceeded { field: "lookup".into(), limit: fit, actual: lookups }));
    }
    Ok(Some(Units { items: lookups, bytes: certificate + labels, address: None }))
}

/// The sizes of an `ibe_encrypt` call, which its price counts
/// ([`IbeEncryptArgs::input_bytes`](crate::IbeEncryptArgs::input_bytes)); a seed over
/// [`MAX_IBE_SEED_BYTES`] is refused (`InputTooLarge` naming `seed`) before it is hashed.
pub fn ibe_encrypt_units(args: &crate::IbeEncryptArgs) -> Result<Option<Units>, Error> {
    let actual = args.seed.len() as u64;
    if actual > MAX_IBE_SEED_BYTES {
        return Err(Error::InputTooLarge(LimitExceeded { field: "seed".into(), limit: MAX_IBE_SEED_BYTES, actual }));
    }
    Ok(Some(Units { bytes: args.input_bytes(), ..Default::default() }))
}

/// The sizes of a call of the EIP-2537 precompile at `address` (the per-precompile methods).
pub fn precompile_units(address: u8, input: &[u8]) -> Result<Option<Units>, Error> {
    Ok(Some(Units { address: Some(address), bytes: input.len() as u64, items: 0 }))
}

/// The execution fee of one update message on a 13-node subnet, in cycles.
pub const BASE_FEE_CYCLES: u128 = 5_000_000;
/// Cycles per instruction executed on a 13-node subnet.
pub const CYCLES_PER_INSTRUCTION: u128 = 1;
/// The subnet size the two fees above are given for.
pub const REFERENCE_SUBNET_NODES: u32 = 13;
/// How much the price exceeds the modelled cost, in percent.
pub const PRICE_MARGIN_PERCENT: u64 = 25;
/// The largest Candid argument any method takes, in bytes: the IC's ingress message limit
/// (2 MiB). Calls from canisters on the same subnet could carry up to 10 MiB; the verifier
/// refuses those before reading them.
pub const MAX_ARGUMENT_BYTES: u64 = 2 * 1024 * 1024;
/// The largest reply a method may build, in bytes: the IC's limit for replicated executions
/// (2 MiB; non-replicated queries may reply 3 MiB, the verifier keeps to the smaller).
pub const MAX_REPLY_BYTES: u64 = 2 * 1024 * 1024;
/// The room a reply needs beyond the values it returns (Candid framing, the result variant).
pub const REPLY_FRAMING_BYTES: u64 = 64 * 1024;

/// Whether a call runs as a query (non-replicated, or replicated for an allowed caller: 5
/// billion instructions) or as an update (40 billion).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// A query method.
    Query,
    /// An update method.
    Update,
}

/// One method's cost model and caps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Model {
    /// The method (the query's name; its `_update` twin shares the model).
    pub method: &'static str,
    /// For `eip2537_call`: the precompile address this row is for.
    pub address: Option<u8>,
    /// Instructions of the smallest call.
    pub fixed: u64,
    /// Instructions per list element.
    pub per_item: u64,
    /// Instructions per variable-length byte.
    pub per_byte: u64,
    /// What `items` counts, as an argument's name (for [`LimitExceeded::field`]).
    pub items_field: &'static str,
    /// What `bytes` counts, as an argument's name.
    pub bytes_field: &'static str,
    /// The most list elements in a query and in an update.
    pub items_cap: [u64; 2],
    /// The most variable-length bytes in a query and in an update.
    pub bytes_cap: [u64; 2],
}

/// The model every row of the table starts from: nothing priced, nothing capped.
pub const UNPRICED: Model = Model {
    method: "",
    address: None,
    fixed: 0,
    per_item: 0,
    per_byte: 0,
    items_field: "",
    items_cap: NO_CAP,
    bytes_field: "",
    bytes_cap: NO_CAP,
};

/// The most bytes of a light-client bootstrap or update: the largest, an update with the next
/// committee and two execution payload headers, is under 26 KB.
pub const LIGHT_CLIENT_BYTES_CAP: u64 = 32 * 1024;

/// No cap.
pub const NO_CAP: [u64; 2] = [u64::MAX, u64::MAX];
/// Any length that fits in an argument.
pub const ARG_CAP: [u64; 2] = [MAX_ARGUMENT_BYTES, MAX_ARGUMENT_BYTES];

/// The most bytes of an `ibe_encrypt` message (with its identity, seed and context): the
/// ciphertext must fit the 2 MiB reply.
pub const MAX_IBE_BYTES: u64 = 1024 * 1024;
/// The most bytes of an `ibe_encrypt` seed. A seed of other than 32 bytes is hashed (HKDF, about
/// 145 instructions a byte) before any other work, and 32 random bytes are all a seed needs.
pub const MAX_IBE_SEED_BYTES: u64 = 64;

/// The most points of an EIP-2537 G1 MSM in a query and in an update (the update's is the 2 MiB
/// argument's bound, rounded down to a multiple of 16).
pub const G1_MSM_CAP: [u64; 2] = [1536, 13056];
/// The most points of an EIP-2537 G2 MSM in a query and in an update (the update's: 2 MiB).
pub const G2_MSM_CAP: [u64; 2] = [768, 7264];
/// The most pairs of an EIP-2537 pairing check in a query and in an update.
pub const EIP_PAIRING_CAP: [u64; 2] = [288, 2304];

/// An `eip2537_call` model: priced by the input's length.
pub const fn eip2537(address: u8, fixed: u64, per_byte: u64, bytes_cap: [u64; 2]) -> Model {
    Model {
        method: "eip2537_call",
        address: Some(address),
        fixed,
        per_item: 0,
        per_byte,
        items_field: "",
        items_cap: NO_CAP,
        bytes_field: "input",
        bytes_cap,
    }
}

/// The per-precompile query methods and their addresses (their paid twin is
/// `eip2537_call_update` at that address).
pub const EIP2537_METHODS: &[(&str, u8)] = &[
    ("eip2537_g1_add", 0x0b),
    ("eip2537_g1_msm", 0x0c),
    ("eip2537_g2_add", 0x0d),
    ("eip2537_g2_msm", 0x0e),
    ("eip2537_pairing_check", 0x0f),
    ("eip2537_map_fp_to_g1", 0x10),
    ("eip2537_map_fp2_to_g2", 0x11),
];

impl Model {
    /// The modelled instructions of a call with these units (saturating).
    pub fn instructions(&self, units: &Units) -> u64 {
        self.fixed
            .saturating_add(self.per_item.saturating_mul(units.items))
            .saturating_add(self.per_byte.saturating_mul(units.bytes))
    }

    /// Whether the units fit the caps of `context`; the error names the cap.
    pub fn check_caps(&self, units: &Units, context: Context) -> Result<(), Error> {
        let i = context as usize;
        let over = |field: &str, limit: u64, actual: u64| {
            Error::InputTooLarge(LimitExceeded { field: field.to_string(), limit, actual })
        };
        if units.items > self.items_cap[i] {
            return Err(over(self.items_field, self.items_cap[i], units.items));
        }
        if units.bytes > self.bytes_cap[i] {
            return Err(over(self.bytes_field, self.bytes_cap[i], units.bytes));
        }
        Ok(())
    }
}

/// The rent a stranger's new sync committee pays on top of `price`, its registration's price,
/// for the slot it takes: `price · held / (slots − held)`, where `held` of the store's `slots`
/// are pinned or hold a stranger's committee that is still resident. Nothing in an empty store,
/// the price again when half the slots are held, 31 times it for the last of 32; so filling a
/// store of 32 free slots costs about 130 registrations' prices, and keeping it full costs
/// that again every sync period. `None` when every slot is held: the registration is refused.
pub fn registration_rent(price: u128, held: u32, slots: u32) -> Option<u128> {
    let free = slots.checked_sub(held).filter(|&free| free > 0)?;
    Some(price.saturating_mul(u128::from(held)) / u128::from(free))
}

/// Cycles for executing `instructions` in one update message on a subnet of `nodes` nodes: the
/// base fee plus the instructions, scaled from 13 nodes (rounded up).
pub fn cycles_for_instructions(instructions: u64, nodes: u32) -> u128 {
    let at_13 = BASE_FEE_CYCLES + instructions as u128 * CYCLES_PER_INSTRUCTION;
    (at_13 * nodes as u128).div_ceil(REFERENCE_SUBNET_NODES as u128)
}
