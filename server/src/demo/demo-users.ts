import { ROLE_ADMIN, ROLE_USER } from '@app/workflow';

/** One account per post of the pipeline (three attendees for each voting meeting). */
export const DEMO_USERS: { username: string; nickname: string; roles: string[] }[] = [
  { username: 'admin', nickname: '系统管理员', roles: [ROLE_ADMIN, ROLE_USER] },
  { username: 'apost', nickname: 'A岗 王敏', roles: [ROLE_USER, 'A_POST'] },
  { username: 'bpost', nickname: 'B岗 李强', roles: [ROLE_USER, 'B_POST'] },
  { username: 'prereview', nickname: '预审 张华', roles: [ROLE_USER, 'PRE_REVIEW'] },
  { username: 'zb1', nickname: '总办会 陈一', roles: [ROLE_USER, 'GENERAL_OFFICE'] },
  { username: 'zb2', nickname: '总办会 陈二', roles: [ROLE_USER, 'GENERAL_OFFICE'] },
  { username: 'zb3', nickname: '总办会 陈三', roles: [ROLE_USER, 'GENERAL_OFFICE'] },
  { username: 'bs1', nickname: '保审会 周一', roles: [ROLE_USER, 'REVIEW_COMMITTEE'] },
  { username: 'bs2', nickname: '保审会 周二', roles: [ROLE_USER, 'REVIEW_COMMITTEE'] },
  { username: 'bs3', nickname: '保审会 周三', roles: [ROLE_USER, 'REVIEW_COMMITTEE'] },
  { username: 'leader', nickname: '领导 赵总', roles: [ROLE_USER, 'LEADER'] },
  { username: 'finance', nickname: '财务 孙丽', roles: [ROLE_USER, 'FINANCE'] },
];
