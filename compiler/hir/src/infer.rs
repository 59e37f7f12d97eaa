//! Type inference of one function body: `infer(db, FunctionId)` gives every expression and
//! local its `types::Type` and collects the body's diagnostics.
//!
//! The result holds no text ranges (diagnostics point at expression, local or statement
//! ids; `diagnostics.rs` maps them to text through the body source map), and it depends only
//! on the function's own body, the item tree and the signatures of what it calls. So an edit
//! inside another function's body does not re-run it.
//!
//! Unknown types (`None`) are the error-recovery type: any check involving one is skipped, so
//! one mistake gives one diagnostic and half-typed code gives few.

mod array_bounds;
pub mod barrier;
mod bool_lvalue;
mod call;
mod case_values;
mod const_locals;
mod const_objects;
mod enums;
pub(crate) use enums::non_integral_message as non_integral_underlying_message;
mod expr;
mod heap_checks;
mod hlsl_namespace;
pub use hlsl_namespace::qualified_intrinsic_name;
mod lvalue_casts;
pub mod ops;
mod overload_score;
pub(crate) mod pointer_locals;
mod sizeof_checks;
mod string_checks;
mod uninit_const;
mod unsized_locals;
pub mod vk;

use std::collections::HashMap;
use std::sync::Arc;

use syntax::Severity;
use types::Type;

use crate::body::{body, Body, BodyDiagnostic, ExprId, LocalId, Stmt, StmtId};
use base_db::{CompileConfig, SourceFile};

use crate::ids::{AstId, FunctionId, GlobalId, StructId};
use crate::item_tree::{item_tree, ItemIdx, ItemKind, ItemTree};
use crate::lower_type::{TemplateArg, TypeCtx, TypeError};
use crate::scope::{item_scope, ItemScope};
use crate::HirDb;

pub use self::ops::Operand;

/// What a diagnostic of a body points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BodyNode {
    Expr(ExprId),
    Local(LocalId),
    Stmt(StmtId),
    /// The function's name.
    Function,
}

/// A related location of a body diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelatedNode {
    Local(LocalId),
    Item(AstId),
}

/// A diagnostic of a body, without ranges.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InferDiagnostic {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub node: BodyNode,
    pub related: Vec<(RelatedNode, String)>,
}

/// The types of one function body.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct InferenceResult {
    /// By `ExprId`; `None` where the type is unknown (after an error, or not modeled yet).
    pub expr_types: Vec<Option<Type>>,
    /// Expressions of DXC's literal types (`1` is a literal int, `1.0` a literal float).
    pub literal: Vec<bool>,
    /// By `LocalId`.
    pub local_types: Vec<Option<Type>>,
    /// For a global's initializer: the global's type, with an unsized array's length taken
    /// from the initializer.
    pub declared_type: Option<Type>,
    /// User functions this body calls, by `AstId` (for the call graph).
    pub calls: Vec<AstId>,
    /// What each name and user call of the body resolved to, sorted by expression (for
    /// lowering, which must call exactly what the checker chose).
    pub resolutions: Vec<(ExprId, Resolution)>,
    /// SM 6.8 `Barrier(...)` calls with their constant flags, in source order.
    pub barriers: Vec<barrier::BarrierCall>,
    /// Calls of intrinsic forms newer than the intrinsic (checked against the shader model
    /// where an entry point or export reaches them).
    pub gated_calls: Vec<barrier::GatedCall>,
    /// Calls that take derivatives (`ddx` and its kin, implicit-LOD sampling, LOD queries),
    /// in source order: compute, mesh and amplification shaders have them from SM 6.6
    /// (`derivative_checks`).
    pub derivatives: Vec<ExprId>,
    /// Locals of type `vk::BufferPointer` declared without an initializer, in source order:
    /// `E2272` where an entry point or export reaches the function (`pointer_local_checks`).
    pub uninit_pointer_locals: Vec<LocalId>,
    /// Locals of a `const` alias type declared without an initializer, in source order: `E2275` unless the
    /// declaration carries `[[vk::ext_builtin_input]]` (`uninit_const_locals`).
    pub uninit_const_locals: Vec<LocalId>,
    pub diagnostics: Vec<InferDiagnostic>,
}

impl InferenceResult {
    pub fn type_of_expr(&self, id: ExprId) -> Option<&Type> {
        self.expr_types.get(id.0 as usize)?.as_ref()
    }

    pub fn type_of_local(&self, id: LocalId) -> Option<&Type> {
        self.local_types.get(id.0 as usize)?.as_ref()
    }

    /// What the name or call `id` resolved to.
    pub fn resolution(&self, id: ExprId) -> Option<&Resolution> {
        let i = self
            .resolutions
            .binary_search_by_key(&id, |(e, _)| *e)
            .ok()?;
        Some(&self.resolutions[i].1)
    }

    pub fn is_literal(&self, id: ExprId) -> bool {
        self.literal.get(id.0 as usize).copied().unwrap_or(false)
    }

