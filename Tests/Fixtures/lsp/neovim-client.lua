-- A real client of `flowc lsp`: Neovim's built-in one (0.7 and later), run headless by
-- Tests/FlowCLITests/LanguageServerProcessTests.swift. It opens a flow with a misspelt
-- screen, waits for the diagnostic, asks for a definition and a completion, and writes what
-- it got, a line each, to $FLOWSPEC_LSP_OUT, which the test compares.
local out = {}
local function say(line) table.insert(out, line) end

local function run()
  local flowc = os.getenv("FLOWSPEC_FLOWC")
  local file = os.getenv("FLOWSPEC_FLOW")
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buffer = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = "flowc",
    cmd = { flowc, "lsp" },
    root_dir = vim.fn.fnamemodify(file, ":h"),
  })
  if not id then
    say("error: the client did not start")
    return
  end
  vim.lsp.buf_attach_client(buffer, id)
  local client = vim.lsp.get_client_by_id(id)

  local got = vim.wait(20000, function() return #vim.diagnostic.get(buffer) > 0 end, 20)
  if not got then say("error: no diagnostics within 20 s") end
  local diagnostics = vim.diagnostic.get(buffer)
  table.sort(diagnostics, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  for _, d in ipairs(diagnostics) do
    local lsp = d.user_data and d.user_data.lsp or {}
    say(string.format("diagnostic %d:%d %s %s", d.lnum + 1, d.col + 1, d.code or lsp.code or "?", d.message))
  end

  local uri = vim.uri_from_bufnr(buffer)
  -- `Login` in `logout: { setRoot: Login }`, line 10.
  local definition = client.request_sync("textDocument/definition", {
    textDocument = { uri = uri }, position = { line = 9, character = 27 },
  }, 10000, buffer)
  if definition and definition.result then
    for _, location in ipairs(definition.result) do
      say(string.format("definition %s %d:%d", vim.fn.fnamemodify(vim.uri_to_fname(location.uri), ":t"),
        location.range.start.line + 1, location.range.start.character + 1))
    end
  else
    say("error: no definition")
  end

  -- After `push: Inf` in `login: { push: Infoz }`, line 6.
  local completion = client.request_sync("textDocument/completion", {
    textDocument = { uri = uri }, position = { line = 5, character = 24 },
  }, 10000, buffer)
  if completion and completion.result then
    local labels = {}
    for _, item in ipairs(completion.result.items or completion.result) do table.insert(labels, item.label) end
    table.sort(labels)
    say("completion " .. table.concat(labels, ","))
  else
    say("error: no completion")
  end
  vim.lsp.stop_client(id)
end

local ok, problem = pcall(run)
if not ok then say("error: " .. tostring(problem)) end
vim.fn.writefile(out, os.getenv("FLOWSPEC_LSP_OUT"))
vim.cmd("qa!")
