// The app's indicators, sent as kind and value, turned into the CLI's Indicator by the same key parsers its flags use;
// a value that is not of its kind is BAD_REQUEST naming the field, and every pattern or glob is compiled here
// (checkIndicator: BAD_PATTERN) so a hunt that cannot run is refused before its first session opens.
import type { HuntIndicatorArg, HuntStartArg } from '../../../shared/contract/hunt.js';
import { InspectorError } from '../../../shared/errors.js';
import { bodyHashKey } from '../search/body-hash-rows.js';
import { credentialRefKey } from './credential-rows.js';
import type { Indicator } from './indicators.js';
import { checkIndicator } from './indicators.js';
import { parseIpRange } from './ip-address.js';
import type { TimeWindow } from './time-window.js';
import { parseTimeBound } from './time-window.js';

const bad = (message: string): never => {
  throw new InspectorError('BAD_REQUEST', message);
};

/** One indicator as the app (or a notable set) names it, parsed as the CLI's flag would be; BAD_REQUEST naming `at`. */
export function indicatorOf(a: HuntIndicatorArg, at: string): Indicator {
  const v = a.value ?? '';
  const ignoreCase = a.ignoreCase === true;
  if (a.ignoreCase && a.kind !== 'fixed' && a.kind !== 'regex') bad(`${at}.ignoreCase goes with fixed or regex only`);
  switch (a.kind) {
    case 'fixed':
      return v ? { kind: 'fixed', text: v, ignoreCase } : bad(`${at}: a fixed string is needed`);
    case 'regex':
      return v ? { kind: 'regex', source: v, ignoreCase } : bad(`${at}: a pattern is needed`);
    case 'secrets':
      return { kind: 'secrets' };
    case 'domain':
      return /^[^\s/]+$/.test(v) && v.replace(/\.+$/, '') !== ''
        ? { kind: 'domain', domain: v }
        : bad(`${at}: a host name is needed, e.g. example.com`);
    case 'body-hash': {
      const hash = bodyHashKey(v);
      return hash ? { kind: 'body-hash', hash } : bad(`${at}: a BLAKE3 of 64 hex digits is needed (blake3: prefix optional)`);
    }
    case 'ip': {
      const range = parseIpRange(v);
      return range ? { kind: 'ip', text: v, range } : bad(`${at}: an IPv4 or IPv6 address or CIDR range is needed, e.g. 10.0.0.0/8`);
    }
    case 'path':
      return v ? { kind: 'path', glob: v } : bad(`${at}: a glob is needed, e.g. /workspace/**`);
    case 'credential-ref': {
      const ref = credentialRefKey(v);
      return ref ? { kind: 'credential-ref', ref } : bad(`${at}: credential:blake3: and 64 hex digits are needed (the prefix optional)`);
    }
    case 'process':
      return v && !v.includes('/') ? { kind: 'process', name: v } : bad(`${at}: a process name without a slash is needed, e.g. curl`);
  }
}

function bound(text: string | undefined, end: 'since' | 'until'): number | null {
  if (text === undefined) return null;
  const ms = parseTimeBound(text, end);
  return ms ?? bad(`library.hunt.start.${end} needs an ISO-8601 time with a zone (2026-03-02T14:50:00Z) or a date (2026-03-02)`);
}

/** The indicators and window of a start request, checked and compiled; throws BAD_REQUEST or BAD_PATTERN. */
export function huntRequestOf(arg: HuntStartArg): { indicators: Indicator[]; window: TimeWindow } {
  const indicators = arg.indicators.map((a, i) => indicatorOf(a, `library.hunt.start.indicators[${i}]`));
  indicators.forEach(checkIndicator);
  const window = { sinceMs: bound(arg.since, 'since'), untilMs: bound(arg.until, 'until') };
  if (window.sinceMs !== null && window.untilMs !== null && window.sinceMs > window.untilMs)
    bad('library.hunt.start.since is later than until');
  return { indicators, window };
}

/** The other way: an Indicator as kind and value, as the app sends it and a notable set keeps it. */
export function indicatorArgOf(i: Indicator): HuntIndicatorArg {
  switch (i.kind) {
    case 'fixed':
      return { kind: 'fixed', value: i.text, ...(i.ignoreCase ? { ignoreCase: true } : {}) };
    case 'regex':
      return { kind: 'regex', value: i.source, ...(i.ignoreCase ? { ignoreCase: true } : {}) };
    case 'secrets':
      return { kind: 'secrets' };
    case 'domain':
      return { kind: 'domain', value: i.domain };
    case 'body-hash':
      return { kind: 'body-hash', value: i.hash };
    case 'ip':
      return { kind: 'ip', value: i.text };
    case 'path':
      return { kind: 'path', value: i.glob };
    case 'credential-ref':
      return { kind: 'credential-ref', value: i.ref };
    case 'process':
      return { kind: 'process', value: i.name };
  }
}
