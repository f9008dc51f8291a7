/** The report period's form rule, as the server checks it: the start not after the end. */
export function periodIssue(from: string | null | undefined, to: string | null | undefined): 'periodInverted' | null {
  return from && to && from > to ? 'periodInverted' : null;
}

/** The filled filters only (the URL keeps no empty ones). */
export function periodParams(values: { from: string; to: string; companyName: string }): Partial<Record<'from' | 'to' | 'companyName', string>> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );
}
