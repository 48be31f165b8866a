//! A pass over a Candid argument's structure before the candid crate decodes it, for the two
//! things its quotas do not bound:
//!
//! * **Recursion.** The candid crate does not bound recursion on wasm32; a recursive wire type
//!   (`type T = opt T`) lets a sender nest a value once per byte, and skipping it recurses until
//!   the stack runs out (a trap). The verifier's interface has no recursive type, so a valid
//!   argument never has one: recursive type tables are refused, and with at most
//!   [`MAX_TYPE_TABLE_ENTRIES`] entries no value nests deeper than that.
//! * **Values that cost more to decode than to send.** Decoding a list element costs the candid
//!   crate over 800 instructions even when the element is an empty blob (one byte on the wire),
//!   or nothing at all (`vec record {}`, zero bytes each): two million empty keys would cost 1.7
//!   billion instructions before any cap could look at them. This pass counts the values an
//!   argument holds (a list's elements, a record's fields, an option's content; a list of
//!   fixed-size numbers, such as a blob, is one value) and refuses more than [`MAX_VALUES`]
//!   after about 50 instructions a value. The largest valid argument holds 8,206 values
//!   (`verify_certificate` with 64 lookups of 127 labels; `pairing_check_update` at its cap of
//!   2,048 pairs holds 6,144), so a refused argument has cost the candid crate nothing and this
//!   pass about 420K instructions (the bound was once 65,536 values, which cost about 55M to
//!   decode before the caps could refuse them).
//!
//! Everything else (subtyping, field names, quotas) is left to the candid crate.

/// The most entries in an argument's type table (the verifier's largest argument type has
/// fewer than 16).
pub const MAX_TYPE_TABLE_ENTRIES: usize = 64;
/// The most values an argument may hold: the largest valid argument's count (8,206, which a
/// test derives from the caps) and a little more.
pub const MAX_VALUES: u64 = 8_448;

/// A type reference: a primitive's opcode (negative) or a table index.
type TypeRef = i64;

enum Entry {
    Opt(TypeRef),
    Vec(TypeRef),
    Record(Vec<TypeRef>),
    Variant(Vec<TypeRef>),
    Func,
    Service,
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.at).ok_or("the argument is truncated")?;
        self.at += 1;
        Ok(b)
    }

    fn leb(&mut self) -> Result<u64, String> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err("a LEB128 number is too long".into())
    }

    fn sleb(&mut self) -> Result<i64, String> {
        let mut value = 0i64;
        let mut shift = 0;
        loop {
            let b = self.byte()?;
            value |= i64::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                if shift < 64 && b & 0x40 != 0 {
                    value |= -1i64 << shift;
                }
                return Ok(value);
            }
            if shift >= 63 {
                return Err("an SLEB128 number is too long".into());
            }
        }
    }

    fn skip(&mut self, n: u64) -> Result<(), String> {
        let end = usize::try_from(n)
            .ok()
            .and_then(|n| self.at.checked_add(n))
            .filter(|&end| end <= self.bytes.len())
            .ok_or("the argument is truncated")?;
        self.at = end;
        Ok(())
    }
}

/// The size of a fixed-size primitive (`None` for the others).
fn fixed_size(t: TypeRef) -> Option<u64> {
    match t {
        -1 | -16 => Some(0),       // null, reserved
        -2 | -5 | -9 => Some(1),   // bool, nat8, int8
        -6 | -10 => Some(2),       // nat16, int16
        -7 | -11 | -13 => Some(4), // nat32, int32, float32
        -8 | -12 | -14 => Some(8), // nat64, int64, float64
        _ => None,
    }
}

struct Walk<'a> {
    reader: Reader<'a>,
    table: Vec<Entry>,
    values: u64,
    limit: u64,
}

