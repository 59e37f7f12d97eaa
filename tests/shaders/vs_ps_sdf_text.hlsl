// entry: VSMain vs_6_0
// entry: PSMain ps_6_0
// Signed-distance-field text and UI quads: glyph quads expanded from SV_VertexID, antialiasing width from fwidth, outline and drop shadow, with min16float arithmetic in the pixel shader.

struct Glyph
{
    float2 screenPos;   // top-left in pixels
    float2 size;        // pixels
    float4 uvRect;      // xy min, zw max
    uint   color;       // RGBA8
    uint   outlineColor;
    float  outlineWidth;
    float  pad;
};

cbuffer TextCB : register(b0)
{
    float2 g_InvScreenSize;
    float  g_DistanceRange;   // in texels, as baked
    float  g_ShadowSoftness;
    float2 g_ShadowOffset;    // in uv units
    float2 g_AtlasSize;
};

StructuredBuffer<Glyph> g_Glyphs : register(t0);
Texture2D<float>        g_Atlas  : register(t1);
SamplerState            g_Linear : register(s0);

struct VSOut
{
    float4 position : SV_Position;
    float2 uv       : TEXCOORD0;
    nointerpolation float4 color   : COLOR0;
    nointerpolation float4 outline : COLOR1;
    nointerpolation float  outlineWidth : TEXCOORD1;
};

float4 UnpackRGBA8(uint c)
{
    return float4(c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff, c >> 24) / 255.0;
}

VSOut VSMain(uint vertexId : SV_VertexID, uint instanceId : SV_InstanceID)
{
    Glyph g = g_Glyphs[instanceId];
    // Two triangles: 0,1,2 / 2,1,3 on the corner index bits.
    static const uint kCorners[6] = { 0, 1, 2, 2, 1, 3 };
    uint corner = kCorners[vertexId % 6];
    float2 t = float2(corner & 1, corner >> 1);

    float2 pixel = g_Glyphs[instanceId].screenPos + t * g.size;
    VSOut o;
    o.position = float4(pixel * g_InvScreenSize * float2(2, -2) + float2(-1, 1), 0, 1);
    o.uv = lerp(g.uvRect.xy, g.uvRect.zw, t);
    o.color = UnpackRGBA8(g.color);
    o.outline = UnpackRGBA8(g.outlineColor);
    o.outlineWidth = g.outlineWidth;
    return o;
}

float4 PSMain(VSOut i) : SV_Target
{
    float dist = g_Atlas.Sample(g_Linear, i.uv);
    // Screen-space width of one distance unit.
    float aa = max(fwidth(dist), 1e-4);

    min16float edge = (min16float)0.5;
    min16float fill = (min16float)smoothstep(edge - aa, edge + aa, dist);
    min16float outlineEdge = edge - (min16float)(i.outlineWidth / g_DistanceRange);
    min16float outlineA = (min16float)smoothstep(outlineEdge - aa, outlineEdge + aa, dist);

    float shadowDist = g_Atlas.Sample(g_Linear, i.uv - g_ShadowOffset);
    min16float shadow = (min16float)smoothstep(0.5 - g_ShadowSoftness, 0.5, shadowDist);

    min16float4 text = lerp((min16float4)i.outline, (min16float4)i.color, fill);
    text.a *= outlineA;
    // Composite the drop shadow below the glyph.
    min16float shadowA = shadow * (min16float)0.6 * ((min16float)1.0 - text.a);
    float4 result = float4(text.rgb * text.a, text.a + shadowA);
    return result;
}
