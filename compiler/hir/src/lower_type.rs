//! Resolves types as written (`TypeRef`) to `types::Type`, and evaluates constant expressions
//! (array sizes, template arguments, enumerator values, `static const` initializers).
//!
//! Built-in spellings: every scalar (`dword`, `half`, min-precision, 16/64-bit), `floatN`,
//! `floatNxM`, `vector<T, N>`, `matrix<T, R, C>` (bare `vector`/`matrix` are `float4` and
//! `float4x4`), `row_major`/`column_major`, `unsigned int`, arrays, and the resource types with
//! DXC's default template arguments (`Texture2D` is `Texture2D<float4>`). Names resolve through
//! `scope.rs` to structs (with template arguments), typedefs and enums (`Type::Enum`, with
//! their underlying integer type).

mod instance_members;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use types::{
    EnumType, LayoutRules, MatrixOrientation, ResourceType, ScalarKind, StreamKind, StructField,
    StructType, StructuredKind, TextureAccess, TextureDim, Type, TypeLayout,
};

use crate::item_tree::{ItemIdx, ItemKind, ItemTree, TemplateParam};
use crate::scope::{ItemScope, LookupSite};
use crate::spirv_type::{operand_only_template, with_alias_requirements, InlineSpirvKind};
use crate::type_ref::{ConstExpr, GenericArg, Name, Path, TypeBase, TypeRef};

/// A template argument's value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TemplateArg {
    Type(Type),
    Value(i64),
    /// A parameter of the template being checked itself: not known until instantiation.
    Opaque,
}

/// Why a type could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeError {
    UnknownType(String),
    /// A struct named before its declaration: unknown there (DXC takes `typedef struct S T;`
    /// as a forward declaration; we do not yet, though `struct S;` declares it, as for a
    /// `vk::BufferPointer` linked list).
    DeclaredLater(String),
    /// `string` where DXC does not allow it (anywhere but a global constant).
    StringType,
    NotConstant,
    /// A constant array size DXC refuses (negative, or past what a length can hold), with
    /// the message.
    ArraySize(String),
    NotSupported(String),
    /// A template argument a built-in type does not take (`SubpassInput<S>` of a struct).
    InvalidArgument(String),
    /// `T::value_type` without `typename`, with the path.
    MissingTypename(String),
    /// `F1<T>::It<0>` without `template` before the member template's name, with the name.
    MissingTemplate(String),
    /// `unsigned` on a type that has no unsigned form (`unsigned float2`), with the message.
    NotSignable(String),
    /// `row_major`/`column_major` written on a type that is no matrix, or both on one
    /// matrix (a typedef's included), with DXC's message.
    Orientation(String),
}

/// The length of an array whose size evaluates to `v`. Zero is a length (DXC takes
/// `float a[0];`, as clang does); a negative size is refused in clang's words.
pub fn array_len(v: ConstValue) -> Result<u32, TypeError> {
    let n = v.as_int();
    if n < 0 {
        Err(TypeError::ArraySize("array size is negative".into()))
    } else {
        u32::try_from(n)
            .map_err(|_| TypeError::ArraySize(format!("array is too large ({n} elements)")))
    }
}

/// A constant's value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ConstValue {
    Int(i64),
    Float(f64),
    Bool(bool),
}

impl ConstValue {
    pub fn as_int(self) -> i64 {
        match self {
            ConstValue::Int(i) => i,
            ConstValue::Float(f) => f as i64,
            ConstValue::Bool(b) => b as i64,
        }
    }

    pub fn as_float(self) -> f64 {
        match self {
            ConstValue::Int(i) => i as f64,
            ConstValue::Float(f) => f,
            ConstValue::Bool(b) => b as i64 as f64,
        }
    }
}

/// Struct type names to their item and template arguments.
type StructNames = HashMap<String, (ItemIdx, Vec<TemplateArg>)>;

/// Everything type resolution needs: the item tree and its scope index, the place the type
/// is written (for declare-before-use), and the template arguments in scope.
pub struct TypeCtx<'a> {
    pub tree: &'a ItemTree,
    pub scope: &'a ItemScope,
    pub site: LookupSite,
    pub env: Vec<(Name, TemplateArg)>,
    structs: RefCell<HashMap<StructKey, Option<Type>>>,
    /// Struct type name to its item and template arguments, for member and method lookup.
    /// Shared with nested contexts, so that a struct instantiated through a typedef is known
    /// to the context that uses the typedef.
    struct_names: Rc<RefCell<StructNames>>,
    /// The structs whose fields are being resolved, outermost first, with their template
    /// arguments and type names (shared with nested contexts): a buffer pointer to one of
    /// them is a linked list.
    building: Rc<RefCell<Vec<Building>>>,
    depth: RefCell<u32>,
}

const MAX_DEPTH: u32 = 32;

/// A field as declared; `ty` is `None` when unknown (then `field.ty` is a placeholder).
struct FieldDecl {
    field: StructField,
    ty: Option<Type>,
}

/// A struct and the template arguments it is instantiated with.
type StructKey = (ItemIdx, Vec<TemplateArg>);

/// A struct whose fields are being resolved: its item, template arguments and type name.
type Building = (ItemIdx, Vec<TemplateArg>, Arc<str>);

