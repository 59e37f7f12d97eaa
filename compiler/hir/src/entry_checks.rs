//! Checks of entry-point signatures: every stage input and output has a semantic (`E2024`),
//! each semantic is valid for the stage and direction (`E2023`, rules in `system_values`), and
//! compute, mesh and amplification entries carry `[numthreads]` and hull entries
//! `[patchconstantfunc]` and `[outputtopology]` (`E2026`).
//!
//! Parameters of struct type are checked field by field (the field's own range, with a note
//! at the parameter); `InputPatch`/`OutputPatch` elements are inputs, a geometry shader's
//! stream element type is its output, mesh `vertices`/`primitives` are outputs, and
//! resources (`uniform` or not), mesh `indices` and the `payload` need no semantic; a
//! `uniform` value does, as in DXC, which has no `$Params` buffer. Called by
//! `diagnostics::diagnostics`.

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode, HasAnnotations, HasAttributes, HasModifiers, HasName};
use syntax::{Diagnostic, FileId, SyntaxNode, TextRange};
use types::{Interpolation, ResourceType, StructType, Type};

use crate::codes;
use crate::entry::{entry_points, EntryPoint, Stage};
use crate::ids::{ast_id_map, expanded_root, user_range, AstIdMap, FunctionId};
use crate::infer::function_signature;
use crate::item_tree::{item_tree, ItemKind, ItemTree, MeshParam, ParamDirection};
use crate::lower_type::TypeCtx;
use crate::scope::item_scope;
use crate::system_values::{self, Direction, SemanticProblem};
use crate::HirDb;

