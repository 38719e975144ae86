// The body viewer in Chromium against serve mode, on a fixture ledger whose bodies are rewritten for it: JSON opens
// pretty by content type and by sniffing; long lines wrap or scroll, remembered for the session; a 10 MiB JSON body
// folds and expands (long tasks are measured in the page and printed, never asserted); a search match is scrolled
// to and marked in the JSON (pretty and folded), SSE, MessagePack and hex views; binary bodies open in hex, a PNG
// (claimed as text/plain) also as a picture from a blob: URL, and an SVG stays text.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from '@msgpack/msgpack';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentBody } from '../../fixtures/writer/content-types.js';
import { writeLedger, type WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { makePng } from '../../fixtures/writer/png.js';
import type { BrowserSuite } from '../harness.js';
import { ok, startBrowserSuite } from '../harness.js';

const NEEDLE = 'planted-needle-7f3a';
const SHOTS = process.env.BODYVIEW_SHOTS ?? join(import.meta.dirname, '..', '..', '..', 'test-artifacts', 'screenshots', 'bodyview');
const te = new TextEncoder();

/** A 10 MiB JSON document: an array of small objects, the needle deep in the last one. */
function bigJson(): Uint8Array {
  const items: string[] = [];
  let size = 2;
  for (let i = 0; size < 10 * 1024 * 1024; i++) {
    const s = JSON.stringify({ id: i, name: `item-${i}`, tags: ['a', 'b'], nested: { x: i, y: [1, 2, 3], note: 'n'.repeat(40) } });
    items.push(s);
    size += s.length + 1;
  }
  items.push(JSON.stringify({ last: { deeper: { deepest: `here is ${NEEDLE} at the end` } } }));
  return te.encode(`[${items.join(',')}]`);
}

const mediumJson = (): Uint8Array =>
  te.encode(
    JSON.stringify({
      head: { long: 'L'.repeat(3000), list: Array.from({ length: 200 }, (_, i) => ({ i, v: `value ${i}` })) },
      body: { a: { b: { c: `the ${NEEDLE} is here` } } },
      tail: [1, 2, 3],
    }),
  );

const sse = (): Uint8Array =>
  te.encode(
    [
      { type: 'message_start' },
      { delta: { text: 'Hello ' } },
      { delta: { text: 'there ' } },
      { delta: { text: 'and more ' } },
      { type: 'content_block_delta', delta: { text: `with ${NEEDLE} inside` } },
      { type: 'message_stop' },
    ]
      .map((d, i) => `event: e${i}\ndata: ${JSON.stringify(d)}\n\n`)
      .join(''),
  );

function binary(): Uint8Array {
  const b = new Uint8Array(96 * 1024);
  let s = 99;
  for (let i = 0; i < b.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    b[i] = s >>> 24;
  }
  b[0] = 0;
  b.set(te.encode(NEEDLE), 40_000);
  return b;
}

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script><text>${NEEDLE}</text></svg>`;

type Kind = 'png' | 'sniffed-json' | 'svg' | 'binary' | 'big-json' | 'medium-json' | 'sse' | 'sse-comment' | 'msgpack';
const planted = new Map<string, Kind>();
const keyText = (k: { eventId: string; sourceTable: string; direction: string }): string => `${k.eventId}/${k.sourceTable}/${k.direction}`;

function plant(b: ContentBody): Uint8Array {
  const where = `${b.key.sourceTable}/${b.key.direction}`;
  const taken = new Set(planted.values());
  const pick = (kinds: Kind[]): Kind | null => kinds.find((k) => !taken.has(k)) ?? null;
  let kind: Kind | null = null;
  if (where === 'exec_events/stdout' && b.originalBytes <= b.bytes.length) kind = pick(['png', 'sniffed-json', 'svg', 'binary']);
  else if (where === 'net_events/request') kind = pick(['big-json', 'medium-json']);
  else if (where === 'model_calls/response' && b.contentType?.includes('event-stream')) kind = pick(['sse']);
  else if (where === 'net_events/response' && b.contentType?.includes('event-stream')) kind = pick(['sse-comment']);
  else if (b.contentType?.includes('msgpack')) kind = pick(['msgpack']);
  if (!kind) return b.bytes;
  planted.set(keyText(b.key), kind);
  switch (kind) {
    case 'png':
      return makePng(320, 240, 5);
    case 'sniffed-json':
      return te.encode(`  {"tool":"ls","out":["a","b"],"note":"${NEEDLE}"}`);
    case 'svg':
      return te.encode(SVG);
    case 'binary':
      return binary();
    case 'big-json':
      return bigJson();
    case 'medium-json':
      return mediumJson();
    case 'sse':
      return sse();
    case 'sse-comment':
      return Buffer.concat([te.encode(`: keep-alive ${NEEDLE}\n\n`), sse()]);
    case 'msgpack':
      return encode({ rule: 'r-1', detail: { list: [1, 2, 3], note: `a ${NEEDLE} b` }, after: true });
  }
}

let suite: BrowserSuite;
let page: Page;
let ledger: WrittenLedger;
let ev: string;

const body = (kind: Kind) => {
  const b = ledger.bodies.find((x) => planted.get(keyText(x.key)) === kind && !x.injected);
  if (!b) throw new Error(`no ${kind} body planted`);
  return b;
};
const hashOf = (kind: Kind, extra = ''): string => {
  const b = body(kind);
  return `#/e/${ev}/event/${b.key.eventId}?body=${b.key.sourceTable}/${b.key.direction}${extra}`;
};
const matchOf = (kind: Kind): string => {
  const b = body(kind);
  const at = Buffer.from(b.bytes).indexOf(NEEDLE);
  if (at < 0) throw new Error(`${kind}: needle not stored`);
  return `&at=${at}%2B${NEEDLE.length}`;
};

