//! A `?:` whose operands are `void` calls (`t > 0 ? inc(0) : inc(1);`), valid C++ and HLSL
//! as an expression statement: it has no value, so it is the `if`/`else` it stands for, a
//! selection running one call. Called by `expr.rs` for a conditional of type `void`;
//! `open_conditional` opens the selection of every impure `?:`.

use hir::body::ExprId;
use ir::Value;
use types::Type;

use crate::context::R;
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// `cond ? then : otherwise` of type `void`: each branch lowered for its effects.
    pub(crate) fn lower_void_conditional(
        &mut self,
        cond: ExprId,
        then: ExprId,
        otherwise: ExprId,
    ) -> R<Option<Value>> {
        let c = self.coerce(cond, &Type::BOOL)?;
        let Some(header) = self.current else {
            return Err(self.unsupported("an expression in unreachable code", cond));
        };
        let (then_b, else_b, merge) = self.open_conditional(header, c);
        for (block, branch) in [(then_b, then), (else_b, otherwise)] {
            self.switch_to(block);
            self.lower_expr(branch)?;
            if self.current.is_some() {
                self.br(merge);
            }
        }
        self.switch_to(merge);
        Ok(None)
    }

    /// The selection of a `?:` at block `header` on condition `c`: its `then`, `else` and merge
    /// blocks, `header` marked as a selection header and branching on `c`.
    pub(crate) fn open_conditional(
        &mut self,
        header: ir::Block,
        c: Value,
    ) -> (ir::Block, ir::Block, ir::Block) {
        let then_b = self.new_block("cond.then");
        let else_b = self.new_block("cond.else");
        let merge = self.new_block("cond.merge");
        self.cx
            .mb
            .function(self.func)
            .mark_selection(header, merge, None);
        self.cond_br(c, then_b, else_b);
        (then_b, else_b, merge)
    }
}
