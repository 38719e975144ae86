/**
 * capsem-inspect grep <pattern> <path> [-F | -E] [-i] [--hex] [--table T] [--direction D] [--count] [--json] [--max N] [--workers N]
 * capsem-inspect grep --secrets <path> [--reveal] [--table T] [--direction D] [--count] [--json] [--max N] [--workers N]
 * Searches every body of the archive, each decoded once and checked against its segment hashes and its own hash
 * before a match in it is reported (a body that fails is reported as not searched, never searched), then the
 * ledger's text columns. Exit 0 when something matched, 1 when nothing did, 2 on usage or open errors (as grep).
 */
import type { CliIo } from '../io.js';
import { toFailure } from '../../shared/errors.js';
import { classifyPaths } from '../../main/core/evidence/classify.js';
import { openForCheck } from '../../main/core/check/check-path.js';
import { prestartVerifyWorkers } from '../../main/core/jobs/prestarted-verify-workers.js';
import { workersWorthStarting } from '../../main/core/jobs/workers-worth-starting.js';
import { defaultWorkerCount } from '../../main/core/jobs/verify-plan.js';
import { startSessionSearch } from '../../main/core/search/session-search.js';
import type { Evidence } from '../../main/core/evidence/types.js';
import type { GrepMatch, GrepPattern, GrepSpec } from '../../main/core/match/grep-types.js';
import { DEFAULT_CONTEXT_BYTES, DEFAULT_MAX_PER_BODY } from '../../main/core/match/grep-types.js';
import { destinationLookup, maskSecret, secretFinding } from '../../main/core/search/secret-findings.js';
import { digitsNumber, invalid, parseCommandArgs } from '../args.js';
import { cancelOnInterrupt } from '../interrupt.js';
import { damagedLine, matchLine, secretLine, terminalSafe } from '../text/grep-lines.js';
import { grepProgressLine } from '../text/grep-progress.js';
import { styleFor } from '../text/style.js';
import { matchPlaceJson } from '../text/match-json.js';
import { argsOrExit } from '../usage.js';
import { jsonText } from '../../shared/json-text.js';

export const GREP_USAGE =
  'usage: capsem-inspect grep <pattern> <path> [-F | -E] [-i] [--hex] [--table T] [--direction D] [--count] [--json] [--max N] [--workers N]\n' +
  '       capsem-inspect grep -e <pattern> <path> [...]   (or: grep [options] -- <pattern> <path>, for a pattern starting with -)\n' +
  '       capsem-inspect grep --secrets <path> [--reveal] [--table T] [--direction D] [--count] [--json] [--max N]\n' +
  '  -E regular expression (the default; linear-time: no backreferences or lookaround), -F fixed string,\n' +
  "  --hex bytes as hex pairs ('de ad be ef'), -i ignore ASCII case. Every body is verified before it is searched.\n" +
  '  exit 0 matched, 1 nothing matched, 2 cannot open or usage error\n';

const FLAGS = {
  // -e PATTERN, as grep has it: the way to give a pattern that starts with '-' (so does `--`).
  regexp: { takes: 'value', short: 'e', read: (v: string | undefined) => (v === undefined ? invalid('-e needs a pattern') : v) },
  fixed: { takes: 'nothing', short: 'F' },
  regex: { takes: 'nothing', short: 'E' },
  ignoreCase: { takes: 'nothing', short: 'i' },
  hex: { takes: 'nothing' },
  secrets: { takes: 'nothing' },
  reveal: { takes: 'nothing' },
  table: {
    takes: 'value',
    read: (v: string | undefined) => (v && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v) ? v : invalid('--table needs a table name')),
  },
  direction: {
    takes: 'value',
    read: (v: string | undefined) =>
      v && /^[a-z_]+$/.test(v) ? v : invalid('--direction needs a direction (request, response, payload, stdout, stderr)'),
  },
  count: { takes: 'nothing', short: 'c' },
  json: { takes: 'nothing' },
  max: { takes: 'value', short: 'm', read: digitsNumber(() => '--max needs a whole number of at least 1', 1) },
  workers: { takes: 'value', read: digitsNumber(() => '--workers needs a whole number of at least 1', 1) },
} as const;

