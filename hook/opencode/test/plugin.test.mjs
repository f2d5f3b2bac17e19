// The OpenCode wiring, driven the way OpenCode 1.18.33 drives it:
// tool.execute.before → [event permission.asked] → shell.env → tool.execute.after.

import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { after, before, describe, test } from "node:test"
import * as entry from "../dist/index.js"
import { clientReplier } from "../dist/opencode.js"
import { createPlugin } from "../dist/plugin.js"
import { tempDir, waitFor, writeFakeChecker } from "./helpers.mjs"

let tmp
let fake
before(() => {
  tmp = tempDir()
  fake = writeFakeChecker(tmp.dir)
})
after(() => tmp.cleanup())

const SES = "ses_1"
const ctx = (client = {}) => ({ directory: "/proj", worktree: "/proj", client, project: {}, serverUrl: new URL("http://localhost:4096"), $: undefined })

async function plugin(options, { client } = {}) {
  const replies = []
  const lines = []
  const debugDir = join(tmp.dir, `debug-${Math.random().toString(36).slice(2)}`)
  const hooks = await createPlugin(ctx(client), options === null ? undefined : { debug: { enabled: true, dir: debugDir }, ...options }, {
    env: {},
    replier: async (target, reply, message) => {
      replies.push({ ...target, reply, ...(message !== undefined ? { message } : {}) })
      return true
    },
    write: (level, line) => lines.push(line),
  })
  const debug = () => {
    try {
      return readFileSync(join(debugDir, "hook.ndjson"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l))
    } catch {
      return []
    }
  }
  return { hooks, replies, lines, debug }
}
const checker = (mode, extra = []) => ({ checker: { command: [fake, mode, ...extra] } })

// The calls OpenCode makes for one bash tool call.
const before_ = (hooks, command, callID = "call_1", args = {}) => hooks["tool.execute.before"]({ tool: "bash", sessionID: SES, callID }, { args: { command, description: "d", ...args } })
const asked = (hooks, callID = "call_1", command = "ls", id = "per_1") =>
  hooks.event({ event: { type: "permission.asked", properties: { id, sessionID: SES, permission: "bash", patterns: [command], metadata: { command }, always: [], tool: { messageID: "msg_1", callID } } } })
const shellEnv = (hooks, callID = "call_1") => hooks["shell.env"]({ cwd: "/proj", sessionID: SES, callID }, { env: {} })
const toolPart = (hooks, callID = "call_1", messageID = "msg_9") =>
  hooks.event({ event: { type: "message.part.updated", properties: { part: { type: "tool", callID, messageID, sessionID: SES } } } })

describe("entry point", () => {
  test("the module exports only the plugin function (OpenCode calls every exported function)", () => {
    assert.deepEqual(Object.keys(entry), ["default"])
    assert.equal(typeof entry.default, "function")
  })
  test("version matches package.json", async () => {
    const { VERSION } = await import("../dist/version.js")
    assert.equal(VERSION, JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version)
  })
})

describe("deny", () => {
  test("tool.execute.before throws the prescriptive message (holds under any permission config and --auto)", async () => {
    const { hooks, replies, debug } = await plugin(checker("deny"))
    await assert.rejects(before_(hooks, "rm -rf /"), { message: "shell-warden denied this command: refused by the test: run something else" })
    assert.deepEqual(replies, [])
    assert.deepEqual(debug().map((d) => d.event), ["load", "check"])
  })
  test("a degrade to deny throws with the degrade message", async () => {
    const { hooks } = await plugin({ ...checker("garbage"), onCheckerError: "deny" })
    await assert.rejects(before_(hooks, "ls"), { message: /^shell-warden could not check this command: the verdict is not one JSON document; ask the user$/ })
  })
  test("a broken checker path degrades (the plugin stays enabled) and is warned about at load", async () => {
    const { hooks, lines } = await plugin({ checker: { command: [join(tmp.dir, "missing", "shell-warden")] }, onCheckerError: "deny" })
    assert.ok(lines.some((l) => /is not an executable file \(ENOENT\): every check will degrade to deny/.test(l)), lines.join("\n"))
    await assert.rejects(before_(hooks, "echo hi"), { message: /could not start the checker .*ENOENT; ask the user/ })
  })
})