/// The diagnostics of every entry point's signature and `[numthreads]`.
pub(crate) fn entry_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    out: &mut Vec<Diagnostic>,
) {
    let entries = entry_points(db, file, config);
    if entries.is_empty() {
        return;
    }
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    let cx = Checker {
        db,
        file,
        config,
        tree: &tree,
        map: ast_id_map(db, file, config),
        root: expanded_root(db, file, config),
    };
    for entry in entries.iter() {
        let Some(idx) = tree.by_ast(entry.function) else {
            continue;
        };
        let Some(f) = tree.function(idx) else {
            continue;
        };
        let Some(node) = cx
            .map
            .node(&cx.root, entry.function)
            .and_then(ast::FnDef::cast)
        else {
            continue;
        };
        let name_range = node
            .name()
            .map_or(node.syntax().text_range(), |n| n.syntax().text_range());
        // On the definition or on a prototype of it (`[numthreads(1, 1, 1)] void main();`).
        let declarations = std::iter::once(node.clone()).chain(prototypes(&cx, idx));
        // A `[numthreads]` DXC ignores (W2016, a group of no thread or of more than 1024)
        // counts as missing.
        let tcx = TypeCtx::inside(&tree, &scope, idx);
        let keeps_size = |a: &ast::Attribute| {
            matches!(entry.stage, Stage::Mesh | Stage::Amplification)
                || !crate::attr_checks::numthreads_is_ignored(a, &tcx)
        };
        let has_numthreads = declarations.into_iter().any(|d| {
            d.attributes()
                .any(|a| a.name_text().eq_ignore_ascii_case("numthreads") && keeps_size(&a))
        });
        // A function found by its `[numthreads]` alone is no entry once DXC ignores it.
        let by_numthreads = entry.source == crate::entry::EntrySource::NumThreads;
        if entry.stage.needs_numthreads() && !has_numthreads && !by_numthreads {
            let (file_id, range) = cx.user(name_range);
            // DXC words it for mesh shaders apart.
            let dxc = if entry.stage == Stage::Mesh {
                "MS entry point must have the numthreads attribute"
            } else if entry.stage == Stage::Amplification {
                "AS entry point must have the numthreads attribute"
            } else {
                "thread group size [numthreads(x,y,z)] is missing from the entry-point function"
            };
            out.push(Diagnostic::error(
                codes::MISSING_NUMTHREADS,
                format!(
                    "{dxc}: {} entry point `{}` has no `[numthreads(x, y, z)]` attribute",
                    entry.stage.name(),
                    entry.name
                ),
                file_id,
                range,
            ));
        }
        if let Some(inline) = node
            .modifiers()
            .into_iter()
            .find(|t| t.kind() == syntax::SyntaxKind::INLINE_KW)
        {
            // An inline function has no linkage of its own: DXC finds no entry point then.
            let (file_id, range) = cx.user(inline.text_range());
            out.push(Diagnostic::error(
                codes::INVALID_MODIFIER,
                format!(
                    "'inline' is not a valid modifier for an entry point: `{}` would not be \
                     visible as the {} entry point",
                    entry.name,
                    entry.stage.name()
                ),
                file_id,
                range,
            ));
        }
        stage_attributes(&cx, entry, &node, f, name_range, out);
        if !system_values::has_signature(entry.stage) {
            continue;
        }
        let tcx = TypeCtx::inside(&tree, &scope, idx);
        let sig = function_signature(db, FunctionId::new(db, file, config, entry.function));
        let mut check = SignatureCheck {
            cx: &cx,
            tcx: &tcx,
            entry,
            out: Vec::new(),
            seen: Vec::new(),
            in_patch: false,
        };
        let syntax_params: Vec<ast::Param> = node
            .param_list()
            .map(|l| l.params().collect())
            .unwrap_or_default();
        for (i, param) in f.params.iter().enumerate() {
            let (Some(p_syntax), Some(Some(ty))) =
                (syntax_params.get(i), sig.params.get(i).map(|p| &p.ty))
            else {
                continue;
            };
            // A `uniform` value parameter needs a semantic as any other: DXC parses `uniform`
            // on entry parameters but has no `$Params` buffer for them (fxc had).
            if param.is_uniform && matches!(ty, Type::Resource(_))
                || matches!(param.mesh, Some(MeshParam::Payload | MeshParam::Indices))
            {
                continue;
            }
            let dirs: &[Direction] = match (param.mesh, param.direction) {
                // Patches and streams have their own direction (`inout PointStream<G>` is
                // one output), other resources none: one visit each.
                _ if matches!(ty, Type::Resource(_)) => &[Direction::In],
                (Some(_), _) | (None, ParamDirection::Out) => &[Direction::Out],
                (None, ParamDirection::In) => &[Direction::In],
                (None, ParamDirection::InOut) => &[Direction::In, Direction::Out],
            };
            let site = Site {
                what: if param.name.is_empty() {
                    format!("unnamed parameter {}", i + 1)
                } else {
                    format!("parameter `{}`", param.name)
                },
                name: p_syntax
                    .name()
                    .map_or(p_syntax.syntax().text_range(), |n| n.syntax().text_range()),
                semantic: semantic_range(p_syntax.semantic()),
                vk_builtin: has_vk_builtin(p_syntax.attributes()),
                vk_location: has_vk_location(p_syntax.attributes()),
            };
            let modes: Vec<Interpolation> = (p_syntax.modifiers().iter())
                .filter_map(|t| crate::item_tree::interpolation(t.kind()))
                .collect();
            for &dir in dirs {
                // An `out` or `inout` parameter is a reference in DXC, whose element type it
                // does not see as an integer: it keeps the modes written, unchecked.
                let by_value = param.direction == ParamDirection::In;
                if let Some(rule) = check.interpolation_rule(dir).filter(|_| by_value) {
                    let what = format!("parameter `{}`", param.name);
                    check.integer_interpolation(&what, ty, &modes, rule, &site, None);
                }
                check.value(ty, param.semantic.as_deref(), dir, &site, None);
            }
        }
        if entry.stage == Stage::Hull
            && sig.ret.as_ref().is_some_and(|t| !t.is_void())
            && !f.params.iter().any(|p| {
                p.semantic
                    .as_deref()
                    .is_some_and(|s| s.eq_ignore_ascii_case("SV_OutputControlPointID"))
            })
        {
            // DXC's SPIR-V writes a hull shader's result into the output control point the
            // invocation computes, which only this parameter names.
            let (file_id, range) = cx.user(name_range);
            out.push(Diagnostic::error(
                codes::MISSING_CONTROL_POINT_ID,
                format!(
                    "SV_OutputControlPointID semantic must be provided in hull shader: add a \
                     `uint id : SV_OutputControlPointID` parameter to `{}`",
                    entry.name
                ),
                file_id,
                range,
            ));
        }
        if let Some(ret) = sig.ret.as_ref().filter(|t| !t.is_void()) {
            let site = Site {
                what: "the return value".to_owned(),
                name: node
                    .return_type()
                    .map_or(name_range, |t| t.syntax().text_range()),
                semantic: semantic_range(node.semantic()),
                vk_builtin: has_vk_builtin(node.attributes()),
                vk_location: has_vk_location(node.attributes()),
            };
            check.value(ret, f.semantic.as_deref(), Direction::Out, &site, None);
        }
        out.extend(check.out);
    }
}

