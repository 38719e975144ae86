// The hunt's indicator flags (-F, -E, --secrets, --domain, --body-hash, --ip, --path, --credential-ref, --process,
// -i), one set for `hunt` and `notable add`, so a saved indicator is typed exactly as it is hunted. The value flags
// fill the list as they are read, so the indicators keep the order typed.
import type { Indicator } from '../main/core/hunt/indicators.js';
import { bodyHashKey } from '../main/core/search/body-hash-rows.js';
import { credentialRefKey } from '../main/core/hunt/credential-rows.js';
import { parseIpRange } from '../main/core/hunt/ip-address.js';
import { invalid } from './args.js';

type Draft = Indicator | { kind: 'fixed'; text: string } | { kind: 'regex'; source: string };

export const INDICATOR_FLAGS_USAGE =
  '  indicators (any number, each naming its kind):\n' +
  '    -F STRING       fixed string in verified bodies and text columns (as grep -F)\n' +
  '    -E REGEX        regular expression, linear-time (as grep -E); -i ignores ASCII case for -F and -E\n' +
  '    --secrets       credential-shaped values (as grep --secrets), shown masked\n' +
  '    --domain D      net_events / dns_events rows naming host D or a name under it\n' +
  '    --body-hash B3  bodies recorded with this BLAKE3 (with or without blake3:), read back and verified\n' +
  '    --ip A[/N]      dns_events.answer_ip in address A or CIDR range A/N (IPv4 or IPv6)\n' +
  '    --path GLOB     fs_events.path, audit_events.exe or .cwd matching GLOB, whole path: * within a segment,\n' +
  '                    ** across segments, ? one character (quote it so the shell leaves it alone)\n' +
  '    --credential-ref R  rows whose credential_ref or substitution_events.substitution_ref is R\n' +
  "    --process NAME  exec_events.process_name, or an audit_events exe's basename or comm, equal to NAME\n";

/** The flags, writing into `drafts` as they are read; give them to parseCommandArgs beside the command's own. */
export function indicatorFlags(drafts: Draft[]) {
  return {
    fixed: {
      takes: 'value',
      short: 'F',
      read: (v: string | undefined) => (v ? drafts.push({ kind: 'fixed', text: v }) : invalid('-F needs a string')),
    },
    regex: {
      takes: 'value',
      short: 'E',
      read: (v: string | undefined) => (v ? drafts.push({ kind: 'regex', source: v }) : invalid('-E needs a pattern')),
    },
    domain: {
      takes: 'value',
      read: (v: string | undefined) =>
        v && /^[^\s/]+$/.test(v) && v.replace(/\.+$/, '') !== ''
          ? drafts.push({ kind: 'domain', domain: v })
          : invalid('--domain needs a host name, e.g. example.com'),
    },
    'body-hash': {
      takes: 'value',
      read: (v: string | undefined) => {
        const hash = bodyHashKey(v ?? '');
        return hash
          ? drafts.push({ kind: 'body-hash', hash })
          : invalid('--body-hash needs a BLAKE3 of 64 hex digits (blake3: prefix optional)');
      },
    },
    ip: {
      takes: 'value',
      read: (v: string | undefined) => {
        const range = parseIpRange(v ?? '');
        return range
          ? drafts.push({ kind: 'ip', text: v!, range })
          : invalid('--ip needs an IPv4 or IPv6 address or CIDR range, e.g. 10.0.0.0/8');
      },
    },
    path: {
      takes: 'value',
      read: (v: string | undefined) => (v ? drafts.push({ kind: 'path', glob: v }) : invalid('--path needs a glob, e.g. /workspace/**')),
    },
    'credential-ref': {
      takes: 'value',
      read: (v: string | undefined) => {
        const ref = credentialRefKey(v ?? '');
        return ref
          ? drafts.push({ kind: 'credential-ref', ref })
          : invalid('--credential-ref needs credential:blake3: and 64 hex digits (the prefix optional)');
      },
    },
    process: {
      takes: 'value',
      read: (v: string | undefined) =>
        v && !v.includes('/')
          ? drafts.push({ kind: 'process', name: v })
          : invalid('--process needs a process name without a slash, e.g. curl'),
    },
    secrets: { takes: 'nothing' },
    ignoreCase: { takes: 'nothing', short: 'i' },
  } as const;
}

/** The indicators typed, in order (--secrets last), or the sentence saying what is missing or out of place. */
export function indicatorsOf(
  drafts: readonly Draft[],
  flags: { readonly secrets: boolean; readonly ignoreCase: boolean },
): Indicator[] | string {
  const indicators: Indicator[] = drafts.map((t) =>
    t.kind === 'fixed' || t.kind === 'regex' ? { ...t, ignoreCase: flags.ignoreCase } : t,
  );
  if (flags.secrets) indicators.push({ kind: 'secrets' });
  if (indicators.length === 0)
    return 'at least one indicator is required (-F, -E, --secrets, --domain, --body-hash, --ip, --path, --credential-ref, --process)';
  if (flags.ignoreCase && !indicators.some((i) => i.kind === 'fixed' || i.kind === 'regex')) return '-i goes with -F or -E';
  return indicators;
}
