import type zh from '../zh-CN/http';
import type { Translation } from '../types';

const http: Translation<typeof zh> = {
  systemError: 'System error',
  timeout: 'The request timed out, please try again later',
  networkError: 'Network request failed, please check your connection',
  sessionExpiredTitle: 'Notice',
  sessionExpired: 'This page has expired, please sign in again',
  sessionExpiredConfirm: 'OK',
};
export default http;