struct Checker<'a> {
    db: &'a dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    tree: &'a ItemTree,
    map: &'a AstIdMap,
    root: SyntaxNode,
}

impl Checker<'_> {
    fn user(&self, range: TextRange) -> (FileId, TextRange) {
        user_range(self.db, self.file, self.config, range)
    }
}

/// A parameter or return value of the entry point, with its ranges in the expanded tree.
struct Site {
    what: String,
    name: TextRange,
    semantic: Option<TextRange>,
    /// `[[vk::builtin("...")]]`: the value is that Vulkan built-in and its semantic only a
    /// name (lowering checks the built-in against the stage, as DXC does).
    vk_builtin: bool,
    /// `[[vk::location(N)]]`, which glslang takes instead of a semantic and DXC does not.
    vk_location: bool,
}

/// A field of a struct that is part of a stage input or output.
struct FieldSite {
    name: String,
    range: TextRange,
    semantic: Option<TextRange>,
    vk_builtin: bool,
    vk_location: bool,
}

/// What the declaration of a struct field says of it as a stage value: its name's range, its
/// semantic's, and the Vulkan attributes that matter when the semantic is missing.
#[derive(Clone, Copy)]
struct FieldDecl {
    range: TextRange,
    semantic: Option<TextRange>,
    vk_builtin: bool,
    vk_location: bool,
}

/// Whether `attrs` hold `[[vk::builtin(...)]]`.
fn has_vk_builtin(mut attrs: impl Iterator<Item = ast::Attribute>) -> bool {
    attrs.any(|a| a.name_text() == "vk::builtin")
}

/// Whether `attrs` hold `[[vk::location(...)]]`.
fn has_vk_location(mut attrs: impl Iterator<Item = ast::Attribute>) -> bool {
    attrs.any(|a| a.name_text() == "vk::location")
}

struct SignatureCheck<'a> {
    cx: &'a Checker<'a>,
    tcx: &'a TypeCtx<'a>,
    entry: &'a EntryPoint,
    out: Vec<Diagnostic>,
    /// The semantics met so far, per signature, as `(direction, in a patch, NAME, index)`.
    seen: Vec<(Direction, bool, String, u32)>,
    /// Inside the element of an `InputPatch`/`OutputPatch`: the control-point signature,
    /// apart from the patch constants and other values (a domain shader may read
    /// `SV_ViewportArrayIndex` from both its control points and its patch constants).
    in_patch: bool,
}

