//! The work-group scheduler and the host API around it: [`Bindings`] attach resources to a
//! [`Program`]'s resource globals, [`dispatch`] runs groups one after another. Within a group
//! every invocation runs for a quantum of instructions in turn until it blocks; when none can
//! run, the lanes of each wave that wait at a wave operation meet there (if lanes of a wave
//! wait at different wave operations, the one deepest in calls, then earliest in the block
//! layout, goes first: that is where structured control flow reconverges), and when only
//! barriers are left, the group passes its barrier together. A barrier that part of the group
//! can never reach is an error, not a hang.

use crate::exec::{Ctx, Invocation, Resource, State};
use crate::hooks::{Hook, InvocationId};
use crate::program::Program;
use crate::RunError;

/// How to run.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Lanes per wave (default 32), unless the shader's `[WaveSize]` says.
    pub wave_size: u32,
    /// Instructions an invocation runs before the next one gets a turn (default 16).
    pub quantum: u64,
    /// The whole dispatch fails past this many instructions (default 2^32).
    pub max_instructions: u64,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            wave_size: 32,
            quantum: 16,
            max_instructions: 1 << 32,
        }
    }
}

/// What a dispatch did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RunStats {
    pub instructions: u64,
    pub invocations: u64,
    pub barriers: u64,
}

/// Resources bound to a program's resource globals, one per resource root (arrays of
/// resources have one per element).
#[derive(Debug, Clone, Default)]
pub struct Bindings {
    pub resources: Vec<Option<Resource>>,
    /// Buffers reachable by device address (`crate::device`); their memory is in
    /// `resources`, after the program's own.
    pub device: Vec<crate::device::DeviceRange>,
}

impl Bindings {
    pub fn new(program: &Program) -> Bindings {
        Bindings {
            resources: vec![None; program.resources.len()],
            device: Vec::new(),
        }
    }

    /// Binds `res` to the global with Vulkan `set` and `binding` (element `index` of an
    /// array of resources).
    pub fn bind(
        &mut self,
        program: &Program,
        set: u32,
        binding: u32,
        index: u32,
        res: Resource,
    ) -> Result<(), RunError> {
        let (first, count) = program.find_binding(set, binding).ok_or_else(|| {
            RunError::Binding(format!("no resource at set {set} binding {binding}"))
        })?;
        if index as usize >= count {
            return Err(RunError::Binding(format!(
                "set {set} binding {binding} has {count} resources, not {}",
                index + 1
            )));
        }
        self.resources[first + index as usize] = Some(res);
        Ok(())
    }

    /// Binds by DirectX register and space: like DXC without `[[vk::binding]]`, register `N`
    /// of space `S` is binding `N` of set `S`.
    pub fn bind_dx(
        &mut self,
        program: &Program,
        register: u32,
        space: u32,
        res: Resource,
    ) -> Result<(), RunError> {
        self.bind(program, space, register, 0, res)
    }

    /// Binds by the global's name (push constants, counter buffers).
    pub fn bind_name(
        &mut self,
        program: &Program,
        name: &str,
        res: Resource,
    ) -> Result<(), RunError> {
        let i = program
            .find_name(name)
            .ok_or_else(|| RunError::Binding(format!("no resource named {name}")))?;
        self.resources[i] = Some(res);
        Ok(())
    }

    pub fn get(&self, program: &Program, set: u32, binding: u32) -> Option<&Resource> {
        let (first, _) = program.find_binding(set, binding)?;
        self.resources[first].as_ref()
    }

    /// Element `index` of the array of resources at `set` and `binding`.
    pub fn get_element(
        &self,
        program: &Program,
        set: u32,
        binding: u32,
        index: u32,
    ) -> Option<&Resource> {
        let (first, count) = program.find_binding(set, binding)?;
        if index as usize >= count {
            return None;
        }
        self.resources.get(first + index as usize)?.as_ref()
    }
}

/// Runs `groups` work groups of the program's entry point.
pub fn dispatch(
    program: &Program,
    bindings: &mut Bindings,
    groups: [u32; 3],
    options: &RunOptions,
    mut hook: Option<&mut dyn Hook>,
) -> Result<RunStats, RunError> {
    let mut stats = RunStats::default();
    // The program's resources, then the device buffers (`crate::device`).
    let len = program.resources.len() + bindings.device.len();
    if bindings.resources.len() != len {
        bindings.resources.resize(len, None);
    }
    for gz in 0..groups[2] {
        for gy in 0..groups[1] {
            for gx in 0..groups[0] {
                let h: Option<&mut dyn Hook> = match hook {
                    Some(ref mut h) => Some(&mut **h),
                    None => None,
                };
                run_group(
                    program,
                    bindings,
                    [gx, gy, gz],
                    groups,
                    options,
                    h,
                    &mut stats,
                )?;
            }
        }
    }
    Ok(stats)
}

