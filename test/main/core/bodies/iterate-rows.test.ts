// Every index row in archive order, also when thousands of rows share one location (deduplicated bodies, or hostile
// rows copying one): pages must step over the ties by id, none missed, none twice (issue 23: a keyset that sought on
// the location alone re-read every tie on each page and made the WARC export quadratic).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { iterateBodyRows } from '../../../../src/main/core/bodies/iterate-rows.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import { addOrphanBodyRows } from '../../../../scripts/bench/lib/orphan-rows.js';

const root = mkdtempSync(join(tmpdir(), 'iterate-rows-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('iterateBodyRows', () => {
  it('yields 2,000 rows at one location across many pages, in (block_offset, body_offset, id) order, each once', async () => {
    const w = await writeLedger(join(root, 'ties'), { generation: 'A4' });
    addOrphanBodyRows(join(w.sessionDir, 'session.db'), 2000);
    const opened = await openEvidence([w.sessionDir]);
    if (!opened.ok) throw new Error(opened.error.message);
    const rows = [...iterateBodyRows(opened.value)];
    const expected = opened.value.db
      .prepare('SELECT id FROM event_body_blobs ORDER BY block_offset, body_offset, id')
      .all()
      .map((r) => Number((r as { id: number }).id));
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect(rows).toHaveLength(w.bodies.length + 2000);
    opened.value.close();
  });
});
