//! `icbls-meter`: run one canister call offline and print what it cost, as JSON.
//!
//! ```text
//! icbls-meter call WASM METHOD [--arg-hex HEX] [--init-arg-hex HEX] [--update] [--time-ns N]
//! icbls-meter validate WASM
//! ```
//!
//! `call`: exit status 0 when the canister replied or rejected, 1 when the call failed (trap,
//! instruction limit, no such method, a module the IC would refuse), 2 for a usage error or
//! unreadable input. `validate`: the replica's install-time checks; exit status 0 with the
//! module's figures against each limit, 1 with the rule it breaks and the replica's reason.

use icbls_meter::{CallKind, Canister, Response};
use serde_json::json;

const USAGE: &str = "usage: icbls-meter call WASM METHOD [--arg-hex HEX] [--init-arg-hex HEX] [--update] [--time-ns N]\n       icbls-meter validate WASM";
/// Candid encoding of the empty argument list, the default argument.
const EMPTY_CANDID: &str = "4449444c0000";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("validate") => validate(&args[1..]),
        _ => run(&args),
    };
    match result {
        Ok((value, ok)) => {
            println!("{}", serde_json::to_string_pretty(&value).expect("JSON value"));
            std::process::exit(if ok { 0 } else { 1 });
        }
        Err(message) => {
            eprintln!("icbls-meter: {message}\n{USAGE}");
            std::process::exit(2);
        }
    }
}

struct CallArgs {
    wasm: String,
    method: String,
    arg_hex: String,
    init_arg_hex: String,
    kind: CallKind,
    time_ns: Option<u64>,
}

fn parse(args: &[String]) -> Result<CallArgs, String> {
    let mut it = args.iter();
    match it.next().map(String::as_str) {
        Some("call") => {}
        Some(other) => return Err(format!("unknown command {other:?}")),
        None => return Err("missing command".into()),
    }
    let mut positional = Vec::new();
    let mut parsed = CallArgs {
        wasm: String::new(),
        method: String::new(),
        arg_hex: EMPTY_CANDID.into(),
        init_arg_hex: EMPTY_CANDID.into(),
        kind: CallKind::Query,
        time_ns: None,
    };
    while let Some(a) = it.next() {
        let mut value = |flag: &str| it.next().cloned().ok_or_else(|| format!("{flag} needs a value"));
        match a.as_str() {
            "--arg-hex" => parsed.arg_hex = value(a)?,
            "--init-arg-hex" => parsed.init_arg_hex = value(a)?,
            "--update" => parsed.kind = CallKind::Update,
            "--time-ns" => {
                let v = value(a)?;
                parsed.time_ns = Some(v.parse().map_err(|_| format!("--time-ns {v:?} is not a number"))?);
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ => positional.push(a.clone()),
        }
    }
    let [wasm, method] = <[String; 2]>::try_from(positional)
        .map_err(|p| format!("expected WASM and METHOD, got {} arguments", p.len()))?;
    parsed.wasm = wasm;
    parsed.method = method;
    Ok(parsed)
}

/// `validate WASM`: the report, or the broken rule with the replica's reason.
fn validate(args: &[String]) -> Result<(serde_json::Value, bool), String> {
    let [path] = args else {
        return Err(format!("validate takes one WASM path, got {} arguments", args.len()));
    };
    let wasm = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Ok(match icbls_meter::validate(&wasm) {
        Ok(report) => (json!({ "wasm": path, "valid": true, "report": report }), true),
        Err(e) => (json!({ "wasm": path, "valid": false, "rule": e.rule(), "error": e.to_string() }), false),
    })
}

fn run(args: &[String]) -> Result<(serde_json::Value, bool), String> {
    let a = parse(args)?;
    let wasm = std::fs::read(&a.wasm).map_err(|e| format!("cannot read {}: {e}", a.wasm))?;
    let arg = hex::decode(a.arg_hex.trim()).map_err(|e| format!("--arg-hex: {e}"))?;
    let init_arg = hex::decode(a.init_arg_hex.trim()).map_err(|e| format!("--init-arg-hex: {e}"))?;
    let mut canister = match Canister::install(&wasm, &init_arg) {
        Ok(c) => c,
        Err(e) => return Ok((json!({ "wasm": a.wasm, "stage": "install", "error": e.to_string() }), false)),
    };
    if let Some(t) = a.time_ns {
        canister.set_time_ns(t);
    }
    let value = match canister.call(a.kind, &a.method, &arg) {
        Ok(outcome) => {
            let (reply, reject) = match &outcome.response {
                Response::Reply(bytes) => (Some(hex::encode(bytes)), None),
                Response::Reject(message) => (None, Some(message.clone())),
            };
            let v = json!({
                "wasm": a.wasm,
                "method": a.method,
                "kind": a.kind,
                "arg_hex": a.arg_hex,
                "instructions": outcome.instructions,
                "reply_hex": reply,
                "reject": reject,
                "debug_print": outcome.debug_print,
            });
            return Ok((v, true));
        }
        Err(e) => json!({
            "wasm": a.wasm,
            "method": a.method,
            "kind": a.kind,
            "arg_hex": a.arg_hex,
            "error": e.to_string(),
        }),
    };
    Ok((value, false))
}
