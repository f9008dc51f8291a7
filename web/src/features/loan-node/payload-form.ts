/**
 * The action form as data: starting values, client-side checks and the payload to send, all derived
 * from the machine's own description of each event's payload (`EVENT_PAYLOAD_FIELDS`). Pure, so the
 * rules are unit-tested without rendering; the modal only draws the fields and translates the issues.
 */
import {
  COLLATERAL_KINDS,
  DEFAULT_VOTE_RULES,
  EVENT_PAYLOAD_FIELDS,
  GUARANTEE_ITEM_ID,
  isCalendarDay,
  MAX_AMOUNT,
  pendingReleaseItems,
  toFen,
  validateVoteRule,
  type EventType,
  type GuaranteeContext,
  type PayloadField,
  type VoteRule,
} from '@app/workflow';
import { companyToday } from '@/lib/format';

export interface CollateralRow {
  id: string;
  kind: string | null;
}

/** A vote rule being edited: `custom: false` sends none (the meeting type's default applies). */
export interface RuleDraft {
  custom: boolean;
  quorum: number | string;
  passThreshold: number | string;
  base: string;
  passWhen: string;
  onTie: string;
}

export type FieldValue = string | string[] | number | boolean | null | CollateralRow[] | RuleDraft;
export type FormValues = Record<string, FieldValue>;

export type IssueKey =
  | 'required'
  | 'choose'
  | 'amountNumber'
  | 'amountPositive'
  | 'dayPast'
  | 'amountDecimals'
  | 'amountTooLarge'
  | 'enumValue'
  | 'distinct'
  | 'collateralItem'
  | 'collateralReserved'
  | 'fraction'
  | 'rule'
  | 'day'
  | 'dayFuture';

/** One problem with one field, language-free (the form translates `loanNode.validation.<key>`). */
export interface FieldIssue {
  field: string;
  key: IssueKey;
}

/**
 * Payload fields the server fills itself whatever the client sends: COUNTER_GUARANTEE_CONFIRM carries
 * the loan's collateral register. The form shows them read-only and never sends them.
 */
const SERVER_FILLED: Partial<Record<EventType, readonly string[]>> = { COUNTER_GUARANTEE_CONFIRM: ['collateral'] };

export function isServerFilled(type: EventType, field: string): boolean {
  return SERVER_FILLED[type]?.includes(field) ?? false;
}

/** The fields the user fills in for `type` (those the server fills are left out). */
export function payloadFields(type: EventType): readonly PayloadField[] {
  return EVENT_PAYLOAD_FIELDS[type].filter((field) => !isServerFilled(type, field.name));
}

const meetingTypeOf = (type: EventType) => (type.startsWith('GENERAL_OFFICE') ? 'GENERAL_OFFICE' : 'REVIEW_COMMITTEE');

/** Choices for an id field the loan itself determines (the items still to release), else null. */
export function choicesFor(type: EventType, field: PayloadField, context?: GuaranteeContext | null): string[] | null {
  if (type === 'CONFIRM_RELEASE' && field.name === 'itemId' && context) return pendingReleaseItems(context);
  return null;
}

function prefill(type: EventType, field: PayloadField, context?: GuaranteeContext | null): string | number | null {
  if (!context) return null;
  switch (field.name) {
    case 'meetingId':
      // A new allocation names a new meeting; every later meeting event is about the current one.
      return type.endsWith('_ALLOCATE') ? null : (context.meeting?.meetingId ?? null);
    case 'bPostOfficerId':
      return context.bPostOfficerId;
    case 'itemId':
      return choicesFor(type, field, context)?.[0] ?? null;
    case 'amount':
      if (type === 'PRE_REVIEW_MODIFY_AMOUNT' || type === 'GENERAL_OFFICE_MODIFY_AMOUNT') return context.amount;
      // RECORD_REPAYMENT: the open instalment's due, once the dialog has the plan (never the whole principal)
      if (type === 'PREMIUM_EDIT') return context.premiumAmount;
      return null;
    case 'disbursedAmountFen':
      // entered in yuan like every amount on screen; sent in fen
      return context.amount;
    case 'outcome':
      // a recovery case closes as recovered unless a write-off is chosen by hand (its loss is confirmed apart)
      return type === 'RECOVERY_CLOSE' ? 'RECOVERED' : null;
    default:
      return null;
  }
}

