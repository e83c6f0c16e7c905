// What a runner (e2e.mjs for SDK 1.x, e2e2.mjs for the 2.x client) gives the shared checks: how
// its SDK connects, and what differs between SDKs and protocol revisions. The checks themselves
// (common_checks.mjs, sessions.mjs, progress.mjs, http.mjs) only use the Client methods both SDKs
// share (listTools, callTool without options, readResource, listResources,
// listResourceTemplates, complete, getServerVersion, getServerCapabilities, getInstructions).
//
// @typedef {object} SdkAdapter
// @property {string} runner  the summary's name ('e2e', 'e2e2')
// @property {string} handshake  how the client learnt the server's identity ('initialize',
//     'server/discover'): the first check's label
// @property {Function} ProtocolError  the class a JSON-RPC error response is thrown as
// @property {number} resourceNotFound  the error code of resources/read of a missing file
// @property {boolean} httpSessions  whether Streamable HTTP gets an Mcp-Session-Id
// @property {(o: {name: string, command: string, args: string[], env: object, tap?: Function})
//     => Promise<{client, transport}>} connectStdio  `tap` sees every message the transport
//     reads, before the client handles it
// @property {(url: string, name: string) => Promise<{client, transport}>} connectHttp
// @property {(client, params, options) => Promise<object>} callTool  tools/call with request
//     options (onprogress, signal): the one Client signature that differs
// @property {(client) => Promise<void>} roundTrip  a request any session answers (ping, or
//     server/discover where ping is gone)
// @property {(client, ctx) => Promise<void>} protocolChecks  the revision's own checks, run
//     right after the handshake check of every session that runs the common checks
// @property {(client) => Promise<void>} [sessionEndChecks]  checks over everything the session
//     received, run before it closes
// @property {object} tasks  how the SDK drives MCP tasks (task_checks.mjs):
//     how: the SDK's way, for the check's label; names: { ttl, poll }: the revision's names of a
//     task's ttl and poll interval; open(client, where) => Promise<TaskDriver>, where is {} over
//     stdio and { url } over Streamable HTTP. A TaskDriver has
//       runToEnd(params) => { created, statuses, result }: tools/call as a task, driven to its
//         end the SDK's way: the task created, the statuses seen, the final result;
//       start(params) => the task created (running); get(taskId) => tasks/get's task;
//       cancel(taskId): tasks/cancel, its answer checked as the revision says;
//       expectError(promise, code, what) => the error (harness.mjs expectRpcError with the
//         error class the driver throws);
//       extraChecks({ completed, cancelled }): the revision's own checks, given the two task ids;
//       close().
export const ADAPTER_KEYS = ['runner', 'handshake', 'ProtocolError', 'resourceNotFound', 'httpSessions',
  'connectStdio', 'connectHttp', 'callTool', 'roundTrip', 'protocolChecks', 'tasks'];

export function assertAdapter(sdk) {
  for (const key of ADAPTER_KEYS) {
    if (sdk[key] === undefined) throw new Error(`the SDK adapter has no ${key}`);
  }
  return sdk;
}
