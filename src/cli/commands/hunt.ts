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
import { bodyHashKey } from '../../main/core/search/body-hash-rows.js';
import { credentialRefKey } from '../../main/core/hunt/credential-rows.js';
import { parseIpRange } from '../../main/core/hunt/ip-address.js';
import type { TimeWindow } from '../../main/core/hunt/time-window.js';
import { hasWindow, parseTimeBound } from '../../main/core/hunt/time-window.js';
import { digitsNumber, invalid, parseCommandArgs } from '../args.js';
import { argsOrExit } from '../usage.js';
import { terminalSafe } from '../text/grep-lines.js';
import { styleFor } from '../text/style.js';
import { jsonText } from '../../shared/json-text.js';
import { huntSessions } from '../hunt-sessions.js';

export const HUNT_USAGE =
  'usage: capsem-inspect hunt <capsem-home | folder | host.db> <indicator>... [-i] [--since T] [--until T] [--json] [--max N]\n' +
  '  indicators (any number, each naming its kind):\n' +
  '    -F STRING       fixed string in verified bodies and text columns (as grep -F)\n' +
  '    -E REGEX        regular expression, linear-time (as grep -E); -i ignores ASCII case for -F and -E\n' +
  '    --secrets       credential-shaped values (as grep --secrets), shown masked\n' +
  '    --domain D      net_events / dns_events rows naming host D or a name under it\n' +
  '    --body-hash B3  bodies recorded with this BLAKE3 (with or without blake3:), read back and verified\n' +
  '    --ip A[/N]      dns_events.answer_ip in address A or CIDR range A/N (IPv4 or IPv6)\n' +
  '    --path GLOB     fs_events.path, audit_events.exe or .cwd matching GLOB, whole path: * within a segment,\n' +
  '                    ** across segments, ? one character (quote it so the shell leaves it alone)\n' +
  '    --credential-ref R  rows whose credential_ref or substitution_events.substitution_ref is R\n' +
  "    --process NAME  exec_events.process_name, or an audit_events exe's basename or comm, equal to NAME\n" +
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
  // The value flags fill the list as they are read, so the indicators keep the order typed.
  const texts: (Indicator | { kind: 'fixed'; text: string } | { kind: 'regex'; source: string })[] = [];
  const parsed = parseCommandArgs(args, {
    fixed: { takes: 'value', short: 'F', read: (v) => (v ? texts.push({ kind: 'fixed', text: v }) : invalid('-F needs a string')) },
    regex: { takes: 'value', short: 'E', read: (v) => (v ? texts.push({ kind: 'regex', source: v }) : invalid('-E needs a pattern')) },
    domain: {
      takes: 'value',
      read: (v) =>
        v && /^[^\s/]+$/.test(v) && v.replace(/\.+$/, '') !== ''
          ? texts.push({ kind: 'domain', domain: v })
          : invalid('--domain needs a host name, e.g. example.com'),
    },
    'body-hash': {
      takes: 'value',
      read: (v) => {
        const hash = bodyHashKey(v ?? '');
        return hash
          ? texts.push({ kind: 'body-hash', hash })
          : invalid('--body-hash needs a BLAKE3 of 64 hex digits (blake3: prefix optional)');
      },
    },
    ip: {
      takes: 'value',
      read: (v) => {
        const range = parseIpRange(v ?? '');
        return range
          ? texts.push({ kind: 'ip', text: v!, range })
          : invalid('--ip needs an IPv4 or IPv6 address or CIDR range, e.g. 10.0.0.0/8');
      },
    },
    path: { takes: 'value', read: (v) => (v ? texts.push({ kind: 'path', glob: v }) : invalid('--path needs a glob, e.g. /workspace/**')) },
    'credential-ref': {
      takes: 'value',
      read: (v) => {
        const ref = credentialRefKey(v ?? '');
        return ref
          ? texts.push({ kind: 'credential-ref', ref })
          : invalid('--credential-ref needs credential:blake3: and 64 hex digits (the prefix optional)');
      },
    },
    process: {
      takes: 'value',
      read: (v) =>
        v && !v.includes('/')
          ? texts.push({ kind: 'process', name: v })
          : invalid('--process needs a process name without a slash, e.g. curl'),
    },
    since: { takes: 'value', read: timeBound('since') },
    until: { takes: 'value', read: timeBound('until') },
    secrets: { takes: 'nothing' },
    ignoreCase: { takes: 'nothing', short: 'i' },
    json: { takes: 'nothing' },
    max: { takes: 'value', short: 'm', read: digitsNumber(() => '--max needs a whole number of at least 1', 1) },
  });
  if (typeof parsed === 'string') return parsed;
  const f = parsed.flags;
  if (parsed.positionals.length !== 1) return 'one Capsem home, folder or host.db is required';
  const indicators: Indicator[] = texts.map((t) => (t.kind === 'fixed' || t.kind === 'regex' ? { ...t, ignoreCase: f.ignoreCase } : t));
  if (f.secrets) indicators.push({ kind: 'secrets' });
  if (indicators.length === 0)
    return 'at least one indicator is required (-F, -E, --secrets, --domain, --body-hash, --ip, --path, --credential-ref, --process)';
  if (f.ignoreCase && !indicators.some((i) => i.kind === 'fixed' || i.kind === 'regex')) return '-i goes with -F or -E';
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
