#!/usr/bin/env python3
"""Writes unrolled.rs: the radix-2^30 Montgomery multiplication and squaring of
mod.rs, unrolled into straight-line code for the limb counts we use (13 for Fp, 9 for Fr);
and simd.rs: the same in two simd128 lanes, for pairs of products (see below).

Why generated: the compiler does not fully unroll the 13 x 13 loops, and what it leaves keeps
the columns in linear memory; straight-line code keeps every limb and column in a Wasm local,
and each product costs four operators (two `local.get`, `i64.mul`, `i64.add`).

The algorithm is the one mod.rs documents: sum the product's columns (each below 13 * 2^60,
no carries), then reduce by product scanning (the "FIPS" ordering of Koc, Acar and Kaliski,
1996): column k of the reduction adds t_k, the terms m_i * p_(k-i) and the carry; for k < N it
fixes m_k so the column's low 30 bits cancel; from k = N on, its low 30 bits are the result's
limb k - N. Where a product column and its reduction terms fit in 64 bits together, the column
enters the reduction as summed and the reduction's carries do the normalization's work; only
the middle columns are normalized first (`fused_plan` finds them and checks the bound). The
result is the same integer, limb for limb, as normalizing every column first.

It lives outside `src/` (nothing under `src/` is a tool). Run it through the one regeneration
command, `cargo xtask regenerate kernels`, or alone from anywhere:
python3 bench/generators/radix30_kernels.py (it writes both files into src/arith/radix30/).
"""

import os

LIMB_COUNTS = [13, 9]

# Where the kernels live: src/arith/radix30/ of the repository this file is in.
KERNEL_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "arith", "radix30")


def product_columns(n, square, a="a", b="b"):
    """Rust expressions for the columns of a*b (or a*a) as sums of limb products."""
    cols = []
    for k in range(2 * n - 1):
        pairs = [(i, k - i) for i in range(n) if 0 <= k - i < n]
        if not square:
            cols.append(" + ".join(f"{a}{i} * {b}{j}" for i, j in pairs))
            continue
        cross = [f"{a}{i} * {a}{j}" for i, j in pairs if i < j]
        diag = [f"{a}{i} * {a}{i}" for i, j in pairs if i == j]
        doubled = f"({' + '.join(cross)}) << 1" if cross else None
        if doubled and diag:
            cols.append(f"({doubled}) + {diag[0]}")
        else:
            cols.append(doubled or diag[0])
    return cols


# The moduli, for the column bounds below (the kernels take p as an argument).
MODULI = {
    13: 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB,
    9: 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001,
}


def limbs_of(x, n):
    return [(x >> (30 * i)) & ((1 << 30) - 1) for i in range(n)]


def reduction_bound(n, k):
    """The largest sum of the reduction's terms in column k: m_i·p_(k-i) over the m_i (below
    2^30) that reach it, with m_k·p_0 (added before the carry) for k < n."""
    top = (1 << 30) - 1
    p = limbs_of(MODULI[n], n)
    return sum(top * p[k - i] for i in range(max(0, k - n + 1), min(k, n - 1) + 1))


# Digits of an unreduced Fp2 value (`fp2_reduce`): each product's are within ±2^31, and a value
# is a sum of far fewer than 2^28 products, so its columns are within ±2^59; the top column
# takes the carry limb too, within ±2^22 from the value's bound (±p·2^389 < 2^771).
WIDE_DIGIT = 1 << 59
WIDE_TOP_LIMB = 1 << 22


def signed_columns_fit(n):
    """Whether the reduction can take an unreduced Fp2 value's signed columns as they are: every
    column sum with its reduction terms and carry within a signed 64-bit lane."""
    carry = 0
    for k in range(2 * n - 1):
        digit = WIDE_DIGIT + (WIDE_TOP_LIMB << 30 if k == 2 * n - 2 else 0)
        high = digit + carry + reduction_bound(n, k)
        if high >= 1 << 63:
            return False
        carry = high >> 30
    return True


