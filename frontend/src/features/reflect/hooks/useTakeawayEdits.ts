import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { ReflectionDetail, Takeaway } from '@clari/contracts';
import { deleteTakeaway } from '../api/reflect-api';

/** Which takeaway is being edited (one at a time; the autosave saves it) and deleting one (after confirmation). */
export function useTakeawayEdits(setDetail: Dispatch<SetStateAction<ReflectionDetail | null>>) {
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Takeaway | null>(null);
  /** Where the keyboard focus goes when the focused takeaway has been deleted. */
  const headingRef = useRef<HTMLHeadingElement>(null);

  const confirmDelete = async () => {
    const takeaway = deleting;
    setDeleting(null);
    if (!takeaway) return;
    try {
      await deleteTakeaway(takeaway.id);
      setDetail((current) =>
        current ? { ...current, takeaways: current.takeaways.filter((item) => item.id !== takeaway.id) } : current,
      );
      headingRef.current?.focus();
    } catch (error) {
      // Part 2 §4: a failed delete removes nothing.
      console.error(`Failed to delete takeaway ${takeaway.id}`, error);
    }
  };

  return { editing, setEditing, deleting, setDeleting, confirmDelete, headingRef };
}
