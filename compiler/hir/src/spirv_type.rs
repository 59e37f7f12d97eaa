//! Inline SPIR-V types (HLSL proposal 0011, as DXC implements it):
//! `vk::SpirvType<Opcode, Size, Alignment, Operands...>` and
//! `vk::SpirvOpaqueType<Opcode, Operands...>` resolved to [`types::InlineSpirvType`].
//!
//! The opcode, size and alignment are integer constants. Each operand is a type (its SPIR-V
//! type id), `vk::integral_constant<T, v>` (the id of a constant of the integral or enum
//! type `T`) or `vk::Literal<vk::integral_constant<T, v>>` (literal words). DXC's errors:
//! a template argument that is no constant ("must evaluate to a constant rvalue"), a plain
//! value where an operand (a type) goes, a `vk::Literal` of something else, and a template
//! named without its arguments. Elsewhere `vk::integral_constant` and `vk::Literal` are empty
//! structs, as in DXC, so a typedef may name an operand. Called by `lower_type`'s path
//! resolution.

use types::{InlineSpirvType, ScalarKind, SpirvTypeLayout, SpirvTypeOperand, StructType, Type};

use crate::item_tree::{Attr, ItemKind};
use crate::lower_type::{ConstValue, TypeCtx, TypeError};
use crate::type_ref::{ConstExpr, GenericArg, Path, TypeBase, TypeRef};

/// Which of the two templates is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InlineSpirvKind {
    /// `vk::SpirvType`: opcode, size, alignment, operands.
    Sized,
    /// `vk::SpirvOpaqueType`: opcode, operands.
    Opaque,
}

impl InlineSpirvKind {
    /// The kind `vk::<name>` spells, if it is one.
    pub(crate) fn of_path(path: &Path) -> Option<InlineSpirvKind> {
        let [ns, name] = &path.segments[..] else {
            return None;
        };
        if ns.name != "vk" || ns.args.is_some() || path.global {
            return None;
        }
        match name.name.as_str() {
            "SpirvType" => Some(InlineSpirvKind::Sized),
            "SpirvOpaqueType" => Some(InlineSpirvKind::Opaque),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            InlineSpirvKind::Sized => "SpirvType",
            InlineSpirvKind::Opaque => "SpirvOpaqueType",
        }
    }
}

/// `vk::integral_constant<T, v>` or `vk::Literal<T>` written where a type goes (a typedef
/// naming an operand, a variable): DXC declares them as empty structs, and so do we; only
/// an inline SPIR-V type reads their arguments (through the typedef, when one names them).
pub(crate) fn operand_only_template(path: &Path) -> Option<Type> {
    let [ns, name] = &path.segments[..] else {
        return None;
    };
    if ns.name != "vk" || ns.args.is_some() {
        return None;
    }
    matches!(name.name.as_str(), "integral_constant" | "Literal").then(|| {
        Type::structure(StructType {
            name: format!("vk::{}", name.name),
            fields: Vec::new(),
        })
    })
}

/// Why an argument gives no operand: an error to report, or a template parameter not known
/// until instantiation (no error).
enum Unresolved {
    Error(TypeError),
    Opaque,
}

type Resolved<T> = Result<T, Unresolved>;

fn invalid(message: String) -> Unresolved {
    Unresolved::Error(TypeError::InvalidArgument(message))
}

