//! The IC hash tree (interface specification, "Certification"): decoding from CBOR, the
//! domain-separated SHA-256 root hash (`reconstruct`) and path lookup (`lookup_path`, with the
//! answers `Found`, `Absent`, `Unknown` and `Error`).
//!
//! A decoded tree is a flat list of nodes in pre-order (a node before its children), borrowing
//! labels, leaves and pruned hashes from the input. Nothing here recurses: decoding keeps an
//! explicit stack bounded by [`MAX_TREE_DEPTH`], hashing walks the list backwards (children
//! come after their parent, so their hashes are ready), and lookups flatten forks with an
//! explicit stack.

use super::cbor::{Reader, ARRAY};
use super::error::{CertificateError, Within};
use super::lookup::LookupResult;
use alloc::vec::Vec;
use sha2::{Digest, Sha256};

/// The deepest hash tree accepted (the root is at depth 1). serde_cbor, which agent-rs uses
/// to decode certificates, stops at 128 nested CBOR items, so the IC cannot serve deeper
/// trees to its own agents.
pub const MAX_TREE_DEPTH: usize = 128;

/// One node; children are indices into [`HashTree::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Node<'a> {
    Empty,
    Fork(u32, u32),
    Labeled(&'a [u8], u32),
    Leaf(&'a [u8]),
    Pruned(&'a [u8; 32]),
}

/// A decoded hash tree, borrowing the CBOR it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashTree<'a> {
    /// Pre-order: the root first, each node before its children.
    nodes: Vec<Node<'a>>,
}

/// A node of a [`HashTree`], for walking it: [`Subtree::lookup`] and [`Subtree::children`].
#[derive(Clone, Copy, Debug)]
pub struct Subtree<'t, 'a> {
    tree: &'t HashTree<'a>,
    node: u32,
}

/// What [`Subtree::lookup_subtree`] finds at a path.
#[derive(Clone, Copy, Debug)]
pub enum SubtreeLookup<'t, 'a> {
    /// The subtree at the path.
    Found(Subtree<'t, 'a>),
    /// The path is provably not in the tree.
    Absent,
    /// The path may be in a pruned part of the tree.
    Unknown,
}

/// `H(sep("ic-hashtree-empty"))`, the hash of every empty node: a constant, so that a tree of
/// empty nodes costs no hashing (checked against SHA-256 by the unit tests).
pub(super) const EMPTY_HASH: [u8; 32] = [
    78, 62, 211, 92, 78, 45, 30, 232, 153, 150, 72, 63, 182, 38, 10, 100, 207, 251, 108, 71, 219, 171, 33, 110, 121,
    48, 232, 47, 129, 144, 209, 32,
];

/// `domain_sep(s) = byte(|s|) · s`, hashed.
fn hasher(domain: &[u8]) -> Sha256 {
    let mut h = Sha256::new();
    h.update([domain.len() as u8]);
    h.update(domain);
    h
}

impl<'a> HashTree<'a> {
    /// Decodes one hash tree (`[0]`, `[1, l, r]`, `[2, label, t]`, `[3, value]` or
    /// `[4, hash32]`) from `bytes`, which must hold exactly that CBOR item (at most
    /// [`MAX_CERTIFICATE_BYTES`](super::MAX_CERTIFICATE_BYTES) long).
    pub fn decode(bytes: &'a [u8]) -> Result<HashTree<'a>, CertificateError> {
        if bytes.len() > super::MAX_CERTIFICATE_BYTES {
            return Err(CertificateError::TooLarge { within: Within::HashTree, len: bytes.len() });
        }
        let mut r = Reader::new(bytes, Within::HashTree);
        let tree = HashTree::read(&mut r)?;
        r.finish()?;
        Ok(tree)
    }

    /// Reads one tree at the reader's position. Iterative: `pending` holds the child slots
    /// still to fill, each with its depth. Callers bound the input to
    /// `MAX_CERTIFICATE_BYTES`, so node indices (at most one per two bytes) fit in `u32`.
    pub(crate) fn read(r: &mut Reader<'a>) -> Result<HashTree<'a>, CertificateError> {
        // Each node takes at least two bytes ([0] is 0x81 0x00).
        let mut nodes: Vec<Node<'a>> = Vec::with_capacity(r.remaining() / 8 + 1);
        // (parent index or u32::MAX for the root, is right child of a fork, depth)
        let mut pending: Vec<(u32, bool, usize)> = Vec::new();
        pending.push((u32::MAX, false, 1));
        while let Some((parent, right, depth)) = pending.pop() {
            let start = r.pos();
            if depth > MAX_TREE_DEPTH {
                return Err(CertificateError::TreeDepth { within: r.within(), offset: start });
            }
            let index = u32::try_from(nodes.len()).map_err(|_| r.err(start, "hash tree has too many nodes"))?;
            if parent != u32::MAX {
                // Link the parent's child slot. Labeled children and left children of forks
                // immediately follow their parent and were set when the parent was pushed.
                if right {
                    if let Some(Node::Fork(_, r_child)) = nodes.get_mut(parent as usize) {
                        *r_child = index;
                    }
                }
            }
            let (len, _) = r.container(ARRAY, "hash tree node: expected an array")?;
            let kind = r.uint("hash tree node: the first element must be an unsigned integer tag")?;
            let node = match (kind, len) {
                (0, 1) => Node::Empty,
                (1, 3) => {
                    pending.push((index, true, depth + 1));
                    pending.push((index, false, depth + 1));
                    Node::Fork(index + 1, 0)
                }
                (2, 3) => {
                    let label = r.bytes("hash tree labeled node: the label must be a byte string")?;
                    pending.push((index, false, depth + 1));
                    Node::Labeled(label, index + 1)
                }
                (3, 2) => Node::Leaf(r.bytes("hash tree leaf: the value must be a byte string")?),
                (4, 2) => {
                    let at = r.pos();
                    let hash = r.bytes("hash tree pruned node: the hash must be a byte string")?;
                    Node::Pruned(
                        hash.try_into().map_err(|_| r.err(at, "hash tree pruned node: the hash must have 32 bytes"))?,
                    )
                }
                (0..=4, _) => return Err(r.err(start, "hash tree node: wrong number of elements for its tag")),
                _ => return Err(r.err(start, "hash tree node: unknown tag (0 to 4 allowed)")),
            };
            nodes.push(node);
        }
        Ok(HashTree { nodes })
    }

    /// `reconstruct(tree)`: the root hash (interface specification, "Certificate"):
    /// `H(sep("ic-hashtree-empty"))`, `H(sep("ic-hashtree-fork") · l · r)`,
    /// `H(sep("ic-hashtree-labeled") · label · t)`, `H(sep("ic-hashtree-leaf") · v)`, and a
    /// pruned node's own hash, with `sep(s) = byte(|s|) · s` and `H` = SHA-256.
    pub fn root_hash(&self) -> [u8; 32] {
        // Children follow their parents, so walking backwards finds their hashes ready.
        let mut hashes: Vec<[u8; 32]> = alloc::vec![[0u8; 32]; self.nodes.len()];
        for i in (0..self.nodes.len()).rev() {
            let child = |j: u32| hashes.get(j as usize).copied().unwrap_or([0u8; 32]);
            let h: [u8; 32] = match self.nodes[i] {
                Node::Empty => EMPTY_HASH,
                Node::Fork(l, r) => {
                    let mut h = hasher(b"ic-hashtree-fork");
                    h.update(child(l));
                    h.update(child(r));
                    h.finalize().into()
                }
                Node::Labeled(label, t) => {
                    let mut h = hasher(b"ic-hashtree-labeled");
                    h.update(label);
                    h.update(child(t));
                    h.finalize().into()
                }
                Node::Leaf(v) => {
                    let mut h = hasher(b"ic-hashtree-leaf");
                    h.update(v);
                    h.finalize().into()
                }
                Node::Pruned(hash) => *hash,
            };
            hashes[i] = h;
        }
        hashes.first().copied().unwrap_or([0u8; 32])
    }

    /// The whole tree, for walking.
    pub fn root(&self) -> Subtree<'_, 'a> {
        Subtree { tree: self, node: 0 }
    }

    /// `lookup_path(path, tree)`.
    pub fn lookup<L: AsRef<[u8]>>(&self, path: &[L]) -> LookupResult<'a> {
        self.root().lookup(path)
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has no nodes (never true for a decoded tree).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn node(&self, i: u32) -> Node<'a> {
        // Indices are set by `read` and always in range; Empty is a harmless default.
        self.nodes.get(i as usize).copied().unwrap_or(Node::Empty)
    }
}

/// `find_label(l, flatten_forks(tree))` from the interface specification:
///
/// ```text
/// find_label(l, _ · Labeled l1 t · _)                | l == l1     = Found t
/// find_label(l, _ · Labeled l1 _ · Labeled l2 _ · _) | l1 < l < l2 = Absent
/// find_label(l,                    Labeled l2 _ · _) |      l < l2 = Absent
/// find_label(l, _ · Labeled l1 _ )                   | l1 < l      = Absent
/// find_label(l, [Leaf _])                                          = Absent
/// find_label(l, [])                                                = Absent
/// find_label(l, _)                                                 = Unknown
/// ```
///
/// The clauses are tried in order, so `Found` wins over `Absent` even in trees that are not
/// well formed; the forest is walked to its end.
enum Find {
    Found(u32),
    Absent,
    Unknown,
}

impl<'t, 'a> Subtree<'t, 'a> {
    fn find_label(&self, label: &[u8]) -> Find {
        let mut absent = false;
        let mut count = 0usize;
        let mut first_is_leaf = false;
        let mut prev_label: Option<&[u8]> = None; // the previous forest element, if a label
        let mut last_label: Option<&[u8]> = None;
        let mut first = true;
        let mut forest = Forest::new(*self);
        while let Some(i) = forest.next_index() {
            let node = self.tree.node(i);
            count += 1;
            match node {
                Node::Labeled(l, t) => {
                    if l == label {
                        return Find::Found(t);
                    }
                    if first && label < l {
                        absent = true;
                    }
                    if let Some(p) = prev_label {
                        if p < label && label < l {
                            absent = true;
                        }
                    }
                    prev_label = Some(l);
                    last_label = Some(l);
                }
                other => {
                    if first && matches!(other, Node::Leaf(_)) {
                        first_is_leaf = true;
                    }
                    prev_label = None;
                    last_label = None;
                }
            }
            first = false;
        }
        if let Some(l) = last_label {
            if l < label {
                absent = true;
            }
        }
        if absent || count == 0 || (count == 1 && first_is_leaf) {
            Find::Absent
        } else {
            Find::Unknown
        }
    }

    /// `lookup_path(path, subtree)` (interface specification, "Lookup").
    pub fn lookup<L: AsRef<[u8]>>(&self, path: &[L]) -> LookupResult<'a> {
        match self.lookup_subtree(path) {
            SubtreeLookup::Found(t) => match t.tree.node(t.node) {
                Node::Empty => LookupResult::Absent,
                Node::Leaf(v) => LookupResult::Found(v),
                Node::Pruned(_) => LookupResult::Unknown,
                Node::Labeled(..) | Node::Fork(..) => LookupResult::Error,
            },
            SubtreeLookup::Absent => LookupResult::Absent,
            SubtreeLookup::Unknown => LookupResult::Unknown,
        }
    }

    /// The subtree at `path`: `find_label` label by label.
    pub fn lookup_subtree<L: AsRef<[u8]>>(&self, path: &[L]) -> SubtreeLookup<'t, 'a> {
        let mut at = *self;
        for label in path {
            match at.find_label(label.as_ref()) {
                Find::Found(t) => at = Subtree { tree: at.tree, node: t },
                Find::Absent => return SubtreeLookup::Absent,
                Find::Unknown => return SubtreeLookup::Unknown,
            }
        }
        SubtreeLookup::Found(at)
    }

    /// The labeled subtrees of `flatten_forks(self)`, in tree order. Other forest elements
    /// (leaves, pruned nodes) are skipped; use [`Subtree::has_pruned`] to learn whether the
    /// list may be incomplete.
    pub fn children(&self) -> Children<'t, 'a> {
        Children { forest: Forest::new(*self) }
    }

    /// Whether `flatten_forks(self)` holds a pruned node (so some labels may be hidden).
    pub fn has_pruned(&self) -> bool {
        let mut forest = Forest::new(*self);
        while let Some(i) = forest.next_index() {
            if matches!(self.tree.node(i), Node::Pruned(_)) {
                return true;
            }
        }
        false
    }

    /// The value, if this node is a leaf.
    pub fn leaf(&self) -> Option<&'a [u8]> {
        match self.tree.node(self.node) {
            Node::Leaf(v) => Some(v),
            _ => None,
        }
    }
}

