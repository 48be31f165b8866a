//! The basic scheme's rule that aggregated messages are pairwise distinct
//! (draft-irtf-cfrg-bls-signature-05, section 3.1.1), checked in `O(n log n)` comparisons.

use alloc::vec::Vec;

/// The smallest index `i` such that `messages[i]` equals some `messages[j]` with `j < i` (the
/// first message that repeats an earlier one), or `None` when all are distinct.
///
/// The indices are sorted by message, ties by index, so that equal messages are neighbours in
/// index order; the first repeat of each group is the second index of its group, and the
/// answer is the smallest of those. `O(n log n)` comparisons of messages, `O(n)` memory.
pub(crate) fn first_repeated(messages: &[&[u8]]) -> Option<usize> {
    let mut order: Vec<usize> = (0..messages.len()).collect();
    order.sort_unstable_by(|&a, &b| messages[a].cmp(messages[b]).then(a.cmp(&b)));
    order.windows(2).filter(|w| messages[w[0]] == messages[w[1]]).map(|w| w[1]).min()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    /// The definition, in `O(n²)`.
    fn quadratic(messages: &[&[u8]]) -> Option<usize> {
        (1..messages.len()).find(|&i| messages[..i].contains(&messages[i]))
    }

    #[test]
    fn same_index_as_the_definition() {
        let mut state = 7u64;
        let mut next = move || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        for round in 0..3000 {
            let n = round % 40;
            // Few distinct values, of a few lengths (prefixes of one another too), so repeats
            // are common and sometimes absent.
            let alphabet = 1 + round % 50;
            let owned: Vec<Vec<u8>> = (0..n)
                .map(|_| {
                    let v = next() % alphabet;
                    vec![b'm'; v % 4].into_iter().chain([v as u8]).collect()
                })
                .collect();
            let messages: Vec<&[u8]> = owned.iter().map(|m| &m[..]).collect();
            assert_eq!(first_repeated(&messages), quadratic(&messages), "{messages:?}");
        }
        assert_eq!(first_repeated(&[]), None);
        assert_eq!(first_repeated(&[b"a"]), None);
        assert_eq!(first_repeated(&[b"b", b"a", b"b", b"a"]), Some(2));
        assert_eq!(first_repeated(&[b"b", b"a", b"a", b"b"]), Some(2));
        assert_eq!(first_repeated(&[b"a", b"", b"", b"a"]), Some(2));
    }

    /// 200,000 messages with the only repeat at the end: about 3.5 million comparisons, where
    /// the quadratic check made 2·10^10.
    #[test]
    fn large_inputs_are_fast() {
        let n = 200_000u32;
        let owned: Vec<[u8; 4]> = (0..n).map(|i| i.to_be_bytes()).chain([7u32.to_be_bytes()]).collect();
        let messages: Vec<&[u8]> = owned.iter().map(|m| &m[..]).collect();
        assert_eq!(first_repeated(&messages), Some(n as usize));
        assert_eq!(first_repeated(&messages[..n as usize]), None);
    }
}