def fused_plan(n):
    """Which product columns the reduction can take unnormalized: (lo, hi) such that columns
    below lo and from hi on enter their reduction column as summed (up to 13 products each)
    and only columns lo..hi-1 are carried first. Normalizing a column is what keeps its
    reduction column below 2^64 (13 products of the reduction's own on top); where the two
    sums fit together, the carry pass over the product is work the reduction's carries already
    do. The bound is checked here for inputs with any 30-bit limbs (so also for the unreduced
    inputs below 8p) and every m_i below 2^30."""
    top = (1 << 30) - 1
    p = limbs_of(MODULI[n], n)
    raw = [sum(top * top for i in range(n) if 0 <= k - i < n) for k in range(2 * n - 1)]

    reduction_terms = lambda k: reduction_bound(n, k)
    def fits(lo, hi):
        carry_red, carry_norm = 0, 0
        for k in range(2 * n - 1):
            if lo <= k < hi:
                s = raw[k] + carry_norm
                assert s < 1 << 64
                carry_norm = s >> 30
                column = top
            else:
                column = raw[k] + (carry_norm if k == hi else 0)
            s = column + carry_red + reduction_terms(k)
            if s >= 1 << 64:
                return False
            carry_red = s >> 30
        return True

    lo = 0
    while lo < 2 * n - 1 and fits(lo + 1, 2 * n - 1):
        lo += 1
    hi = lo
    while not fits(lo, hi):
        hi += 1
    return lo, hi


def emit_normalize(w, cols, out, n, signed=False):
    """Carries columns cols0..cols(2n-2) (i64 if signed) into limbs out0..out(2n-1)."""
    if signed:
        w(f"    let {out}0 = ({cols}0 as u64) & MASK;")
        w(f"    let c = {cols}0 >> BITS;")
        for k in range(1, 2 * n - 1):
            w(f"    let s = {cols}{k} + c;")
            w(f"    let {out}{k} = (s as u64) & MASK;")
            w("    let c = s >> BITS;")
        w(f"    let {out}{2 * n - 1} = c as u64;")
        return
    w(f"    let {out}0 = {cols}0 & MASK;")
    w(f"    let c = {cols}0 >> BITS;")
    for k in range(1, 2 * n - 1):
        w(f"    let s = {cols}{k} + c;")
        w(f"    let {out}{k} = s & MASK;")
        w("    let c = s >> BITS;")
    w(f"    let {out}{2 * n - 1} = c;")


def emit_reduce(w, t, r, n, inputs=None, top=None):
    """Montgomery-reduces the columns t0..t(2n-2) and the top limb t(2n-1) into r0..r(n-1),
    product scanning. `inputs` and `top` replace them with expressions where some columns are
    unnormalized (see `fused_plan`); `top` None means no top limb (it is in the carries)."""
    if inputs is None:
        inputs = [f"{t}{k}" for k in range(2 * n - 1)]
        top = f"{t}{2 * n - 1}"
    w("    let c = 0u64;")
    for k in range(n):
        terms = [f"m{i} * p{k - i}" for i in range(k)]
        w(f"    let s = {inputs[k]} + c" + "".join(f" + {x}" for x in terms) + ";")
        w(f"    let m{k} = s.wrapping_mul(p_inv) & MASK;")
        w(f"    let c = (s + m{k} * p0) >> BITS;")
    for k in range(n, 2 * n - 1):
        terms = [f"m{i} * p{k - i}" for i in range(k - n + 1, n)]
        w(f"    let s = {inputs[k]} + c" + "".join(f" + {x}" for x in terms) + ";")
        w(f"    let {r}{k - n} = s & MASK;")
        w("    let c = s >> BITS;")
    w(f"    let {r}{n - 1} = {top + ' + ' if top else ''}c;")


