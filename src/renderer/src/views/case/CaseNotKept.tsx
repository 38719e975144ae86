/** Said where a case would be shown when none is kept (serve without --case): plainly, with how to keep one. */
export function CaseNotKept() {
  return (
    <p className="muted case-not-kept" data-case-kept="false">
      Case not kept: start serve with <code>--case FILE</code> to tag and note events.
    </p>
  );
}
