// Child process for the kernel-copy strace test: open the evidence in argv[3] as the app does for a large ledger
// (deferChecks, every size counts as large) or plainly (argv[2] = 'deferred' | 'plain'), wait for the copy proof,
// read every table, close. Prints session.db's proven hashes as JSON.
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';

const deferred = process.argv[2] === 'deferred';
const r = await openEvidence([process.argv[3]!], deferred ? { deferChecks: true, deferAboveBytes: 0 } : {});
if (!r.ok) {
  process.stderr.write(`${r.error.code}: ${r.error.message}\n`);
  process.exit(3);
}
await r.value.followUp?.settled;
for (const table of r.value.tables.keys()) r.value.db.prepare(`SELECT * FROM "${table}"`).all();
const proof = r.value.followUp?.copyProof();
process.stdout.write(`${JSON.stringify({ db: r.value.hashes.db, proof: proof?.state ?? 'none' })}\n`);
r.value.close();
