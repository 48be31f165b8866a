//! `icbls-meter`: run one canister call offline and print what it cost, as JSON.
//!
//! ```text
//! icbls-meter call WASM METHOD [--arg-hex HEX] [--init-arg-hex HEX] [--update] [--time-ns N]
//! icbls-meter validate WASM
//! icbls-meter profile WASM METHOD [ARG] [--init-arg-hex HEX] [--update] [--time-ns N] [--folded FILE] [--top N]
//! ```
//!
//! `profile`: runs the call with profiling hooks and prints its outcome, its instructions (the
//! same as `call`'s) and the `--top` (default 40) functions by inclusive instructions, with
//! their exclusive instructions and calls; `--folded FILE` writes the folded stacks (the input
//! of `inferno-flamegraph` and `flamegraph.pl`). `ARG` is the Candid argument: hex, or a file
//! holding it (raw `DIDL…` bytes or hex text). Exit status as for `call`.
//!
//! `call`: exit status 0 when the canister replied or rejected, 1 when the call failed (trap,
//! instruction limit, no such method, a module the IC would refuse), 2 for a usage error or
//! unreadable input. `validate`: the replica's install-time checks; exit status 0 with the
//! module's figures against each limit, 1 with the rule it breaks and the replica's reason.

use icbls_meter::{CallKind, Canister, Response};
use serde_json::json;

const USAGE: &str = "usage: icbls-meter call WASM METHOD [--arg-hex HEX] [--init-arg-hex HEX] [--update] [--time-ns N]\n       icbls-meter validate WASM\n       icbls-meter profile WASM METHOD [ARG-HEX | ARG-FILE] [--init-arg-hex HEX] [--update] [--time-ns N] [--folded FILE] [--top N]";
/// Candid encoding of the empty argument list, the default argument.
const EMPTY_CANDID: &str = "4449444c0000";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("validate") => validate(&args[1..]),
        Some("profile") => profile(&args),
        _ => run(&args),
    };
    match result {
        Ok((Output::Json(value), ok)) => {
            println!("{}", serde_json::to_string_pretty(&value).expect("JSON value"));
            std::process::exit(if ok { 0 } else { 1 });
        }
        Ok((Output::Text(text), ok)) => {
            print!("{text}");
            std::process::exit(if ok { 0 } else { 1 });
        }
        Err(message) => {
            eprintln!("icbls-meter: {message}\n{USAGE}");
            std::process::exit(2);
        }
    }
}

enum Output {
    Json(serde_json::Value),
    Text(String),
}

struct CallArgs {
    wasm: String,
    method: String,
    arg_hex: String,
    init_arg_hex: String,
    kind: CallKind,
    time_ns: Option<u64>,
    folded: Option<String>,
    top: usize,
}

