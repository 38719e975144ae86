// Traffic around the model calls: DNS lookups, package-registry fetches and binary downloads (the
// incompressible bodies), credential substitutions, and now and then a full security rule → decision → ask
// triple with MessagePack payloads and the request it blocked.
import { SECURITY_CONTENT_TYPE, securityPayload } from '../../test/fixtures/writer/content-bodies.js';
import { hexId } from './clock.js';
import type { GenContext } from './context.js';
import { preview, utf8 } from './context.js';

export function dnsLookup(ctx: GenContext, qname: string, process: string, traceId: string, turnId: string): void {
  const { prng, clock } = ctx;
  clock.advance(1, 20);
  ctx.insert('dns_events', [
    ctx.nextId('dns_events'),
    ctx.eventId(),
    clock.iso(),
    qname,
    prng.next() < 0.5 ? 1 : 28,
    1,
    0,
    `104.18.${prng.int(0, 255)}.${prng.int(1, 254)}`,
    'allowed',
    `allow:${qname}`,
    'udp',
    process,
    prng.int(2, 40),
    traceId,
    turnId,
    'enforce',
    'allow',
  ]);
}

const REGISTRIES = [
  { domain: 'registry.npmjs.org', path: '/left-pad', process: 'npm' },
  { domain: 'pypi.org', path: '/pypi/requests/json', process: 'pip' },
  { domain: 'crates.io', path: '/api/v1/crates/serde', process: 'cargo' },
];
const DOWNLOADS = [
  { domain: 'objects.githubusercontent.com', path: '/release/tool-linux-x64.tar.gz', type: 'application/gzip' },
  { domain: 'images.example.com', path: '/diagram.png', type: 'image/png' },
];

/** A package-metadata fetch (compressible JSON) or, two times in five, a binary download (random bytes). */
export function otherTraffic(ctx: GenContext, traceId: string, turnId: string): void {
  const { prng, clock, text } = ctx;
  const download = prng.next() < 0.4;
  const target = download ? prng.pick(DOWNLOADS) : prng.pick(REGISTRIES);
  const process = 'process' in target ? target.process : 'curl';
  dnsLookup(ctx, target.domain, process, traceId, turnId);
  const bytes = download
    ? text.randomBytes(ctx.size(20, 1024))
    : utf8(
        JSON.stringify({
          name: target.path.split('/').pop(),
          description: text.prose(200),
          versions: Object.fromEntries(
            Array.from({ length: Math.max(1, Math.round(ctx.size(3, 200) / 160)) }, (_, i) => [
              `1.${i}.0`,
              { dist: { shasum: hexId(i, 9), tarball: `https://${target.domain}/-/${i}.tgz` }, readme: text.prose(60) },
            ]),
          ),
        }),
      );
  const contentType = 'type' in target ? target.type : 'application/json';
  const ev = ctx.eventId();
  clock.advance(5, 400);
  ctx.insert('net_events', [
    ctx.nextId('net_events'),
    ev,
    clock.iso(),
    target.domain,
    443,
    'allowed',
    process,
    prng.int(3000, 60000),
    'GET',
    target.path,
    200,
    0,
    bytes.length,
    prng.int(20, 4000),
    `allow:${target.domain}`,
    'accept: */*',
    `content-type: ${contentType}`,
    0,
    null,
    download ? null : preview(new TextDecoder().decode(bytes.subarray(0, 2048))),
    'https',
    'enforce',
    'allow',
    null,
    null,
    traceId,
    turnId,
    null,
  ]);
  ctx.body(
    { eventId: ev, eventType: 'http.request', sourceTable: 'net_events', direction: 'response', contentType, traceId, turnId },
    bytes,
  );
}

export function substitution(ctx: GenContext, credentialRef: string, traceId: string, turnId: string): void {
  ctx.insert('substitution_events', [
    ctx.nextId('substitution_events'),
    ctx.eventId(),
    ctx.clock.iso(),
    'api_key',
    'env',
    'http.request',
    'blake3',
    credentialRef,
    'injected',
    'anthropic',
    0.98,
    traceId,
    turnId,
    '{"header":"x-api-key"}',
  ]);
}

/** A secret in an upload: the rule asks, the user denies, the request is blocked. */
export function securityTriple(ctx: GenContext, traceId: string, turnId: string, askSerial: number): void {
  const { clock, prng } = ctx;
  clock.advance(5, 60);
  const ev = ctx.eventId();
  const ms = clock.unixMs();
  const ruleJson = JSON.stringify({ id: 'block-aws-keys', match: { body: 'AKIA[0-9A-Z]{16}' }, action: 'ask' });
  const http = { method: 'POST', host: 'paste.example.net', path: '/upload' };
  ctx.insert('security_rule_events', [
    ctx.nextId('security_rule_events'),
    ms,
    ev,
    'http.request',
    'block-aws-keys',
    'ask',
    'high',
    ruleJson,
    null,
    traceId,
    turnId,
  ]);
  ctx.insert('security_decision_events', [
    ctx.nextId('security_decision_events'),
    ms + 1,
    ev,
    'http.request',
    'rule',
    'policy',
    'block-aws-keys',
    null,
    'allow',
    'ask',
    'ask',
    'secret pattern in body',
    traceId,
    turnId,
    null,
  ]);
  ctx.insert('security_ask_events', [
    ctx.nextId('security_ask_events'),
    ms + 2,
    hexId(askSerial, 21),
    ev,
    'http.request',
    'block-aws-keys',
    'Block AWS keys',
    'denied',
    ruleJson,
    'user',
    'denied in UI',
    traceId,
    turnId,
  ]);
  const meta = { eventId: ev, direction: 'payload', contentType: SECURITY_CONTENT_TYPE, traceId, turnId } as const;
  ctx.body(
    { ...meta, eventType: 'security.rule', sourceTable: 'security_rule_events' },
    securityPayload('http.request', 'ask', { rule_id: 'block-aws-keys', level: 'high', http_request: http }),
  );
  ctx.body(
    { ...meta, eventType: 'security.decision', sourceTable: 'security_decision_events' },
    securityPayload('http.request', 'ask', { rule_id: 'block-aws-keys', level: 'high', http_request: { ...http, stage: 'rule' } }),
  );
  ctx.body(
    { ...meta, eventType: 'security.ask', sourceTable: 'security_ask_events' },
    securityPayload('http.request', 'block', { rule_id: 'block-aws-keys', level: 'high', http_request: { ...http, resolved: 'denied' } }),
  );
  ctx.insert('net_events', [
    ctx.nextId('net_events'),
    ctx.eventId(),
    clock.iso(),
    'paste.example.net',
    443,
    'denied',
    'curl',
    prng.int(3000, 60000),
    'POST',
    '/upload',
    null,
    0,
    0,
    0,
    'ask:block-aws-keys',
    null,
    null,
    0,
    null,
    null,
    'https',
    'enforce',
    'block',
    'block-aws-keys',
    'denied by user',
    traceId,
    turnId,
    null,
  ]);
}
