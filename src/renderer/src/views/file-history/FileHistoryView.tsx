/**
 * File history (issue 40, "Every file's history"): every path the agent changed, and one path's changes each with
 * the cause the ledger records (the tool call that names it, the trace alone, or not recorded). The path is in the
 * route (`?path=`), so a history can be linked to and survives a reload; rows, calls and bodies open in the side pane.
 */
import { PaneLayout } from '../../pane/PaneLayout.js';
import { PathHistory } from './PathHistory.js';
import { PathList } from './PathList.js';
import './file-history.css';

export function FileHistoryView(props: { ev: string; path: string | null }) {
  const { ev, path } = props;
  return <PaneLayout ev={ev}>{path === null ? <PathList ev={ev} /> : <PathHistory key={path} ev={ev} path={path} />}</PaneLayout>;
}
