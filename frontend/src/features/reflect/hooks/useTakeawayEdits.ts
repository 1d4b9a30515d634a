import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { ReflectionDetail, Takeaway } from '@clari/contracts';
import { ApiError } from '../../../lib/api';
import { deleteTakeaway, updateTakeaway } from '../api/reflect-api';
import { takeawayInputOf } from '../logic/edit-forms';

/** Editing (one takeaway at a time) and deleting (after confirmation) the reflection's takeaways. */
export function useTakeawayEdits(setDetail: Dispatch<SetStateAction<ReflectionDetail | null>>) {
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Takeaway | null>(null);
  /** Where the keyboard focus goes when the focused takeaway has been deleted. */
  const headingRef = useRef<HTMLHeadingElement>(null);

  const save = async (takeaway: Takeaway, input: { title: string; content: string }): Promise<boolean> => {
    try {
      const saved = await updateTakeaway(takeaway.id, takeawayInputOf(input));
      setDetail((current) =>
        current
          ? { ...current, takeaways: current.takeaways.map((item) => (item.id === saved.id ? saved : item)) }
          : current,
      );
      setEditing(null);
      return true;
    } catch (error) {
      console.error('Failed to save takeaway', error instanceof ApiError ? error.status : error);
      return false;
    }
  };

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

  return { editing, setEditing, deleting, setDeleting, save, confirmDelete, headingRef };
}
