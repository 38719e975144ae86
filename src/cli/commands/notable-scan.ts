// notable scan: one session opened read-only as hunt opens each of its sessions, every saved entry run over it in
// one pass (scanNotable), and the entries found listed with their hits in hunt's own lines and JSON records.
import type { CliIo } from '../io.js';
import { jsonText } from '../../shared/json-text.js';
import { openForCheck } from '../../main/core/check/check-path.js';
import { classifyPaths } from '../../main/core/evidence/classify.js';
import { listNotable } from '../../main/core/notable/notable-edit.js';
import { scanNotable } from '../../main/core/notable/notable-scan.js';
import { cancelOnInterrupt } from '../interrupt.js';
import { terminalSafe } from '../text/grep-lines.js';
import { damagedHuntLines, damagedJson, hitJson, hitLine } from '../text/hunt-lines.js';
import { findingHeader, foundSentence } from '../text/notable-lines.js';
import { styleFor } from '../text/style.js';

export async function runScan(path: string, file: string, json: boolean, io: CliIo): Promise<number> {
  // Read first: a damaged or newer set is refused before any session is opened.
  const entries = listNotable(file);
  const cannot = (code: string, message: string): number => {
    io.stderr(`capsem-inspect notable scan: cannot open ${terminalSafe(path)} (${code}): ${terminalSafe(message)}\n`);
    return 2;
  };
  const classified = await classifyPaths([path]);
  if (!classified.ok) return cannot(classified.error.code, classified.error.message);
  if (classified.value.kind !== 'session') return cannot('NOT_A_LEDGER', 'it is not a session folder or session.db');
  const opened = await openForCheck(classified.value);
  if (!opened.ok) return cannot(opened.error.code, opened.error.message);
  const evidence = opened.value;
  try {
    const scan = await cancelOnInterrupt((signal) => scanNotable(evidence, entries, { signal }));
    const session = evidence.sessionId;
    const style = styleFor(io.isTty && !json);
    if (json) {
      for (const f of scan.found) {
        io.stdout(jsonText({ type: 'found', session, name: f.name, indicators: f.indicators, hitCount: f.hitCount }) + '\n');
        for (const h of f.hits) io.stdout(jsonText({ ...hitJson(session, h), notable: f.name }) + '\n');
      }
      for (const d of scan.damaged) io.stdout(jsonText(damagedJson(session, d)) + '\n');
      io.stdout(jsonText({ type: 'summary', session, file, entries: scan.entries, found: scan.found.length, error: scan.error }) + '\n');
    } else {
      io.stdout(foundSentence(scan.found.length, scan.entries, session));
      for (const f of scan.found) {
        io.stdout(findingHeader(f));
        for (const h of f.hits) io.stdout(hitLine(h, style));
        if (f.hits.length < f.hitCount) io.stdout(`  … ${f.hitCount - f.hits.length} more not shown\n`);
      }
      if (scan.damaged.length > 0) io.stdout(damagedHuntLines(scan.damaged, style));
    }
    if (scan.error) {
      io.stderr(`capsem-inspect notable scan: not fully searched (${scan.error.code}): ${terminalSafe(scan.error.message)}\n`);
      return 2;
    }
    return scan.found.length > 0 ? 0 : 1;
  } finally {
    evidence.close();
  }
}
