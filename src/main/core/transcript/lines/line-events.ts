// What a turn caused, one line per row: exec (command, exit status, output excerpts), file changes and overflow
// windows, network requests (denied ones stand out), DNS, processes, credential substitutions, security rule
// matches, decisions and asks.
import type { TranscriptBlock, TranscriptFinding, TranscriptLine } from '../../../../shared/contract/transcript.js';
import type { Entry } from '../../traces/order.js';
import type { PageRows, Row } from '../page-rows.js';
import { block, bodyReadFailed, column, line, ms, n, s } from './line-base.js';
import { hasTable } from '../../queries/schema.js';

const GRAPH_KIND: Readonly<Record<string, string>> = {
  net_events: 'net',
  dns_events: 'dns',
  fs_events: 'file',
  exec_events: 'exec',
  audit_events: 'process',
  substitution_events: 'credential',
  security_rule_events: 'security',
  security_decision_events: 'security',
  security_ask_events: 'security',
};

/** The graph draws a turn's rows of one kind as one node. */
const nodeOf = (e: Entry): string | null => (e.table && GRAPH_KIND[e.table] ? `ev:${e.turn ?? ''}:${GRAPH_KIND[e.table]}` : null);
const bad = (v: string | null, ...ok: string[]): boolean => v !== null && !ok.includes(v);

/**
 * One output lane of a command: its verified body when the ledger captured one (the preview column is an excerpt
 * of it), else the preview, marked cut with the lane's true size when it is shorter than that.
 */
function lane(ctx: PageRows, r: Row, d: 'stdout' | 'stderr', total: number, findings: TranscriptFinding[]): TranscriptBlock | null {
  const body = ctx.bodyText(r.event_id, 'exec_events', d);
  const whole = { wholeBytes: total, wholeBody: { sourceTable: 'exec_events', direction: d } };
  if (body instanceof Error) findings.push(bodyReadFailed(d, 'exec_events', r.id, body.message));
  else if (body !== null) {
    const b = block(d, body.text, { from: 'body', name: `exec_events/${d}`, bodyHash: body.hash }, 'text', body.cut);
    return body.cut ? { ...b, ...whole } : b;
  }
  const preview = s(r[`${d}_preview`]);
  if (preview === null) return null;
  const cut = Buffer.byteLength(preview) < total;
  const b = block(d, preview, column(`${d}_preview`), 'text', cut);
  return cut ? { ...b, wholeBytes: total, ...(body === null ? {} : { wholeBody: whole.wholeBody }) } : b;
}

function exec(seq: number, e: Entry, r: Row, ctx: PageRows): TranscriptLine {
  const code = n(r.exit_code);
  const outBytes = n(r.stdout_bytes) ?? 0;
  const errBytes = n(r.stderr_bytes) ?? 0;
  const findings: TranscriptFinding[] = [];
  const blocks = [lane(ctx, r, 'stdout', outBytes, findings), lane(ctx, r, 'stderr', errBytes, findings)].filter(
    (b): b is TranscriptBlock => b !== null,
  );
  return line(seq, e, r, ctx, {
    findings,
    title: `$ ${s(r.command) ?? ''}`,
    nodeId: nodeOf(e),
    blocks,
    alert: code !== null && code !== 0,
    facts: [
      code === null ? 'no exit status' : `exit ${code}`,
      ms(r.duration_ms),
      `stdout ${outBytes} B`,
      errBytes ? `stderr ${errBytes} B` : null,
      s(r.target),
      s(r.source),
    ],
  });
}

function file(seq: number, e: Entry, r: Row, ctx: PageRows): TranscriptLine {
  if (s(r.action) === 'overflow') {
    const next = ctx.db
      .prepare("SELECT timestamp AS t FROM fs_events WHERE id > ? AND action <> 'overflow' ORDER BY id LIMIT 1")
      .get(e.id) as { t: string | null } | undefined;
    return line(seq, e, r, ctx, {
      kind: 'overflow',
      title: `${n(r.size) ?? 0} changes held back`,
      nodeId: nodeOf(e),
      alert: true,
      facts: [next?.t ? `reported by the scan at ${next.t}` : 'no later scan reported them'],
    });
  }
  const size = n(r.size);
  return line(seq, e, r, ctx, {
    title: `${s(r.action) ?? '?'} ${s(r.path) ?? ''}`,
    nodeId: nodeOf(e),
    facts: [s(r.kind), size !== null ? `${size} B` : null],
  });
}

function net(seq: number, e: Entry, r: Row, ctx: PageRows): TranscriptLine {
  const decision = s(r.decision);
  const status = n(r.status_code);
  const q = s(r.query);
  const policy = [s(r.policy_action), s(r.policy_rule) ? `rule ${String(r.policy_rule)}` : null, s(r.policy_reason)]
    .filter(Boolean)
    .join(' · ');
  return line(seq, e, r, ctx, {
    title: `${s(r.method) ?? '?'} ${s(r.domain) ?? '?'}${s(r.path) ?? ''}${q ? `?${q}` : ''}`,
    nodeId: nodeOf(e),
    alert: bad(decision, 'allowed') || s(r.policy_action) === 'block',
    facts: [
      status === null ? 'no status' : `status ${status}`,
      decision ? `decision ${decision}` : null,
      policy ? `policy ${policy}` : null,
      ms(r.duration_ms),
      s(r.process_name),
    ],
  });
}

