// capsem-inspect egress: the JSON document, the text table with the credential that went elsewhere marked, an older
// generation's blanks, usage and cannot-open exits, and no write to the evidence folder.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { captureIo } from '../../../src/cli/io.js';
import { run } from '../../../src/cli/commands/egress.js';

const root = mkdtempSync(join(tmpdir(), 'cli-egress-'));
let a4: WrittenLedger;
let a2: WrittenLedger;

beforeAll(async () => {
  a4 = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'egress-a4' });
  a2 = await writeLedger(join(root, 'a2'), { generation: 'A2-zstd', sessionId: 'egress-a2', journalMode: 'delete' });
  // The columns an older Capsem build did not write (docs/formats/ledger-format.md#event-tables, the older net_events
  // shape).
  const db = new Database(a2.dbPath);
  db.exec(`ALTER TABLE net_events DROP COLUMN credential_ref;
    ALTER TABLE net_events DROP COLUMN trace_id;
    ALTER TABLE net_events DROP COLUMN turn_id;`);
  db.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('capsem-inspect egress', () => {
  it('--json: one document, exit 0, destinations sorted by requests then domain', async () => {
    const io = captureIo();
    expect(await run([a4.sessionDir, '--json'], io)).toBe(0);
    expect(io.err).toBe('');
    const j = JSON.parse(io.out);
    expect(j.session).toEqual({ id: 'egress-a4', dir: a4.sessionDir });
    expect(j.generation).toBe('A4');
    expect(j.missing).toEqual([]);
    const rows = j.destinations as { domain: string; requests: number; credentialElsewhere: boolean }[];
    const sorted = [...rows].sort((a, b) => b.requests - a.requests || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
    expect(rows.map((d) => d.domain)).toEqual(sorted.map((d) => d.domain));
    expect(j.totals.requests).toBe(a4.rowCounts.net_events);
    expect(rows.filter((d) => d.credentialElsewhere).map((d) => d.domain)).toEqual(['api.openai.com', 'generativelanguage.googleapis.com']);
  });

  it('text: an aligned table, the destinations that got another provider’s credential marked and named', async () => {
    const before = readdirSync(a4.sessionDir).sort();
    const io = captureIo();
    expect(await run([a4.sessionDir], io)).toBe(0);
    expect(io.out).toMatch(/^ {2}DESTINATION +REQUESTS +BYTES SENT +BYTES RECEIVED +ALLOWED +DENIED/m);
    expect(io.out).toMatch(/^ {2}! api\.openai\.com:443 +2 /m);
    expect(io.out).toMatch(/^ {4}api\.anthropic\.com:443 +2 /m);
    expect(io.out).toContain("NOT ITS PROVIDER'S HOST: api.openai.com is not a host of anthropic (anthropic.com)");
    expect(io.out).toMatch(/! Credentials sent to a host that is not their provider: api\.openai\.com:443, generativelanguage/);
    expect(io.out).not.toContain('\u001b[');
    expect(readdirSync(a4.sessionDir).sort()).toEqual(before);
  });

  it('an older generation: what it lacks is named and left blank, exit 0', async () => {
    const text = captureIo();
    expect(await run([a2.sessionDir], text)).toBe(0);
    expect(text.out).toContain('Not recorded by this ledger (shown blank): net_events.credential_ref, net_events.trace_id');
    expect(text.out).not.toContain('credential ');
    const json = captureIo();
    expect(await run([a2.sessionDir, '--json'], json)).toBe(0);
    const j = JSON.parse(json.out);
    expect(j.generation).toBe('A2');
    expect(j.missing).toEqual(['net_events.credential_ref', 'net_events.trace_id', 'net_events.turn_id']);
    for (const d of j.destinations) expect([d.credentials, d.traces, d.turns]).toEqual([null, null, null]);
  });

  it('usage errors and an unopenable path exit 2 with the usage or the cannot-open sentence', async () => {
    const none = captureIo();
    expect(await run([], none)).toBe(2);
    expect(none.err).toMatch(
      /^capsem-inspect egress: the ledger path is required[^\n]*\nusage: capsem-inspect egress <path> \[--secrets\] \[--json\]/,
    );
    const unknown = captureIo();
    expect(await run([a4.sessionDir, '--bogus'], unknown)).toBe(2);
    expect(unknown.err).toContain('unknown option --bogus');
    const help = captureIo();
    expect(await run(['--help'], help)).toBe(0);
    expect(help.out).toMatch(/^usage: capsem-inspect egress/);
    const missing = captureIo();
    expect(await run([join(root, 'nowhere')], missing)).toBe(2);
    expect(missing.err).toMatch(/^capsem-inspect egress: cannot open .*nowhere \(/);
  });
});
