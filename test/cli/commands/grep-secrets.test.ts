// capsem-inspect grep --secrets on a fixture ledger with credentials planted in request and response bodies: each is
// found, masked unless --reveal, and judged by where it went: to its own provider (substituted by Capsem or not),
// elsewhere, or inbound.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/commands/grep.js';
import { captureIo } from '../../../src/cli/io.js';
import { SECRET_PATTERNS } from '../../../src/main/core/match/secret-patterns.js';
import type { ContentBody } from '../../fixtures/writer/content-types.js';
import { writeLedger, type WrittenLedger } from '../../fixtures/writer/ledger-writer.js';

const example = (name: string): string => SECRET_PATTERNS.find((p) => p.name === name)!.example;
const ANTHROPIC = example('anthropic-api-key');
const GITHUB = example('github-token');
const root = mkdtempSync(join(tmpdir(), 'cli-grep-secrets-'));
let ledger: WrittenLedger;

function plant(b: ContentBody): Uint8Array {
  if (b.contentType?.includes('msgpack')) return b.bytes;
  const extra = b.key.direction === 'request' ? `\n{"x-api-key":"${ANTHROPIC}","token":"${GITHUB}"}\n` : `\n{"echo":"${ANTHROPIC}"}\n`;
  return Buffer.concat([b.bytes, Buffer.from(extra)]);
}

beforeAll(async () => {
  ledger = await writeLedger(root, { generation: 'A4', plant });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Line = Record<string, unknown>;

async function secrets(args: string[] = []): Promise<{ code: number; lines: Line[]; out: string }> {
  const io = captureIo();
  const code = await run(['--secrets', ledger.sessionDir, ...args], io);
  return {
    code,
    out: io.out,
    lines: io.out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Line),
  };
}

describe('capsem-inspect grep --secrets', () => {
  it('judges each planted credential by the host its request went to, and by Capsem substitution', async () => {
    const r = await secrets(['--json', '--table', 'net_events']);
    expect(r.code).toBe(0);
    const db = new Database(ledger.dbPath, { readonly: true });
    const rows = db.prepare('SELECT event_id, domain, credential_ref FROM net_events').all() as {
      event_id: string;
      domain: string;
      credential_ref: string | null;
    }[];
    db.close();
    const byEvent = new Map(rows.map((x) => [x.event_id, x]));
    const found = r.lines.filter((l) => l.type === 'secret' && l.in === 'body');
    const requests = ledger.bodies.filter((b) => b.key.sourceTable === 'net_events' && b.key.direction === 'request');
    expect(found.filter((l) => l.direction === 'request')).toHaveLength(2 * requests.length);
    for (const l of found) {
      const row = byEvent.get(String(l.eventId))!;
      expect(l.host).toBe(row.domain);
      if (l.direction !== 'request') expect(l.verdict).toBe('inbound');
      else if (l.pattern === 'github-token') expect(l.verdict).toBe('elsewhere');
      else if (row.domain.endsWith('anthropic.com')) expect(l.verdict).toBe(row.credential_ref ? 'substituted' : 'unsubstituted');
      else expect(l.verdict).toBe('elsewhere');
    }
    // The fixture sends requests to Anthropic and to others, so both sides of the rule are exercised.
    expect(found.some((l) => l.pattern === 'anthropic-api-key' && l.verdict === 'elsewhere')).toBe(true);
    expect(found.some((l) => l.pattern === 'anthropic-api-key' && (l.verdict === 'substituted' || l.verdict === 'unsubstituted'))).toBe(
      true,
    );
    expect(found.some((l) => l.verdict === 'inbound')).toBe(true);
  });

  it('masks values unless --reveal', async () => {
    const masked = await secrets(['--table', 'net_events', '--direction', 'request']);
    expect(masked.out).not.toContain(ANTHROPIC);
    expect(masked.out).toContain(`${ANTHROPIC.slice(0, 4)}…${ANTHROPIC.slice(-4)}`);
    expect(masked.out).toMatch(/anthropic-api-key .* SENT ELSEWHERE to /);
    const json = await secrets(['--json', '--table', 'net_events']);
    expect(JSON.stringify(json.lines)).not.toContain(ANTHROPIC);
    const shown = await secrets(['--reveal', '--table', 'net_events', '--direction', 'request']);
    expect(shown.out).toContain(ANTHROPIC);
  });
});