interface GrepArgs {
  readonly path: string;
  readonly spec: GrepSpec;
  readonly secrets: boolean;
  readonly reveal: boolean;
  readonly count: boolean;
  readonly json: boolean;
  readonly max: number | null;
  readonly workers: number | undefined;
}

export function parseGrepArgs(args: readonly string[]): GrepArgs | string {
  const parsed = parseCommandArgs(args, FLAGS);
  if (typeof parsed === 'string') return parsed;
  const f = parsed.flags;
  const kinds = [f.fixed, f.regex, f.hex, f.secrets].filter(Boolean).length;
  if (kinds > 1) return '-F, -E, --hex and --secrets exclude each other';
  if (f.reveal && !f.secrets) return '--reveal goes with --secrets';
  if (f.secrets && f.regexp !== undefined) return '-e gives a pattern; --secrets takes none';
  const given = f.regexp !== undefined ? [f.regexp, ...parsed.positionals] : parsed.positionals;
  const wanted = f.secrets ? 1 : 2;
  if (given.length !== wanted) return f.secrets ? '--secrets takes one path' : 'a pattern and a path are required';
  const [first, second] = given as [string, string | undefined];
  const text = f.secrets ? '' : first;
  const pattern: GrepPattern = f.secrets
    ? { kind: 'secrets' }
    : f.hex
      ? { kind: 'hex', hex: text }
      : f.fixed
        ? { kind: 'fixed', text, ignoreCase: f.ignoreCase }
        : { kind: 'regex', source: text, ignoreCase: f.ignoreCase };
  return {
    path: f.secrets ? first : second!,
    spec: {
      patterns: [pattern],
      table: f.table ?? null,
      direction: f.direction ?? null,
      maxPerBody: DEFAULT_MAX_PER_BODY,
      contextBytes: DEFAULT_CONTEXT_BYTES,
    },
    secrets: f.secrets,
    reveal: f.reveal,
    count: f.count,
    json: f.json,
    max: f.max ?? null,
    workers: f.workers,
  };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const a = argsOrExit(args, io, { command: 'grep', usage: GREP_USAGE, helpAnywhere: true }, parseGrepArgs);
  if (typeof a === 'number') return a;
  const cannot = (code: string, message: string): number => {
    io.stderr(`capsem-inspect grep: cannot search ${terminalSafe(a.path)} (${code}): ${terminalSafe(message)}\n`);
    return 2;
  };
  const classified = await classifyPaths([a.path]);
  if (!classified.ok) return cannot(classified.error.code, classified.error.message);
  const input = classified.value;
  if (input.kind !== 'session')
    return cannot('BAD_REQUEST', `${a.path} is not a session ledger; grep needs a session folder or session.db`);
  // The workers load while the ledger opens (as check --verify-bodies does).
  prestartVerifyWorkers(workersWorthStarting(input, a.workers ?? defaultWorkerCount()));
  const opened = await openForCheck(input);
  if (!opened.ok) return cannot(opened.error.code, opened.error.message);
  const evidence = opened.value;
  try {
    return await cancelOnInterrupt((signal) => search(a, evidence, io, signal));
  } catch (e) {
    const f = toFailure(e);
    return cannot(f.code, f.message);
  } finally {
    evidence.close();
  }
}

