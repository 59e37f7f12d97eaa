//! HLSL attributes (`[name]`, one bracket) that DXC ignores with a warning, or refuses, because
//! of what they are written on or with:
//!
//! - a name DXC does not know, on any declaration or statement: clang's "unknown attribute
//!   'foo' ignored" (`W2102`; `[[vk::...]]` names are `vk_attr_checks`'s `W2090`), a scoped
//!   one (`[ns::foo]`, `[gnu::bar]`) included, by `unknown_attr_checks`' rules for `[[...]]`
//!   (DXC parses both the same way);
//! - a loop attribute (`[loop]`, `[unroll]`, `[fastopt]`, `[allow_uav_condition]`) on a
//!   statement that is no `for`, `while` or `do`, an `if` attribute (`[branch]`, `[flatten]`)
//!   on one that is no `if` or `switch`, a `switch` attribute (`[forcecase]`, `[call]`) on one
//!   that is no `switch`: DXC's "attribute 'loop' can only be applied to 'for', 'while' and
//!   'do' loop statements" and its siblings (`W2103`), the attribute then ignored;
//! - `[unroll(n)]` whose count is no integer constant (`E2255`, "'unroll' attribute requires
//!   an integer constant": a string, a parameter, a local that is not `const`), or a negative
//!   or floating literal (`W2104`, "attribute 'unroll' must have a uint literal argument", the
//!   count then ignored; `attr_checks` gives the same warning for `[maxvertexcount]`,
//!   `[outputcontrolpoints]` and `[instance]` on functions that are no entry points);
//! - a shader attribute only functions take on a variable (`[earlydepthstencil] float x;`:
//!   DXC's "attribute is valid only on functions", `E2259`), and `[noinline]` elsewhere than
//!   on a function ("'noinline' attribute only applies to functions" on a variable, `W2106`;
//!   "'noinline' attribute cannot be applied to a statement", `E2259`);
//! - `[clipplanes(...)]`: DXIL's user clip planes, which DXC's SPIR-V backend does not read
//!   (`W2105`); its arguments must still be what DXC's front end takes (`E2256`: a global that
//!   is not `static`, a member of one, or an element at a literal index; a named global a
//!   `float4`).
//!
//! Everything here reads the expanded syntax tree; constants and global names are looked up
//! by the caller ([`Lookup`], at file scope). Called by `decl_checks`.

use syntax::ast::{self, AstNode};
use syntax::{SyntaxKind, SyntaxNode, TextRange};

use crate::codes;
use crate::lower_type::ConstValue;

/// The one-bracket attributes DXC declares (`Attr.td`), lower-case (DXC matches them without
/// regard to case).
const KNOWN: &[&str] = &[
    "allow_uav_condition",
    "allowsparsenodes",
    "branch",
    "call",
    "clipplanes",
    "domain",
    "earlydepthstencil",
    "experimental",
    "fastopt",
    "flatten",
    "forcecase",
    "instance",
    "loop",
    "maxrecords",
    "maxrecordssharedwith",
    "maxtessfactor",
    "maxvertexcount",
    "nodearraysize",
    "nodedispatchgrid",
    "nodeid",
    "nodeisprogramentry",
    "nodelaunch",
    "nodelocalrootargumentstableindex",
    "nodemaxdispatchgrid",
    "nodemaxinputrecords",
    "nodemaxrecursiondepth",
    "nodeshareinputof",
    "nodetrackrwinputsharing",
    "noinline",
    "numthreads",
    "outputcontrolpoints",
    "outputtopology",
    "partitioning",
    "patchconstantfunc",
    "raypayload",
    "rootsignature",
    "shader",
    "unboundedsparsenodes",
    "unroll",
    "waveopsincludehelperlanes",
    "wavesize",
];

/// Whether `name` is a one-bracket attribute DXC declares (matched without regard to case).
pub(crate) fn is_known_hlsl_attribute(name: &str) -> bool {
    KNOWN.contains(&name.to_ascii_lowercase().as_str())
}

