//! `[[vk::offset]]` in the structs behind `vk::BufferPointer<T>`: a pointee lives in physical
//! storage buffer memory under the buffer pointer rules ([`ir::Module::pointee_rules`],
//! relaxed std430 unless a layout flag picks others), so an explicit offset there must follow
//! them as one in a buffer's element does (`types::explicit_offset_faults`, E3160), else the
//! SPIR-V fails validation. Reported at the member whose offset is at fault (the pointee
//! struct's declaration when the member is inherited), naming the pointer.

use hir::item_tree::{ItemIdx, ItemKind};
use syntax::TextRange;
use types::{Type, TypeLayout};

use crate::context::ModuleCtx;

/// Every pointee of a buffer pointer type within `ty` (through structs, arrays, pointers and
/// other pointees), added to `out` once.
fn collect_pointees(ty: &Type, out: &mut Vec<Type>) {
    match ty {
        Type::BufferPointer { pointee, .. } if !out.contains(pointee) => {
            out.push((**pointee).clone());
            collect_pointees(pointee, out);
        }
        Type::Array { element, .. } => collect_pointees(element, out),
        Type::Pointer { pointee, .. } => collect_pointees(pointee, out),
        Type::Struct(s) => s.fields.iter().for_each(|f| collect_pointees(&f.ty, out)),
        _ => {}
    }
}

impl ModuleCtx<'_> {
    /// E3160 at each struct reached through a buffer pointer of the module whose
    /// `[[vk::offset]]`s break the buffer pointer rules.
    pub(crate) fn check_pointee_offsets(&mut self) {
        let m = self.mb.module();
        let mut pointees = Vec::new();
        for (_, g) in m.globals.iter() {
            collect_pointees(&g.ty, &mut pointees);
        }
        for (_, f) in m.functions.iter() {
            f.params
                .iter()
                .for_each(|p| collect_pointees(&p.ty, &mut pointees));
            collect_pointees(&f.ret, &mut pointees);
            f.insts
                .iter()
                .for_each(|(_, d)| collect_pointees(&d.ty, &mut pointees));
        }
        let rules = m.pointee_rules();
        for pointee in pointees {
            let Type::Struct(s) = &pointee else { continue };
            let layout = TypeLayout::of(&pointee, rules);
            let faults = types::explicit_offset_fault_sites(&pointee, &layout, rules);
            if faults.is_empty() {
                continue;
            }
            let pointee_range = self.struct_range(&s.name);
            for fault in faults {
                let message = format!(
                    "{} (`{}` is behind `vk::BufferPointer<{}>`)",
                    fault.message, s.name, s.name
                );
                // The member whose offset is at fault, else the pointee struct.
                let at = fault
                    .member
                    .as_ref()
                    .and_then(|(strukt, field)| self.field_range(strukt, field))
                    .or(pointee_range)
                    .unwrap_or_default();
                self.error(crate::EXPLICIT_OFFSET_LAYOUT, message, at);
            }
        }
    }

    /// The declaration of the struct named `name` (template arguments ignored).
    fn struct_range(&self, name: &str) -> Option<TextRange> {
        self.struct_item(name).map(|i| self.item_range(i))
    }

    fn struct_item(&self, name: &str) -> Option<ItemIdx> {
        let base = name.split('<').next().unwrap_or(name);
        self.tree.indices().find(|&i| {
            matches!(self.tree.item(i).kind, ItemKind::Struct(_))
                && self.tree.qualified_name(i) == base
        })
    }

    /// The declaration of field `field` of struct `strukt`, where the struct declares it
    /// itself (an inherited field is named by its struct's declaration instead).
    fn field_range(&self, strukt: &str, field: &str) -> Option<TextRange> {
        let s = self.tree.strukt(self.struct_item(strukt)?)?;
        s.members
            .iter()
            .find(|&&m| {
                self.tree.item(m).name == field
                    && matches!(self.tree.item(m).kind, ItemKind::Variable(_))
            })
            .map(|&m| self.item_range(m))
    }
}
