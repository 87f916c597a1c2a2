import type { DevicePortalCatalogue } from './en-us'

export const devicePortalZhCN: DevicePortalCatalogue = {
  devicePortal: {
    tab: '认证',
    intro: '连接开启认证的 SSID 的访客会看到门户页面，登录后才能上网。',
    none: '设备尚未上报任何 SSID。',
    ssid: '{{target}}：{{ssid}}',
    targets: { '2g': '2.4 GHz', '5g': '5 GHz', vap1: '虚拟 AP 1', vap2: '虚拟 AP 2', vap3: '虚拟 AP 3' },
    enabled: '认证',
    page: '门户页面',
    strategy: '策略',
    methods: '认证方式',
    methodNames: { click: '一键认证（接受条款）', member: '会员账号', sms: '短信验证码' },
    offline: '无法连接云端时',
    offlinePolicies: { open: '放行新访客', closed: '拒绝新访客' },
    choose: '请选择…',
    save: '保存',
    saved: '已保存：设备正在应用',
    noChoices: '请先在认证管理中添加门户页面和策略。',
    sync: { in_sync: '已同步', applying: '应用中', pending: '等待设备', failed: '失败' },
    roaming: '本项目的组漫游',
    roamingHint:
      '访客在项目内一台设备上认证后，在其他设备上无需再次认证。开启期间，项目内的认证设置不能修改。',
    roamingOn: '已开启组漫游',
    roamingOff: '已关闭组漫游',
    roamingLocked: '请关闭组漫游后再修改此认证',
    noProject: '设备不属于任何项目：组漫游不适用。',
  },
}
