/**
 * The renderer's views as the View menu offers them, with their hash routes (src/renderer/src/router.ts:
 * `#/` for Start, `#/e/<evidenceId>/<view>` for the rest). Navigating is a same-document hash change, not a
 * reload. Views added to the router (identity graph, tool lifecycles, file activity, library) get a line here.
 */
export const APP_VIEWS = [
  { id: 'start', label: 'Start', needsEvidence: false },
  { id: 'overview', label: 'Overview', needsEvidence: true },
  { id: 'tables', label: 'Tables', needsEvidence: true },
  { id: 'integrity', label: 'Integrity', needsEvidence: true },
  { id: 'sql', label: 'SQL', needsEvidence: true },
  { id: 'search', label: 'Search', needsEvidence: true },
] as const;

export type AppViewId = (typeof APP_VIEWS)[number]['id'];

export function routeFor(view: AppViewId, evidenceId: string | null): string {
  const spec = APP_VIEWS.find((v) => v.id === view);
  if (!spec?.needsEvidence || !evidenceId) return '#/';
  return `#/e/${encodeURIComponent(evidenceId)}/${view}`;
}
