//! Enum types, and their erasure to the underlying scalar.
//!
//! In HLSL an enum is a type of its own: `int f(Color c)` and `int f(int c)` are two overloads,
//! and a scoped `enum class` does not convert implicitly. The front end (`hir`) types values
//! with [`Type::Enum`]; below it an enum is nothing but its underlying integer: layouts treat it
//! as that scalar, and lowering erases every enum ([`Type::erase_enums`]) before it builds IR,
//! so the IR, the backends and the interpreter never meet one.

use std::sync::Arc;

use crate::resource::ResourceType;
use crate::ty::{ScalarKind, StructType, Type};

/// An enum type. Enums are nominal; `name` is the qualified name the front end gives.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EnumType {
    pub name: String,
    /// `enum class` / `enum struct`: enumerators are named through the enum, and values do
    /// not convert implicitly to numbers.
    pub scoped: bool,
    /// The integer type the values are stored as (`int` unless written after `:`).
    pub underlying: ScalarKind,
}

/// SM 6.6's packed byte vectors: 32-bit words, but types of their own, so that
/// `f(uint8_t4_packed)` and `f(int8_t4_packed)` are two overloads (as DXC's
/// `dot4add_u8packed`/`dot4add_i8packed` take them). The front end types them as plain enums
/// over `uint` (that numbers convert to, see `hir`'s enum conversions); below it they erase
/// to `uint` like any enum.
pub const PACKED_BYTE_VECTORS: [&str; 2] = ["uint8_t4_packed", "int8_t4_packed"];

impl EnumType {
    /// Whether this is `uint8_t4_packed` or `int8_t4_packed`.
    pub fn is_packed_bytes(&self) -> bool {
        !self.scoped && PACKED_BYTE_VECTORS.contains(&self.name.as_str())
    }
}

impl Type {
    /// `uint8_t4_packed` or `int8_t4_packed` as the front end types them, for those names.
    pub fn packed_bytes(name: &str) -> Option<Type> {
        PACKED_BYTE_VECTORS.contains(&name).then(|| {
            Type::enumeration(EnumType {
                name: name.to_owned(),
                scoped: false,
                underlying: ScalarKind::Uint,
            })
        })
    }

    pub fn enumeration(e: EnumType) -> Type {
        Type::Enum(Arc::new(e))
    }

    pub fn as_enum(&self) -> Option<&EnumType> {
        match self {
            Type::Enum(e) => Some(e),
            _ => None,
        }
    }

    /// Whether an enum appears anywhere in the type (fields, elements, resource templates,
    /// pointees).
    pub fn mentions_enum(&self) -> bool {
        match self {
            Type::Enum(_) => true,
            // A reference's struct is the one around it, which the walk has seen.
            Type::Void
            | Type::Scalar(_)
            | Type::Vector(..)
            | Type::Matrix { .. }
            | Type::StructRef(_) => false,
            Type::Array { element, .. } => element.mentions_enum(),
            Type::Struct(s) => s.fields.iter().any(|f| f.ty.mentions_enum()),
            Type::Resource(r) => r.element().is_some_and(Type::mentions_enum),
            Type::Pointer { pointee, .. } | Type::BufferPointer { pointee, .. } => {
                pointee.mentions_enum()
            }
            Type::Spirv(t) => t.operand_types().any(Type::mentions_enum),
        }
    }

