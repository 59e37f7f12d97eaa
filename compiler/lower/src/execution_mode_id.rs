//! `vk::ext_execution_mode_id(mode, operands...)`, inline SPIR-V's execution mode whose
//! operands are ids (`OpExecutionModeId`, SPIR-V 1.2): DXC makes a constant of each operand,
//! of the operand's own type (a literal is an `int`), and adds the mode to the entry point;
//! a spec constant (`[[vk::constant_id]]`) goes by its id, which is what `LocalSizeId` is
//! for. The module keeps the mode and its operands (`ir::Module::spirv_execution_mode_ids`)
//! and the backend writes one `OpExecutionModeId` per entry point. A mode whose operands
//! are literals (`LocalSize`) or that needs the `Kernel` capability (`LocalSizeHintId`,
//! `SubgroupsPerWorkgroupId`) is `E3012`: DXC writes it and the validator refuses it.
//! `[[vk::ext_capability]]`/`[[vk::ext_extension]]` on the statement of either
//! `vk::ext_execution_mode` call add to the module's, as DXC's do. Called from `raw_buffer`
//! (the `vk::` calls).

use hir::body::ExprId;
use ir::Value;
use syntax::ast::{self, AstNode, HasAttributes};
use types::{ScalarKind, Type};

use crate::context::R;
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// `vk::ext_execution_mode_id(mode, operands...)`: the mode a constant, each operand a
    /// constant or a spec constant of an integer type (`E3012` otherwise).
    pub(crate) fn lower_ext_execution_mode_id(
        &mut self,
        e: ExprId,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let Some((&mode, operands)) = args.split_first() else {
            let range = self.expr_range(e);
            return Err(self.cx.error(
                crate::INLINE_SPIRV_MISUSE,
                "vk::ext_execution_mode_id takes the mode and its operands".to_owned(),
                range,
            ));
        };
        let mode = match self.const_arg(mode)? {
            Some(n) if (0..=i64::from(u32::MAX)).contains(&n) => n as u32,
            _ => {
                let range = self.expr_range(mode);
                return Err(self.cx.error(
                    crate::INLINE_SPIRV_MISUSE,
                    "the mode of vk::ext_execution_mode_id must be an integer constant".to_owned(),
                    range,
                ));
            }
        };
        self.statement_requirements(e);
        if let Some(message) = id_mode_refusal(mode, operands.len()) {
            let range = self.expr_range(e);
            return Err(self.cx.error(crate::INLINE_SPIRV_MISUSE, message, range));
        }
        let mut ids = Vec::with_capacity(operands.len());
        for &a in operands {
            let kind = match self.ty(a)? {
                Type::Scalar(k) if k.is_integer() => k,
                Type::Enum(en) => en.underlying,
                // A literal (hir types it `int`): DXC's constant is an `int`.
                _ => ScalarKind::Int,
            };
            let v = self.coerce(a, &Type::Scalar(kind))?;
            let v = match v {
                Value::Const(_) | Value::Spec(_) => v,
                _ => match self.const_arg(a)? {
                    // A named constant the lowering reads from memory: its value.
                    Some(n) => {
                        let c = ir::Constant::scalar(kind, n as u64);
                        Value::Const(self.cx.mb.const_handle(c))
                    }
                    None => {
                        let range = self.expr_range(a);
                        return Err(self.cx.error(
                            crate::INLINE_SPIRV_MISUSE,
                            "an operand of vk::ext_execution_mode_id must be a constant or a \
                             spec constant"
                                .to_owned(),
                            range,
                        ));
                    }
                },
            };
            ids.push(v);
        }
        let modes = &mut self.cx.mb.module_mut().spirv_execution_mode_ids;
        if !modes.iter().any(|(m, o)| *m == mode && *o == ids) {
            modes.push((mode, ids));
        }
        Ok(None)
    }
}

