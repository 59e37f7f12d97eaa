//! `SyntaxKind`: every token and node kind of the HLSL tree, and the `T![..]` shorthand.
//!
//! Tokens come first (trivia, punctuation, keywords, literals), then nodes. The lexer only
//! produces the hard keywords; contextual keywords (`in`, `row_major`, `point`, ...) are lexed as
//! `IDENT` and remapped by the parser where they act as keywords.

#![allow(bad_style, missing_docs, unreachable_pub)]

/// The kind of a token or node in the HLSL syntax tree.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u16)]
pub enum SyntaxKind {
    // Special and trivia tokens.
    /// A byte sequence the lexer does not understand, or a token the parser could not place.
    ERROR_TOKEN = 0,
    WHITESPACE,
    COMMENT,
    /// One whole preprocessor directive line (with its continuation lines).
    PP_DIRECTIVE,
    /// The text of an `#if` region that is not compiled.
    PP_INACTIVE,
    /// The source text of a macro use (`NAME` or `NAME(args)`), in the lossless tree only.
    MACRO_CALL,
    EOF,

    // Punctuation.
    L_PAREN,
    R_PAREN,
    L_BRACE,
    R_BRACE,
    L_BRACK,
    R_BRACK,
    SEMICOLON,
    COMMA,
    DOT,
    COLON,
    COLON2,
    QUESTION,
    HASH,
    HASH2,
    PLUS,
    MINUS,
    STAR,
    SLASH,
    PERCENT,
    AMP,
    PIPE,
    CARET,
    TILDE,
    BANG,
    EQ,
    EQ2,
    NEQ,
    LT,
    GT,
    LTEQ,
    GTEQ,
    SHL,
    SHR,
    AMP2,
    PIPE2,
    PLUS2,
    MINUS2,
    PLUSEQ,
    MINUSEQ,
    STAREQ,
    SLASHEQ,
    PERCENTEQ,
    AMPEQ,
    PIPEEQ,
    CARETEQ,
    SHLEQ,
    SHREQ,
    ARROW,
    DOT3,

    // Hard keywords (the lexer produces these).
    STRUCT_KW,
    CLASS_KW,
    INTERFACE_KW,
    /// `union`: reserved before HLSL 202x, which takes C++'s unions; parsed as a struct.
    UNION_KW,
    CBUFFER_KW,
    TBUFFER_KW,
    TYPEDEF_KW,
    ENUM_KW,
    NAMESPACE_KW,
    USING_KW,
    TEMPLATE_KW,
    TYPENAME_KW,
    RETURN_KW,
    IF_KW,
    ELSE_KW,
    FOR_KW,
    WHILE_KW,
    DO_KW,
    SWITCH_KW,
    CASE_KW,
    DEFAULT_KW,
    BREAK_KW,
    CONTINUE_KW,
    DISCARD_KW,
    TRUE_KW,
    FALSE_KW,
    SIZEOF_KW,
    STATIC_KW,
    CONST_KW,

    // Contextual keywords (lexed as IDENT, remapped by the parser).
    UNIFORM_KW,
    EXTERN_KW,
    VOLATILE_KW,
    PRECISE_KW,
    GROUPSHARED_KW,
    GLOBALLYCOHERENT_KW,
    SHARED_KW,
    INLINE_KW,
    EXPORT_KW,
    IN_KW,
    OUT_KW,
    INOUT_KW,
    ROW_MAJOR_KW,
    COLUMN_MAJOR_KW,
    SNORM_KW,
    UNORM_KW,
    NOINTERPOLATION_KW,
    LINEAR_KW,
    CENTROID_KW,
    NOPERSPECTIVE_KW,
    SAMPLE_KW,
    CENTER_KW,
    POINT_KW,
    LINE_KW,
    TRIANGLE_KW,
    LINEADJ_KW,
    TRIANGLEADJ_KW,
    VERTICES_KW,
    PRIMITIVES_KW,
    INDICES_KW,
    PAYLOAD_KW,
    REGISTER_KW,
    PACKOFFSET_KW,
    READ_KW,
    WRITE_KW,

