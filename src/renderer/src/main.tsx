/**
 * The entry: starts the calls the first view will make (from the URL alone, api/first-calls.ts), then loads the app.
 * Kept small on purpose: React, the views and the grid are the next chunk (boot.tsx), which the browser fetches and
 * runs while the server is already answering, instead of the calls waiting for all of it to run and render first.
 */
import type { Channel } from '../../shared/contract.js';
import { callEarly } from './api/client.js';
import { firstCalls } from './api/first-calls.js';
import { parseHash } from './router.js';
import './styles/app.css';

// The app's chunk is asked for first: the server answers requests in order on one thread, and a large table's first
// page (tens of ms of SQLite and JSON there) must not hold the script back.
void import('./boot.js');
for (const c of firstCalls(parseHash(window.location.hash))) callEarly<Channel>(c.channel, c.arg);
