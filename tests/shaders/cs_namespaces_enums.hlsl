// entry: main cs_6_0
// args: -HV 2021
// A material-classification pass written with namespaces, unscoped enums and enum class, structs with static const members and methods, and a switch over enum values.

namespace Shading
{
    enum class Model : uint
    {
        Unlit = 0,
        DefaultLit = 1,
        Subsurface = 2,
        ClearCoat = 3,
        Hair = 4,
    };

    enum Flags
    {
        FLAG_NONE        = 0,
        FLAG_CAST_SHADOW = 1 << 0,
        FLAG_TWO_SIDED   = 1 << 1,
        FLAG_EMISSIVE    = 1 << 2,
    };

    struct Classification
    {
        static const uint kModelBits = 3;
        static const uint kModelMask = (1u << kModelBits) - 1u;

        uint packed;

        Model GetModel()
        {
            return (Model)(packed & kModelMask);
        }

        bool HasFlag(Flags f)
        {
            return ((packed >> kModelBits) & (uint)f) != 0;
        }
    };

    namespace Cost
    {
        // Relative shading cost per model, used for tile binning.
        uint Of(Model m)
        {
            switch (m)
            {
            case Model::Unlit:
                return 1;
            case Model::DefaultLit:
                return 4;
            case Model::Subsurface:
            case Model::ClearCoat:
                return 7;
            case Model::Hair:
                return 10;
            default:
                return 4;
            }
        }
    }
}

typedef Shading::Model ShadingModel;

Texture2D<uint>          g_MaterialIds   : register(t0);
RWStructuredBuffer<uint> g_ModelCounts   : register(u0);
RWTexture2D<uint>        g_TileCost      : register(u1);

groupshared uint s_TileCost;

[numthreads(8, 8, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint gi : SV_GroupIndex)
{
    if (gi == 0)
        s_TileCost = 0;
    GroupMemoryBarrierWithGroupSync();

    Shading::Classification c;
    c.packed = g_MaterialIds.Load(int3(dtid.xy, 0));

    ShadingModel model = c.GetModel();
    uint cost = Shading::Cost::Of(model);
    if (c.HasFlag(Shading::FLAG_TWO_SIDED))
        cost += 1;
    if (c.HasFlag(Shading::FLAG_EMISSIVE) && model == ShadingModel::Unlit)
        cost = 1;

    InterlockedAdd(s_TileCost, cost);
    InterlockedAdd(g_ModelCounts[(uint)model], 1u);
    GroupMemoryBarrierWithGroupSync();

    if (gi == 0)
    {
        g_TileCost[gid.xy] = s_TileCost + Shading::Classification::kModelBits * 0;
    }
}
