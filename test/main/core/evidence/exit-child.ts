// Child process: open evidence, print the scratch folder, exit without closing (the exit hook must clean up).
import { existsSync } from 'node:fs';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';

const r = await openEvidence(process.argv.slice(2));
if (!r.ok) process.exit(3);
process.stdout.write(`${r.value.snapshot.scratchDir} ${existsSync(r.value.snapshot.scratchDir)}\n`);
process.exit(0);
