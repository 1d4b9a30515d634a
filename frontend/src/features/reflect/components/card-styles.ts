/** The green summary card and the purple takeaway cards (part 2 §2); text colours keep AA contrast on the tints. */
export const SUMMARY_COLORS = { bg: '#e8f5e9', border: '#2e7d32', text: '#1b5e20' } as const;
export const TAKEAWAY_COLORS = { bg: '#f3e5f5', border: '#7b1fa2', text: '#4a148c' } as const;

/** White inputs on a tinted card; the helper texts stay on the card's colour. */
export const FIELD_SX = { '& .MuiInputBase-root': { bgcolor: 'background.paper' } } as const;
