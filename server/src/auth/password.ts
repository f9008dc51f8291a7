import * as argon2 from 'argon2';

/** Spec: 8-16 characters with digits, upper and lower case letters and symbols. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 16 &&
    /\d/.test(password) &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[^A-Za-z0-9\s]/.test(password) &&
    !/\s/.test(password)
  );
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

// Verifying against this when the user does not exist keeps the answer time the same.
const DUMMY_HASH = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$0y8rr2E3AJy+zWvFt3hd4yS1fpZlqeHYDXIU+G2r7iM';

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash ?? DUMMY_HASH, password);
  } catch {
    return false;
  }
}
