/**
 * What the loan page shows and confirms about a loan that went bad, read from its workflow context:
 * the compensation's amounts, what was paid, recovered and written off, and the balance still to
 * recover (@app/workflow's compensationBalanceOf, the same rule the machine's guards use). Pure, in fen.
 */
import { compensationBalanceOf, compensationTotalFen, type EventType, type GuaranteeContext } from '@app/workflow';

export interface CompensationFigures {
  principalFen: number;
  interestFen: number;
  penaltyFen: number;
  totalFen: number;
  /** The total once paid to the bank (COMPENSATION_PAY), 0 before. */
  paidFen: number;
  recoveredFen: number;
  writtenOffFen: number;
  /** 代偿余额: paid, less recovered and written off (0 before payment). */
  balanceFen: number;
}

/** The context as a snapshot carries it: version 1 instances lack the bad-loan fields. */
type Context = Partial<Pick<GuaranteeContext, 'compensation'>> | null | undefined;

export function compensationFigures(context: Context): CompensationFigures | null {
  const k = context?.compensation;
  if (!k) return null;
  const totalFen = compensationTotalFen(k);
  return {
    principalFen: k.principalFen,
    interestFen: k.interestFen,
    penaltyFen: k.penaltyFen,
    totalFen,
    paidFen: k.paidOn === null ? 0 : totalFen,
    recoveredFen: k.recoveredFen,
    writtenOffFen: k.writtenOffFen,
    balanceFen: compensationBalanceOf(context as GuaranteeContext),
  };
}

/**
 * A step that moves money or cannot be taken back, stated in words before it is sent:
 * - `pay`: COMPENSATION_PAY, the total goes to the bank and becomes a receivable;
 * - `writeOffRequest`: RECOVERY_CLOSE as WRITTEN_OFF, the balance is to become a loss (on approval);
 * - `writeOffApprove`: RECOVERY_WRITE_OFF_APPROVE, the balance becomes a loss and the loan closes;
 * - `balanceOpen`: RECOVERY_CLOSE as RECOVERED while a balance is open (the machine refuses it): a note only.
 * `figures` null: the dialog was opened without the loan's context (the words then name no amount).
 */
export type MoneyStep =
  | { kind: 'pay' | 'writeOffRequest' | 'writeOffApprove'; confirm: true; figures: CompensationFigures | null; reason: string | null }
  | { kind: 'balanceOpen'; confirm: false; figures: CompensationFigures; reason: null };

/** The money step `type` is with these form values, or null for an ordinary step. */
export function moneyStepOf(type: EventType, context: Context, values: Readonly<Record<string, unknown>>): MoneyStep | null {
  const figures = compensationFigures(context);
  switch (type) {
    case 'COMPENSATION_PAY':
      return { kind: 'pay', confirm: true, figures, reason: null };
    case 'RECOVERY_CLOSE':
      if (values.outcome === 'WRITTEN_OFF') return { kind: 'writeOffRequest', confirm: true, figures, reason: null };
      if (values.outcome === 'RECOVERED' && figures && figures.balanceFen > 0) return { kind: 'balanceOpen', confirm: false, figures, reason: null };
      return null;
    case 'RECOVERY_WRITE_OFF_APPROVE':
      return { kind: 'writeOffApprove', confirm: true, figures, reason: context?.compensation?.writeOff?.reason ?? null };
    default:
      return null;
  }
}

/** What a confirmation was given for: a new amount or another step needs a new one. */
export function moneyStepKey(step: MoneyStep): string {
  return `${step.kind}:${step.figures?.totalFen ?? '-'}:${step.figures?.balanceFen ?? '-'}`;
}

/** What the loan page shows of the bad-loan path: the compensation panel, the overdue and extension panel. */
export function badLoanPanelsOf(view: { stage: string; snapshot: { context: Partial<GuaranteeContext> | null } }): { compensation: boolean; overdue: boolean } {
  const c = view.snapshot.context;
  return {
    // in compensation, in recovery, or closed after one (a refusal clears the case)
    compensation: Boolean(c?.compensation) && ['compensation', 'recovery', 'closed'].includes(view.stage),
    overdue: view.stage === 'afterGuarantee' && Boolean(c?.overdueNotice || c?.extension || c?.extendedMaturityOn),
  };
}

/** A history event as the loan's history route gives it (type, payload, who). */
interface HistoryLike {
  seq: number;
  type: string;
  payload: Record<string, unknown> | null;
  actor: { id: string; name: string | null };
}

export interface RecoveryRow {
  seq: number;
  amountFen: number;
  source: string;
  receivedOn: string;
  by: string;
}

export interface RecoveryStageRow {
  seq: number;
  stage: string;
  on: string;
  note: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Each RECOVERY_RECORD of the loan's history, in order. */
export function recoveriesOf(history: readonly HistoryLike[]): RecoveryRow[] {
  return history
    .filter((e) => e.type === 'RECOVERY_RECORD' && e.payload && Number.isSafeInteger(e.payload.amountFen))
    .map((e) => ({
      seq: e.seq,
      amountFen: e.payload!.amountFen as number,
      source: str(e.payload!.source),
      receivedOn: str(e.payload!.receivedOn),
      by: e.actor.name ?? e.actor.id,
    }));
}

/** Each RECOVERY_STAGE of the loan's history, in order. */
export function recoveryStagesOf(history: readonly HistoryLike[]): RecoveryStageRow[] {
  return history
    .filter((e) => e.type === 'RECOVERY_STAGE' && e.payload)
    .map((e) => ({ seq: e.seq, stage: str(e.payload!.stage), on: str(e.payload!.on), note: str(e.payload!.note) }));
}
