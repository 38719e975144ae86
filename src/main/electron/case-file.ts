/** The desktop app's case file, in its data folder (app.getPath('userData')): the one case its tags and notes go to. */
export const DESKTOP_CASE_FILE = 'case.capsem-case';
