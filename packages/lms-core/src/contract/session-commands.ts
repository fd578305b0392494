/**
 * The commands the API client itself runs to keep the session (sign in, sign out, the status
 * check), without the rest of the contract: the sign-in page loads this, not zod and the schemas.
 * The contract declares the same commands (a test holds them equal).
 */
export const SESSION_COMMANDS = {
  path: "/user/",
  login: "login",
  logout: "logout",
  status: "getisloggedinstatus",
} as const;
