//! `textDocument/definition` and `textDocument/hover`. The preprocessor's records come first:
//! `#include` paths lead to the included file, macro uses to their `#define`, and hovering a
//! macro shows its definition and what the use expands to. Names of the language go to
//! `references.rs` (definition) and `hir::navigation::describe` (hover): the declaration with
//! resolved types, the struct or cbuffer it belongs to, a member's offset and size under the
//! buffer layout rules, and an entry point's stage. Hovering the name of an intrinsic function
//! that the file does not declare itself shows the intrinsic's overloads and documentation
//! from the `intrinsics` table; hovering any other expression shows its type
//! (`db::type_of_expr_at`).

use db::navigation::{self, MemberOffset};
use syntax::ast::{self, AstNode, HasName};
use syntax::preprocess::{MacroDefinition, TokenOrigin};
use syntax::{FileId, ParsedFile, SyntaxKind, TextRange, TextSize};
use tower_lsp_server::ls_types::{
    GotoDefinitionResponse, Hover, HoverContents, Location, MarkupContent, MarkupKind, Position,
    Range,
};
use types::LayoutRules;

use crate::convert::{path_to_uri, LineMap};
use crate::state::Snapshot;

/// What the cursor is on, among the things the preprocessor knows.
enum Target<'a> {
    Include {
        path_range: TextRange,
        to: FileId,
    },
    Macro {
        use_range: TextRange,
        definition: &'a MacroDefinition,
    },
}

fn target_at(parsed: &ParsedFile, offset: TextSize) -> Option<Target<'_>> {
    let pp = &parsed.preprocessed;
    if let Some(include) = pp
        .includes
        .iter()
        .find(|i| i.from == parsed.file && i.path_range.contains_inclusive(offset))
    {
        return Some(Target::Include {
            path_range: include.path_range,
            to: include.to,
        });
    }
    if let Some(u) = pp.macro_uses.iter().find(|u| {
        u.file == parsed.file && !u.name_range.is_empty() && u.name_range.contains_inclusive(offset)
    }) {
        let definition = pp.macro_definitions.get(u.definition)?;
        return Some(Target::Macro {
            use_range: u.name_range,
            definition,
        });
    }
    // The name in a `#define` line stands for itself.
    pp.macro_definitions
        .iter()
        .find(|d| {
            d.file == parsed.file
                && !d.name_range.is_empty()
                && d.name_range.contains_inclusive(offset)
        })
        .map(|d| Target::Macro {
            use_range: d.name_range,
            definition: d,
        })
}

/// Where the thing at `offset` of `path` is defined: an include, a macro, or a name of the
/// language.
pub fn definition(snap: &Snapshot, path: &str, offset: TextSize) -> Option<GotoDefinitionResponse> {
    if let Some(location) = preprocessor_definition(snap, path, offset) {
        return Some(GotoDefinitionResponse::Scalar(location));
    }
    let mut locations = crate::features::references::definition(snap, path, offset);
    match locations.len() {
        0 => None,
        1 => locations.pop().map(GotoDefinitionResponse::Scalar),
        _ => Some(GotoDefinitionResponse::Array(locations)),
    }
}

fn preprocessor_definition(snap: &Snapshot, path: &str, offset: TextSize) -> Option<Location> {
    let parsed = snap.parse(path);
    match target_at(parsed, offset)? {
        Target::Include { to, .. } => {
            let uri = path_to_uri(&snap.path_of(to)?)?;
            Some(Location {
                uri,
                range: Range::default(),
            })
        }
        Target::Macro { definition, .. } => {
            if definition.name_range.is_empty() {
                return None; // predefined or from the configuration: nowhere to go
            }
            location(snap, definition.file, definition.name_range)
        }
    }
}

/// Every use of the macro at `offset` of `path` (on a use or on its `#define` name) in the file
/// and what it includes, with the definition when `include_declaration`; `None` when no macro
/// is there. Uses are matched by their definition, so a name `#undef`ined and defined again is
/// two macros.
pub fn macro_references(
    snap: &Snapshot,
    path: &str,
    offset: TextSize,
    include_declaration: bool,
) -> Option<Vec<Location>> {
    let parsed = snap.parse(path);
    let Target::Macro { definition, .. } = target_at(parsed, offset)? else {
        return None;
    };
    let pp = &parsed.preprocessed;
    let same = |d: &MacroDefinition| {
        d.file == definition.file
            && d.name_range == definition.name_range
            && d.name == definition.name
    };
    let mut ranges: Vec<(FileId, TextRange)> = Vec::new();
    if include_declaration && !definition.name_range.is_empty() {
        ranges.push((definition.file, definition.name_range));
    }
    for u in &pp.macro_uses {
        let Some(d) = pp.macro_definitions.get(u.definition) else {
            continue;
        };
        if same(d) && !u.name_range.is_empty() && !ranges.contains(&(u.file, u.name_range)) {
            ranges.push((u.file, u.name_range));
        }
    }
    Some(
        ranges
            .into_iter()
            .filter_map(|(file, range)| location(snap, file, range))
            .collect(),
    )
}

