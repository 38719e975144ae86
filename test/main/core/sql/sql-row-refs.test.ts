// Which console result columns name a table row (issue 23): only a column SQLite says is a table's rowid or its
// INTEGER PRIMARY KEY; expressions, aggregates and compound queries name none (rather than a wrong one).
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { sqlRowRefs } from '../../../../src/main/core/sql/sql-row-refs.js';

const db = new Database(':memory:');
db.exec(`CREATE TABLE model_calls (id INTEGER PRIMARY KEY, provider TEXT);
         CREATE TABLE fs_events (path TEXT, size INTEGER);
         CREATE TABLE keyed (k TEXT PRIMARY KEY, n INTEGER)`);
const refs = (sql: string) => sqlRowRefs(db, sql, db.prepare(sql).columns());
afterAll(() => db.close());

describe('sqlRowRefs', () => {
  it('names the rowid alias and the rowid, under any alias, in joins and subqueries', () => {
    expect(refs('SELECT * FROM model_calls')).toEqual([{ column: 0, table: 'model_calls' }]);
    expect(refs('SELECT provider, id AS k FROM model_calls')).toEqual([{ column: 1, table: 'model_calls' }]);
    expect(refs('SELECT path, rowid FROM fs_events')).toEqual([{ column: 1, table: 'fs_events' }]);
    expect(refs('SELECT m.id, f.rowid FROM model_calls m, fs_events f')).toEqual([
      { column: 0, table: 'model_calls' },
      { column: 1, table: 'fs_events' },
    ]);
    expect(refs('SELECT * FROM (SELECT id FROM model_calls WHERE provider = ?)')).toEqual([{ column: 0, table: 'model_calls' }]);
  });

  it('names nothing for expressions, aggregates, other columns and compound queries', () => {
    expect(refs('SELECT id + 0 FROM model_calls')).toEqual([]);
    expect(refs('SELECT MAX(id) FROM model_calls')).toEqual([]);
    expect(refs('SELECT size FROM fs_events')).toEqual([]);
    // A TEXT primary key is not the rowid.
    expect(refs('SELECT k FROM keyed')).toEqual([]);
    expect(refs('SELECT id FROM model_calls UNION ALL SELECT rowid FROM fs_events')).toEqual([]);
    expect(refs('SELECT id FROM model_calls EXCEPT SELECT 1')).toEqual([]);
    // The word inside a string or a comment is not a compound.
    expect(refs("SELECT id FROM model_calls WHERE provider = 'union' -- except")).toEqual([{ column: 0, table: 'model_calls' }]);
  });
});
