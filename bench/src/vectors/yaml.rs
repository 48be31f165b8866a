//! A small YAML reader: block mappings, block and flow sequences of scalars, quoted or plain
//! scalars. Enough for consensus-spec style `data.yaml` files; anything else is "not YAML".

use serde_json::{Map, Value};

pub(super) fn parse_yaml(text: &str) -> Option<Value> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .map(|l| l.trim_end())
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#') && l.trim() != "---")
        .map(|l| (l.len() - l.trim_start().len(), l.trim_start()))
        .collect();
    let first = lines.first()?;
    let (value, next) = yaml_block(&lines, 0, first.0)?;
    (next == lines.len()).then_some(value)
}

/// The block at `lines[i..]` indented by `indent`; returns it and the index after it.
fn yaml_block(lines: &[(usize, &str)], mut i: usize, indent: usize) -> Option<(Value, usize)> {
    if lines[i].1 == "-" || lines[i].1.starts_with("- ") {
        let mut items = Vec::new();
        while i < lines.len() && lines[i].0 == indent && (lines[i].1 == "-" || lines[i].1.starts_with("- ")) {
            let rest = lines[i].1[1..].trim();
            i += 1;
            if rest.is_empty() {
                let (item, next) = match lines.get(i) {
                    Some(&(deeper, _)) if deeper > indent => yaml_block(lines, i, deeper)?,
                    _ => (Value::Null, i),
                };
                items.push(item);
                i = next;
            } else {
                items.push(yaml_scalar(rest)?);
            }
        }
        return Some((Value::Array(items), i));
    }
    let mut map = Map::new();
    while i < lines.len() && lines[i].0 == indent {
        let line = lines[i].1;
        let (key, rest) = match line.split_once(": ") {
            Some((k, r)) => (k, r.trim()),
            None => (line.strip_suffix(':')?, ""),
        };
        let key = unquote(key.trim()).unwrap_or_else(|| key.trim().to_string());
        i += 1;
        let value = if !rest.is_empty() {
            yaml_scalar(rest)?
        } else {
            match lines.get(i) {
                Some(&(deeper, _)) if deeper > indent => {
                    let (v, next) = yaml_block(lines, i, deeper)?;
                    i = next;
                    v
                }
                Some(&(same, l)) if same == indent && (l == "-" || l.starts_with("- ")) => {
                    let (v, next) = yaml_block(lines, i, same)?;
                    i = next;
                    v
                }
                _ => Value::Null,
            }
        };
        map.insert(key, value);
    }
    if i < lines.len() && lines[i].0 > indent {
        return None;
    }
    Some((Value::Object(map), i))
}

fn unquote(s: &str) -> Option<String> {
    if s.len() >= 2 && s.starts_with('\'') && s.ends_with('\'') {
        return Some(s[1..s.len() - 1].replace("''", "'"));
    }
    if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') {
        return serde_json::from_str(s).ok();
    }
    None
}

fn yaml_scalar(s: &str) -> Option<Value> {
    let s = s.trim();
    if let Some(text) = unquote(s) {
        return Some(Value::String(text));
    }
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        if inner.trim().is_empty() {
            return Some(Value::Array(vec![]));
        }
        return inner.split(',').map(yaml_scalar).collect::<Option<Vec<_>>>().map(Value::Array);
    }
    Some(match s {
        "null" | "~" | "Null" | "NULL" => Value::Null,
        "true" | "True" | "TRUE" => Value::Bool(true),
        "false" | "False" | "FALSE" => Value::Bool(false),
        _ => match s.parse::<u64>() {
            Ok(n) => Value::from(n),
            Err(_) => Value::String(s.to_string()),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::super::detect::{detect, Handler, Kind};
    use super::*;
    use std::path::Path;

    #[test]
    fn kzg_yaml() {
        let text = "input:\n  commitment: '0xc0'\n  z: '0x00'\n  y: '0x01'\n  proof: '0xc0'\noutput: null\n";
        let value = parse_yaml(text).unwrap();
        assert_eq!(value["input"]["z"], "0x00");
        assert!(value["output"].is_null());
        assert_eq!(detect(Path::new("verify_kzg_proof/case/data.yaml"), &value), Some(Kind::KzgProof));
        let value =
            parse_yaml("input:\n  commitment: '0xc0'\n  z: '0x00'\n  y: '0x01'\n  proof: '0xc0'\noutput: true\n")
                .unwrap();
        assert_eq!(value["output"], true);
        // Consensus-spec-tests BLS YAML: the handler from a folder further up.
        let text = "input:\n  pubkeys: ['0xaa', '0xbb']\n  message: '0xab'\n  signature: '0xcc'\noutput: false\n";
        let value = parse_yaml(text).unwrap();
        assert_eq!(value["input"]["pubkeys"][1], "0xbb");
        let path = Path::new("general/phase0/bls/fast_aggregate_verify/bls/case_1/data.yaml");
        assert_eq!(detect(path, &value), Some(Kind::EthBls(Some(Handler::FastAggregateVerify))));
        let value = parse_yaml("input:\n- '0xaa'\n- '0xbb'\noutput: '0xcc'\n").unwrap();
        assert_eq!(value["input"][0], "0xaa");
        // Not YAML of this kind.
        assert_eq!(parse_yaml("a: 1\n    b: 2\n"), None);
    }
}
