//! Casts to a struct holding resources from another type: `(Banana)apple` where both hold a
//! `Texture2D` at the same place of their flattened members, and `(Material)0`.
//!
//! HLSL converts aggregates *flat*: the source's scalars, in member order, fill the target's
//! scalars in order, and an explicit cast may drop the source's extra ones. A resource is one
//! element of that order, so here it must meet a resource of the same type: the target's slot
//! takes the source slot's binding (or stays unassigned with it), while every data member
//! takes as many converted scalars as it holds (`resource_init`'s fill). A scalar splats over
//! every data member and leaves the resources unassigned, so only a later use of one is an
//! error (`resource_dead`); DXC refuses the splat when the first flattened member is a
//! resource ("cannot convert from 'literal int' to 'Material'"), and so do we. Resources that
//! do not line up are DXC's "cannot convert" error (`E3022`).
//!
//! The result is a temporary split local (like a call's result), so a cast can be copied,
//! passed, or have its members used. Called from `resource_structs.rs` (`denote`).

use hir::body::{ExprId, LocalId};
use types::Type;

use crate::context::R;
use crate::func::{FnLower, Place};
use crate::resource_init::Leaf;
use crate::resource_structs::{split_type, Member, Split, StructPart};

/// One element of a type's flattened member order: a scalar, or a resource of its type.
#[derive(Debug, Clone, PartialEq)]
enum FlatElement {
    Scalar,
    Resource(Type),
}

/// The flattened member order of `ty`; `None` for a type with no such order (an unsized
/// array).
fn flat_elements(ty: &Type, out: &mut Vec<FlatElement>) -> Option<()> {
    match ty {
        Type::Scalar(_) | Type::Enum(_) | Type::BufferPointer { .. } => {
            out.push(FlatElement::Scalar)
        }
        Type::Vector(_, n) => out.extend((0..*n).map(|_| FlatElement::Scalar)),
        Type::Matrix { rows, cols, .. } => {
            out.extend((0..u32::from(*rows) * u32::from(*cols)).map(|_| FlatElement::Scalar))
        }
        Type::Array {
            element,
            len: Some(n),
        } => {
            for _ in 0..*n {
                flat_elements(element, out)?;
            }
        }
        Type::Struct(s) => {
            for f in &s.fields {
                flat_elements(&f.ty, out)?;
            }
        }
        Type::Resource(_) => out.push(FlatElement::Resource(ty.clone())),
        _ => return None,
    }
    Some(())
}

/// Why casting `from` to `to` (which holds resources) is refused, or `None` when its
/// resources line up.
fn cast_mismatch(from: &Type, to: &Type) -> Option<&'static str> {
    let (mut src, mut dst) = (Vec::new(), Vec::new());
    if flat_elements(from, &mut src).is_none() || flat_elements(to, &mut dst).is_none() {
        return Some("one of the types has no flattened member order");
    }
    if src == [FlatElement::Scalar] {
        // A splat: DXC checks the scalar against the first member only.
        return matches!(dst.first(), Some(FlatElement::Resource(_)))
            .then_some("a scalar fills every member of the target, and its first is a resource");
    }
    if src.len() < dst.len() {
        return Some("the source has fewer elements than the target");
    }
    let lined_up = src.iter().zip(&dst).all(|(s, d)| match (s, d) {
        (FlatElement::Scalar, FlatElement::Scalar) => true,
        (FlatElement::Resource(a), FlatElement::Resource(b)) => a == b,
        _ => false,
    });
    (!lined_up)
        .then_some("each resource must meet a resource of the same type, in flattened member order")
}

impl FnLower<'_, '_> {
    /// E3022: a value of type `from` (at `e`) where a struct's resource member needs a
    /// resource, in an initializer list (DXC: "cannot convert").
    pub(crate) fn not_a_resource(&mut self, from: &Type, e: ExprId) -> crate::context::Unsupported {
        let range = self.expr_range(e);
        self.cx.error(
            crate::CAST_MISMATCH,
            format!(
                "cannot convert from '{from}' to a resource: each resource member of a struct \
                 must meet a resource of the same type, in flattened member order"
            ),
            range,
        )
    }

    /// `(T)inner` where `T` (split as `split`) holds resources and `inner` has another type:
    /// a temporary split local holding the converted value, made once per expression of the
    /// statement.
    pub(crate) fn cast_temp(&mut self, e: ExprId, inner: ExprId, split: Split) -> R<LocalId> {
        if let Some(&l) = self.res.call_temps.get(&e) {
            return Ok(l);
        }
        let to = self.ty(e)?;
        let from = self.ty(inner)?;
        if let Some(why) = cast_mismatch(&from, &to) {
            let range = self.expr_range(e);
            return Err(self.cx.error(
                crate::CAST_MISMATCH,
                format!("cannot convert from '{from}' to '{to}': {why}"),
                range,
            ));
        }
        // The source first: its slots and data are read before the temporary is written.
        let leaves = match self.struct_part(inner)? {
            Some(src) => {
                let mut leaves = Vec::new();
                self.part_leaves(&src, inner, &mut leaves)?;
                Some(leaves)
            }
            None if split_type(&from).is_some() => {
                return Err(self.unsupported("casting this struct holding resources", inner))
            }
            None => None,
        };
        let splat = match leaves {
            Some(_) => None,
            None => Some(self.rvalue(inner)?),
        };
        let part = self.new_split_temp(split);
        match (leaves, splat) {
            (Some(leaves), _) => {
                // Extra leaves of the source are dropped, as an explicit cast truncates.
                let mut next = leaves.into_iter().peekable();
                self.fill_part(&part, &mut next, e)?;
            }
            (None, Some(v)) => self.splat_part(&part, v, inner)?,
            (None, None) => return Err(self.unsupported("this cast", e)),
        }
        self.res.call_temps.insert(e, part.local);
        Ok(part.local)
    }

