//! The names a function body has in scope at the cursor, for completion: the locals declared
//! before it in the enclosing blocks (a `switch` body's across its labels, a `for` loop's
//! initializer, the declaration in an `if`, `while` or `switch` condition), the local structs
//! and typedefs, the function's parameters and, in a method, its struct's fields. Each comes
//! with its type as written (`float3`, `float[4]`), innermost first, so a shadowing local
//! hides the name it shadows.
//!
//! It reads the lossless tree only, so it answers in a half-typed body too: a block whose `}`
//! is not typed yet is still open at the end of its last token.

use syntax::ast::{self, AstNode, HasName};
use syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextSize};

/// A name in scope inside a function body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalName {
    pub name: String,
    /// The type as written (array suffixes after it), or what the name is (`struct`).
    pub detail: String,
    pub kind: LocalKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocalKind {
    Local,
    Parameter,
    Field,
    Type,
}

/// The names in scope at `offset` of the tree `root`, innermost first, each name once.
pub fn locals_at(root: &SyntaxNode, offset: TextSize) -> Vec<LocalName> {
    let mut found = Found {
        names: Vec::new(),
        offset,
    };
    let Some(anchor) = last_token_before(root, offset) else {
        return found.names;
    };
    // Whether the node below on the path from `anchor` still holds the cursor.
    let mut open = !matches!(anchor.kind(), SyntaxKind::SEMICOLON | SyntaxKind::R_BRACE);
    for node in anchor.parent_ancestors() {
        open = if node.text_range().end() > offset {
            true
        } else if matches!(
            node.kind(),
            SyntaxKind::BLOCK | SyntaxKind::SWITCH_BODY | SyntaxKind::FIELD_LIST
        ) {
            // It ends before the cursor: closed only by its own `}`.
            !(anchor.kind() == SyntaxKind::R_BRACE && anchor.parent().as_ref() == Some(&node))
        } else {
            open
        };
        if !open {
            continue;
        }
        match node.kind() {
            SyntaxKind::BLOCK => {
                let block = ast::Block::cast(node.clone());
                let stmts: Vec<_> = block.iter().flat_map(|b| b.statements()).collect();
                found.declared_in_stmts(&stmts);
            }
            SyntaxKind::SWITCH_BODY => {
                // One scope across the labels, as in C.
                let body = ast::SwitchBody::cast(node.clone());
                let mut stmts: Vec<_> = body.iter().flat_map(|b| b.stray_statements()).collect();
                for clause in body.iter().flat_map(|b| b.clauses()) {
                    stmts.extend(clause.statements());
                }
                found.declared_in_stmts(&stmts);
            }
            SyntaxKind::FOR_STMT => {
                if let Some(ast::Stmt::DeclStmt(init)) =
                    ast::ForStmt::cast(node.clone()).and_then(|f| f.init())
                {
                    found.declared_in_decl(init.decl());
                }
            }
            SyntaxKind::IF_STMT | SyntaxKind::WHILE_STMT | SyntaxKind::SWITCH_STMT => {
                let decl = node
                    .children()
                    .find_map(ast::ConditionDecl::cast)
                    .and_then(|c| c.var_decl());
                if let Some(decl) = decl {
                    found.var_names(&decl);
                }
            }
            SyntaxKind::FN_DEF => {
                let params = ast::FnDef::cast(node.clone()).and_then(|f| f.param_list());
                for param in params.iter().flat_map(|l| l.params()) {
                    let detail = type_text(param.ty(), param.array_suffixes());
                    found.add(param.name(), detail, LocalKind::Parameter);
                }
            }
            SyntaxKind::FIELD_LIST => {
                // A method: its struct's fields, those after it too.
                let fields = ast::FieldList::cast(node.clone());
                for decl in fields.iter().flat_map(|f| f.fields()) {
                    for d in decl.declarators() {
                        let detail = type_text(decl.ty(), d.array_suffixes());
                        found.push(d.name(), detail, LocalKind::Field);
                    }
                }
                // Around the struct is file or namespace scope, which the caller offers.
                break;
            }
            SyntaxKind::SOURCE_FILE | SyntaxKind::ITEM_LIST => break,
            _ => {}
        }
    }
    found.names
}

/// The names found so far, walking out from the cursor at `offset`.
struct Found {
    names: Vec<LocalName>,
    offset: TextSize,
}

impl Found {
    /// Adds a name declared before the cursor (not the one being typed at it), unless an
    /// inner scope had it.
    fn add(&mut self, name: Option<ast::Name>, detail: String, kind: LocalKind) {
        if name
            .as_ref()
            .is_some_and(|n| n.syntax().text_range().end() < self.offset)
        {
            self.push(name, detail, kind);
        }
    }

    /// Adds a name wherever it is declared, unless an inner scope had it.
    fn push(&mut self, name: Option<ast::Name>, detail: String, kind: LocalKind) {
        let Some(name) = name else { return };
        let text = name.text().trim().to_owned();
        if text.is_empty() || self.names.iter().any(|l| l.name == text) {
            return;
        }
        self.names.push(LocalName {
            name: text,
            detail,
            kind,
        });
    }

    /// The names the statements of one scope declare, the last first.
    fn declared_in_stmts(&mut self, stmts: &[ast::Stmt]) {
        for stmt in stmts.iter().rev() {
            if let ast::Stmt::DeclStmt(d) = stmt {
                self.declared_in_decl(d.decl());
            }
        }
    }