/// `flatten_forks`, as an iterator over node indices (explicit stack, left first).
struct Forest<'t, 'a> {
    tree: &'t HashTree<'a>,
    stack: Vec<u32>,
}

impl<'t, 'a> Forest<'t, 'a> {
    fn new(at: Subtree<'t, 'a>) -> Forest<'t, 'a> {
        let mut stack = Vec::with_capacity(16);
        stack.push(at.node);
        Forest { tree: at.tree, stack }
    }

    fn next_index(&mut self) -> Option<u32> {
        while let Some(i) = self.stack.pop() {
            match self.tree.node(i) {
                Node::Empty => {}
                Node::Fork(l, r) => {
                    self.stack.push(r);
                    self.stack.push(l);
                }
                _ => return Some(i),
            }
        }
        None
    }
}

/// The labeled children of a subtree: see [`Subtree::children`].
pub struct Children<'t, 'a> {
    forest: Forest<'t, 'a>,
}

impl<'t, 'a> Iterator for Children<'t, 'a> {
    type Item = (&'a [u8], Subtree<'t, 'a>);

    fn next(&mut self) -> Option<Self::Item> {
        while let Some(i) = self.forest.next_index() {
            if let Node::Labeled(label, t) = self.forest.tree.node(i) {
                return Some((label, Subtree { tree: self.forest.tree, node: t }));
            }
        }
        None
    }
}
