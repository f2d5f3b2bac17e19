// The OpenCode 1.18.33 wiring.
//
// What 1.18.33 really does (shared/research/agent-clients.md, and observed again by
// this package's e2e test): its `permission.ask` hook is never called; a bash call goes
// tool.execute.before → [event permission.asked → permission.replied] → shell.env → run.
// The permission event only happens when OpenCode's own config says "ask" for bash and
// --auto is off; by default bash is allowed outright.
//
// So:
// - tool.execute.before checks every bash call (one spawn) and throws on deny. A throw
//   there blocks the command under every permission config and --auto, and the model
//   receives the message.
// - The decision is remembered per call. A later permission.asked for the same call is
//   answered from it without a second spawn: allow → "once", ask → silence (a person
//   decides), deny → "reject" with the message.
// - shell.env runs right before the command starts. An "ask" decision for which no
//   permission.asked was seen means no person was asked (bash allowed by config, or
//   --auto): the hook refuses there, so an ask — including every degrade to ask and an
//   exhausted reject budget — never silently becomes an allow.
// - A fatal misconfiguration does not remove the hook: it refuses every bash call with
//   the reason, and says so on stderr, in OpenCode's log and as a TUI toast.

import { constants } from "node:fs"
import { access } from "node:fs/promises"
import { isAbsolute, resolve } from "node:path"
import type { Hooks, PluginInput } from "@opencode-ai/plugin"
import { validateOptions, type Config, type LogLevel } from "./config.js"
import { CheckerInvoker } from "./invoker.js"
import type { CheckRequest } from "./letter.js"
import { createDebugSink, createLogger, debugFile, type DebugSink, type Logger } from "./log.js"
import { ExpiringLru } from "./lru.js"
import { CallMap, clientReplier, type CallRecord, type Replier } from "./opencode.js"
import { PinGuard } from "./pin.js"
import { SHELL_ACTION } from "./types.js"
import { VERSION } from "./version.js"
import { Warden, type Decision } from "./warden.js"

/** OpenCode's name for the shell tool and its permission. */
const BASH = "bash"

/** Seams for tests; OpenCode passes none of these. */
export interface PluginSeams {
  env?: NodeJS.ProcessEnv
  replier?: Replier
  /** Where log lines go (default: stderr and OpenCode's app log). */
  write?: (level: LogLevel, line: string) => void
}

/** Builds the hooks for one OpenCode instance. Never throws. */
export async function createPlugin(ctx: PluginInput, options: unknown, seams: PluginSeams = {}): Promise<Hooks> {
  const env = seams.env ?? process.env
  const write = seams.write ?? defaultWriter(ctx)
  const result = validateOptions(options, env)
  // Configuration warnings are shown whatever logLevel says, as the seed did.
  for (const w of result.warnings) write("warn", `[shell-warden] warn: ${w}`)
  if (!result.ok) return misconfigured(ctx, result.reason, write)

  const config = result.config
  const log = createLogger(config.logLevel, write)
  if (!config.enabled) {
    log("info", "disabled by its options (enabled: false): shell commands are not checked")
    return {}
  }

  let debug: DebugSink | null = null
  if (config.debug.enabled) {
    const file = debugFile(config.debug.dir, env)
    if (file === null) log("warn", "debug.enabled but neither debug.dir nor HOME is set: no debug records")
    else debug = createDebugSink(file)
  }

  const bin = config.checker.command[0] as string
  const pin = new PinGuard(bin, config.checker.sha256)
  await warnAboutChecker(bin, pin, config, log)
  const invoker = new CheckerInvoker({
    command: config.checker.command,
    checkTimeoutMs: config.budgets.checkTimeoutMs,
    killGraceMs: config.budgets.killGraceMs,
    maxConcurrentSpawns: config.budgets.maxConcurrentSpawns,
    pin,
  })
  const warden = new Warden(config, { invoker, log, debug })
  const replier = seams.replier ?? clientReplier(ctx.client, (m) => log("warn", m))

  debug?.({ event: "load", version: VERSION, checker: bin, pinned: config.checker.sha256 !== null, onCheckerError: config.onCheckerError, checkShell: config.checkShell })
  log("info", `loaded ${VERSION}: checking shell commands with ${bin} (onCheckerError ${config.onCheckerError})`)

  return buildHooks({ ctx, config, warden, replier, log, debug, invoker })
}

