//! Tests that walk typed ASTs of snippets.

use super::*;
use crate::SyntaxKind::*;

fn file(text: &str) -> SourceFile {
    let parsed = crate::parse(text);
    assert!(parsed.diagnostics.is_empty(), "{:#?}", parsed.diagnostics);
    SourceFile::cast(parsed.syntax()).expect("the root is a SOURCE_FILE")
}

fn first<N: AstNode>(file: &SourceFile) -> N {
    file.syntax()
        .descendants()
        .find_map(N::cast)
        .expect("a node of the requested kind")
}

fn all<N: AstNode>(file: &SourceFile) -> Vec<N> {
    file.syntax().descendants().filter_map(N::cast).collect()
}

fn text(node: &impl AstNode) -> String {
    node.syntax().text().to_string()
}

#[test]
fn function_signature() {
    let f = file("[numthreads(8, 8, 1)]\nfloat4 main(in float4 pos : SV_Position, uint id : SV_VertexID = 0) : SV_Target { return pos; }\nfloat proto(float x);\n");
    let items: Vec<Item> = f.items().collect();
    assert_eq!(items.len(), 2);
    let Item::FnDef(main) = &items[0] else {
        panic!("expected a function")
    };
    assert_eq!(main.name().unwrap().text(), "main");
    assert_eq!(text(&main.return_type().unwrap()), "float4");
    assert_eq!(main.semantic().unwrap().text(), "SV_Target");
    assert!(!main.is_prototype());
    let attr = main.attributes().next().unwrap();
    assert_eq!(attr.name_text(), "numthreads");
    assert!(!attr.is_double_bracket());
    let args: Vec<String> = attr.arg_list().unwrap().args().map(|a| text(&a)).collect();
    assert_eq!(args, ["8", "8", "1"]);

    let params: Vec<Param> = main.param_list().unwrap().params().collect();
    assert_eq!(params.len(), 2);
    assert!(params[0].has_modifier(IN_KW));
    assert_eq!(params[0].name().unwrap().text(), "pos");
    assert_eq!(params[0].semantic().unwrap().text(), "SV_Position");
    assert_eq!(text(&params[1].ty().unwrap()), "uint");
    assert_eq!(text(&params[1].default_value().unwrap()), "0");
    assert_eq!(
        main.body().unwrap().statements().count(),
        1,
        "one return statement"
    );

    let Item::FnDef(proto) = &items[1] else {
        panic!("expected a prototype")
    };
    assert!(proto.is_prototype());
    assert!(proto.body().is_none());
}

#[test]
fn variables_and_bindings() {
    let f = file("static const float a = 1, b[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };\n[[vk::binding(0, 1)]] Texture2D<float4> t : register(t0, space1);\n");
    let decls: Vec<VarDecl> = all(&f);
    assert_eq!(decls.len(), 2);
    assert!(decls[0].has_modifier(STATIC_KW));
    assert!(decls[0].has_modifier(CONST_KW));
    let ds: Vec<VarDeclarator> = decls[0].declarators().collect();
    assert_eq!(ds[1].var_decl().as_ref(), Some(&decls[0]));
    assert_eq!(ds.len(), 2);
    assert_eq!(ds[0].name().unwrap().text(), "a");
    assert_eq!(text(&ds[0].initializer().unwrap()), "1");
    assert_eq!(ds[1].array_suffixes().count(), 2);
    let Some(Expr::InitListExpr(init)) = ds[1].initializer() else {
        panic!("expected an initializer list")
    };
    assert_eq!(init.elements().count(), 2);

    let tex = &decls[1];
    let attr = tex.attributes().next().unwrap();
    assert!(attr.is_double_bracket());
    assert_eq!(attr.name_text(), "vk::binding");
    let ty = tex.ty().unwrap();
    let seg = ty.path().unwrap().last_segment().unwrap();
    assert_eq!(seg.name_ref().unwrap().text(), "Texture2D");
    let args: Vec<GenericArg> = seg.generic_arg_list().unwrap().args().collect();
    assert!(matches!(&args[..], [GenericArg::Type(t)] if text(t) == "float4"));
    let d = tex.declarators().next().unwrap();
    assert_eq!(d.register_binding().unwrap().args(), ["t0", "space1"]);
}

