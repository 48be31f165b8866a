//! Fields of a parsed vector file: hex strings, lists of them, verdicts and numbers.

use super::abbreviate;
use serde_json::Value;

/// Hex with or without `0x`.
pub(super) fn unhex(s: &str) -> Result<Vec<u8>, String> {
    let digits = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")).unwrap_or(s);
    hex::decode(digits).map_err(|e| format!("bad hex {:?}: {e}", abbreviate(s)))
}

pub(super) fn hex_field(object: &Value, key: &str) -> Result<Vec<u8>, String> {
    let s = object.get(key).and_then(Value::as_str).ok_or_else(|| format!("{key} is missing or not a string"))?;
    unhex(s).map_err(|e| format!("{key}: {e}"))
}

pub(super) fn hex_list(object: &Value, key: &str) -> Result<Vec<Vec<u8>>, String> {
    let list = object.get(key).and_then(Value::as_array).ok_or_else(|| format!("{key} is missing or not a list"))?;
    list.iter()
        .enumerate()
        .map(|(i, item)| {
            let s = item.as_str().ok_or_else(|| format!("{key}[{i}] is not a string"))?;
            unhex(s).map_err(|e| format!("{key}[{i}]: {e}"))
        })
        .collect()
}

/// `null` (the operation must fail) or a hex string.
pub(super) fn optional_hex(value: &Value, key: &str) -> Result<Option<Vec<u8>>, String> {
    match value {
        Value::Null => Ok(None),
        Value::String(s) => unhex(s).map(Some).map_err(|e| format!("{key}: {e}")),
        _ => Err(format!("{key} is neither null nor a hex string")),
    }
}

/// A verdict: `true`, `false`, or `null` (the operation must fail, so: false).
pub(super) fn expected_bool(value: &Value, key: &str) -> Result<bool, String> {
    match value {
        Value::Bool(b) => Ok(*b),
        Value::Null => Ok(false),
        _ => Err(format!("{key} is neither true, false nor null")),
    }
}

/// A number, or a string of decimal digits (go-ethereum writes `"Gas": "375"`).
pub(super) fn json_u64(value: &Value) -> Option<u64> {
    match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_with_or_without_prefix() {
        assert_eq!(unhex("0xab01").unwrap(), vec![0xab, 0x01]);
        assert_eq!(unhex("ab01").unwrap(), vec![0xab, 0x01]);
        assert_eq!(unhex("").unwrap(), Vec::<u8>::new());
        assert!(unhex("0xabc").is_err());
        assert_eq!(json_u64(&Value::from("375")), Some(375));
        assert_eq!(json_u64(&Value::from(600)), Some(600));
    }
}
