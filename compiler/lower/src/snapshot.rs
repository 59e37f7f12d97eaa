//! Starting a statement's lowering again: a [`Snapshot`] of the function being built and of
//! the lowering state that names its instructions, and [`FnLower::restore`] to return to it.
//!
//! Two callers lower code and may then throw the result away: `unroll` lowers a `for` loop
//! as a loop and, when only unrolling lets its texel offsets be constants, again with its
//! body repeated; `resource_dead` drops a statement of statically dead code that uses a
//! resource never assigned. A snapshot does not copy the function: building only adds
//! blocks and instructions, so [`ir::Function::checkpoint`] records lengths and
//! [`ir::Function::rollback`] cuts back to them. Debug builds also keep a copy and check
//! that the rollback gives it back exactly.

use crate::func::{FnLower, Jump};
use crate::resource_structs::ResourceLocals;

/// What [`FnLower::restore`] returns to.
pub(crate) struct Snapshot {
    checkpoint: ir::Checkpoint,
    /// The function itself, to check that the rollback restores it exactly.
    #[cfg(debug_assertions)]
    function: ir::Function,
    current: Option<ir::Block>,
    locals: Vec<Option<ir::Value>>,
    jumps: Vec<Jump>,
    res: ResourceLocals,
    precise_fields: usize,
    bit_fields: usize,
    /// How many diagnostics there were (the caller decides whether to drop later ones).
    pub diagnostics: usize,
}

impl FnLower<'_, '_> {
    /// The state before lowering what may be thrown away.
    pub(crate) fn snapshot(&self) -> Snapshot {
        let function = &self.cx.mb.module().functions[self.func];
        Snapshot {
            checkpoint: function.checkpoint(),
            #[cfg(debug_assertions)]
            function: function.clone(),
            current: self.current,
            locals: self.locals.clone(),
            jumps: self.jumps.clone(),
            res: self.res.clone(),
            precise_fields: self.precise_fields.len(),
            bit_fields: self.bit_fields.len(),
            diagnostics: self.cx.diagnostics.len(),
        }
    }

    /// Forgets everything lowered since `s` was taken (diagnostics excepted).
    pub(crate) fn restore(&mut self, s: Snapshot) {
        let function = &mut self.cx.mb.module_mut().functions[self.func];
        function.rollback(&s.checkpoint);
        #[cfg(debug_assertions)]
        debug_assert!(
            *function == s.function,
            "rolling back a lowering left older parts of the function changed"
        );
        self.current = s.current;
        self.locals = s.locals;
        self.jumps = s.jumps;
        self.res = s.res;
        self.precise_fields.truncate(s.precise_fields);
        self.bit_fields.truncate(s.bit_fields);
    }
}