#[test]
fn attributes_in_one_list_share_its_brackets() {
    let f = file("[[vk::location(1), ns::two, three]] [four] float z;");
    let attrs: Vec<Attribute> = all(&f);
    let kinds: Vec<(String, bool)> = attrs
        .iter()
        .map(|a| (a.name_text(), a.is_double_bracket()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("vk::location".to_owned(), true),
            ("ns::two".to_owned(), true),
            ("three".to_owned(), true),
            ("four".to_owned(), false),
        ]
    );
}

#[test]
fn structs_and_members() {
    let f = file("struct D : B {\n  nointerpolation float3 n : NORMAL;\n  uint bits : 4;\n  float get() { return n.x; }\n  struct Inner { int i; };\n};\n");
    let s: StructDef = first(&f);
    assert_eq!(s.name().unwrap().text(), "D");
    assert_eq!(s.keyword().unwrap().kind(), STRUCT_KW);
    let bases: Vec<String> = s.base_list().unwrap().types().map(|t| text(&t)).collect();
    assert_eq!(bases, ["B"]);
    let fields = s.field_list().unwrap();
    assert_eq!(fields.members().count(), 4);
    let names: Vec<String> = fields
        .fields()
        .flat_map(|f| f.declarators())
        .map(|d| d.name().unwrap().text())
        .collect();
    assert_eq!(names, ["n", "bits"]);
    let first_field = fields.fields().next().unwrap();
    assert!(first_field.has_modifier(NOINTERPOLATION_KW));
    let bits = fields
        .fields()
        .nth(1)
        .unwrap()
        .declarators()
        .next()
        .unwrap();
    assert_eq!(bits.bit_field_width().unwrap().width().unwrap().text(), "4");
    assert_eq!(
        fields.methods().next().unwrap().name().unwrap().text(),
        "get"
    );
}

#[test]
fn cbuffer_namespace_enum_typedef_using() {
    let f = file("cbuffer CB : register(b0) { float4 c : packoffset(c0.x); }\ntbuffer TB { float t; };\nnamespace N { enum class E : uint { A = 1, B }; }\ntypedef float3 Corners[4];\nusing V2 = vector<float, 2>;\nusing namespace N;\n");
    let items: Vec<Item> = f.items().collect();
    assert_eq!(items.len(), 6);
    let Item::CBufferDef(cb) = &items[0] else {
        panic!()
    };
    assert!(!cb.is_tbuffer());
    assert_eq!(cb.register_binding().unwrap().args(), ["b0"]);
    let member = cb.item_list().unwrap().items().next().unwrap();
    let Item::VarDecl(member) = member else {
        panic!()
    };
    let d = member.declarators().next().unwrap();
    assert_eq!(d.packoffset().unwrap().offset().unwrap(), "c0.x");
    let Item::CBufferDef(tb) = &items[1] else {
        panic!()
    };
    assert!(tb.is_tbuffer());

    let Item::NamespaceDef(ns) = &items[2] else {
        panic!()
    };
    assert_eq!(ns.name().unwrap().text(), "N");
    let Some(Item::EnumDef(e)) = ns.item_list().unwrap().items().next() else {
        panic!()
    };
    assert!(e.is_scoped());
    assert_eq!(text(&e.underlying_type().unwrap()), "uint");
    let variants: Vec<(String, Option<String>)> = e
        .variant_list()
        .unwrap()
        .variants()
        .map(|v| (v.name().unwrap().text(), v.value().map(|x| text(&x))))
        .collect();
    assert_eq!(
        variants,
        [
            ("A".to_string(), Some("1".to_string())),
            ("B".to_string(), None)
        ]
    );

    let Item::TypedefDef(td) = &items[3] else {
        panic!()
    };
    assert_eq!(text(&td.ty().unwrap()), "float3");
    let d = td.declarators().next().unwrap();
    assert_eq!(d.name().unwrap().text(), "Corners");
    assert_eq!(
        text(&d.array_suffixes().next().unwrap().size().unwrap()),
        "4"
    );

    let Item::TypeAlias(alias) = &items[4] else {
        panic!()
    };
    assert_eq!(alias.name().unwrap().text(), "V2");
    assert_eq!(text(&alias.ty().unwrap()), "vector<float, 2>");
    let Item::UsingNamespace(u) = &items[5] else {
        panic!()
    };
    assert_eq!(text(&u.path().unwrap()), "N");
}

