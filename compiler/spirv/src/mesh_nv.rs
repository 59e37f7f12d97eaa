//! Mesh and amplification shaders through `SPV_NV_mesh_shader`, which DXC picks where
//! `SPV_EXT_mesh_shader` is not enabled: by default below SPIR-V 1.4 (`vulkan1.0`,
//! `vulkan1.1`), and whenever `-fspv-extension=` is given without `SPV_EXT_mesh_shader`
//! (DXC's `FeatureManager` enables the EXT extension by default from SPIR-V 1.4 only, and an
//! explicit list only by name; `KHR` does not cover it).
//!
//! The IR is the same for both extensions; here the backend writes DXC's NV forms of it:
//! the `MeshNV`/`TaskNV` execution models with `MeshShadingNV`; the index output as one flat
//! `uint` array decorated `PrimitiveIndicesNV` (`uint3 t[M]` is `uint[3 * M]`: element `i`'s
//! component `k` is `i * 3 + k`), which the chains, loads and stores of its rows are rewritten
//! for; `set_mesh_outputs` as a store of the primitive count to `PrimitiveCountNV`; the payload
//! as one variable per leaf of its struct, decorated `PerTaskNV` and with the `Offset` its
//! member has in the relaxed std430 layout (inputs of the mesh shader, which its wrapper's load
//! of the payload reads; outputs of the amplification shader, which keeps its `groupshared`
//! variable in `Workgroup` memory and copies it into them at `DispatchMesh`); and
//! `set_mesh_tasks` (lowering's `DispatchMesh` where the options choose NV) as a barrier,
//! that copy and a store of the group count (x * y * z) to `TaskCountNV`, after which the
//! shader carries on, as DXC lowers `DispatchMesh` for NV; `emit_mesh_tasks` (lowered for
//! EXT) as the same and a return. `SV_CullPrimitive` has no
//! NV built-in and is refused. Called by `resources` (globals and built-ins), `stages` (the
//! execution model and the stage instructions) and `functions` (chains, loads, stores).

use std::collections::HashMap;

use rspirv::dr::Operand;
use rspirv::spirv::{self, Capability, Decoration, Op, StorageClass, Word};
use types::{LayoutKind, LayoutRules, ScalarKind, Type, TypeLayout};

use crate::context::{Ctx, Pointee};
use crate::functions::{Fx, PtrInfo};
use crate::{Result, SpirvError};

/// What the NV forms of a module need to remember.
#[derive(Debug, Default)]
pub(crate) struct NvMesh {
    /// Index outputs declared as flat `uint` arrays: their vertices per primitive, by global
    /// index (only lines and triangles: a point's index is already one `uint`).
    pub indices: HashMap<usize, u32>,
    /// The variables of a payload's leaves, by payload global index.
    pub payloads: HashMap<usize, Vec<PayloadLeaf>>,
    /// The payload globals of mesh shaders: no variable of their own, their leaves are inputs.
    pub mesh_payloads: std::collections::HashSet<usize>,
}

/// One scalar, vector, matrix or array member (at any depth) of a payload struct.
#[derive(Debug, Clone)]
pub(crate) struct PayloadLeaf {
    /// The member indices from the payload down to this leaf.
    pub path: Vec<u32>,
    pub ty: Type,
    /// Its `Input` or `Output` variable.
    pub var: Word,
}

/// A pointer to one primitive's indices inside the flat `PrimitiveIndicesNV` array: the
/// array's variable, the id of the row's first element index and the row's length.
#[derive(Debug, Clone, Copy)]
pub(crate) struct IndexRow {
    pub var: Word,
    pub start: Word,
    pub len: u32,
}

