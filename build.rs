//! Chooses the limb kernel (`cfg(icbls_kernel)`, and `cfg(simd128_attr)` for the simd128 kernel
//! in a build without `simd128` as a whole), and warns when a wasm32 build is set up in a way
//! that costs IC instructions.
//!
//! The kernel, one of [`KERNELS`], comes from `--cfg icbls_kernel="…"` in RUSTFLAGS, else from
//! the `ICBLS_KERNEL` environment variable, else the default: `radix30_simd128` on wasm32,
//! `native64` elsewhere. The environment variable exists because RUSTFLAGS is part of every
//! crate's fingerprint: setting it rebuilds all dependencies, `ICBLS_KERNEL` rebuilds icbls only.
//!
//! What a build script can see of the build: the profile's `OPT_LEVEL`, the target's cfg
//! (`CARGO_CFG_DEBUG_ASSERTIONS`, `CARGO_CFG_TARGET_FEATURE`), the enabled features and
//! `CARGO_ENCODED_RUSTFLAGS`. It cannot see LTO, codegen units or the profile's overflow checks.
//! Native builds get no warning.

use std::env;

/// The kernels: `native64` (64-bit words, `u128` products), `radix30` (30-bit limbs, scalar
/// products) and `radix30_simd128` (30-bit limbs, pairs of products in two `simd128` lanes,
/// wasm32 only).
const KERNELS: [&str; 3] = ["native64", "radix30", "radix30_simd128"];

fn main() {
    println!("cargo:rustc-check-cfg=cfg(icbls_kernel, values(\"native64\", \"radix30\", \"radix30_simd128\"))");
    println!("cargo:rustc-check-cfg=cfg(simd128_attr)");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=ICBLS_KERNEL");
    // Bench builds only, set by the environment for the reason `ICBLS_KERNEL` is: the variant
    // that shows what hiding the kernel's operands saves, and the build that counts field
    // operations (`fields::op_count`).
    for (knob, cfg) in [("ICBLS_VISIBLE_OPERANDS", "icbls_visible_operands"), ("ICBLS_COUNT_OPS", "icbls_count_ops")] {
        println!("cargo:rustc-check-cfg=cfg({cfg})");
        println!("cargo:rerun-if-env-changed={knob}");
        if env::var_os(knob).is_some_and(|v| v == "1") {
            println!("cargo:rustc-cfg={cfg}");
        }
    }
    let wasm32 = env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32");
    let kernel = kernel(wasm32);
    if kernel == "radix30_simd128" {
        let features = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
        // Without simd128 for the whole build (`-C target-feature=+simd128`, which a crate
        // cannot set for the builds of its dependents), the functions that hold the kernel
        // enable it themselves with `#[target_feature]`.
        if !features.split(',').any(|f| f == "simd128") {
            println!("cargo:rustc-cfg=simd128_attr");
        }
    }
    if !wasm32 {
        return;
    }

    let warn = |what: &str| println!("cargo:warning=icbls: {what}; see \"Add it\" in icbls's README");
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
    match kernel.as_str() {
        "radix30" => warn("kernel `radix30` leaves out the simd128 products (it is for measuring only: the default, `radix30_simd128`, spends fewer instructions)"),
        "native64" => warn("kernel `native64` on wasm32, where its u128 products are calls (it is for measuring only: the default, `radix30_simd128`, spends far fewer instructions)"),
        _ => {}
    }
}

/// The kernel asked for, or the target's default; a wrong or conflicting choice fails the build.
fn kernel(wasm32: bool) -> String {
    let fail =
        |what: String| -> ! { panic!("icbls: {what}; the kernels are {KERNELS:?} (radix30_simd128 on wasm32 only)") };
    // `--cfg icbls_kernel="…"` in RUSTFLAGS: cargo lists each value given, separated by commas.
    let from_cfg = env::var("CARGO_CFG_ICBLS_KERNEL").ok();
    if let Some(values) = &from_cfg {
        if values.contains(',') {
            fail(format!("more than one `--cfg icbls_kernel` given ({values})"));
        }
    }
    let from_env = match env::var("ICBLS_KERNEL") {
        Ok(v) if !v.is_empty() => Some(v),
        Ok(_) | Err(env::VarError::NotPresent) => None,
        Err(env::VarError::NotUnicode(v)) => fail(format!("ICBLS_KERNEL={v:?} is not a kernel")),
    };
    if let (Some(c), Some(e)) = (&from_cfg, &from_env) {
        if c != e {
            fail(format!("`--cfg icbls_kernel=\"{c}\"` and ICBLS_KERNEL={e} disagree"));
        }
    }
    let default = if wasm32 { "radix30_simd128" } else { "native64" };
    let kernel = from_cfg.clone().or(from_env).unwrap_or_else(|| default.to_string());
    if !KERNELS.contains(&kernel.as_str()) {
        fail(format!("unknown kernel `{kernel}`"));
    }
    if kernel == "radix30_simd128" && !wasm32 {
        fail("kernel `radix30_simd128` is for wasm32 only".to_string());
    }
    // A `--cfg` from RUSTFLAGS is set already.
    if from_cfg.is_none() {
        println!("cargo:rustc-cfg=icbls_kernel=\"{kernel}\"");
    }
    kernel
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
