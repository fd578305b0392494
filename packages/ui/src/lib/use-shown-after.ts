import { useEffect, useState } from "react";

/**
 * True once `active` has stayed true for `ms`; false again as soon as it is not. For a loading
 * placeholder that a quick answer should never flash.
 */
export function useShownAfter(active: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setShown(true), ms);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [active, ms]);
  return active && shown;
}
