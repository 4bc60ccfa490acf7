/**
 * What h3's declarations need to compile in a consumer's strict build (`skipLibCheck: false`):
 * ours name h3's types (the app is an `H3`), so a consumer's compiler checks h3's too.
 *
 * - h3 2.0.8 declares `static override isError` on its HTTPError, overriding ES2026's
 *   `Error.isError`, which TypeScript 5.9's libs do not declare yet: TS4113 there. The standard
 *   method is declared here, optional because Node.js 20 does not have it, which claims nothing
 *   untrue and lets h3's override compile. (When TypeScript's lib declares it, this becomes an
 *   overload of the lib's and can go.)
 * - h3's declarations import crossws (its optional peer): package.json depends on it.
 */
declare global {
  interface ErrorConstructor {
    isError?(value: unknown): value is Error;
  }
}

export {};
