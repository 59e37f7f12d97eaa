#!/usr/bin/env bash
# Runs glslang's HLSL front end over every shader in this corpus, one run per
# `// entry:` header line, and prints a summary line `N passed, M failed`.
#
# usage: tests/shaders/check-with-glslang.sh [-v] [file.hlsl ...]
#   -v  print glslang's error output for failing entries
#
# glslang rejects some HLSL that DXC accepts (templates, namespaces, mesh and
# amplification shaders, ...); README.md lists the expected failures and why.
set -u
cd "$(dirname "$0")"
verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
GLSLANG=${GLSLANG:-glslangValidator}
if ! command -v "$GLSLANG" >/dev/null 2>&1; then
    echo "glslangValidator not found (apt-get install glslang-tools)" >&2
    exit 2
fi

files=("$@")
if [ ${#files[@]} -eq 0 ]; then files=(*.hlsl); fi

stage_of() {
    case "$1" in
        vs_*) echo vert ;; ps_*) echo frag ;; cs_*) echo comp ;;
        gs_*) echo geom ;; hs_*) echo tesc ;; ds_*) echo tese ;;
        ms_*) echo mesh ;; as_*) echo task ;; *) echo unknown ;;
    esac
}

pass=0; fail=0
for f in "${files[@]}"; do
    entries=(); opts=()
    # Header: the leading run of `//` comment lines.
    while IFS= read -r line; do
        case "$line" in
            //*) ;;
            *) break ;;
        esac
        body=${line#//}; body=${body# }
        case "$body" in
            entry:*)       entries+=("${body#entry:}") ;;
            define:*)      d=${body#define:}; opts+=("-D${d// /}") ;;
            include-dir:*) d=${body#include-dir:}; opts+=("-I${d// /}") ;;
            args:*)
                for a in ${body#args:}; do
                    case "$a" in
                        -enable-16bit-types) opts+=("--hlsl-enable-16bit-types") ;;
                        *) ;; # DXC-only flag, no glslang equivalent
                    esac
                done ;;
        esac
    done < "$f"
    for e in "${entries[@]}"; do
        read -r name profile <<<"$e"
        stage=$(stage_of "$profile")
        extra=()
        case "$stage" in mesh|task) extra+=(--target-env vulkan1.2) ;; esac
        out=$("$GLSLANG" -D -V -S "$stage" -e "$name" "${extra[@]}" "${opts[@]}" -o /dev/null "$f" 2>&1)
        if [ $? -eq 0 ]; then
            pass=$((pass + 1)); echo "PASS $f $name $profile"
        else
            fail=$((fail + 1)); echo "FAIL $f $name $profile"
            if [ $verbose -eq 1 ]; then
                printf '%s\n' "$out" | grep -E 'ERROR|error' | head -5 | sed 's/^/    /'
            fi
        fi
    done
done
echo "$pass passed, $fail failed"
