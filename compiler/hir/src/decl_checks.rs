//! Declaration rules DXC enforces before it generates code, each at the declaration that
//! breaks it:
//!
//! - Vulkan attributes on declarations they do not apply to (`E2027`): `[[vk::binding]]` only
//!   on global variables, cbuffers and tbuffers, `[[vk::counter_binding]]` only on RW, append
//!   and consume structured buffers, `[[vk::location]]` only on functions, parameters and
//!   struct fields, `[[vk::push_constant]]` and `[[vk::shader_record_nv/ext]]` only on global
//!   variables and cbuffers (a shader record's global of a struct or `ConstantBuffer` type), without arguments (`E2025`); `[[vk::ext_decorate_id]]` not on functions.
//! - `[[vk::...]]` attributes DXC does not know (`W2090`, in `vk_attr_checks`).
//! - An initializer on a cbuffer or tbuffer member (`W2118`, DXC's words), which Vulkan's
//!   buffer cannot hold.
//! - Two push-constant blocks, or `[[vk::push_constant]]` (or a shader record's attribute)
//!   with `[[vk::binding]]` (`E2241`, DXC's words).
//! - Specialization constants (`E2028`): `[[vk::constant_id]]` on a non-`static` global
//!   scalar of a 32-bit or smaller type, whose default value is a literal.
//! - Elements of typed buffers and textures (`typed_elements`: `E2029`, `E2257`, `E2258`):
//!   scalars or vectors of at most 16 bytes, never structs, arrays or matrices (DXC:
//!   "elements of typed buffers and textures must be scalars or vectors"), and neither are
//!   those of combined image samplers (`vk::SampledTexture2D`); the sampled type of a
//!   texture is no 16-bit float (Vulkan images have none), no `double`, and `bool` only in
//!   a read-only texture.
//! - `discard` in a function that a non-pixel entry point reaches (`E2030`).
//! - An enum's underlying type is `bool` or an integer type (`E2003`).
//! - `packoffset` rules (`E2051`, in `packoffset_checks`).
//! - Contradicting statement attributes (`E2052`, in `stmt_attr_checks`).
//! - `switch` labels DXC refuses (`E2271`, in `switch_label_checks`).
//! - Storage modifiers where they mean nothing (`E2053`, in `modifier_checks`), and
//!   `globallycoherent` on what is no UAV (`E2053`).
//! - `register(...)` bindings of the wrong class or form (`E2071`, in `register_checks`).
//! - A struct deriving from a type DXC declares `final` (`E2072`, in `base_checks`).
//! - `const` methods where DXC refuses them (`E2074`, in `const_method_checks`).
//! - Under HLSL 202x, an initializer on a variable of a constant buffer, `$Globals`
//!   included (`E2073`; earlier versions ignore it).
//! - An anonymous struct declaring nothing outside a struct (`E2054`).
//! - A struct definition with template arguments but no `template<>` (`E2055`).
//! - Operator overloads HLSL 2021 refuses (`E2056`, in `operator_checks`).
//! - Bit-fields wider than their type, named ones of width 0, and ones of a type that is no
//!   integer, static or outside a struct (`E2121`, in `bit_field_checks`).
//! - A non-`static` struct member that is an array of unknown size (`E3285`, DXC's words:
//!   "array dimensions of struct/class members must be explicit").
//! - `union`, reserved before HLSL 202x (`E2180`) and not supported yet in 202x (`E2020`, in
//!   `union_checks`).
//!
//! Called by `diagnostics::diagnostics`.

use std::collections::{HashMap, HashSet};

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode, HasAnnotations, HasAttributes, HasModifiers, HasName};
use syntax::{Diagnostic, SyntaxKind, TextRange};
use types::{ResourceType, ScalarKind, StructuredKind, Type};

use crate::body::{body, body_source_map, Stmt};
use crate::codes;
use crate::entry::{entry_points, Stage};
use crate::ids::{ast_id_map, expanded_root, user_range, AstId, FunctionId};
use crate::infer::infer;
use crate::item_tree::{item_tree, ItemKind, ItemTree};
use crate::lower_type::TypeCtx;
use crate::packoffset_checks::{self, PackoffsetProblem};
use crate::register_checks::{register_problems, RegisterUse};
use crate::scope::item_scope;
use crate::{HirDb, HLSL_202X};

/// The kind of declaration an attribute is written on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Subject {
    GlobalVariable,
    CBuffer,
    /// A member of a cbuffer or tbuffer.
    CBufferMember,
    Field,
    Function,
    Param,
}