#[test]
fn templates() {
    let f = file("template<typename T = float, int N = 4> T sum(T v[N]) { return v[0]; }\n");
    let fun: FnDef = first(&f);
    let params: Vec<TemplateParam> = fun.template_param_list().unwrap().params().collect();
    assert_eq!(params.len(), 2);
    assert!(params[0].is_type_param());
    assert_eq!(text(&params[0].default_type().unwrap()), "float");
    assert!(!params[1].is_type_param());
    assert_eq!(text(&params[1].ty().unwrap()), "int");
    assert_eq!(text(&params[1].default_value().unwrap()), "4");
}

#[test]
fn binary_expressions() {
    let f = file("void f() { x = a + b * c; y += 1; z = a < b && c != d, w; }\n");
    let bins: Vec<BinExpr> = all(&f);
    let ops: Vec<BinaryOp> = bins.iter().map(|b| b.op_kind().unwrap()).collect();
    assert_eq!(
        ops,
        [
            BinaryOp::Assign { op: None },
            BinaryOp::Arith(ArithOp::Add),
            BinaryOp::Arith(ArithOp::Mul),
            BinaryOp::Assign {
                op: Some(ArithOp::Add)
            },
            BinaryOp::Comma,
            BinaryOp::Assign { op: None },
            BinaryOp::Logic(LogicOp::And),
            BinaryOp::Cmp(CmpOp::Lt),
            BinaryOp::Cmp(CmpOp::Ne),
        ]
    );
    let add = &bins[1];
    assert_eq!(text(&add.lhs().unwrap()), "a");
    assert_eq!(text(&add.rhs().unwrap()), "b * c");
    let comma = &bins[4];
    assert_eq!(text(&comma.lhs().unwrap()), "z = a < b && c != d");
    assert_eq!(text(&comma.rhs().unwrap()), "w");
}

#[test]
fn unary_conditional_and_casts() {
    let f = file("void f() { x = -a; ++i; j--; y = c ? (float3)v : (S)0; }\n");
    let prefix: Vec<PrefixExpr> = all(&f);
    assert_eq!(prefix[0].op_kind(), Some(PrefixOp::Neg));
    assert_eq!(prefix[1].op_kind(), Some(PrefixOp::PreInc));
    assert_eq!(text(&prefix[1].expr().unwrap()), "i");
    let post: PostfixExpr = first(&f);
    assert_eq!(post.op_kind(), Some(PostfixOp::PostDec));
    let cond: ConditionalExpr = first(&f);
    assert_eq!(text(&cond.condition().unwrap()), "c");
    let Some(Expr::CastExpr(then)) = cond.then_expr() else {
        panic!()
    };
    assert_eq!(text(&then.ty().unwrap()), "float3");
    assert_eq!(text(&then.expr().unwrap()), "v");
    let Some(Expr::CastExpr(els)) = cond.else_expr() else {
        panic!()
    };
    assert_eq!(text(&els.ty().unwrap()), "S");
}

