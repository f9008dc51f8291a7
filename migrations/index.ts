import { Identity1763700000000 } from './1763700000000-identity';

/** Every migration, oldest first. Applied automatically on start and in tests; never `synchronize`. */
export const MIGRATIONS = [Identity1763700000000];