/// Where a Vulkan attribute may be written: the subjects it takes and how DXC's message
/// names them.
fn subjects(name: &str) -> Option<(&'static [Subject], &'static str)> {
    use Subject::*;
    Some(match name {
        "vk::binding" => (
            &[GlobalVariable, CBuffer],
            "global variables, cbuffers, and tbuffers",
        ),
        "vk::counter_binding" => (
            &[GlobalVariable],
            "RWStructuredBuffers, AppendStructuredBuffers, and ConsumeStructuredBuffers",
        ),
        "vk::location" => (
            &[Function, Param, Field],
            "functions, parameters, and fields",
        ),
        // glslang takes `[[vk::push_constant]] cbuffer ...` too: not refused here.
        "vk::push_constant" | "vk::shader_record_nv" | "vk::shader_record_ext" => {
            (&[GlobalVariable, CBuffer], "global variables and cbuffers")
        }
        "vk::constant_id" => (&[GlobalVariable], "global variables"),
        // DXC's `docs/SPIR-V.rst`: struct members, and cbuffer members (which DXC keeps as
        // the fields of the buffer's record).
        "vk::offset" => (&[Field, CBufferMember], "fields"),
        _ => return None,
    })
}

/// Attributes that take no arguments.
fn takes_no_arguments(name: &str) -> bool {
    matches!(
        name,
        "vk::push_constant" | "vk::shader_record_nv" | "vk::shader_record_ext"
    )
}

struct Checker<'a> {
    db: &'a dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    out: &'a mut Vec<Diagnostic>,
    /// The `[[vk::push_constant]]` attributes of the file's globals and cbuffers, in order.
    push_constants: Vec<TextRange>,
}

impl Checker<'_> {
    fn error(&mut self, code: &'static str, range: TextRange, message: String) {
        let (f, r) = user_range(self.db, self.file, self.config, range);
        self.out.push(Diagnostic::error(code, message, f, r));
    }

    fn warning(&mut self, code: &'static str, range: TextRange, message: String) {
        let (f, r) = user_range(self.db, self.file, self.config, range);
        self.out.push(Diagnostic::warning(code, message, f, r));
    }
}

/// `globallycoherent` on a global or a function whose type is no UAV (a writable resource
/// or an array of them): DXC's "'globallycoherent' is not a valid modifier for a non-UAV
/// type" (`E2053`).
fn check_globallycoherent(cx: &mut Checker<'_>, modifiers: &[syntax::SyntaxToken], ty: &Type) {
    let Some(gc) = modifiers
        .iter()
        .find(|t| t.kind() == SyntaxKind::GLOBALLYCOHERENT_KW)
    else {
        return;
    };
    if RegisterUse::of_type(ty) != RegisterUse::Writable {
        cx.error(
            codes::INVALID_MODIFIER,
            gc.text_range(),
            "'globallycoherent' is not a valid modifier for a non-UAV type".into(),
        );
    }
}

/// `E2071` for each problem of a `register(...)` binding on a declaration of `use_`.
fn check_register(cx: &mut Checker<'_>, binding: &ast::RegisterBinding, use_: RegisterUse) {
    let args = binding.args();
    for message in register_problems(&args, use_) {
        cx.error(
            codes::INVALID_REGISTER,
            binding.syntax().text_range(),
            message,
        );
    }
    // `register(cN)` places a loose global at constant register N of `$Globals`.
    let constant = args
        .iter()
        .map(|a| a.trim())
        .find(|a| a.starts_with(['c', 'C']) && a[1..].starts_with(|c: char| c.is_ascii_digit()));
    if let Some(bytes) = constant.and_then(packoffset_checks::offset_past_four_gib) {
        cx.error(
            codes::OFFSET_PAST_FOUR_GIB,
            binding.syntax().text_range(),
            format!(
                "`register({})` places the global at byte {bytes}, past the 4 GiB a buffer's \
                 offsets can address",
                constant.unwrap_or_default()
            ),
        );
    }
}