    // Literals and names.
    INT_NUMBER,
    FLOAT_NUMBER,
    STRING,
    CHAR,
    IDENT,

    // Nodes. The grammar adds the node kinds it needs here, after `SOURCE_FILE`.
    SOURCE_FILE,
    /// A node that wraps what the parser could not place.
    ERROR,

    // Names and paths.
    /// The name a declaration introduces.
    NAME,
    /// A name used to refer to something.
    NAME_REF,
    /// `a::b<T>::c`: segments separated by `::`.
    PATH,
    /// One segment of a path: a `NAME_REF` and optional `GENERIC_ARG_LIST`.
    PATH_SEGMENT,
    /// `<float, 4>`: types or constant expressions.
    GENERIC_ARG_LIST,

    // Types.
    /// A type: a path (`float4`, `Texture2D<float4>`, `ns::S`), an elaborated `struct S`, or an
    /// inline struct definition; array suffixes in casts and template arguments.
    TYPE_REF,
    /// `[N]` or `[]` after a declarator name (or inside a `TYPE_REF`).
    ARRAY_SUFFIX,

    // Items.
    FN_DEF,
    PARAM_LIST,
    PARAM,
    /// `template<typename T, int N>`
    TEMPLATE_PARAM_LIST,
    TEMPLATE_PARAM,
    /// A declaration of variables: global, local, field, cbuffer member.
    VAR_DECL,
    /// One name of a `VAR_DECL` with its array suffixes, annotations and initializer.
    VAR_DECLARATOR,
    /// `: SV_Position`
    SEMANTIC,
    /// `: register(t0, space1)`
    REGISTER_BINDING,
    /// `: packoffset(c0.x)`
    PACKOFFSET_BINDING,
    /// `: 4` after a field name (bitfield width).
    BIT_FIELD_WIDTH,
    /// `: read(caller, closesthit)` or `: write(miss)` after a ray payload's field: the
    /// stages that read or write it (payload access qualifiers, SM 6.6).
    PAYLOAD_ACCESS,
    /// `{ Filter = MIN_MAG_MIP_LINEAR; }` after a variable name: an effects state block, which
    /// DXC accepts and ignores.
    STATE_BLOCK,
    /// `<int UIMin = 0; string UIName = "x";>` after a variable's semantics: effects
    /// annotations, which DXC accepts and ignores.
    EFFECT_ANNOTATIONS,
    /// `technique11 Render { pass P0 { ... } }`: an effects-framework technique, which DXC
    /// parses and ignores with a warning (its body is a `STATE_BLOCK`).
    TECHNIQUE_DEF,
    /// `= sampler_state { Texture = t; }` after a sampler's declarator: a Direct3D 9 effects
    /// sampler description, which DXC ignores with a warning (its body is a `STATE_BLOCK`).
    SAMPLER_STATE_INIT,
    /// `const` after a method's parameter list (`int get() const`, HLSL 202x).
    METHOD_CONST,
    /// `struct`, `class`, `interface` or `union` definition.
    STRUCT_DEF,
    /// `: Base` after a struct name.
    BASE_LIST,
    /// `{ members }` of a struct.
    FIELD_LIST,
    /// `cbuffer` or `tbuffer`.
    CBUFFER_DEF,
    /// `{ items }` of a cbuffer or namespace.
    ITEM_LIST,
    TYPEDEF_DEF,
    ENUM_DEF,
    VARIANT_LIST,
    VARIANT,
    NAMESPACE_DEF,
    /// `using X = T;`
    TYPE_ALIAS,
    /// `using namespace N;`
    USING_NAMESPACE,
    /// `static_assert(sizeof(S) == 16, "message");` at file, namespace or struct level, or as
    /// a statement.
    STATIC_ASSERT,

    // Attributes.
    /// `[numthreads(8, 8, 1)]` or `[[vk::binding(0, 1)]]`.
    ATTRIBUTE,

