import { useCallback, useRef, useState } from 'react';
import type { LifeAreaId } from '@clari/contracts';
import { readEditedArea, writeEditedArea } from '../value-explorer-draft';

/** The area on the edit screen (kept across a reload of the tab) and whether the screen switched from another one. */
export function useEditedArea() {
  const [editedArea, setEditedAreaState] = useState<LifeAreaId | null>(readEditedArea);
  const [contextSwitched, setContextSwitched] = useState(false);
  const lastArea = useRef<LifeAreaId | null>(editedArea);

  const setEditedArea = useCallback((area: LifeAreaId | null) => {
    // Switching from one area to another (not opening the first one) is a context switch for Clari.
    if (area !== null) {
      setContextSwitched(lastArea.current !== null && lastArea.current !== area);
      lastArea.current = area;
    }
    setEditedAreaState(area);
    writeEditedArea(area);
  }, []);

  return { editedArea, contextSwitched, setEditedArea };
}
