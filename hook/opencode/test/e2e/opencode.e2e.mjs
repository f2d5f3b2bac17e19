// End to end with the real client: OpenCode 1.18.33 + this plugin (dist/) + a checker.
//
//   SHELL_WARDEN_CHECKER=/abs/path/to/shell-warden npm run test:e2e
//
// SHELL_WARDEN_CHECKER_ARGS (a JSON array) adds arguments after the checker path, e.g.
// '["--config","/abs/hard.jsonc"]'. SHELL_WARDEN_CHECKER=fake uses the fake checker of
// the unit tests (denies `rm -rf`, allows the rest) — for developing without the real one.
// Unset, the repository's checker/target/shell-warden is used when it exists.

import assert from "node:assert/strict"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { isAbsolute, join } from "node:path"
import { after, before, describe, test } from "node:test"
import { writeFakeChecker } from "../helpers.mjs"
import { bashToolEvents, ensureOpencode, PKG_DIR, readDebug, runOpencode, toolResultsSeenByModel } from "./harness.mjs"

const roots = []
function freshRoot() {
  const root = mkdtempSync(join(tmpdir(), "sw-e2e-"))
  roots.push(root)
  return root
}

function resolveChecker() {
  const fromEnv = process.env.SHELL_WARDEN_CHECKER
  if (fromEnv === "fake") {
    const dir = freshRoot()
    return { command: [writeFakeChecker(dir)].concat(["e2e"]), label: "fake checker" }
  }
  const path = fromEnv || join(PKG_DIR, "..", "..", "checker", "target", "shell-warden")
  if (!isAbsolute(path) || !existsSync(path)) {
    throw new Error(`no checker: set SHELL_WARDEN_CHECKER to the absolute path of shell-warden (tried ${path})`)
  }
  const extra = process.env.SHELL_WARDEN_CHECKER_ARGS ? JSON.parse(process.env.SHELL_WARDEN_CHECKER_ARGS) : []
  return { command: [path, ...extra], label: path }
}

const withVictim = (project) => {
  mkdirSync(join(project, "victim"), { recursive: true })
  writeFileSync(join(project, "victim", "precious.txt"), "keep me\n")
}