/** The form's starting values for `type` on a loan with `context`. */
export function initialValues(type: EventType, context?: GuaranteeContext | null): FormValues {
  const values: FormValues = {};
  for (const field of payloadFields(type)) {
    const preset = prefill(type, field, context);
    switch (field.kind) {
      case 'text':
      case 'id':
        values[field.name] = preset === null ? '' : String(preset);
        break;
      case 'amount':
      case 'fen':
      case 'fenOrZero':
        values[field.name] = typeof preset === 'number' ? preset : '';
        break;
      case 'date':
        values[field.name] = '';
        break;
      case 'ids':
        values[field.name] = [];
        break;
      case 'enum':
        values[field.name] = typeof preset === 'string' ? preset : null;
        break;
      case 'enumList':
        // SUBMIT_MATERIALS: all four data types until later issues fill it from the stored data.
        values[field.name] = type === 'SUBMIT_MATERIALS' ? [...(field.values ?? [])] : [];
        break;
      case 'voteRule':
        values[field.name] = { custom: false, ...DEFAULT_VOTE_RULES[meetingTypeOf(type)] };
        break;
      case 'collateral':
        values[field.name] = [];
        break;
      case 'flag':
        // a confirmation is given by hand, never by default
        values[field.name] = false;
        break;
      case 'stateValue':
        // OPERATOR_MOVE's target: picked in the operations console's move dialog, never here
        values[field.name] = null;
        break;
    }
  }
  return values;
}

const asText = (value: FieldValue | undefined) => (typeof value === 'string' ? value.trim() : '');
const asList = (value: FieldValue | undefined) => (Array.isArray(value) ? (value as unknown[]) : []);