#[test]
fn calls_members_and_indexing() {
    let f = file("void f() { c = tex.Sample(s, uv).xyz; v = buf.Load<uint>(i)[2]; w = float4(1, 2, 3, 4); n = ns::g(); }\n");
    let method: MethodCallExpr = first(&f);
    assert_eq!(text(&method.receiver().unwrap()), "tex");
    assert_eq!(method.name_ref().unwrap().text(), "Sample");
    assert_eq!(method.arg_list().unwrap().args().count(), 2);
    let field: FieldExpr = first(&f);
    assert_eq!(field.field_name().unwrap().text(), "xyz");
    assert_eq!(text(&field.expr().unwrap()), "tex.Sample(s, uv)");

    let methods: Vec<MethodCallExpr> = all(&f);
    let load = &methods[1];
    assert_eq!(text(&load.generic_arg_list().unwrap()), "<uint>");
    let index: IndexExpr = first(&f);
    assert_eq!(text(&index.base().unwrap()), "buf.Load<uint>(i)");
    assert_eq!(text(&index.index().unwrap()), "2");

    let calls: Vec<CallExpr> = all(&f);
    assert_eq!(calls.len(), 2);
    assert_eq!(text(&calls[0].callee().unwrap()), "float4");
    assert_eq!(calls[0].arg_list().unwrap().args().count(), 4);
    let Some(Expr::PathExpr(callee)) = calls[1].callee() else {
        panic!()
    };
    let segments: Vec<String> = callee
        .path()
        .unwrap()
        .segments()
        .map(|s| s.name_ref().unwrap().text())
        .collect();
    assert_eq!(segments, ["ns", "g"]);
}

#[test]
fn literals_and_sizeof() {
    let f = file("void f() { a = 1; b = 2.0f; c = true; d = \"s\"; e = sizeof(float4); g = sizeof(a + 1); }\n");
    let kinds: Vec<LiteralKind> = all::<Literal>(&f)
        .iter()
        .map(|l| l.kind().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            LiteralKind::Int,
            LiteralKind::Float,
            LiteralKind::Bool(true),
            LiteralKind::String,
            LiteralKind::Int,
        ]
    );
    let sizes: Vec<SizeofExpr> = all(&f);
    assert_eq!(text(&sizes[0].ty().unwrap()), "float4");
    assert!(sizes[0].expr().is_none());
    assert_eq!(text(&sizes[1].expr().unwrap()), "a + 1");
}

#[test]
fn control_flow_statements() {
    let f = file("void f() {\n  [unroll] for (int i = 0; i < 4; ++i) { x(); }\n  for (;;) break;\n  if (a) b(); else c();\n  while (k) k--;\n  do { } while (m);\n  switch (s) { case 1: case 2: t(); break; default: return; }\n}\n");
    let body = first::<FnDef>(&f).body().unwrap();
    let stmts: Vec<Stmt> = body.statements().collect();
    assert_eq!(stmts.len(), 6);

    let Stmt::ForStmt(for1) = &stmts[0] else {
        panic!()
    };
    assert_eq!(for1.attributes().next().unwrap().name_text(), "unroll");
    let Some(Stmt::DeclStmt(init)) = for1.init() else {
        panic!()
    };
    assert!(matches!(init.decl(), Some(Item::VarDecl(_))));
    assert_eq!(text(&for1.condition().unwrap()), "i < 4");
    assert_eq!(text(&for1.step().unwrap()), "++i");
    assert!(matches!(for1.body(), Some(Stmt::Block(_))));
    let Stmt::ForStmt(for2) = &stmts[1] else {
        panic!()
    };
    assert!(for2.init().is_none() && for2.condition().is_none() && for2.step().is_none());
    assert!(matches!(for2.body(), Some(Stmt::BreakStmt(_))));

    let Stmt::IfStmt(if_stmt) = &stmts[2] else {
        panic!()
    };
    assert_eq!(text(&if_stmt.condition().unwrap()), "a");
    assert_eq!(text(&if_stmt.then_branch().unwrap()), "b();");
    assert_eq!(
        text(&if_stmt.else_branch().unwrap().stmt().unwrap()),
        "c();"
    );

    let Stmt::WhileStmt(w) = &stmts[3] else {
        panic!()
    };
    assert_eq!(text(&w.condition().unwrap()), "k");
    assert_eq!(text(&w.body().unwrap()), "k--;");
    let Stmt::DoWhileStmt(d) = &stmts[4] else {
        panic!()
    };
    assert_eq!(text(&d.condition().unwrap()), "m");
    assert!(matches!(d.body(), Some(Stmt::Block(_))));

    let Stmt::SwitchStmt(sw) = &stmts[5] else {
        panic!()
    };
    assert_eq!(text(&sw.expr().unwrap()), "s");
    let clauses: Vec<CaseClause> = sw.body().unwrap().clauses().collect();
    assert_eq!(clauses.len(), 3);
    assert_eq!(text(&clauses[0].value().unwrap()), "1");
    assert_eq!(clauses[0].statements().count(), 0);
    assert_eq!(clauses[1].statements().count(), 2);
    assert!(clauses[2].is_default());
    assert!(clauses[2].value().is_none());
    let Some(Stmt::ReturnStmt(ret)) = clauses[2].statements().next() else {
        panic!()
    };
    assert!(ret.expr().is_none());
}

