//! The bench rows, in one table: every row of the results table that a bench canister measures,
//! with how each canister exports it and where the report shows it. From it come the bench and
//! baseline canisters' methods and the lists they answer (`benchmarks`, `update_benchmarks`),
//! through [`export_bench_methods!`](crate::export_bench_methods), and every selection the
//! runner draws (the chart, the README's table, the kernel variants).
//!
//! A row reads `name: BENCH baseline BASELINE [TAGS];`:
//! - `BENCH` is how the bench canister (`icbls`) exports it: `query`, or `update` where the
//!   row's setup and operation exceed a query's limit;
//! - `BASELINE` is how the baseline canister (zkcrypto `bls12_381` and dfinity's crates)
//!   exports it, or `none` where it has no such operation;
//! - `TAGS`: `chart` (the chart and the README's headline table), `readme` (the headline table
//!   only), `variant` (measured on every kernel variant), `precompile` (the bench canister
//!   measures it with its precompile runner, `measurements::precompile_row(NAME)`, on the
//!   row's EIP-2537 or EIP-4844 input, instead of a function of its own), `model` (its field
//!   operations are counted on the bench canister's counting build, for the report's distance
//!   to the model).
//!
//! The order is the results table's.

/// Calls `$callback!` with every bench row (the table above), in the results table's order,
/// after the tokens of the optional `{ prefix }`.
#[macro_export]
macro_rules! bench_rows {
    ($callback:path $({ $($prefix:tt)* })?) => {
        $callback! {
            $($($prefix)*)?
            fp_add:                             query  baseline none   [variant];
            fp_mul:                             query  baseline none   [variant];
            fp_square:                          query  baseline none   [variant];
            fp_inv:                             query  baseline none   [];
            fp_inv_constant_time:               query  baseline none   [];
            fp_sqrt:                            query  baseline none   [];
            fp2_mul:                            query  baseline none   [variant, model];
            fp2_square:                         query  baseline none   [];
            fp2_inv:                            query  baseline none   [];
            fp2_sqrt:                           query  baseline none   [];
            fp12_mul:                           query  baseline query  [variant, model];
            fp12_square:                        query  baseline query  [model];
            fp12_cyclotomic_square:             query  baseline none   [model];
            fr_mul:                             query  baseline query  [variant];
            fr_inv:                             query  baseline query  [];
            g1_add:                             query  baseline query  [];
            g1_add_mixed:                       query  baseline none   [];
            g1_double:                          query  baseline query  [];
            g1_mul:                             query  baseline query  [chart, model];
            g1_mul_constant_time:               query  baseline none   [];
            g2_add:                             query  baseline query  [];
            g2_add_mixed:                       query  baseline none   [];
            g2_double:                          query  baseline query  [];
            g2_mul:                             query  baseline query  [chart, model];
            g2_mul_constant_time:               query  baseline none   [];
            g1_decompress_checked:              query  baseline query  [chart];
            g2_decompress_checked:              query  baseline query  [chart];
            g1_subgroup_check:                  query  baseline query  [model];
            g2_subgroup_check:                  query  baseline query  [model];
            g1_msm_2:                           query  baseline query  [];
            g1_msm_16:                          query  baseline query  [];
            g1_msm_128:                         query  baseline query  [chart];
            g1_msm_1024:                        query  baseline none   [];
            g2_msm_2:                           query  baseline query  [];
            g2_msm_16:                          query  baseline query  [];
            g2_msm_128:                         query  baseline none   [];
            miller_loop:                        query  baseline query  [chart, model];
            final_exponentiation:               query  baseline query  [chart, model];
            pairing:                            query  baseline query  [chart, model];
            pairing_check_2:                    query  baseline query  [chart, model];
            pairing_check_2_prepared:           query  baseline none   [];
            pairing_check_2_degenerate:         query  baseline none   [];
            pairing_check_4:                    query  baseline none   [];
            pairing_check_8:                    query  baseline none   [];
            pairing_check_16:                   query  baseline none   [];
            expand_message_xmd:                 query  baseline none   [];
            map_fp_to_g1:                       query  baseline none   [];
            map_fp2_to_g2:                      query  baseline none   [];
            hash_to_g1:                         query  baseline query  [chart];
            hash_to_g2:                         query  baseline query  [chart, model];
            bls_min_sig_verify:                 query  baseline query  [chart, model];
            bls_min_pk_verify:                  query  baseline query  [chart];
            fast_aggregate_verify_16:           query  baseline none   [];
            fast_aggregate_verify_128:          query  baseline none   [readme];
            batch_verify_16:                    query  baseline none   [];
            batch_verify_128:                   query  baseline none   [readme];
            batch_verify_min_pk_16:             query  baseline none   [];
            batch_verify_min_pk_128:            update baseline none   [];
            certificate_verify:                 query  baseline query  [chart];
            certificate_verify_with_delegation: query  baseline query  [chart, model];
            certificate_verify_cache_first:     query  baseline none   [];
            certificate_verify_cache_second:    query  baseline none   [];
            canister_signature_verify:          query  baseline query  [model];
            threshold_combine_13_of_34:         query  baseline query  [];
            threshold_combine_27_of_40:         query  baseline query  [];
            threshold_verify_share:             query  baseline query  [];
            sync_committee_register:            query  baseline update [];
            sync_aggregate_verify_512:          query  baseline query  [];
            sync_aggregate_verify_400:          query  baseline query  [];
            sync_aggregate_verify_342:          query  baseline query  [];
            eth_light_client_bootstrap:         query  baseline update [];
            eth_light_client_update_handoff:    query  baseline update [];
            eth_light_client_finality_update:   query  baseline query  [];
            vetkey_derive_public_key:           query  baseline query  [];
            vetkey_decrypt_and_verify:          query  baseline query  [model];
            ibe_encrypt:                        query  baseline query  [model];
            ibe_decrypt:                        query  baseline query  [];
            drand_quicknet_verify:              query  baseline query  [];
            drand_mainnet_verify:               query  baseline query  [model];
            eip2537_g1add:                      query  baseline none   [precompile, model];
            eip2537_g2add:                      query  baseline none   [precompile];
            eip2537_g1msm_1:                    query  baseline none   [precompile];
            eip2537_g1msm_2:                    query  baseline none   [precompile];
            eip2537_g1msm_8:                    query  baseline none   [precompile];
            eip2537_g1msm_32:                   query  baseline none   [precompile];
            eip2537_g1msm_128:                  query  baseline none   [readme, precompile, model];
            eip2537_g1msm_1024:                 query  baseline none   [precompile];
            eip2537_g2msm_1:                    query  baseline none   [precompile];
            eip2537_g2msm_2:                    query  baseline none   [precompile];
            eip2537_g2msm_8:                    query  baseline none   [precompile];
            eip2537_g2msm_32:                   query  baseline none   [precompile];
            eip2537_g2msm_128:                  query  baseline none   [precompile, model];
            eip2537_g2msm_1024:                 update baseline none   [precompile];
            eip2537_pairing_1:                  query  baseline none   [precompile];
            eip2537_pairing_2:                  query  baseline none   [readme, precompile];
            eip2537_pairing_4:                  query  baseline none   [precompile];
            eip2537_pairing_8:                  query  baseline none   [precompile];
            eip2537_map_fp_to_g1:               query  baseline none   [precompile];
            eip2537_map_fp2_to_g2:              query  baseline none   [precompile];
            point_evaluation:                   query  baseline none   [readme, precompile, model];
        }
    };
}