    fn declared_in_decl(&mut self, item: Option<ast::Item>) {
        match item {
            Some(ast::Item::VarDecl(v)) => {
                self.var_names(&v);
                // `struct S { ... } s;`: the struct's name too.
                if let Some(s) = v.ty().and_then(|t| t.struct_def()) {
                    self.add(s.name(), "struct".to_owned(), LocalKind::Type);
                }
            }
            Some(ast::Item::StructDef(s)) => {
                self.add(s.name(), "struct".to_owned(), LocalKind::Type)
            }
            Some(ast::Item::TypedefDef(t)) => {
                let declarators: Vec<_> = t.declarators().collect();
                for d in declarators.iter().rev() {
                    self.add(d.name(), "typedef".to_owned(), LocalKind::Type);
                }
            }
            Some(ast::Item::TypeAlias(t)) => {
                self.add(t.name(), "alias".to_owned(), LocalKind::Type)
            }
            _ => {}
        }
    }

    fn var_names(&mut self, decl: &ast::VarDecl) {
        let declarators: Vec<_> = decl.declarators().collect();
        for d in declarators.iter().rev() {
            let detail = type_text(decl.ty(), d.array_suffixes());
            self.add(d.name(), detail, LocalKind::Local);
        }
    }
}

/// The last non-trivia token ending at or before `offset`.
fn last_token_before(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    let mut token = root.token_at_offset(offset).left_biased()?;
    loop {
        if !token.kind().is_trivia() && token.text_range().end() <= offset {
            return Some(token);
        }
        token = token.prev_token()?;
    }
}

/// `float3`, `Texture2D<float4>`, `float[4]`: the type as written, spaces collapsed, then
/// the declarator's array suffixes.
fn type_text(ty: Option<ast::TypeRef>, suffixes: impl Iterator<Item = ast::ArraySuffix>) -> String {
    let mut text = match ty {
        // An inline struct (`struct { float a; } s`) is named by its keyword only.
        Some(t) if t.struct_def().is_some() => "struct".to_owned(),
        Some(t) => collapse_spaces(&t.syntax().text().to_string()),
        None => String::new(),
    };
    for s in suffixes {
        text.push_str(&collapse_spaces(&s.syntax().text().to_string()));
    }
    text
}

fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `name: detail` of the names in scope at `$0`, innermost first.
    fn locals(text: &str) -> Vec<String> {
        let offset = text.find("$0").unwrap();
        let text = text.replace("$0", "");
        let parsed = syntax::parse(&text);
        locals_at(&parsed.syntax(), TextSize::from(offset as u32))
            .into_iter()
            .map(|l| format!("{}: {}", l.name, l.detail))
            .collect()
    }

    #[test]
    fn parameters_and_locals_before_the_cursor() {
        let text = r#"float g;
float4 f(float2 uv, inout float w[2]) {
    float a = 1, b[3];
    if (a > 0) {
        int inner = 2;
    }
    for (int i = 0; i < 4; i++) {
        float3 c;
        $0
        float later;
    }
}
"#;
        assert_eq!(
            locals(text),
            [
                "c: float3",
                "i: int",
                "b: float[3]",
                "a: float",
                "uv: float2",
                "w: float[2]"
            ]
        );
    }

    #[test]
    fn shadowing_and_closed_scopes() {
        let text = r#"void f(int x) {
    { float hidden; }
    for (int i = 0; i < 2; i++) x += i;
    float x2 = 0;
    { half x = 0; $0 }
}
"#;
        assert_eq!(locals(text), ["x: half", "x2: float"]);
    }

    #[test]
    fn half_typed_body_without_its_brace() {
        // `q`'s initializer goes on where the cursor is: `q` is declared already, as in C.
        let text = "void f(float p) {\n    Texture2D<float4> t;\n    if (p > 0) {\n        float q = t.\n        $0";
        assert_eq!(
            locals(text),
            ["q: float", "t: Texture2D<float4>", "p: float"]
        );
        // The next function starts: the broken one's names stay there.
        let text = "void f(float p) {\n    float q = 1;\n\nvoid g(int r) {\n    $0\n}\n";
        assert_eq!(locals(text), ["r: int"]);
        let text = "void f(float p) {\n    float q = 1;\n    $0\nvoid g(int r) {\n}\n";
        assert_eq!(locals(text), ["q: float", "p: float"]);
        // The name being typed is not offered.
        let text = "void f(float p) {\n    float ne$0";
        assert_eq!(locals(text), ["p: float"]);
    }

    #[test]
    fn conditions_switch_labels_local_types_and_fields() {
        let text = r#"struct S {
    float w;
    float get(int k) {
        struct L { int a; };
        typedef float2 F2;
        switch (k) {
        case 0:
            int z = 1;
        case 1:
            if (int y = z) { $0 }
        }
        return w;
    }
    float after;
};
"#;
        assert_eq!(
            locals(text),
            [
                "y: int",
                "z: int",
                "F2: typedef",
                "L: struct",
                "k: int",
                "w: float",
                "after: float"
            ]
        );
    }

    #[test]
    fn nothing_outside_function_bodies() {
        assert_eq!(
            locals("float a;\nvoid f(int x) { int y; }\n$0"),
            Vec::<String>::new()
        );
        assert_eq!(locals("float a; $0"), Vec::<String>::new());
    }
}
