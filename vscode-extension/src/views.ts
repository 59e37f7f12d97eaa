// The side-pane views: which custom request each command sends, how a pane's virtual URI
// encodes the source document and the view, and the pane's language. Pure (no `vscode`
// import) so the URI round trip is unit-tested under node.

export type ViewKind = 'ir' | 'optimizedIr' | 'spirv' | 'msl' | 'wgsl' | 'syntaxTree' | 'signatures';

export interface ViewSpec {
  kind: ViewKind;
  command: string;
  method: string;
  /** Shown in the tab: `<file> · <title>`. */
  title: string;
  /** The language of the pane, for colouring. */
  language: string;
  /** Extra request parameters. */
  extra?: Record<string, unknown>;
  /** The pane follows the cursor (the function at the cursor). */
  followsCursor: boolean;
}

export const SCHEME = 'hlsl-analyzer-view';

export const VIEWS: ViewSpec[] = [
  { kind: 'ir', command: 'hlsl-analyzer.showIr', method: 'hlsl-analyzer/viewIr', title: 'IR', language: 'hlsl-ir', extra: { optimized: false }, followsCursor: true },
  { kind: 'optimizedIr', command: 'hlsl-analyzer.showOptimizedIr', method: 'hlsl-analyzer/viewIr', title: 'Optimized IR', language: 'hlsl-ir', extra: { optimized: true }, followsCursor: true },
  { kind: 'spirv', command: 'hlsl-analyzer.showSpirv', method: 'hlsl-analyzer/viewSpirv', title: 'SPIR-V', language: 'spirv', followsCursor: false },
  { kind: 'msl', command: 'hlsl-analyzer.showMsl', method: 'hlsl-analyzer/viewMsl', title: 'MSL', language: 'cpp', followsCursor: false },
  { kind: 'wgsl', command: 'hlsl-analyzer.showWgsl', method: 'hlsl-analyzer/viewWgsl', title: 'WGSL', language: 'wgsl', followsCursor: false },
  { kind: 'syntaxTree', command: 'hlsl-analyzer.showSyntaxTree', method: 'hlsl-analyzer/syntaxTree', title: 'Syntax Tree', language: 'hlsl-syntax-tree', followsCursor: false },
  { kind: 'signatures', command: 'hlsl-analyzer.showSignatures', method: 'hlsl-analyzer/viewSignatures', title: 'Signatures', language: 'plaintext', followsCursor: false },
];

export function viewByKind(kind: string): ViewSpec | undefined {
  return VIEWS.find((v) => v.kind === kind);
}

/** The parts of a pane URI: `hlsl-analyzer-view:/<file> · <title>?view=<kind>&source=<uri>`. */
export interface PaneUriParts {
  path: string;
  query: string;
}

export function paneUriParts(view: ViewSpec, sourceUri: string, sourceBaseName: string): PaneUriParts {
  const query = `view=${encodeURIComponent(view.kind)}&source=${encodeURIComponent(sourceUri)}`;
  return { path: `/${sourceBaseName} · ${view.title}`, query };
}

export function parsePaneQuery(query: string): { view: ViewSpec; source: string } | undefined {
  const params = new URLSearchParams(query);
  const view = viewByKind(params.get('view') ?? '');
  const source = params.get('source');
  if (!view || !source) return undefined;
  return { view, source };
}

/** The text a pane shows for a request's answer: the server's text, whatever its shape. */
export function paneText(result: unknown): string {
  if (typeof result === 'string') return result;
  if (result && typeof result === 'object' && typeof (result as { text?: unknown }).text === 'string') {
    return (result as { text: string }).text;
  }
  if (result === null || result === undefined) return 'hlsl-analyzer: the server sent no text for this view.';
  return JSON.stringify(result, null, 2);
}

/** The text a pane shows when its request failed: the server's message, and the method. */
export function paneErrorText(method: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? error);
  return `hlsl-analyzer: ${method} failed: ${message}\n`;
}
