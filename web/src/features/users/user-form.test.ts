import { describe, expect, it } from 'vitest';
import { userFormErrors, type UserFormValues } from './user-form';

const valid: UserFormValues = {
  username: 'newuser',
  nickname: 'N',
  password: 'Abc@12345',
  confirmPassword: 'Abc@12345',
  phone: '13800138000',
  email: 'a@b.cn',
  roleIds: ['r1'],
};
const errorsOf = (over: Partial<UserFormValues>, adding = true) => userFormErrors({ ...valid, ...over }, adding);

describe('user form rules (spec section 5)', () => {
  it('accepts the edges of every range', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ username: 'abcde' })).toEqual({});
    expect(errorsOf({ username: 'a'.repeat(15) })).toEqual({});
    expect(errorsOf({ password: 'Ab@12345', confirmPassword: 'Ab@12345' })).toEqual({});
    expect(errorsOf({ password: 'Ab@1234567890123', confirmPassword: 'Ab@1234567890123' })).toEqual({});
    expect(errorsOf({ nickname: 'x'.repeat(30) })).toEqual({});
    expect(errorsOf({ phone: '', email: '' })).toEqual({});
  });

  it('refuses one past every edge', () => {
    expect(errorsOf({ username: 'abcd' })).toEqual({ username: 'username' });
    expect(errorsOf({ username: 'a'.repeat(16) })).toEqual({ username: 'username' });
    expect(errorsOf({ password: 'Ab@1234', confirmPassword: 'Ab@1234' })).toEqual({ password: 'password' });
    expect(errorsOf({ password: 'Ab@12345678901234', confirmPassword: 'Ab@12345678901234' })).toEqual({ password: 'password' });
    expect(errorsOf({ password: 'abc12345!', confirmPassword: 'abc12345!' })).toEqual({ password: 'password' });
    expect(errorsOf({ confirmPassword: 'Abc@12346' })).toEqual({ confirmPassword: 'confirmPassword' });
    expect(errorsOf({ nickname: '' })).toEqual({ nickname: 'nickname' });
    expect(errorsOf({ nickname: 'x'.repeat(31) })).toEqual({ nickname: 'nickname' });
    expect(errorsOf({ phone: '1380013800' })).toEqual({ phone: 'phone' });
    expect(errorsOf({ phone: '138001380001' })).toEqual({ phone: 'phone' });
    expect(errorsOf({ email: 'nope' })).toEqual({ email: 'email' });
    expect(errorsOf({ roleIds: [] })).toEqual({ roleIds: 'roleIds' });
  });

  it('does not check the user name and password when editing', () => {
    expect(errorsOf({ username: '', password: '', confirmPassword: 'x' }, false)).toEqual({});
  });
});
