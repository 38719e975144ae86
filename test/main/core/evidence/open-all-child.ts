// Child process for the strace test: open the evidence given in argv, read every table and body, close.
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { iterateBodyRows } from '../../../../src/main/core/bodies/iterate-rows.js';
import { readBodyRow } from '../../../../src/main/core/bodies/read-body.js';

const r = await openEvidence(process.argv.slice(2));
if (!r.ok) {
  process.stderr.write(`${r.error.code}: ${r.error.message}\n`);
  process.exit(3);
}
let bodies = 0;
for (const table of r.value.tables.keys()) r.value.db.prepare(`SELECT * FROM "${table}"`).all();
for (const row of iterateBodyRows(r.value)) if (readBodyRow(r.value, row).ok) bodies++;
r.value.close();
process.stdout.write(`${bodies}\n`);
