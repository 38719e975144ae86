/** Reading bodies through an opened Evidence. */
export { readBody, readBodyRow, findBodyRow } from './read-body.js';
export { iterateBodyRows } from './iterate-rows.js';
export { getBlockRows } from './block-rows.js';