interface Parts {
  ctx: PluginInput
  config: Config
  warden: Warden
  replier: Replier
  log: Logger
  debug: DebugSink | null
  invoker: CheckerInvoker
}

function buildHooks({ ctx, config, warden, replier, log, debug, invoker }: Parts): Hooks {
  const records = new CallMap<CallRecord>()
  const messageIDs = new CallMap<string>()
  const agents = new ExpiringLru<string>(1_024, 24 * 3_600_000) // sessionID → agent, from chat.message
  const projectDir = isAbsolute(ctx.directory ?? "") ? ctx.directory : undefined

  const request = (sessionID: string, callID: string | undefined, messageID: string | undefined, commands: { raw: string; cwd: string }[]): CheckRequest => {
    const agent = agents.get(sessionID)
    return {
      sessionID,
      action: SHELL_ACTION,
      commands,
      ...(callID ? { callID } : {}),
      ...(messageID ? { messageID } : {}),
      ...(agent ? { agent } : {}),
      ...(projectDir ? { projectDir } : {}),
    }
  }

  const answer = async (p: AskedProps, d: Decision): Promise<void> => {
    if (d.verdict === "ask") {
      debug?.({ event: "reply", requestID: p.id, invocationId: d.invocationId, reply: "none (a person decides)" })
      return
    }
    const reply = d.verdict === "allow" ? "once" : "reject"
    const message = d.verdict === "deny" ? denyText(d) : undefined
    const ok = await replier({ requestID: p.id, sessionID: p.sessionID }, reply, message)
    debug?.({ event: "reply", requestID: p.id, invocationId: d.invocationId, reply, ok })
  }

  const onAsked = async (p: AskedProps): Promise<void> => {
    const callID = p.tool?.callID
    const rec = callID ? records.get(p.sessionID, callID) : undefined
    if (rec) {
      rec.asked = true
      await answer(p, rec.decision)
      return
    }
    // No decision for this call (the call came another way, or its record expired):
    // check the request itself.
    const commands = askedCommands(p)
    const req = request(p.sessionID, callID, p.tool?.messageID, commands.map((raw) => ({ raw, cwd: "" })))
    const decision = commands.length > 0 ? await warden.decide(req) : warden.degrade(req, "the permission request names no command")
    if (callID) records.set(p.sessionID, callID, { decision, asked: true })
    await answer(p, decision)
  }

  const hooks: Hooks = {
    "chat.message": async (input) => {
      if (typeof input.agent === "string" && input.agent !== "") agents.set(input.sessionID, input.agent)
    },

    "tool.execute.before": async (input, output) => {
      if (input.tool !== BASH || !config.checkShell) return
      const args = (output?.args ?? {}) as { command?: unknown; workdir?: unknown }
      const cwd = typeof args.workdir === "string" && args.workdir !== "" ? resolve(ctx.directory ?? "/", args.workdir) : ""
      const req = request(input.sessionID, input.callID, messageIDs.get(input.sessionID, input.callID), [
        { raw: typeof args.command === "string" ? args.command : "", cwd },
      ])
      const decision = typeof args.command === "string" ? await warden.decide(req) : warden.degrade(req, "the bash call carries no command text")
      // A throw here ends the call: nothing later would clear a record of it.
      if (decision.verdict === "deny") throw new Error(denyText(decision))
      records.set(input.sessionID, input.callID, { decision, asked: false })
    },

    event: async ({ event }) => {
      const e = event as { type?: string; properties?: Record<string, unknown> }
      if (e.type === "message.part.updated") {
        // The tool part reaches plugins before tool.execute.before: it names the message.
        const part = e.properties?.part as { type?: unknown; callID?: unknown; messageID?: unknown; sessionID?: unknown } | undefined
        if (part?.type === "tool" && typeof part.callID === "string" && typeof part.messageID === "string" && typeof part.sessionID === "string") {
          messageIDs.set(part.sessionID, part.callID, part.messageID)
        }
        return
      }
      if (e.type !== "permission.asked" || !config.checkShell) return
      const p = e.properties as AskedProps | undefined
      if (!p || p.permission !== BASH || typeof p.id !== "string" || typeof p.sessionID !== "string") return
      await onAsked(p).catch((err) => log("warn", `permission ${p.id} left to the user after an error: ${String(err).slice(0, 200)}`))
    },

    // Never called by 1.18.33; answered from the record in case a later version does.
    "permission.ask": async (input, output) => {
      const callID = (input as { callID?: string }).callID
      if (input.type !== BASH || !callID) return
      const rec = records.get(input.sessionID, callID)
      if (!rec) return
      rec.asked = rec.decision.verdict === "ask" || rec.asked
      if (rec.decision.verdict === "allow") output.status = "allow"
      if (rec.decision.verdict === "deny") output.status = "deny"
    },

    "shell.env": async (input) => {
      if (config.asConfig.observeShell) debug?.({ event: "shell.env", sessionID: input.sessionID, callID: input.callID, cwd: input.cwd })
      if (!input.sessionID || !input.callID) return
      const rec = records.get(input.sessionID, input.callID)
      if (!rec) return
      if (rec.decision.verdict === "deny") throw new Error(denyText(rec.decision))
      if (rec.decision.verdict === "ask" && !rec.asked) {
        debug?.({ event: "unasked", invocationId: rec.decision.invocationId, callID: input.callID })
        throw new Error(unaskedText(rec.decision))
      }
    },

    "tool.execute.after": async (input) => {
      if (input.tool !== BASH) return
      records.delete(input.sessionID, input.callID)
      messageIDs.delete(input.sessionID, input.callID)
    },

    dispose: async () => {
      invoker.killAll()
    },
  }
  return hooks
}

