// "Save Transcript…" over fake ports: the window's trace, the format from the chosen name, the evidence rule.
import { describe, expect, it } from 'vitest';
import type { Evidence } from '../../../src/main/core/evidence/types.js';
import { formatOfPath, saveTranscriptToFile, traceInUrl } from '../../../src/main/electron/transcript-save.js';
import type { TranscriptSavePorts } from '../../../src/main/electron/transcript-save.js';

const evidence = { sessionId: '20260302-145040-c67f' } as Evidence;

function ports(chosen: string | null, inside = false): TranscriptSavePorts & { written: unknown[]; offered: string[] } {
  const written: unknown[] = [];
  const offered: string[] = [];
  return {
    written,
    offered,
    chooseFile: async (name) => {
      offered.push(name);
      return chosen;
    },
    checkDestination: (_e, path) =>
      inside
        ? { ok: false, error: { code: 'EXPORT_DESTINATION', message: `${path} lies inside the evidence folder` } }
        : { ok: true, value: path },
    write: (_e, traceId, format, path) => void written.push({ traceId, format, path }),
  };
}

describe('save transcript', () => {
  it('reads the trace from the window route and the format from the chosen name', async () => {
    expect(traceInUrl('capsem://app/index.html#/e/ev_1/transcript/trace-a%2Fb')).toBe('trace-a/b');
    expect(traceInUrl('capsem://app/index.html#/e/ev_1/graph/trace-a')).toBeUndefined();
    expect(['x.md', 'x.HTML', 'x.jsonl', 'x.json', 'x'].map(formatOfPath)).toEqual(['md', 'html', 'json', 'json', 'html']);
    const p = ports('/tmp/out/story.md');
    expect(await saveTranscriptToFile(p, evidence, 'capsem://app/index.html#/e/ev_1/transcript/trace-1')).toEqual({
      kind: 'saved',
      path: '/tmp/out/story.md',
    });
    expect(p.offered).toEqual(['20260302-145040-c67f-trace-1-transcript.html']);
    expect(p.written).toEqual([{ traceId: 'trace-1', format: 'md', path: '/tmp/out/story.md' }]);
  });

  it('writes nothing when cancelled or when the destination lies inside the evidence', async () => {
    const cancelled = ports(null);
    expect(await saveTranscriptToFile(cancelled, evidence, 'capsem://app/index.html#/e/ev_1/overview')).toEqual({ kind: 'cancelled' });
    const inside = ports('/evidence/x.html', true);
    expect(await saveTranscriptToFile(inside, evidence, 'capsem://app/index.html#/e/ev_1/overview')).toMatchObject({
      kind: 'refused',
      code: 'EXPORT_DESTINATION',
    });
    expect([...cancelled.written, ...inside.written]).toEqual([]);
  });
});
