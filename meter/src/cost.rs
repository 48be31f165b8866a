//! What the replica charges: the weight of every Wasm operator and the fixed overhead of every
//! System API call.
//!
//! The weights are those of `instruction_to_cost` in the replica's
//! `rs/embedders/src/wasm_utils/instrumentation.rs` for 32-bit memories, and the System API
//! overheads those of `system_api_complexity::overhead::new` (summarised in
//! `meter/ic-cost-table.md`). Only operators whose weight is not 1 are listed: the replica's
//! default weight is 1.

use wasmparser::Operator;

/// The number of IC instructions the replica charges for executing `op` once (its static part:
/// bulk-memory operators also pay their byte count at run time, see [`is_bulk_memory`]).
pub fn operator_cost(op: &Operator) -> u64 {
    use Operator::*;
    match op {
        Block { .. } | Loop { .. } | Else | End => 0,

        I32DivS | I32DivU | I32RemS | I32RemU | I64DivS | I64DivU | I64RemS | I64RemU => 10,

        F32Add | F32Sub | F32Mul | F32Ceil | F32Floor | F32Trunc | F32Nearest | F64Add | F64Sub | F64Mul | F64Ceil
        | F64Floor | F64Trunc | F64Nearest | F32Copysign => 2,
        F32Div | F64Copysign => 3,
        F64Div | F32Sqrt => 5,
        F64Sqrt => 8,
        F32Min | F32Max | F64Min | F64Max => 18,
        F32Eq | F32Ne | F32Lt | F32Gt | F32Le | F32Ge | F64Eq | F64Ne | F64Lt | F64Gt | F64Le | F64Ge => 3,
        F32ConvertI32S | F64ConvertI64S | F32ConvertI64S | F64ConvertI32S => 3,
        F64ConvertI32U | F32ConvertI64U | F32ConvertI32U | F64ConvertI64U => 16,
        I64TruncSatF32S | I64TruncSatF32U | I64TruncSatF64S | I64TruncSatF64U | I32TruncSatF32S | I32TruncSatF32U
        | I32TruncSatF64S | I32TruncSatF64U | I32TruncF32S | I32TruncF32U | I32TruncF64S | I32TruncF64U
        | I64TruncF32S | I64TruncF32U | I64TruncF64S | I64TruncF64U => 20,

        GlobalGet { .. } | GlobalSet { .. } => 2,
        TableGet { .. } | TableSet { .. } => 5,
        TableGrow { .. } | MemoryGrow { .. } => 300,
        MemorySize { .. } => 20,
        TableSize { .. } => 100,
        MemoryFill { .. }
        | MemoryCopy { .. }
        | TableFill { .. }
        | TableCopy { .. }
        | MemoryInit { .. }
        | TableInit { .. } => 100,
        DataDrop { .. } | ElemDrop { .. } => 300,

        Call { .. } => 5,
        CallIndirect { .. } => 10,
        ReturnCall { .. } => 3,
        ReturnCallIndirect { .. } => 60,
        If { .. } | Br { .. } | BrIf { .. } | BrTable { .. } => 2,
        RefIsNull => 5,
        RefFunc { .. } => 130,

        I8x16Shuffle { .. } => 3,
        I8x16LtU | I8x16GtU | I16x8LtU | I16x8GtU | I32x4LtU | I32x4GtU => 2,
        I8x16Popcnt | I8x16Shl | I8x16ShrS => 3,
        I8x16ShrU => 2,
        I16x8ExtAddPairwiseI8x16U => 2,
        I16x8Shl | I16x8ShrS | I16x8ShrU => 2,
        I16x8ExtMulHighI8x16S | I16x8ExtMulHighI8x16U => 2,
        I32x4ExtAddPairwiseI16x8U => 3,
        I32x4Shl | I32x4ShrS | I32x4ShrU | I32x4Mul => 2,
        I32x4ExtMulLowI16x8S | I32x4ExtMulHighI16x8S | I32x4ExtMulLowI16x8U | I32x4ExtMulHighI16x8U => 2,
        I64x2Shl | I64x2ShrU => 2,
        I64x2ShrS => 3,
        I64x2Mul => 4,
        F32x4Ceil | F32x4Floor | F32x4Trunc | F32x4Nearest | F32x4Abs | F32x4Neg | F32x4Add | F32x4Sub | F32x4Mul => 2,
        F32x4Sqrt => 5,
        F32x4Div => 10,
        F32x4Min | F32x4Max => 4,
        F64x2Ceil | F64x2Floor | F64x2Trunc | F64x2Nearest | F64x2Abs | F64x2Neg | F64x2Add | F64x2Sub | F64x2Mul => 2,
        F64x2Sqrt => 14,
        F64x2Div => 12,
        F64x2Min => 4,
        F64x2Max => 5,
        I32x4TruncSatF32x4S | I32x4TruncSatF64x2SZero => 2,
        I32x4TruncSatF32x4U | F32x4ConvertI32x4U => 4,
        I32x4TruncSatF64x2UZero => 3,

        _ => 1,
    }
}

