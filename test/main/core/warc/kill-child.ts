// Child process for the kill test: exports a ledger slowly (a pause after each gzip member) and says which member
// it has written, so the parent can SIGKILL it part-way. Run with `node --import tsx kill-child.ts <session> <dest>`.
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { exportWarc } from '../../../../src/main/core/warc/export-job.js';

const [sessionDir, destination] = process.argv.slice(2);
if (!sessionDir || !destination) throw new Error('usage: kill-child <session dir> <destination>');
const opened = await openEvidence([sessionDir]);
if (!opened.ok) throw new Error(opened.error.message);
const pause = new Int32Array(new SharedArrayBuffer(4));
const result = await exportWarc(opened.value, {
  destination,
  testHooks: {
    afterMember: (index, tempPath) => {
      process.stdout.write(`member ${index} ${tempPath}\n`);
      Atomics.wait(pause, 0, 0, 20);
    },
  },
});
process.stdout.write(`finished ${result.ok}\n`);
