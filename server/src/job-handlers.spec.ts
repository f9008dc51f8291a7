import { EFFECT_NAMES } from '@app/workflow';
import { JOB_HANDLER_TYPES } from './job-handlers';
import { jobsHandledBy, resolveJobHandlers } from './jobs/job-registry';
import { JOB_NAMES, JOB_QUEUES, MAINTENANCE_SCHEDULES, QUEUES } from './jobs/queues';

describe('the real registry', () => {
  it('has exactly one handler for every job: every effect the machine declares and every maintenance job', () => {
    const resolved = resolveJobHandlers(JOB_NAMES, JOB_HANDLER_TYPES);
    const handled = JOB_HANDLER_TYPES.flatMap((type) => jobsHandledBy(type));
    for (const name of EFFECT_NAMES) expect(resolved.has(name)).toBe(true);
    for (const s of MAINTENANCE_SCHEDULES) {
      expect(resolved.has(s.name)).toBe(true);
      expect(JOB_QUEUES[s.name]).toBe(QUEUES.maintenance);
    }
    expect(handled.sort()).toEqual([...JOB_NAMES].sort());
  });
});