    /// The type spelled for display: DXC's literal types are `literal int` / `literal float`.
    pub fn display_type(&self, id: ExprId) -> String {
        match self.type_of_expr(id) {
            None => "{unknown}".into(),
            Some(t) if self.is_literal(id) => match t.scalar_kind() {
                Some(k) if k.is_float() => "literal float".into(),
                _ => "literal int".into(),
            },
            Some(t) => t.to_string(),
        }
    }
}

/// What a name or a call in a body resolved to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    /// A global variable, cbuffer member or static member (by `AstId`).
    Global(AstId),
    /// A field of the struct whose method this is (`this.name`).
    Member,
    /// An enumerator.
    Enumerator(AstId),
    /// The user function or method a call chose, with the template arguments of a template
    /// function or of a method's template struct (by parameter name).
    Function {
        function: AstId,
        template_args: Vec<(String, TemplateArg)>,
    },
    /// A template value parameter bound to a value (`N` inside `History<float, 4>`).
    TemplateValue(i64),
    /// An enumerator whose value the checker computed: of an enum declared in the function,
    /// or of a template struct instance (`F<3>::v`).
    LocalEnumerator(i64),
    /// A predeclared `uint` constant (`RAY_FLAG_CULL_OPAQUE`, `COMMITTED_TRIANGLE_HIT`; see
    /// [`crate::builtin_consts`]) with its value.
    BuiltinConstant(u32),
}

/// The signature of a function: parameter and return types (unknown where they mention a
/// template parameter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionSignature {
    pub name: String,
    pub params: Vec<ParamSignature>,
    pub ret: Option<Type>,
    pub is_template: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamSignature {
    pub name: String,
    pub ty: Option<Type>,
    pub direction: crate::item_tree::ParamDirection,
    pub has_default: bool,
}

impl FunctionSignature {
    /// `float f(float x, out int y)`, for candidate notes.
    pub fn display(&self) -> String {
        let show = |t: &Option<Type>| t.as_ref().map_or("?".to_owned(), Type::to_string);
        let params: Vec<String> = self
            .params
            .iter()
            .map(|p| {
                let dir = match p.direction {
                    crate::item_tree::ParamDirection::In => "",
                    crate::item_tree::ParamDirection::Out => "out ",
                    crate::item_tree::ParamDirection::InOut => "inout ",
                };
                format!("{dir}{} {}", show(&p.ty), p.name)
            })
            .collect();
        format!("{} {}({})", show(&self.ret), self.name, params.join(", "))
    }
}

/// The signature of `f`. Depends only on the item tree, so body edits do not change it.
#[salsa::tracked(returns(clone))]
pub fn function_signature<'db>(db: &'db dyn HirDb, f: FunctionId<'db>) -> Arc<FunctionSignature> {
    let (file, config) = (f.file(db), f.config(db));
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    let Some(idx) = tree.by_ast(f.ast(db)) else {
        return Arc::new(FunctionSignature {
            name: String::new(),
            params: Vec::new(),
            ret: None,
            is_template: false,
        });
    };
    Arc::new(signature_of(&tree, &scope, idx, &[]))
}

/// The type of struct `s` (`None` for a template struct, which has a type per
/// instantiation, or when a field's type is unknown).
#[salsa::tracked(returns(clone))]
pub fn struct_type<'db>(db: &'db dyn HirDb, s: StructId<'db>) -> Option<Type> {
    let (file, config) = (s.file(db), s.config(db));
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    let idx = tree.by_ast(s.ast(db))?;
    if tree.strukt(idx)?.template.is_some() {
        return None;
    }
    TypeCtx::new(&tree, &scope, crate::scope::LookupSite::file()).struct_type(idx, &[])
}

/// The type of global variable (or static member) `g`; an unsized array takes its length
/// from the initializer.
#[salsa::tracked(returns(clone))]
pub fn global_type<'db>(db: &'db dyn HirDb, g: GlobalId<'db>) -> Option<Type> {
    let (file, config) = (g.file(db), g.config(db));
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    let idx = tree.by_ast(g.ast(db))?;
    let ItemKind::Variable(v) = &tree.item(idx).kind else {
        return None;
    };
    let ty = TypeCtx::inside(&tree, &scope, idx).resolve(&v.ty, &mut Vec::new());
    if matches!(ty, Some(Type::Array { len: None, .. })) && v.has_init {
        return infer_global(db, g).declared_type.clone();
    }
    ty
}

/// The signature of function item `idx` with the given template bindings.
pub(crate) fn signature_of(
    tree: &ItemTree,
    scope: &ItemScope,
    idx: ItemIdx,
    env: &[(String, TemplateArg)],
) -> FunctionSignature {
    let mut tcx = TypeCtx::inside(tree, scope, idx);
    tcx.env.extend(env.iter().cloned());
    let Some(f) = tree.function(idx) else {
        return FunctionSignature {
            name: String::new(),
            params: Vec::new(),
            ret: None,
            is_template: false,
        };
    };
    let mut errors = Vec::new();
    FunctionSignature {
        name: tree.item(idx).name.clone(),
        params: f
            .params
            .iter()
            .map(|p| ParamSignature {
                name: p.name.clone(),
                ty: tcx.resolve(&p.ty, &mut errors),
                direction: p.direction,
                has_default: p.has_default,
            })
            .collect(),
        ret: tcx.resolve(&f.ret, &mut errors),
        is_template: f.template.is_some(),
    }
}

