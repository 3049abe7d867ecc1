import { useEffect, type RefObject } from "react";

/**
 * For a field whose text lives in React state: what a person typed before the page's scripts ran
 * is in the element, not in the state, and the next render would write the state's empty text over
 * it. Taken into the state once, as the field mounts (docs/decisions/018-first-visit.md).
 */
export function useTypedBeforeScripts(ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, onTyped: (value: string) => void) {
  useEffect(() => {
    const node = ref.current;
    if (node && node.value !== node.defaultValue) onTyped(node.value);
    // Once, as the field mounts: afterwards the state is what the field shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
