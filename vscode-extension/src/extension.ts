// The VS Code extension's entry point: finds and starts the hlsl-analyzer language server,
// keeps its settings in sync, and serves the IR / SPIR-V / MSL / WGSL / syntax-tree /
// signature panes as read-only virtual documents filled through the server's custom requests.

import * as path from 'path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { findServer, ServerNotFoundError } from './discovery';
import { configurationPayload } from './settings';
import { paneErrorText, paneText, paneUriParts, parsePaneQuery, SCHEME, ViewSpec, VIEWS } from './views';

const SECTION = 'hlsl-analyzer';
let client: LanguageClient | undefined;
let output: vscode.OutputChannel;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('hlsl-analyzer');
  const panes = new PaneProvider();
  context.subscriptions.push(
    output,
    panes,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, panes),
    ...VIEWS.map((view) => vscode.commands.registerCommand(view.command, () => openPane(view, panes))),
    vscode.commands.registerCommand('hlsl-analyzer.restartServer', () => restart(context, panes)),
    vscode.workspace.onDidChangeConfiguration((e) => onConfigurationChanged(e, context, panes)),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}

function settings(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION);
}

function serverPayload() {
  const s = settings();
  return configurationPayload({
    includeDirs: s.get('includeDirs'),
    defines: s.get('defines'),
    profile: s.get('profile'),
    targetEnv: s.get('targetEnv'),
  });
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  let found;
  try {
    found = await findServer({
      configuredPath: settings().get<string | null>('server.path'),
      extensionPath: context.extensionPath,
      envPath: process.env.PATH,
      workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    });
  } catch (e) {
    const message = e instanceof ServerNotFoundError ? e.message : `hlsl-analyzer: ${String(e)}`;
    output.appendLine(message);
    void vscode.window.showErrorMessage(message.split('\n').join(' '), 'Open Settings').then((pick) => {
      if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', `${SECTION}.server.path`);
    });
    return;
  }
  output.appendLine(`hlsl-analyzer: using ${found.path} (${found.version}, from ${found.source})`);
  const run = { command: found.path, transport: TransportKind.stdio };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'hlsl' },
      { scheme: 'untitled', language: 'hlsl' },
    ],
    initializationOptions: serverPayload(),
    outputChannel: output,
  };
  client = new LanguageClient(SECTION, 'hlsl-analyzer', serverOptions, clientOptions);
  await client.start();
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) {
    try {
      await c.stop(2000);
    } catch (e) {
      output.appendLine(`hlsl-analyzer: stopping the server: ${String(e)}`);
    }
  }
}

async function restart(context: vscode.ExtensionContext, panes: PaneProvider): Promise<void> {
  await stop();
  await start(context);
  panes.refreshAll();
}

function onConfigurationChanged(
  e: vscode.ConfigurationChangeEvent,
  context: vscode.ExtensionContext,
  panes: PaneProvider,
): void {
  if (!e.affectsConfiguration(SECTION)) return;
  if (e.affectsConfiguration(`${SECTION}.server.path`)) {
    void restart(context, panes);
    return;
  }
  if (client?.isRunning()) {
    // The server replaces its client layer with what is sent here; no restart needed.
    void client.sendNotification('workspace/didChangeConfiguration', { settings: serverPayload() });
    panes.refreshAllSoon();
  }
}

/** Opens (or reveals) the pane of `view` for the active HLSL editor, beside it, keeping focus. */
async function openPane(view: ViewSpec, panes: PaneProvider): Promise<void> {
  // From a pane (or another file), the views are of the HLSL editor used last.
  const active = vscode.window.activeTextEditor;
  const editor = active?.document.languageId === 'hlsl' ? active : panes.lastHlslEditor();
  if (!editor || editor.document.languageId !== 'hlsl') {
    void vscode.window.showInformationMessage(`HLSL: ${view.title} needs an HLSL file in the editor.`);
    return;
  }
  const source = editor.document.uri;
  panes.noteCursor(source, editor.selection.active);
  const parts = paneUriParts(view, source.toString(), path.basename(source.fsPath || source.path));
  const uri = vscode.Uri.from({ scheme: SCHEME, path: parts.path, query: parts.query });
  let doc = await vscode.workspace.openTextDocument(uri);
  if (doc.languageId !== view.language) {
    doc = await vscode.languages.setTextDocumentLanguage(doc, view.language);
  }
  panes.refresh(uri);
  await vscode.window.showTextDocument(doc, {
    viewColumn: vscode.ViewColumn.Beside,
    preserveFocus: true,
    preview: false,
  });
}

/**
 * Serves the panes. A pane's text comes from the server each time VS Code asks; edits of the
 * source (debounced) and cursor moves (for panes that follow the cursor) tell VS Code to ask again.
 */
class PaneProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly cursors = new Map<string, vscode.Position>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private lastEditor: vscode.TextEditor | undefined;

  constructor() {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.languageId === 'hlsl' && e.contentChanges.length > 0) {
          this.schedule(e.document.uri.toString(), () => true);
        }
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor.document.languageId !== 'hlsl') return;
        const source = e.textEditor.document.uri;
        this.lastEditor = e.textEditor;
        this.noteCursor(source, e.selections[0].active);
        this.schedule(source.toString(), (view) => view.followsCursor);
      }),
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (e?.document.languageId === 'hlsl') this.lastEditor = e;
      }),
    );
  }

  lastHlslEditor(): vscode.TextEditor | undefined {
    return this.lastEditor;
  }

  noteCursor(source: vscode.Uri, position: vscode.Position): void {
    this.cursors.set(source.toString(), position);
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const parsed = parsePaneQuery(uri.query);
    if (!parsed) return `hlsl-analyzer: not a pane address: ${uri.toString()}\n`;
    const { view, source } = parsed;
    if (!client || !client.isRunning()) {
      return 'hlsl-analyzer: the language server is not running (see the "hlsl-analyzer" output; "HLSL: Restart Server" starts it again).\n';
    }
    const position = this.cursors.get(source);
    const params = {
      textDocument: { uri: source },
      ...(position ? { position: { line: position.line, character: position.character } } : {}),
      ...(view.extra ?? {}),
    };
    try {
      const result = await client.sendRequest(view.method, params, token);
      return paneText(result);
    } catch (e) {
      return paneErrorText(view.method, e);
    }
  }

  /** Panes of `source` that `which` selects refresh after the configured delay. */
  private schedule(source: string, which: (view: ViewSpec) => boolean): void {
    const open = this.openPanes().filter((p) => p.source === source && which(p.view));
    if (open.length === 0) return;
    const key = `${source}\n${open.map((p) => p.view.kind).join(',')}`;
    clearTimeout(this.timers.get(key));
    const delay = vscode.workspace.getConfiguration(SECTION).get<number>('views.refreshDelay', 300);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        for (const p of open) this.changed.fire(p.uri);
      }, delay),
    );
  }

  private openPanes(): { uri: vscode.Uri; view: ViewSpec; source: string }[] {
    const out = [];
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme !== SCHEME || doc.isClosed) continue;
      const parsed = parsePaneQuery(doc.uri.query);
      if (parsed) out.push({ uri: doc.uri, ...parsed });
    }
    return out;
  }

  refresh(uri: vscode.Uri): void {
    this.changed.fire(uri);
  }

  refreshAll(): void {
    for (const p of this.openPanes()) this.changed.fire(p.uri);
  }

  refreshAllSoon(): void {
    setTimeout(() => this.refreshAll(), 300);
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}
