//! Chooses the limb kernel's form for the target (`cfg(wasm_simd)`, `cfg(simd128_attr)`), and
//! warns when a wasm32 build is set up in a way that costs IC instructions.
//!
//! What a build script can see of the build: the profile's `OPT_LEVEL`, the target's cfg
//! (`CARGO_CFG_DEBUG_ASSERTIONS`, `CARGO_CFG_TARGET_FEATURE`), the enabled features and
//! `CARGO_ENCODED_RUSTFLAGS`. It cannot see LTO, codegen units or the profile's overflow checks.
//! Native builds get no warning.

use std::env;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(wasm_simd)");
    println!("cargo:rustc-check-cfg=cfg(simd128_attr)");
    println!("cargo:rerun-if-changed=build.rs");
    if env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("wasm32") {
        return;
    }
    let features = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let global_simd128 = features.split(',').any(|f| f == "simd128");
    let scalar = env::var_os("CARGO_FEATURE_RADIX30_SCALAR").is_some();
    // The two-lane simd128 kernel, on every wasm32 build (`radix30-scalar` leaves it out, to
    // measure what it gains).
    if !scalar {
        println!("cargo:rustc-cfg=wasm_simd");
        // Without simd128 for the whole build (`-C target-feature=+simd128`, which a crate
        // cannot set for the builds of its dependents), the functions that hold the kernel
        // enable it themselves with `#[target_feature]`.
        if !global_simd128 {
            println!("cargo:rustc-cfg=simd128_attr");
        }
    }

    let warn = |what: &str| println!("cargo:warning=icbls: {what}; see \"Using the library\" in icbls's README");
    let rustflags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let codegen = codegen_options(&rustflags);
    // `-C` options in RUSTFLAGS come after the profile's, and the last one counts.
    let opt_level = codegen.iter().rev().find_map(|(k, v)| (k == "opt-level").then(|| v.clone()));
    let opt_level = opt_level.or_else(|| env::var("OPT_LEVEL").ok()).unwrap_or_default();
    if opt_level != "3" {
        warn(&format!(
            "built for wasm32 at opt-level {opt_level}: the kernels are written for opt-level 3, and other levels spend far more instructions"
        ));
    }
    let debug_assertions = env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_some();
    if debug_assertions {
        warn("built for wasm32 with debug assertions, which spend instructions, and, unless the profile turns them off, overflow checks, which spend far more");
    }
    // Overflow checks set in a profile are invisible here; in RUSTFLAGS, or in the environment
    // for the release profile, they are not.
    let on = |v: &str| matches!(v, "" | "y" | "yes" | "on" | "true");
    let in_rustflags = codegen.iter().rev().find(|(k, _)| k == "overflow-checks").map(|(_, v)| on(v));
    let in_env = match env::var("PROFILE").as_deref() {
        Ok("release") => env::var("CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS").ok().map(|v| on(&v)),
        _ => None,
    };
    if in_rustflags == Some(true) {
        warn("built for wasm32 with overflow checks (`-C overflow-checks` in RUSTFLAGS), which spend far more instructions");
    } else if in_rustflags.is_none() && in_env == Some(true) && !debug_assertions {
        warn("built for wasm32 with overflow checks, which spend far more instructions (`[profile.release.package.icbls] overflow-checks = false` turns them off for icbls alone)");
    }
    if scalar {
        warn("feature `radix30-scalar` leaves out the simd128 kernel (it is for measuring only)");
    }
    if env::var_os("CARGO_FEATURE_NATIVE64").is_some() {
        warn("feature `native64` puts the 64-bit kernel on wasm32, where its u128 products are calls (it is for measuring only)");
    }
}

/// The `-C name=value` (or `-Cname=value`) options in `CARGO_ENCODED_RUSTFLAGS`, in order; a
/// bare `-C name` has an empty value.
fn codegen_options(encoded: &str) -> Vec<(String, String)> {
    let args: Vec<&str> = encoded.split('\u{1f}').filter(|a| !a.is_empty()).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let option = match args[i] {
            "-C" | "--codegen" => {
                i += 1;
                args.get(i).copied()
            }
            a => a.strip_prefix("-C").or_else(|| a.strip_prefix("--codegen=")),
        };
        if let Some(option) = option {
            let (k, v) = option.split_once('=').unwrap_or((option, ""));
            out.push((k.to_string(), v.to_string()));
        }
        i += 1;
    }
    out
}