def emit_fused_normalize(w, cols, out, n, vector=False):
    """Carries only the columns `fused_plan` says must be (lo..hi-1) into limbs out_k; returns
    the reduction's inputs (column expressions) and its top limb (None: in the carries)."""
    lo, hi = fused_plan(n)
    add = (lambda x, y: f"i64x2_add({x}, {y})") if vector else (lambda x, y: f"{x} + {y}")
    land = (lambda x: f"v128_and({x}, mask)") if vector else (lambda x: f"{x} & MASK")
    shr = (lambda x: f"u64x2_shr({x}, BITS)") if vector else (lambda x: f"{x} >> BITS")
    inputs = [f"{cols}{k}" for k in range(2 * n - 1)]
    top = None
    if lo < hi:
        w(f"    // Columns {lo} to {hi - 1} normalized (below 2^30): with 13 reduction terms on top they")
        w(f"    // would not fit in 64 bits. The others enter the reduction as they are (`fused_plan`).")
        w(f"    let {out}{lo} = {land(f'{cols}{lo}')};")
        w(f"    let cn = {shr(f'{cols}{lo}')};")
        inputs[lo] = f"{out}{lo}"
        for k in range(lo + 1, hi):
            w(f"    let s = {add(f'{cols}{k}', 'cn')};")
            w(f"    let {out}{k} = {land('s')};")
            w(f"    let cn = {shr('s')};")
            inputs[k] = f"{out}{k}"
        if hi < 2 * n - 1:
            inputs[hi] = f"{add(f'{cols}{hi}', 'cn')}" if not vector else f"i64x2_add({cols}{hi}, cn)"
            if not vector:
                inputs[hi] = f"({inputs[hi]})"
        else:
            top = "cn"
    else:
        w("    // Every column enters the reduction as it is (`fused_plan`).")
    return inputs, top


def emit_columns(w, x, y, out, n, square=False):
    """Columns out0..out(2n-2) of the product of limbs x_i and y_j (or x_i squared)."""
    for k, expr in enumerate(product_columns(n, square, x, y)):
        w(f"    let {out}{k}: u64 = {expr};")


def function(n, square):
    name = f"{'square' if square else 'mul'}_{n}"
    args = f"a: [u64; {n}]" + ("" if square else f", b: [u64; {n}]")
    out = []
    w = out.append
    w("#[inline(always)]")
    w(f"pub(super) fn {name}({args}, p: [u64; {n}], p_inv: u64) -> [u64; {n}] {{")
    w(f"    let [{', '.join(f'a{i}' for i in range(n))}] = a;")
    if not square:
        w(f"    let [{', '.join(f'b{i}' for i in range(n))}] = b;")
    w(f"    let [{', '.join(f'p{i}' for i in range(n))}] = p;")
    w("    // The product's columns.")
    emit_columns(w, "a", "b", "c", n, square)
    inputs, top = emit_fused_normalize(w, "c", "t", n)
    w("    // Reduction, column by column.")
    emit_reduce(w, "t", "r", n, inputs, top)
    w(f"    [{', '.join(f'r{i}' for i in range(n))}]")
    w("}")
    return "\n".join(out)


