// Element-level permission gate.
export default {
  denied: '您没有执行此操作的权限',
};
