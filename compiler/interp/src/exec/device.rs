//! Running a device access (`crate::device`): the address becomes a pointer into the device
//! buffer that holds it, the access path walks it as an access chain does, and the load,
//! store or atomic goes through the ordinary buffer paths, after checking that the address
//! is aligned and that the part accessed lies wholly in the buffer.

use crate::device::{resolve, DeviceAccess, DeviceOp};
use crate::program::{pack, unpack, INVALID};
use crate::RunError;

use super::{Ctx, Invocation};

impl Invocation {
    pub(super) fn device_access(
        &mut self,
        ctx: &mut Ctx<'_, '_>,
        dop: &DeviceOp,
        fb: usize,
    ) -> Result<(), RunError> {
        let address = self.regs[fb + dop.addr as usize];
        let fail = |what: String| RunError::DeviceAddress {
            address,
            what,
            invocation: self.id,
        };
        if dop.align > 1 && !address.is_multiple_of(u64::from(dop.align)) {
            return Err(fail(format!("not aligned to {} bytes", dop.align)));
        }
        let Some((range, offset)) = resolve(ctx.device, address) else {
            return Err(fail("no device buffer holds it".to_owned()));
        };
        let base = pack(range.root, dop.shape, offset);
        let ptr = self.chain(ctx, base, &dop.path, fb);
        let (_, shape, off) = unpack(ptr);
        let extent = u64::from(ctx.prog.shapes.extent[shape as usize]);
        let end = u64::from(off).saturating_add(extent);
        if off == INVALID || end > range.len {
            return Err(fail(format!(
                "the access ends past the device buffer of {} bytes at {:#x}",
                range.len, range.address
            )));
        }
        match dop.access {
            DeviceAccess::Load { dst, n } => {
                let d = fb + dst as usize;
                let mut tmp = vec![0; n as usize];
                self.load_ptr(ctx, ptr, &mut tmp);
                self.regs[d..d + n as usize].copy_from_slice(&tmp);
            }
            DeviceAccess::Store { src, n } => {
                let s = fb + src as usize;
                let vals = self.regs[s..s + n as usize].to_vec();
                self.store_ptr(ctx, ptr, &vals);
            }
            DeviceAccess::Atomic { op, num, dst, vals } => {
                let v0 = self.regs[fb + vals[0] as usize];
                let v1 = self.regs[fb + vals[1] as usize];
                let old = self.atomic(ctx, op, num, ptr, None, v0, v1, fb);
                self.regs[fb + dst as usize] = old;
            }
        }
        Ok(())
    }
}
