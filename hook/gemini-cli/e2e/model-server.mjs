// A scripted Gemini API (generateContent) server for end-to-end tests of the Gemini CLI hook.
//
// The prompt carries the tool calls to make as markers: RUN[[command]] for a run_shell_command
// call and READ[[/abs/file]] for a read_file call. For a request that offers tools, the server
// answers with one function call per marker, in order, one per turn; once every marker has a
// function response it answers with a final text that quotes every response, so a test can see
// what the model was told. Requests without tools get a short text. Function responses are
// recorded in `server.log.results` for assertions.
import { markersOf, sendJson, startJsonServer, summaryOf } from '../../e2e/harness.mjs';

/** Every text part of the user turns. */
function userText(contents) {
  return contents.filter((c) => c && c.role === 'user' && Array.isArray(c.parts))
    .flatMap((c) => c.parts.map((p) => (p && typeof p.text === 'string' ? p.text : ''))).join('\n');
}

/** The function responses in the conversation, in order: { name, isError, text }. */
function responses(contents) {
  const out = [];
  for (const c of contents) {
    for (const p of (c && Array.isArray(c.parts) ? c.parts : [])) {
      const r = p && p.functionResponse;
      if (!r) continue;
      const body = r.response || {};
      const isError = typeof body.error === 'string' || body.error !== undefined;
      out.push({ name: r.name, isError, text: String(isError ? body.error : (body.output ?? JSON.stringify(body))) });
    }
  }
  return out;
}

/** The scripted reply (a GenerateContentResponse) to one request body. */
export function reply(body, log) {
  const contents = Array.isArray(body.contents) ? body.contents : [];
  const offersTools = Array.isArray(body.tools) && body.tools.length > 0;
  const calls = markersOf(userText(contents), ['RUN', 'READ']);
  let parts;
  if (!offersTools || calls.length === 0) {
    parts = [{ text: 'ok' }];
  } else {
    const results = responses(contents);
    log.results = results;
    if (results.length < calls.length) {
      const n = results.length;
      const call = calls[n];
      parts = [{ functionCall: call.kind === 'READ'
        ? { name: 'read_file', args: { file_path: call.arg } }
        : { name: 'run_shell_command', args: { command: call.arg, description: `scripted command ${n}` } } }];
    } else {
      parts = [{ text: summaryOf(results) }];
    }
  }
  return { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 }, modelVersion: 'scripted' };
}

/** Starts the server on 127.0.0.1 at a free port; resolves to { url, log, close }. */
export function startModelServer() {
  return startJsonServer((req, body, res, log) => {
    const url = req.url || '';
    if (url.includes(':countTokens')) {
      sendJson(res, 200, { totalTokens: 1 });
    } else if (url.includes(':streamGenerateContent')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${JSON.stringify(reply(body, log))}\n\n`);
    } else if (url.includes(':generateContent')) {
      sendJson(res, 200, reply(body, log));
    } else {
      sendJson(res, 404, { error: { code: 404, message: url, status: 'NOT_FOUND' } });
    }
  });
}
