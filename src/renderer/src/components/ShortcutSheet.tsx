/** The keyboard sheet: its rows come from nav-views.ts, the table App.tsx binds its keys from. */
import { SHORTCUTS } from '../nav-views.js';

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
