// The egress report of one session ledger (issue 40, "Egress"): one row per destination (domain, port) with its
// requests, bytes, decisions, credentials, processes, traces, turns, first and last seen and resolved addresses.
// Read-only queries on the evidence's hardened connection; a table or column the generation lacks makes its fields
// null and is named in `missing`, never an error.
import type Database from 'better-sqlite3';
import { hasTable } from '../queries/schema.js';
import { countsPerDestination, exampleTraces } from './destination-lists.js';
import { destinationRows } from './destination-rows.js';
import { credentialProviders, credentialUse } from './credential-providers.js';
import { resolvedAddresses } from './dns-addresses.js';
import { netColumns } from './net-columns.js';
import type { EgressDestination, EgressReport } from './types.js';
import { destinationKey, portOf, textOf } from './values.js';

export function egressReport(db: Database.Database): EgressReport {
  if (!hasTable(db, 'net_events')) {
    return { destinations: [], totals: { requests: 0, bytesSent: null, bytesReceived: null }, missing: ['net_events'], secretsScan: null };
  }
  const c = netColumns(db);
  const missing = [...c.missing];
  // One read transaction: every query sees the same rows (the scratch copy never changes, but a caller's may).
  return db.transaction(() => {
    const rows = destinationRows(db, c);
    const processes = countsPerDestination(db, c, 'process_name');
    const credentials = countsPerDestination(db, c, 'credential_ref', Infinity);
    const traces = exampleTraces(db, c);
    const addresses = resolvedAddresses(db);
    if (addresses === null) missing.push(hasTable(db, 'dns_events') ? 'dns_events.qname or answer_ip' : 'dns_events');
    const providers = c.has('credential_ref') ? credentialProviders(db) : new Map<string, Set<string>>();
    const destinations = rows.map((r): EgressDestination => {
      const key = destinationKey(r.domainValue, r.portValue);
      const domain = textOf(r.domainValue);
      const used = c.has('credential_ref') ? (credentials.get(key)?.items ?? []).map((u) => credentialUse(domain, u, providers)) : null;
      return {
        domain,
        port: portOf(r.portValue),
        requests: r.requests,
        bytesSent: r.bytesSent,
        bytesReceived: r.bytesReceived,
        decisions: r.decisions,
        credentials: used,
        credentialElsewhere: used?.some((u) => u.verdict === 'elsewhere') ?? false,
        processes: c.has('process_name') ? (processes.get(key) ?? { items: [], more: 0 }) : null,
        traces: r.traces,
        turns: r.turns,
        exampleTraces: c.has('trace_id') ? (traces.get(key) ?? []) : null,
        firstSeen: r.firstSeen,
        lastSeen: r.lastSeen,
        addresses: addresses === null ? null : ((r.domainKey !== null ? addresses.get(r.domainKey) : undefined) ?? { items: [], more: 0 }),
        secrets: null,
      };
    });
    return { destinations, totals: totalsOf(db, c), missing, secretsScan: null };
  })();
}

function totalsOf(db: Database.Database, c: ReturnType<typeof netColumns>): EgressReport['totals'] {
  const r = db
    .prepare(`SELECT COUNT(*) AS n, TOTAL(${c.sql('bytes_sent')}) AS sent, TOTAL(${c.sql('bytes_received')}) AS received FROM net_events`)
    .get() as { n: unknown; sent: unknown; received: unknown };
  return {
    requests: Number(r.n),
    bytesSent: c.has('bytes_sent') ? Number(r.sent) : null,
    bytesReceived: c.has('bytes_received') ? Number(r.received) : null,
  };
}
