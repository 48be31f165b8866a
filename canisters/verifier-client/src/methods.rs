//! The verifier's methods, one row each: the table that the canister's exports (with their
//! `_update` twins and `verifier.did`), the client's typed calls and [`METHODS`] (which the
//! tests iterate) are generated from.
//!
//! A row reads
//!
//! ```text
//! /// What the method does (its doc comment in the canister, the client and verifier.did).
//! [query, twin verify_x_update] verify_x(args: VerifyXArgs) -> Result<VerifiedX, Error>,
//!     units |args: &VerifyXArgs| Ok(Some(Units { bytes: args.input_bytes(), ..Units::default() }))
//!     => calls::verify_x(&args);
//! ```
//!
//! * The kind: `[query]` (free, no twin), `[query, twin NAME]` (a query with its paid update
//!   twin `NAME`, generated beside it), `[query, paid by NAME]` (a query whose paid update is
//!   another row's twin) or `[update]` (an update only, itself paid).
//! * The name, the arguments as the canister decodes them, and the reply: the Candid method.
//! * `units`: the input's sizes for the caps and the price ([`Units`];
//!   `None` for a free method), from references to the arguments. The client's typed call
//!   takes its arguments as these parameters. The caps and price model are the method's row
//!   of [`MODELS`].
//! * After `=>`, the canister's handler (in its `calls.rs`), given the decoded arguments.
//!
//! The canister and the client each pass the rows to a macro of their own
//! ([`verifier_methods!`](crate::verifier_methods)), which reads the columns it needs. The row
//! grammar above is read in one place (`__verifier_rows!`): the callbacks get each row as
//! bracketed columns,
//!
//! ```text
//! KIND [TWIN [TWIN_DOCS]] [PAID_BY] NAME [DOCS] [ARGS] [REPLY] [|UNIT_ARGS| UNITS] [MODELS] [HANDLER];
//! ```
//!
//! (`[TWIN ..]` and `[PAID_BY]` empty where the row has none), so each matches the columns it
//! uses and passes over the others as token trees.

