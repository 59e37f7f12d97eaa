//! Declarations: functions, variables, structs, cbuffers, typedefs, enums, namespaces, `using`
//! and templates. The same rules parse file-level items, struct members, cbuffer and namespace
//! contents, and local declarations inside function bodies.

use super::{
    attributes, error_until, expressions, modifiers, name, nested, resume, statements, types,
    BodyKind, IdentClass, Marker, OpenBody, Parser, TokenSet,
};
use crate::SyntaxKind::*;

/// Tokens that start an item; error recovery stops before them.
pub(super) const ITEM_START: TokenSet = TokenSet::new(&[
    STRUCT_KW,
    CLASS_KW,
    INTERFACE_KW,
    UNION_KW,
    CBUFFER_KW,
    TBUFFER_KW,
    TYPEDEF_KW,
    ENUM_KW,
    NAMESPACE_KW,
    USING_KW,
    TEMPLATE_KW,
    STATIC_KW,
    CONST_KW,
]);

/// Items up to the end of input, or up to a `}` when `in_braces` (or where the file's items
/// resume after a struct or cbuffer body left open). Stray `;` are allowed.
pub(super) fn item_list_contents(p: &mut Parser<'_>, in_braces: bool) {
    while !p.at_end() {
        if in_braces && resume::at_item_resumption(p) {
            break;
        }
        // A struct or cbuffer body left open ends at a buffer or a namespace, which neither
        // holds (a namespace's body holds them: it recovers nothing).
        if in_braces
            && p.open_body.is_some()
            && matches!(p.current(), CBUFFER_KW | TBUFFER_KW | NAMESPACE_KW)
        {
            break;
        }
        if in_braces && at_declarator_of_open_struct(p) {
            break;
        }
        if p.at(R_BRACE) {
            if in_braces {
                break;
            }
            p.err_and_bump("unmatched `}`");
            continue;
        }
        if p.eat(SEMICOLON) {
            continue;
        }
        let before = p.token_pos();
        item(p);
        if p.token_pos() == before {
            error_until(p, "expected a declaration", ITEM_START);
        }
    }
}

/// Whether a struct body left open meets the declarator that followed its `}`
/// (`struct { float4 a; pc;`): after a member's `;`, a name then `;`, `=` or `,`, which no
/// member is.
fn at_declarator_of_open_struct(p: &Parser<'_>) -> bool {
    p.open_body.is_some_and(|b| b.kind == BodyKind::Struct)
        && p.at(IDENT)
        && matches!(p.nth(1), SEMICOLON | EQ | COMMA)
        && p.prev_kind() == Some(SEMICOLON)
}

/// `{ items }` wrapped in `kind` (`ITEM_LIST`, `FIELD_LIST`); false when the `}` is missing.
fn braced_items(p: &mut Parser<'_>, kind: crate::SyntaxKind) -> bool {
    let m = p.start();
    p.bump(L_BRACE);
    item_list_contents(p, true);
    let closed = p.eat(R_BRACE);
    if !closed {
        if resume::at_item_resumption(p)
            || at_declarator_of_open_struct(p)
            || (p.open_body.is_some()
                && matches!(p.current(), CBUFFER_KW | TBUFFER_KW | NAMESPACE_KW))
        {
            p.error_at_end_of_previous("expected `}` to close the block");
        } else {
            p.error("expected `}`");
        }
    }
    m.complete(p, kind);
    closed
}

/// The body whose `{` is the current token, as recovery from its missing `}` sees it
/// (`resume`): the item it belongs to starts at `p.item_start`.
fn open_body_here(p: &Parser<'_>, kind: BodyKind) -> OpenBody {
    let (pos, _) = p.token_pos();
    let indent = p.nth_line_indent_at(p.item_start).unwrap_or(0);
    // A body that starts on the `{`'s line is deeper than the head, whatever follows.
    let starts_on_brace_line = p.nth_line_indent(1).is_none() && !matches!(p.nth(1), R_BRACE | EOF);
    let inner_indent = if starts_on_brace_line {
        Some(indent + 1)
    } else {
        p.next_line_indent_after(pos)
    };
    OpenBody {
        indent,
        l_brace: pos,
        inner_indent,
        kind,
    }
}

/// `braced_items` for the body of a struct or cbuffer at file or namespace level, which
/// recovery may close early where the file's items evidently resume.
fn braced_items_recovering(p: &mut Parser<'_>, kind: crate::SyntaxKind, body: BodyKind) -> bool {
    let outer = p.open_body;
    if outer.is_none() && p.fn_body_depth == 0 {
        p.open_body = Some(open_body_here(p, body));
    }
    let closed = braced_items(p, kind);
    p.open_body = outer;
    closed
}