/// The location of `range` in the file `file`.
pub fn location(snap: &Snapshot, file: FileId, range: TextRange) -> Option<Location> {
    let path = snap.path_of(file)?;
    let text = snap.text(&path);
    let map = LineMap::new(&text);
    Some(Location {
        uri: path_to_uri(&path)?,
        range: map.range(range),
    })
}

/// Markdown about the thing at `offset` of `path`.
pub fn hover(snap: &Snapshot, path: &str, offset: TextSize, map: &LineMap) -> Option<Hover> {
    let parsed = snap.parse(path);
    let Some(target) = target_at(parsed, offset) else {
        if let Some((range, markdown)) = intrinsic_hover(parsed, offset) {
            return Some(markdown_hover(markdown, map.range(range)));
        }
        if let Some((range, markdown)) = declaration_hover(snap, path, offset) {
            return Some(markdown_hover(markdown, map.range(range)));
        }
        return type_hover(snap, path, offset, map);
    };
    let (range, markdown) = match target {
        Target::Include { path_range, to } => {
            let resolved = snap.path_of(to)?;
            (path_range, format!("`{resolved}`"))
        }
        Target::Macro {
            use_range,
            definition,
        } => (
            use_range,
            macro_markdown(snap, parsed, use_range, definition),
        ),
    };
    Some(markdown_hover(markdown, map.range(range)))
}

fn markdown_hover(markdown: String, range: Range) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: Some(range),
    }
}

/// The declaration that the name at `offset` refers to, as hover shows it.
fn declaration_hover(snap: &Snapshot, path: &str, offset: TextSize) -> Option<(TextRange, String)> {
    let file = snap.file(path);
    let config = snap.compile_config(path);
    let resolved = navigation::definition_at(&snap.db, file, config, offset)?;
    let mut blocks = Vec::new();
    for (definition, target) in &resolved.definitions {
        let Some(d) = navigation::describe(&snap.db, file, config, *definition) else {
            continue;
        };
        let mut md = format!("```hlsl\n{}\n```\n", d.declaration);
        if let Some(container) = &d.container {
            md.push_str(&format!("\nIn `{container}`.\n"));
        }
        if let Some(layout) = layout_text(&d.layouts) {
            md.push_str(&format!("\n{layout}\n"));
        }
        if target.kind == navigation::NavKind::Function {
            if let Some(stage) = entry_stage(snap, path, &target.name, &d.attributes) {
                md.push_str(&format!("\nEntry point: {stage} shader.\n"));
            }
        }
        blocks.push(md);
    }
    if blocks.is_empty() {
        return None;
    }
    Some((resolved.range, blocks.join("\n---\n\n")))
}

/// A member's offsets, one sentence per distinct placement.
fn layout_text(layouts: &[MemberOffset]) -> Option<String> {
    let rule = |r: LayoutRules| match r {
        LayoutRules::RelaxedStd140 => "in a constant buffer (vector-relaxed std140)",
        LayoutRules::RelaxedStd430 => "in a structured buffer (vector-relaxed std430)",
        LayoutRules::Std140 => "std140",
        LayoutRules::Std430 => "std430",
        LayoutRules::Dx => "DX cbuffer packing",
        LayoutRules::Scalar => "scalar layout",
        LayoutRules::DxStructured => "DX structured buffer packing",
    };
    let first = layouts.first()?;
    if layouts
        .iter()
        .all(|l| (l.offset, l.size) == (first.offset, first.size))
    {
        let rules: Vec<&str> = layouts.iter().map(|l| rule(l.rules)).collect();
        return Some(format!(
            "Offset {}, size {} bytes {}.",
            first.offset,
            first.size,
            rules.join(" and ")
        ));
    }
    let parts: Vec<String> = layouts
        .iter()
        .map(|l| {
            format!(
                "offset {}, size {} bytes {}",
                l.offset,
                l.size,
                rule(l.rules)
            )
        })
        .collect();
    let text = parts.join("; ");
    let mut chars = text.chars();
    let capitalized: String = chars
        .next()
        .map(|c| c.to_ascii_uppercase())
        .into_iter()
        .chain(chars)
        .collect();
    Some(format!("{capitalized}."))
}

