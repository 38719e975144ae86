/**
 * THE path intake: every path from outside (argv, a second instance, macOS open-file, the Dock or taskbar, a drop,
 * the open dialogs, Open Recent) comes through `intakePaths`. It resolves links, refuses what is not a folder or a
 * regular file, groups a database with its archive, classifies each group with the core, then focuses the window
 * already showing that session or opens a new one; whatever could not be opened is shown with the reason.
 */
import { basename } from 'node:path';
import type { ClassifiedInput } from '../core/evidence/types.js';
import type { Failure, Result } from '../../shared/errors.js';
import type { ResolveFs } from './path-resolve.js';
import { resolveOutsidePath } from './path-resolve.js';
import { groupOpenRequests } from './open-groups.js';

export type IntakeSource = 'argv' | 'second-instance' | 'open-file' | 'drop' | 'dialog' | 'recent';

export interface IntakePorts<T> {
  readonly fs: ResolveFs;
  classify(paths: string[]): Promise<Result<ClassifiedInput>>;
  /** Focus the window already showing `key`; returns what it shows, or null when no window has it. */
  focusExisting(key: string): T | null;
  /** Open the input in a window registered under `key` (snapshot, hashes, window). */
  open(input: ClassifiedInput, key: string, source: IntakeSource): Promise<Result<T>>;
  /** Tell the user what was not opened and why (one notice for the whole batch). */
  showRefusals(refusals: readonly Refusal[], source: IntakeSource): void;
  /** Remember what opened, for Open Recent (the paths as resolved). */
  remember?(paths: readonly string[]): void;
}

export interface Refusal {
  readonly paths: readonly string[];
  readonly error: Failure;
}

export type IntakeOutcome<T> =
  | { readonly kind: 'opened'; readonly key: string; readonly paths: readonly string[]; readonly value: T }
  | { readonly kind: 'focused'; readonly key: string; readonly paths: readonly string[]; readonly value: T }
  | { readonly kind: 'refused'; readonly paths: readonly string[]; readonly error: Failure };

/** Windows are keyed by what they show: a session by its id (the folder name), a host ledger or home by path. */
export function windowKeyFor(input: ClassifiedInput): string {
  switch (input.kind) {
    case 'session':
      return `session:${basename(input.dir)}`;
    case 'host':
      return `host:${input.hostDbPath}`;
    case 'capsem-home':
      return `home:${input.home}`;
  }
}

async function intakeGroup<T>(group: string[], ports: IntakePorts<T>, source: IntakeSource): Promise<IntakeOutcome<T>> {
  const classified = await ports.classify(group);
  if (!classified.ok) return { kind: 'refused', paths: group, error: classified.error };
  const key = windowKeyFor(classified.value);
  const existing = ports.focusExisting(key);
  if (existing !== null) return { kind: 'focused', key, paths: group, value: existing };
  const opened = await ports.open(classified.value, key, source);
  if (!opened.ok) return { kind: 'refused', paths: group, error: opened.error };
  ports.remember?.(group);
  return { kind: 'opened', key, paths: group, value: opened.value };
}

export async function intakePaths<T>(given: readonly string[], ports: IntakePorts<T>, source: IntakeSource): Promise<IntakeOutcome<T>[]> {
  const resolved = await Promise.all(given.map((path) => resolveOutsidePath(path, ports.fs)));
  const outcomes: IntakeOutcome<T>[] = [];
  for (const r of resolved) if (!r.ok) outcomes.push({ kind: 'refused', paths: [r.given], error: r.error });
  const good = resolved.flatMap((r) => (r.ok ? [r.path] : []));
  // One at a time: opening snapshots and hashes evidence, and two windows for the same session must not race.
  for (const group of groupOpenRequests(good)) outcomes.push(await intakeGroup(group, ports, source));
  const refusals = outcomes.flatMap((o) => (o.kind === 'refused' ? [{ paths: o.paths, error: o.error }] : []));
  if (refusals.length > 0) ports.showRefusals(refusals, source);
  return outcomes;
}