/// The declaration diagnostics of `file`.
pub(crate) fn declaration_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    out: &mut Vec<Diagnostic>,
) {
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    let map = ast_id_map(db, file, config);
    let root = expanded_root(db, file, config);
    let mut cx = Checker {
        db,
        file,
        config,
        out,
        push_constants: Vec::new(),
    };
    for range in packoffset_checks::misplaced(&root) {
        let (f, r) = user_range(db, file, config, range);
        cx.out.push(packoffset_checks::diagnostic(
            PackoffsetProblem::OutsideConstantBuffer,
            f,
            r,
        ));
    }
    for (range, message) in crate::stmt_attr_checks::conflicting_attributes(&root) {
        cx.error(codes::INCOMPATIBLE_ATTRIBUTES, range, message);
    }
    {
        let tcx = TypeCtx::new(&tree, &scope, crate::scope::LookupSite::file());
        let eval = |e: &ast::Expr| tcx.eval(&crate::type_ref::ConstExpr::lower(e));
        let global = |name: &str| {
            let (items, _) = scope.lookup(&tree, &crate::scope::LookupSite::file(), name);
            items.iter().find_map(|&i| match &tree.item(i).kind {
                ItemKind::Variable(v) => Some(crate::attr_placement::GlobalRef {
                    ty: tcx.resolve(&v.ty, &mut Vec::new())?,
                    is_static: v.is_static,
                }),
                _ => None,
            })
        };
        let lookup = crate::attr_placement::Lookup {
            eval: &eval,
            global: &global,
        };
        for (code, range, message) in crate::attr_placement::attribute_placement(&root, &lookup) {
            if code.starts_with('W') {
                cx.warning(code, range, message);
            } else {
                cx.error(code, range, message);
            }
        }
    }
    for (range, message) in crate::modifier_checks::misplaced_modifiers(&root) {
        cx.error(codes::INVALID_MODIFIER, range, message);
    }
    for (range, message) in crate::switch_label_checks::refused_labels(&root) {
        cx.error(codes::SWITCH_LABEL, range, message);
    }
    for (range, message) in specializations_without_template(&root) {
        cx.error(codes::SPECIALIZATION_WITHOUT_TEMPLATE, range, message);
    }
    for range in anonymous_structs_outside_structs(&root) {
        cx.error(
            codes::ANONYMOUS_STRUCT,
            range,
            "anonymous structs and classes must be class members".into(),
        );
    }
    let version = config.preprocess(db).hlsl_version;
    for (range, message) in crate::const_method_checks::refused_const_methods(&root, version) {
        cx.error(codes::CONST_METHOD, range, message);
    }
    for (range, message) in crate::operator_checks::refused_overloads(&root) {
        cx.error(codes::OPERATOR_NOT_OVERLOADABLE, range, message);
    }
    for (code, range, message) in crate::union_checks::refused_unions(&root, version) {
        cx.error(code, range, message);
    }
    for idx in tree.indices() {
        let item = tree.item(idx);
        let Some(node) = map.node(&root, item.ast) else {
            continue;
        };
        let tcx = TypeCtx::inside(&tree, &scope, idx);
        match &item.kind {
            ItemKind::Variable(var) => {
                let Some(declarator) = ast::VarDeclarator::cast(node) else {
                    continue;
                };
                let Some(decl) = declarator.var_decl() else {
                    continue;
                };
                let subject = match item.parent.map(|p| &tree.item(p).kind) {
                    None | Some(ItemKind::Namespace(_)) => Subject::GlobalVariable,
                    Some(ItemKind::CBuffer(_)) => Subject::CBufferMember,
                    Some(_) => Subject::Field,
                };
                let ty = tcx.resolve(&var.ty, &mut Vec::new());
                if let Some(width) = var.bit_width {
                    for message in crate::bit_field_checks::bit_field_problems(
                        &item.name,
                        width,
                        ty.as_ref(),
                        subject == Subject::Field,
                        var.is_static,
                    ) {
                        cx.error(codes::BIT_FIELD, declarator.syntax().text_range(), message);
                    }
                }
                // A member's array needs its length (DXC's words); a `typedef` of an array of
                // unknown size counts too.
                if subject == Subject::Field
                    && !var.is_static
                    && matches!(ty, Some(Type::Array { len: None, .. }))
                {
                    cx.error(
                        codes::UNSIZED_MEMBER_ARRAY,
                        declarator.syntax().text_range(),
                        "array dimensions of struct/class members must be explicit".into(),
                    );
                }
                let type_range = decl.ty().map_or(declarator.syntax().text_range(), |t| {
                    t.syntax().text_range()
                });
                if let (Subject::GlobalVariable, Some(ty)) = (subject, &ty) {
                    check_globallycoherent(&mut cx, &decl.modifiers(), ty);
                }
                // Workgroup memory has no initial value: DXC drops the initializer and says so.
                if var.groupshared {
                    if let Some(init) = declarator.initializer() {
                        cx.warning(
                            codes::GROUPSHARED_INITIALIZER,
                            init.syntax().text_range(),
                            "initializer of 'groupshared' variable will be ignored".into(),
                        );
                    }
                }
                // A pointer needs a value (`infer::pointer_locals`); on a push constant DXC's
                // error is the attribute's (lowering's E3266).
                let push_constant = decl
                    .attributes()
                    .any(|a| a.name_text() == "vk::push_constant");
                if subject == Subject::GlobalVariable
                    && !push_constant
                    && crate::infer::pointer_locals::lacks_initializer(ty.as_ref(), var.has_init)
                {
                    let range = declarator
                        .name()
                        .map_or(declarator.syntax().text_range(), |n| {
                            n.syntax().text_range()
                        });
                    cx.error(
                        codes::BUFFER_POINTER_NO_DEFAULT,
                        range,
                        crate::infer::pointer_locals::NO_DEFAULT_CONSTRUCTOR.into(),
                    );
                }
                // A global `string` is a constant `OpString`: it needs its text.
                if subject == Subject::GlobalVariable && var.ty.is_string() && !var.has_init {
                    let range = declarator
                        .name()
                        .map_or(declarator.syntax().text_range(), |n| {
                            n.syntax().text_range()
                        });
                    cx.error(
                        codes::STRING_VARIABLE,
                        range,
                        "Found uninitialized string variable.".into(),
                    );
                }
                // A width `item_tree` could not keep (past 255 bits) exceeds every type.
                if let (None, Some(w)) = (
                    var.bit_width,
                    declarator.bit_field_width().and_then(|b| b.width()),
                ) {
                    let bits = ty.as_ref().map_or(32, |t| match t {
                        types::Type::Scalar(k) => k.size_in_buffer() * 8,
                        _ => 32,
                    });
                    cx.error(
                        codes::BIT_FIELD,
                        w.text_range(),
                        format!(
                            "size of bit-field '{}' ({} bits) exceeds size of its type ({bits} bits)",
                            item.name,
                            w.text()
                        ),
                    );
                }
                let buffer = match item.parent.map(|p| &tree.item(p).kind) {
                    Some(ItemKind::CBuffer(c)) if c.is_tbuffer => "tbuffer",
                    _ => "cbuffer",
                };
                let spec_constant = decl
                    .attributes()
                    .any(|a| a.name_text() == "vk::constant_id");
                if var.has_init
                    && !var.is_static
                    && !var.groupshared
                    && !spec_constant
                    && matches!(subject, Subject::GlobalVariable | Subject::CBufferMember)
                    && !matches!(ty, Some(Type::Resource(_)) | None)
                    && config.preprocess(db).hlsl_version >= HLSL_202X
                {
                    // HLSL 202x refuses what earlier versions ignore with a warning.
                    cx.error(
                        codes::BUFFER_INITIALIZER,
                        declarator.syntax().text_range(),
                        format!("variable in a {buffer} cannot have an initializer"),
                    );
                }
                // Below HLSL 202x (which refuses them, above) DXC ignores a buffer member's
                // initializer and says so at the value, a `static` member's too.
                if subject == Subject::CBufferMember
                    && (var.is_static || config.preprocess(db).hlsl_version < HLSL_202X)
                {
                    if let Some(init) = declarator.initializer() {
                        let buffer = match item.parent.map(|p| &tree.item(p).kind) {
                            Some(ItemKind::CBuffer(c)) if c.is_tbuffer => "tbuffer",
                            _ => "cbuffer",
                        };
                        cx.warning(
                            codes::BUFFER_MEMBER_INIT_IGNORED,
                            init.syntax().text_range(),
                            format!(
                                "{buffer} member initializer ignored since no Vulkan equivalent"
                            ),
                        );
                    }
                }
                if let (Subject::GlobalVariable, Some(ty), Some(binding)) =
                    (subject, &ty, declarator.register_binding())
                {
                    let use_ = RegisterUse::of_type(ty);
                    check_register(&mut cx, &binding, use_);
                }
                if let (Subject::CBufferMember, Some(p)) = (subject, declarator.packoffset()) {
                    let offset = p.offset().unwrap_or_default();
                    if let Err(problem) = packoffset_checks::check_offset(&offset, ty.as_ref()) {
                        let (f, r) = user_range(db, file, config, p.syntax().text_range());
                        cx.out.push(packoffset_checks::diagnostic(problem, f, r));
                    } else if let Some(bytes) = packoffset_checks::offset_past_four_gib(&offset) {
                        let (f, r) = user_range(db, file, config, p.syntax().text_range());
                        cx.out.push(Diagnostic::error(
                            codes::OFFSET_PAST_FOUR_GIB,
                            format!(
                                "`packoffset({})` places the member at byte {bytes}, past the \
                                 4 GiB a buffer's offsets can address",
                                offset.trim()
                            ),
                            f,
                            r,
                        ));
                    }
                }
                // One declaration may declare several names: check its attributes and type
                // once, with the first.
                let first = decl
                    .declarators()
                    .next()
                    .is_none_or(|d| d.syntax() == declarator.syntax());
                if first {
                    for attr in decl.attributes() {
                        check_subject(&mut cx, &attr, subject, ty.as_ref());
                        if attr.name_text() == "vk::offset" {
                            check_vk_offset(&mut cx, &attr, var, &tcx);
                        }
                        if attr.name_text() == "vk::constant_id"
                            && subject == Subject::GlobalVariable
                        {
                            // DXC puts a wrong type at the declaration's start, its
                            // qualifiers included (`const double sc = 42;`).
                            let start = decl
                                .modifiers()
                                .first()
                                .map_or(type_range.start(), |m| m.text_range().start());
                            let spelled =
                                TextRange::new(start.min(type_range.start()), type_range.end());
                            check_spec_constant(
                                &mut cx,
                                &declarator,
                                var.is_static,
                                ty.as_ref(),
                                spelled,
                            );
                        }
                    }
                    if let Some(ty) = &ty {
                        check_element_type(&mut cx, ty, type_range);
                    }
                }
            }
            ItemKind::CBuffer(c) => {
                if let Some(def) = ast::CBufferDef::cast(node) {
                    if let Some(binding) = def.register_binding() {
                        let use_ = if c.is_tbuffer {
                            RegisterUse::ReadOnly
                        } else {
                            RegisterUse::ConstantBuffer
                        };
                        check_register(&mut cx, &binding, use_);
                    }
                    for attr in def.attributes() {
                        check_subject(&mut cx, &attr, Subject::CBuffer, None);
                    }
                }
            }
            ItemKind::Function(func) => {
                let Some(def) = ast::FnDef::cast(node) else {
                    continue;
                };
                if let Some(ret) = tcx.resolve(&func.ret, &mut Vec::new()) {
                    check_globallycoherent(&mut cx, &def.modifiers(), &ret);
                }
                for attr in def.attributes() {
                    check_subject(&mut cx, &attr, Subject::Function, None);
                    // `OpDecorateId` and `OpDecorateString` have no `OpFunction` form in DXC,
                    // which reports each (its `spv.intrinsicDecorate.function.error` test).
                    let name = attr.name_text();
                    if matches!(
                        name.as_str(),
                        "vk::ext_decorate_id" | "vk::ext_decorate_string"
                    ) {
                        cx.error(
                            codes::MISPLACED_ATTRIBUTE,
                            attr.syntax().text_range(),
                            format!("{name} is not supported on functions"),
                        );
                    }
                }
                for param in def.param_list().into_iter().flat_map(|l| l.params()) {
                    for attr in param.attributes() {
                        check_subject(&mut cx, &attr, Subject::Param, None);
                    }
                }
            }
            ItemKind::Struct(st) => {
                let Some(def) = ast::StructDef::cast(node) else {
                    continue;
                };
                let written = def.base_list().into_iter().flat_map(|l| l.types());
                for (base, node) in st.bases.iter().zip(written) {
                    if let Some(message) = crate::base_checks::final_base_message(base, &tcx) {
                        cx.error(codes::FINAL_BASE, node.syntax().text_range(), message);
                    }
                }
            }
            ItemKind::Enum(e) => {
                // `enum E : half` (DXC: "non-integral type 'half' is an invalid underlying
                // type").
                let written = e.underlying.as_ref().and_then(|u| {
                    let ty = tcx.resolve(u, &mut Vec::new())?;
                    let range = ast::EnumDef::cast(node)?
                        .underlying_type()?
                        .syntax()
                        .text_range();
                    Some((ty, range))
                });
                if let Some((ty, range)) = written {
                    if !matches!(ty, Type::Scalar(k) if !k.is_float()) {
                        cx.error(
                            codes::TYPE_MISMATCH,
                            range,
                            crate::infer::non_integral_underlying_message(&ty),
                        );
                    }
                }
            }
            _ => {}
        }
    }
    discard_outside_pixel_shaders(&mut cx, &tree);
    several_push_constant_blocks(&mut cx);
}

