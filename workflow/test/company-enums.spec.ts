import {
  BANK_CATEGORIES,
  COMPANY_ENUM_FIELDS,
  COMPANY_QUALIFICATIONS,
  companyEnumKeys,
  companyEnumOption,
  creditCodeCheckChar,
  DISTRICT_CODES,
  ENTERPRISE_KINDS,
  HONOURS,
  isValidCreditCode,
  LISTING_TYPES,
  normalizeCreditCode,
  PROPERTY_TYPES,
  STRATEGIC_INDUSTRIES,
  validateCompany,
  withCheckChar,
} from '../src';

const TODAY = '2026-11-21';
const valid = {
  name: '上海浦江精密机械有限公司',
  creditCode: '91350100M000100Y43',
  legalRepresentative: '王强',
  districtCode: 'PDXQ',
  contactPerson: '李敏',
  contactPhone: '13800138000',
};

describe('company enumerations (spec section 3)', () => {
  it('has every option of the spec, each with both labels and a unique key', () => {
    expect(DISTRICT_CODES.map((d) => d.key)).toEqual([
      'OTHER',
      'PDXQ',
      'HPQ',
      'JAQ',
      'XHQ',
      'CNQ',
      'HKQ',
      'YPQ',
      'PTQ',
      'MHQ',
      'BSQ',
      'JDQ',
      'JSQ',
      'SJQ',
      'QPQ',
      'FXQ',
      'CMQ',
    ]);
    expect(COMPANY_QUALIFICATIONS).toHaveLength(4);
    expect(PROPERTY_TYPES).toHaveLength(3);
    expect(BANK_CATEGORIES).toHaveLength(4);
    expect(LISTING_TYPES).toHaveLength(8);
    expect(STRATEGIC_INDUSTRIES).toHaveLength(11);
    expect(HONOURS).toHaveLength(7);
    expect(ENTERPRISE_KINDS).toHaveLength(3);
    for (const { options } of Object.values(COMPANY_ENUM_FIELDS)) {
      const keys = options.map((option) => option.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const option of options) {
        expect(option.zh.trim()).not.toBe('');
        expect(option.en.trim()).not.toBe('');
      }
    }
  });

  it('finds the words of a key and nothing for an unknown one', () => {
    expect(companyEnumOption('districtCode', 'PDXQ')?.zh).toBe('浦东新区');
    expect(companyEnumOption('districtCode', 'NOPE')).toBeNull();
    expect(companyEnumOption('honours', null)).toBeNull();
    expect(companyEnumKeys('enterpriseKinds')).toEqual(['TECH_INNOVATION', 'STRATEGIC_EMERGING_OTHER', 'LISTED']);
  });
});

describe('unified social credit code', () => {
  it('accepts published codes and computes their check character', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidCreditCode('914403001922038216')).toBe(true);
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
  });

  it('refuses a wrong check character, a wrong length, lower case, letters outside the alphabet, non-strings', () => {
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidCreditCode('91350100m000100y43')).toBe(false);
    expect(isValidCreditCode('91350100I000100Y43')).toBe(false);
    expect(isValidCreditCode(913501001)).toBe(false);
    expect(creditCodeCheckChar('91350100O000100Y4')).toBeNull();
  });

  it('completes 17 characters into a valid code, and a check character of 0 (31 mod 31) works', () => {
    const code = withCheckChar('91310000MA1FL0000');
    expect(isValidCreditCode(code)).toBe(true);
    expect(() => withCheckChar('short')).toThrow();
    // Every one of the 31 possible check characters comes out of some code.
    const seen = new Set<string>();
    for (let i = 0; i < 2000 && seen.size < 31; i++) seen.add(creditCodeCheckChar(`9131000000000${String(i).padStart(4, '0')}`)!);
    expect(seen.size).toBe(31);
  });

  it('normalizes what people type', () => {
    expect(normalizeCreditCode(' 91350100m000 100y43 ')).toBe('91350100M000100Y43');
  });
});

describe('validateCompany', () => {
  it('accepts a complete record and a minimal one', () => {
    expect(validateCompany(valid, TODAY)).toEqual([]);
    expect(
      validateCompany(
        {
          ...valid,
          registeredCapital: 1000.5,
          establishedDate: '2010-02-28',
          registeredAddress: '上海市浦东新区张江路1号',
          enterpriseKinds: ['TECH_INNOVATION', 'LISTED'],
          qualifications: ['HIGH_TECH'],
          propertyType: 'FACTORY',
          bankCategory: 'STATE_OWNED',
          listingType: 'NEEQ',
          strategicIndustries: ['NEW_IT', 'HEALTH'],
          honours: ['SPECIALIZED_NEW'],
          employeeCount: 0,
          mainBusiness: '精密机械',
        },
        TODAY,
      ),
    ).toEqual([]);
  });

  it('names every missing required field', () => {
    expect(validateCompany({}, TODAY).map((i) => i.field)).toEqual(['name', 'creditCode']);
    expect(validateCompany({ name: '甲乙公司', creditCode: valid.creditCode }, TODAY)).toEqual([]);
    expect(validateCompany({ ...valid, name: '   ' }, TODAY)).toEqual([{ field: 'name', key: 'required' }]);
  });

  it('refuses each bad value with its own reason', () => {
    const issue = (patch: Record<string, unknown>) => validateCompany({ ...valid, ...patch }, TODAY);
    expect(issue({ name: '甲' })).toEqual([{ field: 'name', key: 'tooShort' }]);
    expect(issue({ name: 'x'.repeat(101) })).toEqual([{ field: 'name', key: 'tooLong' }]);
    expect(issue({ creditCode: '91350100M000100Y44' })).toEqual([{ field: 'creditCode', key: 'creditCode' }]);
    expect(issue({ contactPhone: '1380013800' })).toEqual([{ field: 'contactPhone', key: 'phone' }]);
    expect(issue({ contactPhone: '1380013800a' })).toEqual([{ field: 'contactPhone', key: 'phone' }]);
    expect(issue({ establishedDate: '2023-02-30' })).toEqual([{ field: 'establishedDate', key: 'date' }]);
    expect(issue({ establishedDate: '2026-11-22' })).toEqual([{ field: 'establishedDate', key: 'futureDate' }]);
    expect(issue({ registeredCapital: 0 })).toEqual([{ field: 'registeredCapital', key: 'positive' }]);
    expect(issue({ registeredCapital: 1.234 })).toEqual([{ field: 'registeredCapital', key: 'decimals' }]);
    expect(issue({ registeredCapital: 1e9 })).toEqual([{ field: 'registeredCapital', key: 'tooLarge' }]);
    expect(issue({ registeredCapital: '100' })).toEqual([{ field: 'registeredCapital', key: 'number' }]);
    expect(issue({ employeeCount: 1.5 })).toEqual([{ field: 'employeeCount', key: 'integer' }]);
    expect(issue({ employeeCount: -1 })).toEqual([{ field: 'employeeCount', key: 'positive' }]);
    expect(issue({ districtCode: 'PUDONG' })).toEqual([{ field: 'districtCode', key: 'option' }]);
    expect(issue({ honours: ['HIGH_TECH', 'NOPE'] })).toEqual([{ field: 'honours', key: 'option' }]);
    expect(issue({ qualifications: 'HIGH_TECH' })).toEqual([{ field: 'qualifications', key: 'option' }]);
    expect(issue({ enterpriseKinds: ['LISTED', 'LISTED'] })).toEqual([{ field: 'enterpriseKinds', key: 'distinct' }]);
    expect(issue({ propertyType: ['FACTORY'] })).toEqual([{ field: 'propertyType', key: 'option' }]);
  });
});
