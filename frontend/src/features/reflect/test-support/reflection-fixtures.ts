import type { Reflection, Takeaway } from '@clari/contracts';

/** A freshly created placeholder reflection, as the API answers it. */
export const REFLECTION: Reflection = {
  id: '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
  title: 'Your Day',
  content: '',
  topic: 'your_day',
  lifeAreas: [],
  tags: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};
export const TAKEAWAY: Takeaway = {
  id: '8d1c2b3a-4e5f-4a6b-9c7d-0e1f2a3b4c5d',
  reflectionId: REFLECTION.id,
  title: 'Walk',
  content: 'After work',
  createdAt: '',
  updatedAt: '',
};
/** A reflection_summary as Clari's reply carries it. */
export const SUMMARY = {
  title: 'Your day: Budget',
  content: '## What happened\n\nA meeting.',
  lifeAreas: ['career'],
  tags: ['budget'],
};