function toNumber(value: FieldValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const isBlank = (value: FieldValue | undefined) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

function amountIssue(value: FieldValue | undefined): IssueKey | null {
  const n = toNumber(value);
  if (n === null) return 'amountNumber';
  if (n <= 0) return 'amountPositive';
  // Decimals counted on the text the user typed when there is one (0.1 + 0.2 style noise aside).
  const text = typeof value === 'string' ? value.trim() : String(n);
  const decimals = /\.(\d+)$/.exec(text)?.[1]?.replace(/0+$/, '') ?? '';
  if (decimals.length > 2 || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return 'amountDecimals';
  if (n > MAX_AMOUNT) return 'amountTooLarge';
  return null;
}

function ruleOf(draft: RuleDraft): VoteRule {
  return {
    quorum: toNumber(draft.quorum) ?? NaN,
    passThreshold: toNumber(draft.passThreshold) ?? NaN,
    base: draft.base as VoteRule['base'],
    passWhen: draft.passWhen as VoteRule['passWhen'],
    onTie: draft.onTie as VoteRule['onTie'],
  };
}

function fieldIssues(field: PayloadField, value: FieldValue | undefined): FieldIssue[] {
  const issue = (key: IssueKey, name = field.name): FieldIssue => ({ field: name, key });
  switch (field.kind) {
    case 'text':
    case 'id':
      return field.required && asText(value) === '' ? [issue('required')] : [];
    case 'amount':
    case 'fen':
      if (isBlank(value)) return field.required ? [issue('required')] : [];
      return [amountIssue(value)].filter((k): k is IssueKey => k !== null).map((k) => issue(k));
    case 'fenOrZero': {
      if (isBlank(value)) return field.required ? [issue('required')] : [];
      // zero is a whole amount here (no interest, no penalty); anything else as an amount
      const key = toNumber(value) === 0 ? null : amountIssue(value);
      return key ? [issue(key)] : [];
    }
    case 'date':
      if (isBlank(value)) return field.required ? [issue('required')] : [];
      if (!isCalendarDay(value)) return [issue('day')];
      if (field.future) return String(value) > companyToday() ? [] : [issue('dayPast')];
      // the browser's day is close enough for a hint; the server judges in the company's calendar
      return String(value) > companyToday() ? [issue('dayFuture')] : [];
    case 'ids': {
      const ids = asList(value).map((v) => String(v).trim());
      if (ids.length === 0) return field.required ? [issue('required')] : [];
      if (ids.some((id) => id === '')) return [issue('required')];
      return new Set(ids).size === ids.length ? [] : [issue('distinct')];
    }
    case 'enum':
      if (isBlank(value)) return field.required ? [issue('choose')] : [];
      return field.values?.includes(String(value)) ? [] : [issue('enumValue')];
    case 'enumList': {
      const list = asList(value).map(String);
      if (list.length === 0) return field.required ? [issue('choose')] : [];
      if (!list.every((v) => field.values?.includes(v))) return [issue('enumValue')];
      return new Set(list).size === list.length ? [] : [issue('distinct')];
    }
    case 'voteRule': {
      const draft = value as RuleDraft | null | undefined;
      if (!draft || !draft.custom) return [];
      const fraction = (name: 'quorum' | 'passThreshold') => {
        const n = toNumber(draft[name]);
        return n === null || n <= 0 || n > 1 ? [issue('fraction', name)] : [];
      };
      const issues = [...fraction('quorum'), ...fraction('passThreshold')];
      if (issues.length > 0) return issues;
      return validateVoteRule(ruleOf(draft)).length > 0 ? [issue('rule')] : [];
    }
    case 'collateral': {
      const rows = asList(value) as CollateralRow[];
      if (rows.some((row) => row.id.trim() === '' || !COLLATERAL_KINDS.includes(row.kind as never))) return [issue('collateralItem')];
      if (rows.some((row) => row.id.trim() === GUARANTEE_ITEM_ID)) return [issue('collateralReserved')];
      const ids = rows.map((row) => row.id.trim());
      return new Set(ids).size === ids.length ? [] : [issue('distinct')];
    }
    case 'flag':
      return [];
    case 'stateValue':
      return field.required && (value === null || value === undefined) ? [issue('required')] : [];
  }
}

/** Every problem the client can see before sending (the server and the machine judge the rest). */
export function validateValues(type: EventType, values: FormValues): FieldIssue[] {
  return payloadFields(type).flatMap((field) => fieldIssues(field, values[field.name]));
}

/** The payload to send: trimmed text, numbers as numbers, optional fields left out when empty. */
export function toPayload(type: EventType, values: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of payloadFields(type)) {
    const value = values[field.name];
    switch (field.kind) {
      case 'text':
      case 'id': {
        const text = asText(value);
        if (text !== '' || field.required) payload[field.name] = text;
        break;
      }
      case 'amount':
        if (!isBlank(value) || field.required) payload[field.name] = toNumber(value);
        break;
      case 'fen':
      case 'fenOrZero': {
        const yuan = toNumber(value);
        if (!isBlank(value) || field.required) payload[field.name] = yuan === null ? null : toFen(yuan);
        break;
      }
      case 'date':
        if (!isBlank(value) || field.required) payload[field.name] = asText(value);
        break;
      case 'ids':
        payload[field.name] = asList(value).map((v) => String(v).trim());
        break;
      case 'enum':
        if (!isBlank(value) || field.required) payload[field.name] = value;
        break;
      case 'enumList':
        payload[field.name] = asList(value).map(String);
        break;
      case 'voteRule': {
        const draft = value as RuleDraft | null | undefined;
        if (draft?.custom) payload[field.name] = ruleOf(draft);
        break;
      }
      case 'collateral':
        payload[field.name] = (asList(value) as CollateralRow[]).map((row) => ({ id: row.id.trim(), kind: row.kind }));
        break;
      case 'flag':
        // sent only when given: an unticked confirmation is the same as none
        if (value === true) payload[field.name] = true;
        break;
      case 'stateValue':
        if (value !== null && value !== undefined) payload[field.name] = value;
        break;
    }
  }
  return payload;
}
