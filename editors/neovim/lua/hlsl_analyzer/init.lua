-- The Neovim client of hlsl-analyzer: starts the language server for `hlsl` buffers (root:
-- the nearest `hlsl-analyzer.toml`, else `.git`, else the file's folder), and defines the
-- :HlslShowIr, :HlslShowOptimizedIr, :HlslShowSpirv, :HlslShowMsl, :HlslShowWgsl, :HlslSyntaxTree
-- and :HlslSignatures commands that show the server's views in a scratch split.
-- Works on Neovim 0.7 (vim.lsp.start_client) and uses vim.lsp.config/vim.lsp.enable when present.
local M = {}

M.name = 'hlsl_analyzer'

local defaults = {
  cmd = { 'hlsl-analyzer' },
  filetypes = { 'hlsl' },
  root_markers = { 'hlsl-analyzer.toml', '.git' },
  -- The server's settings (includeDirs, defines, profile, targetEnv...), sent as
  -- initializationOptions and workspace/didChangeConfiguration under "hlsl-analyzer".
  settings = {},
  -- Keep the cursor in the source window when a view opens.
  keep_focus = true,
  -- Open views refresh this many milliseconds after the source changes; false turns it off.
  refresh_delay = 300,
}

M.config = vim.deepcopy(defaults)

-- The views: command, request, extra parameters and the scratch buffer's filetype.
M.views = {
  { command = 'HlslShowIr', method = 'hlsl-analyzer/viewIr', extra = { optimized = false }, filetype = 'hlsl_ir', title = 'IR' },
  { command = 'HlslShowOptimizedIr', method = 'hlsl-analyzer/viewIr', extra = { optimized = true }, filetype = 'hlsl_ir', title = 'Optimized IR' },
  { command = 'HlslShowSpirv', method = 'hlsl-analyzer/viewSpirv', filetype = 'spirv', title = 'SPIR-V' },
  { command = 'HlslShowMsl', method = 'hlsl-analyzer/viewMsl', filetype = 'cpp', title = 'MSL' },
  { command = 'HlslShowWgsl', method = 'hlsl-analyzer/viewWgsl', filetype = 'wgsl', title = 'WGSL' },
  { command = 'HlslSyntaxTree', method = 'hlsl-analyzer/syntaxTree', filetype = 'hlsl_syntax_tree', title = 'Syntax Tree' },
  { command = 'HlslSignatures', method = 'hlsl-analyzer/viewSignatures', filetype = 'text', title = 'Signatures' },
}

local function has(version)
  return vim.fn.has('nvim-' .. version) == 1
end

--- The first directory at or above `path`'s folder holding one of `markers`.
function M.find_root(path, markers)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  while true do
    for _, marker in ipairs(markers) do
      local candidate = dir .. '/' .. marker
      if vim.fn.filereadable(candidate) == 1 or vim.fn.isdirectory(candidate) == 1 then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return nil
    end
    dir = parent
  end
end

local function server_settings()
  return { ['hlsl-analyzer'] = M.config.settings }
end

local function client_config(root)
  return {
    name = M.name,
    cmd = M.config.cmd,
    root_dir = root,
    init_options = server_settings(),
    settings = server_settings(),
  }
end

--- The hlsl-analyzer client attached to `bufnr`, if any.
function M.client(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local clients
  if vim.lsp.get_clients then
    clients = vim.lsp.get_clients({ bufnr = bufnr, name = M.name })
  else
    clients = {}
    for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
      if c.name == M.name then
        table.insert(clients, c)
      end
    end
  end
  return clients[1]
end

-- Neovim 0.7 to 0.10: one client per root, started from a FileType autocommand.
local started = {}
local function attach_legacy(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == '' then
    return
  end
  local root = M.find_root(path, M.config.root_markers) or vim.fn.fnamemodify(path, ':p:h')
  if vim.lsp.start then
    vim.lsp.start(client_config(root), { bufnr = bufnr })
    return
  end
  local id = started[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(client_config(root))
    if not id then
      vim.notify('hlsl-analyzer: could not start ' .. table.concat(M.config.cmd, ' '), vim.log.levels.ERROR)
      return
    end
    started[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
end

-- Client methods are called with `:` from 0.11 on; the `.` form warns there.
local function call(client, method, ...)
  if has('0.11') then
    return client[method](client, ...)
  end
  return client[method](...)
end

local function request(client, method, params, handler, bufnr)
  return call(client, 'request', method, params, handler, bufnr)
end

--- Every running hlsl-analyzer client.
function M.clients()
  local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  local out = {}
  for _, c in ipairs(all) do
    if c.name == M.name then
      table.insert(out, c)
    end
  end
  return out
end

-- Scratch buffers of open views: buffer -> { source = bufnr, view = view }.
local panes = {}

local function pane_params(source_buf, view)
  local params = { textDocument = { uri = vim.uri_from_bufnr(source_buf) } }
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_buf(win) == source_buf then
      local cursor = vim.api.nvim_win_get_cursor(win)
      params.position = { line = cursor[1] - 1, character = cursor[2] }
      break
    end
  end
  for k, v in pairs(view.extra or {}) do
    params[k] = v
  end
  return params
end

local function set_text(buf, text)
  if not vim.api.nvim_buf_is_valid(buf) then
    return
  end
  local lines = vim.split(text, '\n', { plain = true })
  if lines[#lines] == '' then
    table.remove(lines)
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].modified = false
end

--- Asks the server for `view` of `source_buf` and writes the answer (or the error) into `buf`.
function M.fill(buf, source_buf, view)
  local client = M.client(source_buf)
  if not client then
    set_text(buf, 'hlsl-analyzer: no language server is attached to this buffer.')
    return
  end
  request(client, view.method, pane_params(source_buf, view), function(err, result)
    vim.schedule(function()
      if err then
        set_text(buf, ('hlsl-analyzer: %s failed: %s'):format(view.method, err.message or vim.inspect(err)))
      elseif type(result) == 'string' then
        set_text(buf, result)
      elseif type(result) == 'table' and type(result.text) == 'string' then
        set_text(buf, result.text)
      else
        set_text(buf, 'hlsl-analyzer: the server sent no text for this view.')
      end
    end)
  end, source_buf)
end

-- Source buffers whose changes refresh their panes. nvim_buf_attach sees every change (typed,
-- undone or made through the API), unlike the TextChanged autocommands.
local watched = {}
local schedule_refresh
local function watch_source(source_buf)
  if watched[source_buf] then
    return
  end
  watched[source_buf] = true
  vim.api.nvim_buf_attach(source_buf, false, {
    on_lines = function()
      vim.schedule(function()
        schedule_refresh(source_buf)
      end)
    end,
    on_detach = function()
      watched[source_buf] = nil
    end,
  })
end

--- Opens (or reuses) the scratch split of `view` for the current buffer and fills it.
function M.show(view)
  local source_buf = vim.api.nvim_get_current_buf()
  if vim.bo[source_buf].filetype ~= 'hlsl' then
    vim.notify('hlsl-analyzer: ' .. view.command .. ' needs an HLSL buffer', vim.log.levels.WARN)
    return
  end
  local source_win = vim.api.nvim_get_current_win()
  local name = ('hlsl-analyzer://%s/%s'):format(view.title, vim.api.nvim_buf_get_name(source_buf))
  local buf = vim.fn.bufnr(name)
  if buf == -1 or not panes[buf] then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, name)
    vim.bo[buf].buftype = 'nofile'
    vim.bo[buf].bufhidden = 'hide'
    vim.bo[buf].swapfile = false
    vim.bo[buf].filetype = view.filetype
    panes[buf] = { source = source_buf, view = view }
    vim.api.nvim_create_autocmd('BufWipeout', { buffer = buf, callback = function() panes[buf] = nil end })
  end
  watch_source(source_buf)
  set_text(buf, 'hlsl-analyzer: waiting for the server...')
  if vim.fn.bufwinid(buf) == -1 then
    vim.cmd('vertical rightbelow sbuffer ' .. buf)
  end
  if M.config.keep_focus then
    vim.api.nvim_set_current_win(source_win)
  end
  M.fill(buf, source_buf, view)
  return buf
end

--- The scratch buffers of open views, for tests and statuslines.
function M.panes()
  return panes
end

local refresh_timer
schedule_refresh = function(source_buf)
  if not M.config.refresh_delay then
    return
  end
  if refresh_timer then
    refresh_timer:stop()
  end
  refresh_timer = vim.defer_fn(function()
    refresh_timer = nil
    for buf, pane in pairs(panes) do
      if pane.source == source_buf and vim.api.nvim_buf_is_valid(buf) and vim.fn.bufwinid(buf) ~= -1 then
        M.fill(buf, source_buf, pane.view)
      end
    end
  end, M.config.refresh_delay)
end

local function define_commands()
  for _, view in ipairs(M.views) do
    vim.api.nvim_create_user_command(view.command, function()
      M.show(view)
    end, { desc = 'hlsl-analyzer: show ' .. view.title })
  end
  vim.api.nvim_create_user_command('HlslRestartServer', function()
    for _, c in ipairs(M.clients()) do
      call(c, 'stop')
    end
    started = {}
    vim.defer_fn(function()
      for _, b in ipairs(vim.api.nvim_list_bufs()) do
        if vim.api.nvim_buf_is_loaded(b) and vim.bo[b].filetype == 'hlsl' then
          vim.api.nvim_exec_autocmds('FileType', { buffer = b, modeline = false })
        end
      end
    end, 500)
  end, { desc = 'hlsl-analyzer: restart the language server' })
end

--- Sets up the client. `opts` overrides the defaults above (cmd, settings, root_markers, ...).
function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  define_commands()
  local group = vim.api.nvim_create_augroup('hlsl_analyzer', { clear = true })
  if vim.lsp.config and vim.lsp.enable then
    vim.lsp.config(M.name, {
      cmd = M.config.cmd,
      filetypes = M.config.filetypes,
      root_markers = M.config.root_markers,
      init_options = server_settings(),
      settings = server_settings(),
    })
    vim.lsp.enable(M.name)
  else
    vim.api.nvim_create_autocmd('FileType', {
      group = group,
      pattern = M.config.filetypes,
      callback = function(args)
        attach_legacy(args.buf)
      end,
    })
    -- Buffers already open when setup() runs.
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(b) and vim.tbl_contains(M.config.filetypes, vim.bo[b].filetype) then
        attach_legacy(b)
      end
    end
  end
end

--- Sends new settings to the running servers (workspace/didChangeConfiguration), no restart.
function M.set_settings(settings)
  M.config.settings = settings or {}
  for _, c in ipairs(M.clients()) do
    c.config.settings = server_settings()
    call(c, 'notify', 'workspace/didChangeConfiguration', { settings = server_settings() })
  end
end

return M
