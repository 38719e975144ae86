/**
 * Writes the checked-in seed case of each target into test/hostile/crashers/<target>/ (one small, deterministic
 * input per target, so the replay always has something to run). Run once: node --import tsx scripts/fuzz/write-seed-cases.ts
 */
import { allSeeds } from '../../test/hostile/lib/archive-corpus.js';
import { buildDbBases } from '../../test/hostile/lib/db-bases.js';
import { keepCase } from '../../test/hostile/lib/fuzz-case.js';
import { applyMutations, type Mutation } from '../../test/hostile/lib/mutations.js';

const OUT = 'test/hostile/crashers';

async function main(): Promise<void> {
  const seed = (await allSeeds()).find((s) => s.name === 'A4-v3-mixed-open')!;
  const forge: Mutation[] = [{ op: 'u32', at: seed.lengthFields[4]!, value: 0xffffffff }];
  const meta = { version: seed.version, fileName: seed.fileName, state: seed.state, rows: seed.rows, blocks: seed.blocks };
  console.log(
    keepCase(
      OUT,
      { target: 'archive', seed: `seed-${seed.name}`, reason: 'seed: forged segment length 0xffffffff', mutations: forge, archive: meta },
      new Map([['archive', applyMutations(seed.bytes, forge)]]),
    ),
  );
  const bases = await buildDbBases();
  const host = bases.find((b) => b.name === 'host-plain')!;
  const hostMut: Mutation[] = [{ op: 'u32be', at: 28, value: 0x7fffffff }]; // database size in pages
  console.log(
    keepCase(
      OUT,
      { target: 'host', seed: `seed-${host.name}`, reason: 'seed: forged page count in the header', mutations: hostMut },
      new Map([['host.db', applyMutations(host.files.get('host.db')!, hostMut)]]),
    ),
  );
  const l0 = bases.find((b) => b.name === 'session-L0-wal-noshm')!;
  const walMut: Mutation[] = [{ op: 'xor', at: 32 + 24 + 100, mask: 0x40 }]; // a bit in the first WAL frame's page
  const files = new Map(l0.files);
  files.set('session.db-wal', applyMutations(l0.files.get('session.db-wal')!, walMut));
  console.log(
    keepCase(
      OUT,
      {
        target: 'sqlite',
        seed: `seed-${l0.name}`,
        reason: 'seed: one flipped bit in the first WAL frame (checksum no longer matches)',
        mutations: walMut,
      },
      files,
    ),
  );
}

await main();
