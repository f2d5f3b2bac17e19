// Logging: a level-filtered line logger, and the opt-in debug NDJSON sink.

import { appendFileSync, mkdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { LOG_LEVELS, type LogLevel } from "./config.js"

/** Writes one log line at a level. */
export type Logger = (level: LogLevel, message: string) => void

/** A logger that passes lines at or above `threshold` to `write`. */
export function createLogger(threshold: LogLevel, write: (level: LogLevel, line: string) => void): Logger {
  const min = LOG_LEVELS.indexOf(threshold)
  return (level, message) => {
    if (LOG_LEVELS.indexOf(level) >= min) write(level, `[shell-warden] ${level}: ${message}`)
  }
}

/** Appends one JSON record per line; best-effort, never throws. */
export type DebugSink = (record: Record<string, unknown>) => void

/** The file debug records go to: `<dir>/hook.ndjson`, dir defaulting under $HOME. */
export function debugFile(dir: string | null, env: NodeJS.ProcessEnv = process.env): string | null {
  const base = dir ?? (env.HOME ? join(env.HOME, ".local", "state", "shell-warden", "hook") : null)
  return base === null ? null : join(base, "hook.ndjson")
}

/** A sink appending to `file` (its directory created on first use). */
export function createDebugSink(file: string): DebugSink {
  let dirReady = false
  return (record) => {
    try {
      if (!dirReady) {
        mkdirSync(dirname(file), { recursive: true })
        dirReady = true
      }
      appendFileSync(file, JSON.stringify({ ts: new Date().toISOString(), ...record }) + "\n")
    } catch {
      /* debugging must never change a decision */
    }
  }
}