/// Passes every row of the verifier's method table to `$callback!`, as bracketed columns (see
/// the module [`methods`](crate::methods)).
#[macro_export]
macro_rules! verifier_methods {
    ($callback:path) => {
        $crate::__verifier_rows! {
            $callback;

            /// The version of the `icbls` library inside this canister.
            [query] version() -> String,
                units | | Ok(None),
                price []
                => icbls::VERSION.to_string();

            /// The cycles a paid update call with inputs of these sizes needs attached (see
            /// `PriceArgs` for what the sizes count). It keeps what it spends and refunds the rest.
            [query] price(args: PriceArgs) -> Result<u128, Error>,
                units |args: &PriceArgs| { let _ = args; Ok(None) },
                price []
                => calls::price(args);

            /// Verifies an IC certificate (CBOR, hash tree, delegation and canister ranges, BLS signature,
            /// freshness of `/time`) and looks up paths in it.
            [query, twin verify_certificate_update
                /// [`verify_certificate`] as an update: answered after consensus, with an update's caps; callers other than
                /// controllers and the allow-list attach its price in cycles.
            ]
            verify_certificate(args: VerifyCertificateArgs) -> Result<VerifiedCertificate, Error>,
                units |args: &VerifyCertificateArgs| $crate::service::certificate_units(args),
                price [
                    Model {
                        fixed: 62_000_000,
                        per_item: 20_000,
                        // Hashing the tree (a fork over two empty leaves is two SHA-256 blocks per 8 bytes:
                        // about 3,400 instructions a byte measured) and the lookups, each of which may walk the
                        // whole tree (up to 64 lookups, and no more than 2 MiB of certificate in all).
                        per_byte: 5_500,
                        items_field: "lookup",
                        items_cap: [64, 64],
                        bytes_field: "certificate",
                        bytes_cap: [640 * 1024, 1024 * 1024],
                        ..UNPRICED
                    },
                ]
                => calls::verify_certificate(args, ic_cdk::api::time());

            /// Whether `Π e(g1_i, g2_i) = 1`. Each point is decoded by its length: for G1, 48 bytes
            /// compressed or 96 uncompressed (ZCash/IETF) or 128 (EIP-2537); for G2, 96, 192 or 256. Every
            /// point is checked (curve, subgroup). An empty list is `true`.
            [query, twin pairing_check_update
                /// [`pairing_check`] as an update: answered after consensus, with an update's caps; callers other than
                /// controllers and the allow-list attach its price in cycles.
            ]
            pairing_check(pairs: Vec<PairingPair>) -> Result<bool, Error>,
                units |pairs: &[PairingPair]| {
                    Ok(Some($crate::service::Units { items: pairs.len() as u64, ..Default::default() }))
                },
                price [
                    Model {
                        fixed: 40_000_000,
                        per_item: 15_800_000,
                        items_field: "pairs",
                        items_cap: [256, 2048],
                        bytes_field: "pairs",
                        ..UNPRICED
                    },
                ]
                => calls::pairing_check(&pairs);

            /// BLS `Verify` in either variant; `Ok` when the signature is valid.
            [query, twin bls_verify_update
                /// [`bls_verify`] as an update: answered after consensus, with an update's caps; callers other than
                /// controllers and the allow-list attach its price in cycles.
            ]
            bls_verify(args: BlsVerifyArgs) -> Result<(), Error>,
                units |args: &BlsVerifyArgs| {
                    Ok(Some($crate::service::Units { bytes: args.hashed_bytes(), ..Default::default() }))
                },
                price [
                    Model {
                        fixed: 55_000_000,
                        per_byte: 150,
                        bytes_field: "message",
                        bytes_cap: ARG_CAP,
                        ..UNPRICED
                    },
                ]
                => calls::bls_verify(&args);

            /// BLS `FastAggregateVerify`: many keys, one message, one aggregate signature. Every key comes
            /// with its proof of possession (min-pk: Ethereum's `_POP_` scheme; min-sig: the
            /// proof-of-possession ciphersuite `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_`); a key whose
            /// proof an update call verified before is taken from the cache.
            [query, twin bls_fast_aggregate_verify_update
                /// [`bls_fast_aggregate_verify`] as an update: answered after consensus, with an update's caps; callers other than
                /// controllers and the allow-list attach its price in cycles.
            ]
            bls_fast_aggregate_verify(args: FastAggregateVerifyArgs) -> Result<(), Error>,
                units |args: &FastAggregateVerifyArgs| {
                    Ok(Some($crate::service::Units {
                        items: args.public_keys.len() as u64,
                        bytes: args.message.len() as u64,
                        address: None,
                    }))
                },
                price [
                    Model {
                        fixed: 55_000_000,
                        per_item: 54_000_000,
                        per_byte: 150,
                        items_field: "public_keys",
                        items_cap: [64, 512],
                        bytes_field: "message",
                        bytes_cap: ARG_CAP,
                        ..UNPRICED
                    },
                ]
                => calls::bls_fast_aggregate_verify(&args);

            /// BLS `AggregateVerify`: one aggregate signature over one message per key. Min-sig: the basic
            /// scheme (distinct messages, no proofs). Min-pk: a proof of possession per key.
            [query, twin bls_aggregate_verify_update
                /// [`bls_aggregate_verify`] as an update: answered after consensus, with an update's caps; callers other than
                /// controllers and the allow-list attach its price in cycles.
            ]
            bls_aggregate_verify(args: AggregateVerifyArgs) -> Result<(), Error>,
                units |args: &AggregateVerifyArgs| {
                    Ok(Some($crate::service::Units {
                        items: args.public_keys.len().max(args.messages.len()) as u64,
                        bytes: args.messages.iter().map(|m| m.len() as u64).sum(),
                        address: None,
                    }))
                },
                price [
                    Model {
                        fixed: 40_000_000,
                        per_item: 72_000_000,
                        per_byte: 150,
                        items_field: "public_keys",
                        items_cap: [48, 384],
                        bytes_field: "messages",
                        bytes_cap: ARG_CAP,
                        ..UNPRICED
                    },
                ]
                => calls::bls_aggregate_verify(&args);

            /// Batch verification of many signatures (one random linear combination, coefficients hashed
            /// from the inputs); `Ok` when all are valid.
            [query, twin bls_batch_verify_update
                /// [`bls_batch_verify`] as an update: answered after consensus, with an update's caps; callers other than
                /// controllers and the allow-list attach its price in cycles.
            ]
            bls_batch_verify(args: BatchVerifyArgs) -> Result<(), Error>,
                units |args: &BatchVerifyArgs| {
                    Ok(Some($crate::service::Units {
                        items: args.items.len() as u64,
                        bytes: args.items.iter().map(|i| i.message.len() as u64).sum(),
                        address: None,
                    }))
                },
                price [
                    Model {
                        fixed: 40_000_000,
                        per_item: 30_000_000,
                        per_byte: 150,
                        items_field: "items",
                        items_cap: [128, 1024],
                        bytes_field: "messages",
                        bytes_cap: ARG_CAP,
                        ..UNPRICED
                    },
                ]
                => calls::bls_batch_verify(&args);

            /// Runs the EIP-2537 precompile at `address` (0x0b to 0x11): its output and gas.
            [query, twin eip2537_call_update
                /// [`eip2537_call`] as an update: answered after consensus, with an update's caps; callers other than
                /// controllers and the allow-list attach its price in cycles.
            ]
            eip2537_call(address: u8, input: serde_bytes::ByteBuf) -> Result<PrecompileOutput, Error>,
                units |address: &u8, input: &[u8]| {
                    Ok(Some($crate::service::Units { address: Some(*address), bytes: input.len() as u64, items: 0 }))
                },
                price [
                    // The fixed-size precompiles pay 4 instructions a byte: an input of the wrong length is
                    // decoded (about 3.2 instructions a byte) before it is refused.
                    eip2537(0x0b, 1_000_000, 4, ARG_CAP),
                    eip2537(0x0c, 5_000_000, 19_500, [G1_MSM_CAP[0] * 160, G1_MSM_CAP[1] * 160]),
                    eip2537(0x0d, 1_000_000, 4, ARG_CAP),
                    eip2537(0x0e, 10_000_000, 27_000, [G2_MSM_CAP[0] * 288, G2_MSM_CAP[1] * 288]),
                    eip2537(0x0f, 40_000_000, 35_000, [EIP_PAIRING_CAP[0] * 384, EIP_PAIRING_CAP[1] * 384]),
                    eip2537(0x10, 3_000_000, 4, ARG_CAP),
                    eip2537(0x11, 9_000_000, 0, ARG_CAP),
                ]
                => calls::eip2537_call(address, &input);

            /// The EIP-4844 point-evaluation precompile (0x0a): 192-byte input, 64-byte output, 50,000 gas.
            [query, twin kzg_point_evaluation_update
                /// [`kzg_point_evaluation`] as an update: answered after consensus, with an update's caps; callers other than
                /// controllers and the allow-list attach its price in cycles.
            ]
            kzg_point_evaluation(input: serde_bytes::ByteBuf) -> Result<PrecompileOutput, Error>,
                units |input: &[u8]| {
                    Ok(Some($crate::service::Units { bytes: input.len() as u64, ..Default::default() }))
                },
                price [
                    Model {
                        fixed: 42_000_000,
                        bytes_field: "input",
                        bytes_cap: ARG_CAP,
                        ..UNPRICED
                    },
                ]
                => calls::kzg_point_evaluation(&input);

            /// RFC 9380 `hash_to_curve` to G1 (random oracle, SHA-256): the compressed point.
            [query, twin hash_to_g1_update
                /// [`hash_to_g1`] as an update: answered after consensus, with an update's caps; callers other than
                /// controllers and the allow-list attach its price in cycles.
            ]
            hash_to_g1(args: HashToCurveArgs) -> Result<Vec<u8>, Error>,
                units |args: &HashToCurveArgs| {
                    Ok(Some($crate::service::Units { bytes: (args.message.len() + args.dst.len()) as u64, ..Default::default() }))
                },
                price [
                    Model {
                        fixed: 4_000_000,
                        per_byte: 150,
                        bytes_field: "message",
                        bytes_cap: ARG_CAP,
                        ..UNPRICED
                    },
                ]
                => calls::hash_to_g1(&args);

            /// RFC 9380 `hash_to_curve` to G2: the compressed point.
            [query, twin hash_to_g2_update
                /// [`hash_to_g2`] as an update: answered after consensus, with an update's caps; callers other than
                /// controllers and the allow-list attach its price in cycles.
            ]
            hash_to_g2(args: HashToCurveArgs) -> Result<Vec<u8>, Error>,
                units |args: &HashToCurveArgs| {
                    Ok(Some($crate::service::Units { bytes: (args.message.len() + args.dst.len()) as u64, ..Default::default() }))
                },
                price [
                    Model {
                        fixed: 10_000_000,
                        per_byte: 150,
                        bytes_field: "message",
                        bytes_cap: ARG_CAP,
                        ..UNPRICED
                    },
                ]
                => calls::hash_to_g2(&args);

            /// Verifies an IC canister signature (the key's DER, the signature's `/sig` leaf, the
            /// certificate's `certified_data`, the certificate with its delegation, optionally its time);
            /// `Ok` gives the certificate's time.
            [query, twin verify_canister_signature_update
                /// [`verify_canister_signature`] as an update: answered after consensus, with an update's caps;
                /// callers other than controllers and the allow-list attach its price in cycles.
            ]
            verify_canister_signature(args: CanisterSignatureArgs) -> Result<VerifiedCanisterSignature, Error>,
                units |args: &CanisterSignatureArgs| {
                    Ok(Some($crate::service::Units { bytes: args.input_bytes(), ..Default::default() }))
                },
                price [
                    Model {
                        fixed: 65_000_000,
                        // The signature's tree and its certificate's are hashed node by node: up to about
                        // 3,400 instructions a byte for forks over empty leaves (canisters/verifier/tests/price.rs).
                        per_byte: 4_000,
                        bytes_field: "signature",
                        bytes_cap: [768 * 1024, MAX_ARGUMENT_BYTES],
                        ..UNPRICED
                    },
                ]
                => calls::verify_canister_signature(&args, ic_cdk::api::time());

            /// Verifies a round of a drand chain (quicknet, the default chained network, or any chain by
            /// its scheme and key): the round's randomness, `sha256(signature)`, when the signature is
            /// valid.
            [query, twin drand_verify_update
                /// [`drand_verify`] as an update: answered after consensus, with an update's caps; callers other
                /// than controllers and the allow-list attach its price in cycles.
            ]
            drand_verify(args: DrandVerifyArgs) -> Result<Vec<u8>, Error>,
                units |args: &DrandVerifyArgs| {
                    Ok(Some($crate::service::Units {
                        bytes: args.previous_signature.as_ref().map_or(0, |p| p.len() as u64),
                        ..Default::default()
                    }))
                },
                price [
                    Model {
                        fixed: 60_000_000,
                        per_byte: 150,
                        bytes_field: "previous_signature",
                        bytes_cap: ARG_CAP,
                        ..UNPRICED
                    },
                ]
                => calls::drand_verify(&args);

            /// BLS12_G1ADD (0x0b). Its paid twin is `eip2537_call_update(0x0b, input)`.
            [query, paid by eip2537_call_update]
            eip2537_g1_add(input: serde_bytes::ByteBuf) -> Result<PrecompileOutput, Error>,
                units |input: &[u8]| $crate::service::precompile_units(0x0b, input),
                price []
                => calls::eip2537_call(0x0b, &input);

            /// BLS12_G1MSM (0x0c). Its paid twin is `eip2537_call_update(0x0c, input)`.
            [query, paid by eip2537_call_update]
            eip2537_g1_msm(input: serde_bytes::ByteBuf) -> Result<PrecompileOutput, Error>,
                units |input: &[u8]| $crate::service::precompile_units(0x0c, input),
                price []
                => calls::eip2537_call(0x0c, &input);

            /// BLS12_G2ADD (0x0d). Its paid twin is `eip2537_call_update(0x0d, input)`.
            [query, paid by eip2537_call_update]
            eip2537_g2_add(input: serde_bytes::ByteBuf) -> Result<PrecompileOutput, Error>,
                units |input: &[u8]| $crate::service::precompile_units(0x0d, input),
                price []
                => calls::eip2537_call(0x0d, &input);

            /// BLS12_G2MSM (0x0e). Its paid twin is `eip2537_call_update(0x0e, input)`.
            [query, paid by eip2537_call_update]
            eip2537_g2_msm(input: serde_bytes::ByteBuf) -> Result<PrecompileOutput, Error>,
                units |input: &[u8]| $crate::service::precompile_units(0x0e, input),
                price []
                => calls::eip2537_call(0x0e, &input);

            /// BLS12_PAIRING_CHECK (0x0f). Its paid twin is `eip2537_call_update(0x0f, input)`.
            [query, paid by eip2537_call_update]
            eip2537_pairing_check(input: serde_bytes::ByteBuf) -> Result<PrecompileOutput, Error>,
                units |input: &[u8]| $crate::service::precompile_units(0x0f, input),
                price []
                => calls::eip2537_call(0x0f, &input);

            /// BLS12_MAP_FP_TO_G1 (0x10). Its paid twin is `eip2537_call_update(0x10, input)`.
            [query, paid by eip2537_call_update]
            eip2537_map_fp_to_g1(input: serde_bytes::ByteBuf) -> Result<PrecompileOutput, Error>,
                units |input: &[u8]| $crate::service::precompile_units(0x10, input),
                price []
                => calls::eip2537_call(0x10, &input);

            /// BLS12_MAP_FP2_TO_G2 (0x11). Its paid twin is `eip2537_call_update(0x11, input)`.
            [query, paid by eip2537_call_update]
            eip2537_map_fp2_to_g2(input: serde_bytes::ByteBuf) -> Result<PrecompileOutput, Error>,
                units |input: &[u8]| $crate::service::precompile_units(0x11, input),
                price []
                => calls::eip2537_call(0x11, &input);

            /// Registers an Ethereum sync committee (update only): checks its 512 keys and their aggregate,
            /// keeps them in stable memory, and returns the committee's SSZ root, by which
            /// `verify_sync_aggregate` finds it. Registered by a controller or an allow-listed caller, the
            /// committee is pinned. Others' committees keep their slot for a sync period (27.3 hours)
            /// after their registration or last paid use (a verification in an update, a registration
            /// again), then may be replaced by a stranger's, least recently used first; while every
            /// slot is held a stranger's registration is refused before its keys are decoded. A
            /// stranger's new committee pays the slot's rent beside the work: the `price` query's
            /// answer, which grows with the slots held (`service::registration_rent`). Registering a
            /// stored committee again costs little.
            [update]
            register_sync_committee(args: RegisterSyncCommitteeArgs) -> Result<RegisteredSyncCommittee, Error>,
                units |args: &RegisterSyncCommitteeArgs| {
                    Ok(Some($crate::service::Units { items: args.public_keys.len() as u64, ..Default::default() }))
                },
                price [
                    // An update only (a query's registration would be discarded with its state): 512 keys
                    // decompressed and subgroup-checked, the root hashed, the committee written to stable
                    // memory. Its cap is a committee's size; other sizes are refused before any key is decoded.
                    Model {
                        fixed: 40_000_000,
                        per_item: 2_500_000,
                        items_field: "public_keys",
                        items_cap: [512, 512],
                        ..UNPRICED
                    },
                ]
                => calls::register_sync_committee(&args, service::privileged(&ic_cdk::api::msg_caller()));

            /// Verifies an Ethereum light-client update's sync aggregate (participation bits and aggregate
            /// signature over the attested header) against a registered committee: the number of
            /// participants and the header's root. Mainnet's fork and genesis when `fork` is absent.
            [query, twin verify_sync_aggregate_update
                /// [`verify_sync_aggregate`] as an update: answered after consensus; callers other than
                /// controllers and the allow-list attach its price in cycles.
            ]
            verify_sync_aggregate(args: SyncAggregateArgs) -> Result<VerifiedSyncAggregate, Error>,
                units |args: &SyncAggregateArgs| { let _ = args; Ok(Some($crate::service::Units::default())) },
                price [
                    // Fixed-size input: the committee read from stable memory, the participants' key, one
                    // hash to G2 and a pairing check.
                    Model {
                        fixed: 70_000_000,
                        ..UNPRICED
                    },
                ]
                => calls::verify_sync_aggregate(&args);

            /// Starts the Ethereum light client (update only, once): takes in the bootstrap of the block
            /// the install argument's `eth_light_client.trusted_block_root` names, checks its header and
            /// the branch of its sync committee, and decodes and checks the committee's 512 keys. Anyone
            /// may send it (the root decides what is taken in); refused once the client has its store.
            [update]
            eth_light_client_bootstrap(args: EthLightClientBootstrapArgs) -> Result<EthLightClientState, Error>,
                units |args: &EthLightClientBootstrapArgs| {
                    Ok(Some($crate::service::Units { bytes: args.bootstrap.len() as u64, ..Default::default() }))
                },
                price [
                    // 512 keys decompressed and subgroup-checked, the committee and header hashed, the
                    // store written to stable memory. A bootstrap is about 25 KB (a Fulu one 25.6 KB).
                    Model {
                        fixed: 1_400_000_000,
                        per_byte: 1_000,
                        bytes_field: "bootstrap",
                        bytes_cap: [LIGHT_CLIENT_BYTES_CAP, LIGHT_CLIENT_BYTES_CAP],
                        ..UNPRICED
                    },
                ]
                => calls::eth_light_client_bootstrap(&args);

            /// Moves the Ethereum light client on (update only): a light-client update, finality update or
            /// optimistic update, checked by the rules of the sync protocol (its branches and the
            /// committee's aggregate signature; consensus-specs `altair/light-client/sync-protocol.md`
            /// and later forks), at the slot of the IC's clock. An update that hands off the next
            /// committee decodes and checks its 512 keys. Anyone may send updates: the committee's
            /// signatures decide what is taken in, and a refused update changes nothing.
            [update]
            eth_light_client_process(args: EthLightClientUpdateArgs) -> Result<EthLightClientState, Error>,
                units |args: &EthLightClientUpdateArgs| {
                    Ok(Some($crate::service::Units { bytes: args.update.len() as u64, ..Default::default() }))
                },
                price [
                    // The store read from the heap, the aggregate checked (a hash to G2 and a pairing check),
                    // and a committee's 512 keys when the update carries one: only a `LightClientUpdate`
                    // can, and it is then about 25 KB, so the price follows the bytes. The store is written
                    // back to stable memory.
                    Model {
                        fixed: 90_000_000,
                        per_byte: 52_000,
                        bytes_field: "update",
                        bytes_cap: [LIGHT_CLIENT_BYTES_CAP, LIGHT_CLIENT_BYTES_CAP],
                        ..UNPRICED
                    },
                ]
                => calls::eth_light_client_process(&args);

            /// The Ethereum light client's finalized and optimistic headers (with their execution blocks'
            /// number, hash and state root), its period and whether it knows the next committee.
            [query] eth_light_client_state() -> Result<EthLightClientState, Error>,
                units | | Ok(None),
                price []
                => calls::eth_light_client_state();

            /// Verifies a vetKey (dfinity's vetKD: an augmented BLS signature in G1) of an input under a
            /// derived public key, given or derived here from a master key, canister and context.
            [query, twin verify_vetkey_update
                /// [`verify_vetkey`] as an update: answered after consensus; callers other than controllers
                /// and the allow-list attach its price in cycles.
            ]
            verify_vetkey(args: VerifyVetKeyArgs) -> Result<VerifiedVetKey, Error>,
                units |args: &VerifyVetKeyArgs| {
                    Ok(Some($crate::service::Units { bytes: args.input_bytes(), ..Default::default() }))
                },
                price [
                    // A key derivation (two G2 multiplications) at most, a hash to G1 over the input, and a
                    // weighted three-pair check.
                    Model {
                        fixed: 60_000_000,
                        per_byte: 150,
                        bytes_field: "input",
                        bytes_cap: ARG_CAP,
                        ..UNPRICED
                    },
                ]
                => calls::verify_vetkey(&args);

            /// `ic-vetkeys`'s identity-based encryption: the ciphertext of a message to an identity under
            /// a derived public key, which that identity's vetKey decrypts. The verifier sees the message
            /// and the seed.
            [query, twin ibe_encrypt_update
                /// [`ibe_encrypt`] as an update: answered after consensus; callers other than controllers and
                /// the allow-list attach its price in cycles.
            ]
            ibe_encrypt(args: IbeEncryptArgs) -> Result<Vec<u8>, Error>,
                units |args: &IbeEncryptArgs| $crate::service::ibe_encrypt_units(args),
                price [
                    // A key derivation at most, two secret multiplications, a pairing; per byte, the message
                    // hashed to the scalar (SHA-256) and masked (SHAKE256), and the seed hashed (HKDF). The
                    // ciphertext is the message plus 136 bytes, so the message is capped to fit the reply;
                    // the seed is capped on its own (`ibe_encrypt_units`).
                    Model {
                        fixed: 70_000_000,
                        per_byte: 250,
                        bytes_field: "message",
                        bytes_cap: [MAX_IBE_BYTES, MAX_IBE_BYTES],
                        ..UNPRICED
                    },
                ]
                => calls::ibe_encrypt(&args);
        }
    };
}

