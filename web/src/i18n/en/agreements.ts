import type zh from '../zh-CN/agreements';
import type { Translation } from '../types';

const agreements: Translation<typeof zh> = {
  privacy: 'Privacy Policy',
  service: 'Service Agreement',
  version: 'Version {{version}}',
  missing: 'No agreement text yet',
  backToLogin: 'Back to sign-in',
};
export default agreements;