/// A second `[[vk::push_constant]]` block in DXC's words ("cannot have more than one push
/// constant block", with its note at the first; `E2241`): Vulkan gives a stage one, and DXC
/// counts the declarations, used or not.
fn several_push_constant_blocks(cx: &mut Checker<'_>) {
    let Some((&first, rest)) = cx.push_constants.split_first() else {
        return;
    };
    let (first_file, first_range) = user_range(cx.db, cx.file, cx.config, first);
    for &range in rest {
        let (f, r) = user_range(cx.db, cx.file, cx.config, range);
        cx.out.push(
            Diagnostic::error(
                codes::VK_ATTRIBUTE_CONFLICT,
                "cannot have more than one push constant block",
                f,
                r,
            )
            .with_related(
                first_file,
                first_range,
                "push constant block previously defined here",
            ),
        );
    }
}

/// Whether `ty` (or the element of an array of it) is a buffer with a counter.
fn is_counter_buffer(ty: &Type) -> bool {
    match ty {
        Type::Array { element, .. } => is_counter_buffer(element),
        Type::Resource(r) => matches!(
            &**r,
            ResourceType::StructuredBuffer {
                kind: StructuredKind::ReadWrite | StructuredKind::Append | StructuredKind::Consume,
                ..
            }
        ),
        _ => false,
    }
}

