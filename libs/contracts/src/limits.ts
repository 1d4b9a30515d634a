/** Limits of every JSON request, enforced by the API's body parser before any route runs. */
export const REQUEST_LIMITS = {
  /** Nesting of objects and arrays in a JSON body; the deepest real one (a summary's goals) is 5. */
  jsonDepthMax: 32,
  /**
   * Characters of all strings and keys in a chat's conversationData together. The largest a
   * page sends is a Year Compass section (10 boxes of at most 10,000 characters) or a Value
   * Explorer summary (8 areas of goals, values and obstacles, about 10,600 each).
   */
  conversationDataTextMax: 150_000,
} as const;

export const REQUEST_MESSAGES = {
  bodyRequired: 'A JSON body is required.',
  bodyNotObject: 'The request body must be a JSON object.',
  bodyNotJson: 'The request body is not valid JSON.',
  tooDeep: `The request body is nested too deeply (at most ${REQUEST_LIMITS.jsonDepthMax} levels).`,
  unsupportedType: 'The request body must be sent as application/json.',
  conversationDataTooLarge: `conversationData can hold at most ${REQUEST_LIMITS.conversationDataTextMax} characters.`,
} as const;

/** The message naming a field whose text holds a NUL character or half of a surrogate pair. */
export function invalidTextMessage(field: string): string {
  return `${field || 'The request'} contains a character that is not allowed (NUL or an unpaired surrogate).`;
}
