// The job bus carries verification and grep jobs alike: a subscriber filtered by kind hears only its kind (matches
// are a grep's), an unfiltered one hears every event, and stopping ends what a subscriber hears.
import { describe, expect, it } from 'vitest';
import type { InspectorEvent } from '../../../../src/shared/contract.js';
import { JobBus, jobKindOf } from '../../../../src/main/core/service/job-bus.js';

const progress = (kind: 'verify' | 'grep', jobId: string): InspectorEvent => ({
  name: 'job.progress',
  payload: { jobId, kind, evidenceId: 'ev', itemsDone: 1, itemsTotal: 2, bytesDone: 10, bytesTotal: 20, failed: 0 },
});
const matches: InspectorEvent = { name: 'job.matches', payload: { jobId: 'g', evidenceId: 'ev', matches: [], total: 0 } };
const done = (kind: 'verify' | 'grep'): InspectorEvent => ({
  name: 'job.done',
  payload: { jobId: kind, kind, evidenceId: 'ev', outcome: { ok: false, error: { code: 'CANCELLED', message: 'cancelled' } } },
});

describe('the job bus', () => {
  it('tells each event its job kind; matches are always a grep', () => {
    expect([progress('verify', 'v'), progress('grep', 'g'), matches, done('verify'), done('grep')].map(jobKindOf)).toEqual([
      'verify',
      'grep',
      'grep',
      'verify',
      'grep',
    ]);
  });

  it('a subscriber of one kind hears only that kind; one without a filter hears every event, in order', () => {
    const bus = new JobBus();
    const verifies: InspectorEvent[] = [];
    const greps: InspectorEvent[] = [];
    const all: InspectorEvent[] = [];
    bus.on((e) => verifies.push(e), ['verify']);
    bus.on((e) => greps.push(e), ['grep']);
    bus.on((e) => all.push(e));
    const sent = [progress('verify', 'v'), progress('grep', 'g'), matches, done('grep'), done('verify')];
    for (const e of sent) bus.emit(e);
    expect(verifies).toEqual([sent[0], sent[4]]);
    expect(greps).toEqual([sent[1], sent[2], sent[3]]);
    expect(all).toEqual(sent);
  });

  it('stops hearing once the subscriber says so', () => {
    const bus = new JobBus();
    const heard: InspectorEvent[] = [];
    const off = bus.on((e) => heard.push(e));
    bus.emit(progress('verify', 'v'));
    off();
    bus.emit(progress('verify', 'v'));
    expect(heard).toHaveLength(1);
  });
});
