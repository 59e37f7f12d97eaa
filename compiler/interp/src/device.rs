//! Device addresses: `vk::RawBufferLoad`/`vk::RawBufferStore` and `vk::BufferPointer`
//! accesses read and write buffers by their 64-bit address. A buffer given an address
//! ([`Bindings::add_device_buffer`], or the pipeline's `Address` key) becomes a memory root of
//! its own after the program's resources, so an address turns into an ordinary interpreter
//! pointer (root, shape, offset) and the access chains, loads, stores and atomics of buffers
//! apply unchanged. An address outside every such buffer, not aligned as the access claims,
//! or an access running past the buffer's end is a [`RunError::DeviceAddress`]: the shader
//! would read or write memory the pipeline never gave it. Decoded here for `program`
//! (`device_op`, `raw_buffer_op`), run by `exec`.

use ir::{AtomicOp, Value};
use types::Type;

use crate::numeric::Num;
use crate::program::{num_of, Decoder, Op, Program, FIRST_RESOURCE};
use crate::shape::{ShapeId, Shapes};
use crate::{Bindings, Resource, RunError};

/// A buffer reachable by address: `len` bytes from `address`, the memory of `root`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeviceRange {
    pub address: u64,
    pub len: u64,
    pub root: u32,
}

/// The most memory roots a pointer can name (its 12 root bits).
const MAX_ROOTS: usize = 1 << 12;

impl Bindings {
    /// Makes `data` reachable at device address `address`; returns its root. Ranges may not
    /// overlap, contain address 0 (the null pointer), or wrap around.
    pub fn add_device_buffer(
        &mut self,
        program: &Program,
        address: u64,
        data: Vec<u8>,
    ) -> Result<u32, RunError> {
        let len = data.len() as u64;
        let bad = |why: &str| {
            Err(RunError::Binding(format!(
                "device buffer at {address:#x} ({len} bytes) {why}"
            )))
        };
        let Some(end) = address.checked_add(len) else {
            return bad("runs past the end of the address space");
        };
        if address == 0 {
            return bad("starts at the null address");
        }
        if len > u64::from(u32::MAX) {
            return bad("is larger than 4 GiB");
        }
        if self
            .device
            .iter()
            .any(|r| address < r.address + r.len && r.address < end)
        {
            return bad("overlaps another device buffer");
        }
        // Device buffers follow the program's resources, in the order they were added.
        let index = program.resources.len() + self.device.len();
        if index + FIRST_RESOURCE as usize >= MAX_ROOTS {
            return bad("is one buffer too many");
        }
        if self.resources.len() <= index {
            self.resources.resize(index + 1, None);
        }
        self.resources[index] = Some(Resource::buffer(data));
        let root = FIRST_RESOURCE + index as u32;
        self.device.push(DeviceRange { address, len, root });
        Ok(root)
    }

    /// The bytes of the device buffer at `address` (after a run: what the shader wrote).
    pub fn device_buffer(&self, address: u64) -> Option<&[u8]> {
        let r = self.device.iter().find(|r| r.address == address)?;
        let res = self.resources.get((r.root - FIRST_RESOURCE) as usize)?;
        res.as_ref().map(|res| &res.data[..])
    }
}

/// The buffer holding `address`, and the offset of `address` in it.
pub fn resolve(ranges: &[DeviceRange], address: u64) -> Option<(DeviceRange, u32)> {
    ranges
        .iter()
        .find(|r| address >= r.address && address - r.address < r.len)
        .map(|r| (*r, (address - r.address) as u32))
}

/// What an [`Op::Device`] does at the part it addresses.
#[derive(Debug, Clone, Copy)]
pub enum DeviceAccess {
    /// Reads `n` components into `dst`.
    Load { dst: u32, n: u32 },
    /// Writes `n` components from `src`.
    Store { src: u32, n: u32 },
    /// An `Interlocked*` on the scalar there (`op` `None`: compare-exchange), as
    /// `program::Op::Atomic`.
    Atomic {
        op: Option<AtomicOp>,
        num: Num,
        dst: u32,
        vals: [u32; 2],
    },
}

/// A decoded device access: the address (a `uint64_t` or a buffer pointer in slot `addr`),
/// the memory shape at that address (`T` laid out by the access's rules), the alignment the
/// address must have, the access path into `T` (slots and their kinds, as an access chain),
/// and the access.
#[derive(Debug, Clone)]
pub struct DeviceOp {
    pub addr: u32,
    pub shape: ShapeId,
    pub align: u32,
    pub path: Box<[(u32, Num)]>,
    pub access: DeviceAccess,
}

/// A buffer pointer access: `chain` is the pointer, then the access path into its pointee,
/// laid out with the module's pointee rules and aligned to the pointer's `A`.
pub(crate) fn device_op(
    d: &mut Decoder<'_>,
    shapes: &mut Shapes,
    chain: &[Value],
    access: DeviceAccess,
) -> Op {
    let ptr_ty = d.ty(chain[0]);
    let Type::BufferPointer { pointee, alignment } = &ptr_ty else {
        return Op::Unsupported {
            what: format!("a buffer pointer access through {ptr_ty}"),
        };
    };
    // Lowering unfolds a linked list's pointer when it reads the member holding it, so
    // the pointee of a value is the whole struct; a reference left folded names nothing.
    if let Type::StructRef(name) = &**pointee {
        return Op::Unsupported {
            what: format!("a buffer pointer to `{name}` taken out of the struct it is part of"),
        };
    }
    let layout = types::TypeLayout::of(pointee, d.module.pointee_rules());
    let path = chain[1..]
        .iter()
        .map(|&v| {
            let t = d.ty(v);
            (d.slot(v), num_of(&t))
        })
        .collect();
    Op::Device(Box::new(DeviceOp {
        addr: d.slot(chain[0]),
        shape: shapes.laid_out(pointee, &layout),
        align: *alignment,
        path,
        access,
    }))
}

/// A raw buffer access of a `ty` at `addr`: `sizeof(ty)` bytes, the scalar layout, aligned
/// to the constant `align`.
pub(crate) fn raw_buffer_op(
    d: &mut Decoder<'_>,
    shapes: &mut Shapes,
    addr: Value,
    align: Value,
    ty: &Type,
    access: DeviceAccess,
) -> Op {
    let layout = types::TypeLayout::of(ty, types::LayoutRules::Scalar);
    let align = d
        .module
        .const_int(align)
        .and_then(|a| u32::try_from(a).ok())
        .unwrap_or(1);
    Op::Device(Box::new(DeviceOp {
        addr: d.slot(addr),
        shape: shapes.laid_out(ty, &layout),
        align,
        path: Box::default(),
        access,
    }))
}
