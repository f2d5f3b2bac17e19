// A scripted Anthropic Messages API server for end-to-end tests of the Claude Code hook.
//
// The prompt carries the tool calls to make as markers: RUN[[command]] for a Bash call,
// BG[[command]] for a Bash call with run_in_background: true, and READ[[/abs/file]] for a Read call. For a request that offers the Bash tool, the server answers
// with one tool call per marker, in order, one per turn; once
// every marker has a tool result it answers with a final text that quotes every tool result, so a
// test can see what the model was told. Requests without the Bash tool (Claude Code's small
// helper requests) get a short text. Everything is recorded in `server.log` for assertions.
import { markersOf, padded, sendJson, startJsonServer, summaryOf } from '../../e2e/harness.mjs';

/** Text of a message's content (string or blocks). */
function textOf(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b) => (b && b.type === 'text' ? b.text : '')).join('\n');
}

/** Text of a tool_result block's content. */
function resultText(block) {
  if (typeof block.content === 'string') return block.content;
  if (Array.isArray(block.content)) return block.content.map((c) => (c && c.type === 'text' ? c.text : '')).join('\n');
  return '';
}

function sse(res, events) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': 'req_sw' });
  for (const e of events) res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  res.end();
}

function message(id, content, stopReason) {
  return { id, type: 'message', role: 'assistant', model: 'scripted', content, stop_reason: stopReason,
    stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
}

function streamOf(msg) {
  const events = [{ type: 'message_start', message: { ...msg, content: [], stop_reason: null } }];
  msg.content.forEach((block, index) => {
    if (block.type === 'tool_use') {
      events.push({ type: 'content_block_start', index, content_block: { ...block, input: {} } });
      events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
    } else {
      events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push({ type: 'message_delta', delta: { stop_reason: msg.stop_reason, stop_sequence: null }, usage: { output_tokens: 1 } });
  events.push({ type: 'message_stop' });
  return events;
}

/** The scripted reply to one Messages request body. */
export function reply(body, log) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const offersBash = Array.isArray(body.tools) && body.tools.some((t) => t && t.name === 'Bash');
  const firstUser = messages.find((m) => m.role === 'user');
  const calls = firstUser ? markersOf(textOf(firstUser.content), ['RUN', 'BG', 'READ']) : [];
  if (!offersBash || calls.length === 0) {
    return message('msg_aux', [{ type: 'text', text: 'ok' }], 'end_turn');
  }
  const results = [];
  for (const m of messages) {
    if (m.role !== 'user' || !Array.isArray(m.content)) continue;
    for (const b of m.content) {
      if (b && b.type === 'tool_result') results.push({ id: b.tool_use_id, isError: b.is_error === true, text: resultText(b) });
    }
  }
  log.results = results;
  if (results.length < calls.length) {
    const n = results.length;
    const call = calls[n];
    const command = padded(call.arg);
    const use = call.kind === 'READ'
      ? { name: 'Read', input: { file_path: call.arg } }
      : { name: 'Bash', input: { command, description: `scripted command ${n}`, ...(call.kind === 'BG' ? { run_in_background: true } : {}) } };
    return message(`msg_${n}`, [{ type: 'tool_use', id: `toolu_sw_${n}`, ...use }], 'tool_use');
  }
  return message('msg_final', [{ type: 'text', text: summaryOf(results) }], 'end_turn');
}

/** Starts the server on 127.0.0.1 at a free port; resolves to { url, log, close }. */
export function startModelServer() {
  return startJsonServer((req, body, res, log) => {
    if (req.method === 'HEAD' || req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.method === 'GET' ? '{}' : undefined);
      return;
    }
    const path = (req.url || '').split('?')[0];
    if (path === '/v1/messages/count_tokens') {
      sendJson(res, 200, { input_tokens: 1 });
    } else if (path !== '/v1/messages') {
      sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: path } });
    } else if (body.stream) {
      sse(res, streamOf(reply(body, log)));
    } else {
      sendJson(res, 200, reply(body, log));
    }
  });
}
