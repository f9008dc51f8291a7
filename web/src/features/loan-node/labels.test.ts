import { EVENT_PAYLOAD_FIELDS, EVENT_TYPES } from '@app/workflow';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import type { IssueKey } from './payload-form';
import { eventLabel } from './labels';
import { langOf, pick } from '@/i18n/use-lang';

// Keys the form builds at run time from the machine's payload fields: a field or value the machine
// adds later without words here fails this test, not a user's screen.
const FORM_PARTS = ['quorum', 'passThreshold', 'base', 'passWhen', 'onTie', 'collateralId', 'collateralKind'];
const ISSUES: IssueKey[] = [
  'required',
  'choose',
  'amountNumber',
  'amountPositive',
  'amountDecimals',
  'amountTooLarge',
  'enumValue',
  'distinct',
  'collateralItem',
  'collateralReserved',
  'fraction',
  'rule',
];

const exists = (key: string) => ['zh-CN', 'en'].every((lng) => i18n.exists(key, { lng }));

describe('words of the loan node page', () => {
  it('name every payload field and every value of every enum field in both languages', () => {
    const missing: string[] = [];
    for (const type of EVENT_TYPES) {
      for (const field of EVENT_PAYLOAD_FIELDS[type]) {
        if (!exists(`loanNode.fields.${field.name}`)) missing.push(`fields.${field.name}`);
        for (const value of field.values ?? []) {
          if (!exists(`loanNode.enums.${field.name}.${value}`)) missing.push(`enums.${field.name}.${value}`);
        }
      }
    }
    for (const part of FORM_PARTS) if (!exists(`loanNode.fields.${part}`)) missing.push(`fields.${part}`);
    for (const issue of ISSUES) if (!exists(`loanNode.validation.${issue}`)) missing.push(`validation.${issue}`);
    expect(missing).toEqual([]);
  });

  it('pick the machine label of the current language', () => {
    expect(langOf('en')).toBe('en');
    expect(langOf('zh-CN')).toBe('zh');
    expect(pick({ zh: '审批通过', en: 'Approve' }, 'en')).toBe('Approve');
    expect(pick('plain', 'zh')).toBe('plain');
    expect(eventLabel('PRE_REVIEW_APPROVE', 'zh')).toBe('审批通过');
    expect(eventLabel('NOT_AN_EVENT', 'zh')).toBe('NOT_AN_EVENT');
  });
});