impl TypeCtx<'_> {
    /// `vk::SpirvType<...>` or `vk::SpirvOpaqueType<...>` with template arguments `args`.
    pub(crate) fn inline_spirv_type(
        &self,
        kind: InlineSpirvKind,
        args: &[GenericArg],
        errors: &mut Vec<TypeError>,
    ) -> Option<Type> {
        match self.inline_spirv_parts(kind, args, errors) {
            Ok(t) => Some(Type::inline_spirv(t)),
            Err(Unresolved::Error(e)) => {
                errors.push(e);
                None
            }
            Err(Unresolved::Opaque) => None,
        }
    }

    fn inline_spirv_parts(
        &self,
        kind: InlineSpirvKind,
        args: &[GenericArg],
        errors: &mut Vec<TypeError>,
    ) -> Resolved<InlineSpirvType> {
        let fixed = match kind {
            InlineSpirvKind::Sized => 3,
            InlineSpirvKind::Opaque => 1,
        };
        if args.len() < fixed {
            return Err(invalid(format!(
                "too few template arguments for vk::{}: it takes the opcode{}, then the \
                 operands",
                kind.name(),
                if kind == InlineSpirvKind::Sized {
                    ", the size and the alignment"
                } else {
                    ""
                }
            )));
        }
        let mut fixed_values = Vec::with_capacity(fixed);
        for arg in &args[..fixed] {
            let v = self.template_constant(kind, arg)?;
            if !(0..=i64::from(u32::MAX)).contains(&v) {
                return Err(invalid(format!(
                    "template argument for '{}' is out of range: {v}",
                    kind.name()
                )));
            }
            fixed_values.push(v as u32);
        }
        let opcode = fixed_values[0];
        if opcode == 0 || opcode > 0xffff {
            return Err(invalid(format!(
                "{opcode} is not a SPIR-V opcode (vk::{} takes the opcode of an OpType \
                 instruction)",
                kind.name()
            )));
        }
        let layout = match kind {
            InlineSpirvKind::Sized => {
                let (size, alignment) = (fixed_values[1], fixed_values[2]);
                if !alignment.is_power_of_two() {
                    return Err(invalid(format!(
                        "the alignment of vk::SpirvType must be a power of two, not {alignment}"
                    )));
                }
                Some(SpirvTypeLayout { size, alignment })
            }
            InlineSpirvKind::Opaque => None,
        };
        let mut operands = Vec::with_capacity(args.len() - fixed);
        for arg in &args[fixed..] {
            operands.push(self.inline_spirv_operand(kind, arg, errors)?);
        }
        Ok(InlineSpirvType {
            opcode,
            layout,
            operands,
            capabilities: Vec::new(),
            extensions: Vec::new(),
        })
    }

    /// The opcode, size or alignment: an integer constant.
    fn template_constant(&self, kind: InlineSpirvKind, arg: &GenericArg) -> Resolved<i64> {
        let expr = match arg {
            GenericArg::Const(e) => e.clone(),
            GenericArg::Type(t) => match (&t.base, t.dims.is_empty()) {
                (TypeBase::Path(p), true) => ConstExpr::Path(p.clone()),
                _ => {
                    return Err(invalid(format!(
                        "template argument for '{}' must be an integer constant, not the type \
                         `{t}`",
                        kind.name()
                    )))
                }
            },
        };
        match self.eval(&expr) {
            Some(ConstValue::Float(_)) | None => {
                if self.mentions_opaque(&expr) {
                    return Err(Unresolved::Opaque);
                }
                Err(invalid(format!(
                    "template argument for '{}' must evaluate to a constant rvalue",
                    kind.name()
                )))
            }
            Some(v) => Ok(v.as_int()),
        }
    }

    fn inline_spirv_operand(
        &self,
        kind: InlineSpirvKind,
        arg: &GenericArg,
        errors: &mut Vec<TypeError>,
    ) -> Resolved<SpirvTypeOperand> {
        let t = match arg {
            GenericArg::Type(t) => t,
            GenericArg::Const(_) => {
                return Err(invalid(format!(
                    "template argument for template type parameter must be a type: an operand \
                     of vk::{} is a type, vk::integral_constant<T, v> (a constant id) or \
                     vk::Literal<vk::integral_constant<T, v>> (literal words)",
                    kind.name()
                )))
            }
        };
        if let Some((ctx, t)) = self.operand_typedef(t) {
            return ctx.inline_spirv_operand(kind, &GenericArg::Type(t), errors);
        }
        if let Some((literal, inner)) = self.operand_template(t) {
            let (scalar, value) = if literal {
                let Some(ic) = inner
                    .first()
                    .filter(|_| inner.len() == 1)
                    .and_then(|a| match a {
                        GenericArg::Type(t) => self.operand_template(t),
                        GenericArg::Const(_) => None,
                    })
                    .filter(|(is_literal, _)| !is_literal)
                else {
                    return Err(invalid(
                        "the argument to vk::Literal must be a vk::integral_constant".to_owned(),
                    ));
                };
                self.integral_constant(ic.1, errors)?
            } else {
                self.integral_constant(inner, errors)?
            };
            return Ok(if literal {
                SpirvTypeOperand::Literal { scalar, value }
            } else {
                SpirvTypeOperand::Constant { scalar, value }
            });
        }
        if let TypeBase::Path(p) = &t.base {
            if let Some(message) = self.template_without_arguments(p) {
                return Err(invalid(message));
            }
        }
        let mut own = Vec::new();
        match self.resolve(t, &mut own) {
            Some(ty) if ty.is_void() => Err(invalid(format!(
                "`void` is no operand of vk::{}",
                kind.name()
            ))),
            Some(ty) => Ok(SpirvTypeOperand::Type(ty)),
            None if own.is_empty() => Err(Unresolved::Opaque),
            None => {
                // A bare name that is no type: a constant or a variable where a type goes.
                let bare = matches!(&t.base, TypeBase::Path(p) if p.as_name().is_some())
                    && t.dims.is_empty();
                if bare && matches!(own[..], [TypeError::UnknownType(_)]) {
                    return Err(invalid(format!(
                        "template argument for '{}' must evaluate to a constant rvalue (`{t}` \
                         names no type; an operand is a type, vk::integral_constant or \
                         vk::Literal)",
                        kind.name()
                    )));
                }
                errors.extend(own);
                Err(Unresolved::Opaque)
            }
        }
    }

    /// `vk::integral_constant<...>` (`false`) or `vk::Literal<...>` (`true`) and its
    /// template arguments, when `t` names one.
    fn operand_template<'t>(&self, t: &'t TypeRef) -> Option<(bool, &'t [GenericArg])> {
        let TypeBase::Path(p) = &t.base else {
            return None;
        };
        if !t.dims.is_empty() {
            return None;
        }
        let [ns, name] = &p.segments[..] else {
            return None;
        };
        if ns.name != "vk" || ns.args.is_some() {
            return None;
        }
        let literal = match name.name.as_str() {
            "integral_constant" => false,
            "Literal" => true,
            _ => return None,
        };
        Some((literal, name.args.as_deref().unwrap_or(&[])))
    }

    /// A bare name of a typedef whose type is `vk::integral_constant<...>` or
    /// `vk::Literal<...>`: the context of the typedef and what it names.
    fn operand_typedef(&self, t: &TypeRef) -> Option<(TypeCtx<'_>, TypeRef)> {
        let TypeBase::Path(p) = &t.base else {
            return None;
        };
        if !t.dims.is_empty() || p.segments.last()?.args.is_some() {
            return None;
        }
        let found = self.scope.lookup_qualified(self.tree, &self.site, p);
        let idx = *found.first()?;
        let ItemKind::Typedef(target) = &self.tree.item(idx).kind else {
            return None;
        };
        self.operand_template(target)?;
        Some((self.nested(idx), target.clone()))
    }

    /// `vk::integral_constant<T, v>`: `T` an integer, `bool` or enum type, `v` a constant of
    /// it. The kind is the scalar SPIR-V sees (an enum's underlying type).
    fn integral_constant(
        &self,
        args: &[GenericArg],
        errors: &mut Vec<TypeError>,
    ) -> Resolved<(ScalarKind, i64)> {
        let [GenericArg::Type(t), v] = args else {
            return Err(invalid(
                "vk::integral_constant takes a type and a value: vk::integral_constant<T, v>"
                    .to_owned(),
            ));
        };
        let mut own = Vec::new();
        let ty = match self.resolve(t, &mut own) {
            Some(ty) => ty,
            None if own.is_empty() => return Err(Unresolved::Opaque),
            None => {
                errors.extend(own);
                return Err(Unresolved::Opaque);
            }
        };
        let scalar = match &ty {
            Type::Scalar(k) if !k.is_float() => *k,
            Type::Enum(e) => e.underlying,
            _ => {
                return Err(invalid(format!(
                    "the type of a vk::integral_constant must be an integral or enum type, not \
                     `{ty}`"
                )))
            }
        };
        let expr = match v {
            GenericArg::Const(e) => e.clone(),
            GenericArg::Type(TypeRef {
                base: TypeBase::Path(p),
                dims,
                ..
            }) if dims.is_empty() => ConstExpr::Path(p.clone()),
            GenericArg::Type(_) => {
                return Err(invalid(
                    "the value of a vk::integral_constant must be a constant".to_owned(),
                ))
            }
        };
        let value = match self.eval(&expr) {
            Some(ConstValue::Float(_)) | None => {
                if self.mentions_opaque(&expr) {
                    return Err(Unresolved::Opaque);
                }
                return Err(invalid(
                    "template argument for 'integral_constant' must evaluate to a constant \
                     rvalue"
                        .to_owned(),
                ));
            }
            Some(v) => v.as_int(),
        };
        Ok((scalar, wrap_to(scalar, value)))
    }

    /// A user template named without its template arguments (DXC's message).
    fn template_without_arguments(&self, p: &Path) -> Option<String> {
        let last = p.segments.last()?;
        if last.args.is_some() {
            return None;
        }
        let found = self.scope.lookup_qualified(self.tree, &self.site, p);
        let idx = found.first()?;
        match &self.tree.item(*idx).kind {
            ItemKind::Struct(s) if s.template.is_some() => Some(format!(
                "'{}' is not a valid HLSL type (did you forget the template arguments?)",
                last.name
            )),
            _ => None,
        }
    }
}

