//! `textDocument/signatureHelp`: the overloads of the function, intrinsic or resource method
//! whose argument list holds the cursor (`hir::navigation::call_at`), the overload the
//! arguments written so far select, and the argument the cursor is in.

use db::navigation::{self, Callee};
use intrinsics::{ArgType, Intrinsic};
use syntax::TextSize;
use tower_lsp_server::ls_types::{
    Documentation, MarkupContent, MarkupKind, ParameterInformation, ParameterLabel, SignatureHelp,
    SignatureInformation,
};
use types::Type;

use crate::state::Snapshot;

pub fn signature_help(snap: &Snapshot, path: &str, offset: TextSize) -> Option<SignatureHelp> {
    let file = snap.file(path);
    let config = snap.compile_config(path);
    let call = navigation::call_at(&snap.db, file, config, offset)?;
    let args: Vec<ArgType> = call
        .args
        .iter()
        .map(|a| match a {
            Some((ty, true)) if ty.scalar_kind().is_some_and(|k| k.is_float()) => {
                ArgType::LiteralFloat
            }
            Some((_, true)) => ArgType::LiteralInt,
            Some((ty, false)) => ArgType::Type(ty.clone()),
            // An argument not typed yet: the matcher treats it as anything.
            None => ArgType::LiteralInt,
        })
        .collect();
    let complete = call.args.iter().all(Option::is_some) && !call.args.is_empty();
    let (signatures, active) = match &call.callee {
        Callee::Functions { overloads, chosen } => {
            let sigs = overloads
                .iter()
                .map(|s| signature(s.display(), None))
                .collect();
            (sigs, *chosen)
        }
        Callee::Intrinsic => {
            let intrinsic = intrinsics::lookup(&call.name)?;
            let active = complete
                .then(|| intrinsics::resolve_call(&call.name, &args).ok())
                .flatten()
                .map(|r| r.overload_index);
            (intrinsic_signatures(intrinsic), active)
        }
        Callee::Method(ty) => {
            let Type::Resource(resource) = ty else {
                return None;
            };
            let method = intrinsics::method(resource, &call.name)?;
            let active = complete
                .then(|| intrinsics::resolve_method(ty, &call.name, &args).ok())
                .flatten()
                .map(|r| r.overload_index);
            (intrinsic_signatures(&method), active)
        }
    };
    if signatures.is_empty() {
        return None;
    }
    // Without a choice yet, the first overload that takes that many arguments.
    let active = active.or_else(|| {
        signatures.iter().position(|s: &SignatureInformation| {
            s.parameters
                .as_ref()
                .is_some_and(|p| p.len() > call.active_parameter as usize)
        })
    });
    Some(SignatureHelp {
        signatures,
        active_signature: Some(active.unwrap_or(0) as u32),
        active_parameter: Some(call.active_parameter),
    })
}

fn intrinsic_signatures(intrinsic: &Intrinsic) -> Vec<SignatureInformation> {
    intrinsic
        .signature_texts()
        .into_iter()
        .map(|text| signature(text, Some(intrinsic.doc)))
        .collect()
}

/// A signature whose parameters are the top-level comma-separated parts between its first
/// `(` and the matching `)`, given as offsets into the label.
fn signature(label: String, doc: Option<&str>) -> SignatureInformation {
    let parameters = parameter_spans(&label)
        .into_iter()
        .map(|(start, end)| ParameterInformation {
            label: ParameterLabel::LabelOffsets([utf16(&label[..start]), utf16(&label[..end])]),
            documentation: None,
        })
        .collect();
    SignatureInformation {
        label,
        documentation: doc.map(|d| {
            Documentation::MarkupContent(MarkupContent {
                kind: MarkupKind::Markdown,
                value: d.to_owned(),
            })
        }),
        parameters: Some(parameters),
        active_parameter: None,
    }
}

fn utf16(s: &str) -> u32 {
    s.chars().map(|c| c.len_utf16() as u32).sum()
}

/// Byte spans of the parameters in `label`.
fn parameter_spans(label: &str) -> Vec<(usize, usize)> {
    let Some(open) = label.find('(') else {
        return Vec::new();
    };
    let mut spans = Vec::new();
    let mut depth = 0;
    let mut start = open + 1;
    for (i, c) in label.char_indices().skip_while(|(i, _)| *i <= open) {
        match c {
            '(' | '<' | '[' => depth += 1,
            ')' if depth == 0 => {
                push_trimmed(label, start, i, &mut spans);
                break;
            }
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                push_trimmed(label, start, i, &mut spans);
                start = i + 1;
            }
            _ => {}
        }
    }
    spans
}

fn push_trimmed(label: &str, start: usize, end: usize, spans: &mut Vec<(usize, usize)>) {
    let part = &label[start..end];
    let lead = part.len() - part.trim_start().len();
    let trimmed = part.trim();
    if !trimmed.is_empty() {
        spans.push((start + lead, start + lead + trimmed.len()));
    }
}

#[cfg(test)]
mod tests {
    use super::parameter_spans;

    #[test]
    fn parameters_of_a_label() {
        let label = "float4 Sample(SamplerState s, vector<float, 2> uv, int2 o)";
        let parts: Vec<&str> = parameter_spans(label)
            .into_iter()
            .map(|(a, b)| &label[a..b])
            .collect();
        assert_eq!(parts, ["SamplerState s", "vector<float, 2> uv", "int2 o"]);
        assert!(parameter_spans("void f()").is_empty());
    }
}
