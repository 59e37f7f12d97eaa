//! Accessors of statements.

use super::nodes::*;
use super::{support, AstChildren};
use crate::SyntaxKind::*;

impl Block {
    pub fn statements(&self) -> AstChildren<Stmt> {
        support::children(&self.syntax)
    }
}

impl ExprStmt {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl DeclStmt {
    /// The declaration: a `VarDecl`, `StructDef`, `TypedefDef`...
    pub fn decl(&self) -> Option<Item> {
        support::child(&self.syntax)
    }
}

impl IfStmt {
    pub fn condition(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }

    /// The declaration written as the condition (`(int y = g())`), whose value is tested.
    pub fn condition_decl(&self) -> Option<ConditionDecl> {
        support::child(&self.syntax)
    }

    pub fn then_branch(&self) -> Option<Stmt> {
        support::child(&self.syntax)
    }

    pub fn else_branch(&self) -> Option<ElseBranch> {
        support::child(&self.syntax)
    }
}

impl ConditionDecl {
    pub fn var_decl(&self) -> Option<VarDecl> {
        support::child(&self.syntax)
    }
}

impl ElseBranch {
    pub fn stmt(&self) -> Option<Stmt> {
        support::child(&self.syntax)
    }
}

impl ForStmt {
    /// The initializer: a `DeclStmt` or an `ExprStmt` (`None` for `for (;...`).
    pub fn init(&self) -> Option<Stmt> {
        support::child_before_token(&self.syntax, R_PAREN)
    }

    pub fn condition(&self) -> Option<Expr> {
        support::child::<ForCond>(&self.syntax).and_then(|c| support::child(&c.syntax))
    }

    pub fn step(&self) -> Option<Expr> {
        support::child::<ForStep>(&self.syntax).and_then(|s| support::child(&s.syntax))
    }

    pub fn body(&self) -> Option<Stmt> {
        if support::token(&self.syntax, R_PAREN).is_some() {
            support::child_after_token(&self.syntax, R_PAREN)
        } else {
            support::children::<Stmt>(&self.syntax).last()
        }
    }
}

impl WhileStmt {
    pub fn condition(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }

    /// The declaration written as the condition (`(int y = g())`), whose value is tested.
    pub fn condition_decl(&self) -> Option<ConditionDecl> {
        support::child(&self.syntax)
    }

    pub fn body(&self) -> Option<Stmt> {
        support::child(&self.syntax)
    }
}

impl DoWhileStmt {
    pub fn body(&self) -> Option<Stmt> {
        support::child(&self.syntax)
    }

    pub fn condition(&self) -> Option<Expr> {
        support::child_after_token(&self.syntax, WHILE_KW)
    }
}

impl SwitchStmt {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }

    /// The declaration written as the selector (`switch (int c = a)`), whose value is tested.
    pub fn condition_decl(&self) -> Option<ConditionDecl> {
        support::child(&self.syntax)
    }

    pub fn body(&self) -> Option<SwitchBody> {
        support::child(&self.syntax)
    }
}

impl SwitchBody {
    pub fn clauses(&self) -> AstChildren<CaseClause> {
        support::children(&self.syntax)
    }

    /// Statements before the first label (an error for the semantic layer to report).
    pub fn stray_statements(&self) -> AstChildren<Stmt> {
        support::children(&self.syntax)
    }
}

impl CaseClause {
    pub fn is_default(&self) -> bool {
        support::token(&self.syntax, DEFAULT_KW).is_some()
    }

    /// The value of a `case` label.
    pub fn value(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }

    /// The statements after the label, up to the next label.
    pub fn statements(&self) -> AstChildren<Stmt> {
        support::children(&self.syntax)
    }
}

impl ReturnStmt {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}
