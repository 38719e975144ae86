/** Moved to the core (serve groups its command-line paths the same way); kept here for the desktop intake's imports. */
export { groupOpenRequests } from '../core/open-groups.js';
