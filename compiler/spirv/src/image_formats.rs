//! Which storage images keep a format inferred from their texel type under `vulkan1.3`.
//!
//! DXC declares storage images and texel buffers without `[[vk::image_format]]` with the
//! `Unknown` format when it targets Vulkan 1.3 (its `type.rwtexture` test), so that one
//! shader binds images of any format. Vulkan refuses an atomic on such an image: the image
//! of `OpImageTexelPointer` must be `R32f`, `R32i`, `R32ui`, `R64i` or `R64ui`. An image
//! some atomic operates on therefore keeps the format its texel type infers.

use std::collections::HashSet;

use ir::{Opcode, Value};

/// The globals (by index) that an atomic with a texel coordinate operates on: the image of
/// `InterlockedAdd(tex[c], v)`, directly or through an element of an array of images.
pub(crate) fn atomic_images(m: &ir::Module) -> HashSet<usize> {
    let mut out = HashSet::new();
    for (_, f) in m.functions.iter() {
        for (_, d) in f.insts.iter() {
            let values = match d.opcode {
                Opcode::AtomicRmw(_) => 1,
                Opcode::AtomicCompareExchange => 2,
                _ => continue,
            };
            // A texture atomic has the image pointer, a coordinate and the values.
            if d.operands.len() != values + 2 {
                continue;
            }
            let mut v = d.operands[0];
            // Through access chains (an element of an array of images) to the global.
            for _ in 0..16 {
                match v {
                    Value::Global(g) => {
                        out.insert(g.index());
                        break;
                    }
                    Value::Inst(i) if f.insts[i].opcode == Opcode::AccessChain => {
                        v = f.insts[i].operands[0];
                    }
                    _ => break,
                }
            }
        }
    }
    out
}
