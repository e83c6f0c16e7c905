// End-to-end test of `kbot mcp` with the official MCP TypeScript SDK 1.x
// (@modelcontextprotocol/sdk, pinned in package.json), MCP 2025-11-25 (initialize handshake).
//
//   cd tests/e2e && npm ci && node e2e.mjs ../../build/kbot
//   (or `make test-e2e`, which also runs e2e2.mjs, the same checks with the 2.x client)
//
// The checks live in lib/ and are shared with e2e2.mjs; this file is the SDK 1.x adapter
// (lib/adapter.mjs says what one holds) and the list of sessions. Sessions, each a fresh
// `kbot mcp` process over stdio unless said:
//   1. demo: no registered context (KBOT_CONFIG_DIR is an empty temporary folder), so the
//      built-in `demo` context (takingdoms, transparency heuristic) is served;
//   2. missing-context: a context whose folder is gone, and --toolsets;
//   3. output: --output DIR and the write tools;
//   4. progress: the demo again, for 40 long map renders (progress reaches onprogress) and an
//      aborted one (kbot stops working);
//   5. image-limit: --image-limit 2048: large exports come back as a resource_link + preview;
//   6. http: kbot mcp --http on a free port, over Streamable HTTP (sessions);
//   7. fixture: `kbot demo --target TMP/data` registered with `kbot context add fixture --game ta`
//      (transparency game; no demo context then);
//   8. raw stdio (child_process, no SDK): malformed input and the errors it must get.
// The SDK's Client validates every tool result's structuredContent against the tool's
// outputSchema (after listTools), so a schema mismatch fails the call that returned it.
//
// Prints one line per check and a summary; exits 1 when any check failed, 2 on a usage error.
import assert from 'node:assert/strict';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

import { check } from './lib/harness.mjs';
import { httpSession } from './lib/http.mjs';
import { progressSession } from './lib/progress.mjs';
import { rawSession } from './lib/raw_stdio.mjs';
import { runSessions } from './lib/run.mjs';
import {
  demoSession, fixtureSession, imageLimitSession, missingContextSession, outputSession,
} from './lib/sessions.mjs';

const sdk1 = {
  runner: 'e2e',
  handshake: 'initialize',
  ProtocolError: McpError,
  resourceNotFound: -32002,
  httpSessions: true,
  async connectStdio({ name, command, args, env, tap }) {
    const transport = new StdioClientTransport({ command, args, env, stderr: 'pipe' });
    // Client.connect chains the handler it finds here before its own.
    if (tap) transport.onmessage = tap;
    const client = new Client({ name, version: '1.0.0' });
    await client.connect(transport);
    return { client, transport };
  },
  async connectHttp(url, name) {
    const client = new Client({ name, version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    return { client, transport };
  },
  callTool: (client, params, options) => client.callTool(params, undefined, options),
  roundTrip: async (client) => assert.deepEqual(await client.ping(), {}),
  async protocolChecks(client) {
    await check('ping', async () => {
      assert.deepEqual(await client.ping(), {});
    });
  },
};

await runSessions(sdk1, [demoSession, missingContextSession, outputSession, progressSession,
  imageLimitSession, httpSession, fixtureSession, rawSession]);