impl FnLower<'_, '_> {
    /// `[[vk::ext_capability(N)]]` and `[[vk::ext_extension("...")]]` on the statement whose
    /// expression is call `e` (`[[vk::ext_capability(5055)]] vk::ext_execution_mode_id(..);`):
    /// added to the module's capabilities and extensions.
    pub(crate) fn statement_requirements(&mut self, e: ExprId) {
        let root = hir::ids::expanded_root(self.cx.db, self.cx.file, self.cx.config);
        let Some(node) = self.map.expr_syntax(e).try_to_node(&root) else {
            return;
        };
        let Some(stmt) = node.ancestors().find_map(ast::ExprStmt::cast) else {
            return;
        };
        let attrs: Vec<hir::item_tree::Attr> = stmt
            .attributes()
            .map(|a| hir::item_tree::Attr {
                name: a.name_text(),
                args: crate::stmt::attr_args(&a),
            })
            .filter(|a| matches!(a.name.as_str(), "vk::ext_capability" | "vk::ext_extension"))
            .collect();
        if attrs.is_empty() {
            return;
        }
        let range = stmt.syntax().text_range();
        let scope = self.item;
        self.cx.declare_inline_spirv(&attrs, scope, range);
    }
}

/// Why execution mode `mode` with `count` operands cannot be an `OpExecutionModeId` of a
/// Vulkan shader (the validator's rules), `None` when it can or when the mode is not one
/// we know.
fn id_mode_refusal(mode: u32, count: usize) -> Option<String> {
    // (number, name, id operands, needs `Kernel`)
    const ID_MODES: &[(u32, &str, usize, bool)] = &[
        (37, "SubgroupsPerWorkgroupId", 1, true),
        (38, "LocalSizeId", 3, false),
        (39, "LocalSizeHintId", 3, true),
        (5070, "IsApiEntryAMDX", 1, false),
        (5071, "MaxNodeRecursionAMDX", 1, false),
        (5072, "StaticNumWorkgroupsAMDX", 3, false),
        (5073, "ShaderIndexAMDX", 1, false),
        (5077, "MaxNumWorkgroupsAMDX", 3, false),
        (5102, "SharesInputWithAMDX", 2, false),
        (6028, "FPFastMathDefault", 2, false),
    ];
    // Modes whose operands are literals: `vk::ext_execution_mode`'s.
    const LITERAL_MODES: &[(u32, &str)] = &[
        (0, "Invocations"),
        (17, "LocalSize"),
        (18, "LocalSizeHint"),
        (26, "OutputVertices"),
        (35, "SubgroupSize"),
        (36, "SubgroupsPerWorkgroup"),
        (4459, "DenormPreserve"),
        (4460, "DenormFlushToZero"),
        (4461, "SignedZeroInfNanPreserve"),
        (4462, "RoundingModeRTE"),
        (4463, "RoundingModeRTZ"),
        (5269, "OutputPrimitivesEXT"),
    ];
    if let Some((_, name)) = LITERAL_MODES.iter().find(|(n, _)| *n == mode) {
        return Some(format!(
            "vk::ext_execution_mode_id({mode}): the {name} execution mode takes literal \
             operands, not ids (write vk::ext_execution_mode)"
        ));
    }
    let &(_, name, ids, kernel) = ID_MODES.iter().find(|(n, ..)| *n == mode)?;
    if kernel {
        return Some(format!(
            "vk::ext_execution_mode_id({mode}): the {name} execution mode needs the Kernel \
             capability, which a Vulkan shader cannot declare"
        ));
    }
    (count != ids).then(|| {
        format!("vk::ext_execution_mode_id({mode}): the {name} execution mode takes {ids} ids, {count} given")
    })
}

#[cfg(test)]
mod tests {
    use super::id_mode_refusal;

    #[test]
    fn id_modes_are_checked_as_the_validator_checks_them() {
        assert_eq!(id_mode_refusal(38, 3), None);
        assert!(id_mode_refusal(38, 2).is_some_and(|m| m.contains("takes 3 ids, 2 given")));
        assert!(id_mode_refusal(39, 3).is_some_and(|m| m.contains("Kernel")));
        assert!(id_mode_refusal(17, 3).is_some_and(|m| m.contains("literal")));
        // A mode we do not know goes through as written.
        assert_eq!(id_mode_refusal(9999, 1), None);
    }
}
