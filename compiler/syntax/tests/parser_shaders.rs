//! Realistic multi-function shaders parse without a single diagnostic, losslessly.

fn check_clean(name: &str, text: &str) {
    let parsed = syntax::parse(text);
    assert_eq!(parsed.syntax().to_string(), text, "{name}: lossless");
    assert!(
        parsed.diagnostics.is_empty(),
        "{name}: unexpected diagnostics: {:#?}",
        parsed.diagnostics
    );
    let errors = parsed
        .syntax()
        .descendants()
        .filter(|n| n.kind() == syntax::SyntaxKind::ERROR)
        .count();
    assert_eq!(errors, 0, "{name}: ERROR nodes in the tree");
}

#[test]
fn compute_shader_parses_cleanly() {
    check_clean("compute", include_str!("shaders/compute.hlsl"));
}

#[test]
fn vertex_pixel_shader_parses_cleanly() {
    check_clean("vertex_pixel", include_str!("shaders/vertex_pixel.hlsl"));
}

#[test]
fn geometry_and_mesh_shaders_parse_cleanly() {
    check_clean("geometry", include_str!("shaders/geometry.hlsl"));
}

#[test]
fn ray_tracing_and_tessellation_shaders_parse_cleanly() {
    check_clean("misc", include_str!("shaders/misc.hlsl"));
}
