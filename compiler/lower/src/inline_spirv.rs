//! Inline SPIR-V (DXC's HLSL version of `GL_EXT_spirv_intrinsics`): a call of a function
//! declared without a body under `[[vk::ext_instruction(opcode [, "set"])]]` becomes the
//! opaque `vk::ext_instruction` intrinsic (see `ir::Intrinsic::ExtInstruction`), its
//! arguments passed as values, as literal words (`[[vk::ext_literal]]` parameters, which need
//! constants) or as pointers (`[[vk::ext_reference]]` parameters, which need lvalues: DXC's
//! "argument for a parameter with vk::ext_reference attribute must be a reference");
//! `[[vk::ext_capability(N)]]` and `[[vk::ext_extension("name")]]` on such a declaration or
//! on the entry function add to the module's capabilities and extensions;
//! `vk::ext_execution_mode(mode, operands...)` adds a raw execution mode;
//! `[[vk::ext_decorate]]`/`[[vk::ext_decorate_string]]` on a global decorate its variable. Called from
//! `user_call`, `raw_buffer` (the `vk::` calls) and `lower_module_with`.

use hir::body::ExprId;
use hir::item_tree::{Attr, Function, ItemIdx};
use ir::intrinsic::ExtOperand;
use ir::{Intrinsic, Opcode, Value};
use syntax::ast::{self, AstNode, HasAttributes};

use crate::context::{ModuleCtx, R};
use crate::func::{FnLower, Place};

/// An integer attribute argument: decimal or hex, comments and spaces around it ignored.
fn int_arg(text: &str) -> Option<i64> {
    let mut rest = text.trim();
    while let Some(after) = rest.strip_prefix("/*") {
        rest = after.split_once("*/")?.1.trim();
    }
    let rest = rest.split("/*").next()?.trim();
    match rest.strip_prefix("0x").or_else(|| rest.strip_prefix("0X")) {
        Some(hex) => i64::from_str_radix(hex, 16).ok(),
        None => rest.parse().ok(),
    }
}

/// A string attribute argument without its quotes.
fn string_arg(text: &str) -> Option<String> {
    let t = text.trim();
    Some(t.strip_prefix('"')?.strip_suffix('"')?.to_owned())
}

