//! The public vectors directory: where it is, whether a family is there, and reading its files
//! with their checksums checked.
//!
//! A test that needs a family asks [`family`] (or reads through [`read`]): when the directory
//! lacks it, one line says where it looked and where the sources are listed, and the test is
//! skipped, unless vectors are [required](required) (`CI=true` or `ICBLS_REQUIRE_VECTORS=1`),
//! in which case it fails. A file whose SHA-256 is not the one `vectors.sha256` lists fails
//! always: a wrong file is never silently tested against.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// The environment variable that names the vectors directory.
pub const ENV: &str = "ICBLS_VECTORS";

/// Where a user finds the sources of every family (repository, commit, path).
pub const SOURCES: &str = "CONTRIBUTING.md, section \"Test vectors\", and each family's PROVENANCE.md";

/// The expected files: `sha256  path` lines, paths relative to the vectors directory.
const CHECKSUMS: &str = include_str!("../vectors.sha256");

/// The vectors directory: `ICBLS_VECTORS` if set, else `../shared/vectors` beside the checkout.
pub fn dir() -> PathBuf {
    match std::env::var_os(ENV) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/vectors"),
    }
}

/// Whether a missing family fails (`CI=true` or `ICBLS_REQUIRE_VECTORS=1`) instead of skipping.
pub fn required() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true") || std::env::var("ICBLS_REQUIRE_VECTORS").is_ok_and(|v| v == "1")
}

/// The line printed (or the panic message) when `family` is not in the vectors directory.
pub fn not_found_line(family: &str) -> String {
    format!(
        "vectors not found at {}: set {ENV}; the sources are listed in {SOURCES} (family {family})",
        dir().join(family).display()
    )
}

/// The folder of `family` (a path relative to the vectors directory, such as `eip2537` or
/// `extra/drand`), or `None` after printing [`not_found_line`] when it is absent and vectors
/// are not [`required`]. Panics with that line when they are.
pub fn family(family: &str) -> Option<PathBuf> {
    let path = dir().join(family);
    if path.is_dir() {
        return Some(path);
    }
    let line = not_found_line(family);
    if required() {
        panic!("{line}");
    }
    println!("{line}");
    None
}

/// The expected SHA-256 of `relative` (a path inside the vectors directory), if it is listed.
pub fn expected_sha256(relative: &str) -> Option<&'static str> {
    checksums().find(|(_, path)| *path == relative).map(|(sha, _)| sha)
}

/// Every listed file: `(sha256 hex, relative path)`.
pub fn checksums() -> impl Iterator<Item = (&'static str, &'static str)> {
    CHECKSUMS.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).map(|line| {
        let (sha, path) = line.split_once("  ").expect("vectors.sha256: `sha256  path` lines");
        (sha, path)
    })
}

/// What is wrong with one file of the directory.
#[derive(Debug, PartialEq, Eq)]
pub enum FileProblem {
    /// The file is listed but absent.
    Missing,
    /// The file is present but its SHA-256 is not the listed one.
    Wrong {
        /// The listed SHA-256.
        expected: String,
        /// The file's.
        found: String,
    },
    /// The file is present but not in `vectors.sha256`.
    Unlisted,
}

/// Checks one file's bytes against the list.
pub fn check(relative: &str, bytes: &[u8]) -> Result<(), FileProblem> {
    let found = hex::encode(Sha256::digest(bytes));
    match expected_sha256(relative) {
        None => Err(FileProblem::Unlisted),
        Some(expected) if expected == found => Ok(()),
        Some(expected) => Err(FileProblem::Wrong { expected: expected.into(), found }),
    }
}

/// The bytes of `relative` (inside the vectors directory), checked against `vectors.sha256`;
/// `None` (after the line of [`family`]) when its family's folder is absent and vectors are not
/// required. Panics on a wrong, unlisted or missing file in a family that is present.
pub fn read(relative: &str) -> Option<Vec<u8>> {
    let family_name = family_of(relative);
    family(family_name)?;
    let path = dir().join(relative);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        panic!("{}: {e}: the vectors directory has {family_name} but not this file", path.display())
    });
    match check(relative, &bytes) {
        Ok(()) => Some(bytes),
        Err(FileProblem::Wrong { expected, found }) => panic!(
            "{}: wrong file: its SHA-256 is {found}, vectors.sha256 lists {expected} (see {SOURCES})",
            path.display()
        ),
        Err(problem) => panic!("{}: {problem:?} in vectors.sha256", path.display()),
    }
}