/// Infers the types of `f`'s body.
#[salsa::tracked(returns(clone))]
pub fn infer<'db>(db: &'db dyn HirDb, f: FunctionId<'db>) -> Arc<InferenceResult> {
    let (file, config) = (f.file(db), f.config(db));
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    let body = body(db, f);
    let Some(idx) = tree.by_ast(f.ast(db)) else {
        return Arc::new(InferenceResult::default());
    };
    let mut ctx = InferCtx::new(db, (file, config), &tree, &scope, &body, idx);
    ctx.run();
    Arc::new(ctx.result)
}

/// Infers the body of template function (or method of a template struct) `f` for one
/// instantiation: `env` binds the template parameters by name. Not cached: lowering asks once
/// per instantiation it compiles.
pub fn infer_instance<'db>(
    db: &'db dyn HirDb,
    f: FunctionId<'db>,
    env: &[(String, TemplateArg)],
) -> InferenceResult {
    let (file, config) = (f.file(db), f.config(db));
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    let body = body(db, f);
    let Some(idx) = tree.by_ast(f.ast(db)) else {
        return InferenceResult::default();
    };
    let mut ctx = InferCtx::new(db, (file, config), &tree, &scope, &body, idx);
    ctx.bind_template_args(env);
    ctx.run();
    ctx.result
}

/// The signature of `f` with its template parameters bound by `env`.
pub fn instance_signature<'db>(
    db: &'db dyn HirDb,
    f: FunctionId<'db>,
    env: &[(String, TemplateArg)],
) -> FunctionSignature {
    let (file, config) = (f.file(db), f.config(db));
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    match tree.by_ast(f.ast(db)) {
        Some(idx) => signature_of(&tree, &scope, idx, env),
        None => (*function_signature(db, f)).clone(),
    }
}

/// Infers the initializer of global `g` against its declared type. `declared_type` of the
/// result is the global's type with the length of an unsized array filled in
/// (`static const float k[] = {1, 2}` is a `float[2]`).
#[salsa::tracked(returns(clone))]
pub fn infer_global<'db>(db: &'db dyn HirDb, g: GlobalId<'db>) -> Arc<InferenceResult> {
    let (file, config) = (g.file(db), g.config(db));
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    let body = crate::body::global_body(db, g);
    let Some(idx) = tree.by_ast(g.ast(db)) else {
        return Arc::new(InferenceResult::default());
    };
    let mut ctx = InferCtx::new(db, (file, config), &tree, &scope, &body, idx);
    ctx.run_global();
    Arc::new(ctx.result)
}

/// Infers `body`, the default value of parameter `param` of `f` (lowered by
/// [`crate::body::lower_default_value`]), against the parameter's type, in the scope of
/// `f`'s declaration; `env` binds the template parameters of an instance. Not cached:
/// lowering asks at each call that leaves the argument out.
pub fn infer_default<'db>(
    db: &'db dyn HirDb,
    f: FunctionId<'db>,
    body: &Body,
    param: usize,
    env: &[(String, TemplateArg)],
) -> InferenceResult {
    let (file, config) = (f.file(db), f.config(db));
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    let Some(idx) = tree.by_ast(f.ast(db)) else {
        return InferenceResult::default();
    };
    let mut ctx = InferCtx::new(db, (file, config), &tree, &scope, body, idx);
    ctx.bind_template_args(env);
    ctx.run_default(param);
    ctx.result
}

/// What a name in a body means, once resolved.
#[derive(Debug, Clone)]
enum ValueRes {
    Local,
    Global(ItemIdx),
    /// A non-static field of the struct whose method this is.
    Member(Option<Type>),
    Enumerator(ItemIdx),
    Functions(Vec<ItemIdx>),
    Type(Type),
    TemplateValue,
}

struct InferCtx<'a> {
    db: &'a dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    tree: &'a ItemTree,
    scope: &'a ItemScope,
    body: &'a Body,
    idx: ItemIdx,
    tcx: TypeCtx<'a>,
    ret: Option<Type>,
    ret_void: bool,
    /// The struct whose method this is, with its template arguments.
    owner: Option<(ItemIdx, Vec<TemplateArg>)>,
    globals: HashMap<ItemIdx, Option<Type>>,
    resolutions: HashMap<ExprId, ValueRes>,
    /// Types declared inside the function so far (`None`: declared, but unknown).
    local_types: HashMap<String, Option<Type>>,
    /// Enumerators of enums declared inside the function so far, by path (`A` for a plain
    /// enum's, and `E::A`), with the enum's type and the value (when constant).
    local_enumerators: HashMap<String, enums::LocalEnumerator>,
    /// Explicit template arguments of the call being resolved (`f<float>(x)`).
    explicit_targs: Vec<TemplateArg>,
    /// How many initializer lists enclose the expression being inferred: HLSL flattens
    /// nested lists, so only the outermost one's count is checked.
    nested_init_lists: u32,
    /// Loops and switches around the statement being checked (for `break`/`continue`).
    loops: u32,
    switches: u32,
    result: InferenceResult,
}