impl SignatureCheck<'_> {
    /// Checks a value of type `ty` that crosses the stage boundary in direction `dir`,
    /// declared at `site` (or, inside a struct, at `field`) with `semantic`.
    fn value(
        &mut self,
        ty: &Type,
        semantic: Option<&str>,
        dir: Direction,
        site: &Site,
        field: Option<&FieldSite>,
    ) {
        let vk_builtin = match field {
            Some(f) => f.vk_builtin,
            None => site.vk_builtin,
        };
        if let (Some(_), true) = (semantic, vk_builtin) {
            return;
        }
        if let Some(semantic) = semantic {
            let range = match field {
                Some(f) => f.semantic.unwrap_or(f.range),
                None => site.semantic.unwrap_or(site.name),
            };
            if let Err(problem) = system_values::check(semantic, self.entry.stage, dir) {
                let stage = self.entry.stage.name();
                // DXC's words for mesh and amplification inputs, at the parameter's name.
                let profile = match self.entry.stage {
                    Stage::Mesh => Some("ms"),
                    Stage::Amplification => Some("as"),
                    _ => None,
                };
                if let (SemanticProblem::UserSemanticNotAllowed, Some(profile)) =
                    (&problem, profile)
                {
                    let message = format!(
                        "invalid usage of semantic '{semantic}' in shader profile {profile}"
                    );
                    let at = field.map_or(site.name, |f| f.range);
                    self.report(codes::INVALID_SEMANTIC, message, at, site, field);
                    return;
                }
                let message = match problem {
                    SemanticProblem::UnknownSystemValue => {
                        format!("unknown system-value semantic `{semantic}`")
                    }
                    SemanticProblem::WrongStage => format!(
                        "`{semantic}` is not valid as a {stage} shader {}",
                        dir.name()
                    ),
                    SemanticProblem::UserSemanticNotAllowed => format!(
                        "user semantic `{semantic}` is not valid as a {stage} shader {}: \
                         only system values are",
                        dir.name()
                    ),
                };
                self.report(codes::INVALID_SEMANTIC, message, range, site, field);
            }
            self.duplicate(semantic, dir, range, site, field);
            self.distance_type(ty, semantic, range, site, field);
            return;
        }
        match ty {
            Type::Array { element, .. } => self.value(element, None, dir, site, field),
            Type::Resource(r) => match &**r {
                ResourceType::InputPatch { element, .. }
                | ResourceType::OutputPatch { element, .. }
                    if field.is_none() =>
                {
                    let outer = std::mem::replace(&mut self.in_patch, true);
                    self.value(element, None, Direction::In, site, None);
                    self.in_patch = outer;
                }
                ResourceType::Stream { element, .. } if field.is_none() => {
                    self.value(element, None, Direction::Out, site, None)
                }
                // Other resources in an entry signature are uniforms.
                _ => {}
            },
            Type::Struct(s) => self.fields(s, dir, site),
            _ => {
                let vk_location = field.map_or(site.vk_location, |f| f.vk_location);
                let location_note = if vk_location {
                    ": `[[vk::location]]` places it but does not name it, and DXC requires a \
                     semantic on every stage input and output"
                } else {
                    ""
                };
                let message = match field {
                    Some(f) => format!(
                        "field `{}` has no semantic; it is part of {} of {} entry point `{}`{}",
                        f.name,
                        site.what,
                        self.entry.stage.name(),
                        self.entry.name,
                        location_note
                    ),
                    None => format!(
                        "{} of {} entry point `{}` has no semantic{}",
                        site.what,
                        self.entry.stage.name(),
                        self.entry.name,
                        location_note
                    ),
                };
                let range = field.map_or(site.name, |f| f.range);
                self.report(codes::MISSING_SEMANTIC, message, range, site, field);
            }
        }
    }

    fn fields(&mut self, s: &StructType, dir: Direction, site: &Site) {
        let decls = self.field_declarations(s);
        for (i, field) in s.fields.iter().enumerate() {
            let decl = decls.get(i).copied().flatten().unwrap_or(FieldDecl {
                range: site.name,
                semantic: None,
                vk_builtin: false,
                vk_location: false,
            });
            let at = FieldSite {
                name: field.name.clone(),
                range: decl.range,
                semantic: decl.semantic,
                vk_builtin: decl.vk_builtin,
                vk_location: decl.vk_location,
            };
            if let Some(rule) = self.interpolation_rule(dir) {
                let what = format!("field `{}`", field.name);
                let modes = &field.interpolation;
                self.integer_interpolation(&what, &field.ty, modes, rule, site, Some(&at));
            }
            self.value(&field.ty, field.semantic.as_deref(), dir, site, Some(&at));
        }
    }

    /// The name and semantic ranges of each field of `s`, by name among the struct item's
    /// fields (inherited fields have none: their diagnostics land on the parameter).
    fn field_declarations(&self, s: &StructType) -> Vec<Option<FieldDecl>> {
        let tree = self.cx.tree;
        let members: Vec<_> = self
            .tcx
            .struct_item(s)
            .and_then(|(idx, _)| tree.strukt(idx))
            .map(|st| st.members.clone())
            .unwrap_or_default();
        s.fields
            .iter()
            .map(|field| {
                let item = members.iter().map(|m| tree.item(*m)).find(|item| {
                    item.name == field.name
                        && matches!(&item.kind, ItemKind::Variable(v) if !v.is_static)
                })?;
                let node = self.cx.map.node(&self.cx.root, item.ast)?;
                let d = ast::VarDeclarator::cast(node)?;
                let name = d.name()?.syntax().text_range();
                let decl = d.syntax().parent().and_then(ast::VarDecl::cast);
                let vk_builtin = decl
                    .as_ref()
                    .is_some_and(|decl| has_vk_builtin(decl.attributes()));
                let vk_location = decl.is_some_and(|decl| has_vk_location(decl.attributes()));
                Some(FieldDecl {
                    range: name,
                    semantic: semantic_range(d.semantic()),
                    vk_builtin,
                    vk_location,
                })
            })
            .collect()
    }

    /// One semantic names one input (and one output) of an entry point. Names compare without
    /// case and a missing index is 0 (`SEM` and `sem0` are one semantic), as DXC decomposes
    /// them; DXC's SPIR-V path refuses the second use ("input semantic 'X' used more than
    /// once") unless the value is a SPIR-V built-in there (`builtin_semantics`), which it lets
    /// alias. A patch's control points are a signature of their
    /// own: the same semantic may name a patch constant too.
    fn duplicate(
        &mut self,
        semantic: &str,
        dir: Direction,
        range: TextRange,
        site: &Site,
        field: Option<&FieldSite>,
    ) {
        let (name, index) = split_semantic(semantic);
        // DXC lets two values of one SPIR-V built-in alias: both are the one variable.
        let vk_builtin = field.map_or(site.vk_builtin, |f| f.vk_builtin);
        let upper = name.to_ascii_uppercase();
        if vk_builtin || crate::builtin_semantics::is_spirv_builtin(self.entry.stage, dir, &upper) {
            return;
        }
        let key = (dir, self.in_patch, upper, index);
        if !self.seen.contains(&key) {
            self.seen.push(key);
            return;
        }
        self.report(
            codes::DUPLICATE_SEMANTIC,
            format!(
                "{} semantic '{semantic}' used more than once in {} entry point `{}`",
                dir.name(),
                self.entry.stage.name(),
                self.entry.name
            ),
            range,
            site,
            field,
        );
    }

    /// Clip and cull distances are `float`s (Vulkan's built-ins are float arrays): DXC refuses
    /// any other element type.
    fn distance_type(
        &mut self,
        ty: &Type,
        semantic: &str,
        range: TextRange,
        site: &Site,
        field: Option<&FieldSite>,
    ) {
        let upper = semantic.to_ascii_uppercase();
        let which = if upper.starts_with("SV_CLIPDISTANCE") {
            "SV_ClipDistance"
        } else if upper.starts_with("SV_CULLDISTANCE") {
            "SV_CullDistance"
        } else {
            return;
        };
        let element: &Type = match ty {
            Type::Array { element, .. } => element,
            t => t,
        };
        if element.scalar_kind() == Some(types::ScalarKind::Float)
            && matches!(element, Type::Scalar(_) | Type::Vector(..))
        {
            return;
        }
        let name = field.map_or_else(|| site.what.clone(), |f| format!("'{}'", f.name));
        self.report(
            codes::DISTANCE_TYPE,
            format!(
                "elements for {which} variable {name} must be scalar, vector, or array with \
                 float type, not `{ty}`"
            ),
            range,
            site,
            field,
        );
    }

    /// Integer (and bool) pixel inputs cannot be interpolated: Vulkan needs them `Flat`, so
    /// DXC refuses any mode but `nointerpolation` on them, and on vertex outputs, which it
    /// decorates too (`rule` is its message for the side).
    /// DXC's words for an interpolation mode on an integer value crossing in direction `dir`,
    /// where DXC decorates interpolation (pixel inputs, vertex outputs).
    fn interpolation_rule(&self, dir: Direction) -> Option<&'static str> {
        match (dir, self.entry.stage) {
            (Direction::In, Stage::Pixel) => Some(
                "only nointerpolation mode allowed for integer input parameters in pixel shader",
            ),
            // DXC decorates vertex outputs too, in newer words.
            (Direction::Out, Stage::Vertex) => Some(
                "only nointerpolation mode allowed for integer input parameters in pixel \
                 shader or integer output in vertex shader",
            ),
            _ => None,
        }
    }

    /// E2031 on `what` (a field, or a parameter when `at` is `None`) of type `ty`, declared
    /// with interpolation `modes`, when it is an integer or bool with a mode other than
    /// `nointerpolation` (system values included: DXC decorates built-ins alike).
    fn integer_interpolation(
        &mut self,
        what: &str,
        ty: &Type,
        modes: &[Interpolation],
        rule: &str,
        site: &Site,
        at: Option<&FieldSite>,
    ) {
        let Some(mode) = modes.iter().find(|m| **m != Interpolation::NoInterpolation) else {
            return;
        };
        if modes.contains(&Interpolation::NoInterpolation)
            // An enum is its underlying integer here.
            || ty.erase_enums().scalar_kind().is_none_or(|k| k.is_float())
        {
            return;
        }
        let message = format!("{rule}: {what} of type `{ty}` is `{}`", mode.name());
        let range = at.map_or(site.name, |f| f.range);
        self.report(codes::INTEGER_INTERPOLATION, message, range, site, at);
    }

    fn report(
        &mut self,
        code: &'static str,
        message: String,
        range: TextRange,
        site: &Site,
        field: Option<&FieldSite>,
    ) {
        let (file, range) = self.cx.user(range);
        let mut d = Diagnostic::error(code, message, file, range);
        if field.is_some() {
            let (pf, pr) = self.cx.user(site.name);
            d = d.with_related(
                pf,
                pr,
                format!(
                    "{} of {} entry point `{}`",
                    site.what,
                    self.entry.stage.name(),
                    self.entry.name
                ),
            );
        }
        if !self.out.contains(&d) {
            self.out.push(d);
        }
    }
}

