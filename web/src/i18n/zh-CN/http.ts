// Messages of the one HTTP client (spec section 8).
export default {
  systemError: '系统出错',
  timeout: '请求超时，请稍后重试',
  networkError: '网络请求失败，请检查网络连接',
  sessionExpiredTitle: '提示',
  sessionExpired: '当前页面已失效，请重新登录',
  sessionExpiredConfirm: '确定',
};