describe(`OpenCode 1.18.33 with the shell-warden plugin`, { timeout: 900_000 }, () => {
  let bin
  let checker
  before(() => {
    bin = ensureOpencode()
    checker = resolveChecker()
    console.log(`# opencode: ${bin}\n# checker: ${checker.label} ${JSON.stringify(checker.command.slice(1))}`)
  }, { timeout: 600_000 })
  after(() => { for (const r of roots) rmSync(r, { recursive: true, force: true }) })

  const options = (root, extra = {}) => ({
    checker: { command: checker.command },
    budgets: { checkTimeoutMs: 10_000 },
    onCheckerError: "deny",
    debug: { enabled: true, dir: join(root, "debug") },
    ...extra,
  })

  test("rm -rf ~ (HOME is a throw-away dir holding a victim) is denied under --auto; the model gets the message", { timeout: 200_000 }, async () => {
    const root = freshRoot()
    const r = await runOpencode(bin, root, {
      prompt: "please RUN[[rm -rf ~]]",
      pluginOptions: options(root),
      auto: true,
      setupHome: (home) => writeFileSync(join(home, "precious.txt"), "keep me\n"),
    })
    const debug = readDebug(join(root, "debug", "hook.ndjson"))
    assert.ok(debug.some((d) => d.event === "load"), `plugin did not load; stderr:\n${r.stderr}`)
    assert.ok(existsSync(join(r.home, "precious.txt")), "the victim was deleted")
    const check = debug.find((d) => d.event === "check")
    assert.equal(check?.verdict, "deny", JSON.stringify(debug))
    assert.equal(check?.source, "checker")
    assert.match(check?.invocationId ?? "", /^msg_[^:]+:call_1$/, "invocation id is <messageID>:<callID>")
    const seen = toolResultsSeenByModel(r.requests)
    assert.ok(seen.some((s) => s.startsWith("shell-warden denied this command: ")), `model saw: ${JSON.stringify(seen)}`)
    assert.equal(bashToolEvents(r.events)[0]?.part?.state?.status, "error")
    console.log(`# rm -rf ~: model received ${JSON.stringify(seen)}`)
  })

  test("rm -rf of a directory inside the project, checker in its strictest mode, is refused under --auto", { timeout: 200_000 }, async () => {
    // The real checker allows deletes inside the project in its default (loose) mode and
    // asks in hard mode; an ask under --auto reaches nobody, so the hook refuses it.
    const root = freshRoot()
    const hard = join(root, "checker-hard.jsonc")
    writeFileSync(hard, '{ "mode": "hard" }\n')
    const r = await runOpencode(bin, root, {
      prompt: "please RUN[[rm -rf victim]]",
      pluginOptions: options(root, { checker: { command: [...checker.command, "--config", hard] } }),
      auto: true,
      setupProject: withVictim,
    })
    const debug = readDebug(join(root, "debug", "hook.ndjson"))
    assert.ok(debug.some((d) => d.event === "load"), `plugin did not load; stderr:\n${r.stderr}`)
    assert.ok(existsSync(join(r.project, "victim", "precious.txt")), "the victim was deleted")
    const check = debug.find((d) => d.event === "check")
    assert.equal(check?.source, "checker", JSON.stringify(debug))
    assert.ok(["deny", "ask"].includes(check?.verdict))
    const seen = toolResultsSeenByModel(r.requests)
    assert.ok(seen.some((s) => /^shell-warden (denied this command|wants the user to approve this command)/.test(s)), `model saw: ${JSON.stringify(seen)}`)
    assert.notEqual(bashToolEvents(r.events)[0]?.part?.state?.status, "completed")
    console.log(`# rm -rf victim (${check.verdict}): model received ${JSON.stringify(seen)}`)
  })

  test("echo hello is allowed through permission.asked (bash: ask) and runs", { timeout: 200_000 }, async () => {
    const root = freshRoot()
    // With the checker pinned: the pin is computed here from the file under test.
    const sha256 = createHash("sha256").update(readFileSync(checker.command[0])).digest("hex")
    const pinned = options(root, { checker: { command: checker.command, sha256 } })
    const r = await runOpencode(bin, root, { prompt: "please RUN[[echo hello]]", pluginOptions: pinned, permission: { bash: "ask" } })
    const debug = readDebug(join(root, "debug", "hook.ndjson"))
    assert.ok(debug.some((d) => d.event === "load" && d.pinned === true), `plugin did not load; stderr:\n${r.stderr}`)
    assert.equal(debug.filter((d) => d.event === "check").length, 1, "exactly one check (no second spawn for the permission)")
    assert.ok(debug.some((d) => d.event === "reply" && d.reply === "once" && d.ok === true), JSON.stringify(debug))
    const tool = bashToolEvents(r.events)[0]
    assert.equal(tool?.part?.state?.status, "completed", JSON.stringify(tool))
    assert.equal(tool?.part?.state?.output, "hello\n")
    assert.ok(toolResultsSeenByModel(r.requests).includes("hello\n"))
  })

  test("echo hello is allowed and runs under --auto", { timeout: 200_000 }, async () => {
    const root = freshRoot()
    const r = await runOpencode(bin, root, { prompt: "please RUN[[echo hello]]", pluginOptions: options(root), auto: true })
    assert.ok(readDebug(join(root, "debug", "hook.ndjson")).some((d) => d.event === "check" && d.verdict === "allow"), r.stderr)
    assert.equal(bashToolEvents(r.events)[0]?.part?.state?.output, "hello\n")
  })

  const broken = (root, onCheckerError) =>
    options(root, { checker: { command: [join(root, "no-such-dir", "shell-warden")] }, onCheckerError })

  test("a broken checker path degrades to deny (onCheckerError: deny) under --auto", { timeout: 200_000 }, async () => {
    const root = freshRoot()
    const r = await runOpencode(bin, root, { prompt: "please RUN[[echo hello]]", pluginOptions: broken(root, "deny"), auto: true })
    const debug = readDebug(join(root, "debug", "hook.ndjson"))
    assert.ok(debug.some((d) => d.event === "load"), `plugin did not load; stderr:\n${r.stderr}`)
    assert.ok(r.stderr.includes("is not an executable file"), "the load warning about the checker is shown")
    assert.equal(debug.find((d) => d.event === "check")?.source, "degrade")
    const seen = toolResultsSeenByModel(r.requests)
    assert.ok(seen.some((s) => s.includes("shell-warden could not check this command: could not start the checker") && s.includes("ask the user")), JSON.stringify(seen))
    assert.notEqual(bashToolEvents(r.events)[0]?.part?.state?.status, "completed")
  })

  test("a broken checker path degrades to ask (onCheckerError: ask): with --auto nobody is asked, so it is refused", { timeout: 200_000 }, async () => {
    const root = freshRoot()
    const r = await runOpencode(bin, root, { prompt: "please RUN[[echo hello]]", pluginOptions: broken(root, "ask"), auto: true })
    const debug = readDebug(join(root, "debug", "hook.ndjson"))
    assert.equal(debug.find((d) => d.event === "check")?.verdict, "ask")
    assert.ok(debug.some((d) => d.event === "unasked"), JSON.stringify(debug))
    const seen = toolResultsSeenByModel(r.requests)
    assert.ok(seen.some((s) => s.includes("shell-warden wants the user to approve this command")), JSON.stringify(seen))
    assert.notEqual(bashToolEvents(r.events)[0]?.part?.state?.status, "completed")
  })

  test("a broken checker path degrades to ask (onCheckerError: ask): with bash: ask the hook stays silent and the person (here: headless auto-reject) decides", { timeout: 200_000 }, async () => {
    const root = freshRoot()
    const r = await runOpencode(bin, root, { prompt: "please RUN[[echo hello]]", pluginOptions: broken(root, "ask"), permission: { bash: "ask" } })
    const debug = readDebug(join(root, "debug", "hook.ndjson"))
    assert.ok(debug.some((d) => d.event === "reply" && d.reply.startsWith("none")), JSON.stringify(debug))
    assert.match(r.stderr, /permission requested: bash .*auto-rejecting/)
    assert.notEqual(bashToolEvents(r.events)[0]?.part?.state?.status, "completed")
  })

  test('a fatal misconfiguration (onCheckerError: "allow") says so loudly and refuses every bash call', { timeout: 200_000 }, async () => {
    const root = freshRoot()
    const r = await runOpencode(bin, root, { prompt: "please RUN[[echo hello]]", pluginOptions: options(root, { onCheckerError: "allow" }), auto: true })
    assert.match(r.stderr, /\[shell-warden\] error: shell-warden is DISABLED by a configuration error/)
    const seen = toolResultsSeenByModel(r.requests)
    assert.ok(seen.some((s) => s.includes("shell-warden is DISABLED by a configuration error")), JSON.stringify(seen))
    assert.notEqual(bashToolEvents(r.events)[0]?.part?.state?.status, "completed")
  })
})