/// Whether a global of type `ty` may be a shader-record block: a struct, or a
/// `ConstantBuffer<T>`.
fn is_record_block(ty: &Type) -> bool {
    match ty {
        Type::Struct(_) => true,
        Type::Resource(r) => matches!(&**r, ResourceType::ConstantBuffer { .. }),
        _ => false,
    }
}

fn check_subject(cx: &mut Checker<'_>, attr: &ast::Attribute, subject: Subject, ty: Option<&Type>) {
    if let Some((code, range, message)) = crate::vk_attr_checks::unknown_vk_attribute(attr) {
        cx.warning(code, range, message);
        return;
    }
    if let Some((code, at, message)) = crate::vk_attr_checks::unknown_image_format(attr) {
        cx.warning(code, at, message);
    }
    if let Some((code, at, message)) = crate::vk_attr_checks::input_attachment_elsewhere(attr, ty) {
        cx.warning(code, at, message);
    }
    let name = attr.name_text();
    let Some((allowed, description)) = subjects(&name) else {
        return;
    };
    let short = name.trim_start_matches("vk::");
    let range = attr.syntax().text_range();
    let mut fits = allowed.contains(&subject);
    if fits && name == "vk::counter_binding" {
        fits = ty.is_some_and(is_counter_buffer);
    }
    // A shader record holds data: a struct global or a constant buffer's, never a
    // descriptor or a lone value (DXC's subject is a global variable of struct type).
    let record = matches!(
        name.as_str(),
        "vk::shader_record_ext" | "vk::shader_record_nv"
    );
    if fits && record && subject == Subject::GlobalVariable {
        if let Some(ty) = ty.filter(|t| !is_record_block(t)) {
            cx.error(
                codes::MISPLACED_ATTRIBUTE,
                range,
                format!(
                    "'{short}' attribute only applies to global variables of struct type, \
                     ConstantBuffers and cbuffers, not to a {ty}"
                ),
            );
            return;
        }
    }
    if !fits {
        cx.error(
            codes::MISPLACED_ATTRIBUTE,
            range,
            format!("'{short}' attribute only applies to {description}"),
        );
        return;
    }
    // DXC reports these at the attribute's name (`[[vk::push_constant]]` starts its list).
    let name_range = |a: &ast::Attribute| {
        a.path()
            .map_or(a.syntax().text_range(), |p| p.syntax().text_range())
    };
    if name == "vk::push_constant" {
        cx.push_constants.push(name_range(attr));
    }
    // DXC: "vk::push_constant attribute cannot be used together with vk::binding attribute",
    // at the push constant attribute; the same for a shader record, which takes no binding
    // either.
    let unbound_beside = attr.syntax().parent().and_then(|p| {
        p.children().filter_map(ast::Attribute::cast).find(|a| {
            matches!(
                a.name_text().as_str(),
                "vk::push_constant" | "vk::shader_record_nv" | "vk::shader_record_ext"
            )
        })
    });
    if let (true, Some(unbound)) = (name == "vk::binding", unbound_beside) {
        cx.error(
            codes::VK_ATTRIBUTE_CONFLICT,
            name_range(&unbound),
            format!(
                "{} attribute cannot be used together with vk::binding attribute",
                unbound.name_text()
            ),
        );
    }
    if takes_no_arguments(&name) && attr.arg_list().is_some() {
        cx.error(
            codes::INVALID_ATTRIBUTE,
            range,
            format!("'{short}' attribute takes no arguments"),
        );
    }
}

