/** The inspector's name and version, written into WARC `software` fields and the About box. Keep in step with package.json. */
export const INSPECTOR_NAME = 'capsem-ledger-inspector';
export const INSPECTOR_VERSION = '0.1.0';
