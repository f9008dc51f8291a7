import type zh from '../zh-CN/permissions';
import type { Translation } from '../types';

const permissions: Translation<typeof zh> = {
  denied: 'You are not allowed to do this',
};
export default permissions;
