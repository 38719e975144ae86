/**
 * Child process for the schema-trap test: drives a full session (deep, with export) on one ledger and prints the
 * report as JSON. A trapped view that gets queried never returns, so the parent's deadline turns it into a failure.
 * Usage: node --import tsx trap-child.ts <session folder> <scratch root> <export dir>
 */
import { driveSession } from './session-driver.js';

const [dir, scratchRoot, exportDir] = process.argv.slice(2) as [string, string, string];
const report = await driveSession([dir], {
  scratchRoot,
  deep: true,
  exportDir,
  maxBodies: 50,
  mark: (s) => process.stderr.write(`step ${s}\n`),
});
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
