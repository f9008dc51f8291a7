import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { AVATAR_MAX_BYTES, checkAvatarFile, PASSWORD_PATTERN, validatePasswordChange } from './profile-rules';

describe('new password rule', () => {
  it('needs 8-16 characters with digits, upper, lower and symbols', () => {
    for (const ok of ['Demo@2026', 'Aa1!aaaa', 'Abcdefgh12345#$%'.slice(0, 16)]) expect(PASSWORD_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['Aa1!aaa', 'Aa1!aaaaaaaaaaaaa', 'demo@2026', 'DEMO@2026', 'Demo2026x', 'Demo@abcd', 'Demo @2026'])
      expect(PASSWORD_PATTERN.test(bad), bad).toBe(false);
  });

  it('reports a confirmation that does not match, in both languages', async () => {
    const errors = validatePasswordChange({ oldPassword: 'Old@2025x', newPassword: 'Demo@2026', confirmPassword: 'Demo@2027' });
    expect(errors).toEqual({ confirmPassword: 'profile.password.mismatch' });
    await i18n.changeLanguage('en');
    expect(i18n.t(errors.confirmPassword!)).toBe('The two passwords are inconsistent');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t(errors.confirmPassword!)).toBe('两次输入的密码不一致');
  });

  it('requires every field', () => {
    expect(validatePasswordChange({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'profile.password.oldRequired',
      newPassword: 'profile.password.newRequired',
      confirmPassword: 'profile.password.confirmRequired',
    });
  });
});

describe('avatar check', () => {
  it('takes jpg, png and ico up to 500 KB', () => {
    expect(checkAvatarFile({ name: 'me.PNG', size: 1000 })).toBeNull();
    expect(checkAvatarFile({ name: 'me.ico', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(checkAvatarFile({ name: 'me.gif', size: 1000 })).toBe('profile.avatar.wrongType');
    expect(checkAvatarFile({ name: 'me.jpg', size: AVATAR_MAX_BYTES + 1 })).toBe('profile.avatar.tooLarge');
  });
});
