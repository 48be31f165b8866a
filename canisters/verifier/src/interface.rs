//! The interface as `verifier.did` gives it: Candid's export numbers the reply types it finds
//! (`Result`, `Result_1` … `Result_9`); a reader wants them named for what they hold, as the
//! vetKD and ckBTC interfaces name theirs. The types are the same, renamed: a name is not on
//! the wire, so callers built against either text decode the same replies.

use std::collections::BTreeMap;

/// The name of `variant { Ok : HELD; Err : Error }` (`HELD` empty for `variant { Ok; .. }`).
fn result_name(held: &str) -> String {
    match held {
        "" => "VerifyResult".to_string(),
        "blob" => "BytesResult".to_string(),
        "bool" => "BoolResult".to_string(),
        "nat" => "CyclesResult".to_string(),
        "PrecompileOutput" => "PrecompileResult".to_string(),
        record => format!("{record}Result"),
    }
}

/// `did` with each `Result…` reply type renamed by [`result_name`], everywhere it is named.
/// Anything else, and a `Result…` type of another shape, is left as it is.
pub fn with_named_results(did: &str) -> String {
    let mut renames = BTreeMap::new();
    for line in did.lines() {
        let Some((name, definition)) = line.trim().strip_prefix("type ").and_then(|l| l.split_once(" = ")) else {
            continue;
        };
        let is_numbered = name == "Result"
            || name.strip_prefix("Result_").is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        let held = definition
            .strip_prefix("variant { Ok")
            .and_then(|d| d.strip_suffix("; Err : Error };"))
            .and_then(|d| if d.is_empty() { Some("") } else { d.strip_prefix(" : ") });
        if let (true, Some(held)) = (is_numbered, held) {
            renames.insert(name.to_string(), result_name(held));
        }
    }
    // Identifiers are replaced whole (so `Result_1` is not read as `Result` and `_1`), in the
    // code of each line: comments and strings stay as they are written.
    let rename = |code: &str, out: &mut String| {
        let mut word = String::new();
        let mut in_string = false;
        for c in code.chars().chain(core::iter::once('\n')) {
            if !in_string && (c.is_ascii_alphanumeric() || c == '_') {
                word.push(c);
                continue;
            }
            out.push_str(renames.get(word.as_str()).map_or(word.as_str(), String::as_str));
            word.clear();
            if c == '"' {
                in_string = !in_string;
            }
            out.push(c);
        }
    };
    let mut out = String::with_capacity(did.len());
    for line in did.lines() {
        let (code, comment) = line.find("//").map_or((line, ""), |at| line.split_at(at));
        rename(code, &mut out);
        out.pop(); // the newline `rename` ended the code with
        out.push_str(comment);
        out.push('\n');
    }
    if !did.ends_with('\n') {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_results_are_named_for_what_they_hold() {
        let did = "// Result_1 and Result, in a comment.\n\
                   type Error = variant { X };\n\
                   type Result = variant { Ok; Err : Error };\n\
                   type Result_1 = variant { Ok : blob; Err : Error };\n\
                   type Result_10 = variant { Ok : VerifiedX; Err : Error };\n\
                   type Result_2 = variant { Ok : nat; Err : Other };\n\
                   service : { f : () -> (Result_1) query; g : () -> (Result); h : () -> (Result_10, Result_2) }";
        let named = with_named_results(did);
        assert!(named.starts_with("// Result_1 and Result, in a comment.\n"), "{named}");
        assert!(named.contains("type VerifyResult = variant { Ok; Err : Error };"), "{named}");
        assert!(named.contains("type BytesResult = variant { Ok : blob; Err : Error };"), "{named}");
        assert!(named.contains("type VerifiedXResult = variant { Ok : VerifiedX; Err : Error };"), "{named}");
        // Another error type: not a reply of this interface's shape, left alone.
        assert!(named.contains("type Result_2 = variant { Ok : nat; Err : Other };"), "{named}");
        assert!(
            named.contains("service : { f : () -> (BytesResult) query; g : () -> (VerifyResult); h : () -> (VerifiedXResult, Result_2) }"),
            "{named}"
        );
    }
}
