// A Capsem home for library tests: the host-ledger sample (5 sessions) with real session ledgers written where
// the sample says a session is still on disk: s-alpha (run/sessions, A4) and s-charlie (run/persistent, A3).
// s-delta keeps the sample's placeholder session.db, which is not a ledger (opening it must fail cleanly).
import { join } from 'node:path';
import type { SampleHome } from '../../../fixtures/writer/host/host-sample.js';
import { writeSampleHome } from '../../../fixtures/writer/host/host-sample.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

export interface LibraryHome extends SampleHome {
  readonly alpha: WrittenLedger;
  readonly charlie: WrittenLedger;
}

export async function writeLibraryHome(home: string): Promise<LibraryHome> {
  const sample = await writeSampleHome(home);
  const alpha = await writeLedger(join(sample.runDir, 'sessions'), { generation: 'A4', seed: 3, sessionId: 's-alpha' });
  const charlie = await writeLedger(join(sample.runDir, 'persistent'), { generation: 'A3', seed: 8, sessionId: 's-charlie' });
  return { ...sample, alpha, charlie };
}
