//! The options of lowering that DXC's SPIR-V command line sets: how `register(xN, spaceM)`
//! becomes a descriptor set and binding (`-fvk-{b,t,s,u}-shift`, `-fvk-bind-register`) and
//! which layout rules buffers use (`-fvk-use-dx-layout`, `-fvk-use-gl-layout`,
//! `-fvk-use-scalar-layout`). Built by `hlslc` from its flags; read by [`crate::resources`].

use types::LayoutRules;

/// Everything [`crate::lower_module_with`] can be asked to do differently from DXC's defaults.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LowerOptions {
    /// `-fvk-{b,t,s,u}-shift N SPACE`, in command-line order (a later shift of the same class
    /// and space wins).
    pub binding_shifts: Vec<BindingShift>,
    /// `-fvk-bind-register xN SPACE BINDING SET`.
    pub bound_registers: Vec<BoundRegister>,
    pub layout: LayoutChoice,
    /// `-fvk-bind-globals N M`: `$Globals` is binding N of set M.
    pub globals_binding: Option<(u32, u32)>,
    /// `-auto-binding-space N`: the descriptor set of a resource whose register names no
    /// space, and of every resource (and `$Globals`) bound automatically. `[[vk::binding(b)]]`
    /// without a set stays in set 0, as in DXC.
    pub default_space: u32,
    /// `discard` demotes the invocation to a helper (`OpDemoteToHelperInvocation`) instead
    /// of ending it, as DXC writes it when `-fspv-extension=` names
    /// `SPV_EXT_demote_to_helper_invocation` or the target is Vulkan 1.3 or later.
    pub discard_demotes: bool,
    /// `-fvk-auto-shift-bindings`: a resource without a register or `[[vk::binding]]` takes
    /// the next free binding of set 0 from its register class's space-0 shift on.
    pub auto_shift_bindings: bool,
    /// `-fvk-invert-w`: a pixel shader reads `SV_Position.w` as `1 / FragCoord.w` (D3D's
    /// `w` is the clip-space `w`, Vulkan's is its reciprocal).
    pub invert_w: bool,
    /// `-fvk-support-nonzero-base-instance`: `SV_InstanceID` is `InstanceIndex -
    /// BaseInstance`, counting from zero as in D3D whatever the draw's first instance.
    pub nonzero_base_instance: bool,
    /// `-fspv-flatten-resource-arrays`: an array of N resources takes N consecutive bindings
    /// (one per element, as in D3D) instead of one; the SPIR-V backend then declares each
    /// element as its own variable.
    pub flatten_resource_arrays: bool,
    /// `-fvk-allow-rwstructuredbuffer-arrays`: an element of an array of `RWStructuredBuffer`s
    /// has a counter, element `i` of the array `counter.var.<name>`.
    pub allow_rwstructuredbuffer_arrays: bool,
    /// `-fspv-use-legacy-buffer-matrix-order`: templated byte-address loads and stores keep
    /// matrix elements in row-major order (DXC before mid-2022), not column-major.
    pub legacy_buffer_matrix_order: bool,
    /// Refuse arrays of `RWStructuredBuffer`s, as DXC does unless given
    /// `-fvk-allow-rwstructuredbuffer-arrays` (their counters would need arrays of counters
    /// too). `hlslc` sets it; the library lowers such arrays by default.
    pub refuse_rwstructuredbuffer_arrays: bool,
    /// `-fspv-preserve-bindings`: every resource and buffer the file declares is declared in
    /// the module with its binding, used by the entry point or not (DXC otherwise lets its
    /// optimizer drop the unused ones, as lowering does by declaring globals on first use).
    pub preserve_bindings: bool,
    /// `-fvk-stage-io-order=`: the order automatic locations of stage variables follow.
    pub stage_io_order: StageIoOrder,
    /// `-pack-optimized`: stage variables share locations, packed into their components as
    /// DXC packs them (`signature_packing`).
    pub pack_optimized: bool,
    /// NV mesh shading (`SPV_NV_mesh_shader`, which the backend picks below SPIR-V 1.4 or
    /// without `SPV_EXT_mesh_shader` in `-fspv-extension=`): `DispatchMesh` is the
    /// `set_mesh_tasks` instruction and the amplification shader carries on after it, as DXC
    /// lowers it there; otherwise it is the terminator `emit_mesh_tasks`.
    pub nv_mesh_tasks: bool,
}

