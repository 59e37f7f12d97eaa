//! Accessors of expressions, and operator kinds.

use super::nodes::*;
use super::{support, AstChildren};
use crate::SyntaxKind::{self, *};
use crate::SyntaxToken;

/// Arithmetic and bitwise operators (also the operation of a compound assignment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
}

impl ArithOp {
    /// `a op b` on 64-bit integers, `None` where it overflows, divides by zero or shifts by
    /// a negative or too large amount: what the checker and lowering use to fold integer
    /// constants (array sizes, enumerators, indices, texel offsets).
    pub fn checked_i64(self, a: i64, b: i64) -> Option<i64> {
        match self {
            ArithOp::Add => a.checked_add(b),
            ArithOp::Sub => a.checked_sub(b),
            ArithOp::Mul => a.checked_mul(b),
            ArithOp::Div => a.checked_div(b),
            ArithOp::Rem => a.checked_rem(b),
            ArithOp::Shl => a.checked_shl(u32::try_from(b).ok()?),
            ArithOp::Shr => a.checked_shr(u32::try_from(b).ok()?),
            ArithOp::BitAnd => Some(a & b),
            ArithOp::BitOr => Some(a | b),
            ArithOp::BitXor => Some(a ^ b),
        }
    }
}

/// `&&` and `||`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LogicOp {
    And,
    Or,
}

/// Comparisons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
}

/// The operator of a `BinExpr`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Arith(ArithOp),
    Logic(LogicOp),
    Cmp(CmpOp),
    /// `=` (`op: None`) or a compound assignment such as `+=` (`op: Some(Add)`).
    Assign {
        op: Option<ArithOp>,
    },
    /// The comma operator.
    Comma,
}

impl BinaryOp {
    /// The operator as written (`+`, `+=`, `&&`).
    pub fn symbol(self) -> &'static str {
        use ArithOp::*;
        let arith = |op: ArithOp| match op {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
            Shl => "<<",
            Shr => ">>",
            BitAnd => "&",
            BitOr => "|",
            BitXor => "^",
        };
        match self {
            BinaryOp::Arith(op) => arith(op),
            BinaryOp::Logic(LogicOp::And) => "&&",
            BinaryOp::Logic(LogicOp::Or) => "||",
            BinaryOp::Cmp(op) => match op {
                CmpOp::Eq => "==",
                CmpOp::Ne => "!=",
                CmpOp::Lt => "<",
                CmpOp::Gt => ">",
                CmpOp::Le => "<=",
                CmpOp::Ge => ">=",
            },
            BinaryOp::Assign { op: None } => "=",
            BinaryOp::Assign { op: Some(op) } => match op {
                Add => "+=",
                Sub => "-=",
                Mul => "*=",
                Div => "/=",
                Rem => "%=",
                Shl => "<<=",
                Shr => ">>=",
                BitAnd => "&=",
                BitOr => "|=",
                BitXor => "^=",
            },
            BinaryOp::Comma => ",",
        }
    }

    fn from_kind(kind: SyntaxKind) -> Option<BinaryOp> {
        use ArithOp::*;
        let op = match kind {
            PLUS => BinaryOp::Arith(Add),
            MINUS => BinaryOp::Arith(Sub),
            STAR => BinaryOp::Arith(Mul),
            SLASH => BinaryOp::Arith(Div),
            PERCENT => BinaryOp::Arith(Rem),
            SHL => BinaryOp::Arith(Shl),
            SHR => BinaryOp::Arith(Shr),
            AMP => BinaryOp::Arith(BitAnd),
            PIPE => BinaryOp::Arith(BitOr),
            CARET => BinaryOp::Arith(BitXor),
            AMP2 => BinaryOp::Logic(LogicOp::And),
            PIPE2 => BinaryOp::Logic(LogicOp::Or),
            EQ2 => BinaryOp::Cmp(CmpOp::Eq),
            NEQ => BinaryOp::Cmp(CmpOp::Ne),
            LT => BinaryOp::Cmp(CmpOp::Lt),
            GT => BinaryOp::Cmp(CmpOp::Gt),
            LTEQ => BinaryOp::Cmp(CmpOp::Le),
            GTEQ => BinaryOp::Cmp(CmpOp::Ge),
            EQ => BinaryOp::Assign { op: None },
            PLUSEQ => BinaryOp::Assign { op: Some(Add) },
            MINUSEQ => BinaryOp::Assign { op: Some(Sub) },
            STAREQ => BinaryOp::Assign { op: Some(Mul) },
            SLASHEQ => BinaryOp::Assign { op: Some(Div) },
            PERCENTEQ => BinaryOp::Assign { op: Some(Rem) },
            SHLEQ => BinaryOp::Assign { op: Some(Shl) },
            SHREQ => BinaryOp::Assign { op: Some(Shr) },
            AMPEQ => BinaryOp::Assign { op: Some(BitAnd) },
            PIPEEQ => BinaryOp::Assign { op: Some(BitOr) },
            CARETEQ => BinaryOp::Assign { op: Some(BitXor) },
            COMMA => BinaryOp::Comma,
            _ => return None,
        };
        Some(op)
    }
}

/// The operator of a `PrefixExpr`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrefixOp {
    /// `-x`
    Neg,
    /// `+x`
    Plus,
    /// `!x`
    Not,
    /// `~x`
    BitNot,
    /// `++x`
    PreInc,
    /// `--x`
    PreDec,
}

