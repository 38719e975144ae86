// The session: traces of model turns until the event budget is spent. One trace is the identity-graph scale
// case (5,000 model calls asking for 20,000 tool calls at full size). A size controller keeps the body bytes
// per event on course for the body budget.
import { hexId } from './clock.js';
import type { GenContext } from './context.js';
import { History } from './model-bodies.js';
import type { Provider } from './model-bodies.js';
import { modelTurn } from './model-turn.js';
import { otherTraffic, securityTriple, substitution } from './extras.js';
import { EVENT_TABLES } from './tables.js';
import { mcpToolsList } from './tool-calls.js';
import type { RunTallies, TraceState } from './trace-state.js';

export interface SessionTargets {
  readonly events: number;
  readonly bodyBytes: number;
  /** Model calls of the big trace; it asks for four tool calls per model call. */
  readonly bigTraceCalls: number;
}

export interface SessionOutcome {
  readonly events: number;
  readonly traces: number;
  readonly bigTrace: { readonly traceId: string; readonly modelCalls: number; readonly toolCalls: number } | null;
  readonly tallies: RunTallies;
}

const TOOLS_PER_CALL = [0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4];
const CONTROL_EVERY = 16;

export function countEvents(ctx: GenContext): number {
  return EVENT_TABLES.reduce((n, t) => n + ctx.db.count(t), 0);
}

export function runSession(ctx: GenContext, targets: SessionTargets, onProgress: (events: number) => void): SessionOutcome {
  const { prng } = ctx;
  const tallies: RunTallies = {
    execId: 100,
    turnSerial: 0,
    callSerial: 0,
    ruleRun: { count: 0, first: 0, last: 0 },
    decisionRun: { count: 0, first: 0, last: 0 },
  };
  let events = 0;
  let traces = 0;
  let bigTrace: SessionOutcome['bigTrace'] = null;
  let window = { events: 0, bytes: ctx.archive.rawSoFar() };
  let turns = 0;
  const control = (): void => {
    // Bytes per event still needed vs bytes per event of the last window: scale the unit toward it, gently.
    const rawNow = ctx.archive.rawSoFar();
    const doneEvents = events - window.events;
    const doneBytes = rawNow - window.bytes;
    const leftEvents = Math.max(1, targets.events - events);
    const needed = Math.max(0, targets.bodyBytes - rawNow) / leftEvents;
    if (doneEvents > 0 && doneBytes > 0)
      ctx.unit = Math.max(16, ctx.unit * Math.min(1.5, Math.max(0.67, needed / (doneBytes / doneEvents))));
    window = { events, bytes: rawNow };
  };
  while (events < targets.events) {
    const big = bigTrace === null && targets.bigTraceCalls > 0 && events >= targets.events * 0.3;
    const provider: Provider = big ? 'anthropic' : prng.pick<Provider>(['anthropic', 'anthropic', 'openai', 'openai', 'google']);
    const trace: TraceState = {
      traceId: `trace-${hexId(++traces, 1)}`,
      provider,
      history: new History(ctx.text),
      agentPid: prng.int(1000, 9000),
      credentialRef: `credential:blake3:${[2, 3, 4, 5, 6, 7]
        .map((salt) => hexId(traces, salt))
        .join('')
        .slice(0, 64)}`,
      pending: [],
      seenDomains: new Set(),
      turns: 0,
    };
    const calls = big ? targets.bigTraceCalls : prng.int(3, 150);
    const toolCallsBefore = ctx.db.count('tool_calls');
    if (!big && prng.next() < 0.3) mcpToolsList(ctx, trace.traceId, `turn-${hexId(tallies.turnSerial + 1, 3)}`, tallies);
    // Most traces end with a plain answer; one in ten stops while tool calls are still unanswered (orphans).
    const endsOrphaned = big || prng.next() < 0.1;
    for (let c = 0; c < calls && (big || events < targets.events); c++) {
      const last = c === calls - 1;
      const tools = big ? 4 : last && !endsOrphaned ? 0 : prng.pick(TOOLS_PER_CALL);
      modelTurn(ctx, trace, tallies, tools, !big);
      const turnId = `turn-${hexId(tallies.turnSerial, 3)}`;
      if (!big) {
        if (prng.next() < 0.05 || tallies.turnSerial % 100 === 2) otherTraffic(ctx, trace.traceId, turnId);
        if (prng.next() < 0.1) substitution(ctx, trace.credentialRef, trace.traceId, turnId);
        if (tallies.turnSerial % 200 === 3) securityTriple(ctx, trace.traceId, turnId, tallies.turnSerial);
      }
      events = countEvents(ctx);
      if (++turns % CONTROL_EVERY === 0) {
        control();
        onProgress(events);
      }
    }
    // The writer seals a block that has been open too long; at a trace's end that may leave an empty FINAL.
    if (prng.next() < 0.2) ctx.archive.seal();
    if (big) bigTrace = { traceId: trace.traceId, modelCalls: trace.turns, toolCalls: ctx.db.count('tool_calls') - toolCallsBefore };
  }
  return { events, traces, bigTrace, tallies };
}