impl Ctx<'_> {
    /// Whether mesh and amplification shaders use `SPV_NV_mesh_shader` (see the module doc).
    pub fn mesh_nv(&self) -> bool {
        self.opts.mesh_nv()
    }

    /// The flat `uint` array a line or triangle index output is declared as under NV.
    pub fn nv_flat_indices(&mut self, h: ir::Global) -> Option<Type> {
        let g = &self.m.globals[h];
        let is_index = matches!(
            g.stage_binding,
            Some(ir::StageBinding::BuiltIn(
                ir::BuiltIn::PrimitiveLineIndices | ir::BuiltIn::PrimitiveTriangleIndices
            ))
        );
        if !is_index || !self.mesh_nv() {
            return None;
        }
        let Type::Array {
            element,
            len: Some(len),
        } = &g.ty
        else {
            return None;
        };
        let Type::Vector(ScalarKind::Uint, n) = **element else {
            return None;
        };
        let n = u32::from(n);
        self.nv.indices.insert(h.index(), n);
        Some(Type::array(Type::UINT, len.saturating_mul(n)))
    }

    /// Under NV, a payload global: for a mesh shader its leaves become `Input` variables and
    /// the global none (`None`); for an amplification shader (the payload `emit_mesh_tasks`
    /// sends) its leaves become `Output` variables and the global stays `Workgroup` memory.
    pub fn nv_payload(&mut self, h: ir::Global) -> Result<Option<StorageClass>> {
        // The amplification shader's payload is the one `emit_mesh_tasks` sends (a library
        // may hold both stages, each with its payload); without a mesh entry, any is.
        let sent = self.m.functions.iter().any(|(_, f)| {
            f.insts.iter().any(|(_, d)| {
                matches!(
                    d.opcode,
                    ir::Opcode::EmitMeshTasks | ir::Opcode::SetMeshTasks
                ) && d.operands.get(3) == Some(&ir::Value::Global(h))
            })
        });
        let mesh_entry = self
            .m
            .entry_points
            .iter()
            .any(|e| e.stage == ir::Stage::Mesh);
        let amplification = sent || !mesh_entry;
        let (class, prefix) = if amplification {
            (StorageClass::Output, "out.var")
        } else {
            (StorageClass::Input, "in.var")
        };
        let g = &self.m.globals[h];
        let ty = g.ty.clone();
        let name = g.name.clone();
        let layout = TypeLayout::of(&ty, LayoutRules::RelaxedStd430);
        let mut found = Vec::new();
        leaves(&ty, &layout, 0, &mut Vec::new(), &name, &mut found);
        let mut vars = Vec::new();
        for (path, leaf_ty, offset, leaf_name) in found {
            let t = self.data_type(&leaf_ty, None, true)?;
            self.require_16bit_storage(&leaf_ty, class);
            let ptr = self.pointer_type(class, t);
            let var = self.global_inst(Op::Variable, Some(ptr), vec![Operand::StorageClass(class)]);
            self.name(var, &format!("{prefix}.{leaf_name}"));
            self.decorate(var, Decoration::PerTaskNV, &[]);
            self.decorate(var, Decoration::Offset, &[Operand::LiteralBit32(offset)]);
            vars.push(PayloadLeaf {
                path,
                ty: leaf_ty,
                var,
            });
        }
        self.nv.payloads.insert(h.index(), vars);
        if amplification {
            Ok(Some(StorageClass::Workgroup))
        } else {
            self.nv.mesh_payloads.insert(h.index());
            Ok(None)
        }
    }

    /// The NV built-in of a mesh built-in, if it differs from the EXT one.
    pub fn nv_builtin(&mut self, b: ir::BuiltIn) -> Result<Option<spirv::BuiltIn>> {
        if !self.mesh_nv() {
            return Ok(None);
        }
        match b {
            ir::BuiltIn::PrimitivePointIndices
            | ir::BuiltIn::PrimitiveLineIndices
            | ir::BuiltIn::PrimitiveTriangleIndices => {
                self.mesh_shading();
                Ok(Some(spirv::BuiltIn::PrimitiveIndicesNV))
            }
            ir::BuiltIn::CullPrimitive => Err(SpirvError::needs_target(
                "SV_CullPrimitive is the CullPrimitiveEXT built-in of SPV_EXT_mesh_shader, which \
                 SPV_NV_mesh_shader does not have (mesh shaders use SPV_NV_mesh_shader below \
                 SPIR-V 1.4, or when -fspv-extension= does not name SPV_EXT_mesh_shader): \
                 compile for vulkan1.1spirv1.4 or later",
            )),
            _ => Ok(None),
        }
    }

    /// An `Output` variable of a built-in the NV forms add (`PrimitiveCountNV`,
    /// `TaskCountNV`), made once.
    fn nv_builtin_output(&mut self, b: spirv::BuiltIn, name: &str) -> Word {
        if let Some(&id) = self.builtin_vars.get(&(b as u32)) {
            return id;
        }
        let uint = self.uint_type();
        let ptr = self.pointer_type(StorageClass::Output, uint);
        let id = self.global_inst(
            Op::Variable,
            Some(ptr),
            vec![Operand::StorageClass(StorageClass::Output)],
        );
        self.decorate(id, Decoration::BuiltIn, &[Operand::BuiltIn(b)]);
        self.name(id, name);
        self.builtin_vars.insert(b as u32, id);
        id
    }

    /// The source location of entry point `e`: the first located instruction of its
    /// function (lowering gives the wrapper's call of the body the entry's name).
    pub fn entry_loc(&self, e: &ir::EntryPoint) -> Option<ir::SourceLoc> {
        let f = self.m.functions.get(e.function)?;
        f.insts.iter().find_map(|(_, d)| d.loc)
    }

    /// `MeshShadingNV` and its extension.
    pub fn nv_mesh_shading(&mut self) {
        self.capability(Capability::MeshShadingNV);
        self.extension("SPV_NV_mesh_shader");
    }
}