/** Long tasks (ms) the page recorded since the last call (the observer is installed before the app loads). */
async function longTasksSince(p: Page): Promise<number[]> {
  return p.evaluate(() => (window as unknown as { __lt: number[] }).__lt.splice(0));
}

async function open(hash: string, mode: string): Promise<void> {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
  // The view of this very event: the last test's view, of another body, may still be on screen and ready.
  const eventId = /\/event\/([^?]+)\?/.exec(hash)![1]!;
  await page.waitForSelector(`.body-view[data-event="${eventId}"][data-mode="${mode}"][data-ready="true"]`);
}

async function shots(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: join(SHOTS, `${name}-${w}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

beforeAll(async () => {
  suite = await startBrowserSuite('body-views', {
    serve: async (dir) => {
      ledger = await writeLedger(join(dir, 'l'), { generation: 'A4', seed: 7, plant });
      return { paths: [ledger.sessionDir] };
    },
  });
  page = suite.page;
  ev = ok(suite.server.opened[0]!).id;
  await page.addInitScript(() => {
    const w = window as unknown as { __lt: number[] };
    w.__lt = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__lt.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(suite.url(`#/e/${ev}/overview`));
  await page.waitForSelector('[data-app-state="loaded"]');
});

afterAll(() => suite?.close());

