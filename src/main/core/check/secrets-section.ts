// The integrity report's credentials section (`check --secrets`): every credential-shaped string in the verified
// bodies and the text columns, with where it was seen and which way it went (search/secret-findings.ts). The search
// rides on the check's own verification when it reads the bodies (one read of the archive), and is a body search of
// its own otherwise; either way a body that fails verification is not searched and is counted as such. Values are kept masked in the report; the list is capped, worst first.
import type { Evidence } from '../evidence/types.js';
import { startGrep } from '../search/grep-job.js';
import { grepColumnsOffThread } from '../search/grep-columns-off-thread.js';
import type { GrepMatch, GrepSpec } from '../match/grep-types.js';
import { DEFAULT_CONTEXT_BYTES, DEFAULT_MAX_PER_BODY } from '../match/grep-types.js';
import type { SecretFinding, SecretVerdict } from '../search/secret-findings.js';
import { SECRET_VERDICTS, destinationLookup, maskSecret, secretFinding } from '../search/secret-findings.js';
import type { ArchiveSection, Finding } from './types.js';
import type { VerifyOptions } from './verify-bodies.js';
import type { ReportedSecret, SecretsSection } from './secrets-types.js';

export type { ReportedSecret, SecretsSection } from './secrets-types.js';

const MAX_LISTED = 200;
/** Hosts counted one by one: a hostile ledger's million domains cost a bounded map. */
const HOSTS_KEPT = 10_000;
const SPEC: GrepSpec = {
  patterns: [{ kind: 'secrets' }],
  table: null,
  direction: null,
  maxPerBody: DEFAULT_MAX_PER_BODY,
  contextBytes: DEFAULT_CONTEXT_BYTES,
};

export async function scanSecrets(
  evidence: Evidence,
  opts: { readonly workers?: number; readonly signal?: AbortSignal } = {},
): Promise<SecretsSection> {
  const found = secretsCollector(evidence);
  const job = startGrep(evidence, SPEC, {
    ...(opts.workers !== undefined ? { workers: opts.workers } : {}),
    onMatches: found.onMatches,
  });
  const onAbort = (): void => job.cancel();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const result = await job.result.finally(() => opts.signal?.removeEventListener('abort', onAbort));
  const bodies = result.ok
    ? { verified: result.value.verified, failed: result.value.failed, error: null }
    : { verified: 0, failed: 0, error: result.error };
  return found.section(bodies);
}

/**
 * For a check that verifies its bodies: the search its verification carries (one read of the archive for both), and
 * the section once that verification is folded into the archive section. `section` answers null when the
 * verification never ran (no archive to read), and the caller scans on its own as `scanSecrets`.
 */
export function secretsAlongVerification(evidence: Evidence): {
  readonly search: NonNullable<VerifyOptions['search']>;
  readonly section: (archive: ArchiveSection) => Promise<SecretsSection | null>;
} {
  const found = secretsCollector(evidence);
  return {
    search: { spec: SPEC, onMatches: found.onMatches },
    section: async (archive) => {
      if (archive.verified === null && archive.verifyError === null) return null;
      return found.section({ verified: archive.verified ?? 0, failed: archive.failed ?? 0, error: archive.verifyError });
    },
  };
}

interface BodiesSearched {
  readonly verified: number;
  readonly failed: number;
  readonly error: SecretsSection['error'];
}