describe("allow", () => {
  test("permission.asked for the same call is answered once from the record, without a second spawn", async () => {
    const counter = join(tmp.dir, "count-allow")
    const { hooks, replies, debug } = await plugin(checker("count", [counter]))
    await before_(hooks, "ls")
    await asked(hooks)
    assert.deepEqual(replies, [{ requestID: "per_1", sessionID: SES, reply: "once" }])
    await shellEnv(hooks) // does not throw
    assert.equal(readFileSync(counter, "utf8"), "spawn\n")
    assert.deepEqual(debug().filter((d) => d.event === "reply").map((d) => d.reply), ["once"])
  })
  test("with no permission.asked (bash allowed, or --auto) the allowed command just runs", async () => {
    const { hooks, replies } = await plugin(checker("allow"))
    await before_(hooks, "ls")
    await shellEnv(hooks)
    assert.deepEqual(replies, [])
  })
})

describe("ask", () => {
  test("permission.asked gets silence: the person decides; shell.env then lets it run", async () => {
    const { hooks, replies, debug } = await plugin(checker("ask"))
    await before_(hooks, "curl x")
    await asked(hooks)
    assert.deepEqual(replies, [])
    await shellEnv(hooks)
    assert.match(debug().find((d) => d.event === "reply").reply, /^none/)
  })
  test("without a permission.asked nobody was asked: shell.env refuses (an ask never becomes an allow)", async () => {
    const { hooks } = await plugin(checker("ask"))
    await before_(hooks, "curl x")
    await assert.rejects(shellEnv(hooks), { message: /^shell-warden wants the user to approve this command \(a person should look at this\), but OpenCode did not ask anyone/ })
  })
  test("a degrade to ask under --auto is refused the same way", async () => {
    const { hooks } = await plugin({ ...checker("exit3"), onCheckerError: "ask" })
    await before_(hooks, "ls")
    await assert.rejects(shellEnv(hooks), { message: /could not check this command: the checker exited with status 3.*OpenCode did not ask anyone/ })
  })
  test("an exhausted reject budget hands the call to the person (silence), never allows", async () => {
    const { hooks, replies } = await plugin({ ...checker("deny"), rejectBudget: { maxRejections: 1 } })
    await assert.rejects(before_(hooks, "rm -rf /", "call_1"))
    await before_(hooks, "rm -rf /", "call_2") // budget exhausted: no throw …
    await asked(hooks, "call_2", "rm -rf /")
    assert.deepEqual(replies, []) // … silence on the permission …
    await before_(hooks, "rm -rf /", "call_3")
    await assert.rejects(shellEnv(hooks, "call_3"), /did not ask anyone/) // … and refused when nobody is asked
  })
})

describe("permission.asked without a record", () => {
  test("is checked from the request itself: deny → reject with the message", async () => {
    const { hooks, replies, debug } = await plugin(checker("deny"))
    await asked(hooks, "call_9", "rm -rf /")
    assert.deepEqual(replies, [{ requestID: "per_1", sessionID: SES, reply: "reject", message: "shell-warden denied this command: refused by the test: run something else" }])
    assert.equal(debug().find((d) => d.event === "check").invocationId, "msg_1:call_9")
  })
  test("allow → once; a degrade to deny → reject with the degrade message", async () => {
    const a = await plugin(checker("allow"))
    await asked(a.hooks, "call_9")
    assert.deepEqual(a.replies.map((r) => r.reply), ["once"])
    const d = await plugin({ ...checker("garbage"), onCheckerError: "deny" })
    await asked(d.hooks, "call_9")
    assert.equal(d.replies[0].reply, "reject")
    assert.match(d.replies[0].message, /^shell-warden could not check this command: .*; ask the user$/)
  })
  test("other permissions are not ours", async () => {
    const { hooks, replies, debug } = await plugin(checker("deny"))
    await hooks.event({ event: { type: "permission.asked", properties: { id: "p", sessionID: SES, permission: "edit", patterns: ["x"], metadata: {}, always: [] } } })
    assert.deepEqual(replies, [])
    assert.equal(debug().filter((d) => d.event === "check").length, 0)
  })
})

describe("letter contents", () => {
  test("invocation id from the tool part's messageID; workdir resolved against the project; agent from chat.message", async () => {
    const file = join(tmp.dir, "letter-1.json")
    const { hooks } = await plugin(checker("record", [file]))
    await hooks["chat.message"]({ sessionID: SES, agent: "build" }, { message: {}, parts: [] })
    await toolPart(hooks, "call_5", "msg_5")
    await before_(hooks, "ls -l", "call_5", { workdir: "sub" })
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), {
      version: 1,
      invocation: { id: "msg_5:call_5", sessionID: SES, agent: "build", projectDir: "/proj" },
      action: "shell",
      commands: [{ index: 0, raw: "ls -l", cwd: "/proj/sub" }],
    })
  })
  test("without a known message: anon:<sessionID>:shell, cwd empty", async () => {
    const file = join(tmp.dir, "letter-2.json")
    const { hooks } = await plugin(checker("record", [file]))
    await before_(hooks, "pwd", "call_6")
    const letter = JSON.parse(readFileSync(file, "utf8"))
    assert.equal(letter.invocation.id, `anon:${SES}:shell`)
    assert.equal(letter.commands[0].cwd, "")
  })
})

