// Maps the extension's settings (the `hlsl-analyzer.*` section of VS Code's configuration) to
// the settings layer the language server reads from `initializationOptions` and
// `workspace/didChangeConfiguration`. Pure: no `vscode` import, so unit tests run under node.

/** The VS Code settings the server cares about, as `getConfiguration('hlsl-analyzer')` gives them. */
export interface ExtensionSettings {
  includeDirs?: unknown;
  defines?: unknown;
  profile?: unknown;
  targetEnv?: unknown;
}

/** The server's client layer (camelCase keys of the server's `Settings`). */
export interface ServerSettings {
  includeDirs?: string[];
  defines?: Record<string, string | number | boolean>;
  profile?: string;
  targetEnv?: string;
}

/**
 * Only settings the user actually gave are sent: the server replaces a value of
 * `hlsl-analyzer.toml` by any value the client layer holds, so an empty list or a null here
 * would hide the workspace file's value.
 */
export function toServerSettings(s: ExtensionSettings): ServerSettings {
  const out: ServerSettings = {};
  if (Array.isArray(s.includeDirs)) {
    const dirs = s.includeDirs.filter((d): d is string => typeof d === 'string' && d.trim() !== '');
    if (dirs.length > 0) out.includeDirs = dirs.map((d) => d.trim());
  }
  const defines = toDefines(s.defines);
  if (defines && Object.keys(defines).length > 0) out.defines = defines;
  const profile = nonEmptyString(s.profile);
  if (profile) out.profile = profile;
  const targetEnv = nonEmptyString(s.targetEnv);
  if (targetEnv) out.targetEnv = targetEnv;
  return out;
}

/** The payload of `workspace/didChangeConfiguration` (and of `initializationOptions`). */
export function configurationPayload(s: ExtensionSettings): { 'hlsl-analyzer': ServerSettings } {
  return { 'hlsl-analyzer': toServerSettings(s) };
}

/**
 * Accepts the object form (`{ "A": 1, "B": "x" }`) and, for hand-written settings, the list
 * form (`["A=1", "B"]`) that `-D` users type; a bare name means "defined as 1".
 */
function toDefines(value: unknown): Record<string, string | number | boolean> | undefined {
  const out: Record<string, string | number | boolean> = {};
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item !== 'string') continue;
      const eq = item.indexOf('=');
      const name = (eq < 0 ? item : item.slice(0, eq)).trim();
      if (name === '') continue;
      out[name] = eq < 0 ? 1 : item.slice(eq + 1);
    }
    return out;
  }
  if (value && typeof value === 'object') {
    for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
      if (name.trim() === '') continue;
      if (typeof v === 'string' || typeof v === 'boolean') out[name] = v;
      else if (typeof v === 'number' && Number.isInteger(v)) out[name] = v;
      else if (typeof v === 'number') out[name] = String(v);
    }
    return out;
  }
  return undefined;
}

function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}