async function search(a: GrepArgs, evidence: Evidence, io: CliIo, signal: AbortSignal): Promise<number> {
  const style = styleFor(io.isTty && !a.json);
  const destinationOf = a.secrets ? destinationLookup(evidence.db) : null;
  let matches = 0;
  // On a terminal's stderr only, and never with --json (a reader of JSON lines may share the terminal's stderr).
  const progress = grepProgressLine(Boolean(io.stderrIsTerminal) && !a.json, io.stderr);
  const out = (m: GrepMatch): boolean => {
    if (readerGone || (a.max !== null && matches >= a.max)) return false;
    matches += 1;
    progress.matched(matches);
    if (!a.count) {
      const finding = destinationOf ? secretFinding(m, destinationOf) : null;
      progress.beforeOutput();
      if (a.json) io.stdout(jsonText(jsonOf(m, finding, a.reveal)) + '\n');
      else io.stdout(finding ? secretLine(finding, a.reveal, style) : matchLine(m, style));
    }
    return a.max === null || matches < a.max;
  };
  const searching = startSessionSearch(evidence, a.spec, out, {
    signal,
    onProgress: (p) => progress.show(p),
    ...(a.workers !== undefined ? { workers: a.workers } : {}),
  });
  // Drawn at once, before the pool's first report (a small ledger may be done before it): what is to be searched.
  progress.show({ itemsDone: 0, itemsTotal: searching.itemsTotal, bytesDone: 0, bytesTotal: searching.bytesTotal, failed: 0 });
  whenReaderGone(() => searching.stop());
  const { summary, columns, damaged, stopped, error } = await searching.done.finally(() => progress.end());
  if (error) return failed(io, error.code, error.message);
  for (const f of damaged) {
    if (a.json)
      io.stdout(
        jsonText({
          type: 'damaged',
          eventId: f.eventId,
          sourceTable: f.sourceTable,
          direction: f.direction,
          code: f.code,
          message: f.message,
        }) + '\n',
      );
    else io.stderr(damagedLine(f));
  }
  if (a.count) io.stdout(a.json ? jsonText({ type: 'count', matches }) + '\n' : `${matches}\n`);
  if (summary) {
    const omitted = summary.failuresOmitted > 0 ? ` (${summary.failuresOmitted} more not listed)` : '';
    const line =
      `searched ${summary.verified} verified bodies (${summary.bytes} bytes); ${summary.failed} failed verification and were not searched${omitted}; ` +
      `${columns.values} text values in ${columns.columns} columns; ${matches} match${matches === 1 ? '' : 'es'}${stopped && a.max !== null ? ` (stopped at --max ${a.max})` : ''}`;
    if (a.json)
      io.stdout(
        jsonText({
          type: 'summary',
          bodies: summary.bodies,
          verified: summary.verified,
          failed: summary.failed,
          bytes: summary.bytes,
          columns: columns.columns,
          values: columns.values,
          matches,
          stopped,
        }) + '\n',
      );
    else io.stderr(`${line}\n`);
  }
  return matches > 0 ? 0 : 1;
}

let readerGone = false;
let onReaderGone: (() => void) | null = null;
let watching = false;

/**
 * `grep ... | head`: once the reader has gone, stop searching and end quietly, as grep does on SIGPIPE. The write
 * error arrives after the write that met it, so the handler stays for the life of the process (one, however many runs).
 */
function whenReaderGone(then: () => void): void {
  onReaderGone = then;
  if (watching) return;
  watching = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    readerGone = true;
    onReaderGone?.();
  });
}

function failed(io: CliIo, code: string, message: string): number {
  io.stderr(`capsem-inspect grep: the search did not finish (${code}): ${terminalSafe(message)}\n`);
  return 2;
}

function jsonOf(m: GrepMatch, finding: ReturnType<typeof secretFinding>, reveal: boolean): Record<string, unknown> {
  const base = { type: finding ? 'secret' : 'match', ...matchPlaceJson(m, 'sourceTable') };
  if (!finding) return { ...base, before: m.before, match: m.match, after: m.after };
  return {
    ...base,
    pattern: finding.pattern.name,
    verdict: finding.verdict,
    host: finding.host,
    substituted: finding.substituted,
    direction: finding.direction,
    value: reveal ? m.match : undefined,
    masked: reveal ? undefined : maskSecret(m.match, m.length),
  };
}
