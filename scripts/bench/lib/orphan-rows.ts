// Grows a written ledger's event_body_blobs by `count` rows that name no source row (hostile input for the WARC
// export, issue 23): each copies an existing row's archive location under an event_id no source table holds.
import Database from 'better-sqlite3';

export function addOrphanBodyRows(dbPath: string, count: number): void {
  const db = new Database(dbPath);
  try {
    const src = db.prepare("SELECT * FROM event_body_blobs WHERE source_table = 'net_events' ORDER BY id LIMIT 1").get() as
      | Record<string, unknown>
      | undefined;
    if (!src) throw new Error(`${dbPath} has no net_events body row to copy`);
    const cols = Object.keys(src).filter((c) => c !== 'id');
    const insert = db.prepare(`INSERT INTO event_body_blobs (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`);
    db.transaction(() => {
      // 12 hex digits (the A4 CHECK), above any id the writer gives; direction cycles to stay unique per event.
      for (let i = 0; i < count; i++)
        insert.run({
          ...src,
          event_id: (0xf00000000000 + Math.floor(i / 2)).toString(16),
          direction: i % 2 === 0 ? 'request' : 'response',
        });
    })();
  } finally {
    db.close();
  }
}
