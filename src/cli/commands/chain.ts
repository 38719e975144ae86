/**
 * capsem-inspect chain <host.db|capsem-home> [--expect-head HEX] [--expect-count N] [--json]
 * Recomputes the host_events chain from genesis and lists every break. Exit 0 when it holds (and matches the
 * anchor, if one is given), 1 with every break or anchor finding listed, 2 when the ledger cannot be opened.
 * The settings-file chain of policy_mutation_events is shown too but does not set the exit code: a hand edit of
 * settings.toml between two service edits breaks it legitimately.
 */
import type { CliIo } from '../io.js';
import type { ChainAnchor, PolicyMutationReport } from '../../main/core/host/types.js';
import { locateHostLedger } from '../../main/core/host/capsem-home.js';
import { openHostLedger } from '../../main/core/host/open-host-ledger.js';
import { formatTable, printable } from '../../main/core/host/text-table.js';
import { toJsonText } from '../../main/core/host/json.js';

const USAGE = 'usage: capsem-inspect chain <host.db|capsem-home> [--expect-head HEX] [--expect-count N] [--json]\n';

interface ChainArgs {
  path: string;
  anchor: ChainAnchor | null;
  json: boolean;
}

function parseArgs(args: string[]): ChainArgs | string {
  let path: string | undefined;
  let json = false;
  const anchor: { expectHead?: string; expectCount?: number } = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    switch (a) {
      case '--expect-head': {
        const hex = args[++i] ?? '';
        if (!/^[0-9a-fA-F]{64}$/.test(hex)) return '--expect-head needs the 64-hex-digit hash of the last event';
        anchor.expectHead = hex.toLowerCase();
        break;
      }
      case '--expect-count': {
        const n = Number(args[++i]);
        if (!Number.isInteger(n) || n < 0) return '--expect-count needs a whole number of events';
        anchor.expectCount = n;
        break;
      }
      case '--json': json = true; break;
      default:
        if (a.startsWith('-')) return `unknown option ${a}`;
        if (path !== undefined) return `only one path may be given (got ${path} and ${a})`;
        path = a;
    }
  }
  if (path === undefined) return 'the host ledger path is required';
  const anchored = anchor.expectHead !== undefined || anchor.expectCount !== undefined;
  return { path, anchor: anchored ? anchor : null, json };
}

function isoTime(ms: number | null): string {
  const d = new Date(ms ?? Number.NaN);
  return Number.isNaN(d.getTime()) ? String(ms ?? '-') : d.toISOString();
}

/** One line per policy mutation; `gap` marks an applied edit that does not start from the previous applied file. */
function policyTable(policy: PolicyMutationReport): string {
  const gaps = new Set(policy.settingsChainBreaks.map((b) => b.id));
  const rows = policy.rows.map((r) => [
    String(r.id),
    isoTime(r.timestampUnixMs),
    printable(`${r.category ?? '-'}/${r.targetKind ?? '-'}`),
    printable(r.targetKey ?? '-'),
    printable(r.operation ?? '-'),
    printable(r.status ?? '-'),
    r.status !== 'applied' ? '' : gaps.has(r.id) ? 'gap' : 'ok',
  ]);
  const columns = [{ header: 'id', align: 'right' as const }, { header: 'time' }, { header: 'category/kind' }, { header: 'target' }, { header: 'operation' }, { header: 'status' }, { header: 'chain' }];
  return formatTable(columns, rows).trimEnd();
}

export async function run(args: string[], io: CliIo): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    io.stdout(USAGE);
    return 0;
  }
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`capsem-inspect chain: ${parsed}\n${USAGE}`);
    return 2;
  }
  const where = locateHostLedger(parsed.path, io.env);
  if (!where.ok) {
    io.stderr(`capsem-inspect chain: ${where.error.message}\n`);
    return 2;
  }
  const opened = await openHostLedger(where.value.hostDbPath, { runDir: where.value.runDir, anchor: parsed.anchor });
  if (!opened.ok) {
    io.stderr(`capsem-inspect chain: cannot open the host ledger (${opened.error.code}): ${opened.error.message}\n`);
    return 2;
  }
  const { chain, policy, hostDbPath } = opened.value;
  const code = chain.intact ? 0 : 1;
  if (parsed.json) {
    io.stdout(toJsonText({ hostDb: hostDbPath, sources: opened.value.sources, chain, policyMutations: policy }) + '\n');
    return code;
  }
  const red = (t: string) => (io.isTty ? `\u001b[31m${t}\u001b[0m` : t);
  const out = [`Host ledger: ${hostDbPath}`, `Events: ${chain.events}   head: ${chain.head ?? '(empty)'}`, '', chain.intact ? chain.summary : red(chain.summary)];
  if (chain.breaks.length > 0) {
    out.push('', 'Breaks:');
    const rows = chain.breaks.map((b) => [String(b.index), String(b.id), b.kind, b.expected ?? '(cannot compute)', b.found || '(NULL)']);
    out.push(formatTable([{ header: 'event', align: 'right' }, { header: 'id', align: 'right' }, { header: 'kind' }, { header: 'expected' }, { header: 'found' }], rows).trimEnd());
  }
  for (const f of chain.anchorFindings) out.push(red(`Anchor: ${f.message}`));
  if (policy.present) {
    const applied = policy.rows.filter((r) => r.status === 'applied').length;
    out.push('', `Settings-file chain (policy_mutation_events, not part of the host chain): ${policy.rows.length} edit(s), ${applied} applied, ${policy.settingsChainBreaks.length === 0 ? 'each applied edit starts from the previous one\'s file' : `${policy.settingsChainBreaks.length} gap(s)`}.`);
    if (policy.rows.length > 0) out.push(policyTable(policy));
    for (const b of policy.settingsChainBreaks) out.push(`  ${printable(b.message)} (settings.toml changed outside the service, or a row was edited)`);
  } else {
    out.push('', 'No policy_mutation_events table in this host ledger.');
  }
  io.stdout(out.join('\n') + '\n');
  return code;
}
