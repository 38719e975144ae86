// The integrity report's credentials section (check --secrets): planted credentials are counted by which way they
// went, listed masked and worst first, and add warnings (never an error: the verdict stays the ledger's own).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as GrepJob from '../../../../src/main/core/search/grep-job.js';
import { checkPath } from '../../../../src/main/core/check/check-path.js';
import { run } from '../../../../src/cli/commands/check.js';
import { captureIo } from '../../../../src/cli/io.js';
import { SECRET_PATTERNS } from '../../../../src/main/core/match/secret-patterns.js';
import type { ContentBody } from '../../../fixtures/writer/content-types.js';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';

// Counts the body searches started on their own, so the test can tell one read of the archive from two.
const ownSearches = vi.hoisted(() => ({ started: 0 }));
vi.mock('../../../../src/main/core/search/grep-job.js', async (importOriginal) => {
  const real = await importOriginal<typeof GrepJob>();
  return { ...real, startGrep: (...args: Parameters<typeof real.startGrep>) => (ownSearches.started++, real.startGrep(...args)) };
});

const GITHUB = SECRET_PATTERNS.find((p) => p.name === 'github-token')!.example;
const root = mkdtempSync(join(tmpdir(), 'check-secrets-'));
let ledger: WrittenLedger;

/** A GitHub token in every net_events request (none goes to GitHub) and echoed in every response. */
function plant(b: ContentBody): Uint8Array {
  if (b.key.sourceTable !== 'net_events') return b.bytes;
  return Buffer.concat([b.bytes, Buffer.from(`\nAuthorization: token ${GITHUB}\n`)]);
}

beforeAll(async () => {
  ledger = await writeLedger(root, { generation: 'A4', plant });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('check --secrets', () => {
  it('counts planted credentials by where they went, masked, worst first, as warnings', async () => {
    const r = await checkPath(ledger.sessionDir, { secrets: true });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const sec = r.value.secrets!;
    const requests = ledger.bodies.filter((b) => b.key.sourceTable === 'net_events' && b.key.direction === 'request').length;
    const responses = ledger.bodies.filter((b) => b.key.sourceTable === 'net_events' && b.key.direction !== 'request').length;
    expect(sec.counts.elsewhere).toBe(requests);
    expect(sec.counts.inbound).toBe(responses);
    expect(sec.bodiesSearched).toBe(ledger.bodies.length);
    expect(sec.findings[0]!.verdict).toBe('elsewhere');
    expect(JSON.stringify(sec)).not.toContain(GITHUB);
    expect(sec.findings.every((f) => f.pattern === 'github-token' && f.masked.startsWith('ghp_'))).toBe(true);
    const codes = r.value.findings.filter((f) => f.code.startsWith('CREDENTIALS_'));
    expect(codes.map((f) => [f.code, f.severity])).toEqual([
      ['CREDENTIALS_SENT_ELSEWHERE', 'warning'],
      ['CREDENTIALS_SEEN', 'note'],
    ]);
    expect(r.value.verdict).toBe('intact');
  });

  it('the CLI prints the section, and without --secrets there is none', async () => {
    const io = captureIo();
    expect(await run([ledger.sessionDir, '--secrets'], io)).toBe(0);
    expect(io.out).toContain('Credentials:');
    expect(io.out).toMatch(/elsewhere github-token ghp_…\S+ \(40 bytes\) in [0-9a-f]{12} net_events\/request @\d+ to /);
    expect(io.out).not.toContain(GITHUB);
    const plain = captureIo();
    await run([ledger.sessionDir], plain);
    expect(plain.out).not.toContain('Credentials:');
  });

  it('a check that verifies its bodies searches them in the same read, and finds the same', async () => {
    const alone = await checkPath(ledger.sessionDir, { secrets: true });
    const started = ownSearches.started;
    expect(started).toBeGreaterThan(0);
    const along = await checkPath(ledger.sessionDir, { secrets: true, verifyBodies: true });
    expect(ownSearches.started).toBe(started);
    expect(alone.ok && along.ok).toBe(true);
    if (!alone.ok || !along.ok) return;
    expect(along.value.archive.verified).toBe(ledger.bodies.length);
    expect(along.value.secrets).toEqual(alone.value.secrets);
  });
});
