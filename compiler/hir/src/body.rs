//! Function bodies as arenas of expressions, statements and locals, without text ranges.
//!
//! `body_with_source_map` lowers the AST of one function (from the expanded tree) into a
//! `Body` and a `BodySourceMap` (ids to syntax); it runs on demand (diagnostics with errors,
//! hover, lowering to the IR). `body` lowers the same syntax from `function_green`, the
//! function's green node without offsets: an edit elsewhere that only moves the function
//! leaves the green node equal, so salsa backdates it and neither the body nor the
//! function's inference re-runs.
//!
//! Local names are resolved here, with C scoping (blocks, `for` initializers): a name that is
//! a visible local becomes `Expr::Local`; anything else stays a `Path` for inference to resolve
//! against the file's items.
//!
//! A declaration written as a condition is desugared here, so later stages see plain
//! statements: `if (int y = g()) a` becomes `{ int y = g(); if (y) a }`, `switch` likewise, and
//! `while (int x = f()) b` becomes `while (true) { int x = f(); if (x) {} else break; b }`
//! (the `true` maps to the `while` statement).

use std::collections::HashMap;
use std::sync::Arc;

use rowan::ast::SyntaxNodePtr;
use rowan::GreenNode;
use syntax::ast::{self, AstNode, HasAttributes, HasModifiers, HasName};
use syntax::{Hlsl, SyntaxKind, SyntaxNode};

use crate::ids::{ast_id_map, expanded_root, FunctionId, GlobalId};
use crate::item_tree::{lower_param, ParamDirection};
use crate::type_ref::{
    lower_generic_args, lower_path, parse_float_literal, parse_int_literal, FloatSuffix,
    GenericArg, IntSuffix, Name, Path, TypeRef,
};
use crate::HirDb;

macro_rules! arena_id {
    ($name:ident) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
    };
}
arena_id!(ExprId);
arena_id!(StmtId);
arena_id!(LocalId);

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Literal {
    Int(u64, IntSuffix),
    /// The `f64` bits.
    Float(u64, FloatSuffix),
    Bool(bool),
    String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// The parser found no expression here.
    Missing,
    Literal(Literal),
    Local(LocalId),
    /// A name that is not a local: a global, function, enumerator, type or static member.
    Path(Path),
    Binary {
        op: ast::BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    },
    Prefix {
        op: ast::PrefixOp,
        expr: ExprId,
    },
    Postfix {
        op: ast::PostfixOp,
        expr: ExprId,
    },
    Conditional {
        cond: ExprId,
        then: ExprId,
        otherwise: ExprId,
    },
    /// A function call or a constructor (`float4(a, b)`, the callee names a type).
    Call {
        callee: ExprId,
        args: Vec<ExprId>,
    },
    MethodCall {
        receiver: ExprId,
        name: Name,
        args: Vec<ExprId>,
    },
    /// A struct member or a swizzle.
    Field {
        expr: ExprId,
        name: Name,
    },
    Index {
        base: ExprId,
        index: ExprId,
    },
    Cast {
        ty: TypeRef,
        expr: ExprId,
    },
    InitList(Vec<ExprId>),
    SizeOf {
        ty: Option<TypeRef>,
        expr: Option<ExprId>,
    },
    Paren(ExprId),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseClause {
    /// `None` for `default:`.
    pub value: Option<ExprId>,
    pub stmts: Vec<StmtId>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stmt {
    Expr(ExprId),
    Decl(Vec<LocalId>),
    Block(Vec<StmtId>),
    If {
        cond: ExprId,
        then: StmtId,
        otherwise: Option<StmtId>,
    },
    For {
        init: Option<StmtId>,
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: StmtId,
    },
    While {
        cond: ExprId,
        body: StmtId,
    },
    DoWhile {
        body: StmtId,
        cond: ExprId,
    },
    Switch {
        expr: ExprId,
        clauses: Vec<CaseClause>,
    },
    Break,
    Continue,
    Return(Option<ExprId>),
    Discard,
    Empty,
    /// Structs and typedefs declared inside the function, visible from here on.
    TypeDecl(Vec<LocalType>),
    /// A construct the semantic layer does not handle yet.
    NotSupported(String),
}

/// A type declared inside a function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalType {
    pub name: Name,
    pub def: LocalTypeDef,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LocalTypeDef {
    /// The fields (methods of local structs are not modeled).
    Struct(Vec<(Name, TypeRef)>),
    Alias(TypeRef),
    Enum(LocalEnum),
}

/// An enum declared inside a function. Its enumerators are visible from the declaration on:
/// by name for a plain `enum`, as `E::A` for both kinds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalEnum {
    /// `enum class` / `enum struct`.
    pub scoped: bool,
    pub underlying: Option<TypeRef>,
    /// Each enumerator with its value expression, if written.
    pub enumerators: Vec<(Name, Option<ExprId>)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Local {
    pub name: Name,
    pub ty: TypeRef,
    pub is_const: bool,
    pub is_static: bool,
    /// `precise`: the arithmetic that computes the values stored into it keeps its exact
    /// IEEE evaluation (no contraction or reassociation).
    pub is_precise: bool,
    /// `Some` for parameters.
    pub param: Option<ParamDirection>,
    pub init: Option<ExprId>,
}

/// Problems found while lowering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BodyDiagnostic {
    /// `local` redeclares `previous` in the same scope.
    Redefinition { local: LocalId, previous: LocalId },
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Body {
    pub exprs: Vec<Expr>,
    pub stmts: Vec<Stmt>,
    pub locals: Vec<Local>,
    /// The parameters, first locals.
    pub params: Vec<LocalId>,
    /// The outer block (`None` for a prototype and for a global's initializer).
    pub root: Option<StmtId>,
    /// The initializer of a global.
    pub init: Option<ExprId>,
    pub diagnostics: Vec<BodyDiagnostic>,
    /// Explicit template arguments of method calls (`buf.Load<float3>(a)`), by call, in the
    /// order of the calls.
    pub method_template_args: Vec<(ExprId, Vec<GenericArg>)>,
    /// Names that resolve to nothing but were declared by the init of a `for` statement
    /// already ended (HLSL 2021 scoping), in increasing order: the checker says so.
    pub past_for_scope: Vec<ExprId>,
}

impl Body {
    /// The explicit template arguments of method call `id`, if written.
    pub fn method_template_args(&self, id: ExprId) -> Option<&[GenericArg]> {
        self.method_template_args
            .binary_search_by_key(&id, |(e, _)| *e)
            .ok()
            .map(|i| self.method_template_args[i].1.as_slice())
    }

    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.0 as usize]
    }

    pub fn stmt(&self, id: StmtId) -> &Stmt {
        &self.stmts[id.0 as usize]
    }

    pub fn local(&self, id: LocalId) -> &Local {
        &self.locals[id.0 as usize]
    }

    /// The expressions directly inside `id`, in evaluation order.
    pub fn children(&self, id: ExprId) -> Vec<ExprId> {
        match self.expr(id) {
            Expr::Missing | Expr::Literal(_) | Expr::Local(_) | Expr::Path(_) => Vec::new(),
            Expr::Binary { lhs, rhs, .. } => vec![*lhs, *rhs],
            Expr::Prefix { expr, .. }
            | Expr::Postfix { expr, .. }
            | Expr::Cast { expr, .. }
            | Expr::Paren(expr) => {
                vec![*expr]
            }
            Expr::Field { expr, .. } => vec![*expr],
            Expr::Conditional {
                cond,
                then,
                otherwise,
            } => vec![*cond, *then, *otherwise],
            Expr::Call { callee, args } => std::iter::once(*callee)
                .chain(args.iter().copied())
                .collect(),
            Expr::MethodCall { receiver, args, .. } => std::iter::once(*receiver)
                .chain(args.iter().copied())
                .collect(),
            Expr::Index { base, index } => vec![*base, *index],
            Expr::InitList(items) => items.clone(),
            Expr::SizeOf { expr, .. } => expr.iter().copied().collect(),
        }
    }
}