/// Bulk-memory and table operators whose run-time size operand (an `i32` on top of the stack)
/// is charged on top of their static weight, one instruction per byte (or element).
pub fn is_bulk_memory(op: &Operator) -> bool {
    matches!(
        op,
        Operator::MemoryFill { .. }
            | Operator::MemoryCopy { .. }
            | Operator::MemoryInit { .. }
            | Operator::TableFill { .. }
            | Operator::TableCopy { .. }
            | Operator::TableInit { .. }
    )
}

/// The fixed overhead, in instructions, that the replica charges for calling the System API
/// function `ic0.<name>`, before the call runs. Calls that move bytes pay for them too (see
/// [`byte_cost`]). Names the replica does not list cost nothing extra.
pub fn system_api_overhead(name: &str) -> u64 {
    match name {
        "performance_counter" => 200,
        "debug_print" | "stable_grow" | "stable64_grow" => 100,
        // `stable_size` and `stable64_size` are implemented in Wasm by the replica's
        // instrumentation (wasm-native stable memory): no System API overhead.
        "stable_read" | "stable_write" | "stable64_read" | "stable64_write" => 20,
        "is_controller" => 1_000,
        "call_new" => 1_500,
        "call_perform" => 5_000,
        "msg_arg_data_size"
        | "msg_arg_data_copy"
        | "msg_caller_size"
        | "msg_caller_copy"
        | "msg_reject_code"
        | "msg_reject_msg_size"
        | "msg_reject_msg_copy"
        | "msg_reply_data_append"
        | "msg_reply"
        | "msg_reject"
        | "msg_method_name_size"
        | "msg_method_name_copy"
        | "msg_cycles_available128"
        | "msg_cycles_refunded128"
        | "msg_cycles_accept128"
        | "accept_message"
        | "canister_self_size"
        | "canister_self_copy"
        | "canister_cycle_balance128"
        | "canister_status"
        | "canister_version"
        | "certified_data_set"
        | "data_certificate_present"
        | "data_certificate_size"
        | "data_certificate_copy"
        | "time"
        | "global_timer_set"
        | "trap"
        | "call_data_append"
        | "call_cycles_add128"
        | "call_on_cleanup"
        | "root_key_size"
        | "root_key_copy"
        | "in_replicated_execution" => 500,
        _ => 0,
    }
}

/// Instructions the replica charges per 4 KiB page a message dirties (`dirty_page_overhead` in
/// `rs/config/src/subnet_config.rs`, the same on every subnet type): for the heap pages a
/// tracked message (update, installation step) wrote, after it runs
/// (`WasmtimeInstance::run`, `rs/embedders/src/wasmtime_embedder.rs`), and for each stable
/// page a `stable64_write` writes for the first time in the message
/// (`rs/embedders/src/wasm_utils/system_api_replacements.rs`).
pub const DIRTY_PAGE_OVERHEAD: u64 = 1_000;

