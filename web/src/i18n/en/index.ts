import type zhCN from '../zh-CN';
import type { Translation } from '../types';
import agreements from './agreements';
import auth from './auth';
import common from './common';
import dashboard from './dashboard';
import history from './history';
import http from './http';
import permissions from './permissions';
import profile from './profile';
import routes from './routes';
import shell from './shell';
import tags from './tags';
import users from './users';

const en: Translation<typeof zhCN> = { common, http, auth, shell, tags, profile, dashboard, agreements, users, history, permissions, routes };
export default en;