/// Where each expression, statement and local came from in the expanded tree.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BodySourceMap {
    pub exprs: Vec<SyntaxNodePtr<Hlsl>>,
    pub stmts: Vec<SyntaxNodePtr<Hlsl>>,
    /// The name of each local (the `NAME` node), or its declarator when unnamed.
    pub locals: Vec<SyntaxNodePtr<Hlsl>>,
    expr_by_node: HashMap<SyntaxNodePtr<Hlsl>, ExprId>,
}

impl BodySourceMap {
    pub fn expr_syntax(&self, id: ExprId) -> SyntaxNodePtr<Hlsl> {
        self.exprs[id.0 as usize]
    }

    pub fn local_syntax(&self, id: LocalId) -> SyntaxNodePtr<Hlsl> {
        self.locals[id.0 as usize]
    }

    pub fn stmt_syntax(&self, id: StmtId) -> SyntaxNodePtr<Hlsl> {
        self.stmts[id.0 as usize]
    }

    pub fn expr_for_node(&self, node: &SyntaxNode) -> Option<ExprId> {
        self.expr_by_node.get(&SyntaxNodePtr::new(node)).copied()
    }
}

/// The lowered body of `f` with its source map. Not backdated (the map holds ranges);
/// callers that need only the body use `body`.
#[salsa::tracked(returns(clone))]
pub fn body_with_source_map<'db>(
    db: &'db dyn HirDb,
    f: FunctionId<'db>,
) -> (Arc<Body>, Arc<BodySourceMap>) {
    let (file, config) = (f.file(db), f.config(db));
    let root = expanded_root(db, file, config);
    let node = ast_id_map(db, file, config).node(&root, f.ast(db));
    let Some(fn_def) = node.and_then(ast::FnDef::cast) else {
        return Default::default();
    };
    let (body, map) = lower_body(&fn_def, legacy_for_scope(db, config));
    (Arc::new(body), Arc::new(map))
}

/// The syntax of `f`'s definition as a green node: no offsets, so it stays equal (and salsa
/// backdates it) when an edit elsewhere moves the function. Re-run on every edit of the
/// file, it costs a lookup; what depends on it re-runs only when this function's own text
/// changes.
#[salsa::tracked(returns(ref))]
pub fn function_green<'db>(db: &'db dyn HirDb, f: FunctionId<'db>) -> Option<DeclGreen> {
    let (file, config) = (f.file(db), f.config(db));
    let root = expanded_root(db, file, config);
    let node = ast_id_map(db, file, config).node(&root, f.ast(db))?;
    Some(DeclGreen(node.green().to_owned()))
}

