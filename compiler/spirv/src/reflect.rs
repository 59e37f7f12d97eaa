//! `-fspv-reflect`: the decorations DXC adds for reflection tools. Stage variables get
//! `HlslSemanticGOOGLE` (`UserSemantic`) with their HLSL semantic, resources
//! `UserTypeGOOGLE` with their HLSL type (`texture2d:<float4>`, `cbuffer`), and an append,
//! consume or counter buffer `HlslCounterBufferGOOGLE` naming its counter; with the extensions
//! `SPV_GOOGLE_hlsl_functionality1` and `SPV_GOOGLE_user_type`.

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, Op, Word};
use types::{ResourceType, Type};

use crate::context::Ctx;

/// The `UserTypeGOOGLE` spelling of a resource global of type `ty`: the HLSL type in lower
/// case with its template arguments after a colon; `cbuffer`/`tbuffer` for the blocks of
/// `cbuffer`/`tbuffer` declarations (whose element struct is named `type.<name>`).
pub(crate) fn user_type(ty: &Type) -> Option<String> {
    // An array of resources is spelled as its element.
    let r = match ty {
        Type::Array { element, .. } => element.as_resource()?,
        t => t.as_resource()?,
    };
    let declared_block = |e: &Type| matches!(e, Type::Struct(s) if s.name.starts_with("type."));
    let text = match r {
        ResourceType::ConstantBuffer { element } if declared_block(element) => "cbuffer".into(),
        ResourceType::TextureBuffer { element } if declared_block(element) => "tbuffer".into(),
        ResourceType::RayQuery { .. } => return None,
        other => {
            // DXC spells the declared name, without its namespace (`vk::SampledTexture2D` is
            // `sampledtexture2d`).
            let hlsl = other.to_string();
            let hlsl = hlsl.strip_prefix("vk::").unwrap_or(&hlsl);
            match hlsl.split_once('<') {
                Some((base, args)) => format!("{}:<{args}", base.to_lowercase()),
                None => hlsl.to_lowercase(),
            }
        }
    };
    Some(text)
}

/// The HLSL semantic of a stage variable named `in.<semantic>` or `out.<semantic>`
/// (`in.var.<semantic>` too).
fn semantic(name: &str) -> Option<&str> {
    let rest = name
        .strip_prefix("in.")
        .or_else(|| name.strip_prefix("out."))?;
    Some(rest.strip_prefix("var.").unwrap_or(rest))
}

impl Ctx<'_> {
    fn decorate_string(&mut self, id: Word, d: Decoration, text: &str) {
        let ops = vec![
            Operand::IdRef(id),
            Operand::Decoration(d),
            Operand::LiteralString(text.to_owned()),
        ];
        self.annotations
            .push(Instruction::new(Op::DecorateString, None, None, ops));
    }

    /// Adds the reflection decorations of every lowered global (see the module doc).
    pub(crate) fn reflect_globals(&mut self) {
        let m = self.m;
        let mut any_semantic = false;
        let mut any_type = false;
        for (h, g) in m.globals.iter() {
            let Some(info) = self.global_info[h.index()].as_ref() else {
                continue;
            };
            let id = info.id;
            match g.kind {
                ir::GlobalKind::Input | ir::GlobalKind::Output => {
                    if let Some(s) = semantic(&g.name) {
                        self.decorate_string(id, Decoration::UserSemantic, s);
                        any_semantic = true;
                    }
                }
                ir::GlobalKind::Resource if g.name != "$Globals" => {
                    if let Some(name) = g.name.strip_prefix("counter.var.") {
                        let buffer = m.globals.iter().find(|(_, b)| b.name == name);
                        let buffer_id = buffer
                            .and_then(|(b, _)| self.global_info[b.index()].as_ref())
                            .map(|i| i.id);
                        if let Some(buffer_id) = buffer_id {
                            let ops = vec![
                                Operand::IdRef(buffer_id),
                                Operand::Decoration(Decoration::CounterBuffer),
                                Operand::IdRef(id),
                            ];
                            self.annotations.push(Instruction::new(
                                Op::DecorateId,
                                None,
                                None,
                                ops,
                            ));
                            any_semantic = true;
                        }
                        continue;
                    }
                    if let Some(t) = user_type(&g.ty) {
                        self.decorate_string(id, Decoration::UserTypeGOOGLE, &t);
                        any_type = true;
                    }
                }
                _ => {}
            }
        }
        // `OpDecorateString` (a `UserTypeGOOGLE` too) needs SPIR-V 1.4 or this extension, so
        // a module with only resources (a compute shader) declares it as well, as DXC does.
        if any_semantic || any_type {
            self.extension("SPV_GOOGLE_hlsl_functionality1");
        }
        if any_type {
            self.extension("SPV_GOOGLE_user_type");
        }
    }
}
