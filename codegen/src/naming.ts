/** How XML names become TypeScript names. */

export function camel(name: string): string {
  return name.replace(/[_-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function pascal(name: string): string {
  const c = camel(name);
  return c.charAt(0).toUpperCase() + c.slice(1);
}

/** Repeated elements become plural properties: link → links, entry → entries. */
export function plural(name: string): string {
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(name)) return `${name}es`;
  return `${name}s`;
}

/** CONSTANT_CASE for value lists: Dataclass → DATACLASS, SyncMode → SYNC_MODE. */
export function constant(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}
