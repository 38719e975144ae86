// Which way a credential-shaped string went. Capsem substitutes credentials at its boundary: the VM holds stand-ins,
// and the proxy puts the real one in on the way out (substitution_events; the row's credential_ref names it). So a
// real-looking credential inside a request the VM sent is the finding, and worst of all when the request went to a
// host that is not the credential's own provider (a key for api.anthropic.com sent to some other host).
//
// Verdicts, worst first:
// - elsewhere: in a request (body or request_* column) to a host that is not the credential's provider, or any host
//   for a credential no host owns (a private key, a JWT, a password in a URL);
// - unsubstituted: in a request to its own provider, and the row names no credential_ref (Capsem did not substitute);
// - destination-unknown: in a request whose host the ledger does not name;
// - substituted: in a request to its own provider whose row carries a credential_ref: Capsem's boundary at work;
// - inbound: in a response, a tool's output or another payload (it came into the VM, or was shown there).
import type Database from 'better-sqlite3';
import type { GrepMatch } from '../match/grep-types.js';
import { columnDirection } from './grep-columns.js';
import type { SecretPattern } from '../match/secret-patterns.js';
import { SECRET_PATTERNS } from '../match/secret-patterns.js';

export const SECRET_VERDICTS = ['elsewhere', 'unsubstituted', 'destination-unknown', 'substituted', 'inbound'] as const;
export type SecretVerdict = (typeof SECRET_VERDICTS)[number];

export interface SecretFinding {
  readonly match: GrepMatch;
  readonly pattern: SecretPattern;
  /** request, response, stdout, ... (a column's direction from its name; null when it says none). */
  readonly direction: string | null;
  /** The host the exchange went to, when the ledger names one. */
  readonly host: string | null;
  readonly substituted: boolean;
  readonly verdict: SecretVerdict;
}

export interface Destination {
  readonly host: string | null;
  /** The row carries a credential_ref: Capsem substituted a credential into this exchange. */
  readonly substituted: boolean;
}

/** Where each event went: net_events.domain, else the model call's provider as a host. Cached per event. */
export function destinationLookup(db: Database.Database): (eventId: string) => Destination {
  const has = (table: string, column: string): boolean =>
    (db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get(table, column) ?? null) !== null;
  const net =
    has('net_events', 'event_id') && has('net_events', 'domain')
      ? db
          .prepare(
            `SELECT domain, ${has('net_events', 'credential_ref') ? 'credential_ref' : 'NULL'} FROM net_events WHERE event_id = ? LIMIT 1`,
          )
          .raw(true)
      : null;
  const model =
    has('model_calls', 'event_id') && has('model_calls', 'provider')
      ? db
          .prepare(
            `SELECT provider, ${has('model_calls', 'credential_ref') ? 'credential_ref' : 'NULL'} FROM model_calls WHERE event_id = ? LIMIT 1`,
          )
          .raw(true)
      : null;
  const cache = new Map<string, Destination>();
  return (eventId) => {
    const hit = cache.get(eventId);
    if (hit) return hit;
    let found: Destination = { host: null, substituted: false };
    const n = eventId && net ? (net.get(eventId) as [unknown, unknown] | undefined) : undefined;
    const m = eventId && model ? (model.get(eventId) as [unknown, unknown] | undefined) : undefined;
    if (n && typeof n[0] === 'string')
      found = { host: n[0].toLowerCase(), substituted: n[1] !== null || (m !== undefined && m[1] !== null) };
    else if (m && typeof m[0] === 'string') found = { host: PROVIDER_HOSTS[m[0].toLowerCase()] ?? null, substituted: m[1] !== null };
    if (cache.size < 100_000) cache.set(eventId, found);
    return found;
  };
}

/** model_calls.provider as the host its API lives on (a model call row names no domain of its own). */
const PROVIDER_HOSTS: Readonly<Record<string, string>> = {
  anthropic: 'api.anthropic.com',
  openai: 'api.openai.com',
  google: 'generativelanguage.googleapis.com',
};

/**
 * The hosts a provider's credentials belong to, for a provider named by the ledger (substitution_events.provider,
 * the counters' credentials): the secret pattern covering that provider's API host gives them, so the egress view and
 * the secrets scan share one list. Null for a provider the inspector does not know.
 */
export function providerHostsOf(provider: string): readonly string[] | null {
  const host = Object.hasOwn(PROVIDER_HOSTS, provider.toLowerCase()) ? PROVIDER_HOSTS[provider.toLowerCase()] : undefined;
  if (host === undefined) return null;
  return SECRET_PATTERNS.find((p) => isProviderHost(host, p.providerHosts))?.providerHosts ?? [host];
}

/** Whether `host` is one of the provider's hosts or below one (api.anthropic.com is below anthropic.com). */
export function isProviderHost(host: string, providerHosts: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '').replace(/:\d+$/, '');
  return providerHosts.some((p) => h === p || h.endsWith(`.${p}`));
}

export function classifySecret(pattern: SecretPattern, direction: string | null, dest: Destination): SecretVerdict {
  if (direction !== 'request') return 'inbound';
  if (pattern.providerHosts.length === 0) return dest.host === null ? 'destination-unknown' : 'elsewhere';
  if (dest.host === null) return 'destination-unknown';
  if (!isProviderHost(dest.host, pattern.providerHosts)) return 'elsewhere';
  return dest.substituted ? 'substituted' : 'unsubstituted';
}

const BY_NAME = new Map(SECRET_PATTERNS.map((p) => [p.name, p]));

/** A secrets-search match as a finding; null when it carries no known pattern name. */
export function secretFinding(match: GrepMatch, destinationOf: (eventId: string) => Destination): SecretFinding | null {
  const pattern = match.pattern ? BY_NAME.get(match.pattern) : undefined;
  if (!pattern) return null;
  const direction = match.source.kind === 'body' ? match.source.direction : columnDirection(match.source.column);
  const dest = destinationOf(match.eventId);
  return { match, pattern, direction, host: dest.host, substituted: dest.substituted, verdict: classifySecret(pattern, direction, dest) };
}

/**
 * The value shown masked: its first and last four characters (one each when short; nothing under six) and its length
 * in bytes (`length`: the match's own, since the shown text may be cut).
 */
export function maskSecret(value: string, length: number): string {
  const chars = Array.from(value);
  const keep = chars.length >= 16 ? 4 : chars.length >= 6 ? 1 : 0;
  if (keep === 0) return `${'•'.repeat(chars.length)} (${length} bytes)`;
  return `${chars.slice(0, keep).join('')}…${chars.slice(-keep).join('')} (${length} bytes)`;
}
