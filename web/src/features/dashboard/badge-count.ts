/** Spec section 9: badges cap at 99 and show "99+" above it. */
export const BADGE_MAX = 99;

export function formatBadgeCount(count: number, max = BADGE_MAX): string {
  return count > max ? `${max}+` : String(count);
}
