// A query that meets page damage on an open evidence (a large ledger is shown before its deferred quick_check has
// finished) answers DB_CORRUPT naming the file, by the open's own classification (sqliteFailure), not INTERNAL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'capsem-service-sqlite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('service errors from SQLite', () => {
  it('a page read hitting the damaged root page of net_events is DB_CORRUPT and names session.db', async () => {
    const ledger = await writeLedger(join(root, 'l'), { generation: 'A4', damage: 'corrupt-sqlite-page' });
    // Opened without quick_check, as the deferred open is before its follow-up has run it.
    const service = createInspectorService({
      registry: new EvidenceRegistry({ openOptions: { scratchRoot: join(root), quickCheck: false } }),
      saveBody: () => ({ kind: 'saved', path: '' }) as never,
      integrityReport: () => {
        throw new Error('not used');
      },
    });
    const opened = await service.openPaths([ledger.sessionDir]);
    if (!opened.ok) throw new Error(opened.error.message);
    const evidenceId = opened.value.id;
    const page = await service.handle('tables.page', { evidenceId, table: 'net_events', limit: 50 });
    expect(page.ok).toBe(false);
    if (page.ok) return;
    expect(page.error.code).toBe('DB_CORRUPT');
    expect(page.error.message).toContain(service.registry.getEvenIfDamaged(evidenceId).input.dbPath);
    // Not an evidence query: an unknown id stays the registry's own refusal.
    const unknown = await service.handle('tables.page', { evidenceId: 'nope', table: 'net_events', limit: 50 });
    expect(!unknown.ok && unknown.error.code).toBe('BAD_REQUEST');
    service.registry.closeAll();
  });
});
