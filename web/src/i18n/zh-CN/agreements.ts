// Public agreement pages.
export default {
  privacy: '隐私政策',
  service: '服务协议',
  version: '版本 {{version}}',
  missing: '暂无协议内容',
  backToLogin: '返回登录',
};
