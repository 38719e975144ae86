/**
 * The open libraries, for the sidebar; and the start screen rule: when the inspector was started on a Capsem
 * home or host.db (a library is open) and nothing else was asked for, the Library is the first screen.
 */
import { useEffect, useState } from 'react';
import type { LibrarySummary } from '../../../../shared/contract/library.js';
import { client } from '../../api/client.js';
import { navigate } from '../../router.js';

export function useLibraries(): readonly LibrarySummary[] {
  const [libraries, setLibraries] = useState<readonly LibrarySummary[]>([]);
  useEffect(() => {
    let live = true;
    void client.call('library.list', null).then((r) => {
      if (!live || !r.ok) return;
      setLibraries(r.value);
      const first = r.value[0];
      if (first && (window.location.hash === '' || window.location.hash === '#/')) navigate({ view: 'library', lib: first.id }, true);
    });
    return () => {
      live = false;
    };
  }, []);
  return libraries;
}