impl<'a> TypeCtx<'a> {
    pub fn new(tree: &'a ItemTree, scope: &'a ItemScope, site: LookupSite) -> TypeCtx<'a> {
        TypeCtx {
            tree,
            scope,
            site,
            env: Vec::new(),
            structs: RefCell::default(),
            struct_names: Rc::default(),
            building: Rc::default(),
            depth: RefCell::new(0),
        }
    }

    /// A context for code inside item `idx`, with the template parameters of the item and
    /// of its enclosing structs in scope as opaque.
    pub fn inside(tree: &'a ItemTree, scope: &'a ItemScope, idx: ItemIdx) -> TypeCtx<'a> {
        let mut site = LookupSite::inside(tree, idx);
        // An out-of-line method `float S::f()` sees the members of `S`.
        if let Some(q) = tree.function(idx).and_then(|f| f.qualifier.as_ref()) {
            if let Some(s) = scope.qualifier_owner(tree, idx, q) {
                site.scopes.insert(0, s);
            }
        }
        let mut ctx = TypeCtx::new(tree, scope, site);
        let mut chain = vec![idx];
        chain.extend(ctx.site.scopes.iter().copied());
        for i in chain.into_iter().rev() {
            let params = match &tree.item(i).kind {
                ItemKind::Function(f) => f.template.as_ref(),
                ItemKind::Struct(s) => s.template.as_ref(),
                _ => None,
            };
            for p in params.into_iter().flatten() {
                ctx.env.push((p.name.clone(), TemplateArg::Opaque));
            }
        }
        ctx
    }

    /// A context for code inside item `idx`, reached from this one: it continues this
    /// one's depth count, so cycles (`typedef S S;`, `static const int A = A;`, a struct
    /// containing itself) stop at `MAX_DEPTH`.
    /// `t` as this file's configuration spells it: 16-bit under `-enable-16bit-types`.
    pub fn native(&self, t: Type) -> Type {
        if self.tree.native_16bit {
            t.with_native_16bit()
        } else {
            t
        }
    }

    pub(crate) fn nested(&self, idx: ItemIdx) -> TypeCtx<'a> {
        let mut ctx = TypeCtx::inside(self.tree, self.scope, idx);
        ctx.struct_names = Rc::clone(&self.struct_names);
        ctx.building = Rc::clone(&self.building);
        *ctx.depth.borrow_mut() = *self.depth.borrow() + 1;
        ctx
    }

    fn binding(&self, name: &str) -> Option<&TemplateArg> {
        self.env
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, a)| a)
    }

    /// Resolves `tref`; `None` when it is unknown (an error is pushed) or depends on an
    /// opaque template parameter (no error).
    pub fn resolve(&self, tref: &TypeRef, errors: &mut Vec<TypeError>) -> Option<Type> {
        if *self.depth.borrow() > MAX_DEPTH {
            return None;
        }
        let mut ty = match &tref.base {
            TypeBase::Path(path) => {
                if !tref.typename && self.is_dependent_member(path) {
                    errors.push(TypeError::MissingTypename(path.to_string()));
                    return None;
                }
                if !tref.template_kw && self.is_dependent_member_template(path) {
                    let name = path.last_name().to_owned();
                    errors.push(TypeError::MissingTemplate(name));
                    return None;
                }
                self.resolve_path(path, errors)?
            }
            TypeBase::InlineStruct(idx) => self.struct_type(ItemIdx(*idx), &[])?,
            TypeBase::Missing => return None,
        };
        if tref.unsigned {
            if let Some(kind) = ty.scalar_kind().filter(|k| !has_unsigned_form(*k)) {
                errors.push(TypeError::NotSignable(format!(
                    "'{}' cannot be signed or unsigned",
                    Type::Scalar(kind)
                )));
            }
            ty = make_unsigned(&ty);
        }
        if tref.orientation_written {
            errors.extend(crate::orientation_checks::orientation_problems(
                self, tref, &ty,
            ));
        }
        if tref.row_major || tref.column_major {
            ty = with_orientation(
                &ty,
                if tref.row_major {
                    MatrixOrientation::RowMajor
                } else {
                    MatrixOrientation::ColumnMajor
                },
            );
        }
        for dim in tref.dims.iter().rev() {
            ty = match dim {
                None => Type::unsized_array(ty),
                Some(e) => match self.eval(e) {
                    // clang's rules, which DXC keeps: a size of float type, or one that
                    // converts a float to an integer, is no integer constant expression.
                    Some(ConstValue::Float(_)) => {
                        errors.push(TypeError::ArraySize(
                            "size of array has non-integer type 'float'".into(),
                        ));
                        return None;
                    }
                    Some(_) if self.truncates_float(e) => {
                        errors.push(TypeError::NotConstant);
                        return None;
                    }
                    Some(v) => match array_len(v) {
                        Ok(n) => Type::array(ty, n),
                        Err(e) => {
                            errors.push(e);
                            return None;
                        }
                    },
                    None => {
                        if !self.mentions_opaque(e) {
                            errors.push(TypeError::NotConstant);
                        }
                        return None;
                    }
                },
            };
        }
        Some(ty)
    }

    /// Whether `e` names a template value parameter not known until instantiation.
    pub(crate) fn mentions_opaque(&self, e: &ConstExpr) -> bool {
        match e {
            ConstExpr::Path(p) => p
                .as_name()
                .is_some_and(|n| matches!(self.binding(n), Some(TemplateArg::Opaque))),
            ConstExpr::Neg(a)
            | ConstExpr::Not(a)
            | ConstExpr::BitNot(a)
            | ConstExpr::Convert(_, a) => self.mentions_opaque(a),
            ConstExpr::Binary(_, a, b) => self.mentions_opaque(a) || self.mentions_opaque(b),
            ConstExpr::Cond(a, b, c) => {
                self.mentions_opaque(a) || self.mentions_opaque(b) || self.mentions_opaque(c)
            }
            _ => false,
        }
    }

    /// Resolves a path in type position.
    pub fn resolve_path(&self, path: &Path, errors: &mut Vec<TypeError>) -> Option<Type> {
        let last = path.segments.last()?;
        if path.segments.len() == 1 && !path.global {
            match self.binding(&last.name) {
                Some(TemplateArg::Type(t)) => return Some(t.clone()),
                Some(_) => return None,
                None => {}
            }
            if let Some(t) = self.builtin(&last.name, last.args.as_deref(), errors) {
                return t;
            }
        }
        if let [ns, name] = &path.segments[..] {
            if ns.name == "vk" && ns.args.is_none() && name.name == "BufferPointer" {
                return self.buffer_pointer(name.args.as_deref().unwrap_or(&[]), errors);
            }
        }
        if let Some(kind) = InlineSpirvKind::of_path(path) {
            return self.inline_spirv_type(kind, last.args.as_deref().unwrap_or(&[]), errors);
        }
        if crate::ext_type::is_ext_type(path) {
            return self.ext_type(last.args.as_deref().unwrap_or(&[]), errors);
        }
        if let Some(t) = self.member_of_parameter(path, errors) {
            return t;
        }
        let found = self.scope.lookup_qualified(self.tree, &self.site, path);
        let Some(idx) = found.iter().copied().find(|i| {
            matches!(
                self.tree.item(*i).kind,
                ItemKind::Struct(_) | ItemKind::Typedef(_) | ItemKind::Enum(_)
            )
        }) else {
            if let Some(t) = self.sampled_texture(path, errors) {
                return t;
            }
            errors.push(if path.as_name() == Some("string") {
                TypeError::StringType
            } else if let Some(t) = operand_only_template(path) {
                return Some(t);
            } else if self.declared_later(path) {
                TypeError::DeclaredLater(path.to_string())
            } else {
                TypeError::UnknownType(path.to_string())
            });
            return None;
        };
        if let Some(t) = self.member_struct_instance(idx, path, errors) {
            return t;
        }
        self.item_type(idx, last.args.as_deref(), errors)
    }

    /// Whether `path` is a member of a template parameter (`T::value_type`), which C++ (and
    /// DXC from HLSL 2021) names as a type only after `typename`.
    fn is_dependent_member(&self, path: &Path) -> bool {
        matches!(&path.segments[..], [param, _]
            if !path.global && param.args.is_none() && self.binding(&param.name).is_some())
    }

    /// `T::value_type` with `T` a template parameter: unknown (no error) while `T` is opaque,
    /// the struct's member typedef, with the struct's template arguments, once `T` is bound
    /// to a struct. `None` for other paths.
    fn member_of_parameter(
        &self,
        path: &Path,
        errors: &mut Vec<TypeError>,
    ) -> Option<Option<Type>> {
        let [param, member] = &path.segments[..] else {
            return None;
        };
        if path.global || param.args.is_some() {
            return None;
        }
        let s = match self.binding(&param.name)? {
            TemplateArg::Type(Type::Struct(s)) => s.clone(),
            TemplateArg::Type(_) => return None,
            _ => return Some(None),
        };
        let (sidx, args) = self.struct_item(&s)?;
        let strukt = self.tree.strukt(sidx)?;
        let idx = strukt.members.iter().copied().find(|&m| {
            self.tree.item(m).name == member.name
                && matches!(self.tree.item(m).kind, ItemKind::Typedef(_))
        })?;
        let ItemKind::Typedef(t) = &self.tree.item(idx).kind else {
            return None;
        };
        let mut ctx = self.nested(idx);
        for (p, a) in strukt.template.iter().flatten().zip(&args) {
            ctx.env.push((p.name.clone(), a.clone()));
        }
        Some(ctx.resolve(t, errors))
    }

    /// Whether `path` names a struct declared after the point of use: declare-before-use
    /// hides it, but DXC takes it as a forward declaration.
    fn declared_later(&self, path: &Path) -> bool {
        let site = LookupSite {
            horizon: None,
            ..self.site.clone()
        };
        self.scope
            .lookup_qualified(self.tree, &site, path)
            .iter()
            .any(|&i| matches!(self.tree.item(i).kind, ItemKind::Struct(_)))
    }

    /// `vk::SampledTexture2D<T>` and its other dimensions (Vulkan's combined image samplers):
    /// the texture of that dimension with [`TextureAccess::Sampled`]. `None` for other paths;
    /// `Some(None)` when the template arguments are wrong.
    fn sampled_texture(&self, path: &Path, errors: &mut Vec<TypeError>) -> Option<Option<Type>> {
        let [ns, name] = &path.segments[..] else {
            return None;
        };
        if ns.name != "vk" || ns.args.is_some() {
            return None;
        }
        // DXC's tests spell the cube forms `SampledTextureCUBE[Array]`; `Cube` is taken too.
        let suffix = name.name.strip_prefix("SampledTexture")?;
        let suffix = match suffix {
            "CUBE" => "Cube",
            "CUBEArray" => "CubeArray",
            s => s,
        };
        let texture = format!("Texture{suffix}");
        let t = self.builtin(&texture, name.args.as_deref(), errors)?;
        Some(t.map(|t| match t.as_resource() {
            Some(ResourceType::Texture { dim, sample, .. }) => {
                Type::resource(ResourceType::Texture {
                    dim: *dim,
                    access: TextureAccess::Sampled,
                    sample: sample.clone(),
                })
            }
            _ => t,
        }))
    }

    /// `vk::BufferPointer<T [, A]>`: `T` a data type, `A` a constant power of two, by default
    /// the alignment of `T` in a storage buffer (DXC's default rules, relaxed std430).
    pub fn buffer_pointer(&self, args: &[GenericArg], errors: &mut Vec<TypeError>) -> Option<Type> {
        if args.len() > 2 {
            errors.push(TypeError::InvalidArgument(
                "vk::BufferPointer takes a type and an alignment".to_owned(),
            ));
            return None;
        }
        // `vk::BufferPointer<T, A>` in a template declaring `A`: checked at instantiation.
        if args.get(1).is_some_and(|a| self.dependent(a)) {
            return None;
        }
        // Checked before the pointee, whose own fields may hold this pointer.
        let explicit = match args.get(1) {
            None => None,
            Some(arg) => Some(self.pointer_alignment(arg, errors)?),
        };
        let written = match args.first() {
            Some(GenericArg::Type(t)) => t,
            _ => {
                errors.push(TypeError::InvalidArgument(
                    "vk::BufferPointer takes the pointee type as its first argument".to_owned(),
                ));
                return None;
            }
        };
        // A pointer to a struct whose fields are being resolved (the struct itself, or one
        // around it): a linked list, whose cycle a reference cuts (see `types`'
        // `recursive.rs`). Its default alignment (0 here) waits for the struct
        // (`with_self_pointer_alignment`).
        if let TypeRef {
            base: TypeBase::Path(p),
            dims,
            ..
        } = written
        {
            if !dims.is_empty() && self.in_field_of_struct_named(p) {
                errors.push(TypeError::NotSupported(format!(
                    "vk::BufferPointer to an array of `{0}` inside `{0}` itself",
                    p.last_name()
                )));
                return None;
            }
            if let Some(name) = self.enclosing_struct_named(p, errors) {
                let pointee = Type::StructRef(name);
                return Some(Type::buffer_pointer(pointee, explicit.unwrap_or(0)));
            }
        }
        let pointee = self.resolve(written, errors)?;
        if !pointee_is_data(&pointee) {
            errors.push(TypeError::InvalidArgument(format!(
                "vk::BufferPointer cannot point to `{pointee}`"
            )));
            return None;
        }
        let alignment = explicit
            .unwrap_or_else(|| TypeLayout::of(&pointee, LayoutRules::RelaxedStd430).alignment);
        Some(Type::buffer_pointer(pointee, alignment))
    }

    /// Whether template argument `arg` names a parameter of the template being declared
    /// (known at instantiation only).
    fn dependent(&self, arg: &GenericArg) -> bool {
        match arg {
            GenericArg::Type(t) => match &t.base {
                TypeBase::Path(p) => p
                    .as_name()
                    .is_some_and(|n| matches!(self.binding(n), Some(TemplateArg::Opaque))),
                _ => false,
            },
            GenericArg::Const(e) => self.mentions_opaque(e),
        }
    }

    /// The alignment argument of `vk::BufferPointer`: a constant power of two.
    fn pointer_alignment(&self, arg: &GenericArg, errors: &mut Vec<TypeError>) -> Option<u32> {
        let value = match arg {
            GenericArg::Const(e) => self.eval(e),
            GenericArg::Type(t) => match &t.base {
                TypeBase::Path(p) => self.eval(&ConstExpr::Path(p.clone())),
                _ => None,
            },
        };
        match value.map(ConstValue::as_int) {
            Some(a) if a > 0 && a <= 1 << 16 && (a as u64).is_power_of_two() => Some(a as u32),
            _ => {
                errors.push(TypeError::InvalidArgument(
                    "the alignment of vk::BufferPointer must be a constant power of two".to_owned(),
                ));
                None
            }
        }
    }

    /// Whether `path` names a struct being built, or one around the field being declared.
    fn in_field_of_struct_named(&self, path: &Path) -> bool {
        let found = self.scope.lookup_qualified(self.tree, &self.site, path);
        let in_field = self
            .site
            .horizon
            .is_some_and(|h| matches!(self.tree.item(h).kind, ItemKind::Variable(_)));
        let building = self.building.borrow();
        found.iter().any(|&i| {
            let d = self.definition_of(i);
            self.tree.strukt(i).is_some()
                && (building.iter().any(|b| b.0 == d)
                    || (in_field && self.site.scopes.contains(&d)))
        })
    }

    /// The type name of the innermost struct being built that `path` names, with the same
    /// template arguments: a buffer pointer to it points into the type being built.
    fn enclosing_struct_named(&self, path: &Path, errors: &mut Vec<TypeError>) -> Option<Arc<str>> {
        let found = self.scope.lookup_qualified(self.tree, &self.site, path);
        let building = self.building.borrow().clone();
        for (idx, args, name) in building.iter().rev() {
            let hit = found.iter().any(|&i| {
                self.tree.strukt(i).is_some()
                    && self.definition_of(self.primary_template(i)) == *idx
            });
            if !hit {
                continue;
            }
            let template = self.tree.strukt(*idx).and_then(|s| s.template.as_deref());
            let written = path.segments.last().and_then(|s| s.args.as_deref());
            // Inside a template, its name alone is the instance being built.
            if template.is_none() || written.is_none() {
                return Some(Arc::clone(name));
            }
            if self.template_args(template, written.unwrap_or(&[]), errors) == *args {
                return Some(Arc::clone(name));
            }
        }
        None
    }

    /// The type an item names (a struct, typedef or enum).
    pub fn item_type(
        &self,
        idx: ItemIdx,
        args: Option<&[GenericArg]>,
        errors: &mut Vec<TypeError>,
    ) -> Option<Type> {
        if *self.depth.borrow() > MAX_DEPTH {
            return None;
        }
        *self.depth.borrow_mut() += 1;
        let result = match &self.tree.item(idx).kind {
            ItemKind::Struct(_) => {
                let primary = self.primary_template(idx);
                let template = self
                    .tree
                    .strukt(primary)
                    .and_then(|s| s.template.as_deref());
                let args = self.template_args(template, args.unwrap_or(&[]), errors);
                match self.specialization_for(primary, &args) {
                    Some(special) => self.struct_type(special, &args),
                    None => self.struct_type(self.definition_of(primary), &args),
                }
            }
            ItemKind::Typedef(t) => {
                let mut ctx = self.nested(idx);
                // An alias template: its parameters bound to the arguments written (or their
                // defaults).
                if let Some((_, params)) = self.tree.alias_templates.iter().find(|(i, _)| *i == idx)
                {
                    let bound = self.template_args(Some(params), args.unwrap_or(&[]), errors);
                    for (p, a) in params.iter().zip(bound) {
                        ctx.env.push((p.name.clone(), a));
                    }
                }
                let ty = ctx.resolve(t, errors);
                match self.tree.alias_attrs.iter().find(|(i, _)| *i == idx) {
                    Some((_, attrs)) => ty.map(|ty| with_alias_requirements(ty, attrs, errors)),
                    None => ty,
                }
            }
            ItemKind::Enum(e) => {
                let underlying = match &e.underlying {
                    Some(t) => enum_underlying(self.resolve(t, errors)),
                    None => ScalarKind::Int,
                };
                let name = if self.tree.item(idx).name.is_empty() {
                    // Anonymous enums are distinct types: number them by item.
                    format!("(anonymous enum #{})", idx.0)
                } else {
                    self.tree.qualified_name(idx)
                };
                Some(Type::enumeration(EnumType {
                    name,
                    scoped: e.scoped,
                    underlying,
                }))
            }
            _ => None,
        };
        *self.depth.borrow_mut() -= 1;
        result
    }

    /// The primary template of explicit specialization `idx` (the struct of its name in its
    /// scope that specializes nothing); any other struct is its own.
    fn primary_template(&self, idx: ItemIdx) -> ItemIdx {
        if self
            .tree
            .strukt(idx)
            .is_none_or(|s| s.specialization.is_none())
        {
            return idx;
        }
        let scope = crate::scope::declaring_scope(self.tree, idx);
        self.scope
            .in_scope(scope, &self.tree.item(idx).name)
            .iter()
            .copied()
            .find(|&i| {
                self.tree
                    .strukt(i)
                    .is_some_and(|s| s.specialization.is_none() && s.template.is_some())
            })
            .unwrap_or(idx)
    }

    /// The explicit specialization of template `primary` for `args`, if one is declared.
    fn specialization_for(&self, primary: ItemIdx, args: &[TemplateArg]) -> Option<ItemIdx> {
        if args.is_empty() || args.iter().any(|a| matches!(a, TemplateArg::Opaque)) {
            return None;
        }
        let template = self.tree.strukt(primary)?.template.as_deref();
        let scope = crate::scope::declaring_scope(self.tree, primary);
        self.scope
            .in_scope(scope, &self.tree.item(primary).name)
            .iter()
            .copied()
            .find(|&i| {
                let Some(s) = self.tree.strukt(i) else {
                    return false;
                };
                let Some(written) = &s.specialization else {
                    return false;
                };
                if s.is_forward {
                    return false;
                }
                let ctx = self.nested(i);
                ctx.template_args(template, written, &mut Vec::new()) == args
            })
    }

    /// Among `specializations` (functions of the same name), the explicit specialization of
    /// function template `primary` for `env` (its template parameters' values, by name).
    pub(crate) fn function_specialization(
        &self,
        primary: ItemIdx,
        specializations: &[ItemIdx],
        env: &[(String, TemplateArg)],
    ) -> Option<ItemIdx> {
        let template = self.tree.function(primary)?.template.as_deref()?;
        let args: Vec<TemplateArg> = template
            .iter()
            .map(|p| {
                env.iter()
                    .rev()
                    .find(|(n, _)| *n == p.name)
                    .map_or(TemplateArg::Opaque, |(_, a)| a.clone())
            })
            .collect();
        if args.is_empty() || args.iter().any(|a| matches!(a, TemplateArg::Opaque)) {
            return None;
        }
        specializations.iter().copied().find(|&i| {
            let Some(written) = self
                .tree
                .function(i)
                .and_then(|f| f.specialization.as_ref())
            else {
                return false;
            };
            self.nested(i)
                .template_args(Some(template), written, &mut Vec::new())
                == args
        })
    }

    /// The full definition of a struct that may be forward-declared first.
    fn definition_of(&self, idx: ItemIdx) -> ItemIdx {
        let item = self.tree.item(idx);
        if self.tree.strukt(idx).is_some_and(|s| !s.is_forward) {
            return idx;
        }
        let scope = crate::scope::declaring_scope(self.tree, idx);
        self.scope
            .in_scope(scope, &item.name)
            .iter()
            .copied()
            .find(|i| self.tree.strukt(*i).is_some_and(|s| !s.is_forward))
            .unwrap_or(idx)
    }

    fn template_args(
        &self,
        params: Option<&[TemplateParam]>,
        args: &[GenericArg],
        errors: &mut Vec<TypeError>,
    ) -> Vec<TemplateArg> {
        let Some(params) = params else {
            return Vec::new();
        };
        let mut bound: Vec<TemplateArg> = Vec::with_capacity(params.len());
        for (i, p) in params.iter().enumerate() {
            // A parameter not written takes its default (`B<float4>` of
            // `template <typename T0, typename T1 = A> struct B`); a default naming an earlier
            // parameter (`typename U = T`) takes that parameter's argument.
            if args.get(i).is_none() {
                if let Some(GenericArg::Type(t)) = &p.default {
                    let earlier = match &t.base {
                        TypeBase::Path(path) if t.dims.is_empty() => path
                            .as_name()
                            .and_then(|n| params[..i].iter().position(|q| q.name == n)),
                        _ => None,
                    };
                    if let Some(j) = earlier {
                        bound.push(bound[j].clone());
                        continue;
                    }
                }
            }
            let arg = self.template_arg(p, args.get(i).or(p.default.as_ref()), errors);
            bound.push(arg);
        }
        bound
    }

    /// The argument `arg` gives template parameter `p` (`Opaque` when none is known).
    fn template_arg(
        &self,
        p: &TemplateParam,
        arg: Option<&GenericArg>,
        errors: &mut Vec<TypeError>,
    ) -> TemplateArg {
        match (arg, &p.value_type) {
            (Some(GenericArg::Type(t)), None) => self
                .resolve(t, errors)
                .map_or(TemplateArg::Opaque, TemplateArg::Type),
            (Some(GenericArg::Type(t)), Some(_)) => {
                // A value argument the parser read as a type (`S<N>`).
                match &t.base {
                    TypeBase::Path(p) => self
                        .eval(&ConstExpr::Path(p.clone()))
                        .map_or(TemplateArg::Opaque, |v| TemplateArg::Value(v.as_int())),
                    _ => TemplateArg::Opaque,
                }
            }
            (Some(GenericArg::Const(e)), _) => self
                .eval(e)
                .map_or(TemplateArg::Opaque, |v| TemplateArg::Value(v.as_int())),
            (None, _) => TemplateArg::Opaque,
        }
    }

    /// The type of struct `idx` instantiated with `args`; `None` if a field's type is
    /// unknown or opaque.
    pub fn struct_type(&self, idx: ItemIdx, args: &[TemplateArg]) -> Option<Type> {
        let key = (idx, args.to_vec());
        if let Some(t) = self.structs.borrow().get(&key) {
            return t.clone();
        }
        // Guards recursion through a struct that contains itself.
        self.structs.borrow_mut().insert(key.clone(), None);
        let mut name = self.tree.qualified_name(idx);
        if self.tree.item(idx).name.is_empty() {
            // Anonymous structs are distinct types: number them by item.
            name = format!("(anonymous struct #{})", idx.0);
        }
        if !args.is_empty() {
            let parts: Vec<String> = args
                .iter()
                .map(|a| match a {
                    TemplateArg::Type(t) => t.to_string(),
                    TemplateArg::Value(v) => v.to_string(),
                    TemplateArg::Opaque => "?".into(),
                })
                .collect();
            name = format!("{name}<{}>", parts.join(", "));
        }
        let ref_name: Arc<str> = Arc::from(name.as_str());
        self.building
            .borrow_mut()
            .push((idx, args.to_vec(), Arc::clone(&ref_name)));
        let fields = self.field_decls(idx, args);
        self.building.borrow_mut().pop();
        let ty = fields
            .into_iter()
            .map(|f| f.ty.map(|ty| StructField { ty, ..f.field }))
            .collect::<Option<Vec<_>>>()
            .map(|fields| {
                self.struct_names
                    .borrow_mut()
                    .insert(name.clone(), (idx, args.to_vec()));
                with_self_pointer_alignment(Type::Struct(Arc::new(StructType { name, fields })))
            });
        self.structs.borrow_mut().insert(key, ty.clone());
        ty
    }

    /// The instance fields of a struct (bases first), with their types where known.
    pub fn struct_fields(&self, idx: ItemIdx, args: &[TemplateArg]) -> Vec<(Name, Option<Type>)> {
        self.field_decls(idx, args)
            .into_iter()
            .map(|f| (f.field.name, f.ty))
            .collect()
    }

    fn field_decls(&self, idx: ItemIdx, args: &[TemplateArg]) -> Vec<FieldDecl> {
        let Some(s) = self.tree.strukt(idx) else {
            return Vec::new();
        };
        let mut ctx = self.nested(idx);
        // A member struct of a template instance has the outer arguments first.
        let own = s.template.as_deref().unwrap_or(&[]);
        let outer = match self.outer_template_params(idx) {
            Some(outer) if args.len() == outer.len() + own.len() => outer,
            _ => &[],
        };
        for (p, a) in outer.iter().chain(own).zip(args) {
            ctx.env.push((p.name.clone(), a.clone()));
        }
        let mut out = Vec::new();
        let mut errors = Vec::new();
        for base in &s.bases {
            if let Some(Type::Struct(b)) = ctx.resolve(base, &mut errors) {
                if b.fields.is_empty() {
                    let ty = Type::Struct(b);
                    out.push(FieldDecl {
                        field: StructField::empty_base(ty.clone()),
                        ty: Some(ty),
                    });
                    continue;
                }
                out.extend(b.fields.iter().enumerate().map(|(j, f)| FieldDecl {
                    field: StructField {
                        base_depth: f.base_depth.saturating_add(1),
                        base_starts: (f.base_starts << 1) | u8::from(j == 0),
                        ..f.clone()
                    },
                    ty: Some(f.ty.clone()),
                }));
            }
        }
        for &m in &s.members {
            if let ItemKind::Variable(v) = &self.tree.item(m).kind {
                if !v.is_static {
                    out.push(FieldDecl {
                        field: StructField {
                            name: self.tree.item(m).name.clone(),
                            ty: Type::Void,
                            semantic: v.semantic.clone(),
                            interpolation: v.interpolation.clone(),
                            bit_width: v.bit_width,
                            offset: v.vk_offset.as_ref().and_then(|e| ctx.eval_u32(e)),
                            base_depth: 0,
                            base_starts: 0,
                        },
                        ty: ctx.resolve(&v.ty, &mut errors),
                    });
                }
            }
        }
        out
    }

    /// The struct item and template arguments of a struct type.
    pub fn struct_item(&self, ty: &StructType) -> Option<(ItemIdx, Vec<TemplateArg>)> {
        if let Some(found) = self.struct_names.borrow().get(&ty.name) {
            return Some(found.clone());
        }
        let base = ty.name.split('<').next().unwrap_or(&ty.name);
        let path = Path {
            global: true,
            segments: base
                .split("::")
                .map(|s| crate::type_ref::PathSegment {
                    name: s.to_owned(),
                    args: None,
                })
                .collect(),
        };
        let idx = self
            .scope
            .lookup_qualified(self.tree, &LookupSite::file(), &path)
            .into_iter()
            .find(|i| self.tree.strukt(*i).is_some_and(|s| !s.is_forward))?;
        let n = self.tree.strukt(idx)?.template.as_ref().map_or(0, Vec::len);
        let mut args = vec![TemplateArg::Opaque; n];
        // A struct built by another context (`Vec2<int>` bound to a template parameter of
        // a signature): its simple arguments read back from its name.
        if let Some(list) = ty.name[base.len()..]
            .strip_prefix('<')
            .and_then(|r| r.strip_suffix('>'))
        {
            let parts: Vec<&str> = list.split(", ").collect();
            if parts.len() == n && !list.contains('<') {
                for (a, part) in args.iter_mut().zip(parts) {
                    *a = match part.parse::<i64>() {
                        Ok(v) => TemplateArg::Value(v),
                        Err(_) => {
                            let path = Path {
                                global: false,
                                segments: vec![crate::type_ref::PathSegment {
                                    name: part.to_owned(),
                                    args: None,
                                }],
                            };
                            let mut errors = Vec::new();
                            match self.resolve_path(&path, &mut errors) {
                                Some(t) if errors.is_empty() => TemplateArg::Type(t),
                                _ => TemplateArg::Opaque,
                            }
                        }
                    };
                }
            }
        }
        Some((idx, args))
    }

    /// Built-in type names. `Some(None)` for a built-in name whose arguments are unknown.
    fn builtin(
        &self,
        name: &str,
        args: Option<&[GenericArg]>,
        errors: &mut Vec<TypeError>,
    ) -> Option<Option<Type>> {
        if args.is_none() {
            // The sized spellings of the 32- and 64-bit types (`float32_t4`, `uint32_t`).
            let aliased = [
                ("float32_t", "float"),
                ("float64_t", "double"),
                ("int32_t", "int"),
                ("uint32_t", "uint"),
            ]
            .iter()
            .find_map(|(alias, real)| name.strip_prefix(alias).map(|rest| format!("{real}{rest}")));
            let builtin = aliased.as_deref().unwrap_or(name);
            if let Some(t) = Type::packed_bytes(builtin).or_else(|| Type::from_hlsl_name(builtin)) {
                return Some(Some(self.native(t)));
            }
        }
        let arg_type = |i: usize, errors: &mut Vec<TypeError>| -> Option<Option<Type>> {
            match args.and_then(|a| a.get(i)) {
                Some(GenericArg::Type(t)) => Some(self.resolve(t, errors)),
                Some(GenericArg::Const(_)) => Some(None),
                None => None,
            }
        };
        let arg_int = |i: usize| -> Option<Option<i64>> {
            match args.and_then(|a| a.get(i)) {
                Some(GenericArg::Const(e)) => Some(self.eval(e).map(ConstValue::as_int)),
                Some(GenericArg::Type(t)) => match &t.base {
                    TypeBase::Path(p) => Some(
                        self.eval(&ConstExpr::Path(p.clone()))
                            .map(ConstValue::as_int),
                    ),
                    _ => Some(None),
                },
                None => None,
            }
        };
        let dim = |v: Option<Option<i64>>, default: i64| -> Option<u8> {
            match v {
                None => Some(default as u8),
                Some(Some(n)) if (1..=4).contains(&n) => Some(n as u8),
                Some(_) => None,
            }
        };
        let element = |errors: &mut Vec<TypeError>, default: Type| -> Option<Type> {
            match arg_type(0, errors) {
                None => Some(default),
                Some(t) => t,
            }
        };
        let float4 = Type::vector(ScalarKind::Float, 4);
        let texture = |dim: TextureDim, access: TextureAccess, errors: &mut Vec<TypeError>| {
            element(errors, float4.clone()).map(|sample| {
                Type::resource(ResourceType::Texture {
                    dim,
                    access,
                    sample,
                })
            })
        };
        // `vector<T, N>` inside a template: known at instantiation, no error before.
        let dependent = |i: usize| {
            args.and_then(|a| a.get(i))
                .is_some_and(|a| self.dependent(a))
        };
        if matches!(name, "vector" | "matrix") && (0..3).any(dependent) {
            return Some(None);
        }
        let ty = match name {
            "vector" => {
                let scalar = match arg_type(0, errors) {
                    None => ScalarKind::Float,
                    Some(t) => t?.scalar_kind()?,
                };
                // SM 6.9's long vectors (5 to 1024 components; DXC's SPIR-V refuses them).
                if let Some(Some(n @ 5..=1024)) = arg_int(1) {
                    errors.push(TypeError::NotSupported(format!(
                        "vectors of more than 4 components (`vector<{}, {n}>`, SM 6.9 long vectors)",
                        Type::scalar(scalar)
                    )));
                    return Some(None);
                }
                Some(Type::vector(scalar, dim(arg_int(1), 4)?))
            }
            "matrix" => {
                let scalar = match arg_type(0, errors) {
                    None => ScalarKind::Float,
                    Some(t) => t?.scalar_kind()?,
                };
                Some(Type::matrix(
                    scalar,
                    dim(arg_int(1), 4)?,
                    dim(arg_int(2), 4)?,
                ))
            }
            "unsigned" => Some(Type::UINT),
            "signed" => Some(Type::INT),
            "SamplerState" | "sampler" | "sampler1D" | "sampler2D" | "sampler3D"
            | "samplerCUBE" => Some(Type::resource(ResourceType::Sampler { comparison: false })),
            "SamplerComparisonState" => {
                Some(Type::resource(ResourceType::Sampler { comparison: true }))
            }
            "ByteAddressBuffer" => Some(Type::resource(ResourceType::ByteAddressBuffer {
                access: TextureAccess::ReadOnly,
            })),
            "RWByteAddressBuffer" => Some(Type::resource(ResourceType::ByteAddressBuffer {
                access: TextureAccess::ReadWrite,
            })),
            "RasterizerOrderedByteAddressBuffer" => {
                Some(Type::resource(ResourceType::ByteAddressBuffer {
                    access: TextureAccess::RasterizerOrdered,
                }))
            }
            "RaytracingAccelerationStructure" => Some(Type::resource(
                ResourceType::RaytracingAccelerationStructure,
            )),
            // The flags must be a constant (DXC requires one too).
            "RayQuery" => {
                let flags = arg_int(0).flatten()?;
                Some(Type::resource(ResourceType::RayQuery {
                    flags: flags as u32,
                }))
            }
            "Buffer" | "RWBuffer" | "RasterizerOrderedBuffer" => {
                let access = access_of(name);
                element(errors, float4.clone())
                    .map(|element| Type::resource(ResourceType::TypedBuffer { access, element }))
            }
            "StructuredBuffer"
            | "RWStructuredBuffer"
            | "AppendStructuredBuffer"
            | "ConsumeStructuredBuffer"
            | "RasterizerOrderedStructuredBuffer" => {
                let kind = match name {
                    "StructuredBuffer" => StructuredKind::ReadOnly,
                    "RWStructuredBuffer" => StructuredKind::ReadWrite,
                    "AppendStructuredBuffer" => StructuredKind::Append,
                    "ConsumeStructuredBuffer" => StructuredKind::Consume,
                    _ => StructuredKind::RasterizerOrdered,
                };
                arg_type(0, errors)
                    .flatten()
                    .map(|element| Type::resource(ResourceType::StructuredBuffer { kind, element }))
            }
            "ConstantBuffer" | "TextureBuffer" => {
                let element = arg_type(0, errors).flatten()?;
                // The element is the buffer's base class in DXC: a struct, in its words.
                let refused = match &element {
                    Type::Struct(_) => None,
                    Type::Vector(..) => Some("base 'vector' is marked 'final'"),
                    Type::Matrix { .. } => Some("base 'matrix' is marked 'final'"),
                    _ => Some("base specifier must name a class"),
                };
                if let Some(message) = refused {
                    errors.push(TypeError::InvalidArgument(format!(
                        "{message}: the element of `{name}` must be a struct, not `{element}`"
                    )));
                    return Some(None);
                }
                Some(Type::resource(if name == "ConstantBuffer" {
                    ResourceType::ConstantBuffer { element }
                } else {
                    ResourceType::TextureBuffer { element }
                }))
            }
            "InputPatch" | "OutputPatch" => {
                let element = arg_type(0, errors).flatten()?;
                let count = arg_int(1).flatten()? as u32;
                Some(Type::resource(if name == "InputPatch" {
                    ResourceType::InputPatch { element, count }
                } else {
                    ResourceType::OutputPatch { element, count }
                }))
            }
            "PointStream" | "LineStream" | "TriangleStream" => {
                let kind = match name {
                    "PointStream" => StreamKind::Point,
                    "LineStream" => StreamKind::Line,
                    _ => StreamKind::Triangle,
                };
                arg_type(0, errors)
                    .flatten()
                    .map(|element| Type::resource(ResourceType::Stream { kind, element }))
            }
            // Vulkan subpass inputs (`float4` by default) hold a scalar or a vector.
            "SubpassInput" | "SubpassInputMS" => {
                let element = element(errors, float4.clone())?;
                if !matches!(element, Type::Scalar(_) | Type::Vector(..)) {
                    errors.push(TypeError::InvalidArgument(format!(
                        "only scalar and vector types are allowed as the element of {name}, \
                         not `{element}`"
                    )));
                    return Some(None);
                }
                Some(Type::resource(ResourceType::SubpassInput {
                    multisampled: name == "SubpassInputMS",
                    element,
                }))
            }
            "RayDesc" => Some(builtin_struct(
                "RayDesc",
                &[
                    ("Origin", Type::vector(ScalarKind::Float, 3)),
                    ("TMin", Type::FLOAT),
                    ("Direction", Type::vector(ScalarKind::Float, 3)),
                    ("TMax", Type::FLOAT),
                ],
            )),
            "BuiltInTriangleIntersectionAttributes" => Some(builtin_struct(
                "BuiltInTriangleIntersectionAttributes",
                &[("barycentrics", Type::vector(ScalarKind::Float, 2))],
            )),
            _ => {
                let tex = name
                    .strip_prefix("RasterizerOrderedTexture")
                    .map(|d| (d, TextureAccess::RasterizerOrdered))
                    .or_else(|| {
                        name.strip_prefix("RWTexture")
                            .map(|d| (d, TextureAccess::ReadWrite))
                    })
                    .or_else(|| {
                        name.strip_prefix("Texture")
                            .map(|d| (d, TextureAccess::ReadOnly))
                    });
                let (suffix, access) = tex?;
                let dim = [
                    TextureDim::D1,
                    TextureDim::D1Array,
                    TextureDim::D2,
                    TextureDim::D2Array,
                    TextureDim::D2MS,
                    TextureDim::D2MSArray,
                    TextureDim::D3,
                    TextureDim::Cube,
                    TextureDim::CubeArray,
                ]
                .into_iter()
                .find(|d| d.suffix() == suffix)?;
                texture(dim, access, errors)
            }
        };
        // A buffer's element lives in buffer memory, which cannot hold a resource in Vulkan
        // (DXC emits a struct holding an opaque type, which fails validation).
        let element = ty
            .as_ref()
            .and_then(Type::as_resource)
            .and_then(|r| match r {
                ResourceType::TypedBuffer { element, .. }
                | ResourceType::StructuredBuffer { element, .. }
                | ResourceType::ConstantBuffer { element }
                | ResourceType::TextureBuffer { element } => Some(element),
                _ => None,
            });
        if let Some(element) = element.filter(|e| holds_resource(e)) {
            errors.push(TypeError::InvalidArgument(format!(
                "`{name}<{element}>`: the element holds a resource, and a buffer cannot hold \
                 resources; declare the resources outside the struct"
            )));
            return Some(None);
        }
        Some(ty)
    }

    /// Evaluates a constant expression that must be an integer in `0..=u32::MAX` (an offset,
    /// a count); `None` for anything else.
    pub fn eval_u32(&self, e: &ConstExpr) -> Option<u32> {
        match self.eval(e)? {
            ConstValue::Int(i) => u32::try_from(i).ok(),
            _ => None,
        }
    }

    /// Evaluates a constant expression.
    pub fn eval(&self, e: &ConstExpr) -> Option<ConstValue> {
        if *self.depth.borrow() > MAX_DEPTH {
            return None;
        }
        *self.depth.borrow_mut() += 1;
        let v = self.eval_inner(e);
        *self.depth.borrow_mut() -= 1;
        v
    }

    fn eval_inner(&self, e: &ConstExpr) -> Option<ConstValue> {
        use syntax::ast::{ArithOp, BinaryOp, CmpOp, LogicOp};
        Some(match e {
            ConstExpr::Int(i) => ConstValue::Int(*i),
            ConstExpr::Float(bits, _) => ConstValue::Float(f64::from_bits(*bits)),
            ConstExpr::Bool(b) => ConstValue::Bool(*b),
            ConstExpr::Path(p) => return self.eval_path(p),
            ConstExpr::Neg(a) => match self.eval(a)? {
                ConstValue::Float(f) => ConstValue::Float(-f),
                v => ConstValue::Int(v.as_int().wrapping_neg()),
            },
            ConstExpr::Not(a) => ConstValue::Bool(self.eval(a)?.as_float() == 0.0),
            ConstExpr::BitNot(a) => ConstValue::Int(!self.eval(a)?.as_int()),
            ConstExpr::Cond(c, a, b) => {
                if self.eval(c)?.as_float() != 0.0 {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            ConstExpr::Convert(t, a) => {
                let v = self.eval(a)?;
                let ty = self.resolve(t, &mut Vec::new())?;
                match ty.scalar_kind()? {
                    k if k.is_float() => ConstValue::Float(v.as_float()),
                    ScalarKind::Bool => ConstValue::Bool(v.as_float() != 0.0),
                    _ => ConstValue::Int(v.as_int()),
                }
            }
            // `sizeof(T)`: the size in bytes as lowering computes it (C's layout); types
            // without a size (resources, `void`) are no constant (`E2122` says why).
            ConstExpr::SizeOf(t) => {
                let ty = self.resolve(t, &mut Vec::new())?;
                if matches!(ty, Type::Void) || holds_resource(&ty) {
                    return None;
                }
                let size = types::TypeLayout::of(&ty.ir_form(), types::LayoutRules::Scalar).size;
                ConstValue::Int(i64::from(size))
            }
            ConstExpr::Unknown => return None,
            ConstExpr::MinMax(path, is_max, a, b) => {
                // A user function named `min`/`max` is no constant (DXC evaluates only the
                // intrinsics).
                if !self
                    .scope
                    .lookup_qualified(self.tree, &self.site, path)
                    .is_empty()
                {
                    return None;
                }
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                match (a, b) {
                    (ConstValue::Float(_), _) | (_, ConstValue::Float(_)) => {
                        let (x, y) = (a.as_float(), b.as_float());
                        ConstValue::Float(if *is_max { x.max(y) } else { x.min(y) })
                    }
                    _ => {
                        let (x, y) = (a.as_int(), b.as_int());
                        ConstValue::Int(if *is_max { x.max(y) } else { x.min(y) })
                    }
                }
            }
            ConstExpr::Binary(op, a, b) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                let float = matches!(a, ConstValue::Float(_)) || matches!(b, ConstValue::Float(_));
                match op {
                    BinaryOp::Arith(op) if float => {
                        let (x, y) = (a.as_float(), b.as_float());
                        ConstValue::Float(match op {
                            ArithOp::Add => x + y,
                            ArithOp::Sub => x - y,
                            ArithOp::Mul => x * y,
                            ArithOp::Div => x / y,
                            ArithOp::Rem => x % y,
                            _ => return None,
                        })
                    }
                    BinaryOp::Arith(op) => {
                        let (x, y) = (a.as_int(), b.as_int());
                        ConstValue::Int(match op {
                            ArithOp::Add => x.wrapping_add(y),
                            ArithOp::Sub => x.wrapping_sub(y),
                            ArithOp::Mul => x.wrapping_mul(y),
                            ArithOp::Div => x.checked_div(y)?,
                            ArithOp::Rem => x.checked_rem(y)?,
                            ArithOp::Shl => x.wrapping_shl(y as u32),
                            ArithOp::Shr => x.wrapping_shr(y as u32),
                            ArithOp::BitAnd => x & y,
                            ArithOp::BitOr => x | y,
                            ArithOp::BitXor => x ^ y,
                        })
                    }
                    BinaryOp::Cmp(op) => {
                        let (x, y) = (a.as_float(), b.as_float());
                        ConstValue::Bool(match op {
                            CmpOp::Eq => x == y,
                            CmpOp::Ne => x != y,
                            CmpOp::Lt => x < y,
                            CmpOp::Gt => x > y,
                            CmpOp::Le => x <= y,
                            CmpOp::Ge => x >= y,
                        })
                    }
                    BinaryOp::Logic(LogicOp::And) => {
                        ConstValue::Bool(a.as_float() != 0.0 && b.as_float() != 0.0)
                    }
                    BinaryOp::Logic(LogicOp::Or) => {
                        ConstValue::Bool(a.as_float() != 0.0 || b.as_float() != 0.0)
                    }
                    _ => return None,
                }
            }
        })
    }

    fn eval_path(&self, p: &Path) -> Option<ConstValue> {
        if let Some(v) = self.instance_member_value(p) {
            return Some(v);
        }
        if let Some(name) = p.as_name() {
            match self.binding(name) {
                Some(TemplateArg::Value(v)) => return Some(ConstValue::Int(*v)),
                Some(_) => return None,
                None => {}
            }
        }
        let found = self.scope.lookup_qualified(self.tree, &self.site, p);
        match found.first() {
            Some(&idx) => self.item_value(idx),
            None => {
                crate::builtin_consts::builtin_constant_at(p).map(|v| ConstValue::Int(i64::from(v)))
            }
        }
    }

    /// The value of a constant item: an enumerator or a `const` variable with an initializer.
    pub fn item_value(&self, idx: ItemIdx) -> Option<ConstValue> {
        match &self.tree.item(idx).kind {
            ItemKind::Enumerator(value) => {
                let ctx = self.nested(idx);
                if let Some(v) = value {
                    return ctx.eval(v);
                }
                let parent = self.tree.item(idx).parent?;
                let siblings = self.tree.children(parent);
                let pos = siblings.iter().position(|s| *s == idx)?;
                if pos == 0 {
                    return Some(ConstValue::Int(0));
                }
                let prev = self.item_value(siblings[pos - 1])?;
                Some(ConstValue::Int(prev.as_int() + 1))
            }
            ItemKind::Variable(v) if v.is_const => {
                let ctx = self.nested(idx);
                let value = ctx.eval(v.init.as_ref()?)?;
                let ty = ctx.resolve(&v.ty, &mut Vec::new());
                Some(match ty.and_then(|t| t.scalar_kind()) {
                    Some(k) if k.is_float() => ConstValue::Float(value.as_float()),
                    Some(k) if k.is_integer() => ConstValue::Int(value.as_int()),
                    _ => value,
                })
            }
            _ => None,
        }
    }
}