/** The properties of a `permission.asked` event that the hook reads. */
interface AskedProps {
  id: string
  sessionID: string
  permission: string
  patterns?: unknown
  metadata?: { command?: unknown }
  tool?: { messageID?: string; callID?: string }
}

/** The commands a permission request is about: its full command text, else its patterns. */
function askedCommands(p: AskedProps): string[] {
  if (typeof p.metadata?.command === "string") return [p.metadata.command]
  return Array.isArray(p.patterns) ? p.patterns.filter((x): x is string => typeof x === "string") : []
}

/** What the agent reads when a command is denied. */
export function denyText(d: Decision): string {
  if (d.source === "degrade") return d.message ?? "shell-warden could not check this command; ask the user"
  return `shell-warden denied this command: ${d.message ?? "no reason given"}`
}

/** What the agent reads when a command needed a person and none was asked. */
export function unaskedText(d: Decision): string {
  const why = d.message ? ` (${d.message})` : ""
  return (
    `shell-warden wants the user to approve this command${why}, but OpenCode did not ask anyone ` +
    `(bash is allowed by the permission config, or --auto is on). Do not retry it as is: ask the user ` +
    `to run it themselves, or to set "permission": {"bash": "ask"} in opencode.json so they are asked.`
  )
}

/** Hooks of a plugin whose options are fatally wrong: loud, and refusing every bash call. */
function misconfigured(ctx: PluginInput, reason: string, write: (level: LogLevel, line: string) => void): Hooks {
  const text = `shell-warden is DISABLED by a configuration error: ${reason}. Every shell command is refused until the plugin options in opencode.json are fixed.`
  write("error", `[shell-warden] error: ${text}`)
  const tui = (ctx.client as unknown as { tui?: { showToast?: (o: unknown) => Promise<unknown> } } | undefined)?.tui
  void Promise.resolve()
    .then(() => tui?.showToast?.({ body: { title: "shell-warden", message: text, variant: "error" } }))
    .catch(() => {})
  return {
    "tool.execute.before": async (input) => {
      if (input.tool === BASH) throw new Error(`${text} Tell the user.`)
    },
  }
}

/** Warns at load about a checker that will make every check degrade. */
async function warnAboutChecker(bin: string, pin: PinGuard, config: Config, log: Logger): Promise<void> {
  try {
    await access(bin, constants.X_OK)
  } catch (e) {
    log("warn", `checker ${bin} is not an executable file (${(e as NodeJS.ErrnoException).code ?? e}): every check will degrade to ${config.onCheckerError}`)
    return
  }
  const p = await pin.check()
  if (!p.ok) log("warn", `${p.reason}: every check will degrade to ${config.onCheckerError} until it matches`)
}

/** Log lines go to stderr and, best-effort, to OpenCode's own log. */
function defaultWriter(ctx: PluginInput): (level: LogLevel, line: string) => void {
  const app = (ctx?.client as unknown as { app?: { log?: (o: unknown) => Promise<unknown> } } | undefined)?.app
  return (level, line) => {
    console.error(line)
    void Promise.resolve()
      .then(() => app?.log?.({ body: { service: "shell-warden", level, message: line } }))
      .catch(() => {})
  }
}