#[test]
fn local_declarations_and_expression_statements() {
    let f = file("void f() { const float x = 1; S s; s.v = x; struct L { int a; }; }\n");
    let stmts: Vec<Stmt> = first::<Block>(&f).statements().collect();
    assert_eq!(stmts.len(), 4);
    let Stmt::DeclStmt(d) = &stmts[0] else {
        panic!()
    };
    let Some(Item::VarDecl(v)) = d.decl() else {
        panic!()
    };
    assert!(v.has_modifier(CONST_KW));
    let Stmt::ExprStmt(e) = &stmts[2] else {
        panic!()
    };
    assert!(matches!(e.expr(), Some(Expr::BinExpr(_))));
    let Stmt::DeclStmt(d) = &stmts[3] else {
        panic!()
    };
    assert!(matches!(d.decl(), Some(Item::StructDef(_))));
}

#[test]
fn accessors_tolerate_broken_code() {
    let parsed = crate::parse("void f( { x = a.; g(a, ; if () }\n");
    assert!(!parsed.diagnostics.is_empty());
    let root = SourceFile::cast(parsed.syntax()).unwrap();
    for node in root.syntax().descendants() {
        // Every accessor on every node must be callable without panicking.
        if let Some(f) = FieldExpr::cast(node.clone()) {
            assert!(f.field_name().is_none());
            assert!(f.expr().is_some());
        }
        if let Some(c) = CallExpr::cast(node.clone()) {
            let _ = c.callee();
            let _ = c.arg_list().map(|a| a.args().count());
        }
        if let Some(i) = IfStmt::cast(node.clone()) {
            assert!(i.condition().is_none());
            let _ = i.then_branch();
        }
        if let Some(b) = BinExpr::cast(node) {
            let _ = (b.lhs(), b.rhs(), b.op_kind());
        }
    }
}

#[test]
fn inline_struct_types_and_qualified_methods() {
    let f = file(
        "struct { float a; } anon;\ntypedef struct { int b; } T;\nfloat S::get() { return 0; }\n",
    );
    let items: Vec<Item> = f.items().collect();
    let Item::VarDecl(v) = &items[0] else {
        panic!()
    };
    let inline = v.ty().unwrap().struct_def().unwrap();
    assert!(inline.name().is_none());
    assert_eq!(inline.field_list().unwrap().fields().count(), 1);
    let Item::TypedefDef(t) = &items[1] else {
        panic!()
    };
    assert!(t.ty().unwrap().struct_def().is_some());
    let Item::FnDef(m) = &items[2] else { panic!() };
    assert!(m.return_type().unwrap().signedness().is_none());
    assert_eq!(text(&m.qualifier().unwrap()), "S");
    assert_eq!(m.name().unwrap().text(), "get");
}

