//! A call of a function declared `[[vk::ext_type_def(id, opcode)]]` (DXC's inline SPIR-V):
//! its arguments are the operands of the type `vk::ext_type<id>` names, which `hir` gives the
//! one operand `DefinedByCall(id)` (`hir::ext_type`). As DXC does, a `[[vk::ext_literal]]`
//! parameter's integer constant is a literal word, another integer parameter's constant the
//! id of an `OpConstant`, and a parameter of a type (a `[[vk::ext_reference]]
//! vk::ext_type<0>` given a variable of that type) that type's id:
//! `createTypeVector(foo1, 4)` makes `OpTypeVector %int 4`. The first call lowered defines
//! the operands (the IR module's `spirv_type_defs`), as DXC's first definition does; the
//! SPIR-V backend reads them. The call itself computes nothing.

use hir::body::ExprId;
use hir::item_tree::ItemIdx;
use types::{InlineSpirvType, SpirvTypeOperand, Type};

use ir::Value;

use crate::context::R;
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// Call `e` of `[[vk::ext_type_def]]` function `idx` (whose attribute gave `def`, the id
    /// and the opcode when they are numbers) with `args`.
    pub(crate) fn lower_type_def_call(
        &mut self,
        e: ExprId,
        idx: ItemIdx,
        def: (Option<u32>, Option<u32>),
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let misuse = |this: &mut Self, at: ExprId, message: String| {
            let range = this.expr_range(at);
            Err(this.cx.error(crate::INLINE_SPIRV_MISUSE, message, range))
        };
        let (Some(id), Some(_)) = def else {
            let message = "[[vk::ext_type_def(id, opcode)]] takes two integer constants";
            return misuse(self, e, message.to_owned());
        };
        if args.is_empty() {
            return Ok(None);
        }
        let fid = self.cx.function_id(idx);
        let sig = crate::enums::function_signature(self.cx.db, fid);
        let mut operands = Vec::with_capacity(args.len());
        for (i, &a) in args.iter().enumerate() {
            let attrs = self.cx.param_attrs(idx, i);
            let literal = attrs.iter().any(|x| x == "vk::ext_literal");
            let ty = sig.params.get(i).and_then(|p| p.ty.clone());
            let scalar = match &ty {
                Some(Type::Scalar(k)) if k.is_integer() || k.is_bool() => *k,
                // A type operand: the parameter's type (the argument has it).
                Some(t) if !literal && !matches!(t, Type::Scalar(_)) => {
                    operands.push(SpirvTypeOperand::Type(t.clone()));
                    continue;
                }
                _ => {
                    let message = "a parameter of a [[vk::ext_type_def]] function is an integer \
                                   constant or a type";
                    return misuse(self, a, message.to_owned());
                }
            };
            let Some(value) = self.const_arg(a)? else {
                let message = "the arguments of a [[vk::ext_type_def]] function must be integer \
                               constants, or variables of the types they name";
                return misuse(self, a, message.to_owned());
            };
            operands.push(if literal {
                SpirvTypeOperand::Literal { scalar, value }
            } else {
                SpirvTypeOperand::Constant { scalar, value }
            });
        }
        let defs = &self.cx.mb.module().spirv_type_defs;
        if defs.iter().any(|(d, _)| *d == id) {
            return Ok(None);
        }
        let cyclic = operands.iter().any(|o| match o {
            SpirvTypeOperand::Type(t) => mentions(defs, t, id, 0),
            _ => false,
        });
        if cyclic {
            let message = format!("vk::ext_type<{id}> is defined in terms of itself");
            return misuse(self, e, message);
        }
        self.cx.mb.module_mut().spirv_type_defs.push((id, operands));
        Ok(None)
    }
}

/// Whether type `t` mentions `vk::ext_type<id>`, through the operands of inline SPIR-V types
/// and the definitions recorded so far (`depth` bounds the walk; too deep counts as yes).
fn mentions(defs: &[(u32, Vec<SpirvTypeOperand>)], t: &Type, id: u32, depth: u32) -> bool {
    if depth > 32 {
        return true;
    }
    let Some(InlineSpirvType { operands, .. }) = t.as_inline_spirv() else {
        return match t {
            Type::Array { element, .. } => mentions(defs, element, id, depth + 1),
            _ => false,
        };
    };
    operands.iter().any(|o| match o {
        SpirvTypeOperand::DefinedByCall(d) if *d == id => true,
        SpirvTypeOperand::DefinedByCall(d) => defs
            .iter()
            .filter(|(x, _)| x == d)
            .flat_map(|(_, ops)| ops)
            .any(|o| match o {
                SpirvTypeOperand::Type(t) => mentions(defs, t, id, depth + 1),
                _ => false,
            }),
        SpirvTypeOperand::Type(t) => mentions(defs, t, id, depth + 1),
        _ => false,
    })
}
