import type zh from '../zh-CN/auth';
import type { Translation } from '../types';

const auth: Translation<typeof zh> = {
  title: 'Sign in',
  subtitle: 'Welcome to the Guarantee Management Platform',
  tagline:
    'The whole loan-guarantee process in one place: data collection, pre-review, general office, risk control, review committee, during and after guarantee.',
  username: 'User name',
  usernamePlaceholder: 'Enter your user name',
  password: 'Password',
  passwordPlaceholder: 'Enter your password',
  captcha: 'Verification code',
  captchaPlaceholder: 'Enter the verification code',
  captchaRefresh: 'Hard to read? Click the image for a new one',
  captchaImageAlt: 'Verification code image',
  agreement: 'I have read and agree to the <service>Service Agreement</service> and the <privacy>Privacy Policy</privacy>',
  submit: 'Sign in',
  signingIn: 'Signing in…',
  validation: {
    usernameRequired: 'Please enter your user name',
    passwordRequired: 'Please enter your password',
    passwordMin: 'The password must be at least 8 characters',
    captchaRequired: 'Please enter the verification code',
    agreementRequired: 'Please tick and agree to the service agreement and privacy policy',
  },
  failed: 'Sign-in failed',
  encryptFailed: 'The password could not be encrypted, please reload the page and try again',
  loadingUser: 'Loading your account…',
  loadUserFailed: 'Your account could not be loaded; you are still signed in.',
  loadUserRetry: 'Retry',
  loadUserSignIn: 'Sign in again',
  footer: '© Guarantee Management Platform',
};
export default auth;