fn parse(args: &[String]) -> Result<CallArgs, String> {
    let mut it = args.iter();
    let profiling = match it.next().map(String::as_str) {
        Some("call") => false,
        Some("profile") => true,
        Some(other) => return Err(format!("unknown command {other:?}")),
        None => return Err("missing command".into()),
    };
    let mut positional = Vec::new();
    let mut parsed = CallArgs {
        wasm: String::new(),
        method: String::new(),
        arg_hex: EMPTY_CANDID.into(),
        init_arg_hex: EMPTY_CANDID.into(),
        kind: CallKind::Query,
        time_ns: None,
        folded: None,
        top: 40,
    };
    while let Some(a) = it.next() {
        let mut value = |flag: &str| it.next().cloned().ok_or_else(|| format!("{flag} needs a value"));
        match a.as_str() {
            "--arg-hex" => parsed.arg_hex = value(a)?,
            "--init-arg-hex" => parsed.init_arg_hex = value(a)?,
            "--folded" if profiling => parsed.folded = Some(value(a)?),
            "--top" if profiling => {
                let v = value(a)?;
                parsed.top = v.parse().map_err(|_| format!("--top {v:?} is not a number"))?;
            }
            "--update" => parsed.kind = CallKind::Update,
            "--time-ns" => {
                let v = value(a)?;
                parsed.time_ns = Some(v.parse().map_err(|_| format!("--time-ns {v:?} is not a number"))?);
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ => positional.push(a.clone()),
        }
    }
    if profiling && positional.len() == 3 {
        parsed.arg_hex = candid_arg(&positional.remove(2))?;
    }
    let [wasm, method] = <[String; 2]>::try_from(positional)
        .map_err(|p| format!("expected WASM and METHOD, got {} arguments", p.len()))?;
    parsed.wasm = wasm;
    parsed.method = method;
    Ok(parsed)
}

/// A Candid argument given as hex, or as a file of raw `DIDL` bytes or of hex; as hex.
fn candid_arg(given: &str) -> Result<String, String> {
    if hex::decode(given.trim()).is_ok() {
        return Ok(given.trim().to_string());
    }
    let bytes = std::fs::read(given).map_err(|e| format!("{given:?} is neither hex nor a readable file: {e}"))?;
    if bytes.starts_with(b"DIDL") {
        return Ok(hex::encode(bytes));
    }
    let text = String::from_utf8_lossy(&bytes).trim().to_string();
    hex::decode(&text).map_err(|e| format!("{given}: neither Candid bytes nor hex: {e}"))?;
    Ok(text)
}

/// `profile WASM METHOD [ARG]`: the outcome, the functions table, and the folded stacks.
fn profile(args: &[String]) -> Result<(Output, bool), String> {
    let a = parse(args)?;
    let wasm = std::fs::read(&a.wasm).map_err(|e| format!("cannot read {}: {e}", a.wasm))?;
    let arg = hex::decode(a.arg_hex.trim()).map_err(|e| format!("argument: {e}"))?;
    let init_arg = hex::decode(a.init_arg_hex.trim()).map_err(|e| format!("--init-arg-hex: {e}"))?;
    let mut canister = match Canister::install(&wasm, &init_arg) {
        Ok(c) => c,
        Err(e) => return Ok((Output::Text(format!("{}: cannot install: {e}\n", a.wasm)), false)),
    };
    if let Some(t) = a.time_ns {
        canister.set_time_ns(t);
    }
    let call = canister.profile(a.kind, &a.method, &arg);
    let mut text = format!("{} {:?} {}\n", a.wasm, a.kind, a.method);
    let ok = match &call.outcome {
        Ok(outcome) => {
            let response = match &outcome.response {
                Response::Reply(bytes) => format!("reply {}", hex::encode(bytes)),
                Response::Reject(message) => format!("reject {message:?}"),
            };
            text.push_str(&format!("{} instructions, {response}\n", outcome.instructions));
            true
        }
        Err(e) => {
            text.push_str(&format!("error: {e}\n"));
            false
        }
    };
    let profile = &call.profile;
    text.push_str(&format!("profiled: {} instructions\n\n", profile.instructions()));
    text.push_str(&profile.table(a.top));
    if let Some(path) = &a.folded {
        std::fs::write(path, profile.folded()).map_err(|e| format!("cannot write {path}: {e}"))?;
        text.push_str(&format!("\nfolded stacks written to {path}\n"));
    }
    Ok((Output::Text(text), ok))
}

/// `validate WASM`: the report, or the broken rule with the replica's reason.
fn validate(args: &[String]) -> Result<(Output, bool), String> {
    let [path] = args else {
        return Err(format!("validate takes one WASM path, got {} arguments", args.len()));
    };
    let wasm = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Ok(match icbls_meter::validate(&wasm) {
        Ok(report) => (Output::Json(json!({ "wasm": path, "valid": true, "report": report })), true),
        Err(e) => {
            (Output::Json(json!({ "wasm": path, "valid": false, "rule": e.rule(), "error": e.to_string() })), false)
        }
    })
}

fn run(args: &[String]) -> Result<(Output, bool), String> {
    let a = parse(args)?;
    let wasm = std::fs::read(&a.wasm).map_err(|e| format!("cannot read {}: {e}", a.wasm))?;
    let arg = hex::decode(a.arg_hex.trim()).map_err(|e| format!("--arg-hex: {e}"))?;
    let init_arg = hex::decode(a.init_arg_hex.trim()).map_err(|e| format!("--init-arg-hex: {e}"))?;
    let mut canister = match Canister::install(&wasm, &init_arg) {
        Ok(c) => c,
        Err(e) => {
            return Ok((Output::Json(json!({ "wasm": a.wasm, "stage": "install", "error": e.to_string() })), false))
        }
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
            return Ok((Output::Json(v), true));
        }
        Err(e) => json!({
            "wasm": a.wasm,
            "method": a.method,
            "kind": a.kind,
            "arg_hex": a.arg_hex,
            "error": e.to_string(),
        }),
    };
    Ok((Output::Json(value), false))
}
