// The tool calls a model call asked for: shell commands that run in the VM (exec output, audit records, file
// changes, now and then a file-monitor overflow row), MCP calls over HTTP with JSON-RPC bodies, file reads.
import { hexId } from './clock.js';
import type { GenContext } from './context.js';
import { preview, utf8 } from './context.js';
import type { Provider, ToolUse } from './model-bodies.js';
import type { PendingResult, RunTallies, TraceState } from './trace-state.js';

const COMMANDS = [
  'npm test',
  'npm run build',
  'ls -la src',
  'cat package.json',
  'git status',
  'git diff',
  'python3 -m pytest -q',
  'cargo build',
  'rg TODO src',
  'npx tsc --noEmit',
  'make -j2',
  'go test ./...',
];
const FILES = ['index', 'util', 'server', 'client', 'schema', 'test', 'cache', 'config', 'main', 'router'];
const EXT = ['ts', 'json', 'py', 'rs', 'md', 'log'];

export function toolUseFor(ctx: GenContext, provider: Provider, tallies: RunTallies): ToolUse {
  const n = ++tallies.callSerial;
  const callId = provider === 'anthropic' ? `toolu_${hexId(n, 11)}${hexId(n, 12)}` : `call_${hexId(n, 13)}${hexId(n, 14)}`;
  const r = ctx.prng.next();
  if (r < 0.8) return { callId, name: 'bash', args: JSON.stringify({ command: ctx.prng.pick(COMMANDS) }) };
  if (r < 0.92) return { callId, name: 'search_issues', args: JSON.stringify({ q: ctx.text.prose(24) }) };
  return { callId, name: 'read_file', args: JSON.stringify({ path: `/workspace/src/${ctx.prng.pick(FILES)}.${ctx.prng.pick(EXT)}` }) };
}

export function runToolCalls(
  ctx: GenContext,
  trace: TraceState,
  tallies: RunTallies,
  tools: readonly ToolUse[],
  modelCallId: number,
  turnId: string,
): PendingResult[] {
  return tools.map((t, index) => {
    ctx.clock.advance(5, 80);
    switch (t.name) {
      case 'bash':
        return shell(ctx, trace, tallies, t, index, modelCallId, turnId);
      case 'search_issues':
        return mcpCall(ctx, trace.traceId, turnId, t, index, modelCallId, trace.provider);
      default:
        return readFile(ctx, trace, t, index, modelCallId, turnId);
    }
  });
}

function toolRow(
  ctx: GenContext,
  t: ToolUse,
  index: number,
  modelCallId: number | null,
  provider: string,
  traceId: string,
  turnId: string,
  mcp: { method: string; requestId: number; sent: number; received: number; responsePreview: string } | null,
  duration: number,
): string {
  const ev = ctx.eventId();
  ctx.insert('tool_calls', [
    ctx.nextId('tool_calls'),
    ev,
    ctx.clock.iso(),
    modelCallId,
    provider,
    'responded',
    index,
    t.callId,
    t.name,
    t.args,
    mcp ? mcp.responsePreview : null,
    mcp ? 'mcp' : 'native',
    mcp ? 'http' : 'direct',
    mcp ? 'github' : null,
    mcp ? mcp.method : null,
    mcp ? String(mcp.requestId) : null,
    'allowed',
    duration,
    null,
    mcp ? 'capsem-mcp' : 'claude',
    mcp?.sent ?? 0,
    mcp?.received ?? 0,
    traceId,
    turnId,
  ]);
  return ev;
}

