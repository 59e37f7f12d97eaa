//! Flattened initializer lists of structs holding resources: `Material m = { albedo, 1, 2,
//! linear };` for `struct Material { Texture2D tex; float2 scale; SamplerState samp; }`.
//!
//! HLSL fills a struct from an initializer list by its scalars in order, whatever the list's
//! nesting. A resource is one element of such a list: here the list's leaves (resources, the
//! slots of a struct holding resources or of an array of resources, and the scalars of every
//! other value) fill the split struct's members in order: each resource slot takes the next
//! resource, each data member as many scalars as it holds.
//!
//! Called from `resource_structs.rs` (`copy_struct`, for a list whose length is not the
//! number of members) and `resource_cast.rs` (the same fill, from a cast's source).

use std::iter::Peekable;

use hir::body::{Expr, ExprId};
use ir::Value;

use crate::context::R;
use crate::func::{FnLower, Place};
use crate::resource_structs::{Binding, Denoted, Member, StructPart};

/// One leaf of a flattened initializer list (or of a struct cast's source).
pub(crate) enum Leaf {
    /// A resource expression of the list.
    Resource(ExprId),
    /// What a resource slot of a cast's source holds (`None`: never assigned), at `ExprId`.
    Slot(Option<Binding>, ExprId),
    Scalar(Value, ExprId),
}

/// The leaves still to place.
pub(crate) type Leaves = Peekable<std::vec::IntoIter<Leaf>>;

impl FnLower<'_, '_> {
    /// Fills `dst` from the flattened list `list`.
    pub(crate) fn init_split_flat(&mut self, dst: &StructPart, list: ExprId) -> R<()> {
        let mut leaves = Vec::new();
        self.list_leaves(list, &mut leaves)?;
        let mut next = leaves.into_iter().peekable();
        self.fill_part(dst, &mut next, list)?;
        if next.next().is_some() {
            return Err(self.unsupported("an initializer list with extra values", list));
        }
        Ok(())
    }

    fn list_leaves(&mut self, e: ExprId, out: &mut Vec<Leaf>) -> R<()> {
        if let Expr::InitList(items) = self.body.expr(e).clone() {
            for i in items {
                self.list_leaves(i, out)?;
            }
            return Ok(());
        }
        let ty = self.ty(e)?;
        if crate::resource_structs::split_type(&ty).is_some() {
            // A struct holding resources: its slots and the scalars of its data, in order.
            return match self.struct_part(e)? {
                Some(part) => self.part_leaves(&part, e, out),
                None => Err(self.unsupported(
                    "this struct holding resources inside a flattened initializer list",
                    e,
                )),
            };
        }
        if crate::resources::resource_of(&ty).is_some() {
            if let types::Type::Array { len, .. } = ty {
                // An array of resources: one leaf per element.
                let Some(n) = len else {
                    return Err(self.unsupported(
                        "an array of resources without a length inside a flattened \
                         initializer list",
                        e,
                    ));
                };
                return self.array_leaves(e, n, out);
            }
            out.push(Leaf::Resource(e));
            return Ok(());
        }
        let mut scalars = Vec::new();
        self.flatten_into(e, &mut scalars)?;
        out.extend(scalars.into_iter().map(|(v, src)| Leaf::Scalar(v, src)));
        Ok(())
    }

    /// The `n` leaves of array of resources `e` in a flattened initializer list: the slots of
    /// a local array, or the elements of a global one.
    pub(crate) fn array_leaves(&mut self, e: ExprId, n: u32, out: &mut Vec<Leaf>) -> R<()> {
        match self.denote(e) {
            Some(Ok(Denoted::Array(l, path, m))) if m == n => {
                for k in 0..n {
                    let mut p = path.clone();
                    p.push(k);
                    out.push(Leaf::Slot(self.res.slots.get(&(l, p)).copied(), e));
                }
            }
            Some(Err(u)) => return Err(u),
            Some(_) => return Err(self.unsupported("this array of resources in a list", e)),
            None => {
                let whole = self.resource_pointer(e)?;
                for k in 0..n {
                    let k = self.fb().int(k as i32);
                    let p = self.fb().access_chain(whole, &[k]);
                    out.push(Leaf::Slot(Some(Binding::Bound(p)), e));
                }
            }
        }
        Ok(())
    }

    /// Fills `part`'s members in order from `next`: each resource slot takes the next leaf
    /// (a resource), each data member as many scalars as it holds.
    pub(crate) fn fill_part(
        &mut self,
        part: &StructPart,
        next: &mut Leaves,
        list: ExprId,
    ) -> R<()> {
        for (i, member) in part.split.members.clone().iter().enumerate() {
            let mut path = part.path.clone();
            path.push(i as u32);
            match member {
                Member::Resource => self.fill_slot(part, path, next, list)?,
                Member::ResourceArray(n) => {
                    for k in 0..*n {
                        let mut p = path.clone();
                        p.push(k);
                        self.fill_slot(part, p, next, list)?;
                    }
                }
                Member::Data(d) => {
                    let Some(field) = self.member_data_pointer(part, *d) else {
                        return Err(self.unsupported("this initializer", list));
                    };
                    let to = self.place_type(&Place::Ptr(field));
                    let mut scalars = std::iter::from_fn(|| match next.peek() {
                        Some(Leaf::Scalar(..)) => match next.next() {
                            Some(Leaf::Scalar(v, src)) => Some((v, src)),
                            _ => None,
                        },
                        _ => None,
                    });
                    let v = self.build_from(&to, &mut scalars, list)?;
                    self.fb().store(field, v);
                }
                Member::Nested(sub, d) => {
                    let nested = part.nested(path, sub, *d);
                    self.fill_part(&nested, next, list)?;
                }
            }
        }
        Ok(())
    }

    fn fill_slot(
        &mut self,
        part: &StructPart,
        path: Vec<u32>,
        next: &mut Leaves,
        list: ExprId,
    ) -> R<()> {
        match next.next() {
            Some(Leaf::Resource(item)) => {
                let p = self.resource_pointer(item)?;
                self.bind_slot(part.local, path, p, item)
            }
            Some(Leaf::Slot(Some(Binding::Bound(p)), at)) => {
                self.bind_slot(part.local, path, p, at)
            }
            // A conflict or a slot never assigned travels on; only a use of it is an error.
            Some(Leaf::Slot(Some(Binding::Conflict), _)) => {
                self.res.slots.insert((part.local, path), Binding::Conflict);
                Ok(())
            }
            Some(Leaf::Slot(None, _)) => {
                self.res.slots.remove(&(part.local, path));
                Ok(())
            }
            Some(Leaf::Scalar(v, src)) => {
                let from = self.type_of(v);
                Err(self.not_a_resource(&from, src))
            }
            None => Err(self.unsupported("an initializer list with too few values", list)),
        }
    }
}
