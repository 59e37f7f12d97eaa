-- Loaded by Neovim at startup: filetype detection for HLSL files (.hlsl, .hlsli, .fx, .fxh).
-- Starting the language server and the :Hlsl* commands come with require('hlsl_analyzer').setup().
if vim.g.loaded_hlsl_analyzer then
  return
end
vim.g.loaded_hlsl_analyzer = true

-- An autocommand rather than vim.filetype.add, which Neovim 0.7 has only behind do_filetype_lua.
local group = vim.api.nvim_create_augroup('hlsl_analyzer_filetype', { clear = true })
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  group = group,
  pattern = { '*.hlsl', '*.hlsli', '*.fx', '*.fxh' },
  callback = function()
    vim.bo.filetype = 'hlsl'
  end,
})
