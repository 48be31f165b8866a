//! The bench canister's counting build (`cfg(icbls_count_ops)`, set by `ICBLS_COUNT_OPS=1`):
//! its bench methods answer, in place of instructions, how many field operations the measured
//! region performed, as icbls counts them (`icbls::fields::op_count`: products in
//! Fp-multiplication equivalents, an Fp2 product counting three). The four counts travel packed in the method's `nat64` answer;
//! [`unpack`] reads them on the host, for the report's distance to the model.

/// The field operations of one measured region.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Fp products and squares, an Fp2 product counting three and an Fp2 square two.
    pub fp_products: u64,
    /// Fr products and squares.
    pub fr_products: u64,
    /// Fp inversions.
    pub fp_inversions: u64,
    /// Fr inversions.
    pub fr_inversions: u64,
}

/// The packing, low bits first: Fr inversions, Fp inversions, Fr products, Fp products.
const WIDTHS: [u32; 4] = [8, 10, 16, 30];

/// The counts of a bench method's answer on the counting build.
pub fn unpack(answer: u64) -> Counts {
    let mut fields = [0u64; 4];
    let mut shift = 0;
    for (field, width) in fields.iter_mut().zip(WIDTHS) {
        *field = (answer >> shift) & ((1u64 << width) - 1);
        shift += width;
    }
    let [fr_inversions, fp_inversions, fr_products, fp_products] = fields;
    Counts { fp_products, fr_products, fp_inversions, fr_inversions }
}

/// [`unpack`]'s inverse, or `None` when a count does not fit its field.
pub fn pack(counts: Counts) -> Option<u64> {
    let fields = [counts.fr_inversions, counts.fp_inversions, counts.fr_products, counts.fp_products];
    let mut answer = 0u64;
    let mut shift = 0;
    for (field, width) in fields.into_iter().zip(WIDTHS) {
        if field >> width != 0 {
            return None;
        }
        answer |= field << shift;
        shift += width;
    }
    Some(answer)
}

#[cfg(icbls_count_ops)]
#[cfg(not(feature = "light-client"))]
compile_error!(
    "the counting build reads icbls's counters: build the harness with its `light-client` feature, which brings icbls"
);

/// The operations counted so far in this message.
#[cfg(all(icbls_count_ops, feature = "light-client"))]
#[inline(never)]
pub(crate) fn counter() -> icbls::fields::op_count::OpCounts {
    icbls::fields::op_count::read()
}

/// The operations between two readings, packed; a count too large for its field traps, so
/// that no figure is wrong.
#[cfg(all(icbls_count_ops, feature = "light-client"))]
pub(crate) fn elapsed(start: icbls::fields::op_count::OpCounts, end: icbls::fields::op_count::OpCounts) -> u64 {
    let counts = Counts {
        fp_products: end.fp_products - start.fp_products,
        fr_products: end.fr_products - start.fr_products,
        fp_inversions: end.fp_inversions - start.fp_inversions,
        fr_inversions: end.fr_inversions - start.fr_inversions,
    };
    pack(counts).unwrap_or_else(|| panic!("the counts {counts:?} do not fit the packing"))
}

#[cfg(test)]
mod tests {
    use super::{pack, unpack, Counts};

    #[test]
    fn packing_round_trips_and_refuses_what_does_not_fit() {
        let counts =
            Counts { fp_products: (1 << 30) - 1, fr_products: 65_535, fp_inversions: 1_023, fr_inversions: 255 };
        assert_eq!(unpack(pack(counts).unwrap()), counts);
        let small = Counts { fp_products: 14_000, fr_products: 3, fp_inversions: 1, fr_inversions: 0 };
        assert_eq!(unpack(pack(small).unwrap()), small);
        assert_eq!(pack(Counts { fp_inversions: 1_024, ..small }), None);
        assert_eq!(pack(Counts { fp_products: 1 << 30, ..small }), None);
    }
}
