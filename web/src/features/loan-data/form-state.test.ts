import { exampleContent, exampleStatements } from '@app/workflow';
import { describe, expect, it } from 'vitest';
import { checkForm, onlySections, overlaySections, parseNumberText, setField } from './form-state';

describe('parseNumberText', () => {
  it('turns typed text into a number, null when empty, and keeps what is not a number', () => {
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('  ')).toBeNull();
    expect(parseNumberText('1,234.50')).toBe(1234.5);
    expect(parseNumberText('-12')).toBe(-12);
    expect(parseNumberText('.5')).toBe(0.5);
    expect(parseNumberText('12a')).toBe('12a');
  });
});

describe('checkForm: the server rules on the client', () => {
  const client = exampleContent('CLIENT');
  const allSections = ['basic', 'shareholders', 'contacts', 'application', 'assets'];

  it('finds nothing wrong with complete, valid data', () => {
    expect(checkForm('CLIENT', client, allSections)).toEqual({ issues: [], missing: [] });
  });

  it('blocks a save on a wrong kind, a bad choice or a bad phone; reports missing fields without blocking', () => {
    let content = setField(client, 'basic', 'registeredCapital', '5千');
    content = setField(content, 'basic', 'district', 'MARS');
    content = setField(content, 'contacts', 'contacts', [{ name: '李娜', phone: '123' }]);
    content = setField(content, 'basic', 'legalRepresentative', '');
    const check = checkForm('CLIENT', content, allSections);
    expect(check.issues.map((i) => [i.path, i.code])).toEqual([
      ['basic.registeredCapital', 'type'],
      ['basic.district', 'enum'],
      ['contacts.contacts.0.phone', 'pattern'],
    ]);
    expect(check.missing).toEqual(['basic.legalRepresentative']);
  });

  it('checks only the sections the user edits', () => {
    const report = exampleContent('REPORT') as Record<string, any>;
    report.bPostConclusion = { opinion: 'MAYBE' };
    const aSections = Object.keys(exampleContent('REPORT'));
    expect(checkForm('REPORT', report, aSections).issues).toEqual([]);
    expect(checkForm('REPORT', report, ['bPostConclusion']).issues).toEqual([{ path: 'bPostConclusion.opinion', code: 'enum' }]);
  });

  it('refuses a statement cell that is not a number', () => {
    const statements = exampleStatements(2024) as any;
    statements.lines.totalAssets = [10000, '1.1万', 12000];
    const report = setField(exampleContent('REPORT'), 'financials', 'statements', statements);
    expect(checkForm('REPORT', report, ['financials']).issues).toEqual([{ path: 'financials.statements.lines.totalAssets.1', code: 'type' }]);
  });
});

describe('sections of a save and of a restored draft', () => {
  it('sends only the editable sections and restores a draft over them only', () => {
    const saved = { a: { x: 1 }, b: { y: 2 } };
    expect(onlySections(saved, ['a', 'c'])).toEqual({ a: { x: 1 } });
    expect(overlaySections(saved, { a: { x: 9 }, b: { y: 9 } }, ['a'])).toEqual({ a: { x: 9 }, b: { y: 2 } });
    expect(overlaySections(saved, null, ['a'])).toBe(saved);
  });
});
