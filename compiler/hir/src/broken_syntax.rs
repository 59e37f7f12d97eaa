//! Which semantic diagnostics a syntax error would cascade into, so that semantic analysis
//! can run on the whole recovered tree (as rust-analyzer's does) and still stay quiet where
//! the user is typing.
//!
//! Each syntax error of the expanded tree (`ExpandedTree::error_offsets`) damages one region:
//!
//! - inside a function body, the statement the parser gave up on (`float y = posit` without
//!   its `;`, `int b = a +;`), less the blocks and statements nested in it that hold no error
//!   (an `if` whose condition is broken keeps the diagnostics of its body);
//! - after a complete statement (a function whose `}` is not typed yet), only what is said
//!   on the function's name (a missing `return`, say); any error in a function whose `}` is
//!   missing damages its name too;
//! - anywhere else in a declaration (a parameter list, a struct member, a global's
//!   initializer), the whole declaration, and the calls elsewhere that found no fitting
//!   overload among candidates the broken declaration belongs to.
//!
//! `file_diagnostics` drops the diagnostics that lie in a damaged region; all the others are
//! reported as usual. Called only when the file has syntax errors.

use base_db::{expanded_tree, CompileConfig, SourceFile};
use syntax::ast::{self, AstNode};
use syntax::{Diagnostic, FileId, SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};

use crate::ids::{expanded_root, user_range};
use crate::HirDb;

/// The regions of a file damaged by its syntax errors, on the user's text.
#[derive(Debug, Default)]
pub(crate) struct Damage {
    everything: bool,
    regions: Vec<Region>,
}

#[derive(Debug)]
struct Region {
    at: (FileId, TextRange),
    /// Parts of `at` that the error does not reach (nested blocks).
    holes: Vec<(FileId, TextRange)>,
    /// A whole declaration: calls that failed against its candidates are cascades too.
    declaration: bool,
}

/// Past this many syntax errors the whole file counts as damaged (and the walks up from each
/// error, as deep as the tree, stay bounded).
const MAX_ERRORS: usize = 256;

/// What one syntax error damages, in the expanded tree.
#[derive(Debug)]
enum Damaged {
    Statement(SyntaxNode),
    FunctionName(SyntaxNode),
    Declaration(SyntaxNode),
}

/// The damage of the syntax errors of `file`.
pub(crate) fn damage(db: &dyn HirDb, file: SourceFile, config: CompileConfig) -> Damage {
    let offsets = &expanded_tree(db, file, config).error_offsets;
    if offsets.is_empty() {
        return Damage::default();
    }
    let root = expanded_root(db, file, config);
    if offsets.len() > MAX_ERRORS {
        // Not a file being typed: say nothing the errors could have caused.
        return Damage {
            everything: true,
            regions: Vec::new(),
        };
    }
    let to_user = |range: TextRange| user_range(db, file, config, range);
    // An error in a function whose `}` is missing (the parser closed it where the next item
    // starts) also damages what is said on the function's name, whatever else it damages.
    let unclosed = offsets.iter().filter_map(|&offset| {
        let name = unclosed_function_name(&root, offset)?;
        Some((offset, Damaged::FunctionName(name)))
    });
    let regions = offsets
        .iter()
        .filter_map(|&offset| Some((offset, damaged_by(&root, offset)?)))
        .chain(unclosed)
        .map(|(offset, d)| match d {
            Damaged::Statement(stmt) => Region {
                at: to_user(stmt.text_range()),
                holes: parts_without(&stmt, offset)
                    .map(|b| to_user(b.text_range()))
                    .collect(),
                declaration: false,
            },
            Damaged::FunctionName(name) => Region {
                at: to_user(name.text_range()),
                holes: Vec::new(),
                declaration: false,
            },
            Damaged::Declaration(decl) => Region {
                at: to_user(decl.text_range()),
                holes: Vec::new(),
                declaration: true,
            },
        })
        .collect();
    Damage {
        everything: false,
        regions,
    }
}

