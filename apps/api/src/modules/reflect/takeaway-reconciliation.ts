import { isUuidShaped } from '@clari/contracts';

/** A takeaway of Clari's answer, its texts already validated. */
export interface IncomingTakeaway {
  id?: unknown;
  title: string;
  content: string;
}

export interface TakeawayPlan {
  update: Array<{ id: string; title: string; content: string; position: number }>;
  create: Array<{ title: string; content: string; position: number }>;
  /** Ids of the reflection's takeaways the answer no longer has (merged or removed). */
  delete: string[];
}

/**
 * Part 2 §4 "Takeaway reconciliation": an id that is a number, not UUID-shaped, unknown to
 * this reflection, or already used earlier in the answer makes a new takeaway; a known id is
 * updated; existing takeaways absent from the answer are deleted. Positions follow the answer.
 * A UUID of another reflection is therefore never taken over, only copied as a new takeaway.
 */
export function planTakeawayReconciliation(
  existingIds: readonly string[],
  incoming: readonly IncomingTakeaway[],
): TakeawayPlan {
  const known = new Set(existingIds.map((id) => id.toLowerCase()));
  const kept = new Set<string>();
  const plan: TakeawayPlan = { update: [], create: [], delete: [] };
  incoming.forEach((takeaway, position) => {
    const id = isUuidShaped(takeaway.id) ? takeaway.id.toLowerCase() : null;
    if (id && known.has(id) && !kept.has(id)) {
      kept.add(id);
      plan.update.push({ id, title: takeaway.title, content: takeaway.content, position });
    } else {
      plan.create.push({ title: takeaway.title, content: takeaway.content, position });
    }
  });
  plan.delete = existingIds.filter((id) => !kept.has(id.toLowerCase()));
  return plan;
}
