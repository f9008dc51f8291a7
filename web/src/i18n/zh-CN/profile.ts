// Own account: avatar and password.
export default {
  avatar: {
    title: '修改头像',
    choose: '选择图片',
    hint: '支持 jpg、png、ico 格式，大小不超过 500 KB',
    current: '当前头像',
    preview: '新头像预览',
    wrongType: '头像只能是 jpg、png 或 ico 格式',
    tooLarge: '头像大小不能超过 500 KB',
    required: '请先选择图片',
    success: '头像已更新',
  },
  password: {
    title: '修改密码',
    old: '原密码',
    new: '新密码',
    confirm: '确认新密码',
    oldRequired: '请输入原密码',
    newRequired: '请输入新密码',
    confirmRequired: '请再次输入新密码',
    rule: '密码长度为8-16位，须包含数字、大写字母、小写字母和符号',
    mismatch: '两次输入的密码不一致',
    sameAsOld: '新密码不能与原密码相同',
    success: '密码已修改',
  },
};
