// One model call of a trace: the HTTPS exchange (net_events) and the model call that parsed it (model_calls)
// share their request and response bytes, the call's items, the tool responses it consumed, rolled-up rule
// matches, then the tool calls it asked for.
import { blake3Tagged } from '../../test/fixtures/writer/blake3.js';
import { hexId } from './clock.js';
import type { GenContext } from './context.js';
import { preview, utf8 } from './context.js';
import { ENDPOINTS, MODELS, responseBody } from './model-bodies.js';
import type { ToolUse } from './model-bodies.js';
import { dnsLookup } from './extras.js';
import { runToolCalls, toolUseFor } from './tool-calls.js';
import type { RunTallies, TraceState } from './trace-state.js';

export function modelTurn(ctx: GenContext, trace: TraceState, tallies: RunTallies, toolCount: number, allowOverload = true): void {
  const { prng, clock, text } = ctx;
  const turnId = `turn-${hexId(++tallies.turnSerial, 3)}`;
  const provider = trace.provider;
  const ep = ENDPOINTS[provider];
  if (!trace.seenDomains.has(ep.domain)) {
    trace.seenDomains.add(ep.domain);
    dnsLookup(ctx, ep.domain, 'claude', trace.traceId, turnId);
  }
  clock.advance(50, 900);
  const consumed = trace.pending;
  trace.pending = [];
  if (consumed.length === 0) trace.history.push('user', text.prose(ctx.size(0.4, 40)));
  else
    trace.history.push(
      'user',
      consumed.map((r) => ({ type: 'tool_result', tool_use_id: r.callId, content: r.text, is_error: r.isError })),
    );
  trace.history.compactAbove(12 * ctx.unit);
  const stream = provider === 'anthropic' || prng.next() < 0.3;
  const request = trace.history.requestBody(provider, stream);
  const overloaded = allowOverload && prng.next() < 0.01;
  const answer = text.prose(ctx.size(0.8, 40));
  const tools: ToolUse[] = overloaded ? [] : Array.from({ length: toolCount }, () => toolUseFor(ctx, provider, tallies));
  const usage = { in: Math.round(request.length / 4), out: Math.round(answer.length / 4) + 30 * tools.length };
  const response = overloaded
    ? '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'
    : responseBody(provider, answer, tools, stream, usage);
  if (!overloaded)
    trace.history.push('assistant', [
      { type: 'text', text: answer },
      ...tools.map((t) => ({ type: 'tool_use', id: t.callId, name: t.name, input: JSON.parse(t.args) as unknown })),
    ]);
  const reqBytes = utf8(request);
  const respBytes = utf8(response);
  const status = overloaded ? 529 : 200;
  const duration = prng.int(300, 12_000);
  const netEv = ctx.eventId();
  const modelEv = ctx.eventId();
  const respType = stream ? 'text/event-stream' : 'application/json';
  ctx.insert('net_events', [
    ctx.nextId('net_events'),
    netEv,
    clock.iso(),
    ep.domain,
    443,
    'allowed',
    'claude',
    trace.agentPid,
    'POST',
    ep.path,
    status,
    reqBytes.length,
    respBytes.length,
    duration,
    `allow:${ep.domain}`,
    'content-type: application/json\nx-api-key: [redacted]',
    `content-type: ${respType}`,
    0,
    preview(request),
    preview(response),
    'https',
    'enforce',
    'allow',
    null,
    null,
    trace.traceId,
    turnId,
    trace.credentialRef,
  ]);
  const cost = overloaded ? 0 : Math.round((usage.in * 3 + usage.out * 15) / 1000) / 1000;
  const modelCallId = ctx.insert('model_calls', [
    ctx.nextId('model_calls'),
    modelEv,
    clock.iso(),
    provider,
    provider,
    MODELS[provider],
    'claude',
    trace.agentPid,
    'POST',
    ep.path,
    stream ? 1 : 0,
    'You are a coding agent inside a Capsem sandbox.',
    trace.history.count,
    3,
    reqBytes.length,
    preview(request),
    `msg_${hexId(tallies.turnSerial, 5)}`,
    status,
    overloaded ? null : preview(answer),
    null,
    overloaded ? null : tools.length ? 'tool_use' : 'end_turn',
    overloaded ? null : usage.in,
    overloaded ? null : usage.out,
    duration,
    respBytes.length,
    cost,
    trace.traceId,
    turnId,
    overloaded ? null : `{"cache_read_input_tokens":${prng.int(0, usage.in)}}`,
    trace.credentialRef,
  ]);
  const meta = { traceId: trace.traceId, turnId, contentType: 'application/json' } as const;
  const req = ctx.body({ ...meta, eventId: netEv, eventType: 'http.request', sourceTable: 'net_events', direction: 'request' }, reqBytes);
  const resp = ctx.body(
    { ...meta, contentType: respType, eventId: netEv, eventType: 'http.request', sourceTable: 'net_events', direction: 'response' },
    respBytes,
  );
  ctx.sameBody({ ...meta, eventId: modelEv, eventType: 'model.call', sourceTable: 'model_calls', direction: 'request' }, req);
  ctx.sameBody(
    { ...meta, contentType: respType, eventId: modelEv, eventType: 'model.call', sourceTable: 'model_calls', direction: 'response' },
    resp,
  );

  let itemIndex = 0;
  const item = (kind: string, content: string, callId = '', toolName: string | null = null, args: string | null = null): void => {
    ctx.insert('model_items', [
      ctx.nextId('model_items'),
      ctx.eventId(),
      modelCallId,
      clock.iso(),
      provider,
      MODELS[provider],
      ep.path,
      trace.traceId,
      turnId,
      kind,
      itemIndex++,
      callId,
      toolName,
      args,
      preview(content, 1024),
      blake3Tagged(utf8(`${modelCallId}\0${kind}\0${callId}\0${content}`)),
    ]);
  };
  if (consumed.length === 0) item('request', '(user prompt)');
  for (const r of consumed) item('tool_response', r.text, r.callId);
  if (!overloaded) item('response', answer);
  for (const t of tools) item('tool_call', '', t.callId, t.name, t.args);
  for (const r of consumed) {
    ctx.insert('tool_responses', [
      ctx.nextId('tool_responses'),
      ctx.eventId(),
      modelCallId,
      r.callId,
      preview(r.text),
      r.isError ? 1 : 0,
      trace.traceId,
      turnId,
    ]);
  }
  rolledUpSecurity(ctx, tallies, modelEv, trace.traceId, turnId);
  trace.pending = runToolCalls(ctx, trace, tallies, tools, modelCallId, turnId);
  trace.turns += 1;
}

/** Most model requests match an informational logging rule; the ledger rolls identical matches into one run. */
function rolledUpSecurity(ctx: GenContext, tallies: RunTallies, eventId: string, traceId: string, turnId: string): void {
  const ms = ctx.clock.unixMs();
  const bump = (run: RunTallies['ruleRun']): void => {
    if (run.count === 0) run.first = ms;
    run.count += 1;
    run.last = ms;
  };
  if (ctx.prng.next() < 0.5) {
    bump(tallies.ruleRun);
    ctx.insert('security_rule_events', [
      ctx.nextId('security_rule_events'),
      ms,
      eventId,
      'model.request',
      'log-model-traffic',
      'allow',
      'informational',
      null,
      1,
      traceId,
      turnId,
    ]);
  }
  if (ctx.prng.next() < 0.3) {
    bump(tallies.decisionRun);
    ctx.insert('security_decision_events', [
      ctx.nextId('security_decision_events'),
      ms,
      eventId,
      'model.request',
      null,
      'policy',
      'log-model-traffic',
      null,
      null,
      null,
      null,
      null,
      traceId,
      turnId,
      1,
    ]);
  }
}
