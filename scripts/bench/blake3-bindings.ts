// npm run bench:blake3 — our BLAKE3 binding (native/blake3) beside @napi-rs/blake-hash (the reference Rust
// implementation, prebuilt per platform on the npm registry) and b3sum, on the same bytes in the same run: one large
// input, 256 KiB segments (what verification hashes per archive segment) and 25 KiB bodies (what it hashes per
// body). Decides whether keeping our own binding is worth a C build at install time. Figures only.
//
// @napi-rs/blake-hash is not a dependency: install it beside the project for the run with
// `npm install --no-save @napi-rs/blake-hash`, or name a folder holding it in BLAKE_HASH_DIR.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadNativeBlake3 } from '../../src/main/core/archive/blake3.js';

const MiB = 1024 * 1024;
const total = Number(process.env.BENCH_BLAKE3_MIB ?? 256) * MiB;
const data = new Uint8Array(total);
for (let i = 0; i < total; i += 4) new DataView(data.buffer).setUint32(i, Math.imul(i, 2654435761) >>> 0);

interface NapiBlake {
  blake3(input: Uint8Array): Buffer;
}
function loadNapi(): NapiBlake | null {
  const from = process.env.BLAKE_HASH_DIR ? join(process.env.BLAKE_HASH_DIR, 'x.js') : import.meta.url;
  try {
    return createRequire(from)('@napi-rs/blake-hash') as NapiBlake;
  } catch {
    return null;
  }
}

/** Best of three, in GiB/s, of hashing `data` in pieces of `piece` bytes. */
function rate(hashPiece: (bytes: Uint8Array) => void, piece: number): string {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    for (let at = 0; at < total; at += piece) hashPiece(data.subarray(at, Math.min(total, at + piece)));
    best = Math.min(best, performance.now() - t0);
  }
  return `${(total / (1024 * MiB) / (best / 1000)).toFixed(2)} GiB/s`;
}

const ours = loadNativeBlake3();
const napi = loadNapi();
const out = new Uint8Array(32);
const rows: [string, (b: Uint8Array) => void][] = [];
if (ours) rows.push(['capsem-blake3 (native/blake3, C)', (b) => ours.hashInto(b, out, 0)]);
if (napi) rows.push(['@napi-rs/blake-hash (Rust)', (b) => void napi.blake3(b)]);
if (ours && napi && Buffer.compare(Buffer.from(napi.blake3(data)), (ours.hashInto(data, out, 0), Buffer.from(out))) !== 0)
  throw new Error('the two bindings disagree');

console.log(`BLAKE3 over ${total / MiB} MiB (best of 3), machine: ${process.arch}, Node ${process.version}`);
for (const [name, hash] of rows)
  console.log(
    `${name.padEnd(34)} whole ${rate(hash, total)}   256 KiB pieces ${rate(hash, 256 * 1024)}   25 KiB pieces ${rate(hash, 25 * 1024)}`,
  );
// Ours also hashes many spans of one buffer in one call, their chunks side by side in SIMD lanes (verification's
// per-body path); the Rust binding has no such call.
if (ours?.hashSpans) {
  const piece = 25 * 1024;
  const count = Math.ceil(total / piece);
  const spans = new Uint32Array(count * 2);
  for (let i = 0; i < count; i++) {
    spans[2 * i] = i * piece;
    spans[2 * i + 1] = Math.min(piece, total - i * piece);
  }
  const digests = new Uint8Array(32 * count);
  console.log(
    `${'capsem-blake3 hashSpans'.padEnd(34)} 25 KiB bodies in one call ${rate(() => ours.hashSpans!(data, spans, digests), total)}`,
  );
}
if (!ours) console.log('capsem-blake3: not built here');
if (!napi) console.log('@napi-rs/blake-hash: not installed (npm install --no-save @napi-rs/blake-hash)');

// b3sum on the same bytes from a file in the page cache (its default: multithreaded, memory-mapped), then single-threaded.
const dir = mkdtempSync(join(tmpdir(), 'capsem-b3-'));
try {
  const file = join(dir, 'data.bin');
  writeFileSync(file, data);
  for (const args of [[file], ['--num-threads', '1', file]]) {
    let best = Infinity;
    for (let round = 0; round < 3; round++) {
      const t0 = performance.now();
      const run = spawnSync('b3sum', args);
      const ms = performance.now() - t0;
      if (run.status !== 0) {
        best = NaN;
        break;
      }
      best = Math.min(best, ms);
    }
    console.log(
      `${`b3sum ${args.length > 1 ? '--num-threads 1' : '(default threads)'}`.padEnd(34)} whole ${Number.isNaN(best) ? 'n/a (b3sum missing)' : `${(total / (1024 * MiB) / (best / 1000)).toFixed(2)} GiB/s (process start included)`}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