/// `[[vk::offset(N)]]` takes one argument, a constant byte offset that fits in 32 bits
/// (`E2170`; DXC: clang's "requires an integer constant").
fn check_vk_offset(
    cx: &mut Checker<'_>,
    attr: &ast::Attribute,
    var: &crate::item_tree::Variable,
    tcx: &TypeCtx<'_>,
) {
    let count = attr.arg_list().map_or(0, |l| l.args().count());
    let message = if count != 1 {
        "'offset' attribute takes one argument"
    } else if var
        .vk_offset
        .as_ref()
        .and_then(|e| tcx.eval_u32(e))
        .is_none()
    {
        "'offset' attribute requires an integer constant from 0 to 4294967295"
    } else {
        return;
    };
    cx.error(
        codes::VK_OFFSET,
        attr.syntax().text_range(),
        message.to_owned(),
    );
}

/// The rules of `[[vk::constant_id]]` on a global: SPIR-V spec constants are scalars whose
/// default value the module states, so the initializer must be a literal.
fn check_spec_constant(
    cx: &mut Checker<'_>,
    declarator: &ast::VarDeclarator,
    is_static: bool,
    ty: Option<&Type>,
    type_range: TextRange,
) {
    let name_range = declarator
        .name()
        .map_or(declarator.syntax().text_range(), |n| {
            n.syntax().text_range()
        });
    if is_static {
        cx.error(
            codes::SPEC_CONSTANT,
            name_range,
            "a specialization constant cannot be `static`: it must be visible outside the shader"
                .to_owned(),
        );
        return;
    }
    match ty {
        Some(Type::Scalar(kind)) if spec_constant_kind(*kind) => {}
        Some(ty) => {
            cx.error(
                codes::SPEC_CONSTANT,
                type_range,
                format!(
                    "unsupported specialization constant type `{}`: only bool and 32-bit or \
                     smaller integer and float scalars",
                    ty
                ),
            );
            return;
        }
        None => return,
    }
    match declarator.initializer() {
        None => cx.error(
            codes::SPEC_CONSTANT,
            name_range,
            "missing default value for specialization constant".to_owned(),
        ),
        Some(init) if !is_literal(&init) => cx.error(
            codes::SPEC_CONSTANT,
            init.syntax().text_range(),
            "unsupported specialization constant initializer: the default value must be a \
             literal"
                .to_owned(),
        ),
        Some(_) => {}
    }
}