/// Reads the rows of [`verifier_methods!`](crate::verifier_methods) and passes them to the
/// callback as bracketed columns.
#[doc(hidden)]
#[macro_export]
macro_rules! __verifier_rows {
    ($callback:path; $(
        $(#[doc = $doc:literal])*
        [$kind:ident $(, twin $twin:ident $(#[doc = $tdoc:literal])*)? $(, paid by $paid:ident)?]
        $name:ident ($($arg:ident : $ty:ty),*) -> $reply:ty,
            units |$($uarg:ident : $uty:ty),*| $units:expr,
            price [$($model:expr),* $(,)?]
            => $body:expr;
    )*) => {
        $callback! {$(
            $kind [$($twin [$(#[doc = $tdoc])*])?] [$($paid)?] $name [$(#[doc = $doc])*] [$($arg: $ty),*] [$reply]
                [|$($uarg: $uty),*| $units] [$($model),*] [$body];
        )*}
    };
}

/// A row of the method table, as the tests and tools see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Method {
    /// The method's name in `verifier.did`.
    pub name: &'static str,
    /// Exported as an update (else a query).
    pub update: bool,
    /// The paid update twin this row generates beside it (`[query, twin NAME]`).
    pub twin: Option<&'static str>,
    /// The paid update method that does this method's work: its twin, another row's twin
    /// (`[query, paid by NAME]`), itself for an update, `None` for a free query.
    pub paid_by: Option<&'static str>,
}

use crate::service::{
    cycles_for_instructions, eip2537, Context, Model, Units, ARG_CAP, EIP2537_METHODS, EIP_PAIRING_CAP, G1_MSM_CAP,
    G2_MSM_CAP, LIGHT_CLIENT_BYTES_CAP, MAX_ARGUMENT_BYTES, MAX_IBE_BYTES, PRICE_MARGIN_PERCENT, UNPRICED,
};
use crate::types::Error;

macro_rules! method_rows {
    ($($kind:ident $twin:tt $paid:tt $name:ident $docs:tt $args:tt $reply:tt $units:tt [$($model:expr),*] $body:tt;)*) => {
        /// Every method of the table, in its order (the generated twins are not rows of their own:
        /// see [`Method::twin`]).
        pub const METHODS: &[Method] = &[$(
            method_rows!(@row $kind $name $twin $paid),
        )*];

/// The cost models and caps of every priced method: each row's `price` column of the method
        /// table ([`crate::methods`]), in its order.
        ///
        /// The coefficients are upper bounds of the whole-message costs that `canisters/verifier/tests/price.rs`
        /// measures on the meter (it prints them, and fails if any call costs more than its model):
        /// for example `pairing_check` on 2, 16 and 64 compressed pairs costs 66.8M, 265.6M and 1,005.1M
        /// instructions (15.4M per pair beyond the final exponentiation), a G1 MSM 387.0M on 128 points
        /// (2.98M per point, 18.6K per input byte), `bls_fast_aggregate_verify` with 32 new min-pk keys
        /// 1,728.2M (52.4M per key, most of it the key's proof of possession), hashing 145 per message
        /// byte. Where schemes differ the dearer one is priced (min-pk's proofs in
        /// `bls_aggregate_verify`, min-pk's G2 signatures in `bls_batch_verify`).
        ///
        /// The caps keep the dearest input of each size within about 80% of its context's instruction
        /// limit (5 billion for a query, 40 billion for an update): `canisters/verifier/tests/limits.rs` measures
        /// each method at its caps. Elements that only an update holds are also bound by the 2 MiB
        /// argument ([`MAX_ARGUMENT_BYTES`]).
        pub const MODELS: &[Model] = &[$($(
            Model { method: stringify!($name), ..$model },
        )*)*];
    };
    (@row query $name:ident [] []) => {
        Method { name: stringify!($name), update: false, twin: None, paid_by: None }
    };
    (@row query $name:ident [$twin:ident $tdocs:tt] []) => {
        Method { name: stringify!($name), update: false, twin: Some(stringify!($twin)), paid_by: Some(stringify!($twin)) }
    };
    (@row query $name:ident [] [$paid:ident]) => {
        Method { name: stringify!($name), update: false, twin: None, paid_by: Some(stringify!($paid)) }
    };
    (@row update $name:ident [] []) => {
        Method { name: stringify!($name), update: true, twin: None, paid_by: Some(stringify!($name)) }
    };
}

verifier_methods!(method_rows);

/// The model of `method` (a query name, its `_update` twin, or a per-precompile method) at
/// `address`, or `Unsupported` for a method the verifier does not price.
pub fn model(method: &str, address: Option<u8>) -> Result<&'static Model, Error> {
    let base = method.strip_suffix("_update").unwrap_or(method);
    let (base, address) = match EIP2537_METHODS.iter().find(|(m, _)| *m == base) {
        Some((_, a)) => ("eip2537_call", Some(*a)),
        None => (base, address),
    };
    let eip = base == "eip2537_call";
    MODELS.iter().find(|m| m.method == base && (!eip || m.address == address)).ok_or_else(|| match (eip, address) {
        (true, Some(a)) => Error::unsupported("address", format!("no EIP-2537 precompile at address {a:#04x}")),
        (true, None) => Error::unsupported("address", "eip2537_call is priced per precompile: give its address"),
        _ => Error::unsupported(
            "method",
            format!("{} is not a priced method of the verifier", crate::types::quoted(method)),
        ),
    })
}

/// The price of calling `method` (its paid update) with these units on a subnet of `nodes`
/// nodes: the modelled instructions with the margin, in cycles. Inputs over the update caps
/// are refused with the cap's error, as the call would be.
pub fn price(method: &str, units: &Units, nodes: u32) -> Result<u128, Error> {
    let model = model(method, units.address)?;
    model.check_caps(units, Context::Update)?;
    let modelled = model.instructions(units);
    let with_margin = modelled.saturating_add(modelled.saturating_mul(PRICE_MARGIN_PERCENT) / 100);
    Ok(cycles_for_instructions(with_margin, nodes))
}

/// Whether `name` is a free method of the table (`[query]`: never priced).
pub fn is_free(name: &str) -> bool {
    METHODS.iter().any(|m| m.name == name && m.paid_by.is_none())
}

/// The paid update method that does the work of the exported method `name` (a row, or a
/// generated twin: itself), or `None` for a free or unknown method.
pub fn paid_by(name: &str) -> Option<&'static str> {
    METHODS.iter().find_map(|m| if m.name == name { m.paid_by } else { m.twin.filter(|twin| *twin == name) })
}

/// Every method name the verifier exports: each row and each generated twin.
pub fn exported_names() -> impl Iterator<Item = &'static str> {
    METHODS.iter().flat_map(|m| core::iter::once(m.name).chain(m.twin))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_every_paid_method_is_exported() {
        let names: Vec<&str> = exported_names().collect();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[..i].contains(n), "{n} twice");
        }
        for m in METHODS {
            if let Some(paid) = m.paid_by {
                assert!(names.contains(&paid), "{}: its paid method {paid} is not exported", m.name);
            }
        }
        assert_eq!(names.len(), 43);
        assert!(is_free("version") && is_free("price") && !is_free("bls_verify") && !is_free("nothing"));
        assert_eq!(paid_by("bls_verify"), Some("bls_verify_update"));
        assert_eq!(paid_by("bls_verify_update"), Some("bls_verify_update"));
        assert_eq!(paid_by("eip2537_g1_msm"), Some("eip2537_call_update"));
        assert_eq!(paid_by("register_sync_committee"), Some("register_sync_committee"));
        assert_eq!(paid_by("eth_light_client_process"), Some("eth_light_client_process"));
        assert!(is_free("eth_light_client_state"));
        assert_eq!(paid_by("version"), None);
    }

    /// Every paid method has a price model (the per-precompile ones through `eip2537_call`'s),
    /// and every model belongs to a paid row.
    #[test]
    fn every_paid_method_is_priced() {
        use crate::service::EIP2537_METHODS;
        for m in METHODS.iter().filter(|m| m.paid_by.is_some()) {
            let address = EIP2537_METHODS.iter().find(|(name, _)| *name == m.name).map(|(_, a)| *a);
            if m.name != "eip2537_call" {
                assert!(model(m.name, address).is_ok(), "{} has no price model", m.name);
            }
        }
        for model in MODELS {
            assert!(METHODS.iter().any(|m| m.name == model.method && m.paid_by.is_some()), "{}", model.method);
        }
        let per_precompile: Vec<&str> = METHODS
            .iter()
            .filter(|m| m.paid_by == Some("eip2537_call_update") && m.twin.is_none())
            .map(|m| m.name)
            .collect();
        let listed: Vec<&str> = EIP2537_METHODS.iter().map(|(name, _)| *name).collect();
        assert_eq!(per_precompile, listed);
    }
}
