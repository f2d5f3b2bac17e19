// A scripted OpenAI-compatible chat-completions server for the end-to-end test.
//
// It plays a model that does exactly one thing: when the conversation's first user
// message carries a RUN[[command]] marker, it answers with a `bash` tool call running
// that command; once the tool result is in the conversation, it answers with a final
// text that echoes the tool result verbatim (RESULT[[…]]), so a test can assert both
// what ran and what the model was told. Requests without tools (OpenCode's title
// request) get a short plain text. Everything streams as SSE chunks, the way
// @ai-sdk/openai-compatible reads them.
//
// Invariant: it listens on 127.0.0.1 only and keeps every request it saw in memory.

import { createServer } from "node:http"

/** Starts the server on an ephemeral 127.0.0.1 port. Returns {url, requests, close}. */
export async function startModelServer() {
  const requests = []
  let callSeq = 0
  const server = createServer((req, res) => {
    let body = ""
    req.setEncoding("utf8")
    req.on("data", (c) => { body += c })
    req.on("end", () => {
      if (req.method !== "POST" || !req.url.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" })
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }))
        return
      }
      let parsed
      try { parsed = JSON.parse(body) } catch { res.writeHead(400); res.end(); return }
      requests.push(parsed)
      respond(parsed, res, () => `call_${++callSeq}`)
    })
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address()
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()) }),
  }
}

/** Text of a chat message's content, whether a string or an array of parts. */
export function contentText(content) {
  if (typeof content === "string") return content
  if (Array.isArray(content)) return content.map((p) => (typeof p?.text === "string" ? p.text : "")).join("")
  return ""
}

function respond(request, res, nextCallId) {
  const messages = Array.isArray(request.messages) ? request.messages : []
  const hasTools = Array.isArray(request.tools) && request.tools.length > 0
  const last = messages[messages.length - 1]
  const userText = messages.filter((m) => m.role === "user").map((m) => contentText(m.content)).join("\n")
  const marker = /RUN\[\[([\s\S]*?)\]\]/.exec(userText)

  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" })
  const base = { id: "chatcmpl-mock", object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: "x" }
  const send = (choice, extra = {}) => res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, ...choice }], ...extra })}\n\n`)
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }

  if (hasTools && last?.role !== "tool" && marker) {
    const args = JSON.stringify({ command: marker[1], description: "scripted command" })
    send({ delta: { role: "assistant", content: null, tool_calls: [{ index: 0, id: nextCallId(), type: "function", function: { name: "bash", arguments: args } }] }, finish_reason: null })
    send({ delta: {}, finish_reason: "tool_calls" }, { usage })
  } else {
    const text = !hasTools ? "scripted title" : last?.role === "tool" ? `RESULT[[${contentText(last.content)}]]` : "NO-MARKER"
    send({ delta: { role: "assistant", content: text }, finish_reason: null })
    send({ delta: {}, finish_reason: "stop" }, { usage })
  }
  res.write("data: [DONE]\n\n")
  res.end()
}
