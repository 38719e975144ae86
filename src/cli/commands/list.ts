/**
 * capsem-inspect list [<capsem-home|host.db>] [-n N] [--with-model] [--with-db] [--with-net] [--with-tools] [--min-cost USD] [--json]
 * Sessions from the host ledger, newest first. Exit 0 (also when there are no sessions: an empty
 * ledger is a fact, not a failure), 2 when the ledger cannot be found or opened, or on a usage error.
 */
import type { CliIo } from '../io.js';
import type { Count } from '../../main/core/host/types.js';
import type { SessionFilters, SessionSummary } from '../../main/core/host/session-summary.js';
import { filterSessions, summarizeSession, totalTokens } from '../../main/core/host/session-summary.js';
import { locateHostLedger } from '../../main/core/host/capsem-home.js';
import { openHostLedger } from '../../main/core/host/open-host-ledger.js';
import { countText } from '../../main/core/host/count.js';
import { formatTable, printable } from '../../main/core/host/text-table.js';
import { toJsonText } from '../../main/core/host/json.js';

const USAGE = 'usage: capsem-inspect list [<capsem-home|host.db>] [-n N] [--with-model] [--with-db] [--with-net] [--with-tools] [--min-cost USD] [--json]\n';
const DEFAULT_LIMIT = 20;

interface ListArgs {
  path: string | undefined;
  filters: SessionFilters;
  json: boolean;
}

function parseArgs(args: string[]): ListArgs | string {
  let path: string | undefined;
  let json = false;
  const f: { -readonly [K in keyof SessionFilters]: SessionFilters[K] } = { limit: DEFAULT_LIMIT };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    switch (a) {
      case '-n':
      case '--rows': {
        const n = Number(args[++i]);
        if (!Number.isInteger(n) || n < 0) return `${a} needs a whole number (0 = all)`;
        f.limit = n;
        break;
      }
      case '--min-cost': {
        const usd = Number(args[++i]);
        if (!Number.isFinite(usd) || usd < 0) return '--min-cost needs an amount in USD, e.g. 0.5';
        f.minCostUsd = usd;
        break;
      }
      case '--with-model': f.withModel = true; break;
      case '--with-db': f.withDb = true; break;
      case '--with-net': f.withNet = true; break;
      case '--with-tools': f.withTools = true; break;
      case '--json': json = true; break;
      default:
        if (a.startsWith('-')) return `unknown option ${a}`;
        if (path !== undefined) return `only one path may be given (got ${path} and ${a})`;
        path = a;
    }
  }
  return { path, filters: f, json };
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
  { header: '  id' }, { header: 'status' }, { header: 'created' }, { header: 'duration', align: 'right' as const },
  { header: 'cost', align: 'right' as const }, { header: 'net', align: 'right' as const }, { header: 'tokens in+out', align: 'right' as const },
  { header: 'tools', align: 'right' as const }, { header: 'files', align: 'right' as const },
];

const ANSI = { red: '\u001b[31m', yellow: '\u001b[33m', green: '\u001b[32m', reset: '\u001b[0m' };

export async function run(args: string[], io: CliIo): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    io.stdout(USAGE);
    return 0;
  }
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`capsem-inspect list: ${parsed}\n${USAGE}`);
    return 2;
  }
  const where = locateHostLedger(parsed.path, io.env);
  if (!where.ok) {
    io.stderr(`capsem-inspect list: ${where.error.message}\n`);
    return 2;
  }
  const opened = await openHostLedger(where.value.hostDbPath, { runDir: where.value.runDir });
  if (!opened.ok) {
    io.stderr(`capsem-inspect list: cannot open the host ledger (${opened.error.code}): ${opened.error.message}\n`);
    return 2;
  }
  const ledger = opened.value;
  const all = ledger.sessions.map(summarizeSession);
  const shown = filterSessions(all, parsed.filters);
  if (parsed.json) {
    const records = new Map(ledger.sessions.map((s) => [s.id, s]));
    io.stdout(
      toJsonText({
        hostDb: ledger.hostDbPath,
        runDir: ledger.runDir,
        chain: { intact: ledger.chain.intact, events: ledger.chain.events, breaks: ledger.chain.breaks.length, summary: ledger.chain.summary },
        totalSessions: all.length,
        sessions: shown.map((s) => ({ ...s, location: records.get(s.id)?.location ?? null, counters: records.get(s.id)?.counters ?? null })),
        service: ledger.service,
        notes: ledger.notes,
      }) + '\n',
    );
    return 0;
  }
  const paint = io.isTty
    ? (text: string, r: number, c: number) => {
        const s = shown[r]!;
        if (c === 1 && s.status !== 'stopped') return `${s.status === 'running' ? ANSI.yellow : ANSI.red}${text}${ANSI.reset}`;
        if (c === 0 && s.sessionDbOnDisk) return `${ANSI.green}${text}${ANSI.reset}`;
        return text;
      }
    : undefined;
  const out: string[] = [`Host ledger: ${ledger.hostDbPath}`];
  out.push(ledger.chain.breaks.length === 0
    ? `Chain: ${ledger.chain.events} events chain from genesis (run \`capsem-inspect chain\` for the full check).`
    : `Chain: BROKEN at ${ledger.chain.breaks.length} place(s), first at event ${ledger.chain.intactPrefix}; run \`capsem-inspect chain ${ledger.hostDbPath}\`.`);
  out.push('', formatTable(COLUMNS, shown.map(row), paint).trimEnd(), '');
  if (all.length === 0) out.push('No sessions recorded in this host ledger.');
  else if (shown.length === 0) out.push(`No session matches the filters (${all.length} in the ledger).`);
  else out.push(`${shown.length} of ${all.length} session(s) shown, newest first. * = session.db still on disk under ${ledger.runDir}`);
  io.stdout(out.join('\n') + '\n');
  return 0;
}
