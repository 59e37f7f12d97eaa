//! The typed SSA intermediate representation between the HLSL front end and the backends:
//! values, instructions for every opcode, blocks with structure markers, functions, globals
//! and entry points ([`module`]); a [`builder`]; the textual dump ([`print`](mod@print)); the
//! [`verify`](mod@verify)er; [`cfg`](mod@cfg) analyses (predecessors, reverse post-order,
//! dominators, dominance frontiers); the optional trailing operands of texture opcodes
//! ([`texture`]); and [`util`]ities for passes (user maps, bulk
//! replacement). Lowering builds it, the optimizer rewrites it, backends and the interpreter
//! read it. It knows no HLSL syntax; types come from the shared `types` crate.

pub mod builder;
pub mod cfg;
pub mod entity;
pub mod inline;
pub mod inst;
pub mod intrinsic;
#[macro_use]
pub mod module;
pub mod modes;
pub mod print;
pub mod texture;
pub mod typing;
pub mod util;
pub mod value;
pub mod verify;

pub use builder::{FunctionBuilder, ModuleBuilder};
pub use cfg::{Cfg, DominanceFrontiers, DominatorTree};
pub use entity::{Arena, Handle, NameHint};
pub use inst::{
    AtomicOp, BarrierFlags, ControlHint, InstData, Opcode, SourceLoc, StructureKind,
    StructureMarker,
};
pub use intrinsic::Intrinsic;
pub use modes::{
    ExecutionMode, InputPrimitive, OutputTopology, StencilRef, TessDomain, TessOutput,
    TessPartitioning,
};
pub use module::{
    Block, BlockData, BuiltIn, Checkpoint, EntryPoint, Func, Function, Global, GlobalKind,
    GlobalVar, ImageFormat, Inst, Module, Param, SpirvDecoration, SpirvDecorationOperands,
    SpirvMemberDecoration, Stage, StageBinding,
};
pub use print::{print_function, print_module, print_module_with, PrintOptions, SourceNames};
pub use value::{Const, Constant, ConstantKind, Spec, SpecConstant, Value};
pub use verify::{verify, Rule, VerifierError};

pub use types;
