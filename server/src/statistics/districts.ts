import { DISTRICT_CODES, type Label } from '@app/workflow';

/**
 * The administrative division code (GB/T 2260) of each Shanghai district key the company record
 * holds (company.district_code, @app/workflow DISTRICT_CODES): the by-region statistic shows and
 * exports them. OTHER (outside the 16 districts) and a company without a district have none.
 */
export const DISTRICT_ADMIN_CODES: Readonly<Record<string, string>> = {
  HPQ: '310101',
  XHQ: '310104',
  CNQ: '310105',
  JAQ: '310106',
  PTQ: '310107',
  HKQ: '310109',
  YPQ: '310110',
  MHQ: '310112',
  BSQ: '310113',
  JDQ: '310114',
  PDXQ: '310115',
  JSQ: '310116',
  SJQ: '310117',
  QPQ: '310118',
  FXQ: '310120',
  CMQ: '310151',
};

const NOT_GIVEN: Label = { zh: '未填写', en: 'Not given' };

export function districtLabel(key: string | null): Label {
  const option = DISTRICT_CODES.find((o) => o.key === key);
  return option ? { zh: option.zh, en: option.en } : NOT_GIVEN;
}
