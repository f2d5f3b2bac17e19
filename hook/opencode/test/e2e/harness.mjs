// End-to-end harness: installs the real OpenCode client from npm into .e2e-cache/ (once),
// and runs `opencode run` against the scripted model server with this package's dist/
// loaded as a plugin, in a throw-away HOME/XDG and project.
//
// Every child is bounded in time; the model server listens on 127.0.0.1 only.

import { execFileSync, spawn } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { arch, platform } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { startModelServer } from "./model-server.mjs"

export const OPENCODE_VERSION = "1.18.33"
export const PKG_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..")
export const DIST_INDEX = join(PKG_DIR, "dist", "index.js")
const CACHE = join(PKG_DIR, ".e2e-cache")

function installedVersion() {
  try {
    return JSON.parse(readFileSync(join(CACHE, "node_modules", "opencode-ai", "package.json"), "utf8")).version
  } catch {
    return null
  }
}

/** The opencode binary of the platform package (no dependence on its postinstall). */
function binaryCandidates() {
  const os = platform() === "win32" ? "windows" : platform()
  const exe = platform() === "win32" ? "opencode.exe" : "opencode"
  const names = [`opencode-${os}-${arch()}`, `opencode-${os}-${arch()}-baseline`]
  return [
    ...names.map((n) => join(CACHE, "node_modules", n, "bin", exe)),
    join(CACHE, "node_modules", "opencode-ai", "bin", "opencode.exe"),
  ]
}

/** Installs opencode-ai@1.18.33 into .e2e-cache unless it is there; returns the binary. */
export function ensureOpencode() {
  const find = () => binaryCandidates().find((p) => existsSync(p) && statSync(p).size > 1_000_000)
  if (installedVersion() !== OPENCODE_VERSION || !find()) {
    mkdirSync(CACHE, { recursive: true })
    writeFileSync(join(CACHE, "package.json"), JSON.stringify({ name: "shell-warden-e2e-cache", private: true, version: "0.0.0" }) + "\n")
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--save-exact", `opencode-ai@${OPENCODE_VERSION}`], {
      cwd: CACHE,
      stdio: ["ignore", "inherit", "inherit"],
      timeout: 540_000,
    })
  }
  const bin = find()
  if (!bin) throw new Error(`opencode-ai@${OPENCODE_VERSION} installed but no binary found among ${binaryCandidates().join(", ")}`)
  return bin
}

/**
 * Runs one `opencode run` with `prompt` in a fresh project under `root`.
 * options: pluginOptions (object), permission (OpenCode permission config or undefined),
 * auto (boolean), timeoutMs, setupProject(dir), setupHome(dir).
 * Returns {code, stdout, stderr, events, requests, project, home}.
 */
export async function runOpencode(bin, root, { prompt, pluginOptions, permission, auto = false, timeoutMs = 150_000, setupProject, setupHome }) {
  const project = join(root, "project")
  const home = join(root, "home")
  for (const d of [project, home]) mkdirSync(d, { recursive: true })
  setupProject?.(project)
  setupHome?.(home)
  const server = await startModelServer()
  try {
    const config = {
      $schema: "https://opencode.ai/config.json",
      provider: {
        mock: {
          npm: "@ai-sdk/openai-compatible",
          name: "Scripted model",
          options: { baseURL: server.url, apiKey: "not-a-key" },
          models: { x: { name: "x", tool_call: true } },
        },
      },
      model: "mock/x",
      plugin: [[pathToFileURL(DIST_INDEX).href, pluginOptions]],
      ...(permission !== undefined ? { permission } : {}),
    }
    writeFileSync(join(project, "opencode.json"), JSON.stringify(config, null, 2))
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      XDG_CONFIG_HOME: join(root, "xdg-config"),
      XDG_DATA_HOME: join(root, "xdg-data"),
      XDG_CACHE_HOME: join(root, "xdg-cache"),
      XDG_STATE_HOME: join(root, "xdg-state"),
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      TMPDIR: root,
    }
    const args = ["run", prompt, "--model", "mock/x", "--format", "json", ...(auto ? ["--auto"] : [])]
    const child = spawn(bin, args, { cwd: project, env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (c) => { stdout += c })
    child.stderr.setEncoding("utf8").on("data", (c) => { stderr += c })
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs)
    const code = await new Promise((resolve) => child.on("close", (c, sig) => resolve(c ?? sig)))
    clearTimeout(timer)
    const events = stdout.split("\n").filter((l) => l.trim().startsWith("{")).map((l) => {
      try { return JSON.parse(l) } catch { return { unparsed: l } }
    })
    return { code, stdout, stderr, events, requests: server.requests.slice(), project, home }
  } finally {
    await server.close()
  }
}

/** The content of every tool-result message the model was sent, in order. */
export function toolResultsSeenByModel(requests) {
  const seen = []
  for (const r of requests) {
    for (const m of r.messages ?? []) {
      if (m.role === "tool") seen.push(typeof m.content === "string" ? m.content : JSON.stringify(m.content))
    }
  }
  return [...new Set(seen)]
}

/** The bash tool_use events opencode printed. */
export function bashToolEvents(events) {
  return events.filter((e) => e.type === "tool_use" && e.part?.tool === "bash")
}

/** Parsed records of a debug NDJSON file ([] when absent). */
export function readDebug(file) {
  if (!existsSync(file)) return []
  return readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l))
}