def quadratic(n):
    """(a0 + a1 u)(b0 + b1 u), u^2 = -1, by Karatsuba with the reductions deferred."""
    out = []
    w = out.append
    w("/// The product `(a0 + a1·u)(b0 + b1·u)` with `u² = -1`, by Karatsuba with lazy reduction:")
    w("/// three double-width products `w0 = a0·b0`, `w1 = a1·b1`, `w2 = (a0 + a1)(b0 + b1)`, then")
    w("/// `c0 = w0 - w1 + p·2^(30n-1)` (the offset, a multiple of p, keeps it positive and below")
    w("/// `pR`) and `c1 = w2 - w0 - w1 = a0·b1 + a1·b0`, each reduced once. Inputs below 8p (the")
    w("/// unreduced sums of the tower's Karatsuba products: `c0, c1 < pR` still), outputs below 2p.")
    w("#[inline(always)]")
    w(f"pub(super) fn quadratic_{n}(a0: [u64; {n}], a1: [u64; {n}], b0: [u64; {n}], b1: [u64; {n}], p: [u64; {n}], offset: [u64; {2 * n}], p_inv: u64) -> ([u64; {n}], [u64; {n}]) {{")
    for v in ["a0", "a1", "b0", "b1", "p"]:
        w(f"    let [{', '.join(f'{v}_{i}' for i in range(n))}] = {v};")
    w("    // The sums a0 + a1 and b0 + b1, normalized (below 16p).")
    for v in ["a", "b"]:
        w("    let c = 0u64;")
        for i in range(n):
            w(f"    let s = {v}0_{i} + {v}1_{i} + c;")
            w(f"    let {v}s_{i} = s & MASK;")
            w("    let c = s >> BITS;")
        w("    let _ = c; // zero: the sum is below 16p < 2^390")
    w("    // The three products, normalized.")
    emit_columns(w, "a0_", "b0_", "x", n)
    emit_normalize(w, "x", "w0_", n)
    emit_columns(w, "a1_", "b1_", "x", n)
    emit_normalize(w, "x", "w1_", n)
    emit_columns(w, "as_", "bs_", "x", n)
    emit_normalize(w, "x", "w2_", n)
    w("    // c0 = w0 - w1 + offset, c1 = w2 - w0 - w1, as signed columns, normalized.")
    for k in range(2 * n - 1):
        top = f" + ((w0_{2*n-1} as i64 - w1_{2*n-1} as i64 + offset[{2*n-1}] as i64) << BITS)" if k == 2 * n - 2 else ""
        w(f"    let d{k} = w0_{k} as i64 - w1_{k} as i64 + offset[{k}] as i64{top};")
    for k in range(2 * n - 1):
        top = f" + ((w2_{2*n-1} as i64 - w0_{2*n-1} as i64 - w1_{2*n-1} as i64) << BITS)" if k == 2 * n - 2 else ""
        w(f"    let e{k} = w2_{k} as i64 - w0_{k} as i64 - w1_{k} as i64{top};")
    w("    let [" + ", ".join(f"p{i}" for i in range(n)) + f"] = [{', '.join(f'p_{i}' for i in range(n))}];")
    emit_normalize(w, "d", "t", n, signed=True)
    emit_reduce(w, "t", "r", n)
    emit_normalize(w, "e", "u", n, signed=True)
    emit_reduce(w, "u", "q", n)
    w(f"    ([{', '.join(f'r{i}' for i in range(n))}], [{', '.join(f'q{i}' for i in range(n))}])")
    w("}")
    return "\n".join(out)


def main():
    here = KERNEL_DIR
    parts = [
        "//! @generated by `cargo xtask regenerate` (bench/generators): the radix-2^30",
        "//! Montgomery multiplication and squaring of `mod.rs`, unrolled for 13 limbs (Fp)",
        "//! and 9 limbs (Fr). Inputs: limbs below 2^30, values below 2p. Output: limbs below",
        "//! 2^30, value below 2p.",
        "",
        "use super::{BITS, MASK};",
        "",
    ]
    for n in LIMB_COUNTS:
        parts.append(function(n, square=False))
        parts.append("")
        parts.append(function(n, square=True))
        parts.append("")
    parts.append(quadratic(13))
    parts.append("")
    with open(os.path.join(here, "unrolled.rs"), "w") as f:
        f.write("\n".join(parts))




# ---------------------------------------------------------------------------------------------
# Two lanes with simd128: two independent products per operator.
#
# `i64x2.extmul_low_i32x4_u` multiplies the low two 32-bit lanes of two vectors into two 64-bit
# products for one unit of the IC meter. Holding limb i of two operands as the 32-bit lanes
# [x_i, y_i] runs two Montgomery multiplications side by side for the price of about one.