/// The shader attributes that only functions take: on a variable DXC refuses them ("attribute
/// is valid only on functions").
const FUNCTION_ONLY: &[&str] = &[
    "clipplanes",
    "domain",
    "earlydepthstencil",
    "instance",
    "maxtessfactor",
    "maxvertexcount",
    "numthreads",
    "outputcontrolpoints",
    "outputtopology",
    "partitioning",
    "patchconstantfunc",
    "rootsignature",
    "shader",
    "wavesize",
];

/// The statements an attribute applies to, and how DXC's warning names them.
fn statement_rule(name: &str) -> Option<(&'static [SyntaxKind], &'static str)> {
    use SyntaxKind::*;
    Some(match name {
        "loop" | "unroll" | "fastopt" | "allow_uav_condition" => (
            &[FOR_STMT, WHILE_STMT, DO_WHILE_STMT],
            "'for', 'while' and 'do' loop statements",
        ),
        "branch" | "flatten" => (&[IF_STMT, SWITCH_STMT], "'if' and 'switch' statements"),
        "forcecase" | "call" => (&[SWITCH_STMT], "'switch' statements"),
        _ => return None,
    })
}

/// Whether a node of this kind is a statement (an attribute on it is a statement attribute).
fn is_statement(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        BLOCK
            | EMPTY_STMT
            | EXPR_STMT
            | DECL_STMT
            | IF_STMT
            | FOR_STMT
            | WHILE_STMT
            | DO_WHILE_STMT
            | SWITCH_STMT
            | BREAK_STMT
            | CONTINUE_STMT
            | RETURN_STMT
            | DISCARD_STMT
    )
}

/// A global variable an attribute names.
pub(crate) struct GlobalRef {
    pub ty: types::Type,
    pub is_static: bool,
}

/// What the checks ask of the file's items: a constant expression's value at file scope, the
/// global variable of a name.
pub(crate) struct Lookup<'a> {
    pub eval: &'a dyn Fn(&ast::Expr) -> Option<ConstValue>,
    pub global: &'a dyn Fn(&str) -> Option<GlobalRef>,
}

/// The diagnostics of one-bracket attributes in `root`: code, range and message.
pub(crate) fn attribute_placement(
    root: &SyntaxNode,
    lookup: &Lookup<'_>,
) -> Vec<(&'static str, TextRange, String)> {
    let eval = lookup.eval;
    let mut out = Vec::new();
    for attr in root.descendants().filter_map(ast::Attribute::cast) {
        if attr.is_double_bracket() {
            continue;
        }
        let written = attr.name_text();
        if written.is_empty() {
            continue;
        }
        // A scoped one: DXC's parser reads `[ns::foo]` as `[[ns::foo]]` (`vk::` names are
        // `vk_attr_checks`'s; `unknown_attr_checks` says which others clang knows).
        if let Some((namespace, short)) = written.rsplit_once("::") {
            if namespace != "vk"
                && !crate::unknown_attr_checks::scoped_name_is_known(namespace, short)
            {
                out.push((
                    codes::UNKNOWN_HLSL_ATTRIBUTE,
                    attr.syntax().text_range(),
                    format!("unknown attribute '{short}' ignored"),
                ));
            }
            continue;
        }
        let name = written.to_ascii_lowercase();
        let range = attr.syntax().text_range();
        if !KNOWN.contains(&name.as_str()) {
            out.push((
                codes::UNKNOWN_HLSL_ATTRIBUTE,
                range,
                format!("unknown attribute '{written}' ignored"),
            ));
            continue;
        }
        let Some(parent) = attr.syntax().parent() else {
            continue;
        };
        let on_variable = matches!(parent.kind(), SyntaxKind::VAR_DECL | SyntaxKind::DECL_STMT);
        if on_variable && FUNCTION_ONLY.contains(&name.as_str()) {
            out.push((
                codes::FUNCTION_ATTRIBUTE_MISPLACED,
                range,
                "attribute is valid only on functions".to_owned(),
            ));
            continue;
        }
        if name == "noinline" && parent.kind() != SyntaxKind::FN_DEF {
            out.push(if is_statement(parent.kind()) && !on_variable {
                (
                    codes::FUNCTION_ATTRIBUTE_MISPLACED,
                    range,
                    format!("'{written}' attribute cannot be applied to a statement"),
                )
            } else {
                (
                    codes::ATTRIBUTE_ONLY_FOR_FUNCTIONS,
                    range,
                    format!("'{written}' attribute only applies to functions"),
                )
            });
            continue;
        }
        if is_statement(parent.kind()) {
            if let Some((kinds, what)) = statement_rule(&name) {
                if !kinds.contains(&parent.kind()) {
                    out.push((
                        codes::MISPLACED_STATEMENT_ATTRIBUTE,
                        range,
                        format!("attribute '{written}' can only be applied to {what}"),
                    ));
                    continue;
                }
            }
        }
        if name == "unroll" {
            check_unroll(&attr, &written, eval, &mut out);
        }
        if name == "clipplanes" && parent.kind() == SyntaxKind::FN_DEF {
            check_clip_planes(&attr, lookup.global, &mut out);
        }
    }
    out
}