/// One item. Consumes nothing (and reports nothing) when no item starts here.
pub(super) fn item(p: &mut Parser<'_>) {
    nested(p, (), item_inner);
}

fn item_inner(p: &mut Parser<'_>) {
    if !matches!(p.current(), L_BRACK | IDENT | COLON2 | TEMPLATE_KW)
        && !ITEM_START.contains(p.current())
        && !types::at_typename(p, 0)
    {
        return;
    }
    let before = p.token_pos();
    let outer_start = std::mem::replace(&mut p.item_start, before.0);
    item_here(p, before);
    p.item_start = outer_start;
}

/// The item whose first token is `before` (`p.item_start` names it while it is parsed).
fn item_here(p: &mut Parser<'_>, before: (usize, bool)) {
    let m = p.start();
    if at_static_assert(p) {
        static_assert(p, m);
        return;
    }
    if at_technique(p) {
        technique(p, m);
        return;
    }
    attributes::attributes(p);
    glsl_layout(p);
    if p.at(TEMPLATE_KW) {
        template_param_list(p);
        // Attributes may follow the template header too:
        // `template <typename T> [[vk::ext_instruction(1, "...")]] T f(T x);`.
        attributes::attributes(p);
    }
    modifiers(p);
    match p.current() {
        STRUCT_KW | CLASS_KW | INTERFACE_KW | UNION_KW => struct_item(p, m),
        CBUFFER_KW | TBUFFER_KW => cbuffer(p, m),
        TYPEDEF_KW => typedef(p, m),
        ENUM_KW => enum_def(p, m),
        NAMESPACE_KW => namespace(p, m),
        USING_KW => using(p, m),
        IDENT | COLON2 => {
            types::type_ref(p, false);
            decl_after_type(p, m);
        }
        TYPENAME_KW if types::at_typename(p, 0) => {
            types::type_ref(p, false);
            decl_after_type(p, m);
        }
        _ => {
            if p.token_pos() == before {
                m.abandon(p);
            } else {
                p.error("expected a declaration");
                m.complete(p, ERROR);
            }
        }
    }
}

/// Whether `static_assert(` starts here.
pub(super) fn at_static_assert(p: &Parser<'_>) -> bool {
    p.nth_ident_class(0) == Some(IdentClass::StaticAssert) && p.nth_at(1, L_PAREN)
}

/// `static_assert(condition, "message");`: the arguments as an `ARG_LIST`.
fn static_assert(p: &mut Parser<'_>, m: Marker) {
    p.bump(IDENT);
    expressions::arg_list(p);
    if !p.eat(SEMICOLON) {
        p.error("expected `;` after `static_assert`");
    }
    m.complete(p, STATIC_ASSERT);
}

/// Whether an effects technique starts here: `technique`, `Technique`, `technique10` or
/// `technique11`, an optional name and optional annotations, then `{`. DXC takes the
/// spellings as keywords; a variable of a type so named (`technique11 t;`) is not one.
fn at_technique(p: &Parser<'_>) -> bool {
    if p.nth_ident_class(0) != Some(IdentClass::Technique) {
        return false;
    }
    let after_name = if p.nth_at(1, IDENT) { 2 } else { 1 };
    matches!(p.nth(after_name), L_BRACE | LT)
}

/// `TECHNIQUE_DEF`: the keyword, an optional name, optional `< annotations >` and the body,
/// kept whole as a `STATE_BLOCK` (its passes, `SetVertexShader(CompileShader(vs_4_0, VS()))`
/// and the like, are effects state that DXC skips), then an optional `;`.
fn technique(p: &mut Parser<'_>, m: Marker) {
    p.bump_any();
    if p.at(IDENT) {
        p.bump_any();
    }
    if p.at(LT) {
        effect_annotations(p);
    }
    if p.at(L_BRACE) {
        state_block(p);
    } else {
        p.error("expected `{` to open the technique");
    }
    p.eat(SEMICOLON);
    m.complete(p, TECHNIQUE_DEF);
}

