// Entry point OpenCode loads. OpenCode treats every exported function of a plugin
// module as a plugin, so this module exports exactly one thing: the plugin function,
// called as `(ctx, options)` where options come from a `[path, options]` entry of
// opencode.json's "plugin" array.

import type { Plugin } from "@opencode-ai/plugin"
import { createPlugin } from "./plugin.js"

/** The shell-warden plugin: checks every bash call with the shell-warden checker. */
const shellWarden: Plugin = async (ctx, options) => createPlugin(ctx, options)

export default shellWarden