/// The order in which stage inputs (and apart, outputs) take their locations.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum StageIoOrder {
    /// Declaration order (DXC's default, `-fvk-stage-io-order=decl`).
    #[default]
    Declaration,
    /// The alphabetical order of their semantics (`-fvk-stage-io-order=alpha`).
    Alphabetical,
}

/// The register class of `register(xN)`: its letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RegisterClass {
    /// `b`: constant buffers.
    ConstantBuffer,
    /// `t`: textures and read-only buffers.
    ShaderResource,
    /// `s`: samplers.
    Sampler,
    /// `u`: read-write resources.
    UnorderedAccess,
}

impl RegisterClass {
    /// The class of a register letter (`b`, `t`, `s`, `u`, either case).
    pub fn from_letter(letter: char) -> Option<RegisterClass> {
        Some(match letter.to_ascii_lowercase() {
            'b' => RegisterClass::ConstantBuffer,
            't' => RegisterClass::ShaderResource,
            's' => RegisterClass::Sampler,
            'u' => RegisterClass::UnorderedAccess,
            _ => return None,
        })
    }

    pub fn letter(self) -> char {
        match self {
            RegisterClass::ConstantBuffer => 'b',
            RegisterClass::ShaderResource => 't',
            RegisterClass::Sampler => 's',
            RegisterClass::UnorderedAccess => 'u',
        }
    }
}

/// `-fvk-b-shift 10 2`: registers `b*` of `space2` get binding `register + 10`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BindingShift {
    pub class: RegisterClass,
    /// `None` for `all` spaces.
    pub space: Option<u32>,
    pub shift: u32,
}

/// `-fvk-bind-register t3 1 7 2`: `register(t3, space1)` is binding 7 of set 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoundRegister {
    pub class: RegisterClass,
    pub register: u32,
    pub space: u32,
    pub binding: u32,
    pub set: u32,
}

/// The layout rules of buffers, chosen for the whole module as DXC's flags do.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum LayoutChoice {
    /// DXC's default: vector-relaxed std140 for constant buffers, vector-relaxed std430 for
    /// storage buffers.
    #[default]
    VectorRelaxed,
    /// `-fvk-use-gl-layout`: strict std140 and std430.
    Gl,
    /// `-fvk-use-dx-layout`: HLSL's cbuffer packing for constant and texture buffers, and
    /// structured buffers packed as D3D does (each member aligned to its scalar, as the scalar
    /// layout does, a struct's size padded to its alignment).
    Dx,
    /// `-fvk-use-scalar-layout`: the scalar block layout everywhere.
    Scalar,
}

impl LayoutChoice {
    /// The rules of a constant or texture buffer (`constant == true`) or a storage buffer.
    pub fn rules(self, constant: bool) -> LayoutRules {
        match (self, constant) {
            (LayoutChoice::VectorRelaxed, true) => LayoutRules::RelaxedStd140,
            (LayoutChoice::VectorRelaxed, false) => LayoutRules::RelaxedStd430,
            (LayoutChoice::Gl, true) => LayoutRules::Std140,
            (LayoutChoice::Gl, false) => LayoutRules::Std430,
            (LayoutChoice::Dx, true) => LayoutRules::Dx,
            (LayoutChoice::Dx, false) => LayoutRules::DxStructured,
            (LayoutChoice::Scalar, _) => LayoutRules::Scalar,
        }
    }

    /// The rules of a texture buffer (`tbuffer`, `TextureBuffer<T>`): a storage buffer's,
    /// except under `-fvk-use-dx-layout`, which packs it as a cbuffer (DXC's
    /// `tBufferLayoutRule`: relaxed std430, std430 with `-fvk-use-gl-layout`, FXC's cbuffer
    /// packing with `-fvk-use-dx-layout`, scalar with `-fvk-use-scalar-layout`).
    pub fn texture_buffer_rules(self) -> LayoutRules {
        match self {
            LayoutChoice::Dx => LayoutRules::Dx,
            _ => self.rules(false),
        }
    }
}