/// The leaves of a payload of type `ty` laid out as `layout` at byte `offset`: structs are
/// flattened member by member (DXC's `createPayloadStageVars`), anything else is one leaf.
fn leaves(
    ty: &Type,
    layout: &TypeLayout,
    offset: u32,
    path: &mut Vec<u32>,
    name: &str,
    out: &mut Vec<(Vec<u32>, Type, u32, String)>,
) {
    if let (Type::Struct(s), LayoutKind::Struct { members }) = (ty, &layout.kind) {
        for (k, (field, member)) in s.fields.iter().zip(members).enumerate() {
            path.push(k as u32);
            leaves(
                &field.ty,
                &member.layout,
                offset + member.offset,
                path,
                &field.name,
                out,
            );
            path.pop();
        }
        return;
    }
    out.push((path.clone(), ty.clone(), offset, name.to_owned()));
}

impl Fx<'_, '_> {
    /// An index of a chain as a 32-bit unsigned integer id.
    fn nv_uint(&mut self, v: ir::Value) -> Result<Word> {
        let id = self.value(v)?;
        let uint = self.cx.uint_type();
        match self.type_of(v)? {
            Type::Scalar(ScalarKind::Uint) => Ok(id),
            Type::Scalar(ScalarKind::Int) => {
                Ok(self.op(Op::Bitcast, uint, vec![Operand::IdRef(id)]))
            }
            other => Err(SpirvError::unsupported(format!(
                "a mesh shader's primitive indices indexed by a {other}"
            ))),
        }
    }