impl Damage {
    /// Whether `d` would be a cascade of a syntax error.
    pub(crate) fn hides(&self, d: &Diagnostic) -> bool {
        let inside = |(file, range): (FileId, TextRange), at: (FileId, TextRange)| {
            file == at.0 && at.1.contains_range(range)
        };
        if self.everything {
            return true;
        }
        let failed_call = matches!(
            d.code,
            crate::codes::NO_MATCHING_OVERLOAD
                | crate::codes::AMBIGUOUS_CALL
                | crate::codes::WRONG_ARG_COUNT
        );
        self.regions.iter().any(|r| {
            let here = (d.file, d.range);
            (inside(here, r.at) && !r.holes.iter().any(|h| inside(here, *h)))
                || (r.declaration
                    && failed_call
                    && d.related
                        .iter()
                        .any(|rel| inside((rel.file, rel.range), r.at)))
        })
    }
}

/// What the syntax error at `offset` damages, if anything (an error between declarations
/// damages none).
fn damaged_by(root: &SyntaxNode, offset: TextSize) -> Option<Damaged> {
    let token = token_before_error(root, offset)?;
    // Declarations in a body are statements here.
    let body_below = token
        .parent_ancestors()
        .any(|n| n.kind() == SyntaxKind::BLOCK);
    let mut in_body = false;
    let mut unclosed_function = None;
    for node in token.parent_ancestors() {
        let kind = node.kind();
        if kind == SyntaxKind::BLOCK {
            in_body = true;
        } else if kind == SyntaxKind::FN_DEF && in_body {
            // The error follows a complete statement: keep looking for the outermost function
            // (whose `}` may be the one missing).
            unclosed_function = node
                .children()
                .find(|c| c.kind() == SyntaxKind::NAME)
                .or(Some(node));
        } else if ast::Stmt::can_cast(kind) {
            if !is_complete_before(&node, offset) {
                return Some(Damaged::Statement(node));
            }
        } else if ast::Item::can_cast(kind) && !body_below {
            return Some(Damaged::Declaration(node));
        }
    }
    unclosed_function.map(Damaged::FunctionName)
}

/// The name of the function holding the error at `offset` when its body misses its `}`.
fn unclosed_function_name(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxNode> {
    let token = token_before_error(root, offset)?;
    let function = token
        .parent_ancestors()
        .filter(|n| n.kind() == SyntaxKind::FN_DEF)
        .last()?;
    let body = function
        .children()
        .find(|c| c.kind() == SyntaxKind::BLOCK)?;
    let closed = body
        .last_token()
        .is_some_and(|t| t.kind() == SyntaxKind::R_BRACE);
    if closed {
        return None;
    }
    function.children().find(|c| c.kind() == SyntaxKind::NAME)
}

/// The token an error at `offset` is about: the one it follows, or the one it wraps when the
/// error sits after a space (a refused token in an `ERROR` node).
fn token_before_error(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    match root.token_at_offset(offset) {
        rowan::TokenAtOffset::None => None,
        rowan::TokenAtOffset::Single(t) => Some(t),
        rowan::TokenAtOffset::Between(left, right) => {
            Some(if left.kind().is_trivia() { right } else { left })
        }
    }
}

/// Whether `stmt` ends at `offset` with its own `;` or `}`: the error is about what follows.
fn is_complete_before(stmt: &SyntaxNode, offset: TextSize) -> bool {
    stmt.text_range().end() == offset
        && stmt
            .last_token()
            .is_some_and(|t| matches!(t.kind(), SyntaxKind::SEMICOLON | SyntaxKind::R_BRACE))
}

/// The outermost blocks and statements nested in `stmt` that do not hold the error at
/// `offset` (another error in one of them damages it on its own). The walk stops at them, so
/// the walks of errors in different statements visit every node at most once.
fn parts_without(stmt: &SyntaxNode, offset: TextSize) -> impl Iterator<Item = SyntaxNode> {
    let mut parts = Vec::new();
    let mut walk = stmt.preorder();
    walk.next(); // `stmt` itself
    while let Some(event) = walk.next() {
        if let rowan::WalkEvent::Enter(node) = event {
            if ast::Stmt::can_cast(node.kind()) {
                walk.skip_subtree();
                parts.push(node);
            }
        }
    }
    parts.into_iter().filter(move |part| {
        let range = part.text_range();
        !(range.start() < offset && offset <= range.end())
    })
}