/// Calls every accessor of every node of `root`: none may panic, on good or broken trees.
fn touch_everything(root: &crate::SyntaxNode) -> usize {
    let mut visited = 0;
    for node in root.descendants() {
        visited += 1;
        if let Some(it) = Item::cast(node.clone()) {
            match it {
                Item::FnDef(f) => {
                    let _ = (f.name(), f.return_type(), f.qualifier(), f.semantic());
                    let _ = (f.template_param_list(), f.body(), f.is_prototype());
                    let _ = (f.modifiers(), f.attributes().count());
                    f.param_list()
                        .into_iter()
                        .flat_map(|l| l.params())
                        .for_each(|p| {
                            let _ = (p.ty(), p.name(), p.default_value(), p.semantic());
                            let _ = (p.array_suffixes().count(), p.modifiers());
                        });
                }
                Item::VarDecl(v) => {
                    let _ = (v.ty(), v.modifiers());
                    for d in v.declarators() {
                        let _ = (
                            d.name(),
                            d.initializer(),
                            d.packoffset(),
                            d.bit_field_width(),
                        );
                        let _ = d.register_binding().map(|r| r.args());
                        let _ = d.annotations().count();
                    }
                }
                Item::StructDef(s) => {
                    let _ = (
                        s.keyword(),
                        s.name(),
                        s.base_list(),
                        s.specialization_args(),
                    );
                    let _ = s
                        .field_list()
                        .map(|f| (f.fields().count(), f.methods().count()));
                }
                Item::CBufferDef(c) => {
                    let _ = (c.name(), c.is_tbuffer(), c.register_binding());
                    let _ = c.item_list().map(|l| l.items().count());
                }
                Item::TypedefDef(t) => {
                    let _ = (t.ty(), t.declarators().count());
                }
                Item::EnumDef(e) => {
                    let _ = (e.name(), e.is_scoped(), e.underlying_type());
                    let _ = e
                        .variant_list()
                        .map(|l| l.variants().filter_map(|v| v.value()).count());
                }
                Item::NamespaceDef(n) => {
                    let _ = (n.name(), n.item_list());
                }
                Item::TypeAlias(a) => {
                    let _ = (a.name(), a.ty());
                }
                Item::UsingNamespace(u) => {
                    let _ = u.path();
                }
                Item::StaticAssert(a) => {
                    let _ = a.arg_list().map(|l| l.args().count());
                }
            }
        }
        if let Some(s) = Stmt::cast(node.clone()) {
            match s {
                Stmt::IfStmt(i) => {
                    let _ = (
                        i.condition(),
                        i.then_branch(),
                        i.else_branch().map(|e| e.stmt()),
                    );
                }
                Stmt::ForStmt(f) => {
                    let _ = (f.init(), f.condition(), f.step(), f.body());
                }
                Stmt::WhileStmt(w) => {
                    let _ = (w.condition(), w.body());
                }
                Stmt::DoWhileStmt(d) => {
                    let _ = (d.condition(), d.body());
                }
                Stmt::SwitchStmt(s) => {
                    let _ = s.expr();
                    for c in s.body().into_iter().flat_map(|b| b.clauses()) {
                        let _ = (c.is_default(), c.value(), c.statements().count());
                    }
                }
                Stmt::ReturnStmt(r) => {
                    let _ = r.expr();
                }
                Stmt::ExprStmt(e) => {
                    let _ = e.expr();
                }
                Stmt::DeclStmt(d) => {
                    let _ = d.decl();
                }
                Stmt::Block(b) => {
                    let _ = b.statements().count();
                }
                _ => {}
            }
        }
        if let Some(e) = Expr::cast(node.clone()) {
            match e {
                Expr::BinExpr(b) => {
                    let _ = (b.lhs(), b.rhs(), b.op_kind());
                }
                Expr::PrefixExpr(p) => {
                    let _ = (p.op_kind(), p.expr());
                }
                Expr::PostfixExpr(p) => {
                    let _ = (p.op_kind(), p.expr());
                }
                Expr::ConditionalExpr(c) => {
                    let _ = (c.condition(), c.then_expr(), c.else_expr());
                }
                Expr::CallExpr(c) => {
                    let _ = (c.callee(), c.arg_list().map(|a| a.args().count()));
                }
                Expr::MethodCallExpr(m) => {
                    let _ = (
                        m.receiver(),
                        m.name_ref(),
                        m.generic_arg_list(),
                        m.arg_list(),
                    );
                }
                Expr::FieldExpr(f) => {
                    let _ = (f.expr(), f.field_name());
                }
                Expr::IndexExpr(i) => {
                    let _ = (i.base(), i.index());
                }
                Expr::CastExpr(c) => {
                    let _ = (c.ty(), c.expr());
                }
                Expr::ParenExpr(p) => {
                    let _ = p.expr();
                }
                Expr::InitListExpr(i) => {
                    let _ = i.elements().count();
                }
                Expr::SizeofExpr(s) => {
                    let _ = (s.ty(), s.expr());
                }
                Expr::Literal(l) => {
                    let _ = l.kind();
                }
                Expr::PathExpr(p) => {
                    let _ = p.path().map(|p| (p.is_global(), p.last_segment()));
                }
            }
        }
        if let Some(t) = TypeRef::cast(node.clone()) {
            let _ = (
                t.path(),
                t.struct_def(),
                t.array_suffixes().count(),
                t.modifiers(),
            );
        }
        if let Some(a) = Attribute::cast(node.clone()) {
            let _ = (a.name_text(), a.is_double_bracket(), a.arg_list());
        }
        if let Some(g) = GenericArgList::cast(node) {
            let _ = g.args().count();
        }
    }
    visited
}