SIMD_HEADER = [
    "//! @generated by `cargo xtask regenerate` (bench/generators): two-lane radix-2^30",
    "//! kernels for `wasm32` with `simd128`. Lane `l` of every vector carries the same",
    "//! computation as `unrolled.rs` does for one operand; limbs live in the low 32",
    "//! bits of each 64-bit lane.",
    "//!",
    "//! Compiled for the `radix30_simd128` kernel. The functions are `#[inline(always)]` and have no",
    "//! `#[target_feature]` of their own (the two do not go together): their callers in",
    "//! `mod.rs` enable `simd128`, for the whole build or with `#[target_feature]`, and the",
    "//! intrinsics inline into them there. In a function without `simd128` each intrinsic would",
    "//! be a `call`.",
    "",
    "use super::{BITS, MASK};",
    "use core::arch::wasm32::*;",
    "",
    "/// Limb i of two operands as the 32-bit lanes [x, y, 0, 0], ready for `extmul_low`.",
    "#[inline(always)]",
    "fn pack(x: u64, y: u64) -> v128 {",
    "    u32x4(x as u32, y as u32, 0, 0)",
    "}",
    "",
    "/// The identity byte permutation, hidden from the optimizer. LLVM lowers `extmul_low` to an",
    "/// extension and an `i64x2.mul` (which the IC charges 4 rather than 1) where an operand is a",
    "/// constant it can see: the limbs of p. Swizzling them by this permutation (see [`hide`])",
    "/// leaves them unchanged for 1 instruction and keeps the `extmul` (the variant",
    "/// `cfg(icbls_visible_operands)` in `bench/RESULTS.md` leaves the permutation in sight and",
    "/// so measures the kernel without it). Operands with equal lanes (the splats of the single",
    "/// and Fp2 products) are left in sight: hiding them too measured dearer in this build.",
    "#[inline(always)]",
    "fn opaque_identity() -> v128 {",
    "    let id = i8x16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);",
    "    #[cfg(not(icbls_visible_operands))]",
    "    let id = core::hint::black_box(id);",
    "    id",
    "}",
    "",
    "/// `v`, with its lanes hidden from the optimizer behind `id`, an [`opaque_identity`].",
    "#[inline(always)]",
    "fn hide(v: v128, id: v128) -> v128 {",
    "    i8x16_swizzle(v, id)",
    "}",
    "",
    "/// The byte permutation that moves the low halves of both 64-bit lanes to the 32-bit lanes 0",
    "/// and 1 and clears the others (an index of 128 or more selects 0); hidden from the optimizer,",
    "/// which would otherwise turn the 1-instruction swizzle into an `i8x16.shuffle` (3).",
    "#[inline(always)]",
    "fn opaque_low_halves() -> v128 {",
    "    let index = i8x16(0, 1, 2, 3, 8, 9, 10, 11, -128, -128, -128, -128, -128, -128, -128, -128);",
    "    #[cfg(not(icbls_visible_operands))]",
    "    let index = core::hint::black_box(index);",
    "    index",
    "}",
    "",
    "#[inline(always)]",
    "fn mulx(a: v128, b: v128) -> v128 {",
    "    u64x2_extmul_low_u32x4(a, b)",
    "}",
    "",
]


def simd_normalize(w, cols, out, n, signed=False, count=None):
    """Carries two-lane columns cols0..cols(count-1) (count = 2n-1 unless given) into limbs
    out0..out(count) (`mask` in scope)."""
    count = 2 * n - 1 if count is None else count
    shr = "i64x2_shr" if signed else "u64x2_shr"
    w(f"    let {out}0 = v128_and({cols}0, mask);")
    w(f"    let c = {shr}({cols}0, BITS);")
    for k in range(1, count):
        w(f"    let s = i64x2_add({cols}{k}, c);")
        w(f"    let {out}{k} = v128_and(s, mask);")
        w(f"    let c = {shr}(s, BITS);")
    w(f"    let {out}{count} = c;")