/// `ty` named by a typedef or alias with the inline SPIR-V attributes `attrs`: an inline
/// SPIR-V type takes the capabilities and extensions they ask for (the module declares them
/// where the type is used, as DXC does); any other type is left alone.
pub(crate) fn with_alias_requirements(
    ty: Type,
    attrs: &[Attr],
    errors: &mut Vec<TypeError>,
) -> Type {
    let Type::Spirv(t) = &ty else {
        return ty;
    };
    let mut t = (**t).clone();
    for a in attrs {
        let arg = a.args.first().map(String::as_str).unwrap_or("");
        match a.name.as_str() {
            "vk::ext_capability" => match attr_int(arg) {
                Some(c) if !t.capabilities.contains(&c) => t.capabilities.push(c),
                Some(_) => {}
                None => errors.push(TypeError::InvalidArgument(
                    "vk::ext_capability takes a capability number".to_owned(),
                )),
            },
            "vk::ext_extension" => match arg.strip_prefix('"').and_then(|a| a.strip_suffix('"')) {
                Some(e) if !t.extensions.iter().any(|x| x == e) => t.extensions.push(e.to_owned()),
                Some(_) => {}
                None => errors.push(TypeError::InvalidArgument(
                    "vk::ext_extension takes an extension name as a string".to_owned(),
                )),
            },
            _ => {}
        }
    }
    Type::inline_spirv(t)
}

