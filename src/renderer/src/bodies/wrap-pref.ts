/** Whether body rows wrap or scroll sideways: one choice for every body view, kept for the browser session. */
import { useCallback, useState } from 'react';

const KEY = 'capsem.body.wrap';

function read(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function useWrapPref(): [boolean, (on: boolean) => void] {
  const [wrap, setWrap] = useState(read);
  const set = useCallback((on: boolean) => {
    setWrap(on);
    try {
      window.sessionStorage.setItem(KEY, on ? '1' : '0');
    } catch {
      // Storage refused (a private window's quota): the choice lasts for this view only.
    }
  }, []);
  return [wrap, set];
}