def simd_reduce(n, w, signed):
    """Emits the reduction of columns c0..c(2n-2), two lanes, with the normalization they need
    (none for the signed columns of an unreduced Fp2 value, see `signed_columns_fit`)."""
    w("    let mask = u64x2_splat(MASK);")
    w("    // m_k = s·p_inv mod 2^30 in the 32-bit lanes 0 and 1: the low halves of s, multiplied in")
    w("    // 32-bit lanes (`i32x4.mul`, 2) where a 64-bit product would cost 4 and a shuffle 3.")
    w("    let p_inv = u32x4_splat(p_inv as u32);")
    w("    let mask32 = u32x4_splat(MASK as u32);")
    w("    let low_halves = opaque_low_halves();")
    w("    let id = opaque_identity();")
    for j in range(n):
        w(f"    let p{j} = hide(pack(p[{j}], p[{j}]), id);")
    if signed:
        # Signed columns enter as they are; the carries are arithmetic shifts (3 each, against
        # 2 for the unsigned) and take the place of a normalization pass.
        assert signed_columns_fit(n), "an unreduced Fp2 column could overflow its reduction"
        w("    // The signed columns enter the reduction as they are: with the reduction's terms each")
        w("    // sum stays within a signed 64-bit lane (`signed_columns_fit`), and the shifts are")
        w("    // arithmetic. The last carry is the top limb, not negative as the value is not.")
        inputs, top = [f"c{k}" for k in range(2 * n - 1)], None
    else:
        inputs, top = emit_fused_normalize(w, "c", "t", n, vector=True)
    shr = "i64x2_shr" if signed else "u64x2_shr"
    w("    // Reduction, column by column, both lanes.")
    w("    let c = u64x2_splat(0);")
    for k in range(n):
        expr = f"i64x2_add({inputs[k]}, c)"
        for i in range(k):
            expr = f"i64x2_add({expr}, mulx(m{i}, p{k - i}))"
        w(f"    let s = {expr};")
        w(f"    let m{k} = v128_and(i32x4_mul(i8x16_swizzle(s, low_halves), p_inv), mask32);")
        w(f"    let c = {shr}(i64x2_add(s, mulx(m{k}, p0)), BITS);")
    for k in range(n, 2 * n - 1):
        expr = f"i64x2_add({inputs[k]}, c)"
        for i in range(k - n + 1, n):
            expr = f"i64x2_add({expr}, mulx(m{i}, p{k - i}))"
        w(f"    let s = {expr};")
        w(f"    let r{k - n} = v128_and(s, mask);")
        w(f"    let c = {shr}(s, BITS);")
    w(f"    let r{n - 1} = {f'i64x2_add({top}, c)' if top else 'c'};")
    lane = lambda l: ", ".join(f"u64x2_extract_lane::<{l}>(r{i})" for i in range(n))
    w(f"    ([{lane(0)}], [{lane(1)}])")


def simd_columns(n, w, x, y, name):
    """Emits the product columns name0.. of the packed operands x_i, y_j."""
    for k in range(2 * n - 1):
        terms = [f"mulx({x}{i}, {y}{k - i})" for i in range(n) if 0 <= k - i < n]
        expr = terms[0]
        for t in terms[1:]:
            expr = f"i64x2_add({expr}, {t})"
        w(f"    let {name}{k} = {expr};")


def simd_pair_columns(n, w):
    """Emits the columns c0.. of a·b in lane 0 and c·d in lane 1 (operands a, b, c, d)."""
    for i in range(n):
        w(f"    let x{i} = pack(a[{i}], c[{i}]);")
    for i in range(n):
        w(f"    let y{i} = pack(b[{i}], d[{i}]);")
    simd_columns(n, w, "x", "y", "c")


def simd_mul2(n):
    out = []
    w = out.append
    w("/// `(a·b/R, c·d/R) mod p`: two Montgomery multiplications in the two lanes.")
    w("#[inline(always)]")
    w(f"pub(super) fn mul2_{n}(a: [u64; {n}], b: [u64; {n}], c: [u64; {n}], d: [u64; {n}], p: [u64; {n}], p_inv: u64) -> ([u64; {n}], [u64; {n}]) {{")
    simd_pair_columns(n, w)
    simd_reduce(n, w, signed=False)
    w("}")
    return "\n".join(out)