/// The scalar an enum's values are stored as, from its written underlying type (`enum E :
/// uint`). DXC takes `bool` and every integer type; a type that is not one is an error of the
/// declaration (`decl_checks`), and the values are then `int`s.
pub fn enum_underlying(written: Option<Type>) -> ScalarKind {
    match written {
        Some(Type::Scalar(k)) if !k.is_float() => k,
        Some(Type::Enum(e)) => e.underlying,
        _ => ScalarKind::Int,
    }
}

/// Whether a buffer pointer may point to `ty`: plain data, no resources or void.
/// Struct `ty` with the default alignment (0 while the struct was built) of the buffer
/// pointers to itself inside it filled in: its own alignment as a storage buffer, as for
/// any other pointee. A pointer is 8 bytes aligned to 8 whatever it points to, so the
/// struct's layout does not wait for it.
fn with_self_pointer_alignment(ty: Type) -> Type {
    let Type::Struct(s) = &ty else {
        return ty;
    };
    if !ty.mentions_struct_ref() {
        return ty;
    }
    let alignment = TypeLayout::of(&ty, LayoutRules::RelaxedStd430).alignment;
    ty.map_ref_pointers(&mut |name, a| {
        (a == 0 && **name == *s.name)
            .then(|| Type::buffer_pointer(Type::StructRef(Arc::clone(name)), alignment))
    })
    .unwrap_or(ty)
}

