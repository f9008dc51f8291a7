import { loadConfig } from '../config/config';
import { companyDateTime, companyDay, companyTimeZone, companyZoneSql, isTimeZone, setCompanyTimeZone } from './company-time';

describe('company time zone', () => {
  afterEach(() => setCompanyTimeZone('Asia/Shanghai'));

  it('is Asia/Shanghai unless COMPANY_TIME_ZONE names another IANA zone; a wrong name stops the start', () => {
    expect(loadConfig({}).companyTimeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ COMPANY_TIME_ZONE: 'Europe/Berlin' }).companyTimeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ COMPANY_TIME_ZONE: 'Mars/Olympus' })).toThrow(/COMPANY_TIME_ZONE/);
    // Names go into SQL as literals: anything but an IANA-shaped name is refused.
    expect(isTimeZone("Asia/Shanghai'; DROP TABLE loan; --")).toBe(false);
    expect(() => setCompanyTimeZone('UTC+8')).toThrow();
  });

  it("writes days and times in the company's zone, whatever the server's", () => {
    const at = new Date('2026-03-01T17:30:00Z');
    expect(companyTimeZone()).toBe('Asia/Shanghai');
    expect(companyDay(at)).toBe('2026-03-02');
    expect(companyDateTime(at)).toBe('2026-03-02 01:30');
    expect(companyDateTime('2026-03-01T00:05:00Z')).toBe('2026-03-01 08:05');
    expect(companyDateTime(null)).toBe('');
    expect(companyDateTime('not a time')).toBe('');

    setCompanyTimeZone('America/New_York');
    expect(companyDay(at)).toBe('2026-03-01');
    expect(companyDateTime(at)).toBe('2026-03-01 12:30');
    expect(companyZoneSql()).toBe("'America/New_York'");
  });
});
