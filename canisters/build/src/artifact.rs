//! What a canister ships as: its Wasm carrying the Candid interface as `icp:public
//! candid:service` metadata (so Candid UI, `dfx canister call` and other tools read it from the
//! deployed module) and, when the interface takes an install argument, that argument's type as
//! `icp:public candid:args` (what `dfx deps init` and other tools read to build one), a gzipped
//! copy for deployment, and the SHA-256 of both (what `dfx canister info` shows as the module
//! hash is the hash of the installed bytes).

use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The custom section that holds a canister's public Candid interface (the IC's convention
/// for canister metadata: `icp:public <name>` or `icp:private <name>`).
pub const CANDID_SERVICE: &str = "icp:public candid:service";
/// The custom section that holds the type of a canister's install argument, in Candid's
/// init-args syntax (type definitions, then the argument tuple).
pub const CANDID_ARGS: &str = "icp:public candid:args";

/// A canister's deployable files.
#[derive(Clone, Debug)]
pub struct Artifact {
    /// The Wasm module, with its metadata.
    pub wasm: Vec<u8>,
    /// The same module gzipped (no timestamp, fixed level, so the bytes are reproducible).
    pub gzip: Vec<u8>,
}

impl Artifact {
    /// Adds the Candid interface `did` to `wasm` as metadata (and its install argument's type,
    /// if it has one) and gzips the result.
    pub fn new(wasm: &[u8], did: &str) -> Result<Artifact, String> {
        let mut wasm = with_custom_section(wasm, CANDID_SERVICE, did.as_bytes());
        if let Some(args) = candid_args(did)? {
            wasm = with_custom_section(&wasm, CANDID_ARGS, args.as_bytes());
        }
        let gzip = gzip(&wasm);
        Ok(Artifact { wasm, gzip })
    }

    /// Writes `<stem>.wasm` and `<stem>.wasm.gz` into `dir` and returns the two paths.
    pub fn write(&self, dir: &Path, stem: &str) -> Result<(PathBuf, PathBuf), String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let wasm = dir.join(format!("{stem}.wasm"));
        let gz = dir.join(format!("{stem}.wasm.gz"));
        std::fs::write(&wasm, &self.wasm).map_err(|e| format!("cannot write {}: {e}", wasm.display()))?;
        std::fs::write(&gz, &self.gzip).map_err(|e| format!("cannot write {}: {e}", gz.display()))?;
        Ok((wasm, gz))
    }
}

/// The type of the install argument of the service `did` in Candid's init-args syntax (the
/// definitions it uses, then the argument tuple, e.g. `type InitArgs = record {..};
/// (opt InitArgs)`), or `None` when the service takes no argument.
pub fn candid_args(did: &str) -> Result<Option<String>, String> {
    use candid_parser::utils::{instantiate_candid, CandidSource};
    let (args, (env, _)) =
        instantiate_candid(CandidSource::Text(did)).map_err(|e| format!("the .did does not parse: {e}"))?;
    if args.is_empty() {
        return Ok(None);
    }
    let used = candid_parser::bindings::analysis::chase_types(&env, &args).map_err(|e| e.to_string())?;
    let mut defs = candid::types::TypeEnv::new();
    for name in used {
        if let Some(t) = env.0.get(name) {
            defs.0.insert(name.to_string(), t.clone());
        }
    }
    let text = candid::pretty::candid::pp_init_args(&defs, &args).pretty(100).to_string();
    Ok(Some(text))
}

/// `wasm` with a custom section appended (custom sections may appear after any section).
pub fn with_custom_section(wasm: &[u8], name: &str, data: &[u8]) -> Vec<u8> {
    let section = wasm_encoder::CustomSection { name: name.into(), data: data.into() };
    // A module that does not parse is packaged as it is (the canister build reports it).
    let mut out = without_custom_section(wasm, name).unwrap_or_else(|| wasm.to_vec());
    out.push(wasm_encoder::Section::id(&section));
    wasm_encoder::Encode::encode(&section, &mut out);
    out
}