impl ModuleCtx<'_> {
    /// Adds the capabilities and extensions `attrs` ask for to the module.
    pub(crate) fn declare_inline_spirv(&mut self, attrs: &[Attr], range: syntax::TextRange) {
        for a in attrs {
            match a.name.as_str() {
                "vk::ext_capability" => match a.args.first().and_then(|t| int_arg(t)) {
                    Some(c) if (0..=i64::from(u32::MAX)).contains(&c) => {
                        let caps = &mut self.mb.module_mut().spirv_capabilities;
                        if !caps.contains(&(c as u32)) {
                            caps.push(c as u32);
                        }
                    }
                    _ => {
                        self.error(
                            crate::INLINE_SPIRV_MISUSE,
                            "vk::ext_capability takes a capability number".to_owned(),
                            range,
                        );
                    }
                },
                "vk::ext_extension" => match a.args.first().and_then(|t| string_arg(t)) {
                    Some(e) => {
                        let exts = &mut self.mb.module_mut().spirv_extensions;
                        if !exts.contains(&e) {
                            exts.push(e);
                        }
                    }
                    None => {
                        self.error(
                            crate::INLINE_SPIRV_MISUSE,
                            "vk::ext_extension takes an extension name as a string".to_owned(),
                            range,
                        );
                    }
                },
                _ => {}
            }
        }
    }

    /// DXC's refusal of decorations on functions ("vk::ext_decorate_id is not supported on
    /// functions"), for every function of the file.
    pub fn refuse_function_decorations(&mut self) {
        let items: Vec<ItemIdx> = self.tree.indices().collect();
        for idx in items {
            let Some(f) = self.tree.function(idx) else {
                continue;
            };
            let names: Vec<String> = f
                .attrs
                .iter()
                .map(|a| a.name.clone())
                .filter(|n| {
                    matches!(
                        n.as_str(),
                        // `vk::ext_decorate_id` is hir's E2027 already.
                        "vk::ext_decorate" | "vk::ext_decorate_string"
                    )
                })
                .collect();
            for name in names {
                let range = self.item_range(idx);
                self.error(
                    crate::INLINE_SPIRV_MISUSE,
                    format!("{name} is not supported on functions"),
                    range,
                );
            }
        }
    }

    /// The inline-SPIR-V attributes of entry function `name`.
    pub fn declare_entry_inline_spirv(&mut self, name: &str) {
        let Some(&idx) = self.functions_named(name).first() else {
            return;
        };
        let Some(f) = self.tree.function(idx) else {
            return;
        };
        let attrs = f.attrs.clone();
        let range = self.item_range(idx);
        self.declare_inline_spirv(&attrs, range);
    }

    /// `[[vk::ext_decorate(d, literals...)]]` and `[[vk::ext_decorate_string(d, "...")]]` on
    /// global item `idx` (or its declaration statement), for its global `g`.
    pub(crate) fn apply_ext_decorations(&mut self, idx: ItemIdx, g: ir::Global) {
        let root = hir::ids::expanded_root(self.db, self.file, self.config);
        let Some(node) =
            hir::ast_id_map(self.db, self.file, self.config).node(&root, self.tree.item(idx).ast)
        else {
            return;
        };
        let attrs: Vec<ast::Attribute> = [Some(node.clone()), node.parent()]
            .into_iter()
            .flatten()
            .flat_map(|n| {
                n.children()
                    .filter_map(ast::Attribute::cast)
                    .collect::<Vec<_>>()
            })
            .collect();
        let range = self.item_range(idx);
        for a in attrs {
            let name = a.name_text();
            let string = match name.as_str() {
                "vk::ext_decorate" => false,
                "vk::ext_decorate_string" => true,
                "vk::ext_decorate_id" => {
                    self.unsupported("vk::ext_decorate_id", range);
                    continue;
                }
                _ => continue,
            };
            let args = crate::stmt::attr_args(&a);
            let decoration = args.first().and_then(|t| int_arg(t));
            let rest = args.get(1..).unwrap_or(&[]);
            let operands = if string {
                rest.iter()
                    .map(|t| string_arg(t))
                    .collect::<Option<Vec<_>>>()
                    .map(ir::SpirvDecorationOperands::Strings)
            } else {
                rest.iter()
                    .map(|t| int_arg(t).and_then(|n| u32::try_from(n).ok()))
                    .collect::<Option<Vec<_>>>()
                    .map(ir::SpirvDecorationOperands::Literals)
            };
            match (decoration.and_then(|d| u32::try_from(d).ok()), operands) {
                (Some(decoration), Some(operands)) => {
                    self.mb.module_mut().globals[g]
                        .spirv_decorations
                        .push(ir::SpirvDecoration {
                            decoration,
                            operands,
                        });
                }
                _ => {
                    self.error(
                        crate::INLINE_SPIRV_MISUSE,
                        format!(
                            "{name} takes a decoration number, then {}",
                            if string {
                                "strings"
                            } else {
                                "integer literals"
                            }
                        ),
                        range,
                    );
                }
            }
        }
    }

    /// The names of the attributes on parameter `param` of function `idx`.
    fn param_attrs(&self, idx: ItemIdx, param: usize) -> Vec<String> {
        let root = hir::ids::expanded_root(self.db, self.file, self.config);
        let node =
            hir::ast_id_map(self.db, self.file, self.config).node(&root, self.tree.item(idx).ast);
        node.and_then(ast::FnDef::cast)
            .and_then(|f| f.param_list()?.params().nth(param))
            .map(|p| p.attributes().map(|a| a.name_text()).collect())
            .unwrap_or_default()
    }
}

impl FnLower<'_, '_> {
    /// `vk::ext_execution_mode(mode, operands...)`: a raw execution mode of the module's
    /// entry points; every argument must be a constant.
    pub(crate) fn lower_ext_execution_mode(
        &mut self,
        e: ExprId,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let mut words = Vec::with_capacity(args.len());
        for &a in args {
            match self.const_arg(a)? {
                Some(n) if (0..=i64::from(u32::MAX)).contains(&n) => words.push(n as u32),
                _ => {
                    let range = self.expr_range(a);
                    return Err(self.cx.error(
                        crate::INLINE_SPIRV_MISUSE,
                        "the arguments of vk::ext_execution_mode must be integer constants"
                            .to_owned(),
                        range,
                    ));
                }
            }
        }
        if words.is_empty() {
            return Err(self.unsupported("vk::ext_execution_mode without a mode", e));
        }
        let modes = &mut self.cx.mb.module_mut().spirv_execution_modes;
        if !modes.contains(&words) {
            modes.push(words);
        }
        Ok(None)
    }

