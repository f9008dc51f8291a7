/** The loan data rules: the four types' schemas, completeness, who may edit what and when, and the words. */

import {
  B_POST_SECTION,
  completeDataTypes,
  completenessOf,
  DATA_EDIT_WINDOWS,
  DATA_PREVIEW_PERMISSIONS,
  DATA_READ_PERMISSIONS,
  DATA_TYPE_SPECS,
  DATA_TYPES,
  describeIssue,
  editableSections,
  exampleContent,
  exampleReport,
  fieldLabel,
  flattenPermissionTree,
  ROLE_ROOT,
  validateContent,
  type DataSnapshotLike,
} from '../src/index';

const ctx = { aPostOfficerId: 'a-post', bPostOfficerId: 'b-post' };
const at = (value: unknown): DataSnapshotLike => ({ value, context: ctx });
const A_POST = { id: 'a-post', roles: ['ROLE_USER'], authorityList: ['sys:loan:perfect', 'sys:review:perfect', 'sys:zb:perfect', 'sys:bs:perfect'] };
const B_POST = { id: 'b-post', roles: ['ROLE_USER'], authorityList: ['risk_control_perfect'] };

describe('the data types as data', () => {
  it('has the four types and the 17 report sections, only the last written by the B-post officer', () => {
    expect(Object.keys(DATA_TYPE_SPECS)).toEqual([...DATA_TYPES]);
    const report = DATA_TYPE_SPECS.REPORT.sections;
    expect(report).toHaveLength(17);
    expect(report.filter((s) => s.post === 'B').map((s) => s.key)).toEqual([B_POST_SECTION]);
    expect(report[16].key).toBe(B_POST_SECTION);
    expect(report.find((s) => s.key === 'financials')?.fields[0].kind).toBe('financials');
    expect(report.filter((s) => s.computed).map((s) => [s.key, s.computed])).toEqual([
      ['ratioAnalysis', 'ratios'],
      ['cashFlowAnalysis', 'cashFlow'],
    ]);
  });

  it('gives every section, field, column and choice unique keys and both labels', () => {
    for (const spec of Object.values(DATA_TYPE_SPECS)) {
      expect(new Set(spec.sections.map((s) => s.key)).size).toBe(spec.sections.length);
      for (const section of spec.sections) {
        expect(section.zh && section.en).toBeTruthy();
        expect(new Set(section.fields.map((f) => f.key)).size).toBe(section.fields.length);
        for (const field of section.fields) {
          expect(field.zh && field.en).toBeTruthy();
          if (field.kind === 'enum' || field.kind === 'enumList') expect(field.options?.length).toBeGreaterThan(0);
          for (const opt of field.options ?? []) expect(opt.zh && opt.en && opt.value).toBeTruthy();
          if (field.kind === 'table') {
            expect(field.columns?.length).toBeGreaterThan(0);
            for (const column of field.columns ?? []) expect(['table', 'financials']).not.toContain(column.kind);
          }
        }
      }
    }
  });

  it('names only permission codes of the tree', () => {
    const keys = new Set(flattenPermissionTree().map((p) => p.key));
    for (const w of DATA_EDIT_WINDOWS) expect(keys.has(w.permission)).toBe(true);
    for (const key of [...DATA_READ_PERMISSIONS, ...DATA_PREVIEW_PERMISSIONS]) expect([key, keys.has(key)]).toEqual([key, true]);
  });
});

