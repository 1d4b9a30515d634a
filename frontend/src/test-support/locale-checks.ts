/** Every key path of a nested translation object, e.g. 'audio.errors.noSpeech'. */
export function keyPaths(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

/** The key paths whose text is empty. */
export function emptyTexts(texts: object): string[] {
  return keyPaths(texts).filter(
    (path) => !path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], texts),
  );
}