describe('JSON opens pretty, wraps, folds', () => {
  it('opens JSON pretty by content type and by sniffing a text/plain body', async () => {
    await open(hashOf('sniffed-json'), 'json');
    expect(await page.locator('[data-chosen-by="body"]').count()).toBe(1);
    expect(await page.locator('.brow').first().textContent()).toContain('{');
    await open(hashOf('medium-json'), 'json');
    // The Text tab still shows the bytes as they are, and says so in the URL.
    await page.locator('.modes [role="tab"]', { hasText: 'Text' }).click();
    await page.waitForSelector('.body-view[data-mode="text"][data-ready="true"]');
    expect(new URL(page.url()).hash).toContain('view=text');
  });

  it('wraps long lines or scrolls them, and remembers the choice for the session', async () => {
    await open(hashOf('medium-json'), 'json');
    const longRow = page.locator('.brow', { hasText: 'LLLL' }).first();
    await longRow.waitFor();
    expect((await longRow.boundingBox())!.height).toBeLessThan(30);
    await page.getByLabel('wrap long lines').check();
    await page.waitForSelector('.rowlist.wrap');
    await page.waitForFunction(() => {
      const r = Array.from(document.querySelectorAll('.brow')).find((x) => x.textContent!.includes('LLLL'));
      return r !== undefined && r.getBoundingClientRect().height > 60;
    });
    await shots('json-wrapped');
    await page.reload();
    await page.waitForSelector('.body-view[data-mode="json"][data-ready="true"]');
    expect(await page.getByLabel('wrap long lines').isChecked()).toBe(true);
    expect(await page.locator('.rowlist.wrap').count()).toBe(1);
    await page.getByLabel('wrap long lines').uncheck();
    await page.waitForSelector('.rowlist:not(.wrap)');
  });

  it('folds a 10 MiB JSON body at any level, collapses and expands all; long tasks printed', async () => {
    await longTasksSince(page);
    await open(hashOf('big-json'), 'json');
    const openTasks = await longTasksSince(page);
    const full = Number(await page.locator('.body-view').getAttribute('data-rows'));
    expect(full).toBeGreaterThan(500_000);
    // Fold the second line's object (an item of the top-level array): its lines go, and it reads as one row.
    const second = page.locator('.brow[data-row-index="1"]');
    const before = await second.textContent();
    await second.locator('button.fold').click();
    await page.waitForFunction((n) => Number(document.querySelector('.body-view')!.getAttribute('data-rows')) < n, full);
    const foldedRows = Number(await page.locator('.body-view').getAttribute('data-rows'));
    expect(await second.textContent()).toMatch(/\{ … \},\s+⟨\d+ lines⟩/);
    expect(before).not.toContain('…');
    // A deeper level: the third item's "nested" object.
    const nested = page.locator('.brow', { hasText: '"nested": {' }).first();
    await nested.locator('button.fold').click();
    await page.waitForFunction((n) => Number(document.querySelector('.body-view')!.getAttribute('data-rows')) < n, foldedRows);
    const toggleTasks = await longTasksSince(page);
    await page.getByRole('button', { name: 'collapse all' }).click();
    await page.waitForFunction(() => Number(document.querySelector('.body-view')!.getAttribute('data-rows')) < 100_000);
    const collapsed = Number(await page.locator('.body-view').getAttribute('data-rows'));
    await shots('json-10mib-collapsed');
    await page.getByRole('button', { name: 'expand all' }).click();
    await page.waitForFunction((n) => Number(document.querySelector('.body-view')!.getAttribute('data-rows')) === n, full);
    const allTasks = await longTasksSince(page);
    console.log(
      `[bodyview] 10 MiB JSON: ${full} rows, ${collapsed} collapsed; long tasks (ms) opening: [${openTasks.join(', ')}]` +
        ` folding two levels: [${toggleTasks.join(', ')}] collapse+expand all: [${allTasks.join(', ')}]`,
    );
  });
});