describe('validateContent', () => {
  it('accepts the examples of every type', () => {
    for (const type of DATA_TYPES) expect(validateContent(type, exampleContent(type))).toEqual([]);
    expect(validateContent('REPORT', exampleReport('某公司', 2024, true))).toEqual([]);
  });

  it('accepts partial content: required fields are completeness, not validity', () => {
    expect(validateContent('CLIENT', {})).toEqual([]);
    expect(validateContent('CLIENT', { basic: { companyName: '甲公司' }, contacts: null })).toEqual([]);
  });

  it('refuses wrong kinds, unknown keys, bad choices, lengths, ranges and dates', () => {
    const content = {
      basic: {
        companyName: 'x'.repeat(201),
        registeredCapital: '5000',
        employees: 1.5,
        district: 'MARS',
        qualifications: ['HIGH_TECH', 'HIGH_TECH'],
        establishedDate: '2023-02-30',
        creditCode: 'not-a-code',
        nickname: 'x',
      },
      shareholders: { shareholders: [{ name: '甲', ratio: 120, colour: 'red' }] },
      nowhere: {},
    };
    const issues = validateContent('CLIENT', content);
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'basic.companyName', code: 'maxLength', params: { max: 200 } },
        { path: 'basic.registeredCapital', code: 'type' },
        { path: 'basic.employees', code: 'type' },
        { path: 'basic.district', code: 'enum' },
        { path: 'basic.qualifications', code: 'duplicate' },
        { path: 'basic.establishedDate', code: 'date' },
        { path: 'basic.creditCode', code: 'pattern' },
        { path: 'basic.nickname', code: 'unknown' },
        { path: 'shareholders.shareholders.0.ratio', code: 'max', params: { max: 100 } },
        { path: 'shareholders.shareholders.0.colour', code: 'unknown' },
        { path: 'nowhere', code: 'unknown' },
      ]),
    );
    expect(issues).toHaveLength(11);
    expect(validateContent('CLIENT', [])).toEqual([{ path: '', code: 'type' }]);
  });

  it('checks the financial statements inside the report', () => {
    const report = exampleContent('REPORT') as any;
    report.financials.statements.lines.totalAssets[2] = -5;
    expect(validateContent('REPORT', report)).toEqual([{ path: 'financials.statements.lines.totalAssets.2', code: 'min', params: { min: 0 } }]);
  });
});

describe('completeness', () => {
  it('finds the examples complete (the report without its B-post conclusion still counts)', () => {
    for (const type of DATA_TYPES) expect(completenessOf(type, exampleContent(type)).complete).toBe(true);
    const report = completenessOf('REPORT', exampleContent('REPORT'));
    expect(report.sections.find((s) => s.key === B_POST_SECTION)?.complete).toBe(false);
    expect(completenessOf('REPORT', exampleReport('某公司', 2024, true)).sections.every((s) => s.complete)).toBe(true);
  });

  it('lists what is missing: fields, empty required tables, required columns and statement cells', () => {
    const empty = completenessOf('CLIENT', null);
    expect(empty.complete).toBe(false);
    const basic = empty.sections.find((s) => s.key === 'basic');
    expect(basic?.missing).toEqual(expect.arrayContaining(['basic.companyName', 'basic.creditCode', 'basic.district']));
    expect(empty.sections.find((s) => s.key === 'contacts')?.missing).toEqual(['contacts.contacts']);
    // An optional section is complete when empty.
    expect(empty.sections.find((s) => s.key === 'assets')).toMatchObject({ required: false, complete: true });

    const client = exampleContent('CLIENT') as any;
    client.contacts.contacts.push({ name: '', phone: null });
    client.basic.companyName = '   ';
    const partial = completenessOf('CLIENT', client);
    expect(partial.complete).toBe(false);
    expect(partial.sections.flatMap((s) => s.missing)).toEqual(['basic.companyName', 'contacts.contacts.1.name', 'contacts.contacts.1.phone']);

    const report = exampleContent('REPORT') as any;
    report.financials.statements.lines.netProfit[2] = null;
    expect(completenessOf('REPORT', report).sections.find((s) => s.key === 'financials')?.missing).toEqual(['financials.statements.lines.netProfit.2']);
  });

  it('counts false as an answer', () => {
    const report = exampleContent('REPORT') as any;
    report.materialsCheck.taxRecords = false;
    expect(completenessOf('REPORT', report).complete).toBe(true);
  });

  it('names the complete types for SUBMIT_MATERIALS', () => {
    expect(completeDataTypes({})).toEqual([]);
    expect(completeDataTypes({ CLIENT: exampleContent('CLIENT'), REPORT: { companyBasics: {} } })).toEqual(['CLIENT']);
    expect(
      completeDataTypes({
        CLIENT: exampleContent('CLIENT'),
        INQUIRY: exampleContent('INQUIRY'),
        AGENT: exampleContent('AGENT'),
        REPORT: exampleContent('REPORT'),
      }),
    ).toEqual([...DATA_TYPES]);
  });
});

