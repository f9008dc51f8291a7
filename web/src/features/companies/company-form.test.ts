import { withCheckChar } from '@app/workflow';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { companyFormErrors, creditCodeHint, emptyCompanyForm, toCompanyInput, type CompanyFormValues } from './company-form';

const CODE = withCheckChar('91310000MA1FL0000');
const TODAY = '2026-11-21';
const form = (patch: Partial<CompanyFormValues> = {}): CompanyFormValues => ({
  ...emptyCompanyForm(),
  name: '上海申芯微电子科技有限公司',
  creditCode: CODE,
  ...patch,
});

describe("company form: the server's rules on the client", () => {
  it('accepts a minimal and a full record', () => {
    expect(companyFormErrors(form(), TODAY)).toEqual({});
    expect(
      companyFormErrors(
        form({
          legalRepresentative: '王强',
          registeredCapital: '1200.50',
          establishedDate: '2012-03-15',
          districtCode: 'PDXQ',
          contactPerson: '李敏',
          contactPhone: '13800138000',
          enterpriseKinds: ['TECH_INNOVATION'],
          honours: ['HIGH_TECH'],
          employeeCount: 12,
        }),
        TODAY,
      ),
    ).toEqual({});
  });

  it('marks the required fields and the credit code check character', () => {
    expect(companyFormErrors(emptyCompanyForm(), TODAY)).toEqual({ name: 'required', creditCode: 'required' });
    const wrongCheck = CODE.slice(0, 17) + (CODE[17] === '0' ? '1' : '0');
    expect(companyFormErrors(form({ creditCode: wrongCheck }), TODAY)).toEqual({ creditCode: 'creditCode' });
    // Typed in lower case with spaces: normalized, then valid.
    expect(companyFormErrors(form({ creditCode: ` ${CODE.toLowerCase().slice(0, 8)} ${CODE.toLowerCase().slice(8)}` }), TODAY)).toEqual({});
  });

  it('refuses a bad phone, a future or impossible date, bad numbers', () => {
    expect(companyFormErrors(form({ contactPhone: '138001380' }), TODAY)).toEqual({ contactPhone: 'phone' });
    expect(companyFormErrors(form({ establishedDate: '2026-11-22' }), TODAY)).toEqual({ establishedDate: 'futureDate' });
    expect(companyFormErrors(form({ establishedDate: '2025-02-29' }), TODAY)).toEqual({ establishedDate: 'date' });
    expect(companyFormErrors(form({ registeredCapital: '12.345' }), TODAY)).toEqual({ registeredCapital: 'decimals' });
    expect(companyFormErrors(form({ registeredCapital: 'abc' }), TODAY)).toEqual({ registeredCapital: 'number' });
    expect(companyFormErrors(form({ employeeCount: 2.5 }), TODAY)).toEqual({ employeeCount: 'integer' });
    expect(companyFormErrors(form({ name: '甲' }), TODAY)).toEqual({ name: 'tooShort' });
  });

  it('sends trimmed text, numbers as numbers and nothing for empty fields', () => {
    const input = toCompanyInput(form({ name: '  某某公司 ', creditCode: CODE.toLowerCase(), registeredCapital: '88', contactPhone: '', districtCode: null }));
    expect(input).toMatchObject({
      name: '某某公司',
      creditCode: CODE,
      registeredCapital: 88,
      contactPhone: null,
      districtCode: null,
      employeeCount: null,
      honours: [],
    });
  });

  it('tells the expected check character while the code is typed', () => {
    expect(creditCodeHint('9131')).toBeNull();
    expect(creditCodeHint(CODE.slice(0, 17))).toEqual({ expected: CODE[17], complete: false, valid: false });
    expect(creditCodeHint(CODE)).toEqual({ expected: CODE[17], complete: true, valid: true });
  });

  it('words every issue in both languages', async () => {
    const keys = [
      'required',
      'tooShort',
      'tooLong',
      'creditCode',
      'phone',
      'date',
      'futureDate',
      'number',
      'positive',
      'decimals',
      'tooLarge',
      'integer',
      'option',
      'distinct',
    ];
    for (const lang of ['zh-CN', 'en']) {
      await i18n.changeLanguage(lang);
      for (const key of keys) {
        const text = String(i18n.t(`companies.issues.${key}` as never, { field: 'X' } as never));
        expect(text).not.toContain('companies.issues');
      }
    }
    expect(i18n.t('companies.issues.phone')).toBe('The phone must be 11 digits');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('companies.issues.phone')).toBe('联系电话须为 11 位数字');
  });
});
