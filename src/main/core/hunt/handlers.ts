// The library.hunt.* handlers: start a hunt over an open library's sessions (its indicators checked and compiled
// first), read what it found so far, cancel it. The library is reached through `ledgerOf`, so this room needs
// nothing of the library's; registered in service/service.ts beside the library's own channels.
import { randomUUID } from 'node:crypto';
import type { HuntChanged } from '../../../shared/contract.js';
import type { HuntChannels } from '../../../shared/contract/hunt.js';
import { InspectorError } from '../../../shared/errors.js';
import type { FeatureHandlers } from '../evidence/lookup.js';
import type { HostLedger } from '../host/open-host-ledger.js';
import { HuntRun } from './hunt-run.js';
import { ledgerTargets } from './hunt-targets.js';
import { huntRequestOf } from './indicator-args.js';

/** Ended hunts kept for reading back: a view reopened a while later still finds its last few. */
const KEEP_ENDED = 8;

export interface HuntRoom {
  readonly handlers: FeatureHandlers<HuntChannels>;
  /** Cancels every hunt (the service is closing). */
  dispose(): void;
}

export function huntHandlers(
  ledgerOf: (libraryId: string) => HostLedger,
  say: (changed: HuntChanged) => void,
  scratchRoot?: string,
): HuntRoom {
  const runs = new Map<string, HuntRun>();
  const runOf = (runId: string): HuntRun => {
    const run = runs.get(runId);
    if (!run) throw new InspectorError('NOT_FOUND', `no hunt has run id ${runId}`);
    return run;
  };
  const forgetEnded = (): void => {
    const ended = [...runs].filter(([, r]) => r.done);
    for (const [id] of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED))) runs.delete(id);
  };
  return {
    handlers: {
      'library.hunt.start': (arg) => {
        const { indicators, window } = huntRequestOf(arg);
        const ledger = ledgerOf(arg.libraryId);
        forgetEnded();
        const runId = `hunt-${randomUUID()}`;
        const spec = {
          runId,
          libraryId: arg.libraryId,
          indicators,
          window,
          targets: ledgerTargets(ledger),
          ...(scratchRoot ? { scratchRoot } : {}),
        };
        runs.set(runId, new HuntRun(spec, () => say({ runId, libraryId: arg.libraryId })));
        return { runId };
      },
      'library.hunt.results': ({ runId, offset }) => runOf(runId).results(offset ?? 0),
      'library.hunt.cancel': ({ runId }) => {
        runs.get(runId)?.cancel();
        return null;
      },
    },
    dispose() {
      for (const r of runs.values()) r.cancel();
    },
  };
}
