export const AUDIT_KEYS = Symbol('AUDIT_KEYS');
