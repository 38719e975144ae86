/** Related rows along the identity graph: the public surface. */
export { relatedOf } from './related-row.js';
export { callTarget, turnRows } from './turn-rows.js';
export { netForModelCall, modelCallForNet } from './net-match.js';
export { relatedHandlers } from './handlers.js';