def simd_mul2_wide(n):
    out = []
    w = out.append
    w("/// `(a·b, c·d)` unreduced: lane 0 of limb k holds limb k of `a·b`, lane 1 that of `c·d`, both")
    w("/// normalized (limb 2n-1 holds the top carry), the form of `fp2_wide`'s result for an Fp2")
    w("/// value whose two coefficients are single products (a square's `(a0 + a1)(a0 - a1)` and")
    w("/// `2a0·a1`): one pass of products where `fp2_wide` takes two.")
    w("#[inline(always)]")
    w(f"pub(super) fn mul2_wide_{n}(a: [u64; {n}], b: [u64; {n}], c: [u64; {n}], d: [u64; {n}]) -> [v128; {2 * n}] {{")
    simd_pair_columns(n, w)
    w("    let mask = u64x2_splat(MASK);")
    simd_normalize(w, "c", "t", n)
    w(f"    [{', '.join(f't{k}' for k in range(2 * n))}]")
    w("}")
    return "\n".join(out)


def simd_square2(n):
    """Two squares in the two lanes: each column's cross products once, doubled by a shift,
    plus the diagonal square (n(n+1)/2 products where a product takes n²)."""
    out = []
    w = out.append
    w("/// `(a²/R, c²/R) mod p`: two Montgomery squarings in the two lanes, each cross product")
    w("/// computed once and doubled (`i64x2.shl`, 2): 91 two-lane products where `mul2` takes 169.")
    w("#[inline(always)]")
    w(f"pub(super) fn square2_{n}(a: [u64; {n}], c: [u64; {n}], p: [u64; {n}], p_inv: u64) -> ([u64; {n}], [u64; {n}]) {{")
    for i in range(n):
        w(f"    let x{i} = pack(a[{i}], c[{i}]);")
    for k in range(2 * n - 1):
        cross = [f"mulx(x{i}, x{k - i})" for i in range(n) if i < k - i < n]
        expr = None
        if cross:
            expr = cross[0]
            for t in cross[1:]:
                expr = f"i64x2_add({expr}, {t})"
            expr = f"i64x2_shl({expr}, 1)"
        if k % 2 == 0:
            diag = f"mulx(x{k // 2}, x{k // 2})"
            expr = f"i64x2_add({expr}, {diag})" if expr else diag
        w(f"    let c{k} = {expr};")
    simd_reduce(n, w, signed=False)
    w("}")
    return "\n".join(out)


def simd_mul1(n):
    """One product a·b, its product half in two lanes: lane 0 holds a·b_lo (the low h limbs of
    b), lane 1 a·b_hi (the others); the lanes' columns are added at an offset of h limbs into
    the product's columns and reduced in scalar code, as `unrolled.rs` does."""
    h = (n + 1) // 2
    cols = n + h - 1
    out = []
    w = out.append
    w("/// `a·b/R mod p`: one Montgomery multiplication whose product half runs in two lanes. Lane 0")
    w(f"/// sums the columns of `a·(b mod 2^{30 * h})`, lane 1 those of `a·(b >> {30 * h})`; added {h}")
    w("/// columns apart they are the product's columns, reduced one at a time as in `unrolled.rs`.")
    w("#[inline(always)]")
    w(f"pub(super) fn mul1_{n}(a: [u64; {n}], b: [u64; {n}], p: [u64; {n}], p_inv: u64) -> [u64; {n}] {{")
    for i in range(n):
        w(f"    let x{i} = u32x4_splat(a[{i}] as u32);")
    for j in range(h):
        w(f"    let y{j} = pack(b[{j}], {f'b[{j + h}]' if j + h < n else '0'});")
    for k in range(cols):
        terms = [f"mulx(x{i}, y{k - i})" for i in range(n) if 0 <= k - i < h]
        expr = terms[0]
        for t in terms[1:]:
            expr = f"i64x2_add({expr}, {t})"
        w(f"    let e{k} = {expr};")
    # Column k of the product: lane 0 of e_k plus lane 1 of e_(k-h), summed as they are.
    for k in range(2 * n - 1):
        parts = []
        if k < cols:
            parts.append(f"u64x2_extract_lane::<0>(e{k})")
        if 0 <= k - h < cols:
            parts.append(f"u64x2_extract_lane::<1>(e{k - h})")
        w(f"    let c{k} = {' + '.join(parts)};")
    w(f"    let [{', '.join(f'p{j}' for j in range(n))}] = p;")
    inputs, top = emit_fused_normalize(w, "c", "t", n)
    emit_reduce(w, "t", "r", n, inputs, top)
    w(f"    [{', '.join(f'r{i}' for i in range(n))}]")
    w("}")
    return "\n".join(out)


