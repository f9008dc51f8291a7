/** Version 1 of the service agreement and the privacy policy, in both languages. */
export const FIRST_AGREEMENTS: { type: 'service' | 'privacy'; language: 'zh-CN' | 'en'; title: string; content: string }[] = [
  {
    type: 'service',
    language: 'zh-CN',
    title: '服务协议',
    content: [
      '一、本系统为担保公司内部业务管理平台，仅供经授权的员工使用。',
      '二、用户应妥善保管账号和密码，不得转借他人；因保管不善造成的损失由用户自行承担。',
      '三、用户在系统中的每一次操作均会被记录，并可用于审计与追溯。',
      '四、用户应按照岗位职责处理业务数据，不得越权操作、篡改或泄露业务资料。',
      '五、本协议如有更新，将在登录时提示用户重新阅读并同意。',
    ].join('\n'),
  },
  {
    type: 'service',
    language: 'en',
    title: 'Service agreement',
    content: [
      '1. This system is the internal business platform of the guarantee company, for authorised staff only.',
      '2. Keep your user name and password safe and never lend them to anyone; losses from careless keeping are your own.',
      '3. Every action you take in the system is recorded and may be used for audit and tracing.',
      '4. Handle business data only as your post requires; never act beyond your authority, alter or disclose business records.',
      '5. When this agreement changes you will be asked to read and accept it again at sign-in.',
    ].join('\n'),
  },
  {
    type: 'privacy',
    language: 'zh-CN',
    title: '隐私政策',
    content: [
      '一、我们收集的信息：账号信息（用户名、昵称、头像）、登录记录（时间、IP 地址、浏览器信息）以及您在系统中的操作记录。',
      '二、信息的用途：身份验证、权限控制、安全审计和业务追溯，不用于其他目的。',
      '三、信息的保存：密码仅以不可逆的加密形式保存；操作记录按公司档案管理制度保存。',
      '四、信息的共享：除法律法规要求外，不向公司以外的任何第三方提供。',
      '五、如对本政策有疑问，请联系系统管理员。',
    ].join('\n'),
  },
  {
    type: 'privacy',
    language: 'en',
    title: 'Privacy policy',
    content: [
      '1. What we collect: account details (user name, nickname, avatar), sign-in records (time, IP address, browser) and the actions you take in the system.',
      '2. Why: authentication, permission control, security audit and business tracing, and nothing else.',
      '3. How it is kept: passwords only as irreversible hashes; action records as the company archive rules require.',
      '4. Sharing: never with any third party outside the company, except where the law requires it.',
      '5. Questions about this policy go to the system administrator.',
    ].join('\n'),
  },
];
