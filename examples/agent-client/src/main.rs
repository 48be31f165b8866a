//! Verifies a BLS signature (the IC's min-sig variant) with the deployed verifier canister,
//! from off-chain, through `ic-agent`:
//!
//! ```text
//! cargo run -- --canister <verifier id> [--url <replica>] [--local] <public key hex> <message> <signature hex>
//! ```
//!
//! `--url` defaults to mainnet (`https://icp-api.io`). `--local` is for a local replica or
//! PocketIC (`--url` then defaults to `http://127.0.0.1:4943`): it fetches that replica's root
//! key, which is never done for mainnet, where the agent's built-in key is the one to trust.
//! `--` ends the options (a message may start with `--`).
//!
//! The method is a query: one replica answers, without consensus, and signs its answer with
//! its node key, which `ic-agent` checks against the subnet's keys (read from a certificate
//! under the root key). That is one node's word; for the subnet's, call `bls_verify_update`
//! (an update, with its price in cycles: see the verifier's README) or use the library in your
//! own canister.

mod request;

use ic_agent::export::reqwest::Url;
use ic_agent::export::Principal;
use ic_agent::Agent;
use std::ffi::OsString;
use std::process::ExitCode;

struct Options {
    url: Url,
    canister: Principal,
    local: bool,
    public_key: Vec<u8>,
    message: Vec<u8>,
    signature: Vec<u8>,
}

fn parse(args: impl Iterator<Item = OsString>) -> Result<Options, String> {
    let mut args = args.map(|a| a.into_string().map_err(|a| format!("not UTF-8: {a:?}")));
    let (mut url, mut canister, mut local, mut positional) = (None, None, false, vec![]);
    while let Some(arg) = args.next() {
        let arg = arg?;
        match arg.as_str() {
            "--url" => url = Some(args.next().ok_or("--url needs a value")??),
            "--canister" => {
                let text = args.next().ok_or("--canister needs a value")??;
                canister = Some(Principal::from_text(&text).map_err(|e| format!("--canister: {e}"))?);
            }
            "--local" => local = true,
            "--" => positional.extend(args.by_ref().collect::<Result<Vec<_>, _>>()?),
            _ => positional.push(arg),
        }
    }
    let url = url.unwrap_or_else(|| if local { "http://127.0.0.1:4943" } else { "https://icp-api.io" }.to_string());
    let [public_key, message, signature] = <[String; 3]>::try_from(positional)
        .map_err(|_| "expected three arguments: <public key hex> <message> <signature hex>")?;
    Ok(Options {
        url: Url::parse(&url).map_err(|e| format!("--url: {e}"))?,
        canister: canister.ok_or("--canister is required")?,
        local,
        public_key: hex::decode(public_key).map_err(|e| format!("public key: {e}"))?,
        message: message.into_bytes(),
        signature: hex::decode(signature).map_err(|e| format!("signature: {e}"))?,
    })
}

async fn run(options: Options) -> Result<Result<(), icbls_verifier_client::Error>, String> {
    // A parsed URL: `with_url` panics on text that does not parse.
    let agent = Agent::builder().with_url(options.url.as_str()).build().map_err(|e| format!("agent: {e}"))?;
    if options.local {
        agent.fetch_root_key().await.map_err(|e| format!("fetching the local root key: {e}"))?;
    }
    let arg = request::bls_verify_request(&options.public_key, &options.message, &options.signature)
        .map_err(|e| format!("encoding the argument: {e}"))?;
    let reply = agent
        .query(&options.canister, request::METHOD)
        .with_arg(arg)
        .call()
        .await
        .map_err(|e| format!("calling {}: {e}", request::METHOD))?;
    request::bls_verify_reply(&reply).map_err(|e| format!("decoding the reply: {e}"))
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let options = match parse(std::env::args_os().skip(1)) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match run(options).await {
        Ok(Ok(())) => {
            println!("verified");
            ExitCode::SUCCESS
        }
        Ok(Err(e)) => {
            println!("not verified: {e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
