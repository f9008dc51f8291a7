import type zh from '../zh-CN/profile';
import type { Translation } from '../types';

const profile: Translation<typeof zh> = {
  avatar: {
    title: 'Change avatar',
    choose: 'Choose image',
    hint: 'jpg, png or ico, at most 500 KB',
    current: 'Current avatar',
    preview: 'New avatar preview',
    wrongType: 'The avatar must be a jpg, png or ico image',
    tooLarge: 'The avatar must not exceed 500 KB',
    required: 'Please choose an image first',
    success: 'Your avatar has been updated',
  },
  password: {
    title: 'Change password',
    old: 'Current password',
    new: 'New password',
    confirm: 'Confirm new password',
    oldRequired: 'Please enter your current password',
    newRequired: 'Please enter a new password',
    confirmRequired: 'Please enter the new password again',
    rule: 'The password must be 8-16 characters with digits, upper and lower case letters and symbols',
    mismatch: 'The two passwords are inconsistent',
    sameAsOld: 'The new password must differ from the current one',
    success: 'Your password has been changed',
  },
};
export default profile;
