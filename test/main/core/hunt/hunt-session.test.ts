// One hunt with three byte indicators (-F, -E, --secrets) over a generated session with planted strings and a
// flipped payload byte: it finds exactly what three hunts of one indicator each find (same place, same indicator),
// names the same damaged bodies once each, and reads the archive once where the three read it three times.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import type { HuntHit, SessionHuntResult } from '../../../../src/main/core/hunt/hunt-session.js';
import { huntSession } from '../../../../src/main/core/hunt/hunt-session.js';
import type { Indicator } from '../../../../src/main/core/hunt/indicators.js';
import { indicatorLabel } from '../../../../src/main/core/hunt/indicators.js';
import type { BodyFailure } from '../../../../src/main/core/jobs/verify-types.js';
import { SECRET_PATTERNS } from '../../../../src/main/core/match/secret-patterns.js';
import type * as SessionSearch from '../../../../src/main/core/search/session-search.js';
import type { ContentBody } from '../../../fixtures/writer/content-types.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

// Counts the body searches started, so the test can tell one read of the archive from three.
const searches = vi.hoisted(() => ({ started: 0 }));
vi.mock('../../../../src/main/core/search/session-search.js', async (importOriginal) => {
  const real = await importOriginal<typeof SessionSearch>();
  return {
    ...real,
    startSessionSearch: (...args: Parameters<typeof real.startSessionSearch>) => (searches.started++, real.startSessionSearch(...args)),
  };
});

const FIXED = 'HUNT-OnePass-Fixed-3a9c';
const GITHUB = SECRET_PATTERNS.find((p) => p.name === 'github-token')!.example;
const INDICATORS: readonly Indicator[] = [
  { kind: 'fixed', text: FIXED, ignoreCase: false },
  // Overlaps the fixed string: both indicators must name the same bytes.
  { kind: 'regex', source: 'OnePass-(Fixed|Regex)-[0-9a-f]{4}', ignoreCase: false },
  { kind: 'secrets' },
];

/** Every body but msgpack ones (those stay decodable) gets one, two or all three of the planted strings. */
function plant(b: ContentBody, i: number): Uint8Array {
  if (b.contentType?.includes('msgpack')) return b.bytes;
  const parts = [[FIXED], ['HUNT-OnePass-Regex-77e1'], [FIXED, `token ${GITHUB}`, 'OnePass-Regex-0b0b']][i % 3]!;
  return Buffer.concat([Buffer.from(parts.join(' ') + '\n'), b.bytes, Buffer.from(`\n${parts.join('\n')}`)]);
}

const root = mkdtempSync(join(tmpdir(), 'hunt-one-pass-'));
let evidence: Evidence;
beforeAll(async () => {
  const ledger = await writeLedger(join(root, 'evidence'), {
    generation: 'A4',
    seed: 41,
    sessionId: 'one-pass',
    plant,
    damage: 'flip-payload-byte',
  });
  const opened = await openEvidence([ledger.sessionDir], { scratchRoot: root, hashArchive: false });
  if (!opened.ok) throw new Error(opened.error.message);
  evidence = opened.value;
}, 60_000);
afterAll(() => {
  evidence?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Hunted {
  readonly hits: HuntHit[];
  readonly damaged: BodyFailure[];
  readonly result: SessionHuntResult;
}

async function hunt(indicators: readonly Indicator[], stopAfter = Infinity, signal?: AbortSignal): Promise<Hunted> {
  const hits: HuntHit[] = [];
  const damaged: BodyFailure[] = [];
  const result = await huntSession(
    evidence,
    indicators,
    { hit: (h) => hits.push(h) < stopAfter, damaged: (f) => void damaged.push(f) },
    signal ? { signal } : {},
  );
  return { hits, damaged, result };
}

/** A hit's place and the indicator it is credited to. */
function place(h: HuntHit): string {
  if (h.kind !== 'match') return `${h.kind} ${indicatorLabel(h.indicator)}`;
  const { match: m } = h;
  const where =
    m.source.kind === 'body'
      ? `body ${m.source.sourceTable}/${m.source.direction}`
      : `column ${m.source.table}.${m.source.column}#${m.source.rowid}`;
  return `${indicatorLabel(h.indicator)} ${m.eventId} ${where} @${m.offset}+${m.length} ${m.pattern ?? ''} ${h.secret?.verdict ?? ''}`;
}
const damagedPlace = (f: BodyFailure): string => `${f.eventId} ${f.sourceTable}/${f.direction} ${f.code}`;

describe('huntSession over several byte indicators', () => {
  it('finds in one pass exactly what one hunt per indicator finds, and reads the archive once', async () => {
    const before = searches.started;
    const together = await hunt(INDICATORS);
    expect(searches.started - before).toBe(1);
    const apart = [];
    for (const indicator of INDICATORS) apart.push(await hunt([indicator]));
    expect(searches.started - before).toBe(1 + INDICATORS.length);

    expect(together.result).toEqual({ stopped: false, error: null });
    expect(together.hits.map(place).sort()).toEqual(apart.flatMap((a) => a.hits.map(place)).sort());
    // Each indicator found something, so the comparison above compares something for each.
    for (const a of apart) expect(a.hits.length).toBeGreaterThan(0);
    expect(together.hits.some((h) => h.kind === 'match' && h.secret !== null)).toBe(true);
    // A body that fails is named once however many indicators would have searched it, and as each alone names it.
    expect(together.damaged.length).toBeGreaterThan(0);
    expect(together.damaged.map(damagedPlace).sort()).toEqual(apart[0]!.damaged.map(damagedPlace).sort());
    for (const a of apart) expect(a.damaged.map(damagedPlace).sort()).toEqual(together.damaged.map(damagedPlace).sort());
  });

  it('keeps the row indicators in their place beside the one byte pass', async () => {
    const rows: Indicator = { kind: 'process', name: 'no-such-process-x' };
    const domain: Indicator = { kind: 'domain', domain: 'example.com' };
    const before = searches.started;
    const mixed = await hunt([rows, INDICATORS[0]!, domain, INDICATORS[1]!]);
    expect(searches.started - before).toBe(1);
    const apart = [...(await hunt([domain])).hits, ...(await hunt([INDICATORS[0]!, INDICATORS[1]!])).hits];
    expect(mixed.hits.map(place).sort()).toEqual(apart.map(place).sort());
  });

  it('stops when the sink says so, and is cancelled by its signal', async () => {
    const stopped = await hunt(INDICATORS, 5);
    expect(stopped.hits).toHaveLength(5);
    expect(stopped.result).toEqual({ stopped: true, error: null });

    // Cancelled at its first hit: the one pass ends CANCELLED, not as a stop.
    const ctl = new AbortController();
    const hits: HuntHit[] = [];
    const cancelled = await huntSession(
      evidence,
      INDICATORS,
      { hit: (h) => (ctl.abort(), hits.push(h) > 0), damaged: () => {} },
      { signal: ctl.signal },
    );
    expect(hits.length).toBeGreaterThan(0);
    expect(cancelled).toMatchObject({ stopped: false, error: { code: 'CANCELLED' } });

    const aborted = new AbortController();
    aborted.abort();
    const none = await hunt(INDICATORS, Infinity, aborted.signal);
    expect(none.hits).toEqual([]);
    expect(none.result.error?.code).toBe('CANCELLED');
  });
});