impl<'a> InferCtx<'a> {
    fn new(
        db: &'a dyn HirDb,
        (file, config): (SourceFile, CompileConfig),
        tree: &'a ItemTree,
        scope: &'a ItemScope,
        body: &'a Body,
        idx: ItemIdx,
    ) -> Self {
        let tcx = TypeCtx::inside(tree, scope, idx);
        let owner = tcx
            .site
            .scopes
            .first()
            .copied()
            .filter(|s| tree.strukt(*s).is_some())
            .map(|s| {
                let n = tree
                    .strukt(s)
                    .and_then(|st| st.template.as_ref())
                    .map_or(0, Vec::len);
                (s, vec![TemplateArg::Opaque; n])
            });
        let f = tree.function(idx);
        let ret_ref = f.map(|f| f.ret.clone());
        let ret_void = ret_ref.as_ref().is_some_and(|r| r.dims.is_empty() && matches!(&r.base, crate::type_ref::TypeBase::Path(p) if p.as_name() == Some("void")));
        let ret = ret_ref.and_then(|r| tcx.resolve(&r, &mut Vec::new()));
        InferCtx {
            db,
            file,
            config,
            tree,
            scope,
            body,
            idx,
            tcx,
            ret,
            ret_void,
            owner,
            globals: HashMap::new(),
            resolutions: HashMap::new(),
            local_types: HashMap::new(),
            local_enumerators: HashMap::new(),
            explicit_targs: Vec::new(),
            nested_init_lists: 0,
            loops: 0,
            switches: 0,
            result: InferenceResult {
                expr_types: vec![None; body.exprs.len()],
                literal: vec![false; body.exprs.len()],
                local_types: vec![None; body.locals.len()],
                ..Default::default()
            },
        }
    }

    /// Binds the template parameters in scope (of the function and its struct) to `env`:
    /// the types of parameters, locals and the return value become concrete.
    fn bind_template_args(&mut self, env: &[(String, TemplateArg)]) {
        self.tcx.env.extend(env.iter().cloned());
        if let Some((s, args)) = &mut self.owner {
            let params = self.tree.strukt(*s).and_then(|st| st.template.clone());
            for (p, a) in params.iter().flatten().zip(args.iter_mut()) {
                if let Some((_, v)) = env.iter().rev().find(|(n, _)| *n == p.name) {
                    *a = v.clone();
                }
            }
        }
        let ret = self.tree.function(self.idx).map(|f| f.ret.clone());
        self.ret = ret.and_then(|r| self.tcx.resolve(&r, &mut Vec::new()));
    }

    fn run(&mut self) {
        for d in &self.body.diagnostics {
            match d {
                BodyDiagnostic::Redefinition { local, previous } => {
                    let name = &self.body.local(*local).name;
                    self.diag_with(
                        crate::codes::REDEFINITION,
                        BodyNode::Local(*local),
                        format!("redefinition of `{name}`"),
                        vec![(
                            RelatedNode::Local(*previous),
                            "previous definition is here".into(),
                        )],
                    );
                }
            }
        }
        // Parameters take their types from the signature (which knows `#pragma pack_matrix`).
        let declared: Vec<_> = self
            .tree
            .function(self.idx)
            .map(|f| f.params.iter().map(|p| p.ty.clone()).collect())
            .unwrap_or_default();
        for (i, &p) in self.body.params.clone().iter().enumerate() {
            self.declare_local(p);
            if let Some(t) = declared.get(i) {
                self.result.local_types[p.0 as usize] = self.tcx.resolve(t, &mut Vec::new());
            }
        }
        let Some(root) = self.body.root else { return };
        self.infer_stmt(root);
        if !self.ret_void && self.ret.is_some() && self.falls_through(root) {
            let name = self.tree.item(self.idx).name.clone();
            self.diag(
                crate::codes::MISSING_RETURN,
                BodyNode::Function,
                format!("function `{name}` does not return a value on every path"),
            );
        }
        self.finish();
    }

    /// Infers a default value (the body's `init`) against parameter `param`'s type.
    fn run_default(&mut self, param: usize) {
        let declared = self
            .tree
            .function(self.idx)
            .and_then(|f| f.params.get(param))
            .map(|p| p.ty.clone());
        let ty = declared.and_then(|t| self.tcx.resolve(&t, &mut Vec::new()));
        if let Some(init) = self.body.init {
            let init_ty = self.infer_expr_expecting(init, ty.as_ref());
            if init_ty.is_some() {
                self.check_init_conversion(init, ty.as_ref());
            }
        }
        self.result.declared_type = ty;
        self.finish();
    }