/// `wasm` without its custom sections named `name` (a module packaged twice keeps one copy of
/// each section; the dependent canister's builds lose their `name` section). The other
/// sections are copied byte for byte, in order. `None` when the module does not parse.
pub fn without_custom_section(wasm: &[u8], name: &str) -> Option<Vec<u8>> {
    let mut module = wasm_encoder::Module::new();
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        let payload = payload.ok()?;
        if matches!(&payload, wasmparser::Payload::CustomSection(c) if c.name() == name) {
            continue;
        }
        if let Some((id, range)) = payload.as_section() {
            module.section(&wasm_encoder::RawSection { id, data: &wasm[range] });
        }
    }
    Some(module.finish())
}

/// The contents of the custom section `name`, if the module has one.
pub fn custom_section(wasm: &[u8], name: &str) -> Result<Option<Vec<u8>>, String> {
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        match payload.map_err(|e| format!("invalid Wasm: {e}"))? {
            wasmparser::Payload::CustomSection(section) if section.name() == name => {
                return Ok(Some(section.data().to_vec()));
            }
            _ => {}
        }
    }
    Ok(None)
}

/// Gzip with the header's time and OS fields fixed, so equal input gives equal bytes.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder =
        flate2::GzBuilder::new().mtime(0).operating_system(255).write(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).expect("writing to memory");
    encoder.finish().expect("writing to memory")
}

/// Lower-case hex SHA-256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_reads_back_and_gzip_is_reproducible() {
        let module = wat::parse_str("(module)").unwrap();
        let artifact = Artifact::new(&module, "service : {}").unwrap();
        assert_eq!(custom_section(&artifact.wasm, CANDID_SERVICE).unwrap().as_deref(), Some(&b"service : {}"[..]));
        assert_eq!(custom_section(&artifact.wasm, CANDID_ARGS).unwrap(), None);
        assert_eq!(custom_section(&module, CANDID_SERVICE).unwrap(), None);
        assert_eq!(artifact.gzip, Artifact::new(&module, "service : {}").unwrap().gzip);
        let mut unzipped = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&artifact.gzip[..]), &mut unzipped).unwrap();
        assert_eq!(unzipped, artifact.wasm);
        wasmparser::Validator::new().validate_all(&artifact.wasm).unwrap();
    }

    /// Packaging a packaged module again (as a second `build` or another tool does) keeps one
    /// copy of each section, and the rest of the module byte for byte.
    #[test]
    fn packaging_twice_keeps_one_section() {
        let module = wat::parse_str(
            r#"(module (memory 1) (func (export "f") (param i32) (result i32) local.get 0 i32.const 1 i32.add)
                (@custom "other" "kept"))"#,
        )
        .unwrap();
        assert_eq!(without_custom_section(&module, CANDID_SERVICE), Some(module.clone()));
        let once = Artifact::new(&module, "service : {}").unwrap();
        let twice = Artifact::new(&once.wasm, "service : {}").unwrap();
        assert_eq!(twice.wasm, once.wasm);
        let replaced = Artifact::new(&once.wasm, "service : { g : () -> () }").unwrap();
        let services = wasmparser::Parser::new(0)
            .parse_all(&replaced.wasm)
            .filter(|p| matches!(p, Ok(wasmparser::Payload::CustomSection(s)) if s.name() == CANDID_SERVICE))
            .count();
        assert_eq!(services, 1);
        assert_eq!(
            custom_section(&replaced.wasm, CANDID_SERVICE).unwrap().as_deref(),
            Some(&b"service : { g : () -> () }"[..])
        );
        assert_eq!(custom_section(&replaced.wasm, "other").unwrap().as_deref(), Some(&b"kept"[..]));
        wasmparser::Validator::new().validate_all(&replaced.wasm).unwrap();
    }

    #[test]
    fn install_arguments_are_described_with_their_types() {
        let did = "type A = record { xs : vec principal; n : opt nat32 }; type B = text; service : (opt A) -> { f : (B) -> () }";
        let args = candid_args(did).unwrap().unwrap();
        assert!(args.contains("type A = record") && !args.contains("type B"), "{args}");
        assert!(args.trim_end().ends_with("(opt A)"), "{args}");
        // What dfx does with it: merge it back into the service.
        candid_parser::utils::merge_init_args("service : { f : (text) -> () }", &args).unwrap();
        let module = wat::parse_str("(module)").unwrap();
        let artifact = Artifact::new(&module, did).unwrap();
        assert_eq!(custom_section(&artifact.wasm, CANDID_ARGS).unwrap(), Some(args.into_bytes()));
    }
}
