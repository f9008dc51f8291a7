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

/** The Chinese dictionary is the source of truth: the English one is typed against it. */
const zhCN = { common, http, auth, shell, tags, profile, dashboard, agreements, users, history, permissions, routes };
export default zhCN;