    // Statements.
    BLOCK,
    EMPTY_STMT,
    EXPR_STMT,
    /// A local declaration: wraps a `VAR_DECL`, `STRUCT_DEF`, `TYPEDEF_DEF`...
    DECL_STMT,
    IF_STMT,
    /// `else` and its statement.
    ELSE_BRANCH,
    /// A declaration as the condition of `if`, `while` or `switch`: `if (int y = g())`;
    /// wraps a `VAR_DECL` of one declarator without `;`.
    CONDITION_DECL,
    FOR_STMT,
    /// The condition of a `for`.
    FOR_COND,
    /// The step expression of a `for`.
    FOR_STEP,
    WHILE_STMT,
    DO_WHILE_STMT,
    SWITCH_STMT,
    /// `{ case ...: ... }` of a switch.
    SWITCH_BODY,
    /// `case 1:` or `default:` and the statements after it, up to the next label.
    CASE_CLAUSE,
    BREAK_STMT,
    CONTINUE_STMT,
    RETURN_STMT,
    DISCARD_STMT,

    // Expressions.
    LITERAL,
    PATH_EXPR,
    PAREN_EXPR,
    /// Binary operators, including assignment, compound assignment and the comma operator.
    BIN_EXPR,
    PREFIX_EXPR,
    POSTFIX_EXPR,
    /// `c ? a : b`
    CONDITIONAL_EXPR,
    /// `f(a)`, `float4(a, b)`, `vector<float, 2>(1, 2)`.
    CALL_EXPR,
    ARG_LIST,
    /// `tex.Sample(s, uv)`, `buf.Load<uint>(0)`.
    METHOD_CALL_EXPR,
    /// `a.xyz`
    FIELD_EXPR,
    INDEX_EXPR,
    /// `(float3)x`
    CAST_EXPR,
    /// `{1, 2, {3, 4}}`
    INIT_LIST_EXPR,
    SIZEOF_EXPR,

    // Technical: keep last.
    #[doc(hidden)]
    __LAST,
}

use SyntaxKind::*;

impl SyntaxKind {
    /// Whitespace, comments, directive lines, inactive regions: what the parser never sees.
    pub fn is_trivia(self) -> bool {
        matches!(
            self,
            WHITESPACE | COMMENT | PP_DIRECTIVE | PP_INACTIVE | MACRO_CALL
        )
    }

    /// Hard and contextual keywords.
    pub fn is_keyword(self) -> bool {
        (STRUCT_KW as u16..=WRITE_KW as u16).contains(&(self as u16))
    }

    /// Punctuation tokens.
    pub fn is_punct(self) -> bool {
        (L_PAREN as u16..=DOT3 as u16).contains(&(self as u16))
    }

    /// Literal tokens (numbers, strings, characters, `true`, `false`).
    pub fn is_literal(self) -> bool {
        matches!(
            self,
            INT_NUMBER | FLOAT_NUMBER | STRING | CHAR | TRUE_KW | FALSE_KW
        )
    }

    /// Nodes, as opposed to tokens.
    pub fn is_node(self) -> bool {
        (self as u16) >= SOURCE_FILE as u16 && self != __LAST
    }

    /// The hard keyword spelled `ident`, if it is one. Contextual keywords are not returned.
    pub fn from_keyword(ident: &str) -> Option<SyntaxKind> {
        let kw = match ident {
            "struct" => STRUCT_KW,
            "class" => CLASS_KW,
            "interface" => INTERFACE_KW,
            "union" => UNION_KW,
            "cbuffer" => CBUFFER_KW,
            "tbuffer" => TBUFFER_KW,
            "typedef" => TYPEDEF_KW,
            "enum" => ENUM_KW,
            "namespace" => NAMESPACE_KW,
            "using" => USING_KW,
            "template" => TEMPLATE_KW,
            "typename" => TYPENAME_KW,
            "return" => RETURN_KW,
            "if" => IF_KW,
            "else" => ELSE_KW,
            "for" => FOR_KW,
            "while" => WHILE_KW,
            "do" => DO_KW,
            "switch" => SWITCH_KW,
            "case" => CASE_KW,
            "default" => DEFAULT_KW,
            "break" => BREAK_KW,
            "continue" => CONTINUE_KW,
            "discard" => DISCARD_KW,
            "true" => TRUE_KW,
            "false" => FALSE_KW,
            "sizeof" => SIZEOF_KW,
            "static" => STATIC_KW,
            "const" => CONST_KW,
            _ => return None,
        };
        Some(kw)
    }

