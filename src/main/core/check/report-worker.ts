/**
 * Worker-thread entry: an integrity report's sections (check-evidence.ts buildSections), optionally after quick_check,
 * on the worker's own hardened read-only connection to the scratch copy. On a 1,000,000-event ledger the sections
 * read for 4-14 s; on the serve or IPC main thread that held up every other request meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { InspectorError } from '../../../shared/errors.js';
import { openHardened } from '../evidence/open-hardened.js';
import { buildSections, stopAtPages } from './report-sections.js';
import { checkPages } from './pages.js';
import type { ReportWorkerData, ReportWorkerReply, ThrownError } from './report-protocol.js';

const port = parentPort;
if (!port) throw new Error('report-worker must run in a worker thread');
const data = workerData as ReportWorkerData;

function thrown(error: unknown): ThrownError | null {
  if (error instanceof InspectorError) return { kind: 'inspector', code: error.code, name: error.name, message: error.message };
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  return { kind: 'error', code: typeof code === 'string' ? code : null, name: error.name, message: error.message };
}

async function build(): Promise<ReportWorkerReply> {
  let db: ReturnType<typeof openHardened>;
  try {
    db = openHardened(data.dbCopyPath);
  } catch (error) {
    return { type: 'unavailable', message: error instanceof Error ? error.message : String(error) };
  }
  try {
    const pages = data.runPages ? checkPages(db) : { ok: true, messages: ['ok'] };
    if (!pages.ok) return { type: 'report', report: stopAtPages(data.head, pages) };
    const report = await buildSections(
      { db, ...data.facts },
      { rows: data.rows, verification: data.verification, hostStop: data.hostStop },
      data.head,
      pages,
      null,
    );
    return { type: 'report', report };
  } catch (error) {
    const t = thrown(error);
    return t ? { type: 'threw', error: t } : { type: 'unavailable', message: `the report failed with a non-Error value: ${String(error)}` };
  } finally {
    db.close();
  }
}

port.postMessage(await build());