impl LowerOptions {
    /// The shift `-fvk-<class>-shift` gives registers of `class` in space 0 (`-fvk-auto-shift-
    /// bindings` starts automatic bindings there).
    pub fn space0_shift(&self, class: RegisterClass) -> u32 {
        self.binding_shifts
            .iter()
            .rev()
            .find(|s| s.class == class && s.space.is_none_or(|sp| sp == 0))
            .map_or(0, |s| s.shift)
    }

    /// The binding of `register(<class><register>, space<space>)`: a bound register's, or the
    /// register shifted by the last shift that names its class and space (or `all`).
    pub fn register_binding(&self, class: RegisterClass, register: u32, space: u32) -> (u32, u32) {
        if let Some(bound) = self.bound_register(class, register, space) {
            return bound;
        }
        let shift = self
            .binding_shifts
            .iter()
            .rev()
            .find(|s| s.class == class && s.space.is_none_or(|sp| sp == space))
            .map_or(0, |s| s.shift);
        (space, register.saturating_add(shift))
    }

    /// The set and binding `-fvk-bind-register` gives `register(<class><register>,
    /// space<space>)`, if any (the last one given wins).
    pub fn bound_register(
        &self,
        class: RegisterClass,
        register: u32,
        space: u32,
    ) -> Option<(u32, u32)> {
        self.bound_registers
            .iter()
            .rev()
            .find(|b| b.class == class && b.register == register && b.space == space)
            .map(|b| (b.set, b.binding))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_matching_shift_wins_and_all_covers_every_space() {
        let t = RegisterClass::ShaderResource;
        let options = LowerOptions {
            binding_shifts: vec![
                BindingShift {
                    class: t,
                    space: Some(0),
                    shift: 10,
                },
                BindingShift {
                    class: t,
                    space: Some(1),
                    shift: 20,
                },
                BindingShift {
                    class: RegisterClass::Sampler,
                    space: None,
                    shift: 100,
                },
            ],
            ..LowerOptions::default()
        };
        assert_eq!(options.register_binding(t, 0, 0), (0, 10));
        assert_eq!(options.register_binding(t, 1, 1), (1, 21));
        assert_eq!(options.register_binding(t, 1, 2), (2, 1));
        assert_eq!(
            options.register_binding(RegisterClass::Sampler, 2, 5),
            (5, 102)
        );
        assert_eq!(
            options.register_binding(RegisterClass::ConstantBuffer, 3, 0),
            (0, 3)
        );
    }

    #[test]
    fn a_bound_register_takes_its_own_set_and_binding() {
        let options = LowerOptions {
            bound_registers: vec![BoundRegister {
                class: RegisterClass::UnorderedAccess,
                register: 3,
                space: 1,
                binding: 7,
                set: 2,
            }],
            ..LowerOptions::default()
        };
        let u = RegisterClass::UnorderedAccess;
        assert_eq!(options.register_binding(u, 3, 1), (2, 7));
        assert_eq!(options.register_binding(u, 3, 0), (0, 3));
        assert_eq!(options.bound_register(u, 3, 1), Some((2, 7)));
    }

    #[test]
    fn layout_choices_map_to_dxc_rules() {
        assert_eq!(
            LayoutChoice::default().rules(true),
            LayoutRules::RelaxedStd140
        );
        assert_eq!(
            LayoutChoice::default().rules(false),
            LayoutRules::RelaxedStd430
        );
        assert_eq!(LayoutChoice::Gl.rules(true), LayoutRules::Std140);
        assert_eq!(LayoutChoice::Gl.rules(false), LayoutRules::Std430);
        assert_eq!(LayoutChoice::Dx.rules(true), LayoutRules::Dx);
        assert_eq!(LayoutChoice::Dx.rules(false), LayoutRules::DxStructured);
        assert_eq!(LayoutChoice::Scalar.rules(true), LayoutRules::Scalar);
        // A tbuffer is a storage buffer, packed as a cbuffer only by the DX layout.
        assert_eq!(
            LayoutChoice::VectorRelaxed.texture_buffer_rules(),
            LayoutRules::RelaxedStd430
        );
        assert_eq!(LayoutChoice::Gl.texture_buffer_rules(), LayoutRules::Std430);
        assert_eq!(LayoutChoice::Dx.texture_buffer_rules(), LayoutRules::Dx);
        assert_eq!(
            LayoutChoice::Scalar.texture_buffer_rules(),
            LayoutRules::Scalar
        );
    }
}