/// An integer attribute argument as written (decimal or hex, comments around it).
pub(crate) fn attr_int(text: &str) -> Option<u32> {
    let mut rest = text.trim();
    while let Some(after) = rest.strip_prefix("/*") {
        rest = after.split_once("*/")?.1.trim();
    }
    let rest = rest.split("/*").next()?.trim();
    match rest.strip_prefix("0x").or_else(|| rest.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16).ok(),
        None => rest.parse().ok(),
    }
}

/// `value` as a value of `scalar`: truncated to its width, sign-extended for signed kinds
/// (`vk::integral_constant<uint, -1>` is 4294967295), `bool` 0 or 1.
fn wrap_to(scalar: ScalarKind, value: i64) -> i64 {
    let bits = scalar.bit_width();
    if scalar == ScalarKind::Bool {
        return i64::from(value != 0);
    }
    if bits >= 64 {
        return value;
    }
    let mask = (1u64 << bits) - 1;
    let v = (value as u64) & mask;
    if scalar.is_signed_integer() && v >> (bits - 1) == 1 {
        (v | !mask) as i64
    } else {
        v as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_to_truncates_and_extends() {
        assert_eq!(wrap_to(ScalarKind::Uint, -1), 0xffff_ffff);
        assert_eq!(wrap_to(ScalarKind::Int, 0xffff_ffff), -1);
        assert_eq!(wrap_to(ScalarKind::Uint16, 0x1_0005), 5);
        assert_eq!(wrap_to(ScalarKind::Bool, 7), 1);
        assert_eq!(wrap_to(ScalarKind::Int64, -3), -3);
    }
}