/// The declarations without a body of the function `idx` written before it (its
/// prototypes; DXC takes no attribute from one written after the definition).
fn prototypes(cx: &Checker<'_>, idx: crate::item_tree::ItemIdx) -> Vec<ast::FnDef> {
    let item = cx.tree.item(idx);
    let start = cx
        .map
        .node(&cx.root, item.ast)
        .map(|n| n.text_range().start());
    cx.tree
        .indices()
        .filter(|&i| {
            let other = cx.tree.item(i);
            i != idx
                && other.name == item.name
                && other.parent == item.parent
                && cx.tree.function(i).is_some_and(|f| !f.has_body)
        })
        .filter_map(|i| {
            cx.map
                .node(&cx.root, cx.tree.item(i).ast)
                .and_then(ast::FnDef::cast)
        })
        .filter(|f| start.is_some_and(|s| f.syntax().text_range().start() < s))
        .collect()
}

/// A semantic split into its name and index: `TEXCOORD3` is `("TEXCOORD", 3)`, `COLOR` is
/// `("COLOR", 0)`.
fn split_semantic(semantic: &str) -> (&str, u32) {
    let name = semantic.trim_end_matches(|c: char| c.is_ascii_digit());
    let index = semantic[name.len()..].parse().unwrap_or(0);
    (name, index)
}

