//! Snapshot tests of effects-framework techniques (`technique11 Name { pass P0 { ... } }`),
//! which DXC parses and ignores: the block is kept whole, whatever its passes hold, and a
//! variable whose type has another spelling (`TechNiQue`) is still a declaration.

use expect_test::expect;

use super::check;

#[test]
fn named_technique_with_passes_is_one_node() {
    check(
        "technique11 Draw { pass P0 { SetPixelShader(CompileShader(ps_4_0, PS())); } }\n",
        expect![[r#"
            SOURCE_FILE@0..78
              TECHNIQUE_DEF@0..77
                IDENT@0..11 "technique11"
                WHITESPACE@11..12 " "
                IDENT@12..16 "Draw"
                WHITESPACE@16..17 " "
                STATE_BLOCK@17..77
                  L_BRACE@17..18 "{"
                  WHITESPACE@18..19 " "
                  IDENT@19..23 "pass"
                  WHITESPACE@23..24 " "
                  IDENT@24..26 "P0"
                  WHITESPACE@26..27 " "
                  L_BRACE@27..28 "{"
                  WHITESPACE@28..29 " "
                  IDENT@29..43 "SetPixelShader"
                  L_PAREN@43..44 "("
                  IDENT@44..57 "CompileShader"
                  L_PAREN@57..58 "("
                  IDENT@58..64 "ps_4_0"
                  COMMA@64..65 ","
                  WHITESPACE@65..66 " "
                  IDENT@66..68 "PS"
                  L_PAREN@68..69 "("
                  R_PAREN@69..70 ")"
                  R_PAREN@70..71 ")"
                  R_PAREN@71..72 ")"
                  SEMICOLON@72..73 ";"
                  WHITESPACE@73..74 " "
                  R_BRACE@74..75 "}"
                  WHITESPACE@75..76 " "
                  R_BRACE@76..77 "}"
              WHITESPACE@77..78 "\n"
        "#]],
    );
}

#[test]
fn unnamed_technique_with_annotations_and_semicolon() {
    check(
        "Technique <int n = 1;> { };\nTechNiQue t;\n",
        expect![[r#"
            SOURCE_FILE@0..41
              TECHNIQUE_DEF@0..27
                IDENT@0..9 "Technique"
                WHITESPACE@9..10 " "
                EFFECT_ANNOTATIONS@10..22
                  LT@10..11 "<"
                  IDENT@11..14 "int"
                  WHITESPACE@14..15 " "
                  IDENT@15..16 "n"
                  WHITESPACE@16..17 " "
                  EQ@17..18 "="
                  WHITESPACE@18..19 " "
                  INT_NUMBER@19..20 "1"
                  SEMICOLON@20..21 ";"
                  GT@21..22 ">"
                WHITESPACE@22..23 " "
                STATE_BLOCK@23..26
                  L_BRACE@23..24 "{"
                  WHITESPACE@24..25 " "
                  R_BRACE@25..26 "}"
                SEMICOLON@26..27 ";"
              WHITESPACE@27..28 "\n"
              VAR_DECL@28..40
                TYPE_REF@28..37
                  PATH@28..37
                    PATH_SEGMENT@28..37
                      NAME_REF@28..37
                        IDENT@28..37 "TechNiQue"
                WHITESPACE@37..38 " "
                VAR_DECLARATOR@38..39
                  NAME@38..39
                    IDENT@38..39 "t"
                SEMICOLON@39..40 ";"
              WHITESPACE@40..41 "\n"
        "#]],
    );
}

#[test]
fn sampler_state_initializer_is_kept_whole() {
    check(
        "sampler s = sampler_state { Texture = t; };\n",
        expect![[r#"
            SOURCE_FILE@0..44
              VAR_DECL@0..43
                TYPE_REF@0..7
                  PATH@0..7
                    PATH_SEGMENT@0..7
                      NAME_REF@0..7
                        IDENT@0..7 "sampler"
                WHITESPACE@7..8 " "
                VAR_DECLARATOR@8..42
                  NAME@8..9
                    IDENT@8..9 "s"
                  WHITESPACE@9..10 " "
                  EQ@10..11 "="
                  WHITESPACE@11..12 " "
                  SAMPLER_STATE_INIT@12..42
                    IDENT@12..25 "sampler_state"
                    WHITESPACE@25..26 " "
                    STATE_BLOCK@26..42
                      L_BRACE@26..27 "{"
                      WHITESPACE@27..28 " "
                      IDENT@28..35 "Texture"
                      WHITESPACE@35..36 " "
                      EQ@36..37 "="
                      WHITESPACE@37..38 " "
                      IDENT@38..39 "t"
                      SEMICOLON@39..40 ";"
                      WHITESPACE@40..41 " "
                      R_BRACE@41..42 "}"
                SEMICOLON@42..43 ";"
              WHITESPACE@43..44 "\n"
        "#]],
    );
}
