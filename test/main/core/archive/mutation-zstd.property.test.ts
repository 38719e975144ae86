import { mutationSuite } from './mutation-harness.js';

mutationSuite([
  { name: 'v2 zstd open', version: 2, codec: 'zstd', n: 10, targetBlockBytes: 8000, segmentBytes: 1500, openLastBlock: true },
  {
    name: 'v3 mixed',
    version: 3,
    codec: (i) => (i % 2 ? 'deflate' : 'zstd'),
    n: 10,
    targetBlockBytes: 8000,
    segmentBytes: 1500,
    dedup: 'archive',
  },
]);