/// [`read`] as UTF-8 text.
pub fn read_to_string(relative: &str) -> Option<String> {
    read(relative).map(|bytes| String::from_utf8(bytes).unwrap_or_else(|e| panic!("{relative}: not UTF-8: {e}")))
}

/// The files `vectors.sha256` lists below `folder` (a relative path inside the vectors
/// directory, at any depth), sorted; `None` (after the line of [`family`]) when its family is
/// absent and vectors are not required. Reading each with [`read`] then fails on a missing one.
pub fn list(folder: &str) -> Option<Vec<String>> {
    family(family_of(folder))?;
    let prefix = format!("{}/", folder.trim_end_matches('/'));
    let mut out: Vec<String> =
        checksums().filter(|(_, path)| path.starts_with(&prefix)).map(|(_, path)| path.to_string()).collect();
    out.sort();
    Some(out)
}

/// The family a relative path belongs to: its first folder, or its first two under `extra/`.
pub fn family_of(relative: &str) -> &str {
    let mut ends = relative.match_indices('/').map(|(i, _)| i);
    let first = ends.next().unwrap_or(relative.len());
    if &relative[..first] == "extra" {
        &relative[..ends.next().unwrap_or(relative.len())]
    } else {
        &relative[..first]
    }
}

/// Every file below the vectors directory, as relative paths with `/`, sorted.
pub fn files_present() -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if let Ok(rel) = path.strip_prefix(root) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(&dir(), &dir(), &mut out);
    out.sort();
    out
}

/// The `vectors.sha256` text for the directory as it is now (`icbls-testkit checksums` writes
/// it; `icbls-bench regenerate` runs that).
pub fn checksums_of_present_files() -> String {
    let mut text = String::from(
        "# @generated by `cargo xtask regenerate` (`icbls-testkit checksums`): the SHA-256 of every\n\
         # file the tests expect in\n\
         # the public vectors directory (../shared/vectors or ICBLS_VECTORS).\n",
    );
    for rel in files_present() {
        let bytes = std::fs::read(dir().join(&rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
        text.push_str(&format!("{}  {rel}\n", hex::encode(Sha256::digest(&bytes))));
    }
    text
}

/// A JSON vector's hex string (with or without `0x`) as bytes; panics (naming the value) on
/// anything else, as a vector that is not what its family says is a broken test.
pub fn json_hex(v: &serde_json::Value) -> Vec<u8> {
    let s = v.as_str().unwrap_or_else(|| panic!("not a hex string: {v}"));
    hex::decode(s.strip_prefix("0x").unwrap_or(s)).unwrap_or_else(|e| panic!("not hex ({e}): {s}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_of_paths() {
        assert_eq!(family_of("eip2537/blsG1Add.json"), "eip2537");
        assert_eq!(family_of("extra/drand/quicknet.json"), "extra/drand");
        assert_eq!(family_of("extra"), "extra");
        assert_eq!(family_of("kzg_point_evaluation/verify_kzg_proof/a/data.yaml"), "kzg_point_evaluation");
    }

    #[test]
    fn a_wrong_file_is_told_from_an_unlisted_one() {
        let (sha, path) = checksums().next().expect("the list has files");
        assert_eq!(
            check(path, b"not the file"),
            Err(FileProblem::Wrong { expected: sha.into(), found: hex::encode(Sha256::digest(b"not the file")) })
        );
        assert_eq!(check("no/such/file.json", b""), Err(FileProblem::Unlisted));
    }

    /// Every listed file is present with its checksum, and every present file is listed; a
    /// checkout without the vectors prints the line and skips (fails when they are required).
    #[test]
    fn the_vectors_directory_is_the_listed_files() {
        if !dir().is_dir() {
            let line = not_found_line("(all)");
            assert!(!required(), "{line}");
            println!("{line}");
            return;
        }
        let present = files_present();
        let mut problems = Vec::new();
        for (_, rel) in checksums() {
            match std::fs::read(dir().join(rel)) {
                Err(_) => problems.push(format!("{rel}: missing")),
                Ok(bytes) => {
                    if let Err(p) = check(rel, &bytes) {
                        problems.push(format!("{rel}: {p:?}"));
                    }
                }
            }
        }
        for rel in &present {
            if expected_sha256(rel).is_none() {
                problems.push(format!("{rel}: not in vectors.sha256"));
            }
        }
        assert!(
            problems.is_empty(),
            "the vectors directory {} differs from vectors.sha256:\n{}",
            dir().display(),
            problems.join("\n")
        );
    }
}
