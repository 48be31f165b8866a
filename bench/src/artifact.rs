//! What a canister ships as: its Wasm carrying the Candid interface as `icp:public
//! candid:service` metadata (so Candid UI, `dfx canister call` and other tools read it from the
//! deployed module), a gzipped copy for deployment, and the SHA-256 of both (what
//! `dfx canister info` shows as the module hash is the hash of the installed bytes).

use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The custom section that holds a canister's public Candid interface (the IC's convention
/// for canister metadata: `icp:public <name>` or `icp:private <name>`).
pub const CANDID_SERVICE: &str = "icp:public candid:service";

/// A canister's deployable files.
#[derive(Clone, Debug)]
pub struct Artifact {
    /// The Wasm module, with its metadata.
    pub wasm: Vec<u8>,
    /// The same module gzipped (no timestamp, fixed level, so the bytes are reproducible).
    pub gzip: Vec<u8>,
}

impl Artifact {
    /// Adds the Candid interface `did` to `wasm` as metadata and gzips the result.
    pub fn new(wasm: &[u8], did: &str) -> Artifact {
        let wasm = with_custom_section(wasm, CANDID_SERVICE, did.as_bytes());
        let gzip = gzip(&wasm);
        Artifact { wasm, gzip }
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

/// `wasm` with a custom section appended (custom sections may appear after any section).
pub fn with_custom_section(wasm: &[u8], name: &str, data: &[u8]) -> Vec<u8> {
    let section = wasm_encoder::CustomSection { name: name.into(), data: data.into() };
    let mut out = wasm.to_vec();
    out.push(wasm_encoder::Section::id(&section));
    wasm_encoder::Encode::encode(&section, &mut out);
    out
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
    let mut encoder = flate2::GzBuilder::new()
        .mtime(0)
        .operating_system(255)
        .write(Vec::new(), flate2::Compression::best());
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
        let artifact = Artifact::new(&module, "service : {}");
        assert_eq!(custom_section(&artifact.wasm, CANDID_SERVICE).unwrap().as_deref(), Some(&b"service : {}"[..]));
        assert_eq!(custom_section(&module, CANDID_SERVICE).unwrap(), None);
        assert_eq!(artifact.gzip, Artifact::new(&module, "service : {}").gzip);
        let mut unzipped = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&artifact.gzip[..]), &mut unzipped).unwrap();
        assert_eq!(unzipped, artifact.wasm);
        wasmparser::Validator::new().validate_all(&artifact.wasm).unwrap();
    }
}