    fn run_global(&mut self) {
        let ItemKind::Variable(v) = &self.tree.item(self.idx).kind else {
            return;
        };
        let mut ty = self.tcx.resolve(&v.ty, &mut Vec::new());
        let is_string = v.ty.is_string();
        let declared = ty.as_ref().map(|t| {
            let constant = if v.is_const { "const " } else { "" };
            format!("{constant}{t}")
        });
        if let Some(init) = self.body.init {
            let init_ty = self.infer_expr_expecting(init, ty.as_ref());
            if is_string || declared.is_some() {
                self.check_string_init(init, if is_string { None } else { declared });
            }
            if let (Some(Type::Array { element, len: None }), Some(count)) =
                (&ty, self.init_list_count(init))
            {
                if let Some(per) = ops::flat_count_objects(element).filter(|n| *n > 0) {
                    self.check_whole_elements(init, element, count, per);
                    ty = Some(Type::array((**element).clone(), count / per));
                }
            }
            if init_ty.is_some() {
                self.check_init_conversion(init, ty.as_ref());
            }
        }
        self.result.declared_type = ty;
        self.finish();
    }

    /// Sorts and dedups what the walk recorded, so results compare equal however reached.
    fn finish(&mut self) {
        self.result.calls.sort();
        self.result.calls.dedup();
        self.result.resolutions.sort_by_key(|(e, _)| *e);
        self.result.resolutions.dedup_by_key(|(e, _)| *e);
        self.result.barriers.sort_by_key(|b| b.call);
        self.result.barriers.dedup_by_key(|b| b.call);
    }

    /// An initializer that is not a list converts to the declared type `ty`.
    fn check_init_conversion(&mut self, init: ExprId, ty: Option<&Type>) {
        if let Some(t) = ty {
            if !matches!(self.body.expr(init), crate::body::Expr::InitList(_)) {
                let t = t.clone();
                self.check_conversion(init, &t);
            }
        }
    }

    fn diag(&mut self, code: &'static str, node: BodyNode, message: String) {
        self.diag_with(code, node, message, Vec::new());
    }

    fn diag_with(
        &mut self,
        code: &'static str,
        node: BodyNode,
        message: String,
        related: Vec<(RelatedNode, String)>,
    ) {
        let severity = if code.starts_with('W') {
            Severity::Warning
        } else {
            Severity::Error
        };
        self.result.diagnostics.push(InferDiagnostic {
            code,
            severity,
            message,
            node,
            related,
        });
    }

    fn type_errors(&mut self, node: BodyNode, errors: Vec<TypeError>) {
        for e in errors {
            match e {
                TypeError::DeclaredLater(name) => self.diag(
                    crate::codes::UNKNOWN_TYPE,
                    node,
                    crate::diagnostics::declared_later(&name),
                ),
                TypeError::UnknownType(name) => {
                    let (code, message) = crate::dxil_only_types::unknown_type(&name);
                    self.diag(code, node, message)
                }
                TypeError::StringType => self.diag(
                    crate::codes::STRING_TYPE,
                    node,
                    "string declaration not supported here: `string` is for global constants \
                     (printf formats) only"
                        .into(),
                ),
                TypeError::NotConstant => self.diag(
                    crate::codes::NOT_CONSTANT,
                    node,
                    crate::diagnostics::NOT_CONSTANT_SIZE.into(),
                ),
                TypeError::ArraySize(message) => {
                    self.diag(crate::codes::NOT_CONSTANT, node, message)
                }
                TypeError::NotSupported(what) => self.diag(
                    crate::codes::NOT_SUPPORTED,
                    node,
                    format!("not supported yet: {what}"),
                ),
                TypeError::InvalidArgument(what) => {
                    self.diag(crate::codes::INVALID_TYPE_ARGUMENT, node, what)
                }
                TypeError::MissingTypename(path) => self.diag(
                    crate::codes::UNKNOWN_TYPE,
                    node,
                    crate::diagnostics::missing_typename(&path),
                ),
                TypeError::NotSignable(message) => {
                    self.diag(crate::codes::NOT_SIGNABLE, node, message)
                }
                TypeError::Orientation(message) => {
                    self.diag(crate::codes::MATRIX_ORIENTATION, node, message)
                }
                TypeError::MissingTemplate(name) => self.diag(
                    crate::codes::UNKNOWN_TYPE,
                    node,
                    crate::diagnostics::missing_template(&name),
                ),
            }
        }
    }