/// glslang's GLSL `layout(set = 0, binding = 1)` before a declaration, which DXC does not
/// take: an error that names the attribute to write instead, then the declaration parses as
/// if it were not there. Only a `layout(...)` followed by what can start a declaration is
/// one (a call `layout(1);` of a function of that name is not).
fn glsl_layout(p: &mut Parser<'_>) {
    if p.nth_ident_class(0) != Some(IdentClass::GlslLayout) || !p.nth_at(1, L_PAREN) {
        return;
    }
    let mut depth = 0usize;
    let mut close = None;
    // A layout's arguments are a few `name = value` pairs: look no further than that.
    for i in 1..64 {
        match p.nth(i) {
            L_PAREN => depth += 1,
            R_PAREN => {
                depth -= 1;
                if depth == 0 {
                    close = Some(i);
                    break;
                }
            }
            EOF | SEMICOLON | L_BRACE | R_BRACE => break,
            _ => {}
        }
    }
    let Some(close) = close else {
        return;
    };
    let next = p.nth(close + 1);
    if !matches!(next, IDENT | L_BRACK) && !ITEM_START.contains(next) && !next.is_keyword() {
        return;
    }
    let m = p.start();
    p.error(
        "`layout(...)` is a glslang extension that DXC does not take: write \
         `[[vk::binding(N, SET)]]`, `[[vk::push_constant]]`, `[[vk::constant_id(N)]]`, \
         `[[vk::offset(N)]]` or `[[vk::image_format(\"...\")]]` instead",
    );
    for _ in 0..=close {
        p.bump_any();
    }
    m.complete(p, ERROR);
}

/// Whether the current identifier starts an operator function name: `operator+(`,
/// `operator()(`, `operator[](`.
fn at_operator_name(p: &Parser<'_>) -> bool {
    if p.nth_ident_class(0) != Some(IdentClass::Operator) {
        return false;
    }
    match p.nth(1) {
        L_PAREN => p.nth_at(2, R_PAREN) && p.nth_at(3, L_PAREN),
        L_BRACK => p.nth_at(2, R_BRACK) && p.nth_at(3, L_PAREN),
        k => {
            k.is_punct()
                && !matches!(k, SEMICOLON | COMMA | COLON | L_BRACE)
                && p.nth_at(2, L_PAREN)
        }
    }
}

/// If the tokens are `A::B::name(` (a qualified function name), the number of qualifier
/// segments.
fn qualified_fn_name(p: &Parser<'_>) -> Option<usize> {
    let mut segments = 0;
    let mut i = 0;
    while p.nth_at(i, IDENT) && p.nth_at(i + 1, COLON2) {
        segments += 1;
        i += 2;
    }
    let named = p.nth_at(i, IDENT)
        && (p.nth_at(i + 1, L_PAREN) || p.nth_ident_class(i) == Some(IdentClass::Operator));
    (segments > 0 && named).then_some(segments)
}

/// If the tokens are `A::B::name` then `=` or `;` (the out-of-class definition of a static
/// member, `const int S::SIX = 6;`), the number of qualifier segments.
fn qualified_var_name(p: &Parser<'_>) -> Option<usize> {
    let mut segments = 0;
    let mut i = 0;
    while p.nth_at(i, IDENT) && p.nth_at(i + 1, COLON2) {
        segments += 1;
        i += 2;
    }
    let named = p.nth_at(i, IDENT) && matches!(p.nth(i + 1), EQ | SEMICOLON | L_BRACK);
    (segments > 0 && named).then_some(segments)
}

/// `A::B::` before a qualified name: a `PATH` of the qualifier segments, then `::`.
fn name_qualifier(p: &mut Parser<'_>, segments: usize) {
    let q = p.start();
    for i in 0..segments {
        if i > 0 {
            p.bump(COLON2);
        }
        let s = p.start();
        types::name_ref(p);
        s.complete(p, PATH_SEGMENT);
    }
    q.complete(p, PATH);
    p.bump(COLON2);
}

/// After the type of a declaration: a function (`name(`) or variables.
fn decl_after_type(p: &mut Parser<'_>, m: Marker) {
    if let Some(segments) = qualified_var_name(p) {
        // `const int S::SIX = 6;`: a `PATH` qualifier and `::` before the declarator.
        name_qualifier(p, segments);
        var_decl_rest(p, m);
        return;
    }
    if let Some(segments) = qualified_fn_name(p) {
        // Out-of-line method: `float S::get() { ... }`, a `PATH` qualifier, `::`, the `NAME`.
        name_qualifier(p, segments);
    }
    if at_operator_name(p) {
        let n = p.start();
        p.bump(IDENT);
        let op = p.current();
        p.bump_any();
        if matches!(op, L_PAREN | L_BRACK) {
            p.bump_any();
        }
        n.complete(p, NAME);
        fn_def_rest(p, m);
    } else if p.at(IDENT) && p.nth_at(1, L_PAREN) {
        name(p, "a name");
        fn_def_rest(p, m);
    } else if p.at(IDENT)
        && p.nth_at(1, LT)
        && super::scan_generic_args(p, 1).is_some_and(|k| p.nth_at(k, L_PAREN))
    {
        // An explicit specialization: `template<> int twice<int>(int x) { ... }`.
        name(p, "a name");
        types::generic_arg_list(p);
        fn_def_rest(p, m);
    } else if p.at(IDENT)
        && p.nth_at(1, L_BRACE)
        && ((p.nth_at(2, IDENT) && p.nth_at(3, EQ)) || block_end_followed_by_list_end(p, 2))
    {
        // `SamplerState s { Filter = ...; }` or `float2x2 m { 1, 2, 3, 4 };`, not
        // `void f { }` missing its parameters.
        var_decl_rest(p, m);
    } else if p.at(IDENT) && p.nth_at(1, L_BRACE) {
        // `void f { ... }`: a function missing its parameter list.
        name(p, "a name");
        p.error("expected a parameter list");
        statements::block(p);
        m.complete(p, FN_DEF);
    } else {
        var_decl_rest(p, m);
    }
}

