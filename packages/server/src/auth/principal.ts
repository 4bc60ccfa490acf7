/** Who a request acts as, once authenticated. */

/** An account's identity as the handlers see it (guide/protocol.md#accounts-and-the-admin-api). */
export interface AccountPrincipal {
  readonly kind: 'account';
  /** The account's store id: every store method that reaches its objects takes it. */
  readonly id: number;
  readonly username: string;
  readonly admin: boolean;
}

/** No credentials were checked: every request while no authenticator is configured. */
export interface AnonymousPrincipal {
  readonly kind: 'anonymous';
}

export type Principal = AccountPrincipal | AnonymousPrincipal;

export const ANONYMOUS: AnonymousPrincipal = Object.freeze({ kind: 'anonymous' });