    /// Resolves a type written in the body: types declared in the function first, then the
    /// file's. Errors go on `node`.
    fn resolve_type(&mut self, tref: &crate::type_ref::TypeRef, node: BodyNode) -> Option<Type> {
        let local = match &tref.base {
            crate::type_ref::TypeBase::Path(p) => p.as_name().and_then(|n| self.local_types.get(n)),
            _ => None,
        };
        let Some(local) = local else {
            let mut errors = Vec::new();
            let ty = self.tcx.resolve(tref, &mut errors);
            self.type_errors(node, errors);
            return ty;
        };
        let mut ty = local.clone()?;
        for dim in tref.dims.iter().rev() {
            ty = match dim {
                None => Type::unsized_array(ty),
                Some(e) => {
                    let len = self
                        .tcx
                        .eval(e)
                        .map_or(Err(TypeError::NotConstant), crate::lower_type::array_len);
                    match len {
                        Ok(n) => Type::array(ty, n),
                        Err(e) => {
                            self.type_errors(node, vec![e]);
                            return None;
                        }
                    }
                }
            };
        }
        Some(ty)
    }

    fn declare_local(&mut self, id: LocalId) {
        let local = self.body.local(id).clone();
        let mut errors = Vec::new();
        // Parameter types are checked with the signature (item diagnostics).
        let mut ty = match local.param {
            None => self.resolve_type(&local.ty, BodyNode::Local(id)),
            Some(_) => self.tcx.resolve(&local.ty, &mut errors),
        };
        if let Some(init) = local.init {
            let expected = ty.clone();
            let init_ty = self.infer_expr_expecting(init, expected.as_ref());
            // `float a[] = {1, 2, 3}` takes its length from the initializer.
            if let (Some(Type::Array { element, len: None }), Some(count)) =
                (&ty, self.init_list_count(init))
            {
                if let Some(per) = ops::flat_count_objects(element).filter(|n| *n > 0) {
                    self.check_whole_elements(init, element, count, per);
                    ty = Some(Type::array((**element).clone(), count / per));
                }
            }
            if let Some(t) = &ty {
                // A heap element has no type of its own: checked by kind.
                self.check_heap_init(init, t);
            }
            if init_ty.is_some() {
                self.check_init_conversion(init, ty.as_ref());
            }
        }
        if local.param.is_none() {
            self.check_unsized_local(id, ty.as_ref(), local.init.is_some());
            self.check_pointer_local(id, ty.as_ref(), local.init.is_some());
            self.note_uninit_const_local(id, ty.as_ref());
        }
        self.result.local_types[id.0 as usize] = ty;
    }

