//! YAML vector files (consensus-spec style `data.yaml`) as the JSON values the runners read,
//! through `yaml-rust2`.

use serde_json::{Map, Value};
use yaml_rust2::{Yaml, YamlLoader};

/// The single document of `text` as a JSON value; `None` when it is not YAML, holds several
/// documents or none, or has what JSON cannot hold (aliases, keys that are not strings).
pub(super) fn parse_yaml(text: &str) -> Option<Value> {
    let mut documents = YamlLoader::load_from_str(text).ok()?;
    if documents.len() != 1 {
        return None;
    }
    to_json(documents.pop()?)
}

fn to_json(yaml: Yaml) -> Option<Value> {
    Some(match yaml {
        Yaml::Hash(hash) => Value::Object(
            hash.into_iter().map(|(k, v)| Some((k.into_string()?, to_json(v)?))).collect::<Option<Map<_, _>>>()?,
        ),
        Yaml::Array(items) => Value::Array(items.into_iter().map(to_json).collect::<Option<_>>()?),
        Yaml::String(text) => Value::String(text),
        // A float stays as written: no runner reads one as a number.
        Yaml::Real(text) => Value::String(text),
        Yaml::Integer(n) => Value::from(n),
        Yaml::Boolean(b) => Value::Bool(b),
        Yaml::Null => Value::Null,
        Yaml::Alias(_) | Yaml::BadValue => return None,
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
