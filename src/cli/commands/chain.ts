/**
 * capsem-inspect chain <host.db|capsem-home> [--expect-head HEX] [--expect-count N] [--json]
 * Recomputes the host_events chain from genesis and lists every break. Exit 0 when it holds (and matches the
 * anchor, if one is given), 1 with every break or anchor finding listed, 2 when the ledger cannot be opened.
 * The settings-file chain of policy_mutation_events is shown too but does not set the exit code: a hand edit of
 * settings.toml between two service edits breaks it legitimately.
 */
import type { CliIo } from '../io.js';
import type { ChainAnchor, PolicyMutationReport } from '../../main/core/host/types.js';
import { toJsonText } from '../../main/core/host/json.js';
import { countNumber, invalid, parseCommandArgs } from '../args.js';
import { openHostLedgerFor } from '../host-ledger.js';
import { formatTable } from '../text/table.js';
import { printable, styleFor } from '../text/style.js';
import { argsOrExit } from '../usage.js';

const USAGE = 'usage: capsem-inspect chain <host.db|capsem-home> [--expect-head HEX] [--expect-count N] [--json]\n';

interface ChainArgs {
  path: string;
  anchor: ChainAnchor | null;
  json: boolean;
}

const readEventCount = countNumber(() => '--expect-count needs a whole number of events');

function parseChainArgs(args: readonly string[]): ChainArgs | string {
  // The reads fill the anchor as they go, so its keys stand in the order typed, as --json has always shown them.
  const anchor: { expectHead?: string; expectCount?: number } = {};
  const parsed = parseCommandArgs(
    args,
    {
      'expect-head': {
        takes: 'value',
        read: (hex = '') =>
          /^[0-9a-fA-F]{64}$/.test(hex)
            ? (anchor.expectHead = hex.toLowerCase())
            : invalid('--expect-head needs the 64-hex-digit hash of the last event'),
      },
      'expect-count': {
        takes: 'value',
        read: (value, flag) => {
          const n = readEventCount(value, flag);
          if (typeof n === 'number') anchor.expectCount = n;
          return n;
        },
      },
      json: { takes: 'nothing' },
    },
    { single: true },
  );
  if (typeof parsed === 'string') return parsed;
  const [path] = parsed.positionals;
  if (path === undefined) return 'the host ledger path is required';
  const anchored = anchor.expectHead !== undefined || anchor.expectCount !== undefined;
  return { path, anchor: anchored ? anchor : null, json: parsed.flags.json };
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
  const columns = [
    { header: 'id', align: 'right' as const },
    { header: 'time' },
    { header: 'category/kind' },
    { header: 'target' },
    { header: 'operation' },
    { header: 'status' },
    { header: 'chain' },
  ];
  return formatTable(columns, rows).trimEnd();
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(args, io, { command: 'chain', usage: USAGE, helpAnywhere: true }, parseChainArgs);
  if (typeof parsed === 'number') return parsed;
  const ledger = await openHostLedgerFor('chain', parsed.path, io, parsed.anchor);
  if (!ledger) return 2;
  const { chain, policy, hostDbPath } = ledger;
  const code = chain.intact ? 0 : 1;
  if (parsed.json) {
    io.stdout(toJsonText({ hostDb: hostDbPath, sources: ledger.sources, chain, policyMutations: policy }) + '\n');
    return code;
  }
  const { red } = styleFor(io.isTty);
  const out = [
    `Host ledger: ${hostDbPath}`,
    `Events: ${chain.events}   head: ${chain.head ?? '(empty)'}`,
    '',
    chain.intact ? chain.summary : red(chain.summary),
  ];
  if (chain.breaks.length > 0) {
    out.push('', 'Breaks:');
    const rows = chain.breaks.map((b) => [String(b.index), String(b.id), b.kind, b.expected ?? '(cannot compute)', b.found || '(NULL)']);
    out.push(
      formatTable(
        [
          { header: 'event', align: 'right' },
          { header: 'id', align: 'right' },
          { header: 'kind' },
          { header: 'expected' },
          { header: 'found' },
        ],
        rows,
      ).trimEnd(),
    );
  }
  for (const f of chain.anchorFindings) out.push(red(`Anchor: ${f.message}`));
  if (policy.present) {
    const applied = policy.rows.filter((r) => r.status === 'applied').length;
    out.push(
      '',
      `Settings-file chain (policy_mutation_events, not part of the host chain): ${policy.rows.length} edit(s), ${applied} applied, ${policy.settingsChainBreaks.length === 0 ? "each applied edit starts from the previous one's file" : `${policy.settingsChainBreaks.length} gap(s)`}.`,
    );
    if (policy.rows.length > 0) out.push(policyTable(policy));
    for (const b of policy.settingsChainBreaks)
      out.push(`  ${printable(b.message)} (settings.toml changed outside the service, or a row was edited)`);
  } else {
    out.push('', 'No policy_mutation_events table in this host ledger.');
  }
  io.stdout(out.join('\n') + '\n');
  return code;
}
