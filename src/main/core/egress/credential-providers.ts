// Which provider a credential_ref belongs to, as the ledger records it: substitution_events (substitution_ref,
// provider) and the counters' credentials map (A4). Whether a destination is that provider's host is decided by the
// secrets scan's own rule (providerHostsOf + isProviderHost), so the two never disagree. When the ledger names no
// provider, or several, the verdict is "unknown" with the reason: the report does not guess.
import type Database from 'better-sqlite3';
import { hasColumn } from '../queries/schema.js';
import { ledgerCounters } from '../library/ledger-facts.js';
import { isProviderHost, providerHostsOf } from '../search/secret-findings.js';
import type { CredentialUse, NamedCount } from './types.js';
import { textOf } from './values.js';

/** Every provider named for each credential ref, from both places the ledger records it. */
export function credentialProviders(db: Database.Database): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (ref: string, provider: string): void => {
    const set = out.get(ref) ?? new Set<string>();
    set.add(provider);
    out.set(ref, set);
  };
  if (hasColumn(db, 'substitution_events', 'substitution_ref') && hasColumn(db, 'substitution_events', 'provider')) {
    const rows = db
      .prepare(
        `SELECT substitution_ref AS ref, provider FROM substitution_events
          WHERE substitution_ref IS NOT NULL AND provider IS NOT NULL AND provider <> '' GROUP BY 1, 2`,
      )
      .all() as { ref: unknown; provider: unknown }[];
    for (const r of rows) add(textOf(r.ref) ?? '', textOf(r.provider) ?? '');
  }
  // An undecodable counters blob is the integrity report's finding; here it only means no provider from there.
  const counters = ledgerCounters(db, []);
  for (const [ref, usage] of Object.entries(counters?.credentials ?? {})) if (usage.provider) add(ref, usage.provider);
  return out;
}

export function credentialUse(domain: string | null, used: NamedCount, providers: Map<string, Set<string>>): CredentialUse {
  const named = [...(providers.get(used.name) ?? [])].sort();
  const base = { ref: used.name, requests: used.count };
  if (named.length === 0) return { ...base, provider: null, verdict: 'unknown', why: 'the ledger names no provider for it' };
  if (named.length > 1)
    return { ...base, provider: null, verdict: 'unknown', why: `the ledger names several providers for it (${named.join(', ')})` };
  const provider = named[0]!;
  const hosts = providerHostsOf(provider);
  if (hosts === null) return { ...base, provider, verdict: 'unknown', why: `the inspector knows no hosts for provider ${provider}` };
  if (domain === null) return { ...base, provider, verdict: 'unknown', why: 'the requests name no domain' };
  return isProviderHost(domain, hosts)
    ? { ...base, provider, verdict: 'own-provider', why: null }
    : { ...base, provider, verdict: 'elsewhere', why: `${domain} is not a host of ${provider} (${hosts.join(', ')})` };
}
