// Credential-shaped strings, as data: what `grep --secrets` and the integrity report look for. Each pattern has the
// hosts of its own provider (a key sent there is where it belongs; sent anywhere else it is the finding), a test
// string it must find (test/main/core/match/secret-patterns.test.ts also holds look-alikes it must not) and why it
// is on the list.
//
// Every pattern must run in linear time: no nested quantifiers, no backreferences, no lookaround. The test compiles
// each with V8's linear engine (which refuses anything needing backtracking) and checks for nested quantifiers. The
// character classes are chosen so that adjacent parts cannot both take the same character (a run of key characters
// never contains the separator that follows it), so even the backtracking engine never retries much.
//
// The examples are made up (the AWS one is AWS's own documentation example); none is a real credential.

export interface SecretPattern {
  readonly name: string;
  /** A JavaScript regular expression source, matched against bytes read as latin1. */
  readonly source: string;
  readonly flags?: 'i';
  /** Host names (or their parents) of the credential's own provider; empty when no host owns it. */
  readonly providerHosts: readonly string[];
  /** A string the pattern must find in full. */
  readonly example: string;
  readonly reason: string;
}

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    name: 'anthropic-api-key',
    source: 'sk-ant-(?:api|admin)[0-9]{2}-[A-Za-z0-9_-]{32,200}',
    providerHosts: ['anthropic.com'],
    example: 'sk-ant-api03-Xq3vR8mN2pL5tY7wZ1aB4cD6eF9gH0jK2lM4nP6qR8sT0uV2wX4yZ6aB8cD0eF2g-AA',
    reason: 'Anthropic API and admin keys start with sk-ant-api or sk-ant-admin and a two-digit version',
  },
  {
    name: 'openai-api-key',
    source: 'sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,200}|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}',
    providerHosts: ['openai.com'],
    example: 'sk-proj-4fQ9xZ2mLp8Rt5Yw1Bv7Nc3Kd6Hs0Ja9Ge2Ui4Oy8Tr5Ew1Qa7Zx3Cv6Bn0Mm',
    reason: 'OpenAI project, service-account and admin keys (sk-proj-, sk-svcacct-, sk-admin-) and the older sk- keys carrying T3BlbkFJ',
  },
  {
    name: 'google-api-key',
    source: 'AIza[0-9A-Za-z_-]{35}',
    providerHosts: ['googleapis.com', 'google.com'],
    example: 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q',
    reason: 'Google API keys (Gemini, Maps, Cloud) are AIza followed by 35 key characters',
  },
  {
    name: 'aws-access-key-id',
    source: '(?:AKIA|ASIA)[0-9A-Z]{16}',
    providerHosts: ['amazonaws.com', 'aws.amazon.com'],
    example: 'AKIAIOSFODNN7EXAMPLE',
    reason: 'AWS access key ids: AKIA (long-term) or ASIA (temporary) and 16 upper-case letters or digits',
  },
  {
    name: 'github-token',
    source: 'gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{82}',
    providerHosts: ['github.com', 'githubusercontent.com'],
    example: 'ghp_Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2',
    reason:
      'GitHub personal, OAuth, user-to-server, server-to-server and refresh tokens (ghp_ gho_ ghu_ ghs_ ghr_), and fine-grained github_pat_ tokens',
  },
  {
    name: 'npm-token',
    source: 'npm_[A-Za-z0-9]{36}',
    providerHosts: ['npmjs.org', 'npmjs.com'],
    example: 'npm_Zy9Xw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa',
    reason: 'npm access tokens: npm_ and 36 letters or digits',
  },
  {
    name: 'gitlab-token',
    source: 'glpat-[A-Za-z0-9_-]{20}',
    providerHosts: ['gitlab.com'],
    example: 'glpat-aB3dE5gH7jK9mN1pQ3sT',
    reason: 'GitLab personal access tokens: glpat- and 20 characters',
  },
  {
    name: 'slack-token',
    source: 'xox[abposr]-[0-9A-Za-z]{8,48}-[0-9A-Za-z-]{8,200}',
    providerHosts: ['slack.com'],
    example: 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
    reason: 'Slack bot, user, app and refresh tokens (xoxb-, xoxp-, xoxa-, ...)',
  },
  {
    name: 'stripe-secret-key',
    source: '(?:sk|rk)_live_[0-9A-Za-z]{24,99}',
    providerHosts: ['stripe.com'],
    example: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    reason: 'Stripe live secret and restricted keys',
  },
  {
    name: 'private-key-block',
    source: '-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----',
    providerHosts: [],
    example: '-----BEGIN OPENSSH PRIVATE KEY-----',
    reason: 'the armour line of a PEM, OpenSSH or PGP private key: the key itself follows it; no host owns a private key',
  },
  {
    name: 'jwt',
    // Unbounded parts: counted repeats are spread into one state each (linear-regexp.ts), and {8,8192} made this
    // pattern 19,523 characters long, the size the linear engine's memory is multiplied by.
    source: 'eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}',
    providerHosts: [],
    example: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    reason: 'a JSON Web Token (base64url header and claims, both starting {", then a signature): a bearer credential for whoever issued it',
  },
  {
    name: 'password-in-url',
    // The host is the match's last part, so `+` costs no backtracking; {1,253} would have spread into 255 characters.
    source: '[A-Za-z][A-Za-z0-9+.-]{1,16}://[^\\s/?#@:"\'<>]{1,64}:[^\\s/?#@"\'<>]{1,128}@[A-Za-z0-9.-]+',
    providerHosts: [],
    example: 'postgres://admin:s3cr3t-pw@db.internal.example',
    reason: 'a URL carrying user:password@ (database, registry or proxy credentials)',
  },
];
