//! Accessors of declarations, types, names, paths and attributes.

use super::nodes::*;
use super::{support, AstChildren, AstNode};
use crate::SyntaxKind::{self, *};
use crate::{SyntaxNode, SyntaxToken};

impl SourceFile {
    pub fn items(&self) -> AstChildren<Item> {
        support::children(&self.syntax)
    }
}

impl FnDef {
    /// `<int>` of an explicit specialization `template<> int f<int>(int x) { ... }`.
    pub fn specialization_args(&self) -> Option<GenericArgList> {
        support::child(&self.syntax)
    }

    pub fn template_param_list(&self) -> Option<TemplateParamList> {
        support::child(&self.syntax)
    }

    pub fn return_type(&self) -> Option<TypeRef> {
        support::child(&self.syntax)
    }

    /// `S` in an out-of-line method definition `float S::get() { ... }`.
    pub fn qualifier(&self) -> Option<Path> {
        support::child(&self.syntax)
    }

    pub fn param_list(&self) -> Option<ParamList> {
        support::child(&self.syntax)
    }

    /// The `const` qualifiers after the parameter list (`int get() const`), in order.
    pub fn const_qualifiers(&self) -> Vec<SyntaxNode> {
        self.syntax
            .children()
            .filter(|n| n.kind() == SyntaxKind::METHOD_CONST)
            .collect()
    }

    pub fn body(&self) -> Option<Block> {
        support::child(&self.syntax)
    }

    /// Whether this is a prototype (`float f(float x);`) rather than a definition.
    pub fn is_prototype(&self) -> bool {
        self.body().is_none() && support::token(&self.syntax, SEMICOLON).is_some()
    }
}

impl ParamList {
    pub fn params(&self) -> AstChildren<Param> {
        support::children(&self.syntax)
    }
}

impl Param {
    pub fn ty(&self) -> Option<TypeRef> {
        support::child(&self.syntax)
    }

    pub fn array_suffixes(&self) -> AstChildren<ArraySuffix> {
        support::children(&self.syntax)
    }

    /// The default value after `=`.
    pub fn default_value(&self) -> Option<Expr> {
        support::child_after_token(&self.syntax, EQ)
    }
}

impl TemplateParamList {
    pub fn params(&self) -> AstChildren<TemplateParam> {
        support::children(&self.syntax)
    }
}

impl TemplateParam {
    /// `typename T` or `class T`, as opposed to a constant parameter `int N`.
    pub fn is_type_param(&self) -> bool {
        support::token(&self.syntax, TYPENAME_KW).is_some()
            || support::token(&self.syntax, CLASS_KW).is_some()
    }

    /// The type of a constant parameter (`int` in `int N`).
    pub fn ty(&self) -> Option<TypeRef> {
        if self.is_type_param() {
            None
        } else {
            support::child_before_token(&self.syntax, EQ)
        }
    }

    /// The default of a type parameter (`typename T = float`).
    pub fn default_type(&self) -> Option<TypeRef> {
        if self.is_type_param() {
            support::child_after_token(&self.syntax, EQ)
        } else {
            None
        }
    }

    /// The default of a constant parameter (`int N = 4`).
    pub fn default_value(&self) -> Option<Expr> {
        support::child_after_token(&self.syntax, EQ)
    }
}

impl VarDecl {
    pub fn ty(&self) -> Option<TypeRef> {
        support::child(&self.syntax)
    }

    /// `S` in the out-of-class definition of a static member `const int S::SIX = 6;`.
    pub fn qualifier(&self) -> Option<Path> {
        support::child(&self.syntax)
    }

    pub fn declarators(&self) -> AstChildren<VarDeclarator> {
        support::children(&self.syntax)
    }
}

impl VarDeclarator {
    /// The declaration this declarator belongs to (`None` in a typedef).
    pub fn var_decl(&self) -> Option<VarDecl> {
        self.syntax.parent().and_then(VarDecl::cast)
    }

    pub fn array_suffixes(&self) -> AstChildren<ArraySuffix> {
        support::children(&self.syntax)
    }

    /// The initializer after `=` (an expression or an `InitListExpr`).
    pub fn initializer(&self) -> Option<Expr> {
        support::child_after_token(&self.syntax, EQ)
    }

    pub fn packoffset(&self) -> Option<PackoffsetBinding> {
        support::child(&self.syntax)
    }

    pub fn bit_field_width(&self) -> Option<BitFieldWidth> {
        support::child(&self.syntax)
    }
}

