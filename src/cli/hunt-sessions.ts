// hunt's loop: the sessions one after another (this first step schedules no sessions side by side: each session's
// bodies are already verified by one worker per core; running sessions at once is a later step). Each is opened
// read-only on a scratch copy, hunted, and closed before the next; one that cannot be opened is reported and skipped.
import type { CliIo } from './io.js';
import type { Failure } from '../shared/errors.js';
import { toFailure } from '../shared/errors.js';
import { jsonText } from '../shared/json-text.js';
import { openForCheck } from '../main/core/check/check-path.js';
import { classifyPaths } from '../main/core/evidence/classify.js';
import type { HuntHit, SessionHuntResult } from '../main/core/hunt/hunt-session.js';
import { huntSession } from '../main/core/hunt/hunt-session.js';
import type { HuntTarget } from '../main/core/hunt/hunt-targets.js';
import type { Indicator } from '../main/core/hunt/indicators.js';
import { isByteIndicator } from '../main/core/hunt/indicators.js';
import type { TimeWindow } from '../main/core/hunt/time-window.js';
import { spanMeetsWindow } from '../main/core/hunt/time-window.js';
import { defaultWorkerCount } from '../main/core/jobs/verify-plan.js';
import type { BodyFailure } from '../main/core/jobs/verify-types.js';
import { prestartVerifyWorkers } from '../main/core/jobs/prestarted-verify-workers.js';
import { workersWorthStarting } from '../main/core/jobs/workers-worth-starting.js';
import { cancelOnInterrupt } from './interrupt.js';
import { terminalSafe } from './text/grep-lines.js';
import { damagedHuntLines, damagedJson, hitJson, hitLine, sessionHeader } from './text/hunt-lines.js';
import type { Style } from './text/style.js';

export interface HuntTally {
  readonly sessions: number;
  readonly searched: number;
  readonly missing: number;
  /** Sessions the host ledger shows entirely before --since or after --until, not opened. */
  readonly outsideWindow: number;
  readonly unopenable: number;
  readonly hits: number;
  readonly sessionsWithHits: number;
  readonly damaged: number;
  readonly stopped: boolean;
  readonly interrupted: boolean;
}

export interface HuntRequest {
  readonly indicators: readonly Indicator[];
  readonly json: boolean;
  readonly max: number | null;
  readonly window: TimeWindow;
}

export function huntSessions(a: HuntRequest, targets: readonly HuntTarget[], io: CliIo, style: Style): Promise<HuntTally> {
  return cancelOnInterrupt(async (signal) => {
    const t = {
      sessions: targets.length,
      searched: 0,
      missing: 0,
      outsideWindow: 0,
      unopenable: 0,
      hits: 0,
      sessionsWithHits: 0,
      damaged: 0,
    };
    let stopped = false;
    let interrupted = false;
    for (const target of targets) {
      if (stopped || signal.aborted) break;
      if (target.kind === 'missing') {
        t.missing += 1;
        if (a.json) io.stdout(jsonText({ type: 'missing', session: target.id, reason: target.reason }) + '\n');
        else io.stdout(`== ${terminalSafe(target.id)}  missing: ${terminalSafe(target.reason)}\n`);
        continue;
      }
      if (!spanMeetsWindow(a.window, target.startMs ?? null, target.stopMs ?? null)) {
        t.outsideWindow += 1;
        const span = `${isoOrUnknown(target.startMs)} to ${isoOrUnknown(target.stopMs)}`;
        if (a.json) io.stdout(jsonText({ type: 'outside-window', session: target.id, span }) + '\n');
        else io.stdout(`== ${terminalSafe(target.id)}  outside --since/--until: ran ${span}\n`);
        continue;
      }
      const result = await huntOne(a, target, io, style, signal, t);
      if (result === null) continue;
      if (result.stopped) stopped = true;
      if (result.error) {
        if (signal.aborted) interrupted = true;
        else
          io.stderr(
            `capsem-inspect hunt: ${terminalSafe(target.id)} not fully searched (${result.error.code}): ${terminalSafe(result.error.message)}\n`,
          );
      }
    }
    return { ...t, stopped, interrupted: interrupted || signal.aborted };
  });
}

/** A host ledger's time as ISO text; 'unknown' when it kept none or one no Date can hold (it is hostile input). */
const isoOrUnknown = (ms: number | null | undefined): string => {
  const date = new Date(ms ?? NaN);
  return Number.isNaN(date.getTime()) ? 'unknown' : date.toISOString();
};

type Counts = { searched: number; unopenable: number; hits: number; sessionsWithHits: number; damaged: number };

/** One session opened, hunted and closed; null when it could not be opened (reported here). */
async function huntOne(
  a: HuntRequest,
  target: Extract<HuntTarget, { kind: 'session' }>,
  io: CliIo,
  style: Style,
  signal: AbortSignal,
  t: Counts,
): Promise<SessionHuntResult | null> {
  const unopened = (f: Failure): null => {
    t.unopenable += 1;
    if (a.json)
      io.stdout(
        jsonText({ type: 'session', session: target.id, path: target.dir, opened: false, code: f.code, message: f.message }) + '\n',
      );
    io.stderr(
      `capsem-inspect hunt: cannot open session ${terminalSafe(target.id)} at ${terminalSafe(target.dir)} (${f.code}): ${terminalSafe(f.message)}\n`,
    );
    return null;
  };
  const classified = await classifyPaths([target.dir]);
  if (!classified.ok) return unopened(classified.error);
  const input = classified.value;
  if (input.kind !== 'session') return unopened({ code: 'NOT_A_LEDGER', message: `${target.dir} is not a session folder` });
  if (a.indicators.some(isByteIndicator)) prestartVerifyWorkers(workersWorthStarting(input, defaultWorkerCount()));
  const opened = await openForCheck(input);
  if (!opened.ok) return unopened(opened.error);
  const evidence = opened.value;
  t.searched += 1;
  if (a.json)
    io.stdout(jsonText({ type: 'session', session: target.id, path: target.dir, opened: true, generation: evidence.generation }) + '\n');
  let headed = false;
  let found = 0;
  // Text shows them grouped by cause once the session is done; JSON streams one record per body as found.
  const damaged: BodyFailure[] = [];
  const head = (): void => {
    if (!headed && !a.json) io.stdout(sessionHeader(target.id, target.dir));
    headed = true;
  };
  try {
    return await huntSession(
      evidence,
      a.indicators,
      {
        hit: (h: HuntHit): boolean => {
          if (a.max !== null && t.hits >= a.max) return false;
          t.hits += 1;
          if (found++ === 0) t.sessionsWithHits += 1;
          head();
          io.stdout(a.json ? jsonText(hitJson(target.id, h)) + '\n' : hitLine(h, style));
          return a.max === null || t.hits < a.max;
        },
        damaged: (f: BodyFailure): void => {
          t.damaged += 1;
          if (a.json) io.stdout(jsonText(damagedJson(target.id, f)) + '\n');
          else damaged.push(f);
        },
      },
      { signal, window: a.window },
    );
  } catch (e) {
    return { stopped: false, error: toFailure(e) };
  } finally {
    if (damaged.length > 0) {
      head();
      io.stdout(damagedHuntLines(damaged, style));
    }
    evidence.close();
  }
}