    /// The flattened leaves of struct part `src`: its resource slots' bindings and the
    /// scalars of its data members, in member order.
    pub(crate) fn part_leaves(
        &mut self,
        src: &StructPart,
        at: ExprId,
        out: &mut Vec<Leaf>,
    ) -> R<()> {
        for (i, member) in src.split.members.clone().iter().enumerate() {
            let mut path = src.path.clone();
            path.push(i as u32);
            match member {
                Member::Resource => out.push(self.slot_leaf(src.local, path, at)),
                Member::ResourceArray(n) => {
                    for k in 0..*n {
                        let mut p = path.clone();
                        p.push(k);
                        out.push(self.slot_leaf(src.local, p, at));
                    }
                }
                Member::Data(d) => {
                    let Some(field) = self.member_data_pointer(src, *d) else {
                        return Err(self.unsupported("casting this struct holding resources", at));
                    };
                    let v = self.fb().load(field);
                    let mut scalars = Vec::new();
                    self.split_value(v, at, &mut scalars)?;
                    out.extend(scalars.into_iter().map(|(v, src)| Leaf::Scalar(v, src)));
                }
                Member::Nested(sub, d) => {
                    let nested = src.nested(path, sub, *d);
                    self.part_leaves(&nested, at, out)?;
                }
            }
        }
        Ok(())
    }

    fn slot_leaf(&self, local: LocalId, path: Vec<u32>, at: ExprId) -> Leaf {
        Leaf::Slot(self.res.slots.get(&(local, path)).copied(), at)
    }

    /// Every data member of `part` from scalar `v` (of expression `src`); its resources stay
    /// unassigned.
    fn splat_part(&mut self, part: &StructPart, v: ir::Value, src: ExprId) -> R<()> {
        for (i, member) in part.split.members.clone().iter().enumerate() {
            let mut path = part.path.clone();
            path.push(i as u32);
            match member {
                Member::Resource => {
                    self.res.slots.remove(&(part.local, path));
                }
                Member::ResourceArray(n) => {
                    for k in 0..*n {
                        let mut p = path.clone();
                        p.push(k);
                        self.res.slots.remove(&(part.local, p));
                    }
                }
                Member::Data(d) => {
                    let Some(field) = self.member_data_pointer(part, *d) else {
                        return Err(self.unsupported("this cast", src));
                    };
                    let to = self.place_type(&Place::Ptr(field));
                    let value = self.build_from(&to, &mut std::iter::repeat((v, src)), src)?;
                    self.fb().store(field, value);
                }
                Member::Nested(sub, d) => {
                    let nested = part.nested(path, sub, *d);
                    self.splat_part(&nested, v, src)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use types::{ResourceType, ScalarKind, StructField, StructType};

    /// `SamplerState` (`comparison`: `SamplerComparisonState`).
    fn sampler(comparison: bool) -> Type {
        Type::Resource(Arc::new(ResourceType::Sampler { comparison }))
    }

    fn strukt(fields: &[Type]) -> Type {
        Type::Struct(Arc::new(StructType {
            name: "S".into(),
            fields: fields
                .iter()
                .enumerate()
                .map(|(i, t)| StructField::new(format!("f{i}"), t.clone()))
                .collect(),
        }))
    }

    #[test]
    fn resources_must_line_up() {
        let int2 = Type::Vector(ScalarKind::Int, 2);
        let float = Type::Scalar(ScalarKind::Float);
        let floats = Type::array(float.clone(), 2);
        let apple = strukt(&[int2.clone(), sampler(false), float.clone()]);
        let banana = strukt(&[
            floats.clone(),
            sampler(false),
            Type::Scalar(ScalarKind::Int),
        ]);
        assert_eq!(cast_mismatch(&apple, &banana), None);
        // A longer source is truncated.
        let longer = strukt(&[int2.clone(), sampler(false), float.clone(), sampler(false)]);
        assert_eq!(cast_mismatch(&longer, &banana), None);
        // The resource one scalar later.
        let shifted = strukt(&[int2.clone(), float.clone(), sampler(false)]);
        assert!(cast_mismatch(&shifted, &banana).is_some());
        // A shorter source.
        assert!(cast_mismatch(&strukt(&[floats, sampler(false)]), &banana).is_some());
        // A splat, unless the target starts with a resource.
        assert_eq!(cast_mismatch(&float, &banana), None);
        assert!(cast_mismatch(&float, &strukt(&[sampler(false), float.clone()])).is_some());
        // A resource of another type.
        let other = strukt(&[int2.clone(), sampler(true), float.clone()]);
        assert!(cast_mismatch(&other, &banana).is_some());
    }
}