/// After a function's name: parameters, return semantic, body or `;`.
fn fn_def_rest(p: &mut Parser<'_>, m: Marker) {
    param_list(p);
    method_qualifiers(p);
    annotations(p);
    if p.at(L_BRACE) {
        if p.fn_body_depth > 0 {
            // C++ has no nested functions; DXC says so at the body and parses on.
            p.error("function definition is not allowed here");
        }
        let outer = p.open_body;
        if p.fn_body_depth == 0 {
            // A body at file, namespace or struct level: the one recovery may close early.
            p.open_body = Some(open_body_here(p, BodyKind::Function));
        }
        p.fn_body_depth += 1;
        statements::block(p);
        p.fn_body_depth -= 1;
        p.open_body = outer;
    } else if !p.eat(SEMICOLON) {
        p.error("expected `{` or `;` after function signature");
    }
    m.complete(p, FN_DEF);
}

/// C++'s qualifiers after a parameter list: `const` (`int get() const`, HLSL 202x) is a
/// `METHOD_CONST` node that semantic analysis checks; `volatile` and `&` are refused in DXC's
/// words, each on its token, and skipped so the function parses on.
fn method_qualifiers(p: &mut Parser<'_>) {
    loop {
        if p.at(CONST_KW) {
            // HLSL 202x takes `const` methods; semantic analysis refuses them elsewhere.
            let m = p.start();
            p.bump(CONST_KW);
            m.complete(p, METHOD_CONST);
        } else if p.at(VOLATILE_KW) || p.at_contextual_kw(VOLATILE_KW) {
            p.err_and_bump("qualifiers is unsupported in HLSL");
        } else if p.at(AMP) || p.at(AMP2) {
            p.err_and_bump("reference qualifiers on functions is unsupported in HLSL");
        } else {
            break;
        }
    }
}

/// `PARAM_LIST`: `(` params `)`.
fn param_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(L_PAREN);
    // `f(void)`: C's spelling of an empty list; the `void` stays a bare token of the list.
    if p.nth_ident_class(0) == Some(IdentClass::Void) && p.nth_at(1, R_PAREN) {
        p.bump(IDENT);
    }
    while !p.at(R_PAREN) && !p.at_end() {
        if matches!(p.current(), L_BRACE | R_BRACE | SEMICOLON) {
            break;
        }
        let before = p.token_pos();
        param(p);
        if p.token_pos() == before {
            p.err_recover(
                "expected a parameter",
                TokenSet::new(&[COMMA, R_PAREN, SEMICOLON]),
            );
        }
        if p.at(R_PAREN) {
            break;
        }
        if p.eat(COMMA) {
            if p.at(R_PAREN) {
                p.error("expected a parameter after `,`");
            }
        } else {
            if p.token_pos() == before {
                break;
            }
            p.error("expected `,` between parameters");
        }
    }
    if !p.eat(R_PAREN) {
        p.error("expected `)` after parameters");
    }
    m.complete(p, PARAM_LIST);
}

/// `PARAM`: attributes, modifiers (`in`, `out`, `inout`, `uniform`, `triangle`, `vertices`...),
/// type, name, array suffixes, semantics and a default value.
fn param(p: &mut Parser<'_>) {
    // `struct S s` and `class C c`: an elaborated type names a struct declared before.
    if !matches!(
        p.current(),
        L_BRACK | IDENT | COLON2 | CONST_KW | STATIC_KW | STRUCT_KW | CLASS_KW | UNION_KW
    ) {
        return;
    }
    let m = p.start();
    attributes::attributes(p);
    modifiers(p);
    types::type_ref(p, false);
    if p.at(IDENT) {
        name(p, "a parameter name");
        while p.at(L_BRACK) {
            types::array_suffix(p);
        }
    }
    annotations(p);
    if p.eat(EQ) && expressions::expr_no_comma(p).is_none() {
        p.error("expected a default value");
    }
    m.complete(p, PARAM);
}

