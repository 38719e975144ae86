/**
 * The page-wide drop target and the pickers' intake: dropped or picked, files are opened the same way, uploaded
 * (serve) or named (desktop), then shown: by this page in serve mode, by main on the desktop (see
 * Transport.hostShowsDropped).
 */
import { useCallback, useEffect, useState } from 'react';
import type { EvidenceSummary } from '../../shared/contract.js';
import type { Failure, Result } from '../../shared/errors.js';
import { fail } from '../../shared/errors.js';
import { client } from './api/client.js';
import type { DroppedUpload } from './api/transport.js';
import { collectDropped } from './components/dropped-files.js';
import { navigate } from './router.js';

export type Collected = Promise<{ files: DroppedUpload[]; folder: string | null }>;

export interface PageDrop {
  readonly dropping: boolean;
  readonly dropError: Failure | null;
  readonly openUploads: (collected: Collected) => void;
}

export function usePageDrop(refreshEvidence: () => void): PageDrop {
  const [dropping, setDropping] = useState(false);
  const [dropError, setDropError] = useState<Failure | null>(null);
  const openUploads = useCallback(
    (collected: Collected): void => {
      setDropping(true);
      setDropError(null);
      void collected
        .then(
          ({ files, folder }) => client.openDropped(files, folder),
          // The page could not read what was dropped (a file removed while it was walked): said, never left busy.
          (e: unknown): Result<EvidenceSummary> => ({
            ok: false,
            error: fail('NOT_FOUND', `the dropped items could not be read: ${e instanceof Error ? e.message : String(e)}`),
          }),
        )
        .then((r) => {
          setDropping(false);
          if (!r.ok) {
            setDropError(r.error);
            if (!client.hostShowsDropped) navigate({ view: 'start' });
            return;
          }
          refreshEvidence();
          if (!client.hostShowsDropped) navigate({ view: 'overview', ev: r.value.id });
        });
    },
    [refreshEvidence],
  );

  useEffect(() => {
    // The whole page is a drop target; a dropped file never navigates the window away.
    const over = (e: DragEvent): void => e.preventDefault();
    const drop = (e: DragEvent): void => {
      e.preventDefault();
      if (!e.dataTransfer) return;
      openUploads(collectDropped(e.dataTransfer));
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [openUploads]);

  return { dropping, dropError, openUploads };
}