function shell(
  ctx: GenContext,
  trace: TraceState,
  tallies: RunTallies,
  t: ToolUse,
  index: number,
  modelCallId: number,
  turnId: string,
): PendingResult {
  const { prng, clock, text } = ctx;
  const command = (JSON.parse(t.args) as { command: string }).command;
  toolRow(ctx, t, index, modelCallId, trace.provider, trace.traceId, turnId, null, prng.int(20, 9000));
  const stdout = text.lines(ctx.size(2.0, 32), 'ok');
  const stderr = prng.next() < 0.3 ? text.lines(ctx.size(0.3, 16), 'warn') : '';
  const exit = prng.next() < 0.12 ? 1 : 0;
  // The producer kept an excerpt of a huge output now and then: original_bytes > stored bytes.
  const stdoutOriginal = prng.next() < 0.02 ? stdout.length * 4 + 17 : stdout.length;
  const execEv = ctx.eventId();
  const pid = prng.int(3000, 60000);
  const execRowId = ctx.insert('exec_events', [
    ctx.nextId('exec_events'),
    execEv,
    clock.iso(),
    ++tallies.execId,
    command,
    exit,
    prng.int(5, 30_000),
    preview(stdout, 1024),
    stderr ? preview(stderr, 1024) : null,
    stdoutOriginal,
    stderr.length,
    'api',
    trace.traceId,
    turnId,
    'bash',
    pid,
  ]);
  const meta = {
    eventId: execEv,
    eventType: 'process.exec_complete',
    sourceTable: 'exec_events',
    contentType: 'text/plain',
    traceId: trace.traceId,
    turnId,
  } as const;
  ctx.body({ ...meta, direction: 'stdout', originalBytes: stdoutOriginal }, utf8(stdout));
  if (stderr) ctx.body({ ...meta, direction: 'stderr' }, utf8(stderr));
  const procs = prng.int(1, 3);
  for (let i = 0; i < procs; i++) {
    const exe = i === 0 ? '/bin/bash' : prng.pick(['/usr/bin/node', '/usr/bin/python3', '/usr/bin/git', '/usr/bin/rg']);
    ctx.insert('audit_events', [
      ctx.nextId('audit_events'),
      ctx.eventId(),
      clock.iso(),
      pid + i,
      i === 0 ? 1 : pid,
      1000,
      exe,
      exe.split('/').pop()!,
      JSON.stringify(i === 0 ? ['bash', '-c', command] : [exe, ...command.split(' ').slice(1)]),
      '/workspace',
      exit,
      1,
      null,
      `${clock.unixMs()}:${pid + i}`,
      execRowId,
      i === 0 ? '/usr/bin/capsem-agent' : '/bin/bash',
      trace.traceId,
      turnId,
    ]);
  }
  const changes = prng.int(0, 5);
  for (let i = 0; i < changes; i++) {
    clock.advance(1, 20);
    const name = `${prng.pick(FILES)}-${prng.int(1, 400)}.${prng.pick(EXT)}`;
    const action = prng.pick(['created', 'modified', 'modified', 'modified', 'deleted']);
    ctx.insert('fs_events', [
      ctx.nextId('fs_events'),
      ctx.eventId(),
      clock.iso(),
      action,
      `/workspace/src/${name}`,
      '/workspace/src',
      name,
      action === 'deleted' ? null : prng.int(10, 200_000),
      'file',
      trace.traceId,
      turnId,
    ]);
  }
  if (tallies.execId % 100 === 1) {
    // The file monitor fell behind: an overflow row (empty path; size = changes it deferred).
    ctx.insert('fs_events', [
      ctx.nextId('fs_events'),
      ctx.eventId(),
      clock.iso(),
      'overflow',
      '',
      null,
      null,
      prng.int(2, 500),
      'other',
      trace.traceId,
      turnId,
    ]);
  }
  return { callId: t.callId, text: stdout.slice(0, Math.round(2 * ctx.unit)), isError: exit !== 0 };
}

function mcpCall(
  ctx: GenContext,
  traceId: string,
  turnId: string,
  t: ToolUse,
  index: number,
  modelCallId: number | null,
  provider: string,
): PendingResult {
  const rpcId = ctx.prng.int(1, 99_999);
  const req = JSON.stringify({
    jsonrpc: '2.0',
    id: rpcId,
    method: 'tools/call',
    params: { name: t.name, arguments: JSON.parse(t.args) as unknown },
  });
  const resultText = ctx.text.prose(ctx.size(1.0, 40));
  const res = JSON.stringify({ jsonrpc: '2.0', id: rpcId, result: { content: [{ type: 'text', text: resultText }] } });
  const ev = toolRow(
    ctx,
    t,
    index,
    modelCallId,
    provider,
    traceId,
    turnId,
    { method: 'tools/call', requestId: rpcId, sent: req.length, received: res.length, responsePreview: preview(res) },
    ctx.prng.int(50, 2000),
  );
  const meta = {
    eventId: ev,
    eventType: 'mcp.tool_call',
    sourceTable: 'tool_calls',
    contentType: 'application/json',
    traceId,
    turnId,
  } as const;
  ctx.body({ ...meta, direction: 'request' }, utf8(req));
  ctx.body({ ...meta, direction: 'response' }, utf8(res));
  return { callId: t.callId, text: resultText.slice(0, Math.round(2 * ctx.unit)), isError: false };
}

function readFile(ctx: GenContext, trace: TraceState, t: ToolUse, index: number, modelCallId: number, turnId: string): PendingResult {
  toolRow(ctx, t, index, modelCallId, trace.provider, trace.traceId, turnId, null, ctx.prng.int(1, 50));
  return { callId: t.callId, text: ctx.text.prose(ctx.size(0.8, 40)), isError: false };
}

/** An MCP tools/list the client sent on its own (no model call asked for it). */
export function mcpToolsList(ctx: GenContext, traceId: string, turnId: string, tallies: RunTallies): void {
  const rpcId = ctx.prng.int(1, 99_999);
  const req = JSON.stringify({ jsonrpc: '2.0', id: rpcId, method: 'tools/list', params: {} });
  const res = JSON.stringify({
    jsonrpc: '2.0',
    id: rpcId,
    result: { tools: [{ name: 'search_issues' }, { name: 'get_file' }, { name: 'create_pr' }] },
  });
  const t: ToolUse = { callId: `mcp_${hexId(++tallies.callSerial, 15)}`, name: 'tools/list', args: '{}' };
  const ev = toolRow(
    ctx,
    t,
    0,
    null,
    '',
    traceId,
    turnId,
    { method: 'tools/list', requestId: rpcId, sent: req.length, received: res.length, responsePreview: preview(res) },
    ctx.prng.int(20, 400),
  );
  const meta = {
    eventId: ev,
    eventType: 'mcp.tool_list',
    sourceTable: 'tool_calls',
    contentType: 'application/json',
    traceId,
    turnId,
  } as const;
  ctx.body({ ...meta, direction: 'request' }, utf8(req));
  ctx.body({ ...meta, direction: 'response' }, utf8(res));
}