fn run_group(
    program: &Program,
    bindings: &mut Bindings,
    group: [u32; 3],
    groups: [u32; 3],
    options: &RunOptions,
    hook: Option<&mut dyn Hook>,
    stats: &mut RunStats,
) -> Result<(), RunError> {
    let [sx, sy, sz] = program.workgroup_size;
    let count = (sx * sy * sz) as usize;
    // A shader's `[WaveSize]` is the size its waves must have; else the run's.
    let ws = program.wave_size.unwrap_or(options.wave_size).max(1);
    let mut invs: Vec<Invocation> = (0..count as u32)
        .map(|li| {
            let local = [li % sx, (li / sx) % sy, li / (sx * sy)];
            let global = [
                group[0] * sx + local[0],
                group[1] * sy + local[1],
                group[2] * sz + local[2],
            ];
            let id = InvocationId {
                group,
                local,
                local_index: li,
                global,
            };
            Invocation::new(program, id, li % ws, li / ws, groups, ws)
        })
        .collect();
    let mut shared = vec![0u8; program.shared_size as usize];
    let mut ctx = Ctx {
        prog: program,
        shared: &mut shared,
        resources: &mut bindings.resources,
        device: &bindings.device,
        hook,
        wave_size: ws,
        num_groups: groups,
        executed: 0,
    };
    let budget_left = options.max_instructions.saturating_sub(stats.instructions);
    let result = schedule(&mut ctx, &mut invs, options, budget_left, stats);
    stats.instructions += ctx.executed;
    stats.invocations += count as u64;
    result
}

fn schedule(
    ctx: &mut Ctx<'_, '_>,
    invs: &mut [Invocation],
    options: &RunOptions,
    budget: u64,
    stats: &mut RunStats,
) -> Result<(), RunError> {
    let ws = ctx.wave_size as usize;
    let quantum = options.quantum.max(1);
    loop {
        let mut any_ready = false;
        for inv in invs.iter_mut() {
            if inv.state == State::Ready {
                // Never run past the instruction limit, whatever the quantum.
                let remaining = budget.saturating_sub(ctx.executed).saturating_add(1);
                inv.state = inv.run(ctx, quantum.min(remaining))?;
                any_ready |= inv.state == State::Ready;
            }
        }
        if ctx.executed > budget {
            return Err(RunError::InstructionLimit(options.max_instructions));
        }
        if any_ready {
            continue;
        }
        if invs.iter().all(|i| i.state == State::Finished) {
            return Ok(());
        }
        // Wave operations first: lanes at a barrier may be waiting for these.
        let mut met = false;
        for wave_start in (0..invs.len()).step_by(ws) {
            let wave_end = (wave_start + ws).min(invs.len());
            let waiting: Vec<usize> = (wave_start..wave_end)
                .filter(|&i| invs[i].state == State::AtWave)
                .collect();
            let Some(first) = waiting.iter().copied().min_by_key(|&i| {
                let (f, pc, depth) = invs[i].position();
                (usize::MAX - depth, f, pc)
            }) else {
                continue;
            };
            let at = invs[first].position();
            let lanes: Vec<usize> = waiting
                .into_iter()
                .filter(|&i| invs[i].position() == at)
                .collect();
            crate::wave::execute(ctx, invs, &lanes);
            met = true;
        }
        if met {
            continue;
        }
        // Only barriers are left.
        let arrived = invs.iter().filter(|i| i.state == State::AtBarrier).count();
        let group = invs[0].id.group;
        if arrived != invs.len() {
            return Err(RunError::PartialBarrier {
                group,
                arrived: arrived as u32,
                total: invs.len() as u32,
            });
        }
        let at = invs[0].position();
        if invs.iter().any(|i| i.position() != at) {
            return Err(RunError::DivergentBarrier { group });
        }
        if let Some(h) = ctx.hook.as_deref_mut() {
            h.barrier(group, invs.len() as u32);
        }
        stats.barriers += 1;
        for inv in invs.iter_mut() {
            inv.resume(ctx, 0, &[]);
        }
    }
}
