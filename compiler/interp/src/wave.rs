//! Wave and quad operations: evaluated once for all the lanes of a wave that meet at the same
//! operation (the active lanes), then each lane resumes with its result. Called by the
//! scheduler (`sched`). Reductions run in lane order, rounding each step in the operand's
//! precision (and flushing 32-bit denormals as [`numeric::Denormals`] says). Reading a lane that is not active yields 0 and is reported.

use ir::Intrinsic;

use crate::exec::{Ctx, Invocation};
use crate::hooks::RobustnessEvent;
use crate::numeric::{self, BinOp, Num};
use crate::program::Op;

/// Runs the wave operation that the invocations `lanes` (indices into `invs`, in lane
/// order) wait at.
pub fn execute(ctx: &mut Ctx<'_, '_>, invs: &mut [Invocation], lanes: &[usize]) {
    let prog = ctx.prog;
    let Op::Wave {
        which,
        dst,
        out,
        n,
        args,
    } = invs[lanes[0]].current_op(prog).clone()
    else {
        return;
    };
    let n = n as usize;
    let lane_ids: Vec<u32> = lanes.iter().map(|&i| invs[i].lane).collect();
    let vals: Vec<Vec<Vec<u64>>> = lanes
        .iter()
        .map(|&i| args.iter().map(|a| invs[i].operand(a).to_vec()).collect())
        .collect();
    let truth = |k: usize| -> bool {
        vals[k]
            .first()
            .and_then(|v| v.first())
            .is_some_and(|&b| b != 0)
    };
    let count = lanes.len();
    let mut results: Vec<Vec<u64>> = vec![vec![0; n]; count];
    let mut inactive = Vec::new();
    let reduce = |op: &dyn Fn(u64, u64) -> u64, upto: Option<usize>, identity: u64| -> Vec<u64> {
        let mut acc = vec![identity; n];
        for (k, v) in vals.iter().enumerate().take(upto.unwrap_or(count)) {
            for (c, a) in acc.iter_mut().enumerate() {
                let x = v[0].get(c).copied().unwrap_or(0);
                *a = if k == 0 && upto.is_none() {
                    x
                } else {
                    op(*a, x)
                };
            }
        }
        acc
    };
    let fp = prog.denormals;
    let arith = |bop: BinOp| move |a: u64, b: u64| fp.binary(bop, out, a, b).0;
    let one = numeric::convert(Num::I32, out, 1);
    match which {
        Intrinsic::WaveIsFirstLane => {
            for (k, r) in results.iter_mut().enumerate() {
                r[0] = (k == 0) as u64;
            }
        }
        Intrinsic::WaveActiveAnyTrue | Intrinsic::WaveActiveAllTrue => {
            let any = (0..count).any(truth);
            let all = (0..count).all(truth);
            let v = if which == Intrinsic::WaveActiveAnyTrue {
                any
            } else {
                all
            };
            results.iter_mut().for_each(|r| r[0] = v as u64);
        }
        Intrinsic::WaveActiveBallot => {
            let mut mask = [0u64; 4];
            for (k, &l) in lane_ids.iter().enumerate() {
                if truth(k) && l < 128 {
                    mask[(l / 32) as usize] |= 1 << (l % 32);
                }
            }
            results
                .iter_mut()
                .for_each(|r| r[..n.min(4)].copy_from_slice(&mask[..n.min(4)]));
        }
        Intrinsic::WaveActiveCountBits | Intrinsic::WavePrefixCountBits => {
            let mut seen = 0u64;
            for (k, r) in results.iter_mut().enumerate() {
                if which == Intrinsic::WavePrefixCountBits {
                    r[0] = seen;
                }
                seen += truth(k) as u64;
            }
            if which == Intrinsic::WaveActiveCountBits {
                results.iter_mut().for_each(|r| r[0] = seen);
            }
        }
        Intrinsic::WaveReadLaneFirst => {
            let v = vals[0].first().cloned().unwrap_or_default();
            results.iter_mut().for_each(|r| fill(r, &v));
        }
        Intrinsic::WaveActiveAllEqual => {
            // Per component for a vector result; all components at once for a scalar one.
            let width = vals[0].first().map_or(0, Vec::len);
            let same = |c: usize| {
                vals.iter().all(|v| {
                    v.first().and_then(|x| x.get(c)) == vals[0].first().and_then(|x| x.get(c))
                })
            };
            for (c, slot) in (0..n).zip(0..) {
                let eq = if n == 1 {
                    (0..width).all(same)
                } else {
                    same(c)
                };
                results.iter_mut().for_each(|r| r[slot] = eq as u64);
            }
        }
        Intrinsic::WaveReadLaneAt
        | Intrinsic::QuadReadLaneAt
        | Intrinsic::QuadReadAcrossX
        | Intrinsic::QuadReadAcrossY
        | Intrinsic::QuadReadAcrossDiagonal => {
            for k in 0..count {
                let me = lane_ids[k];
                let target = match which {
                    Intrinsic::WaveReadLaneAt => vals[k].get(1).map_or(0, |v| v[0] as u32),
                    Intrinsic::QuadReadLaneAt => {
                        (me & !3) + vals[k].get(1).map_or(0, |v| v[0] as u32 & 3)
                    }
                    Intrinsic::QuadReadAcrossX => me ^ 1,
                    Intrinsic::QuadReadAcrossY => me ^ 2,
                    _ => me ^ 3,
                };
                match lane_ids.iter().position(|&l| l == target) {
                    Some(src) => fill(&mut results[k], &vals[src][0]),
                    None => inactive.push((k, target)),
                }
            }
        }
        Intrinsic::WaveActiveSum | Intrinsic::WaveActiveProduct => {
            let bop = if which == Intrinsic::WaveActiveSum {
                BinOp::Add
            } else {
                BinOp::Mul
            };
            let v = reduce(&arith(bop), None, 0);
            results.iter_mut().for_each(|r| fill(r, &v));
        }
        Intrinsic::WavePrefixSum | Intrinsic::WavePrefixProduct => {
            let (bop, identity) = if which == Intrinsic::WavePrefixSum {
                (BinOp::Add, numeric::convert(Num::I32, out, 0))
            } else {
                (BinOp::Mul, one)
            };
            for (k, r) in results.iter_mut().enumerate() {
                let v = reduce(&arith(bop), Some(k), identity);
                fill(r, &v);
            }
        }
        Intrinsic::WaveActiveBitAnd | Intrinsic::WaveActiveBitOr | Intrinsic::WaveActiveBitXor => {
            let bop = match which {
                Intrinsic::WaveActiveBitAnd => BinOp::And,
                Intrinsic::WaveActiveBitOr => BinOp::Or,
                _ => BinOp::Xor,
            };
            let v = reduce(&arith(bop), None, 0);
            results.iter_mut().for_each(|r| fill(r, &v));
        }
        Intrinsic::WaveActiveMin | Intrinsic::WaveActiveMax => {
            let max = which == Intrinsic::WaveActiveMax;
            let pick = move |a: u64, b: u64| {
                if out.is_float() {
                    let (x, y) = (
                        numeric::to_f64(out, fp.flush(out, a)),
                        numeric::to_f64(out, fp.flush(out, b)),
                    );
                    let v = if max { x.max(y) } else { x.min(y) };
                    fp.flush(out, numeric::from_f64(out, v))
                } else {
                    let less = numeric::compare(numeric::CmpOp::Lt, out, b, a);
                    if less != max {
                        b
                    } else {
                        a
                    }
                }
            };
            let v = reduce(&pick, None, 0);
            results.iter_mut().for_each(|r| fill(r, &v));
        }
        Intrinsic::WaveMatch => {
            for (k, r) in results.iter_mut().enumerate() {
                let mut mask = [0u64; 4];
                for (j, &l) in lane_ids.iter().enumerate() {
                    if vals[j].first() == vals[k].first() && l < 128 {
                        mask[(l / 32) as usize] |= 1 << (l % 32);
                    }
                }
                r[..n.min(4)].copy_from_slice(&mask[..n.min(4)]);
            }
        }
        Intrinsic::WaveMultiPrefixSum
        | Intrinsic::WaveMultiPrefixProduct
        | Intrinsic::WaveMultiPrefixBitAnd
        | Intrinsic::WaveMultiPrefixBitOr
        | Intrinsic::WaveMultiPrefixBitXor => {
            let (bop, identity) = match which {
                Intrinsic::WaveMultiPrefixSum => (BinOp::Add, numeric::convert(Num::I32, out, 0)),
                Intrinsic::WaveMultiPrefixProduct => (BinOp::Mul, one),
                Intrinsic::WaveMultiPrefixBitAnd => (BinOp::And, out.mask(u64::MAX)),
                Intrinsic::WaveMultiPrefixBitOr => (BinOp::Or, 0),
                _ => (BinOp::Xor, 0),
            };
            let op = arith(bop);
            for k in 0..count {
                // This lane's partition: the lanes its mask names.
                let mask = vals[k].get(1).cloned().unwrap_or_default();
                let in_mask = |l: u32| {
                    l < 128
                        && mask
                            .get((l / 32) as usize)
                            .is_some_and(|w| w >> (l % 32) & 1 != 0)
                };
                let mut acc = vec![identity; n];
                for j in (0..k).filter(|&j| in_mask(lane_ids[j])) {
                    for (c, a) in acc.iter_mut().enumerate() {
                        *a = op(*a, vals[j][0].get(c).copied().unwrap_or(0));
                    }
                }
                fill(&mut results[k], &acc);
            }
        }
        _ => {}
    }
    for (k, target) in inactive {
        ctx.robust(
            invs[lanes[k]].id,
            RobustnessEvent::InactiveLane { lane: target },
        );
    }
    for (k, &i) in lanes.iter().enumerate() {
        invs[i].resume(ctx, dst, &results[k]);
    }
}

/// Copies what fits of `src` into `dst` (operand and result widths agree in valid IR).
fn fill(dst: &mut [u64], src: &[u64]) {
    let n = dst.len().min(src.len());
    dst[..n].copy_from_slice(&src[..n]);
}