/// A declaration's green node, compared by structure but answering at once for a node shared
/// by both sides (`syntax::green_eq`): after an incremental re-parse every unedited
/// declaration is the very node it was, so backdating it costs a pointer comparison where
/// rowan's own equality would walk the whole body.
#[derive(Debug, Clone)]
pub struct DeclGreen(pub GreenNode);

impl PartialEq for DeclGreen {
    fn eq(&self, other: &DeclGreen) -> bool {
        syntax::green_eq(&self.0, &other.0)
    }
}

impl Eq for DeclGreen {}

/// The lowered body of `f`, with no ranges. Lowered from `function_green` rather than from
/// `body_with_source_map`, so an edit in another function neither re-lowers this one nor
/// re-runs its inference. Expression ids agree with the source map's: both lower the same
/// syntax in the same order.
#[salsa::tracked(returns(clone))]
pub fn body<'db>(db: &'db dyn HirDb, f: FunctionId<'db>) -> Arc<Body> {
    let Some(green) = function_green(db, f) else {
        return Arc::default();
    };
    match ast::FnDef::cast(SyntaxNode::new_root(green.0.clone())) {
        Some(fn_def) => Arc::new(lower_body(&fn_def, legacy_for_scope(db, f.config(db))).0),
        None => Arc::default(),
    }
}

/// The source map of `f`'s body.
pub fn body_source_map<'db>(db: &'db dyn HirDb, f: FunctionId<'db>) -> Arc<BodySourceMap> {
    body_with_source_map(db, f).1
}

/// The lowered initializer of global `g` with its source map.
#[salsa::tracked(returns(clone))]
pub fn global_body_with_source_map<'db>(
    db: &'db dyn HirDb,
    g: GlobalId<'db>,
) -> (Arc<Body>, Arc<BodySourceMap>) {
    let (file, config) = (g.file(db), g.config(db));
    let root = expanded_root(db, file, config);
    let node = ast_id_map(db, file, config).node(&root, g.ast(db));
    let Some(init) = node
        .and_then(ast::VarDeclarator::cast)
        .and_then(|d| d.initializer())
    else {
        return Default::default();
    };
    let (body, map) = lower_initializer(&init);
    (Arc::new(body), Arc::new(map))
}

/// Lowers a parameter's default value (`float a = g() * 2`), as a global's initializer is
/// lowered: an expression of its own, with no locals (the parameters are not in scope).
/// Lowering evaluates it at each call that leaves the argument out.
pub fn lower_default_value(default: &ast::Expr) -> (Body, BodySourceMap) {
    lower_initializer(default)
}

/// Lowers a global's initializer.
fn lower_initializer(init: &ast::Expr) -> (Body, BodySourceMap) {
    let mut ctx = BodyLowering::default();
    ctx.scopes.push(Vec::new());
    let e = ctx.lower_expr(init);
    ctx.body.init = Some(e);
    (ctx.body, ctx.map)
}

/// The syntax of global `g`'s declarator as a green node (see `function_green`).
#[salsa::tracked(returns(ref))]
pub fn global_green<'db>(db: &'db dyn HirDb, g: GlobalId<'db>) -> Option<DeclGreen> {
    let (file, config) = (g.file(db), g.config(db));
    let root = expanded_root(db, file, config);
    let node = ast_id_map(db, file, config).node(&root, g.ast(db))?;
    Some(DeclGreen(node.green().to_owned()))
}

/// The lowered initializer of global `g`, with no ranges, from `global_green`: an edit
/// elsewhere does not re-lower it.
#[salsa::tracked(returns(clone))]
pub fn global_body<'db>(db: &'db dyn HirDb, g: GlobalId<'db>) -> Arc<Body> {
    let Some(green) = global_green(db, g) else {
        return Arc::default();
    };
    let init = ast::VarDeclarator::cast(SyntaxNode::new_root(green.0.clone()))
        .and_then(|d| d.initializer());
    match init {
        Some(init) => Arc::new(lower_initializer(&init).0),
        None => Arc::default(),
    }
}

/// Whether `config` selects HLSL before 2021 (`-HV 2018`, `-HV 2016`), where a `for`
/// statement's init declarations belong to the enclosing scope, as in DXC.
fn legacy_for_scope(db: &dyn HirDb, config: base_db::CompileConfig) -> bool {
    config.preprocess(db).hlsl_version < 2021
}

/// Lowers a function definition's parameters and body; `legacy_for_scope` lets a `for`
/// statement's init declarations outlive the loop (HLSL before 2021).
pub fn lower_body(fn_def: &ast::FnDef, legacy_for_scope: bool) -> (Body, BodySourceMap) {
    let mut ctx = BodyLowering {
        legacy_for_scope,
        ..BodyLowering::default()
    };
    ctx.scopes.push(Vec::new());
    for p in fn_def.param_list().into_iter().flat_map(|l| l.params()) {
        let param = lower_param(&p);
        let ptr = p
            .name()
            .map(|n| SyntaxNodePtr::new(n.syntax()))
            .unwrap_or_else(|| SyntaxNodePtr::new(p.syntax()));
        let local = ctx.declare(
            Local {
                name: param.name,
                ty: param.ty,
                is_const: param.is_const,
                is_static: false,
                is_precise: param.is_precise,
                param: Some(param.direction),
                init: None,
            },
            ptr,
        );
        ctx.body.params.push(local);
    }
    if let Some(block) = fn_def.body() {
        // The outermost block shares the parameters' scope: `void f(float x) { float x; }`
        // redefines `x`.
        let stmts = block.statements().map(|s| ctx.lower_stmt(&s)).collect();
        let root = ctx.alloc_stmt(Stmt::Block(stmts), block.syntax());
        ctx.body.root = Some(root);
    }
    (ctx.body, ctx.map)
}

