import { useEffect, useState } from 'react';

export type WindowOpen = (typeof import('@app/workflow/state-windows'))['windowOpen'];

/** The machine's state-window check, loaded only by lists that show the reminder button (until then: closed). */
export function useWindowOpen(wanted: boolean): WindowOpen | null {
  const [check, setCheck] = useState<WindowOpen | null>(null);
  useEffect(() => {
    if (!wanted || check) return;
    let live = true;
    void import('@app/workflow/state-windows').then((m) => live && setCheck(() => m.windowOpen));
    return () => {
      live = false;
    };
  }, [wanted, check]);
  return check;
}
