//! Checks of the arguments of function attributes (`E2025`): `[numthreads]`, `[shader]`,
//! `[domain]`, `[partitioning]`, `[outputtopology]`, `[outputcontrolpoints]`,
//! `[maxvertexcount]`, `[maxtessfactor]`, `[instance]`, `[patchconstantfunc]`, `[WaveSize]`
//! and `[earlydepthstencil]`: the number of arguments, that numbers are constants in range
//! and that strings name something the attribute takes. Limits are DXC's (a thread group has
//! at most 1024 threads, at most 64 in z, and 128 in a mesh or amplification shader).
//! Attributes we do not know are left alone, and so is the argument count of `[numthreads]`
//! on an entry point of a stage without thread groups, as DXC ignores it there. Called by `diagnostics::diagnostics` for every
//! function declaration, entry point or not; also reports `[[vk::aliased_pointer]]`, which
//! is not supported yet, wherever it is written, and has `vk_attr_checks` look at the
//! stage attributes of entry points. A compute entry point's valid `[WaveSize]` gets DXC's
//! `-spirv` warning (`W2116`): the SPIR-V says nothing of it.

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode, HasAttributes};
use syntax::{Diagnostic, TextRange};

use crate::codes;
use crate::entry::{entry_points, Stage};
use crate::ids::{ast_id_map, expanded_root, user_range};
use crate::item_tree::item_tree;
use crate::lower_type::{ConstValue, TypeCtx};
use crate::scope::item_scope;
use crate::type_ref::ConstExpr;
use crate::HirDb;

/// What the arguments of an attribute must be.
enum Rule {
    /// No arguments.
    None,
    /// `count` integers, each checked by the attribute's range rule.
    Ints { min: usize, max: usize },
    /// One number (integer or float).
    Number,
    /// One string from the list (case-insensitive); an empty list takes any string.
    Str(&'static [&'static str]),
}

fn rule(name: &str) -> Option<Rule> {
    Some(match name.to_ascii_lowercase().as_str() {
        "numthreads" => Rule::Ints { min: 3, max: 3 },
        "shader" => Rule::Str(&[
            "vertex",
            "pixel",
            "geometry",
            "hull",
            "domain",
            "compute",
            "mesh",
            "amplification",
            "raygeneration",
            "intersection",
            "anyhit",
            "closesthit",
            "miss",
            "callable",
            "node",
        ]),
        "domain" => Rule::Str(&["tri", "quad", "isoline"]),
        "partitioning" => Rule::Str(&["integer", "fractional_even", "fractional_odd", "pow2"]),
        "outputtopology" => {
            Rule::Str(&["point", "line", "triangle", "triangle_cw", "triangle_ccw"])
        }
        "outputcontrolpoints" | "maxvertexcount" | "instance" => Rule::Ints { min: 1, max: 1 },
        "wavesize" => Rule::Ints { min: 1, max: 3 },
        "maxtessfactor" => Rule::Number,
        "patchconstantfunc" => Rule::Str(&[]),
        "earlydepthstencil" => Rule::None,
        _ => return None,
    })
}

/// The diagnostics of the attributes of every function in `file`.
pub(crate) fn attribute_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    out: &mut Vec<Diagnostic>,
) {
    let tree = item_tree(db, file, config);
    // Most files have no attributes at all: do not walk the syntax for them.
    let with_attrs: Vec<_> = tree
        .indices()
        .filter(|i| tree.function(*i).is_some_and(|f| !f.attrs.is_empty()))
        .collect();
    if with_attrs.is_empty() {
        return;
    }
    let scope = item_scope(db, file, config);
    let map = ast_id_map(db, file, config);
    let root = expanded_root(db, file, config);
    let entries = entry_points(db, file, config);
    for idx in with_attrs {
        let item = tree.item(idx);
        let Some(node) = map.node(&root, item.ast).and_then(ast::FnDef::cast) else {
            continue;
        };
        // A prototype of an entry point (`float4 main();` before its definition) has the
        // entry's stage too.
        let prototype = tree.function(idx).is_some_and(|f| !f.has_body);
        let stage = entries
            .iter()
            .find(|e| e.function == item.ast || (prototype && e.name == item.name))
            .map(|e| e.stage);
        let tcx = TypeCtx::inside(&tree, &scope, idx);
        let attrs: Vec<ast::Attribute> = node.attributes().collect();
        for (code, range, message) in crate::vk_attr_checks::stage_attributes(&attrs, stage) {
            let (f, r) = user_range(db, file, config, range);
            out.push(if code.starts_with('W') {
                Diagnostic::warning(code, message, f, r)
            } else {
                Diagnostic::error(code, message, f, r)
            });
        }
        let mut wave_size_refused = false;
        if stage.is_some() {
            wave_size_shader_model(db, config, &attrs, &mut |range, message| {
                wave_size_refused = true;
                let (f, r) = user_range(db, file, config, range);
                out.push(Diagnostic::error(codes::INVALID_ATTRIBUTE, message, f, r));
            });
        }
        let wave_size = attrs.iter().find(|a| is_wave_size(a)).cloned();
        for attr in attrs {
            let mut warnings = Vec::new();
            let mut report = |range: TextRange, message: String| {
                wave_size_refused |= is_wave_size(&attr);
                let (f, r) = user_range(db, file, config, range);
                out.push(Diagnostic::error(codes::INVALID_ATTRIBUTE, message, f, r));
            };
            check_attribute(&attr, stage, &tcx, &mut report, &mut warnings);
            for (code, range, message) in warnings {
                let (f, r) = user_range(db, file, config, range);
                out.push(Diagnostic::warning(code, message, f, r));
            }
        }
        // DXC's SPIR-V backend warns of a compute entry's valid `[WaveSize]`.
        if let Some(attr) =
            wave_size.filter(|_| stage == Some(Stage::Compute) && !wave_size_refused)
        {
            let (f, r) = user_range(db, file, config, attr.syntax().text_range());
            out.push(Diagnostic::warning(
                codes::WAVE_SIZE_IGNORED,
                WAVE_SIZE_IGNORED_MESSAGE.to_owned(),
                f,
                r,
            ));
        }
    }
}

