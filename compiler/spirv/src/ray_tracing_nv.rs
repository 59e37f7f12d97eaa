//! The ray-tracing pipeline through `SPV_NV_ray_tracing`, which DXC emits instead of
//! `SPV_KHR_ray_tracing` when `-fspv-extension=SPV_NV_ray_tracing` allows the NV extension
//! and not the KHR one. The execution models, built-ins, storage classes, the acceleration
//! structure type and `OpReportIntersection` share the KHR forms' numbers; what differs:
//! the `RayTracingNV` capability (any SPIR-V version, so Vulkan 1.0 will do), `OpTraceNV` and
//! `OpExecuteCallableNV`, which name their payload or callable data by its `Location` (a
//! constant) instead of a pointer, and `OpIgnoreIntersectionNV`/`OpTerminateRayNV`, which do
//! not end their block (an `OpReturn`, or `OpUnreachable` in a function returning a value,
//! follows them). Called from `raytracing` and `ray_query`.

use std::collections::HashMap;

use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Decoration, Op, StorageClass, Word};

use crate::context::Ctx;
use crate::functions::Fx;
use crate::Result;

/// The `Location` each ray payload and callable data variable got, numbered from 0 per
/// storage class in order of first use, as `OpTraceNV`/`OpExecuteCallableNV` name them.
#[derive(Debug, Default)]
pub(crate) struct NvLocations {
    of_var: HashMap<Word, u32>,
    next: HashMap<u32, u32>,
}

impl Ctx<'_> {
    /// Whether ray tracing goes through `SPV_NV_ray_tracing`: `-fspv-extension=` allows it
    /// and not `SPV_KHR_ray_tracing` (nor every `KHR` extension).
    pub(crate) fn ray_tracing_nv(&self) -> bool {
        self.opts.allowed_extensions.as_ref().is_some_and(|list| {
            list.iter().any(|e| e == "SPV_NV_ray_tracing")
                && !list
                    .iter()
                    .any(|e| e == "SPV_KHR_ray_tracing" || e == "KHR")
        })
    }

    /// The NV capability and extension.
    pub(crate) fn require_ray_tracing_nv(&mut self) {
        self.capability(Capability::RayTracingNV);
        self.extension("SPV_NV_ray_tracing");
    }

    /// The `Location` of payload or callable data variable `var` of storage class `class`,
    /// decorated on first use; a `uint` constant of it for the NV instructions.
    fn nv_location(&mut self, var: Word, class: StorageClass) -> Word {
        let location = match self.ray_nv.of_var.get(&var) {
            Some(&l) => l,
            None => {
                let next = self.ray_nv.next.entry(class as u32).or_insert(0);
                let l = *next;
                *next += 1;
                self.ray_nv.of_var.insert(var, l);
                self.decorate(var, Decoration::Location, &[Operand::LiteralBit32(l)]);
                l
            }
        };
        let uint = self.uint_type();
        self.const_u32(uint, location)
    }
}

impl Fx<'_, '_> {
    /// `OpTraceNV`: the `OpTraceRayKHR` operands with the payload variable's location.
    pub(crate) fn trace_nv(&mut self, ops: &[Word]) -> Result<()> {
        let (&payload, rest) = ops.split_last().expect("TraceRay has operands");
        let location = self.cx.nv_location(payload, StorageClass::RayPayloadNV);
        let mut all = rest.to_vec();
        all.push(location);
        self.op_void(Op::TraceNV, Self::ids(&all));
        Ok(())
    }

    /// `OpExecuteCallableNV`: the shader-table index and the callable data's location.
    pub(crate) fn execute_callable_nv(&mut self, ops: &[Word]) -> Result<()> {
        let [index, data] = ops else {
            return Err(crate::SpirvError::invalid("CallShader takes two operands"));
        };
        let location = self.cx.nv_location(*data, StorageClass::CallableDataNV);
        self.op_void(Op::ExecuteCallableNV, Self::ids(&[*index, location]));
        Ok(())
    }

    /// `IgnoreHit` or `AcceptHitAndEndSearch` as NV writes them: the instruction, then the
    /// block's end.
    pub(crate) fn hit_terminator_nv(&mut self, ignore: bool) {
        let op = if ignore {
            Op::IgnoreIntersectionNV
        } else {
            Op::TerminateRayNV
        };
        self.op_void(op, vec![]);
        if self.f.ret == types::Type::Void {
            self.op_void(Op::Return, vec![]);
        } else {
            self.op_void(Op::Unreachable, vec![]);
        }
    }
}
