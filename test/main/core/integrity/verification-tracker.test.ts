// The verdict's tracker hears verification jobs only: a grep job's progress, matches and end never move the bodies'
// state, even one that carried the tracked verification's own job id (so the kind, not the id, is what keeps it out).
import { describe, expect, it } from 'vitest';
import type { InspectorEvent } from '../../../../src/shared/contract.js';
import { VerificationTracker } from '../../../../src/main/core/integrity/verification-tracker.js';
import { JobBus } from '../../../../src/main/core/service/job-bus.js';

const progress = (kind: 'verify' | 'grep', itemsDone: number, failed = 0): InspectorEvent => ({
  name: 'job.progress',
  payload: { jobId: 'job-1', kind, evidenceId: 'ev', itemsDone, itemsTotal: 10, bytesDone: itemsDone * 100, bytesTotal: 1000, failed },
});
const RUNNING = { state: 'running', jobId: 'job-1', itemsDone: 0, itemsTotal: 0, bytesDone: 0, bytesTotal: 0, failed: 0 };

function tracked(): { bus: JobBus; tracker: VerificationTracker } {
  const bus = new JobBus();
  const tracker = new VerificationTracker();
  tracker.hear(bus);
  tracker.begin('ev', 'job-1');
  return { bus, tracker };
}

describe('the verification tracker on the job bus', () => {
  it("a grep job's progress never moves the verdict", () => {
    const { bus, tracker } = tracked();
    bus.emit(progress('grep', 7, 3));
    expect(tracker.state('ev')).toEqual(RUNNING);
    // The same event from a verification does move it: the filter is on the kind.
    bus.emit(progress('verify', 7, 3));
    expect(tracker.state('ev')).toEqual({ ...RUNNING, itemsDone: 7, itemsTotal: 10, bytesDone: 700, bytesTotal: 1000, failed: 3 });
  });

  it("a grep job's matches and end leave it running", () => {
    const { bus, tracker } = tracked();
    bus.emit({ name: 'job.matches', payload: { jobId: 'job-1', evidenceId: 'ev', matches: [], total: 0 } });
    bus.emit({
      name: 'job.done',
      payload: {
        jobId: 'job-1',
        kind: 'grep',
        evidenceId: 'ev',
        outcome: { ok: true, value: { total: 4, verified: 2, failed: 2, unreadable: 0 } as never },
      },
    });
    expect(tracker.state('ev')).toEqual(RUNNING);
  });

  it('stops hearing the bus when told to', () => {
    const bus = new JobBus();
    const tracker = new VerificationTracker();
    const off = tracker.hear(bus);
    tracker.begin('ev', 'job-1');
    off();
    bus.emit(progress('verify', 5));
    expect(tracker.state('ev')).toEqual(RUNNING);
  });
});