fn is_wave_size(attr: &ast::Attribute) -> bool {
    attr.name_text().eq_ignore_ascii_case("wavesize")
}

/// DXC's words for an entry point's `[WaveSize]`, which its SPIR-V backend ignores: Vulkan
/// takes a required subgroup size from the pipeline (`VK_EXT_subgroup_size_control`), and
/// SPIR-V's `SubgroupSize` execution mode is for kernels only.
const WAVE_SIZE_IGNORED_MESSAGE: &str =
    "Wave size is not supported by Vulkan SPIR-V. Consider using VK_EXT_subgroup_size_control.";

/// `[WaveSize]` on an entry point of a target older than SM 6.6, or its SM 6.8 range form
/// (`[WaveSize(min, max)]`, `[WaveSize(min, max, preferred)]`) below SM 6.8, in DXC's words.
fn wave_size_shader_model(
    db: &dyn HirDb,
    config: CompileConfig,
    attrs: &[ast::Attribute],
    report: &mut dyn FnMut(TextRange, String),
) {
    let Some(attr) = attrs.iter().find(|a| is_wave_size(a)) else {
        return;
    };
    let Some(sm) = config.preprocess(db).target.map(|t| (t.major, t.minor)) else {
        return;
    };
    let args = attr.arg_list().map_or(0, |l| l.args().count());
    let whole = attr.syntax().text_range();
    if sm < (6, 6) {
        report(
            whole,
            "attribute wavesize requires shader model 6.6 or greater".to_owned(),
        );
    } else if args > 1 && sm < (6, 8) {
        report(
            whole,
            "wavesize only takes multiple arguments in shader model 6.8 or higher".to_owned(),
        );
    }
}

