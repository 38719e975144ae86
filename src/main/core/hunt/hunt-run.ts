// One hunt of the app, as a job: the sessions one after another (as the CLI's hunt runs them), each opened read-only
// on a scratch copy from the folder the host ledger's record names, hunted by huntSession and closed before the
// next. What it found is kept here for library.hunt.results to read; `changed` says it moved (at most every 250 ms
// while hits arrive, and at every session's end), so the view asks again instead of polling.
import type { HuntDamaged, HuntHitView, HuntResults, HuntSkipped } from '../../../shared/contract/hunt.js';
import { MAX_HUNT_HITS } from '../../../shared/contract/hunt.js';
import type { Failure } from '../../../shared/errors.js';
import { toFailure } from '../../../shared/errors.js';
import { openForCheck } from '../check/check-path.js';
import { classifyPaths } from '../evidence/classify.js';
import { damagedView, hitView } from './hit-view.js';
import { huntSession } from './hunt-session.js';
import type { HuntTarget } from './hunt-targets.js';
import type { Indicator } from './indicators.js';
import { indicatorLabel } from './indicators.js';
import type { TimeWindow } from './time-window.js';
import { spanMeetsWindow } from './time-window.js';

const PACE_MS = 250;

export interface HuntRunSpec {
  readonly runId: string;
  readonly libraryId: string;
  readonly indicators: readonly Indicator[];
  readonly window: TimeWindow;
  readonly targets: readonly HuntTarget[];
  readonly scratchRoot?: string;
}

export class HuntRun {
  private readonly hits: HuntHitView[] = [];
  private readonly skipped: HuntSkipped[] = [];
  private readonly damaged: HuntDamaged[] = [];
  private readonly controller = new AbortController();
  private sessionsDone = 0;
  private current: string | null = null;
  private capped = false;
  private error: Failure | null = null;
  private lastSaid = 0;
  done = false;
  /** Settles when the hunt ended (finished, capped, cancelled or failed). */
  readonly finished: Promise<void>;

  constructor(
    private readonly spec: HuntRunSpec,
    private readonly changed: () => void,
  ) {
    this.finished = this.run();
  }

  cancel(): void {
    this.controller.abort();
  }

  results(offset = 0): HuntResults {
    return {
      runId: this.spec.runId,
      libraryId: this.spec.libraryId,
      indicators: this.spec.indicators.map(indicatorLabel),
      sessionsDone: this.sessionsDone,
      sessionsTotal: this.spec.targets.length,
      current: this.current,
      hitCount: this.hits.length,
      hits: this.hits.slice(offset),
      capped: this.capped,
      skipped: [...this.skipped],
      damaged: [...this.damaged],
      done: this.done,
      cancelled: this.controller.signal.aborted,
      error: this.error,
    };
  }

  private say(force: boolean): void {
    const now = Date.now();
    if (!force && now - this.lastSaid < PACE_MS) return;
    this.lastSaid = now;
    this.changed();
  }

  private async run(): Promise<void> {
    try {
      for (const target of this.spec.targets) {
        if (this.capped || this.controller.signal.aborted) break;
        await this.huntTarget(target);
        this.sessionsDone += 1;
        this.current = null;
        this.say(true);
      }
    } catch (e) {
      this.error = toFailure(e);
    } finally {
      this.done = true;
      this.current = null;
      this.say(true);
    }
  }

  private async huntTarget(target: HuntTarget): Promise<void> {
    const skip = (why: HuntSkipped['why'], reason: string): void => void this.skipped.push({ session: target.id, why, reason });
    if (target.kind === 'missing') return skip('missing', target.reason);
    if (!spanMeetsWindow(this.spec.window, target.startMs ?? null, target.stopMs ?? null))
      return skip('outside-window', 'the host ledger shows it stopped before since or started after until');
    this.current = target.id;
    this.say(true);
    const classified = await classifyPaths([target.dir]);
    if (!classified.ok) return skip('unopenable', `${classified.error.code}: ${classified.error.message}`);
    if (classified.value.kind !== 'session') return skip('unopenable', 'NOT_A_LEDGER: its folder is not a session folder');
    const opened = await openForCheck(classified.value, this.spec.scratchRoot);
    if (!opened.ok) return skip('unopenable', `${opened.error.code}: ${opened.error.message}`);
    const evidence = opened.value;
    try {
      const r = await huntSession(
        evidence,
        this.spec.indicators,
        {
          hit: (h) => {
            if (this.hits.length >= MAX_HUNT_HITS) {
              this.capped = true;
              return false;
            }
            this.hits.push(hitView(target.id, h));
            this.say(false);
            return true;
          },
          damaged: (f) => {
            this.damaged.push(damagedView(target.id, f));
            this.say(false);
          },
        },
        { signal: this.controller.signal, window: this.spec.window },
      );
      if (r.error && !this.controller.signal.aborted) skip('incomplete', `${r.error.code}: ${r.error.message}`);
    } finally {
      evidence.close();
    }
  }
}
