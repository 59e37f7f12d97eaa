//! Members of template struct instances named through the instance.
//!
//! - Constants: `F<3>::v` where `F` declares `enum { v = n * 2 }` (or `static const uint v`).
//!   The member's value is evaluated with the struct's template parameters bound to the
//!   written arguments, in the explicit specialization those arguments select when one is
//!   declared (`template<> struct F<0>`), so recursive definitions
//!   (`n * factorial<n - 1>::value`) end at their base case. Called by `TypeCtx::eval_path`.
//! - Member struct templates: `F1<float4>::template It<0>`, a struct declared inside a
//!   template struct. Its instance carries the outer arguments before its own (the struct
//!   key is `(It, [float4, 0])`), and its fields see both. Called by `TypeCtx::resolve_path`.

use types::Type;

use super::{ConstValue, TemplateArg, TypeCtx, TypeError};
use crate::item_tree::{ItemIdx, ItemKind, TemplateParam};
use crate::type_ref::{GenericArg, Path, PathSegment, TypeBase};

impl TypeCtx<'_> {
    /// The value of `S<args>::name`, when `p` is such a path and the member is a constant.
    pub(super) fn instance_member_value(&self, p: &Path) -> Option<ConstValue> {
        let [prefix @ .., owner, member] = p.segments.as_slice() else {
            return None;
        };
        let written = owner.args.as_deref()?;
        if member.args.is_some() {
            return None;
        }
        let mut owner_path = Path {
            global: p.global,
            segments: prefix.to_vec(),
        };
        owner_path.segments.push(PathSegment {
            name: owner.name.clone(),
            args: None,
        });
        let found = self
            .scope
            .lookup_qualified(self.tree, &self.site, &owner_path);
        let primary =
            self.primary_template(*found.iter().find(|&&i| self.tree.strukt(i).is_some())?);
        let params = self.tree.strukt(primary)?.template.clone()?;
        let args = self.template_args(Some(&params), written, &mut Vec::new());
        if args.iter().any(|a| matches!(a, TemplateArg::Opaque)) {
            return None;
        }
        let (target, env) = match self.specialization_for(primary, &args) {
            Some(special) => (special, Vec::new()),
            None => {
                let env = params.iter().map(|p| p.name.clone()).zip(args).collect();
                (self.definition_of(primary), env)
            }
        };
        let idx = self.constant_member(target, &member.name)?;
        self.member_value(idx, &env)
    }

    /// The enumerator (of an unscoped enum of the struct) or `static const` member `name`.
    fn constant_member(&self, strukt: ItemIdx, name: &str) -> Option<ItemIdx> {
        for &m in self.tree.children(strukt) {
            let item = self.tree.item(m);
            match &item.kind {
                ItemKind::Enum(e) if !e.scoped => {
                    if let Some(&v) = e
                        .enumerators
                        .iter()
                        .find(|&&v| self.tree.item(v).name == name)
                    {
                        return Some(v);
                    }
                }
                ItemKind::Variable(v) if v.is_const && item.name == name => return Some(m),
                _ => {}
            }
        }
        None
    }

    /// `item_value` of member `idx` with the instance's template parameters bound.
    fn member_value(
        &self,
        idx: ItemIdx,
        env: &[(crate::type_ref::Name, TemplateArg)],
    ) -> Option<ConstValue> {
        let mut ctx = self.nested(idx);
        ctx.env.extend(env.iter().cloned());
        match &self.tree.item(idx).kind {
            ItemKind::Enumerator(Some(v)) => ctx.eval(v),
            ItemKind::Enumerator(None) => {
                let parent = self.tree.item(idx).parent?;
                let siblings = self.tree.children(parent);
                let pos = siblings.iter().position(|s| *s == idx)?;
                if pos == 0 {
                    return Some(ConstValue::Int(0));
                }
                let prev = self.member_value(siblings[pos - 1], env)?;
                Some(ConstValue::Int(prev.as_int() + 1))
            }
            ItemKind::Variable(v) if v.is_const => ctx.eval(v.init.as_ref()?),
            _ => None,
        }
    }

    /// `Outer<args>::Inner<own>` where `idx` (`Inner`) is a struct declared in template
    /// struct `Outer`: its instance with the outer arguments first. `None` for other paths.
    pub(super) fn member_struct_instance(
        &self,
        idx: ItemIdx,
        path: &Path,
        errors: &mut Vec<TypeError>,
    ) -> Option<Option<Type>> {
        let [.., owner, last] = path.segments.as_slice() else {
            return None;
        };
        let written = owner.args.as_deref()?;
        let inner = self.tree.strukt(idx)?;
        let outer = self.outer_template_params(idx)?;
        let mut args = self.template_args(Some(outer), written, errors);
        let own = last.args.as_deref().unwrap_or(&[]);
        args.extend(self.template_args(inner.template.as_deref(), own, errors));
        Some(self.struct_type(self.definition_of(idx), &args))
    }

    /// The template parameters of the template struct `idx` is declared in, if any.
    pub(super) fn outer_template_params(&self, idx: ItemIdx) -> Option<&[TemplateParam]> {
        let parent = self.tree.item(idx).parent?;
        self.tree.strukt(parent)?.template.as_deref()
    }

    /// Whether `path` names a member template of a struct instance whose arguments depend
    /// on an opaque template parameter (`F1<T>::It<0>` inside a template): C++ (and DXC)
    /// reads it as a template only after `template`.
    pub(super) fn is_dependent_member_template(&self, path: &Path) -> bool {
        let [.., owner, last] = path.segments.as_slice() else {
            return false;
        };
        let dependent = |a: &GenericArg| match a {
            GenericArg::Type(t) => matches!(&t.base, TypeBase::Path(p)
                if p.as_name().is_some_and(|n| matches!(self.binding(n), Some(TemplateArg::Opaque)))),
            GenericArg::Const(_) => false,
        };
        last.args.is_some()
            && owner
                .args
                .as_deref()
                .is_some_and(|a| a.iter().any(dependent))
    }
}
