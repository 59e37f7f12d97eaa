//! Runs every compute entry point of the shader corpus (`tests/shaders/`) under `hlslc run`
//! with its pipeline (`tests/shaders/pipelines/<shader>.<entry>.yaml`) and checks the buffers
//! it prints against expectations computed here, independently of the interpreter: each check
//! re-implements what the shader computes in plain Rust (a prefix sum, a sort, Morton codes,
//! ...) from the pipeline's input data, or compares with hand-computed constants.
//!
//! `every_compute_entry_point_has_a_pipeline_and_a_check` keeps the list complete. Entry points
//! that do not lower yet stay in [`PENDING_LOWERING`] with their pipeline and check written:
//! their test asserts that `hlslc run` still reports `E3001`, and fails the moment the entry
//! lowers, asking to move it out of the list so its results get checked. Entry points in
//! [`WRONG_RESULTS`] run but compute wrong values because of a known bug elsewhere; their test
//! asserts that the check fails until the bug is fixed.

#[path = "../common/mod.rs"]
mod common;
mod harness;
mod image;
mod language;
mod lights;
mod post;
mod scan;
mod sim;
mod sort;
mod vec;

use std::collections::BTreeSet;

use common::*;
use harness::run_entry;

/// Entry points whose lowering is not done yet, each with the part of the `E3001` message that
/// names what is missing.
const PENDING_LOWERING: &[(&str, &str, &str)] = &[];

/// Entry points that run but whose results are known to be wrong, each with the reason: their
/// test asserts that the check still fails, and fails itself once the check passes.
const WRONG_RESULTS: &[(&str, &str, &str)] = &[];

/// One test per compute entry point: `test_name: "shader" "entry" => check;`.
macro_rules! corpus_entries {
    ($($test:ident: $shader:literal $entry:literal => $check:path;)*) => {
        $(
            #[test]
            fn $test() {
                run_entry($shader, $entry, $check);
            }
        )*
        /// Every (shader, entry) with a test.
        const ENTRIES: &[(&str, &str)] = &[$(($shader, $entry)),*];
    };
}

corpus_entries! {
    bitonic_local_sort: "cs_bitonic_sort" "LocalSort" => sort::bitonic_local_sort;
    bitonic_global_merge: "cs_bitonic_sort" "GlobalMerge" => sort::bitonic_global_merge;
    radix_count: "cs_radix_sort_count" "Count" => sort::radix_count;
    radix_scatter: "cs_radix_sort_count" "Scatter" => sort::radix_scatter;
    morton_keys: "cs_morton_keys" "main" => sort::morton_keys;
    cloth_integrate: "cs_cloth_verlet" "Integrate" => sim::cloth_integrate;
    cloth_solve_constraints: "cs_cloth_verlet" "SolveConstraints" => sim::cloth_solve;
    compute_skinning: "cs_compute_skinning" "main" => sim::compute_skinning;
    build_clusters: "cs_clustered_light_assign" "BuildClusters" => lights::build_clusters;
    assign_lights: "cs_clustered_light_assign" "AssignLights" => lights::assign_lights;
    tiled_light_cull: "cs_tiled_light_cull" "main" => lights::tiled_light_cull;
    gpu_cull_indirect: "cs_gpu_cull_indirect" "main" => lights::gpu_cull_indirect;
    blur_horizontal: "cs_gaussian_blur" "BlurHorizontal" => image::blur_horizontal;
    blur_vertical: "cs_gaussian_blur" "BlurVertical" => image::blur_vertical;
    fp16_bilateral: "cs_fp16_bilateral" "main" => image::fp16_bilateral;
    macro_dispatch: "cs_macro_dispatch" "main" => post::macro_dispatch;
    color_grading_lut: "cs_color_grading_lut" "main" => post::color_grading_lut;
    fog_integrate: "cs_volumetric_fog" "Integrate" => post::fog_integrate;
    ssao: "cs_ssao" "main" => post::ssao;
    dxc_corners: "cs_dxc_corners" "main" => language::dxc_corners;
    namespaces_enums: "cs_namespaces_enums" "main" => language::namespaces_enums;
    template_utils: "cs_template_utils" "main" => language::template_utils;
    hlsl2021_gbuffer_pack: "cs_hlsl2021_gbuffer_pack" "main" => language::gbuffer_pack;
    sm66_descriptor_heap: "cs_sm66_descriptor_heap" "main" => language::sm66_descriptor_heap;
    mip_downsample: "cs_mip_downsample" "main" => image::mip_downsample;
    particle_update: "cs_particle_update" "main" => sim::particle_update;
    fog_inject_light: "cs_volumetric_fog" "InjectLight" => post::fog_inject_light;
    auto_exposure: "cs_auto_exposure" "main" => scan::auto_exposure;
    histogram: "cs_histogram" "main" => scan::histogram;
    prefix_sum: "cs_prefix_sum" "main" => scan::prefix_sum;
    reduction_sum: "cs_reduction_sum" "main" => scan::reduction_sum;
    wave_compaction: "cs_wave_compaction" "main" => scan::wave_compaction;
}

#[test]
fn every_compute_entry_point_has_a_pipeline_and_a_check() {
    let mut in_corpus = BTreeSet::new();
    for path in corpus_shaders() {
        let h = header(&std::fs::read_to_string(&path).unwrap());
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        for (entry, profile) in h.entries {
            if profile.starts_with("cs_") {
                in_corpus.insert((stem.clone(), entry));
            }
        }
    }
    assert!(
        in_corpus.len() >= 30,
        "only {} compute entry points",
        in_corpus.len()
    );
    let tested: BTreeSet<(String, String)> = ENTRIES
        .iter()
        .map(|(s, e)| (s.to_string(), e.to_string()))
        .collect();
    let missing: Vec<_> = in_corpus.difference(&tested).collect();
    assert!(
        missing.is_empty(),
        "compute entry points without a pipeline and a check in corpus_run: {missing:?}"
    );
    let stale: Vec<_> = tested.difference(&in_corpus).collect();
    assert!(
        stale.is_empty(),
        "checks for entry points the corpus no longer has: {stale:?}"
    );
    for (shader, entry) in &in_corpus {
        let pipeline = harness::pipeline_path(shader, entry);
        assert!(pipeline.is_file(), "no pipeline {}", pipeline.display());
    }
    let pipelines = std::fs::read_dir(corpus_dir().join("pipelines")).unwrap();
    for file in pipelines {
        let name = file.unwrap().file_name().to_string_lossy().into_owned();
        let known = in_corpus
            .iter()
            .any(|(s, e)| name == format!("{s}.{e}.yaml"));
        assert!(known, "pipeline {name} belongs to no compute entry point");
    }
    for (shader, entry, _) in PENDING_LOWERING.iter().chain(WRONG_RESULTS) {
        assert!(
            tested.contains(&(shader.to_string(), entry.to_string())),
            "{shader} {entry} is pending but has no check"
        );
    }
}