    /// The contextual keyword spelled `ident`, if it is one. The parser decides whether an
    /// `IDENT` with this text acts as a keyword where it stands.
    pub fn from_contextual_keyword(ident: &str) -> Option<SyntaxKind> {
        let kw = match ident {
            "uniform" => UNIFORM_KW,
            "extern" => EXTERN_KW,
            "volatile" => VOLATILE_KW,
            "precise" => PRECISE_KW,
            "groupshared" => GROUPSHARED_KW,
            "globallycoherent" => GLOBALLYCOHERENT_KW,
            "shared" => SHARED_KW,
            "inline" => INLINE_KW,
            "export" => EXPORT_KW,
            "in" => IN_KW,
            "out" => OUT_KW,
            "inout" => INOUT_KW,
            "row_major" => ROW_MAJOR_KW,
            "column_major" => COLUMN_MAJOR_KW,
            "snorm" => SNORM_KW,
            "unorm" => UNORM_KW,
            "nointerpolation" => NOINTERPOLATION_KW,
            "linear" => LINEAR_KW,
            "centroid" => CENTROID_KW,
            "noperspective" => NOPERSPECTIVE_KW,
            "sample" => SAMPLE_KW,
            "center" => CENTER_KW,
            "point" => POINT_KW,
            "line" => LINE_KW,
            "triangle" => TRIANGLE_KW,
            "lineadj" => LINEADJ_KW,
            "triangleadj" => TRIANGLEADJ_KW,
            "vertices" => VERTICES_KW,
            "primitives" => PRIMITIVES_KW,
            "indices" => INDICES_KW,
            "payload" => PAYLOAD_KW,
            "register" => REGISTER_KW,
            "packoffset" => PACKOFFSET_KW,
            "read" => READ_KW,
            "write" => WRITE_KW,
            _ => return None,
        };
        Some(kw)
    }
}

impl From<u16> for SyntaxKind {
    fn from(d: u16) -> SyntaxKind {
        assert!(d < (__LAST as u16), "bad SyntaxKind {d}");
        // SAFETY: `SyntaxKind` is `repr(u16)` and `d` is below `__LAST`, so it names a variant.
        unsafe { std::mem::transmute::<u16, SyntaxKind>(d) }
    }
}

impl From<SyntaxKind> for u16 {
    fn from(k: SyntaxKind) -> u16 {
        k as u16
    }
}

