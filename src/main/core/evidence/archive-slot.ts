/**
 * Opens the body archive once per evidence (its block cursors then serve every read), or records why it could not
 * be opened so every body read fails with that reason. Decides, before the reader runs, the cases that are about
 * where the archive is rather than what it holds: absent beside the index, or an unsafe generation file.
 */
import { basename, join } from 'node:path';
import type { Failure } from '../../../shared/errors.js';
import { fail, toFailure } from '../../../shared/errors.js';
import type { ArchiveState, Generation } from '../../../shared/ledger-types.js';
import type { ArchiveOpenOptions, ArchiveOpenResult } from '../archive/types.js';
import type { ArchiveSlot, SessionInput } from './types.js';
import { lstatEntry } from './safe-fs.js';

export type ArchiveOpener = (opts: ArchiveOpenOptions) => Promise<ArchiveOpenResult>;

export function generationFileName(generationId: Uint8Array): string {
  return `g-${Buffer.from(generationId).toString('hex')}.cbl`;
}

function expectedVersion(generation: Exclude<Generation, 'L0'>): 1 | 2 | 3 {
  switch (generation) {
    case 'A1':
      return 1;
    case 'A2':
      return 2;
    case 'A3':
    case 'A4':
      return 3;
  }
}

export interface SlotRequest {
  readonly input: SessionInput;
  readonly generation: Generation;
  readonly archiveState: ArchiveState | null;
  /** True when body_blocks or event_body_blobs holds any row. */
  readonly recordsBodies: boolean;
  readonly open: ArchiveOpener;
}

export async function openArchiveSlot(req: SlotRequest): Promise<ArchiveSlot> {
  const { input, generation, archiveState } = req;
  if (generation === 'L0') return { state: 'none' };
  const location = input.archive;
  if (!location) {
    if (!req.recordsBodies) return { state: 'none' };
    const beside = join(input.dir, basename(input.dbPath).replace(/\.[^.]*$/, '') + '.bodies');
    const error: Failure =
      input.givenAs === 'db'
        ? fail(
            'BODIES_UNAVAILABLE',
            `${input.dbPath} was opened alone: no archive ${beside} beside it, so bodies are unavailable (the index rows are still evidence)`,
          )
        : fail('ARCHIVE_MISSING', `the body archive ${beside} is absent while ${input.dbPath} records archived bodies`);
    return { state: 'failed', error };
  }
  try {
    if (location.kind === 'directory' && archiveState) {
      const file = join(location.path, generationFileName(archiveState.generationId));
      const entry = await lstatEntry(file); // a symlinked or FIFO generation file is named here, never opened
      if (entry.kind === 'missing') {
        return {
          state: 'failed',
          error: fail('ARCHIVE_MISSING', `the selected generation file ${file} (archive_state.generation_id) is absent`),
        };
      }
    }
    const result = await req.open({ location, archiveState, expectedVersion: expectedVersion(generation) });
    return result.ok ? { state: 'open', archive: result.archive } : { state: 'failed', error: result.error };
  } catch (error) {
    return { state: 'failed', error: toFailure(error) };
  }
}
