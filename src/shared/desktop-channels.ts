/**
 * The desktop app's own channels beside the contract: named once here, since both the Electron glue (main) and the
 * preload use them and neither may import the other.
 */

/** The desktop-only channel the drop hand-off uses (main runs the paths through its one intake function). */
export const OPEN_DROPPED_CHANNEL = 'desktop.openDropped';
/** Main → renderer: settings chosen in the native menu (View ▸ Times in UTC / Local Time). */
export const MENU_COMMAND_CHANNEL = 'desktop.menuCommand';
export type MenuCommandEvent = { readonly kind: 'time-zone'; readonly zone: 'utc' | 'local' };

/** More files than this in one drop are refused by main; the preload does not even send them. */
export const MAX_DROPPED_FILES = 64;
