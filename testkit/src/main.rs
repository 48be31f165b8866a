//! `cargo run -p icbls-testkit -- checksums`: rewrites `testkit/vectors.sha256` from the
//! vectors directory as it is (after the shared folder gained or changed files).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args != ["checksums"] {
        eprintln!(
            "usage: icbls-testkit checksums   (rewrites testkit/vectors.sha256 from {})",
            icbls_testkit::vectors::dir().display()
        );
        std::process::exit(2);
    }
    let dir = icbls_testkit::vectors::dir();
    if !dir.is_dir() {
        eprintln!("{}", icbls_testkit::vectors::not_found_line("(all)"));
        std::process::exit(1);
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors.sha256");
    let text = icbls_testkit::vectors::checksums_of_present_files();
    std::fs::write(&path, &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    println!("wrote {} ({} files)", path.display(), text.lines().filter(|l| !l.starts_with('#')).count());
}