/// Variable declarators after the type, then `;`.
fn var_decl_rest(p: &mut Parser<'_>, m: Marker) {
    loop {
        declarator(p);
        if !p.eat(COMMA) {
            break;
        }
    }
    if !p.eat(SEMICOLON) {
        p.error_after_previous("expected `;` after declaration");
    }
    m.complete(p, VAR_DECL);
}

/// The declaration of `if (int y = g())`: a `VAR_DECL` of modifiers, a type and one
/// `VAR_DECLARATOR` (a name and its required initializer), without `;`.
pub(super) fn condition_decl(p: &mut Parser<'_>) {
    let m = p.start();
    modifiers(p);
    types::type_ref(p, false);
    let d = p.start();
    name(p, "a name");
    if !p.eat(EQ) {
        p.error("expected `=` and an initializer: a declaration in a condition needs a value");
    } else if expressions::expr_no_comma(p).is_none() {
        p.error("expected an initializer");
    }
    d.complete(p, VAR_DECLARATOR);
    m.complete(p, VAR_DECL);
}

/// `VAR_DECLARATOR`: name, array suffixes, semantics/bindings, `= initializer`. An unnamed
/// bit-field (`uint : 8;`, padding in a struct) has no name.
fn declarator(p: &mut Parser<'_>) {
    let m = p.start();
    if !(p.at(COLON) && p.nth_at(1, INT_NUMBER)) {
        name(p, "a name");
    }
    // `[[` starts attributes, never an array size: those of the next declaration when this
    // one misses its `;`.
    while p.at(L_BRACK) && !p.nth_at(1, L_BRACK) {
        types::array_suffix(p);
    }
    annotations(p);
    if p.at(LT) {
        effect_annotations(p);
    }
    if p.at(L_BRACE) && at_state_block(p, 1) {
        state_block(p);
    }
    if p.eat(EQ) {
        if p.nth_ident_class(0) == Some(IdentClass::SamplerStateKw) && p.nth_at(1, L_BRACE) {
            let s = p.start();
            p.bump_any();
            state_block(p);
            s.complete(p, SAMPLER_STATE_INIT);
        } else if expressions::expr_no_comma(p).is_none() {
            p.error("expected an initializer");
        }
    }
    m.complete(p, VAR_DECLARATOR);
}

/// `EFFECT_ANNOTATIONS`: `< type name = value; ... >`, kept whole (DXC ignores effects
/// annotations). Nested angle brackets (`vector<float, 2>`) are balanced; a `>>` closes two.
fn effect_annotations(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(LT);
    let mut depth = 1u32;
    // Stops at the closing `>`, or at a `}` (an enclosing struct's end: the list was never
    // closed), so an unterminated `<` does not swallow the rest of the file.
    while !p.at_end() && !p.at(R_BRACE) {
        match p.current() {
            LT => depth += 1,
            GT if depth == 1 => break,
            GT => depth -= 1,
            SHR if depth <= 2 => break,
            SHR => depth -= 2,
            _ => {}
        }
        p.bump_any();
    }
    if p.at(SHR) && depth == 2 {
        // `<a = vector<float, 2>>`: the `>>` closes the inner list and this one.
        p.bump_any();
    } else if !p.eat(GT) {
        p.error("expected `>` to close the annotations");
    }
    m.complete(p, EFFECT_ANNOTATIONS);
}

/// Whether the tokens from `n` on start the inside of an effects state block: `}`,
/// `Name =` (`Filter = MIN_MAG_MIP_LINEAR;`), where a block of statements would not have an
/// assignment to a bare name first, or anything whose closing `}` a `;` or `,` follows
/// (`float2x2 m { 1, 2, 3, 4 };`, which DXC also reads as a state block and ignores), where
/// a function body would not be followed by one.
fn at_state_block(p: &Parser<'_>, n: usize) -> bool {
    p.nth_at(n, R_BRACE)
        || (p.nth_at(n, IDENT) && p.nth_at(n + 1, EQ))
        || block_end_followed_by_list_end(p, n)
}

/// Whether the block whose inside starts at token `n` closes (within a bounded lookahead)
/// with a `}` followed by `;` or `,`.
fn block_end_followed_by_list_end(p: &Parser<'_>, n: usize) -> bool {
    /// Longest state block looked through; longer ones are read as function bodies.
    const MAX_LOOKAHEAD: usize = 512;
    let mut depth = 1u32;
    for k in n..n + MAX_LOOKAHEAD {
        match p.nth(k) {
            L_BRACE => depth += 1,
            R_BRACE => {
                depth -= 1;
                if depth == 0 {
                    return matches!(p.nth(k + 1), SEMICOLON | COMMA);
                }
            }
            EOF => return false,
            _ => {}
        }
    }
    false
}

