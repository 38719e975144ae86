// A Capsem home for the app's hunt: the host-ledger sample (5 sessions) with real ledgers for three of them: s-alpha
// and s-delta hold the needle in their bodies (s-delta with a flipped payload byte, so some bodies are damaged),
// s-charlie does not. s-bravo and s-echo are gone from disk: a hunt lists them as missing.
import { join } from 'node:path';
import type { ContentBody } from '../../../fixtures/writer/content-types.js';
import { sampleSessions, writeSampleHome } from '../../../fixtures/writer/host/host-sample.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

export const NEEDLE = 'HUNT-App-Needle-7f31';

/** The needle at the start and the end of every body but msgpack ones (those stay decodable). */
const withNeedle = (b: ContentBody): Uint8Array =>
  b.contentType?.includes('msgpack') ? b.bytes : Buffer.concat([Buffer.from(NEEDLE), b.bytes, Buffer.from(NEEDLE)]);

export async function writeHuntHome(home: string): Promise<void> {
  await writeSampleHome(
    home,
    sampleSessions().map((s) => ({ ...s, onDisk: null })),
  );
  const base = { generation: 'A4' as const };
  await writeLedger(join(home, 'run', 'sessions'), { ...base, seed: 31, sessionId: 's-alpha', plant: withNeedle });
  await writeLedger(join(home, 'run', 'persistent'), { ...base, seed: 32, sessionId: 's-charlie' });
  await writeLedger(join(home, 'run', 'sessions'), {
    ...base,
    seed: 33,
    sessionId: 's-delta',
    plant: withNeedle,
    damage: 'flip-payload-byte',
  });
}