/// In `BodyLowering::scopes`, a name a local function declaration brings into scope.
const LOCAL_FUNCTION: LocalId = LocalId(u32::MAX);

#[derive(Default)]
struct BodyLowering {
    body: Body,
    map: BodySourceMap,
    scopes: Vec<Vec<(Name, LocalId)>>,
    /// HLSL before 2021: the names a `for` statement's init declares stay visible after the
    /// loop (the most recent declaration of a name wins, as DXC's `-HV 2018` warns).
    legacy_for_scope: bool,
    /// HLSL 2021 and later: the names declared by the inits of the `for` statements lowered
    /// so far, which ended with their loops.
    ended_for_names: Vec<Name>,
}

impl BodyLowering {
    fn alloc_expr(&mut self, expr: Expr, node: &SyntaxNode) -> ExprId {
        let id = ExprId(self.body.exprs.len() as u32);
        self.body.exprs.push(expr);
        let ptr = SyntaxNodePtr::new(node);
        self.map.exprs.push(ptr);
        self.map.expr_by_node.insert(ptr, id);
        id
    }

    fn alloc_stmt(&mut self, stmt: Stmt, node: &SyntaxNode) -> StmtId {
        let id = StmtId(self.body.stmts.len() as u32);
        self.body.stmts.push(stmt);
        self.map.stmts.push(SyntaxNodePtr::new(node));
        id
    }

    fn declare(&mut self, local: Local, ptr: SyntaxNodePtr<Hlsl>) -> LocalId {
        let id = LocalId(self.body.locals.len() as u32);
        let name = local.name.clone();
        self.body.locals.push(local);
        self.map.locals.push(ptr);
        if let Some(scope) = self.scopes.last_mut() {
            if !name.is_empty() {
                if let Some((_, previous)) = scope
                    .iter()
                    .find(|(n, id)| *n == name && *id != LOCAL_FUNCTION)
                {
                    self.body.diagnostics.push(BodyDiagnostic::Redefinition {
                        local: id,
                        previous: *previous,
                    });
                }
                scope.push((name, id));
            }
        }
        id
    }