#[test]
fn accessors_on_realistic_and_damaged_shaders() {
    let shaders = [
        include_str!("../../tests/shaders/compute.hlsl"),
        include_str!("../../tests/shaders/vertex_pixel.hlsl"),
        include_str!("../../tests/shaders/geometry.hlsl"),
        include_str!("../../tests/shaders/misc.hlsl"),
    ];
    for text in shaders {
        let parsed = crate::parse(text);
        assert!(touch_everything(&parsed.syntax()) > 100);
        // Every prefix is a damaged shader: accessors must still hold up.
        for end in (0..text.len()).step_by(97) {
            touch_everything(&crate::parse(&text[..end]).syntax());
        }
    }
}

#[test]
fn realistic_shader_structure() {
    let f =
        SourceFile::cast(crate::parse(include_str!("../../tests/shaders/compute.hlsl")).syntax())
            .unwrap();
    let fns: Vec<String> = all::<FnDef>(&f)
        .iter()
        .map(|f| f.name().unwrap().text())
        .collect();
    assert_eq!(fns, ["sum_array", "weight", "flatten_index", "main"]);
    let main = all::<FnDef>(&f).pop().unwrap();
    assert_eq!(main.attributes().next().unwrap().name_text(), "numthreads");
    let semantics: Vec<String> = main
        .param_list()
        .unwrap()
        .params()
        .map(|p| p.semantic().unwrap().text())
        .collect();
    assert_eq!(
        semantics,
        ["SV_DispatchThreadID", "SV_GroupThreadID", "SV_GroupIndex"]
    );
    let cb: CBufferDef = first(&f);
    assert_eq!(cb.register_binding().unwrap().args(), ["b0", "space1"]);
    let members = cb.item_list().unwrap().items().count();
    assert_eq!(members, 3);
}

#[test]
fn signedness_and_specializations() {
    let f = file("unsigned int a;\ntemplate<> struct Traits<float> { };\n");
    let v: VarDecl = first(&f);
    let ty = v.ty().unwrap();
    assert_eq!(ty.signedness().unwrap().text(), "unsigned");
    assert_eq!(text(&ty.path().unwrap()), "int");
    let s: StructDef = first(&f);
    assert_eq!(text(&s.specialization_args().unwrap()), "<float>");
    assert_eq!(s.template_param_list().unwrap().params().count(), 0);
}