/// Shorthand for punctuation and keyword kinds: `T![;]`, `T![struct]`, `T![>>=]`.
#[macro_export]
macro_rules! T {
    ['('] => { $crate::SyntaxKind::L_PAREN };
    [')'] => { $crate::SyntaxKind::R_PAREN };
    ['{'] => { $crate::SyntaxKind::L_BRACE };
    ['}'] => { $crate::SyntaxKind::R_BRACE };
    ['['] => { $crate::SyntaxKind::L_BRACK };
    [']'] => { $crate::SyntaxKind::R_BRACK };
    [;] => { $crate::SyntaxKind::SEMICOLON };
    [,] => { $crate::SyntaxKind::COMMA };
    [.] => { $crate::SyntaxKind::DOT };
    [:] => { $crate::SyntaxKind::COLON };
    [::] => { $crate::SyntaxKind::COLON2 };
    [?] => { $crate::SyntaxKind::QUESTION };
    [#] => { $crate::SyntaxKind::HASH };
    [##] => { $crate::SyntaxKind::HASH2 };
    [+] => { $crate::SyntaxKind::PLUS };
    [-] => { $crate::SyntaxKind::MINUS };
    [*] => { $crate::SyntaxKind::STAR };
    [/] => { $crate::SyntaxKind::SLASH };
    [%] => { $crate::SyntaxKind::PERCENT };
    [&] => { $crate::SyntaxKind::AMP };
    [|] => { $crate::SyntaxKind::PIPE };
    [^] => { $crate::SyntaxKind::CARET };
    [~] => { $crate::SyntaxKind::TILDE };
    [!] => { $crate::SyntaxKind::BANG };
    [=] => { $crate::SyntaxKind::EQ };
    [==] => { $crate::SyntaxKind::EQ2 };
    [!=] => { $crate::SyntaxKind::NEQ };
    [<] => { $crate::SyntaxKind::LT };
    [>] => { $crate::SyntaxKind::GT };
    [<=] => { $crate::SyntaxKind::LTEQ };
    [>=] => { $crate::SyntaxKind::GTEQ };
    [<<] => { $crate::SyntaxKind::SHL };
    [>>] => { $crate::SyntaxKind::SHR };
    [&&] => { $crate::SyntaxKind::AMP2 };
    [||] => { $crate::SyntaxKind::PIPE2 };
    [++] => { $crate::SyntaxKind::PLUS2 };
    [--] => { $crate::SyntaxKind::MINUS2 };
    [+=] => { $crate::SyntaxKind::PLUSEQ };
    [-=] => { $crate::SyntaxKind::MINUSEQ };
    [*=] => { $crate::SyntaxKind::STAREQ };
    [/=] => { $crate::SyntaxKind::SLASHEQ };
    [%=] => { $crate::SyntaxKind::PERCENTEQ };
    [&=] => { $crate::SyntaxKind::AMPEQ };
    [|=] => { $crate::SyntaxKind::PIPEEQ };
    [^=] => { $crate::SyntaxKind::CARETEQ };
    [<<=] => { $crate::SyntaxKind::SHLEQ };
    [>>=] => { $crate::SyntaxKind::SHREQ };
    [->] => { $crate::SyntaxKind::ARROW };
    [...] => { $crate::SyntaxKind::DOT3 };
    [struct] => { $crate::SyntaxKind::STRUCT_KW };
    [class] => { $crate::SyntaxKind::CLASS_KW };
    [interface] => { $crate::SyntaxKind::INTERFACE_KW };
    [union] => { $crate::SyntaxKind::UNION_KW };
    [cbuffer] => { $crate::SyntaxKind::CBUFFER_KW };
    [tbuffer] => { $crate::SyntaxKind::TBUFFER_KW };
    [typedef] => { $crate::SyntaxKind::TYPEDEF_KW };
    [enum] => { $crate::SyntaxKind::ENUM_KW };
    [namespace] => { $crate::SyntaxKind::NAMESPACE_KW };
    [using] => { $crate::SyntaxKind::USING_KW };
    [template] => { $crate::SyntaxKind::TEMPLATE_KW };
    [typename] => { $crate::SyntaxKind::TYPENAME_KW };
    [return] => { $crate::SyntaxKind::RETURN_KW };
    [if] => { $crate::SyntaxKind::IF_KW };
    [else] => { $crate::SyntaxKind::ELSE_KW };
    [for] => { $crate::SyntaxKind::FOR_KW };
    [while] => { $crate::SyntaxKind::WHILE_KW };
    [do] => { $crate::SyntaxKind::DO_KW };
    [switch] => { $crate::SyntaxKind::SWITCH_KW };
    [case] => { $crate::SyntaxKind::CASE_KW };
    [default] => { $crate::SyntaxKind::DEFAULT_KW };
    [break] => { $crate::SyntaxKind::BREAK_KW };
    [continue] => { $crate::SyntaxKind::CONTINUE_KW };
    [discard] => { $crate::SyntaxKind::DISCARD_KW };
    [true] => { $crate::SyntaxKind::TRUE_KW };
    [false] => { $crate::SyntaxKind::FALSE_KW };
    [sizeof] => { $crate::SyntaxKind::SIZEOF_KW };
    [static] => { $crate::SyntaxKind::STATIC_KW };
    [const] => { $crate::SyntaxKind::CONST_KW };
    [ident] => { $crate::SyntaxKind::IDENT };
}