    fn infer_stmt(&mut self, id: StmtId) {
        match self.body.stmt(id).clone() {
            Stmt::Expr(e) => {
                self.infer_expr(e);
            }
            Stmt::Decl(locals) => {
                for l in locals {
                    self.declare_local(l);
                    self.bind_const_local(l);
                }
            }
            Stmt::Block(stmts) => {
                // `const` locals bound in the block are gone after it.
                let bound = self.tcx.env.len();
                for s in stmts {
                    self.infer_stmt(s);
                }
                self.tcx.env.truncate(bound);
            }
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                self.infer_stmt_condition(cond);
                self.infer_stmt(then);
                if let Some(o) = otherwise {
                    self.infer_stmt(o);
                }
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.infer_stmt(i);
                }
                if let Some(c) = cond {
                    self.infer_stmt_condition(c);
                }
                if let Some(s) = step {
                    self.infer_expr(s);
                }
                self.in_loop(body);
            }
            Stmt::While { cond, body } => {
                self.infer_stmt_condition(cond);
                self.in_loop(body);
            }
            Stmt::DoWhile { body, cond } => {
                self.in_loop(body);
                self.infer_stmt_condition(cond);
            }
            Stmt::Switch { expr, clauses } => {
                let selector = self.infer_expr(expr);
                if let Some(t) = selector.clone() {
                    // A switch on an enum of either kind switches on its underlying integer;
                    // one on a float converts it to `int`, as DXC does (`switch (v.y)`).
                    let t = match t {
                        Type::Enum(e) => Type::Scalar(e.underlying),
                        t => t,
                    };
                    if t.scalar_kind().is_none()
                        || !matches!(t, Type::Scalar(_) | Type::Vector(_, 1))
                    {
                        self.diag(
                            crate::codes::TYPE_MISMATCH,
                            BodyNode::Expr(expr),
                            format!("switch condition must be an integer scalar, found `{t}`"),
                        );
                    }
                }
                self.switches += 1;
                for c in &clauses {
                    if let Some(v) = c.value {
                        self.infer_expr(v);
                    }
                    for &s in &c.stmts {
                        self.infer_stmt(s);
                    }
                }
                self.check_case_values(selector.as_ref(), &clauses);
                self.switches -= 1;
            }
            Stmt::Return(value) => self.check_return(id, value),
            Stmt::TypeDecl(types) => {
                for t in types {
                    let ty = match &t.def {
                        crate::body::LocalTypeDef::Alias(r) => {
                            self.resolve_type(r, BodyNode::Stmt(id))
                        }
                        crate::body::LocalTypeDef::Enum(e) => Some(self.local_enum(id, &t.name, e)),
                        crate::body::LocalTypeDef::Struct(fields) => {
                            let fields: Option<Vec<types::StructField>> = fields
                                .iter()
                                .map(|(name, r)| {
                                    Some(types::StructField::new(
                                        name.clone(),
                                        self.resolve_type(r, BodyNode::Stmt(id))?,
                                    ))
                                })
                                .collect();
                            fields.map(|fields| {
                                Type::structure(types::StructType {
                                    name: t.name.clone(),
                                    fields,
                                })
                            })
                        }
                    };
                    self.local_types.insert(t.name.clone(), ty);
                }
            }
            Stmt::NotSupported(what) => self.diag(
                crate::codes::NOT_SUPPORTED,
                BodyNode::Stmt(id),
                format!("not supported yet: {what}"),
            ),
            Stmt::Break if self.loops == 0 && self.switches == 0 => self.diag(
                crate::codes::JUMP_OUTSIDE_LOOP,
                BodyNode::Stmt(id),
                "`break` outside of a loop or switch".into(),
            ),
            Stmt::Continue if self.loops == 0 => self.diag(
                crate::codes::JUMP_OUTSIDE_LOOP,
                BodyNode::Stmt(id),
                "`continue` outside of a loop".into(),
            ),
            Stmt::Break | Stmt::Continue | Stmt::Discard | Stmt::Empty => {}
        }
    }

    fn in_loop(&mut self, body: StmtId) {
        self.loops += 1;
        self.infer_stmt(body);
        self.loops -= 1;
    }

    /// HLSL 2021 and later (or `-enable-short-circuit`): `&&`, `||` and `?:` short-circuit and
    /// take scalars only; before, they evaluate both sides and work per component (`-HV 2016`/
    /// `-HV 2018`).
    fn short_circuits(&self) -> bool {
        self.config.preprocess(self.db).short_circuits()
    }

    /// Whether `e` (already inferred) has more than one component: a vector or matrix.
    fn is_multi_component(&self, e: ExprId) -> bool {
        match self.result.type_of_expr(e) {
            Some(Type::Vector(_, n)) => *n > 1,
            Some(Type::Matrix { rows, cols, .. }) => u32::from(*rows) * u32::from(*cols) > 1,
            _ => false,
        }
    }

    fn infer_condition(&mut self, cond: ExprId) {
        if let Some(t) = self.infer_expr(cond) {
            // A plain enum converts to `bool`; a scoped one would need a cast.
            if t.scalar_kind().is_none() && !enums::is_plain(&t) {
                self.diag(
                    crate::codes::TYPE_MISMATCH,
                    BodyNode::Expr(cond),
                    format!("cannot use a value of type `{t}` as a condition"),
                );
            }
        }
    }

    /// The condition of `if`, `while`, `do`-`while` and `for` converts to `bool`: one
    /// component of a numeric type (a `float1x1` too). DXC refuses a vector there rather
    /// than truncate it, unlike other implicit conversions.
    fn infer_stmt_condition(&mut self, cond: ExprId) {
        self.infer_condition(cond);
        let t = self.result.type_of_expr(cond).cloned();
        if let Some(t) = t.filter(|t| t.scalar_kind().is_some()) {
            if self.is_multi_component(cond) {
                self.diag(
                    crate::codes::TYPE_MISMATCH,
                    BodyNode::Expr(cond),
                    format!(
                        "a condition must be a scalar, not `{t}`: use `any()`, `all()` or one \
                         component"
                    ),
                );
            }
        }
    }

    fn check_return(&mut self, stmt: StmtId, value: Option<ExprId>) {
        match value {
            Some(v) => {
                let expected = self.ret.clone();
                let ty = self.infer_expr_expecting(v, expected.as_ref());
                if self.ret_void {
                    if ty.is_some_and(|t| !t.is_void()) {
                        self.diag(
                            crate::codes::BAD_RETURN,
                            BodyNode::Expr(v),
                            "a void function cannot return a value".into(),
                        );
                    }
                } else if let Some(r) = expected {
                    self.check_conversion(v, &r);
                }
            }
            None => {
                if !self.ret_void && self.ret.is_some() {
                    self.diag(
                        crate::codes::BAD_RETURN,
                        BodyNode::Stmt(stmt),
                        "a non-void function must return a value".into(),
                    );
                }
            }
        }
    }

    /// Whether control can reach the end of `stmt`.
    fn falls_through(&self, stmt: StmtId) -> bool {
        match self.body.stmt(stmt) {
            Stmt::Return(_) => false,
            Stmt::Block(stmts) => stmts.iter().all(|s| self.falls_through(*s)),
            Stmt::If {
                then,
                otherwise: Some(o),
                ..
            } => self.falls_through(*then) || self.falls_through(*o),
            Stmt::While { cond, body } => !self.is_true(*cond) || self.breaks(*body),
            Stmt::For { cond, body, .. } => {
                cond.is_some_and(|c| !self.is_true(c)) || self.breaks(*body)
            }
            Stmt::DoWhile { body, cond } => {
                (self.falls_through(*body) && !self.is_true(*cond)) || self.breaks(*body)
            }
            Stmt::Switch { clauses, .. } => {
                let has_default = clauses.iter().any(|c| c.value.is_none());
                !has_default
                    || clauses
                        .last()
                        .is_none_or(|c| c.stmts.iter().all(|s| self.falls_through(*s)))
                    || clauses
                        .iter()
                        .any(|c| c.stmts.iter().any(|s| self.breaks(*s)))
            }
            _ => true,
        }
    }

    fn is_true(&self, e: ExprId) -> bool {
        match self.body.expr(e) {
            crate::body::Expr::Literal(crate::body::Literal::Bool(b)) => *b,
            crate::body::Expr::Literal(crate::body::Literal::Int(v, _)) => *v != 0,
            crate::body::Expr::Paren(inner) => self.is_true(*inner),
            _ => false,
        }
    }

    /// Whether `stmt` contains a `break` that leaves the loop or switch around it.
    fn breaks(&self, stmt: StmtId) -> bool {
        match self.body.stmt(stmt) {
            Stmt::Break => true,
            Stmt::Block(stmts) => stmts.iter().any(|s| self.breaks(*s)),
            Stmt::If {
                then, otherwise, ..
            } => self.breaks(*then) || otherwise.is_some_and(|o| self.breaks(o)),
            _ => false,
        }
    }

    fn set(&mut self, id: ExprId, ty: Option<Type>, literal: bool) -> Option<Type> {
        self.result.expr_types[id.0 as usize] = ty.clone();
        self.result.literal[id.0 as usize] = literal && ty.is_some();
        ty
    }

    fn operand(&self, id: ExprId) -> Option<Operand> {
        Some(Operand {
            ty: self.result.type_of_expr(id)?.clone(),
            literal: self.result.is_literal(id),
        })
    }

    /// How `from` converts implicitly to `to`: `ops::conversion`, and a struct converts to
    /// any of its bases, keeping the base's part (C++'s slicing, as DXC):
    /// `Base b = derived;`, `takesBase(derived)`.
    fn conversion(&self, from: &Operand, to: &Type) -> ops::Conversion {
        let conv = ops::conversion(from, to);
        match (conv, &from.ty, to) {
            (ops::Conversion::Incompatible, Type::Struct(derived), Type::Struct(base))
                if self.is_base_struct(base, derived, 0) =>
            {
                ops::Conversion::Conversion
            }
            _ => conv,
        }
    }

    /// Checks that `expr` (already inferred) converts implicitly to `to`.
    fn check_conversion(&mut self, expr: ExprId, to: &Type) -> ops::Conversion {
        let Some(from) = self.operand(expr) else {
            return ops::Conversion::Exact;
        };
        let conv = self.conversion(&from, to);
        match conv {
            ops::Conversion::Incompatible => {
                let message = enums::conversion_message(&from, to)
                    .unwrap_or_else(|| format!("cannot convert from `{}` to `{to}`", from.ty));
                self.diag(crate::codes::TYPE_MISMATCH, BodyNode::Expr(expr), message);
            }
            ops::Conversion::Truncation => {
                self.diag(
                    crate::codes::TRUNCATION,
                    BodyNode::Expr(expr),
                    format!("implicit truncation from `{}` to `{to}`", from.ty),
                );
            }
            _ => {}
        }
        conv
    }

    /// The type of global variable `idx`, resolved where it is declared.
    fn global_type(&mut self, idx: ItemIdx) -> Option<Type> {
        if let Some(t) = self.globals.get(&idx) {
            return t.clone();
        }
        let ItemKind::Variable(v) = &self.tree.item(idx).kind else {
            return None;
        };
        let tcx = TypeCtx::inside(self.tree, self.scope, idx);
        let mut ty = tcx.resolve(&v.ty, &mut Vec::new());
        if matches!(ty, Some(Type::Array { len: None, .. })) && v.has_init && idx != self.idx {
            let ast = self.tree.item(idx).ast;
            let g = GlobalId::new(self.db, self.file, self.config, ast);
            ty = infer_global(self.db, g).declared_type.clone();
        }
        self.globals.insert(idx, ty.clone());
        ty
    }

    /// E2016 when the `count` scalars of list `init`, sizing an array of unknown size, end
    /// inside an element (`per` scalars each): no whole last element.
    fn check_whole_elements(&mut self, init: ExprId, element: &Type, count: u32, per: u32) {
        if !count.is_multiple_of(per) {
            self.diag(
                crate::codes::COMPONENT_COUNT,
                BodyNode::Expr(init),
                format!(
                    "initializer list has {count} component(s), `{element}[]` needs a multiple \
                     of {per}"
                ),
            );
        }
    }

    fn init_list_count(&self, expr: ExprId) -> Option<u32> {
        match self.body.expr(expr) {
            crate::body::Expr::InitList(items) => {
                items.iter().map(|i| self.init_list_count(*i)).sum()
            }
            _ => ops::flat_count_objects(self.result.type_of_expr(expr)?),
        }
    }
}