/// `STATE_BLOCK`: `{ Name = value; ... }`, kept whole (DXC ignores effects state).
fn state_block(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(L_BRACE);
    let mut depth = 1u32;
    while !p.at_end() {
        match p.current() {
            L_BRACE => depth += 1,
            R_BRACE => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        p.bump_any();
    }
    if !p.eat(R_BRACE) {
        p.error("expected `}` to close the state block");
    }
    m.complete(p, STATE_BLOCK);
}

/// `: SV_Position`, `: register(t0, space1)`, `: packoffset(c0.x)`, `: 4` (bitfield width),
/// any number of them.
pub(super) fn annotations(p: &mut Parser<'_>) {
    while p.at(COLON) {
        let m = p.start();
        match (p.nth(1), p.nth_contextual_kw(1)) {
            (_, Some(kw @ (REGISTER_KW | PACKOFFSET_KW))) if p.nth_at(2, L_PAREN) => {
                p.bump(COLON);
                p.bump_remap(kw);
                p.bump(L_PAREN);
                // `s[1+1]`, `s[-1]`: DXC evaluates a register's subcomponent (and refuses
                // a negative one), so arithmetic may stand in the brackets.
                while matches!(
                    p.current(),
                    IDENT | INT_NUMBER | COMMA | DOT | L_BRACK | R_BRACK | PLUS | MINUS | STAR
                ) {
                    p.bump_any();
                }
                if !p.eat(R_PAREN) {
                    p.error("expected `)` after binding");
                }
                let kind = if kw == REGISTER_KW {
                    REGISTER_BINDING
                } else {
                    PACKOFFSET_BINDING
                };
                m.complete(p, kind);
            }
            (_, Some(kw @ (READ_KW | WRITE_KW))) if p.nth_at(2, L_PAREN) => {
                // A payload access qualifier: `: read(caller, anyhit)`.
                p.bump(COLON);
                p.bump_remap(kw);
                p.bump(L_PAREN);
                while p.at(IDENT) {
                    p.bump(IDENT);
                    if !p.eat(COMMA) {
                        break;
                    }
                }
                if !p.eat(R_PAREN) {
                    p.error("expected `)` after the stages of a payload access qualifier");
                }
                m.complete(p, PAYLOAD_ACCESS);
            }
            (IDENT, _) => {
                p.bump(COLON);
                p.bump(IDENT);
                m.complete(p, SEMANTIC);
            }
            (INT_NUMBER, _) => {
                p.bump(COLON);
                p.bump(INT_NUMBER);
                m.complete(p, BIT_FIELD_WIDTH);
            }
            _ => {
                p.bump(COLON);
                p.error("expected a semantic after `:`");
                m.complete(p, SEMANTIC);
                break;
            }
        }
    }
}

/// `struct`/`class`/`interface`: a definition (`STRUCT_DEF`, with its `;`), a definition
/// followed by variables (`VAR_DECL` whose `TYPE_REF` holds the `STRUCT_DEF`), a forward
/// declaration, or an elaborated type (`struct S x;`).
fn struct_item(p: &mut Parser<'_>, m: Marker) {
    if at_struct_def(p) {
        let s = p.start();
        let closed = struct_head_and_body(p);
        // A name ending its line declares a variable whose `;` is missing (`} pc` before
        // the next item): the next line is not part of a declarator that follows the name.
        if p.at(IDENT)
            && (matches!(p.nth(1), SEMICOLON | COMMA | EQ | L_BRACK | COLON)
                || p.nth_line_indent(1).is_some())
        {
            let def = s.complete(p, STRUCT_DEF);
            def.precede(p).complete(p, TYPE_REF);
            var_decl_rest(p, m);
        } else {
            s.abandon(p);
            // A body left open misses its `};`: said once, by the missing `}`.
            if !p.eat(SEMICOLON) && closed {
                // DXC's words (clang's), where the `;` belongs: right after the `}`.
                p.error_at_end_of_previous("expected `;` after struct");
            }
            m.complete(p, STRUCT_DEF);
        }
    } else if p.nth_at(1, IDENT) && (p.nth_at(2, SEMICOLON) || at_forward_decl_missing_semicolon(p))
    {
        p.bump_any();
        name(p, "a struct name");
        if !p.eat(SEMICOLON) {
            p.error_at_end_of_previous("expected `;` after struct");
        }
        m.complete(p, STRUCT_DEF);
    } else {
        types::type_ref(p, false);
        decl_after_type(p, m);
    }
}

/// Whether `struct Name` here is a forward declaration whose `;` is missing: the next line
/// starts with what cannot continue it, an item keyword, attributes or a type and a name
/// (`struct B` then `struct A { ... };`), where a declarator (`b;`, `make() { ... }`) would.
fn at_forward_decl_missing_semicolon(p: &Parser<'_>) -> bool {
    p.nth_line_indent(2).is_some()
        && match p.nth(2) {
            IDENT => matches!(p.nth(3), IDENT | LT | COLON2),
            k => k == L_BRACK || ITEM_START.contains(k),
        }
}

/// Whether the `struct`/`class`/`interface` keyword here starts a definition (a body or a base
/// list follows the optional name and specialization arguments).
pub(super) fn at_struct_def(p: &Parser<'_>) -> bool {
    at_struct_def_at(p, 0)
}

/// `at_struct_def` for the `struct` keyword `n` tokens ahead.
pub(super) fn at_struct_def_at(p: &Parser<'_>, n: usize) -> bool {
    // `struct [raypayload] Payload { ... }`: attributes before the name.
    let mut at = n + 1;
    while p.nth_at(at, L_BRACK) {
        match skip_brackets(p, at) {
            Some(next) => at = next,
            None => return false,
        }
    }
    match p.nth(at) {
        L_BRACE => true,
        IDENT => {
            let after = if p.nth_at(at + 1, LT) {
                match super::scan_generic_args(p, at + 1) {
                    Some(k) => k,
                    None => return false,
                }
            } else {
                at + 1
            };
            matches!(p.nth(after), L_BRACE | COLON)
        }
        _ => false,
    }
}

/// The position after the balanced `[...]` starting at token `at`; `None` past a few tokens
/// or at the end.
fn skip_brackets(p: &Parser<'_>, at: usize) -> Option<usize> {
    let mut depth = 0usize;
    for k in at..at + 64 {
        match p.nth(k) {
            L_BRACK => depth += 1,
            R_BRACK => {
                depth -= 1;
                if depth == 0 {
                    return Some(k + 1);
                }
            }
            EOF | L_BRACE | SEMICOLON => return None,
            _ => {}
        }
    }
    None
}

/// A `STRUCT_DEF` inside a type (`typedef struct { ... } S;`), without a `;`.
pub(super) fn struct_def(p: &mut Parser<'_>) {
    let m = p.start();
    struct_head_and_body(p);
    m.complete(p, STRUCT_DEF);
}

/// `struct Name : Base { members }` (name and base optional); false when the body misses its
/// `}`.
fn struct_head_and_body(p: &mut Parser<'_>) -> bool {
    p.bump_any();
    attributes::attributes(p);
    if p.at(IDENT) {
        name(p, "a struct name");
        // Explicit specialization: `template<> struct S<int> { ... }`.
        if p.at(LT) {
            types::generic_arg_list(p);
        }
    }
    if p.at(COLON) {
        let b = p.start();
        p.bump(COLON);
        loop {
            if !types::type_ref(p, false) || !p.eat(COMMA) {
                break;
            }
        }
        b.complete(p, BASE_LIST);
    }
    if p.at(L_BRACE) {
        // Methods of a struct declared in a function may have bodies.
        let outer = std::mem::take(&mut p.fn_body_depth);
        let outer_body = p.open_body.take();
        let closed = if outer == 0 && outer_body.is_none() {
            braced_items_recovering(p, FIELD_LIST, BodyKind::Struct)
        } else {
            braced_items(p, FIELD_LIST)
        };
        p.fn_body_depth = outer;
        p.open_body = outer_body;
        closed
    } else {
        p.error("expected `{` to start the struct body");
        true
    }
}

/// `cbuffer Name : register(b0) { members }` with an optional `;`.
fn cbuffer(p: &mut Parser<'_>, m: Marker) {
    p.bump_any();
    name(p, "a buffer name");
    annotations(p);
    if p.at(L_BRACE) {
        braced_items_recovering(p, ITEM_LIST, BodyKind::Buffer);
    } else {
        p.error("expected `{` to start the buffer body");
    }
    p.eat(SEMICOLON);
    m.complete(p, CBUFFER_DEF);
}

/// `typedef const float4 Name[2], Other;`
fn typedef(p: &mut Parser<'_>, m: Marker) {
    p.bump(TYPEDEF_KW);
    modifiers(p);
    types::type_ref(p, false);
    loop {
        declarator(p);
        if !p.eat(COMMA) {
            break;
        }
    }
    if !p.eat(SEMICOLON) {
        p.error_after_previous("expected `;` after typedef");
    }
    m.complete(p, TYPEDEF_DEF);
}

/// `enum [class] Name [: type] { A, B = 2 };`
fn enum_def(p: &mut Parser<'_>, m: Marker) {
    p.bump(ENUM_KW);
    if !p.eat(CLASS_KW) {
        p.eat(STRUCT_KW);
    }
    if p.at(IDENT) {
        name(p, "an enum name");
    }
    if p.at(COLON) && p.nth_at(1, INT_NUMBER) {
        // `enum E : 1;` in a struct: an unnamed bit-field of enum type `E`, no definition.
        annotations(p);
        if !p.eat(SEMICOLON) {
            p.error_after_previous("expected `;` after the bit-field");
        }
        m.complete(p, ENUM_DEF);
        return;
    }
    if p.eat(COLON) {
        types::type_ref(p, false);
    }
    if p.at(L_BRACE) {
        variant_list(p);
    } else {
        p.error("expected `{` to start the enum body");
    }
    if !p.eat(SEMICOLON) {
        p.error_after_previous("expected `;` after enum definition");
    }
    m.complete(p, ENUM_DEF);
}

fn variant_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(L_BRACE);
    while !p.at(R_BRACE) && !p.at_end() {
        if p.at(IDENT) {
            let v = p.start();
            name(p, "an enumerator name");
            if p.eat(EQ) && expressions::expr_no_comma(p).is_none() {
                p.error("expected a value");
            }
            v.complete(p, VARIANT);
        } else {
            p.err_recover("expected an enumerator", TokenSet::new(&[COMMA, SEMICOLON]));
            if p.at(SEMICOLON) {
                break;
            }
        }
        if !p.eat(COMMA) && !p.at(R_BRACE) {
            if p.at(IDENT) {
                p.error("expected `,` between enumerators");
            } else if matches!(p.current(), SEMICOLON | EOF | L_BRACE) {
                break;
            }
        }
    }
    p.expect(R_BRACE);
    m.complete(p, VARIANT_LIST);
}