fn pointee_is_data(ty: &Type) -> bool {
    match ty {
        Type::StructRef(_) => true,
        Type::Scalar(_)
        | Type::Vector(..)
        | Type::Matrix { .. }
        | Type::BufferPointer { .. }
        | Type::Enum(_) => true,
        Type::Array { element, .. } => pointee_is_data(element),
        Type::Struct(s) => s.fields.iter().all(|f| pointee_is_data(&f.ty)),
        // `vk::SpirvType` has a size; `vk::SpirvOpaqueType` has no layout to point into.
        Type::Spirv(t) => t.layout.is_some(),
        Type::Void | Type::Resource(_) | Type::Pointer { .. } => false,
    }
}

fn access_of(name: &str) -> TextureAccess {
    if name.starts_with("RW") {
        TextureAccess::ReadWrite
    } else if name.starts_with("RasterizerOrdered") {
        TextureAccess::RasterizerOrdered
    } else {
        TextureAccess::ReadOnly
    }
}

fn builtin_struct(name: &str, fields: &[(&str, Type)]) -> Type {
    Type::structure(StructType {
        name: name.to_owned(),
        fields: fields
            .iter()
            .map(|(n, t)| StructField::new(*n, t.clone()))
            .collect(),
    })
}

/// Whether `unsigned` may qualify a type of this element: the integers (`unsigned uint` is
/// `uint`), not `bool`, the floats or `min12int`, which DXC refuses.
fn has_unsigned_form(kind: ScalarKind) -> bool {
    !(kind.is_float() || matches!(kind, ScalarKind::Bool | ScalarKind::Min12Int))
}

fn make_unsigned(ty: &Type) -> Type {
    let kind = match ty.scalar_kind() {
        Some(ScalarKind::Int) => ScalarKind::Uint,
        Some(ScalarKind::Int16) => ScalarKind::Uint16,
        Some(ScalarKind::Int64) => ScalarKind::Uint64,
        Some(ScalarKind::Min16Int) => ScalarKind::Min16Uint,
        _ => return ty.clone(),
    };
    ty.with_scalar_kind(kind).unwrap_or_else(|| ty.clone())
}

fn with_orientation(ty: &Type, o: MatrixOrientation) -> Type {
    match ty {
        Type::Matrix {
            scalar, rows, cols, ..
        } => Type::matrix_with(*scalar, *rows, *cols, o),
        Type::Array { element, len } => Type::Array {
            element: Arc::new(with_orientation(element, o)),
            len: *len,
        },
        other => other.clone(),
    }
}

/// Whether `ty` is a resource or an array or struct holding one.
pub(crate) fn holds_resource(ty: &Type) -> bool {
    match ty {
        Type::Resource(_) => true,
        Type::Array { element, .. } => holds_resource(element),
        Type::Struct(s) => s.fields.iter().any(|f| holds_resource(&f.ty)),
        _ => false,
    }
}
