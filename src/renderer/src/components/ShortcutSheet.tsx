export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['?', 'show or hide this sheet'],
  ['/', 'focus the search box'],
  ['j / k', 'next / previous row'],
  ['Enter', 'open the selected row'],
  ['g then o / t / i / s', 'go to Overview, Tables, Integrity, SQL'],
  ['Ctrl+Enter', 'run the SQL query'],
  ['Esc', 'close this sheet'],
];

export function ShortcutSheet(props: { onClose(): void }) {
  return (
    <div className="sheet-backdrop" onClick={props.onClose}>
      <div className="sheet" role="dialog" aria-label="keyboard shortcuts" onClick={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts</h2>
        <table>
          <tbody>
            {SHORTCUTS.map(([k, what]) => (
              <tr key={k}>
                <td>
                  <kbd>{k}</kbd>
                </td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