function dns(seq: number, e: Entry, r: Row, ctx: PageRows): TranscriptLine {
  const decision = s(r.decision);
  return line(seq, e, r, ctx, {
    title: s(r.qname) ?? '(no name)',
    nodeId: nodeOf(e),
    alert: bad(decision, 'allowed'),
    facts: [
      s(r.answer_ip) ? `→ ${String(r.answer_ip)}` : 'no answer',
      `rcode ${n(r.rcode) ?? '?'}`,
      decision ? `decision ${decision}` : null,
      s(r.matched_rule),
    ],
  });
}

function process(seq: number, e: Entry, r: Row, ctx: PageRows): TranscriptLine {
  let argv = s(r.argv) ?? '';
  try {
    const a = JSON.parse(argv) as unknown;
    if (Array.isArray(a)) argv = a.map(String).join(' ');
  } catch {
    // Not JSON: shown as stored.
  }
  const code = n(r.exit_code);
  return line(seq, e, r, ctx, {
    title: s(r.exe) ?? '(no executable)',
    nodeId: nodeOf(e),
    blocks: argv ? [block('argv', argv, column('argv'), 'command')] : [],
    facts: [`pid ${n(r.pid) ?? '?'}`, code === null ? null : `exit ${code}`, s(r.cwd)],
    alert: code !== null && code !== 0,
  });
}

function credential(seq: number, e: Entry, r: Row, ctx: PageRows): TranscriptLine {
  return line(seq, e, r, ctx, {
    title: `${s(r.material_class) ?? '(no class)'} ${s(r.outcome) ?? ''}`.trim(),
    nodeId: nodeOf(e),
    alert: s(r.outcome) === 'error',
    facts: [s(r.source) ? `from ${String(r.source)}` : null, s(r.provider), s(r.substitution_ref)],
  });
}

/**
 * The run table a folded security row keeps its shape in (docs/formats/ledger-format.md#security-tables: either
 * inline fields or run_id).
 */
const RUN_TABLE: Readonly<Record<string, string>> = {
  security_rule_events: 'security_rule_runs',
  security_decision_events: 'security_decision_runs',
};

/**
 * A security row with its run's fields where its own are NULL: rows folded into a run keep rule, action and
 * decisions there, and a line of only the row's own columns would read `decision ? → ?`.
 */
function withRun(table: string | null, r: Row, ctx: PageRows): Row {
  const runs = table ? RUN_TABLE[table] : undefined;
  if (!runs || r.run_id === null || r.run_id === undefined || !hasTable(ctx.db, runs)) return r;
  const run = ctx.db.prepare(`SELECT * FROM ${runs} WHERE id = ?`).get(r.run_id) as Row | undefined;
  if (!run) return r;
  const out: Record<string, unknown> = { ...r };
  for (const [k, v] of Object.entries(run)) if (k !== 'id' && (out[k] === null || out[k] === undefined)) out[k] = v;
  return out;
}

/** `allow → block`; where neither the row nor its run records the decisions, says so, never `? → ?`. */
function decisionTitle(r: Row, hasPayload: boolean): string {
  const from = s(r.previous_decision) ?? s(r.requested_decision);
  const to = s(r.effective_decision);
  if (from === null && to === null) return hasPayload ? 'not in its columns: see its payload body' : 'none recorded';
  return from === null ? to! : `${from} → ${to ?? '(no effective decision recorded)'}`;
}

function security(seq: number, e: Entry, own: Row, ctx: PageRows): TranscriptLine {
  const r = withRun(e.table, own, ctx);
  const run = r !== own ? `as run ${String(own.run_id)} records` : null;
  switch (e.table) {
    case 'security_rule_events':
      return line(seq, e, r, ctx, {
        title: `${s(r.rule_id) ?? '(no rule id)'} matched`,
        nodeId: nodeOf(e),
        alert: s(r.rule_action) === 'block',
        facts: [
          s(r.event_type),
          s(r.rule_action) ? `action ${String(r.rule_action)}` : null,
          s(r.detection_level) ? `level ${String(r.detection_level)}` : null,
          run,
        ],
      });
    case 'security_decision_events':
      return line(seq, e, r, ctx, {
        title: decisionTitle(
          r,
          ctx.bodies(r.event_id, e.table).some((b) => b.direction === 'payload'),
        ),
        nodeId: nodeOf(e),
        alert: s(r.effective_decision) === 'block',
        facts: [s(r.stage) ? `stage ${String(r.stage)}` : null, s(r.actor), s(r.rule_id), s(r.reason), run],
      });
    default:
      return line(seq, e, r, ctx, {
        title: `${s(r.rule_name) ?? s(r.rule_id) ?? '(no rule)'}: ${s(r.status) ?? '(no status)'}`,
        nodeId: nodeOf(e),
        alert: s(r.status) === 'denied',
        facts: [s(r.resolver) ? `by ${String(r.resolver)}` : null, s(r.reason), s(r.ask_id) ? `ask ${String(r.ask_id)}` : null],
      });
  }
}

export function eventLine(seq: number, e: Entry, ctx: PageRows): TranscriptLine {
  const r = (e.table ? ctx.row(e.table, e.id) : null) ?? { id: e.id };
  switch (e.kind) {
    case 'exec':
      return exec(seq, e, r, ctx);
    case 'file':
      return file(seq, e, r, ctx);
    case 'net':
      return net(seq, e, r, ctx);
    case 'dns':
      return dns(seq, e, r, ctx);
    case 'process':
      return process(seq, e, r, ctx);
    case 'credential':
      return credential(seq, e, r, ctx);
    default:
      return security(seq, e, r, ctx);
  }
}
