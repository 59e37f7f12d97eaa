//! The node structs and enums of the typed AST, declared by two macros. Accessors live in
//! `items`, `stmts` and `exprs`.

use super::{AstNode, HasAnnotations, HasAttributes, HasModifiers, HasName};
use crate::{SyntaxKind, SyntaxNode};

/// Declares a node struct wrapping a `SyntaxNode` of one kind.
macro_rules! ast_node {
    ($(#[$meta:meta])* $name:ident, $kind:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            pub(super) syntax: SyntaxNode,
        }

        impl AstNode for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                kind == SyntaxKind::$kind
            }

            fn cast(syntax: SyntaxNode) -> Option<Self> {
                Self::can_cast(syntax.kind()).then_some($name { syntax })
            }

            fn syntax(&self) -> &SyntaxNode {
                &self.syntax
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.syntax, f)
            }
        }
    };
}

/// Declares an enum over node structs, each variant named after its struct.
macro_rules! ast_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant($variant),)*
        }

        impl AstNode for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                $($variant::can_cast(kind))||*
            }

            fn cast(syntax: SyntaxNode) -> Option<Self> {
                $(if $variant::can_cast(syntax.kind()) {
                    return $variant::cast(syntax).map($name::$variant);
                })*
                None
            }

            fn syntax(&self) -> &SyntaxNode {
                match self {
                    $($name::$variant(it) => it.syntax(),)*
                }
            }
        }

        $(impl From<$variant> for $name {
            fn from(it: $variant) -> $name {
                $name::$variant(it)
            }
        })*

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(self.syntax(), f)
            }
        }
    };
}

ast_node!(
    /// A whole file.
    SourceFile,
    SOURCE_FILE
);

ast_node!(
    /// A declared name.
    Name,
    NAME
);

ast_node!(
    /// A name used to refer to a declaration.
    NameRef,
    NAME_REF
);

ast_node!(
    /// `a::b<T>::c`.
    Path,
    PATH
);

ast_node!(
    /// One segment of a path.
    PathSegment,
    PATH_SEGMENT
);

ast_node!(
    /// `<float, 4>`.
    GenericArgList,
    GENERIC_ARG_LIST
);

ast_node!(
    /// A written type.
    TypeRef,
    TYPE_REF
);

ast_node!(
    /// `[N]` or `[]`.
    ArraySuffix,
    ARRAY_SUFFIX
);

ast_node!(
    /// A function definition or prototype (also methods).
    FnDef,
    FN_DEF
);

ast_node!(
    /// `(params)` of a function.
    ParamList,
    PARAM_LIST
);

ast_node!(
    /// One function parameter.
    Param,
    PARAM
);

ast_node!(
    /// `template<typename T, int N>`.
    TemplateParamList,
    TEMPLATE_PARAM_LIST
);

ast_node!(
    /// One template parameter.
    TemplateParam,
    TEMPLATE_PARAM
);

ast_node!(
    /// Variables: globals, locals, fields, cbuffer members.
    VarDecl,
    VAR_DECL
);

ast_node!(
    /// One declared variable of a `VarDecl` (or name of a `TypedefDef`).
    VarDeclarator,
    VAR_DECLARATOR
);

ast_node!(
    /// `: SV_Position`.
    Semantic,
    SEMANTIC
);

ast_node!(
    /// `: register(t0, space1)`.
    RegisterBinding,
    REGISTER_BINDING
);

ast_node!(
    /// `: packoffset(c0.x)`.
    PackoffsetBinding,
    PACKOFFSET_BINDING
);

ast_node!(
    /// `: 4` after a field name.
    BitFieldWidth,
    BIT_FIELD_WIDTH
);

ast_node!(
    /// `: read(caller)` or `: write(closesthit, miss)` after a ray payload's field.
    PayloadAccess,
    PAYLOAD_ACCESS
);

ast_node!(
    /// `struct`, `class` or `interface`.
    StructDef,
    STRUCT_DEF
);