/// `namespace N { items }`
fn namespace(p: &mut Parser<'_>, m: Marker) {
    p.bump(NAMESPACE_KW);
    name(p, "a namespace name");
    if p.at(L_BRACE) {
        braced_items(p, ITEM_LIST);
    } else {
        p.error("expected `{` to start the namespace body");
    }
    p.eat(SEMICOLON);
    m.complete(p, NAMESPACE_DEF);
}

/// `using X = T;` (`TYPE_ALIAS`) or `using namespace N;` (`USING_NAMESPACE`).
fn using(p: &mut Parser<'_>, m: Marker) {
    p.bump(USING_KW);
    let kind = if p.eat(NAMESPACE_KW) {
        if p.at(IDENT) || p.at(COLON2) {
            types::path(p, types::PathMode::Type);
        } else {
            p.error("expected a namespace name");
        }
        USING_NAMESPACE
    } else {
        name(p, "a name");
        // `using u8 [[vk::ext_capability(39)]] = ...;`: attributes of the alias (DXC's
        // inline SPIR-V types take their capabilities this way).
        attributes::attributes(p);
        if p.expect(EQ) {
            types::type_ref(p, true);
        }
        TYPE_ALIAS
    };
    if !p.eat(SEMICOLON) {
        p.error_after_previous("expected `;` after `using` declaration");
    }
    m.complete(p, kind);
}

