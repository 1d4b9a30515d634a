/** The keyboard focus ring: the outline (#1f2933) 14:1 on the page, the white gap 5.8:1 on the teal bar. */
export const FOCUS_RING = {
  outline: '3px solid #1f2933',
  outlineOffset: '2px',
  boxShadow: '0 0 0 2px #ffffff',
} as const;
