//! The hook interface (the seed's plugins): tools observe a run through [`Hook`] without
//! touching the executor. Every method has an empty default, so a coverage tool implements
//! only `instruction`. The scheduler and executor call these; [`Hooks`] fans one event out to
//! several hooks.

use ir::{Func, Inst};
use types::AddressSpace;

/// Which invocation an event comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InvocationId {
    pub group: [u32; 3],
    pub local: [u32; 3],
    /// `SV_GroupIndex`.
    pub local_index: u32,
    pub global: [u32; 3],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccessKind {
    Read,
    Write,
    Atomic,
}

/// One memory access. `root` identifies the memory: 0 function memory, 1 per-invocation
/// globals, 2 groupshared memory, and from 3 on the bound resources in the order of
/// [`crate::Program::resources`]; `offset` is the byte offset in it (the texel index for
/// typed buffers and textures).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryAccess {
    pub kind: AccessKind,
    pub space: AddressSpace,
    pub root: u32,
    pub offset: u64,
    pub size: u32,
}

/// Undefined behaviour the interpreter made defined, as Vulkan's robust buffer access does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RobustnessEvent {
    /// A read outside its memory (it read zeros) or through an index that left its array.
    OutOfBoundsRead { space: AddressSpace, root: u32 },
    /// A write outside its memory (it was dropped).
    OutOfBoundsWrite { space: AddressSpace, root: u32 },
    /// Access to a resource nothing was bound to.
    Unbound { root: u32 },
    /// Integer division or remainder by zero (the result is 0).
    DivisionByZero,
    /// A wave operation read a lane that is not active (the result is 0).
    InactiveLane { lane: u32 },
}

/// The result of an executed instruction: its components as bits (see the crate docs for
/// the encoding); pointers are opaque. A `call` is reported when its callee returns (with the
/// returned value), a phi when its block is entered from a branch (after the branch), a
/// barrier or wave operation when its group or wave moves on.
#[derive(Debug, Clone, Copy)]
pub struct InstructionEvent<'a> {
    pub invocation: InvocationId,
    pub func: Func,
    pub inst: Inst,
    pub result: &'a [u64],
}

/// Observes a run. All methods default to doing nothing.
pub trait Hook {
    fn invocation_begin(&mut self, _inv: InvocationId) {}
    fn invocation_end(&mut self, _inv: InvocationId) {}
    fn instruction(&mut self, _event: &InstructionEvent<'_>) {}
    fn memory_access(&mut self, _inv: InvocationId, _access: &MemoryAccess) {}
    /// A barrier released the group; `invocations` is how many met there.
    fn barrier(&mut self, _group: [u32; 3], _invocations: u32) {}
    fn robustness(&mut self, _inv: InvocationId, _event: &RobustnessEvent) {}
}

/// Several hooks as one, called in order.
#[derive(Default)]
pub struct Hooks<'a>(pub Vec<&'a mut dyn Hook>);

impl Hook for Hooks<'_> {
    fn invocation_begin(&mut self, inv: InvocationId) {
        self.0.iter_mut().for_each(|h| h.invocation_begin(inv));
    }
    fn invocation_end(&mut self, inv: InvocationId) {
        self.0.iter_mut().for_each(|h| h.invocation_end(inv));
    }
    fn instruction(&mut self, event: &InstructionEvent<'_>) {
        self.0.iter_mut().for_each(|h| h.instruction(event));
    }
    fn memory_access(&mut self, inv: InvocationId, access: &MemoryAccess) {
        self.0.iter_mut().for_each(|h| h.memory_access(inv, access));
    }
    fn barrier(&mut self, group: [u32; 3], invocations: u32) {
        self.0
            .iter_mut()
            .for_each(|h| h.barrier(group, invocations));
    }
    fn robustness(&mut self, inv: InvocationId, event: &RobustnessEvent) {
        self.0.iter_mut().for_each(|h| h.robustness(inv, event));
    }
}