    /// A chain into a flat `PrimitiveIndicesNV` array, or one continuing a chain to a row of
    /// it: a row is remembered (no instruction), a component is a chain to its element.
    pub fn nv_index_chain(
        &mut self,
        inst: ir::Inst,
        base: ir::Value,
        indices: &[ir::Value],
    ) -> Result<Option<(Word, PtrInfo)>> {
        let (row, rest) = match base {
            ir::Value::Global(g) => {
                let Some(&len) = self.cx.nv.indices.get(&g.index()) else {
                    return Ok(None);
                };
                let Some((&first, rest)) = indices.split_first() else {
                    return Ok(None);
                };
                let var = self.value(base)?;
                let i = self.nv_uint(first)?;
                let uint = self.cx.uint_type();
                let n = self.cx.const_uint(len);
                let start = self.op(Op::IMul, uint, Self::ids(&[i, n]));
                (IndexRow { var, start, len }, rest)
            }
            ir::Value::Inst(b) => match self.nv_rows.get(&b) {
                Some(&row) => (row, indices),
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
        let plain = |ty: Type| PtrInfo {
            class: StorageClass::Output,
            pointee: Pointee::plain(ty),
            nonuniform: false,
        };
        match rest {
            [] => {
                self.nv_rows.insert(inst, row);
                let row_ty = Type::Vector(ScalarKind::Uint, row.len as u8);
                Ok(Some((row.var, plain(row_ty))))
            }
            [k] => {
                let k = self.nv_uint(*k)?;
                let uint = self.cx.uint_type();
                let flat = self.op(Op::IAdd, uint, Self::ids(&[row.start, k]));
                let ptr = self.cx.pointer_type(StorageClass::Output, uint);
                let id = self.op(Op::AccessChain, ptr, Self::ids(&[row.var, flat]));
                Ok(Some((id, plain(Type::UINT))))
            }
            _ => Err(SpirvError::invalid(
                "a chain past a component of a primitive's indices",
            )),
        }
    }

    /// The element index id of component `k` of `row`.
    fn nv_row_element(&mut self, row: IndexRow, k: u32) -> Word {
        let uint = self.cx.uint_type();
        let k = self.cx.const_uint(k);
        let flat = self.op(Op::IAdd, uint, Self::ids(&[row.start, k]));
        let ptr = self.cx.pointer_type(StorageClass::Output, uint);
        self.op(Op::AccessChain, ptr, Self::ids(&[row.var, flat]))
    }

    /// The row a pointer value stands for, if it is one.
    pub fn nv_row_of(&self, p: ir::Value) -> Option<IndexRow> {
        match p {
            ir::Value::Inst(i) => self.nv_rows.get(&i).copied(),
            _ => None,
        }
    }

    /// A store of a whole row: each component to its element.
    pub fn nv_store_row(&mut self, row: IndexRow, value: ir::Value) -> Result<()> {
        let v = self.value(value)?;
        let uint = self.cx.uint_type();
        for k in 0..row.len {
            let part = self.op(
                Op::CompositeExtract,
                uint,
                vec![Operand::IdRef(v), Operand::LiteralBit32(k)],
            );
            let ptr = self.nv_row_element(row, k);
            self.op_void(Op::Store, Self::ids(&[ptr, part]));
        }
        Ok(())
    }

    /// A load of a whole row: its components, put together.
    pub fn nv_load_row(&mut self, row: IndexRow) -> Result<Word> {
        let uint = self.cx.uint_type();
        let mut parts = Vec::new();
        for k in 0..row.len {
            let ptr = self.nv_row_element(row, k);
            parts.push(self.op(Op::Load, uint, vec![Operand::IdRef(ptr)]));
        }
        let ty = self
            .cx
            .plain_type(&Type::Vector(ScalarKind::Uint, row.len as u8))?;
        Ok(self.op(Op::CompositeConstruct, ty, Self::ids(&parts)))
    }

    /// Whether `p` is a mesh shader's payload under NV (read from its leaf inputs).
    pub fn nv_is_mesh_payload(&self, p: ir::Value) -> bool {
        matches!(p, ir::Value::Global(g) if self.cx.nv.mesh_payloads.contains(&g.index()))
    }

    /// The payload global `p` names and its leaf variables under NV.
    fn nv_payload_leaves(&self, p: ir::Value) -> Result<(ir::Global, Vec<PayloadLeaf>)> {
        let ir::Value::Global(g) = p else {
            return Err(SpirvError::invalid("a payload that is no global"));
        };
        let leaves = (self.cx.nv.payloads.get(&g.index()).cloned()).unwrap_or_default();
        Ok((g, leaves))
    }

    /// A load of a mesh shader's payload: its leaves' inputs, put together.
    pub fn nv_load_payload(&mut self, p: ir::Value) -> Result<Word> {
        let (g, leaves) = self.nv_payload_leaves(p)?;
        for l in &leaves {
            self.cx.func_uses[self.fidx].builtins.insert(l.var);
        }
        let ty = self.cx.m.globals[g].ty.clone();
        self.nv_build(&ty, &mut Vec::new(), &leaves)
    }

    fn nv_build(&mut self, ty: &Type, path: &mut Vec<u32>, leaves: &[PayloadLeaf]) -> Result<Word> {
        if let Some(l) = leaves.iter().find(|l| l.path == *path) {
            let t = self.cx.data_type(&l.ty, None, true)?;
            let loaded = self.op(Op::Load, t, vec![Operand::IdRef(l.var)]);
            return self.convert_repr(loaded, &l.ty, (None, true), (None, false));
        }
        let Type::Struct(s) = ty else {
            return Err(SpirvError::invalid("a payload leaf without a variable"));
        };
        let mut parts = Vec::new();
        for (k, field) in s.fields.iter().enumerate() {
            path.push(k as u32);
            parts.push(self.nv_build(&field.ty, path, leaves)?);
            path.pop();
        }
        let t = self.cx.plain_type(ty)?;
        Ok(self.op(Op::CompositeConstruct, t, Self::ids(&parts)))
    }

    /// `set_mesh_outputs` under NV: the primitive count goes to `PrimitiveCountNV` (the
    /// vertex count has no NV built-in; DXC drops it too).
    pub fn nv_set_mesh_outputs(&mut self, d: &ir::InstData) -> Result<()> {
        let &[_, primitives] = &d.operands[..] else {
            return Err(SpirvError::invalid("set_mesh_outputs takes two counts"));
        };
        let count = self.value(primitives)?;
        let var = self
            .cx
            .nv_builtin_output(spirv::BuiltIn::PrimitiveCountNV, "var.PrimitiveCountNV");
        self.cx.func_uses[self.fidx].builtins.insert(var);
        self.op_void(Op::Store, Self::ids(&[var, count]));
        Ok(())
    }

    /// `set_mesh_tasks`, DXC's `DispatchMesh` under NV: the barrier and the payload and group
    /// count published, and the shader carries on. EXT has no such form (its
    /// `OpEmitMeshTasksEXT` ends the invocation), so lowering emits it only where the options
    /// choose NV.
    pub fn lower_set_mesh_tasks(&mut self, d: &ir::InstData) -> Result<()> {
        self.require_stage(ir::Stage::Amplification, "set_mesh_tasks")?;
        if !self.cx.mesh_nv() {
            return Err(SpirvError::invalid(
                "set_mesh_tasks (DispatchMesh that carries on) needs NV mesh shading",
            ));
        }
        let ids = self.values(&d.operands)?;
        let (&[x, y, z], Some(&payload)) = (&ids[..ids.len().min(3)], d.operands.get(3)) else {
            return Err(SpirvError::invalid(
                "set_mesh_tasks takes three group counts and a payload",
            ));
        };
        self.mesh_tasks_barrier();
        self.nv_publish_mesh_tasks(&[x, y, z], payload)
    }

    /// The NV form of sending mesh tasks, after the barrier: the payload copied to its leaf
    /// outputs and the group count (x * y * z) to `TaskCountNV`.
    pub fn nv_publish_mesh_tasks(&mut self, counts: &[Word], payload: ir::Value) -> Result<()> {
        let (_, leaves) = self.nv_payload_leaves(payload)?;
        let info = self.ptr_info(payload)?;
        let ptr = self.value(payload)?;
        let ty = self.cx.pointee_type(&info.pointee)?;
        let whole = self.op(Op::Load, ty, vec![Operand::IdRef(ptr)]);
        for l in &leaves {
            let t = self.cx.plain_type(&l.ty)?;
            let mut ops = vec![Operand::IdRef(whole)];
            ops.extend(l.path.iter().map(|&k| Operand::LiteralBit32(k)));
            let part = if l.path.is_empty() {
                whole
            } else {
                self.op(Op::CompositeExtract, t, ops)
            };
            let stored = self.convert_repr(part, &l.ty, (None, false), (None, true))?;
            self.cx.func_uses[self.fidx].builtins.insert(l.var);
            self.op_void(Op::Store, Self::ids(&[l.var, stored]));
        }
        let uint = self.cx.uint_type();
        let yz = self.op(Op::IMul, uint, Self::ids(&[counts[1], counts[2]]));
        let total = self.op(Op::IMul, uint, Self::ids(&[counts[0], yz]));
        let var = self
            .cx
            .nv_builtin_output(spirv::BuiltIn::TaskCountNV, "var.TaskCountNV");
        self.cx.func_uses[self.fidx].builtins.insert(var);
        self.op_void(Op::Store, Self::ids(&[var, total]));
        Ok(())
    }

    /// After `emit_mesh_tasks` under NV (a terminator in the IR, where lowering chose EXT's
    /// form): the function returns.
    pub fn nv_return_after_mesh_tasks(&mut self) -> Result<()> {
        if self.f.ret == Type::Void {
            self.op_void(Op::Return, vec![]);
        } else {
            let t = self.cx.plain_type(&self.f.ret.clone())?;
            let undef = self.op(Op::Undef, t, vec![]);
            self.op_void(Op::ReturnValue, vec![Operand::IdRef(undef)]);
        }
        Ok(())
    }
}