/// Where the report shows a row, besides the full results table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag {
    /// The chart and the README's headline table.
    Chart,
    /// The README's headline table, after the chart's rows.
    Readme,
    /// Measured on every kernel variant.
    Variant,
    /// Measured by the bench canister's precompile runner.
    Precompile,
    /// Counted on the bench canister's counting build too: the report's distance to the model.
    Model,
}

/// How a canister exports a row's method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// A query (within a query's instruction limit).
    Query,
    /// An update (its setup and operation exceed a query's limit).
    Update,
}

/// A bench canister.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Canister {
    /// `canisters/bench`: `icbls`.
    Bench,
    /// `canisters/baseline`: zkcrypto `bls12_381` and dfinity's crates.
    Baseline,
}

/// One bench row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The row's name: the bench methods' name in both canisters.
    pub name: &'static str,
    /// How the bench canister exports it.
    pub bench: Export,
    /// How the baseline canister exports it, if it has it.
    pub baseline: Option<Export>,
    /// Where the report shows it.
    pub tags: &'static [Tag],
}

impl Row {
    /// Whether the row carries `tag`.
    pub fn is(&self, tag: Tag) -> bool {
        self.tags.contains(&tag)
    }

    /// How `canister` exports the row, if it has it.
    pub const fn export(&self, canister: Canister) -> Option<Export> {
        match canister {
            Canister::Bench => Some(self.bench),
            Canister::Baseline => self.baseline,
        }
    }

    /// Whether `canister` exports the row as `export` (either way for `None`).
    const fn is_exported(&self, canister: Canister, export: Option<Export>) -> bool {
        matches!(
            (self.export(canister), export),
            (Some(_), None) | (Some(Export::Query), Some(Export::Query)) | (Some(Export::Update), Some(Export::Update))
        )
    }
}

/// Turns one table row into a [`Row`].
macro_rules! row_value {
    (@export query) => { Export::Query };
    (@export update) => { Export::Update };
    (@baseline none) => { None };
    (@baseline $kind:ident) => { Some(row_value!(@export $kind)) };
    (@tag chart) => { Tag::Chart };
    (@tag readme) => { Tag::Readme };
    (@tag variant) => { Tag::Variant };
    (@tag precompile) => { Tag::Precompile };
    (@tag model) => { Tag::Model };
}

/// [`ROWS`] from the table.
macro_rules! rows_of_table {
    ($($name:ident: $bench:ident baseline $baseline:ident [$($tag:ident),*];)*) => {
        /// Every bench row, in the results table's order.
        pub const ROWS: &[Row] = &[$(Row {
            name: stringify!($name),
            bench: row_value!(@export $bench),
            baseline: row_value!(@baseline $baseline),
            tags: &[$(row_value!(@tag $tag)),*],
        }),*];
    };
}

