/**
 * The host ledgers opened in this process, by opaque id. Paths enter only here (command line or desktop app);
 * the renderer sees ids and views. A library is read once into plain data (the scratch copy is gone after),
 * so holding one costs no file handle.
 */
import { createHash } from 'node:crypto';
import type { LibrarySummary } from '../../../shared/contract/library.js';
import type { Result } from '../../../shared/errors.js';
import { InspectorError, fail } from '../../../shared/errors.js';
import { classifyPaths } from '../evidence/classify.js';
import type { HostLedger } from '../host/open-host-ledger.js';
import { openHostLedger } from '../host/open-host-ledger.js';
import { locateHostLedger } from '../host/capsem-home.js';
import type { ChainAnchor, SessionRecord } from '../host/types.js';

interface Entry {
  readonly summary: LibrarySummary;
  readonly ledger: HostLedger;
}

export interface LibraryStoreOptions {
  readonly scratchRoot?: string;
  readonly anchor?: ChainAnchor | null;
}

/** Same host.db path → same id, so a library link survives a restart of serve mode. */
export function libraryIdFor(hostDbPath: string): string {
  return `lib-${createHash('sha256').update(hostDbPath).digest('hex').slice(0, 20)}`;
}

export class LibraryStore {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly options: LibraryStoreOptions = {}) {}

  /**
   * Opens `paths` when they name a host ledger (a host.db, its sessions folder, or a Capsem home); null when
   * they name something else (a session ledger), so the caller opens that as evidence instead.
   */
  async openIfLibrary(paths: readonly string[]): Promise<Result<LibrarySummary> | null> {
    if (paths.length !== 1) return null;
    const classified = await classifyPaths([...paths]);
    if (!classified.ok) return null;
    const input = classified.value;
    if (input.kind === 'session') return null;
    if (input.kind === 'capsem-home' && input.hostDbPath === null) {
      return { ok: false, error: fail('NOT_FOUND', `${input.home} is a Capsem home without sessions/host.db: no library to show`) };
    }
    return this.open(input.kind === 'host' ? input.hostDbPath : input.home);
  }

  /** Opens (or re-reads) the host ledger named by a Capsem home, its sessions folder or a host.db. */
  async open(path: string): Promise<Result<LibrarySummary>> {
    const where = locateHostLedger(path, {});
    if (!where.ok) return where;
    const opened = await openHostLedger(where.value.hostDbPath, {
      runDir: where.value.runDir,
      anchor: this.options.anchor ?? null,
      ...(this.options.scratchRoot ? { scratchRoot: this.options.scratchRoot } : {}),
    });
    if (!opened.ok) return opened;
    const id = libraryIdFor(where.value.hostDbPath);
    const summary: LibrarySummary = {
      id,
      label: where.value.hostDbPath,
      openedAt: new Date().toISOString(),
      sessions: opened.value.sessions.length,
      chainIntact: opened.value.chain.intact,
    };
    this.entries.set(id, { summary, ledger: opened.value });
    return { ok: true, value: summary };
  }

  list(): LibrarySummary[] {
    return [...this.entries.values()].map((e) => e.summary).reverse();
  }

  get(id: string): { summary: LibrarySummary; ledger: HostLedger } {
    const e = this.entries.get(id);
    if (!e) throw new InspectorError('BAD_REQUEST', `no open library has id ${id}`);
    return e;
  }

  session(libraryId: string, sessionId: string): SessionRecord {
    const s = this.get(libraryId).ledger.sessions.find((x) => x.id === sessionId);
    if (!s) throw new InspectorError('NOT_FOUND', `the host ledger records no session ${JSON.stringify(sessionId)}`);
    return s;
  }

  close(id: string): void {
    this.entries.delete(id);
  }
}
