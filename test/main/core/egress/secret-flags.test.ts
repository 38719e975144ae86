// The Egress view's credential flags: a token planted in every request and response body of the net rows is counted
// on each destination exactly as plain SQL counts that destination's bodies (requests sent to a host that is not the
// token's provider, responses inbound), nothing is flagged where nothing was planted, and the channel and the CLI say
// the same.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../../src/cli/commands/egress.js';
import { captureIo } from '../../../../src/cli/io.js';
import { scanSecrets } from '../../../../src/main/core/check/secrets-section.js';
import { egressReport } from '../../../../src/main/core/egress/egress-report.js';
import { withSecretFlags } from '../../../../src/main/core/egress/secret-flags.js';
import type { EgressReport } from '../../../../src/main/core/egress/types.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { SECRET_PATTERNS } from '../../../../src/main/core/match/secret-patterns.js';
import type { ContentBody } from '../../../fixtures/writer/content-types.js';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';

const GITHUB = SECRET_PATTERNS.find((p) => p.name === 'github-token')!.example;
const root = mkdtempSync(join(tmpdir(), 'egress-secrets-'));
let planted: WrittenLedger;
let clean: WrittenLedger;

function plant(b: ContentBody): Uint8Array {
  if (b.key.sourceTable !== 'net_events') return b.bytes;
  return Buffer.concat([b.bytes, Buffer.from(`\nAuthorization: token ${GITHUB}\n`)]);
}

async function flagged(dir: string): Promise<EgressReport> {
  const opened = await openEvidence([dir], { scratchRoot: root });
  if (!opened.ok) throw new Error(opened.error.message);
  try {
    return withSecretFlags(egressReport(opened.value.db), await scanSecrets(opened.value));
  } finally {
    opened.value.close();
  }
}

/** Bodies per destination host and direction, counted by plain SQL over the rows and the body index. */
function bodiesPerHost(dbPath: string): Map<string, { requests: number; responses: number }> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT lower(n.domain) AS host, b.direction AS direction, COUNT(*) AS n FROM net_events n
         JOIN event_body_blobs b ON b.event_id = n.event_id AND b.source_table = 'net_events' GROUP BY 1, 2`,
      )
      .all() as { host: string; direction: string; n: number }[];
    const out = new Map<string, { requests: number; responses: number }>();
    for (const r of rows) {
      const c = out.get(r.host) ?? { requests: 0, responses: 0 };
      if (r.direction === 'request') c.requests += r.n;
      else c.responses += r.n;
      out.set(r.host, c);
    }
    return out;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  planted = await writeLedger(join(root, 'planted'), { generation: 'A4', plant });
  clean = await writeLedger(join(root, 'clean'), { generation: 'A4' });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('secret flags on the egress destinations', () => {
  it('counts each destination’s planted strings as SQL counts its bodies', async () => {
    const report = await flagged(planted.sessionDir);
    const expected = bodiesPerHost(planted.dbPath);
    expect(report.secretsScan).toMatchObject({ bodiesSearched: planted.bodies.length, bodiesNotSearched: 0, error: null });
    for (const d of report.destinations) {
      const want = expected.get(d.domain!.toLowerCase()) ?? { requests: 0, responses: 0 };
      expect(d.secrets!.elsewhere + d.secrets!.unsubstituted + d.secrets!['destination-unknown'] + d.secrets!.substituted, d.domain!).toBe(
        want.requests,
      );
      expect(d.secrets!.inbound, d.domain!).toBe(want.responses);
    }
    expect(report.destinations.some((d) => d.secrets!.elsewhere > 0)).toBe(true);
  });

  it('flags nothing where nothing was planted, and says what it read', async () => {
    const report = await flagged(clean.sessionDir);
    expect(report.secretsScan!.bodiesSearched).toBe(clean.bodies.length);
    expect(report.destinations.every((d) => Object.values(d.secrets!).every((n) => n === 0))).toBe(true);
  });

  it('without a scan, no destination claims a count', () => {
    const db = new Database(planted.dbPath, { readonly: true });
    try {
      const report = egressReport(db);
      expect(report.secretsScan).toBeNull();
      expect(report.destinations.every((d) => d.secrets === null)).toBe(true);
    } finally {
      db.close();
    }
  });

  it('the CLI marks the destinations and says what the scan read; --json carries the counts', async () => {
    const io = captureIo();
    expect(await run([planted.sessionDir, '--secrets'], io)).toBe(0);
    expect(io.out).toMatch(/Secrets scan: searched \d+ verified bodies and \d+ text values/);
    expect(io.out).toMatch(/^ +!?\* \S+/m);
    expect(io.out).toContain('Credential-shaped strings in exchanges with:');
    expect(io.out).not.toContain(GITHUB);
    const json = captureIo();
    expect(await run([planted.sessionDir, '--secrets', '--json'], json)).toBe(0);
    const parsed = JSON.parse(json.out) as EgressReport;
    expect(parsed.secretsScan!.bodiesSearched).toBe(planted.bodies.length);
    expect(parsed.destinations.some((d) => d.secrets!.inbound > 0)).toBe(true);
    const plain = captureIo();
    await run([planted.sessionDir], plain);
    expect(plain.out).not.toContain('Secrets scan');
  });
});
