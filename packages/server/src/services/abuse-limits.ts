import type { FastifyInstance } from "fastify";
import type { ApiError } from "../lib/errors";
import { hashToken } from "../lib/security";
import type { LinkKind } from "../plugins/app/repositories/tokens-repository";

/**
 * Rate limits of the public endpoints (issue 12 "Abuse limits"). Every attempt is counted before
 * the work it guards, in one statement (TokensRepository.reserve), so parallel requests cannot pass
 * a limit; attempts that turn out right are given back, so only failures stay counted.
 */

/** What a guarded attempt does once it is known to be right. */
export interface Reserved {
  succeeded(): Promise<void>;
}

/** Failures from all addresses together an account takes before its own back-off starts. */
export const ACCOUNT_WIDE_FACTOR = 4;

/**
 * A sign-in attempt, counted before the password is verified:
 * - per address: strict (loginPerAddress);
 * - per account and address: past LMS_LOGIN_MAX_ATTEMPTS failures, the next attempt waits 1 s,
 *   2 s, 4 s … (capped at LMS_LOGIN_BACKOFF_MAX_SECONDS), so an attacker's guesses do not delay
 *   the real user signing in from elsewhere;
 * - per account from every address: the same back-off past four times that many failures, so that
 *   guesses spread over many addresses only ever delay the real user a little.
 * A right password clears the account's counters and gives the address its attempt back.
 */
export async function reserveSignIn(
  app: FastifyInstance,
  address: string,
  userName: string,
): Promise<Reserved> {
  const rules = app.config.rateLimits;
  const account = userName.toLowerCase();
  const addressKey = `login:address:${address}`;
  const pairKey = `login:account:${account}:from:${address}`;
  const accountKey = `login:account:${account}`;
  const cap = rules.loginBackoffMaxSeconds;
  await app.auth.reserveAttempt(addressKey, rules.loginPerAddress);
  await app.auth.reserveAttempt(pairKey, rules.loginPerAccount, cap);
  await app.auth.reserveAttempt(
    accountKey,
    { ...rules.loginPerAccount, limit: rules.loginPerAccount.limit * ACCOUNT_WIDE_FACTOR },
    cap,
  );
  return {
    async succeeded() {
      await app.auth.clearCounter(pairKey);
      await app.auth.clearCounter(accountKey);
      await app.auth.releaseAttempt(addressKey);
    },
  };
}

/**
 * A password link (reset or activation), checked before any password hashing: counted per address
 * (wrong tokens) and per token, then looked up; 410 when it is unknown, used or expired.
 */
export async function checkPasswordLink(
  app: FastifyInstance,
  address: string,
  kind: LinkKind,
  token: string,
  expired: () => ApiError,
) {
  const rules = app.config.rateLimits;
  const addressKey = `link:address:${address}`;
  await app.auth.reserveAttempt(addressKey, rules.linkPerAddress);
  await app.auth.reserveAttempt(`link:token:${hashToken(token)}`, rules.linkPerToken);
  const link = await app.auth.findLink(kind, token);
  if (!link) throw expired();
  await app.auth.releaseAttempt(addressKey);
  return link;
}

/** A class-service token or login key: wrong ones are limited per address. */
export async function reserveClassAttempt(
  app: FastifyInstance,
  address: string,
): Promise<Reserved> {
  const key = `class:address:${address}`;
  await app.auth.reserveAttempt(key, app.config.rateLimits.classPerAddress);
  return { succeeded: () => app.auth.releaseAttempt(key) };
}