/// The stage of function `name` if it is an entry point: `[shader("...")]`, `[numthreads]`
/// (compute), or an `[[entry]]` of the configuration for this file.
fn entry_stage(
    snap: &Snapshot,
    path: &str,
    name: &str,
    attributes: &[db::navigation::Attr],
) -> Option<String> {
    for a in attributes {
        if a.name == "shader" {
            let stage = a.args.first()?.trim_matches('"').to_owned();
            return Some(stage);
        }
    }
    if attributes.iter().any(|a| a.name == "numthreads") {
        return Some("compute".to_owned());
    }
    snap.config()
        .entries
        .iter()
        .find(|e| e.file == path && e.name == name)
        .map(|e| format!("{:?}", e.profile.stage).to_lowercase())
}

/// The type of the expression (or local, or parameter) at `offset`, from semantic analysis.
fn type_hover(snap: &Snapshot, path: &str, offset: TextSize, map: &LineMap) -> Option<Hover> {
    let file = snap.file(path);
    let ty = db::type_of_expr_at(&snap.db, file, snap.compile_config(path), offset)?;
    let parsed = snap.parse(path);
    // The range of the name or token under the cursor, for the client to underline.
    let range = parsed
        .syntax()
        .token_at_offset(offset)
        .find(|t| !t.kind().is_trivia())
        .map(|t| map.range(t.text_range()));
    let mut hover = markdown_hover(format!("```hlsl\n{ty}\n```"), Range::default());
    hover.range = range;
    Some(hover)
}

/// The overloads and documentation of the intrinsic named at `offset`, if a name reference
/// there names one and no function of the file has that name.
fn intrinsic_hover(parsed: &ParsedFile, offset: TextSize) -> Option<(TextRange, String)> {
    let root = parsed.syntax();
    let token = root
        .token_at_offset(offset)
        .find(|t| t.kind() == SyntaxKind::IDENT)?;
    let parent = token.parent()?;
    if parent.kind() != SyntaxKind::NAME_REF {
        return None;
    }
    let name = token.text();
    let intrinsic = intrinsics::lookup(name)?;
    let shadowed = root
        .descendants()
        .filter_map(ast::FnDef::cast)
        .any(|f| f.name().is_some_and(|n| n.text() == name));
    if shadowed {
        return None;
    }
    let signatures = intrinsic.signature_texts().join("\n");
    let markdown = format!("```hlsl\n{signatures}\n```\n\n{}\n", intrinsic.doc);
    Some((token.text_range(), markdown))
}

fn macro_markdown(
    snap: &Snapshot,
    parsed: &ParsedFile,
    use_range: TextRange,
    definition: &MacroDefinition,
) -> String {
    let params = definition
        .params
        .as_ref()
        .map(|p| format!("({})", p.join(", ")))
        .unwrap_or_default();
    let body = definition.body.trim();
    let mut md = format!(
        "```hlsl\n#define {}{params}{}{body}\n```\n",
        definition.name,
        if body.is_empty() { "" } else { " " }
    );
    if definition.name_range.is_empty() {
        md.push_str("\nPredefined, or defined by the configuration.\n");
    } else if definition.file != parsed.file {
        if let Some(loc) = location(snap, definition.file, definition.name_range) {
            let path = snap.path_of(definition.file).unwrap_or_default();
            md.push_str(&format!(
                "\nDefined in `{path}`, line {}.\n",
                position_line(loc.range.start)
            ));
        }
    }
    if let Some(expansion) = expansion_at(parsed, use_range) {
        md.push_str(&format!("\n---\nExpands to:\n```hlsl\n{expansion}\n```\n"));
    }
    md
}

fn position_line(pos: Position) -> u32 {
    pos.line + 1
}

/// The text that the outermost macro use covering `use_range` expands to, tokens joined as
/// the preprocessor spaced them.
pub fn expansion_at(parsed: &ParsedFile, use_range: TextRange) -> Option<String> {
    let pp = &parsed.preprocessed;
    let mut out = String::new();
    let mut call_of_first: Option<TextRange> = None;
    for (i, token) in pp.tokens.iter().enumerate() {
        let TokenOrigin::Macro { file, call, .. } = token.origin else {
            continue;
        };
        if file != parsed.file || !call.contains_range(use_range) {
            continue;
        }
        match call_of_first {
            None => call_of_first = Some(call),
            Some(first) if first != call => break,
            Some(_) => {}
        }
        if token.leading_space && !out.is_empty() {
            out.push(' ');
        }
        out.push_str(pp.token_text(i));
    }
    call_of_first.map(|_| out)
}
