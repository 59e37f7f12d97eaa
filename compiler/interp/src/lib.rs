//! The IR interpreter: runs compute shaders of an `ir::Module` on the CPU, invocation by
//! invocation, and is the project's semantic oracle (differential tests of the optimizer and
//! backends compare against it; tools observe runs through [`Hook`]s).
//!
//! - [`Program::new`] decodes the module once for an entry point ([`program`]): flat ops over
//!   register slots, phi copies per edge, memory shapes from the buffer layouts.
//! - [`Invocation`] ([`exec`]) holds one invocation's registers, call frames and memory;
//!   `step` executes one instruction, `run` many.
//! - [`dispatch`] ([`sched`]) runs work groups with barriers, groupshared memory and waves
//!   (default 32 lanes) over resources in [`Bindings`].
//! - [`run_pipeline`] ([`pipeline`]) reads the pipeline YAML of LLVM's offload-test-suite,
//!   binds its buffers, runs, and returns the buffers, printable as JSON.
//! - [`device`] gives buffers device addresses, which raw buffer and buffer pointer accesses
//!   read and write through.
//!
//! Values are `u64` components: integers zero-extended at their width, `float16_t` as binary16
//! bits, `float` (and `half`, min-precision floats) as binary32 bits, `double` as binary64,
//! `bool` as 0 or 1; vectors, matrices (row by row), arrays and structs flattened in order;
//! pointers as (root, memory shape, byte offset). Semantics of arithmetic, conversions and
//! undefined behaviour are documented in [`numeric`] and [`intrinsics`]. The interpreter
//! specification is silent on denormals and NaNs; as D3D's float rules require, 32-bit
//! denormals are flushed to zero (sign kept) on the input and output of arithmetic and kept by
//! moves, and `float16_t`/`double` denormals are kept ([`numeric::Denormals`];
//! [`ProgramOptions::denormals`] `Preserve` keeps them all).
//!
//! Not run (reported as [`RunError::Unsupported`] when executed, so modules that merely
//! contain them still run): sampling other than `SampleLevel`, `SampleCmpLevelZero` and
//! `SampleCmpLevel` on
//! 1D, 2D(-array) and 3D textures and `Gather` on 2D(-array) textures (implicit-LOD, bias,
//! gradient and implicit-LOD comparison sampling, comparison gathers, LOD queries), cube
//! sampling, multisampled textures, derivatives and other pixel/geometry-only intrinsics,
//! `printf`, and a minimum-LOD (`clamp`) operand. Textures hold mip level 0 only; loads of
//! other levels read zeros. Every texel is resident: a read with a status writes residency
//! code 0, which `CheckAccessFullyMapped` reports as true. Run-time and four gather offsets
//! run as the specification of `Gather` says (four offsets: one gather per offset).

pub mod device;
pub mod exec;
pub mod heap;
pub mod hooks;
pub mod intrinsics;
pub mod numeric;
pub mod pipeline;
pub mod program;
pub mod sched;
pub mod shape;
pub mod wave;

use std::fmt;

pub use exec::{
    AddressMode, CompareOp, Ctx, Filter, Invocation, Resource, SamplerState, State, TexelFormat,
};
pub use hooks::{
    AccessKind, Hook, Hooks, InstructionEvent, InvocationId, MemoryAccess, RobustnessEvent,
};
pub use numeric::Denormals;
pub use pipeline::{
    parse_pipeline, run_pipeline, run_pipeline_with_hook, BufferValues, Pipeline, PipelineOptions,
    Results,
};
pub use program::{Program, ProgramOptions, RegisterClass};
pub use sched::{dispatch, Bindings, RunOptions, RunStats};

/// Why a run failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunError {
    /// The module does not verify (the first verifier message).
    InvalidModule(String),
    NoEntryPoint(String),
    NotCompute(String),
    /// An instruction or intrinsic the interpreter does not run (sampling, derivatives, ...).
    Unsupported(String),
    Unreachable {
        function: String,
        invocation: InvocationId,
    },
    CallDepth(InvocationId),
    /// Some invocations of the group wait at a barrier that the others can never reach
    /// (they returned).
    PartialBarrier {
        group: [u32; 3],
        arrived: u32,
        total: u32,
    },
    /// The invocations of a group wait at different barriers.
    DivergentBarrier {
        group: [u32; 3],
    },
    InstructionLimit(u64),
    Binding(String),
    Pipeline(String),
    /// A raw buffer or buffer pointer access at an address no device buffer holds (in
    /// whole), or not aligned as it claims (`crate::device`).
    DeviceAddress {
        address: u64,
        what: String,
        invocation: InvocationId,
    },
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::InvalidModule(m) => write!(f, "invalid module: {m}"),
            RunError::NoEntryPoint(n) => write!(f, "no entry point named `{n}`"),
            RunError::NotCompute(n) => write!(f, "entry point `{n}` is not a compute shader"),
            RunError::Unsupported(w) => write!(f, "unsupported: {w}"),
            RunError::Unreachable {
                function,
                invocation,
            } => write!(
                f,
                "invocation {:?} of group {:?} reached `unreachable` in @{function}",
                invocation.local, invocation.group
            ),
            RunError::CallDepth(inv) => write!(
                f,
                "invocation {:?} of group {:?} exceeded the call depth limit",
                inv.local, inv.group
            ),
            RunError::PartialBarrier {
                group,
                arrived,
                total,
            } => write!(
                f,
                "group {group:?}: {arrived} of {total} invocations wait at a barrier the others never reach"
            ),
            RunError::DivergentBarrier { group } => {
                write!(f, "group {group:?}: invocations wait at different barriers")
            }
            RunError::InstructionLimit(n) => write!(f, "the dispatch ran past {n} instructions"),
            RunError::Binding(m) => write!(f, "binding: {m}"),
            RunError::Pipeline(m) => write!(f, "pipeline: {m}"),
            RunError::DeviceAddress {
                address,
                what,
                invocation,
            } => write!(
                f,
                "invocation {:?} of group {:?}: device address {address:#x}: {what}",
                invocation.local, invocation.group
            ),
        }
    }
}

impl std::error::Error for RunError {}