fn spec_constant_kind(kind: ScalarKind) -> bool {
    kind.is_bool() || kind.bit_width() <= 32
}

/// A literal, possibly negated or parenthesized (`4`, `-1.5`, `(true)`).
fn is_literal(e: &ast::Expr) -> bool {
    match e {
        ast::Expr::Literal(_) => true,
        ast::Expr::ParenExpr(_) | ast::Expr::PrefixExpr(_) => {
            let is_negation = e
                .syntax()
                .children_with_tokens()
                .filter_map(|t| t.into_token())
                .all(|t| {
                    matches!(
                        t.kind(),
                        SyntaxKind::MINUS
                            | SyntaxKind::PLUS
                            | SyntaxKind::L_PAREN
                            | SyntaxKind::R_PAREN
                    ) || t.kind().is_trivia()
                });
            is_negation
                && e.syntax()
                    .children()
                    .filter_map(ast::Expr::cast)
                    .all(|c| is_literal(&c))
        }
        _ => false,
    }
}

/// The element type of a typed buffer or texture (`typed_elements`).
fn check_element_type(cx: &mut Checker<'_>, ty: &Type, range: TextRange) {
    for (code, message) in crate::typed_elements::element_type_faults(ty) {
        cx.error(code, range, message);
    }
}

/// `discard` in the functions a non-pixel entry point calls (directly or not): DXC refuses
/// it ("discard statement may only be used in pixel shaders").
fn discard_outside_pixel_shaders(cx: &mut Checker<'_>, tree: &ItemTree) {
    let entries = entry_points(cx.db, cx.file, cx.config);
    if entries.iter().all(|e| e.stage == Stage::Pixel) {
        return;
    }
    // Prototypes are called through their definition (same name, one with a body).
    let definitions: HashMap<&str, Vec<AstId>> = tree
        .indices()
        .filter(|i| tree.function(*i).is_some_and(|f| f.has_body))
        .fold(HashMap::new(), |mut m, i| {
            m.entry(tree.item(i).name.as_str())
                .or_default()
                .push(tree.item(i).ast);
            m
        });
    let mut reported: HashSet<TextRange> = HashSet::new();
    for entry in entries.iter().filter(|e| e.stage != Stage::Pixel) {
        let mut seen: HashSet<AstId> = HashSet::new();
        let mut stack = vec![entry.function];
        while let Some(f) = stack.pop() {
            if !seen.insert(f) {
                continue;
            }
            let Some(idx) = tree.by_ast(f) else { continue };
            let Some(func) = tree.function(idx) else {
                continue;
            };
            if !func.has_body {
                let name = tree.item(idx).name.as_str();
                stack.extend(definitions.get(name).into_iter().flatten().copied());
                continue;
            }
            let fid = FunctionId::new(cx.db, cx.file, cx.config, f);
            stack.extend(infer(cx.db, fid).calls.iter().copied());
            // The body (backdated across edits elsewhere) says whether there is a `discard`;
            // only then does the source map give its range.
            let discards: Vec<usize> = body(cx.db, fid)
                .stmts
                .iter()
                .enumerate()
                .filter(|(_, s)| matches!(s, Stmt::Discard))
                .map(|(i, _)| i)
                .collect();
            if discards.is_empty() {
                continue;
            }
            let source_map = body_source_map(cx.db, fid);
            for i in discards {
                let Some(ptr) = source_map.stmts.get(i) else {
                    continue;
                };
                let range = ptr.text_range();
                if reported.insert(range) {
                    cx.error(
                        codes::DISCARD_OUTSIDE_PIXEL,
                        range,
                        format!(
                            "discard statement may only be used in pixel shaders (`{}` is a {} \
                             entry point)",
                            entry.name,
                            entry.stage.name()
                        ),
                    );
                }
            }
        }
    }
}

