//! The form of a type that lowering hands to the IR: enums erased to their underlying scalars
//! (`enums.rs`) and struct members that hold nothing (a zero-length array `float e[0]`, or
//! an array of them) dropped. Such a member takes no space in DXC's layouts and SPIR-V has
//! no arrays of length 0, so the IR's struct never has it: member accesses name the other
//! fields by name, so their indices follow, and the member itself cannot be read in bounds.
//! Called by `lower` wherever it reads a front-end type.

use std::sync::Arc;

use crate::resource::ResourceType;
use crate::ty::{StructType, Type};

/// Whether `t` holds no element: an array of length 0, or an array of such arrays.
pub fn holds_nothing(t: &Type) -> bool {
    match t {
        Type::Array { element, len } => *len == Some(0) || holds_nothing(element),
        _ => false,
    }
}

impl Type {
    /// Whether a struct inside `t` has a member that holds nothing.
    pub fn has_empty_member(&self) -> bool {
        match self {
            Type::Struct(s) => s
                .fields
                .iter()
                .any(|f| holds_nothing(&f.ty) || f.ty.has_empty_member()),
            Type::Array { element, .. } => element.has_empty_member(),
            Type::Resource(r) => r.element().is_some_and(Type::has_empty_member),
            Type::Pointer { pointee, .. } | Type::BufferPointer { pointee, .. } => {
                pointee.has_empty_member()
            }
            _ => false,
        }
    }

    /// Whether [`Type::ir_form`] changes `t`.
    pub fn needs_ir_form(&self) -> bool {
        self.mentions_enum() || self.has_empty_member()
    }

    /// `t` as the IR holds it: enums erased, members holding nothing dropped. A type that
    /// needs neither comes back as it is.
    pub fn ir_form(&self) -> Type {
        let erased = self.erase_enums();
        if erased.has_empty_member() {
            drop_empty_members(&erased)
        } else {
            erased
        }
    }
}

fn drop_empty_members(t: &Type) -> Type {
    if !t.has_empty_member() {
        return t.clone();
    }
    match t {
        Type::Struct(s) => Type::Struct(Arc::new(StructType {
            name: s.name.clone(),
            fields: s
                .fields
                .iter()
                .filter(|f| !holds_nothing(&f.ty))
                .map(|f| {
                    let mut f = f.clone();
                    f.ty = drop_empty_members(&f.ty);
                    f
                })
                .collect(),
        })),
        Type::Array { element, len } => Type::Array {
            element: Arc::new(drop_empty_members(element)),
            len: *len,
        },
        Type::Resource(r) => Type::Resource(Arc::new(map_element(r))),
        Type::Pointer { space, pointee } => Type::pointer(*space, drop_empty_members(pointee)),
        Type::BufferPointer { pointee, alignment } => {
            Type::buffer_pointer(drop_empty_members(pointee), *alignment)
        }
        other => other.clone(),
    }
}

/// A resource with the members holding nothing dropped from its template argument.
fn map_element(r: &ResourceType) -> ResourceType {
    r.map_element(drop_empty_members)
}

#[cfg(test)]
mod tests {
    use crate::{ResourceType, StructField, StructType, Type};

    fn st(name: &str, fields: Vec<(&str, Type)>) -> Type {
        Type::structure(StructType {
            name: name.into(),
            fields: fields
                .into_iter()
                .map(|(n, t)| StructField::new(n, t))
                .collect(),
        })
    }

    #[test]
    fn zero_length_members_are_dropped_at_any_depth() {
        let z = st(
            "Z",
            vec![
                ("a", Type::FLOAT),
                ("e", Type::array(Type::FLOAT, 0)),
                ("m", Type::array(Type::array(Type::INT, 0), 3)),
                ("b", Type::FLOAT),
            ],
        );
        let want = st("Z", vec![("a", Type::FLOAT), ("b", Type::FLOAT)]);
        assert!(z.needs_ir_form());
        assert_eq!(z.ir_form(), want);
        let outer = st("O", vec![("z", Type::array(z.clone(), 2))]);
        let buffer = Type::resource(ResourceType::ConstantBuffer { element: outer });
        let want_outer = st("O", vec![("z", Type::array(want.clone(), 2))]);
        let want_buffer = Type::resource(ResourceType::ConstantBuffer {
            element: want_outer,
        });
        assert_eq!(buffer.ir_form(), want_buffer);
        // A zero-length array that is not a member is left alone (lowering gives it no value).
        let bare = Type::array(Type::FLOAT, 0);
        assert!(!bare.needs_ir_form());
        assert_eq!(bare.ir_form(), bare);
    }
}
