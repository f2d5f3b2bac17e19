// Plugin options: validation, defaults and clamps — option for option those of the seed
// hook 0.2.0. Unknown keys and out-of-range numbers are warned about and then ignored or
// clamped; only a broken `checker` (command, {env:…} substitution, sha256 format) or
// `onCheckerError: "allow"` is fatal. A fatal result must stop shell commands, never let
// them through unchecked (see plugin.ts).
//
// Where the seed turned a malformed boolean into `false`, `enabled` here stays `true`:
// a typo must not switch the guard off.

import { isAbsolute } from "node:path"
import { SHELL_ACTION } from "./types.js"

/** Log thresholds, lowest first. */
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const
/** One of `LOG_LEVELS`. */
export type LogLevel = (typeof LOG_LEVELS)[number]

/** The validated options, every field filled in. */
export interface Config {
  enabled: boolean
  checker: {
    /** `command[0]` is absolute; `{env:NAME}` members already substituted. */
    command: string[]
    /** Lowercase hex sha256 of `command[0]`, or null for no pin. */
    sha256: string | null
  }
  budgets: {
    checkTimeoutMs: number
    killGraceMs: number
    maxRequestCommands: number
    maxConcurrentSpawns: number
  }
  onCheckerError: "ask" | "deny"
  /** Whether shell commands are checked at all (`actions` holds "shell" or "*"). */
  checkShell: boolean
  cache: { enabled: boolean; maxEntries: number; ttlMs: number }
  rejectBudget: { maxRejections: number; windowMs: number }
  asConfig: { observeShell: boolean }
  debug: { enabled: boolean; dir: string | null }
  logLevel: LogLevel
}

/** Validation result: a config with its warnings, or the fatal reason. */
export type ConfigResult =
  | { ok: true; config: Config; warnings: string[] }
  | { ok: false; reason: string; warnings: string[] }

/** An integer option's default and inclusive range. */
interface IntSpec {
  def: number
  min: number
  max: number
}

/** Defaults and clamps of every integer option (the seed's numbers). */
export const INT_OPTIONS = {
  "budgets.checkTimeoutMs": { def: 2_000, min: 100, max: 30_000 },
  "budgets.killGraceMs": { def: 250, min: 50, max: 2_000 },
  "budgets.maxRequestCommands": { def: 32, min: 1, max: 128 },
  "budgets.maxConcurrentSpawns": { def: 8, min: 1, max: 64 },
  "cache.maxEntries": { def: 1_024, min: 16, max: 100_000 },
  "cache.ttlMs": { def: 0, min: 0, max: 3_600_000 },
  "rejectBudget.maxRejections": { def: 3, min: 1, max: 10 },
  "rejectBudget.windowMs": { def: 1_800_000, min: 60_000, max: 86_400_000 },
} as const satisfies Record<string, IntSpec>

const KNOWN: Record<string, readonly string[]> = {
  "": ["enabled", "checker", "budgets", "onCheckerError", "actions", "cache", "rejectBudget", "asConfig", "debug", "logLevel"],
  checker: ["command", "sha256"],
  budgets: ["checkTimeoutMs", "killGraceMs", "maxRequestCommands", "maxConcurrentSpawns"],
  cache: ["enabled", "maxEntries", "ttlMs"],
  rejectBudget: ["maxRejections", "windowMs"],
  asConfig: ["observeShell"],
  debug: ["enabled", "dir"],
}

type Rec = Record<string, unknown>

function isRecord(v: unknown): v is Rec {
  return v !== null && typeof v === "object" && !Array.isArray(v)
}

/**
 * Validates raw plugin options (the second argument OpenCode passes to the plugin).
 * `env` is where `{env:NAME}` members of `checker.command` are looked up.
 */
