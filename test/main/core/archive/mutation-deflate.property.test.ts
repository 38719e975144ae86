import { mutationSuite } from './mutation-harness.js';

mutationSuite([
  { name: 'v1', version: 1, codec: 'deflate', n: 10, targetBlockBytes: 6000 },
  { name: 'v2 deflate', version: 2, codec: 'deflate', n: 10, targetBlockBytes: 8000, segmentBytes: 1500, emptyFinalSegment: true },
]);
