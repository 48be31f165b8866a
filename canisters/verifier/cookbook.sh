#!/usr/bin/env bash
# The verifier canister's cookbook: every method, called on the offline meter with the Candid
# arguments verifier.did types. `cargo xtask call METHOD '(CANDID ARGS)' [--update]` builds the
# verifier, installs it on the meter with the anonymous principal as its controller, calls the
# method as that controller (so updates are free) and prints the reply. On PocketIC instead: set
# POCKET_IC_BIN and R="cargo -q run --release -p xtask --features pocket-ic -- call" below.
# `ok` prints a reply and stops the script if it is an error; `err FIELD` prints one that must
# be the verifier's error naming FIELD (CI runs the script, so each line is checked).
#
# Run it from the repository root (it needs jq, and the public vectors in ../shared/vectors or
# the folder ICBLS_VECTORS names):
#
#     bash canisters/verifier/cookbook.sh
#
# canisters/verifier/README.md explains the methods, their prices and their limits.
set -euo pipefail
if [ ! -f canisters/verifier/verifier.did ]; then
    echo "run this from the repository root: bash canisters/verifier/cookbook.sh" >&2
    exit 1
fi
VECTORS="${ICBLS_VECTORS:-../shared/vectors}"

R="cargo -q xtask call"
ok() {
    local reply
    reply="$($R "$@")"
    echo "$reply"
    if grep -q 'Err' <<<"$reply"; then echo "cookbook: $1 answered an error" >&2; exit 1; fi
}
err() {
    local field="$1" reply
    shift
    reply="$($R "$@")"
    echo "$reply"
    if ! grep -q "field = \"$field\"" <<<"$reply"; then echo "cookbook: $1 did not refuse $field" >&2; exit 1; fi
}
zeros() { printf '\\00%.0s' $(seq "$1"); }      # n zero bytes as Candid blob text
hexblob() { echo "$1" | sed 's/../\\&/g'; }    # hex as Candid blob text
PK=814c0e6ec71fab583b08bd81373c255c3c371b2e84863c98a4f1e08b74235d14fb5d9c0cd546d9685f913a0c0b2cc5341583bf4b4392e467db96d65b9bb4cb717112f8472e0d5a4d14505ffd7484b01291091c5f87b98883463f98091a0baaae
MSG=0d69632d73746174652d726f6f74e6c01e909b4923345ce5970962bcfe3004bfd8474a21dae28f50692502f46d90
SIG=ace9fcdd9bc977e05d6328f889dc4e7c99114c737a494653cb27a1f55c06f4555e0f160980af5ead098acc195010b2f7
G1=97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb
NEG_G1=b7f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb
G2=93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8
# An Ethereum (min-pk) key of the eth bls12-381-tests generator, its proof of possession, and
# its signature on "abc".
EPK=a491d1b0ecd9bb917989f0e74f0dea0422eac4a873e5e2644f368dffb9a6e20fd6e10c1b77654d067c0618f6e5a7f79a
EPOP=b803eb0ed93ea10224a73b6b9c725796be9f5fefd215ef7a5b97234cc956cf6870db6127b7e4d824ec62276078e787db05584ce1adbf076bc0808ca0f15b73d59060254b25393d95dfc7abe3cda566842aaedf50bbb062aae1bbb6ef3b1f77e1
ESIG=a31751779876b59bddbd8896f966ab41b07556c0f020fbac55e862e027d48e79e57caba6153d7ec47db1219dca1b070d13a6469139855bd90ed9bb08b6686ee07836703f90547be20e7715a76de94115280b07b9238da2ea23704a1e1a71c2fe

