//! Recursive structs: a struct that holds a `vk::BufferPointer` to itself, directly
//! (`struct Node { float v; vk::BufferPointer<Node> next; }`) or through other structs
//! (`A` holds a pointer to `B`, which holds a pointer to `A`).
//!
//! Types are values without cycles (they are compared and hashed by structure, and salsa
//! backdates them), so the cycle is cut: inside the definition of `Node`, the pointee of
//! `next` is [`Type::StructRef`]`("Node")`, a reference to the enclosing struct of that name.
//! Reading a member ([`Type::member`]) unfolds the references to the struct read from, so
//! `node.next` has the type `vk::BufferPointer<Node>` with the whole struct as pointee, and
//! `node.next.Get().next` unfolds again, one level per access. A struct and a reference to
//! it are equal (HLSL's structs are nominal), so the folded and unfolded spellings of one
//! type compare equal.
//!
//! Everything that walks types without unfolding (layouts, printers, hashing, the enum
//! eraser) stops at a reference, so it terminates: a buffer pointer is 8 bytes aligned to 8
//! whatever it points to. Called by `hir` (which builds the references), `ir`, `lower`, the
//! SPIR-V backend (which declares the pointer with `OpTypeForwardPointer`) and the
//! interpreter.

use std::sync::Arc;

use crate::ty::{StructType, Type};

impl Type {
    /// The type of field `index` of struct `s`, as a value of `s` holds it: the references
    /// to `s` inside the field's type replaced by `s` itself.
    pub fn member(s: &Arc<StructType>, index: usize) -> Option<Type> {
        let field = &s.fields.get(index)?.ty;
        Some(
            field
                .map_struct_refs(&mut |name, _| {
                    (**name == *s.name).then(|| Type::Struct(Arc::clone(s)))
                })
                .unwrap_or_else(|| field.clone()),
        )
    }

    /// Whether a [`Type::StructRef`] appears anywhere in the type.
    pub fn mentions_struct_ref(&self) -> bool {
        self.any_struct_ref(&mut Vec::new(), &mut |_, _| true)
    }

    /// Whether the type holds a [`Type::StructRef`] that no struct around it (inside this
    /// type) binds: a part of a recursive struct taken out of it, which only its enclosing
    /// struct can unfold.
    pub fn has_unbound_struct_ref(&self) -> bool {
        self.any_struct_ref(&mut Vec::new(), &mut |name, bound| !bound.contains(&name))
    }

