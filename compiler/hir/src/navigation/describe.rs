//! What hover says about a declaration: its declaration as HLSL text with resolved types, the
//! item it belongs to, and for cbuffer members and struct fields their offset and size under
//! the buffer layout rules DXC uses for SPIR-V (vector-relaxed std140 for constant buffers,
//! vector-relaxed std430 for structured and storage buffers).

use base_db::{CompileConfig, SourceFile};
use types::{LayoutKind, LayoutRules, StructField, StructType, Type};

use super::{Definition, Sema};
use crate::ids::{FunctionId, GlobalId, StructId};
use crate::infer::{function_signature, global_type, struct_type};
use crate::item_tree::{Attr, ItemIdx, ItemKind};
use crate::lower_type::{ConstValue, TypeCtx};
use crate::HirDb;

/// A declaration as hover shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Description {
    /// `float3 color`, `float4 shade(float4 pos, float2 uv)`, `struct Light`, `Mode::Fast = 0`.
    pub declaration: String,
    /// The struct, cbuffer, enum or namespace it is declared in (`cbuffer Frame`).
    pub container: Option<String>,
    /// Where a field or cbuffer member lies in its buffer, under each rule that applies.
    pub layouts: Vec<MemberOffset>,
    /// A function's attributes (`[numthreads(8, 8, 1)]`, `[shader("pixel")]`).
    pub attributes: Vec<Attr>,
}

/// A member's place in its container's layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemberOffset {
    pub rules: LayoutRules,
    pub offset: u32,
    pub size: u32,
}

/// Describes `def` of `file`'s analysis.
pub fn describe(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    def: Definition,
) -> Option<Description> {
    let sema = Sema::new(db, file, config);
    let mut out = Description {
        declaration: String::new(),
        container: None,
        layouts: Vec::new(),
        attributes: Vec::new(),
    };
    let idx = match def {
        Definition::Local(owner, local) => {
            let data = sema.owner_data(owner)?;
            let ty = data
                .infer
                .type_of_local(local)
                .map_or("{unknown}".to_owned(), Type::to_string);
            out.declaration = format!("{ty} {}", data.body.local(local).name);
            return Some(out);
        }
        Definition::Item(idx) => idx,
    };
    let tree = &sema.tree;
    let item = tree.item(idx);
    let ast = item.ast;
    let show = |t: Option<Type>| t.map_or("{unknown}".to_owned(), |t| t.to_string());
    out.container = item.parent.map(|p| {
        let kind = match &tree.item(p).kind {
            ItemKind::Struct(_) => "struct",
            ItemKind::CBuffer(c) if c.is_tbuffer => "tbuffer",
            ItemKind::CBuffer(_) => "cbuffer",
            ItemKind::Enum(_) => "enum",
            _ => "namespace",
        };
        format!("{kind} {}", tree.qualified_name(p))
    });
    out.declaration = match &item.kind {
        ItemKind::Function(f) => {
            out.attributes = f.attrs.clone();
            function_signature(db, FunctionId::new(db, file, config, ast)).display()
        }
        ItemKind::Variable(v) => {
            let ty = global_type(db, GlobalId::new(db, file, config, ast));
            out.layouts = member_offsets(&sema, idx);
            let mut prefix = String::new();
            if v.is_static {
                prefix.push_str("static ");
            }
            if v.is_const {
                prefix.push_str("const ");
            }
            if v.groupshared {
                prefix.push_str("groupshared ");
            }
            format!("{prefix}{} {}", show(ty), item.name)
        }
        ItemKind::Struct(_) => format!("struct {}", tree.qualified_name(idx)),
        ItemKind::CBuffer(c) => {
            let keyword = if c.is_tbuffer { "tbuffer" } else { "cbuffer" };
            format!("{keyword} {}", item.name)
        }
        ItemKind::Typedef(t) => {
            let ty = TypeCtx::inside(tree, &sema.scope, idx).resolve(t, &mut Vec::new());
            format!("typedef {} {}", show(ty), item.name)
        }
        ItemKind::Enum(e) => {
            let keyword = if e.scoped { "enum class" } else { "enum" };
            let underlying = e
                .underlying
                .as_ref()
                .and_then(|u| TypeCtx::inside(tree, &sema.scope, idx).resolve(u, &mut Vec::new()));
            match underlying {
                Some(t) => format!("{keyword} {} : {t}", tree.qualified_name(idx)),
                None => format!("{keyword} {}", tree.qualified_name(idx)),
            }
        }
        ItemKind::Enumerator(_) => {
            let value = TypeCtx::inside(tree, &sema.scope, idx).item_value(idx);
            match value {
                Some(ConstValue::Int(v)) => format!("{} = {v}", tree.qualified_name(idx)),
                _ => tree.qualified_name(idx),
            }
        }
        ItemKind::Namespace(_) => format!("namespace {}", tree.qualified_name(idx)),
        ItemKind::UsingNamespace(_) => return None,
    };
    Some(out)
}

