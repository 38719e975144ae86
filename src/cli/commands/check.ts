/**
 * capsem-inspect check <path> [--no-verify-bodies] [--require-complete] [--rows N] [--json] [--workers N]
 * capsem-inspect check --all <dir> [--no-verify-bodies] [--json]
 * The integrity report, with every body read back through its hashes unless --no-verify-bodies says otherwise: a
 * verdict must say what was proven, and verifying a gigabyte takes about a second. `--verify-bodies` is still
 * accepted (it was the opt-in before verification became the default). Exit 0 intact, 1 damaged, 2 cannot open or
 * usage (or verification interrupted before every body was read). Completeness (COMPLETE / GAPS) is said beside the
 * verdict and changes the exit status only with --require-complete (then 1 on any gap).
 * With --all every session beneath <dir> is checked, a few at a time; --json prints one line per session. When <dir> is
 * a Capsem home or a host.db (and for one session that sits in a home), each session's completeness also compares
 * the host's final counters (session_stopped) with its rows.
 */
import { availableParallelism } from 'node:os';
import type { CliIo } from '../io.js';
import { checkPath } from '../../main/core/check/check-path.js';
import type { CheckPathOptions } from '../../main/core/check/check-path.js';
import { findSessions } from '../../main/core/check/find-sessions.js';
import { reportToJson } from '../../main/core/check/render-json.js';
import { hostForAll, hostStopForSession } from '../../main/core/check/host-at-hand.js';
import type { JobProgress } from '../../main/core/jobs/verify-types.js';
import { digitsNumber, parseCommandArgs } from '../args.js';
import { cancelOnInterrupt } from '../interrupt.js';
import { renderCheckReport } from '../text/check-report.js';
import { argsOrExit } from '../usage.js';
import { printable } from '../text/style.js';
import { allLine, goneLine } from '../text/check-all-line.js';
import { plural } from '../../shared/plural.js';

export const CHECK_USAGE =
  'usage: capsem-inspect check <path> [--no-verify-bodies] [--secrets] [--require-complete] [--rows N] [--json] [--workers N]\n' +
  '       capsem-inspect check --all <dir | capsem-home | host.db> [--no-verify-bodies] [--require-complete] [--json]\n' +
  '  with a host ledger at hand (--all over a home or host.db, one session kept in a home) each session is also\n' +
  "  compared with the host's final counters (session_stopped)\n" +
  '  every body is read back through its hashes; --no-verify-bodies skips that (--verify-bodies is the default)\n' +
  '  --secrets adds a credentials section: credential-shaped strings in the verified bodies and text columns, masked\n' +
  '  exit 0 intact, 1 damaged, 2 cannot open or usage error; with --require-complete also 1 on any completeness gap\n' +
  "  A tool_call is orphaned without a response of the same call_id in the same trace (Capsem's check_session\n" +
  '  matches call_id only).\n';

export async function run(args: string[], io: CliIo): Promise<number> {
  const parsed = argsOrExit(args, io, { command: 'check', usage: CHECK_USAGE, helpAnywhere: true }, parseCheckArgs);
  if (typeof parsed === 'number') return parsed;
  return parsed.all ? checkAll(parsed, io) : checkOne(parsed, io);
}

async function checkOne(a: CheckArgs, io: CliIo): Promise<number> {
  const showProgress = a.verifyBodies && io.isTty && !a.json;
  // The host ledger is looked for inside the interruptible work, so a Ctrl-C while it opens still cancels the check.
  const result = await cancelOnInterrupt(async (signal) =>
    checkPath(a.path, {
      rows: a.rows,
      verifyBodies: a.verifyBodies,
      workers: a.workers,
      signal,
      hostStop: await hostStopForSession(a.path),
      ...(a.secrets ? { secrets: true } : {}),
      onProgress: showProgress ? (p) => io.stderr(`\r${progressText(p)}`) : undefined,
    }),
  );
  if (showProgress) io.stderr('\r\u001b[K');
  if (!result.ok) {
    io.stderr(`capsem-inspect check: cannot open ${printable(a.path)} (${result.error.code}): ${printable(result.error.message)}\n`);
    return 2;
  }
  const report = result.value;
  io.stdout(a.json ? reportToJson(report) + '\n' : renderCheckReport(report, io.isTty));
  if (report.verdict === 'damaged') return 1;
  if (a.requireComplete && report.completeness.verdict !== 'complete') return 1;
  // Verification asked for but not finished (cancelled, a worker failed): no claim of intact bodies.
  return report.archive.verifyError ? 2 : 0;
}