    /// `f(name, enclosing struct names)` for every reference, until one says `true`.
    fn any_struct_ref<'t>(
        &'t self,
        bound: &mut Vec<&'t str>,
        f: &mut dyn FnMut(&str, &[&str]) -> bool,
    ) -> bool {
        match self {
            Type::StructRef(name) => f(name, bound),
            Type::Struct(s) => {
                bound.push(&s.name);
                let found = s.fields.iter().any(|fd| fd.ty.any_struct_ref(bound, f));
                bound.pop();
                found
            }
            Type::Array { element: t, .. }
            | Type::Pointer { pointee: t, .. }
            | Type::BufferPointer { pointee: t, .. } => t.any_struct_ref(bound, f),
            Type::Resource(r) => r.element().is_some_and(|t| t.any_struct_ref(bound, f)),
            Type::Void
            | Type::Scalar(_)
            | Type::Vector(..)
            | Type::Matrix { .. }
            | Type::Enum(_)
            | Type::Spirv(_) => false,
        }
    }

    /// The type with the pointee of each buffer pointer to a [`Type::StructRef`] replaced by
    /// what `f(name, alignment)` gives (`None` keeps the reference). `None` when nothing
    /// changed, so unchanged types keep their shared parts.
    pub fn map_struct_refs(
        &self,
        f: &mut dyn FnMut(&Arc<str>, u32) -> Option<Type>,
    ) -> Option<Type> {
        self.map_ref_pointers(&mut |name, alignment| {
            f(name, alignment).map(|pointee| Type::buffer_pointer(pointee, alignment))
        })
    }

    /// The type with each buffer pointer whose pointee is a [`Type::StructRef`] replaced by
    /// what `f(name, alignment)` gives (`None` keeps it); `None` when nothing changed.
    pub fn map_ref_pointers(
        &self,
        f: &mut dyn FnMut(&Arc<str>, u32) -> Option<Type>,
    ) -> Option<Type> {
        match self {
            Type::BufferPointer { pointee, alignment } => match &**pointee {
                Type::StructRef(name) => f(name, *alignment),
                p => p
                    .map_ref_pointers(f)
                    .map(|p| Type::buffer_pointer(p, *alignment)),
            },
            Type::Struct(s) => {
                let mut changed = false;
                let fields = s
                    .fields
                    .iter()
                    .map(|fd| {
                        let mut fd = fd.clone();
                        if let Some(t) = fd.ty.map_ref_pointers(f) {
                            fd.ty = t;
                            changed = true;
                        }
                        fd
                    })
                    .collect();
                changed.then(|| {
                    Type::Struct(Arc::new(StructType {
                        name: s.name.clone(),
                        fields,
                    }))
                })
            }
            Type::Array { element, len } => element.map_ref_pointers(f).map(|e| Type::Array {
                element: Arc::new(e),
                len: *len,
            }),
            Type::Pointer { space, pointee } => pointee
                .map_ref_pointers(f)
                .map(|p| Type::pointer(*space, p)),
            // Resources and inline SPIR-V types hold no buffer pointers to references: a
            // struct is not complete while its fields are built, so none can name it.
            Type::Resource(_)
            | Type::Void
            | Type::Scalar(_)
            | Type::Vector(..)
            | Type::Matrix { .. }
            | Type::Enum(_)
            | Type::Spirv(_)
            | Type::StructRef(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::hash::{BuildHasher, RandomState};

    use super::*;
    use crate::{LayoutRules, ScalarKind, StructField, TypeLayout};

    fn field(name: &str, ty: Type) -> StructField {
        StructField {
            name: name.into(),
            ty,
            semantic: None,
            interpolation: Vec::new(),
            bit_width: None,
            offset: None,
            base_depth: 0,
            base_starts: 0,
        }
    }

    fn node() -> Arc<StructType> {
        Arc::new(StructType {
            name: "Node".into(),
            fields: vec![
                field("v", Type::FLOAT),
                field(
                    "next",
                    Type::buffer_pointer(Type::StructRef("Node".into()), 8),
                ),
            ],
        })
    }

    #[test]
    fn a_member_unfolds_the_reference_to_its_struct() {
        let n = node();
        let next = Type::member(&n, 1).unwrap();
        let Type::BufferPointer { pointee, alignment } = &next else {
            panic!("{next:?}")
        };
        assert_eq!(*alignment, 8);
        assert!(matches!(&**pointee, Type::Struct(s) if Arc::ptr_eq(s, &n)));
        // Folded and unfolded spellings are one type, with one hash.
        let folded = n.fields[1].ty.clone();
        assert_eq!(next, folded);
        let s = RandomState::new();
        assert_eq!(s.hash_one(&next), s.hash_one(&folded));
        assert_eq!(next.to_string(), "vk::BufferPointer<Node, 8>");
        assert_eq!(next.ir().to_string(), "bufptr<Node, 8>");
    }

    #[test]
    fn walks_stop_at_the_reference() {
        let n = Type::Struct(node());
        // float at 0, the pointer at 8: 16 bytes aligned to 8 (the proposal's layout).
        let l = TypeLayout::of(&n, LayoutRules::RelaxedStd430);
        assert_eq!((l.size, l.alignment), (16, 8));
        assert!(n.mentions_struct_ref());
        assert!(!n.has_unbound_struct_ref());
        assert!(!n.mentions_enum());
        let int = Type::Scalar(ScalarKind::Int);
        assert!(!int.mentions_struct_ref());
    }

    #[test]
    fn a_part_taken_out_of_its_struct_is_unbound() {
        // `B` as built inside `A` (which `B` points back to).
        let b_in_a = Type::structure(StructType {
            name: "B".into(),
            fields: vec![field(
                "a",
                Type::buffer_pointer(Type::StructRef("A".into()), 8),
            )],
        });
        assert!(b_in_a.has_unbound_struct_ref());
        let a = Type::structure(StructType {
            name: "A".into(),
            fields: vec![field("b", Type::buffer_pointer(b_in_a, 8))],
        });
        assert!(!a.has_unbound_struct_ref());
    }
}