/// Offsets of a cbuffer member (relaxed std140) or a struct field (relaxed std140 as in a
/// cbuffer, relaxed std430 as in a structured buffer).
fn member_offsets(sema: &Sema<'_>, idx: ItemIdx) -> Vec<MemberOffset> {
    let tree = &sema.tree;
    let Some(parent) = tree.item(idx).parent else {
        return Vec::new();
    };
    let (container, rules): (Option<Type>, &[LayoutRules]) = match &tree.item(parent).kind {
        ItemKind::CBuffer(c) => (
            cbuffer_type(sema, &c.members),
            &[LayoutRules::RelaxedStd140],
        ),
        ItemKind::Struct(_) => {
            let s = StructId::new(sema.db, sema.file, sema.config, tree.item(parent).ast);
            (
                struct_type(sema.db, s),
                &[LayoutRules::RelaxedStd140, LayoutRules::RelaxedStd430],
            )
        }
        _ => return Vec::new(),
    };
    let Some(Type::Struct(s)) = container else {
        return Vec::new();
    };
    let Some(field) = s.field_index(&tree.item(idx).name) else {
        return Vec::new();
    };
    let ty = Type::Struct(s.clone());
    // `packoffset(c1.y)` on cbuffer members places them explicitly.
    let explicit: Vec<Option<u32>> = match &tree.item(parent).kind {
        ItemKind::CBuffer(c) => c
            .members
            .iter()
            .filter(|&&m| is_cbuffer_data(sema, m))
            .filter_map(|&m| match &tree.item(m).kind {
                ItemKind::Variable(v) => Some(
                    v.packoffset
                        .as_deref()
                        .filter(|_| v.vk_offset.is_none())
                        .and_then(types::packoffset_bytes),
                ),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    rules
        .iter()
        .filter_map(|&rules| {
            let layout = types::BufferLayout::with_member_offsets(&ty, rules, &explicit).layout;
            let LayoutKind::Struct { members } = layout.kind else {
                return None;
            };
            let m = members.get(field)?;
            Some(MemberOffset {
                rules,
                offset: m.offset,
                size: m.layout.size,
            })
        })
        .collect()
}

/// Whether cbuffer member `m` is data in the buffer: a variable that is no resource (DXC makes
/// resources declared in a cbuffer globals of their own).
fn is_cbuffer_data(sema: &Sema<'_>, m: ItemIdx) -> bool {
    if !matches!(sema.tree.item(m).kind, ItemKind::Variable(_)) {
        return false;
    }
    let ast = sema.tree.item(m).ast;
    let ty = global_type(sema.db, GlobalId::new(sema.db, sema.file, sema.config, ast));
    !matches!(ty, Some(Type::Resource(_)))
        && !matches!(&ty, Some(Type::Array { element, .. }) if matches!(**element, Type::Resource(_)))
}

/// A cbuffer's members as one struct, as its layout sees them (`None` if a type is unknown).
fn cbuffer_type(sema: &Sema<'_>, members: &[ItemIdx]) -> Option<Type> {
    let fields = members
        .iter()
        .filter(|m| is_cbuffer_data(sema, **m))
        .map(|&m| {
            let ast = sema.tree.item(m).ast;
            let ty = global_type(sema.db, GlobalId::new(sema.db, sema.file, sema.config, ast))?;
            // `[[vk::offset(N)]]` places a cbuffer member as it places a struct field.
            let offset = match &sema.tree.item(m).kind {
                ItemKind::Variable(v) => v
                    .vk_offset
                    .as_ref()
                    .and_then(|e| TypeCtx::inside(&sema.tree, &sema.scope, m).eval_u32(e)),
                _ => None,
            };
            Some(StructField {
                offset,
                ..StructField::new(sema.tree.item(m).name.clone(), ty)
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Type::structure(StructType {
        name: "cbuffer".to_owned(),
        fields,
    }))
}
