/**
 * The secret of an app password (services/app-passwords.ts makes them, auth/device-sign-in.ts
 * checks them): 24 characters drawn uniformly from 31 that cannot be mistaken for one another
 * (lower-case letters and digits without i, l, o, 0, 1), about 119 bits, shown in groups of four
 * (`k7mq-2xhp-9ctr-w4nd-f3vb-8jse`) to be typed on a phone.
 *
 * What is hashed and checked is its typed form: the dashes and spaces a person may leave out or
 * add dropped, and the case a phone's keyboard may capitalize folded, so that the secret is the 24
 * characters alone. Anything that is not 24 such characters once folded is no app password, and
 * the sign-in checks no app password against it.
 *
 * The hint is 16 bits of the typed form's SHA-256, stored beside the scrypt hash: it tells a sign-in
 * which of the account's app passwords a presented one can be, so it runs scrypt against about one
 * of them rather than every one. It gives an attacker holding the table nothing that matters: it
 * lets them discard guesses at SHA-256 speed, which divides the 2^119 scrypt work by 2^16.
 */
import { createHash, randomInt } from 'node:crypto';

export const APP_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const APP_PASSWORD_LENGTH = 24;
const GROUP = 4;
const TYPED = new RegExp(`^[${APP_PASSWORD_ALPHABET}]{${APP_PASSWORD_LENGTH}}$`);

/** A new secret, in groups of four joined by dashes (randomInt draws without modulo bias). */
export function generateAppPassword(): string {
  let secret = '';
  for (let i = 0; i < APP_PASSWORD_LENGTH; i++) {
    if (i > 0 && i % GROUP === 0) secret += '-';
    secret += APP_PASSWORD_ALPHABET[randomInt(APP_PASSWORD_ALPHABET.length)];
  }
  return secret;
}

/** The 24 characters a presented password stands for, or undefined when it cannot be an app password. */
export function typedForm(presented: string): string | undefined {
  // Bounded first: a long input is no app password, and is not folded character by character.
  if (presented.length > 4 * APP_PASSWORD_LENGTH) return undefined;
  const typed = presented.replace(/[-\s]/g, '').toLowerCase();
  return TYPED.test(typed) ? typed : undefined;
}

/** 16 bits of SHA-256 of the typed form (see above). */
export function hintOf(typed: string): number {
  return createHash('sha256').update(typed, 'utf8').digest().readUInt16BE(0);
}
