import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh private folder under the system temp dir (never inside the repository or any evidence). */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