/// The range of a semantic's name (without the colon).
fn semantic_range(semantic: Option<ast::Semantic>) -> Option<TextRange> {
    let s = semantic?;
    Some(
        s.ident()
            .map_or(s.syntax().text_range(), |t| t.text_range()),
    )
}

/// The attributes and parameters a stage needs that DXC checks before code generation
/// (`E2035`): `[outputtopology]` on hull and mesh entries, `[maxvertexcount]` and one input
/// primitive type on a geometry entry.
fn stage_attributes(
    cx: &Checker<'_>,
    entry: &EntryPoint,
    node: &ast::FnDef,
    f: &crate::item_tree::Function,
    name_range: TextRange,
    out: &mut Vec<Diagnostic>,
) {
    let has = |name: &str| {
        node.attributes()
            .any(|a| a.name_text().eq_ignore_ascii_case(name))
    };
    let mut messages = Vec::new();
    match entry.stage {
        Stage::Hull => {
            // DXC's words; `[partitioning]` and `[outputcontrolpoints]` may be left out.
            for attr in ["patchconstantfunc", "outputtopology"] {
                if !has(attr) {
                    messages.push(format!(
                        "hull entry point must have a valid {attr} attribute"
                    ));
                }
            }
            missing_patch_constant_function(cx, node, out);
        }
        Stage::Mesh if !has("outputtopology") => {
            messages.push("MS entry point must have the outputtopology attribute".to_owned());
        }
        Stage::Geometry => {
            // DXC's words (lowering refuses it too, `E3032`).
            if !has("maxvertexcount") {
                messages
                    .push("geometry entry point must have the maxvertexcount attribute".to_owned());
            }
            let mut kinds: Vec<&str> = f
                .params
                .iter()
                .filter_map(|p| p.input_primitive.as_deref())
                .collect();
            kinds.dedup();
            if kinds.len() > 1 {
                messages.push(format!(
                    "only one input primitive type can be specified in the geometry shader \
                     (`{}` has {})",
                    entry.name,
                    kinds.join(", ")
                ));
            }
        }
        _ => {}
    }
    if entry.stage == Stage::Hull && !has("partitioning") {
        let (file_id, range) = cx.user(name_range);
        out.push(Diagnostic::warning(
            codes::NO_TESSELLATION_SPACING,
            "hull entry point has no `[partitioning]` attribute: the SPIR-V declares no \
             tessellation spacing, and a Vulkan pipeline needs one in the hull or the domain \
             shader (DXC's domain shaders declare none)"
                .to_owned(),
            file_id,
            range,
        ));
    }
    for message in messages {
        let (file_id, range) = cx.user(name_range);
        out.push(Diagnostic::error(
            codes::STAGE_ATTRIBUTES,
            message,
            file_id,
            range,
        ));
    }
}

/// A hull entry's `[patchconstantfunc("name")]` naming no function with a body, in DXC's
/// words ("patch constant function 'name' must be defined"), at the name.
fn missing_patch_constant_function(cx: &Checker<'_>, node: &ast::FnDef, out: &mut Vec<Diagnostic>) {
    let Some((arg, name)) = crate::hull_checks::patch_constant_name(node) else {
        return;
    };
    let defined = cx.tree.indices().any(|i| {
        cx.tree.item(i).name == name
            && cx.tree.item(i).parent.is_none()
            && cx.tree.function(i).is_some_and(|f| f.has_body)
    });
    if !defined {
        let (file_id, range) = cx.user(arg.syntax().text_range());
        out.push(Diagnostic::error(
            codes::STAGE_ATTRIBUTES,
            format!("patch constant function '{name}' must be defined"),
            file_id,
            range,
        ));
    }
}