/** Matches in, findings kept worst first; past the cap only counted, so memory stays bounded however many a ledger holds. */
function secretsCollector(evidence: Evidence): {
  readonly onMatches: (batch: readonly GrepMatch[]) => void;
  readonly section: (bodies: BodiesSearched) => Promise<SecretsSection>;
} {
  const destinationOf = destinationLookup(evidence.db);
  const counts = noneFound();
  const kept: SecretFinding[] = [];
  let omitted = 0;
  const byHost = new Map<string | null, Record<SecretVerdict, number>>();
  let hostsOmitted = 0;
  const take = (m: GrepMatch): void => {
    const f = secretFinding(m, destinationOf);
    if (!f) return;
    counts[f.verdict] += 1;
    let perHost = byHost.get(f.host);
    if (!perHost && byHost.size < HOSTS_KEPT) byHost.set(f.host, (perHost = noneFound()));
    if (perHost) perHost[f.verdict] += 1;
    else hostsOmitted += 1;
    kept.push(f);
    if (kept.length > MAX_LISTED) {
      kept.sort(worstFirst);
      kept.length = MAX_LISTED;
      omitted += 1;
    }
  };
  return {
    onMatches: (batch) => batch.forEach(take),
    section: async (bodies) => {
      // In a worker: every text value of a million-row ledger is read (~11 s), and this thread may be serve's or the app's.
      const columns = await grepColumnsOffThread(evidence.db, evidence.snapshot.dbCopyPath, SPEC, take);
      kept.sort(worstFirst);
      return {
        bodiesSearched: bodies.verified,
        bodiesNotSearched: bodies.failed,
        columnValues: columns.values,
        counts,
        findings: kept.map(reported),
        omitted,
        byHost: [...byHost].map(([host, c]) => ({ host, counts: c })).sort((a, b) => byText(a.host ?? '', b.host ?? '')),
        hostsOmitted,
        error: bodies.error,
      };
    },
  };
}

/** A count of nought for every way a string can go (a host, or a destination, the scan found nothing for). */
export const noneFound = (): Record<SecretVerdict, number> =>
  Object.fromEntries(SECRET_VERDICTS.map((v) => [v, 0])) as Record<SecretVerdict, number>;

const rank = (v: SecretVerdict): number => SECRET_VERDICTS.indexOf(v);
/**
 * Worst first, then by where each was found: the workers deliver matches in whichever order they claimed the blocks,
 * and the list (and which findings the cap keeps) must be the same on every run.
 */
const worstFirst = (a: SecretFinding, b: SecretFinding): number =>
  rank(a.verdict) - rank(b.verdict) || byText(placeOf(a), placeOf(b)) || a.match.offset - b.match.offset;
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const placeOf = (f: SecretFinding): string => `${f.match.eventId}\0${where(f)}`;

function where(f: SecretFinding): string {
  const s = f.match.source;
  return s.kind === 'body' ? `${s.sourceTable}/${s.direction}` : `${s.table}.${s.column}#${s.rowid}`;
}

function reported(f: SecretFinding): ReportedSecret {
  return {
    eventId: f.match.eventId,
    where: where(f),
    offset: f.match.offset,
    length: f.match.length,
    pattern: f.pattern.name,
    masked: maskSecret(f.match.match, f.match.length),
    host: f.host,
    verdict: f.verdict,
  };
}

/** The findings the section adds: warnings for credentials that left the VM, a note for the rest. Never an error. */
export function secretsFindings(s: SecretsSection): Finding[] {
  const out: Finding[] = [];
  const elsewhere = s.counts.elsewhere;
  if (elsewhere > 0) {
    const hosts = [...new Set(s.findings.filter((f) => f.verdict === 'elsewhere' && f.host).map((f) => f.host!))].slice(0, 5);
    out.push({
      severity: 'warning',
      code: 'CREDENTIALS_SENT_ELSEWHERE',
      message: `${elsewhere} credential-shaped strings in requests to hosts that are not their provider${hosts.length ? ` (${hosts.join(', ')})` : ''}`,
    });
  }
  const unsubstituted = s.counts.unsubstituted + s.counts['destination-unknown'];
  if (unsubstituted > 0) {
    out.push({
      severity: 'warning',
      code: 'CREDENTIALS_NOT_SUBSTITUTED',
      message: `${unsubstituted} real-looking credentials left the VM in requests Capsem did not substitute (no credential_ref), or whose destination the ledger does not name`,
    });
  }
  const seen = s.counts.substituted + s.counts.inbound;
  if (seen > 0)
    out.push({
      severity: 'note',
      code: 'CREDENTIALS_SEEN',
      message: `${seen} credential-shaped strings substituted by Capsem or seen inbound (responses, tool output)`,
    });
  if (s.error)
    out.push({
      severity: 'warning',
      code: 'CREDENTIALS_SEEN',
      message: `the credentials search did not finish (${s.error.code}): ${s.error.message}`,
    });
  return out;
}
