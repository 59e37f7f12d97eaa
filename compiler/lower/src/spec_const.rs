//! Specialization constants: a scalar `const` global with `[[vk::constant_id(N)]]` becomes the
//! spec constant `spec N NAME = default` (an operand wherever the global is read, never a
//! memory location), and [`specialize`] replaces chosen ones by real constants after lowering
//! (`hlslc --spec N=VALUE`).

use std::collections::HashMap;

use hir::item_tree::{ItemIdx, ItemKind};
use ir::{Constant, Module, SpecConstant, Value};
use types::{ScalarKind, Type};

use crate::context::ModuleCtx;

/// A value given to a specialization constant: its id and the value's text (`4`, `0.5`,
/// `true`), read at the constant's type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecOverride {
    pub id: u32,
    pub value: String,
}

impl SpecOverride {
    /// Parses `ID=VALUE`.
    pub fn parse(text: &str) -> Result<SpecOverride, String> {
        let (id, value) = text
            .split_once('=')
            .ok_or_else(|| format!("`{text}`: expected ID=VALUE"))?;
        let id = id
            .trim()
            .parse()
            .map_err(|_| format!("`{text}`: the id is not a number"))?;
        Ok(SpecOverride {
            id,
            value: value.trim().to_owned(),
        })
    }
}

impl ModuleCtx<'_> {
    /// `N` of `[[vk::constant_id(N)]]` on the declaration of global `idx`.
    /// The argument may name a constant (`static const uint ID = 5;`), as in DXC.
    pub fn constant_id(&self, idx: ItemIdx) -> Option<u32> {
        let args = crate::attrs::item_attr_ints(self, idx, "vk::constant_id")?;
        u32::try_from((*args.first()?)?).ok()
    }

    /// The spec constant of global `idx` when it is one, declared on first use; an error
    /// when the attribute is on something that cannot be one.
    pub fn spec_constant_for(&mut self, idx: ItemIdx) -> Option<crate::context::R<Value>> {
        if let Some(&v) = self.spec_values.get(&idx) {
            return Some(Ok(v));
        }
        let id = self.constant_id(idx)?;
        let range = self.item_range(idx);
        let ItemKind::Variable(var) = &self.tree.item(idx).kind else {
            return None;
        };
        let tcx = hir::lower_type::TypeCtx::inside(&self.tree, &self.scope, idx);
        let ty = tcx.resolve(&var.ty, &mut Vec::new()).map(|t| t.ir_form());
        let default = tcx.item_value(idx);
        let (Some(Type::Scalar(kind)), Some(default)) = (ty, default) else {
            return Some(Err(self.unsupported(
                "`vk::constant_id` on something other than a scalar constant with a value",
                range,
            )));
        };
        let c = crate::user_call::const_value(default, kind);
        let bits = c.scalar_bits().unwrap_or(0);
        let name = self.tree.item(idx).name.clone();
        let v = self.mb.spec_constant(id, &name, kind, bits);
        self.spec_values.insert(idx, v);
        Some(Ok(v))
    }
}

/// The constant of `kind` a spec override's text stands for.
fn override_constant(kind: ScalarKind, text: &str) -> Option<Constant> {
    if kind.is_bool() {
        return match text {
            "true" | "1" => Some(Constant::bool(true)),
            "false" | "0" => Some(Constant::bool(false)),
            _ => None,
        };
    }
    if kind.is_float() {
        return Some(Constant::float_of(kind, text.parse().ok()?));
    }
    let v: i64 = match text.strip_prefix("0x") {
        Some(hex) => i64::from_str_radix(hex, 16).ok()?,
        None => text.parse().ok()?,
    };
    Some(Constant::scalar(kind, v as u64))
}

/// Replaces the spec constants that `overrides` name by real constants of the given values
/// (the others stay spec constants). An override whose id no spec constant has, or whose
/// value does not fit the constant's type, is an error.
pub fn specialize(module: &mut Module, overrides: &[SpecOverride]) -> Result<(), String> {
    if overrides.is_empty() {
        return Ok(());
    }
    let mut replaced: HashMap<ir::Spec, Value> = HashMap::new();
    let mut kept = ir::entity::Arena::<SpecConstant>::new();
    let mut used = vec![false; overrides.len()];
    let old = std::mem::take(&mut module.spec_constants);
    for (h, s) in old.iter() {
        match overrides.iter().position(|o| o.id == s.id) {
            Some(i) => {
                used[i] = true;
                let c = override_constant(s.kind, &overrides[i].value).ok_or_else(|| {
                    format!(
                        "spec constant {} ({}): `{}` is not a {} value",
                        s.id,
                        s.name,
                        overrides[i].value,
                        Type::Scalar(s.kind)
                    )
                })?;
                let existing = module
                    .constants
                    .iter()
                    .find(|(_, k)| **k == c)
                    .map(|(h, _)| h);
                let handle = existing.unwrap_or_else(|| module.constants.push(c));
                replaced.insert(h, Value::Const(handle));
            }
            None => {
                replaced.insert(h, Value::Spec(kept.push(s.clone())));
            }
        }
    }
    if let Some(i) = used.iter().position(|u| !u) {
        module.spec_constants = old;
        return Err(format!("no spec constant has the id {}", overrides[i].id));
    }
    module.spec_constants = kept;
    for f in module.functions.handles().collect::<Vec<_>>() {
        let Some(func) = module.functions.get_mut(f) else {
            continue;
        };
        for i in func.insts.handles().collect::<Vec<_>>() {
            if let Some(d) = func.insts.get_mut(i) {
                for op in &mut d.operands {
                    if let Value::Spec(s) = op {
                        if let Some(&v) = replaced.get(s) {
                            *op = v;
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