/// `[unroll(n)]`: the count must be an integer constant; a negative or floating literal is
/// DXC's warning (the count is then ignored).
fn check_unroll(
    attr: &ast::Attribute,
    written: &str,
    eval: &dyn Fn(&ast::Expr) -> Option<ConstValue>,
    out: &mut Vec<(&'static str, TextRange, String)>,
) {
    let Some(arg) = attr.arg_list().and_then(|l| l.args().next()) else {
        return;
    };
    let uint_literal = || {
        (
            codes::NOT_A_UINT_LITERAL,
            attr.syntax().text_range(),
            format!("attribute '{written}' must have a uint literal argument"),
        )
    };
    let not_constant = || {
        (
            codes::UNROLL_COUNT_NOT_CONSTANT,
            arg.syntax().text_range(),
            format!("'{written}' attribute requires an integer constant"),
        )
    };
    let literal = literal_of(&arg);
    match (eval(&arg), literal) {
        (_, Some(SyntaxKind::STRING)) => out.push(not_constant()),
        (Some(ConstValue::Int(v)), _) if v >= 0 => {}
        (Some(ConstValue::Int(_)), Some(_)) => out.push(uint_literal()),
        (Some(ConstValue::Float(_)), Some(_)) => out.push(uint_literal()),
        (Some(_), _) => out.push(not_constant()),
        (None, _) => {
            if names_a_variable(&arg, attr.syntax()) {
                out.push(not_constant());
            }
        }
    }
}

/// The kind of the literal token `e` is, through parentheses and a sign.
pub(crate) fn literal_of(e: &ast::Expr) -> Option<SyntaxKind> {
    let mut node = e.syntax().clone();
    loop {
        match node.kind() {
            SyntaxKind::PAREN_EXPR | SyntaxKind::PREFIX_EXPR => {
                node = node.children().next()?;
            }
            SyntaxKind::LITERAL => {
                return node.first_token().map(|t| t.kind());
            }
            _ => return None,
        }
    }
}

/// Whether `e` is a name of a parameter of the enclosing function or of a local of it that is
/// not `const` (values no constant expression can read).
fn names_a_variable(e: &ast::Expr, at: &SyntaxNode) -> bool {
    let ast::Expr::PathExpr(path) = e else {
        return false;
    };
    let name = path.syntax().text().to_string();
    let name = name.trim();
    let Some(func) = at.ancestors().find(|n| n.kind() == SyntaxKind::FN_DEF) else {
        return false;
    };
    let declares = |n: &SyntaxNode| {
        n.children()
            .filter(|c| matches!(c.kind(), SyntaxKind::NAME | SyntaxKind::VAR_DECLARATOR))
            .any(|c| {
                let named = if c.kind() == SyntaxKind::NAME {
                    Some(c)
                } else {
                    c.children().find(|x| x.kind() == SyntaxKind::NAME)
                };
                named.is_some_and(|x| x.text() == name)
            })
    };
    func.descendants().any(|n| match n.kind() {
        SyntaxKind::PARAM => declares(&n),
        SyntaxKind::VAR_DECL => {
            let constant = n
                .children_with_tokens()
                .any(|t| t.kind() == SyntaxKind::CONST_KW);
            !constant && declares(&n)
        }
        _ => false,
    })
}

/// `[clipplanes(...)]`: ignored by DXC's SPIR-V backend, which declares no clip distances for
/// it; its arguments must be globals, members of them or elements at literal indices.
fn check_clip_planes(
    attr: &ast::Attribute,
    global: &dyn Fn(&str) -> Option<GlobalRef>,
    out: &mut Vec<(&'static str, TextRange, String)>,
) {
    out.push((
        codes::CLIP_PLANES_IGNORED,
        attr.syntax().text_range(),
        "`[clipplanes]` is ignored: DXC's SPIR-V backend writes no clip distances for it \
         (write `SV_ClipDistance` outputs instead)"
            .to_owned(),
    ));
    for arg in attr.arg_list().into_iter().flat_map(|l| l.args()) {
        if let Some((range, message)) = clip_plane_fault(arg.syntax()) {
            out.push((codes::INVALID_CLIP_PLANE, range, message));
            continue;
        }
        // A global named directly: a `static` one is no plane DXC takes, and a plane is a
        // `float4` (DXC names a global's type `const`, as uniforms are).
        let mut inner = arg.syntax().clone();
        while inner.kind() == SyntaxKind::PAREN_EXPR {
            let Some(c) = inner.children().next() else {
                break;
            };
            inner = c;
        }
        if inner.kind() != SyntaxKind::PATH_EXPR {
            continue;
        }
        let Some(g) = global(inner.text().to_string().trim()) else {
            continue;
        };
        let float4 = types::Type::Vector(types::ScalarKind::Float, 4);
        if g.is_static {
            out.push((
                codes::INVALID_CLIP_PLANE,
                arg.syntax().text_range(),
                "invalid expression for clipplanes argument: must be global reference, member \
                 access or array subscript"
                    .to_owned(),
            ));
        } else if g.ty != float4 {
            out.push((
                codes::INVALID_CLIP_PLANE,
                arg.syntax().text_range(),
                format!(
                    "clipplanes argument must be a float4 type but is 'const {}'",
                    g.ty
                ),
            ));
        }
    }
}

/// What DXC refuses in a `[clipplanes]` argument.
fn clip_plane_fault(node: &SyntaxNode) -> Option<(TextRange, String)> {
    let bad = || {
        Some((
            node.text_range(),
            "invalid expression for clipplanes argument: must be global reference, member \
             access or array subscript"
                .to_owned(),
        ))
    };
    match node.kind() {
        SyntaxKind::PATH_EXPR => None,
        SyntaxKind::PAREN_EXPR => node.children().next().and_then(|c| clip_plane_fault(&c)),
        SyntaxKind::FIELD_EXPR => {
            // A swizzle is a member access to the syntax, but DXC refuses it.
            let base = node.children().next()?;
            let field = node.last_token()?;
            let swizzle =
                field.text().len() <= 4 && field.text().chars().all(|c| "xyzwrgba".contains(c));
            if swizzle {
                return bad();
            }
            clip_plane_fault(&base)
        }
        SyntaxKind::INDEX_EXPR => {
            let mut parts = node.children();
            let base = parts.next()?;
            let index = parts.next()?;
            let mut literal = index.clone();
            while literal.kind() == SyntaxKind::PAREN_EXPR {
                literal = literal.children().next()?;
            }
            if literal.kind() != SyntaxKind::LITERAL {
                return Some((
                    node.text_range(),
                    "invalid expression for clipplanes argument array subscript: must be \
                     numeric literal"
                        .to_owned(),
                ));
            }
            if base.kind() == SyntaxKind::INDEX_EXPR {
                // `m4[0][0]`: an element of a vector or matrix row.
                return bad();
            }
            clip_plane_fault(&base)
        }
        _ => bad(),
    }
}