impl Semantic {
    /// The semantic name token (`SV_Position`, `TEXCOORD0`).
    pub fn ident(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, IDENT)
    }

    pub fn text(&self) -> String {
        self.ident()
            .map(|t| t.text().to_string())
            .unwrap_or_default()
    }
}

/// The identifier-like tokens between the parentheses of a binding, as written.
fn binding_args(node: &crate::SyntaxNode) -> Vec<String> {
    let mut args = Vec::new();
    let mut current = String::new();
    let mut inside = false;
    for token in node.children_with_tokens().filter_map(|e| e.into_token()) {
        match token.kind() {
            L_PAREN => inside = true,
            R_PAREN => break,
            COMMA if inside => args.push(std::mem::take(&mut current)),
            WHITESPACE | COMMENT => {}
            _ if inside => current.push_str(token.text()),
            _ => {}
        }
    }
    if !current.is_empty() {
        args.push(current);
    }
    args
}

impl RegisterBinding {
    /// The arguments as written: `["t0", "space1"]`, `["ps_5_0", "c0"]`, `["t0[2]"]`.
    pub fn args(&self) -> Vec<String> {
        binding_args(&self.syntax)
    }
}

impl PackoffsetBinding {
    /// The offset as written: `c0.x`.
    pub fn offset(&self) -> Option<String> {
        binding_args(&self.syntax).into_iter().next()
    }
}

impl BitFieldWidth {
    pub fn width(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, INT_NUMBER)
    }
}

impl StructDef {
    /// The `struct`, `class`, `interface` or `union` keyword.
    pub fn keyword(&self) -> Option<SyntaxToken> {
        self.syntax
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| matches!(t.kind(), STRUCT_KW | CLASS_KW | INTERFACE_KW | UNION_KW))
    }

    pub fn template_param_list(&self) -> Option<TemplateParamList> {
        support::child(&self.syntax)
    }

    /// `<float>` of an explicit specialization `template<> struct S<float> { ... }`.
    pub fn specialization_args(&self) -> Option<GenericArgList> {
        support::child(&self.syntax)
    }

    pub fn base_list(&self) -> Option<BaseList> {
        support::child(&self.syntax)
    }

    /// `None` for a forward declaration `struct S;`.
    pub fn field_list(&self) -> Option<FieldList> {
        support::child(&self.syntax)
    }
}

impl BaseList {
    pub fn types(&self) -> AstChildren<TypeRef> {
        support::children(&self.syntax)
    }
}

impl FieldList {
    /// Every member: fields, methods, nested types.
    pub fn members(&self) -> AstChildren<Item> {
        support::children(&self.syntax)
    }

    pub fn fields(&self) -> AstChildren<VarDecl> {
        support::children(&self.syntax)
    }

    pub fn methods(&self) -> AstChildren<FnDef> {
        support::children(&self.syntax)
    }
}

impl CBufferDef {
    pub fn is_tbuffer(&self) -> bool {
        support::token(&self.syntax, TBUFFER_KW).is_some()
    }

    pub fn item_list(&self) -> Option<ItemList> {
        support::child(&self.syntax)
    }
}

impl ItemList {
    pub fn items(&self) -> AstChildren<Item> {
        support::children(&self.syntax)
    }
}

impl TypedefDef {
    pub fn ty(&self) -> Option<TypeRef> {
        support::child(&self.syntax)
    }

    /// The declared names with their array suffixes.
    pub fn declarators(&self) -> AstChildren<VarDeclarator> {
        support::children(&self.syntax)
    }
}

impl EnumDef {
    /// `enum class`.
    pub fn is_scoped(&self) -> bool {
        support::token(&self.syntax, CLASS_KW).is_some()
            || support::token(&self.syntax, STRUCT_KW).is_some()
    }

    /// The underlying type after `:`.
    pub fn underlying_type(&self) -> Option<TypeRef> {
        support::child(&self.syntax)
    }

    pub fn variant_list(&self) -> Option<VariantList> {
        support::child(&self.syntax)
    }
}

impl VariantList {
    pub fn variants(&self) -> AstChildren<Variant> {
        support::children(&self.syntax)
    }
}

impl Variant {
    pub fn value(&self) -> Option<Expr> {
        support::child_after_token(&self.syntax, EQ)
    }
}

impl NamespaceDef {
    pub fn item_list(&self) -> Option<ItemList> {
        support::child(&self.syntax)
    }
}

