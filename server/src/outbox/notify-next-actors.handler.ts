import { Injectable, Logger } from '@nestjs/common';
import * as engine from '@app/workflow';
import { DataSource } from 'typeorm';
import { authorityList } from '../auth/auth-user';
import { HandlesJobs, type JobHandler } from '../jobs/job-registry';
import type { JobPayloads } from '../jobs/queues';
import { messageLang, todoKey, todoText } from '../messages/todo-text';

type Payload = JobPayloads['notifyNextActors' | 'workflow.transitioned' | 'operations.resendTodos'];

/**
 * After a loan moves, everyone who can now act on it finds a to-do on their dashboard, in their own
 * language, naming what they are to do. The message key (loan + the actions) keeps one to-do per
 * actor, loan and actions, and makes a redelivered job add nothing. An operator's "resend to-dos"
 * (operations.resendTodos, no one's own step: nobody left out) brings a to-do already read back up,
 * unread and newest; one still unread is left as it is, so a redelivered resend changes nothing.
 */
@Injectable()
@HandlesJobs('notifyNextActors', 'workflow.transitioned', 'operations.resendTodos')
export class NotifyNextActorsHandler implements JobHandler<'notifyNextActors' | 'workflow.transitioned' | 'operations.resendTodos'> {
  private readonly logger = new Logger(NotifyNextActorsHandler.name);

  constructor(private readonly db: DataSource) {}

  async handle(e: Payload): Promise<{ notified: number }> {
    const [instance] = await this.db.query(
      `SELECT i.snapshot, i.version, c.name AS company FROM workflow_instance i JOIN loan l ON l.id = i.loan_id JOIN company c ON c.id = l.company_id
        WHERE i.loan_id = $1`,
      [e.loanId],
    );
    // A later event has already moved the loan on: that event's job notifies instead.
    if (!instance || instance.version !== e.seq) return { notified: 0 };
    const resend = !('actorId' in e);
    const users: { id: string; language: string; roles: string[]; permissions: string[] }[] = await this.db.query(
      `SELECT u.id, u.language,
              COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
              COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                        WHERE ur.user_id = u.id), '{}') AS permissions
         FROM app_user u WHERE NOT u.disabled AND ($1::uuid IS NULL OR u.id <> $1)`,
      [resend ? null : e.actorId],
    );
    const labels = engine.statusLabels(instance.snapshot);
    let notified = 0;
    for (const u of users) {
      if (engine.isAdminHolder(u)) continue; // administrators are not the workers of the pipeline
      const actions = engine.legalActions(instance.snapshot, { id: u.id, roles: u.roles, authorityList: authorityList(u) });
      if (!actions.length) continue;
      const text = todoText(
        messageLang(u.language),
        instance.company,
        labels,
        actions.map((a) => a.label),
      );
      // One to-do per actor, loan and actions: an existing one is brought up to date (unread again,
      // newest), not repeated; a redelivered job, which would write the same words, changes nothing.
      const inserted = await this.db.query(
        `INSERT INTO message (user_id, title, content, type, source_key, link) VALUES ($1, $2, $3, 'TODO', $4, $5)
         ON CONFLICT (user_id, source_key) WHERE source_key IS NOT NULL
         DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content, created_at = now(), read_at = NULL
          WHERE message.content IS DISTINCT FROM EXCLUDED.content OR ($6 AND message.read_at IS NOT NULL)
         RETURNING id`,
        [
          u.id,
          text.title,
          text.content,
          todoKey(
            e.loanId,
            actions.map((a) => a.type),
          ),
          `/company/node/${e.loanId}`,
          resend,
        ],
      );
      notified += inserted.length;
    }
    this.logger.log(`loan ${e.loanId} #${e.seq}: ${notified} to-do messages`);
    return { notified };
  }
}