def simd_fp2_wide(n):
    out = []
    w = out.append
    w("/// The Fp2 product `(a0 + a1·u)(b0 + b1·u)`, `u² = -1`, unreduced: lane 0 of limb k holds limb")
    w("/// k of `a0·b0 - a1·b1`, lane 1 that of `a0·b1 + a1·b0`, as signed 30-bit digits (each within")
    w("/// (-2^30, 2^31)); limb 2n-1 holds the top carry. Sums and differences of such values are")
    w("/// taken limb by limb and reduced once by `fp2_reduce`.")
    w("#[inline(always)]")
    w(f"pub(super) fn fp2_wide_{n}(a0: [u64; {n}], a1: [u64; {n}], b0: [u64; {n}], b1: [u64; {n}]) -> [v128; {2 * n}] {{")
    for i in range(n):
        w(f"    let x{i} = u32x4_splat(a0[{i}] as u32);")
    for i in range(n):
        w(f"    let y{i} = pack(b0[{i}], b1[{i}]);")
    for i in range(n):
        w(f"    let u{i} = u32x4_splat(a1[{i}] as u32);")
    for i in range(n):
        w(f"    let v{i} = pack(b1[{i}], b0[{i}]);")
    w("    let mask = u64x2_splat(MASK);")
    w("    // [a0·b0, a0·b1] and [a1·b1, a1·b0], each normalized to 30-bit limbs.")
    simd_columns(n, w, "x", "y", "e")
    simd_columns(n, w, "u", "v", "f")
    simd_normalize(w, "e", "en", n)
    simd_normalize(w, "f", "fn", n)
    w("    // Lane 0: e - f; lane 1: e + f. -f = !f + 1: a complement and an addition cost 2 where a")
    w("    // negation and a shuffle cost 4.")
    w("    let flip = i64x2(-1, 0);")
    w("    let one = i64x2(1, 0);")
    limbs = []
    for k in range(2 * n):
        w(f"    let w{k} = i64x2_add(i64x2_add(en{k}, v128_xor(fn{k}, flip)), one);")
        limbs.append(f"w{k}")
    w(f"    [{', '.join(limbs)}]")
    w("}")
    return "\n".join(out)


def simd_fp2_reduce(n):
    out = []
    w = out.append
    w("/// Reduces an unreduced Fp2 value (see `fp2_wide`) whose two coefficients lie within")
    w("/// `±p·2^(30n-1)`: adds that offset (a multiple of p) to both, normalizes the signed digits and")
    w("/// Montgomery-reduces both lanes at once. Outputs are below 2p.")
    w("#[inline(always)]")
    w(f"pub(super) fn fp2_reduce_{n}(w: [v128; {2 * n}], p: [u64; {n}], offset: [u64; {2 * n}], p_inv: u64) -> ([u64; {n}], [u64; {n}]) {{")
    for k in range(2 * n):
        w(f"    let c{k} = i64x2_add(w[{k}], u64x2_splat(offset[{k}]));")
    # c(2n-1) joins the top column before normalization.
    w(f"    let c{2 * n - 2} = i64x2_add(c{2 * n - 2}, i64x2_shl(c{2 * n - 1}, BITS));")
    simd_reduce(n, w, signed=True)
    w("}")
    return "\n".join(out)


def main_simd():
    here = KERNEL_DIR
    parts = list(SIMD_HEADER)
    parts.append(simd_mul2(13))
    parts.append("")
    parts.append(simd_square2(13))
    parts.append("")
    parts.append(simd_mul1(13))
    parts.append("")
    parts.append(simd_mul2_wide(13))
    parts.append("")
    parts.append(simd_fp2_wide(13))
    parts.append("")
    parts.append(simd_fp2_reduce(13))
    parts.append("")
    with open(os.path.join(here, "simd.rs"), "w") as f:
        f.write("\n".join(parts))



if __name__ == "__main__":
    main()
    main_simd()
