//! The field operations a computation performs, counted as its formulas count them: the
//! "model" column of the benchmark report (`bench/RESULTS.md`, "Distance to the model") sets
//! each row's measured instructions beside this count priced at the measured cost of one
//! operation.
//!
//! Counted only in a build with `cfg(icbls_count_ops)`, which `ICBLS_COUNT_OPS=1` sets (the
//! bench canister's counting build); everywhere else the calls below are empty and vanish.
//! The count is of the formulas, not of the kernel's instructions:
//! - an Fp or Fr product or square is one product;
//! - an Fp2 product is three Fp products (Karatsuba), an Fp2 square two (complex squaring),
//!   whether or not the kernel reduces them, and however it schedules them (the SIMD kernel
//!   computes the four schoolbook products in two lanes);
//! - an inversion is one inversion, whichever algorithm computes it;
//! - additions, subtractions, small multiples and reductions are not counted.
//!
//! So an Fp12 product is 54 products and a sparse line product 39, as in the papers the
//! formulas come from.

/// The two prime fields.
#[derive(Clone, Copy)]
pub(crate) enum Field {
    Fp,
    Fr,
}

#[cfg(icbls_count_ops)]
mod counters {
    use core::sync::atomic::{AtomicU64, Ordering};

    // Relaxed atomics: a canister is single-threaded, and on wasm32 without the `atomics`
    // feature these are plain loads and stores.
    pub(super) static FP_PRODUCTS: AtomicU64 = AtomicU64::new(0);
    pub(super) static FR_PRODUCTS: AtomicU64 = AtomicU64::new(0);
    pub(super) static FP_INVERSIONS: AtomicU64 = AtomicU64::new(0);
    pub(super) static FR_INVERSIONS: AtomicU64 = AtomicU64::new(0);

    pub(super) fn bump(counter: &AtomicU64, n: u64) {
        counter.fetch_add(n, Ordering::Relaxed);
    }

    pub(super) fn get(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }
}

/// Counts `n` products in `field`.
#[inline(always)]
pub(crate) fn products(field: Field, n: u64) {
    #[cfg(icbls_count_ops)]
    counters::bump(
        match field {
            Field::Fp => &counters::FP_PRODUCTS,
            Field::Fr => &counters::FR_PRODUCTS,
        },
        n,
    );
    let _ = (field, n);
}

/// Counts one inversion in `field`.
#[inline(always)]
pub(crate) fn inversion(field: Field) {
    #[cfg(icbls_count_ops)]
    counters::bump(
        match field {
            Field::Fp => &counters::FP_INVERSIONS,
            Field::Fr => &counters::FR_INVERSIONS,
        },
        1,
    );
    let _ = field;
}

/// The operations counted since the program started (`cfg(icbls_count_ops)` builds only).
#[cfg(icbls_count_ops)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpCounts {
    /// Fp products and squares, an Fp2 product counting three and an Fp2 square two.
    pub fp_products: u64,
    /// Fr products and squares.
    pub fr_products: u64,
    /// Fp inversions (constant-time or variable-time).
    pub fp_inversions: u64,
    /// Fr inversions (constant-time or variable-time).
    pub fr_inversions: u64,
}

/// The operations counted so far.
#[cfg(icbls_count_ops)]
pub fn read() -> OpCounts {
    OpCounts {
        fp_products: counters::get(&counters::FP_PRODUCTS),
        fr_products: counters::get(&counters::FR_PRODUCTS),
        fp_inversions: counters::get(&counters::FP_INVERSIONS),
        fr_inversions: counters::get(&counters::FR_INVERSIONS),
    }
}
