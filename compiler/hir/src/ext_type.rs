//! `vk::ext_type<ID>` (DXC's inline SPIR-V, "GL_EXT_spirv_intrinsics for SPIR-V code gen"):
//! the type that a body-less function declared `[[vk::ext_type_def(ID, OPCODE)]]` defines,
//! such as `OpTypeHitObjectNV`. It is an opaque inline SPIR-V type
//! ([`types::InlineSpirvType`] without a layout) with the
//! `[[vk::ext_capability]]`/`[[vk::ext_extension]]` written on the defining function.
//!
//! A defining function without parameters gives the opcode alone. With parameters, DXC takes
//! the type's operands from the arguments of a call of it (`createTypeInt(32, 0)` makes
//! `OpTypeInt 32 0`; a `[[vk::ext_reference]] vk::ext_type<0>` parameter given a variable
//! of that type makes the type an operand): the type's one operand is then
//! `SpirvTypeOperand::DefinedByCall(ID)`, which keeps it apart from other `vk::ext_type`s,
//! and lowering records the operands of the call (`lower/src/inline_spirv.rs`). Called by
//! `lower_type`'s path resolution.

use types::{InlineSpirvType, SpirvTypeOperand, Type};

use crate::item_tree::{Function, ItemKind};
use crate::lower_type::{ConstValue, TypeCtx, TypeError};
use crate::spirv_type::{attr_int, with_alias_requirements};
use crate::type_ref::{ConstExpr, GenericArg, Path, TypeBase};

/// The attribute that defines a type.
pub const TYPE_DEF_ATTR: &str = "vk::ext_type_def";

/// Whether `path` spells `vk::ext_type`.
pub(crate) fn is_ext_type(path: &Path) -> bool {
    matches!(&path.segments[..], [ns, name]
        if ns.name == "vk" && ns.args.is_none() && name.name == "ext_type")
}

/// The `(id, opcode)` of a function's `[[vk::ext_type_def(id, opcode)]]`, with the opcode
/// `None` when it is not a number.
pub fn type_def(f: &Function) -> Option<(Option<u32>, Option<u32>)> {
    let a = f.attrs.iter().find(|a| a.name == TYPE_DEF_ATTR)?;
    let arg = |i: usize| a.args.get(i).and_then(|s| attr_int(s));
    Some((arg(0), arg(1)))
}

impl TypeCtx<'_> {
    /// `vk::ext_type<ID>` with template arguments `args`.
    pub(crate) fn ext_type(
        &self,
        args: &[GenericArg],
        errors: &mut Vec<TypeError>,
    ) -> Option<Type> {
        let expr = match args {
            [GenericArg::Const(e)] => e.clone(),
            [GenericArg::Type(t)] => match (&t.base, t.dims.is_empty()) {
                (TypeBase::Path(p), true) => ConstExpr::Path(p.clone()),
                _ => ConstExpr::Unknown,
            },
            _ => ConstExpr::Unknown,
        };
        let id = match self.eval(&expr) {
            Some(ConstValue::Int(v)) => u32::try_from(v).ok(),
            _ => None,
        };
        let Some(id) = id else {
            if !self.mentions_opaque(&expr) {
                errors.push(TypeError::InvalidArgument(
                    "vk::ext_type takes one integer constant: the id of a \
                     [[vk::ext_type_def(id, opcode)]]"
                        .to_owned(),
                ));
            }
            return None;
        };
        let found = self.tree.items.iter().find_map(|item| match &item.kind {
            ItemKind::Function(f) => match type_def(f) {
                Some((Some(i), opcode)) if i == id => Some((item.name.as_str(), f, opcode)),
                _ => None,
            },
            _ => None,
        });
        let Some((name, f, opcode)) = found else {
            errors.push(TypeError::InvalidArgument(format!(
                "no function declared [[vk::ext_type_def({id}, opcode)]] defines vk::ext_type<{id}>"
            )));
            return None;
        };
        let Some(opcode) = opcode else {
            errors.push(TypeError::InvalidArgument(format!(
                "the opcode of `{name}`'s [[vk::ext_type_def]] must be an integer constant"
            )));
            return None;
        };
        // With parameters, a call of the function gives the operands (lowering finds it).
        let operands = if f.params.is_empty() {
            Vec::new()
        } else {
            vec![SpirvTypeOperand::DefinedByCall(id)]
        };
        let t = Type::inline_spirv(InlineSpirvType {
            opcode,
            layout: None,
            operands,
            capabilities: Vec::new(),
            extensions: Vec::new(),
        });
        Some(with_alias_requirements(t, &f.attrs, errors))
    }
}