impl Walk<'_> {
    fn count(&mut self, n: u64) -> Result<(), String> {
        self.values = self.values.saturating_add(n);
        if self.values > self.limit {
            Err(format!("the argument holds more than {} values", self.limit))
        } else {
            Ok(())
        }
    }

    fn principal(&mut self) -> Result<(), String> {
        if self.reader.byte()? == 1 {
            let len = self.reader.leb()?;
            self.reader.skip(len)?;
        }
        Ok(())
    }

    /// Skips one value of type `t`. Depth is bounded by the acyclic table.
    fn value(&mut self, t: TypeRef) -> Result<(), String> {
        if let Some(size) = fixed_size(t) {
            return self.reader.skip(size);
        }
        match t {
            -3 => self.reader.leb().map(|_| ()),  // nat
            -4 => self.reader.sleb().map(|_| ()), // int
            -15 => {
                // text
                let len = self.reader.leb()?;
                self.reader.skip(len)
            }
            -17 => Err("a value of type empty".into()),
            -24 => self.principal(),
            t if t >= 0 => {
                let entry = self.table.get(t as usize).ok_or("a type reference past the table")?;
                match entry {
                    Entry::Opt(inner) => {
                        let inner = *inner;
                        match self.reader.byte()? {
                            0 => Ok(()),
                            1 => {
                                self.count(1)?;
                                self.value(inner)
                            }
                            _ => Err("an option's flag is neither 0 nor 1".into()),
                        }
                    }
                    Entry::Vec(inner) => {
                        let inner = *inner;
                        let n = self.reader.leb()?;
                        match fixed_size(inner) {
                            Some(size) if size > 0 => {
                                self.reader.skip(n.checked_mul(size).ok_or("a list is too long")?)
                            }
                            _ => {
                                self.count(n)?;
                                for _ in 0..n {
                                    self.value(inner)?;
                                }
                                Ok(())
                            }
                        }
                    }
                    Entry::Record(fields) => {
                        let fields = fields.clone();
                        self.count(fields.len() as u64)?;
                        fields.into_iter().try_for_each(|f| self.value(f))
                    }
                    Entry::Variant(cases) => {
                        let index = self.reader.leb()?;
                        let case = *cases.get(index as usize).ok_or("a variant's index is past its cases")?;
                        self.count(1)?;
                        self.value(case)
                    }
                    Entry::Func => {
                        if self.reader.byte()? == 1 {
                            self.principal()?;
                            let len = self.reader.leb()?;
                            self.reader.skip(len)?;
                        }
                        Ok(())
                    }
                    Entry::Service => self.principal(),
                }
            }
            other => Err(format!("unknown type {other}")),
        }
    }
}

/// Checks the argument `bytes`: at most [`MAX_TYPE_TABLE_ENTRIES`] type-table entries, none
/// recursive, and at most [`MAX_VALUES`] values. The error says what is wrong.
pub fn check(bytes: &[u8]) -> Result<(), String> {
    walk(bytes, MAX_VALUES).map(|_| ())
}

/// [`check`] with at most `limit` values: the number of values.
fn walk(bytes: &[u8], limit: u64) -> Result<u64, String> {
    if bytes.get(..4) != Some(b"DIDL") {
        return Err("the argument does not start with DIDL".into());
    }
    let mut r = Reader { bytes, at: 4 };
    let n = r.leb()?;
    if n > MAX_TYPE_TABLE_ENTRIES as u64 {
        return Err(format!("{n} type-table entries, at most {MAX_TYPE_TABLE_ENTRIES} allowed"));
    }
    let n = n as usize;
    let reference = |r: &mut Reader| -> Result<TypeRef, String> {
        let t = r.sleb()?;
        if t >= n as i64 {
            Err(format!("a type reference ({t}) past the table"))
        } else {
            Ok(t)
        }
    };
    let mut table = Vec::with_capacity(n);
    for i in 0..n {
        let entry = match r.sleb()? {
            -18 => Entry::Opt(reference(&mut r)?),
            -19 => Entry::Vec(reference(&mut r)?),
            op @ (-20 | -21) => {
                let count = r.leb()?;
                let mut fields = Vec::new();
                for _ in 0..count {
                    r.leb()?;
                    fields.push(reference(&mut r)?);
                }
                match op {
                    -20 => Entry::Record(fields),
                    _ => Entry::Variant(fields),
                }
            }
            -22 => {
                for _ in 0..2 {
                    for _ in 0..r.leb()? {
                        reference(&mut r)?;
                    }
                }
                let annotations = r.leb()?;
                r.skip(annotations)?;
                Entry::Func
            }
            -23 => {
                for _ in 0..r.leb()? {
                    let len = r.leb()?;
                    r.skip(len)?;
                    reference(&mut r)?;
                }
                Entry::Service
            }
            other => return Err(format!("type-table entry {i} has the opcode {other}, not a composite type")),
        };
        table.push(entry);
    }
    check_acyclic(&table)?;
    let args = r.leb()?;
    if args > MAX_TYPE_TABLE_ENTRIES as u64 {
        return Err(format!("{args} arguments"));
    }
    let mut types = Vec::new();
    for _ in 0..args {
        types.push(reference(&mut r)?);
    }
    let mut walk = Walk { reader: r, table, values: 0, limit };
    types.into_iter().try_for_each(|t| walk.value(t))?;
    Ok(walk.values)
}

