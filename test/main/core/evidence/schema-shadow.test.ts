// Shadow tables of a foreign virtual table belong to that object (hostile suite finding: tables.list offered
// evil_fts_config / _idx / _data / _content / _docsize, which tables.page then refused).
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { readSchema } from '../../../../src/main/core/evidence/schema.js';

function schemaOf(sql: string) {
  const db = new Database(':memory:');
  try {
    db.exec(sql);
    return readSchema(db, 'session.db');
  } finally {
    db.close();
  }
}

describe('readSchema and virtual tables', () => {
  it('an fts5 table and its shadow tables: none listed, one note naming them all', () => {
    const s = schemaOf(`
      CREATE TABLE net_events (id INTEGER PRIMARY KEY, domain TEXT);
      CREATE VIRTUAL TABLE evil_fts USING fts5(body);
      CREATE TABLE evil_fts_extra (x);
    `);
    expect([...s.tables.keys()].sort()).toEqual(['evil_fts_extra', 'net_events']);
    for (const shadow of ['evil_fts_config', 'evil_fts_idx', 'evil_fts_data', 'evil_fts_content', 'evil_fts_docsize']) {
      expect(s.unsafeLedgerNames.get(shadow)).toBe('a shadow table of virtual table evil_fts');
    }
    const messages = s.notes.map((n) => n.message);
    const ftsNotes = messages.filter((m) => /evil_fts\b/.test(m));
    expect(ftsNotes).toEqual([
      'session.db: evil_fts is a virtual table with shadow tables evil_fts_config, evil_fts_content, evil_fts_data, evil_fts_docsize, evil_fts_idx; it is never queried',
    ]);
    // A table that merely shares the prefix is an ordinary (unknown) table, listed and noted as such.
    expect(messages).toContain('session.db: table evil_fts_extra is not a known ledger table');
    expect(s.notes.every((n) => n.code === 'SCHEMA_UNEXPECTED')).toBe(true);
  });

  it('a virtual table can never hide a ledger table that looks like its shadow', () => {
    const s = schemaOf(`
      CREATE TABLE net_events (id INTEGER PRIMARY KEY, domain TEXT);
      CREATE VIRTUAL TABLE net USING rtree(id, a, b);
      CREATE VIRTUAL TABLE tool USING fts4(x);
    `);
    expect(s.tables.has('net_events')).toBe(true);
    expect(s.tables.has('net_node')).toBe(false);
    expect(s.unsafeLedgerNames.get('net_parent')).toBe('a shadow table of virtual table net');
    expect(s.unsafeLedgerNames.get('tool_segdir')).toBe('a shadow table of virtual table tool');
  });
});
