//! What a path lookup in a hash tree answers; a leaf of the module, so that the tree and the
//! errors that report a lookup both name it.

/// The answer of a path lookup (interface specification, "Lookup").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LookupResult<'a> {
    /// The path has this value.
    Found(&'a [u8]),
    /// The path is provably not in the tree.
    Absent,
    /// The path may be in a pruned part of the tree.
    Unknown,
    /// The path leads to an inner node (a label or fork), not to a value.
    Error,
}

impl LookupResult<'_> {
    /// The same answer without the value (`Found` becomes `Error`): for error reports, which
    /// only carry the answers that are not `Found`.
    pub(crate) fn not_found(self) -> LookupResult<'static> {
        match self {
            LookupResult::Absent => LookupResult::Absent,
            LookupResult::Unknown => LookupResult::Unknown,
            LookupResult::Found(_) | LookupResult::Error => LookupResult::Error,
        }
    }
}
