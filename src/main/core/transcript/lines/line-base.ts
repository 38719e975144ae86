// What every transcript line shares: its row, ids and graph node, and the small formatting helpers.
import type {
  TranscriptBlock,
  TranscriptBody,
  TranscriptCoverage,
  TranscriptFinding,
  TranscriptLine,
  TranscriptSource,
} from '../../../../shared/contract/transcript.js';
import type { SpanEgress } from '../../../../shared/contract/egress.js';
import type { Entry } from '../../traces/order.js';
import { rowGapMarks } from '../../completeness/row-gaps.js';
import { metPolicy } from '../../../../shared/contract/decisions.js';
import type { PageRows, Row } from '../page-rows.js';

/**
 * Preview columns are capped at 2048 bytes (docs/formats/ledger-format.md#shared-conventions): text this long may be
 * cut, and the body is read.
 */
export const PREVIEW_CAP = 2044;

export const s = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
export const n = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
export const bytesOf = (t: string): number => Buffer.byteLength(t, 'utf8');
export const mayBeCut = (t: string | null): boolean => t !== null && bytesOf(t) >= PREVIEW_CAP;

export const column = (name: string): TranscriptSource => ({ from: 'column', name, bodyHash: null });

export function block(
  label: string,
  text: string,
  source: TranscriptSource,
  format: TranscriptBlock['format'] = 'text',
  cut = false,
  path?: string,
): TranscriptBlock {
  return path === undefined ? { label, text, format, source, cut } : { label, text, format, source, cut, path };
}

export function ms(v: unknown): string | null {
  const x = n(v);
  if (x === null || !Number.isFinite(x)) return null;
  return x >= 1000 ? `${(x / 1000).toFixed(x >= 10_000 ? 0 : 1)} s` : `${Math.round(x)} ms`;
}

export const isoOfMs = (v: unknown): string | null => {
  const x = n(v);
  return x === null || !Number.isFinite(x) ? null : new Date(x).toISOString();
};

export interface LineParts {
  readonly title: string;
  readonly facts?: readonly (string | null)[];
  readonly blocks?: readonly TranscriptBlock[];
  readonly findings?: readonly TranscriptFinding[];
  readonly alert?: boolean;
  readonly carriedBy?: number | null;
  readonly timestamp?: string | null;
  readonly nodeId?: string | null;
  readonly kind?: TranscriptLine['kind'];
  readonly coverage?: TranscriptCoverage | null;
  readonly egress?: SpanEgress | null;
}

/** Table names as a reader says them, in a placement. */
const ROW_NAME: Readonly<Record<string, string>> = { model_calls: 'model call', tool_calls: 'tool call', tool_responses: 'tool response' };

/** How a line was placed where no join put it (Entry.placedBy), in a sentence; null when a join did. */
export function placementOf(e: Entry, row: Row | null): string | null {
  if (e.placedBy === 'untraced') {
    if (!e.table) return 'rows no told trace carries, by time: nothing on record ties them to a turn or a call';
    const t = s(row?.trace_id);
    return t === null || !('trace_id' in (row ?? {}))
      ? 'carries no trace_id: placed by time among the untraced rows'
      : `its trace_id ${t} is on no model or tool call: placed by time among the untraced rows`;
  }
  if (e.placedBy !== 'time') return null;
  const tie = e.turn === null ? 'the ledger ties this row to its trace only' : 'the ledger ties this row to its turn';
  return e.afterTable !== undefined && e.afterId !== undefined
    ? `placed by time after ${ROW_NAME[e.afterTable] ?? e.afterTable} ${e.afterId}; ${tie}, not to a call`
    : `placed by time before the turn's first call; ${tie}, not to a call`;
}

/**
 * A failure's reason as a line shows it: without the body's own name (the line names it) and with any file path cut
 * to its last two names, so fifteen lines do not repeat the scratch folder this machine happens to use.
 */
function reasonOf(message: string): string {
  const reason = message.replace(/^body \([^)]*\) cannot be read: /, '');
  return reason.replace(/(?:\/[^\s/:]+)+\/([^\s/:]+\/[^\s/:]+)/g, '…/$1');
}

/** The finding of a body a line read for its text and found failing: its direction leads, so marks can tell it. */
export function bodyReadFailed(direction: string, table: string, rowId: unknown, reason: string): TranscriptFinding {
  return { kind: 'body_failed', message: `the ${direction} body of ${table} row ${String(rowId)} failed verification: ${reason}` };
}

/**
 * A body_failed finding for each of the line's bodies the last verification failed, unless the line already found
 * it failing when it read the body for its text: every failed body is marked on the line that quotes it.
 */
function failedBodyMarks(
  bodies: readonly TranscriptBody[],
  row: Row | null,
  ctx: PageRows,
  own: readonly TranscriptFinding[],
): TranscriptFinding[] {
  const out: TranscriptFinding[] = [];
  for (const b of bodies) {
    const f = ctx.failure(row?.event_id, b.sourceTable, b.direction);
    if (!f || own.some((x) => x.kind === 'body_failed' && x.message.startsWith(`the ${b.direction} body`))) continue;
    out.push({
      kind: 'body_failed',
      message: `the ${b.direction} body (${b.sourceTable}) failed verification: ${f.code}: ${reasonOf(f.message)}`,
    });
  }
  return out;
}

export function line(seq: number, e: Entry, row: Row | null, ctx: PageRows, p: LineParts): TranscriptLine {
  // An untraced row names its own trace and turn, if any (no told trace does): the entry has none to give.
  const untraced = e.placedBy === 'untraced';
  const bodies = e.table && row ? ctx.bodies(row.event_id, e.table) : [];
  const own = p.findings ?? [];
  return {
    seq,
    kind: p.kind ?? e.kind,
    row: e.table ? { table: e.table, rowid: e.id } : null,
    eventId: s(row?.event_id),
    timestamp: p.timestamp !== undefined ? p.timestamp : (s(row?.timestamp) ?? isoOfMs(row?.timestamp_unix_ms)),
    traceId: untraced ? s(row?.trace_id) : e.traceId,
    turnId: untraced ? s(row?.turn_id) : e.turn,
    nodeId: untraced ? null : (p.nodeId ?? null),
    depth: e.depth,
    title: p.title,
    facts: (p.facts ?? []).filter((f): f is string => f !== null && f !== ''),
    blocks: p.blocks ?? [],
    bodies,
    findings: [...e.findings, ...own, ...failedBodyMarks(bodies, row, ctx, own)],
    alert: p.alert ?? false,
    carriedBy: p.carriedBy ?? null,
    placement: placementOf(e, row),
    decided: row !== null && metPolicy(row.event_id, (c) => row[c]),
    gaps: e.table && row ? rowGapMarks(ctx.db, e.table, row, ctx.indexed(row.event_id, e.table)) : [],
    coverage: p.coverage ?? null,
    egress: p.egress ?? null,
  };
}