/// Instructions charged per Wasm instruction of a module's code when it is installed,
/// reinstalled or upgraded (`cost_to_compile_wasm_instruction` in `rs/config/src/embedders.rs`).
pub const COMPILE_COST_PER_INSTRUCTION: u64 = 6_000;

/// The canister log's space in one message, in bytes (`DEFAULT_AGGREGATE_LOG_MEMORY_LIMIT`,
/// `rs/types/types/src/canister_log.rs`): what a message's `debug_print` records and its trap
/// message are charged for (`logging_charge_bytes`, `rs/embedders/src/wasmtime_embedder/linker.rs`).
pub const LOG_SPACE_BYTES: u64 = 4 * 1024;
/// The bytes one log record takes of the log's space besides its text (its index, timestamp
/// and the text's header: `CanisterLogRecord::data_size`).
pub const LOG_RECORD_OVERHEAD_BYTES: u64 = 40;

/// Instructions `ic0.trap` charges for a message of `len` bytes when the message's log has
/// `log_free` bytes left: its overhead, the bytes it reads, twice the bytes a log record of it
/// keeps (at most 4 KiB) and 50 per byte of the log's free space it takes.
pub fn trap_cost(len: u64, log_free: u64) -> u64 {
    system_api_overhead("trap") + len + 2 * len.min(LOG_SPACE_BYTES) + BYTE_TRANSMISSION_COST * len.min(log_free)
}

/// The replica's charge per byte sent out of the canister (a reply, a reject, a call payload):
/// `BYTE_TRANSMISSION_COST_FACTOR` in `rs/embedders/src/wasmtime_embedder/linker.rs`.
pub const BYTE_TRANSMISSION_COST: u64 = 50;

/// The instructions `ic0.<name>` pays for the `bytes` it moves, on top of its overhead: 50 per
/// byte sent out (replies, rejects, call payloads), one per byte copied in or out of the heap
/// or stable memory, nothing for calls that move no bytes. (`debug_print` is charged as
/// canister logging by the System API host, see `system_api.rs`.)
pub fn byte_cost(name: &str, bytes: u64) -> u64 {
    match name {
        "msg_reply_data_append" | "msg_reject" | "call_data_append" => BYTE_TRANSMISSION_COST.saturating_mul(bytes),
        "msg_arg_data_copy"
        | "msg_caller_copy"
        | "msg_reject_msg_copy"
        | "msg_method_name_copy"
        | "canister_self_copy"
        | "certified_data_set"
        | "data_certificate_copy"
        | "root_key_copy"
        | "is_controller"
        | "trap"
        | "stable_read"
        | "stable_write"
        | "stable64_read"
        | "stable64_write" => bytes,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_one_and_control_is_free() {
        assert_eq!(operator_cost(&Operator::I64Mul), 1);
        assert_eq!(operator_cost(&Operator::I64Add), 1);
        assert_eq!(operator_cost(&Operator::I64DivU), 10);
        assert_eq!(operator_cost(&Operator::End), 0);
        assert_eq!(operator_cost(&Operator::Call { function_index: 0 }), 5);
        assert_eq!(operator_cost(&Operator::GlobalGet { global_index: 0 }), 2);
        assert_eq!(operator_cost(&Operator::I64x2ExtMulLowI32x4U), 1);
        assert_eq!(operator_cost(&Operator::I64x2Mul), 4);
        assert_eq!(operator_cost(&Operator::MemoryCopy { dst_mem: 0, src_mem: 0 }), 100);
    }

    #[test]
    fn system_api_overheads() {
        assert_eq!(system_api_overhead("performance_counter"), 200);
        assert_eq!(system_api_overhead("msg_reply"), 500);
        assert_eq!(system_api_overhead("debug_print"), 100);
        assert_eq!(system_api_overhead("stable64_size"), 0);
        assert_eq!(system_api_overhead("stable64_write"), 20);
        assert_eq!(byte_cost("msg_arg_data_copy", 10), 10);
        assert_eq!(byte_cost("msg_reply_data_append", 10), 500);
        assert_eq!(byte_cost("msg_reply", 10), 0);
    }
}
