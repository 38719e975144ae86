/**
 * Wires the one path intake to this app: classify with the core, open sessions through the inspector service
 * (the same one serve mode uses) and host ledgers (a host.db, its sessions folder, a Capsem home) as a library
 * through service.library, show each in its window, remember it for Open Recent, and show refusals.
 */
import type { EvidenceSummary } from '../../shared/contract.js';
import type { LibrarySummary } from '../../shared/contract/library.js';
import type { Result } from '../../shared/errors.js';
import { fail } from '../../shared/errors.js';
import { classifyPaths } from '../core/evidence/classify.js';
import { pathsToOpen } from '../core/evidence/paths-to-open.js';
import type { InspectorService } from '../core/service/service.js';
import type { ElectronModules } from './electron-modules.js';
import type { IntakePorts, IntakeSource, Refusal } from './path-intake.js';
import { intakePaths } from './path-intake.js';
import { nodeResolveFs } from './path-resolve.js';
import type { ManagedWindow, WindowManager } from './window-manager.js';
import { routeFor } from './app-views.js';

export interface Shown {
  readonly window: ManagedWindow;
  /** The session the window shows; null for a library or a start window. */
  readonly summary: EvidenceSummary | null;
  /** The host ledger the window shows as a library, when it was just opened. */
  readonly library: LibrarySummary | null;
}

export function refusalText(refusals: readonly Refusal[]): string {
  return refusals.map((r) => `${r.paths.join(' + ')}\n  ${r.error.code}: ${r.error.message}`).join('\n\n');
}

export interface DesktopIntake {
  intake(paths: readonly string[], source: IntakeSource): Promise<Result<EvidenceSummary> | null>;
  /** Open (or focus) the window for an evidence already in the registry (e.g. the sample). */
  showEvidence(summary: EvidenceSummary): ManagedWindow;
}

export function createDesktopIntake(
  electron: ElectronModules,
  service: InspectorService,
  windows: WindowManager,
  remember: (paths: readonly string[]) => void,
): DesktopIntake {
  const focused = (): ManagedWindow | null => windows.of(electron.BrowserWindow.getFocusedWindow());
  const showEvidence = (summary: EvidenceSummary): ManagedWindow => {
    const key = `session:${summary.sessionId}`;
    const existing = windows.byKey(key);
    if (existing) {
      windows.focus(existing);
      return existing;
    }
    const managed = windows.open(key, routeFor('overview', summary.id), focused());
    managed.evidenceId = summary.id;
    return managed;
  };
  const ports: IntakePorts<Shown> = {
    fs: nodeResolveFs,
    classify: classifyPaths,
    focusExisting(key) {
      const existing = windows.byKey(key);
      if (!existing) return null;
      windows.focus(existing);
      return { window: existing, summary: existing.evidenceId ? service.registry.summary(existing.evidenceId) : null, library: null };
    },
    async open(input, key) {
      if (input.kind !== 'session') {
        // A host.db, its sessions folder or a Capsem home: the Library of that host ledger, in its own window.
        const library = await service.library.openIfLibrary(pathsToOpen(input));
        if (library === null)
          return { ok: false, error: fail('NOT_A_LEDGER', `${pathsToOpen(input).join(' + ')} names no host ledger to show as a library`) };
        if (!library.ok) return library;
        const window = windows.open(key, routeFor('library', null, library.value.id), focused());
        return { ok: true, value: { window, summary: null, library: library.value } };
      }
      const opened = await service.openPaths(pathsToOpen(input), 'path');
      if (!opened.ok) return opened;
      const window = windows.open(key, routeFor('overview', opened.value.id), focused());
      window.evidenceId = opened.value.id;
      return { ok: true, value: { window, summary: opened.value, library: null } };
    },
    showRefusals(refusals, source) {
      const count = refusals.length === 1 ? 'one item' : `${refusals.length} items`;
      void electron.dialog.showMessageBox({
        type: 'warning',
        message: `Could not open ${count}${source === 'drop' ? ' dropped on the window' : ''}`,
        detail: refusalText(refusals),
        buttons: ['OK'],
      });
    },
    remember,
  };
  return {
    showEvidence,
    async intake(paths, source) {
      if (paths.length === 0) return null;
      const outcomes = await intakePaths(paths, ports, source);
      for (const outcome of outcomes) {
        if (outcome.kind !== 'refused' && outcome.value.summary) return { ok: true, value: outcome.value.summary };
      }
      for (const outcome of outcomes) if (outcome.kind === 'refused') return { ok: false, error: outcome.error };
      return null;
    },
  };
}
