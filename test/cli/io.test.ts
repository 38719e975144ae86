// `capsem-inspect … | head`: a reader that goes away mid-output ends the command quietly, not with an EPIPE trace.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SAMPLE = join(ROOT, 'resources/sample/20260302-145040-c67f');

/** Runs the CLI with its stdout's reader already gone (so its first write meets EPIPE); gives its exit code and stderr. */
function runAndCloseEarly(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/capsem-inspect.js'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.destroy();
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('the CLI behind a pipe that closes', () => {
  it.each([
    ['transcript', SAMPLE, '--format', 'md'],
    ['check', SAMPLE, '--rows', '50'],
  ])('%s ends quietly when its reader goes', async (...args) => {
    const r = await runAndCloseEarly(args);
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(r.code).toBe(0);
  });
});