/// `TEMPLATE_PARAM_LIST`: `template <typename T, int N = 4>`.
fn template_param_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(TEMPLATE_KW);
    if p.eat(LT) {
        while !p.at(GT) && !p.at(SHR) && !p.at_end() {
            let before = p.token_pos();
            template_param(p);
            if p.token_pos() == before {
                p.err_recover(
                    "expected a template parameter",
                    TokenSet::new(&[COMMA, GT, L_BRACE, SEMICOLON]),
                );
                if p.token_pos() == before {
                    break;
                }
            }
            if !p.eat(COMMA) {
                break;
            }
        }
        if !p.eat_template_close() {
            p.error("expected `>` after template parameters");
        }
    } else {
        p.error("expected `<` after `template`");
    }
    m.complete(p, TEMPLATE_PARAM_LIST);
}

fn template_param(p: &mut Parser<'_>) {
    if p.at(TYPENAME_KW) || p.at(CLASS_KW) {
        let m = p.start();
        p.bump_any();
        if p.at(IDENT) {
            name(p, "a parameter name");
        }
        if p.eat(EQ) {
            types::type_ref(p, true);
        }
        m.complete(p, TEMPLATE_PARAM);
    } else if p.at(IDENT) || p.at(COLON2) {
        let m = p.start();
        types::type_ref(p, false);
        name(p, "a parameter name");
        if p.eat(EQ) && expressions::expr_bp(p, expressions::BP_ADDITIVE).is_none() {
            p.error("expected a default value");
        }
        m.complete(p, TEMPLATE_PARAM);
    }
}