fn check_attribute(
    attr: &ast::Attribute,
    stage: Option<Stage>,
    tcx: &TypeCtx<'_>,
    report: &mut dyn FnMut(TextRange, String),
    warnings: &mut Vec<(&'static str, TextRange, String)>,
) {
    let name = attr.name_text();
    let Some(rule) = rule(&name) else {
        return;
    };
    let args: Vec<ast::Expr> = attr
        .arg_list()
        .map(|l| l.args().collect())
        .unwrap_or_default();
    let whole = attr.syntax().text_range();
    let (min, max) = match rule {
        Rule::None => (0, 0),
        Rule::Ints { min, max } => (min, max),
        Rule::Number | Rule::Str(_) => (1, 1),
    };
    if args.len() < min || args.len() > max {
        // DXC ignores the count of `[numthreads]` on an entry of a stage that has no thread
        // groups (`[numthreads]` or `[numthreads(1)]` on a pixel shader), but still wants
        // constants there.
        if name.eq_ignore_ascii_case("numthreads") && stage.is_some_and(|s| !s.needs_numthreads()) {
            let list = attr.arg_list();
            let commas = list.as_ref().map_or(0, |l| {
                l.syntax()
                    .children_with_tokens()
                    .filter(|t| t.kind() == syntax::SyntaxKind::COMMA)
                    .count()
            });
            if list.is_some() && (args.is_empty() || commas >= args.len()) {
                report(whole, format!("`[{name}]` has an empty argument"));
            } else if let Some(arg) = args.iter().find(|a| {
                matches!(a, ast::Expr::CallExpr(_)) || tcx.eval(&ConstExpr::lower(a)).is_none()
            }) {
                report(
                    arg.syntax().text_range(),
                    format!("the arguments of `[{name}]` must be constant numbers"),
                );
            }
            return;
        }
        let wanted = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        report(
            whole,
            format!(
                "`[{name}]` takes {wanted} argument(s), {} given",
                args.len()
            ),
        );
        return;
    }
    match rule {
        Rule::None => {}
        Rule::Str(allowed) => {
            let arg = &args[0];
            let text = arg.syntax().text().to_string();
            let text = text.trim();
            let Some(value) = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) else {
                report(
                    arg.syntax().text_range(),
                    format!("`[{name}]` takes a string"),
                );
                return;
            };
            let allowed = narrowed(&name, stage).unwrap_or(allowed);
            if !allowed.is_empty() && !allowed.iter().any(|a| a.eq_ignore_ascii_case(value)) {
                report(
                    arg.syntax().text_range(),
                    format!(
                        "`\"{value}\"` is not a valid argument of `[{name}]` (expected one of {})",
                        allowed
                            .iter()
                            .map(|a| format!("\"{a}\""))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
        }
        Rule::Number => {
            let arg = &args[0];
            match tcx.eval(&ConstExpr::lower(arg)) {
                Some(v) if (1.0..=64.0).contains(&as_f64(v)) => {}
                Some(_) => report(
                    arg.syntax().text_range(),
                    format!("`[{name}]` must be between 1 and 64"),
                ),
                None => report(
                    arg.syntax().text_range(),
                    format!("`[{name}]` takes a constant number"),
                ),
            }
        }
        Rule::Ints { .. } => {
            // On a function that is no entry point, DXC only warns about a negative or
            // floating literal count (its attribute tests: `[maxvertexcount(-12)]`,
            // `[outputcontrolpoints(-1)]`, `[maxvertexcount(1.5)]`).
            let lower = name.to_ascii_lowercase();
            if stage.is_none()
                && matches!(
                    lower.as_str(),
                    "maxvertexcount" | "outputcontrolpoints" | "instance"
                )
            {
                let odd = args.iter().any(|a| {
                    let literal = crate::attr_placement::literal_of(a);
                    let negative = a.syntax().text().to_string().trim_start().starts_with('-');
                    literal == Some(syntax::SyntaxKind::FLOAT_NUMBER)
                        || (literal == Some(syntax::SyntaxKind::INT_NUMBER) && negative)
                });
                if odd {
                    warnings.push((
                        codes::NOT_A_UINT_LITERAL,
                        whole,
                        format!("attribute '{name}' must have a uint literal argument"),
                    ));
                    return;
                }
            }
            let mut values = Vec::new();
            for arg in &args {
                // `uint1(1)` is a vector, not an integer (DXC refuses it; `uint(1)` is fine).
                let vector = match arg {
                    ast::Expr::CallExpr(c) => c.callee().is_some_and(|callee| {
                        callee
                            .syntax()
                            .text()
                            .to_string()
                            .trim_end()
                            .ends_with(|ch: char| ch.is_ascii_digit())
                    }),
                    _ => false,
                };
                match tcx.eval(&ConstExpr::lower(arg)).filter(|_| !vector) {
                    Some(ConstValue::Float(_)) | None => {
                        report(
                            arg.syntax().text_range(),
                            format!("the arguments of `[{name}]` must be integer constants"),
                        );
                        return;
                    }
                    Some(v) => values.push((v.as_int(), arg.syntax().text_range())),
                }
            }
            check_ints(
                &name.to_ascii_lowercase(),
                stage,
                &values,
                whole,
                report,
                warnings,
            );
        }
    }
}

/// The names `[outputtopology]` takes in a hull shader and in a mesh shader.
fn narrowed(name: &str, stage: Option<Stage>) -> Option<&'static [&'static str]> {
    if !name.eq_ignore_ascii_case("outputtopology") {
        return None;
    }
    match stage? {
        Stage::Hull => Some(&["point", "line", "triangle_cw", "triangle_ccw"]),
        // DXC's SPIR-V path accepts points for mesh shaders (`OutputPoints`, `uint` indices).
        Stage::Mesh => Some(&["point", "line", "triangle"]),
        _ => None,
    }
}

/// The most threads a thread group may have.
const MAX_GROUP_SIZE: i64 = 1024;

fn numthreads_size_is_valid(total: i64) -> bool {
    (1..=MAX_GROUP_SIZE).contains(&total)
}

/// Whether DXC ignores this `[numthreads(x, y, z)]` (constant sizes whose product is not
/// 1 to 1024), so that a compute entry carrying it has no `[numthreads]` (`entry_checks`).
pub(crate) fn numthreads_is_ignored(attr: &ast::Attribute, tcx: &TypeCtx<'_>) -> bool {
    let args: Vec<ast::Expr> = attr
        .arg_list()
        .map(|l| l.args().collect())
        .unwrap_or_default();
    if args.len() != 3 {
        return false;
    }
    let mut total = 1i64;
    for arg in &args {
        match tcx.eval(&ConstExpr::lower(arg)) {
            Some(ConstValue::Int(v)) => total = total.saturating_mul(v),
            _ => return false,
        }
    }
    !numthreads_size_is_valid(total)
}

fn as_f64(v: ConstValue) -> f64 {
    match v {
        ConstValue::Int(i) => i as f64,
        ConstValue::Float(f) => f,
        ConstValue::Bool(b) => f64::from(u8::from(b)),
    }
}

/// Range checks of integer arguments.
fn check_ints(
    name: &str,
    stage: Option<Stage>,
    values: &[(i64, TextRange)],
    whole: TextRange,
    report: &mut dyn FnMut(TextRange, String),
    warnings: &mut Vec<(&'static str, TextRange, String)>,
) {
    match name {
        "numthreads" => {
            // DXC ignores a group of no thread or of more than 1024 with a warning (a compute
            // entry then has no `[numthreads]`); mesh and amplification limits are errors.
            let total: i64 = values.iter().map(|(v, _)| *v).product();
            if !numthreads_size_is_valid(total)
                && !matches!(stage, Some(Stage::Mesh | Stage::Amplification))
            {
                let sizes: Vec<String> = values.iter().map(|(v, _)| v.to_string()).collect();
                warnings.push((
                    codes::IGNORED_NUMTHREADS,
                    whole,
                    format!(
                        "Group size of {total} ({}) is outside of valid range [1..{}] - \
                         attribute will be ignored",
                        sizes.join(" * "),
                        MAX_GROUP_SIZE
                    ),
                ));
                return;
            }
            const AXES: [(&str, i64); 3] = [("x", 1024), ("y", 1024), ("z", 64)];
            for (&(v, range), (axis, max)) in values.iter().zip(AXES) {
                if !(1..=max).contains(&v) {
                    report(
                        range,
                        format!("`[numthreads]` {axis} must be between 1 and {max}, not {v}"),
                    );
                    return;
                }
            }
            let total: i64 = values.iter().map(|(v, _)| *v).product();
            let limit = match stage {
                Some(Stage::Mesh | Stage::Amplification) => 128,
                _ => 1024,
            };
            if total > limit {
                let what = match stage {
                    Some(s @ (Stage::Mesh | Stage::Amplification)) => {
                        format!("a {} shader", s.name())
                    }
                    _ => "a thread group".to_owned(),
                };
                report(
                    whole,
                    format!("`[numthreads]` asks for {total} threads; {what} has at most {limit}"),
                );
            }
        }
        "maxvertexcount" => in_range(name, values[0], 1, 1024, report),
        "outputcontrolpoints" => in_range(name, values[0], 0, 32, report),
        // DXC's SPIR-V takes any count (`Invocations N`; Vulkan bounds it by the device's
        // `maxGeometryShaderInvocations`, at least 32), while D3D allows at most 32: a warning.
        "instance" => {
            let (v, range) = values[0];
            if v > 32 {
                warnings.push((
                    codes::DXIL_ONLY_LIMIT,
                    range,
                    format!(
                        "`[instance({v})]`: D3D allows at most 32 geometry shader instances, so \
                         DXIL rejects this; SPIR-V takes it (`Invocations {v}`), and Vulkan \
                         needs a device whose maxGeometryShaderInvocations is at least {v}"
                    ),
                ));
            } else {
                in_range(name, values[0], 1, 32, report);
            }
        }
        "wavesize" => {
            for &(v, range) in values {
                if !(4..=128).contains(&v) || v & (v - 1) != 0 {
                    report(
                        range,
                        format!("`[WaveSize]` takes powers of two from 4 to 128, not {v}"),
                    );
                    return;
                }
            }
            // SM 6.8: `[WaveSize(min, max, preferred)]`.
            if values.len() >= 2 && values[0].0 >= values[1].0 {
                report(
                    whole,
                    "`[WaveSize]`: the minimum must be less than the maximum".to_owned(),
                );
            } else if values.len() == 3 && !(values[0].0..=values[1].0).contains(&values[2].0) {
                report(
                    values[2].1,
                    "`[WaveSize]`: the preferred size must be between the minimum and the maximum"
                        .to_owned(),
                );
            }
        }
        _ => {}
    }
}

fn in_range(
    name: &str,
    (v, range): (i64, TextRange),
    min: i64,
    max: i64,
    report: &mut dyn FnMut(TextRange, String),
) {
    if !(min..=max).contains(&v) {
        report(
            range,
            format!("`[{name}]` must be between {min} and {max}, not {v}"),
        );
    }
}