impl TypeAlias {
    pub fn ty(&self) -> Option<TypeRef> {
        support::child(&self.syntax)
    }

    /// `template <typename T>` of an alias template (`template <typename T> using V =
    /// vector<T, 4>;`).
    pub fn template_param_list(&self) -> Option<TemplateParamList> {
        support::child(&self.syntax)
    }
}

impl UsingNamespace {
    pub fn path(&self) -> Option<Path> {
        support::child(&self.syntax)
    }
}

impl StaticAssert {
    /// `(condition, "message")`.
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
}

impl Attribute {
    /// `[[...]]` rather than `[...]`. In a list (`[[vk::location(1), ns::two]]`) the
    /// brackets open on the first attribute only: a later one is in the list's brackets.
    pub fn is_double_bracket(&self) -> bool {
        let opening = |n: &SyntaxNode| {
            n.children_with_tokens()
                .filter(|e| e.kind() == L_BRACK)
                .count()
        };
        self.syntax
            .siblings(rowan::Direction::Prev)
            .filter(|n| n.kind() == ATTRIBUTE)
            .map(|n| opening(&n))
            .find(|&n| n > 0)
            == Some(2)
    }

    pub fn path(&self) -> Option<Path> {
        support::child(&self.syntax)
    }

    /// The full name as written without spaces: `numthreads`, `vk::binding`.
    pub fn name_text(&self) -> String {
        self.path()
            .map(|p| {
                p.segments()
                    .map(|s| s.name_ref().map(|n| n.text()).unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join("::")
            })
            .unwrap_or_default()
    }

    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
}

impl TypeRef {
    /// `unsigned` or `signed` in `unsigned int`.
    pub fn signedness(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, IDENT)
    }

    /// `typename` in `typename T::value_type`.
    pub fn typename_kw(&self) -> Option<SyntaxToken> {
        support::token(&self.syntax, TYPENAME_KW)
    }

    /// The named type, if it is one (`float4`, `Texture2D<float4>`, `ns::S`, `struct S`).
    pub fn path(&self) -> Option<Path> {
        support::child(&self.syntax)
    }

    /// An inline struct definition (`typedef struct { ... } S;`, `struct { ... } v;`).
    pub fn struct_def(&self) -> Option<StructDef> {
        support::child(&self.syntax)
    }

    /// Array suffixes written inside the type (casts, template arguments).
    pub fn array_suffixes(&self) -> AstChildren<ArraySuffix> {
        support::children(&self.syntax)
    }

    /// Whether `const` is written inside the type: after it (`float const x`) or in a
    /// template argument (`StructuredBuffer<const S>`).
    pub fn has_const(&self) -> bool {
        support::token(&self.syntax, CONST_KW).is_some()
    }
}

impl Path {
    pub fn segments(&self) -> AstChildren<PathSegment> {
        support::children(&self.syntax)
    }

    /// The last segment (`c` in `a::b::c`).
    pub fn last_segment(&self) -> Option<PathSegment> {
        self.segments().last()
    }

    /// A path starting with `::`.
    pub fn is_global(&self) -> bool {
        self.syntax
            .first_token()
            .is_some_and(|t| t.kind() == COLON2)
    }
}

impl PathSegment {
    pub fn name_ref(&self) -> Option<NameRef> {
        support::child(&self.syntax)
    }

    pub fn generic_arg_list(&self) -> Option<GenericArgList> {
        support::child(&self.syntax)
    }
}

impl GenericArgList {
    pub fn args(&self) -> AstChildren<GenericArg> {
        support::children(&self.syntax)
    }
}

impl ArraySuffix {
    /// The size, `None` for `[]`.
    pub fn size(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

/// A template argument: a type, or a constant expression.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GenericArg {
    Type(TypeRef),
    Expr(Expr),
}

impl AstNode for GenericArg {
    fn can_cast(kind: SyntaxKind) -> bool {
        TypeRef::can_cast(kind) || Expr::can_cast(kind)
    }

    fn cast(syntax: crate::SyntaxNode) -> Option<Self> {
        if TypeRef::can_cast(syntax.kind()) {
            TypeRef::cast(syntax).map(GenericArg::Type)
        } else {
            Expr::cast(syntax).map(GenericArg::Expr)
        }
    }

    fn syntax(&self) -> &crate::SyntaxNode {
        match self {
            GenericArg::Type(it) => it.syntax(),
            GenericArg::Expr(it) => it.syntax(),
        }
    }
}