describe("non-bash tools and options", () => {
  test("other tools pass untouched", async () => {
    const { hooks, debug } = await plugin(checker("deny"))
    await hooks["tool.execute.before"]({ tool: "edit", sessionID: SES, callID: "c" }, { args: {} })
    assert.equal(debug().filter((d) => d.event === "check").length, 0)
  })
  test("actions without shell: bash is not checked", async () => {
    const { hooks, lines } = await plugin({ ...checker("deny"), actions: [] })
    await before_(hooks, "rm -rf /")
    assert.ok(lines.some((l) => l.includes("no shell command will be checked")))
  })
  test("enabled: false returns no hooks", async () => {
    const { hooks } = await plugin({ ...checker("deny"), enabled: false })
    assert.deepEqual(hooks, {})
  })
  test("a bash call without command text degrades", async () => {
    const { hooks } = await plugin({ ...checker("allow"), onCheckerError: "deny" })
    await assert.rejects(hooks["tool.execute.before"]({ tool: "bash", sessionID: SES, callID: "c" }, { args: {} }), /carries no command text/)
  })
  test("unknown keys are warned about whatever logLevel says", async () => {
    const { lines } = await plugin({ ...checker("allow"), logLevel: "error", colour: "red" })
    assert.ok(lines.includes('[shell-warden] warn: unknown option "colour" ignored'), lines.join("\n"))
  })
  test("asConfig.observeShell records every shell.env", async () => {
    const { hooks, debug } = await plugin({ ...checker("allow"), asConfig: { observeShell: true } })
    await shellEnv(hooks, "call_x")
    assert.ok(debug().some((d) => d.event === "shell.env" && d.callID === "call_x"))
  })
})

describe("fatal misconfiguration", () => {
  for (const [name, options] of [
    ["no options at all", null],
    ['onCheckerError "allow"', { ...{ checker: { command: ["/bin/true"] } }, onCheckerError: "allow" }],
    ["relative checker", { checker: { command: ["shell-warden"] } }],
    ["unset {env:…}", { checker: { command: ["{env:SW_UNSET}"] } }],
    ["bad sha256", { checker: { command: ["/bin/true"], sha256: "abc" } }],
  ]) {
    test(`${name}: says so loudly and refuses every bash call`, async () => {
      const toasts = []
      const client = { tui: { showToast: async (o) => toasts.push(o) } }
      const { hooks, lines } = await plugin(options, { client })
      assert.ok(lines.some((l) => l.startsWith("[shell-warden] error: shell-warden is DISABLED by a configuration error")), lines.join("\n"))
      await waitFor(() => toasts.length > 0)
      assert.equal(toasts[0].body.variant, "error")
      await assert.rejects(before_(hooks, "echo hi"), /shell-warden is DISABLED by a configuration error: .*Tell the user/)
      await hooks["tool.execute.before"]({ tool: "read", sessionID: SES, callID: "c" }, { args: {} }) // other tools still work
    })
  }
})

describe("clientReplier", () => {
  test("POSTs /permission/{id}/reply with reply and message through the SDK's HTTP client", async () => {
    const calls = []
    const client = { _client: { post: async (o) => { calls.push(o); return { data: true, response: { ok: true, status: 200 } } } } }
    const ok = await clientReplier(client, () => {})({ requestID: "per_1", sessionID: SES }, "reject", "no")
    assert.equal(ok, true)
    assert.equal(calls[0].url, "/permission/{requestID}/reply")
    assert.deepEqual(calls[0].path, { requestID: "per_1" })
    assert.deepEqual(calls[0].body, { reply: "reject", message: "no" })
  })
  test("falls back to the deprecated route; reports when both fail", async () => {
    const legacy = []
    const errors = []
    const client = {
      _client: { post: async () => ({ error: { name: "NotFound" }, response: { ok: false, status: 404 } }) },
      postSessionIdPermissionsPermissionId: async (o) => { legacy.push(o); return { data: true, response: { ok: true } } },
    }
    assert.equal(await clientReplier(client, (m) => errors.push(m))({ requestID: "per_1", sessionID: SES }, "once"), true)
    assert.deepEqual(legacy[0], { path: { id: SES, permissionID: "per_1" }, body: { response: "once" } })
    const none = await clientReplier({}, (m) => errors.push(m))({ requestID: "per_2", sessionID: SES }, "once")
    assert.equal(none, false)
    assert.match(errors.at(-1), /could not reply "once" to permission per_2/)
  })
})