ok version
# What a paid call costs: 16 compressed pairs, as pairing_check_update.
ok price '(record { method = "pairing_check_update"; address = null; items = 16; bytes = 0 })'
# An IC certificate (a mainnet read_state certificate with a delegation, from the public
# vectors beside the checkout), clock fixed to its time.
CERT=$(jq -r '.[] | select(.name == "ivg37_time_valid") | .certificate_hex' "$VECTORS/ic_certificates/ic_certificates.json")
ok verify_certificate "(record { certificate = blob \"$(hexblob $CERT)\";
  root_key = null; canister_id = opt principal \"ivg37-qiaaa-aaaab-aaaga-cai\"; subnet_id = null;
  now_ns = opt 1_763_796_896_688_941_908; max_age_ns = null; lookup = vec { vec { blob \"time\" } } })"
# e(g1, g2)·e(-g1, g2) = 1. Encodings by length: G1 48/96/128 bytes, G2 96/192/256 (compressed,
# uncompressed, EIP-2537).
ok pairing_check "(vec { record { g1 = blob \"$(hexblob $G1)\"; g2 = blob \"$(hexblob $G2)\" };
                          record { g1 = blob \"$(hexblob $NEG_G1)\"; g2 = blob \"$(hexblob $G2)\" } })"
ok pairing_check_update '(vec {})' --update
# The IC's BLS signature on a certificate's root hash, under the mainnet root key.
ok bls_verify "(record { scheme = variant { MinSig }; public_key = blob \"$(hexblob $PK)\";
  message = blob \"$(hexblob $MSG)\"; signature = blob \"$(hexblob $SIG)\" })"
# Another ciphersuite of the variant: Basic, ProofOfPossession, MessageAugmentation (the key
# before the message) or Dst = blob "..." of one's own (this basic-scheme signature fails there).
err signature bls_verify "(record { scheme = variant { MinSig }; public_key = blob \"$(hexblob $PK)\";
  message = blob \"$(hexblob $MSG)\"; signature = blob \"$(hexblob $SIG)\"; ciphersuite = opt variant { MessageAugmentation } })"
# Aggregation over one message: every key with its proof of possession (min-pk here; min-sig's
# fast aggregation is its _POP_ ciphersuite).
ok bls_fast_aggregate_verify "(record { scheme = variant { MinPk }; public_keys = vec { blob \"$(hexblob $EPK)\" };
  proofs_of_possession = vec { blob \"$(hexblob $EPOP)\" }; message = blob \"abc\"; signature = blob \"$(hexblob $ESIG)\" })"
# The IC's basic scheme: distinct messages, no proofs.
ok bls_aggregate_verify "(record { scheme = variant { MinSig }; public_keys = vec { blob \"$(hexblob $PK)\" };
  proofs_of_possession = vec {}; messages = vec { blob \"$(hexblob $MSG)\" }; signature = blob \"$(hexblob $SIG)\" })"
ok bls_batch_verify "(record { scheme = variant { MinSig }; items = vec { record { public_key = blob \"$(hexblob $PK)\";
  message = blob \"$(hexblob $MSG)\"; signature = blob \"$(hexblob $SIG)\" } } })"
# EIP-2537, on points at infinity (all-zero encodings) and zero field elements: output and gas.
ok eip2537_g1_add "(blob \"$(zeros 256)\")"
ok eip2537_g2_add "(blob \"$(zeros 512)\")"
ok eip2537_g1_msm "(blob \"$(zeros 160)\")"
ok eip2537_g2_msm "(blob \"$(zeros 288)\")"
ok eip2537_pairing_check "(blob \"$(zeros 384)\")"
ok eip2537_map_fp_to_g1 "(blob \"$(zeros 64)\")"
ok eip2537_map_fp2_to_g2 "(blob \"$(zeros 128)\")"
ok eip2537_call "(0x0f, blob \"$(zeros 384)\")"
err input eip2537_call "(0x0b, blob \"$(zeros 255)\")"     # Err: BLS12_G1ADD: input must be 256 bytes
# EIP-4844: the zero polynomial's commitment and proof (points at infinity), z = y = 0.
ok kzg_point_evaluation "(blob \"$(hexblob 010657f37554c781402a22917dee2f75def7ab966d7b770905398eba3c444014)$(zeros 64)$(hexblob c0)$(zeros 47)$(hexblob c0)$(zeros 47)\")"
ok hash_to_g1 '(record { message = blob "abc"; dst = blob "QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_" })'
# drand: a quicknet round, and a round of the default chained network with its previous
# signature; the reply is the round's randomness, sha256(signature).
ok drand_verify "(record { chain = variant { Quicknet }; round = 123; previous_signature = null;
  signature = blob \"$(hexblob b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92)\" })"
ok drand_verify "(record { chain = variant { Mainnet }; round = 72785;
  signature = blob \"$(hexblob 82f5d3d2de4db19d40a6980e8aa37842a0e55d1df06bd68bddc8d60002e8e959eb9cfa368b3c1b77d18f02a54fe047b80f0989315f83b12a74fd8679c4f12aae86eaf6ab5690b34f1fddd50ee3cc6f6cdf59e95526d5a5d82aaa84fa6f181e42)\";
  previous_signature = opt blob \"$(hexblob a609e19a03c2fcc559e8dae14900aaefe517cb55c840f6e69bc8e4f66c8d18e8a609685d9917efbfb0c37f058c2de88f13d297c7e19e0ab24813079efe57a182554ff054c7638153f9b26a60e7111f71a0ff63d9571704905d3ca6df0b031747)\" })"
ok hash_to_g2 '(record { message = blob "abc"; dst = blob "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_" })'
# An IC canister signature (ldclabs/ic-auth's test, signed on a local replica, so its root key
# is given); the reply is the certificate's time.
ok verify_canister_signature "(record { message = blob \"$(hexblob 086c81b03b34184d2365b88a7d94ad9cc0f4e98970b6c10068aae4e407333339)\";
  public_key = blob \"$(hexblob 303c300c060a2b0601040183b8430102032c000a000000000000000101011f809d0136deeed8e0187447d20ac0e13e0201e1dede8c437eada3e8dc349f85)\";
  root_key = opt blob \"$(hexblob b90210504fe157d1df412e500ced967ef794dc7aa88c84d764b74b6bc2cf0e575d79f331927df062240c88a28e1802c60b407c7bce541b50310d775919bcd0f799222c3738bc3bcc8bf05af5f52ee2afec54c460bda35c6c379267924db2d374)\";
  max_age_ns = null; now_ns = null;
  signature = blob \"$(hexblob d9d9f7a26b636572746966696361746558a1d9d9f7a26474726565830183024863616e697374657283024a0000000000)$(hexblob 000001010183024e6365727469666965645f646174618203582053e3b19ab292296b52b451b0662af2d86ac707569b39)$(hexblob 825fc31f62aca41406d483024474696d6582034387ad4b697369676e61747572655830a95766af95898e1c8492de7b7d)$(hexblob 9e6c601ea9d9958113f6c0491ef044ed5ebb03d31983abfa40ebbef7068ebaf7e66f0564747265658302437369678302)$(hexblob 5820591047009df12cb39741d672f270045fd15beec2b0b84c1d71bda98b758726cd83025820d37372239856cdf2ae15)$(hexblob 8e5ac365f15501a9e5612a970ddd7b3199c522b54194820340)\" })"
# Ethereum sync committees: register_sync_committee takes a committee's 512 keys and their
# aggregate (too long to type here: canisters/verifier/tests/sync_committees.rs registers a mainnet
# committee from the vectors' sync_committee/), and verify_sync_aggregate checks an update
# against it by the committee's root. An unknown root:
err committee_root verify_sync_aggregate "(record { committee_root = blob \"$(zeros 32)\"; signature_slot = 7061720;
  attested_header = record { slot = 7061719; proposer_index = 45803; parent_root = blob \"$(zeros 32)\";
  state_root = blob \"$(zeros 32)\"; body_root = blob \"$(zeros 32)\" }; sync_committee_bits = blob \"$(zeros 64)\";
  sync_committee_signature = blob \"$(zeros 96)\"; fork = null })"   # Err: Unsupported committee_root
# The Ethereum light client is set up by the install argument (eth_light_client: network and
# trusted block root; see the README's "The Ethereum light client"), then takes the beacon API's
# bootstrap and updates as SSZ; this verifier (installed without one) says so.
err eth_light_client eth_light_client_state
# vetKeys (ic-vetkeys's fixed protocol flow): a vetKey of the input "message" under a derived
# key, then an IBE encryption to "alice" under key_1 derived here for a canister and context.
ok verify_vetkey "(record { public_key = variant { Derived = blob \"$(hexblob 972c4c6cc184b56121a1d27ef1ca3a2334d1a51be93573bd18e168f78f8fe15ce44fb029ffe8e9c3ee6bea2660f4f35e0774a35a80d6236c050fd8f831475b5e145116d3e83d26c533545f64b08464e4bcc755f990a381efa89804212d4eef5f)\" };
  input = blob \"message\"; vetkey = blob \"$(hexblob 987db5406ce297e729c8564a106dc896943b00216a095fe9c5d32a16a330c02eb80e6f468ede83cde5462b5145b58f65)\" })"
ok ibe_encrypt "(record { public_key = variant { FromMaster = record { master_key = variant { Mainnet = \"key_1\" };
  canister_id = principal \"urq22-tyaaa-aaaag-audia-cai\"; context = blob \"my app\" } }; identity = blob \"alice\";
  message = blob \"hello\"; seed = blob \"$(zeros 32)\" })"   # a fixed seed, for the example only