    /// The type with every enum replaced by its underlying scalar, at any depth. A type that
    /// mentions no enum comes back as it is (its shared parts are not copied).
    pub fn erase_enums(&self) -> Type {
        if !self.mentions_enum() {
            return self.clone();
        }
        match self {
            Type::Enum(e) => Type::Scalar(e.underlying),
            Type::Array { element, len } => Type::Array {
                element: Arc::new(element.erase_enums()),
                len: *len,
            },
            Type::Struct(s) => Type::Struct(Arc::new(StructType {
                name: s.name.clone(),
                fields: s
                    .fields
                    .iter()
                    .map(|f| {
                        let mut f = f.clone();
                        f.ty = f.ty.erase_enums();
                        f
                    })
                    .collect(),
            })),
            Type::Resource(r) => Type::Resource(Arc::new(r.erase_enums())),
            Type::Pointer { space, pointee } => Type::pointer(*space, pointee.erase_enums()),
            Type::BufferPointer { pointee, alignment } => {
                Type::buffer_pointer(pointee.erase_enums(), *alignment)
            }
            Type::Spirv(t) => Type::Spirv(Arc::new(t.map_operand_types(Type::erase_enums))),
            Type::Void
            | Type::Scalar(_)
            | Type::Vector(..)
            | Type::Matrix { .. }
            | Type::StructRef(_) => self.clone(),
        }
    }
}

impl ResourceType {
    /// The resource with enums in its template argument erased ([`Type::erase_enums`]).
    pub fn erase_enums(&self) -> ResourceType {
        self.map_element(Type::erase_enums)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LayoutRules, StructField, StructuredKind, TypeLayout};

    fn color(underlying: ScalarKind) -> Type {
        Type::enumeration(EnumType {
            name: "Color".into(),
            scoped: false,
            underlying,
        })
    }

    fn field(name: &str, ty: Type) -> StructField {
        StructField::new(name, ty)
    }

    #[test]
    fn enum_is_its_own_type_spelled_by_name() {
        let c = color(ScalarKind::Int);
        assert_ne!(c, Type::INT);
        assert_eq!(c.to_string(), "Color");
        // The IR dump names the underlying scalar.
        assert_eq!(c.ir().to_string(), "int");
        assert_eq!(color(ScalarKind::Uint16).ir().to_string(), "uint16_t");
        let scoped = Type::enumeration(EnumType {
            name: "Color".into(),
            scoped: true,
            underlying: ScalarKind::Int,
        });
        assert_ne!(c, scoped);
    }

    #[test]
    fn enums_are_laid_out_as_their_underlying_scalar() {
        let s = Type::structure(StructType {
            name: "S".into(),
            fields: vec![
                field("a", color(ScalarKind::Uint16)),
                field("b", color(ScalarKind::Uint64)),
                field("c", Type::FLOAT),
            ],
        });
        // uint16_t at 0, uint64_t aligned to 8, float after it: 20 bytes, rounded to 24.
        let layout = TypeLayout::of(&s, LayoutRules::RelaxedStd430);
        assert_eq!(layout.size, 24);
        assert_eq!(layout.alignment, 8);
        let arr = TypeLayout::of(&Type::array(color(ScalarKind::Int), 3), LayoutRules::Std140);
        // std140 arrays: 16-byte stride.
        assert_eq!(arr.size, 48);
    }

    #[test]
    fn erasure_reaches_every_part() {
        let s = Type::structure(StructType {
            name: "S".into(),
            fields: vec![
                field("c", color(ScalarKind::Uint)),
                field("list", Type::array(color(ScalarKind::Int), 2)),
                field("f", Type::FLOAT),
            ],
        });
        let buffer = Type::resource(ResourceType::StructuredBuffer {
            kind: StructuredKind::ReadOnly,
            element: s.clone(),
        });
        assert!(buffer.mentions_enum());
        let erased = buffer.erase_enums();
        assert!(!erased.mentions_enum());
        assert_eq!(
            erased.to_string(),
            "StructuredBuffer<S>",
            "struct names are kept"
        );
        let Some(ResourceType::StructuredBuffer { element, .. }) = erased.as_resource() else {
            panic!("still a structured buffer");
        };
        let Type::Struct(es) = element else {
            panic!("still a struct");
        };
        assert_eq!(es.fields[0].ty, Type::UINT);
        assert_eq!(es.fields[1].ty, Type::array(Type::INT, 2));
        assert_eq!(es.fields[2].ty, Type::FLOAT);
        // A type without enums is handed back unchanged.
        let plain = Type::array(Type::FLOAT, 4);
        assert!(!plain.mentions_enum());
        assert_eq!(plain.erase_enums(), plain);
    }
}
