/**
 * capsem-inspect list [<capsem-home|host.db>] [-n N] [--with-model] [--with-db] [--with-net] [--with-tools] [--min-cost USD] [--json]
 * Sessions from the host ledger, newest first. Exit 0 (also when there are no sessions: an empty
 * ledger is a fact, not a failure), 2 when the ledger cannot be found or opened, or on a usage error.
 */
import type { CliIo } from '../io.js';
import type { Count } from '../../main/core/host/types.js';
import type { SessionFilters, SessionSummary } from '../../main/core/host/session-summary.js';
import { filterSessions, summarizeSession, totalTokens } from '../../main/core/host/session-summary.js';
import { countText } from '../../main/core/host/count.js';
import { toJsonText } from '../../main/core/host/json.js';
import { countNumber, invalid, parseCommandArgs } from '../args.js';
import { openHostLedgerFor } from '../host-ledger.js';
import { formatTable } from '../text/table.js';
import { printable, styleFor } from '../text/style.js';
import { argsOrExit } from '../usage.js';

const USAGE =
  'usage: capsem-inspect list [<capsem-home|host.db>] [-n N] [--with-model] [--with-db] [--with-net] [--with-tools] [--min-cost USD] [--json]\n';
const DEFAULT_LIMIT = 20;

interface ListArgs {
  path: string | undefined;
  filters: SessionFilters;
  json: boolean;
}

const FLAGS = {
  rows: { takes: 'value', short: 'n', read: countNumber((flag) => `${flag} needs a whole number (0 = all)`) },
  'min-cost': {
    takes: 'value',
    read: (v: string | undefined) => {
      const usd = Number(v);
      return Number.isFinite(usd) && usd >= 0 ? usd : invalid('--min-cost needs an amount in USD, e.g. 0.5');
    },
  },
  'with-model': { takes: 'nothing' },
  'with-db': { takes: 'nothing' },
  'with-net': { takes: 'nothing' },
  'with-tools': { takes: 'nothing' },
  json: { takes: 'nothing' },
} as const;

function parseListArgs(args: readonly string[]): ListArgs | string {
  const parsed = parseCommandArgs(args, FLAGS, { single: true });
  if (typeof parsed === 'string') return parsed;
  const f = parsed.flags;
  const filters: { -readonly [K in keyof SessionFilters]: SessionFilters[K] } = { limit: f.rows ?? DEFAULT_LIMIT };
  if (f['min-cost'] !== undefined) filters.minCostUsd = f['min-cost'];
  if (f['with-model']) filters.withModel = true;
  if (f['with-db']) filters.withDb = true;
  if (f['with-net']) filters.withNet = true;
  if (f['with-tools']) filters.withTools = true;
  return { path: parsed.positionals[0], filters, json: f.json };
}

function utc(ms: number | null): string {
  if (ms === null) return '-';
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : `${d.toISOString().slice(0, 19).replace('T', ' ')}Z`;
}

function duration(s: SessionSummary): string {
  if (s.durationMs === null) return s.stoppedMs === null ? 'no stop' : '-';
  const total = Math.round(s.durationMs / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  return h > 0 ? `${h}h${String(m).padStart(2, '0')}m` : m > 0 ? `${m}m${String(sec).padStart(2, '0')}s` : `${sec}s`;
}

const num = (v: Count | null) => (v === null ? '-' : countText(v));

function row(s: SessionSummary): string[] {
  const tokens = totalTokens(s) === null ? '-' : `${countText(s.tokensIn!)}+${countText(s.tokensOut!)}`;
  return [
    `${s.sessionDbOnDisk ? '*' : ' '} ${printable(s.id)}`,
    printable(s.status),
    utc(s.createdMs),
    duration(s),
    s.costUsd === null ? '-' : `$${s.costUsd.toFixed(4)}`,
    num(s.netEvents),
    tokens,
    num(s.toolCalls),
    num(s.fileEvents),
  ];
}

const COLUMNS = [
  { header: '  id' },
  { header: 'status' },
  { header: 'created' },
  { header: 'duration', align: 'right' as const },
  { header: 'cost', align: 'right' as const },
  { header: 'net', align: 'right' as const },
  { header: 'tokens in+out', align: 'right' as const },
  { header: 'tools', align: 'right' as const },
  { header: 'files', align: 'right' as const },
];

export async function run(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(args, io, { command: 'list', usage: USAGE, helpAnywhere: true }, parseListArgs);
  if (typeof parsed === 'number') return parsed;
  const ledger = await openHostLedgerFor('list', parsed.path, io);
  if (!ledger) return 2;
  const all = ledger.sessions.map(summarizeSession);
  const shown = filterSessions(all, parsed.filters);
  if (parsed.json) {
    const records = new Map(ledger.sessions.map((s) => [s.id, s]));
    io.stdout(
      toJsonText({
        hostDb: ledger.hostDbPath,
        runDir: ledger.runDir,
        chain: {
          intact: ledger.chain.intact,
          events: ledger.chain.events,
          breaks: ledger.chain.breaks.length,
          summary: ledger.chain.summary,
        },
        totalSessions: all.length,
        sessions: shown.map((s) => ({
          ...s,
          location: records.get(s.id)?.location ?? null,
          counters: records.get(s.id)?.counters ?? null,
        })),
        service: ledger.service,
        notes: ledger.notes,
      }) + '\n',
    );
    return 0;
  }
  const style = styleFor(io.isTty);
  const paint = (text: string, r: number, c: number): string => {
    const s = shown[r]!;
    if (c === 1 && s.status !== 'stopped') return s.status === 'running' ? style.yellow(text) : style.red(text);
    if (c === 0 && s.sessionDbOnDisk) return style.green(text);
    return text;
  };
  const out: string[] = [`Host ledger: ${ledger.hostDbPath}`];
  out.push(
    ledger.chain.breaks.length === 0
      ? `Chain: ${ledger.chain.events} events chain from genesis (run \`capsem-inspect chain\` for the full check).`
      : `Chain: BROKEN at ${ledger.chain.breaks.length} place(s), first at event ${ledger.chain.intactPrefix}; run \`capsem-inspect chain ${ledger.hostDbPath}\`.`,
  );
  out.push('', formatTable(COLUMNS, shown.map(row), { paint }).trimEnd(), '');
  if (all.length === 0) out.push('No sessions recorded in this host ledger.');
  else if (shown.length === 0) out.push(`No session matches the filters (${all.length} in the ledger).`);
  else out.push(`${shown.length} of ${all.length} session(s) shown, newest first. * = session.db still on disk under ${ledger.runDir}`);
  io.stdout(out.join('\n') + '\n');
  return 0;
}