/// Struct definitions without a name that declare no variable (`struct { float a; };`),
/// outside a struct: C++ (and so DXC) allows such anonymous structs only as members, where
/// their fields join the enclosing struct. The range is the `struct` keyword.
fn anonymous_structs_outside_structs(root: &syntax::SyntaxNode) -> Vec<TextRange> {
    root.descendants()
        .filter(|n| n.kind() == SyntaxKind::STRUCT_DEF)
        .filter(|n| !n.children().any(|c| c.kind() == SyntaxKind::NAME))
        .filter(|n| {
            !n.parent()
                .is_some_and(|p| matches!(p.kind(), SyntaxKind::TYPE_REF | SyntaxKind::FIELD_LIST))
        })
        .filter_map(|n| n.first_token().map(|t| t.text_range()))
        .collect()
}

/// Struct definitions named with template arguments (`class Box<T> { ... }`) that no
/// `template<>` introduces, in clang's words: an explicit specialization of a name that is no
/// template, or one missing its `template<>`. The range is the arguments.
fn specializations_without_template(root: &syntax::SyntaxNode) -> Vec<(TextRange, String)> {
    let defs: Vec<ast::StructDef> = root
        .descendants()
        .filter_map(ast::StructDef::cast)
        .collect();
    let templates: HashSet<String> = defs
        .iter()
        .filter(|d| d.template_param_list().is_some())
        .filter_map(|d| d.name().map(|n| n.text().to_string()))
        .collect();
    defs.iter()
        .filter(|d| d.template_param_list().is_none())
        .filter_map(|d| {
            let args = d.specialization_args()?;
            let name = d.name()?.text().to_string();
            let keyword = d
                .keyword()
                .map_or("struct".to_owned(), |k| k.text().to_string());
            let message = if templates.contains(&name) {
                format!("template specialization requires `template<>`: `{name}` is a template")
            } else {
                format!(
                    "explicit specialization of non-template {keyword} `{name}`: a generic \
                     {keyword} is declared `template<typename T> {keyword} {name}`"
                )
            };
            Some((args.syntax().text_range(), message))
        })
        .collect()
}
