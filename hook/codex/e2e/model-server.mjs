// A scripted OpenAI Responses API server (POST /v1/responses) for end-to-end tests of the Codex
// CLI hook.
//
// The prompt carries the tool calls to make as markers: RUN[[command]] for an exec_command call
// and PATCH[[patch text]] for an apply_patch call. For a request that offers exec_command, the
// server answers with one tool call per marker, in order, one per turn; once every marker has a
// tool output it answers with a final text that quotes every output, so a test can see what the
// model was told. Requests without the tool get a short text. Tool outputs are recorded in
// `server.log.results` for assertions.
import { markersOf, padded, sendJson, startJsonServer, summaryOf } from '../../e2e/harness.mjs';

/** Every text of the user messages: Codex sends its own context as extra user messages. */
function userText(input) {
  return input.filter((i) => i && i.type === 'message' && i.role === 'user')
    .map((i) => (Array.isArray(i.content)
      ? i.content.map((c) => (c && typeof c.text === 'string' ? c.text : '')).join('\n')
      : String(i.content ?? '')))
    .join('\n');
}

/**
 * The tool outputs in the conversation, in order. A tool output has no error flag in this API:
 * `isError` is false and tests read the text.
 */
function outputs(input) {
  return input.filter((i) => i && (i.type === 'function_call_output' || i.type === 'custom_tool_call_output'))
    .map((i) => ({ id: i.call_id, isError: false, text: typeof i.output === 'string' ? i.output : JSON.stringify(i.output) }));
}

/** An assistant message item with `text`. */
const textItem = (id, text) => ({ type: 'message', id, role: 'assistant', status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }] });

/** The scripted reply to one Responses API request body: the output items of one turn. */
export function reply(body, log) {
  const input = Array.isArray(body.input) ? body.input : [];
  const tools = Array.isArray(body.tools) ? body.tools.map((t) => t && t.name) : [];
  const calls = markersOf(userText(input), ['RUN', 'PATCH']);
  if (!tools.includes('exec_command') || calls.length === 0) {
    return [textItem('msg_aux', 'ok')];
  }
  const results = outputs(input);
  log.results = results;
  if (results.length < calls.length) {
    const n = results.length;
    const call = calls[n];
    // apply_patch is a freeform (custom) tool: its input is the patch text itself.
    return [call.kind === 'PATCH'
      ? { type: 'custom_tool_call', id: `ctc_sw_${n}`, call_id: `call_sw_${n}`, name: 'apply_patch', input: call.arg, status: 'completed' }
      : { type: 'function_call', id: `fc_sw_${n}`, call_id: `call_sw_${n}`, name: 'exec_command',
        arguments: JSON.stringify({ cmd: padded(call.arg) }), status: 'completed' }];
  }
  return [textItem('msg_final', summaryOf(results))];
}

/** Writes one Responses API turn as its server-sent event stream. */
function stream(res, id, items) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const event = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event('response.created', { response: { id, status: 'in_progress', output: [] } });
  items.forEach((item, i) => {
    event('response.output_item.added', { output_index: i, item });
    event('response.output_item.done', { output_index: i, item });
  });
  event('response.completed', { response: { id, status: 'completed', output: items, usage: { input_tokens: 1,
    input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 } } });
  res.end();
}

/** Starts the server on 127.0.0.1 at a free port; resolves to { url, log, close }. */
export function startModelServer() {
  return startJsonServer((req, body, res, log) => {
    const path = (req.url || '').split('?')[0];
    if (req.method === 'GET' || req.method === 'HEAD') {
      // Codex lists the provider's models once; an empty list keeps its bundled metadata.
      sendJson(res, 200, { object: 'list', data: [] });
    } else if (path === '/v1/responses') {
      stream(res, `resp_${log.requests.length}`, reply(body, log));
    } else {
      sendJson(res, 404, { error: { type: 'not_found', message: path } });
    }
  });
}