async function checkAll(a: CheckArgs, io: CliIo): Promise<number> {
  // Given a Capsem home or a host.db, each session is compared with the host's final counters too.
  const host = await hostForAll(a.path);
  const root = host?.walkRoot ?? a.path;
  const sessions = findSessions(root);
  // Listed by the host but gone from disk: named first, so a deleted ledger is seen even where nothing else is left.
  const gone = host?.gone ?? [];
  for (const g of gone) io.stdout(goneLine(g, a.json));
  if (sessions.length === 0) {
    io.stderr(`capsem-inspect check: no session.db found beneath ${printable(root)}\n`);
    return 2;
  }
  // Sessions run side by side; each verifies on one worker, so the machine's cores stay the bound.
  const parallel = Math.max(1, Math.min(availableParallelism(), sessions.length));
  const opts: CheckPathOptions = { rows: a.rows, verifyBodies: a.verifyBodies, workers: 1 };
  let bad = 0;
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < sessions.length) {
      const dir = sessions[next++]!;
      const stop = host?.stopFor(dir) ?? null;
      const result = await checkPath(dir, { ...opts, hostStop: stop });
      if (!result.ok || result.value.verdict !== 'intact' || (a.requireComplete && result.value.completeness.verdict !== 'complete'))
        bad += 1;
      io.stdout(allLine(dir, result, a.json, stop));
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  if (!a.json) {
    const goneNote = gone.length > 0 ? `, ${plural(gone.length, 'session')} listed by the host ledger but gone from disk` : '';
    io.stdout(
      `${plural(sessions.length, 'session')} checked, ${bad} damaged or unreadable${a.requireComplete ? ' or with gaps' : ''}${goneNote}\n`,
    );
  }
  // A ledger gone from disk is a gap in what the home holds, not damage to what it holds: it fails --require-complete.
  return bad > 0 || (a.requireComplete && gone.length > 0) ? 1 : 0;
}

function progressText(p: JobProgress): string {
  const mib = (n: number): string => (n / 1048576).toFixed(1);
  return `verifying bodies: ${p.itemsDone}/${p.itemsTotal} (${mib(p.bytesDone)}/${mib(p.bytesTotal)} MiB)${p.failed > 0 ? `, ${p.failed} failed` : ''}`;
}

// Arguments, parsed into a value or a usage sentence.
export interface CheckArgs {
  readonly path: string;
  readonly all: boolean;
  readonly verifyBodies: boolean;
  readonly secrets: boolean;
  readonly requireComplete: boolean;
  readonly rows: number;
  readonly json: boolean;
  readonly workers: number | undefined;
}

const FLAGS = {
  'verify-bodies': { takes: 'nothing' },
  'no-verify-bodies': { takes: 'nothing' },
  secrets: { takes: 'nothing' },
  'require-complete': { takes: 'nothing' },
  json: { takes: 'nothing' },
  all: { takes: 'nothing' },
  rows: { takes: 'value', short: 'n', read: digitsNumber((flag) => `${flag} needs a whole number of rows`) },
  workers: { takes: 'value', read: digitsNumber(() => '--workers needs a whole number of at least 1', 1) },
} as const;

export function parseCheckArgs(args: readonly string[]): CheckArgs | string {
  const parsed = parseCommandArgs(args, FLAGS, { single: true });
  if (typeof parsed === 'string') return parsed;
  const { all, json, rows = 5, workers } = parsed.flags;
  const [path] = parsed.positionals;
  if (path === undefined) return all ? '--all needs the folder to search' : 'the ledger path is required (a session folder or session.db)';
  if (parsed.flags['verify-bodies'] && parsed.flags['no-verify-bodies'])
    return '--verify-bodies and --no-verify-bodies cannot both be given';
  if (all && parsed.flags.secrets) return '--secrets checks one session, not --all';
  return {
    path,
    all,
    verifyBodies: !parsed.flags['no-verify-bodies'],
    secrets: parsed.flags.secrets,
    requireComplete: parsed.flags['require-complete'],
    rows,
    json,
    workers,
  };
}
