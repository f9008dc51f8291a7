import { Identity1763700000000 } from './1763700000000-identity';
import { Workflow1763800000000 } from './1763800000000-workflow';

/** Every migration, oldest first. Applied automatically on start and in tests; never `synchronize`. */
export const MIGRATIONS = [Identity1763700000000, Workflow1763800000000];