ast_node!(
    /// `: Base` of a struct.
    BaseList,
    BASE_LIST
);

ast_node!(
    /// `{ members }` of a struct.
    FieldList,
    FIELD_LIST
);

ast_node!(
    /// `cbuffer` or `tbuffer`.
    CBufferDef,
    CBUFFER_DEF
);

ast_node!(
    /// `{ items }` of a cbuffer or namespace.
    ItemList,
    ITEM_LIST
);

ast_node!(
    /// `typedef T Name;`.
    TypedefDef,
    TYPEDEF_DEF
);

ast_node!(
    /// `enum` or `enum class`.
    EnumDef,
    ENUM_DEF
);

ast_node!(
    /// `{ A, B = 2 }` of an enum.
    VariantList,
    VARIANT_LIST
);

ast_node!(
    /// One enumerator.
    Variant,
    VARIANT
);

ast_node!(
    /// `namespace N { ... }`.
    NamespaceDef,
    NAMESPACE_DEF
);

ast_node!(
    /// `using X = T;`.
    TypeAlias,
    TYPE_ALIAS
);

ast_node!(
    /// `using namespace N;`.
    UsingNamespace,
    USING_NAMESPACE
);

ast_node!(
    /// `static_assert(condition, "message");`.
    StaticAssert,
    STATIC_ASSERT
);

ast_node!(
    /// `[name(args)]` or `[[ns::name(args)]]`.
    Attribute,
    ATTRIBUTE
);

ast_node!(
    /// `{ statements }`.
    Block,
    BLOCK
);

ast_node!(
    /// `;`.
    EmptyStmt,
    EMPTY_STMT
);

ast_node!(
    /// `expr;`.
    ExprStmt,
    EXPR_STMT
);

ast_node!(
    /// A local declaration.
    DeclStmt,
    DECL_STMT
);

ast_node!(
    /// `if (c) a else b`.
    IfStmt,
    IF_STMT
);

ast_node!(
    /// `else stmt`.
    ElseBranch,
    ELSE_BRANCH
);

ast_node!(
    /// `int y = g()` as the condition of `if`, `while` or `switch`.
    ConditionDecl,
    CONDITION_DECL
);

ast_node!(
    /// `for (init; cond; step) body`.
    ForStmt,
    FOR_STMT
);

ast_node!(
    /// The condition of a `for`.
    ForCond,
    FOR_COND
);

ast_node!(
    /// The step of a `for`.
    ForStep,
    FOR_STEP
);

ast_node!(
    /// `while (c) body`.
    WhileStmt,
    WHILE_STMT
);

ast_node!(
    /// `do body while (c);`.
    DoWhileStmt,
    DO_WHILE_STMT
);

ast_node!(
    /// `switch (x) { ... }`.
    SwitchStmt,
    SWITCH_STMT
);

ast_node!(
    /// `{ case ...: ... }`.
    SwitchBody,
    SWITCH_BODY
);

ast_node!(
    /// `case v:` or `default:` with the statements after it.
    CaseClause,
    CASE_CLAUSE
);

ast_node!(
    /// `break;`.
    BreakStmt,
    BREAK_STMT
);

ast_node!(
    /// `continue;`.
    ContinueStmt,
    CONTINUE_STMT
);

ast_node!(
    /// `return expr;`.
    ReturnStmt,
    RETURN_STMT
);

ast_node!(
    /// `discard;`.
    DiscardStmt,
    DISCARD_STMT
);

ast_node!(
    /// A number, string, character or boolean.
    Literal,
    LITERAL
);

ast_node!(
    /// A name in an expression: `x`, `ns::f`, `S::member`.
    PathExpr,
    PATH_EXPR
);

ast_node!(
    /// `(expr)`.
    ParenExpr,
    PAREN_EXPR
);

ast_node!(
    /// Binary operators, assignments and the comma operator.
    BinExpr,
    BIN_EXPR
);

ast_node!(
    /// `-x`, `!x`, `++x`...
    PrefixExpr,
    PREFIX_EXPR
);

