/**
 * The archive reader's entry (src/main/core/archive), loaded lazily so the SQLite side of the evidence opener
 * loads and tests on its own.
 */
import type { ArchiveOpenOptions, ArchiveOpenResult } from '../archive/types.js';

export async function defaultArchiveOpener(opts: ArchiveOpenOptions): Promise<ArchiveOpenResult> {
  const { openArchive } = await import('../archive/open-archive.js');
  return openArchive(opts);
}