describe('a search match is scrolled to and marked in every view', () => {
  const markedInView = async (): Promise<void> => {
    const mark = page.locator('.brow.hit mark', { hasText: NEEDLE }).first();
    await mark.waitFor();
    const list = (await page.locator('.rowlist').boundingBox())!;
    const box = (await mark.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(list.y);
    expect(box.y + box.height).toBeLessThanOrEqual(list.y + list.height);
  };

  it('JSON, pretty: the row holding the match, scrolled to, the needle marked', async () => {
    await open(hashOf('medium-json', matchOf('medium-json')), 'json');
    await markedInView();
    expect(await page.locator('.rowlist').evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
    await shots('match-json');
  });

  it('JSON, folded: collapse all keeps the path to the match open', async () => {
    await page.getByRole('button', { name: 'collapse all' }).click();
    await page.waitForSelector('.brow button.fold[aria-expanded="false"]');
    await markedInView();
    // The folded siblings of the path read as one row each.
    expect(await page.locator('.brow', { hasText: '"head": { … },' }).count()).toBe(1);
    await shots('match-json-folded');
  });

  it('JSON, 10 MiB: the match at its very end', async () => {
    await open(hashOf('big-json', matchOf('big-json')), 'json');
    await markedInView();
  });

  it('SSE: the match in its event, under the reassembled text', async () => {
    await open(hashOf('sse', matchOf('sse')), 'sse');
    await markedInView();
    const row = Number(await page.locator('.hit-note').getAttribute('data-hit-row'));
    const reassembled = await page.locator('.brow', { hasText: '── reassembled text ──' }).getAttribute('data-row-index');
    expect(row).toBeGreaterThan(Number(reassembled) + 1);
    await shots('match-sse');
  });

  it('SSE, the match in a comment line no event shows: the body opens as text instead, marked', async () => {
    await open(hashOf('sse-comment', matchOf('sse-comment')), 'text');
    await markedInView();
  });

  it('MessagePack: the line of the string holding the match', async () => {
    await open(hashOf('msgpack', matchOf('msgpack')), 'msgpack');
    await markedInView();
    expect(await page.locator('.brow.hit').first().textContent()).toContain('"note"');
    await shots('match-msgpack');
  });

  it('hex: the rows holding the match', async () => {
    await open(hashOf('binary', matchOf('binary')), 'hex');
    const hit = page.locator('.brow.hit').first();
    await hit.waitFor();
    const at = Buffer.from(body('binary').bytes).indexOf(NEEDLE);
    expect(await hit.textContent()).toMatch(new RegExp(`^${(Math.floor(at / 16) * 16).toString(16).padStart(8, '0')} `));
  });
});

describe('binary bodies: hex, and pictures from verified bytes', () => {
  it('a body that is not text opens in hex: offset, hex bytes, ASCII', async () => {
    await open(hashOf('binary'), 'hex');
    // The same view as the match test's, still scrolled there: back to the top.
    await page.locator('.rowlist').evaluate((e) => {
      e.scrollTop = 0;
      e.dispatchEvent(new Event('scroll'));
    });
    const b = body('binary').bytes;
    const first = await page.locator('.brow[data-row-index="0"]').textContent();
    const hex = Array.from(b.subarray(0, 16), (x) => x.toString(16).padStart(2, '0'));
    expect(first).toContain(`00000000  ${hex.slice(0, 8).join(' ')}  ${hex.slice(8).join(' ')}  `);
    expect(await page.locator('.modes [role="tab"]', { hasText: 'Picture' }).count()).toBe(0);
  });

  it('a multi-MiB body scrolls in hex, its scrollbar spanning every row; long tasks printed', async () => {
    await open(hashOf('big-json', '&view=hex'), 'hex');
    const total = Number(await page.locator('.body-view').getAttribute('data-total'));
    expect(Number(await page.locator('.body-view').getAttribute('data-rows'))).toBe(Math.ceil(total / 16));
    await longTasksSince(page);
    const list = page.locator('.rowlist');
    await list.evaluate((e) => {
      e.scrollTop = e.scrollHeight / 2;
    });
    const mid = Math.floor(Math.ceil(total / 16) / 2);
    // The middle rows arrive (their window fetched), not the placeholder.
    await page.waitForFunction(
      (m) =>
        Array.from(document.querySelectorAll('.brow')).some(
          (r) => Math.abs(Number(r.getAttribute('data-row-index')) - m) < 30 && !r.textContent!.endsWith('…'),
        ),
      mid,
    );
    const tasks = await longTasksSince(page);
    console.log(`[bodyview] hex of a ${total}-byte body, drag to the middle: long tasks (ms) [${tasks.join(', ')}]`);
    await shots('hex-10mib-middle');
  });

  it('a PNG claimed as text/plain opens as a picture from a blob: URL; its hex view holds the same bytes', async () => {
    const png = body('png');
    expect(png.bytes.length).toBeGreaterThan(200 * 1024);
    expect(png.row.contentType).toBe('text/plain');
    const before = suite.watched.requests.length;
    await page.evaluate((h) => {
      window.location.hash = h;
    }, hashOf('png'));
    await page.waitForSelector('.body-image[data-image-state="shown"]');
    const img = await page
      .locator('.body-image img')
      .evaluate((i: HTMLImageElement) => ({ src: i.src, w: i.naturalWidth, h: i.naturalHeight }));
    expect(img.src.startsWith(`blob:${suite.server.origin}/`)).toBe(true);
    expect([img.w, img.h]).toEqual([320, 240]);
    // Nothing fetched but our own API (the bytes came through body.window, verified).
    expect(suite.watched.requests.slice(before).every((u) => u.startsWith(suite.server.origin) || u.startsWith('blob:'))).toBe(true);
    await shots('png-picture');
    await page.locator('.modes [role="tab"]', { hasText: 'Hex' }).click();
    await page.waitForSelector('.body-view[data-mode="hex"][data-ready="true"]');
    expect(await page.locator('.brow[data-row-index="0"]').textContent()).toMatch(
      /^00000000 {2}89 50 4e 47 0d 0a 1a 0a {2}.*\.PNG\.\.\.\./,
    );
    await shots('png-hex');
  });

  it('an SVG is shown as text, never as an image', async () => {
    await open(hashOf('svg'), 'text');
    expect(await page.locator('.body-image, .body-view img').count()).toBe(0);
    expect(await page.locator('.modes [role="tab"]', { hasText: 'Picture' }).count()).toBe(0);
    expect(await page.locator('.brow').first().textContent()).toContain('<svg');
    // Asked for as a picture by URL, it is refused in words.
    await page.evaluate(
      (h) => {
        window.location.hash = h;
      },
      hashOf('svg', '&view=image'),
    );
    await page.waitForSelector('.body-view[data-mode="image"] p.warn[role="alert"]');
    expect(await page.locator('.body-view img').count()).toBe(0);
    expect(suite.watched.dialogs).toEqual([]);
    expect(suite.watched.pageErrors).toEqual([]);
  });
});