bench_rows!(rows_of_table);

/// The bench methods of `canister` (exported as `export`, or either way for `None`), in the
/// results table's order.
pub fn methods(canister: Canister, export: Option<Export>) -> Vec<&'static str> {
    ROWS.iter().filter(|r| r.is_exported(canister, export)).map(|r| r.name).collect()
}

/// How many bench methods `canister` exports as `export` (either way for `None`): the length of
/// [`select`]'s array.
pub const fn count(canister: Canister, export: Option<Export>) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < ROWS.len() {
        n += ROWS[i].is_exported(canister, export) as usize;
        i += 1;
    }
    n
}

/// [`methods`] as a constant array, for the canisters (`N` is [`count`]).
pub const fn select<const N: usize>(canister: Canister, export: Option<Export>) -> [&'static str; N] {
    let mut names = [""; N];
    let (mut i, mut n) = (0, 0);
    while i < ROWS.len() {
        if ROWS[i].is_exported(canister, export) {
            names[n] = ROWS[i].name;
            n += 1;
        }
        i += 1;
    }
    assert!(n == N, "N is count(canister, export)");
    names
}

/// Exports a bench canister's methods from the table: the constants `BENCHMARKS` and
/// `UPDATE_BENCHMARKS` (its rows, and those of them that are updates) and the queries that
/// answer them (`benchmarks`, `update_benchmarks`), and one method per row it has, exported as
/// the table says, returning `measurements::NAME()`: the calling crate has a module
/// `measurements` at its root where every row's measurement can be named.
#[macro_export]
macro_rules! export_bench_methods {
    ($canister:ident) => {
        /// The bench methods of this canister, in the results table's order.
        const BENCHMARKS: [&str; $crate::rows::count($crate::rows::Canister::$canister, None)] =
            $crate::rows::select($crate::rows::Canister::$canister, None);

        /// The bench methods that run as updates: their input and setup exceed a query's limit.
        const UPDATE_BENCHMARKS: [&str;
            $crate::rows::count($crate::rows::Canister::$canister, Some($crate::rows::Export::Update))] =
            $crate::rows::select($crate::rows::Canister::$canister, Some($crate::rows::Export::Update));

        /// Lists the bench methods of this canister.
        #[ic_cdk::query]
        fn benchmarks() -> Vec<String> {
            BENCHMARKS.iter().map(|s| s.to_string()).collect()
        }

        /// The bench methods that are updates (their setup and operation exceed a query's limit).
        #[ic_cdk::query]
        fn update_benchmarks() -> Vec<String> {
            UPDATE_BENCHMARKS.iter().map(|s| s.to_string()).collect()
        }

        $crate::bench_rows!($crate::__export_bench_rows { $canister });
    };
}

/// [`export_bench_methods!`](crate::export_bench_methods)'s rows: a module of methods.
#[doc(hidden)]
#[macro_export]
macro_rules! __export_bench_rows {
    ($canister:ident $($name:ident: $bench:ident baseline $baseline:ident [$($tag:ident),*];)*) => {
        mod methods {
            $($crate::__export_bench_row!($canister $bench $baseline $name [$($tag),*]);)*
        }
    };
}

/// One row's method, or nothing where the canister does not have the row. The bench canister
/// measures a row tagged `precompile` with its precompile runner; every other row, and every
/// baseline row, with the function of the row's name.
#[doc(hidden)]
#[macro_export]
macro_rules! __export_bench_row {
    (Bench $kind:ident $baseline:ident $name:ident $tags:tt) => {
        $crate::__export_bench_row!(@method $kind $name $tags);
    };
    (Baseline $bench:ident none $name:ident $tags:tt) => {};
    (Baseline $bench:ident $kind:ident $name:ident $tags:tt) => {
        $crate::__export_bench_row!(@method $kind $name []);
    };
    (@method $kind:ident $name:ident $tags:tt) => {
        #[ic_cdk::$kind]
        fn $name() -> u64 {
            $crate::__export_bench_row!(@measure $name $tags)
        }
    };
    (@measure $name:ident []) => {
        super::measurements::$name()
    };
    (@measure $name:ident [precompile $(, $rest:ident)*]) => {
        super::measurements::precompile_row(stringify!($name))
    };
    (@measure $name:ident [$tag:ident $(, $rest:ident)*]) => {
        $crate::__export_bench_row!(@measure $name [$($rest),*])
    };
}

/// The rows carrying `tag`, in the results table's order.
pub fn tagged(tag: Tag) -> Vec<&'static str> {
    ROWS.iter().filter(|r| r.is(tag)).map(|r| r.name).collect()
}

#[cfg(test)]
mod tests {
    use super::ROWS;

    #[test]
    fn row_names_are_unique() {
        for (i, row) in ROWS.iter().enumerate() {
            assert!(ROWS[..i].iter().all(|r| r.name != row.name), "{} is listed twice", row.name);
        }
    }
}
