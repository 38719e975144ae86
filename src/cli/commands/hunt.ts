/**
 * capsem-inspect hunt <capsem-home | folder | host.db> <indicator>... [-i] [--since T] [--until T] [--json] [--max N]
 * One question over every session: the sessions a host ledger lists (its chain verified first), or every session
 * folder beneath a folder, each opened read-only and searched for every indicator as grep searches one session.
 * --since / --until bound the row indicators by each row's time and skip sessions a host ledger dates outside.
 * Exit 0 when something matched, 1 when nothing did, 2 on usage errors, when the sessions cannot be found or none
 * of them opens, or when the hunt was interrupted.
 */
import { plural } from '../../shared/plural.js';
import type { CliIo } from '../io.js';
import type { Failure } from '../../shared/errors.js';
import { toFailure } from '../../shared/errors.js';
import type { Indicator } from '../../main/core/hunt/indicators.js';
import { checkIndicator } from '../../main/core/hunt/indicators.js';
import { huntTargets } from '../../main/core/hunt/hunt-targets.js';
import type { TimeWindow } from '../../main/core/hunt/time-window.js';
import { hasWindow, parseTimeBound } from '../../main/core/hunt/time-window.js';
import { digitsNumber, invalid, parseCommandArgs } from '../args.js';
import { argsOrExit } from '../usage.js';
import { terminalSafe } from '../text/grep-lines.js';
import { styleFor } from '../text/style.js';
import { jsonText } from '../../shared/json-text.js';
import { huntSessions } from '../hunt-sessions.js';
import { INDICATOR_FLAGS_USAGE, indicatorFlags, indicatorsOf } from '../indicator-flags.js';

export const HUNT_USAGE =
  'usage: capsem-inspect hunt <capsem-home | folder | host.db> <indicator>... [-i] [--since T] [--until T] [--json] [--max N]\n' +
  INDICATOR_FLAGS_USAGE +
  '  --since T, --until T  ISO-8601 with a zone (2026-03-02T14:50:00Z) or a date (a whole UTC day), ends included:\n' +
  "                    bound --domain, --ip, --path, --credential-ref and --process by each row's time, and skip\n" +
  '                    sessions a host ledger shows stopped before or started after; -F, -E, --secrets and\n' +
  '                    --body-hash hits are not bounded by time\n' +
  '  exit 0 matched, 1 nothing matched, 2 cannot open, interrupted or usage error\n';

export interface HuntArgs {
  readonly path: string;
  readonly indicators: readonly Indicator[];
  readonly json: boolean;
  readonly max: number | null;
  readonly window: TimeWindow;
}

const timeBound = (end: 'since' | 'until') => (v: string | undefined) => {
  const ms = v === undefined ? null : parseTimeBound(v, end);
  return ms !== null
    ? ms
    : invalid(`--${end} needs an ISO-8601 time with a zone (2026-03-02T14:50:00Z, +02:00) or a date (2026-03-02), got ${v ?? 'nothing'}`);
};

function parseHuntArgs(args: readonly string[]): HuntArgs | string {
  const drafts: Parameters<typeof indicatorFlags>[0] = [];
  const parsed = parseCommandArgs(args, {
    ...indicatorFlags(drafts),
    since: { takes: 'value', read: timeBound('since') },
    until: { takes: 'value', read: timeBound('until') },
    json: { takes: 'nothing' },
    max: { takes: 'value', short: 'm', read: digitsNumber(() => '--max needs a whole number of at least 1', 1) },
  });
  if (typeof parsed === 'string') return parsed;
  const f = parsed.flags;
  if (parsed.positionals.length !== 1) return 'one Capsem home, folder or host.db is required';
  const indicators = indicatorsOf(drafts, f);
  if (typeof indicators === 'string') return indicators;
  const window = { sinceMs: f.since ?? null, untilMs: f.until ?? null };
  if (window.sinceMs !== null && window.untilMs !== null && window.sinceMs > window.untilMs) return '--since is later than --until';
  return { path: parsed.positionals[0]!, indicators, json: f.json, max: f.max ?? null, window };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const a = argsOrExit(args, io, { command: 'hunt', usage: HUNT_USAGE, helpAnywhere: true }, parseHuntArgs);
  if (typeof a === 'number') return a;
  const cannot = (f: Failure): number => {
    io.stderr(`capsem-inspect hunt: cannot hunt in ${terminalSafe(a.path)} (${f.code}): ${terminalSafe(f.message)}\n`);
    return 2;
  };
  try {
    a.indicators.forEach(checkIndicator);
  } catch (e) {
    const f = toFailure(e);
    io.stderr(`capsem-inspect hunt: ${f.code}: ${terminalSafe(f.message)}\n`);
    return 2;
  }
  const source = await huntTargets(a.path, io.env);
  if (!source.ok) return cannot(source.error);
  const style = styleFor(io.isTty && !a.json);
  if (source.value.kind === 'host' && !a.json) {
    const { ledger } = source.value;
    const chain = ledger.chain.intact ? ledger.chain.summary : style.red(ledger.chain.summary);
    io.stdout(`Host ledger: ${terminalSafe(ledger.hostDbPath)}\nChain: ${chain}\n`);
  }
  const tally = await huntSessions(a, source.value.targets, io, style);
  const chain =
    source.value.kind === 'host'
      ? {
          hostDb: source.value.ledger.hostDbPath,
          chain: {
            intact: source.value.ledger.chain.intact,
            events: source.value.ledger.chain.events,
            breaks: source.value.ledger.chain.breaks.length,
            summary: source.value.ledger.chain.summary,
          },
        }
      : {};
  if (a.json) io.stdout(jsonText({ type: 'summary', ...tally, ...chain }) + '\n');
  else {
    const hits = `${plural(tally.hits, 'hit')} in ${plural(tally.sessionsWithHits, 'session')}`;
    const end = tally.interrupted ? ' (interrupted)' : tally.stopped ? ` (stopped at --max ${a.max})` : '';
    io.stderr(
      `hunted ${plural(tally.sessions, 'session')}: ${tally.searched} searched, ${tally.missing} missing, ` +
        `${hasWindow(a.window) ? `${tally.outsideWindow} outside --since/--until, ` : ''}${tally.unopenable} could not be opened; ` +
        `${hits}; ${plural(tally.damaged, 'damaged body', 'damaged bodies')} not searched${end}\n`,
    );
  }
  if (tally.interrupted) return 2;
  if (tally.hits > 0) return 0;
  return tally.searched === 0 && tally.unopenable > 0 ? 2 : 1;
}
