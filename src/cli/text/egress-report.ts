// The egress report as terminal text: a table of destinations (numbers aligned), then each destination's lists
// (processes, addresses, credentials, example traces). A destination whose credential went to a host that is not its
// provider is marked `!` and named again at the end, so it cannot be missed in a long table; with a secrets scan, a
// destination whose exchanges carried credential-shaped strings is marked `*` and its strings counted by way.
import type { CredentialUse, EgressDestination, EgressReport, EgressSecretsScan, Listed } from '../../main/core/egress/types.js';
import type { Style } from './style.js';
import { printable, styleFor } from './style.js';
import { reportTable } from './table.js';

const HEADERS = [
  'DESTINATION',
  'REQUESTS',
  'BYTES SENT',
  'BYTES RECEIVED',
  'ALLOWED',
  'DENIED',
  'ERROR',
  'REDIRECTED',
  'OTHER',
  'TRACES',
  'TURNS',
];

export function renderEgressReport(sessionId: string, dbPath: string, report: EgressReport, colour: boolean): string {
  const s = styleFor(colour);
  const t = report.totals;
  const out = [`${s.bold('Session:')} ${printable(sessionId)}\n  ${printable(dbPath)}\n`];
  out.push(
    `  ${report.destinations.length} destinations, ${t.requests} requests, ${bytes(t.bytesSent)} sent, ${bytes(t.bytesReceived)} received\n`,
  );
  if (report.secretsScan) out.push(scanLine(report.secretsScan, s));
  if (report.missing.length > 0) out.push(s.yellow(`  Not recorded by this ledger (shown blank): ${report.missing.join(', ')}`) + '\n');
  out.push('\n');
  const rows = report.destinations.map((d) => [
    // The `*` column is there only when a scan was asked for: without one the table reads as it always has.
    `${d.credentialElsewhere ? '!' : ' '}${report.secretsScan ? (found(d) > 0 ? '*' : ' ') : ''} ${name(d)}`,
    d.requests,
    d.bytesSent,
    d.bytesReceived,
    d.decisions?.allowed ?? null,
    d.decisions?.denied ?? null,
    d.decisions?.error ?? null,
    d.decisions?.redirected ?? null,
    d.decisions?.other ?? null,
    d.traces,
    d.turns,
  ]);
  out.push(reportTable(s, HEADERS, rows));
  for (const d of report.destinations) out.push(details(d, s));
  const flagged = report.destinations.filter((d) => d.credentialElsewhere);
  if (flagged.length > 0)
    out.push(
      '\n' +
        s.red(`  ! Credentials sent to a host that is not their provider: ${flagged.map((d) => printable(name(d))).join(', ')}`) +
        '\n',
    );
  const carried = report.destinations.filter((d) => found(d) > 0);
  if (carried.length > 0)
    out.push(s.yellow(`  * Credential-shaped strings in exchanges with: ${carried.map((d) => printable(name(d))).join(', ')}`) + '\n');
  return out.join('');
}

/** What the scan read, and what it could not: a body that failed verification was not searched. */
function scanLine(scan: EgressSecretsScan, s: Style): string {
  const parts = [`  Secrets scan: searched ${scan.bodiesSearched} verified bodies and ${scan.columnValues} text values`];
  if (scan.bodiesNotSearched > 0) parts.push(s.red(`${scan.bodiesNotSearched} bodies failed verification and were not searched`));
  if (scan.atNoDestination > 0) parts.push(`${scan.atNoDestination} strings in exchanges with no destination here (model calls, columns)`);
  if (scan.error) parts.push(s.red(`the scan did not finish (${printable(scan.error.code)}): ${printable(scan.error.message)}`));
  return parts.join('; ') + '\n';
}

const WAY: Readonly<Record<keyof NonNullable<EgressDestination['secrets']>, string>> = {
  elsewhere: 'sent to a host that is not its provider',
  unsubstituted: 'sent to its provider, not substituted',
  'destination-unknown': 'sent, destination unknown',
  substituted: 'substituted by Capsem',
  inbound: 'inbound',
};

function found(d: EgressDestination): number {
  return d.secrets ? Object.values(d.secrets).reduce((n, c) => n + c, 0) : 0;
}

function secretsText(d: EgressDestination, s: Style): string | null {
  if (!d.secrets || found(d) === 0) return null;
  const ways = (Object.keys(WAY) as (keyof typeof WAY)[]).filter((w) => d.secrets![w] > 0);
  const text = ways.map((w) => `${d.secrets![w]} ${WAY[w]}`).join(', ');
  return d.secrets.elsewhere > 0 || d.secrets.unsubstituted > 0 ? s.red(text) : text;
}

function details(d: EgressDestination, s: Style): string {
  const lines = [
    `\n  ${s.bold(printable(name(d)))}${d.firstSeen !== null ? `  ${printable(d.firstSeen)} .. ${printable(d.lastSeen ?? '')}` : ''}\n`,
  ];
  const line = (label: string, text: string | null): void => {
    if (text !== null) lines.push(`    ${label.padEnd(12)} ${text}\n`);
  };
  line('processes', d.processes && listed(d.processes, (p) => `${printable(p.name)} (${p.count})`));
  line('addresses', d.addresses && listed(d.addresses, printable));
  if (d.exampleTraces)
    line(
      'traces',
      d.exampleTraces.length === 0 ? '-' : `${d.exampleTraces.map(printable).join(', ')}${more(d.traces! - d.exampleTraces.length)}`,
    );
  for (const c of d.credentials ?? []) line('credential', credential(c, s));
  line('secrets', secretsText(d, s));
  return lines.join('');
}

function credential(c: CredentialUse, s: Style): string {
  const head = `${printable(c.ref)} (${c.requests} requests)`;
  if (c.verdict === 'own-provider') return `${head}, ${printable(c.provider ?? '')}'s own host`;
  if (c.verdict === 'elsewhere') return `${head} ${s.red(`NOT ITS PROVIDER'S HOST: ${printable(c.why ?? '')}`)}`;
  return `${head}, provider unknown: ${printable(c.why ?? '')}`;
}

function listed<T>(l: Listed<T>, show: (item: T) => string): string {
  return l.items.length === 0 ? '-' : `${l.items.map(show).join(', ')}${more(l.more)}`;
}

const more = (n: number): string => (n > 0 ? ` and ${n} more` : '');

function name(d: EgressDestination): string {
  return `${d.domain ?? '(no domain)'}${d.port !== null ? `:${d.port}` : ''}`;
}

function bytes(n: number | null): string {
  return n === null ? 'unrecorded bytes' : `${n} bytes`;
}