    /// A call `e` of `decl` (item `idx`), a body-less function with
    /// `[[vk::ext_instruction]]`; `None` when `decl` is no such function.
    pub(crate) fn lower_ext_instruction(
        &mut self,
        e: ExprId,
        idx: ItemIdx,
        decl: &Function,
        args: &[ExprId],
    ) -> Option<R<Option<Value>>> {
        if decl.has_body {
            return None;
        }
        let attr = decl
            .attrs
            .iter()
            .find(|a| a.name == "vk::ext_instruction")?;
        Some(self.ext_instruction(e, idx, decl, attr.args.clone(), args))
    }

    fn ext_instruction(
        &mut self,
        e: ExprId,
        idx: ItemIdx,
        decl: &Function,
        attr_args: Vec<String>,
        args: &[ExprId],
    ) -> R<Option<Value>> {
        let range = self.expr_range(e);
        let misuse = |this: &mut Self, at: ExprId, message: String| {
            let range = this.expr_range(at);
            Err(this.cx.error(crate::INLINE_SPIRV_MISUSE, message, range))
        };
        let Some(opcode) = attr_args.first().and_then(|t| int_arg(t)) else {
            return misuse(
                self,
                e,
                "vk::ext_instruction takes an opcode number".to_owned(),
            );
        };
        let set = match attr_args.get(1) {
            Some(t) => match string_arg(t) {
                Some(name) => i64::from(self.cx.mb.string(&name)),
                None => {
                    return misuse(
                        self,
                        e,
                        "the instruction set of vk::ext_instruction is a string".to_owned(),
                    )
                }
            },
            None => -1,
        };
        self.cx.declare_inline_spirv(&decl.attrs, range);
        let fid = self.cx.function_id(idx);
        let sig = crate::enums::function_signature(self.cx.db, fid);
        let mut operands = Vec::new();
        let mut literals = vec![opcode, set];
        for (i, &a) in args.iter().enumerate() {
            let attrs = self.cx.param_attrs(idx, i);
            let has = |n: &str| attrs.iter().any(|x| x == n);
            if has("vk::ext_reference") {
                if !self.is_place_expr(a) {
                    return misuse(
                        self,
                        a,
                        "argument for a parameter with vk::ext_reference attribute must be a \
                         reference"
                            .to_owned(),
                    );
                }
                let Place::Ptr(p) = self.lvalue(a)? else {
                    return Err(self.unsupported("a swizzle or texel as a SPIR-V reference", a));
                };
                operands.push(p);
                literals.push(ExtOperand::Reference as i64);
                continue;
            }
            let ty = match sig.params.get(i).and_then(|p| p.ty.clone()) {
                Some(t) => t,
                None => self.ty(a)?,
            };
            let v = self.coerce(a, &ty)?;
            if has("vk::ext_literal") {
                if self.cx.mb.module().const_int(v).is_none() {
                    return misuse(
                        self,
                        a,
                        "argument for a parameter with vk::ext_literal attribute must be an \
                         integer constant"
                            .to_owned(),
                    );
                }
                literals.push(ExtOperand::Literal as i64);
            } else {
                literals.push(ExtOperand::Value as i64);
            }
            operands.push(v);
        }
        let ty = self.ty(e)?;
        let mut d = ir::InstData::new(
            Opcode::CallIntrinsic(Intrinsic::ExtInstruction),
            ty.clone(),
            operands,
        );
        d.literals = literals;
        let v = Value::Inst(self.fb().push(d));
        Ok((!ty.is_void()).then_some(v))
    }
}

#[cfg(test)]
mod tests {
    use super::{int_arg, string_arg};

    #[test]
    fn attribute_arguments() {
        assert_eq!(int_arg(" /* OpLoad */ 61"), Some(61));
        assert_eq!(int_arg("0x3d"), Some(61));
        assert_eq!(int_arg("x"), None);
        assert_eq!(
            string_arg(" \"GLSL.std.450\" ").as_deref(),
            Some("GLSL.std.450")
        );
        assert_eq!(string_arg("GLSL"), None);
    }
}
