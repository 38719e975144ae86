// Which way a credential went: the direction rule (to its own provider vs elsewhere), Capsem's substitution, and
// masking.
import { describe, expect, it } from 'vitest';
import { classifySecret, isProviderHost, maskSecret, providerHostsOf } from '../../../../src/main/core/search/secret-findings.js';
import { SECRET_PATTERNS } from '../../../../src/main/core/match/secret-patterns.js';

const pattern = (name: string) => SECRET_PATTERNS.find((p) => p.name === name)!;

describe('secret findings', () => {
  it('a provider host is the provider or a host below it, never a look-alike name', () => {
    expect(isProviderHost('api.anthropic.com', ['anthropic.com'])).toBe(true);
    expect(isProviderHost('anthropic.com', ['anthropic.com'])).toBe(true);
    expect(isProviderHost('API.Anthropic.com.', ['anthropic.com'])).toBe(true);
    expect(isProviderHost('notanthropic.com', ['anthropic.com'])).toBe(false);
    expect(isProviderHost('anthropic.com.evil.example', ['anthropic.com'])).toBe(false);
  });

  it("a provider named by the ledger has its secret pattern's hosts; an unknown provider has none", () => {
    expect(providerHostsOf('anthropic')).toEqual(pattern('anthropic-api-key').providerHosts);
    expect(providerHostsOf('OpenAI')).toEqual(pattern('openai-api-key').providerHosts);
    expect(providerHostsOf('google')).toEqual(pattern('google-api-key').providerHosts);
    expect(providerHostsOf('acme')).toBeNull();
    expect(providerHostsOf('constructor')).toBeNull();
  });

  it('in a request: elsewhere when the host is not its provider, substituted or not when it is', () => {
    const key = pattern('anthropic-api-key');
    expect(classifySecret(key, 'request', { host: 'collector.evil.example', substituted: false })).toBe('elsewhere');
    expect(classifySecret(key, 'request', { host: 'collector.evil.example', substituted: true })).toBe('elsewhere');
    expect(classifySecret(key, 'request', { host: 'api.anthropic.com', substituted: true })).toBe('substituted');
    expect(classifySecret(key, 'request', { host: 'api.anthropic.com', substituted: false })).toBe('unsubstituted');
    expect(classifySecret(key, 'request', { host: null, substituted: false })).toBe('destination-unknown');
    expect(classifySecret(pattern('github-token'), 'request', { host: 'api.anthropic.com', substituted: true })).toBe('elsewhere');
  });

  it('a credential no host owns is elsewhere wherever it is sent; anything not in a request is inbound', () => {
    expect(classifySecret(pattern('private-key-block'), 'request', { host: 'api.github.com', substituted: false })).toBe('elsewhere');
    expect(classifySecret(pattern('jwt'), 'request', { host: 'api.openai.com', substituted: true })).toBe('elsewhere');
    for (const d of ['response', 'stdout', 'stderr', 'payload', null]) {
      expect(classifySecret(pattern('anthropic-api-key'), d, { host: 'evil.example', substituted: false })).toBe('inbound');
    }
  });

  it('masks all but the first and last characters', () => {
    expect(maskSecret('AKIAIOSFODNN7EXAMPLE', 20)).toBe('AKIA…MPLE (20 bytes)');
    expect(maskSecret('abcdefg', 7)).toBe('a…g (7 bytes)');
    expect(maskSecret('abc', 3)).toBe('••• (3 bytes)');
  });
});
