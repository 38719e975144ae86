/**
 * The scripted full session of the zero-write audit (EVI-1/EVI-2), run under strace by the test: open, browse
 * every table, read bodies, integrity report, verify job (worker threads), SQL console (child process), WARC
 * export to a folder outside the evidence, close. Prints the drive report as one JSON line.
 * Usage: node --import tsx zero-write-child.ts <session folder> <scratch root> <export dir>
 */
import { driveSession } from './session-driver.js';

const [dir, scratchRoot, exportDir] = process.argv.slice(2) as [string, string, string];
const report = await driveSession([dir], { scratchRoot, deep: true, exportDir, maxBodies: 1000 });
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