ast_node!(
    /// `x++`, `x--`.
    PostfixExpr,
    POSTFIX_EXPR
);

ast_node!(
    /// `c ? a : b`.
    ConditionalExpr,
    CONDITIONAL_EXPR
);

ast_node!(
    /// `f(a)`, `float4(a, b)`, `vector<float, 2>(1, 2)`.
    CallExpr,
    CALL_EXPR
);

ast_node!(
    /// `(args)` of a call or attribute.
    ArgList,
    ARG_LIST
);

ast_node!(
    /// `tex.Sample(s, uv)`.
    MethodCallExpr,
    METHOD_CALL_EXPR
);

ast_node!(
    /// `a.field`, `v.xyz`.
    FieldExpr,
    FIELD_EXPR
);

ast_node!(
    /// `a[i]`.
    IndexExpr,
    INDEX_EXPR
);

ast_node!(
    /// `(float3)x`.
    CastExpr,
    CAST_EXPR
);

ast_node!(
    /// `{1, 2, {3, 4}}`.
    InitListExpr,
    INIT_LIST_EXPR
);

ast_node!(
    /// `sizeof(T)` or `sizeof(expr)`.
    SizeofExpr,
    SIZEOF_EXPR
);

ast_enum!(
    /// An item: at file level, in a namespace, cbuffer or struct, or in a `DeclStmt`.
    Item { FnDef, VarDecl, StructDef, CBufferDef, TypedefDef, EnumDef, NamespaceDef, TypeAlias, UsingNamespace, StaticAssert }
);

ast_enum!(
    /// A statement.
    Stmt { Block, EmptyStmt, ExprStmt, DeclStmt, IfStmt, ForStmt, WhileStmt, DoWhileStmt, SwitchStmt, BreakStmt, ContinueStmt, ReturnStmt, DiscardStmt }
);

ast_enum!(
    /// An expression.
    Expr { Literal, PathExpr, ParenExpr, BinExpr, PrefixExpr, PostfixExpr, ConditionalExpr, CallExpr, MethodCallExpr, FieldExpr, IndexExpr, CastExpr, InitListExpr, SizeofExpr }
);

ast_enum!(
    /// What follows a `:` after a declarator, parameter or function.
    Annotation { Semantic, RegisterBinding, PackoffsetBinding, BitFieldWidth }
);

impl HasName for FnDef {}
impl HasName for Param {}
impl HasName for TemplateParam {}
impl HasName for VarDeclarator {}
impl HasName for StructDef {}
impl HasName for CBufferDef {}
impl HasName for EnumDef {}
impl HasName for Variant {}
impl HasName for NamespaceDef {}
impl HasName for TypeAlias {}

impl HasAttributes for FnDef {}
impl HasAttributes for Param {}
impl HasAttributes for VarDecl {}
impl HasAttributes for StructDef {}
impl HasAttributes for CBufferDef {}
impl HasAttributes for TypedefDef {}
impl HasAttributes for TypeAlias {}
impl HasAttributes for EnumDef {}
impl HasAttributes for Block {}
impl HasAttributes for EmptyStmt {}
impl HasAttributes for ExprStmt {}
impl HasAttributes for DeclStmt {}
impl HasAttributes for IfStmt {}
impl HasAttributes for ForStmt {}
impl HasAttributes for WhileStmt {}
impl HasAttributes for DoWhileStmt {}
impl HasAttributes for SwitchStmt {}
impl HasAttributes for BreakStmt {}
impl HasAttributes for ContinueStmt {}
impl HasAttributes for ReturnStmt {}
impl HasAttributes for DiscardStmt {}

impl HasModifiers for FnDef {}
impl HasModifiers for Param {}
impl HasModifiers for VarDecl {}
impl HasModifiers for StructDef {}
impl HasModifiers for TypedefDef {}
impl HasModifiers for TypeRef {}

impl HasAnnotations for FnDef {}
impl HasAnnotations for Param {}
impl HasAnnotations for VarDeclarator {}
impl HasAnnotations for CBufferDef {}
