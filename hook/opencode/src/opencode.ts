// How the hook talks to OpenCode 1.18.33: replying to permission requests, and
// remembering per tool call what was decided. Kept apart from plugin.ts so the
// client-shaped parts can be faked in tests.

import { ExpiringLru } from "./lru.js"
import type { Decision } from "./warden.js"

/** The answers the hook gives a permission request; silence (no reply) is the third. */
export type PermissionReply = "once" | "reject"

/** Sends one reply to a permission request. Never throws; resolves false on failure. */
export type Replier = (target: { requestID: string; sessionID: string }, reply: PermissionReply, message?: string) => Promise<boolean>

interface HeyApiResult {
  error?: unknown
  response?: { ok?: boolean; status?: number }
}
type HeyApiPost = (options: Record<string, unknown>) => Promise<HeyApiResult>

/**
 * A Replier over the plugin's own OpenCode client: `POST /permission/{id}/reply`
 * `{reply, message?}` (the route 1.18.33 serves; the v1 SDK the plugin receives has
 * no method for it, so the request goes through the SDK's underlying HTTP client).
 * Falls back to the deprecated v1 route, which carries no message.
 */
export function clientReplier(client: unknown, onError: (message: string) => void): Replier {
  const c = client as {
    _client?: { post?: HeyApiPost }
    postSessionIdPermissionsPermissionId?: HeyApiPost
  } | null
  return async ({ requestID, sessionID }, reply, message) => {
    const problems: string[] = []
    const attempt = async (name: string, call: () => Promise<HeyApiResult> | undefined): Promise<boolean> => {
      try {
        const r = await call()
        if (r === undefined) return false
        if (r.error === undefined && r.response?.ok !== false) return true
        problems.push(`${name}: ${r.response?.status ?? ""} ${JSON.stringify(r.error ?? null).slice(0, 200)}`)
      } catch (e) {
        problems.push(`${name}: ${String(e).slice(0, 200)}`)
      }
      return false
    }
    const post = c?._client?.post
    if (
      await attempt("/permission/{id}/reply", () =>
        post?.call(c?._client, {
          url: "/permission/{requestID}/reply",
          path: { requestID },
          body: { reply, ...(message !== undefined ? { message } : {}) },
          headers: { "Content-Type": "application/json" },
        }),
      )
    ) return true
    const legacy = c?.postSessionIdPermissionsPermissionId
    if (
      await attempt("/session/{id}/permissions/{permissionID}", () =>
        legacy?.call(c, { path: { id: sessionID, permissionID: requestID }, body: { response: reply } }),
      )
    ) return true
    onError(`could not reply "${reply}" to permission ${requestID}: ${problems.join("; ") || "the client has no reply route"}`)
    return false
  }
}

/** What the hook decided for one tool call, and whether OpenCode then asked a person. */
export interface CallRecord {
  decision: Decision
  /** A permission.asked event for this call was seen: a person (or the client) decides. */
  asked: boolean
}

/** Per-call memory keyed by (sessionID, callID): callIDs come from the model and repeat across sessions. */
export class CallMap<T> {
  private readonly lru: ExpiringLru<T>

  constructor(maxEntries = 1_024, ttlMs = 15 * 60_000, clock: () => number = Date.now) {
    this.lru = new ExpiringLru(maxEntries, ttlMs, clock)
  }

  /** Remembers `value` for the call. */
  set(sessionID: string, callID: string, value: T): void {
    this.lru.set(JSON.stringify([sessionID, callID]), value)
  }

  /** The value for the call, unless absent or expired. */
  get(sessionID: string, callID: string): T | undefined {
    return this.lru.get(JSON.stringify([sessionID, callID]))
  }

  /** Forgets the call. */
  delete(sessionID: string, callID: string): void {
    this.lru.delete(JSON.stringify([sessionID, callID]))
  }
}
