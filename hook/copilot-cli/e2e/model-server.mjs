// A scripted OpenAI-compatible chat-completions server for end-to-end tests of the Copilot CLI hook
// (Copilot CLI's BYOK provider: COPILOT_PROVIDER_BASE_URL=<url>/v1, POST /v1/chat/completions,
// `stream: true`).
//
// The prompt carries the tool calls to make as markers: RUN[[command]] for a `bash` call and
// VIEW[[/abs/file]] for a `view` call. For a request that offers tools, the server answers with one
// tool call per marker, in order, one per turn; once every marker has a tool result it answers with
// a final text that quotes every result, so a test can see what the model was told. Tool results
// are recorded in `server.log.results` ({ isError: false, text }) for assertions.
import { markersOf, sendJson, startJsonServer, summaryOf } from '../../e2e/harness.mjs';

/** Text of a chat message's content, whether a string or an array of parts. */
function contentText(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (p && typeof p.text === 'string' ? p.text : '')).join('');
  return '';
}

/** The assistant message (content or one tool call) answering one request body. */
export function reply(body, log) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const offersTools = Array.isArray(body.tools) && body.tools.length > 0;
  const userText = messages.filter((m) => m && m.role === 'user').map((m) => contentText(m.content)).join('\n');
  const calls = markersOf(userText, ['RUN', 'VIEW']);
  // A tool message has no error flag in this API: `isError` is false and tests read the text.
  const results = messages.filter((m) => m && m.role === 'tool').map((m) => ({ isError: false, text: contentText(m.content) }));
  log.results = results;
  if (!offersTools || calls.length === 0) return { content: 'ok' };
  if (results.length < calls.length) {
    const n = results.length;
    const call = calls[n];
    const fn = call.kind === 'VIEW'
      ? { name: 'view', arguments: JSON.stringify({ path: call.arg }) }
      : { name: 'bash', arguments: JSON.stringify({ command: call.arg, description: `scripted command ${n}`, mode: 'sync' }) };
    return { toolCall: { id: `call_${n}`, type: 'function', function: fn } };
  }
  return { content: summaryOf(results) };
}

/** The reply as server-sent chat.completion.chunk events, ending with `data: [DONE]`. */
function sse(model, msg) {
  const base = { id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
  const delta = msg.toolCall
    ? { role: 'assistant', content: null, tool_calls: [{ index: 0, ...msg.toolCall }] }
    : { role: 'assistant', content: msg.content };
  const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
  return [
    { ...base, choices: [{ index: 0, delta, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: msg.toolCall ? 'tool_calls' : 'stop' }], usage },
  ].map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';
}

/** Starts the server on 127.0.0.1 at a free port; resolves to { url, log, close } (url ends in /v1). */
export async function startModelServer() {
  const server = await startJsonServer((req, body, res, log) => {
    if (req.method !== 'POST' || !(req.url || '').endsWith('/chat/completions')) {
      sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
      return;
    }
    const msg = reply(body, log);
    if (body.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sse(body.model, msg));
      return;
    }
    const message = msg.toolCall
      ? { role: 'assistant', content: null, tool_calls: [msg.toolCall] }
      : { role: 'assistant', content: msg.content };
    sendJson(res, 200, { id: 'chatcmpl-scripted', object: 'chat.completion', created: 1, model: body.model,
      choices: [{ index: 0, message, finish_reason: msg.toolCall ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } });
  });
  return { ...server, url: `${server.url}/v1` };
}