    fn lookup(&self, name: &str) -> Option<LocalId> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.iter().rev().find(|(n, _)| n == name).map(|(_, id)| *id))
    }

    fn in_scope<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.scopes.push(Vec::new());
        let r = f(self);
        self.scopes.pop();
        r
    }

    fn lower_stmt(&mut self, stmt: &ast::Stmt) -> StmtId {
        let s = match stmt {
            ast::Stmt::Block(b) => {
                let ids = self.in_scope(|this| {
                    let mut ids = Vec::new();
                    for child in b.syntax().children() {
                        if let Some(s) = ast::Stmt::cast(child.clone()) {
                            ids.push(this.lower_stmt(&s));
                        } else if let Some(c) = ast::CaseClause::cast(child) {
                            // Only a block that is itself a statement of a case clause is
                            // spliced into the switch (`lower_clause_stmt`); one under an
                            // `if` or a loop would need a jump into that construct.
                            let what = "a `case` or `default` label inside an `if`, a loop or \
                                        an attributed block of its `switch` (structured control \
                                        flow cannot enter that statement at the label)";
                            ids.push(this.alloc_stmt(Stmt::NotSupported(what.into()), c.syntax()));
                            ids.extend(c.statements().map(|s| this.lower_stmt(&s)));
                        }
                    }
                    ids
                });
                Stmt::Block(ids)
            }
            ast::Stmt::EmptyStmt(_) => Stmt::Empty,
            ast::Stmt::ExprStmt(e) => Stmt::Expr(self.lower_opt_expr(e.expr(), e.syntax())),
            ast::Stmt::DeclStmt(d) => match d.decl() {
                Some(ast::Item::VarDecl(v)) => match v.ty().and_then(|t| t.struct_def()) {
                    // `struct L { ... } v;`: the type, then the variables.
                    Some(def) => {
                        let locals = self.lower_local_structs(&def);
                        let name = locals.last().expect("the struct itself").name.clone();
                        let types = self.alloc_stmt(Stmt::TypeDecl(locals), d.syntax());
                        let locals = self.lower_var_decl_named(&v, Some(&name));
                        let decl = self.alloc_stmt(Stmt::Decl(locals), d.syntax());
                        Stmt::Block(vec![types, decl])
                    }
                    None => Stmt::Decl(self.lower_var_decl(&v)),
                },
                Some(ast::Item::StructDef(def)) => Stmt::TypeDecl(self.lower_local_structs(&def)),
                Some(ast::Item::TypedefDef(t)) => {
                    let mods = t.modifiers();
                    Stmt::TypeDecl(
                        t.declarators()
                            .map(|d| LocalType {
                                name: d.name().map(|n| n.text()).unwrap_or_default(),
                                def: LocalTypeDef::Alias(TypeRef::lower(
                                    t.ty(),
                                    &mods,
                                    d.array_suffixes(),
                                )),
                            })
                            .collect(),
                    )
                }
                Some(ast::Item::TypeAlias(a)) => Stmt::TypeDecl(vec![LocalType {
                    name: a.name().map(|n| n.text()).unwrap_or_default(),
                    def: LocalTypeDef::Alias(TypeRef::lower(a.ty(), &[], std::iter::empty())),
                }]),
                Some(ast::Item::EnumDef(e)) => Stmt::TypeDecl(vec![self.lower_local_enum(&e)]),
                // A nested function definition: the parser refused it already.
                Some(ast::Item::FnDef(f)) if f.body().is_some() => Stmt::Empty,
                // `float g(float);`: as in C++, it declares the file's `g` for the rest of the
                // block, even where `g` is defined further down the file.
                Some(ast::Item::FnDef(f)) => {
                    let name = f.name().map(|n| n.text()).unwrap_or_default();
                    if let (Some(scope), false) = (self.scopes.last_mut(), name.is_empty()) {
                        scope.push((name, LOCAL_FUNCTION));
                    }
                    Stmt::Empty
                }
                // `using namespace hlsl;` (HLSL 202x): the intrinsics are found without it.
                Some(ast::Item::UsingNamespace(u))
                    if u.path()
                        .is_some_and(|p| p.syntax().text().to_string().trim() == "hlsl") =>
                {
                    Stmt::Empty
                }
                // Checked where it is written (`static_assert_checks`); it runs nothing.
                Some(ast::Item::StaticAssert(_)) => Stmt::Empty,
                Some(_) => Stmt::NotSupported("this declaration inside a function".into()),
                None => Stmt::Empty,
            },
            ast::Stmt::IfStmt(i) if i.condition_decl().is_some() => {
                // `if (int y = g()) a else b` is `{ int y = g(); if (y) a else b }`.
                self.in_scope(|this| {
                    let (decl, cond) = this.lower_condition_decl(i.condition_decl(), i.syntax());
                    let then = this.lower_sub_stmt(i.then_branch(), i.syntax());
                    let otherwise = i
                        .else_branch()
                        .map(|e| this.lower_sub_stmt(e.stmt(), e.syntax()));
                    let stmt = Stmt::If {
                        cond,
                        then,
                        otherwise,
                    };
                    Stmt::Block(vec![decl, this.alloc_stmt(stmt, i.syntax())])
                })
            }
            ast::Stmt::WhileStmt(w) if w.condition_decl().is_some() => {
                // `while (int x = f()) body` declares and tests `x` before every iteration:
                // `while (true) { int x = f(); if (x) {} else break; body }`.
                self.in_scope(|this| {
                    let (decl, cond) = this.lower_condition_decl(w.condition_decl(), w.syntax());
                    let empty = this.alloc_stmt(Stmt::Empty, w.syntax());
                    let exit = this.alloc_stmt(Stmt::Break, w.syntax());
                    let test = Stmt::If {
                        cond,
                        then: empty,
                        otherwise: Some(exit),
                    };
                    let test = this.alloc_stmt(test, w.syntax());
                    let body = this.lower_sub_stmt(w.body(), w.syntax());
                    let block = this.alloc_stmt(Stmt::Block(vec![decl, test, body]), w.syntax());
                    let always = this.alloc_expr(Expr::Literal(Literal::Bool(true)), w.syntax());
                    Stmt::While {
                        cond: always,
                        body: block,
                    }
                })
            }
            ast::Stmt::SwitchStmt(s) if s.condition_decl().is_some() => {
                // `switch (int c = a) { ... }` is `{ int c = a; switch (c) { ... } }`.
                self.in_scope(|this| {
                    let (decl, expr) = this.lower_condition_decl(s.condition_decl(), s.syntax());
                    let clauses = this.lower_case_clauses(s);
                    let switch = this.alloc_stmt(Stmt::Switch { expr, clauses }, s.syntax());
                    Stmt::Block(vec![decl, switch])
                })
            }
            ast::Stmt::IfStmt(i) => {
                let cond = self.lower_opt_expr(i.condition(), i.syntax());
                let then = self.lower_sub_stmt(i.then_branch(), i.syntax());
                let otherwise = i
                    .else_branch()
                    .map(|e| self.lower_sub_stmt(e.stmt(), e.syntax()));
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                }
            }
            ast::Stmt::ForStmt(f) => {
                self.scopes.push(Vec::new());
                let init = f.init().map(|s| self.lower_stmt(&s));
                let declared = self.scopes.last().map_or(0, Vec::len);
                let cond = f.condition().map(|e| self.lower_expr(&e));
                let step = f.step().map(|e| self.lower_expr(&e));
                let body = self.lower_sub_stmt(f.body(), f.syntax());
                let scope = self.scopes.pop().unwrap_or_default();
                let init_names = scope.into_iter().take(declared);
                if self.legacy_for_scope {
                    if let Some(outer) = self.scopes.last_mut() {
                        outer.extend(init_names);
                    }
                } else {
                    self.ended_for_names.extend(init_names.map(|(n, _)| n));
                }
                Stmt::For {
                    init,
                    cond,
                    step,
                    body,
                }
            }
            ast::Stmt::WhileStmt(w) => {
                let cond = self.lower_opt_expr(w.condition(), w.syntax());
                let body = self.lower_sub_stmt(w.body(), w.syntax());
                Stmt::While { cond, body }
            }
            ast::Stmt::DoWhileStmt(d) => {
                let body = self.lower_sub_stmt(d.body(), d.syntax());
                let cond = self.lower_opt_expr(d.condition(), d.syntax());
                Stmt::DoWhile { body, cond }
            }
            ast::Stmt::SwitchStmt(s) => {
                let expr = self.lower_opt_expr(s.expr(), s.syntax());
                let clauses = self.lower_case_clauses(s);
                Stmt::Switch { expr, clauses }
            }
            ast::Stmt::BreakStmt(_) => Stmt::Break,
            ast::Stmt::ContinueStmt(_) => Stmt::Continue,
            ast::Stmt::ReturnStmt(r) => Stmt::Return(r.expr().map(|e| self.lower_expr(&e))),
            ast::Stmt::DiscardStmt(_) => Stmt::Discard,
        };
        self.alloc_stmt(s, stmt.syntax())
    }

    /// The clauses of a switch body, in one scope. Labels in blocks nested in a clause
    /// (`case 6: { x(); case 7: y(); } z();`) start clauses of the switch, as in C: the block's
    /// statements are spliced into the clause list in order (`case 6: x(); case 7: y(); z();`),
    /// with its names still scoped to the block, so each label is a target of the one
    /// structured `switch`.
    fn lower_case_clauses(&mut self, s: &ast::SwitchStmt) -> Vec<CaseClause> {
        self.in_scope(|this| {
            let mut clauses = Vec::new();
            for c in s.body().into_iter().flat_map(|b| b.clauses()) {
                this.lower_clause(&c, &mut clauses);
            }
            clauses
        })
    }

    fn lower_clause(&mut self, c: &ast::CaseClause, clauses: &mut Vec<CaseClause>) {
        let value = if c.is_default() {
            None
        } else {
            Some(self.lower_opt_expr(c.value(), c.syntax()))
        };
        clauses.push(CaseClause {
            value,
            stmts: Vec::new(),
        });
        for s in c.statements() {
            self.lower_clause_stmt(&s, clauses);
        }
    }

    /// A statement of the last clause of `clauses`; a plain block holding labels is spliced.
    fn lower_clause_stmt(&mut self, stmt: &ast::Stmt, clauses: &mut Vec<CaseClause>) {
        if let ast::Stmt::Block(b) = stmt {
            if holds_labels(b.syntax()) && b.attributes().next().is_none() {
                self.in_scope(|this| {
                    for child in b.syntax().children() {
                        if let Some(s) = ast::Stmt::cast(child.clone()) {
                            this.lower_clause_stmt(&s, clauses);
                        } else if let Some(c) = ast::CaseClause::cast(child) {
                            this.lower_clause(&c, clauses);
                        }
                    }
                });
                return;
            }
        }
        let id = self.lower_stmt(stmt);
        if let Some(last) = clauses.last_mut() {
            last.stmts.push(id);
        }
    }

    /// The declaration of `if (int y = g())` as a `Decl` statement in the current scope, and
    /// the expression reading the declared variable (`Missing` when the declaration is broken).
    fn lower_condition_decl(
        &mut self,
        decl: Option<ast::ConditionDecl>,
        parent: &SyntaxNode,
    ) -> (StmtId, ExprId) {
        let Some(decl) = decl else {
            let stmt = self.alloc_stmt(Stmt::Empty, parent);
            return (stmt, self.alloc_expr(Expr::Missing, parent));
        };
        let locals = decl
            .var_decl()
            .map(|v| self.lower_var_decl(&v))
            .unwrap_or_default();
        let stmt = self.alloc_stmt(Stmt::Decl(locals.clone()), decl.syntax());
        let value = match locals.first() {
            Some(&local) => Expr::Local(local),
            None => Expr::Missing,
        };
        (stmt, self.alloc_expr(value, decl.syntax()))
    }

    /// A statement nested in another (an `if` branch, a loop body): its own scope.
    fn lower_sub_stmt(&mut self, stmt: Option<ast::Stmt>, parent: &SyntaxNode) -> StmtId {
        match stmt {
            Some(s) => self.in_scope(|this| this.lower_stmt(&s)),
            None => self.alloc_stmt(Stmt::Empty, parent),
        }
    }

    /// A struct declared in the function, after the structs its fields declare inline
    /// (`struct { int16_t i; struct { float f; } s; } c;`), which come first: each nested
    /// one is a local type of its own, its field typed by that type's name.
    fn lower_local_structs(&mut self, def: &ast::StructDef) -> Vec<LocalType> {
        let mut out = Vec::new();
        self.lower_local_struct_into(def, &mut out);
        out
    }

    fn lower_local_struct_into(&mut self, def: &ast::StructDef, out: &mut Vec<LocalType>) -> Name {
        let n = self.body.stmts.len();
        let name = def.name().map(|n| n.text()).unwrap_or_else(|| {
            // Nested anonymous structs of one statement get distinct names.
            let k = out.len();
            if k == 0 {
                format!("(anonymous struct at statement {n})")
            } else {
                format!("(anonymous struct {k} at statement {n})")
            }
        });
        // Reserve this struct's place before its nested ones, then move it after them.
        let mut fields = Vec::new();
        for v in def.field_list().into_iter().flat_map(|l| l.fields()) {
            let mods = v.modifiers();
            let nested = v
                .ty()
                .and_then(|t| t.struct_def())
                .map(|inner| self.lower_local_struct_into(&inner, out));
            for d in v.declarators() {
                let field = d.name().map(|n| n.text()).unwrap_or_default();
                let mut ty = TypeRef::lower(v.ty(), &mods, d.array_suffixes());
                if let Some(inner) = &nested {
                    ty.base = crate::type_ref::TypeBase::Path(Path::single(inner));
                }
                fields.push((field, ty));
            }
        }
        out.push(LocalType {
            name: name.clone(),
            def: LocalTypeDef::Struct(fields),
        });
        name
    }

    fn lower_local_enum(&mut self, e: &ast::EnumDef) -> LocalType {
        let n = self.body.stmts.len();
        let name = e
            .name()
            .map(|n| n.text())
            .unwrap_or_else(|| format!("(anonymous enum at statement {n})"));
        let enumerators = e
            .variant_list()
            .into_iter()
            .flat_map(|l| l.variants())
            .map(|v| {
                let name = v.name().map(|n| n.text()).unwrap_or_default();
                (name, v.value().map(|value| self.lower_expr(&value)))
            })
            .collect();
        LocalType {
            name,
            def: LocalTypeDef::Enum(LocalEnum {
                scoped: e.is_scoped(),
                underlying: e
                    .underlying_type()
                    .map(|t| TypeRef::lower(Some(t), &[], std::iter::empty())),
                enumerators,
            }),
        }
    }

    fn lower_var_decl(&mut self, v: &ast::VarDecl) -> Vec<LocalId> {
        self.lower_var_decl_named(v, None)
    }

    /// Lowers the declarators of `v`; `type_name` names the type when it is a struct
    /// defined in the declaration.
    fn lower_var_decl_named(&mut self, v: &ast::VarDecl, type_name: Option<&str>) -> Vec<LocalId> {
        let mods = v.modifiers();
        let has = |k: SyntaxKind| mods.iter().any(|t| t.kind() == k);
        let mut out = Vec::new();
        for d in v.declarators() {
            // The initializer is in scope of the previous declarators, not of this one.
            let init = d.initializer().map(|e| self.lower_expr(&e));
            let mut ty = TypeRef::lower(v.ty(), &mods, d.array_suffixes());
            if let Some(name) = type_name {
                ty.base = crate::type_ref::TypeBase::Path(Path::single(name));
            }
            let local = Local {
                name: d.name().map(|n| n.text()).unwrap_or_default(),
                ty,
                is_const: has(SyntaxKind::CONST_KW) || v.ty().is_some_and(|t| t.has_const()),
                is_static: has(SyntaxKind::STATIC_KW),
                is_precise: has(SyntaxKind::PRECISE_KW),
                param: None,
                init,
            };
            let ptr = d
                .name()
                .map(|n| SyntaxNodePtr::new(n.syntax()))
                .unwrap_or_else(|| SyntaxNodePtr::new(d.syntax()));
            out.push(self.declare(local, ptr));
        }
        out
    }

    fn lower_opt_expr(&mut self, e: Option<ast::Expr>, parent: &SyntaxNode) -> ExprId {
        match e {
            Some(e) => self.lower_expr(&e),
            None => self.alloc_expr(Expr::Missing, parent),
        }
    }

    fn lower_args(&mut self, list: Option<ast::ArgList>) -> Vec<ExprId> {
        list.map(|l| l.args().map(|a| self.lower_expr(&a)).collect())
            .unwrap_or_default()
    }

    fn lower_expr(&mut self, e: &ast::Expr) -> ExprId {
        let node = e.syntax();
        let expr = match e {
            ast::Expr::Literal(lit) => {
                let text = lit
                    .token()
                    .map(|t| t.text().to_string())
                    .unwrap_or_default();
                match lit.kind() {
                    Some(ast::LiteralKind::Int) => match parse_int_literal(&text) {
                        Some((v, s)) => Expr::Literal(Literal::Int(v, s)),
                        None => Expr::Literal(Literal::Int(0, IntSuffix::None)),
                    },
                    Some(ast::LiteralKind::Float) => match parse_float_literal(&text) {
                        Some((v, s)) => Expr::Literal(Literal::Float(v.to_bits(), s)),
                        None => Expr::Literal(Literal::Float(0, FloatSuffix::None)),
                    },
                    Some(ast::LiteralKind::Bool(b)) => Expr::Literal(Literal::Bool(b)),
                    Some(ast::LiteralKind::String | ast::LiteralKind::Char) => {
                        Expr::Literal(Literal::String)
                    }
                    None => Expr::Missing,
                }
            }
            ast::Expr::PathExpr(p) => match p.path() {
                Some(path) => {
                    let path = lower_path(&path);
                    match path.as_name().and_then(|n| self.lookup(n)) {
                        // Names the file-scope function (`::g`, which sees past the
                        // function being lowered).
                        Some(LOCAL_FUNCTION) => Expr::Path(Path {
                            global: true,
                            ..path
                        }),
                        Some(local) => Expr::Local(local),
                        None => {
                            // A path has no sub-expressions: its id is the next one.
                            let ended = path
                                .as_name()
                                .is_some_and(|n| self.ended_for_names.iter().any(|e| e == n));
                            if ended {
                                let id = ExprId(self.body.exprs.len() as u32);
                                self.body.past_for_scope.push(id);
                            }
                            Expr::Path(path)
                        }
                    }
                }
                None => Expr::Missing,
            },
            ast::Expr::ParenExpr(p) => Expr::Paren(self.lower_opt_expr(p.expr(), node)),
            ast::Expr::BinExpr(b) => {
                let lhs = self.lower_opt_expr(b.lhs(), node);
                let rhs = self.lower_opt_expr(b.rhs(), node);
                match b.op_kind() {
                    Some(op) => Expr::Binary { op, lhs, rhs },
                    None => Expr::Missing,
                }
            }
            ast::Expr::PrefixExpr(p) => {
                let expr = self.lower_opt_expr(p.expr(), node);
                match p.op_kind() {
                    Some(op) => Expr::Prefix { op, expr },
                    None => Expr::Missing,
                }
            }
            ast::Expr::PostfixExpr(p) => {
                let expr = self.lower_opt_expr(p.expr(), node);
                match p.op_kind() {
                    Some(op) => Expr::Postfix { op, expr },
                    None => Expr::Missing,
                }
            }
            ast::Expr::ConditionalExpr(c) => {
                let cond = self.lower_opt_expr(c.condition(), node);
                let then = self.lower_opt_expr(c.then_expr(), node);
                let otherwise = self.lower_opt_expr(c.else_expr(), node);
                Expr::Conditional {
                    cond,
                    then,
                    otherwise,
                }
            }
            ast::Expr::CallExpr(c) => {
                if let Some(ty) = static_cast_type(c) {
                    // HLSL 202x `static_cast<T>(e)` is the C-style cast `(T)e`.
                    let args = self.lower_args(c.arg_list());
                    if let [expr] = args[..] {
                        return self.alloc_expr(Expr::Cast { ty, expr }, node);
                    }
                }
                let callee = self.lower_opt_expr(c.callee(), node);
                let args = self.lower_args(c.arg_list());
                Expr::Call { callee, args }
            }
            ast::Expr::MethodCallExpr(m) => {
                let receiver = self.lower_opt_expr(m.receiver(), node);
                let name = m.name_ref().map(|n| n.text()).unwrap_or_default();
                let args = self.lower_args(m.arg_list());
                let call = self.alloc_expr(
                    Expr::MethodCall {
                        receiver,
                        name,
                        args,
                    },
                    node,
                );
                if let Some(list) = m.generic_arg_list() {
                    // Ids grow as expressions are allocated, so the table stays sorted.
                    self.body
                        .method_template_args
                        .push((call, lower_generic_args(&list)));
                }
                return call;
            }
            ast::Expr::FieldExpr(f) => {
                let expr = self.lower_opt_expr(f.expr(), node);
                let name = f.field_name().map(|n| n.text()).unwrap_or_default();
                Expr::Field { expr, name }
            }
            ast::Expr::IndexExpr(i) => {
                let base = self.lower_opt_expr(i.base(), node);
                let index = self.lower_opt_expr(i.index(), node);
                Expr::Index { base, index }
            }
            ast::Expr::CastExpr(c) => {
                let ty = TypeRef::lower(c.ty(), &[], std::iter::empty());
                let expr = self.lower_opt_expr(c.expr(), node);
                Expr::Cast { ty, expr }
            }
            ast::Expr::InitListExpr(l) => {
                let items = l.elements().map(|e| self.lower_expr(&e)).collect();
                Expr::InitList(items)
            }
            ast::Expr::SizeofExpr(s) => {
                let ty = s
                    .ty()
                    .map(|t| TypeRef::lower(Some(t), &[], std::iter::empty()));
                let expr = s.expr().map(|e| self.lower_expr(&e));
                Expr::SizeOf { ty, expr }
            }
        };
        self.alloc_expr(expr, node)
    }
}

/// The target type of a `static_cast<T>(...)` call: a callee that is the single name
/// `static_cast` with one type argument.
fn static_cast_type(call: &ast::CallExpr) -> Option<TypeRef> {
    let ast::Expr::PathExpr(p) = call.callee()? else {
        return None;
    };
    let path = p.path()?;
    let mut segments = path.segments();
    let segment = segments.next()?;
    if segments.next().is_some() || path.is_global() {
        return None;
    }
    if segment.name_ref()?.text() != "static_cast" {
        return None;
    }
    match &lower_generic_args(&segment.generic_arg_list()?)[..] {
        [GenericArg::Type(ty)] => Some(ty.clone()),
        _ => None,
    }
}

/// Whether a block holds `case`/`default` labels, itself or in plain blocks nested in it.
fn holds_labels(block: &SyntaxNode) -> bool {
    block.children().any(|c| match c.kind() {
        SyntaxKind::CASE_CLAUSE => true,
        SyntaxKind::BLOCK => holds_labels(&c),
        _ => false,
    })
}
