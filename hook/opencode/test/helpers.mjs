// Test helpers: temp dirs and fake checkers.
//
// A fake checker is a small executable node script written to a temp dir. It runs under
// the invoker's EMPTY environment, so its shebang names node by absolute path, and its
// behaviour is picked by its first argument (checker.command = [script, mode, ...]).

import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** A fresh temp dir, removed by the returned cleanup. */
export function tempDir(prefix = "sw-test-") {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Writes an executable node script `name` with `body` into `dir`; returns its path. */
export function writeScript(dir, name, body) {
  const path = join(dir, name)
  writeFileSync(path, `#!${process.execPath}\n${body}\n`)
  chmodSync(path, 0o755)
  return path
}

// The fake checker. Modes:
//   allow | ask | deny            well-formed verdicts (deny carries a message and ruleId)
//   rules                         per command: raw "rm…" deny rule.rm, "curl…" ask rule.net, else allow rule.ok;
//                                 aggregate the worst
//   e2e                           deny when the command has `rm -rf`, else allow
//   env                           allow, message = JSON of its environment
//   count FILE                    append a line to FILE, then allow
//   record FILE                   write the letter to FILE, then allow
//   exit3 | stderr-exit           exit ≠ 0 (the second with a reason on stderr)
//   sleep                         never answers
//   ignore-term FILE              writes its pid to FILE, ignores SIGTERM, never answers
//   hang-after-output             prints a valid allow, then never exits
//   garbage | empty | oversize | invalid-utf8 | two-docs
//   wrong-id | missing-commands | extra-commands | wrong-index | out-of-order
//   deny-no-message | deny-empty-message | bad-word | bad-command-word
//   aggregate-looser | message-too-long | facts-too-big | not-object | no-commands-field
export const FAKE_CHECKER = String.raw`
const { appendFileSync, writeFileSync } = require("node:fs")
const mode = process.argv[2]
const arg = process.argv[3]
let input = ""
process.stdin.setEncoding("utf8")
process.stdin.on("data", (c) => { input += c })
process.stdin.on("end", () => {
  const letter = JSON.parse(input)
  const id = letter.invocation.id
  const cmds = (verdict, extra = {}) => letter.commands.map((c) => ({ index: c.index, verdict, ruleId: "rule.test", classification: "static", match: "argv", ...extra }))
  const out = (o) => process.stdout.write(JSON.stringify(o))
  const ok = (verdict, message) => out({ invocationId: id, verdict, ...(message !== undefined ? { message } : {}), commands: cmds(verdict) })
  switch (mode) {
    case "allow": return ok("allow")
    case "ask": return ok("ask", "a person should look at this")
    case "deny": return ok("deny", "refused by the test: run something else")
    case "rules": {
      const rank = { allow: 0, ask: 1, deny: 2 }
      const commands = letter.commands.map((c) => /^rm/.test(c.raw) ? { index: c.index, verdict: "deny", ruleId: "rule.rm" }
        : /^curl/.test(c.raw) ? { index: c.index, verdict: "ask", ruleId: "rule.net" } : { index: c.index, verdict: "allow", ruleId: "rule.ok" })
      const verdict = commands.reduce((w, c) => rank[c.verdict] > rank[w] ? c.verdict : w, "allow")
      return out({ invocationId: id, verdict, ...(verdict === "deny" ? { message: "rm is refused by the test: delete with git clean instead" } : {}), commands })
    }
    case "e2e": {
      const deny = letter.commands.some((c) => /\brm\s+-rf\b/.test(c.raw))
      return out({ invocationId: id, verdict: deny ? "deny" : "allow", ...(deny ? { message: "recursive delete refused by the fake checker: move the directory aside with mv instead" } : {}),
        commands: letter.commands.map((c) => ({ index: c.index, verdict: /\brm\s+-rf\b/.test(c.raw) ? "deny" : "allow", ruleId: /\brm\s+-rf\b/.test(c.raw) ? "fake.rm-rf" : "fake.default" })) })
    }
    case "env": return ok("allow", JSON.stringify(process.env))
    case "count": appendFileSync(arg, "spawn\n"); return ok("allow")
    case "record": writeFileSync(arg, input); return ok("allow")
    case "exit3": ok("allow"); process.exitCode = 3; return
    case "stderr-exit": process.stderr.write("bad config: no rules\nsecond line\n"); process.exitCode = 2; return
    case "sleep": setInterval(() => {}, 1000); return
    case "ignore-term": writeFileSync(arg, String(process.pid)); process.on("SIGTERM", () => {}); setInterval(() => {}, 1000); return
    case "hang-after-output": ok("allow"); setInterval(() => {}, 1000); return
    case "garbage": return process.stdout.write("this is not json")
    case "empty": return
    case "oversize": return out({ invocationId: id, verdict: "allow", commands: cmds("allow"), pad: "x".repeat(70 * 1024) })
    case "invalid-utf8": return process.stdout.write(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))
    case "two-docs": ok("allow"); return ok("allow")
    case "wrong-id": return out({ invocationId: id + "x", verdict: "allow", commands: cmds("allow") })
    case "missing-commands": return out({ invocationId: id, verdict: "allow", commands: cmds("allow").slice(1) })
    case "extra-commands": return out({ invocationId: id, verdict: "allow", commands: [...cmds("allow"), { index: letter.commands.length, verdict: "allow" }] })
    case "wrong-index": return out({ invocationId: id, verdict: "allow", commands: cmds("allow").map((c) => ({ ...c, index: c.index + 1 })) })
    case "out-of-order": return out({ invocationId: id, verdict: "allow", commands: cmds("allow").reverse() })
    case "deny-no-message": return out({ invocationId: id, verdict: "deny", commands: cmds("deny") })
    case "deny-empty-message": return out({ invocationId: id, verdict: "deny", message: "  ", commands: cmds("deny") })
    case "bad-word": return out({ invocationId: id, verdict: "permit", commands: cmds("allow") })
    case "bad-command-word": return out({ invocationId: id, verdict: "allow", commands: cmds("ALLOW") })
    case "aggregate-looser": return out({ invocationId: id, verdict: "allow", commands: cmds("deny") })
    case "message-too-long": return ok("ask", "m".repeat(513))
    case "facts-too-big": return out({ invocationId: id, verdict: "allow", commands: cmds("allow", { facts: { pad: "f".repeat(17 * 1024) } }) })
    case "not-object": return process.stdout.write("[1,2]")
    case "no-commands-field": return out({ invocationId: id, verdict: "allow" })
    default: process.stderr.write("unknown mode " + mode + "\n"); process.exitCode = 9
  }
})
`

/** Writes the fake checker into `dir`; returns its absolute path. */
export function writeFakeChecker(dir, name = "fake-checker") {
  return writeScript(dir, name, FAKE_CHECKER)
}

/** A letter with the given raw commands. */
export function letterOf(raws, id = "msg_1:call_1") {
  return {
    version: 1,
    invocation: { id, sessionID: "ses_1", projectDir: "/proj" },
    action: "shell",
    commands: raws.map((raw, index) => ({ index, raw, cwd: "" })),
  }
}

/** Polls `predicate` every 10 ms until true or `ms` elapse. */
export async function waitFor(predicate, ms = 3000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await predicate()) return true
    await new Promise((r) => setTimeout(r, 10))
  }
  return false
}