describe('editableSections', () => {
  const collecting = at({ collection: 'toBeImproved' });

  it('lets the A-post officer perfect every A-post section while collecting or after a return', () => {
    expect(editableSections('CLIENT', collecting, A_POST)).toEqual({ sections: DATA_TYPE_SPECS.CLIENT.sections.map((s) => s.key), refusal: null });
    const report = editableSections('REPORT', at({ collection: 'returned' }), A_POST);
    expect(report.sections).toHaveLength(16);
    expect(report.sections).not.toContain(B_POST_SECTION);
  });

  it('refuses by permission first, then by officer, then by state', () => {
    expect(editableSections('CLIENT', collecting, { ...A_POST, authorityList: [] }).refusal).toBe('PERMISSION');
    expect(editableSections('CLIENT', collecting, { ...A_POST, id: 'someone-else' }).refusal).toBe('OFFICER');
    expect(editableSections('CLIENT', at({ collection: 'submitted' }), A_POST).refusal).toBe('STATE');
    expect(editableSections('CLIENT', at({ preReview: 'approved' }), A_POST).refusal).toBe('STATE');
    expect(editableSections('REPORT', at({ preReview: 'awaitingApproval' }), A_POST).refusal).toBe('STATE');
  });

  it('opens only the data the next meeting reads once the materials have gone', () => {
    expect(editableSections('AGENT', at({ preReview: 'approved' }), A_POST).refusal).toBeNull();
    expect(editableSections('INQUIRY', at({ preReview: 'rejected' }), A_POST).refusal).toBeNull();
    expect(editableSections('AGENT', at({ generalOffice: 'awaitingMeeting' }), A_POST).refusal).toBeNull();
    expect(editableSections('AGENT', at({ generalOffice: 'voting' }), A_POST).refusal).toBe('STATE');
    expect(editableSections('REPORT', at({ insuranceReview: 'failed' }), A_POST).sections).toHaveLength(16);
  });

  it('gives the B-post officer the conclusion only, in risk control', () => {
    expect(editableSections('REPORT', at({ riskControl: 'inProgress' }), B_POST)).toEqual({ sections: [B_POST_SECTION], refusal: null });
    expect(editableSections('REPORT', at({ riskControl: 'completed' }), B_POST).refusal).toBe('STATE');
    expect(editableSections('REPORT', at({ riskControl: 'inProgress' }), { ...B_POST, id: 'b-post-2' }).refusal).toBe('OFFICER');
    expect(editableSections('REPORT', at({ riskControl: 'inProgress' }), A_POST).refusal).toBe('STATE');
    expect(editableSections('CLIENT', at({ riskControl: 'inProgress' }), B_POST).refusal).toBe('PERMISSION');
  });

  it('lets ROOT pass the officer rule but never the state rule', () => {
    const root = { id: 'root', roles: [ROLE_ROOT], authorityList: [] };
    expect(editableSections('CLIENT', collecting, root).refusal).toBeNull();
    expect(editableSections('REPORT', at({ riskControl: 'inProgress' }), root).sections).toEqual([B_POST_SECTION]);
    expect(editableSections('CLIENT', at({ closed: {} }), root).refusal).toBe('STATE');
  });
});

describe('words', () => {
  it('labels paths and describes problems in both languages', () => {
    expect(fieldLabel('CLIENT', 'basic.registeredCapital', 'zh')).toBe('企业基本信息 / 注册资本');
    expect(fieldLabel('CLIENT', 'shareholders.shareholders.1.ratio', 'en')).toBe('Shareholders and controller / Shareholders row 2 Share');
    expect(fieldLabel('REPORT', 'financials.statements.lines.totalAssets.2', 'zh')).toBe('四、近三年财务报表 / 财务报表 资产总计 第 3 年');
    expect(describeIssue('CLIENT', { path: 'basic.companyName', code: 'maxLength', params: { max: 200 } }, 'zh')).toBe(
      '企业基本信息 / 企业名称不能超过 200 个字',
    );
    expect(describeIssue('CLIENT', { path: 'contacts.contacts.0.phone', code: 'pattern' }, 'en')).toBe(
      'Contacts / Contacts row 1 Phone must be an 11-digit mobile or a landline number',
    );
    expect(describeIssue('CLIENT', { path: 'basic.companyName', code: 'required' }, 'en')).toBe('Company basics / Company name is required');
  });
});
