// PostgreSQL's error codes (SQLSTATE), read the same way whichever driver (pg, PGlite) and wrapping (Drizzle) carried them.

/** The SQLSTATE of an error or of one of its causes (five digits or capitals), if any. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/** unique_violation: a row with the same key exists already. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}
