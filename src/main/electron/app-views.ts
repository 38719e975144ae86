/**
 * The renderer's views as the View menu offers them, with their hash routes (src/renderer/src/router.ts:
 * `#/` for Start, `#/e/<evidenceId>/<view>` for a session's views, `#/library/<libraryId>` for a host ledger (`/hunt`: its hunt),
 * `#/compare` for side-by-side sessions). Navigating is a same-document hash change, not a reload. A view the
 * router gains gets a line here; test/main/electron/window-route.test.ts holds the two in step.
 */
export type AppViewNeeds = 'nothing' | 'evidence' | 'library';

export const APP_VIEWS = [
  { id: 'start', label: 'Start', needs: 'nothing' },
  { id: 'overview', label: 'Overview', needs: 'evidence' },
  { id: 'tables', label: 'Tables', needs: 'evidence' },
  { id: 'integrity', label: 'Integrity', needs: 'evidence' },
  { id: 'sql', label: 'SQL', needs: 'evidence' },
  { id: 'search', label: 'Search', needs: 'evidence' },
  { id: 'graph', label: 'Identity Graph', needs: 'evidence' },
  { id: 'lifecycle', label: 'Tool Lifecycles', needs: 'evidence' },
  { id: 'files', label: 'File Activity', needs: 'evidence' },
  { id: 'file-history', label: 'File History', needs: 'evidence' },
  { id: 'egress', label: 'Egress', needs: 'evidence' },
  { id: 'decisions', label: 'Decisions', needs: 'evidence' },
  { id: 'case', label: 'Case', needs: 'evidence' },
  { id: 'transcript', label: 'Transcript', needs: 'evidence' },
  { id: 'library', label: 'Library', needs: 'library' },
  { id: 'hunt', label: 'Hunt Across Sessions', needs: 'library' },
  { id: 'compare', label: 'Compare Sessions', needs: 'nothing' },
] as const satisfies readonly { id: string; label: string; needs: AppViewNeeds }[];

export type AppViewId = (typeof APP_VIEWS)[number]['id'];

const enc = encodeURIComponent;

/** The view's hash route; Start (`#/`) when the view needs something the window does not have. */
export function routeFor(view: AppViewId, evidenceId: string | null, libraryId: string | null = null): string {
  switch (view) {
    case 'start':
      return '#/';
    case 'compare':
      return '#/compare';
    case 'library':
      return libraryId ? `#/library/${enc(libraryId)}` : '#/';
    case 'hunt':
      return libraryId ? `#/library/${enc(libraryId)}/hunt` : '#/';
    case 'overview':
    case 'tables':
    case 'integrity':
    case 'sql':
    case 'search':
    case 'graph':
    case 'lifecycle':
    case 'files':
    case 'file-history':
    case 'egress':
    case 'decisions':
    case 'case':
    case 'transcript':
      return evidenceId ? `#/e/${enc(evidenceId)}/${view}` : '#/';
  }
}