/// The operator of a `PostfixExpr`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PostfixOp {
    PostInc,
    PostDec,
}

/// What a `Literal` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LiteralKind {
    Int,
    Float,
    Bool(bool),
    String,
    Char,
}

/// The first direct token of `node` that is not trivia.
fn first_significant_token(node: &crate::SyntaxNode) -> Option<SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| !t.kind().is_trivia())
}

impl BinExpr {
    pub fn lhs(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }

    pub fn rhs(&self) -> Option<Expr> {
        let op = self.op_token()?;
        self.syntax
            .children()
            .filter(|n| n.text_range().start() >= op.text_range().end())
            .find_map(<Expr as super::AstNode>::cast)
    }

    /// The operator token (`>>` and other multi-character operators are one token).
    pub fn op_token(&self) -> Option<SyntaxToken> {
        self.syntax
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| BinaryOp::from_kind(t.kind()).is_some())
    }

    pub fn op_kind(&self) -> Option<BinaryOp> {
        self.op_token().and_then(|t| BinaryOp::from_kind(t.kind()))
    }
}

impl PrefixExpr {
    pub fn op_token(&self) -> Option<SyntaxToken> {
        first_significant_token(&self.syntax)
    }

    pub fn op_kind(&self) -> Option<PrefixOp> {
        let op = match self.op_token()?.kind() {
            MINUS => PrefixOp::Neg,
            PLUS => PrefixOp::Plus,
            BANG => PrefixOp::Not,
            TILDE => PrefixOp::BitNot,
            PLUS2 => PrefixOp::PreInc,
            MINUS2 => PrefixOp::PreDec,
            _ => return None,
        };
        Some(op)
    }

    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl PostfixExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }

    pub fn op_kind(&self) -> Option<PostfixOp> {
        if support::token(&self.syntax, PLUS2).is_some() {
            Some(PostfixOp::PostInc)
        } else if support::token(&self.syntax, MINUS2).is_some() {
            Some(PostfixOp::PostDec)
        } else {
            None
        }
    }
}

impl ConditionalExpr {
    pub fn condition(&self) -> Option<Expr> {
        support::child_before_token(&self.syntax, QUESTION)
    }

    pub fn then_expr(&self) -> Option<Expr> {
        let e: Expr = support::child_after_token(&self.syntax, QUESTION)?;
        let colon = support::token(&self.syntax, COLON);
        match colon {
            Some(c) if e.syntax_range_start() >= c.text_range().end() => None,
            _ => Some(e),
        }
    }

    pub fn else_expr(&self) -> Option<Expr> {
        support::child_after_token(&self.syntax, COLON)
    }
}

impl Expr {
    fn syntax_range_start(&self) -> crate::TextSize {
        <Expr as super::AstNode>::syntax(self).text_range().start()
    }
}

impl CallExpr {
    /// The called expression: a function name, a type name (constructor call), a path.
    pub fn callee(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }

    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
}

impl ArgList {
    pub fn args(&self) -> AstChildren<Expr> {
        support::children(&self.syntax)
    }
}

impl MethodCallExpr {
    pub fn receiver(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }

    pub fn name_ref(&self) -> Option<NameRef> {
        support::child(&self.syntax)
    }

    pub fn generic_arg_list(&self) -> Option<GenericArgList> {
        support::child(&self.syntax)
    }

    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.syntax)
    }
}

impl FieldExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }

    /// The field or swizzle name (`xyz`); `None` for a half-typed `a.`.
    pub fn field_name(&self) -> Option<NameRef> {
        support::child(&self.syntax)
    }
}

impl IndexExpr {
    pub fn base(&self) -> Option<Expr> {
        support::child_before_token(&self.syntax, L_BRACK)
    }

    pub fn index(&self) -> Option<Expr> {
        support::child_after_token(&self.syntax, L_BRACK)
    }
}

impl CastExpr {
    pub fn ty(&self) -> Option<TypeRef> {
        support::child(&self.syntax)
    }

    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl ParenExpr {
    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl InitListExpr {
    pub fn elements(&self) -> AstChildren<Expr> {
        support::children(&self.syntax)
    }
}

impl SizeofExpr {
    /// `sizeof(T)`; a name that could be a type or a variable is parsed as a type.
    pub fn ty(&self) -> Option<TypeRef> {
        support::child(&self.syntax)
    }

    pub fn expr(&self) -> Option<Expr> {
        support::child(&self.syntax)
    }
}

impl PathExpr {
    pub fn path(&self) -> Option<Path> {
        support::child(&self.syntax)
    }
}

impl Literal {
    pub fn token(&self) -> Option<SyntaxToken> {
        first_significant_token(&self.syntax)
    }

    pub fn kind(&self) -> Option<LiteralKind> {
        let kind = match self.token()?.kind() {
            INT_NUMBER => LiteralKind::Int,
            FLOAT_NUMBER => LiteralKind::Float,
            TRUE_KW => LiteralKind::Bool(true),
            FALSE_KW => LiteralKind::Bool(false),
            STRING => LiteralKind::String,
            CHAR => LiteralKind::Char,
            _ => return None,
        };
        Some(kind)
    }
}
