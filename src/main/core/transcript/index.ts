/** The transcript's public surface. */
export { transcriptPage } from './transcript-page.js';
export type { TranscriptPageOptions } from './transcript-page.js';
export { transcriptSkeleton } from './skeleton.js';
export { exportTranscript, writeTranscript } from './export/export-transcript.js';
export { transcriptHandlers } from './handlers.js';