export function validateOptions(raw: unknown, env: NodeJS.ProcessEnv = process.env): ConfigResult {
  const warnings: string[] = []
  const fatal = (reason: string): ConfigResult => ({ ok: false, reason, warnings })

  if (raw !== undefined && !isRecord(raw)) warnings.push("options must be an object; ignored")
  const rec: Rec = isRecord(raw) ? raw : {}
  warnUnknown("", rec, warnings)

  // A section that is present but not an object is ignored like an unknown key, except
  // `checker`, without which nothing can be checked.
  const section = (name: string): Rec => {
    const v = rec[name]
    if (v === undefined) return {}
    if (!isRecord(v)) {
      warnings.push(`${name} must be an object; ignored`)
      return {}
    }
    warnUnknown(name, v, warnings)
    return v
  }

  const enabled = bool(rec.enabled, true, "enabled", warnings)

  // ── checker: every defect here is fatal ──
  if (rec.checker !== undefined && !isRecord(rec.checker)) return fatal("checker must be an object")
  const checker = section("checker")
  const rawCommand = checker.command
  if (!Array.isArray(rawCommand) || rawCommand.length === 0 || rawCommand.some((m) => typeof m !== "string")) {
    return fatal("checker.command must be a non-empty array of strings")
  }
  const command: string[] = []
  for (const member of rawCommand as string[]) {
    const resolved = substituteEnv(member, env)
    if (resolved === null) return fatal(`checker.command member "${member}" names an unset or empty environment variable`)
    command.push(resolved)
  }
  const bin = command[0] ?? ""
  if (!isAbsolute(bin)) return fatal(`checker.command[0] must be an absolute path, got "${bin}"`)
  const rawSha = checker.sha256
  if (rawSha !== undefined && rawSha !== null && !(typeof rawSha === "string" && /^[0-9a-f]{64}$/.test(rawSha))) {
    return fatal("checker.sha256 must be null or 64 lowercase hex digits")
  }
  const sha256 = typeof rawSha === "string" ? rawSha : null

  // ── onCheckerError: "allow" would turn every checker defect into a pass ──
  const rawOnError = rec.onCheckerError
  if (rawOnError === "allow") return fatal('onCheckerError must be "ask" or "deny", never "allow"')
  if (rawOnError !== undefined && rawOnError !== "ask" && rawOnError !== "deny") {
    warnings.push(`onCheckerError ${JSON.stringify(rawOnError)} is not "ask" or "deny"; using "ask"`)
  }
  const onCheckerError = rawOnError === "deny" ? "deny" : "ask"

  const budgets = section("budgets")
  const cache = section("cache")
  const rejectBudget = section("rejectBudget")
  const asConfig = section("asConfig")
  const debug = section("debug")
  const int = (name: keyof typeof INT_OPTIONS, from: Rec, key: string) => clampInt(from[key], INT_OPTIONS[name], name, warnings)

  let debugDir: string | null = null
  if (debug.dir !== undefined && debug.dir !== null) {
    if (typeof debug.dir === "string" && isAbsolute(debug.dir)) debugDir = debug.dir
    else warnings.push("debug.dir must be an absolute path; ignored")
  }

  let logLevel: LogLevel = "warn"
  if (rec.logLevel !== undefined) {
    if ((LOG_LEVELS as readonly unknown[]).includes(rec.logLevel)) logLevel = rec.logLevel as LogLevel
    else warnings.push(`logLevel ${JSON.stringify(rec.logLevel)} is not one of ${LOG_LEVELS.join(", ")}; using "warn"`)
  }

  return {
    ok: true,
    warnings,
    config: {
      enabled,
      checker: { command, sha256 },
      budgets: {
        checkTimeoutMs: int("budgets.checkTimeoutMs", budgets, "checkTimeoutMs"),
        killGraceMs: int("budgets.killGraceMs", budgets, "killGraceMs"),
        maxRequestCommands: int("budgets.maxRequestCommands", budgets, "maxRequestCommands"),
        maxConcurrentSpawns: int("budgets.maxConcurrentSpawns", budgets, "maxConcurrentSpawns"),
      },
      onCheckerError,
      checkShell: actionsCheckShell(rec.actions, warnings),
      cache: {
        enabled: bool(cache.enabled, true, "cache.enabled", warnings),
        maxEntries: int("cache.maxEntries", cache, "maxEntries"),
        ttlMs: int("cache.ttlMs", cache, "ttlMs"),
      },
      rejectBudget: {
        maxRejections: int("rejectBudget.maxRejections", rejectBudget, "maxRejections"),
        windowMs: int("rejectBudget.windowMs", rejectBudget, "windowMs"),
      },
      asConfig: { observeShell: bool(asConfig.observeShell, false, "asConfig.observeShell", warnings) },
      debug: { enabled: bool(debug.enabled, false, "debug.enabled", warnings), dir: debugDir },
      logLevel,
    },
  }
}

/** `{env:NAME}` (the whole member) → the variable's value; null when unset or empty. */
function substituteEnv(member: string, env: NodeJS.ProcessEnv): string | null {
  const m = /^\{env:([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(member)
  if (m === null) return member
  const value = env[m[1] as string]
  return value === undefined || value === "" ? null : value
}

/** Reads `actions`: ["shell"] by default, "*" (alone or in the array) for every action. */
function actionsCheckShell(raw: unknown, warnings: string[]): boolean {
  if (raw === undefined) return true
  if (raw === "*") return true
  if (!Array.isArray(raw)) {
    warnings.push('actions must be an array of action names or "*"; using ["shell"]')
    return true
  }
  let shell = false
  for (const a of raw) {
    if (a === "*" || a === SHELL_ACTION) shell = true
    else if (typeof a !== "string") warnings.push(`actions: ${JSON.stringify(a)} is not a string; ignored`)
    else warnings.push(`actions: "${a}" is not an action this hook sees in OpenCode (only "shell"); ignored`)
  }
  if (!shell) warnings.push('actions does not contain "shell": no shell command will be checked')
  return shell
}

function bool(v: unknown, def: boolean, name: string, warnings: string[]): boolean {
  if (v === undefined) return def
  if (typeof v === "boolean") return v
  warnings.push(`${name} must be true or false; using ${def}`)
  return def
}

function clampInt(v: unknown, spec: IntSpec, name: string, warnings: string[]): number {
  if (v === undefined) return spec.def
  if (typeof v !== "number" || !Number.isInteger(v)) {
    warnings.push(`${name} must be an integer; using ${spec.def}`)
    return spec.def
  }
  if (v < spec.min) {
    warnings.push(`${name} ${v} is below ${spec.min}; clamped to ${spec.min}`)
    return spec.min
  }
  if (v > spec.max) {
    warnings.push(`${name} ${v} is above ${spec.max}; clamped to ${spec.max}`)
    return spec.max
  }
  return v
}

function warnUnknown(scope: string, rec: Rec, warnings: string[]): void {
  const known = KNOWN[scope] ?? []
  for (const key of Object.keys(rec)) {
    if (!known.includes(key)) warnings.push(`unknown option "${scope ? scope + "." : ""}${key}" ignored`)
  }
}