/// Refuses a table in which an entry refers back to itself (through other entries or not).
fn check_acyclic(table: &[Entry]) -> Result<(), String> {
    let refs = |e: &Entry| -> Vec<usize> {
        let all: Vec<TypeRef> = match e {
            Entry::Opt(t) | Entry::Vec(t) => vec![*t],
            Entry::Record(f) | Entry::Variant(f) => f.clone(),
            // Functions and services are references, decoded without their types' values.
            Entry::Func | Entry::Service => vec![],
        };
        all.into_iter().filter(|&t| t >= 0).map(|t| t as usize).collect()
    };
    // Depth-first search: 0 unvisited, 1 on the path, 2 done.
    let mut state = vec![0u8; table.len()];
    for start in 0..table.len() {
        if state[start] != 0 {
            continue;
        }
        state[start] = 1;
        let mut stack = vec![(start, refs(&table[start]), 0usize)];
        while let Some((node, children, next)) = stack.pop() {
            match children.get(next) {
                Some(&child) => {
                    stack.push((node, children, next + 1));
                    match state[child] {
                        0 => {
                            state[child] = 1;
                            stack.push((child, refs(&table[child]), 0));
                        }
                        1 => {
                            return Err(format!(
                                "type-table entry {child} is recursive; the verifier's interface has no recursive type"
                            ))
                        }
                        _ => {}
                    }
                }
                None => state[node] = 2,
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use icbls_verifier_client::methods::{self, METHODS};
    use icbls_verifier_client::*;

    /// An update's cap on the list of `method`.
    fn cap(method: &str) -> usize {
        methods::model(method, None).unwrap().items_cap[1] as usize
    }

    /// The valid argument with the most values of each method with a list cap: every list at
    /// its update cap (the bytes inside do not count, and are left short).
    fn largest_arguments() -> Vec<(&'static str, Vec<u8>)> {
        let b = || vec![1u8];
        let n = |method| cap(method);
        let keys = |k: usize| vec![b(); k];
        let lookup = vec![vec![b(); crate::calls::MAX_LOOKUP_LABELS]; crate::calls::MAX_LOOKUP_PATHS];
        let certificate = VerifyCertificateArgs::new(b(), lookup)
            .with_root_key(b())
            .with_canister_id(candid::Principal::anonymous())
            .with_subnet_id(candid::Principal::anonymous())
            .with_now_ns(1)
            .with_max_age_ns(1)
            .with_delegation_max_age_ns(1);
        let k = n("bls_fast_aggregate_verify");
        let fast = FastAggregateVerifyArgs::new(Scheme::MinPk, keys(k), keys(k), b(), b());
        let k = n("bls_aggregate_verify");
        let aggregate = AggregateVerifyArgs::new(Scheme::MinPk, keys(k), keys(k), keys(k), b());
        let item = SignedMessage::new(b(), b(), b());
        let batch = BatchVerifyArgs::new(Scheme::MinSig, vec![item; n("bls_batch_verify")]);
        let committee = RegisterSyncCommitteeArgs::new(keys(n("register_sync_committee")), b());
        let pairs = vec![PairingPair::new(b(), b()); n("pairing_check")];
        vec![
            ("verify_certificate", candid::encode_one(certificate).unwrap()),
            ("bls_fast_aggregate_verify", candid::encode_one(fast).unwrap()),
            ("bls_aggregate_verify", candid::encode_one(aggregate).unwrap()),
            ("bls_batch_verify", candid::encode_one(batch).unwrap()),
            ("register_sync_committee", candid::encode_one(committee).unwrap()),
            ("pairing_check", candid::encode_one(pairs).unwrap()),
        ]
    }

    /// Issue 35, item 6: the bound was 65,536 values, and 65K empty blobs cost about 55M
    /// instructions to decode before an unpaid call was refused. It is now what the largest
    /// valid argument needs, derived here from the caps of every method with a list.
    #[test]
    fn max_values_is_what_the_largest_valid_argument_needs() {
        let largest = largest_arguments();
        // Every method whose model caps a list is here (the other lists are fixed-size).
        for m in METHODS.iter().filter(|m| m.paid_by.is_some()) {
            let capped = methods::model(m.name, None).is_ok_and(|model| model.items_cap[1] != u64::MAX);
            assert!(!capped || largest.iter().any(|(name, _)| *name == m.name), "{}: no largest argument", m.name);
        }
        let counts: Vec<(&str, u64)> = largest.iter().map(|(m, arg)| (*m, walk(arg, u64::MAX).unwrap())).collect();
        let most = counts.iter().map(|c| c.1).max().unwrap();
        assert_eq!(most, 8_206, "{counts:?}");
        assert!(most <= MAX_VALUES && MAX_VALUES <= most + most / 16, "{counts:?}");
        for (method, arg) in &largest {
            assert_eq!(check(arg), Ok(()), "{method}");
        }
        // One value more than the bound is refused: empty blobs, one byte each on the wire.
        let empty = candid::encode_one(vec![Vec::<u8>::new(); MAX_VALUES as usize + 1]).unwrap();
        assert_eq!(check(&empty), Err(format!("the argument holds more than {MAX_VALUES} values")));
        let at_bound = candid::encode_one(vec![Vec::<u8>::new(); MAX_VALUES as usize]).unwrap();
        assert_eq!(check(&at_bound), Ok(()));
    }
}
